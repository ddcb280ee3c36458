"""The club's database on either backend: the one schema and its migrations (from every
earlier version, a newer or unmigratable one refused naming its migration), `thousand club
rebuild` filling either alike, and the faults of a PostgreSQL URL said in one line at start
(a missing driver, a wrong URL or password), a server that is down never costing a record."""

from __future__ import annotations

import socket
import sys
from dataclasses import replace
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import pytest

from tests.store.helpers import game_lines, write_record
from thousand_tui.cli import main
from thousand_tui.priority import DATABASE_ENV, DATABASE_FILE, Host
from thousand_tui.store.database import connect
from thousand_tui.store.index import (
    INDEX_NAME,
    MIGRATIONS,
    SCHEMA_VERSION,
    ClubIndexDown,
    ClubIndexError,
    Rating,
    local_id,
    open_club,
    open_index,
)


def at_version(backend: str | None, path: Path, version: int) -> None:
    """A club index as the schema of `version` made it, with a player and (from version 2)
    a rating in it."""
    db = connect(backend, path)
    with db.writing():
        db.execute("CREATE TABLE schema_version (version INTEGER NOT NULL)")
        for step in MIGRATIONS[:version]:
            for statement in step:
                db.execute(statement)
        db.execute("INSERT INTO schema_version VALUES (?)", (version,))
        if version >= 1:
            db.execute("INSERT INTO players VALUES ('key-1', 'Olga', '/srv/players/key-1')")
        if version >= 2:
            db.execute("INSERT INTO ratings VALUES ('key-1', 1612.5, 80.0, 0.06, 9, NULL)")
    db.close()


@pytest.mark.parametrize("version", range(SCHEMA_VERSION))
def test_every_earlier_version_is_migrated_with_its_rows_kept(
    data: Path, backend: str | None, version: int
) -> None:
    path = data / INDEX_NAME
    at_version(backend, path, version)
    with open_index(path, database=backend) as index:
        assert index.version == SCHEMA_VERSION
        assert index.players() == ([("key-1", "Olga")] if version >= 1 else [])
        kept = [(r.player, r.rating, r.games) for r in index.ratings()]
        assert kept == ([("key-1", 1612.5, 9)] if version >= 2 else [])
        applied = index.database.execute(
            "SELECT version, name FROM schema_migrations ORDER BY version"
        ).fetchall()
        assert [tuple(row) for row in applied] == [
            (number, MIGRATIONS[number - 1].name)
            for number in range(version + 1, SCHEMA_VERSION + 1)
        ]
        index.replace_ratings([Rating("key-2", 1500.0, 350.0, 0.06, 0, None)])
    with open_index(path, database=backend) as index:  # nothing is migrated twice
        assert index.version == SCHEMA_VERSION and index.ratings()[0].player == "key-2"


