"""Tournaments on the same deals: the same cards for every entrant, one try, the duplicate
score, the standings (scores after the close only), the refusals, the review after the close."""

from __future__ import annotations

import random
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from fractions import Fraction
from pathlib import Path

import pytest

from tests.helpers.screen import screen_text
from tests.helpers.ssh import config, olga
from tests.helpers.waiting import until
from tests.tui.helpers import pass_and_play_out, settle
from thousand_tui import ssh
from thousand_tui.cli import main
from thousand_tui.daily import Daily
from thousand_tui.engine.game import Game, PlayerInfo
from thousand_tui.presets import load_preset
from thousand_tui.priority import Host
from thousand_tui.settings import TableSetup
from thousand_tui.store.index import DailyResult, open_index
from thousand_tui.tournament import (
    Tournament,
    TournamentError,
    allow_players,
    find,
    open_tournament,
    standings,
    tournaments_dir,
)
from thousand_tui.tui import create_app
from thousand_tui.tui.daily_table import open_next
from thousand_tui.tui.duplicate import review_day
from thousand_tui.tui.i18n import Translator
from thousand_tui.tui.screens.daily_board import DailyBoardScreen
from thousand_tui.tui.tournament_table import TournamentRun
from thousand_tui.tui.tournament_words import lobby_line

PEOPLE = [
    PlayerInfo("You", "human"),
    PlayerInfo("Anna", "ai", "hard"),
    PlayerInfo("Boris", "ai", "hard"),
]


def play(game: Game, seed: int, moves: int | None = None) -> None:
    rng = random.Random(seed)
    while not game.results and (moves is None or moves > 0):
        seat = game.to_move
        assert seat is not None
        game.apply(rng.choice(game.legal_actions(seat)))
        moves = None if moves is None else moves - 1


def dealt_line(game: Game) -> dict[str, object]:
    return next(line for line in game.lines if line["type"] == "deal")


def closed_one(name: str = "Autumn", deals: int = 2) -> Tournament:
    """A tournament opened three hours ago that closed an hour ago."""
    before = datetime.now(UTC) - timedelta(hours=3)
    spec = open_tournament(name, "classic", deals, "now", "+2h", now=before)
    return Tournament.of(spec)


def play_all(day: Daily, player: str, seed: int) -> None:
    """`player` plays every deal of `day`; a tournament closed since, as while it was open."""
    if isinstance(day, Tournament):
        later = datetime.now(UTC) + timedelta(hours=1)
        day = Tournament.of(replace(day.spec, closes=later))
    with open_index() as index:
        while (opened := day.open_deal(index, player, PEOPLE)) is not None:
            play(opened.game, seed + opened.number)
            day.settle(index, player, opened.number, opened.game)
            opened.writer.close()


def test_two_entrants_get_the_same_deals_once(host: Path) -> None:
    spec = open_tournament("Winter", "classic", 2, "now", "+2h")
    day = Tournament.of(spec)
    daily_day = Daily("2026-12-05", load_preset("classic"))
    with open_index() as index:
        first = day.open_deal(index, "key-aaa", PEOPLE)
        second = day.open_deal(index, "key-bbb", PEOPLE)
        assert first is not None and second is not None
        assert first.number == second.number == 1
        assert dealt_line(first.game)["hands"] == dealt_line(second.game)["hands"]
        assert dealt_line(first.game)["talon"] == dealt_line(second.game)["talon"]
        assert day.dealt(1) != daily_day.dealt(1)  # its own cards, not the daily's
        assert day.dealt(1) != day.dealt(2)
        assert first.path.is_relative_to(tournaments_dir())
        play(first.game, 1, moves=3)
        lines = list(first.game.lines)
        first.writer.close()  # left in the middle of the deal
        second.writer.close()

        again = day.open_deal(index, "key-aaa", PEOPLE)
        assert again is not None and again.resumed and again.number == 1
        assert again.game.lines == lines  # where it stopped: never dealt again
        play(again.game, 2)
        again.writer.close()  # left on the result, before it was kept

        third = day.open_deal(index, "key-aaa", PEOPLE)
        assert third is not None and third.number == 2  # deal 1 kept on the way
        play(third.game, 3)
        day.settle(index, "key-aaa", 2, third.game)
        third.writer.close()
        assert day.open_deal(index, "key-aaa", PEOPLE) is None  # the one try is over
        kept = [(r.player, r.deal) for r in day.results(index)]
        assert kept == [("key-aaa", 1), ("key-aaa", 2)]
        assert index.games() == []  # no game of a games folder: nothing rated


