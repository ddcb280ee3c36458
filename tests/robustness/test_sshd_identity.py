"""Who is who over SSH, through the real OpenSSH server of the hosting tests (`sshd.py`).

Without `ExposeAuthInfo` (and without a `--player` per key) every login of the account looks
the same: shared tables are refused, saying how the host turns it on, and `resume` never
continues the game of a shared table as a game of one's own."""

from __future__ import annotations

import re
import shlex
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from tests.helpers.tmux import Tmux, exit_status
from tests.tables.helpers import joined, opened, play_until, stop_service
from thousand_tui.store import catalog as saves
from thousand_tui.tables.service import tables_dir

from .sshd import HOST, Sshd, Unavailable
from .terminal import record_lines, wait_for


def without_identity(server: Sshd) -> str:
    """The guide's block with its `ExposeAuthInfo yes` line left out."""
    block = server.match_block()
    assert "    ExposeAuthInfo yes\n" in block
    return block.replace("    ExposeAuthInfo yes\n", "")


def serving(server: Sshd, start: Callable[[], None]) -> Iterator[Sshd]:
    """The server started by `start` and checked to take a login (else the test is skipped),
    stopped afterwards with the table service of its account."""
    try:
        start()
        server.login_check()
    except Unavailable as why:
        server.stop()
        pytest.skip(f"no real sshd here: {why}")
    try:
        yield server
    finally:
        server.stop()
        stop_service(server.data / "thousand_tui")


@pytest.fixture
def anonymous(tmp_path: Path) -> Iterator[Sshd]:
    """A real sshd set up as the guide says but without `ExposeAuthInfo`, for two keys."""
    server = Sshd(tmp_path / "sshd", players=2)
    yield from serving(server, lambda: server.start(without_identity(server)))


def ssh(server: Sshd, *words: str, player: int = 0) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        server.ssh("-T", *words, player=player),
        capture_output=True,
        text=True,
        timeout=60,
        stdin=subprocess.DEVNULL,
    )


@pytest.mark.long
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


@pytest.mark.long
def test_resume_never_opens_a_shared_game_as_ones_own(anonymous: Sshd, tmux: Tmux) -> None:
    base = anonymous.data / "thousand_tui"
    record, code = a_shared_game_left(base)
    kept = record_lines(record)
    tmux.shell((100, 32))
    tmux.type(shlex.join(anonymous.ssh("-t", "resume", player=1)) + "; echo EXITED $?")
    wait_for("the session to end", lambda: exit_status(tmux.screen()) is not None, tmux)
    screen = " ".join(tmux.screen().split())
    assert exit_status(tmux.screen()) == 2, screen
    packed = "".join(screen.split())  # the terminal wraps the message anywhere
    assert "nosavedgametoresume" in packed
    assert f"thegameoftable{code}goesononlyatitstable" in packed
    assert f"join{code}" in packed and "thousandjoin" not in packed
    assert record_lines(record) == kept  # nobody played in the opener's seat
    # The game is listed as the table's, not as one to continue.
    (save,) = saves.list_games(base / "games")
    assert save.shared and save.table == code and not save.resumable


@pytest.mark.long
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


@pytest.mark.long
def test_without_identity_a_name_is_refused_too(anonymous: Sshd) -> None:
    done = ssh(anonymous, "name", "Olga")
    assert done.returncode == 2
    assert "names need the server to tell players apart" in done.stderr
    assert "ExposeAuthInfo yes" in done.stderr
    assert not (anonymous.data / "thousand_tui" / "players").exists()


@pytest.fixture
def named(tmp_path: Path) -> Iterator[Sshd]:
    """The guide's sshd for two keys whose comments are `olga@laptop` and `boris`, the
    host telling the game where authorized_keys is (`--authorized-keys`)."""
    root = tmp_path / "sshd"
    server = Sshd(root, players=2, host_options=f"--authorized-keys {root / 'authorized_keys'}")

    def start() -> None:
        server.start()
        keys = (root / "authorized_keys").read_text().splitlines()
        comments = ("olga@laptop", "boris")
        lines = [
            " ".join([*key.split()[:2], comment])
            for key, comment in zip(keys, comments, strict=True)
        ]
        (root / "authorized_keys").write_text("\n".join(lines) + "\n")

    yield from serving(server, start)


