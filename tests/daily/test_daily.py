"""The daily deal: the same cards for everyone, one try, nothing revealed early, the
reference deterministic, the board's order."""

from __future__ import annotations

import random
import stat
from pathlib import Path

import pytest

from thousand_tui import daily
from thousand_tui.daily import DEALS, Daily, day_deals, day_seed, secret
from thousand_tui.engine.game import Game, PlayerInfo
from thousand_tui.presets import load_preset
from thousand_tui.store.index import DailyResult, open_index
from thousand_tui.store.records import read_record

DATE = "2026-12-05"
PEOPLE = [
    PlayerInfo("You", "human"),
    PlayerInfo("Anna", "ai", "hard"),
    PlayerInfo("Boris", "ai", "hard"),
]


def play_out(game: Game, seed: int = 0) -> None:
    """Random legal decisions till the deal is settled."""
    rng = random.Random(seed)
    while not game.results:
        seat = game.to_move
        assert seat is not None
        game.apply(rng.choice(game.legal_actions(seat)))


def play_some(game: Game, moves: int, seed: int = 0) -> None:
    rng = random.Random(seed)
    for _ in range(moves):
        seat = game.to_move
        assert seat is not None
        game.apply(rng.choice(game.legal_actions(seat)))


def dealt_line(game: Game) -> dict[str, object]:
    return next(line for line in game.lines if line["type"] == "deal")


def test_everyone_gets_the_same_deals(host: Path) -> None:
    day = Daily(DATE, load_preset("classic"))
    with open_index() as index:
        first = day.open_deal(index, "key-aaa", PEOPLE)
        second = day.open_deal(index, "key-bbb", PEOPLE)
    assert first is not None and second is not None
    assert first.number == second.number == 1
    assert dealt_line(first.game)["hands"] == dealt_line(second.game)["hands"]
    assert dealt_line(first.game)["talon"] == dealt_line(second.game)["talon"]
    assert first.game.dealer == second.game.dealer
    first.writer.close()
    second.writer.close()


def test_the_days_deals_differ_by_date_preset_and_secret(host: Path) -> None:
    preset = load_preset("classic")
    key = secret()
    today = day_deals(key, DATE, preset)
    assert len(today) == DEALS
    assert len({d.hands for d in today}) == DEALS  # six different deals
    assert day_deals(key, DATE, preset) == today  # the same day again
    assert day_deals(key, "2026-12-06", preset)[0] != today[0]
    assert day_deals(b"other secret", DATE, preset)[0] != today[0]
    assert day_seed(key, DATE, "classic") != day_seed(key, DATE, "family")


def test_deal_k_is_from_zero_with_the_dealer_turning(host: Path) -> None:
    day = Daily(DATE, load_preset("classic"))
    dealers = []
    with open_index() as index:
        for number in range(1, DEALS + 1):
            opened = day.open_deal(index, "key-aaa", PEOPLE)
            assert opened is not None and opened.number == number
            assert opened.game.match.scores == (0, 0, 0)
            dealers.append(opened.game.dealer)
            index.add_daily_results([DailyResult(DATE, "classic", "key-aaa", number, 0, 0)])
            opened.writer.close()
        assert day.open_deal(index, "key-aaa", PEOPLE) is None
    assert dealers == [0, 1, 2, 0, 1, 2]


def test_the_secret_is_made_once_and_private(host: Path) -> None:
    key = secret()
    path = host / daily.KEY_NAME
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert secret() == key and len(key) == 32


@pytest.mark.long
def test_a_second_start_resumes_and_never_deals_again(host: Path, quick_reference: None) -> None:
    day = Daily(DATE, load_preset("classic"))
    with open_index() as index:
        opened = day.open_deal(index, "key-aaa", PEOPLE)
        assert opened is not None and not opened.resumed
        play_some(opened.game, 3)
        lines = list(opened.game.lines)
        opened.writer.close()  # the player quits in the middle of the deal

        again = day.open_deal(index, "key-aaa", PEOPLE)
        assert again is not None
        assert again.resumed and again.number == 1 and again.path == opened.path
        assert again.game.lines == lines  # where it stopped, the same cards
        play_out(again.game)
        again.writer.close()  # quits on the result, before it was kept

        third = day.open_deal(index, "key-aaa", PEOPLE)
        assert third is not None and third.number == 2  # deal 1 kept, never dealt again
        third.writer.close()
        kept = day.results(index)
    assert [(r.player, r.deal) for r in kept] == [("key-aaa", 1)]
    assert kept[0].points == again.game.results[0].deltas[0]
    assert len([line for line in again.game.lines if line["type"] == "deal"]) >= 1


def test_a_finished_try_cannot_play_again(host: Path) -> None:
    day = Daily(DATE, load_preset("classic"))
    with open_index() as index:
        index.add_daily_results(
            [DailyResult(DATE, "classic", "key-aaa", n, 10, 0) for n in range(1, DEALS + 1)]
        )
        assert day.open_deal(index, "key-aaa", PEOPLE) is None
        # a result kept twice stays the first
        index.add_daily_results([DailyResult(DATE, "classic", "key-aaa", 1, 120, 0)])
        assert day.results(index)[0].points == 10


