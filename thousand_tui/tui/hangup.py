"""Losing the terminal ends the game within seconds, its record complete and its lock released.

A hang-up (SIGHUP), a kill (SIGTERM, SIGINT) or a terminal that has gone away without a signal
(its device answers with an error) asks the app to close the record and exit. That shutdown can
itself hang: when the terminal stops reading and then vanishes while the screen is being drawn,
Textual's output thread dies on the dead terminal while the screen waits, forever, to hand it the
next frame; the event loop never runs again. So a watchdog thread, independent of the event loop,
ends the process `GRACE` seconds after the hang-up if it is still there. It first waits for the
record line in writing (every decision is flushed as it is made), so nothing is lost; the system
releases the record's lock with the process.
"""

from __future__ import annotations

import contextlib
import os
import signal
import sys
import threading
import time
from collections.abc import Callable
from types import FrameType

HANGUP_SIGNALS = (signal.SIGHUP, signal.SIGTERM, signal.SIGINT)
GRACE = 2.0  # seconds for a clean shutdown before the watchdog ends the process
POLL = 0.25  # seconds between two looks at the terminal


def terminal_gone(fd: int) -> bool:
    """Whether the terminal on `fd` has hung up (a closed pty answers every request with EIO)."""
    try:
        return not os.isatty(fd)
    except OSError:
        return True


class HangupGuard:
    """Watches for the loss of the terminal and makes sure the process then ends.

    `hang_up(signum)` is called (from any thread) to start the clean shutdown: it must only hand
    the work to the event loop. `last_words()` runs on the watchdog thread just before the
    process is ended the hard way: it waits for the record line in writing."""

    def __init__(
        self,
        hang_up: Callable[[int], None],
        last_words: Callable[[], None],
        *,
        fd: int | None = None,
        grace: float = GRACE,
        poll: float = POLL,
        end_process: Callable[[int], None] = os._exit,
    ) -> None:
        self._hang_up = hang_up
        self._last_words = last_words
        self._fd = sys.__stdin__.fileno() if fd is None and sys.__stdin__ else fd
        self._grace = grace
        self._poll = poll
        self._end_process = end_process
        self._signal: int | None = None
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
        self._raised.set()

    def _watch(self) -> None:
        while not self._raised.wait(self._poll):
            if self._fd is not None and terminal_gone(self._fd):
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
        self._end_process(128 + signum)


__all__ = ["GRACE", "HANGUP_SIGNALS", "HangupGuard", "terminal_gone"]
