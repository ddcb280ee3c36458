"""What makes a table local or shared: its driver. The table screen (`screens/table.py`) is
the same for both; it asks its driver for the game and hands it what differs: how the game
begins, where a decision goes, who decides for the other seats, how the game ends.

A driver is a `TableDriver` (a protocol). It is given its table when the screen is made (a
`TableLink`): the table's `TableController`, which it tells what happened, and the screen as a
message pump, to which it posts what to show (`TableTold`, `TableStale`); it never calls the
screen. The screen calls the driver with the player's commands (`act`, `take_back`, `hurry`...)
and shows what they return.

`LocalDriver` (`local_driver.py`) plays a game here (a `Session`: the engine's `Game`, its
record, the AI players, a card taken back); a shared table's driver (`shared/remote_table.py`)
sends decisions to the table service and shows what comes back.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Protocol

from textual.message import Message

if TYPE_CHECKING:
    from rich.text import Text
    from textual.message_pump import MessagePump
    from textual.widget import Widget

    from ..engine.actions import Action
    from ..engine.view import SeatView
    from ..presets import Preset
    from .app import ThousandApp
    from .controller import TableController
    from .i18n import Translator
    from .messages import AiDecided
    from .render import Palette
    from .session import Session
    from .table_game import TableGame


class Pull(Message):
    """Messages wait for the table in its driver's inbox (a shared table's, from its
    service): the screen hands them to the driver (`TableDriver.pull`)."""


@dataclass(frozen=True)
class TableLink:
    """What a driver is given of its table when the screen is made: the controller it tells
    what happened, the screen as the pump its messages go to, the table's words and colours,
    and the app (its settings, its notes, the pages a driver opens)."""

    controller: TableController
    target: MessagePump
    app: ThousandApp
    t: Translator
    p: Palette


class Linked:
    """What every driver does with its table's `TableLink`: keeps it from `attach`, and
    posts the table its messages."""

    _link: TableLink | None = None

    def attach(self, link: TableLink) -> None:
        self._link = link

    @property
    def link(self) -> TableLink:
        if self._link is None:
            raise LookupError("the driver has no table yet")
        return self._link

    @property
    def controller(self) -> TableController:
        return self.link.controller

    def post(self, message: Message) -> None:
        """To the table: handled in its turn with what else waits there."""
        self.link.target.post_message(message)


@dataclass(frozen=True)
class Opening:
    """How the table begins (`TableDriver.begin`): the lines for its log; `first_move`, the
    seconds after which the table asks the first move (None: the driver goes on by itself);
    `ticks`, whether the table asks the driver once a second whether to draw itself again (a
    countdown); `then`, what the driver does once the table is drawn."""

    lines: list[str | Text] = field(default_factory=list)
    first_move: float | None = None
    ticks: bool = False
    then: Callable[[], None] | None = None


@dataclass(frozen=True)
class TakenBack:
    """Cards taken back (`TableDriver.take_back`): the lines that say which, and whether the
    game stopped being rated by it."""

    lines: list[str]
    unrated: bool


class TableDriver(Protocol):
    """The part of a table that is not the screen. Attached to its screen when the screen is
    made (`attach`); each method is asked by the screen at the moment it names."""

    @property
    def game(self) -> TableGame: ...

    @property
    def preset(self) -> Preset: ...

    @property
    def session(self) -> Session | None:
        """The game played here, with its record and AI players (None at a shared table):
        what the analysis of deals and the statistics need."""
        ...

    @property
    def seed(self) -> int:
        """The game's seed, from which a hint's search draws its deals."""
        ...

    @property
    def think(self) -> float | None:
        """`hard`'s seconds per card, for a hint's search (None: its default)."""
        ...

    def attach(self, link: TableLink) -> None:
        """The table this driver drives, given when its screen is made."""
        ...

    def begin(self) -> Opening:
        """The table is on the screen: how the game begins."""
        ...

    def ready(self) -> bool:
        """Whether the table may go on now (False: it is closing, or waiting)."""
        ...

    def act(self, action: Action) -> list[str] | None:
        """Carry out the player's decision: the lines it tells, or None if it was not taken
        (the driver said why)."""
        ...

    def compose(self) -> Iterable[Widget]:
        """What this table keeps beside the screen's widgets (widgets that show nothing)."""
        ...

    def start_ai(self, seat: int) -> None:
        """`seat` is to move and is not this table's: have it decided."""
        ...

    def decided(self, message: AiDecided, pace: float) -> None:
        """An AI player's answer came to the table (`start_ai` had it asked): applied once
        the last move has been on the screen for `pace` seconds."""
        ...

    def hurry(self) -> None:
        """The player skips ahead: a move waiting for the pace is made now."""
        ...

    def game_over(self) -> None:
        """The game is over and the table shown: what comes next."""
        ...

    def hints_on(self) -> bool:
        """Whether the hint key works at this table."""
        ...

    def no_take_back(self) -> str | None:
        """Why no card may be taken back at this table (the key of the note `u` shows), or
        None where cards may be."""
        ...

    def can_take_back(self) -> bool:
        """Whether there is a card to take back now (where cards may be)."""
        ...

    def take_back(self) -> TakenBack | str:
        """Take back the player's last card of this deal, and the opponents' after it: what
        was taken back, or the key of the note that says why nothing was."""
        ...

    def tick(self) -> bool:
        """Once a second, where `Opening.ticks`: whether the table is to be drawn again."""
        ...

    def seat_idle(self, seat: int) -> bool:
        """Whether nobody decides for `seat` now, though it is to move (a person away)."""
        ...

    def seat_subtitle(self, seat: int, subtitle: str) -> str:
        """The line under an opponent's panel (his score and level)."""
        ...

    def hand_hidden_words(self, view: SeatView) -> str | None:
        """What the bottom panel says where no hand is shown there; None: the seat's own
        cards are face down (a watcher's words are other)."""
        ...

    def top_line(self, line: str, width: int) -> str:
        """The header the table shows, made of the deal's `line`, in `width` cells."""
        ...

    def prompt_line(self, prompt: str) -> str:
        """The prompt the table shows in place of its own `prompt` (what this table says
        besides)."""
        ...

    def pull(self) -> None:
        """Messages wait for the table (a shared table's inbox)."""
        ...

    def chats(self) -> bool | None:
        """Whether the people at this table can write to one another (a shared table); None:
        not now (the key greyed)."""
        ...

    def chat(self) -> None:
        """Open the line to write to the table (where `chats`)."""
        ...


__all__ = ["Linked", "Opening", "Pull", "TableDriver", "TableLink", "TakenBack"]
