"""How long the analysis of a whole game takes (`thousand analyze`): a game of `--deals`
deals (40 by default) between `normal` players, analysed for one seat in `--jobs` worker
processes. Goal on a 2-core machine: under a minute for 40 deals. Prints the wall time and
the workers' CPU time (what it takes on free cores, whatever else the machine runs).

    python bench/analyze.py --deals 40 --jobs 2 [--move-deals 6]
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import time

from thousand_tui.ai import make_player
from thousand_tui.ai.analysis import DEEP_SAMPLES, analyze_game
from thousand_tui.ai.hard import Budget, HardPlayer
from thousand_tui.ai.pool import shutdown
from thousand_tui.ai.worlds import Answer, MakeTask, move_of
from thousand_tui.engine.actions import Act
from thousand_tui.engine.game import Game, PlayerInfo
from thousand_tui.engine.record import RecordedGame, decisions
from thousand_tui.presets import load_preset


def played_game(deals: int, seed: int, preset: str) -> tuple[int, RecordedGame]:
    """The first game from `seed` on, of `preset` between `normal` players, that lasts
    `deals` settled deals, cut there; with its seed."""
    while True:
        recorded = game_of(deals, seed, preset)
        if sum(1 for line in recorded.lines if line["type"] == "result") >= deals:
            return seed, recorded
        seed += 1


def game_of(deals: int, seed: int, preset: str) -> RecordedGame:
    rules = load_preset(preset).rules
    players = [PlayerInfo("You", "human")] + [
        PlayerInfo(f"AI {s}", "ai", "normal") for s in range(1, rules.players)
    ]
    game = Game(rules, seed, players, preset=preset)
    ais = [make_player("normal", seed * 7 + s) for s in range(rules.players)]
    while not game.over and len(game.results) < deals:
        seat = game.to_move
        assert seat is not None
        game.apply(ais[seat].decide(game.view(seat)))
    lines = game.lines
    # Cut the record after the last result line: the analysis reads finished deals only.
    last = max(i for i, line in enumerate(lines) if line["type"] == "result")
    return RecordedGame(lines[: last + 1])


class CountingPlayer(HardPlayer):
    """`hard` at the table's budget, counting the sampled deals each search solves."""

    counts: list[int]

    def searched(self, budget: Budget, make: MakeTask) -> list[tuple[int, Answer]]:
        answers = super().searched(budget, make)
        self.counts.append(len(answers))
        return answers


def move_samples(recorded: RecordedGame, deals: int, jobs: int) -> list[int]:
    """How many sampled deals a `hard` move (0.25 s) solves for each card of the first
    `deals` deals that offers a choice, in `jobs` worker processes."""
    player = CountingPlayer(5, jobs=jobs)
    player.counts = []
    for game, _ in decisions(recorded):
        if game.deal.number > deals:
            break
        view = game.view(game.to_move or 0)
        moves = list({move_of(a) for a in view.legal if a.act is Act.PLAY})
        if len(moves) > 1 and view.declarer is not None:
            player.search_play(view, moves)
    shutdown()
    return sorted(player.counts)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=40)
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--seat", type=int, default=0)
    parser.add_argument("--preset", default="classic")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument(
        "--move-deals",
        type=int,
        default=0,
        help="also count the sampled deals a hard move solves per card, over this many deals",
    )
    options = parser.parse_args()
    seed, recorded = played_game(options.deals, options.seed, options.preset)
    settled = sum(1 for line in recorded.lines if line["type"] == "result")
    started = time.perf_counter()
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    analyses = analyze_game(recorded, options.seat, jobs=options.jobs)
    seconds = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)
    decisions = sum(len(a.decisions) for a in analyses)
    costly = sum(len(a.costly()) for a in analyses)
    load = os.getloadavg()[0]
    print(
        f"{options.preset}, seed {seed}: {settled} deals ({len(analyses)} analysed), "
        f"seat {options.seat}: {decisions} decisions, {costly} costly"
    )
    print(
        f"analysis: {seconds:.1f} s with {options.jobs} jobs ({seconds / len(analyses):.2f} s a "
        f"deal); load average {load:.1f} on {os.cpu_count()} cores"
    )
    # On a busy machine the wall time says little: the workers' own CPU time, shared out
    # over the jobs, is what the analysis takes with that many free cores.
    print(f"worker CPU time: {cpu:.1f} s, {cpu / options.jobs:.1f} s on {options.jobs} free cores")
    if options.move_deals:
        counts = move_samples(recorded, options.move_deals, options.jobs)
        print(
            f"a hard move (0.25 s, {options.jobs} jobs), sampled deals per card: median "
            f"{statistics.median(counts):.0f}, fewest {counts[0]} ({len(counts)} cards); "
            f"the analysis searches a decision again with {DEEP_SAMPLES}"
        )


if __name__ == "__main__":
    main()
