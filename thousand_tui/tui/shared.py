"""A shared table in this terminal: the usual table screen, driven by the table service
instead of a local game (docs/tables.md).

`open_shared(...)` and `join_shared(...)` connect and sit down (no Textual); `shared_screen`
gives the screen to show for it (the waiting room, or the table once the deal began), and
`SharedTableApp` / `run_shared` show it as an app of its own (`thousand open`, `thousand join`).

The screen is `TableScreen` itself: its game is a `RemoteGame`, which answers what the screens
ask of a game from this seat's view alone. A decision is sent to the service; what happened
comes back, as for everyone at the table, in the service's next `update`.
"""

from __future__ import annotations

import argparse
import collections
import contextlib
import sys
import threading
import time
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, cast

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Static

from ..engine.actions import Action, IllegalAction
from ..engine.events import Event
from ..engine.game import Game, PlayerInfo
from ..engine.match import MatchState
from ..engine.phases import Trick
from ..engine.scoring import Settlement
from ..engine.view import SeatView
from ..presets import Preset, PresetError, load_preset
from ..saves import LOG_NAME, data_dir, public_text, typed
from ..settings import LEVELS, SetupError, TableSetup, check_name
from ..tables.client import (
    Received,
    TableClient,
    TableError,
    WireMismatch,
    join_table,
    open_table,
)
from ..tables.mirror import SeatMirror, Update
from ..tables.service import MAX_TIMEOUT, normalize_code
from ..tables.wire import (
    Acked,
    Closed,
    Failure,
    Notice,
    Refused,
    StartRequest,
    TableStatus,
    Welcome,
)
from .app import ThousandApp
from .coach import Words
from .controller import Awaiting, Step
from .i18n import Translator
from .screens.table import TableScreen
from .session import Session, ai_names
from .startup import SharedChoice, remembered_name
from .text import top_line
from .widgets.base import KeyFooter

if TYPE_CHECKING:
    from textual.message_pump import MessagePump


REJOIN_EVERY = 1.0  # seconds between tries to sit again after the connection was lost
REJOIN_FOR = 120.0  # seconds of trying before the screen says to join again by hand

# ---------------------------------------------------------------------- the game, seen from a seat


@dataclass
class _ClosedTricks:
    """The tricks of the deal as far as the last update told them (for the last trick)."""

    tricks: list[Trick] = field(default_factory=list)


class RemoteGame:
    """A shared game as one seat knows it, answering what the table's screens ask of the
    engine's `Game`: its view, the names, the results, whose turn. Decisions do not go through
    it (the screen sends them to the service)."""

    start = None

    def __init__(self, mirror: SeatMirror) -> None:
        self.mirror = mirror
        self.rules = mirror.rules
        self.seed = 0
        self.deal = _ClosedTricks()

    @property
    def names(self) -> tuple[str, ...]:
        return self.mirror.names

    @property
    def players(self) -> list[PlayerInfo]:
        return self.mirror.players

    @property
    def results(self) -> list[Settlement]:
        return self.mirror.results

    @property
    def match(self) -> MatchState:
        match = self.mirror.match
        assert match is not None
        return match

    @property
    def winner(self) -> int | None:
        view = self.mirror.view
        return view.winner if view is not None else None

    @property
    def over(self) -> bool:
        return self.mirror.over

    @property
    def to_move(self) -> int | None:
        view = self.mirror.view
        return None if view is None or self.over else view.to_move

    def view(self, seat: int) -> SeatView:
        view = self.mirror.view
        if seat != self.mirror.seat or view is None:
            raise LookupError(f"seat {seat}'s view is not this table's to see")
        return view

    def legal_actions(self, seat: int) -> list[Action]:
        return list(self.mirror.legal) if seat == self.mirror.seat else []

    def take_start_events(self) -> list[Event]:
        return []

    def apply(self, action: Action) -> list[Event]:
        raise IllegalAction("a shared table's decisions go to its service")

    def closed_tricks(self, tricks: dict[int, Trick]) -> None:
        if tricks:
            size = max(tricks)
            blank = Trick(-1, (), -1)
            self.deal.tricks = [tricks.get(n + 1, blank) for n in range(size)]