def test_the_duplicate_score_of_a_hand_made_field() -> None:
    key = "tournament:t"
    results = [
        DailyResult(key, "classic", "a", 1, 100, 0),
        DailyResult(key, "classic", "a", 2, -50, 0),
        DailyResult(key, "classic", "b", 1, 40, 0),
        DailyResult(key, "classic", "b", 2, 70, 0),
        DailyResult(key, "classic", "c", 1, 10, 0),
    ]
    # Deal 1's mean is (100 + 40 + 10) / 3 = 50, deal 2's (-50 + 70) / 2 = 10.
    rows = standings(results, 2, {"a": "Ala", "b": "Bob"})
    assert [(r.player, r.name, r.score, r.played) for r in rows] == [
        ("b", "Bob", Fraction(-10 + 60), 2),
        ("a", "Ala", Fraction(50 - 60), 2),
        ("c", "c", Fraction(-40), 1),
    ]
    thirds = standings([*results[:4], DailyResult(key, "classic", "c", 1, 0, 0)], 2)
    assert thirds[-1].score == Fraction(0) - Fraction(140, 3)  # no rounding on the way


@pytest.mark.parametrize(
    ("name", "preset", "deals", "opens", "closes", "words"),
    [
        ("Past", "classic", 12, "now", "2020-01-01 10:00", "in the past"),
        ("Early", "classic", 12, "+3h", "+2h", "not after the opening"),
        ("Bad", "no-such-preset", 12, "now", "+2h", "cannot be loaded"),
        ("", "classic", 12, "now", "+2h", "cannot name"),
        ("a\x1b[2Jb", "classic", 12, "now", "+2h", "cannot name"),
        ("x" * 25, "classic", 12, "now", "+2h", "cannot name"),
        ("Many", "classic", 0, "now", "+2h", "--deals"),
        ("When", "classic", 12, "now", "tomorrow", "is not a time"),
        ("winter", "classic", 12, "now", "+2h", "exists already"),
    ],
)
def test_bad_input_is_refused_and_changes_nothing(
    host: Path,
    capsys: pytest.CaptureFixture[str],
    name: str,
    preset: str,
    deals: int,
    opens: str,
    closes: str,
    words: str,
) -> None:
    open_tournament("Winter", "classic", 12, "now", "+2h")
    host.chmod(0o700)  # as the game makes it: no note that it was made private
    before = sorted(p.relative_to(host) for p in host.rglob("*"))
    with pytest.raises(TournamentError, match=words):
        open_tournament(name, preset, deals, opens, closes)
    argv = ["tournaments", "open", name, "--preset", preset, "--deals", str(deals)]
    assert main([*argv, "--opens", opens, "--closes", closes, "--lang", "en"]) == 2
    said = capsys.readouterr().err.strip()
    assert said.startswith("thousand: ") and words in said and "\n" not in said
    assert "\x1b" not in said
    assert sorted(p.relative_to(host) for p in host.rglob("*")) == before


def test_only_the_host_opens_unless_he_allows(host: Path) -> None:
    with pytest.raises(TournamentError, match="only the host"):
        open_tournament("Mine", "classic", 6, "now", "+1h", by="key-aaa")
    allow_players(True)
    assert open_tournament("Mine", "classic", 6, "now", "+1h", by="key-aaa").by == "key-aaa"
    open_tournament("Two", "classic", 6, "+1h", "+2h", by="key-aaa")
    open_tournament("Three", "classic", 6, "now", "+1h", by="key-aaa")
    with pytest.raises(TournamentError, match="may have 3 tournaments not yet closed"):
        open_tournament("Four", "classic", 6, "now", "+1h", by="key-aaa")
    open_tournament("Four", "classic", 6, "now", "+1h", by="key-bbb")  # another's are his
    open_tournament("Five", "classic", 6, "now", "+1h")  # the host has no such limit


