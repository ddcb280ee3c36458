"""A seat at a shared table, without Textual: the connection to the table service, what
the seat knows (its mirror), and the messages waiting for the screen. `open_shared(options)`,
`match_shared(options)` (of `table_options(...)`) and `join_shared(...)` connect and sit down."""

from __future__ import annotations

import collections
import threading
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ...presets import Preset, PresetError, load_preset
from ...priority import LOCAL, Host
from ...settings import SetupError, TableSetup, check_name
from ...tables.chat_rules import KEPT, Pace
from ...tables.client import (
    Received,
    TableClient,
    TableError,
    join_table,
    open_table,
    quick_match,
    watch_table,
)
from ...tables.mirror import SeatMirror, Update
from ...tables.wire import ChatLine, Failure, TableOptions, Welcome
from ..session import ai_name_in, ai_names
from ..startup import Choices, own_choices_path
from ..table_driver import Pull
from .remote import RemoteGame

if TYPE_CHECKING:
    from textual.app import App
    from textual.message_pump import MessagePump


@dataclass
class SharedSession:
    """A seat at a shared table: the connection, what the seat knows, and its game as the
    table's screens see it (a `RemoteGame`)."""

    client: TableClient
    mirror: SeatMirror
    preset: Preset
    lang: str
    timeout: float
    game: RemoteGame = field(init=False)
    inbox: collections.deque[Received] = field(default_factory=collections.deque)
    target: MessagePump | None = None
    first: Update | None = None  # the update that began the game, taken in the waiting room
    # How this person sat down, to sit again at the same seat when the connection is lost.
    name: str | None = None
    who: str | None = None
    base: Path | None = None
    host: Host = LOCAL  # what the program runs as (what it says of the table, and of a file)
    told_off: bool = False  # the service ended the connection on purpose (an error said why)
    leaving: bool = False
    # Set when the player leaves (`close`): a thread trying to sit again stops at once.
    left: threading.Event = field(default_factory=threading.Event, init=False, repr=False)
    # The chat as this person has seen it (the waiting room's lines, then the log's), and when
    # he wrote his last lines (kept to the table's pace before a line goes).
    heard: collections.deque[ChatLine] = field(
        default_factory=lambda: collections.deque(maxlen=KEPT)
    )
    chat_pace: Pace = field(default_factory=Pace)
    # What leaving the table does in this terminal (back to the lobby); None: the app ends.
    back: Callable[[], None] | None = None

    def __post_init__(self) -> None:
        self.game = RemoteGame(self.mirror)  # answers what the screens ask of a game
        # Its folders decided now: the seat's threads (sitting again) use these, whatever
        # the environment says by then.
        self.host = self.host.resolved()
        if self.base is None:
            self.base = self.host.data_dir
        self.client.listen(self.arrived)

    @property
    def code(self) -> str:
        return self.mirror.code

    def arrived(self, message: Received) -> None:
        """In the client's reader thread: keep the message, wake the screen showing the table."""
        if isinstance(message, Failure) and message.about is None:
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
        # A watcher holds no seat to sit at again: he watches again with `thousand watch`.
        gone = self.leaving or self.told_off or mirror.over or mirror.watcher
        return mirror.closed and not gone

    def try_rejoin(self) -> tuple[TableClient, Welcome] | None:
        """In a worker thread: a new connection at this seat (the service started again if it
        is gone, the table reopened from its record), or None if it cannot be had yet."""
        if self.leaving:
            return None
        try:
            client, welcome = join_table(
                self.code,
                name=self.name,
                who=self.who,
                base=self.base,
                host=self.host,
                open_hands=hands_allowed(self.host, self.who),
            )
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

    def leave(self, app: App[Any]) -> None:
        """The player leaves the table in this terminal: back to where he came from (the
        lobby), else the app ends."""
        if self.back is not None:
            self.back()
        else:
            app.exit()

    def close(self) -> None:
        self.leaving = True
        self.left.set()
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
    host: Host,
) -> SharedSession:
    mirror = SeatMirror(welcome, ai_name=ai_name_in(lang))
    preset = _preset_of(welcome, mirror)
    timeout = float(welcome.timeout)
    return SharedSession(
        client, mirror, preset, lang, timeout, name=name, who=who, base=base, host=host
    )


