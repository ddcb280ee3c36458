"""What makes a table local or shared: its driver. The table screen (`screens/table.py`) is
the same for both; it asks its driver for the game and hands it what differs: how the game
begins, where a decision goes, who decides for the other seats, how the game ends.

A driver is a `TableDriver` (a protocol). It is given its table when the screen is made (a
`TableLink`): the table's `TableController`, which it tells what happened, and the screen as a
message pump, to which it posts what to show (`TableTold`, `TableStale`); it never calls the
screen. The screen calls the driver with the player's commands (`act`, `take_back`, `hurry`...)
and shows what they return.

`LocalDriver` plays a game here (a `Session`: the engine's `Game`, its record, the AI
players, a card taken back); a shared table's driver (`shared/remote_table.py`) sends decisions to
the table service and shows what comes back.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Protocol

from textual.message import Message

from ..store.catalog import public_text
from ..translations import Said, say
from .messages import TableTold
from .widgets.opponents import Opponents

if TYPE_CHECKING:
    from rich.text import Text
    from textual.message_pump import MessagePump
    from textual.widget import Widget

    from ..engine.actions import Action
    from ..engine.game import Game
    from ..presets import Preset
    from .app import ThousandApp
    from .controller import TableController
    from .i18n import Translator
    from .messages import AiDecided
    from .render import Palette
    from .session import Session
    from .table_game import TableGame


FIRST_MOVE = 0.05  # seconds after the table opens


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


class LocalDriver(Linked):
    """A game played here: the engine applies each decision, AI players in worker threads
    decide for the other seats (`Opponents`), and a card may be taken back."""

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

    def begin(self) -> Opening:
        """Tell how the game begins (or that it was resumed); the first opponent is asked
        once the table is on the screen (his level's player is made, and its modules loaded,
        then)."""
        session, game, controller = self._session, self.game, self.controller
        t = self.link.t
        start_events = game.take_start_events()
        lines: list[str | Text]
        if session.resumed:
            # The rebuilt game's start events are those of its first deal, long gone: the log
            # is the current deal's so far (what you may see of it), told again.
            lines = [*controller.take_events(session.deal_events, game.deal)]
            lines.append(t("n_resumed", number=game.deal.number))
        else:
            lines = [*controller.take_events(start_events)]
        for warning in session.warnings:
            text = say(t.lang, warning) if isinstance(warning, Said) else warning
            host = self.link.app.setup.host
            self.link.app.notify(public_text(text, host), severity="warning", markup=False)
        return Opening(lines, first_move=FIRST_MOVE)

    def ready(self) -> bool:
        return not self._session.closed  # closing: no one is asked now

    def act(self, action: Action) -> list[str] | None:
        """Apply one decision (the human's or an AI's): the lines it tells; None if the engine
        refused it, or if the table is closing (a hang-up let go of the record: the decision
        is taken again when the game is continued)."""
        if self._session.closed:
            return None
        told = self.controller.apply(self.game, action)
        if isinstance(told, str):
            self.link.app.notify(told, severity="error")
            return None
        return told

    def move(self, action: Action) -> bool:
        """An opponent's decision, made by `Opponents`: applied, and the table goes on."""
        told = self.act(action)
        if told is None:
            return False
        self.post(TableTold([*told], go_on=True))
        return True

    def compose(self) -> Iterable[Widget]:
        yield self.opponents

    def start_ai(self, seat: int) -> None:
        """An AI player decides for `seat` in a worker thread (`Opponents`)."""
        self.opponents.ask(seat)

    def decided(self, message: AiDecided, pace: float) -> None:
        self.opponents.decided(message, pace)

    def hurry(self) -> None:
        self.opponents.hurry()

    def game_over(self) -> None:
        self.link.app.game_over(self._session)

    def hints_on(self) -> bool:
        return self.link.app.setup.hints

    # ------------------------------------------------------------------ taking a card back

    def no_take_back(self) -> str | None:
        """Cards may be taken back where asked for (`--take-back`), in a game against the AI
        alone, and not on a club's server (a hosted session), whose games are rated for
        everyone's leaderboard."""
        if self.link.app.setup.host.hosted:
            return "takeback_off_club"
        seat = self.controller.seat
        if not all(p.kind == "ai" for s, p in enumerate(self.game.players) if s != seat):
            return "takeback_off_shared"  # a person at the table has seen the card
        if not self.link.app.setup.take_back:
            return "takeback_off"
        return None

    def can_take_back(self) -> bool:
        """Whether there is a card to take back now (the engine says which)."""
        from ..engine.record import takeback_count

        session = self._session
        if session.closed:
            return False
        return takeback_count(session.game, self.controller.seat) is not None

    def take_back(self) -> TakenBack | str:
        """The game is rebuilt from its record without the cards taken back, and the record
        says so."""
        from ..engine.cards import parse_card
        from ..engine.record import TAKEBACK, chosen_takeback_count, take_back, takeback_count

        session, controller = self._session, self.controller
        t, p, seat = self.link.t, self.link.p, controller.seat
        if not self.can_take_back():
            return "takeback_none"
        old = session.game
        if self.link.app.setup.auto_play:
            # A card that played itself (the only one) would play itself again at once:
            # back to the last card the player chose, or say why there is none.
            count = chosen_takeback_count(old, seat)
            if count is None:
                return "takeback_forced"
        else:
            count = takeback_count(old, seat)
        # The first card taken back in a game that is saved, so rated: it no longer is.
        unrated = session.path is not None and not any(
            line.get("type") == TAKEBACK for line in old.lines
        )
        gone = [
            parse_card(line["card"])
            for line in old.lines[-(count or 1) :]
            if line.get("seat") == seat and line.get("act") == "play"
        ]
        self.opponents.forget()  # an opponent's answer waiting or computed is for the old game
        session.game = take_back(old, seat, count)
        for other in list(session.players):  # none keeps what it saw of the cards gone
            session.renew_player(other)
        controller.taken_back()
        if len(gone) == 1:
            line = t("n_taken_back", card=p.card_label(gone[0]))
        else:
            line = t(
                "n_taken_back_forced",
                card=p.card_label(gone[0]),
                forced=", ".join(p.card_label(card) for card in gone[1:]),
            )
        return TakenBack([line], unrated)

    # ------------------------------------------------------------------ what a shared table adds

    def tick(self) -> bool:
        return False

    def seat_idle(self, seat: int) -> bool:
        return False

    def seat_subtitle(self, seat: int, subtitle: str) -> str:
        return subtitle

    def top_line(self, line: str, width: int) -> str:
        return line

    def prompt_line(self, prompt: str) -> str:
        return prompt

    def pull(self) -> None:
        pass

    def chats(self) -> bool | None:
        return False

    def chat(self) -> None:
        pass


__all__ = ["FIRST_MOVE", "LocalDriver", "Opening", "Pull", "TableDriver", "TableLink", "TakenBack"]
