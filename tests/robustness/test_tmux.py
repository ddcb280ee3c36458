"""The real `thousand` in tmux: the pane is killed mid-deal and the game resumes; SIGHUP,
SIGTERM and Ctrl+C with a dialog open or the opponents to move end it cleanly, leave the
terminal usable and the record complete."""

from __future__ import annotations

import os
import re
import shlex
import shutil
import signal
import subprocess
import sys
import time
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from thousand_tui import saves
from thousand_tui.engine.record import read_record, rebuild

pytestmark = pytest.mark.skipif(shutil.which("tmux") is None, reason="needs tmux")

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

    def shell(self) -> None:
        """A new session with a plain shell, the way a terminal window has one."""
        name = uuid.uuid4().hex[:6]
        env = " ".join(f"{k}={shlex.quote(v)}" for k, v in self.env.items())
        self.tmux("new-session", "-d", "-x", "100", "-y", "32", "-s", name, f"env -i {env} sh")
        self.pane = f"{name}:0.0"

    def type(self, line: str) -> None:
        self.tmux("send-keys", "-t", self.pane, "-l", line)
        self.tmux("send-keys", "-t", self.pane, "Enter")

    def keys(self, *keys: str) -> None:
        self.tmux("send-keys", "-t", self.pane, *keys)

    def screen(self) -> str:
        return self.tmux("capture-pane", "-p", "-t", self.pane)

    def value(self, name: str) -> str:
        return self.tmux("display-message", "-p", "-t", self.pane, f"#{{{name}}}").strip()

    def game_pid(self) -> int:
        shell = int(self.value("pane_pid"))
        children = Path(f"/proc/{shell}/task/{shell}/children").read_text().split()
        assert children, "the game is not running"
        return int(children[0])

    def kill_pane(self) -> None:
        self.tmux("kill-pane", "-t", self.pane)

    def close(self) -> None:
        self.tmux("kill-server")


def wait_for(what: str, check: Callable[[], object], tmux: Tmux | None = None) -> None:
    deadline = time.monotonic() + WAIT
    while not check():
        if time.monotonic() > deadline:
            screen = f"; the screen:\n{tmux.screen()}" if tmux is not None else ""
            raise AssertionError(f"gave up waiting for {what}{screen}")
        time.sleep(0.1)


@pytest.fixture
def tmux(tmp_path: Path) -> Iterator[Tmux]:
    server = Tmux(tmp_path)
    try:
        yield server
    finally:
        server.close()


SHARED = "games/*.jsonl"
PER_KEY = "players/*/games/*.jsonl"


def games(tmux: Tmux, pattern: str = SHARED) -> list[Path]:
    """The record files under the data directory."""
    return sorted((tmux.root / "data" / "thousand_tui").glob(pattern))


def record_lines(path: Path) -> list[dict]:
    return read_record(path).games[-1].lines


def start_game(
    tmux: Tmux, *flags: str, prefix: str = "", pattern: str = SHARED, ready: str = "Pass"
) -> Path:
    """Start `thousand` with these flags in a new shell; wait until `ready` is on the screen
    and the game holds its record."""
    tmux.shell()
    game = shlex.join([sys.executable, "-m", "thousand_tui", *flags])
    tmux.type(f"{prefix}{game}; echo EXITED $?")
    wait_for(repr(ready), lambda: ready in tmux.screen(), tmux)
    wait_for("the record", lambda: games(tmux, pattern))
    [path] = games(tmux, pattern)
    wait_for("the record to be locked", lambda: saves.describe_save(path).in_use)
    return path


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
    wait_for(f"EXITED {status}", lambda: exit_status(tmux.screen()) == status)
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


