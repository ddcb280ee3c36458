"""The club's directory of open tables across hosts (two data folders, one database): a table
opened on host A is listed by host B's lobby, told by LISTEN/NOTIFY; once its game starts it
is among those in play; a table closed leaves at once, and the tables of a host whose service
was killed leave after the heartbeat's timeout; the database gone mid-game costs no move nor
record, and the people at the table are told once it is gone and once it is back. Without a
database nothing of this runs."""

from __future__ import annotations

import json
import os
import signal
from dataclasses import replace
from pathlib import Path

import pytest

from tests.helpers.folders import short_folder
from tests.helpers.waiting import wait_for
from tests.tables.helpers import (
    Seat,
    play_until,
    service_pid,
    table_options,
    wait_gone,
)
from thousand_tui.priority import Host
from thousand_tui.store.index import node_name
from thousand_tui.tables.client import join_table, list_tables, open_table
from thousand_tui.tables.directory import TIMEOUT, changes, relay_of
from thousand_tui.tables.mirror import SeatMirror
from thousand_tui.tables.service import LOG_NAME, tables_dir
from thousand_tui.tables.wire import Notice

from .conftest import Cuttable

WAIT = 30.0


@pytest.fixture
def two(two_serving: tuple[Host, Host]) -> tuple[Host, Host]:
    """Hosts A and B with table services (the club's `two` serves none)."""
    return two_serving


def codes(host: Host, playing: bool = False) -> list[str]:
    return [t.code for t in list_tables(host=host, playing=playing)]


def opened_on(host: Host, **options: object) -> Seat:
    client, welcome = open_table(table_options(name="Ann", **options), host=host)
    return Seat(client, SeatMirror(welcome), base=host.data_dir)


def test_what_changed_between_two_listings() -> None:
    before = {"AAAAAA": ("waiting", '{"free": 1}'), "BBBBBB": ("waiting", '{"free": 2}')}
    after = {
        "AAAAAA": ("playing", '{"free": 0}'),
        "BBBBBB": ("waiting", '{"free": 0}'),
        "CCCCCC": ("waiting", '{"free": 2}'),
    }
    assert sorted(changes(before, after)) == [
        ("AAAAAA", "started"), ("BBBBBB", "filled"), ("CCCCCC", "opened")
    ]  # fmt: skip
    assert changes(after, {}) == [(c, "closed") for c in after]


def test_a_hosts_name_and_address_in_the_directory(tmp_path: Path) -> None:
    a = Host(data=tmp_path / "a")
    assert node_name(a) != node_name(Host(data=tmp_path / "b"))
    assert node_name(Host(data=tmp_path / "a", node="cards-1")) == "cards-1"
    # A hosted player's session: his own data folder, the account's club folder.
    assert node_name(Host(data=tmp_path / "a" / "players" / "key-1", club=tmp_path / "a")) == (
        node_name(a)
    )
    assert relay_of(a) == f"local:{tmp_path / 'a'}"


def test_a_table_opened_on_a_is_listed_on_b_and_leaves_when_a_dies(
    two: tuple[Host, Host],
) -> None:
    a, b = two
    ann = opened_on(a, people=[0, 1, 2])
    code = ann.mirror.code
    wait_for("A's table in B's lobby", lambda: code in codes(b), timeout=WAIT)
    (listed,) = [t for t in list_tables(host=b) if t.code == code]
    assert (listed.preset, listed.players, listed.people, listed.free) == ("classic", 3, 1, 2)
    assert codes(a).count(code) == 1  # A lists its own once, from its service
    # Someone sits on A: B's lobby shows one seat free.
    bob = join_table(code, name="Bob", host=a)[0]
    wait_for(
        "the seat taken told to B",
        lambda: [t.free for t in list_tables(host=b) if t.code == code] == [1],
        timeout=WAIT,
    )
    # A's service killed: its tables leave B's lobby once its heart has not beaten.
    pid = service_pid(a.data_dir)
    assert pid is not None
    os.kill(pid, signal.SIGKILL)
    wait_gone(pid)
    assert code in codes(b)  # not at once: a host may be slow for a moment
    wait_for("A's table gone from B", lambda: code not in codes(b), timeout=TIMEOUT + WAIT)
    ann.close()
    bob.close()


def test_a_table_started_is_in_play_and_one_closed_leaves_at_once(
    two: tuple[Host, Host],
) -> None:
    a, b = two
    ann = opened_on(a, people=[0])  # the AI at the other seats: it begins at once
    code = ann.mirror.code
    wait_for("A's game in play on B", lambda: code in codes(b, playing=True), timeout=WAIT)
    assert code not in codes(b)
    waiting = opened_on(a, people=[0, 1])
    other = waiting.mirror.code
    wait_for("the second table on B", lambda: other in codes(b), timeout=WAIT)
    waiting.close()  # its opener leaves before it began: it closes
    wait_for("the closed table gone from B", lambda: other not in codes(b), timeout=WAIT)
    assert code in codes(b, playing=True)  # A's heart still beats
    ann.close()


def test_without_a_database_a_lobby_lists_only_its_own(tmp_path: Path) -> None:
    with short_folder("tt-") as folder:
        host = Host(data=folder)
        seat = opened_on(host, people=[0, 1])
        assert codes(host) == [seat.mirror.code]
        seat.close()


def test_the_database_gone_mid_game_costs_no_move_nor_record(
    two: tuple[Host, Host], cuttable: Cuttable
) -> None:
    a, b = two
    a = replace(a, database=cuttable.url)  # A reaches the database through a cable to cut
    ann = opened_on(a, people=[0])  # AI at the other seats: it begins at once
    code = ann.mirror.code
    wait_for("A's game in play on B", lambda: code in codes(b, playing=True), timeout=WAIT)
    cuttable.cut()
    play_until([ann], lambda: len(ann.mirror.results) >= 1, timeout=60)  # the game goes on
    log = tables_dir(a.data_dir) / LOG_NAME
    wait_for(
        "the fault in A's log",
        lambda: "directory of tables cannot be written" in log.read_text(),
        timeout=WAIT,
    )
    # The person at the table is told, and plays on.
    play_until([ann], lambda: Notice("club_down") in ann.told, timeout=WAIT)
    # Unheard, A is gone for the club's lobby; its game is not.
    wait_for("A silent on B", lambda: code not in codes(b, playing=True), timeout=TIMEOUT + WAIT)
    cuttable.mend()
    wait_for("A back on B", lambda: code in codes(b, playing=True), timeout=WAIT)
    assert "the club database is back" in log.read_text()
    play_until([ann], lambda: Notice("club_back") in ann.told, timeout=WAIT)
    play_until([ann], lambda: len(ann.mirror.results) >= 2, timeout=60)
    ann.close()
    told = [m.notice for m in ann.told if isinstance(m, Notice)]
    assert told == ["club_down", "club_back"]  # once each
    (record,) = (a.data_dir / "games").glob("*.jsonl")
    deals = [json.loads(line) for line in record.read_text().splitlines()]
    assert sum(1 for line in deals if line.get("type") == "result") >= 2