class Pull(Message):
    """Messages from the table wait in the shared session's inbox."""


@dataclass
class SharedSession:
    """A seat at a shared table: the connection, what the seat knows, and the `Session` the
    screens use (its game a `RemoteGame`)."""

    client: TableClient
    mirror: SeatMirror
    preset: Preset
    lang: str
    timeout: float
    session: Session = field(init=False)
    inbox: collections.deque[Received] = field(default_factory=collections.deque)
    target: MessagePump | None = None
    first: Update | None = None  # the update that began the game, taken in the waiting room
    # How this person sat down, to sit again at the same seat when the connection is lost.
    name: str | None = None
    who: str | None = None
    base: Path | None = None
    told_off: bool = False  # the service ended the connection on purpose (an error said why)
    leaving: bool = False

    def __post_init__(self) -> None:
        game = cast(Game, RemoteGame(self.mirror))  # answers what the screens ask of a game
        self.session = Session(game, self.preset, {})
        self.client.listen(self.arrived)

    @property
    def code(self) -> str:
        return self.mirror.code

    @property
    def game(self) -> RemoteGame:
        return cast(RemoteGame, self.session.game)

    def arrived(self, message: Received) -> None:
        """In the client's reader thread: keep the message, wake the screen showing the table."""
        if isinstance(message, Failure):
            self.told_off = True  # e.g. the seat taken over from another terminal: not taken back
        self.inbox.append(message)
        target = self.target
        if target is not None:
            target.post_message(Pull())

    def attach(self, target: MessagePump) -> None:
        self.target = target
        target.post_message(Pull())

    @property
    def may_rejoin(self) -> bool:
        """Whether to sit again after the connection was lost: not when the game is over, the
        player leaves, or the service closed the connection saying why."""
        mirror = self.mirror
        return mirror.closed and not (self.leaving or self.told_off or mirror.over)

    def try_rejoin(self) -> tuple[TableClient, Welcome] | None:
        """In a worker thread: a new connection at this seat (the service started again if it
        is gone, the table reopened from its record), or None if it cannot be had yet."""
        try:
            client, welcome = join_table(self.code, name=self.name, who=self.who, base=self.base)
        except TableError:
            return None
        if welcome.seat != self.mirror.seat or self.leaving:
            client.close()
            return None
        return client, welcome

    def rejoined(self, client: TableClient) -> None:
        """The new connection replaces the lost one; the service's catch-up follows."""
        old, self.client = self.client, client
        old.close()
        self.mirror.closed = False
        client.listen(self.arrived)

    def close(self) -> None:
        self.leaving = True
        self.target = None
        self.client.close()


def _preset_of(welcome: Welcome, mirror: SeatMirror) -> Preset:
    name = welcome.preset
    title = welcome.title or name
    try:
        preset = load_preset(name)
    except (PresetError, OSError, ValueError):
        preset = None
    texts = {"en": title, "ru": title}
    if preset is not None and preset.rules == mirror.rules:
        return preset
    return Preset(name, Path(name), texts, {}, mirror.rules)


def _seated(
    client: TableClient,
    welcome: Welcome,
    lang: str,
    name: str | None,
    who: str | None,
    base: Path | None,
) -> SharedSession:
    mirror = SeatMirror(welcome)
    preset = _preset_of(welcome, mirror)
    timeout = float(welcome.timeout)
    return SharedSession(client, mirror, preset, lang, timeout, name=name, who=who, base=base)


