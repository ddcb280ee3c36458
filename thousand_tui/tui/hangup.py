"""Losing the terminal ends the game within seconds, its record complete and its lock released.

A hang-up (SIGHUP), a kill (SIGTERM, SIGINT) or a terminal that has gone away without a signal
(its device answers with an error) asks the app to close the record and exit. That shutdown
takes a fraction of a second, but it could hang in ways known (and avoided: the screen's output
thread dying on a terminal that vanished mid-frame, `terminal_output.py`; a search worker killed
while holding its task queue, `ai/pool.py`) and unknown. So a watchdog thread, independent of the
event loop, ends the process `GRACE` seconds after the hang-up if it is still there. It first
waits for the record line in writing (every decision is flushed as it is made), so nothing is
lost; the system releases the record's lock with the process. Then it gives the terminal back
(out of the alternate screen, its modes and line discipline as they were), which the app's own
shutdown would have done: a player whose link is still there (a hang-up signalled by a host, a
kill) gets back a shell that echoes and reads lines.

Once the table has closed after a hang-up (its record let go, its workers told to end, the log
line written), `end_now` ends the process at once: there is no terminal to give back and nothing
left to save, and the interpreter's own teardown, freeing the table object by object, would
only make a clean shutdown slower.

Either way the account's log (`thousand.log`) says how the process ended, one line per hang-up:
`hang-up (SIGHUP, pid 123): closed cleanly after 0.21 s` once the table has closed, or
`hang-up (SIGHUP, pid 123): ended by the watchdog after 2.00 s` followed by the stack of every
thread, which shows what the clean shutdown was waiting for. The last such line of a process is
the way it ended.
"""

from __future__ import annotations

import contextlib
import faulthandler
import os
import re
import signal
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from types import FrameType
from typing import NoReturn

from ..private import make_dir

HANGUP_SIGNALS = (signal.SIGHUP, signal.SIGTERM, signal.SIGINT)
GRACE = 2.0  # seconds for a clean shutdown before the watchdog ends the process
POLL = 0.25  # seconds between two looks at the terminal
CLEAN = "closed cleanly"
WATCHDOG = "ended by the watchdog"
ENDING = re.compile(
    rf"hang-up \((?P<signal>SIG[A-Z]+), pid (?P<pid>\d+)\): "
    rf"(?P<path>{CLEAN}|{WATCHDOG}) after (?P<seconds>[0-9.]+) s"
)
"""A line of the log that says how a hang-up ended a process."""