@pytest.mark.long
def test_nothing_tells_the_seed(host: Path, quick_reference: None) -> None:
    """The seed is in no file of the data folder (the player's folder least of all), and his
    deal's record holds only the deal he plays."""
    player_folder = host / "players" / "key-aaa"
    (player_folder / "games").mkdir(parents=True)
    day = Daily(DATE, load_preset("classic"))
    with open_index() as index:
        opened = day.open_deal(index, "key-aaa", PEOPLE)
        assert opened is not None
        play_out(opened.game)
        day.settle(index, "key-aaa", 1, opened.game)
        opened.writer.close()
    seed = day_seed(secret(), DATE, "classic")
    spelled = {str(seed), f"{seed:x}", f"{seed:X}"}
    for path in host.rglob("*"):
        if path.is_file() and path.name != daily.KEY_NAME:
            data = path.read_bytes()
            assert not any(text.encode() in data for text in spelled), path
    assert not any(player_folder.rglob("*.jsonl"))  # his try is kept in the host's folder
    assert opened.path.is_relative_to(host / daily.DAILY_DIR)
    # the deal's record holds the cards of the deal played, none of the day's other deals
    later = [
        [c.code for c in hand]
        for d in day_deals(secret(), DATE, load_preset("classic"))[1:]
        for hand in d.hands
        if hand
    ]
    dealt = [
        line["hands"] for line in read_record(opened.path).games[0].lines if line["type"] == "deal"
    ]
    assert dealt[0] == [
        [c.code for c in hand]
        for hand in day_deals(secret(), DATE, load_preset("classic"))[0].hands
    ]
    assert not any(hand in later for hands in dealt for hand in hands)


@pytest.mark.long
def test_the_reference_is_deterministic(host: Path) -> None:
    preset = load_preset("classic")
    dealt = day_deals(b"k" * 32, DATE, preset)[0]
    first = daily.reference_points(preset, 1, dealt)
    assert daily.reference_points(preset, 1, dealt) == first


@pytest.mark.long
def test_the_references_are_computed_once(
    host: Path, quick_reference: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    preset = load_preset("classic")
    found = daily.references(DATE, preset)
    assert len(found) == DEALS
    path = daily.day_folder(DATE, "classic") / daily.REFERENCE_NAME
    assert stat.S_IMODE(path.stat().st_mode) == 0o600

    def never(*_: object) -> int:
        raise AssertionError("computed again")

    monkeypatch.setattr(daily, "reference_points", never)
    assert daily.references(DATE, preset) == found


@pytest.mark.long
def test_a_result_is_points_minus_the_reference(host: Path, quick_reference: None) -> None:
    day = Daily(DATE, load_preset("classic"))
    with open_index() as index:
        opened = day.open_deal(index, "key-aaa", PEOPLE)
        assert opened is not None
        play_out(opened.game, seed=4)
        result = day.settle(index, "key-aaa", 1, opened.game)
        opened.writer.close()
    assert result.points == opened.game.results[0].deltas[0]
    assert result.reference == day.references()[0]
    assert daily.board([result])[0].total == result.points - result.reference


def test_the_board_is_best_first() -> None:
    def r(player: str, deal: int, points: int, reference: int) -> DailyResult:
        return DailyResult(DATE, "classic", player, deal, points, reference)

    rows = daily.board(
        [
            r("key-a", 1, 100, 120),  # -20
            r("key-b", 1, 120, 120),
            r("key-b", 2, -60, 0),  # -60
            r("key-c", 1, 200, 120),  # +80
            r("key-c", 3, 0, 0),
        ],
        {"key-a": "Olga", "key-c": "Ivan"},
    )
    assert [(row.name, row.total) for row in rows] == [("Ivan", 80), ("Olga", -20), ("key-b", -60)]
    assert rows[0].deals == (80, None, 0, None, None, None)
    assert rows[0].played == 2


@pytest.mark.parametrize(("lang", "you"), [("en", "You"), ("ru", "Вы")])
def test_the_days_board_names_the_player_as_at_the_table(lang: str, you: str) -> None:
    """The data folder's own player on the day's board: the name he chose at the table, or
    "you" in the reader's language; never the login's."""
    from types import SimpleNamespace

    from thousand_tui.tui.daily_table import board_lines
    from thousand_tui.tui.i18n import Translator

    results = [DailyResult("2026-12-05", "classic", "local", 1, 10, 0)]
    day = SimpleNamespace(date="2026-12-05", name="classic", results=lambda index: results)
    for stored, shown in (("", you), ("Olga", "Olga")):
        index = SimpleNamespace(players=lambda stored=stored: [("local", stored)])
        lines = board_lines(day, index, Translator(lang), False, "local")  # type: ignore[arg-type]
        row = next(line for line in lines if line.lstrip().startswith("•1"))
        assert row.split()[1] == shown, lines