def open_shared(
    setup: TableSetup,
    *,
    people: list[int] | None = None,
    level: str = "easy",
    timeout: float = 60.0,
    who: str | None = None,
    base: Path | None = None,
    hints: bool = False,
) -> SharedSession:
    """Open a shared table of `setup`'s preset (its players, name, language and pace) and sit
    at seat 0; with `hints`, each person may ask for a hint at his own decisions. Raises
    TableError (the service's refusal, or that it cannot be reached)."""
    preset = setup.preset
    assert preset is not None
    name = setup.name or default_name(who)
    client, welcome = open_table(
        preset,
        name=name,
        who=who,
        people=people,
        level=level,
        timeout=timeout,
        pace=setup.pace,
        lang=setup.lang,
        ai_names=list(ai_names(setup.lang)),
        base=base,
        hints=hints,
    )
    return _seated(client, welcome, setup.lang, name, who, base)


def default_name(who: str | None) -> str | None:
    """A name at a shared table when none was given: the login name at a terminal of one's
    own; nothing over SSH (all share the account's login: the table numbers the seats)."""
    if who is not None:
        return None
    import getpass

    try:
        return check_name(getpass.getuser()[:16])
    except (SetupError, OSError, KeyError):
        return None


def join_shared(
    code: str,
    *,
    name: str | None = None,
    lang: str = "en",
    seat: int | None = None,
    who: str | None = None,
    base: Path | None = None,
) -> SharedSession:
    """Sit at the shared table of `code` (again, for a seat this person held)."""
    name = name or default_name(who)
    client, welcome = join_table(code, name=name, who=who, seat=seat, base=base)
    return _seated(client, welcome, lang, name, who, base)


def shared_screen(shared: SharedSession) -> Screen[None]:
    """The screen for a seat at a shared table: the waiting room, or the table."""
    if shared.mirror.started and shared.mirror.view is not None:
        return SharedTableScreen(shared)
    return WaitingScreen(shared)


# ---------------------------------------------------------------------- screens


def join_command(code: str) -> str:
    """How a player joins the table of `code`, as he types it here (over SSH, his login)."""
    return typed(f"join {code}")


def seat_status_words(shared: SharedSession, seat: int, t: Translator) -> str:
    """Whether a person is at the table, or away (and when an AI plays for them)."""
    seats = shared.mirror.seats
    if seat >= len(seats) or seats[seat].kind != "human":
        return ""
    status = seats[seat]
    if status.connected:
        return t("shared_here")
    wait = status.ai_wait()
    if wait is None:
        return ""
    if wait > 0:
        return t("shared_away", seconds=int(wait + 0.99))
    return t("shared_away_ai")


