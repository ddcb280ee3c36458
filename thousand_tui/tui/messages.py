"""Messages the workers post back to the table. A worker never touches the game: it decides
from a snapshot (a `SeatView`) and posts the decision with the turn it was asked about, so a
result that arrives after the game moved on is recognised and dropped."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from textual.message import Message

from ..engine.actions import Action

if TYPE_CHECKING:
    from ..ai.analysis import Advice, DealAnalysis
    from ..ratings import Rating


@dataclass(eq=False)
class AiDecided(Message):
    """An AI opponent chose `action` for turn `turn` after thinking `think_ms`."""

    turn: int
    seat: int
    action: Action
    think_ms: float


@dataclass(eq=False)
class HintReady(Message):
    """What `hard` would do at the human's decision of turn `turn`."""

    turn: int
    advice: Advice


@dataclass(eq=False)
class DealAnalysed(Message):
    """The analysis of finished deal `number` for the human's seat (None: it could not be made)."""

    number: int
    analysis: DealAnalysis | None


@dataclass(eq=False)
class AnalysisFailed(Message):
    """The analysis of finished deal `number` failed with `error` (the worker's traceback)."""

    number: int
    error: str


@dataclass(eq=False)
class AnalysisDropped(Message):
    """Finished deal `number` was not analysed: the queue was full of later deals (it is
    analysed again when it is asked for)."""

    number: int


@dataclass(eq=False)
class StatsRead(Message):
    """The statistics of the saved games, in lines to show."""

    lines: list[str]


@dataclass(eq=False)
class RatingRead(Message):
    """The player's rating over the club's games, for the start screen (None: none yet)."""

    rating: Rating | None
