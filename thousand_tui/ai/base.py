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

    def view_rng(self, view: SeatView, salt: int = 0) -> random.Random:
        """A generator seeded by the player's seed and what the seat sees (never anything
        hidden), so the same view always gives the same decision."""
        h = self.seed * 1_000_003 + view.deal_number * 7919 + salt
        for c in sorted(view.hand or ()):
            h = h * 31 + c.index
        h = h * 131 + len(view.played_cards)
        h = h * 17 + len(view.bids)
        return random.Random(h)

    def reseed(self, seed: int) -> None:
        """Deterministic decisions for a given game position (used by replayable matches)."""
        self.seed = seed
        self.rng = random.Random(seed)