class WaitingScreen(Screen[None]):
    """Before the deal: the code to give to friends, the seats, who has come."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("s", "start", "key_start", id="start"),
        Binding("q,escape", "leave", "key_leave", id="leave"),
    ]

    DEFAULT_CSS = """
    WaitingScreen #waiting-text { padding: 1 2; height: 1fr; }
    """

    def __init__(self, shared: SharedSession) -> None:
        super().__init__(classes="-waiting")
        self.shared = shared
        self.t = Translator(shared.lang)

    def compose(self) -> ComposeResult:
        yield Static(id="waiting-text")
        yield KeyFooter()

    def on_mount(self) -> None:
        self.t = cast(ThousandApp, self.app).t
        self.shared.attach(self)
        self.show()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "start":
            return self.shared.mirror.seat == 0  # only the one who opened it starts it
        return True

    def show(self) -> None:
        t, mirror = self.t, self.shared.mirror
        text = Text()
        text.append(t("shared_title", code=mirror.code) + "\n\n", style="bold")
        text.append(
            t("shared_waiting", code=mirror.code, command=join_command(mirror.code)) + "\n\n"
        )
        for number, status in enumerate(mirror.seats):
            if number == mirror.seat:
                line = t("shared_seat_you", name=status.name)
            elif status.kind == "ai":
                line = t("shared_seat_ai", name=status.name)
            elif status.taken:
                line = f"{status.name} {seat_status_words(self.shared, number, t)}"
            else:
                line = t("shared_seat_free")
            text.append(f"  {number + 1}. {line}\n")
        if mirror.seat == 0:
            text.append("\n" + t("shared_start_hint"))
        else:
            opener = mirror.seats[0].name if mirror.seats else ""
            text.append("\n" + t("shared_wait_opener_named", name=opener))
        if mirror.closed:
            text.append("\n\n" + t("shared_lost", command=join_command(mirror.code)), style="bold")
        self.query_one("#waiting-text", Static).update(text)

    def on_pull(self, _: Pull) -> None:
        shared = self.shared
        while shared.inbox and shared.target is self:
            message = shared.inbox.popleft()
            update = shared.mirror.take(message)
            if update is not None:  # the deal began: the table tells it, and what follows
                shared.target = None
                shared.first = update
                self.app.switch_screen(SharedTableScreen(shared))
                return
            if isinstance(message, Failure):
                self.notify(message.error, severity="error")
        if self.is_mounted:
            self.show()

    def action_start(self) -> None:
        with contextlib.suppress(TableError):
            self.shared.client.send(StartRequest())

    def action_leave(self) -> None:
        self.app.exit()


class SharedTableScreen(TableScreen):
    """The table screen at a shared table: decisions go to the service, and what anyone did
    comes back from it; the opponents' panels say who is at the table and who is away."""

    TAKE_BACK = False  # never: the others at the table have seen the card

    def __init__(self, shared: SharedSession) -> None:
        super().__init__(shared.session, seat=shared.mirror.seat)
        self.shared = shared
        self.coaching = False  # no hints among friends; the deal's record is the service's
        self.sent = 0  # the sequence number of the decision sent, until it is acknowledged
        self.connected: dict[int, bool] = {}
        self.rejoining = False  # a thread tries to sit again after the connection was lost

    @property
    def remote(self) -> RemoteGame:
        return self.shared.game

    def begin(self) -> None:
        """Not a local game's start: the service tells what happens, from now on."""
        self.connected = {i: s.connected for i, s in enumerate(self.shared.mirror.seats)}
        self.side_sheet()
        self.set_interval(1.0, self.tick)
        self.say(self.t("shared_title", code=self.shared.code))
        self.call_after_refresh(self.sit_down)

    def sit_down(self) -> None:
        """On the screen now: what began the game, then every message as it comes."""
        first, self.shared.first = self.shared.first, None
        if first is not None and first.deal:
            # Sitting again mid-deal: the log is the deal so far, as this seat saw it.
            self.tell(self.controller.take_events(first.deal, cast(Any, self.remote.deal)))
            self.controller.new_deal = False
        if first is not None:
            self.told(first)
        else:
            self.advance()
        self.shared.attach(self)

    def tick(self) -> None:
        """Once a second, while someone is away: the countdown to the AI standing in."""
        if any(s.ai_in is not None for s in self.shared.mirror.seats):
            self.redraw_soon()

    # ------------------------------------------------------------------ messages

    def on_pull(self, _: Pull) -> None:
        shared = self.shared
        while shared.inbox and shared.target is self:
            self.take(shared.inbox.popleft())

    def take(self, message: Received) -> None:
        mirror, controller = self.shared.mirror, self.controller
        update = mirror.take(message)
        if update is not None:
            self.told(update)
        elif isinstance(message, Acked):
            if message.seq == self.sent:  # the service played the decision sent last
                self.sent = 0
                self.advance()
        elif isinstance(message, TableStatus):
            self.tell_comings()
            self.changed()
        elif isinstance(message, Notice) and message.notice == "ai_retry":
            seat, names = message.seat, self.remote.names
            name = names[seat] if seat is not None and 0 <= seat < len(names) else "AI"
            self.notify(self.t("shared_ai_retry", name=name), markup=False)  # not cleared by a move
        elif isinstance(message, Refused):
            self.sent = 0
            error = message.error
            self.notify(self.t("shared_refused", error=error), severity="error", markup=False)
            controller.awaiting = Awaiting.NOTHING
            self.advance()
        elif isinstance(message, (Closed, Failure)):
            self.sent = 0
            if isinstance(message, Failure):
                self.notify(message.error, severity="error", markup=False)
            elif message.why is not None:  # the service said what this client cannot read
                error = self.t("shared_unreadable", why=message.why)
                self.notify(error, severity="error", markup=False)
            elif self.shared.may_rejoin and not self.rejoining:
                # A daemon thread of its own: a try still under way never holds up leaving.
                self.rejoining = True
                threading.Thread(target=self.rejoin, daemon=True, name="table-rejoin").start()
            self.changed()

    def rejoin(self) -> None:
        """In a worker thread, once the connection is lost: sit again at the seat, trying every
        REJOIN_EVERY seconds for REJOIN_FOR seconds (the service may be starting again)."""
        shared = self.shared
        deadline = time.monotonic() + REJOIN_FOR
        while time.monotonic() < deadline:
            time.sleep(REJOIN_EVERY)
            if not shared.may_rejoin:
                return
            seated = shared.try_rejoin()
            if seated is not None:
                try:
                    self.app.call_from_thread(self.rejoined, seated[0])
                except RuntimeError:  # the app has ended meanwhile
                    seated[0].close()
                return
        self.rejoining = False

    def rejoined(self, client: TableClient) -> None:
        self.rejoining = False
        if not self.shared.may_rejoin:
            client.close()
            return
        self.shared.rejoined(client)
        self.say(self.t("shared_back"))
        self.changed()

    def told(self, update: Update) -> None:
        """What the service told after a decision: the events, then a new view."""
        controller = self.controller
        controller.turn += 1  # a new view: the controller asks for it again
        if update.away:
            self.say(self.played_for_you(update))
        self.remote.closed_tricks(update.tricks)
        deal = cast(Any, self.remote.deal)
        self.tell(controller.take_events(update.events, deal, update.ended))
        if controller.new_deal:
            controller.new_deal = False
            self.show_last = False
        self.advance()

    def played_for_you(self, update: Update) -> str:
        """What an AI played in this seat while its player was away, in a line of the log."""
        words = Words(self.t, self.remote.names, self.p.ascii_only, you=self.seat)
        moves = "; ".join(
            words.action(a) or words.t("c_other", act=a.act.value) for a in update.away
        )
        if update.away_count > len(update.away):
            return self.t(
                "shared_away_played_last",
                count=update.away_count,
                shown=len(update.away),
                moves=moves,
            )
        return self.t("shared_away_played", moves=moves)

    def tell_comings(self) -> None:
        for seat, status in enumerate(self.shared.mirror.seats):
            before = self.connected.get(seat)
            if status.kind == "human" and before is not None and before != status.connected:
                key = "shared_came" if status.connected else "shared_left"
                self.say(self.t(key, name=status.name))
            self.connected[seat] = status.connected

    # ------------------------------------------------------------------ the game loop

    def advance(self) -> None:
        if not self.is_mounted or self.shared.mirror.view is None:
            return
        if self.sent:  # the service has not told the last decision back yet
            self.changed()
            return
        step = self.controller.next_step(self.app.screen is self, self.dialog_open)
        if step is Step.SHOW_RESULT:
            self.show_result()
        elif step is Step.GAME_OVER:
            self.game_over()
        elif step is Step.HUMAN:
            self.prompt_human()
        self.changed()  # Step.AI: someone else decides, at the table or at the service

    def act(self, action: Action) -> bool:
        if self.shared.mirror.closed:
            self.notify(
                self.t("shared_lost", command=join_command(self.shared.code)), severity="error"
            )
            return False
        try:
            self.sent = self.shared.client.act(action)
        except TableError as error:
            self.notify(str(error), severity="error", markup=False)
            return False
        self.controller.awaiting = Awaiting.NOTHING
        self.changed()
        return True

    def start_ai(self, seat: int) -> None:
        """Nobody here decides for another seat."""

    def game_over(self) -> None:
        from .screens.end import GameOverScreen

        game = cast(Game, self.remote)
        screen = GameOverScreen(game, self.t, seat=self.seat, again=False)
        screen.held(self.table_app.key_hold)
        self.app.push_screen(screen, lambda _: self.app.exit())

    def action_leave(self) -> None:
        from .screens.end import ConfirmQuitScreen

        if self.remote.over or self.shared.mirror.closed:
            self.app.exit()
            return
        body = self.t("shared_leave_body", code=self.shared.code, seconds=int(self.shared.timeout))

        def answered(leave: bool | None) -> None:
            if leave:
                self.app.exit()

        self.app.push_screen(ConfirmQuitScreen(self.t, True, body), answered)

    # ------------------------------------------------------------------ drawing

    def hints_on(self) -> bool:
        """Where the opener allows them: a hint at one's own decision, searched from what this
        seat sees (its view), as at a game of one's own."""
        return self.shared.mirror.hints

    def seat_idle(self, seat: int) -> bool:
        """A person away whose seat no AI plays yet: nobody is thinking there."""
        seats = self.shared.mirror.seats
        if seat >= len(seats) or seats[seat].kind != "human" or seats[seat].connected:
            return False
        return not seats[seat].ai_playing

    def seat_subtitle(self, seat: int, subtitle: str) -> str:
        words = seat_status_words(self.shared, seat, self.t)
        return f"{subtitle} · {words}" if words else subtitle

    def redraw(self) -> None:
        super().redraw()
        if not self.is_mounted or self.shared.mirror.view is None:
            return
        t, mirror = self.t, self.shared.mirror
        view = self.view()
        title = self.session.preset.title_in(t.lang)
        shown = self.controller.shown_view()  # the ended deal while its result waits
        top = f"{top_line(shown, title, t)} · {t('shared_title', code=mirror.code)}"
        with_hints = f"{top} · {t('shared_hints_on')}"
        if mirror.hints and len(with_hints) < self.size.width:  # else the footer's h says it
            top = with_hints
        self.query_one("#top").show(top)  # type: ignore[attr-defined]
        prompt = None
        if mirror.closed:
            prompt = t("shared_lost", command=join_command(mirror.code))
        elif view.to_move is not None and view.to_move != self.seat and not mirror.over:
            status = mirror.seats[view.to_move] if view.to_move < len(mirror.seats) else None
            wait = status.ai_wait() if status is not None else None
            if status is not None and wait is not None and wait > 0:
                name = view.names[view.to_move]
                prompt = t("shared_wait_away", name=name, seconds=int(wait + 0.99))
        if prompt is not None:
            self.query_one("#prompt").show(prompt)  # type: ignore[attr-defined]


