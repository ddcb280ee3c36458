"""Automatic players, by level. Each decides from its seat's view only.

- `random`: any legal action (the floor).
- `easy` (`easy.py`): table habits, no counting.
- `normal` (`normal.py`): card counting in play; bids, the exchange, the raise and the concession
  from hand evaluation (`evaluate.py`) with Monte Carlo over the talon (`bidding.py`), aware of
  the match (barrel, target, samosval).
- `hard` (`hard.py`): the normal level's auction, plus search: deals sampled consistently with
  the seat's view (`knowledge.py`) and solved open-card (`solver.py`) for the card play, the
  exchange and the raise/concession. `HardPlayer(seed, time_budget=, samples=, node_budget=)`.

`make_player(level, seed)` builds one; `Player.decide(view)` returns one of `view.legal`.
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


def make_player(level: str, seed: int = 0) -> Player:
    try:
        factory = PLAYER_TYPES[level]
    except KeyError:
        raise ValueError(
            f"unknown AI level {level!r}; choose one of: {', '.join(PLAYER_TYPES)}"
        ) from None
    return factory(seed)


__all__ = ["EasyPlayer", "HardPlayer", "NormalPlayer", "Player", "levels", "make_player"]
