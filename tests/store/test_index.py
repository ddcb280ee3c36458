"""The club index: its schema and migrations, the games it keeps equal to those of the
records however it was brought up to date, its file (0600, WAL), a damaged file, hosted
players' games apart, the ratings and daily results it keeps."""

from __future__ import annotations

import json
import os
import sqlite3
import stat
from pathlib import Path

import pytest

from tests.stats.test_stats import GAME_A, GAME_B, GAME_C
from tests.store.helpers import game_lines, write_record
from thousand_tui.cli import main
from thousand_tui.priority import Host
from thousand_tui.stats import collect, collect_index, game_key, read_stats, stats_dict, write_cache
from thousand_tui.store.catalog import record_files
from thousand_tui.store.index import (
    INDEX_NAME,
    LOCAL_PLAYER,
    MIGRATIONS,
    SCHEMA_VERSION,
    ClubIndex,
    ClubIndexError,
    DailyResult,
    Rating,
    index_path,
    open_index,
)


def make_v1(path: Path) -> None:
    """An index file as version 1 of the schema made it, with a player and a game."""
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE schema_version (version INTEGER NOT NULL)")
    db.execute("INSERT INTO schema_version VALUES (1)")
    for statement in MIGRATIONS[0]:
        db.execute(statement)
    db.execute("INSERT INTO players VALUES ('key-1', 'Olga', '/srv/players/key-1')")
    db.execute(
        "INSERT INTO files VALUES ('/srv/players/key-1/games/a.jsonl', '/srv/players/key-1/games',"
        " 'a.jsonl', 'key-1', 10, 20, NULL)"
    )
    db.execute(
        "INSERT INTO games VALUES ('/srv/players/key-1/games/a.jsonl', 1, 'g1:x', 'key-1',"
        " 'classic', '[]', '[1000, 10, 20]', 0, 1, '2026-01-01T10:00:00Z', NULL, 12)"
    )
    db.commit()
    db.close()


def test_a_version_1_file_is_migrated_with_its_rows_kept(data: Path) -> None:
    path = data / INDEX_NAME
    make_v1(path)
    with open_index(path) as index:
        assert index.version == SCHEMA_VERSION > 1
        assert index.players() == [("key-1", "Olga")]
        (game,) = index.games()
        assert (game.player, game.preset, game.scores, game.winner, game.deals) == (
            "key-1", "classic", (1000, 10, 20), 0, 12
        )  # fmt: skip
        assert game.settled == 0  # version 3's column, until the record is read again
        index.replace_ratings([Rating("key-1", 1500.0, 350.0, 0.06, 0, None)])  # v2's table
    # Opened again, nothing is migrated twice.
    with open_index(path) as index:
        assert index.version == SCHEMA_VERSION and len(index.games()) == 1


def test_games_indexed_by_version_1_are_read_again_for_what_version_2_adds(data: Path) -> None:
    """Version 1 kept no statistics: after the migration its games are read again once."""
    games = data / "games"
    path = write_record(games, "a.jsonl", game_lines(3, deals=5))
    make_v1(data / INDEX_NAME)
    info = path.stat()
    db = sqlite3.connect(data / INDEX_NAME)
    db.execute(
        "INSERT INTO files VALUES (?, ?, 'a.jsonl', 'local', ?, ?, NULL)",
        (str(path), str(games), info.st_size, info.st_mtime_ns),
    )
    db.commit()
    db.close()
    with open_index() as index:
        assert index.refresh_folder(games).read == 1
        (figures,), _ = index.seat_figures(games)
        assert figures.tally.deals == 5


def test_an_index_of_a_newer_version_is_refused_and_left_as_it_is(data: Path) -> None:
    path = data / INDEX_NAME
    with open_index(path):
        pass
    db = sqlite3.connect(path)
    db.execute("UPDATE schema_version SET version = ?", (SCHEMA_VERSION + 1,))
    db.commit()
    db.close()
    before = path.read_bytes()
    with pytest.raises(ClubIndexError, match="newer version of thousand"):
        open_index(path)
    assert path.read_bytes() == before


def snapshot(index: ClubIndex, folder: Path) -> tuple[object, ...]:
    return (index.games(), index.seat_figures(folder), index.players())


