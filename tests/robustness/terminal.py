"""The real `thousand` in a tmux server of its own: start it, press keys, read the screen, and
check what it left behind (its record, its lock, the terminal)."""

from __future__ import annotations

import contextlib
import os
import re
import shlex
import subprocess
import sys
import time
import uuid
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from thousand_tui import saves
from thousand_tui.engine.record import rebuild
from thousand_tui.records import read_record

T = TypeVar("T")

WAIT = 60.0  # seconds before a wait gives up (a stuck game, not a slow one)


class Tmux:
    """A tmux server of its own, one shell pane at a time."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.base = ["tmux", "-L", f"thousand-{uuid.uuid4().hex[:8]}", "-f", "/dev/null"]
        self.env = {
            "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
            "HOME": str(root / "home"),
            "XDG_DATA_HOME": str(root / "data"),
            "TERM": "xterm-256color",
            "LANG": "C.UTF-8",
        }
        if "PYTHONPATH" in os.environ:  # the same code as this test process
            self.env["PYTHONPATH"] = os.environ["PYTHONPATH"]
        (root / "home").mkdir(exist_ok=True)
        self.pane = ""

    def tmux(self, *args: str) -> str:
        done = subprocess.run([*self.base, *args], capture_output=True, text=True, timeout=30)
        return done.stdout

    def shell(self, size: tuple[int, int] = (100, 32)) -> str:
        """A new session with a plain shell, the way a terminal window has one; it becomes
        the pane the other methods use unless given another. Returns the pane's name."""
        name = uuid.uuid4().hex[:6]
        env = " ".join(f"{k}={shlex.quote(v)}" for k, v in self.env.items())
        width, height = (str(n) for n in size)
        self.tmux("new-session", "-d", "-x", width, "-y", height, "-s", name, f"env -i {env} sh")
        self.pane = f"{name}:0.0"
        return self.pane

    def type(self, line: str, pane: str | None = None) -> None:
        self.tmux("send-keys", "-t", pane or self.pane, "-l", line)
        self.tmux("send-keys", "-t", pane or self.pane, "Enter")

    def keys(self, *keys: str, pane: str | None = None) -> None:
        self.tmux("send-keys", "-t", pane or self.pane, *keys)

    def screen(self, pane: str | None = None) -> str:
        return self.tmux("capture-pane", "-p", "-t", pane or self.pane)

    def value(self, name: str, pane: str | None = None) -> str:
        return self.tmux("display-message", "-p", "-t", pane or self.pane, f"#{{{name}}}").strip()

    def program_pid(self, name: str, pane: str | None = None) -> int | None:
        """A program started from the pane's shell (`ssh`), by the name it was run as."""
        shell = int(self.value("pane_pid", pane))
        for pid in descendants(shell):
            argv = command_line(pid)
            if argv and Path(argv[0]).name == name:
                return pid
        return None

    def game_pid(self) -> int:
        """The game's process: the first one under the pane's shell that runs Python (the
        shell may start it through another program, such as `setsid`)."""
        pid = int(self.value("pane_pid"))
        while True:
            children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
            assert children, "the game is not running"
            pid = int(children[0])
            argv = Path(f"/proc/{pid}/cmdline").read_text(errors="replace").split("\0")
            if argv[0] == sys.executable:
                return pid

    def server_pid(self) -> int:
        return int(self.tmux("display-message", "-p", "#{pid}").strip())

    def kill_pane(self) -> None:
        self.tmux("kill-pane", "-t", self.pane)

    def close(self) -> None:
        self.tmux("kill-server")


def wait_for(what: str, check: Callable[[], T | None], tmux: Tmux | None = None) -> T:
    """What `check()` returns once it is true (an AssertionError after `WAIT` seconds)."""
    deadline = time.monotonic() + WAIT
    while not (found := check()):
        if time.monotonic() > deadline:
            screen = f"; the screen:\n{tmux.screen()}" if tmux is not None else ""
            raise AssertionError(f"gave up waiting for {what}{screen}")
        time.sleep(0.1)
    return found


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


def exit_status(screen: str) -> int | None:
    """The status the shell printed after the game (`EXITED 0`), if it has."""
    for line in screen.splitlines():
        found = re.fullmatch(r"EXITED (\d+)", line.strip())
        if found:
            return int(found.group(1))
    return None


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


def children(pid: int) -> list[int]:
    found: list[int] = []
    with contextlib.suppress(OSError):
        for task in Path(f"/proc/{pid}/task").iterdir():
            with contextlib.suppress(OSError):
                found += [int(p) for p in (task / "children").read_text().split()]
    return found


def descendants(pid: int) -> list[int]:
    """Every process under `pid`, parents before their children."""
    found: list[int] = []
    todo = children(pid)
    while todo:
        child = todo.pop(0)
        found.append(child)
        todo += children(child)
    return found


