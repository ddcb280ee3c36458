"""End to end: the real `thousand` in a tmux terminal, driven by keys, read from the screen.

Skipped (with the reason) where tmux is not installed; CI installs it. The test runs its own
tmux server (`-L`), so it never touches a tmux session of the person running the tests.
"""

from __future__ import annotations

import json
import os
import shlex
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from thousand_tui.records import is_locked

TMUX = shutil.which("tmux")
pytestmark = pytest.mark.skipif(
    TMUX is None, reason="tmux is not installed; the end-to-end test drives `thousand` in tmux"
)


class Terminal:
    """A detached tmux session of its own server: start a command, send keys, read the pane."""

    def __init__(self, socket: str, env: dict[str, str]) -> None:
        self.socket = socket
        self.env = env

    def tmux(self, *args: str, check: bool = True) -> subprocess.CompletedProcess[str]:
        assert TMUX is not None
        return subprocess.run(
            [TMUX, "-L", self.socket, *args],
            capture_output=True,
            text=True,
            env=self.env,
            check=check,
            timeout=20,
        )

    def start(self, name: str, command: str) -> None:
        self.tmux("new-session", "-d", "-s", name, "-x", "100", "-y", "30", command)
        self.tmux("set-option", "-t", name, "remain-on-exit", "on")

    def keys(self, name: str, *keys: str) -> None:
        for key in keys:
            self.tmux("send-keys", "-t", name, key)
            # Keys one at a time, as a person types them: an Escape followed at once by a
            # key reaches the terminal as one Alt+key sequence.
            time.sleep(0.15)

    def screen(self, name: str) -> str:
        # -J joins wrapped lines, -S reaches back into what scrolled off the top.
        return self.tmux("capture-pane", "-p", "-J", "-S", "-200", "-t", name, check=False).stdout

    def wait_for(self, name: str, text: str, timeout: float = 30.0) -> str:
        return self.wait_for_any(name, text, timeout=timeout)

    def wait_for_any(self, name: str, *texts: str, timeout: float = 30.0) -> str:
        """The screen once any of the texts is on it (an AssertionError after the timeout)."""
        deadline = time.monotonic() + timeout
        screen = ""
        while time.monotonic() < deadline:
            screen = self.screen(name)
            if any(text in screen for text in texts):
                return screen
            time.sleep(0.2)
        raise AssertionError(f"none of {texts!r} appeared on the screen:\n{screen}")

    def quit_game(self, name: str) -> str:
        """Quit the game on the table with q, say yes, and wait for the command's end."""
        self.keys(name, "q")
        self.wait_for(name, "Quit the game?")
        self.keys(name, "y")
        return self.wait_for(name, "exit status 0")

    def decide_once(self, name: str, data: Path) -> None:
        """Take one decision, the first option of whatever the deal asks first (a redeal, the
        dark game, a bid), pressed again where it asks to be confirmed, and wait until the
        record holds it: a game left before any decision of yours is not one to continue.
        A deal the others redeal before you decide is passed with Enter."""
        while "Your decision" not in self.wait_for_any(
            name, "Your decision", "press Enter to go on"
        ):
            self.keys(name, "Enter")
        for _ in range(3):
            self.keys(name, "1")
            deadline = time.monotonic() + 5
            while time.monotonic() < deadline:
                if any(yours(path) for path in data.glob("thousand_tui/games/*.jsonl")):
                    return
                time.sleep(0.2)
        raise AssertionError(f"no decision of yours reached the record:\n{self.screen(name)}")

    def kill(self, name: str) -> None:
        self.tmux("kill-session", "-t", name, check=False)


def yours(path: Path) -> bool:
    """Whether the record holds a decision of seat 0, you (not one the rules made)."""
    lines = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    return any(
        line.get("type") == "action" and line.get("seat") == 0 and not line.get("auto")
        for line in lines
    )


@pytest.fixture
def terminal(tmp_path: Path) -> Iterator[Terminal]:
    env = dict(os.environ)
    env.update(
        {
            "XDG_DATA_HOME": str(tmp_path / "data"),
            "XDG_CONFIG_HOME": str(tmp_path / "config"),
            "LANG": "C.UTF-8",
            "LC_ALL": "C.UTF-8",
            "TERM": "xterm-256color",
            "HOME": str(tmp_path),
        }
    )
    env.pop("THOUSAND_DATA_DIR", None)
    env.pop("NO_COLOR", None)
    env.pop("TMUX", None)
    # A server of each test's own: the last test's may still be going away.
    term = Terminal(f"thousand-e2e-{os.getpid()}-{tmp_path.name}", env)
    try:
        yield term
    finally:
        term.tmux("kill-server", check=False)


def thousand_command(args: str, data: Path) -> str:
    """`thousand ARGS` as the console script if installed, else through this Python."""
    program = shutil.which("thousand")
    base = shlex.quote(program) if program else f"{shlex.quote(sys.executable)} -m thousand_tui"
    return f"env XDG_DATA_HOME={shlex.quote(str(data))} {base} {args}; echo exit status $?"


