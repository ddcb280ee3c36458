"""The terminal driver: Textual's own, with output that outlives the terminal.

Textual writes the screen on an output thread fed through a short queue. When the terminal
stops reading and then vanishes (its window killed while the screen was being drawn), the
write the thread was blocked in fails, the thread dies, and the next frame waits forever for
room in the queue: the event loop never runs again, and the clean shutdown after the hang-up
with it. Here the output goes through `TerminalOutput`, which drops whatever it cannot write
once the terminal has gone, so the thread keeps emptying the queue and the table closes.
Upstream's nearest report is the same deadlock reached another way (a suspended app's dead
output thread): `TERMINAL_OUTPUT.upstream`.

When the process is ended the hard way (the hang-up watchdog, `hangup.py`), Textual never
leaves application mode; `TerminalDriver.give_back` then gives the terminal back itself: out
of the alternate screen, the cursor shown, the mouse, paste and keyboard modes off and the
line discipline as it was (`give_back_terminal`), so that the shell the player returns to
echoes and reads lines again.
"""

from __future__ import annotations

import contextlib
import os
import termios
import threading
from typing import TYPE_CHECKING, Any, TextIO, cast

from textual.drivers._writer_thread import WriterThread
from textual.drivers.linux_driver import LinuxDriver

from .upstream import UpstreamPatch

if TYPE_CHECKING:
    from textual.app import App


TERMINAL_OUTPUT = UpstreamPatch(
    "the output thread that dies with the terminal",
    "https://github.com/Textualize/textual/issues/6692 (the same queue, left without a reader)",
    (WriterThread.run, LinuxDriver.__init__),
    "e34c9e00624724fb",
)


class TerminalOutput:
    """The terminal's stream for Textual's output thread: writes and flushes as the stream
    does until one fails (the terminal is gone), then drops everything."""

    def __init__(self, stream: TextIO) -> None:
        self._stream = stream
        self.gone = False

    def write(self, text: str) -> int:
        if not self.gone:
            try:
                return self._stream.write(text)
            except (OSError, ValueError):
                self.gone = True
        return len(text)

    def flush(self) -> None:
        if not self.gone:
            try:
                self._stream.flush()
            except (OSError, ValueError):
                self.gone = True

    def fileno(self) -> int:
        return self._stream.fileno()

    def isatty(self) -> bool:
        return not self.gone and self._stream.isatty()

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


# What Textual's `stop_application_mode` and mouse support undo, in its order, written at once:
# CAN first, which ends any escape sequence a frame cut short had begun.
GIVE_BACK = (
    "\x18"
    "\x1b[?1000l\x1b[?1003l\x1b[?1015l\x1b[?1006l\x1b[?1016l"  # the mouse
    "\x1b[?2004l"  # bracketed paste
    "\x1b[?7h"  # line wrap
    "\x1b[?2048l"  # in-band window resize
    "\x1b[<u"  # the Kitty keyboard protocol, before the alternate screen is left
    "\x1b[?1049l"  # the alternate screen
    "\x1b[?25h"  # the cursor
    "\x1b[?1004l"  # focus reports
)


def give_back_terminal(out_fd: int, in_fd: int, attrs: list[Any] | None) -> None:
    """Leave the modes Textual set on the terminal of `out_fd`, and give the terminal of
    `in_fd` back its line discipline `attrs` (as it was before the app, if known). Written
    with the system calls, past Textual's output thread, which may be stuck."""
    data = GIVE_BACK.encode("ascii")
    while data:
        written = os.write(out_fd, data)
        data = data[written:]
    if attrs is not None:
        with contextlib.suppress(termios.error, OSError):
            termios.tcsetattr(in_fd, termios.TCSANOW, attrs)


class TerminalDriver(LinuxDriver):
    """Textual's driver for Linux and macOS, writing through `TerminalOutput`; `give_back`
    leaves application mode from any thread, for a process ended without Textual's own
    shutdown."""

    def __init__(
        self,
        app: App[Any],
        *,
        debug: bool = False,
        mouse: bool = True,
        size: tuple[int, int] | None = None,
    ) -> None:
        super().__init__(app, debug=debug, mouse=mouse, size=size)
        self._output: TerminalOutput | None = None
        if self._file is not None:
            self._output = TerminalOutput(self._file)
            self._file = cast(Any, self._output)
        self._mode_lock = threading.Lock()
        self.in_application_mode = False

    def start_application_mode(self) -> None:
        with self._mode_lock:
            self.in_application_mode = True  # from its first write on
        super().start_application_mode()  # type: ignore[no-untyped-call]

    def stop_application_mode(self) -> None:
        super().stop_application_mode()
        with self._mode_lock:
            self.in_application_mode = False

    def give_back(self, wait: float = 1.0) -> bool:
        """Leave application mode now, from any thread, unless Textual already has: the
        frames still queued are dropped, and the terminal told what `GIVE_BACK` says. Waits
        at most `wait` seconds for a terminal that does not read. Whether it was given back
        by this call."""
        with self._mode_lock:
            if not self.in_application_mode:
                return False
            self.in_application_mode = False
        output = self._output
        if output is None:
            return False
        output.gone = True  # no frame after this, on the screen the shell is back on
        try:
            out_fd = output.fileno()
        except (OSError, ValueError):
            return False
        attrs = self.attrs_before
        done = threading.Event()

        def write() -> None:
            with contextlib.suppress(OSError):
                give_back_terminal(out_fd, self.fileno, attrs)
            done.set()

        # A thread of its own: a terminal that stopped reading blocks the write, and the
        # caller (the watchdog) still has to end the process.
        threading.Thread(target=write, name="thousand-give-back", daemon=True).start()
        return done.wait(wait)


__all__ = [
    "GIVE_BACK",
    "TERMINAL_OUTPUT",
    "TerminalDriver",
    "TerminalOutput",
    "give_back_terminal",
]