class SharedTableApp(ThousandApp):
    """`thousand open` / `thousand join`: a seat at a shared table as an app of its own."""

    def __init__(
        self, setup: TableSetup, shared: SharedSession, *, handle_signals: bool = False
    ) -> None:
        super().__init__(setup, shared.session, handle_signals=handle_signals)
        self.shared = shared

    def first_screen(self) -> Screen[None]:
        return shared_screen(self.shared)

    def action_request_quit(self) -> None:
        screen = self.screen
        if isinstance(screen, SharedTableScreen):
            screen.action_leave()
        else:
            self.exit()

    def on_unmount(self) -> None:
        self.shared.close()  # then the app's own (the session, the hang-up guard)


def run_shared(setup: TableSetup, shared: SharedSession) -> int:
    """Show the seat at the shared table until the player leaves."""
    app = SharedTableApp(setup, shared, handle_signals=True)
    app.log_file = data_dir() / LOG_NAME
    try:
        app.run()
    finally:
        shared.close()
        app.closed()
    code = shared.code
    with contextlib.suppress(OSError, ValueError):
        if not shared.mirror.over:
            print(
                f"thousand: your seat at table {code} waits; come back with `{join_command(code)}`"
            )
    return app.finish(app.return_code or 0)


# ---------------------------------------------------------------------- the commands


