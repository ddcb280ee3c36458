"""A client of the table service, without a screen: it connects (starting the service when
nobody listens), sends requests and reads the service's messages in a thread of its own.

`open_table(options)`, `quick_match(options)` (a `wire.TableOptions`, made once by the front
end) and `join_table(code, ...)` are what a front end calls (the table screen, a start screen,
the tests); each returns a `TableClient` that has been welcomed at its seat.
"""

from __future__ import annotations

import contextlib
import os
import queue
import socket
import subprocess
import threading
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import TypeVar

from .. import daemon
from ..engine.actions import Action
from ..engine.rules import Rules, RulesError
from ..plaintext import one_line
from ..priority import DATABASE_ENV, LOCAL, Host
from ..private import private_dir
from ..sockets import connect
from ..store.catalog import FILE_REASONS, file_problem
from ..translations import Spoken
from .service import LOG_NAME, place, socket_path, tables_dir
from .texts import said_of
from .wire import (
    MAX_SERVICE_LINE,
    WIRE,
    ActRequest,
    ChatRequest,
    Closed,
    Failure,
    Hello,
    HelloRequest,
    JoinRequest,
    ListRequest,
    MatchRequest,
    Message,
    OpenRequest,
    OpenTable,
    Request,
    TableOptions,
    Tables,
    WatchRequest,
    Welcome,
    WireAction,
    WireError,
    dump_request,
    load,
    read_message,
)

START_WAIT = 10.0  # seconds to wait for a service just started
RELAY_END = 5.0  # seconds a relay to another host has to end once its client closed
M = TypeVar("M", bound=Message)


class TableError(Spoken):
    """The table cannot be reached or refused the request; the text says why (in the
    player's language with `in_language` when the service said one of its texts)."""

    @classmethod
    def told(cls, message: Failure) -> TableError:
        """The error of a service's Failure."""
        said = said_of(message)
        return cls(message.error) if said is None else cls(said.text, **said.values)


class WireMismatch(TableError):
    """The table service speaks another version of the protocol (`theirs`; 1 for a service
    that has no `hello`): the two cannot play together. `older`: the service is the older."""

    def __init__(self, theirs: int) -> None:
        self.theirs, self.ours = theirs, WIRE
        self.older = theirs < WIRE
        if self.older:
            text = (
                f"the table service runs an older thousand (protocol {theirs}; this one speaks "
                f"{WIRE}): leave every table of this account, the service ends a few seconds "
                "after the last one, and open or join again"
            )
        else:
            text = (
                f"the table service runs a newer thousand (protocol {theirs}; this one speaks "
                f"{WIRE}): install the same version here, then open or join again"
            )
        super().__init__(text)

    @property
    def key(self) -> str:
        """Its text's key among the screens' messages (with `theirs` and `ours`)."""
        return "shared_wire_older" if self.older else "shared_wire_newer"


Received = Message | Closed  # what a client is given: the service's messages, then Closed