def test_play_quit_resume_and_hang_up(terminal: Terminal, tmp_path: Path) -> None:
    data = tmp_path / "data"
    terminal.start("play", thousand_command("--seed 7 --ai easy --lang en", data))
    screen = terminal.wait_for("play", "Auction")
    assert "Thousand · Classic · Deal 1" in screen
    assert "Your hand:" in screen
    terminal.keys("play", "Escape")  # put the auction away and look at the table
    terminal.wait_for("play", "press Enter")
    screen = terminal.wait_for("play", "Decide")  # the footer lists the keys
    assert "Anna" in screen and "Boris" in screen and "Trump:" in screen
    assert "Scores:" in screen and "You 0" in screen
    assert "Sheet" in screen and "Quit" in screen
    terminal.keys("play", "s")
    terminal.wait_for("play", "Score sheet")
    terminal.keys("play", "Escape", "q")
    terminal.wait_for("play", "Quit the game?")
    terminal.keys("play", "y")
    screen = terminal.wait_for("play", "exit status 0")
    assert "game saved in" in screen
    games = list((data / "thousand_tui" / "games").glob("*.jsonl"))
    assert len(games) == 1
    lines = games[0].read_text(encoding="utf-8").splitlines()
    assert '"type":"game"' in lines[0] and any('"type":"deal"' in line for line in lines)

    # Resume it, then close the terminal under it: SIGHUP ends the app; nothing is lost.
    terminal.start("again", thousand_command("--resume --lang en", data))
    screen = terminal.wait_for("again", "Game resumed at deal 1.")
    before = games[0].read_bytes()
    assert is_locked(games[0])  # the resumed game holds its record
    terminal.kill("again")
    # The game has ended once it lets go of its record (the lock goes with the process).
    deadline = time.monotonic() + 30
    while is_locked(games[0]):
        assert time.monotonic() < deadline, "the game still holds its record after the hang-up"
        time.sleep(0.1)
    assert games[0].read_bytes().startswith(before)

    terminal.start("third", thousand_command("--resume --lang en", data))
    screen = terminal.wait_for("third", "Game resumed at deal 1.")
    terminal.keys("third", "C-c")  # Ctrl+C quits at once; the game stays resumable
    screen = terminal.wait_for("third", "exit status 0")
    assert "thousand --resume" in screen


def test_from_the_start_screen_to_the_table_and_back(terminal: Terminal, tmp_path: Path) -> None:
    data = tmp_path / "data"
    terminal.start("start", thousand_command("", data))
    terminal.wait_for("start", "‹ Classic ›")
    screen = terminal.wait_for("start", "↑↓ Move")  # the footer, painted last
    assert "Start a new game" in screen and "Continue a game" not in screen
    terminal.keys("start", "Down", "Right")  # the family preset
    terminal.wait_for("start", "‹ Family home rules ›")
    terminal.keys("start", "Up", "Enter")
    terminal.wait_for("start", "Thousand · Family home rules · Deal 1")
    terminal.decide_once("start", data)
    terminal.quit_game("start")

    # The next start remembers the table and offers the game to continue.
    terminal.start("next", thousand_command("", data))
    terminal.wait_for("next", "Continue a game")
    terminal.wait_for("next", "‹ Family home rules ›")
    terminal.wait_for("next", "Family home rules · deal ")
    for _ in range(9):  # the start line, seven settings, the conventions; the heading is skipped
        terminal.keys("next", "Down")
    terminal.keys("next", "Enter")
    terminal.wait_for("next", "Game resumed at deal ")  # the log behind the dialog at its end
    terminal.keys("next", "C-c")
    terminal.wait_for("next", "exit status 0")


def test_a_hosted_login_without_words_opens_the_start_screen_of_the_whitelist(
    terminal: Terminal, tmp_path: Path
) -> None:
    command = thousand_command("ssh-session --presets family,two-player", tmp_path / "data")
    terminal.start("hosted", "env SSH_ORIGINAL_COMMAND= " + command.removeprefix("env "))
    screen = terminal.wait_for("hosted", "Start a new game")
    assert "‹ Family home rules ›" in screen
    terminal.keys("hosted", "Down", "Right")
    terminal.wait_for("hosted", "‹ Two players ›")
    terminal.keys("hosted", "Right")  # round to the first again: nothing else is offered
    terminal.wait_for("hosted", "‹ Family home rules ›")
    terminal.keys("hosted", "Up", "Enter")
    terminal.wait_for("hosted", "Thousand · Family home rules · Deal 1")
    screen = terminal.quit_game("hosted")
    assert "game saved; continue it with `ssh -t " in screen and "@HOST resume`" in screen


def test_a_bad_flag_is_refused_before_the_screen_opens(terminal: Terminal, tmp_path: Path) -> None:
    terminal.start("bad", thousand_command("--preset no-such-table", tmp_path / "data"))
    screen = terminal.wait_for("bad", "exit status 2")
    assert "no-such-table" in screen
