"""The terminal driver's output outlives the terminal: when the terminal stops reading and then
vanishes, Textual's output thread keeps taking frames (dropping them), so the event loop that
hands them over never blocks and the table can close."""

from __future__ import annotations

import asyncio
import os
import sys
import threading

import pytest
from textual.drivers._writer_thread import WriterThread

from thousand_tui.priority import Host
from thousand_tui.settings import TableSetup
from thousand_tui.tui.app import ThousandApp
from thousand_tui.tui.startup import StartOffer
from thousand_tui.tui.terminal_output import TerminalDriver, TerminalOutput

WAIT = 10.0  # seconds before a test gives up (a hang, not a slow machine)
FRAME = "x" * 4096
pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="a POSIX terminal")


def frames_taken(output: TerminalOutput, master: int) -> bool:
    """Feed Textual's output thread frames while the terminal is not reading, close the
    terminal, go on feeding it: whether every frame was taken."""
    thread = WriterThread(output)  # type: ignore[arg-type]
    thread.start()
    fed = threading.Event()

    def feed() -> None:
        for _ in range(200):
            thread.write(FRAME)
        fed.set()

    feeder = threading.Thread(target=feed, daemon=True)
    feeder.start()
    feeder.join(0.5)  # the terminal reads nothing: the output thread blocks on it
    os.close(master)  # and then it is gone
    return fed.wait(WAIT)


def test_the_output_thread_keeps_taking_frames_after_the_terminal_vanished(
    pty: tuple[int, int],
) -> None:
    master, slave = pty
    output = TerminalOutput(os.fdopen(os.dup(slave), "w", encoding="utf-8"))
    assert frames_taken(output, master), "the table's frames wait for a dead terminal"
    assert output.gone
    assert output.write("more") == len("more")  # dropped, silently
    output.flush()


def test_the_output_writes_to_a_live_terminal(pty: tuple[int, int]) -> None:
    master, slave = pty
    output = TerminalOutput(os.fdopen(os.dup(slave), "w", encoding="utf-8"))
    output.write("hello")
    output.flush()
    assert os.read(master, 100) == b"hello"
    assert not output.gone
    assert output.isatty()


def test_the_table_uses_the_driver_whose_output_outlives_the_terminal(host: Host) -> None:
    app = ThousandApp(TableSetup.of(seed=1, save=False, host=host), start=StartOffer.shipped("en"))
    assert app.driver_class is TerminalDriver

    async def made() -> TerminalDriver:
        return TerminalDriver(app)

    assert isinstance(asyncio.run(made())._file, TerminalOutput)