class TableClient:
    def __init__(self, sock: socket.socket) -> None:
        self.sock = sock
        self.messages: queue.Queue[Received] = queue.Queue()
        self.on_message: Callable[[Received], None] | None = None
        self.closed = False
        self.rules: Rules | None = None  # the table's conventions, once welcomed
        self.seq = 0  # the sequence number of the last `act` sent
        self.relay: subprocess.Popen[bytes] | None = None  # to another host's service
        self._send_lock = threading.Lock()
        self._deliver_lock = threading.Lock()
        self._reader = threading.Thread(target=self._read, daemon=True, name="table-reader")
        self._reader.start()

    # ------------------------------------------------------------------ connecting

    @classmethod
    def connect(
        cls,
        base: Path | None = None,
        start: bool = True,
        host: Host = LOCAL,
    ) -> TableClient:
        """Connect to the service of the data directory `base`, starting it if needed, and
        make sure it speaks this protocol (WireMismatch if not). `host`: what the program
        runs as (a hosted player is told to tell the host of a file that cannot be used)."""
        base = base or host.data_dir
        try:
            sock = daemon.reach(
                place(base), (lambda: start_service(base, host)) if start else None, START_WAIT
            )
        except OSError as error:
            raise _reach_error(error, socket_path(base), host) from error
        except daemon.NoAnswer as error:
            raise TableError(
                f"the table service does not answer (see {tables_dir(base)}/{LOG_NAME})"
            ) from error
        client = cls(sock)
        try:
            client.greet()
        except TableError:
            client.close()
            raise
        return client

    def greet(self) -> None:
        """Say `hello` with this protocol's version; the service answers with its own."""
        self.send(HelloRequest(WIRE))
        answer = self.recv(START_WAIT)
        if isinstance(answer, Hello):
            if answer.wire != WIRE:
                raise WireMismatch(answer.wire)
            return
        if isinstance(answer, Failure) and answer.error.startswith("unknown request"):
            raise WireMismatch(1)  # a service of before `hello`, which does not know it
        if isinstance(answer, Failure):
            raise TableError.told(answer)
        raise TableError(
            answer.why
            if isinstance(answer, Closed) and answer.why
            else "the table service closed the connection"
        )

    # ------------------------------------------------------------------ messages

    def send(self, request: Request) -> None:
        data = dump_request(request)
        try:
            with self._send_lock:
                self.sock.sendall(data)
        except OSError as error:
            raise TableError(f"the table is gone ({error.strerror or error})") from error

    def act(self, action: Action) -> int:
        """Send a decision of this seat; its sequence number, which the service's `ack`
        (or `refused`) gives back."""
        self.seq += 1
        self.send(ActRequest(WireAction.of(action), self.seq))
        return self.seq

    def chat(self, text: str) -> None:
        """Send a line of chat for everyone at the table (the service cleans and checks it,
        and tells it back to this seat too, or says why not)."""
        self.send(ChatRequest(text))

    def recv(self, timeout: float = 5.0) -> Received:
        """The next message (Closed when the connection ended); TableError after `timeout`."""
        try:
            return self.messages.get(timeout=timeout)
        except queue.Empty as error:
            raise TableError(f"no message from the table in {timeout:g} s") from error

    def wait_for(self, kind: type[M], timeout: float = 5.0) -> M:
        """Read messages until one of `kind` (an error first raises TableError)."""
        deadline = time.monotonic() + timeout
        while True:
            message = self.recv(max(0.0, deadline - time.monotonic()))
            if isinstance(message, kind):
                return message
            if isinstance(message, Closed):
                raise TableError(message.why or "the table closed the connection")
            if isinstance(message, Failure):
                raise TableError.told(message)

    def _read(self) -> None:
        buffer = b""
        why: str | None = None
        try:
            while True:
                chunk = self.sock.recv(65536)
                if not chunk:
                    break
                buffer += chunk
                while b"\n" in buffer:
                    line, buffer = buffer.split(b"\n", 1)
                    self._deliver(self._message(line))
                if len(buffer) > MAX_SERVICE_LINE:
                    why = "a message from the table service is too long"
                    break
        except OSError:
            pass
        except WireError as error:
            why = f"a message from the table service cannot be read: {error}"
        if why is not None:  # nothing more is read: the service is told the seat is away
            with contextlib.suppress(OSError):
                self.sock.shutdown(socket.SHUT_RDWR)
        self.closed = True
        self._deliver(Closed(why))

    def _message(self, line: bytes) -> Message:
        message = read_message(load(line), self.rules)
        if isinstance(message, Welcome):  # the conventions its views name from now on
            try:
                self.rules = Rules.from_mapping(dict(message.rules), source="table")
            except (RulesError, ValueError, TypeError) as error:
                raise WireError(f"the table's conventions cannot be read: {error}") from error
        return message

    def _deliver(self, message: Received) -> None:
        with self._deliver_lock:
            if self.on_message is not None:
                self.on_message(message)
            else:
                self.messages.put(message)

    def listen(self, on_message: Callable[[Received], None]) -> None:
        """From now on, give every message to `on_message` (those waiting first, in order)."""
        with self._deliver_lock:
            while not self.messages.empty():
                on_message(self.messages.get_nowait())
            self.on_message = on_message

    def close(self) -> None:
        self.closed = True
        with contextlib.suppress(OSError):
            self.sock.shutdown(socket.SHUT_RDWR)
        self.sock.close()
        if self.relay is not None:  # its end reads the socket's end, and ends with it
            try:
                self.relay.wait(RELAY_END)
            except subprocess.TimeoutExpired:
                self.relay.kill()
                self.relay.wait()

    @classmethod
    def through_relay(cls, address: str, host: Host) -> TableClient:
        """A client of the table service of another host of the club (`tables.relay`)."""
        from ..store.index import node_name
        from .transport import RelayError, reach

        try:
            sock, process = reach(address, host.database, node_name(host))
        except (RelayError, OSError) as error:
            raise TableError(f"cannot reach the table's host: {error}") from error
        client = cls(sock)
        client.relay = process
        try:
            client.greet()
        except TableError:
            client.close()
            raise
        return client


