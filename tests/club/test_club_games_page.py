"""The lobby's page of the club's games (`g`) is read from the index as one page: the newest
finished games of shared tables of the host's games folder, and how many there are, never
the whole index (`ClubIndex.shared_games`), on either backend."""

from __future__ import annotations

import os
from pathlib import Path

from tests.store.helpers import write_record
from tests.store.test_club_ratings import finished_lines
from thousand_tui.engine.game import PlayerInfo
from thousand_tui.priority import Host
from thousand_tui.store.catalog import games_dir
from thousand_tui.store.index import open_club
from thousand_tui.tui.club_games import club_games

TABLE = [PlayerInfo("Ann", "human"), PlayerInfo("Bob", "human"), PlayerInfo("Vera", "ai", "easy")]
PEOPLE: list[str | None] = ["name:Ann", "name:Bob", None]
# One person whose name reads like a second person's seat: still a game of one person.
POSING = [
    PlayerInfo('x", "kind": "human', "human"),
    PlayerInfo("Anna", "ai", "easy"),
    PlayerInfo("Boris", "ai", "hard"),
]


def written(path: Path, at: int) -> None:
    os.utime(path, ns=(at * 10**9, at * 10**9))


def test_the_page_is_the_newest_shared_games_and_their_count(
    data: Path, backend: str | None
) -> None:
    host = Host(data=data, database=backend, node="host-a")
    games = games_dir(data)
    for n in range(5):  # shared and finished: shared-0 the oldest
        written(
            write_record(games, f"shared-{n}.jsonl", finished_lines(n, TABLE, PEOPLE)), 1000 + n
        )
    written(write_record(games, "solo.jsonl", finished_lines(7, POSING)), 2000)  # the newest
    unfinished = finished_lines(8, TABLE, PEOPLE)[:4]  # stopped in its first deal
    written(write_record(games, "stopped.jsonl", unfinished), 2001)
    elsewhere = data / "players" / "key-olga" / "games"  # a hosted player's: not the lobby's
    written(write_record(elsewhere, "hers.jsonl", finished_lines(9, TABLE, PEOPLE)), 3000)
    with open_club(host) as index:
        index.refresh()
        page, count = index.shared_games(games, 3)
        assert [game.path.name for game in page] == [
            "shared-4.jsonl",
            "shared-3.jsonl",
            "shared-2.jsonl",
        ]
        assert count == 5
        assert index.shared_games(games, 10)[1] == 5 and len(index.shared_games(games, 10)[0]) == 5
        assert index.shared_games(games, 0) == ([], 5)
    listed = club_games(host, most=2)
    assert [game.path.name for game in listed] == ["shared-4.jsonl", "shared-3.jsonl"]
    assert listed[0].names == ("Ann", "Bob", "Vera")
