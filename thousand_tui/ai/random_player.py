"""A uniformly random legal action: the floor every other level must beat."""

from __future__ import annotations

from ..engine.actions import Action
from ..engine.view import SeatView
from .base import Player


class RandomPlayer(Player):
    level = "random"

    def decide(self, view: SeatView) -> Action:
        return self.rng.choice(view.legal)
