"""One search service per account: the worker processes of `hard`'s search, shared by every
game of the account (a host's SSH players above all), instead of a set of workers per game.

The service is a process started on demand by the first game that needs it, like the table
service: it listens on a Unix socket (`search.sock`) in a folder only its owner can open (0700,
the socket 0600), takes a lock (`search.lock`) so that only one runs, logs to `search.log`
beside them, runs in that folder (never where a game was started: `python -m` puts the
working folder first on the import path) and ends once no game has sent it a task for
`IDLE_EXIT` seconds. It holds `jobs` worker processes (the host's cores by default) and hands
them the games' tasks fairly: a decision's first deal before anything else (a decision rests
on one deal at least), then one task of each game with tasks waiting in turn, so that one
game's long decision never holds another's short one up. A task whose time runs out while it
waits is answered as cut short then and there, so that a decision ends at its deadline
however busy the workers are. Each game is answered on its own
connection.

The wire: a frame is two lengths (4 bytes each, big-endian), a JSON header of at most
`MAX_HEADER` bytes and a payload of at most `MAX_PAYLOAD`. A game sends `task` (`batch`,
`seq`, `work`: a name from `WORKS`, the payload: the task, pickled) and `drop` (`batch`: the
tasks of that batch not started yet are dropped, the caller stopped asking); the service
answers each task with `answer` (`batch`, `seq`, `ok`; the payload: the answer, pickled, or
the error's text). A frame that is not this is refused with `refused` and its connection
closed; the other games play on.

Why pickles are safe here: only processes of the same account reach the socket (its folder is
0700, the socket 0600, and both ends check the other's user with `SO_PEERCRED`), and such a
process can already do anything the account can. Even so, the payloads are read by
`load()`, which builds only the classes of the engine's and the AI's own modules and plain
containers: a stray or damaged message fails as a task that cannot be read and changes nothing
else.

`SharedPool` is the game's side, with the methods of `SearchPool` the search uses (`run`,
`call`, `warm_up`, `pids`, `shutdown`). When the service cannot be reached or dies mid-
decision, the game searches with workers of its own from then on (the tasks not yet answered
are done again there: a decision is never lost) and says so once in its log file.
"""

from __future__ import annotations

import argparse
import asyncio
import atexit
import contextlib
import dataclasses
import io
import itertools
import json
import os
import pickle
import socket
import struct
import subprocess
import sys
import threading
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any, TypeVar

from .. import daemon
from ..daemon import ALREADY as ALREADY
from ..priority import SEARCH_ENV as SEARCH_ENV
from ..priority import SEARCH_FOLDER, SEARCH_OFF, Host
from ..private import open_private, private_dir
from ..store.catalog import LOG_NAME
from . import worlds
from .pool import POLL, PoolClosed, SearchPool, Workers, program_host, shared_pool
from .pool import shutdown as pool_shutdown

T = TypeVar("T")
R = TypeVar("R")

DAEMON_NAME = "search"  # its files: search.sock, search.lock, search.log
SOCKET_NAME = f"{DAEMON_NAME}.sock"
LOCK_NAME = f"{DAEMON_NAME}.lock"
SERVICE_LOG = f"{DAEMON_NAME}.log"
FOLDER_NAME = SEARCH_FOLDER  # in the account's data folder
IDLE_EXIT = 600.0  # seconds without a task before the service ends
MAX_HEADER = 4096
MAX_PAYLOAD = 4 * 1024 * 1024
FRAME = struct.Struct(">II")
START_WAIT = 20.0  # seconds a game waits for a service it started to listen
RETRY_AFTER = 30.0  # seconds a game that could not reach the service searches on its own
OFF = SEARCH_OFF  # THOUSAND_SEARCH_SERVICE=off: each game searches with workers of its own
MAX_WAIT = 5.0  # the longest `wait` task (it shows the workers and the order of tasks)
EXPIRY_WAIT = 60.0  # the longest a queued task's time is watched for (a decision's is seconds)


class WireError(Exception):
    """A frame that is not one of the service's."""


# ---------------------------------------------------------------------- the work


def worker_pid(_: object = None) -> int:
    """The worker's process id (the game's way to see which workers serve it)."""
    return os.getpid()


def wait(seconds: float) -> int:
    """Hold a worker `seconds` (at most `MAX_WAIT`), then its process id."""
    time.sleep(max(0.0, min(float(seconds), MAX_WAIT)))
    return os.getpid()


