"""The terminal driver: Textual's own, with output that outlives the terminal.

Textual writes the screen on an output thread fed through a short queue. When the terminal
stops reading and then vanishes (its window killed while the screen was being drawn), the
write the thread was blocked in fails, the thread dies, and the next frame waits forever for
room in the queue: the event loop never runs again, and the clean shutdown after the hang-up
with it. Here the output goes through `TerminalOutput`, which drops whatever it cannot write
once the terminal has gone, so the thread keeps emptying the queue and the table closes.
Upstream's nearest report is the same deadlock reached another way (a suspended app's dead
output thread): `TERMINAL_OUTPUT.upstream`.
"""

from __future__ import annotations

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


class TerminalDriver(LinuxDriver):
    """Textual's driver for Linux and macOS, writing through `TerminalOutput`."""

    def __init__(
        self,
        app: App[Any],
        *,
        debug: bool = False,
        mouse: bool = True,
        size: tuple[int, int] | None = None,
    ) -> None:
        super().__init__(app, debug=debug, mouse=mouse, size=size)
        if self._file is not None:
            self._file = cast(Any, TerminalOutput(self._file))


__all__ = ["TERMINAL_OUTPUT", "TerminalDriver", "TerminalOutput"]
