"""Who is who over SSH, through the real OpenSSH server of the hosting tests (`sshd.py`).

Without `ExposeAuthInfo` (and without a `--player` per key) every login of the account looks
the same: shared tables are refused, saying how the host turns it on, and `resume` never
continues the game of a shared table as a game of one's own."""

from __future__ import annotations

import shlex
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from tables.helpers import joined, opened, play_until, stop_service

from thousand_tui import saves
from thousand_tui.tables.service import tables_dir

from .sshd import HOST, Sshd, Unavailable
from .terminal import Tmux, exit_status, record_lines, wait_for


def without_identity(server: Sshd) -> str:
    """The guide's block with its `ExposeAuthInfo yes` line left out."""
    block = server.match_block()
    assert "    ExposeAuthInfo yes\n" in block
    return block.replace("    ExposeAuthInfo yes\n", "")


@pytest.fixture
def anonymous(tmp_path: Path) -> Iterator[Sshd]:
    """A real sshd set up as the guide says but without `ExposeAuthInfo`, for two keys."""
    server = Sshd(tmp_path / "sshd", players=2)
    try:
        server.start(without_identity(server))
        server.login_check()
    except Unavailable as why:
        server.stop()
        pytest.skip(f"no real sshd here: {why}")
    try:
        yield server
    finally:
        server.stop()
        stop_service(server.data / "thousand_tui")


def ssh(server: Sshd, *words: str, player: int = 0) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        server.ssh("-T", *words, player=player),
        capture_output=True,
        text=True,
        timeout=60,
        stdin=subprocess.DEVNULL,
    )


def test_without_identity_shared_tables_are_refused_saying_how_to_set_it_up(
    anonymous: Sshd,
) -> None:
    for words in ("open", "open family", "join K7QM2P"):
        done = ssh(anonymous, words)
        assert done.returncode == 2, done.stdout + done.stderr
        refusal = done.stderr.strip()
        assert refusal.startswith("thousand: refused: shared tables need to tell players apart")
        assert "ExposeAuthInfo yes" in refusal and "sshd_config" in refusal
        assert 'command="' in refusal and "--player NAME" in refusal
    assert not tables_dir(anonymous.data / "thousand_tui").exists()  # no service was started
    told = ssh(anonymous, "help", player=1).stdout
    assert "warning: this server cannot tell its players apart" in told
    assert "ExposeAuthInfo yes" in told


def a_shared_game_left(base: Path) -> tuple[Path, str]:
    """A shared table of the account, played a little by two people and left: its record is
    in the account's own games folder, as it was when people could open one without an
    identity. The service is stopped, so nothing holds the record."""
    ann = opened(base, "Ann", who="key-aaaa", people=[0, 1])
    code = ann.mirror.code
    bob = joined(base, code, "Bob", who="key-bbbb")
    play_until([ann, bob], lambda: ann.moves + bob.moves >= 3)
    ann.close()
    bob.close()
    stop_service(base)
    (record,) = (base / "games").glob("*.jsonl")
    wait_for("the record let go", lambda: not saves.describe_save(record).in_use)
    return record, code


def test_resume_never_opens_a_shared_game_as_ones_own(anonymous: Sshd, tmux: Tmux) -> None:
    base = anonymous.data / "thousand_tui"
    record, code = a_shared_game_left(base)
    kept = record_lines(record)
    tmux.shell((100, 32))
    tmux.type(shlex.join(anonymous.ssh("-t", "resume", player=1)) + "; echo EXITED $?")
    wait_for("the session to end", lambda: exit_status(tmux.screen()) is not None, tmux)
    screen = " ".join(tmux.screen().split())
    assert exit_status(tmux.screen()) == 2, screen
    assert "there is no unfinished game to resume" in screen
    assert f"the game of table {code} goes on only at its table" in screen
    assert record_lines(record) == kept  # nobody played in the opener's seat
    # The game is listed as the table's, not as one to continue.
    (save,) = saves.list_games(base / "games")
    assert save.shared and save.table == code and not save.resumable


def test_ssh_check_says_the_server_cannot_tell_players_apart_and_how_to_fix_it(
    anonymous: Sshd,
) -> None:
    options = ["-F", str(anonymous.client_config), "-i", str(anonymous.key(0))]
    done = subprocess.run(
        [sys.executable, "-m", "thousand_tui", "ssh-check", *options, HOST],
        capture_output=True,
        text=True,
        timeout=180,
        stdin=subprocess.DEVNULL,
    )
    assert done.returncode == 1, done.stdout + done.stderr
    failed = [line for line in done.stdout.splitlines() if line.startswith("FAILED")]
    assert len(failed) == 1, done.stdout  # everything else is as the guide sets it
    (line,) = failed
    assert line.startswith("FAILED  players are told apart (each key is a person of its own): ")
    assert "every player is the same person to the game" in line
    assert "`ExposeAuthInfo yes`" in line and "--player NAME" in line
    assert "1 of 13 checks FAILED" in done.stdout