# What a game may ask the workers to do, by name; nothing else runs in the service.
WORKS: dict[str, Callable[[Any], Any]] = {
    "solve": worlds.solve,
    "pid": worker_pid,
    "wait": wait,
}
NAMES = {work: name for name, work in WORKS.items()}
TIME_UP = pickle.dumps(worlds.Answer((), 0, False))  # a search task whose time ran out

SAFE_BUILTINS = frozenset({"set", "frozenset", "list", "tuple", "dict", "bytearray", "complex"})
SAFE_MODULES = ("thousand_tui.engine.", "thousand_tui.ai.")


class _Loader(pickle.Unpickler):
    def find_class(self, module: str, name: str) -> Any:
        if module == "builtins" and name in SAFE_BUILTINS:
            return super().find_class(module, name)
        if module.startswith(SAFE_MODULES) and "." not in name:
            found = super().find_class(module, name)
            if isinstance(found, type) and found.__module__ == module:
                return found
        raise pickle.UnpicklingError(f"{module}.{name} is not a thing of the search")


def load(data: bytes) -> Any:
    """A pickled task or answer: only the engine's and the AI's classes and plain containers."""
    return _Loader(io.BytesIO(data)).load()


def dump(value: object) -> bytes:
    return pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL)


def do_work(name: str, payload: bytes, expires: float | None = None) -> tuple[bool, bytes]:
    """In a worker: the task read back, done; (True, the answer) or (False, what went wrong).
    A search task's time (`seconds`, counted from its start) ends at `expires` at the latest
    (`time.monotonic()`, one clock for every process of the machine): the game set it when it
    sent the task, so a decision ends at its deadline however long the task waited."""
    try:
        task = load(payload)
        if expires is not None and isinstance(task, worlds.Task) and task.seconds is not None:
            left = max(0.0, expires - time.monotonic())
            task = dataclasses.replace(task, seconds=min(task.seconds, left))
        answer = WORKS[name](task)
        return True, dump(answer)
    except Exception as error:  # the game is told; the worker serves on
        return False, f"{type(error).__name__}: {error}".encode()


def frame(header: dict[str, Any], payload: bytes = b"") -> bytes:
    head = json.dumps(header, separators=(",", ":")).encode()
    return FRAME.pack(len(head), len(payload)) + head + payload


def check_sizes(head: int, payload: int) -> None:
    if not 0 < head <= MAX_HEADER or payload > MAX_PAYLOAD:
        raise WireError(f"a frame of {head}+{payload} bytes")


def parse_header(data: bytes) -> dict[str, Any]:
    try:
        header = json.loads(data)
    except (ValueError, UnicodeDecodeError) as error:
        raise WireError("a header that is not JSON") from error
    if not isinstance(header, dict) or not isinstance(header.get("op"), str):
        raise WireError("a header without an op")
    return header


def whole_number(header: dict[str, Any], key: str) -> int:
    value = header.get(key)
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < 2**62:
        raise WireError(f"{key} is not a number")
    return value


def search_dir(host: Host) -> Path | None:
    """The folder of the account's search service when this program uses one (`host.search`:
    the one `THOUSAND_SEARCH_SERVICE` names, an absolute path; `search` in the data folder of
    a hosted session, whose players all share it), None when each game searches with workers
    of its own (`off`, or a player's own terminal)."""
    return host.search


# ---------------------------------------------------------------------- the service


class Conn:
    def __init__(self, writer: asyncio.StreamWriter) -> None:
        self.writer = writer
        # batch, seq, work, payload, when its time is up (`time.monotonic()`), if it has one
        self.queue: deque[tuple[int, int, str, bytes, float | None]] = deque()
        self.closed = False


