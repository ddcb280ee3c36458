"""The real `thousand` in a tmux server of its own: open terminals, type, press keys, read the
screen and wait for what it shows; and the processes a terminal runs.

Each `Tmux` has its own server (`-L`, no configuration file), and its programs get a home and
XDG directories of their own under the test's folder, so a test never touches the tmux
sessions or the saved games of the person running it.
"""

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

WAIT = 60.0  # seconds before a wait gives up (a stuck game, not a slow one)
KEY_GAP = 0.15  # seconds between the keys of one `keys` call, as a person types them


class Tmux:
    """A tmux server of its own; each terminal is a session with one pane, which the methods
    use unless given another (`pane=`)."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.base = ["tmux", "-L", f"thousand-{uuid.uuid4().hex[:8]}", "-f", "/dev/null"]
        self.env = {
            "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
            "HOME": str(root / "home"),
            "XDG_DATA_HOME": str(root / "data"),
            "XDG_CONFIG_HOME": str(root / "config"),
            "TERM": "xterm-256color",
            "LANG": "C.UTF-8",
            "LC_ALL": "C.UTF-8",
        }
        if "PYTHONPATH" in os.environ:  # the same code as this test process
            self.env["PYTHONPATH"] = os.environ["PYTHONPATH"]
        (root / "home").mkdir(parents=True, exist_ok=True)
        self.pane = ""

    def tmux(self, *args: str) -> str:
        done = subprocess.run([*self.base, *args], capture_output=True, text=True, timeout=30)
        return done.stdout

    def shell(self, size: tuple[int, int] = (100, 32)) -> str:
        """A new terminal with a plain shell, the way a terminal window has one; it becomes
        the pane the other methods use unless given another. Returns the pane's name, once the
        shell shows its prompt: a line typed before it is echoed ahead of the prompt, and what
        the command prints then follows the prompt on its line."""
        pane = self._open("sh", size)
        self.wait_for(lambda screen: screen.strip(), pane)
        return pane

    def start(self, command: str, size: tuple[int, int] = (100, 32)) -> str:
        """A new terminal running `command` (a shell line), then `echo EXITED <status>` and a
        shell, so that what the command left stays on the screen (and the line typed is not
        on it). Returns the pane's name."""
        return self._open(shlex.join(["sh", "-c", f"{command}; echo EXITED $?; exec sh"]), size)

    def _open(self, command: str, size: tuple[int, int]) -> str:
        name = uuid.uuid4().hex[:6]
        env = " ".join(f"{k}={shlex.quote(v)}" for k, v in self.env.items())
        width, height = (str(n) for n in size)
        self.tmux(
            "new-session", "-d", "-x", width, "-y", height, "-s", name, f"env -i {env} {command}"
        )
        self.pane = f"{name}:0.0"
        return self.pane

    def type(self, line: str, pane: str | None = None) -> None:
        self.tmux("send-keys", "-t", pane or self.pane, "-l", line)
        self.tmux("send-keys", "-t", pane or self.pane, "Enter")

    def keys(self, *keys: str, pane: str | None = None) -> None:
        """Press the keys (tmux's names: `Enter`, `Escape`, `C-c`, `Down`, `q`) one at a time:
        an Escape followed at once by a key would reach the program as one Alt+key."""
        for number, key in enumerate(keys):
            if number:
                time.sleep(KEY_GAP)
            self.tmux("send-keys", "-t", pane or self.pane, key)

    def screen(self, pane: str | None = None, history: bool = False) -> str:
        """What the terminal shows; with `history`, also what scrolled off its top, and each
        line the terminal wrapped joined again."""
        more = ["-J", "-S", "-200"] if history else []
        return self.tmux("capture-pane", "-p", *more, "-t", pane or self.pane)

    def wait_for(
        self,
        what: str | Callable[[str], object],
        pane: str | None = None,
        timeout: float = WAIT,
        history: bool = False,
    ) -> str:
        """The screen once it shows the text `what` (or `what(screen)` is true); an
        AssertionError with the screen after `timeout` seconds."""
        shows = (lambda screen: what in screen) if isinstance(what, str) else what
        deadline = time.monotonic() + timeout
        while True:
            screen = self.screen(pane, history)
            if shows(screen):
                return screen
            if time.monotonic() > deadline:
                raise AssertionError(f"{what!r} never showed; the screen:\n{screen}")
            time.sleep(0.1)

    def wait_for_any(self, *texts: str, pane: str | None = None, timeout: float = WAIT) -> str:
        """The screen once any of the texts is on it."""
        return self.wait_for(lambda screen: any(t in screen for t in texts), pane, timeout)

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

    def kill_pane(self, pane: str | None = None) -> None:
        """Close the terminal: its programs are hung up."""
        self.tmux("kill-pane", "-t", pane or self.pane)

    def close(self) -> None:
        self.tmux("kill-server")


# ---------------------------------------------------------------------- processes


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


def environment(pid: int) -> dict[str, str]:
    """A process's environment as it was started (empty once it has ended)."""
    try:
        raw = Path(f"/proc/{pid}/environ").read_bytes()
    except OSError:
        return {}
    pairs = (item.split("=", 1) for item in raw.decode(errors="replace").split("\0") if "=" in item)
    return dict(pairs)


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


def exit_status(screen: str) -> int | None:
    """The status the shell printed after the command (`EXITED 0`, see `Tmux.start`)."""
    for line in screen.splitlines():
        found = re.fullmatch(r"EXITED (\d+)", line.strip())
        if found:
            return int(found.group(1))
    return None


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