def play_shared_choice(choice: SharedChoice) -> int:
    """The shared table chosen on the start screen: open it or join it, then play at it."""
    setup = choice.setup
    try:
        if choice.kind == "open":
            shared = open_shared(setup, level=choice.level, hints=choice.hints)
        else:
            shared = join_shared(choice.code, name=setup.name, lang=setup.lang)
    except TableError as error:
        print(f"thousand: the shared table: {said(error, setup.lang)}", file=sys.stderr)
        return 2
    return run_shared(setup, shared)


def run_open(options: argparse.Namespace) -> int:
    """`thousand open [PRESET]`: open a shared table here and wait for friends at it."""
    from ..settings import setup_from_options

    setup = setup_from_options(_table_options(options, options.preset, options.players))
    if setup.name is None and options.who is None:
        setup = replace(setup, name=remembered_name())
    if options.ai not in LEVELS:
        raise SetupError(f"--ai must be one of {', '.join(LEVELS)}")
    assert setup.preset is not None
    players = setup.preset.rules.players
    people = _people(options.people, players)
    timeout = _seconds(options.timeout, "--timeout")
    _check_terminal()
    try:
        shared = open_shared(
            setup,
            people=people,
            level=options.ai,
            timeout=timeout,
            who=options.who,
            hints=bool(getattr(options, "hints", False)),
        )
    except TableError as error:
        raise SetupError(f"the table cannot be opened: {said(error, setup.lang)}") from error
    return run_shared(setup, shared)


