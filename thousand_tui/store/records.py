"""Game records on disk: a writer that appends and flushes each line as it is made (and can
hold the file locked while a game is open), the check that a file is locked, and reading a
record file (`engine.record` parses what is read)."""

from __future__ import annotations

import contextlib
import json
import os
import stat
import threading
from pathlib import Path
from typing import IO, Any

from ..daemon import lock_file as lock_file
from ..engine.record import RecordError, RecordFile, decode_record
from ..private import make_dir, open_private
from ..translations import msg


class RecordWriter:
    """Appends lines and flushes each one at once, so a crash loses at most the line in writing.
    The file (it holds the game's seed, hence every hand) is readable by its owner only.

    With `exclusive`, the file is locked for as long as the writer is open (an advisory lock,
    released by the system if the process dies): a second exclusive writer on the same file
    gets a RecordError instead of interleaving its lines with the first one's."""

    def __init__(self, path: Path | str, fsync: bool = False, exclusive: bool = False) -> None:
        self.path = Path(path)
        make_dir(self.path.parent)
        self._file: IO[str] = open_private(self.path, "a")
        self._fsync = fsync
        self._lock = threading.Lock()
        if exclusive and not lock_file(self._file):
            self._file.close()
            raise RecordError(
                msg("record_in_use", "{path}: this game is open in another window or session"),
                path=self.path,
            )

    def write(self, line: dict[str, Any]) -> None:
        text = json.dumps(line, ensure_ascii=False, separators=(",", ":")) + "\n"
        with self._lock:
            self._file.write(text)
            self._file.flush()
            if self._fsync:
                os.fsync(self._file.fileno())

    def close(self) -> None:
        with self._lock:
            self._file.close()

    def seal(self, timeout: float = 1.0) -> None:
        """Wait (at most `timeout` seconds) for the line in writing, then take no more lines:
        the process is about to end without closing the file, and the system will release
        its lock."""
        if self._lock.acquire(timeout=timeout):
            with contextlib.suppress(OSError, ValueError):
                self._file.flush()

    def __enter__(self) -> RecordWriter:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()


def is_locked(path: Path | str) -> bool:
    """Whether an exclusive `RecordWriter` has this file open right now."""
    try:
        import fcntl
    except ImportError:  # pragma: no cover - not on Unix
        return False
    try:
        with Path(path).open("rb") as handle:
            try:
                fcntl.flock(handle.fileno(), fcntl.LOCK_SH | fcntl.LOCK_NB)
            except BlockingIOError:
                return True
            except OSError:  # pragma: no cover - a file system without locks
                return False
            return False
    except OSError:
        return False


def read_record(path: Path | str) -> RecordFile:
    """Read and parse a record file into games. A cut-off last line is dropped and reported."""
    path = Path(path)
    return decode_record(_read_bytes(path), path)


def record_bytes(path: Path | str) -> bytes:
    """The bytes of a record file, as `read_record` reads them (RecordError where it cannot)."""
    return _read_bytes(Path(path))


def _read_bytes(path: Path) -> bytes:
    try:
        mode = path.stat().st_mode
        if not stat.S_ISREG(mode):
            raise RecordError(
                msg("record_not_regular", "{path}: not a game record (not a regular file)"),
                path=path,
            )
        return path.read_bytes()
    except FileNotFoundError as error:
        raise RecordError(msg("record_no_file", "{path}: no such file"), path=path) from error
    except OSError as error:
        raise RecordError(
            msg("record_unreadable", "{path}: cannot be read ({reason})"),
            path=path,
            reason=error.strerror or error,
        ) from error