def test_a_newer_schema_is_refused_at_start_naming_its_migration(
    data: Path,
    backend: str | None,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    path = data / INDEX_NAME
    with open_index(path, database=backend) as index, index.database.writing() as db:
        db.execute(
            "INSERT INTO schema_migrations VALUES (?, 'the seats of the moon', 'later')",
            (SCHEMA_VERSION + 1,),
        )
        db.execute("UPDATE schema_version SET version = ?", (SCHEMA_VERSION + 1,))
    with pytest.raises(
        ClubIndexError, match=rf"migration {SCHEMA_VERSION + 1} \(the seats of the moon\)"
    ):
        open_index(path, database=backend)
    if backend is not None:
        monkeypatch.setenv(DATABASE_ENV, backend)
    assert main(["ratings"]) == 2
    err = capsys.readouterr().err.strip()
    assert "\n" not in err and f"migration {SCHEMA_VERSION + 1} (the seats of the moon)" in err
    assert "update thousand" in err


def test_a_migration_that_cannot_be_applied_is_named_and_changes_nothing(
    data: Path, backend: str | None
) -> None:
    path = data / INDEX_NAME
    at_version(backend, path, 2)
    db = connect(backend, path)
    db.execute("ALTER TABLE games ADD COLUMN settled INTEGER")  # what migration 3 adds
    db.close()
    with pytest.raises(ClubIndexError, match=r"migration 3 \(the deals settled\)") as found:
        open_index(path, database=backend)
    assert "\n" not in str(found.value)
    db = connect(backend, path)
    assert db.execute("SELECT version FROM schema_version").fetchone()[0] == 2
    db.close()


def records(data: Path) -> Path:
    games = data / "games"
    for seed in range(4):
        write_record(games, f"g{seed}.jsonl", game_lines(seed, deals=2 + seed))
    (games / "bad.jsonl").write_text("not a record\n")
    hosted = data / "players" / "key-abc" / "games"
    write_record(hosted, "h.jsonl", game_lines(9, deals=3))
    (data / "players" / "key-abc" / "name").write_text("Olga\n")
    return games


def test_club_rebuild_fills_postgresql_as_it_fills_sqlite(
    data: Path, pg_url: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    games = records(data)
    assert main(["club", "rebuild"]) == 0
    with open_index(data / INDEX_NAME) as index:
        kept = (index.games(), index.seat_figures(games), index.players())
    monkeypatch.setenv(DATABASE_ENV, pg_url)
    capsys.readouterr()
    assert main(["club", "rebuild"]) == 0
    out = capsys.readouterr().out
    assert "postgresql://" in out and "6 record files read" in out and "5 games of 2 players" in out
    assert urlsplit(pg_url).password not in out
    host = Host.of()
    mine = local_id(host)  # the host's own player, told apart from the club's other hosts'
    assert mine.startswith("local:")
    with open_club(host) as index:
        assert index.kind == "postgresql"
        games_kept = [replace(g, player=mine if g.player == "local" else g.player) for g in kept[0]]
        assert index.games() == games_kept and index.seat_figures(games) == kept[1]
        assert [p for p, _ in index.players()] == ["key-abc", mine]
        assert [n for _, n in index.players()] == [n for _, n in kept[2]]


def test_the_host_setting_in_the_club_folder_chooses_postgresql(data: Path, pg_url: str) -> None:
    assert Host.of({"THOUSAND_DATA_DIR": str(data)}).database is None
    (data / DATABASE_FILE).write_text(pg_url + "\n")
    host = Host.of({"THOUSAND_DATA_DIR": str(data)})
    assert host.database == pg_url and pg_url not in repr(host)
    assert Host.of(
        {"THOUSAND_DATA_DIR": str(data), DATABASE_ENV: "postgresql://x@y/z"}
    ).database == ("postgresql://x@y/z")
    with open_club(host) as index:
        assert index.kind == "postgresql"
    assert not (data / INDEX_NAME).exists()


def with_password(url: str, password: str) -> str:
    parts = urlsplit(url)
    user = parts.username
    return urlunsplit(parts._replace(netloc=f"{user}:{password}@{parts.hostname}:{parts.port}"))


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def one_line_at_start(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], url: str
) -> str:
    monkeypatch.setenv(DATABASE_ENV, url)
    capsys.readouterr()
    assert main(["games"]) == 2
    captured = capsys.readouterr()
    err = captured.err.strip()
    assert captured.out == "" and err.count("\n") == 0 and err.startswith("thousand: ")
    return err


def test_a_wrong_password_is_one_line_at_start_and_never_shown(
    data: Path, pg_url: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    err = one_line_at_start(monkeypatch, capsys, with_password(pg_url, "wrong-horse"))
    assert "refused the connection" in err and "password" in err
    assert "wrong-horse" not in err


@pytest.mark.parametrize(
    ("url", "said"),
    [
        ("mysql://u:p@localhost/club", "is not a PostgreSQL one"),
        ("postgresql://u:secret@localhost:port/club", "cannot be read"),
    ],
)
def test_a_wrong_url_is_one_line_at_start(
    data: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    url: str,
    said: str,
) -> None:
    err = one_line_at_start(monkeypatch, capsys, url)
    assert said in err and "secret" not in err and not (data / INDEX_NAME).exists()


def test_a_missing_driver_is_one_line_naming_the_extra(
    data: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "psycopg", None)  # import psycopg fails
    err = one_line_at_start(monkeypatch, capsys, "postgresql://u:p@127.0.0.1:1/club")
    assert "psycopg is not installed" in err and "thousand_tui[postgres]" in err


def test_sqlite_never_imports_the_driver(data: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "psycopg", None)
    write_record(data / "games", "a.jsonl", game_lines(1, deals=2))
    assert main(["club", "rebuild"]) == 0


def test_a_database_down_at_start_costs_no_record_and_is_caught_up_when_back(
    data: Path, pg_url: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv(DATABASE_ENV, pg_url)
    assert main(["club", "rebuild"]) == 0
    parts = urlsplit(pg_url)
    down = urlunsplit(
        parts._replace(netloc=parts.netloc.replace(f":{parts.port}", f":{free_port()}"))
    )
    monkeypatch.setenv(DATABASE_ENV, down)
    with pytest.raises(ClubIndexDown, match="cannot be reached"):
        open_club(Host.of())
    # Games are played and saved while it is down: the records are files, as always.
    write_record(data / "games", "while-down.jsonl", game_lines(5, deals=3))
    capsys.readouterr()
    assert main(["stats"]) == 0  # the statistics from the records, with a notice
    captured = capsys.readouterr()
    assert "the club database cannot be reached" in captured.err
    assert "the game goes on and its record is kept" in captured.err
    assert parts.password not in captured.err
    assert captured.out.strip()
    monkeypatch.setenv(DATABASE_ENV, pg_url)  # back: the index catches up
    with open_club(Host.of()) as index:
        index.refresh()
        assert any(game.path.name == "while-down.jsonl" for game in index.games())


def test_what_needs_the_database_while_it_is_down_says_so_in_one_line(
    data: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv(DATABASE_ENV, f"postgresql://u:secret@127.0.0.1:{free_port()}/club")
    for command in (["daily", "--board"], ["ratings"], ["tournaments", "show", "x"]):
        capsys.readouterr()
        assert main(command) == 2, command
        captured = capsys.readouterr()
        lines = captured.err.strip().splitlines()
        assert lines[0].startswith("thousand: the club database cannot be reached")  # at start
        assert all(line.startswith("thousand: ") for line in lines), lines
        assert "Traceback" not in captured.err and "secret" not in captured.err