def test_a_rebuild_equals_the_index_kept_up_to_date_game_by_game(data: Path) -> None:
    games = data / "games"
    with open_index() as index:
        for seed in range(6):
            write_record(games, f"{seed}.jsonl", game_lines(seed, deals=3 + seed))
            assert index.refresh_folder(games).read == 1  # only the new record is read
        # A game goes on (its record grows), another is deleted, one is unreadable.
        write_record(games, "2.jsonl", game_lines(2, deals=12))
        (games / "3.jsonl").unlink()
        (games / "bad.jsonl").write_text("not a record\n")
        done = index.refresh_folder(games)
        assert (done.read, done.dropped) == (2, 1)
        assert index.refresh_folder(games).read == 0  # nothing changed since
        kept = snapshot(index, games)
    (data / INDEX_NAME).unlink()
    with open_index() as index:
        index.rebuild()
        assert snapshot(index, games) == kept
        assert len(index.games()) == 5 and index.seat_figures(games)[1] == 1


def test_the_statistics_from_the_index_equal_those_from_every_record(
    data: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    games = data / "games"
    a = write_record(games, "a.jsonl", GAME_A)
    write_record(games, "b.jsonl", GAME_B)
    write_record(games, "c.jsonl", GAME_C)
    for seed in range(8):
        write_record(games, f"e{seed}.jsonl", game_lines(seed, deals=8))
    (games / "bad.jsonl").write_text("{")
    cache = data / "analysis.jsonl"
    write_cache(cache, [(game_key(a, GAME_A[0]), 1, 0, 12.5), (game_key(a, GAME_A[0]), 3, 0, 3.5)])
    from_records = stats_dict(collect(record_files(games), cache))
    with open_index() as index:
        cold = stats_dict(collect_index(index, games, cache))
        warm = stats_dict(collect_index(index, games, cache))
    assert cold == warm == from_records
    assert from_records["total"]["lost"] == 16.0 and from_records["unreadable"] == 1
    # `thousand stats` prints the same figures as the records give.
    assert main(["stats", "--json"]) == 0


def test_the_file_is_private_and_in_wal_mode(data: Path) -> None:
    old = os.umask(0o022)
    try:
        write_record(data / "games", "a.jsonl", game_lines(1))
        with open_index() as index:
            index.refresh()
            path = data / INDEX_NAME
            wal = path.with_name(INDEX_NAME + "-wal")
            assert wal.exists()
            for made in (path, wal):
                assert stat.S_IMODE(made.stat().st_mode) == 0o600, made
        db = sqlite3.connect(path)
        assert db.execute("PRAGMA journal_mode").fetchone() == ("wal",)
        db.close()
    finally:
        os.umask(old)


def damaged_pages(data: Path) -> bytes:
    """An index whose header is whole but whose pages after the first are garbage."""
    with open_index(data / INDEX_NAME) as index:
        index.rebuild()
    whole = (data / INDEX_NAME).read_bytes()
    (data / INDEX_NAME).unlink()
    return whole[:4096] + b"\x07" * (len(whole) - 4096)


@pytest.mark.parametrize("kind", ["not sqlite", "bad header", "bad pages"])
def test_a_damaged_index_is_set_aside_and_rebuilt_from_the_records(
    data: Path, kind: str, capsys: pytest.CaptureFixture[str]
) -> None:
    records = [write_record(data / "games", f"{s}.jsonl", game_lines(s)) for s in range(3)]
    if kind == "bad pages":
        damage = damaged_pages(data)
    else:
        damage = b"this is not a database" * 100
        damage = damage if kind == "not sqlite" else b"SQLite format 3\x00" + b"\xff" * 5000
    texts = [path.read_bytes() for path in records]
    (data / INDEX_NAME).write_bytes(damage)
    said: list[str] = []
    with open_index(notice=said.append) as index:
        assert len(index.games()) == 3
    assert len(said) == 1 and "could not be read" in said[0] and "rebuilt" in said[0]
    aside = [p for p in data.iterdir() if p.name.startswith(INDEX_NAME + ".damaged-")]
    assert len(aside) == 1 and aside[0].read_bytes() == damage  # nothing thrown away
    assert [path.read_bytes() for path in records] == texts
    # The same through `thousand stats`: the figures, and a line on the standard error.
    (data / INDEX_NAME).write_bytes(damage)
    assert main(["stats", "--json"]) == 0
    out = capsys.readouterr()
    assert json.loads(out.out)["total"]["games"] + json.loads(out.out)["total"]["unfinished"] == 3
    assert "club index" in out.err and "rebuilt" in out.err


def test_a_hosted_players_statistics_read_only_his_games(data: Path) -> None:
    olga = data / "players" / "key-olga"
    ivan = data / "players" / "key-ivan"
    for seed in range(3):
        write_record(olga / "games", f"o{seed}.jsonl", game_lines(seed, deals=4))
    for seed in range(3, 8):
        write_record(ivan / "games", f"i{seed}.jsonl", game_lines(seed, deals=4))
    (olga / "name").write_text("Olga\n")
    write_record(data / "games", "own.jsonl", game_lines(9))
    # Olga's session: her folder is the data folder, the club's index is the host's.
    session = Host(hosted=True, data=olga, club=data)
    stats = read_stats(session.data_dir / "games", index_file=index_path(session.club_dir))
    assert stats.total.games + stats.total.unfinished == 3
    assert not (olga / INDEX_NAME).exists() and (data / INDEX_NAME).exists()
    with open_index(index_path(data)) as index:
        assert {game.player for game in index.games()} == {"key-olga"}
        index.refresh()  # the host's refresh: every player's games
        assert len(index.games("key-ivan")) == 5 and len(index.games(LOCAL_PLAYER)) == 1
        assert ("key-olga", "Olga") in index.players()
        assert ("key-ivan", "key-ivan") in index.players()
    assert read_stats(olga / "games").total.deals == stats.total.deals


def test_ratings_are_replaced_whole_and_daily_results_kept_once(data: Path) -> None:
    with open_index() as index:
        index.replace_ratings(
            [Rating("key-olga", 1620.5, 80.0, 0.06, 12, "2026-12-04"),
             Rating("ai:hard", 1700.0, 50.0, 0.05, 40, "2026-12-05")]
        )  # fmt: skip
        index.replace_ratings([Rating("ai:hard", 1710.0, 49.0, 0.05, 41, "2026-12-05")])
        assert index.ratings() == [Rating("ai:hard", 1710.0, 49.0, 0.05, 41, "2026-12-05")]
        first = DailyResult("2026-12-05", "classic", "key-olga", 1, 120, 100)
        index.add_daily_results(
            [first, DailyResult("2026-12-05", "classic", "key-olga", 2, -80, 0)]
        )
        index.add_daily_results([DailyResult("2026-12-05", "classic", "key-olga", 1, 999, 0)])
        assert index.daily_results("2026-12-05")[0] == first  # one try: the first stays
        assert len(index.daily_results("2026-12-05", "classic")) == 2
        assert index.daily_results("2026-12-06") == []


def test_a_game_ended_at_the_table_is_in_the_statistics_and_the_ratings_next_time(
    data: Path,
) -> None:
    """The table never opens the club index; the statistics and the ratings bring it up to
    date from the records before they read it, so the game ended is in both."""
    from datetime import UTC, datetime

    from thousand_tui.ai import make_player
    from thousand_tui.club import rate_club
    from thousand_tui.settings import TableSetup
    from thousand_tui.tui.session import new_session

    session = new_session(TableSetup.of(seed=5, save=True, think=0.05))
    game = session.game
    players = [make_player("easy", seat) for seat in range(3)]  # every seat played by `easy`
    while not game.over and len(game.results) < 500:
        seat = game.to_move
        assert seat is not None
        game.apply(players[seat].decide(game.view(seat)))
    session.close()
    assert session.path is not None
    assert not (data / INDEX_NAME).exists()  # the table left the record alone
    stats = read_stats(session.path.parent)
    assert stats.total.games == 1 and stats.total.wins == int(game.winner == 0)
    with ClubIndex(data / INDEX_NAME) as index:
        (indexed,) = index.games()
        assert indexed.finished and indexed.winner is not None and indexed.player == LOCAL_PLAYER
    (data / INDEX_NAME).unlink()  # the ratings alone, from no index at all
    now = datetime.now(UTC)
    with ClubIndex(data / INDEX_NAME) as index:
        ratings = rate_club(index, now).ratings
    assert ratings[LOCAL_PLAYER].games == 1
