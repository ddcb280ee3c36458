"""What makes a table local or shared: its driver. The table screen (`screens/table.py`) is
the same for both; it asks its driver for the game and hands it what differs: how the game
begins, where a decision goes, who decides for the other seats, how the game ends.

`LocalDriver` plays a game here (a `Session`: the engine's `Game`, its record, the AI
players); a shared table's driver (`shared/driver.py`) sends decisions to the table service
and shows what comes back.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, ClassVar

from textual.message import Message

from ..store.catalog import public_text
from ..translations import Said, say
from .widgets.opponents import Opponents

if TYPE_CHECKING:
    from textual.widget import Widget

    from ..engine.actions import Action
    from ..engine.game import Game
    from ..presets import Preset
    from .messages import AiDecided
    from .screens.table import TableScreen
    from .session import Session
    from .table_game import TableGame


FIRST_MOVE = 0.05  # seconds after the table opens


class Pull(Message):
    """Messages wait for the table in its driver's inbox (a shared table's, from its
    service): the screen hands them to the driver (`TableDriver.pull`)."""


class TableDriver:
    """The part of a table that is not the screen. Attached to its screen when the screen is
    made (`attach`); each method is asked by the screen at the moment it names."""

    # Whether a card may be taken back at this table (with `--take-back`, against the AI),
    # and where it may not, the key of the note `u` shows.
    TAKE_BACK: ClassVar[bool] = False
    NO_TAKE_BACK: ClassVar[str] = "takeback_off_shared"

    _screen: TableScreen | None = None

    def attach(self, screen: TableScreen) -> None:
        self._screen = screen

    @property
    def screen(self) -> TableScreen:
        if self._screen is None:
            raise LookupError("the driver has no table screen yet")
        return self._screen

    @property
    def game(self) -> TableGame:
        raise NotImplementedError

    @property
    def preset(self) -> Preset:
        raise NotImplementedError

    @property
    def session(self) -> Session | None:
        """The game played here, with its record and AI players (None at a shared table):
        what a card taken back, the analysis of deals and the statistics need."""
        return None

    @property
    def seed(self) -> int:
        """The game's seed, from which a hint's search draws its deals."""
        return 0

    @property
    def think(self) -> float | None:
        """`hard`'s seconds per card, for a hint's search (None: its default)."""
        return None

    def begin(self) -> None:
        """The table is on the screen: tell how the game begins and go on."""
        raise NotImplementedError

    def ready(self) -> bool:
        """Whether the table may go on now (False: it is closing, or waiting)."""
        return True

    def act(self, action: Action) -> bool:
        """Carry out one decision; False if it was not taken."""
        raise NotImplementedError

    def compose(self) -> Iterable[Widget]:
        """What this table keeps beside the screen's widgets (widgets that show nothing)."""
        return ()

    def start_ai(self, seat: int) -> None:
        """`seat` is to move and is not this table's: have it decided."""

    def decided(self, message: AiDecided) -> None:
        """An AI player's answer came to the table (`start_ai` had it asked)."""

    def hurry(self) -> None:
        """The player skips ahead: a move waiting for the pace is made now."""

    def forget(self) -> None:
        """The game was rebuilt (a card taken back): what was being decided was for the old
        one."""

    def game_over(self) -> None:
        """The game is over and the table shown: what comes next."""
        raise NotImplementedError

    def hints_on(self) -> bool:
        """Whether the hint key works at this table."""
        return False

    def seat_idle(self, seat: int) -> bool:
        """Whether nobody decides for `seat` now, though it is to move (a person away)."""
        return False

    def seat_subtitle(self, seat: int, subtitle: str) -> str:
        """The line under an opponent's panel (his score and level)."""
        return subtitle

    def top_line(self, line: str) -> str:
        """The header the table shows, made of the deal's `line`."""
        return line

    def prompt_line(self, prompt: str) -> str:
        """The prompt the table shows in place of its own `prompt` (what this table says
        besides)."""
        return prompt

    def pull(self) -> None:
        """Messages wait for the table (a shared table's inbox)."""

    def chats(self) -> bool | None:
        """Whether the people at this table can write to one another (a shared table); None:
        not now (the key greyed)."""
        return False

    def chat(self) -> None:
        """Open the line to write to the table (where `chats`)."""


class LocalDriver(TableDriver):
    """A game played here: the engine applies each decision, and AI players in worker
    threads decide for the other seats."""

    TAKE_BACK = True

    def __init__(self, session: Session) -> None:
        self._session = session
        self.opponents = Opponents(self)  # the AI players, deciding in worker threads

    @property
    def game(self) -> Game:
        return self._session.game

    @property
    def preset(self) -> Preset:
        return self._session.preset

    @property
    def session(self) -> Session:
        return self._session

    @property
    def seed(self) -> int:
        return self._session.game.seed

    @property
    def think(self) -> float | None:
        return self._session.think

    def begin(self) -> None:
        """Tell how the game begins (or that it was resumed), draw it, ask the first move."""
        screen, session, game = self.screen, self._session, self.game
        controller = screen.controller
        start_events = game.take_start_events()
        if session.resumed:
            # The rebuilt game's start events are those of its first deal, long gone: the log
            # is the current deal's so far (what you may see of it), told again.
            screen.tell(controller.take_events(session.deal_events, game.deal))
            controller.new_deal = False
            screen.say(screen.t("n_resumed", number=game.deal.number))
        else:
            screen.tell(controller.take_events(start_events))
        for warning in session.warnings:
            text = say(screen.t.lang, warning) if isinstance(warning, Said) else warning
            screen.notify(public_text(text), severity="warning", markup=False)
        screen.side_sheet()
        screen.redraw()
        # The first opponent is asked once the table is on the screen (his level's player is
        # made, and its modules loaded, then).
        screen.set_timer(FIRST_MOVE, screen.advance)

    def ready(self) -> bool:
        return not self._session.closed  # closing: no one is asked now

    def act(self, action: Action) -> bool:
        """Apply one decision (the human's or an AI's); False if the engine refused it, or if
        the table is closing (a hang-up let go of the record: the decision is taken again when
        the game is continued)."""
        if self._session.closed:
            return False
        screen = self.screen
        told = screen.controller.apply(self.game, action)
        if isinstance(told, str):
            screen.notify(told, severity="error")
            return False
        if screen.controller.new_deal:
            screen.controller.new_deal = False
            screen.show_last = False
        screen.tell(told)
        screen.changed()
        return True

    def compose(self) -> Iterable[Widget]:
        yield self.opponents

    def start_ai(self, seat: int) -> None:
        """An AI player decides for `seat` in a worker thread (`Opponents`)."""
        self.opponents.ask(seat)

    def decided(self, message: AiDecided) -> None:
        self.opponents.decided(message)

    def hurry(self) -> None:
        self.opponents.hurry()

    def forget(self) -> None:
        self.opponents.forget()

    def game_over(self) -> None:
        self.screen.table_app.game_over(self._session)

    def hints_on(self) -> bool:
        return self.screen.table_app.setup.hints


__all__ = ["LocalDriver", "Pull", "TableDriver"]
