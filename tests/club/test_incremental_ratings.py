"""The club's ratings kept game by game: each rated game moves its players' ratings once, in
the transaction that indexes it; a game that ended before the last one rated, or one read
again different, makes them again from the games rated; either way they are the numbers
that rating every game in order gives, which `thousand club rebuild` makes again from the
records. Two hosts indexing games at once on one database lose no update."""

from __future__ import annotations

import os
import threading
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from tests.store.helpers import write_record
from tests.store.test_club_ratings import SOLO, finished_lines
from thousand_tui.cli import main
from thousand_tui.club import board_of, rate_club
from thousand_tui.priority import DATABASE_ENV, NODE_ENV, Host
from thousand_tui.ratings import Rating, ratings_of
from thousand_tui.store.index import ClubIndex, open_club

START = datetime(2026, 11, 20, 10, 0, tzinfo=UTC).timestamp()


def ended_at(path: Path, minutes: int) -> Path:
    """The record written (so its game ended) `minutes` after START."""
    when = START + minutes * 60
    os.utime(path, (when, when))
    return path


def made_again(index: ClubIndex) -> dict[str, Rating]:
    """Every rating made from every game indexed, as if no rating were kept."""
    return board_of(index.games(), index.players(), datetime.now(UTC)).ratings


@pytest.fixture
def rated(monkeypatch: pytest.MonkeyPatch) -> list[tuple[bool, int]]:
    """Each time ratings were made: (from the first game of all, how many games rated)."""
    made: list[tuple[bool, int]] = []
    rate_from: Callable[..., int] = ClubIndex._rate_from

    def counted(self: ClubIndex, db: Any, first: Any, *more: Any) -> int:
        count = rate_from(self, db, first, *more)
        made.append((first is None, count))
        return count

    monkeypatch.setattr(ClubIndex, "_rate_from", counted)
    return made


def test_each_game_moves_the_ratings_once_as_it_is_indexed_and_rebuild_gives_the_same(
    data: Path,
    backend: str | None,
    rated: list[tuple[bool, int]],
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    host = Host(data=data, database=backend, node="host-a")
    games = data / "players" / "key-olga" / "games"
    with open_club(host) as index:
        index.refresh()  # a new index: the ratings made (of nothing) once
    assert rated == [(True, 0)]
    for minutes in range(4):
        ended_at(write_record(games, f"g{minutes}.jsonl", finished_lines(minutes, SOLO)), minutes)
        with open_club(host) as index:
            index.refresh()
            kept = index.player_ratings()
            assert kept == made_again(index)
        assert kept["key-olga"].games == minutes + 1
    assert rated[1:] == [(False, 1)] * 4  # each game after the last: only itself rated
    # A game that ended between two rated already (a host catching up after the database
    # was down): it and the two after it rated again, the same numbers as all in order.
    ended_at(write_record(games, "late.jsonl", finished_lines(9, SOLO)), 1)
    os.utime(games / "late.jsonl", (START + 90, START + 90))
    with open_club(host) as index:
        index.refresh()
        kept = index.player_ratings()
        assert kept == made_again(index) and kept["key-olga"].games == 5
        assert kept == ratings_of(index.rated_games().values())
    assert rated[-1] == (False, 3)
    # Showing the ratings rates nothing again; `thousand club rebuild` makes the same numbers.
    with open_club(host) as index:
        assert rate_club(index).ratings == kept
    assert len(rated) == 6
    if backend:
        monkeypatch.setenv(DATABASE_ENV, backend)
    monkeypatch.setenv(NODE_ENV, "host-a")
    assert main(["club", "rebuild"]) == 0
    capsys.readouterr()
    assert rated[-1] == (True, 5)
    with open_club(host) as index:
        assert index.player_ratings() == kept
    # The first record gone: its game no longer counts, the four after it rated again.
    (games / "g0.jsonl").unlink()
    with open_club(host) as index:
        index.refresh()
        assert index.player_ratings()["key-olga"].games == 4
        assert index.player_ratings() == made_again(index)
    assert rated[-1] == (False, 4)


def test_two_hosts_ending_games_at_once_lose_no_update(two: tuple[Host, Host]) -> None:
    """Each host indexes its games one by one on its own connection, at the same moments:
    every game counts once, and the ratings are those of all of them in order."""
    hosts = two
    count = 6
    for side, host in enumerate(hosts):
        folder = host.data_dir / "players" / f"key-{side}" / "games"
        for n in range(count):
            path = write_record(folder, f"g{n}.jsonl", finished_lines(10 * side + n, SOLO))
            ended_at(path, 2 * n + side)  # the hosts' games ending in turn
    indexes = [open_club(host) for host in hosts]
    start = threading.Barrier(2)
    failed: list[BaseException] = []

    def index_games(index: ClubIndex, host: Host, side: int) -> None:
        try:
            folder = host.data_dir / "players" / f"key-{side}" / "games"
            hidden = sorted(folder.glob("*.jsonl"))
            for path in hidden:
                path.rename(path.with_suffix(".wait"))
            for path in hidden:
                start.wait(timeout=30)  # both hosts index their next game at once
                waiting = path.with_suffix(".wait")
                stat = waiting.stat()
                waiting.rename(path)
                os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns))
                index.refresh_folder(folder)
        except BaseException as error:
            failed.append(error)
            start.abort()

    threads = [
        threading.Thread(target=index_games, args=(index, host, side))
        for side, (index, host) in enumerate(zip(indexes, hosts, strict=True))
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    for index in indexes:
        index.close()
    assert not failed
    with open_club(hosts[1]) as index:
        kept = index.player_ratings()
        assert len(index.rated_games()) == 2 * count
        assert kept["ai:easy"].games == kept["ai:hard"].games == 2 * count
        assert kept["key-0"].games == kept["key-1"].games == count
        assert kept == made_again(index)
