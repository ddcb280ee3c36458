"""The table service: the one process that holds every shared table of an account.

It listens on a Unix socket in the data directory (`tables/service.sock`, the folder readable
by its owner only, the socket checked to be of the same user), is started by the first
`thousand open` or `thousand join` that finds nobody listening, and ends once no table has been
open for a few seconds (docs/tables.md). Each table's `Game` is driven by this process alone:
a client sends its seat's decisions and gets its seat's view and the events it may see, never
more. The game record is written line by line as each decision is made, like any other game.

Nothing a client sends names a file: the service writes only the records it makes itself (in
the games folder) and its own files in `tables/`.
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import dataclasses
import json
import random
import re
import secrets
import sys
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .. import daemon
from ..engine.actions import Action, IllegalAction, record_line
from ..engine.deal import Deal
from ..engine.dealing import first_dealer_of
from ..engine.events import DealSettled, DealStarted, Event, TrickTaken
from ..engine.game import Game, PlayerInfo
from ..engine.phases import Trick
from ..engine.rules import Rules, RulesError
from ..engine.scoring import Settlement
from ..engine.view import seat_view
from ..plaintext import MAX_TITLE, fault, one_line
from ..priority import Host
from ..private import private_dir, write_private
from ..settings import DEFAULT_FILL, DEFAULT_PACE, LANGUAGES, LEVELS, MAX_NAME
from ..store.catalog import data_dir, games_dir, open_new_record, resume
from ..store.people import GUEST, NAMED, relayed_id, shown_name
from ..store.records import RecordWriter
from ..store.seal import OPEN_HANDS, record_key, sealed
from ..translations import Said, Spoken, say
from . import chat_rules, texts
from .watch import MAX_WATCHERS, PLACE, public_events, public_view
from .wire import (
    MAX_AI_NAMES,
    MAX_CLIENT_LINE,
    WATCHER,
    WATCHERS,
    WIRE,
    Acked,
    ActRequest,
    AgainRequest,
    ChatLine,
    ChatRequest,
    Failure,
    Hello,
    HelloRequest,
    JoinRequest,
    ListRequest,
    MatchRequest,
    Message,
    Notice,
    OpenRequest,
    OpenTable,
    PingRequest,
    Pong,
    Refused,
    RelayedRequest,
    Request,
    SeatInfo,
    StartRequest,
    StateUpdate,
    TableOptions,
    Tables,
    TableStatus,
    WatchRequest,
    Welcome,
    WireError,
    dump,
    for_seat,
    own_actions,
    parse_request,
    read_request,
)

if TYPE_CHECKING:
    from ..ai import Player
    from .directory import Publisher

DAEMON_NAME = "service"  # its files in `tables/`: service.sock, service.lock, service.log
SOCKET_NAME = f"{DAEMON_NAME}.sock"
LOCK_NAME = f"{DAEMON_NAME}.lock"
LOG_NAME = f"{DAEMON_NAME}.log"
CODE_LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0/O, 1/I
CODE = re.compile(rf"[{CODE_LETTERS}]{{6}}")
DEFAULT_TIMEOUT = 60.0
MAX_TIMEOUT = 3600.0
MAX_CLOCK = 600.0  # the longest move clock: seconds for each decision of a person
MAX_PACE = 5.0
MAX_FILL = 3600.0  # seconds a table may wait for people before AI fills it, at most
MAX_ERRORS = 5  # bad messages or wrong codes a connection may send before it is closed
MAX_PENDING = 1024 * 1024  # bytes waiting for a client that does not read: then it is dropped
IDLE_EXIT = 5.0  # seconds without a table (or a connection just made) before the service ends
CONN_TIMEOUT = 30.0  # seconds a connection at no table may stay silent; then it is closed
CLOSE_GRACE = 5.0  # seconds a closing connection has to take its last messages
ABANDON = 600.0  # seconds a game waits with nobody at it; then it is closed (and can reopen)
AI_NAMES = ("Anna", "Boris", "Vera")  # when the opener sends none
PRESET_NAME = re.compile(r"[A-Za-z0-9_.-]{1,40}")
MAX_AWAY = 40  # the AI's moves for a person away kept to tell him when he is back (the last)
AI_RETRIES = 2  # an AI decision that failed past its choice is tried again this often per turn
AI_RETRY_WAIT = 0.5  # seconds before it is tried again


def tables_dir(base: Path | None = None) -> Path:
    return data_dir() / "tables" if base is None else base / "tables"


def place(base: Path | None = None) -> daemon.Place:
    """Where the table service of the data directory `base` keeps its socket, lock and log."""
    return daemon.Place(tables_dir(base), DAEMON_NAME)


def socket_path(base: Path | None = None) -> Path:
    return place(base).socket


def normalize_code(text: str) -> str | None:
    """A table code as typed (any case, spaces or a dash inside), or None if it cannot be one."""
    if len(text) > 20:
        return None
    code = "".join(text.split()).replace("-", "").upper()
    return code if CODE.fullmatch(code) else None


class Refusal(Spoken):
    """A request the service does not grant; the text is sent to the client, with its key
    and values when it is one of the service's texts (`texts`)."""


def told(error: Exception) -> Failure:
    """The Failure that tells a client `error`."""
    said = error.said if isinstance(error, Spoken) else None
    return texts.failure(said) if said is not None else Failure(str(error))


def version_refusal(conn_wire: int | None, lang: str | None) -> Refusal:
    """What a client of another protocol is told when it asks for a table. One of before
    `hello` (protocol 1) prints it as it is and reads no key: it gets the text alone, in the
    language its request names, else in every language the game speaks."""
    older = (conn_wire or 1) < WIRE
    said = Said(texts.OLDER_CLIENT if older else texts.NEWER_CLIENT, {"wire": WIRE})
    if lang in LANGUAGES:
        return Refusal(say(lang, said))
    return Refusal(" / ".join(dict.fromkeys(say(each, said) for each in LANGUAGES)))


# ---------------------------------------------------------------------- connections


class Conn:
    """One client's connection: what it sent wrong so far, and where it sits."""

    def __init__(
        self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter, max_pending: int
    ) -> None:
        self.max_pending = max_pending
        self.reader = reader
        self.writer = writer
        self.table: Table | None = None
        self.seat: int | None = None
        self.errors = 0
        self.closed = False
        self.wire: int | None = None  # the protocol version its `hello` gave
        self.watching = False  # it watches its table, at no seat
        self.name = ""  # a watcher's name, for his lines of chat
        self.chat_pace = chat_rules.Pace()  # when a watcher last wrote
        self.since = time.monotonic()  # when it connected
        # Relayed from another host of the club (`RelayedRequest`, its first line): the people
        # it seats are that host's own or keyed (`store.people.relayed_id`).
        self.relayed = False
        self.relayed_from: str | None = None  # that host's name, as relay.keys names its key

    def send(self, message: Message) -> None:
        """Queue a message; a client that lets more than `max_pending` bytes pile up is cut
        off at once (its seat stays its own), so it can never hold the table up."""
        if self.closed:
            return
        transport = self.writer.transport
        if transport.is_closing() or transport.get_write_buffer_size() > self.max_pending:
            self.abort()
            return
        self.writer.write(dump(message))

    def close(self) -> None:
        """Close once what is queued has been sent, within CLOSE_GRACE seconds."""
        if not self.closed:
            self.closed = True
            self.writer.close()
            transport = self.writer.transport
            asyncio.get_running_loop().call_later(CLOSE_GRACE, transport.abort)

    def abort(self) -> None:
        """Close now, dropping what the client has not read."""
        self.closed = True
        self.writer.transport.abort()


