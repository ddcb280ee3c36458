"""Records on a club database: each host keeps the text of the records it indexes (a game's,
a daily or tournament deal's) in the database beside its row, so that another host reviews
a tournament deal played here, and lists and views a shared game played here as its looker
may see it. The records stay files on the host that played them; on one host (its SQLite
file) none is copied."""

from __future__ import annotations

import dataclasses
import random
import zlib
from pathlib import Path

from tests.store.helpers import write_record
from tests.store.test_club_ratings import finished_lines
from tests.tui.conftest import ENGLISH
from tests.tui.test_lobby_games import games_shown, lobby_app, shared_record, viewer_of
from thousand_tui.engine.game import Game, PlayerInfo
from thousand_tui.priority import Host
from thousand_tui.store.index import (
    KEPT_RECORD_MAX,
    DailyResult,
    deal_key,
    open_club,
    unpacked,
)
from thousand_tui.store.records import read_record
from thousand_tui.store.seal import record_key
from thousand_tui.tournament import Tournament, find, open_tournament
from thousand_tui.tui.club_games import club_games
from thousand_tui.tui.duplicate import first_deal, review_day
from thousand_tui.tui.i18n import Translator
from thousand_tui.tui.render import Palette
from thousand_tui.tui.viewing import open_game

PEOPLE = [
    PlayerInfo("You", "human"),
    PlayerInfo("Anna", "ai", "hard"),
    PlayerInfo("Boris", "ai", "hard"),
]
TABLE = [
    PlayerInfo("Olga", "human"),
    PlayerInfo("Pavel", "human"),
    PlayerInfo("Vera", "ai", "easy"),
]
AT_TABLE: list[str | None] = ["key-olga", "key-pavel", None]


def play(game: Game, seed: int) -> None:
    rng = random.Random(seed)
    while not game.results:
        seat = game.to_move
        assert seat is not None
        game.apply(rng.choice(game.legal_actions(seat)))


def play_all(host: Host, name: str, player: str, seed: int) -> Tournament:
    day = Tournament.of(find(name, host.club_dir, host.database), host.club_dir, host.database)
    with open_club(host) as index:
        while (opened := day.open_deal(index, player, PEOPLE)) is not None:
            play(opened.game, seed + opened.number)
            day.settle(index, player, opened.number, opened.game)
            opened.writer.close()
    return day


def test_a_tournament_deal_played_on_a_is_reviewed_on_b(two: tuple[Host, Host]) -> None:
    a, b = two
    open_tournament("Winter", "classic", 2, "now", "+2h", base=a.club_dir, database=a.database)
    on_a = play_all(a, "Winter", "key-ann", 10)
    on_b = play_all(b, "Winter", "key-bob", 20)
    assert not on_b.record("key-ann", 1).exists()  # her records are A's files only
    played = {n: first_deal(read_record(on_a.record("key-ann", n)).games[0].lines) for n in (1, 2)}
    with open_club(b) as index:
        # Ann reviews on B the deals she played on A: her own plays, read from the database.
        hers = review_day(on_b, index, "key-ann", "you", "hard")
        # Bob reviews his deals beside the best other player's: Ann's, played on A.
        his = review_day(on_b, index, "key-bob", "you", "hard")
    assert [r.number for r in hers] == [1, 2]
    assert [r.plays[0].lines for r in hers] == [played[1], played[2]]
    assert all(r.plays[0].path is None for r in hers)  # no file of B's was read for them
    best = [r.plays[2] for r in his if len(r.plays) == 3 and r.plays[2].who == "key-ann"]
    assert [p.lines for p in best] == [played[1], played[2]]


