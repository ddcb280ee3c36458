"""The log of a background service (the table service, the search service): bounded, and
never a reason for the service to fail.

- Bounded: when the file would pass `max_bytes`, it becomes `NAME.1` (`NAME.1` becomes
  `NAME.2`, ..., and the oldest goes), so the log and its `keep` old files together never pass
  `(keep + 1) * max_bytes` bytes, however much is logged and for however long.
- Repeats collapsed: an entry logged again within `every` seconds of its first writing is
  counted, not written; once that time is over, the next entry logged writes one line saying
  how many times it came (the entry itself is written again when it next comes). A flood of
  one line, or of a few taking turns, writes a few lines a minute.
- Never raising: a write that fails (a full disk, no descriptor left, the file gone) drops
  the entry and counts it (`dropped`); the next one tries again. Nothing is imported on the
  way of an entry, so a process out of descriptors can still log.

`log_to(path)` makes a file this process's log: everything written to `sys.stdout` and
`sys.stderr` from then on (the service's own lines, a traceback, what `logging` says of
asyncio) goes in, an entry at each flush.
"""

from __future__ import annotations

import atexit
import contextlib
import hashlib
import io
import os
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Final

MAX_BYTES: Final = 1 << 20  # one file of the log (1 MiB)
KEEP: Final = 3  # old files kept: the log takes 4 MiB at most
EVERY: Final = 60.0  # seconds an entry is counted, not written, after its writing
MAX_ENTRY: Final = 16 << 10  # characters of one entry (a long traceback), the rest cut
MAX_KNOWN: Final = 512  # entries remembered for counting their repeats (the oldest forgotten)
SHOWN: Final = 200  # characters of an entry a repeat line quotes
FILE_MODE: Final = 0o600


def _stamp() -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%S")


class _Known:
    """An entry written recently: when, how many times it came since, its beginning."""

    __slots__ = ("count", "shown", "since")

    def __init__(self, since: float, shown: str) -> None:
        self.since = since
        self.count = 0
        self.shown = shown


