"""An account's daemon: a process that serves every game of the account on a Unix socket,
started by the first game that needs it and ended once idle. The table service
(tables/service.py) and the search service (ai/search_service.py) are two; this module is what
they share: starting one, its lock, its socket, watching that it is idle, and its end.

What every daemon keeps (docs/architecture.md, "The daemons"):

- Its files are in a folder of its own (`Place`), 0700 whatever the umask; the lock and the log
  are 0600, the socket 0600 too (bound under umask 0177, the process's umask put back after).
- One at a time per folder: an exclusive `flock` on `NAME.lock`, taken without waiting. Another
  holder means another daemon serves: this one ends at once with `ALREADY` and touches nothing.
  The lock file holds the pid of the daemon that serves (for the host, and the tests).
- A socket left by a daemon that died is removed before binding (the lock says none runs); at
  its end a daemon removes the socket only if it is still the one it bound (the same inode),
  never that of a daemon started since.
- A folder whose path is too long for a socket's address is reached through /proc/self/fd.
- Both ends check the other's user (`SO_PEERCRED`): the daemon refuses a process of another
  account, a game refuses a socket that another account's process listens on.
- A game starts one in a session of its own (it outlives the terminal, and no hangup reaches
  it), with stdin at /dev/null, its output into its log (never the game's screen), every other
  descriptor closed, and in its own folder, never where the game was started (Python puts the
  working folder first on the import path: a planted `thousand_tui` there would be its code).
  Two games starting one at once is harmless: the second finds the first's lock and ends.
- The game waits for it to listen, and stops waiting as soon as it ended for another reason
  than another daemon serving.
- Its process: umask 077 for all it writes, its log a size-capped journal, the priority of the
  hosted account when it was started for one, one malloc arena (it runs for months).
- It ends once idle: nothing to do for `idle_exit` seconds (what "nothing" is, each says).
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import socket
import subprocess
import sys
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

from .allocator import one_arena
from .journal import log_to
from .priority import give_way
from .private import open_private, private_dir, private_umask
from .sockets import connect, peer_uid, socket_address

ALREADY = 3  # the exit status of a daemon that found another one serving its folder
SOCKET_UMASK = 0o177  # the socket's mode is 0600

Accept = Callable[[asyncio.StreamReader, asyncio.StreamWriter], Awaitable[None]]


@dataclass(frozen=True)
class Place:
    """Where a daemon lives: its folder and the stem of its files (`NAME.sock`, `.lock`,
    `.log`)."""

    folder: Path
    name: str

    @property
    def socket(self) -> Path:
        return self.folder / f"{self.name}.sock"

    @property
    def lock(self) -> Path:
        return self.folder / f"{self.name}.lock"

    @property
    def log(self) -> Path:
        return self.folder / f"{self.name}.log"


class AlreadyServing(Exception):
    """Another daemon holds the folder's lock."""


class NoAnswer(Exception):
    """No daemon listens, and none could be started; the text says what happened."""


def lock_file(handle: IO[Any]) -> bool:
    """Take an exclusive advisory lock on an open file without waiting; False if another
    open file holds it. Where the system has no such locks, always True."""
    try:
        import fcntl
    except ImportError:  # pragma: no cover - not on Unix
        return True
    try:
        fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return False
    except OSError:  # pragma: no cover - a file system without locks
        return True
    return True


def log(text: str) -> None:
    """A line of the daemon's log: its process writes it, stamped, in its journal
    (`journal.log_to`: size-capped, repeats counted); logging never fails the daemon."""
    with contextlib.suppress(OSError, ValueError):
        print(text, file=sys.stderr, flush=True)


def same_user(writer: asyncio.StreamWriter) -> bool:
    """Whether the peer runs as this account (Linux's SO_PEERCRED; elsewhere the socket's
    mode, the owner's alone, is the only guard). A peer that cannot be asked is refused."""
    sock = writer.get_extra_info("socket")
    if sock is None:
        return True
    try:
        uid = peer_uid(sock)
    except OSError:
        return False
    return uid is None or uid == os.getuid()


# ---------------------------------------------------------------------- the daemon's side


def become(place: Place, hosted: bool) -> None:
    """Make this process a daemon's: what it writes private, its output its log, the hosted
    account's priority where `hosted`, one malloc arena."""
    private_umask()
    log_to(place.log)  # bounded, and never a reason to fail
    if hosted:
        give_way()
    one_arena()


