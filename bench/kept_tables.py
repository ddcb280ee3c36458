"""What the transposition tables a search process keeps between tasks are worth, and what
they cost: the tasks `hard` hands to its search over the first deals of a game (`--deals`,
family rules, `--samples` sampled deals per decision) are solved again in order with the
tables kept under several bounds (`worlds.KEPT_ENTRIES`), and with fresh tables for every
task. Prints the solver's nodes (exact, whatever the machine's load) and the most entries
kept at once under each bound.

    python bench/kept_tables.py
    python bench/kept_tables.py --deals 8 --bounds 10000,20000,100000
"""

from __future__ import annotations

import argparse
from collections.abc import Iterable, Iterator
from dataclasses import replace

from thousand_tui.ai import worlds
from thousand_tui.ai.hard import HardPlayer
from thousand_tui.ai.pool import SearchPool
from thousand_tui.ai.worlds import Answer, Task
from thousand_tui.engine.game import Game, PlayerInfo
from thousand_tui.presets import load_preset


def tasks_of_a_game(deals: int, samples: int, seed: int) -> list[Task]:
    """The tasks of `deals` deals between three `hard` players, in the order asked."""
    asked: list[Task] = []
    run = worlds.run

    def recording(
        tasks: Iterable[Task], pool: SearchPool | None = None, tables: worlds.Tables | None = None
    ) -> Iterator[Answer]:
        for task in tasks:
            asked.append(task)
            yield worlds.solve(task, {})

    worlds.run = recording
    try:
        players = [HardPlayer(seat, samples=samples) for seat in range(3)]
        names = [PlayerInfo(name, "ai", "hard") for name in ("Anna", "Boris", "Vera")]
        game = Game(load_preset("family").rules, seed, names, preset="family")
        while not game.over and len(game.results) < deals:
            seat = game.to_move
            assert seat is not None
            game.apply(players[seat].decide(game.view(seat)))
    finally:
        worlds.run = run
    return asked


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=4)
    parser.add_argument("--samples", type=int, default=12)
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--bounds", default="10000,20000,40000,100000,1000000000")
    options = parser.parse_args()
    tasks = [
        replace(task, node_limit=None, seconds=None)
        for task in tasks_of_a_game(options.deals, options.samples, options.seed)
    ]
    print(f"{len(tasks)} tasks of {options.deals} deals")
    fresh = sum(worlds.solve(task, {}).nodes for task in tasks)
    print(f"{'fresh tables':>22}: {fresh:>10,} nodes")
    for bound in (int(b) for b in options.bounds.split(",")):
        worlds.KEPT_ENTRIES = bound
        kept: worlds.Tables = {}
        nodes = most = 0
        for task in tasks:
            nodes += worlds.solve(task, kept).nodes
            most = max(most, worlds.kept_entries(kept))
        saved = 100 * (fresh - nodes) / fresh
        print(
            f"kept, bound {bound:>9,}: {nodes:>10,} nodes ({saved:4.1f}% fewer),"
            f" {most:,} kept at most"
        )


if __name__ == "__main__":
    main()
