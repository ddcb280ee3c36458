"""The game through a real OpenSSH server on 127.0.0.1, set up as docs/ssh-hosting.md says
(`sshd.py` tells how): a player logs in with `ssh -t` in a terminal, plays, loses the client
to `kill -9`, and logs in again with `resume`; everything but the game is refused, as
`thousand ssh-check` sees it from the player's side."""

from __future__ import annotations

import os
import shlex
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.helpers import waiting
from tests.helpers.tmux import (
    Tmux,
    deal_result_shown,
    decision_on_screen,
    exit_status,
    next_key,
    running,
)
from thousand_tui.cli import build_parser, check_flags
from thousand_tui.engine.record import rebuild
from thousand_tui.ssh_check import client_of
from thousand_tui.store import catalog as saves
from thousand_tui.store.catalog import DATA_DIR_ENV
from thousand_tui.store.records import read_record

from .sshd import HOST, Sshd, Unavailable, free_port, game_command, guide_block
from .terminal import record_lines, wait_for, your_decisions

EXIT_WAIT = 15.0  # liveness: the game ends at all; the guard's own bound is about 2.3 s
DECISIONS = 1  # of yours before the client is killed


def login(tmux: Tmux, sshd: Sshd, words: str) -> None:
    """`ssh -t game WORDS` in a new terminal window."""
    tmux.shell((100, 32))
    tmux.type(shlex.join(sshd.ssh("-t", words)) + "; echo EXITED $?")


def play(tmux: Tmux, path: Path, decisions: int) -> None:
    """Press the scripted player's keys until `decisions` of yours are in the record."""
    target = your_decisions(record_lines(path)) + decisions

    def made() -> bool:
        if your_decisions(record_lines(path)) >= target:
            return True
        key = next_key(tmux.screen())
        if key is not None:
            tmux.keys(key)
        return False

    # A key at most every 0.4 s: the screen answers one before the next is chosen from it.
    waiting.wait_for(
        f"{decisions} decisions of yours", made, timeout=90, every=0.4, shown=tmux.screen
    )


def your_decision(tmux: Tmux, path: Path) -> tuple[str, ...]:
    """Wait until the record waits for a decision of yours and the screen asks for it; what
    the screen asks."""

    seen: list[tuple[str, ...] | None] = [None]

    def asked() -> tuple[str, ...] | None:
        """The decision on the screen once two looks in a row show the same one (the screen
        has settled) while the record waits for you."""
        if deal_result_shown(tmux.screen()):
            tmux.keys("Enter")  # on to the next deal
            seen[0] = None
            return None
        loaded = read_record(path)
        game, _ = rebuild(loaded.games[-1])
        if game.to_move != 0 or loaded.truncated:
            seen[0] = None
            return None
        now, seen[0] = seen[0], decision_on_screen(tmux.screen())
        return now if now and now == seen[0] else None

    return wait_for("your decision on the screen", asked, tmux)


def ended_after_kill(pid: int, since: float) -> float:
    waiting.wait_for(
        "the game to end once its client was killed",
        lambda: not running(pid),
        timeout=EXIT_WAIT,
        every=0.02,
    )
    return time.monotonic() - since


@pytest.mark.long
def test_the_client_killed_and_the_game_resumed_in_its_language(
    sshd: Sshd, tmux: Tmux, capsys: pytest.CaptureFixture[str]
) -> None:
    login(tmux, sshd, "family ru")
    wait_for("the Russian table", lambda: "Тысяча" in tmux.screen(), tmux)
    wait_for("the record", lambda: sshd.records())
    [path] = sshd.records()
    wait_for("the game's process", lambda: len(sshd.games()) == 1)
    [game] = sshd.games()
    assert read_record(path).games[0].header["lang"] == "ru"

    play(tmux, path, DECISIONS)
    asked = your_decision(tmux, path)
    kept = record_lines(path)
    client = tmux.program_pid("ssh")
    assert client is not None
    os.kill(client, signal.SIGKILL)
    seconds = ended_after_kill(game, time.monotonic())
    with capsys.disabled():
        print(f"\n  the game ended {seconds:.2f} s after its ssh client was killed")

    assert not saves.describe_save(path).in_use, "the record is still locked"
    loaded = read_record(path)
    assert not loaded.truncated
    assert rebuild(loaded.games[-1])[1] is None, "the record does not replay"
    assert loaded.games[-1].lines == kept, "the record changed: a decision lost or made up"
    wait_for("nothing left under sshd", lambda: not sshd.sessions())

    login(tmux, sshd, "resume")  # no language: the game's own
    wait_for("the resumed game to hold its record", lambda: saves.describe_save(path).in_use)
    assert your_decision(tmux, path) == asked
    assert "Тысяча" in tmux.screen() and "Кон" in tmux.screen()
    assert sshd.records() == [path]  # the same game, no new one

    tmux.keys("q")
    wait_for("the question to quit", lambda: next_key(tmux.screen()) is None, tmux)
    tmux.keys("y")
    wait_for("the session to end", lambda: exit_status(tmux.screen()) == 0, tmux)
    # said in the language the game is played in
    assert "игра сохранена; продолжить: `ssh -t " in tmux.screen()
    assert "@HOST resume`" in tmux.screen()
    assert record_lines(path) == kept
    wait_for("nothing left under sshd", lambda: not sshd.sessions())

    # The host's view: the player's game in the player's own folder.
    host = {**os.environ, "XDG_DATA_HOME": str(sshd.data)}
    host.pop(DATA_DIR_ENV, None)
    listed = subprocess.run(
        [sys.executable, "-m", "thousand_tui", "games", "--all-players"],
        capture_output=True,
        text=True,
        timeout=60,
        env=host,
    ).stdout
    [row] = [line for line in listed.splitlines() if line.endswith(path.name)]
    assert " family " in row and " unfinished " in row
    assert f"Player {path.parent.parent.name} " in listed


