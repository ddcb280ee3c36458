"""Headless games between automatic players (`thousand simulate`, benchmarks, tests)."""

from __future__ import annotations

import time
from collections.abc import Iterator
from dataclasses import dataclass, field, replace

from .ai import make_player, seat_seed
from .engine.game import Game, PlayerInfo, Sink
from .engine.rules import Rules

AI_NAMES = ("Anna", "Boris", "Vera", "Gleb")


@dataclass
class GameStats:
    deals: int = 0
    decisions: int = 0
    seconds: float = 0.0
    finished: bool = False
    winner: int | None = None
    points: list[int] = field(default_factory=list)


def play_game(
    rules: Rules,
    seed: int,
    levels: list[str],
    preset: str = "classic",
    sink: Sink | None = None,
    max_deals: int = 1000,
    think: float | None = None,
) -> tuple[Game, GameStats]:
    """One whole game between automatic players; stops unfinished after `max_deals` deals.
    `think` is `hard`'s time per card in seconds."""
    players = [
        make_player(level, seat_seed(seed, seat), think) for seat, level in enumerate(levels)
    ]
    info = [PlayerInfo(AI_NAMES[s], "ai", level) for s, level in enumerate(levels)]
    game = Game(rules, seed, info, preset=preset, sink=sink)
    stats = GameStats()
    started = time.perf_counter()
    while not game.over and len(game.results) < max_deals:
        seat = game.to_move
        assert seat is not None
        view = game.view(seat)
        t0 = time.perf_counter()
        action = players[seat].decide(view)
        think = (time.perf_counter() - t0) * 1000
        game.apply(replace(action, think_ms=think))
        stats.decisions += 1
    stats.seconds = time.perf_counter() - started
    stats.deals = len(game.results)
    stats.finished = game.over
    stats.winner = game.winner
    return game, stats


@dataclass
class Played:
    """What `simulate` keeps of one game: its record lines, its figures and the deltas."""

    lines: list[dict[str, object]]
    stats: GameStats
    deltas: list[list[int]]


def play_one(args: tuple[Rules, int, list[str], str, int, float | None]) -> Played:
    """One game for a worker process of `simulate --jobs`."""
    rules, seed, levels, preset, max_deals, think = args
    game, stats = play_game(rules, seed, levels, preset, max_deals=max_deals, think=think)
    return Played(game.lines, stats, [r.deltas for r in game.results])


def play_games(
    rules: Rules,
    seeds: range,
    levels: list[str],
    preset: str,
    max_deals: int,
    think: float | None,
    jobs: int,
) -> Iterator[Played]:
    """The games of `seeds` in order, played `jobs` at a time in worker processes."""
    work = [(rules, seed, levels, preset, max_deals, think) for seed in seeds]
    if jobs <= 1:
        yield from map(play_one, work)
        return
    from concurrent.futures import ProcessPoolExecutor

    with ProcessPoolExecutor(jobs) as pool:
        yield from pool.map(play_one, work)
