"""The relay between two hosts through a real sshd (tests/robustness/sshd.py): host B's player
sits at a table of host A through `ssh … relay`, let in by A's `relay.keys`, and plays at it
as B's player (the host its key is listed for); without the key there, the same login is
refused in one line and reaches no table."""

from __future__ import annotations

import json
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.helpers.folders import short_folder
from tests.helpers.waiting import wait_for
from tests.robustness.sshd import HOST, Sshd, started
from tests.tables.helpers import Seat, play_until, stop_service, table_options
from thousand_tui.priority import APP_DIR, Host
from thousand_tui.tables import relay, transport
from thousand_tui.tables.client import TableError, join_table, list_tables, open_table
from thousand_tui.tables.directory import forget
from thousand_tui.tables.mirror import SeatMirror

WAIT = 30.0


@pytest.fixture
def host_a(tmp_path: Path) -> Iterator[Sshd]:
    server = started(Sshd(tmp_path / "sshd"))
    try:
        yield server
    finally:
        stop_service(server.data / APP_DIR)
        server.stop()


@pytest.fixture
def b_folder() -> Iterator[Path]:
    """Host B's data folder, short enough for its table service's socket."""
    with short_folder("ttb-") as folder:
        yield folder


def ssh_through(server: Sshd, folder: Path) -> str:
    """`ssh` with the test server's client config (its key, its known host)."""
    wrapper = folder / "ssh"
    wrapper.write_text(f'#!/bin/sh\nexec ssh -F "{server.client_config}" "$@"\n')
    wrapper.chmod(0o700)
    return str(wrapper)


@pytest.mark.long
def test_a_player_on_b_plays_at_as_table_through_ssh(
    host_a: Sshd,
    b_folder: Path,
    pg_url: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    a = Host(data=host_a.data / APP_DIR, database=pg_url, node="host-a", relay=f"ssh:{HOST}")
    b = Host(data=b_folder, database=pg_url, node="host-b")
    monkeypatch.setattr(transport, "SSH", ssh_through(host_a, tmp_path))
    try:
        client, welcome = open_table(table_options(name="Ann", people=[0, 1]), host=a)
        ann = Seat(client, SeatMirror(welcome), base=a.data_dir)
        code = welcome.code
        wait_for(
            "A's table on B", lambda: code in [t.code for t in list_tables(host=b)], timeout=WAIT
        )
        # Without B's key in A's relay.keys, sshd lets the login in but the relay is refused.
        with pytest.raises(TableError):
            join_table(code, name="Bob", host=b)
        key = host_a.key(0).with_suffix(".pub").read_text()
        (a.data_dir / relay.KEYS_NAME).write_text(f"node=host-b {key}")
        client, welcome = join_table(code, name="Bob", host=b)
        bob = Seat(client, SeatMirror(welcome), base=a.data_dir)
        assert welcome.seat == 1 and client.relay is not None
        play_until([ann, bob], lambda: ann.mirror.results and bob.mirror.results, timeout=60)
        assert ann.mirror.results[0] == bob.mirror.results[0]
        bob.close()
        ann.close()
        # Bob, known by his name on B, is B's at A's table: relay.keys names his host.
        (record,) = (a.data_dir / "games").glob("*.jsonl")
        header = json.loads(record.read_text().splitlines()[0])
        assert header["people"] == ["name:Ann", "name@host-b:Bob", None]
    finally:
        forget(pg_url)


@pytest.mark.long
def test_a_relay_asked_with_a_players_key_is_refused_in_one_line(host_a: Sshd) -> None:
    done = subprocess.run(
        ["ssh", "-F", str(host_a.client_config), "-T", HOST, "relay"],
        capture_output=True,
        text=True,
        timeout=30,
        stdin=subprocess.DEVNULL,
    )
    assert done.returncode != 0 and done.stdout == ""
    (line,) = done.stderr.strip().splitlines()
    assert "relay is for the club's other hosts only" in line