# ---------------------------------------------------------------------- tables


@dataclass
class SeatState:
    kind: str  # "human": a person's seat; "ai": an AI's for the whole game
    name: str
    who: str | None = None  # the person holding it (an SSH key's id, or a name)
    conn: Conn | None = None
    left_at: float | None = None  # when its person went away (monotonic)
    player: Player | None = None
    # What an AI played in this seat since its person left (the last MAX_AWAY of `away_count`),
    # told to him alone when he sits again.
    away: list[Action] = field(default_factory=list)
    away_count: int = 0
    # when its person last wrote
    chat_pace: chat_rules.Pace = field(default_factory=chat_rules.Pace)
    # its person lets the others see his hands once the game is over (`store/seal.py`)
    open_hands: bool = False
    # what its person was last told of the club database ("club_down", "club_back")
    club_told: str | None = None

    def played_for(self, action: Action) -> None:
        """An AI decided for this seat: kept if it is a person's, away."""
        if self.kind == "human" and self.conn is None:
            self.away = [*self.away[-(MAX_AWAY - 1) :], action]
            self.away_count += 1

    @property
    def connected(self) -> bool:
        return self.conn is not None

    def status(self, now: float, timeout: float) -> SeatInfo:
        away: float | None = None  # seconds until an AI plays for the person away (0: it does)
        if self.kind == "human" and self.who is not None and self.conn is None:
            away = max(0.0, (self.left_at or now) + timeout - now)
        return SeatInfo(self.name, self.kind, self.who is not None, self.connected, away)


@dataclass
class Table:
    code: str
    rules: Rules
    preset: str
    title: str
    level: str
    timeout: float
    pace: float
    lang: str
    seats: list[SeatState]
    ai_names: list[str]
    game: Game | None = None
    writer: RecordWriter | None = None
    turn: int = 0
    thinking: int | None = None  # the turn an AI is deciding
    ai_faults: int = 0  # the AI decisions of this turn that failed past the AI's choice
    moved_at: float = 0.0
    timer: asyncio.TimerHandle | None = None
    empty_since: float | None = None  # when the last person left the table
    broken: str | None = None  # why its record could not be written: it stops at once
    closed: bool = False
    seed: int = field(default_factory=lambda: random.randrange(1, 2**31))
    # The current deal's events so far, for the log of one who sits again (each seat is
    # told only what it may see of them).
    deal_events: list[Event] = field(default_factory=list)
    hints: bool = False  # each person may ask for a hint at his own decisions
    # The last lines of chat, told again to one who sits down again (the record keeps all).
    chat: collections.deque[ChatLine] = field(
        default_factory=lambda: collections.deque(maxlen=chat_rules.KEPT)
    )
    # The record's lines of the chat in the waiting room, written once the game (and its
    # record) begins.
    unwritten: list[dict[str, Any]] = field(default_factory=list)
    # The lobby: a private table is never listed; `fill_at` (monotonic), when AI takes the
    # seats still free and the game begins (None: when the opener starts it).
    private: bool = False
    fill_at: float | None = None
    opened_at: float = field(default_factory=time.monotonic)
    # The move clock: the seconds a person has for each decision (0: none); the turn whose
    # clock runs and when it runs out (monotonic); the turn whose person ran out of time,
    # which an AI decides for him; the timer that tells when it runs out.
    clock: float = 0.0
    clock_turn: int = -1
    clock_due: float = 0.0
    clock_out: int = -1
    clock_timer: asyncio.TimerHandle | None = None
    # Game over: the seats whose people asked to play again; the first dealer of the game
    # (each game at the table begins with the next one).
    again: set[int] = field(default_factory=set)
    first_dealer: int | None = None
    # Who may watch (`options.WATCHERS`), and the connections watching, at no seat.
    watch_rule: str = "read"
    watchers: list[Conn] = field(default_factory=list)

    @property
    def watchers_hear(self) -> bool:
        """Whether the watchers read the table's chat."""
        return self.watch_rule in ("read", "chat")

    @property
    def listed(self) -> bool:
        """Whether the lobby shows it: public, waiting for players, with a seat for one."""
        free = any(s.kind == "human" and s.who is None for s in self.seats)
        return free and not (self.private or self.started or self.closed)

    def fill_in(self, now: float) -> float | None:
        """Seconds until AI takes the free seats, before the game; None if nobody set it."""
        if self.fill_at is None or self.started:
            return None
        return max(0.0, self.fill_at - now)

    def open_table(self, now: float) -> OpenTable:
        """What a stranger in the lobby may see of it."""
        people = sum(1 for s in self.seats if s.kind == "human" and s.who is not None)
        ai = sum(1 for s in self.seats if s.kind == "ai")
        free = len(self.seats) - people - ai
        waited = round(now - self.opened_at, 1)
        fill = self.fill_in(now)
        fill_in = None if fill is None else round(fill, 1)
        return OpenTable(
            self.code, self.preset, self.title, len(self.seats), people, ai, free, waited, fill_in
        )

    def keep_deal_events(self, events: list[Event]) -> None:
        for event in events:
            if isinstance(event, DealStarted):
                self.deal_events.clear()
            self.deal_events.append(event)

    @property
    def started(self) -> bool:
        return self.game is not None

    def conns(self) -> list[Conn]:
        return [s.conn for s in self.seats if s.conn is not None]

    def ai_plays(self, seat: int, now: float) -> bool:
        """Whether an AI decides for `seat` now: an AI seat, a person away too long, or one
        whose time for this decision ran out (the move clock)."""
        state = self.seats[seat]
        if state.kind == "ai" or state.who is None:
            return True
        if not self.conns():
            return False  # nobody at the table: it waits for its people
        if self.clock_out == self.turn:
            return True
        if state.conn is not None:
            return False
        return now >= (state.left_at or now) + self.timeout

    def clock_left(self, now: float) -> float | None:
        """With a move clock, the seconds left to the person whose decision it is (his clock
        starts the first time this is asked in a turn); None where no clock runs: none set,
        an AI's decision, or the game not under way."""
        game = self.game
        if self.clock <= 0 or game is None or game.over or game.to_move is None:
            return None
        state = self.seats[game.to_move]
        if state.kind != "human" or state.who is None or self.clock_out == self.turn:
            return None
        if self.clock_turn != self.turn:
            self.clock_turn, self.clock_due = self.turn, now + self.clock
        return max(0.0, self.clock_due - now)

    def player(self, seat: int) -> Player:
        state = self.seats[seat]
        if state.player is None:
            from ..ai import make_player, seat_seed

            state.player = make_player(self.level, seat_seed(self.seed, seat))
        return state.player

    def status(self) -> TableStatus:
        now = time.monotonic()
        game = self.game
        return TableStatus(
            self.code,
            self.started,
            bool(game and game.over),
            game.to_move if game else None,
            tuple(s.status(now, self.timeout) for s in self.seats),
            fill_in=self.fill_in(now),
            again=tuple(sorted(self.again)),
            watching=len(self.watchers),
        )


# ---------------------------------------------------------------------- the service