def test_a_shared_game_played_on_a_is_listed_and_viewed_from_b(two: tuple[Host, Host]) -> None:
    a, b = two
    path = write_record(a.data_dir / "games", "table.jsonl", finished_lines(7, TABLE, AT_TABLE))
    listed_a = club_games(a)  # A's lobby lists (and so indexes) its table's game
    assert [g.path for g in listed_a] == [path] and listed_a[0].data is None
    listed = club_games(b)
    assert len(listed) == 1
    (game,) = listed
    assert game.path == path and game.data == path.read_bytes()
    assert game.names == ("Olga", "Pavel", "Vera") and game.shown_path == Path("table.jsonl")
    t, palette = Translator("en"), Palette(lang="en")
    key = record_key(b.data_dir, make=True)
    # Pavel (who sat there) sees it from his seat; a stranger from no seat, no hand at all.
    his = open_game(game.shown_path, t, palette, game.number, key=key, club=True,
                    person="key-pavel", data=game.data)  # fmt: skip
    assert his.seat == 1 and not his.open and not his.watching
    theirs = open_game(game.shown_path, t, palette, game.number, key=key, club=True,
                       person="key-zoe", data=game.data)  # fmt: skip
    assert theirs.watching and not theirs.open
    assert len(his.positions) == len(theirs.positions) > 10
    # The record gone from A (its owner deleted it): gone from the club's list and database.
    path.unlink()
    assert club_games(a) == ()
    assert club_games(b) == ()
    with open_club(b) as index:
        assert index.kept_record(str(path)) is None


async def test_bs_lobby_views_as_game_from_the_seat_of_its_looker_and_no_hand_of_others(
    two: tuple[Host, Host], tmp_path: Path
) -> None:
    a, b = (
        dataclasses.replace(h, config=tmp_path / f"config-{h.node}", locale=ENGLISH) for h in two
    )
    # Every person allowed his hands shown, under A's seal (on A, open to anyone who looks).
    path = shared_record("1", open_hands=[True, None, True], host=a)
    assert [g.path for g in club_games(a)] == [path]
    _, app = lobby_app(who="key:zed", hosted=True, host=b)
    async with app.run_test(size=(80, 24)) as pilot:
        lobby = await games_shown(pilot, app)
        assert lobby.games is not None and [g.path for g in lobby.games] == [path]
        viewed = (await viewer_of(pilot, app)).viewed
        # On B the seal does not hold (B has not A's secret): no hand at all to a stranger.
        assert viewed.watching and not viewed.open and viewed.path == Path(path.name)
        for position in viewed.positions:
            assert all(v is None or v.hand is None for v in position.views)
    _, app = lobby_app(who="key:vera", hosted=True, host=b)
    async with app.run_test(size=(80, 24)) as pilot:
        await games_shown(pilot, app)
        viewed = (await viewer_of(pilot, app)).viewed
        assert viewed.seat == 2 and not viewed.watching and not viewed.open  # hers only
        first = viewed.positions[0].views
        assert first[2] is not None and first[2].hand and first[0] is None and first[1] is None


def test_a_deals_record_goes_with_its_result_to_the_player_it_is_given(
    two: tuple[Host, Host],
) -> None:
    a, _ = two
    result = DailyResult("2026-12-06", "classic", "local", 1, 60, 40)
    with open_club(a) as index:
        index.add_daily_results([result], {result: b'{"type":"game"}\n'})
        assert index.kept_record(deal_key("2026-12-06", "classic", "local", 1)) is not None
        index.give_results([result], "local:host-a")
        kept = index.kept_record(deal_key("2026-12-06", "classic", "local:host-a", 1))
        assert kept == b'{"type":"game"}\n'
        assert index.kept_record(deal_key("2026-12-06", "classic", "local", 1)) is None
    assert deal_key("d", "p/x", "y", 1) != deal_key("d", "p", "x/y", 1)


def test_one_host_copies_no_record_into_its_file(data: Path) -> None:
    host = Host(data=data)
    write_record(data / "games", "table.jsonl", finished_lines(7, TABLE, AT_TABLE))
    assert len(club_games(host)) == 1
    with open_club(host) as index:
        (count,) = index.database.execute("SELECT count(*) FROM records").fetchone()
    assert count == 0


def test_a_kept_record_larger_than_any_kept_is_refused_when_read() -> None:
    assert unpacked(zlib.compress(b"x" * 100)) == b"x" * 100
    assert unpacked(zlib.compress(b"x" * (KEPT_RECORD_MAX + 1))) is None  # no zip bomb
    assert unpacked(b"not zlib") is None