def command_line(pid: int) -> list[str]:
    try:
        raw = Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return []
    return raw.decode(errors="replace").split("\0")[:-1]


def running(pid: int) -> bool:
    """Whether the process still runs. A zombie waiting for its parent has ended; but its
    first thread turns zombie while the others are still ending, and they hold its open files
    (the record's lock) until the last one is gone: any thread not yet a zombie still runs."""
    try:
        threads = list(Path(f"/proc/{pid}/task").iterdir())
    except (FileNotFoundError, ProcessLookupError):
        return False
    for thread in threads:
        try:
            state = (thread / "stat").read_text().rsplit(")", 1)[1].split()[0]
        except (FileNotFoundError, ProcessLookupError, IndexError):
            continue  # this thread has just gone
        if state != "Z":
            return True
    return False


# ---------------------------------------------------------------------- reading the table


CHOICE = re.compile(r"┃ ([1-9])  (.+?)\s*┃")


def footer(screen: str) -> str:
    """The key line at the bottom of the table or of a dialog."""
    lines = [line.strip() for line in screen.splitlines() if line.strip()]
    return lines[-1] if lines else ""


def choices(screen: str) -> list[str]:
    """The numbered choices of an open decision dialog, in order."""
    return [found.group(2) for found in CHOICE.finditer(screen)]


def hand_row(screen: str) -> str:
    """The faces of the cards in your hand, as the row under the cards' top edges shows them
    (the card under the cursor, edged ║, is shown as any other)."""
    rows = screen.splitlines()
    tops = [i for i, row in enumerate(rows) if "┌───┐" in row]
    if not tops or tops[-1] + 1 >= len(rows):
        return ""
    return rows[tops[-1] + 1].replace("║", "│").strip()


RESULT_HINTS = ("Enter: next deal", "Enter: следующий кон")


def deal_result_shown(screen: str) -> bool:
    """Whether a deal's result waits for Enter (a pause of the table, not a decision)."""
    return any(hint in screen for hint in RESULT_HINTS)


def decision_on_screen(screen: str) -> tuple[str, ...] | None:
    """What the table asks of you, if it asks: the dialog's choices, or the hand to play from
    (with the keys offered). None while the opponents move or a deal's result is shown."""
    if deal_result_shown(screen):
        return None
    keys = footer(screen)
    if "1–9" in keys:
        return ("choose", *choices(screen))
    if "⏎" in keys:
        return ("enter", keys, hand_row(screen))
    return None


def next_key(screen: str) -> str | None:
    """The scripted player's key: the first choice of a dialog, else Enter where Enter is
    offered (play the card under the cursor, which the table puts on a playable one; give the
    card under the cursor; the next deal). Every such key is a legal decision."""
    keys = footer(screen)
    if "1–9" in keys:
        return "1"
    if "⏎" in keys:
        return "Enter"
    return None


def result_on_screen(screen: str) -> bool:
    """A deal's result on screen (on a small terminal only its key says so)."""
    keys = footer(screen)
    return deal_result_shown(screen) or "⏎ Next" in keys or "⏎ Дальше" in keys


DEAL_NUMBER = re.compile(r"· (?:Deal|Кон) (\d+) ·")


def past_deal(screen: str, number: int) -> bool:
    """Whether the screen shows deal `number`'s result or has gone on to a later deal. A
    scripted Enter sent again while the server is slow to answer (see `play_together`) can
    land on the result and close it before any capture sees it: the header's deal number
    still says the end of the deal reached this screen."""
    if result_on_screen(screen):
        return True
    found = DEAL_NUMBER.search(screen.splitlines()[0]) if screen else None
    return found is not None and int(found.group(1)) > number


def play_together(
    tmux: Tmux, panes: list[str], done: Callable[[], bool], seconds: float = 120.0
) -> None:
    """Each player presses the scripted key when their screen asks them (not on a deal's
    result, which each closes when they like), until `done()`."""
    last: dict[str, tuple[str, float]] = {}
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        for pane in panes:
            screen = tmux.screen(pane)
            key = None if result_on_screen(screen) else next_key(screen)
            seen, when = last.get(pane, ("", 0.0))
            # A key once per new screen (or again after a while, if nothing came of it: a
            # slow server may then take both, the second on the screen that came next).
            if key is not None and (screen != seen or time.monotonic() - when > 2.0):
                tmux.keys(key, pane=pane)
                last[pane] = (screen, time.monotonic())
        if done():
            return
        time.sleep(0.15)
    screens = "\n".join(tmux.screen(pane) for pane in panes)
    raise AssertionError(f"the players did not get there in time; the screens:\n{screens}")