class Service:
    def __init__(
        self,
        base: Path,
        idle_exit: float = IDLE_EXIT,
        abandon: float = ABANDON,
        max_pending: int = MAX_PENDING,
        conn_timeout: float = CONN_TIMEOUT,
        directory: Publisher | None = None,
    ) -> None:
        self.directory = directory  # the club's directory of open tables (several hosts)
        self.max_pending = max_pending
        self.conn_timeout = conn_timeout
        self.base = base
        self.folder = tables_dir(base)
        self.idle_exit = idle_exit
        self.daemon = daemon.Daemon(place(base), idle_exit, tick=0.2)
        self.abandon = abandon
        self.tables: dict[str, Table] = {}
        self.conns: set[Conn] = set()
        self.server: asyncio.AbstractServer | None = None
        self.log_lines: list[str] = []
        self.thinking: dict[asyncio.Task[None], Table] = {}  # the AI decisions under way
        self.club_down = False  # the club database (`directory`) out of reach

    log = staticmethod(daemon.log)

    # ------------------------------------------------------------------ running

    async def run(self) -> int:
        """Serve until no table has been open for `idle_exit` seconds; 0, or
        `daemon.ALREADY` when another service of this data directory is already running."""
        private_dir(self.base)
        try:
            async with self.daemon.listening(self.accept, limit=MAX_CLIENT_LINE) as server:
                self.server = server
                self.log(f"listening on {self.daemon.place.socket}")
                if self.directory is not None:
                    self.directory.start()
                try:
                    await self.daemon.until_idle(self.busy, self.each_tick)
                finally:
                    if self.directory is not None:
                        self.directory.stop()
                    for conn in list(self.conns):
                        conn.send(texts.failure(Said(texts.SERVICE_ENDING, {})))
                        conn.abort()
                    for table in self.tables.values():
                        if table.writer is not None:
                            table.writer.close()
        except daemon.AlreadyServing:
            return daemon.ALREADY
        self.log("no table open: stopping")
        return 0

    def busy(self) -> bool:
        """Whether the service has something to do: a table open, or a connection made in
        the last `idle_exit` seconds (its `open` or `join` may be on its way). A connection
        that stays at no table does not hold the service, whatever it sends."""
        if self.tables:
            return True
        now = time.monotonic()
        return any(now - conn.since < self.idle_exit for conn in self.conns)

    def stop(self) -> None:
        """End the service soon (from any thread), its tables kept for a `join`."""
        self.daemon.stop()

    def each_tick(self) -> None:
        self.close_finished()
        if self.directory is not None:  # written by its own thread, when it changed
            if self.directory.down != self.club_down:
                self.club_down = self.directory.down
                for table in self.tables.values():
                    for state in table.seats:
                        self.tell_club(state)
            self.directory.offer(list(self.listing().tables), list(self.playing().tables))

    def tell_club(self, state: SeatState) -> None:
        """The person at a seat told once that the club database is out of reach (the game
        goes on, its record kept: the index catches up once the database is back), and once
        that it is back; a person away is told when he sits again."""
        if state.conn is None:
            return
        if self.club_down and state.club_told != "club_down":
            word = "club_down"
        elif not self.club_down and state.club_told == "club_down":
            word = "club_back"
        else:
            return
        state.club_told = word
        state.conn.send(Notice(word))

    def close_finished(self) -> None:
        """A table closes when nobody sits at it any more and its game is over or never began,
        or has waited `abandon` seconds for its people (a `join` opens it again)."""
        now = time.monotonic()
        for code, table in list(self.tables.items()):
            if table.conns():
                table.empty_since = None
                continue
            if table.empty_since is None:
                table.empty_since = now
            waited = now - table.empty_since >= self.abandon
            if table.game is None or table.game.over or waited:
                self.close_table(table)
                del self.tables[code]

    def close_table(self, table: Table) -> None:
        table.closed = True
        watchers, table.watchers = table.watchers, []
        for conn in watchers:
            conn.table = None
            conn.close()
        if table.timer is not None:
            table.timer.cancel()
        if table.clock_timer is not None:
            table.clock_timer.cancel()
        if table.writer is not None:
            with contextlib.suppress(OSError, ValueError):  # a record that failed: kept as is
                table.writer.close()
            table.writer = None
        if table.game is not None and table.game.over:
            with contextlib.suppress(OSError):
                self.meta_path(table.code).unlink()
        self.log(f"table {table.code} closed")

    # ------------------------------------------------------------------ a table's own file

    def meta_path(self, code: str) -> Path:
        assert CODE.fullmatch(code)
        return self.folder / f"{code}.json"

    def save_meta(self, table: Table) -> None:
        """What the record does not hold (who holds which seat, the table's settings), for
        opening the table again after the service ended."""
        if table.writer is None:
            return
        meta = {
            "code": table.code,
            "record": table.writer.path.name,
            "title": table.title,
            "level": table.level,
            "timeout": table.timeout,
            "clock": table.clock,
            "pace": table.pace,
            "hints": table.hints,
            "watchers": table.watch_rule,
            "seats": [{"kind": s.kind, "who": s.who} for s in table.seats],
        }
        path = self.meta_path(table.code)
        write_private(path, json.dumps(meta))

    def restore(self, code: str) -> Table | None:
        """The table of `code` again, from its file and its record, if its game goes on;
        None if no table had the code. One that cannot be opened again is a Refusal saying
        why (and logged). Its people are all away, since the moment it is restored: an AI
        takes the seat of one who does not come back after the table's timeout."""
        path = self.meta_path(code)
        if not path.exists():
            return None
        try:
            meta = json.loads(path.read_text(encoding="utf-8"))
            name = meta["record"]
            if not isinstance(name, str) or "/" in name or name.startswith("."):
                raise ValueError(f"its record is named {_show(name)}")
            replayed: list[Event] = []
            resumed = resume(games_dir(self.base) / name, replayed.extend)
        except Exception as error:
            self.log(f"table {code} cannot be opened again: {error!r}")
            raise Refusal(texts.REOPEN_UNREADABLE, code=code, reason=_reason(error)) from error
        game = resumed.game
        now = time.monotonic()
        try:
            seats = [
                SeatState(str(s["kind"]), p.name, s.get("who"), left_at=now)
                for s, p in zip(meta["seats"], game.players, strict=True)
            ]
            table = Table(
                code,
                game.rules,
                game.preset,
                _title(meta["title"]),
                str(meta["level"]) if meta["level"] in LEVELS else "easy",
                _number(meta["timeout"], "timeout", 0.0, MAX_TIMEOUT),
                _number(meta["pace"], "pace", 0.0, MAX_PACE),
                str(game.lang or "en"),
                seats,
                [],
                game=game,
                writer=resumed.writer,
                seed=game.seed,
            )
        except Exception as error:
            self.log(f"table {code} cannot be opened again: its file {path}: {error!r}")
            resumed.writer.close()
            raise Refusal(
                texts.REOPEN_DAMAGED, code=code, file=path.name, reason=_reason(error)
            ) from error
        game.sink = self.sink(table)
        table.keep_deal_events(replayed)
        table.chat.extend(kept_chat(resumed.chat, len(seats)))
        table.hints = meta.get("hints") is True
        rule = meta.get("watchers", "read")
        table.watch_rule = rule if rule in WATCHERS else "read"
        clock = meta.get("clock", 0.0)
        if isinstance(clock, (int, float)) and not isinstance(clock, bool):
            table.clock = clock if 0 < clock <= MAX_CLOCK else 0.0
        table.moved_at = time.monotonic()
        self.tables[code] = table
        self.log(f"table {code} opened again from {resumed.path}")
        return table

    async def accept(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        conn = Conn(reader, writer, self.max_pending)
        if not daemon.same_user(writer):
            conn.send(texts.failure(Said(texts.ONLY_ACCOUNT, {})))
            conn.close()
            return
        self.conns.add(conn)
        try:
            await self.serve_conn(conn)
        finally:
            self.conns.discard(conn)
            conn.close()
            self.gone(conn)

    async def serve_conn(self, conn: Conn) -> None:
        while not conn.closed:
            # A connection at no table says what it wants soon, or is let go.
            wait = self.conn_timeout if conn.table is None else None
            try:
                line = await asyncio.wait_for(conn.reader.readuntil(b"\n"), wait)
            except TimeoutError:
                limit = f"{self.conn_timeout:g} s"
                conn.send(Failure(f"no request in {limit}; closing"))
                return
            except asyncio.LimitOverrunError:
                conn.send(Failure("line too long; closing"))
                return
            except (asyncio.IncompleteReadError, ConnectionError):
                return
            try:
                self.handle(conn, read_request(parse_request(line)))
            except (WireError, Refusal) as error:
                conn.errors += 1
                conn.send(told(error))
                if conn.errors >= MAX_ERRORS:
                    conn.send(Failure("too many bad requests; closing"))
                    return
            except Exception:  # a fault of the service's own: said, logged, and served on
                self.log(f"a request failed:\n{traceback.format_exc().rstrip()}")
                conn.send(Failure("the service could not do this request"))

    # ------------------------------------------------------------------ requests

    def handle(self, conn: Conn, request: Request) -> None:
        """A request read and checked by its definition (`wire.read_request`)."""
        at_table = conn.table is not None
        if isinstance(request, RelayedRequest):
            if conn.relayed or conn.wire is not None or at_table:
                raise Refusal("a connection is relayed by its first line only")
            conn.relayed, conn.relayed_from = True, request.node
            self.log(f"a connection relayed from the club's host {request.node or '(not named)'}")
        elif isinstance(request, HelloRequest):
            self.hello(conn, request)
        elif isinstance(request, PingRequest):
            conn.send(Pong())
        elif isinstance(request, ListRequest):
            conn.send(self.playing() if request.playing else self.listing())
        elif isinstance(request, MatchRequest):
            if at_table:
                raise Refusal(texts.SEATED_ALREADY)
            if conn.wire != WIRE:
                raise version_refusal(conn.wire, request.options.lang)
            self.match(conn, request)
        elif isinstance(request, WatchRequest):
            if at_table:
                raise Refusal(texts.SEATED_ALREADY)
            if conn.wire != WIRE:
                raise version_refusal(conn.wire, None)
            self.watch(conn, request)
        elif isinstance(request, (OpenRequest, JoinRequest)):
            if at_table:
                raise Refusal(texts.SEATED_ALREADY)
            if conn.wire != WIRE:  # none said: a client of protocol 1
                lang = request.options.lang if isinstance(request, OpenRequest) else None
                raise version_refusal(conn.wire, lang)
            if isinstance(request, OpenRequest):
                self.open(conn, request.options)
            else:
                self.join(conn, request)
        elif not at_table:
            raise Refusal(texts.JOIN_FIRST)
        elif conn.watching:
            if not isinstance(request, ChatRequest):
                raise Refusal(texts.WATCHER_PLAYS)
            self.watcher_chat(conn, request)
        elif isinstance(request, ActRequest):
            self.act(conn, request)
        elif isinstance(request, StartRequest):
            self.start_now(conn)
        elif isinstance(request, ChatRequest):
            self.chat(conn, request)
        elif isinstance(request, AgainRequest):
            self.play_again(conn)

    def hello(self, conn: Conn, request: HelloRequest) -> None:
        """The client's protocol version: the service answers with its own (a client of
        another version says which is older, and goes); it opens or joins no table."""
        conn.wire = request.wire
        conn.send(Hello(WIRE))
        if request.wire != WIRE:
            self.log(f"a client of protocol {request.wire} (this service: {WIRE})")

    def open(self, conn: Conn, options: TableOptions) -> None:
        """A table of these options, its opener at seat 0."""
        try:
            rules = Rules.from_mapping(dict(options.rules), source="table")
        except (RulesError, ValueError, TypeError) as error:
            raise Refusal(texts.RULES_INVALID, error=error) from error
        preset = _text(options.preset, "preset")
        if not PRESET_NAME.fullmatch(preset):
            raise Refusal(texts.PRESET_NAME)
        level = options.level or "easy"
        if level not in LEVELS:
            raise Refusal(texts.AI_LEVEL, levels=", ".join(LEVELS))
        timeout = DEFAULT_TIMEOUT if options.timeout is None else options.timeout
        timeout = _number(timeout, "timeout", 0.0, MAX_TIMEOUT)
        pace = _number(DEFAULT_PACE if options.pace is None else options.pace, "pace", 0, MAX_PACE)
        n = rules.players
        people = list(range(n)) if options.people is None else list(options.people)
        if not all(isinstance(s, int) and 0 <= s < n for s in people) or 0 not in people:
            raise Refusal(texts.PEOPLE_SEATS, last=n - 1)
        ai_names = list(options.ai_names or AI_NAMES)
        if len(ai_names) < n - 1:
            raise Refusal(texts.AI_NAMES)
        names = [_name(a) for a in ai_names[:MAX_AI_NAMES]]
        seats = [
            SeatState("human" if s in people else "ai", names[s - 1] if s else "") for s in range(n)
        ]
        lang = options.lang if options.lang in LANGUAGES else "en"
        title = _title(options.title if options.title is not None else preset)
        code = self.new_code()
        table = Table(code, rules, preset, title, level, timeout, pace, lang, seats, names)
        table.hints = options.hints
        table.private = options.private
        table.watch_rule = options.watchers or "read"
        if options.clock is not None:
            table.clock = _number(options.clock, "clock", 0.0, MAX_CLOCK)
        if options.fill is not None:
            fill = _number(options.fill, "the time before AI fills the seats", 0.0, MAX_FILL)
            table.fill_at = table.opened_at + fill
            asyncio.get_running_loop().call_later(fill, self.fill_seats, table)
        self.tables[code] = table
        self.log(f"table {code} opened: {preset}, {n} players, people at {sorted(set(people))}")
        self.sit(conn, table, 0, options)
        self.maybe_start(table)

    def name_ais(self, table: Table) -> None:
        """Before the game: an AI seat never bears a person's name at the table, nor another
        AI's; it takes the next of the table's AI names that nobody has."""
        if table.started:
            return
        people = {s.name for s in table.seats if s.who is not None}
        ais = [s for s in table.seats if s.kind == "ai"]
        used = people | {s.name for s in ais if s.name not in people}
        seen: set[str] = set()
        for state in ais:
            if state.name in people or state.name in seen:
                spare = next((n for n in table.ai_names if n not in used), None)
                state.name = spare or _numbered(state.name, used)
                used.add(state.name)
            seen.add(state.name)

    def new_code(self) -> str:
        while True:
            code = "".join(secrets.choice(CODE_LETTERS) for _ in range(6))
            if code not in self.tables:
                return code

    def join(self, conn: Conn, request: JoinRequest) -> None:
        raw = request.code
        code = normalize_code(raw)
        table = self.tables.get(code) if code else None
        if table is None and code is not None:
            table = self.restore(code)
        if table is None:
            raise Refusal(texts.NO_CODE, code=_show(raw))
        who = _who(request, conn)
        held = [i for i, s in enumerate(table.seats) if s.who == who]
        if held and who.startswith((NAMED, GUEST)) and table.seats[held[0]].conn is not None:
            # Known by a name only: another terminal asking for a name that is at the table.
            raise Refusal(texts.NAME_SEATED, name=shown_name(who))
        if held:
            self.sit(conn, table, held[0], request)
            return
        asked = request.seat  # a whole number, checked by the request's schema
        free = [i for i, s in enumerate(table.seats) if s.kind == "human" and s.who is None]
        if asked is not None:
            if asked not in free:
                raise Refusal(texts.SEAT_TAKEN, seat=_show(asked))
            free = [asked]
        if not free:
            raise Refusal(texts.ALL_TAKEN)
        self.sit(conn, table, free[0], request)
        self.maybe_start(table)

    def sit(self, conn: Conn, table: Table, seat: int, request: TableOptions | JoinRequest) -> None:
        state = table.seats[seat]
        if state.who is None:
            name = _name(request.name or f"Player {seat + 1}")
            taken = {s.name for i, s in enumerate(table.seats) if i != seat and s.who is not None}
            state.name = name if name not in taken else _numbered(name, taken)
            state.who = _who(request, conn)
            self.name_ais(table)
            self.save_meta(table)
        state.open_hands = request.open_hands is True  # as he says now, for the next record
        old = state.conn
        if old is not None:  # the same person from a new connection: the old one goes
            old.table = None
            old.send(texts.failure(Said(texts.TAKEN_OVER, {})))
            old.close()
        state.conn = conn
        state.left_at = None
        conn.table, conn.seat = table, seat
        conn.send(
            Welcome(
                table.code,
                seat,
                table.rules.to_dict(),
                table.preset,
                table.title,
                table.lang,
                table.timeout,
                table.hints,
                table.clock,
                watchers=table.watch_rule,
            )
        )
        if table.game is not None:
            self.send_state(table, seat, [], [], catch_up=True)
        for line in table.chat:  # the table's last lines of chat, told again
            conn.send(dataclasses.replace(line, earlier=True))
        self.tell_club(state)
        self.log(f"table {table.code}: {state.name} sits at seat {seat}")
        self.tell_status(table)
        if table.game is not None:
            self.drive(table)

    def watch(self, conn: Conn, request: WatchRequest) -> None:
        """Watch the table of the request's code at no seat, if its opener allows watchers
        and it has room for one more: told what every seat may see, never a seat's own."""
        raw = request.code
        code = normalize_code(raw)
        table = self.tables.get(code) if code else None
        if table is None and code is not None:
            table = self.restore(code)
        if table is None:
            raise Refusal(texts.NO_CODE, code=_show(raw))
        if table.watch_rule == "none":
            raise Refusal(texts.WATCH_FORBIDDEN, code=table.code)
        if len(table.watchers) >= MAX_WATCHERS:
            raise Refusal(texts.WATCH_FULL, code=table.code, most=MAX_WATCHERS)
        conn.table, conn.seat, conn.watching = table, None, True
        conn.name = _name(request.name or "Watcher")
        table.watchers.append(conn)
        conn.send(
            Welcome(
                table.code,
                PLACE,
                table.rules.to_dict(),
                table.preset,
                table.title,
                table.lang,
                table.timeout,
                table.hints,
                table.clock,
                watcher=True,
                watchers=table.watch_rule,
            )
        )
        if table.game is not None:
            self.send_watcher(table, conn, [], [], catch_up=True)
        if table.watchers_hear:
            for line in table.chat:
                conn.send(dataclasses.replace(line, earlier=True))
        self.log(f"table {table.code}: a watcher comes ({len(table.watchers)} watch)")
        self.tell_status(table)

    def watcher_chat(self, conn: Conn, request: ChatRequest) -> None:
        """A watcher's line of chat, where the opener lets watchers write: marked as a
        watcher's and told to the table and its watchers (the record keeps the players'
        lines only: a watcher is no part of the game)."""
        table = conn.table
        assert table is not None
        text = chat_rules.clean(request.text)
        now = time.monotonic()
        why = chat_rules.refusal(text)
        if table.watch_rule != "chat":
            why = Said(texts.WATCH_NO_CHAT, {})
        elif why is None and conn.chat_pace.wait(now) > 0:
            why = chat_rules.too_fast(conn.chat_pace.wait(now))
        if why is not None:
            conn.send(texts.failure(why, about="chat"))
            return
        conn.chat_pace.wrote(now)
        line = ChatLine(WATCHER, conn.name, text, watcher=True)
        table.chat.append(line)
        self.tell_chat(table, line)

    def start_now(self, conn: Conn) -> None:
        table = conn.table
        assert table is not None
        if conn.seat != 0:
            raise Refusal(texts.ONLY_OPENER)
        if table.started:
            raise Refusal(texts.BEGUN)
        for state in table.seats:
            if state.who is None:
                state.kind = "ai"
        self.name_ais(table)
        self.maybe_start(table)

    # ------------------------------------------------------------------ the lobby

    def listing(self) -> Tables:
        """The public tables waiting for players: the fullest first, then the longest waiting."""
        now = time.monotonic()
        shown = [t.open_table(now) for t in self.tables.values() if t.listed]
        shown.sort(key=lambda t: (t.free, -t.waited, t.code))
        return Tables(tuple(shown))

    def playing(self) -> Tables:
        """The public tables whose game is under way and that may be watched, the longest
        playing first."""
        now = time.monotonic()
        shown = [
            t.open_table(now)
            for t in self.tables.values()
            if t.started and not (t.private or t.closed or t.watch_rule == "none")
            if t.game is not None and not t.game.over
        ]
        shown.sort(key=lambda t: (-t.waited, t.code))
        return Tables(tuple(shown))

    def match(self, conn: Conn, request: MatchRequest) -> None:
        """Quick match: the seat this person holds at a table of the preset still waiting,
        else a free seat at the fullest public one waiting (the longest waiting of equals),
        else a new public table of it that AI fills after `fill` seconds (DEFAULT_FILL). The
        service does one request at a time: two people asking at once meet at one table."""
        options = request.options
        try:
            rules = Rules.from_mapping(dict(options.rules), source="table")
        except (RulesError, ValueError, TypeError) as error:
            raise Refusal(texts.RULES_INVALID, error=error) from error
        join = JoinRequest("", None, options.name, options.who, options.open_hands)
        who = _who(join, conn)
        waiting = [
            t
            for t in self.tables.values()
            if t.preset == options.preset and t.rules == rules and not t.private
            if not (t.started or t.closed)
        ]
        mine = [t for t in waiting if any(s.who == who for s in t.seats)]
        free = [t for t in waiting if t.listed and t not in mine]
        if mine or free:
            fullest = min(free, key=lambda t: (t.open_table(0.0).free, t.opened_at), default=None)
            table = mine[0] if mine else fullest
            assert table is not None
            self.join(conn, dataclasses.replace(join, code=table.code))
            return
        fill = DEFAULT_FILL if options.fill is None else options.fill
        self.open(conn, dataclasses.replace(options, fill=fill))

    def fill_seats(self, table: Table) -> None:
        """The time its opener set has passed: AI takes the seats still free, and it begins."""
        if table.closed or table.started or self.tables.get(table.code) is not table:
            return
        for state in table.seats:
            if state.who is None:
                state.kind = "ai"
        self.name_ais(table)
        self.log(f"table {table.code}: AI takes the free seats")
        self.maybe_start(table)

    def maybe_start(self, table: Table) -> None:
        if table.started or any(s.kind == "human" and s.who is None for s in table.seats):
            self.tell_status(table)
            return
        self.begin_game(table)

    def play_again(self, conn: Conn) -> None:
        """Game over: the person of this seat will play again with the same people. When
        every person at the table has asked, a new game begins at it."""
        table, seat = conn.table, conn.seat
        assert table is not None and seat is not None
        if table.game is None or not table.game.over:
            raise Refusal(texts.NOT_OVER)
        if seat in table.again:
            return  # asked already: nothing new to tell
        table.again.add(seat)
        self.log(f"table {table.code}: {table.seats[seat].name} (seat {seat}) plays again")
        people = {i for i, s in enumerate(table.seats) if s.kind == "human" and s.who is not None}
        if not people <= table.again:
            self.tell_status(table)
            return
        # Everyone: a new game of the same seats (AI seats stay AI), its own record, and the
        # next player deals first.
        old = table.game
        if table.writer is not None:
            with contextlib.suppress(OSError, ValueError):
                table.writer.close()
            table.writer = None
        n = len(table.seats)
        table.first_dealer = (old.first_dealer + 1) % n
        table.seed = random.randrange(1, 2**31)
        table.again = set()
        table.game = None
        table.deal_events = []
        for state in table.seats:
            state.player = None  # the AI of each seat starts afresh, of the new seed
        self.log(f"table {table.code}: everyone plays again")
        self.begin_game(table, again=True)

    def begin_game(self, table: Table, again: bool = False) -> None:
        """The game of the table begins (`again`: a new one, after a game over): its record
        is made, everyone is told its start."""
        players = []
        for state in table.seats:
            if state.kind == "human":
                players.append(PlayerInfo(state.name, "human"))
            else:
                players.append(PlayerInfo(state.name, "ai", table.level))
        try:
            table.writer = open_new_record(table.preset, base=self.base)
        except OSError as error:
            self.fail(table, f"its record could not be made ({error.strerror or error})")
            return
        table.game = Game(
            table.rules,
            table.seed,
            players,
            first_dealer=(
                first_dealer_of(table.seed, len(players))
                if table.first_dealer is None
                else table.first_dealer
            ),
            preset=table.preset,
            sink=self.sealing_sink(table),
            lang=table.lang,
            table=table.code,
            people=[s.who if s.kind == "human" else None for s in table.seats],
        )
        unwritten, table.unwritten = table.unwritten, []
        for line in unwritten:  # the waiting room's chat, after the record's `game` line
            self.sink(table)(line)
        if table.broken is not None:
            self.fail(table, table.broken)
            return
        table.moved_at = time.monotonic()
        self.log(f"table {table.code}: the game begins, record {table.writer.path}")
        self.save_meta(table)
        events = table.game.take_start_events()
        self.tell_status(table)
        if again:
            table.turn += 1  # the clients' views of the old game are done with
            table.keep_deal_events(events)
            for seat, state in enumerate(table.seats):
                if state.conn is not None:
                    self.send_state(table, seat, events, [], again=True)
            for conn in table.watchers:
                self.send_watcher(table, conn, events, [], again=True)
        else:
            self.broadcast(table, events, None)
        self.drive(table)

    # ------------------------------------------------------------------ chat

    def chat(self, conn: Conn, request: ChatRequest) -> None:
        """A line of chat from the person of the connection's seat: cleaned, checked, written
        to the record and told to everyone at the table, the writer included. In the waiting
        room, before the record begins, its last KEPT lines wait to be written when the game
        begins. A line refused is answered with an error about the chat, and changes nothing;
        it is not counted as a bad request (a person who writes fast is no fault of his
        program)."""
        table, seat = conn.table, conn.seat
        assert table is not None and seat is not None
        state = table.seats[seat]
        text = chat_rules.clean(request.text)
        now = time.monotonic()
        why = chat_rules.refusal(text)
        if state.kind != "human" or state.conn is not conn:
            why = Said(texts.CHAT_SEATED, {})
        elif why is None and state.chat_pace.wait(now) > 0:
            why = chat_rules.too_fast(state.chat_pace.wait(now))
        if why is None:
            at = datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
            recorded = chat_rules.record_line(seat, state.name, text, at)
            try:
                if table.writer is None:  # the waiting room: the record begins with the game
                    table.unwritten = [*table.unwritten[-(chat_rules.KEPT - 1) :], recorded]
                else:
                    table.writer.write(recorded)
            except (OSError, ValueError) as error:
                self.log(f"table {table.code}: a chat line could not be written: {error!r}")
                why = Said(texts.CHAT_UNSAVED, {})
        if why is not None:
            conn.send(texts.failure(why, about="chat"))
            return
        state.chat_pace.wrote(now)
        line = ChatLine(seat, state.name, text)
        table.chat.append(line)
        self.tell_chat(table, line)

    def tell_chat(self, table: Table, line: ChatLine) -> None:
        """A line of chat to everyone at the table, and to the watchers who read it."""
        for other in [*table.conns(), *(table.watchers if table.watchers_hear else ())]:
            other.send(line)

    # ------------------------------------------------------------------ decisions

    def act(self, conn: Conn, request: ActRequest) -> None:
        """A person's decision: the fields `wire.WireAction` allows, for the connection's seat.
        What is played is the engine's own legal action equal to it, never the client's. It
        is acknowledged with the client's `seq` once told, or refused with it."""
        table, seat = conn.table, conn.seat
        assert table is not None and seat is not None
        game = table.game
        if game is None:
            raise Refusal(texts.NOT_BEGUN)
        wanted = request.action.for_seat(seat)
        if game.to_move != seat:
            conn.send(Refused("it is not your turn", request.seq))
            return
        action = engine_action(game, wanted)
        if action is None:
            conn.send(Refused(game.deal.refusal(wanted).english(), request.seq))
            return
        if wanted.hinted:
            action = dataclasses.replace(action, hinted=True)
        reason = self.apply(table, action)
        if reason is not None:
            conn.send(Refused(reason, request.seq))
        elif conn.table is table:  # not when the table stopped on it
            conn.send(Acked(request.seq))

    def apply(self, table: Table, action: Action) -> str | None:
        game = table.game
        assert game is not None
        deal = game.deal
        if not replayable(action):
            return f"{action.describe()} cannot be written to the record"
        try:
            events = game.apply(action)  # its record lines are written as it goes (`sink`)
        except IllegalAction as error:
            return str(error)
        except Exception:
            self.log(traceback.format_exc().rstrip())
            self.fail(table, f"the game could not take {action.describe()}")
            return None
        if table.broken is not None:  # applied here but not saved: the table stops, and
            self.fail(table, table.broken)  # opens again from its record as it was before
            return None
        table.turn += 1
        table.thinking = None
        table.ai_faults = 0
        table.moved_at = time.monotonic()
        try:
            self.broadcast(table, events, deal)
            self.drive(table)
        except Exception:
            self.log(traceback.format_exc().rstrip())
            self.fail(table, "the service could not tell the move")
        return None

    def sink(self, table: Table) -> Callable[[dict[str, Any]], None]:
        """Where the game writes its record lines: the table's record. A line that cannot
        be written marks the table broken, and no line is written after it."""

        def write(line: dict[str, Any]) -> None:
            if table.broken is not None:
                return
            try:
                if table.writer is None:
                    raise ValueError("the record is closed")
                table.writer.write(line)
            except Exception as error:
                table.broken = f"its record could not be written ({error})"

        return write

    def sealing_sink(self, table: Table) -> Callable[[dict[str, Any]], None]:
        """`sink`, whose `game` line says whether each person lets the others see his hands
        once the game is over (null for an AI's seat), sealed by the data folder's secret so
        that a viewer can trust it (`store/seal.py`); without a secret, left unsealed (and no
        hand is opened by it)."""
        write = self.sink(table)
        consent = [s.open_hands if s.kind == "human" else None for s in table.seats]
        try:
            key = record_key(self.base, make=True)
        except OSError as error:
            self.log(f"table {table.code}: no secret to seal its record with ({error!r})")
            key = None

        def seal_first(line: dict[str, Any]) -> None:
            if line.get("type") == "game":
                line = {**line, OPEN_HANDS: consent}
                if key is not None:
                    line = sealed(line, key)
            write(line)

        return seal_first

    def fail(self, table: Table, why: str) -> None:
        """Stop a table that cannot go on: its players are told and let go, its record and
        its file kept, so that a `join` with its code opens it again from the record."""
        self.log(f"table {table.code} stopped: {why}")
        message = texts.failure(Said(texts.STOPPED, {"why": why, "code": table.code}))
        for state in table.seats:
            conn, state.conn = state.conn, None
            if conn is not None:
                conn.table = conn.seat = None
                conn.send(message)
                conn.close()
        for conn in table.watchers:
            conn.send(message)
        self.close_table(table)
        if self.tables.get(table.code) is table:
            del self.tables[table.code]

    def drive(self, table: Table) -> None:
        """Ask whoever is to move: nobody for a person at the table (his client decides),
        an AI for an AI seat or for a person away longer than the table's timeout."""
        game = table.game
        if table.timer is not None:
            table.timer.cancel()
            table.timer = None
        if table.clock_timer is not None:
            table.clock_timer.cancel()
            table.clock_timer = None
        if game is None or game.over or game.to_move is None:
            return
        seat = game.to_move
        now = time.monotonic()
        if not table.ai_plays(seat, now):
            state = table.seats[seat]
            loop = asyncio.get_running_loop()
            if state.conn is None:  # away: an AI steps in when the timeout has passed
                due = (state.left_at or now) + table.timeout - now
                table.timer = loop.call_later(max(0.0, due) + 0.01, self.stand_in, table)
            left = table.clock_left(now)
            if left is not None and table.conns():  # the move clock runs out
                table.clock_timer = loop.call_later(
                    left + 0.01, self.clock_ran_out, table, table.turn
                )
            return
        if table.thinking == table.turn:
            return
        table.thinking = table.turn
        task = asyncio.get_running_loop().create_task(self.think(table, seat, table.turn))
        self.thinking[task] = table
        task.add_done_callback(self.thought)

    def thought(self, task: asyncio.Task[None]) -> None:
        """An AI decision ended. One that failed past the AI's own choice (which `think`
        covers) is logged, its players told, and tried again, AI_RETRIES times a turn; then
        the table stops, rather than waiting for a move forever."""
        table = self.thinking.pop(task)
        if task.cancelled() or table.closed:
            return
        error = task.exception()
        if error is None:
            return
        trace = "".join(traceback.format_exception(error)).rstrip()
        self.log(f"table {table.code}: an AI decision failed:\n{trace}")
        table.thinking = None
        table.ai_faults += 1
        if table.ai_faults > AI_RETRIES:
            self.fail(table, "the service failed while playing for an AI seat")
            return
        game = table.game
        seat = game.to_move if game is not None else None
        for conn in table.conns():
            conn.send(Notice("ai_retry", seat))
        asyncio.get_running_loop().call_later(AI_RETRY_WAIT, self.retry, table)

    def retry(self, table: Table) -> None:
        """An AI decision that failed, tried again (the table may have moved on meanwhile)."""
        if not table.closed and self.tables.get(table.code) is table:
            self.drive(table)

    def clock_ran_out(self, table: Table, turn: int) -> None:
        """The move clock of this turn ran out: everyone is told, an AI decides for him."""
        table.clock_timer = None
        game = table.game
        if table.closed or table.turn != turn or game is None or game.to_move is None:
            return
        if self.tables.get(table.code) is not table or not table.conns():
            return
        seat = game.to_move
        table.clock_out = turn
        self.log(f"table {table.code}: the time of seat {seat} for its decision ran out")
        for conn in table.conns():
            conn.send(Notice("clock_out", seat))
        self.drive(table)

    def stand_in(self, table: Table) -> None:
        """The timeout of a person away has passed: the others are told, an AI plays."""
        table.timer = None
        self.tell_status(table)
        self.drive(table)

    async def think(self, table: Table, seat: int, turn: int) -> None:
        game = table.game
        assert game is not None
        view = game.view(seat)
        player = table.player(seat)
        from ..ai.scheduler import decide  # the AI's work, by priority (moves first)

        try:
            action = await asyncio.to_thread(decide, player, view)
        except Exception as error:  # an AI that fails must not stop the table
            self.log(f"table {table.code}: the AI at seat {seat} failed: {error!r}")
            table.seats[seat].player = None
            action = random.Random(turn).choice(game.legal_actions(seat))
        wait = table.pace - (time.monotonic() - table.moved_at)
        if wait > 0:
            await asyncio.sleep(wait)
        if table.turn != turn or table.game is not game or table.closed:
            return
        if not table.ai_plays(seat, time.monotonic()):
            table.thinking = None  # its person came back: the decision is his
            self.drive(table)
            return
        chosen = engine_action(game, action) if action.seat == seat else None
        reason = "not a legal action" if chosen is None else self.apply(table, chosen)
        if reason is not None:
            self.log(f"table {table.code}: the AI at seat {seat} chose badly: {reason}")
            table.thinking = None
            chosen = random.Random(turn).choice(game.legal_actions(seat))
            reason = self.apply(table, chosen)
        if reason is None and chosen is not None:
            table.seats[seat].played_for(chosen)

    # ------------------------------------------------------------------ telling

    def broadcast(self, table: Table, events: list[Event], deal: Deal | None) -> None:
        table.keep_deal_events(events)
        tricks: list[tuple[int, Trick]] = []
        if deal is not None:
            for event in events:
                if isinstance(event, TrickTaken) and 0 < event.number <= len(deal.tricks):
                    tricks.append((event.number, deal.tricks[event.number - 1]))
        # A deal that ended: each seat is told its own view of it as it ended, with the
        # scores its result gives (the game has moved on to the next deal meanwhile).
        settled = next((e.result for e in events if isinstance(e, DealSettled)), None)
        ended = deal if settled is not None else None
        for seat, state in enumerate(table.seats):
            if state.conn is not None:
                self.send_state(table, seat, events, tricks, ended=ended, settled=settled)
        for conn in table.watchers:
            self.send_watcher(table, conn, events, tricks, ended=ended, settled=settled)

    def send_state(
        self,
        table: Table,
        seat: int,
        events: list[Event],
        tricks: list[tuple[int, Trick]],
        catch_up: bool = False,
        ended: Deal | None = None,
        settled: Settlement | None = None,
        again: bool = False,
    ) -> None:
        game = table.game
        conn = table.seats[seat].conn
        if game is None or conn is None:
            return
        shown = tuple(e for e in (for_seat(event, seat) for event in events) if e is not None)
        message = StateUpdate(
            table.turn,
            shown,
            game.view(seat),
            tuple(game.players),
            tricks=tuple(tricks),
            clock=table.clock_left(time.monotonic()),
        )
        if again:  # a new game at the table: its results begin afresh
            message = dataclasses.replace(message, again=True, results=())
        if ended is not None and settled is not None:
            view = seat_view(ended, seat, game.names, settled.winner)
            message = dataclasses.replace(message, ended=view._replace(match=settled.state))
        if catch_up:
            # The deal so far, as this seat saw it: its log is rebuilt from it.
            so_far = (for_seat(event, seat) for event in table.deal_events)
            message = dataclasses.replace(
                message,
                results=tuple(game.results),
                deal=tuple(e for e in so_far if e is not None),
            )
            state = table.seats[seat]
            if state.away:  # what an AI played for him while he was away: told once
                away = tuple(own_actions(state.away, seat))
                message = dataclasses.replace(message, away=away, away_count=state.away_count)
                state.away, state.away_count = [], 0
        conn.send(message)

    def send_watcher(
        self,
        table: Table,
        conn: Conn,
        events: list[Event],
        tricks: list[tuple[int, Trick]],
        catch_up: bool = False,
        ended: Deal | None = None,
        settled: Settlement | None = None,
        again: bool = False,
    ) -> None:
        """A watcher's update: what every seat may see (`watch`), never a seat's own."""
        game = table.game
        if game is None:
            return
        view = public_view(game.deal, game.names, game.winner)
        if game.winner is not None:  # the game is over: the scores its last deal left
            view = view._replace(match=game.match)
        message = StateUpdate(
            table.turn,
            public_events(events),
            view,
            tuple(game.players),
            tricks=tuple(tricks),
            clock=table.clock_left(time.monotonic()),
        )
        if again:
            message = dataclasses.replace(message, again=True, results=())
        if ended is not None and settled is not None:
            view = public_view(ended, game.names, settled.winner)
            message = dataclasses.replace(message, ended=view._replace(match=settled.state))
        if catch_up:
            message = dataclasses.replace(
                message, results=tuple(game.results), deal=public_events(table.deal_events)
            )
        conn.send(message)

    def tell_status(self, table: Table) -> None:
        status = table.status()
        for conn in [*table.conns(), *table.watchers]:
            conn.send(status)

    def gone(self, conn: Conn) -> None:
        """A client's connection ended: its person keeps the seat, away from now on."""
        table, seat = conn.table, conn.seat
        if table is not None and conn in table.watchers:
            table.watchers.remove(conn)
            self.log(f"table {table.code}: a watcher went ({len(table.watchers)} watch)")
            self.tell_status(table)
            return
        if table is None or seat is None:
            return
        state = table.seats[seat]
        if state.conn is not conn:
            return
        state.conn = None
        state.left_at = time.monotonic()
        self.log(f"table {table.code}: {state.name} (seat {seat}) went away")
        self.tell_status(table)
        if table.game is not None:
            self.drive(table)


# ---------------------------------------------------------------------- checks


def engine_action(game: Game, wanted: Action) -> Action | None:
    """The engine's own legal action of `wanted`'s seat equal to it (the same decision), or
    None when the rules do not allow it now."""
    for action in game.legal_actions(wanted.seat):
        if action == wanted:
            return action
    return None


def replayable(action: Action) -> bool:
    """Whether `action`'s record line is JSON that reads back as the same decision, noted
    the same way: a line that can be written and replayed."""
    try:
        line = record_line(action)
        again = Action.from_record(json.loads(json.dumps(line)))
    except (TypeError, ValueError):
        return False
    return again == action and record_line(again) == line


def kept_chat(lines: list[dict[str, Any]], seats: int) -> list[ChatLine]:
    """The last chat lines of a record that can be told again (a record edited by hand is
    read as carefully as a client's line: cleaned, and its other lines left out)."""
    kept: list[ChatLine] = []
    for line in lines[-chat_rules.KEPT :]:
        seat, name, text = line.get("seat"), line.get("name"), line.get("text")
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < seats:
            continue
        if not isinstance(name, str) or not isinstance(text, str):
            continue
        text, name = chat_rules.clean(text), chat_rules.clean(name)[:MAX_NAME]
        if chat_rules.refusal(text) is None:
            kept.append(ChatLine(seat, name, text))
    return kept


def _show(value: Any, limit: int = 30) -> str:
    shown = ascii(value) if isinstance(value, str) else ascii(json.dumps(value))[1:-1]
    return shown if len(shown) <= limit else shown[: limit - 3] + "..."


def _reason(error: BaseException) -> str:
    """An exception in a few words for a person: its text, or its kind."""
    text = ascii(str(error))[1:-1][:120] if str(error) else type(error).__name__
    return text if not isinstance(error, KeyError) else f"{text} is missing"


def _text(value: Any, what: str) -> str:
    if not isinstance(value, str) or not value or len(value) > 200:
        raise Refusal(texts.SHORT_TEXT, what=what)
    return value


def _name(value: Any) -> str:
    if not isinstance(value, str):
        raise Refusal(texts.NAME_TEXT)
    clean = one_line(value)
    if fault(clean, MAX_NAME) is not None:
        raise Refusal(texts.NAME_PRINTABLE, most=MAX_NAME)
    return clean


def _title(value: Any) -> str:
    """A table's title, checked as a name is (a preset's title, checked when it was read)."""
    clean = one_line(_text(value, "title"))
    if fault(clean, MAX_TITLE) is not None:
        raise Refusal(texts.TITLE_PRINTABLE, most=MAX_TITLE)
    return clean


def _numbered(name: str, taken: set[str]) -> str:
    """`name` with the first number that makes it free: "Anna 2", "Anna 3"..."""
    number = 2
    while f"{name[: MAX_NAME - 3]} {number}" in taken:
        number += 1
    return f"{name[: MAX_NAME - 3]} {number}"


def _who(request: TableOptions | JoinRequest, conn: Conn) -> str:
    """Who a person is: the id the SSH login gave (its key), else the name. Through a relay
    from another host of the club, the id that host states, if it may (`relayed_id`): the
    person is that host's (name-only: `name@NODE:NAME` in the record), never this host's."""
    who = request.who
    if conn.relayed:
        node = conn.relayed_from
        if who is None and node is not None:  # not stated (a host of before): its name-only
            return f"{GUEST}{node}:{_name(request.name or 'Player')}"
        found = None if who is None else relayed_id(who, node)
        if found is None:
            if node is None:
                raise Refusal(texts.RELAY_NO_HOST)
            raise Refusal(texts.RELAY_NOT_ITS_OWN, node=node)
        return found
    if who is not None and 0 < len(who) <= 80 and who.isprintable():
        return who
    return NAMED + _name(request.name or "Player")


def _number(value: Any, what: str, low: float, high: float) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not low <= value <= high:
        raise Refusal(texts.SECONDS, what=what, low=f"{low:g}", high=f"{high:g}")
    return float(value)


def main(argv: list[str] | None = None) -> int:
    """`python -m thousand_tui.tables.service --data FOLDER`: serve the tables of the data
    folder until none is open (without `--data`, that of the environment)."""
    import argparse

    parser = argparse.ArgumentParser(prog="python -m thousand_tui.tables.service")
    parser.add_argument("--idle", type=float, default=IDLE_EXIT, help="seconds idle before ending")
    parser.add_argument("--abandon", type=float, default=ABANDON, help="seconds a game waits")
    parser.add_argument("--max-pending", type=int, default=MAX_PENDING, help="bytes per client")
    parser.add_argument(
        "--conn-timeout",
        type=float,
        default=CONN_TIMEOUT,
        help="seconds a connection at no table may stay silent",
    )
    Host.add_arguments(parser)  # what it runs as and where: `Host.argv` of who started it
    options = parser.parse_args(argv)
    host = Host.from_args(options)
    # Its socket, its files and the records of its tables are the owner's; started by a
    # hosted session, it runs at the priority of the sessions, and so do its AI's workers.
    daemon.become(place(host.data_dir), host.hosted)
    from ..ai.pool import use_host

    use_host(host)
    directory = None
    if host.database:
        from .directory import Publisher

        directory = Publisher(host, Service.log)
    service = Service(
        host.data_dir,
        options.idle,
        options.abandon,
        options.max_pending,
        options.conn_timeout,
        directory,
    )
    return asyncio.run(service.run())


if __name__ == "__main__":
    sys.exit(main())