@pytest.mark.long
def test_each_key_has_a_name_of_its_own(named: Sshd, tmux: Tmux) -> None:
    # Until one is chosen, the key's comment (without @host).
    assert ssh(named, "name").stdout.strip() == "you play here as olga"
    assert ssh(named, "name", player=1).stdout.strip() == "you play here as boris"
    # A name is checked: nothing changes for a bad one.
    for bad, why in (
        ("name " + "x" * 17, "at most 16 characters"),
        ("name Ol\u202ega", "printable characters only"),
        ("name \x1b[2Jx", "printable characters only"),
    ):
        done = ssh(named, bad)
        assert done.returncode == 2 and why in done.stderr, done.stderr
    assert not list((named.data / "thousand_tui").glob("players/*/name"))
    done = ssh(named, "name", "Ольга", "К.")
    assert done.returncode == 0, done.stderr
    assert "you play here as Ольга К. from now on" in done.stdout
    assert "you play here as Ольга К." in ssh(named, "help").stdout
    assert ssh(named, "name", player=1).stdout.strip() == "you play here as boris"
    (kept,) = (named.data / "thousand_tui").glob("players/key-*/name")
    assert kept.read_text(encoding="utf-8") == "Ольга К.\n"

    # At a shared table each has their name, and the AI has neither.
    one = tmux.shell((100, 32))
    tmux.type(shlex.join(named.ssh("-t", "open")), one)
    wait_for("the waiting room", lambda: "Ольга К. (you)" in tmux.screen(one), tmux)
    found = re.search(r"Table ([A-Z2-9]{6})", tmux.screen(one))
    assert found is not None
    two = tmux.shell((100, 32))
    tmux.type(shlex.join(named.ssh("-t", f"join {found.group(1)}", player=1)), two)
    wait_for("boris at the table", lambda: "boris (you)" in tmux.screen(two), tmux)
    tmux.keys("s", pane=one)
    base = named.data / "thousand_tui"

    def written() -> list[Path]:
        """The records with their first line written (a file is made, then written)."""
        return [p for p in (base / "games").glob("*.jsonl") if p.stat().st_size]

    wait_for("the game's record", written, tmux)
    (record,) = written()
    names = [p["name"] for p in record_lines(record)[0]["players"]]
    assert names[:2] == ["Ольга К.", "boris"] and names[2] not in names[:2]

    # A game of one's own is played under one's name too.
    solo = tmux.shell((100, 32))
    tmux.type(shlex.join(named.ssh("-t", "family", player=1)), solo)
    wait_for("boris's game", lambda: list(base.glob("players/*/games/*.jsonl")), tmux)
    (own,) = base.glob("players/*/games/*.jsonl")
    wait_for("its header", lambda: own.stat().st_size > 0)
    assert record_lines(own)[0]["players"][0]["name"] == "boris"


@pytest.mark.long
def test_a_named_key_without_a_preset_gets_the_hosts_start_screen(named: Sshd, tmux: Tmux) -> None:
    """`ssh -t HOST` alone: the start screen of the host's presets under the key's name, not a
    game begun at once."""
    pane = tmux.shell((100, 32))
    tmux.type(shlex.join(named.ssh("-t", player=1)), pane)
    wait_for("the start screen", lambda: "Start a new game" in tmux.screen(pane), tmux)
    screen = tmux.screen(pane)
    assert re.search(r"Your name\s+‹ boris ›", screen), screen
    assert not list((named.data / "thousand_tui").glob("players/*/games/*.jsonl"))
    tmux.keys("q", pane=pane)
    wait_for("the session's end", lambda: "Start a new game" not in tmux.screen(pane), tmux)
