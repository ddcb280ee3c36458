"""The player interface: every opponent decides from its seat's view only."""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from typing import ClassVar

from ..engine.actions import Action
from ..engine.view import SeatView


class Player(ABC):
    """An automatic player. `decide` gets a `SeatView` (never the whole deal) and returns one
    of `view.legal`."""

    level: ClassVar[str]

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self.rng = random.Random(seed)

    @abstractmethod
    def decide(self, view: SeatView) -> Action: ...

    def reseed(self, seed: int) -> None:
        """Deterministic decisions for a given game position (used by replayable matches)."""
        self.seed = seed
        self.rng = random.Random(seed)
