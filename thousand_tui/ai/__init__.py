"""Automatic players, by level. Each decides from its seat's view only.

- `random`: any legal action (the floor).
- `easy` (`easy.py`): table habits, no counting.
- `normal` (`normal.py`): card counting in play, and before each card a small open-card search
  over six deals sampled from what it knows; the auction, the exchange, the raise and the
  concession by expected value (`bidding.py`) with the hand model (`handmodel.py`) over sampled
  talons, aware of the match (barrel, target, samosval).
- `hard` (`hard.py`): the same evaluation with talons drawn from what the seat knows, plus
  search: deals sampled consistently with the seat's view (`knowledge.py`) and solved open-card
  (`solver.py`) for the card play, the exchange and the raise/concession, side by side in worker
  processes (`pool.py`). `HardPlayer(seed, time_budget=, samples=, node_budget=, jobs=)`.

`analysis.py` puts `hard` at the player's service: a hint at any decision, the cost of each
decision of a finished deal and the deal's open-card result (from a seat's view only, but for
that last figure).

`make_player(level, seed, think=, jobs=)` builds one; `Player.decide(view)` returns one of
`view.legal`; `seat_seed(game_seed, seat)` is the seed of a game's automatic player.
"""

from __future__ import annotations

from collections.abc import Callable

from .base import Player
from .easy import EasyPlayer
from .hard import HardPlayer
from .normal import NormalPlayer
from .random_player import RandomPlayer

PLAYER_TYPES: dict[str, Callable[[int], Player]] = {
    "random": RandomPlayer,
    "easy": EasyPlayer,
    "normal": NormalPlayer,
    "hard": HardPlayer,
}


def levels() -> list[str]:
    return list(PLAYER_TYPES)


def check_level(level: str) -> str:
    """The level, or a ValueError that names the levels there are."""
    if level not in PLAYER_TYPES:
        raise ValueError(f"unknown AI level {level!r}; choose one of: {', '.join(PLAYER_TYPES)}")
    return level


def make_player(level: str, seed: int = 0, think: float | None = None, jobs: int = 1) -> Player:
    """A player of `level`. `think` is `hard`'s time per card in seconds (default 0.25) and
    `jobs` the worker processes it may search with; the other levels need neither."""
    factory = PLAYER_TYPES[check_level(level)]
    if factory is HardPlayer:
        return HardPlayer(seed, time_budget=think, jobs=jobs)
    return factory(seed)


def seat_seed(game_seed: int, seat: int) -> int:
    """The seed of the automatic player at `seat` in a game of seed `game_seed`."""
    return game_seed * 31 + seat


__all__ = [
    "EasyPlayer",
    "HardPlayer",
    "NormalPlayer",
    "Player",
    "check_level",
    "levels",
    "make_player",
    "seat_seed",
]
