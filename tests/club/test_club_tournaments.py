"""Tournaments of a club of several hosts (one database): opened on A, listed, dealt the same
and ranked on B, the standings the same on both; the name taken club-wide; a host's
tournament of before the database given to the club with the deals it was dealt."""

from __future__ import annotations

import random
from datetime import UTC, datetime
from pathlib import Path

import pytest

from thousand_tui.cli import main
from thousand_tui.daily import secret
from thousand_tui.engine.game import Game, PlayerInfo
from thousand_tui.priority import DATA_DIR_ENV, DATABASE_ENV, Host
from thousand_tui.store.index import open_club
from thousand_tui.tournament import (
    Tournament,
    TournamentError,
    find,
    open_tournament,
    specs,
    standings,
    tournaments_dir,
)
from thousand_tui.tui.i18n import Translator
from thousand_tui.tui.tournament_words import list_lines

PEOPLE = [
    PlayerInfo("You", "human"),
    PlayerInfo("Anna", "ai", "hard"),
    PlayerInfo("Boris", "ai", "hard"),
]


def play(game: Game, seed: int) -> None:
    rng = random.Random(seed)
    while not game.results:
        seat = game.to_move
        assert seat is not None
        game.apply(rng.choice(game.legal_actions(seat)))


def play_all(host: Host, name: str, player: str, seed: int) -> None:
    """`player` plays every deal of the tournament `name` on `host`."""
    day = Tournament.of(find(name, host.club_dir, host.database), host.club_dir, host.database)
    with open_club(host) as index:
        while (opened := day.open_deal(index, player, PEOPLE)) is not None:
            play(opened.game, seed + opened.number)
            day.settle(index, player, opened.number, opened.game)
            opened.writer.close()


def hands(host: Host, name: str, number: int) -> object:
    spec = find(name, host.club_dir, host.database)
    return Tournament.of(spec, host.club_dir, host.database).dealt(number).hands


def test_a_tournament_opened_on_a_is_played_and_ranked_on_b(
    two: tuple[Host, Host], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    a, b = two
    (b.data_dir / "daily.key").write_text("ab" * 32 + "\n")  # B's own secret: never used
    spec = open_tournament(
        "Winter", "classic", 2, "now", "+2h", base=a.club_dir, database=a.database
    )
    assert not tournaments_dir(a.club_dir).exists()  # no file of A's: the club's database's
    on_b = find("winter", b.club_dir, b.database)
    assert (on_b.name, on_b.preset, on_b.deals, on_b.opens, on_b.closes, on_b.created) == (
        spec.name,
        spec.preset,
        spec.deals,
        spec.opens,
        spec.closes,
        spec.created,
    )
    assert [s.name for s in specs(b.club_dir, b.database)] == ["Winter"]
    assert hands(a, "Winter", 1) == hands(b, "Winter", 1)
    assert hands(a, "Winter", 2) == hands(b, "Winter", 2)
    with pytest.raises(TournamentError, match="exists already"):  # the name is the club's
        open_tournament("WINTER", "classic", 3, "now", "+1h", base=b.club_dir, database=b.database)

    play_all(a, "Winter", "key-ann", 10)
    play_all(b, "Winter", "key-bob", 20)
    assert list((b.club_dir / "tournaments" / "winter").glob("key-bob/deal-*.jsonl"))
    ranked = []
    for host in (a, b):
        day = Tournament.of(find("Winter", host.club_dir, host.database), host.club_dir)
        with open_club(host) as index:
            assert day.open_deal(index, "key-bob", PEOPLE) is None  # his one try, on A too
            ranked.append(standings(day.results(index), 2))
    assert ranked[0] == ranked[1]
    assert {r.player for r in ranked[0]} == {"key-ann", "key-bob"}
    assert all(r.played == 2 for r in ranked[0])

    # The words a player reads on B: the list and the standings, from the club's database.
    t = Translator("en")
    assert "«Winter»" in list_lines(b.club_dir, t, datetime.now(UTC), b)[0]
    monkeypatch.setenv(DATA_DIR_ENV, str(b.data_dir))
    monkeypatch.setenv(DATABASE_ENV, str(b.database))
    assert main(["tournaments", "show", "Winter", "--lang", "en"]) == 0
    shown = capsys.readouterr().out
    assert "key-ann" in shown and "key-bob" in shown and "2/2" in shown


def test_a_hosts_tournament_of_before_the_database_is_given_to_the_club(
    two: tuple[Host, Host],
) -> None:
    a, b = two
    alone = Host(data=a.data_dir)  # A before its club had a database
    open_tournament("Autumn", "classic", 2, "now", "+2h", base=alone.club_dir)
    before = [hands(alone, "Autumn", n) for n in (1, 2)]
    (b.data_dir / "daily.key").write_text("cd" * 32 + "\n")
    club_secret = secret(b.club_dir, b.database)  # B asked first: the club's secret is B's
    assert club_secret == bytes.fromhex("cd" * 32) != secret(alone.club_dir)
    assert [s.name for s in specs(b.club_dir, b.database)] == []
    assert [s.name for s in specs(a.club_dir, a.database)] == ["Autumn"]  # A gives it
    assert [hands(b, "Autumn", n) for n in (1, 2)] == before  # dealt as A dealt it
    assert [hands(a, "Autumn", n) for n in (1, 2)] == before
    with pytest.raises(TournamentError, match="no tournament named"):
        find("Spring", b.club_dir, b.database)


def test_without_a_database_a_tournament_stays_its_hosts_file(data: Path) -> None:
    alone = Host(data=data)
    spec = open_tournament("Solo", "classic", 2, "now", "+2h", base=alone.club_dir)
    assert (tournaments_dir(data) / "solo" / "tournament.json").is_file()
    assert find("solo", data).created == spec.created and spec.seed is None
    with open_club(alone) as index:
        assert index.tournaments() == []  # the SQLite index keeps none