def log_line(log_file: Path | None, text: str, level: str = "INFO") -> int | None:
    """Append `text` to the log with the time, in the form `failures.log_failure` writes, and
    return the open descriptor for more (the caller closes it), or None where there is no log.
    Without `logging`, whose locks a hung thread may hold."""
    if log_file is None:
        return None
    try:
        make_dir(log_file.parent)  # no more: a hang-up is no time to tighten folders
        fd = os.open(log_file, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
    except OSError:
        return None
    now = time.time()
    stamp = time.strftime("%Y-%m-%d %H:%M:%S", time.localtime(now))
    line = f"{stamp},{int(now % 1 * 1000):03d} {level} {text}\n"
    try:
        os.write(fd, line.encode("utf-8"))
    except OSError:
        os.close(fd)
        return None
    return fd


def ended(log_file: Path | None, signum: int, path: str, seconds: float) -> int | None:
    """Log how the hang-up by `signum` ended this process (`CLEAN` or `WATCHDOG`)."""
    name = signal.Signals(signum).name
    text = f"hang-up ({name}, pid {os.getpid()}): {path} after {seconds:.2f} s"
    return log_line(log_file, text, "INFO" if path == CLEAN else "WARNING")


NO_TERMINAL = -1  # as `fd`: no terminal to watch, only the signals


def terminal_gone(fd: int) -> bool:
    """Whether the terminal on `fd` has hung up (a closed pty answers every request with EIO)."""
    try:
        return not os.isatty(fd)
    except OSError:
        return True


def end_now(status: int) -> NoReturn:
    """End the process with `status` after what it printed, without the interpreter's teardown
    (for a table closed after a hang-up)."""
    for stream in (sys.stdout, sys.stderr, sys.__stdout__, sys.__stderr__):
        with contextlib.suppress(Exception):
            if stream is not None:
                stream.flush()
    os._exit(status)


class HangupGuard:
    """Watches for the loss of the terminal and makes sure the process then ends.

    `hang_up(signum)` is called (from any thread) to start the clean shutdown: it must only hand
    the work to the event loop. `last_words()` runs on the watchdog thread just before the
    process is ended the hard way: it waits for the record line in writing; `give_back()`
    right after it gives the terminal back (it must not wait long on a terminal that does not
    read)."""

    def __init__(
        self,
        hang_up: Callable[[int], None],
        last_words: Callable[[], None],
        *,
        fd: int | None = None,
        grace: float = GRACE,
        poll: float = POLL,
        end_process: Callable[[int], None] = os._exit,
        log_file: Path | None = None,
        give_back: Callable[[], object] | None = None,
    ) -> None:
        self._hang_up = hang_up
        self._last_words = last_words
        self._give_back = give_back
        self._fd = sys.__stdin__.fileno() if fd is None and sys.__stdin__ else fd
        self._grace = grace
        self._poll = poll
        self._end_process = end_process
        self._log_file = log_file
        self._signal: int | None = None
        self._raised_at = 0.0
        self._raised = threading.Event()
        self._previous: dict[int, object] = {}
        self._thread = threading.Thread(target=self._watch, name="thousand-hangup", daemon=True)

    @property
    def signal(self) -> int | None:
        """The signal that ended the game (SIGHUP for a terminal gone without one), or None."""
        return self._signal

    def start(self) -> None:
        """Install the signal handlers (main thread only) and start watching."""
        for sig in HANGUP_SIGNALS:
            with contextlib.suppress(ValueError, OSError):
                self._previous[sig] = signal.signal(sig, self._signalled)
        self._thread.start()

    def stop(self) -> None:
        """The table has closed: stop watching and give the signals back. After a hang-up the
        watchdog stays armed until the process ends."""
        self._raised.set()
        for sig, handler in self._previous.items():
            with contextlib.suppress(ValueError, OSError, TypeError):
                signal.signal(sig, handler)  # type: ignore[arg-type]
        self._previous.clear()

    def _signalled(self, signum: int, _frame: FrameType | None) -> None:
        # A Python signal handler runs in the main thread even while it is blocked on a lock,
        # so it may not touch the app: it only wakes the watchdog.
        self._raise(signum)

    def _raise(self, signum: int) -> None:
        if self._signal is None:
            self._signal = signum
            self._raised_at = time.monotonic()
        self._raised.set()

    def closed(self) -> None:
        """The table has closed after a hang-up (its record let go, its workers ended): log that
        the clean shutdown got there. Nothing to say if there was no hang-up."""
        signum = self._signal
        if signum is not None:
            fd = ended(self._log_file, signum, CLEAN, time.monotonic() - self._raised_at)
            if fd is not None:
                os.close(fd)

    def _watch(self) -> None:
        while not self._raised.wait(self._poll):
            if self._fd is not None and self._fd != NO_TERMINAL and terminal_gone(self._fd):
                self._raise(signal.SIGHUP)
        if self._signal is None:
            return  # stopped before any hang-up
        signum = self._signal
        with contextlib.suppress(Exception):
            self._hang_up(signum)
        # The process normally ends well within the grace; this thread ends with it. Stopping
        # the guard does not cancel this: the interpreter's own exit may hang as well.
        time.sleep(self._grace)
        with contextlib.suppress(Exception):
            self._last_words()
        if self._give_back is not None:
            with contextlib.suppress(Exception):
                self._give_back()
        with contextlib.suppress(Exception):
            self._report(signum)
        self._end_process(128 + signum)

    def _report(self, signum: int) -> None:
        """Log that the watchdog ends the process, with the stack of every thread."""
        fd = ended(self._log_file, signum, WATCHDOG, time.monotonic() - self._raised_at)
        if fd is not None:
            try:
                os.write(fd, b"the threads at that moment:\n")
                faulthandler.dump_traceback(fd, all_threads=True)
            finally:
                os.close(fd)


__all__ = [
    "CLEAN",
    "ENDING",
    "GRACE",
    "HANGUP_SIGNALS",
    "WATCHDOG",
    "HangupGuard",
    "end_now",
    "ended",
    "log_line",
    "terminal_gone",
]