def _try_connect(path: Path, host: Host) -> socket.socket | None:
    try:
        return connect(path)
    except OSError as error:
        raise _reach_error(error, path, host) from error


def _reach_error(error: OSError, path: Path, host: Host) -> TableError:
    if error.errno in FILE_REASONS:  # e.g. the data folder below a file
        return _file_error(error, host, path)
    return TableError(f"cannot reach the table service: {error.strerror or error}")


def _file_error(error: OSError, host: Host, path: Path | None = None) -> TableError:
    """The table's error of a file or folder of the service that cannot be used (the data
    folder on a read-only disk), said in the player's language."""
    said = file_problem(error, host, path)
    return TableError(said.text, **said.values)


def start_service(base: Path, host: Host = LOCAL) -> subprocess.Popen[bytes]:
    """Start the service of the data folder `base` in the background (`daemon.spawn`: in a
    session of its own, in its private folder); two at once are harmless. It is told what it
    runs as, and where, by its arguments (`Host.argv`)."""
    told = replace(host, data=base).argv()
    # The club database's URL by the environment, never on a command line (it may hold a
    # password); the service reads it back (`Host.from_args`).
    env = {**os.environ, DATABASE_ENV: host.database} if host.database else None
    try:
        private_dir(base)
        return daemon.spawn(place(base), ["-m", "thousand_tui.tables.service", *told], env)
    except OSError as error:  # a data folder it cannot write: said, never a traceback
        raise _file_error(error, host) from error


# ---------------------------------------------------------------------- opening and joining


def open_table(
    options: TableOptions,
    *,
    base: Path | None = None,
    on_message: Callable[[Received], None] | None = None,
    host: Host = LOCAL,
) -> tuple[TableClient, Welcome]:
    """Open a table of `options` and sit at seat 0: the client and the service's welcome
    (with the table's `code`). With `hints`, each person may ask for a hint at his own
    decisions (computed from what his seat sees). A `private` table stays out of the lobby;
    with `fill`, AI takes the seats still free after that many seconds, and it begins."""
    return _request(OpenRequest(options), base, on_message, host)


def join_table(
    code: str,
    *,
    name: str | None = None,
    who: str | None = None,
    seat: int | None = None,
    base: Path | None = None,
    on_message: Callable[[Received], None] | None = None,
    host: Host = LOCAL,
    open_hands: bool = False,
) -> tuple[TableClient, Welcome]:
    """Join the table of `code` (again, if this person sat there before); `open_hands`: he
    lets the others see his hands once the game is over."""
    return _request(JoinRequest(code, seat, name, who, open_hands or None), base, on_message, host)