@pytest.mark.long
def test_everything_but_the_game_is_refused(sshd: Sshd) -> None:
    """`thousand ssh-check` against the guide's setup: every check passes."""
    before = sorted(p.relative_to(sshd.data) for p in sshd.data.rglob("*"))
    done = check(sshd)
    lines = done.stdout.splitlines()
    assert done.returncode == 0, done.stdout + done.stderr
    results = [line for line in lines if line.startswith(("ok", "FAILED"))]
    assert len(results) == 13 and all(line.startswith("ok ") for line in results), done.stdout
    assert "All 13 checks passed." in lines
    assert lines[1:] == guide_block("", "All 13 checks passed.").splitlines()[1:]  # as shown
    log = sshd.log.read_text(errors="replace")  # all of it: each check logs in
    assert "refused local port forward" in log
    assert "forced-command" in log
    # Nothing ran that wrote a file; nothing is left running.
    assert sorted(p.relative_to(sshd.data) for p in sshd.data.rglob("*")) == before
    wait_for("nothing left under sshd", lambda: not sshd.sessions())


# What a careless host might write instead of the guide's block: a wrapper that runs what the
# client asks unless it asks for help, and forwarding left on.
WRAPPER = (
    """/bin/sh -c 'if [ "$SSH_ORIGINAL_COMMAND" = help ]; then exec {game} ssh-session; fi; """
    """exec /bin/sh -c "$SSH_ORIGINAL_COMMAND"'"""
)
CARELESS = f"""Match User {{user}}
    ForceCommand {WRAPPER}
    PermitTTY yes
    AllowTcpForwarding yes
    AllowAgentForwarding yes
    X11Forwarding yes
"""


@pytest.mark.long
def test_the_check_finds_what_a_careless_host_lets_through(tmp_path: Path) -> None:
    careless = Sshd(tmp_path / "careless")
    try:
        careless.start(CARELESS.format(user=careless.user, game=game_command()))
    except Unavailable as why:
        careless.stop()
        pytest.skip(f"no real sshd here: {why}")
    try:
        done = check(careless)
    finally:
        careless.stop()
    lines = done.stdout.splitlines()
    assert done.returncode == 1, done.stdout + done.stderr
    assert lines[1].startswith("ok ")  # it logs in and `help` answers
    failed = [line for line in lines if line.startswith("FAILED")]
    assert len(failed) == 12, done.stdout
    assert any("42-reached" in line for line in failed)
    assert any("forwarded" in line for line in failed)
    assert any("forwarded your SSH agent" in line for line in failed)
    assert any("every player is the same person" in line for line in failed)
    assert "12 of 13 checks FAILED" in done.stdout


def test_the_check_hands_its_ssh_options_to_ssh_and_sftp() -> None:
    options = build_parser().parse_args(
        ["ssh-check", "-p", "2222", "-i", "key", "-F", "conf", "-o", "A=b", "u@h"]
    )
    client = client_of(check_flags(options))
    assert client.command("-T") == [
        "ssh", "-o", "BatchMode=yes", "-F", "conf", "-p", "2222", "-i", "key", "-o", "A=b",
        "-T", "u@h",
    ]  # fmt: skip
    assert client.sftp_options == ("-F", "conf", "-P", "2222", "-i", "key", "-o", "A=b")


def test_an_unreachable_host_is_said_so_and_nothing_else_is_checked() -> None:
    port = free_port()  # nothing listens there
    done = subprocess.run(
        [sys.executable, "-m", "thousand_tui", "ssh-check", "-p", str(port), "127.0.0.1"],
        capture_output=True,
        text=True,
        timeout=60,
        stdin=subprocess.DEVNULL,
    )
    assert done.returncode == 2
    lines = done.stdout.splitlines()
    assert lines[1].startswith("FAILED  the account logs in and runs the game")
    assert len(lines) == 3 and lines[2].startswith("Cannot check the rest")


def check(sshd: Sshd) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "thousand_tui", "ssh-check", "-F", str(sshd.client_config)]
    return subprocess.run(
        [*command, "-i", str(sshd.key(0)), HOST],
        capture_output=True,
        text=True,
        timeout=180,
        stdin=subprocess.DEVNULL,
    )
