"""Automatic players, by level. Each decides from its seat's view only."""

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


def make_player(level: str, seed: int = 0) -> Player:
    try:
        factory = PLAYER_TYPES[level]
    except KeyError:
        raise ValueError(
            f"unknown AI level {level!r}; choose one of: {', '.join(PLAYER_TYPES)}"
        ) from None
    return factory(seed)


__all__ = ["Player", "levels", "make_player"]