def watch_table(
    code: str,
    *,
    name: str | None = None,
    base: Path | None = None,
    on_message: Callable[[Received], None] | None = None,
    host: Host = LOCAL,
) -> tuple[TableClient, Welcome]:
    """Watch the table of `code` at no seat (its welcome says `watcher`): told what every
    seat may see, never a seat's own cards."""
    return _request(WatchRequest(code, name), base, on_message, host)


def list_tables(
    base: Path | None = None, timeout: float = 5.0, host: Host = LOCAL, playing: bool = False
) -> tuple[OpenTable, ...]:
    """The lobby: the public tables of this account's service waiting for players, the
    fullest first (`playing`: those whose game is under way, that may be watched), then
    those of the club's other hosts (a club database's directory of open tables). No service
    running means no table waiting here: none is started for this."""
    client = TableClient.connect(base, False, host) if _listening(base, host) else None
    found: tuple[OpenTable, ...] = ()
    if client is not None:
        try:
            client.send(ListRequest(True if playing else None))
            found = client.wait_for(Tables, timeout).tables
        finally:
            client.close()
    if not host.database:
        return found
    from .directory import PLAYING, WAITING, elsewhere

    state = PLAYING if playing else WAITING
    mine = {table.code for table in found}
    others = [e.table for e in elsewhere(host) if e.state == state and e.table.code not in mine]
    others.sort(key=lambda t: (t.free, -t.waited, t.code) if not playing else (-t.waited, t.code))
    return found + tuple(others)


def _listening(base: Path | None, host: Host) -> bool:
    sock = _try_connect(socket_path(base or host.data_dir), host)
    if sock is None:
        return False
    sock.close()
    return True


def quick_match(
    options: TableOptions,
    *,
    base: Path | None = None,
    on_message: Callable[[Received], None] | None = None,
    host: Host = LOCAL,
) -> tuple[TableClient, Welcome]:
    """Quick match: sit at the fullest public table of `options`' preset (and conventions)
    waiting for players, else open one of `options`, which AI fills after `fill` seconds
    (the service's default if None). The options name no seats for people and are not
    private (WireError if they do)."""
    return _request(MatchRequest(options), base, on_message, host)


def _client_for(
    request: OpenRequest | JoinRequest | MatchRequest | WatchRequest,
    base: Path | None,
    host: Host,
) -> TableClient:
    """The client of the service that plays the table asked for: this host's, or, for a code
    that another host of the club plays (its directory says so), that host's through its
    relay."""
    if host.database and isinstance(request, (JoinRequest, WatchRequest)):
        from .directory import where
        from .service import normalize_code

        code = normalize_code(request.code)
        listed = where(host, code) if code is not None else None
        if listed is not None:
            return TableClient.through_relay(listed.relay, host)
    return TableClient.connect(base, host=host)


def _stated(request: JoinRequest, host: Host) -> JoinRequest:
    """A join relayed to another host's table: who this host's person is, as this host knows
    him (his key's id, else `name:NODE:NAME`: this host's, not the table's host's)."""
    if request.who is not None:
        return request
    from ..store.index import node_name
    from ..store.people import stated_id

    name = one_line(request.name or "Player")
    return replace(request, who=stated_id(node_name(host), name))


def _request(
    request: OpenRequest | JoinRequest | MatchRequest | WatchRequest,
    base: Path | None,
    on_message: Callable[[Received], None] | None,
    host: Host,
) -> tuple[TableClient, Welcome]:
    client = _client_for(request, base, host)
    if client.relay is not None and isinstance(request, JoinRequest):
        request = _stated(request, host)
    try:
        client.send(request)
        welcome = client.wait_for(Welcome)
    except TableError:
        client.close()
        raise
    if on_message is not None:
        client.listen(on_message)
    return client, welcome