class Journal:
    """One log file, size-capped and rotated, its repeated entries counted (module doc)."""

    def __init__(
        self,
        path: Path,
        *,
        max_bytes: int = MAX_BYTES,
        keep: int = KEEP,
        every: float = EVERY,
        clock: Callable[[], float] = time.monotonic,
        stamp: Callable[[], str] = _stamp,
        std_fds: bool = False,
    ) -> None:
        self.path = path
        self.max_bytes = max(max_bytes, 1024)
        self.keep = max(keep, 0)
        self.every = every
        self.clock = clock
        self.stamp = stamp
        self.std_fds = std_fds  # the process's fds 1 and 2 follow the current file
        self.dropped = 0  # entries lost to a failing write
        self._known: dict[bytes, _Known] = {}  # the least recently logged first
        self._checked = clock()  # when the entries whose time is over were last looked for
        self._lock = threading.Lock()
        self._fd: int | None = None
        self._size = 0
        with contextlib.suppress(OSError):  # else tried again at the first entry
            self._open()

    # ------------------------------------------------------------------ logging

    def write(self, text: str) -> None:
        """Log `text` (one entry, its lines kept), unless it came within `every` seconds."""
        text = text.rstrip("\n")
        if not text:
            return
        if len(text) > MAX_ENTRY:
            text = f"{text[:MAX_ENTRY]} … ({len(text) - MAX_ENTRY} characters cut)"
        key = hashlib.blake2b(text.encode("utf-8", "replace"), digest_size=16).digest()
        with self._lock:
            now = self.clock()
            if now - self._checked >= 1.0:
                self._checked = now
                self._tell_repeats(now)
            known = self._known.pop(key, None)
            if known is not None:  # counted, and the last forgotten of the entries known
                known.count += 1
                self._known[key] = known
                return
            if len(self._known) >= MAX_KNOWN:
                oldest = next(iter(self._known))
                self._repeated(self._known.pop(oldest), now)
            self._known[key] = _Known(now, text[:SHOWN].split("\n")[0])
            self._put(text)

    def flush(self) -> None:
        """Write the counts of the repeats not told yet (at the end of the service)."""
        with self._lock:
            for known in self._known.values():
                self._repeated(known, self.clock())
            self._known.clear()

    def close(self) -> None:
        self.flush()
        with self._lock:
            if self._fd is not None:
                fd, self._fd = self._fd, None
                with contextlib.suppress(OSError):
                    os.close(fd)

    def _tell_repeats(self, now: float) -> None:
        """The entries whose time is over: their repeats told, and forgotten."""
        over = [key for key, known in self._known.items() if now - known.since >= self.every]
        for key in over:
            self._repeated(self._known.pop(key), now)

    def _repeated(self, known: _Known, now: float) -> None:
        if known.count:
            seconds = max(now - known.since, 0.0)
            self._put(f"… repeated {known.count} times in {seconds:.0f} s: {known.shown}")

    # ------------------------------------------------------------------ the file

    def _put(self, text: str) -> None:
        data = f"{self.stamp()} {text}\n".encode("utf-8", "replace")
        try:
            if self._fd is None or (self._size and self._size + len(data) > self.max_bytes):
                self._rotate()
            if self._fd is None:
                self.dropped += 1
                return
            os.write(self._fd, data)
            self._size += len(data)
        except OSError:
            self.dropped += 1

    def _rotate(self) -> None:
        """The current file becomes NAME.1, and so on; a new one is started (or, if it cannot
        be, the entries are dropped until it can)."""
        if self._fd is not None:
            fd, self._fd = self._fd, None
            os.close(fd)
            name = str(self.path)
            if self.keep:
                for number in range(self.keep - 1, 0, -1):
                    with contextlib.suppress(FileNotFoundError):
                        os.replace(f"{name}.{number}", f"{name}.{number + 1}")
                os.replace(name, f"{name}.1")
            else:
                os.unlink(name)
        self._open()

    def _open(self) -> None:
        flags = os.O_WRONLY | os.O_CREAT | os.O_APPEND | getattr(os, "O_CLOEXEC", 0)
        try:
            fd = os.open(self.path, flags, FILE_MODE)
        except OSError:
            self._fd = None
            return
        with contextlib.suppress(OSError):
            self._size = os.fstat(fd).st_size
            if self.std_fds:  # a crash's own words (faulthandler, C code) go there too
                for std in (1, 2):
                    os.dup2(fd, std)
        self._fd = fd
        if self._size > self.max_bytes:  # left so by an older version of the service
            self._rotate()  # (its OSError is the caller's, who drops the entry)


class JournalStream(io.TextIOBase):
    """What `sys.stdout` and `sys.stderr` become: the text written between two flushes (a
    `print(..., flush=True)`, a traceback, a `logging` record) is one entry of the journal.
    It never raises."""

    encoding = "utf-8"
    errors = "replace"

    def __init__(self, journal: Journal) -> None:
        super().__init__()
        self.journal = journal
        self._parts: list[str] = []
        self._length = 0
        self._lock = threading.Lock()

    def writable(self) -> bool:
        return True

    def write(self, text: str) -> int:
        with self._lock:
            self._parts.append(text)
            self._length += len(text)
            full = self._length > MAX_ENTRY
        if full:
            self.flush()
        return len(text)

    def flush(self) -> None:
        with self._lock:
            text, self._parts, self._length = "".join(self._parts), [], 0
        if text:
            self.journal.write(text)

    def isatty(self) -> bool:
        return False

    def fileno(self) -> int:
        return 2  # what writes to the descriptor itself (faulthandler) finds the log too


def log_to(
    path: Path, *, max_bytes: int = MAX_BYTES, keep: int = KEEP, every: float = EVERY
) -> Journal:
    """Make `path` this process's log (module doc): `sys.stdout` and `sys.stderr` write into
    it, and so do the process's fds 1 and 2 (which follow it when it is rotated). The counts
    of repeats not told yet are written when the process ends."""
    journal = Journal(path, max_bytes=max_bytes, keep=keep, every=every, std_fds=True)
    stream = JournalStream(journal)
    sys.stdout = sys.stderr = stream
    atexit.register(journal.flush)  # (run last: the stream's last words first)
    atexit.register(stream.flush)
    return journal