def test_the_standings_hide_the_scores_till_the_close(
    host: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    spec = open_tournament("Winter", "classic", 2, "now", "+2h")
    with open_index() as index:
        index.add_daily_results(
            [DailyResult(Tournament.of(spec).date, "classic", "key-b", 1, 120, 0)]
        )
    assert main(["tournaments", "show", "Winter", "--lang", "en"]) == 0
    text = capsys.readouterr().out
    assert "«Winter» · Classic · 2 deals · open until" in text
    assert "key-b" in text and "1/2" in text and "?" in text
    assert "120" not in text and "+" not in text.split("\n", 1)[1]

    for attempt in range(1, 6):  # two random players may tie: then other cards
        name = "Autumn" if attempt == 1 else f"Autumn {attempt}"
        autumn = closed_one(name)
        play_all(autumn, "key-a", 10 * attempt)
        play_all(autumn, "key-b", 10 * attempt + 5)
        with open_index() as index:
            rows = standings(autumn.results(index), 2)
        if rows[0].score != rows[1].score:
            break
    assert main(["tournaments", "show", name.lower(), "--lang", "ru"]) == 0
    text = capsys.readouterr().out
    assert f"«{name}» · Классика · 2 кона · закрыт" in text
    lines = text.splitlines()
    best = next(i for i, line in enumerate(lines) if rows[0].player in line)
    worst = next(i for i, line in enumerate(lines) if rows[1].player in line)
    assert best < worst and "2/2" in lines[best]
    assert rows[0].score == -rows[1].score > 0
    tenths = round(rows[0].score * 10)
    assert f"+{tenths // 10},{tenths % 10}" in lines[best]  # the Russian decimal comma

    assert main(["tournaments", "--lang", "en"]) == 0
    listed = capsys.readouterr().out
    assert "«Winter»" in listed and f"«{name}»" in listed


def test_the_lobby_says_the_tournaments(host: Path) -> None:
    t = Translator("en")
    assert lobby_line(host, t, datetime.now(UTC)) == ""
    autumn = closed_one()
    play_all(autumn, "key-a", 10)
    line = lobby_line(host, t, datetime.now(UTC))
    assert line.startswith("Tournament «Autumn» won by key-a (0.0)")
    open_tournament("Winter Cup", "classic", 12, "now", "+2h")
    line = lobby_line(host, t, datetime.now(UTC))
    assert "«Winter Cup» · Classic · 12 deals · open until" in line
    assert line.endswith("thousand tournaments play 'Winter Cup'")


@pytest.mark.long
def test_the_review_opens_after_the_close_only(
    host: Path, quick_reference: None, capsys: pytest.CaptureFixture[str]
) -> None:
    spec = open_tournament("Winter", "classic", 2, "now", "+2h")
    play_all(Tournament.of(spec), "local", 1)
    assert main(["tournaments", "review", "Winter", "--lang", "en"]) == 2
    assert "the review opens after the close" in capsys.readouterr().err

    autumn = closed_one()
    assert main(["tournaments", "review", "Autumn", "--lang", "en"]) == 2
    assert "you played no deal" in capsys.readouterr().err
    assert main(["tournaments", "play", "Autumn", "--lang", "en"]) == 2
    assert "closed at" in capsys.readouterr().err

    play_all(autumn, "local", 5)
    play_all(autumn, "key-b", 7)
    with open_index() as index:
        assert autumn.open_deal(index, "key-c", PEOPLE) is None  # closed: nothing dealt
        reviews = review_day(autumn, index, "local", "You", "hard")
    assert [r.number for r in reviews] == [1, 2]
    for review in reviews:
        assert [p.who for p in review.plays] == ["you", "hard", "key-b"]
        hands = {str(p.lines[1].get("hands")) for p in review.plays}
        assert len(hands) == 1  # the same cards in every play


@pytest.mark.long
@pytest.mark.parametrize(
    ("lang", "top", "title"),
    [("en", "Tournament deal 1 of 1", "open until"), ("ru", "Турнирный кон 1 из 1", "открыт")],
)
async def test_a_tournament_deal_at_the_table(
    host: Path, quick_reference: None, lang: str, top: str, title: str
) -> None:
    spec = open_tournament("Winter", "classic", 1, "now", "+2h")
    day = Tournament.of(spec)
    with open_index() as index:
        index.add_daily_results([DailyResult(day.date, "classic", "key-b", 1, 500, 0)])
    setup = TableSetup(
        preset=day.preset, levels=("hard", "hard"), seed=0, lang=lang, pace=0.0, hints=False
    )
    found = open_next(day, "local", setup)
    assert found is not None
    opened, events = found
    app = create_app(setup, daily=TournamentRun(day, "local", setup, opened, events))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert top in screen_text(app)
        await pass_and_play_out(pilot)
        await pilot.press("enter")
        await until(pilot, "the standings", lambda: isinstance(app.screen, DailyBoardScreen))
        await pilot.pause()
        text = screen_text(app)
        assert "«Winter»" in text and title in text and "1/1" in text
        assert "500" not in text  # nobody's points before the close
    assert app.daily is not None and app.daily.finished
    assert app.parting_words() == []
    with open_index() as index:
        assert [r.deal for r in day.results(index) if r.player == "local"] == [1]
    assert find("winter").name == "Winter"


def test_ssh_words_of_tournaments(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    allowed = ["classic", "family"]
    assert ssh.parse_request("tournaments", allowed).tournament == ("list", "", ())
    asked = ssh.parse_request("tournaments play Winter Cup ru", allowed)
    assert (asked.tournament, asked.lang) == (("play", "Winter Cup", ()), "ru")
    opening = ssh.parse_request(
        "tournaments open Cup --preset family --deals 6 --closes +2d", allowed
    )
    assert opening.tournament == (
        "open",
        "Cup",
        ("--preset", "family", "--deals", "6", "--closes", "+2d"),
    )
    for bad in (
        "tournaments dance",
        "tournaments play",
        "tournaments open Cup --preset evil --closes +2d",
        "tournaments open Cup --deals 6 --deals 7",
        "tournaments open Cup --closes",
        "tournaments open Cup --closes --deals",
    ):
        with pytest.raises(ssh.Refused, match="tournaments takes play, show, review or open"):
            ssh.parse_request(bad, allowed)

    monkeypatch.setenv("THOUSAND_DATA_DIR", str(tmp_path))
    env, key = olga(tmp_path)
    host = config("--presets", "classic,family", "--default", "family")
    played = ssh.plan(host, asked, env)
    assert played.argv == ["tournaments", "play", "Winter Cup", "--lang", "ru"]
    assert played.data == tmp_path / "players" / key  # his try his own, the club the host's
    assert ssh.plan(host, opening, env).argv == [
        "tournaments",
        "open",
        "Cup",
        "--preset=family",
        "--deals=6",
        "--closes=+2d",
    ]
    with pytest.raises(ssh.Refused, match="tell players apart"):
        ssh.check_identity(host, asked, {})
    ssh.check_identity(host, ssh.parse_request("tournaments show Cup", allowed), {})


def test_a_player_opens_one_only_if_the_host_allows(
    host: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = host / "players" / "key-olga"
    player = Host.of({"THOUSAND_DATA_DIR": str(folder), "THOUSAND_CLUB_DIR": str(host)})
    argv = ["tournaments", "open", "Cup", "--closes", "+2h", "--lang", "en"]
    assert main(argv, player) == 2
    assert "only the host opens tournaments here" in capsys.readouterr().err
    assert main(["tournaments", "allow", "--lang", "en"], player) == 2
    assert "only the host allows" in capsys.readouterr().err
    assert main(["tournaments", "allow", "--lang", "en"]) == 0
    assert main(argv, player) == 0
    assert find("cup").by == "key-olga"
