"""Messages the workers post back to the table. A worker never touches the game: it decides
from a snapshot (a `SeatView`) and posts the decision with the turn it was asked about, so a
result that arrives after the game moved on is recognised and dropped."""

from __future__ import annotations

from dataclasses import dataclass

from textual.message import Message

from ..engine.actions import Action


@dataclass(eq=False)
class AiDecided(Message):
    """An AI opponent chose `action` for turn `turn` after thinking `think_ms`."""

    turn: int
    seat: int
    action: Action
    think_ms: float


@dataclass(eq=False)
class AiFailed(Message):
    """An AI opponent raised instead of deciding: `error` says what, `details` is the
    traceback; the table logs and shows it, and plays on."""

    turn: int
    seat: int
    error: str
    details: str = ""
