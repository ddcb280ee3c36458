"""The hang-up guard: a signal or a terminal gone without one starts the clean shutdown, and
if that hangs the watchdog ends the process after the record line in writing."""

from __future__ import annotations

import os
import select
import signal
import termios
import threading
import tty
from pathlib import Path

from thousand_tui.store.records import RecordWriter
from thousand_tui.tui.hangup import CLEAN, ENDING, WATCHDOG, HangupGuard, terminal_gone
from thousand_tui.tui.terminal_output import give_back_terminal

WAIT = 10.0  # seconds before a test gives up waiting (a broken guard, not a slow one)


class Calls:
    """What the guard did, each with an event to wait on."""

    def __init__(self) -> None:
        self.hung_up: list[int] = []
        self.ended: list[int] = []
        self.last_words = 0
        self.order: list[str] = []  # the watchdog's last steps, in order
        self.hung_up_event = threading.Event()
        self.ended_event = threading.Event()

    def hang_up(self, sig: int) -> None:
        self.hung_up.append(sig)
        self.hung_up_event.set()

    def say_last_words(self) -> None:
        self.last_words += 1
        self.order.append("last words")

    def give_back(self) -> None:
        self.order.append("terminal given back")

    def end(self, status: int) -> None:
        self.ended.append(status)
        self.order.append("ended")
        self.ended_event.set()


def guard_for(
    calls: Calls, fd: int | None, grace: float = 0.1, log_file: Path | None = None
) -> HangupGuard:
    return HangupGuard(
        calls.hang_up,
        calls.say_last_words,
        fd=fd,
        grace=grace,
        poll=0.02,
        end_process=calls.end,
        log_file=log_file,
        give_back=calls.give_back,
    )


def endings(log_file: Path) -> list[tuple[str, str, int]]:
    """How hang-ups ended, as the log says: (signal, path, pid) per line."""
    found = [ENDING.search(line) for line in log_file.read_text(encoding="utf-8").splitlines()]
    return [(m["signal"], m["path"], int(m["pid"])) for m in found if m]


def test_a_terminal_is_gone_when_its_pty_master_closes(pty: tuple[int, int]) -> None:
    master, slave = pty
    assert not terminal_gone(slave)
    os.close(master)
    assert terminal_gone(slave)


def test_a_signal_asks_for_the_clean_shutdown_then_the_watchdog_ends_the_process(
    pty: tuple[int, int],
) -> None:
    calls = Calls()
    guard = guard_for(calls, pty[1])
    guard.start()
    try:
        os.kill(os.getpid(), signal.SIGTERM)
        assert calls.hung_up_event.wait(WAIT)
        assert calls.hung_up == [signal.SIGTERM]
        # The shutdown "hung" (the test process is still here): the watchdog steps in.
        assert calls.ended_event.wait(WAIT)
        assert calls.ended == [128 + signal.SIGTERM]
        assert calls.last_words == 1
        # The record first, then the terminal as the app's own shutdown would have left it.
        assert calls.order == ["last words", "terminal given back", "ended"]
        assert guard.signal == signal.SIGTERM
    finally:
        guard.stop()


def test_a_terminal_gone_without_a_signal_counts_as_a_hang_up(pty: tuple[int, int]) -> None:
    master, slave = pty
    calls = Calls()
    guard = guard_for(calls, slave)
    guard.start()
    try:
        os.close(master)
        assert calls.ended_event.wait(WAIT)
        assert calls.hung_up == [signal.SIGHUP]
        assert calls.ended == [128 + signal.SIGHUP]
    finally:
        guard.stop()


def test_stopping_after_a_hang_up_keeps_the_watchdog_armed(pty: tuple[int, int]) -> None:
    """The table closed cleanly, but the interpreter's own exit may still hang."""
    calls = Calls()
    guard = guard_for(calls, pty[1], grace=0.3)
    guard.start()
    os.kill(os.getpid(), signal.SIGHUP)
    assert calls.hung_up_event.wait(WAIT)
    guard.stop()
    assert calls.ended_event.wait(WAIT)
    assert calls.ended == [128 + signal.SIGHUP]


