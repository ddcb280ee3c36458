"""Headless games between automatic players (`thousand simulate`, benchmarks, tests)."""

from __future__ import annotations

import time
from dataclasses import dataclass, field, replace

from .ai import make_player
from .engine.game import Game, PlayerInfo, Sink
from .engine.rules import Rules

AI_NAMES = ("Anna", "Boris", "Vera", "Gleb")


def parse_levels(text: str, players: int) -> list[str]:
    """`easy,hard` → one level per seat; a single level is used for every seat."""
    levels = [part.strip() for part in text.split(",") if part.strip()]
    if len(levels) == 1:
        levels *= players
    if len(levels) != players:
        raise ValueError(f"--ai needs one level or {players} levels (one per seat), got {text!r}")
    return levels


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
) -> tuple[Game, GameStats]:
    """One whole game between automatic players; stops unfinished after `max_deals` deals."""
    players = [make_player(level, seed * 31 + seat) for seat, level in enumerate(levels)]
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
