"""The real `thousand` started in a tmux terminal (`tests/helpers/tmux.py`), and what it left
behind checked: its record, its lock, the terminal."""

from __future__ import annotations

import shlex
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from tests.helpers import waiting
from tests.helpers.tmux import WAIT, Tmux, exit_status
from thousand_tui.engine.record import rebuild
from thousand_tui.store import catalog as saves
from thousand_tui.store.records import read_record

T = TypeVar("T")


def wait_for(what: str, check: Callable[[], T], tmux: Tmux | None = None) -> T:
    """What `check()` returns once it is true (an AssertionError after `WAIT` seconds, with
    the terminal's screen when there is one)."""
    shown = tmux.screen if tmux is not None else None
    return waiting.wait_for(what, check, timeout=WAIT, every=0.1, shown=shown)


SHARED = "games/*.jsonl"
PER_KEY = "players/*/games/*.jsonl"


def games(tmux: Tmux, pattern: str = SHARED) -> list[Path]:
    """The record files under the data directory."""
    return sorted((tmux.root / "data" / "thousand_tui").glob(pattern))


def record_lines(path: Path) -> list[dict]:
    return read_record(path).games[-1].lines


def start_game(
    tmux: Tmux,
    *flags: str,
    prefix: str = "",
    pattern: str = SHARED,
    ready: str = "Pass",
    size: tuple[int, int] = (100, 32),
) -> Path:
    """Start `thousand` with these flags in a new shell; wait until `ready` is on the screen
    and the game holds its record."""
    tmux.shell(size)
    game = shlex.join([sys.executable, "-m", "thousand_tui", *flags])
    tmux.type(f"{prefix}{game}; echo EXITED $?")
    wait_for(repr(ready), lambda: ready in tmux.screen(), tmux)
    wait_for("the record", lambda: games(tmux, pattern))
    [path] = games(tmux, pattern)
    wait_for("the record to be locked", lambda: saves.describe_save(path).in_use)
    return path


def your_decisions(lines: list[dict]) -> int:
    """How many decisions seat 0 (you) made in these record lines (what the rules did for
    you, `auto`, not counted)."""
    return sum(
        line.get("type") == "action" and line.get("seat") == 0 and not line.get("auto")
        for line in lines
    )


def human_passed(path: Path) -> bool:
    return any(line.get("seat") == 0 and line.get("act") == "pass" for line in record_lines(path))


def terminal_usable(tmux: Tmux, status: int) -> None:
    """The shell got its exit status, the screen is back from the alternate screen, and the
    terminal echoes and reads lines again."""
    wait_for(f"EXITED {status}", lambda: exit_status(tmux.screen()) == status, tmux)
    assert tmux.value("alternate_on") == "0"
    modes = tmux.root / "stty.txt"
    tmux.type(f"stty -a > {shlex.quote(str(modes))}")
    wait_for("stty", lambda: modes.exists() and modes.read_text().strip())
    words = set(modes.read_text().replace(";", " ").split())
    assert {"icanon", "echo", "isig"} <= words, words


def check_record(path: Path) -> None:
    loaded = read_record(path)
    assert not loaded.truncated
    game, mismatch = rebuild(loaded.games[-1])
    assert mismatch is None
    assert not game.over
    assert saves.describe_save(path).resumable
