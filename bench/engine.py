"""Engine throughput: complete random deals per second on one core.

Each deal runs the auction, the talon and exchange, the eight tricks and the scoring, with
every decision a uniformly random legal action. `--views` also builds the mover's seat view
for every decision and chooses from its legal actions, as `simulate` and the AI players do.
Each figure is the median of `--runs` runs, in processor seconds of this process (one
core), so that other work on the machine changes it little.
Run: `python bench/engine.py [--deals N]`.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from thousand_tui.engine.game import Game
from thousand_tui.presets import load_preset
from thousand_tui.progress import progress


def run(preset: str, deals: int, seed: int, views: bool = False) -> tuple[int, int, float]:
    rules = load_preset(preset).rules
    done = decisions = 0
    started = time.process_time()
    game_seed = seed
    while done < deals:
        game = Game(rules, game_seed)
        rng = random.Random(game_seed)
        game_seed += 1
        # Random players rarely finish a game; cap each one so many seats are dealt.
        while not game.over and len(game.results) < 50 and done + len(game.results) < deals:
            seat = game.to_move
            assert seat is not None
            legal = game.view(seat).legal if views else game.legal_actions(seat)
            game.apply(rng.choice(legal))
            decisions += 1
        done += len(game.results)
    return done, decisions, time.process_time() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=5000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--runs", type=int, default=5, help="runs per figure; the median is shown")
    parser.add_argument("--preset", action="append", help="preset(s) to measure (classic)")
    parser.add_argument(
        "--views", action="store_true", help="also measure with a seat view for every decision"
    )
    args = parser.parse_args()
    modes = [False, True] if args.views else [False]
    presets = args.preset or ["classic", "online-site", "family"]
    for preset in presets:
        for views in modes:
            with progress(preset, args.runs) as advance:
                runs = []
                for _ in range(args.runs):
                    runs.append(run(preset, args.deals, args.seed, views))
                    advance(1)
            seconds = statistics.median(r[2] for r in runs)
            deals, decisions = runs[0][0], runs[0][1]
            label = f"{preset} (views)" if views else preset
            print(
                f"{label:<20} {deals} deals in {seconds:.2f} s of processor time: "
                f"{deals / seconds:,.0f} deals/s, "
                f"{decisions / seconds:,.0f} decisions/s (median of {args.runs})"
            )


if __name__ == "__main__":
    main()
