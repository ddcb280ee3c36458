"""People told apart only by a name at a shared table (`name:NAME` in its record) are each
host's on a club of several hosts: `name:NODE:NAME` in the index, so two hosts' Annas are
never one player in the ratings; on one host (its SQLite file) they stay `name:NAME`. Migration
12 reads the records again and drops the ratings of the ids they once shared."""

from __future__ import annotations

import os
from pathlib import Path

from tests.store.helpers import write_record
from tests.store.test_club_ratings import finished_lines
from thousand_tui.club import rate_club
from thousand_tui.engine.game import PlayerInfo
from thousand_tui.priority import Host
from thousand_tui.store.database import connect
from thousand_tui.store.index import INDEX_NAME, MIGRATIONS, _read_games, named_id, open_club

from .test_database import at_version

TABLE = [
    PlayerInfo("Anna", "human"),
    PlayerInfo("Boris", "human"),
    PlayerInfo("Vera", "ai", "easy"),
]
PEOPLE: list[str | None] = ["name:Anna", "name:Boris", None]


def test_the_name_is_qualified_by_the_host_on_a_database_only() -> None:
    assert named_id("name:Anna", "host-a") == "name:host-a:Anna"
    assert named_id("name:Anna", "") == "name:Anna"  # one host, its SQLite file
    assert named_id("key-olga", "host-a") == "key-olga"
    assert named_id("local:host-b", "host-a") == "local:host-b"


def test_two_hosts_annas_are_two_players_of_the_club(two: tuple[Host, Host]) -> None:
    a, b = two
    write_record(a.data_dir / "games", "table-a.jsonl", finished_lines(11, TABLE, PEOPLE))
    write_record(b.data_dir / "games", "table-b.jsonl", finished_lines(12, TABLE, PEOPLE))
    with open_club(a) as index:
        rate_club(index)
    with open_club(b) as index:
        board = rate_club(index)
        kept = {r.player for r in index.ratings()}
    for node in ("host-a", "host-b"):
        for name in ("Anna", "Boris"):
            assert board.ratings[f"name:{node}:{name}"].games == 1
            assert board.names[f"name:{node}:{name}"] == name
    assert "name:Anna" not in board.ratings and "name:Anna" not in kept


def test_a_club_of_one_host_keeps_name_ids_as_they_were(data: Path) -> None:
    write_record(data / "games", "table.jsonl", finished_lines(11, TABLE, PEOPLE))
    with open_club(Host(data=data)) as index:
        board = rate_club(index)
    assert board.ratings["name:Anna"].games == board.ratings["name:Boris"].games == 1


def test_a_database_of_before_is_migrated_to_each_hosts_names(two: tuple[Host, Host]) -> None:
    a, _ = two
    version = [m.name for m in MIGRATIONS].index("players known by a name told apart by host")
    path = a.club_dir / INDEX_NAME
    at_version(a.database, path, version)  # as the version before it made it
    record = write_record(a.data_dir / "games", "table.jsonl", finished_lines(11, TABLE, PEOPLE))
    games, error = _read_games(record, "local:host-a")  # indexed as before: name:Anna
    assert error is None and '"name:Anna"' in str(games[0])
    info = os.stat(record)
    db = connect(a.database, path)
    with db.writing():
        db.execute(
            "INSERT INTO files VALUES (?, ?, ?, ?, ?, ?, NULL)",
            (
                str(record),
                str(record.parent),
                record.name,
                "local:host-a",
                info.st_size,
                info.st_mtime_ns,
            ),
        )
        db.executemany(f"INSERT INTO games VALUES ({', '.join('?' * len(games[0]))})", games)
        db.execute("INSERT INTO ratings VALUES ('name:Anna', 1700.0, 60.0, 0.06, 12, NULL)")
    db.close()
    with open_club(a) as index:  # migrated: the rating of the shared id gone
        assert "name:Anna" not in {r.player for r in index.ratings()}
        board = rate_club(index)  # the record read again: A's Anna is A's
    assert board.ratings["name:host-a:Anna"].games == 1 and "name:Anna" not in board.ratings