class Daemon:
    """The running daemon of `place`: `listening` holds the lock and the socket, `until_idle`
    serves until there is nothing to do."""

    def __init__(
        self,
        place: Place,
        idle_exit: float,
        tick: float,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.place = place
        self.idle_exit = idle_exit
        self.tick = tick  # seconds between two looks at whether it is idle
        self.clock = clock
        self.active_at = clock()
        self.stopping = False

    def touch(self) -> None:
        """Something to do came: the idle time counts from now."""
        self.active_at = self.clock()

    def stop(self) -> None:
        """End soon, as if idle (from any thread)."""
        self.stopping = True

    @contextlib.asynccontextmanager
    async def listening(
        self, accept: Accept, limit: int | None = None
    ) -> AsyncIterator[asyncio.AbstractServer]:
        """The lock taken and the socket bound (`AlreadyServing` if another daemon holds the
        lock); on leaving, the socket removed (if still its own) and the lock let go."""
        private_dir(self.place.folder)
        lock = open_private(self.place.lock, "a")
        try:
            if not lock_file(lock):
                raise AlreadyServing(str(self.place.lock))
            lock.truncate(0)
            lock.write(f"{os.getpid()}\n")
            lock.flush()
            path = self.place.socket
            with contextlib.suppress(FileNotFoundError):
                path.unlink()  # left by a daemon that died; the lock says none runs
            extra: dict[str, Any] = {} if limit is None else {"limit": limit}
            old = os.umask(SOCKET_UMASK)
            try:
                with socket_address(path) as address:
                    server = await asyncio.start_unix_server(accept, path=address, **extra)
            finally:
                os.umask(old)
            bound = path.stat().st_ino
            self.touch()
            try:
                yield server
            finally:
                server.close()
                with contextlib.suppress(FileNotFoundError):
                    if path.stat().st_ino == bound:  # not the socket of a daemon started since
                        path.unlink()
        finally:
            lock.close()

    async def until_idle(
        self, busy: Callable[[], bool], each_tick: Callable[[], None] | None = None
    ) -> None:
        """Serve until `stop()`, or until `busy()` has been false for `idle_exit` seconds
        since the last `touch()`; `each_tick` runs before each look."""
        while not self.stopping:
            await asyncio.sleep(self.tick)
            if each_tick is not None:
                each_tick()
            if busy():
                self.touch()
            elif self.clock() - self.active_at >= self.idle_exit:
                return


# ---------------------------------------------------------------------- a game's side


def spawn(
    place: Place, argv: Sequence[str], env: Mapping[str, str] | None = None
) -> subprocess.Popen[bytes]:
    """Start the daemon of `place` (`python ARGV...`) in the background: a session of its
    own, stdin /dev/null, output into its log, other descriptors closed, in its folder."""
    private_dir(place.folder)
    with open_private(place.log, "ab") as output:
        return subprocess.Popen(
            [sys.executable, *argv],
            stdin=subprocess.DEVNULL,
            stdout=output,
            stderr=output,
            env=None if env is None else dict(env),
            cwd=place.folder,
            start_new_session=True,
            close_fds=True,
        )


def reach(
    place: Place,
    start: Callable[[], subprocess.Popen[bytes]] | None,
    wait: float,
    poll: float = 0.02,
) -> socket.socket:
    """A connection to the daemon of `place`, checked to be of this account. When none
    listens and `start` is given, it starts one and waits up to `wait` seconds for it to
    listen. `NoAnswer` when there is none; the OSError of a socket that cannot be used."""
    sock = connect(place.socket)
    if sock is None and start is not None:
        started = start()
        deadline = time.monotonic() + wait
        while sock is None:
            if time.monotonic() > deadline:
                raise NoAnswer("it did not start")
            ended = started.poll()
            if ended is not None and ended != ALREADY:  # (another one is starting)
                raise NoAnswer(f"it ended at its start ({ended})")
            time.sleep(poll)
            sock = connect(place.socket)
    if sock is None:
        raise NoAnswer("none is running")
    try:
        uid = peer_uid(sock)
    except OSError:
        uid = -1
    if uid not in (None, os.getuid()):
        sock.close()
        raise NoAnswer("its socket belongs to another user")
    return sock
