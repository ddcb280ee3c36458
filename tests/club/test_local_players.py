"""Each host's own player (its data folder's) is a player of his own in a club of several
hosts: `local:NODE`, never merged with another host's in the ratings, the daily or the
tournaments; a club database's rows of the id they once shared made each host's own."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.store.helpers import write_record
from tests.store.test_club_ratings import SOLO, finished_lines
from thousand_tui.cli import main
from thousand_tui.club import my_rating, rate_club
from thousand_tui.daily import DAILY_DIR, Daily, day_folder
from thousand_tui.engine.game import PlayerInfo
from thousand_tui.presets import load_preset
from thousand_tui.priority import DATA_DIR_ENV, DATABASE_ENV, NODE_ENV, Host
from thousand_tui.store.database import connect
from thousand_tui.store.index import (
    INDEX_NAME,
    LOCAL_PLAYER,
    MIGRATIONS,
    DailyResult,
    is_local,
    local_id,
    open_club,
    player_id,
)
from thousand_tui.tournament import claim_local

from .test_database import at_version

DATE = "2026-12-06"
PEOPLE = [PlayerInfo("You", "human"), PlayerInfo("Anna", "ai", "hard"), PlayerInfo("B", "ai")]


def test_each_hosts_own_player_is_his_own_in_the_club(two: tuple[Host, Host], data: Path) -> None:
    a, b = two
    assert (player_id(a), player_id(b)) == ("local:host-a", "local:host-b")
    assert player_id(Host(data=data)) == LOCAL_PLAYER  # one host, its SQLite file: as before
    hosted = Host(data=a.data_dir / "players" / "key-olga", club=a.data_dir, database=a.database)
    assert player_id(hosted) == "key-olga" and not is_local("key-olga")
    write_record(a.data_dir / "games", "on-a.jsonl", finished_lines(3, SOLO))
    write_record(b.data_dir / "games", "on-b.jsonl", finished_lines(4, SOLO))
    with open_club(a) as index:
        rate_club(index)
    with open_club(b) as index:
        board = rate_club(index)
        assert dict(index.players()) == {"local:host-a": "Olga", "local:host-b": "Olga"}
    assert LOCAL_PLAYER not in board.ratings
    assert board.ratings["local:host-a"].games == board.ratings["local:host-b"].games == 1
    mine_a, mine_b = my_rating(a), my_rating(b)
    assert mine_a is not None and mine_b is not None and mine_a.games == mine_b.games == 1

    # The daily: each host's own player has his own one try.
    preset = load_preset("classic")
    day_a, day_b = (Daily(DATE, preset, h.club_dir, h.database) for h in (a, b))
    with open_club(a) as index:
        opened = day_a.open_deal(index, player_id(a), PEOPLE)
        assert opened is not None and opened.number == 1
        opened.writer.close()
        index.add_daily_results([DailyResult(DATE, "classic", player_id(a), 1, 100, 80)])
    with open_club(b) as index:
        opened = day_b.open_deal(index, player_id(b), PEOPLE)
        assert opened is not None and opened.number == 1  # A's own player's deal is not his
        opened.writer.close()


def test_the_rows_of_the_id_they_shared_are_made_each_hosts_own(
    two: tuple[Host, Host],
) -> None:
    a, b = two
    version = MIGRATIONS.index(next(m for m in MIGRATIONS if m.name.startswith("each host")))
    at_version(a.database, a.club_dir / INDEX_NAME, version)  # before they were told apart
    db = connect(a.database, a.club_dir / INDEX_NAME)
    with db.writing():
        db.execute("INSERT INTO players VALUES ('local', 'Olga', '/srv/a')")
        db.execute("INSERT INTO ratings VALUES ('local', 1700.0, 60.0, 0.06, 12, NULL)")
        for date, deal, points in (
            (DATE, 1, 100),
            (DATE, 2, -40),
            ("tournament:winter", 1, 60),
            (DATE, 3, 7),
        ):
            db.execute(
                "INSERT INTO daily_results VALUES (?, 'classic', 'local', ?, ?, 0)",
                (date, deal, points),
            )
    db.close()
    # Their records: A's own player played deal 1 of the day and the tournament's deal 1, and
    # left deal 4 in the middle; B's own player played deal 2; deal 3's record is nowhere.
    for host, deals in ((a, (1, 4)), (b, (2,))):
        for deal in deals:
            folder = day_folder(DATE, "classic", host.club_dir) / LOCAL_PLAYER
            folder.mkdir(parents=True, exist_ok=True)
            (folder / f"deal-{deal}.jsonl").write_text("{}\n")
    played = a.club_dir / "tournaments" / "winter" / LOCAL_PLAYER
    played.mkdir(parents=True)
    (played / "deal-1.jsonl").write_text("{}\n")

    with open_club(a) as index:  # migrated: no player nor rating of the shared id
        assert LOCAL_PLAYER not in dict(index.players())
        assert LOCAL_PLAYER not in [r.player for r in index.ratings()]
    assert claim_local(a) == 2
    assert claim_local(b) == 1
    assert claim_local(a) == claim_local(b) == 0  # done once
    with open_club(a) as index:
        kept = sorted((r.date, r.player, r.deal, r.points) for r in index.results_of(local_id(a)))
        assert kept == [
            (DATE, "local:host-a", 1, 100),
            ("tournament:winter", "local:host-a", 1, 60),
        ]
        theirs = [(r.player, r.deal, r.points) for r in index.results_of(local_id(b))]
        assert theirs == [("local:host-b", 2, -40)]
        left = [(r.date, r.deal) for r in index.results_of(LOCAL_PLAYER)]
        assert left == [(DATE, 3)]  # no host has its record: left as it was
    mine = a.club_dir / DAILY_DIR / DATE / "classic" / "local_host-a"
    assert (mine / "deal-4.jsonl").is_file()  # the deal left in the middle goes on under his id
    assert (a.club_dir / "tournaments" / "winter" / "local_host-a" / "deal-1.jsonl").is_file()
    assert not (a.club_dir / "tournaments" / "winter" / LOCAL_PLAYER).exists()
    assert (b.club_dir / DAILY_DIR / DATE / "classic" / "local_host-b" / "deal-2.jsonl").is_file()


def test_a_club_of_one_host_keeps_its_own_player_local(data: Path) -> None:
    alone = Host(data=data)
    assert local_id(alone) == LOCAL_PLAYER and claim_local(alone) == 0
    write_record(data / "games", "g.jsonl", finished_lines(3, SOLO))
    with open_club(alone) as index:
        board = rate_club(index)
    assert board.ratings[LOCAL_PLAYER].games == 1


def test_thousand_claims_them_at_start(
    two: tuple[Host, Host], monkeypatch: pytest.MonkeyPatch
) -> None:
    a, _ = two
    with open_club(a) as index:
        index.add_daily_results([DailyResult(DATE, "classic", LOCAL_PLAYER, 1, 90, 0)])
    folder = day_folder(DATE, "classic", a.club_dir) / LOCAL_PLAYER
    folder.mkdir(parents=True)
    (folder / "deal-1.jsonl").write_text("{}\n")
    monkeypatch.setenv(DATA_DIR_ENV, str(a.data_dir))
    monkeypatch.setenv(DATABASE_ENV, str(a.database))
    monkeypatch.setenv(NODE_ENV, "host-a")
    assert main(["ratings"]) == 0
    with open_club(a) as index:
        assert [(r.player, r.points) for r in index.results_of("local:host-a")] == [
            ("local:host-a", 90)
        ]
        assert index.results_of(LOCAL_PLAYER) == []