def table_options(
    setup: TableSetup,
    *,
    level: str = "easy",
    timeout: float = 60.0,
    who: str | None = None,
    hints: bool = False,
    private: bool = False,
    fill: float | None = None,
    people: list[int] | None = None,
    clock: float = 0.0,
    watchers: str | None = None,
) -> TableOptions:
    """What opening a shared table of `setup`'s preset sets (its players, the person's name,
    language and pace, the AI's names in his language), and how the table is shared: the
    AI's level, how long a seat waits for its person who went away, the SSH key of the one
    who opens it, hints, a `private` table kept out of the lobby, AI taking the free seats
    after `fill` seconds, the seats for people (from 0; None: all), the seconds each person
    has for a move (`clock`, 0: no limit), who may watch (`watchers`, `options.WATCHERS`; None:
    the service's default). Made once by each way of opening a table
    (`thousand open`, the start screen, the lobby's open and quick match)."""
    preset = setup.preset
    assert preset is not None
    return replace(
        TableOptions.of(preset, setup.lang),
        level=level,
        timeout=timeout,
        pace=setup.pace,
        hints=hints,
        people=None if people is None else tuple(people),
        ai_names=tuple(ai_names(setup.lang)),
        name=setup.name or default_name(who),
        who=who,
        private=private,
        fill=fill,
        clock=clock or None,
        watchers=watchers,
    )


def open_shared(
    options: TableOptions, *, base: Path | None = None, host: Host = LOCAL
) -> SharedSession:
    """Open a shared table of `options` and sit at seat 0. Raises TableError (the service's
    refusal, or that it cannot be reached)."""
    options = replace(
        options, open_hands=options.open_hands or hands_allowed(host, options.who) or None
    )
    client, welcome = open_table(options, base=base, host=host)
    return _seated(client, welcome, options.lang or "en", options.name, options.who, base, host)


def match_shared(
    options: TableOptions, *, base: Path | None = None, host: Host = LOCAL
) -> SharedSession:
    """Quick match: sit at the fullest public table of `options`' preset waiting for players,
    else open one of `options` that AI fills after its `fill` seconds. Raises TableError."""
    options = replace(
        options, open_hands=options.open_hands or hands_allowed(host, options.who) or None
    )
    client, welcome = quick_match(options, base=base, host=host)
    return _seated(client, welcome, options.lang or "en", options.name, options.who, base, host)


def hands_allowed(host: Host, who: str | None = None) -> bool:
    """Whether the player lets the others at a shared table see his hands once its game is
    over (his setting, kept with his start screen's choices, over SSH in his own folder; off
    unless he turned it on)."""
    choices = Choices.read(own_choices_path(host, who))
    return choices is not None and choices.open_hands


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
    host: Host = LOCAL,
) -> SharedSession:
    """Sit at the shared table of `code` (again, for a seat this person held)."""
    name = name or default_name(who)
    client, welcome = join_table(
        code,
        name=name,
        who=who,
        seat=seat,
        base=base,
        host=host,
        open_hands=hands_allowed(host, who),
    )
    return _seated(client, welcome, lang, name, who, base, host)


def watch_shared(
    code: str,
    *,
    name: str | None = None,
    lang: str = "en",
    base: Path | None = None,
    host: Host = LOCAL,
) -> SharedSession:
    """Watch the shared table of `code` at no seat: its game as every seat may see it."""
    client, welcome = watch_table(code, name=name, base=base, host=host)
    return _seated(client, welcome, lang, name, None, base, host)