def test_the_pane_killed_mid_deal_and_the_game_resumed(tmux: Tmux) -> None:
    path = start_game(tmux, "--preset", "classic", "--seed", "5", "--lang", "en")
    tmux.keys("p")  # pass in the auction: a decision of yours in the record
    wait_for("your pass in the record", lambda: human_passed(path))
    before = len(record_lines(path))
    tmux.kill_pane()  # the terminal is gone, as when an SSH link drops
    wait_for("the game to let go of its record", lambda: not saves.describe_save(path).in_use)
    check_record(path)
    assert len(record_lines(path)) >= before

    tmux.shell()
    tmux.type(f"{shlex.join([sys.executable, '-m', 'thousand_tui', '--resume'])}; echo EXITED $?")
    wait_for("the resumed game to open its record", lambda: saves.describe_save(path).in_use)
    wait_for("the table", lambda: "Deal 1" in tmux.screen(), tmux)
    assert human_passed(path)
    assert games(tmux) == [path]  # the same game, no new one
    os.kill(tmux.game_pid(), signal.SIGTERM)
    terminal_usable(tmux, 128 + signal.SIGTERM)
    check_record(path)


@pytest.mark.parametrize(
    ("phase", "stop", "status"),
    [
        ("dialog", signal.SIGHUP, 128 + signal.SIGHUP),
        ("dialog", signal.SIGTERM, 128 + signal.SIGTERM),
        ("dialog", "C-c", None),
        ("opponents", signal.SIGTERM, 128 + signal.SIGTERM),
        ("opponents", "C-c", None),
    ],
)
def test_signals_and_ctrl_c_save_and_leave_the_terminal_usable(
    tmux: Tmux, phase: str, stop: int | str, status: int | None
) -> None:
    path = start_game(tmux, "--preset", "family", "--seed", "3", "--ai", "normal")
    if phase == "opponents":
        tmux.keys("p")  # the opponents bid next, each after thinking
        wait_for("your pass in the record", lambda: human_passed(path))
    if isinstance(stop, str):
        tmux.keys(stop)
    else:
        os.kill(tmux.game_pid(), stop)
    if status is None:
        wait_for("the game to end", lambda: exit_status(tmux.screen()) is not None)
        status = exit_status(tmux.screen())
        assert status is not None
    terminal_usable(tmux, status)
    assert "continue it with `thousand --resume`" in tmux.screen()
    wait_for("the record to be let go", lambda: not saves.describe_save(path).in_use)
    check_record(path)


def test_a_hosted_session_killed_mid_deal_and_resumed(tmux: Tmux) -> None:
    """`thousand ssh-session` as sshd starts it for `ssh -t thousand@host family ru`, the
    link dropped mid-deal, then `ssh -t thousand@host resume` from the same key."""
    auth = tmux.root / "auth"
    auth.write_text("publickey ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOlga\n")
    login = f"SSH_USER_AUTH={shlex.quote(str(auth))} SSH_ORIGINAL_COMMAND="
    # no seed: the first decision may be a bid, a redeal or a dark game; any is mid-deal
    path = start_game(
        tmux, "ssh-session", prefix=login + "'family ru' ", pattern=PER_KEY, ready="Кон 1"
    )
    assert read_record(path).games[0].header["preset"] == "family"
    wait_for("the deal in the record", lambda: len(record_lines(path)) >= 2, tmux)
    before = record_lines(path)
    tmux.kill_pane()
    wait_for("the game to let go of its record", lambda: not saves.describe_save(path).in_use)
    check_record(path)
    assert record_lines(path)[: len(before)] == before

    tmux.shell()
    session = shlex.join([sys.executable, "-m", "thousand_tui", "ssh-session"])
    tmux.type(f"{login}'resume ru' {session}; echo EXITED $?")
    wait_for("the resumed game to open its record", lambda: saves.describe_save(path).in_use)
    wait_for("the table", lambda: "Кон 1" in tmux.screen(), tmux)
    os.kill(tmux.game_pid(), signal.SIGHUP)
    terminal_usable(tmux, 128 + signal.SIGHUP)
    check_record(path)
    assert games(tmux, PER_KEY) == [path]
    assert games(tmux) == []
