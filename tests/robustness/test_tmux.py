"""The real `thousand` in tmux: the pane is killed mid-deal and the game resumes; SIGHUP,
SIGTERM and Ctrl+C with a dialog open or the opponents to move end it cleanly, leave the
terminal usable and the record complete."""

from __future__ import annotations

import os
import shlex
import shutil
import signal
import sys

import pytest

from tests.helpers.tmux import Tmux, exit_status
from thousand_tui.priority import HOSTED_NICENESS
from thousand_tui.store import catalog as saves
from thousand_tui.store.records import read_record
from thousand_tui.tui.hangup import ENDING, WATCHDOG

from .terminal import (
    PER_KEY,
    check_record,
    games,
    human_passed,
    record_lines,
    start_game,
    terminal_usable,
    wait_for,
)

pytestmark = pytest.mark.skipif(shutil.which("tmux") is None, reason="needs tmux")


def niceness(pid: int) -> int:
    return os.getpriority(os.PRIO_PROCESS, pid)


@pytest.mark.long
def test_the_pane_killed_mid_deal_and_the_game_resumed(tmux: Tmux) -> None:
    path = start_game(tmux, "--preset", "classic", "--seed", "5", "--lang", "en")
    assert niceness(tmux.game_pid()) == os.getpriority(os.PRIO_PROCESS, 0)  # not hosted
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
    path = start_game(tmux, "--preset", "family", "--seed", "7", "--ai", "normal")
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


# `thousand` whose clean shutdown after a hang-up hangs (its event loop blocked), so that the
# watchdog has to end it, as it does when the shutdown is slow under load.
HANGS = (
    "import sys, time; from thousand_tui.tui.app import ThousandApp; "
    "ThousandApp.signalled = lambda self, sig: time.sleep(60); "
    "from thousand_tui.cli import main; "
    "sys.exit(main(['--preset', 'classic', '--seed', '5', '--lang', 'en']))"
)


def test_a_game_the_watchdog_ends_gives_the_terminal_back(tmux: Tmux) -> None:
    tmux.shell()
    tmux.type(f"{shlex.join([sys.executable, '-c', HANGS])}; echo EXITED $?")
    wait_for("'Pass'", lambda: "Pass" in tmux.screen(), tmux)
    [path] = wait_for("the record", lambda: games(tmux))
    wait_for("the record to be locked", lambda: saves.describe_save(path).in_use)
    assert tmux.value("alternate_on") == "1"
    pid = tmux.game_pid()
    os.kill(pid, signal.SIGHUP)
    terminal_usable(tmux, 128 + signal.SIGHUP)
    [log] = (tmux.root / "data").glob("**/thousand.log")
    endings = [m for m in map(ENDING.search, log.read_text().splitlines()) if m]
    assert [(m["path"], int(m["pid"])) for m in endings] == [(WATCHDOG, pid)]
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
    # A hosted game runs at the priority of everything hosted.
    gives_way = max(os.getpriority(os.PRIO_PROCESS, 0), HOSTED_NICENESS)
    wait_for("the game to give way", lambda: niceness(tmux.game_pid()) == gives_way, tmux)
    wait_for("the deal in the record", lambda: len(record_lines(path)) >= 2, tmux)
    before = record_lines(path)
    tmux.kill_pane()
    wait_for("the game to let go of its record", lambda: not saves.describe_save(path).in_use)
    check_record(path)
    assert record_lines(path)[: len(before)] == before

    tmux.shell()
    session = shlex.join([sys.executable, "-m", "thousand_tui", "ssh-session"])
    tmux.type(f"{login}resume {session}; echo EXITED $?")
    wait_for("the resumed game to open its record", lambda: saves.describe_save(path).in_use)
    wait_for("the table", lambda: "Кон 1" in tmux.screen(), tmux)
    os.kill(tmux.game_pid(), signal.SIGHUP)
    terminal_usable(tmux, 128 + signal.SIGHUP)
    check_record(path)
    assert games(tmux, PER_KEY) == [path]
    assert games(tmux) == []