class Service:
    def __init__(
        self, folder: Path, jobs: int, idle_exit: float = IDLE_EXIT, hosted: bool = False
    ) -> None:
        self.folder = folder
        self.jobs = jobs
        self.hosted = hosted  # its workers run at the priority of a hosted account
        self.idle_exit = idle_exit
        self.daemon = daemon.Daemon(place(folder), idle_exit, tick=min(0.5, idle_exit / 4))
        self.waiting: deque[Conn] = deque()  # games with tasks waiting, in turn
        self.first: deque[Conn] = deque()  # games whose decision's first task waits
        self.in_flight = 0
        self.limit = jobs + 1  # tasks handed to the workers at once
        self.pool: SearchPool | None = None
        self.loop: asyncio.AbstractEventLoop | None = None

    log = staticmethod(daemon.log)

    async def run(self) -> int:
        """Serve until no task came (and none was in the workers' hands) for `idle_exit`
        seconds; 0, or `ALREADY` when another service of this folder already runs."""
        self.loop = asyncio.get_running_loop()
        try:
            async with self.daemon.listening(self.accept):
                self.pool = SearchPool(self.jobs, hosted=self.hosted)
                try:
                    path = self.daemon.place.socket
                    self.log(f"listening on {path} with {self.jobs} workers {self.pool.pids}")
                    await self.daemon.until_idle(lambda: self.in_flight > 0)
                finally:
                    self.pool.shutdown()
        except daemon.AlreadyServing:
            return ALREADY
        self.log("no task for a while: stopping")
        return 0

    async def accept(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        if not daemon.same_user(writer):
            writer.close()  # only the account's own games (the folder keeps others out too)
            return
        conn = Conn(writer)
        try:
            while True:
                try:
                    sizes = await reader.readexactly(FRAME.size)
                except asyncio.IncompleteReadError:
                    return
                head, size = FRAME.unpack(sizes)
                check_sizes(head, size)
                header = parse_header(await reader.readexactly(head))
                payload = await reader.readexactly(size)
                self.take(conn, header, payload)
        except WireError as error:
            self.log(f"refused a connection: {error}")
            with contextlib.suppress(Exception):
                writer.write(frame({"op": "refused", "why": str(error)}))
        except (asyncio.IncompleteReadError, ConnectionError, asyncio.CancelledError):
            pass  # the game left, or the service is ending
        finally:
            conn.closed = True
            conn.queue.clear()
            for turn in (self.waiting, self.first):
                with contextlib.suppress(ValueError):
                    turn.remove(conn)
            writer.close()

    def take(self, conn: Conn, header: dict[str, Any], payload: bytes) -> None:
        op = header["op"]
        if op == "task":
            work = header.get("work")
            if work not in WORKS:
                raise WireError(f"no work called {str(work)[:40]!r}")
            batch, seq = whole_number(header, "batch"), whole_number(header, "seq")
            expires = header.get("expires")
            if expires is not None and not isinstance(expires, int | float):
                raise WireError("expires is not a time")
            task = (batch, seq, str(work), payload, None if expires is None else float(expires))
            self.daemon.touch()
            if expires is not None:
                # Answered as cut short when its time is up, even if no worker is free by then
                # (a time further off than any decision's is looked at when a worker takes it).
                assert self.loop is not None
                wait = min(max(0.0, expires - time.monotonic()), EXPIRY_WAIT)
                self.loop.call_later(wait, self.expire, conn)
            if seq == 0:  # a decision's first deal: before any other's second
                conn.queue.appendleft(task)
                if conn not in self.first:
                    self.first.append(conn)
            else:
                conn.queue.append(task)
            if conn not in self.waiting:
                self.waiting.append(conn)
            self.dispatch()
        elif op == "drop":
            batch = whole_number(header, "batch")
            conn.queue = deque(t for t in conn.queue if t[0] != batch)
        elif op == "hello":
            pids = self.pool.pids if self.pool is not None else []
            info = {"op": "hello", "pid": os.getpid(), "jobs": self.jobs, "workers": pids}
            conn.writer.write(frame(info))
        else:
            raise WireError(f"no op called {op[:40]!r}")

    def dispatch(self) -> None:
        """Hand the workers tasks, one game's at a time in turn, while they have room."""
        assert self.pool is not None
        while self.in_flight < self.limit and (self.first or self.waiting):
            if self.first:
                conn = self.first.popleft()
                with contextlib.suppress(ValueError):
                    self.waiting.remove(conn)
            else:
                conn = self.waiting.popleft()
            if not conn.queue:
                continue
            batch, seq, work, payload, expires = conn.queue.popleft()
            if conn.queue:
                self.waiting.append(conn)
            if expires is not None and time.monotonic() >= expires:
                # Its time was up while it waited: cut short at once, as a worker would.
                self.send_answer(conn, batch, seq, True, TIME_UP)
                continue
            self.in_flight += 1
            self.pool._pool.apply_async(
                do_work,
                (work, payload, expires),
                callback=self._done_callback(conn, batch, seq),
                error_callback=self._failed_callback(conn, batch, seq),
            )

    def _done_callback(self, conn: Conn, batch: int, seq: int) -> Callable[[Any], None]:
        def done(result: tuple[bool, bytes]) -> None:
            assert self.loop is not None
            self.loop.call_soon_threadsafe(self.answer, conn, batch, seq, *result)

        return done

    def _failed_callback(self, conn: Conn, batch: int, seq: int) -> Callable[[Any], None]:
        def failed(error: BaseException) -> None:
            assert self.loop is not None
            text = f"{type(error).__name__}: {error}".encode()
            self.loop.call_soon_threadsafe(self.answer, conn, batch, seq, False, text)

        return failed

    def expire(self, conn: Conn) -> None:
        """The tasks of `conn` whose time ran out while they waited: answered as cut short at
        once, as a worker would, so that a decision past its deadline waits for no worker."""
        now = time.monotonic()
        late = [t for t in conn.queue if t[4] is not None and t[4] <= now]
        if late:
            conn.queue = deque(t for t in conn.queue if t not in late)
            for batch, seq, *_ in late:
                self.send_answer(conn, batch, seq, True, TIME_UP)

    def answer(self, conn: Conn, batch: int, seq: int, ok: bool, payload: bytes) -> None:
        """A worker's answer: sent, and the worker given the next task."""
        self.in_flight -= 1
        self.send_answer(conn, batch, seq, ok, payload)
        self.dispatch()

    def send_answer(self, conn: Conn, batch: int, seq: int, ok: bool, payload: bytes) -> None:
        if not conn.closed:
            header = {"op": "answer", "batch": batch, "seq": seq, "ok": ok}
            with contextlib.suppress(Exception):
                conn.writer.write(frame(header, payload))


def place(folder: Path) -> daemon.Place:
    """Where the search service of `folder` keeps its socket, lock and log."""
    return daemon.Place(folder, DAEMON_NAME)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="thousand-search-service")
    parser.add_argument("folder", type=Path)
    parser.add_argument("--jobs", type=int, default=0)
    parser.add_argument("--idle", type=float, default=IDLE_EXIT)
    Host.add_arguments(parser)  # what it runs as: `Host.argv` of the game that started it
    options = parser.parse_args(argv)
    host = Host.from_args(options)
    # It serves every game of the account for as long as they run.
    daemon.become(place(options.folder), host.hosted)
    from .pool import default_jobs

    jobs = options.jobs if options.jobs > 0 else default_jobs()
    return asyncio.run(Service(options.folder, jobs, options.idle, host.hosted).run())