def test_a_table_closed_normally_leaves_no_watchdog_and_gives_the_signals_back(
    pty: tuple[int, int],
) -> None:
    before = signal.getsignal(signal.SIGTERM)
    calls = Calls()
    guard = guard_for(calls, pty[1])
    guard.start()
    assert signal.getsignal(signal.SIGTERM) != before
    guard.stop()
    assert signal.getsignal(signal.SIGTERM) == before
    assert not calls.ended_event.wait(0.5)
    assert calls.hung_up == []


def test_sealing_a_record_waits_for_the_line_in_writing_and_takes_no_more(
    tmp_path: Path,
) -> None:
    path = tmp_path / "game.jsonl"
    writer = RecordWriter(path)
    writer.write({"type": "header", "format": "thousand-record"})
    writer.seal()
    late = threading.Thread(target=writer.write, args=({"type": "late"},), daemon=True)
    late.start()
    late.join(0.3)
    assert late.is_alive()  # blocked: the process is about to end
    assert path.read_text(encoding="utf-8").count("\n") == 1
    assert '"late"' not in path.read_text(encoding="utf-8")


def test_the_log_says_the_watchdog_ended_the_process_and_what_each_thread_was_doing(
    pty: tuple[int, int], tmp_path: Path
) -> None:
    log_file = tmp_path / "data" / "thousand.log"
    calls = Calls()
    stuck = threading.Event()

    def shutdown_that_hangs() -> None:
        stuck.wait(WAIT)

    waiting = threading.Thread(target=shutdown_that_hangs, name="closing", daemon=True)
    waiting.start()
    guard = guard_for(calls, pty[1], log_file=log_file)
    guard.start()
    try:
        os.kill(os.getpid(), signal.SIGTERM)
        assert calls.ended_event.wait(WAIT)
    finally:
        guard.stop()
        stuck.set()
    assert endings(log_file) == [("SIGTERM", WATCHDOG, os.getpid())]
    text = log_file.read_text(encoding="utf-8")
    assert "in shutdown_that_hangs" in text  # the stack of the thread that held things up
    assert oct(log_file.stat().st_mode & 0o777) == oct(0o600)


def test_the_log_says_a_table_closed_cleanly_after_a_hang_up(
    pty: tuple[int, int], tmp_path: Path
) -> None:
    log_file = tmp_path / "thousand.log"
    calls = Calls()
    guard = guard_for(calls, pty[1], grace=5.0, log_file=log_file)
    guard.start()
    os.kill(os.getpid(), signal.SIGHUP)
    assert calls.hung_up_event.wait(WAIT)
    guard.stop()
    guard.closed()
    assert endings(log_file) == [("SIGHUP", CLEAN, os.getpid())]
    assert not calls.ended


def test_a_table_closed_without_a_hang_up_logs_nothing(
    pty: tuple[int, int], tmp_path: Path
) -> None:
    log_file = tmp_path / "thousand.log"
    guard = guard_for(Calls(), pty[1], log_file=log_file)
    guard.start()
    guard.stop()
    guard.closed()
    assert not log_file.exists()


def test_giving_the_terminal_back_leaves_the_alternate_screen_and_its_raw_mode(
    pty: tuple[int, int],
) -> None:
    """What the watchdog does for an app it ends: the terminal as before the app."""
    master, slave = pty
    before = termios.tcgetattr(slave)
    tty.setraw(slave)  # as an app in application mode leaves it
    os.write(slave, b"\x1b[?1049h\x1b[?25l\x1b[?1000h")
    os.read(master, 1024)
    give_back_terminal(slave, slave, before)
    told = b""
    while select.select([master], [], [], 0.2)[0]:
        told += os.read(master, 1024)
    for mode in (b"\x1b[?1049l", b"\x1b[?25h", b"\x1b[?1000l", b"\x1b[?2004l"):
        assert mode in told, (mode, told)
    assert told.index(b"\x1b[<u") < told.index(b"\x1b[?1049l")
    lflag = termios.tcgetattr(slave)[3]
    assert lflag & termios.ICANON and lflag & termios.ECHO and lflag & termios.ISIG
