"""The services' log (`journal.py`): a flood of lines, the same or all different, keeps it
under its cap; a repeated line is written once, then counted; a failing disk or no descriptor
left drops lines, never fails the service."""

from __future__ import annotations

import errno
import os
import subprocess
import sys
import traceback
from pathlib import Path
from typing import Any

import pytest

from thousand_tui.journal import Journal, JournalStream


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def files(path: Path) -> list[Path]:
    return sorted(path.parent.glob(f"{path.name}*"))


def lines(path: Path) -> list[str]:
    return path.read_text().splitlines()


def make(tmp_path: Path, **options: Any) -> tuple[Journal, Clock, Path]:
    clock = Clock()
    path = tmp_path / "service.log"
    return Journal(path, clock=clock, stamp=lambda: "T", **options), clock, path


@pytest.mark.long
def test_a_flood_of_one_line_is_written_once_then_counted(tmp_path: Path) -> None:
    journal, clock, path = make(tmp_path)
    for _ in range(100_000):
        journal.write("a client of protocol 9 (this service: 4)")
    assert lines(path) == ["T a client of protocol 9 (this service: 4)"]
    clock.now += 61
    for _ in range(10):
        journal.write("a client of protocol 9 (this service: 4)")
    assert lines(path) == [
        "T a client of protocol 9 (this service: 4)",
        "T … repeated 99999 times in 61 s: a client of protocol 9 (this service: 4)",
        "T a client of protocol 9 (this service: 4)",
    ]
    journal.close()  # the count not told yet is told at the end
    told = "T … repeated 9 times in 0 s: a client of protocol 9 (this service: 4)"
    assert lines(path)[-1] == told


def test_lines_taking_turns_are_each_counted(tmp_path: Path) -> None:
    journal, clock, path = make(tmp_path)
    for number in range(30_000):
        journal.write(f"line {number % 3}")
    clock.now += 60
    journal.write("another")
    assert lines(path) == [
        "T line 0",
        "T line 1",
        "T line 2",
        "T … repeated 9999 times in 60 s: line 0",
        "T … repeated 9999 times in 60 s: line 1",
        "T … repeated 9999 times in 60 s: line 2",
        "T another",
    ]


@pytest.mark.long
def test_a_flood_of_different_lines_stays_under_the_cap(tmp_path: Path) -> None:
    journal, _, path = make(tmp_path, max_bytes=64 << 10, keep=2)
    for number in range(50_000):  # about 5 MB written
        journal.write(f"table {number:06}: a chat line could not be written: " + "x" * 40)
    kept = files(path)
    assert [p.name for p in kept] == ["service.log", "service.log.1", "service.log.2"]
    assert all(p.stat().st_size <= 64 << 10 for p in kept)
    assert sum(p.stat().st_size for p in kept) <= 3 * (64 << 10)
    assert lines(path)[-1].startswith("T table 049999:")  # the newest is kept


def test_a_very_long_entry_is_cut(tmp_path: Path) -> None:
    journal, _, path = make(tmp_path)
    journal.write("y" * 1_000_000)
    assert path.stat().st_size < 20_000
    assert "characters cut" in path.read_text()


def test_a_full_disk_drops_lines_and_never_raises(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    journal, _, path = make(tmp_path)
    journal.write("before")

    def full(fd: int, data: bytes) -> int:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "write", full)
    for number in range(100):
        journal.write(f"lost {number}")
    assert journal.dropped == 100
    monkeypatch.undo()
    journal.write("after")
    assert lines(path) == ["T before", "T after"]


def test_no_descriptor_left_at_rotation_drops_lines_until_one_is(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    journal, _, path = make(tmp_path, max_bytes=1024, keep=1)
    real_open = os.open

    def exhausted(*args: Any, **kwargs: Any) -> int:
        raise OSError(errno.EMFILE, "Too many open files")

    monkeypatch.setattr(os, "open", exhausted)
    for number in range(200):
        journal.write(f"line {number:04} " + "z" * 30)  # past the cap: a rotation is due
    assert journal.dropped > 0
    monkeypatch.setattr(os, "open", real_open)
    journal.write("back")
    assert lines(path)[-1] == "T back"
    assert sum(p.stat().st_size for p in files(path)) <= 2 * 1024


def test_the_stream_makes_one_entry_of_each_flush(tmp_path: Path) -> None:
    journal, _, path = make(tmp_path)
    stream = JournalStream(journal)
    for _ in range(3):
        print("listening on /tmp/x", file=stream, flush=True)
        try:
            raise RuntimeError("the accept failed")
        except RuntimeError:
            traceback.print_exc(file=stream)
            stream.flush()
    text = path.read_text()
    assert text.count("listening on") == 1 and text.count("Traceback") == 1
    assert text.count("T ") == 2  # two entries, each stamped once


@pytest.mark.long
def test_a_process_that_logs_to_it_stays_under_the_cap(tmp_path: Path) -> None:
    """A real process: its prints, its threads' tracebacks, what `logging` says (as asyncio
    does of an accept that fails) and its own writes to fd 2 all go in, under the cap."""
    path = tmp_path / "service.log"
    script = f"""
import logging, os, sys, threading
from pathlib import Path
from thousand_tui.journal import log_to
log_to(Path({str(path)!r}), max_bytes=32768, keep=2)
for number in range(20000):
    print("a client of protocol 9", flush=True)
    print(f"distinct {{number}} " + "d" * 60, flush=True)
for _ in range(100):
    logging.getLogger("asyncio").error("socket.accept() out of system resource",
                                       exc_info=OSError(24, "Too many open files"))
    thread = threading.Thread(target=lambda: 1 / 0, name="ai")
    thread.start(); thread.join()
os.write(2, b"written to fd 2\\n")
"""
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout == done.stderr == b""
    kept = files(path)
    assert len(kept) <= 3
    assert sum(p.stat().st_size for p in kept) <= 3 * 32768 + 1024
    text = "".join(p.read_text() for p in kept)
    assert text.count("a client of protocol 9\n") <= 2  # written once, a count at the end
    assert "repeated 19999 times" in text
    assert text.count("ZeroDivisionError") == 1 and "repeated 99 times" in text
    assert text.count("out of system resource") == 2  # and its count
    assert "distinct 19999 " in text and "written to fd 2" in text