# ---------------------------------------------------------------------- a game's side


_END: Any = object()  # the end of the tasks (a task may be None)


# How a game starts the service (not `-m`: the package imports this module first).
START = "import sys; from thousand_tui.ai.search_service import main; sys.exit(main())"


class Unreachable(Exception):
    """The service cannot be reached, or went away."""


class Link:
    """One connection to the service: a run at a time uses it."""

    def __init__(self, sock: socket.socket) -> None:
        self.sock = sock
        self.buffer = b""

    def send(self, header: dict[str, Any], payload: bytes = b"") -> None:
        try:
            self.sock.sendall(frame(header, payload))
        except OSError as error:
            raise Unreachable(str(error)) from error

    def receive(self, timeout: float) -> tuple[dict[str, Any], bytes] | None:
        """The next frame, or None after `timeout` seconds without one."""
        deadline = time.monotonic() + timeout
        while True:
            if len(self.buffer) >= FRAME.size:
                head, size = FRAME.unpack_from(self.buffer)
                try:
                    check_sizes(head, size)
                except WireError as error:
                    raise Unreachable(str(error)) from error
                end = FRAME.size + head + size
                if len(self.buffer) >= end:
                    header = self.buffer[FRAME.size : FRAME.size + head]
                    payload = self.buffer[FRAME.size + head : end]
                    self.buffer = self.buffer[end:]
                    try:
                        return parse_header(header), payload
                    except WireError as error:
                        raise Unreachable(str(error)) from error
            left = deadline - time.monotonic()
            if left <= 0:
                return None
            self.sock.settimeout(left)
            try:
                data = self.sock.recv(1 << 16)
            except TimeoutError:
                return None
            except OSError as error:
                raise Unreachable(str(error)) from error
            if not data:
                raise Unreachable("the search service closed the connection")
            self.buffer += data

    def close(self) -> None:
        with contextlib.suppress(OSError):
            self.sock.close()


