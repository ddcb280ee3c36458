"""Engine throughput: complete random deals per second on one core.

Each deal runs the auction, the talon and exchange, the eight tricks and the scoring, with
every decision a uniformly random legal action. Run: `python bench/engine.py [--deals N]`.
"""

from __future__ import annotations

import argparse
import random
import time

from thousand_tui.engine.game import Game
from thousand_tui.presets import load_preset


def run(preset: str, deals: int, seed: int) -> tuple[int, int, float]:
    rules = load_preset(preset).rules
    done = decisions = 0
    started = time.perf_counter()
    game_seed = seed
    while done < deals:
        game = Game(rules, game_seed)
        rng = random.Random(game_seed)
        game_seed += 1
        # Random players rarely finish a game; cap each one so many seeds are dealt.
        while not game.over and len(game.results) < 50 and done + len(game.results) < deals:
            seat = game.to_move
            assert seat is not None
            game.apply(rng.choice(game.legal_actions(seat)))
            decisions += 1
        done += len(game.results)
    return done, decisions, time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=5000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--preset", action="append", help="preset(s) to measure (classic)")
    args = parser.parse_args()
    for preset in args.preset or ["classic", "online-site", "family"]:
        deals, decisions, seconds = run(preset, args.deals, args.seed)
        print(
            f"{preset:<12} {deals} deals in {seconds:.2f} s: {deals / seconds:,.0f} deals/s, "
            f"{decisions / seconds:,.0f} decisions/s"
        )


if __name__ == "__main__":
    main()