def run_join(options: argparse.Namespace) -> int:
    """`thousand join CODE`: sit at a friend's shared table (again, for your own seat)."""
    from ..settings import setup_from_options

    setup = setup_from_options(_table_options(options, None, None))
    if normalize_code(options.code) is None:
        raise SetupError(
            f"{ascii(options.code)[:30]} is not a table code: six letters and digits, "
            "as the one who opened the table got it (e.g. K7QM2P)"
        )
    seat = options.seat - 1 if options.seat is not None else None
    _check_terminal()
    try:
        shared = join_shared(
            options.code,
            name=check_name(options.name) or (None if options.who else remembered_name()),
            lang=setup.lang,
            seat=seat,
            who=options.who,
        )
    except TableError as error:
        raise SetupError(f"cannot join the table: {said(error, setup.lang)}") from error
    return run_shared(setup, shared)


def _table_options(
    options: argparse.Namespace, preset: str | None, players: int | None
) -> argparse.Namespace:
    return argparse.Namespace(
        preset=preset,
        players=players,
        ai=None,
        seed=None,
        name=getattr(options, "name", None),
        lang=options.lang,
        ascii=options.ascii,
        reduced_motion=options.reduced_motion,
        suit_order=getattr(options, "suit_order", None),
        pace=getattr(options, "pace", None),
        think=None,
        resume=None,
    )


def _people(text: str | None, players: int) -> list[int] | None:
    """`--people 1,2`: the seats (from 1, yours) for people; the others are AI seats."""
    if text is None:
        return None
    try:
        seats = sorted({int(part) - 1 for part in text.split(",") if part.strip()})
    except ValueError:
        seats = []
    if not seats or seats[0] != 0 or seats[-1] >= players:
        raise SetupError(
            f"--people lists the seats for people, 1 (yours) to {players}, e.g. --people 1,2"
        )
    return seats


def _seconds(value: float, flag: str) -> float:
    if not 0 <= value <= MAX_TIMEOUT:
        raise SetupError(f"{flag} must be from 0 to {MAX_TIMEOUT:g} seconds")
    return value


def _check_terminal() -> None:
    from . import check_terminal

    problem = check_terminal()
    if problem is not None:
        raise SetupError(problem)


def said(error: TableError, lang: str) -> str:
    """What a table's error says to a person: a protocol mismatch in the player's language
    (it says what to do), any other as the service put it."""
    if isinstance(error, WireMismatch):
        return Translator(lang)(error.key, theirs=error.theirs, ours=error.ours)
    return public_text(str(error))