class SharedPool:
    """The account's search service as a game's pool, with its own workers to fall back on."""

    def __init__(self, folder: Path, jobs: int, log_file: Path | None = None) -> None:
        self.folder = folder
        self.jobs = jobs  # the game's own, if it has to fall back; the service tells its own
        self.log_file = log_file if log_file is not None else program_host().data_dir / LOG_NAME
        self._links: list[Link] = []
        self._lock = threading.Lock()
        self._batches = itertools.count()
        self._local: SearchPool | None = None
        self._failed_at: float | None = None
        self._told = False
        self._closed = False
        self.service_jobs = jobs
        self.service_pid: int | None = None
        self.service_workers: list[int] = []

    # -------------------------------------------------------------- connecting

    def _connect(self) -> Link:
        """A connection of the service (started if none listens); `Unreachable` otherwise."""
        private_dir(self.folder)
        try:
            sock = daemon.reach(place(self.folder), self._start, START_WAIT, poll=0.05)
        except daemon.NoAnswer as error:
            raise Unreachable(f"the search service: {error}") from error
        except OSError as error:
            raise Unreachable(str(error)) from error
        link = Link(sock)
        link.send({"op": "hello"})
        got = link.receive(START_WAIT)
        if got is None or got[0].get("op") != "hello":
            link.close()
            raise Unreachable("the search service does not answer")
        info = got[0]
        self.service_pid = info.get("pid") if isinstance(info.get("pid"), int) else None
        workers = info.get("workers")
        self.service_workers = [p for p in workers if isinstance(p, int)] if workers else []
        jobs = info.get("jobs")
        self.service_jobs = jobs if isinstance(jobs, int) and jobs > 0 else self.jobs
        return link

    def _start(self) -> subprocess.Popen[bytes]:
        """Start the service (`daemon.spawn`: it outlives this game). It is told by its
        arguments whether it runs for a hosted account, and nothing of the game's player:
        another user's `ps` reads a process's arguments (never the player's folder here)."""
        hosted = program_host().hosted
        told = Host(hosted=hosted, data=self.folder, config=self.folder).argv()
        return daemon.spawn(place(self.folder), ["-c", START, str(self.folder), *told])

    def _link(self) -> Link | None:
        """A connection to use, or None when the game searches on its own for now."""
        with self._lock:
            if self._links:
                return self._links.pop()
            if self._failed_at is not None and time.monotonic() - self._failed_at < RETRY_AFTER:
                return None
        try:
            return self._connect()
        except (Unreachable, OSError) as error:
            self._fell_back(error)
            return None

    def _give_back(self, link: Link) -> None:
        with self._lock:
            if self._closed:
                link.close()
            else:
                self._links.append(link)

    def _fell_back(self, error: BaseException) -> None:
        with self._lock:
            self._failed_at = time.monotonic()
            told, self._told = self._told, True
        if not told:
            self.note(
                f"the search service ({self.folder / SOCKET_NAME}) cannot be reached "
                f"({error}): the game searches with worker processes of its own"
            )

    def note(self, text: str) -> None:
        stamp = time.strftime("%Y-%m-%d %H:%M:%S")
        with contextlib.suppress(OSError):
            private_dir(self.log_file.parent)
            with open_private(self.log_file, "a") as log:
                log.write(f"{stamp} WARNING {text}\n")

    def local(self) -> SearchPool:
        with self._lock:
            if self._closed:
                raise PoolClosed
            if self._local is None:
                self._local = SearchPool(self.jobs, hosted=program_host().hosted)
            return self._local

    # -------------------------------------------------------------- the search

    def run(self, work: Callable[[T], R], tasks: Iterable[T], ahead: int = 2) -> Iterator[R]:
        """Answers to `tasks` in order, as `SearchPool.run` gives them."""
        return self._run(work, tasks, ahead, retry=True)

    def _run(
        self, work: Callable[[T], R], tasks: Iterable[T], ahead: int, retry: bool
    ) -> Iterator[R]:
        if self._closed:
            raise PoolClosed
        name = NAMES.get(work)
        link = self._link() if name is not None else None
        if link is None or name is None:
            yield from self.local().run(work, tasks, ahead)
            return
        batch = next(self._batches)
        source = iter(tasks)
        pending: deque[tuple[int, T]] = deque()
        answers: dict[int, tuple[bool, bytes]] = {}
        limit = max(1, ahead * self.service_jobs)
        numbers = itertools.count()
        finished = False
        heard = False  # whether the service answered on this connection in this run
        try:
            while True:
                while len(pending) < limit:
                    task = next(source, _END)
                    if task is _END:
                        break
                    seq = next(numbers)
                    pending.append((seq, task))
                    header: dict[str, Any] = {"op": "task", "batch": batch, "seq": seq}
                    header["work"] = name
                    if isinstance(task, worlds.Task) and task.seconds is not None:
                        header["expires"] = time.monotonic() + task.seconds
                    link.send(header, dump(task))
                if not pending:
                    finished = True
                    return
                seq = pending[0][0]
                while seq not in answers:
                    if self._closed:
                        raise PoolClosed
                    got = link.receive(POLL)
                    if got is None:
                        continue
                    header, payload = got
                    if header.get("op") == "refused":
                        raise Unreachable(f"the service refused a task: {header.get('why')}")
                    if header.get("op") == "answer" and header.get("batch") == batch:
                        answers[whole_number(header, "seq")] = (header.get("ok") is True, payload)
                        heard = True
                pending.popleft()
                ok, payload = answers.pop(seq)
                if not ok:
                    raise RuntimeError(payload.decode(errors="replace"))
                yield load(payload)
        except (Unreachable, WireError, pickle.UnpicklingError) as error:
            link.close()
            link = None
            rest = itertools.chain((task for _, task in pending), source)
            if not heard and retry and not self._closed:
                # Connections kept from an earlier decision whose service has ended since (no
                # game used it for a while): a new one, with a service started anew.
                with self._lock:
                    stale, self._links = self._links, []
                for old in stale:
                    old.close()
                yield from self._run(work, rest, ahead, retry=False)
                return
            self._fell_back(error)
            yield from self.local().run(work, rest, ahead)
        finally:
            if link is not None:
                if not finished:
                    with contextlib.suppress(Unreachable):
                        link.send({"op": "drop", "batch": batch})
                self._give_back(link)

    def call(self, work: Callable[[T], R], task: T, poll: float = POLL) -> R:
        for answer in self.run(work, [task]):
            return answer
        raise PoolClosed  # pragma: no cover - one task always has its answer

    def warm_up(self) -> None:
        """Reach the service (starting it) before the first decision."""
        link = self._link()
        if link is not None:
            self._give_back(link)
        elif self._local is None:
            self.local().warm_up()

    @property
    def closed(self) -> bool:
        return self._closed

    @property
    def pids(self) -> list[int]:
        """The processes that search for this game: the service's workers, and its own."""
        own = self._local.pids if self._local is not None else []
        return [*self.service_workers, *own]

    def shutdown(self) -> None:
        """Close the connections (the service serves on) and end the game's own workers."""
        with self._lock:
            self._closed = True
            links, self._links = self._links, []
            local = self._local
        for link in links:
            link.close()
        if local is not None:
            local.shutdown()


_shared: SharedPool | None = None
_shared_lock = threading.Lock()


def game_pool(jobs: int) -> Workers:
    """The workers of this program's search: the account's search service when `search_dir`
    names one, else the program's own pool of `jobs` workers."""
    global _shared
    folder = search_dir(program_host())
    if folder is None:
        return shared_pool(jobs)
    with _shared_lock:
        if _shared is None or _shared.closed or _shared.folder != folder:
            _shared = SharedPool(folder, jobs)
        return _shared


def start_early(jobs: int) -> None:
    """Get the search's workers ready before the first decision, without waiting for them."""
    workers = game_pool(jobs)
    if isinstance(workers, SharedPool):
        threading.Thread(target=workers.warm_up, name="thousand-search-link", daemon=True).start()


def shutdown() -> None:
    """Leave the search service (it serves the account's other games on) and end the
    program's own workers, if any."""
    global _shared
    with _shared_lock:
        shared, _shared = _shared, None
    if shared is not None:
        shared.shutdown()
    pool_shutdown()


atexit.register(shutdown)

if __name__ == "__main__":
    sys.exit(main())
