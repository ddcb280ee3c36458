"""Decision latency per AI level: median, p95 and max seconds per kind of decision.

Plays deals of the classic preset with every seat at the level measured, times each decision
that offers a choice, and groups them: bid (auction, dark, redeal), exchange (talon, give,
raise, concede), play (cards). Goals on a 2-core machine: hard median ≤ 0.3 s and p95 ≤ 1.0 s,
normal median ≤ 5 ms. `hard` searches in worker processes on every core, as at the
table (`--jobs`); `--think` sets its time per card. With `THOUSAND_SEARCH_SERVICE` naming
an absolute folder, `hard` searches on a search service there, as a hosted game does.

    python bench/ai_latency.py --levels easy,normal,hard --deals 12
    python bench/ai_latency.py --levels hard,hard@auction_reads=True --deals 12  # a setting
    THOUSAND_SEARCH_SERVICE=/tmp/search python bench/ai_latency.py --levels hard
"""

from __future__ import annotations

import argparse
import statistics
import time

from thousand_tui.ai import make_player, seat_seed
from thousand_tui.ai.base import Player
from thousand_tui.ai.pool import default_jobs
from thousand_tui.ai.search_service import game_pool
from thousand_tui.engine.actions import Act
from thousand_tui.engine.game import Game
from thousand_tui.presets import load_preset

CATEGORY = {
    Act.BID: "bid",
    Act.PASS: "bid",
    Act.DARK: "bid",
    Act.DARK_DECLINE: "bid",
    Act.DARK_CANCEL: "bid",
    Act.DARK_CANCEL_DECLINE: "bid",
    Act.REDEAL: "bid",
    Act.REDEAL_DECLINE: "bid",
    Act.TAKE_TALON: "exchange",
    Act.GIVE: "exchange",
    Act.DISCARD: "exchange",
    Act.RAISE: "exchange",
    Act.CONCEDE: "exchange",
    Act.BAPTISM: "exchange",
    Act.PLAY: "play",
}


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))
    return ordered[index]


def with_settings(player: Player, settings: str) -> Player:
    """The player with `name=value,…` set on it (`hard@auction_reads=True`)."""
    for setting in filter(None, settings.split(",")):
        key, _, value = setting.partition("=")
        if not hasattr(player, key):
            raise SystemExit(f"{player.level} has no setting {key!r}: give name=value")
        kind = type(getattr(player, key))
        setattr(player, key, value == "True" if kind is bool else kind(value))
    return player


def measure(
    level: str, deals: int, preset: str, seed: int, think: float | None, jobs: int
) -> dict[str, list[float]]:
    rules = load_preset(preset).rules
    name, _, settings = level.partition("@")
    times: dict[str, list[float]] = {"bid": [], "exchange": [], "play": []}
    played = 0
    game_seed = seed
    while played < deals:
        game = Game(rules, game_seed)
        players = [
            with_settings(make_player(name, seat_seed(game_seed, s), think, jobs), settings)
            for s in range(rules.players)
        ]
        while not game.over and played < deals:
            seat = game.to_move
            assert seat is not None
            view = game.view(seat)
            t0 = time.perf_counter()
            action = players[seat].decide(view)
            spent = time.perf_counter() - t0
            if len(view.legal) > 1:
                times[CATEGORY[action.act]].append(spent)
            before = len(game.results)
            game.apply(action)
            played += len(game.results) - before
        game_seed += 1
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--levels", default="easy,normal,hard")
    parser.add_argument("--deals", type=int, default=12)
    parser.add_argument("--preset", default="classic")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--think", type=float, help="hard's seconds per card (0.25)")
    parser.add_argument(
        "--jobs", type=int, default=default_jobs(), help="hard's worker processes (every core)"
    )
    args = parser.parse_args()
    if args.jobs > 1:
        game_pool(args.jobs).warm_up()
    print(
        f"AI decision latency, preset {args.preset}, {args.deals} deals per level, "
        f"hard with {args.jobs} worker processes (seconds)"
    )
    width = max(8, *(len(level) + 2 for level in args.levels.split(",")))
    print(f"{'level':<{width}}{'kind':<10}{'n':>6}{'median':>10}{'p95':>10}{'max':>10}")
    for level in args.levels.split(","):
        times = measure(level, args.deals, args.preset, args.seed, args.think, args.jobs)
        every: list[float] = []
        for kind, values in times.items():
            every += values
            if not values:
                continue
            print(
                f"{level:<{width}}{kind:<10}{len(values):>6}{statistics.median(values):>10.4f}"
                f"{percentile(values, 0.95):>10.4f}{max(values):>10.4f}"
            )
        if every:
            print(
                f"{level:<{width}}{'all':<10}{len(every):>6}{statistics.median(every):>10.4f}"
                f"{percentile(every, 0.95):>10.4f}{max(every):>10.4f}"
            )


if __name__ == "__main__":
    main()
