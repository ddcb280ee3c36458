"""Messages the workers and the table's driver post back to the table. A worker never touches
the game: it decides from a snapshot (a `SeatView`) and posts the decision with the turn it was
asked about, so a result that arrives after the game moved on is recognised and dropped. A
driver never touches the screen: it tells the table's controller what happened and posts the
screen what to show (`TableTold`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from textual.message import Message

from ..engine.actions import Action

if TYPE_CHECKING:
    from rich.text import Text

    from ..ai.analysis import Advice, DealAnalysis
    from ..ratings import Rating
    from .shared.connection import SharedSession


@dataclass(eq=False)
class AiDecided(Message):
    """An AI opponent chose `action` for turn `turn` after thinking `think_ms`."""

    turn: int
    seat: int
    action: Action
    think_ms: float


@dataclass(eq=False)
class TableTold(Message):
    """From the table's driver: `lines` for the log (a chat line is a `Text`, shown as it is),
    told once what the controller was told is on the table; with `go_on`, the table then asks
    whoever is to move."""

    lines: list[str | Text]
    go_on: bool = False


@dataclass(eq=False)
class TableStale(Message):
    """From the table's driver: what the table shows is to be made again (a countdown, a seat
    come or gone)."""


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


@dataclass(eq=False)
class SeatFound(Message):
    """From the app's worker: the seat taken at the shared table chosen on the start screen, or
    why it could not be (`error`, in the player's language)."""

    shared: SharedSession | None
    error: str = ""
