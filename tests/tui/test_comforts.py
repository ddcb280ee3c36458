"""The table's comforts: a hand that keeps its order, a quit question Enter cannot answer, the
card played or the next deal begun by itself, a card taken back against the AI."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from textual.pilot import Pilot

from tests.helpers.pairs import each_language_and_size
from tests.helpers.screen import screen_text
from tests.helpers.waiting import until
from thousand_tui.cli import build_parser, main, table_flags
from thousand_tui.engine.cards import Suit, parse_cards
from thousand_tui.engine.game import PlayerInfo
from thousand_tui.priority import Host
from thousand_tui.settings import SetupError, TableSetup, setup_from_options
from thousand_tui.stats import collect
from thousand_tui.tui import create_app
from thousand_tui.tui.app import ThousandApp
from thousand_tui.tui.coach import stats_lines
from thousand_tui.tui.i18n import Translator
from thousand_tui.tui.screens import result as result_module
from thousand_tui.tui.screens.auction import AuctionScreen
from thousand_tui.tui.screens.end import ConfirmQuitScreen
from thousand_tui.tui.screens.exchange import ExchangeScreen
from thousand_tui.tui.screens.marriage import MarriageScreen
from thousand_tui.tui.screens.result import DealResultScreen
from thousand_tui.tui.shared import SharedDriver
from thousand_tui.tui.startup import StartOffer, choices_path
from thousand_tui.tui.widgets.choices import ChoiceList
from thousand_tui.tui.widgets.hand import Hand
from thousand_tui.tui.widgets.log import GameLog

from .helpers import STRONG, about_to_win, play_first_legal, settle, win_the_game
from .test_start import go_to

SIZES = [(80, 24), (120, 40)]


# ---------------------------------------------------------------------- the quit question


@pytest.mark.long
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize(
    ("lang", "quit_key", "stay_key"), [("en", "y Quit", "n Stay"), ("ru", "y Выход", "n Остаться")]
)
async def test_enter_and_esc_stay_at_the_table_and_only_y_quits(
    size: tuple[int, int], lang: str, quit_key: str, stay_key: str, host: Host
) -> None:
    app = create_app(TableSetup.of(seed=11, pace=0, deals={1: STRONG}, lang=lang, host=host))
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        await pilot.press("escape")  # put the auction away
        for key in ("enter", "escape", "n", "q"):
            await pilot.press("q")
            await pilot.pause()
            assert isinstance(app.screen, ConfirmQuitScreen)
            text = screen_text(app)
            assert quit_key in text and stay_key in text
            await pilot.press(key)
            await pilot.pause()
            if key == "q":  # q again neither quits nor closes the question
                assert isinstance(app.screen, ConfirmQuitScreen)
                await pilot.press("escape")
                await pilot.pause()
            assert app.is_running
            assert not isinstance(app.screen, ConfirmQuitScreen)
        await pilot.press("enter")  # Enter is the game's key again: the auction
        await pilot.pause()
        assert isinstance(app.screen, AuctionScreen)
        await pilot.press("q")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
    assert app.return_code == 0


# ---------------------------------------------------------------------- a hand that stays put


def suits_in(line: str) -> list[str]:
    return [char for char in line if char in "♠♣♦♥"]


def hand_codes(app: ThousandApp) -> list[str]:
    return [card.code for card in app.table.query_one(Hand).cards]


async def press_in_hand(pilot: Pilot, code: str) -> None:
    """Play `code` with the number key the hand shows for it."""
    app = pilot.app
    assert isinstance(app, ThousandApp)
    index = hand_codes(app).index(code)
    await pilot.press("1234567890"[index], "enter")


async def declare_hearts(pilot: Pilot) -> list[str]:
    """On STRONG: bid 120, give K♠ and Q♣, lead A♥; returns the hand then, and declares ♥
    with K♥."""
    app = pilot.app
    assert isinstance(app, ThousandApp)
    await settle(pilot)
    await pilot.press("2")  # 105
    await settle(pilot)
    exchange = app.screen
    assert isinstance(exchange, ExchangeScreen)
    for code in ("KS", "QC"):
        index = [c.code for c in exchange.hand].index(code)
        await pilot.press("1234567890"[index], "enter")
    await pilot.press("enter")
    await settle(pilot)
    await pilot.press("1")  # play 105
    await settle(pilot)
    await press_in_hand(pilot, "AH")
    await settle(pilot)
    before = hand_codes(app)
    await press_in_hand(pilot, "KH")
    assert isinstance(app.screen, MarriageScreen)
    await pilot.press("1")  # declare ♥
    await settle(pilot)
    assert app.session.game.deal.trump is Suit.HEARTS
    return before


@pytest.mark.long
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize(
    ("lang", "order", "shown"),
    [
        ("en", None, ["AS", "TS", "AC", "KD", "TH", "KH", "QH"]),
        ("ru", "SDCH", ["AS", "TS", "KD", "AC", "TH", "KH", "QH"]),
        ("en", "HDCS", ["TH", "KH", "QH", "KD", "AC", "AS", "TS"]),
    ],
)
async def test_the_hand_keeps_its_order_when_a_marriage_makes_a_trump(
    size: tuple[int, int], lang: str, order: str | None, shown: list[str], host: Host
) -> None:
    settings = {} if order is None else {"suit_order": order}
    app = create_app(
        TableSetup.of(seed=11, pace=0, deals={1: STRONG}, lang=lang, **settings, host=host)  # type: ignore[arg-type]
    )
    async with app.run_test(size=size) as pilot:
        before = await declare_hearts(pilot)
        assert before == shown
        after = [code for code in shown if code != "KH"]
        assert hand_codes(app) == after  # the gap closed, nothing else moved
        # On the screen too: the hand's row of suits, left to right.
        text = screen_text(app).splitlines()
        box = next(i for i, line in enumerate(text) if line.lstrip().startswith("┏"))
        rows = [suits_in(line.split("┃")[1]) for line in text[box + 1 :] if "┃" in line]
        assert max(rows, key=len) == [c.suit.glyph for c in parse_cards(after)], text
        # The third key is the third card, now as before the marriage.
        await pilot.press("3")
        await pilot.pause()
        assert app.table.query_one(Hand).card == parse_cards([after[2]])[0]


def play_flags(*argv: str) -> TableSetup:
    options = table_flags(build_parser("play").parse_args(["play", *argv]))
    return setup_from_options(options, {"LANG": "en_US.UTF-8"})


def test_the_suit_order_flag(tmp_path: Path) -> None:
    assert play_flags().suit_order == "SCDH"
    assert play_flags("--suit-order", "sdch").suit_order == "SDCH"
    saved = tmp_path / "game.jsonl"
    saved.write_text("{}\n", encoding="utf-8")
    assert play_flags("--suit-order", "HCDS", "--resume", str(saved)).suit_order == "HCDS"
    for bad in ("SCD", "SSCD", "SCDHX", "ABCD"):
        with pytest.raises(SetupError, match="--suit-order needs the four suits' letters"):
            play_flags("--suit-order", bad)


@pytest.mark.long
@pytest.mark.parametrize("size", SIZES)
async def test_the_suit_order_is_chosen_on_the_start_screen_and_kept(
    size: tuple[int, int],
    host: Host,
) -> None:
    app = create_app(TableSetup(pace=0, host=host), start=StartOffer.shipped())
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        await go_to(pilot, "suit-order")  # below the fold at 80×24
        assert "Suit order" in screen_text(app) and "‹ ♠ ♣ ♦ ♥ ›" in screen_text(app)
        await pilot.press("right")
        assert "‹ ♠ ♦ ♣ ♥ ›" in screen_text(app)
        await go_to(pilot, "start")
        await pilot.press("enter")
        await settle(pilot)
        assert app.setup.suit_order == "SDCH" and app.palette.suit_order == "SDCH"
    kept = json.loads(choices_path(host).read_text(encoding="utf-8"))
    assert kept["suit_order"] == "SDCH"
    # Offered again, in Russian too; a --suit-order given is what the screen shows.
    again = create_app(
        TableSetup(pace=0, lang="ru", suit_order="HCDS", host=host), start=StartOffer.shipped("ru")
    )
    async with again.run_test(size=size) as pilot:
        await pilot.pause()
        await go_to(pilot, "suit-order")
        assert "Порядок мастей" in screen_text(again) and "‹ ♥ ♣ ♦ ♠ ›" in screen_text(again)


# ---------------------------------------------------------------------- by itself


async def play_to_the_last_card(pilot: Pilot) -> int:
    """On STRONG: bid 105, give, play 105 and play the leftmost legal card until one card
    is left in the hand or the deal's result shows; returns the cards played by a key."""
    app = pilot.app
    assert isinstance(app, ThousandApp)
    await settle(pilot)
    await pilot.press("2")
    await settle(pilot)
    await pilot.press("enter", "enter", "enter")  # give the two leftmost cards
    await settle(pilot)
    await pilot.press("1")  # play 105
    keyed = 0
    while True:
        await settle(pilot)
        if isinstance(app.screen, DealResultScreen):
            return keyed
        if len(app.session.game.view(0).hand or ()) <= 1:
            return keyed
        await play_first_legal(pilot)
        keyed += 1


def my_plays(app: ThousandApp) -> list[dict[str, object]]:
    return [
        line for line in app.session.game.lines if line.get("act") == "play" and line["seat"] == 0
    ]


@pytest.mark.long
@pytest.mark.parametrize(("lang", "size"), each_language_and_size(["en", "ru"], SIZES))
async def test_the_only_legal_card_plays_itself_when_asked(
    size: tuple[int, int], lang: str, host: Host
) -> None:
    app = create_app(
        TableSetup.of(seed=11, pace=0, deals={1: STRONG}, lang=lang, auto_play=True, host=host)
    )
    async with app.run_test(size=size) as pilot:
        keyed = await play_to_the_last_card(pilot)
        # No key more: the deal ends with the last card played by itself.
        await until(pilot, "the result", lambda: isinstance(app.screen, DealResultScreen))
        assert app.session.game.results[0].number == 1
        plays = my_plays(app)
        assert len(plays) == 8 and keyed < 8 and not plays[-1].get("auto")
        log = app.table.query_one(GameLog).lines_written
        words = {"en": "Your only card to play: ", "ru": "Единственная карта для хода: "}[lang]
        assert any(line.startswith(words) for line in log)


@pytest.mark.long
async def test_without_the_setting_the_only_card_waits_for_its_key(host: Host) -> None:
    app = create_app(TableSetup.of(seed=11, pace=0, deals={1: STRONG}, host=host))
    async with app.run_test(size=(80, 24)) as pilot:
        assert await play_to_the_last_card(pilot) == 7
        # A card that plays itself is played after the next refresh: let one pass.
        await app.table.wait_for_refresh()
        await pilot.pause()
        assert app.table.awaiting == "play" and not app.session.game.results
        assert len(my_plays(app)) == 7
        await pilot.press("enter")
        await until(pilot, "the result", lambda: isinstance(app.screen, DealResultScreen))


COUNTING = {"en": r"Next deal in [1-4] s", "ru": r"Следующий кон через [1-4] с"}


# Each language and each size by default (Russian at the smaller); the two other pairs are slow.
@pytest.mark.long
@pytest.mark.parametrize(
    ("lang", "size"),
    [
        pytest.param("en", SIZES[0], id="en-80x24", marks=pytest.mark.slow),
        pytest.param("en", SIZES[1], id="en-120x40"),
        pytest.param("ru", SIZES[0], id="ru-80x24"),
        pytest.param("ru", SIZES[1], id="ru-120x40", marks=pytest.mark.slow),
    ],
)
async def test_the_next_deal_begins_by_itself_after_a_countdown(
    monkeypatch: pytest.MonkeyPatch, size: tuple[int, int], lang: str, host: Host
) -> None:
    words = COUNTING[lang]
    # Long enough to be read before it ends, on a loaded machine too: four steps of half a
    # second (the words count the steps).
    monkeypatch.setattr(result_module, "AUTO_NEXT", 4)
    monkeypatch.setattr(result_module, "TICK", 0.5)
    app = create_app(
        TableSetup.of(seed=11, pace=0, deals={1: STRONG}, lang=lang, auto_next=True, host=host)
    )
    async with app.run_test(size=size) as pilot:
        await play_to_the_last_card(pilot)
        await pilot.press("enter")
        await until(pilot, "the result", lambda: isinstance(app.screen, DealResultScreen))
        wait = "p Wait" if lang == "en" else "p Подождать"
        await until(pilot, "its keys", lambda: wait in screen_text(app))
        text = screen_text(app)
        assert re.search(words, text), text  # counting down (a second may be gone under load)
        # It closes by itself, and the next deal's decision is asked, not taken.
        await until(pilot, "the next auction", lambda: isinstance(app.screen, AuctionScreen))
        assert app.session.game.deal.number == 2
        assert not [line for line in app.session.game.lines[-3:] if line.get("seat") == 0]


@pytest.mark.long
@pytest.mark.parametrize("key", ["p", "s"])
async def test_the_countdown_stops_on_p_and_for_a_page_opened_over_the_result(
    monkeypatch: pytest.MonkeyPatch, key: str, host: Host
) -> None:
    # The test keeps the countdown's clock: a second passes when it calls `tick`, as the
    # screen's timer would (the timer itself is an hour away).
    monkeypatch.setattr(result_module, "TICK", 3600.0)
    app = create_app(TableSetup.of(seed=11, pace=0, deals={1: STRONG}, auto_next=True, host=host))
    async with app.run_test(size=(80, 24)) as pilot:
        await play_to_the_last_card(pilot)
        await pilot.press("enter")
        await until(pilot, "the result", lambda: isinstance(app.screen, DealResultScreen))
        screen = app.screen
        assert isinstance(screen, DealResultScreen)
        screen.tick()
        assert screen.countdown == result_module.AUTO_NEXT - 1  # counting down
        await pilot.press(key)  # wait, or the score sheet over the result
        for _ in range(result_module.AUTO_NEXT):  # past the countdown: it stopped
            screen.tick()
            await pilot.pause()
        if key == "s":
            assert app.screen is not screen and screen in app.screen_stack
            await pilot.press("escape")
        await until(pilot, "the footer", lambda: "p Wait" not in screen_text(app))
        assert app.screen is screen and screen.countdown is None
        assert "Enter: next deal" in screen_text(app)
        await pilot.press("enter")
        await settle(pilot)
        assert app.session.game.deal.number == 2


@pytest.mark.long
async def test_the_last_result_of_the_game_never_closes_by_itself(host: Host) -> None:
    app = create_app(
        TableSetup.of(
            seed=3, pace=0, deals={1: STRONG}, start=about_to_win(), auto_next=True, host=host
        )
    )
    async with app.run_test(size=(80, 24)) as pilot:
        await win_the_game(pilot)
        screen = app.screen
        assert isinstance(screen, DealResultScreen) and screen.last
        assert screen.countdown is None and "Next deal in" not in screen_text(app)


def test_the_auto_flags() -> None:
    setup = play_flags()
    assert not setup.auto_play and not setup.auto_next
    setup = play_flags("--auto-play", "--auto-next")
    assert setup.auto_play and setup.auto_next


@pytest.mark.long
@pytest.mark.parametrize("size", SIZES)
async def test_the_auto_settings_on_the_start_screen(size: tuple[int, int], host: Host) -> None:
    app = create_app(TableSetup(pace=0, host=host), start=StartOffer.shipped())
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        await go_to(pilot, "auto-next")  # with how the table plays, below the saved games
        text = screen_text(app)
        assert "Only legal card ‹ you play it ›" in text and "Next deal       ‹ on Enter ›" in text
        listed = app.screen.query_one(ChoiceList)
        while listed.current is None or listed.current.id != "auto-play":
            await pilot.press("up")
        await pilot.press("right")
        await go_to(pilot, "auto-next")
        await pilot.press("enter")
        text = screen_text(app)
        assert "‹ plays itself ›" in text and "‹ after 5 s ›" in text
        await go_to(pilot, "start")
        await pilot.press("enter")
        await settle(pilot)
        assert app.setup.auto_play and app.setup.auto_next
    kept = json.loads(choices_path(host).read_text(encoding="utf-8"))
    assert kept["auto_play"] is True and kept["auto_next"] is True
    again = create_app(TableSetup(pace=0, lang="ru", host=host), start=StartOffer.shipped("ru"))
    async with again.run_test(size=size) as pilot:
        await pilot.pause()
        await go_to(pilot, "auto-next")
        text = screen_text(again)
        assert "Ход без выбора  ‹ делается сам ›" in text
        assert "Следующий кон   ‹ через 5 с ›" in text


@pytest.mark.long
async def test_the_automatic_analysis_on_the_start_screen(host: Host) -> None:
    app = create_app(TableSetup(pace=0, host=host), start=StartOffer.shipped())
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        await go_to(pilot, "auto-analysis")
        assert "Deal analysis   ‹ each deal, while you think ›" in screen_text(app)
        await pilot.press("right")
        assert "‹ when asked (a) ›" in screen_text(app)
        await go_to(pilot, "start")
        await pilot.press("enter")
        await settle(pilot)
        assert not app.setup.auto_analysis and not app.table.analyse_each_deal
    kept = json.loads(choices_path(host).read_text(encoding="utf-8"))
    assert kept["auto_analysis"] is False
    again = create_app(TableSetup(pace=0, lang="ru", host=host), start=StartOffer.shipped("ru"))
    async with again.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        await go_to(pilot, "auto-analysis")
        assert "Разбор конов    ‹ по запросу (a) ›" in screen_text(again)


# ---------------------------------------------------------------------- taking a card back


async def to_the_first_lead(pilot: Pilot) -> None:
    """On STRONG: bid 105, give the two leftmost cards, play 105: your lead."""
    await settle(pilot)
    await pilot.press("2")
    await settle(pilot)
    await pilot.press("enter", "enter", "enter")
    await settle(pilot)
    await pilot.press("1")
    await settle(pilot)


@pytest.mark.long
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize(
    ("lang", "key", "words"),
    [
        ("en", "u Undo", "You take back A♥: your move again."),
        ("ru", "u Назад", "Ход Т♥ взят назад: снова ваш ход."),
    ],
)
async def test_a_card_taken_back_replays_resumes_and_is_counted_apart(
    size: tuple[int, int], lang: str, key: str, words: str, host: Host
) -> None:
    app = create_app(
        TableSetup.of(seed=11, pace=0, deals={1: STRONG}, lang=lang, take_back=True, host=host)
    )
    async with app.run_test(size=size) as pilot:
        await to_the_first_lead(pilot)
        assert app.table.check_action("take_back", ()) is False  # no card played yet
        assert key not in screen_text(app)
        hand = hand_codes(app)
        await press_in_hand(pilot, "AH")
        await settle(pilot)
        game = app.session.game
        assert len(game.deal.tricks) == 1 and game.to_move == 0  # the trick is yours
        assert key in screen_text(app)
        await pilot.press("u")
        await settle(pilot)
        back = app.session.game
        assert back is not game
        assert not back.deal.tricks and not back.deal.trick and back.to_move == 0
        assert hand_codes(app) == hand  # the card is back in its place
        assert back.lines[-1] == {"type": "takeback", "seat": 0, "actions": 3}
        log = app.table.query_one(GameLog).lines_written
        assert log[-1] == words
        assert app.table.check_action("take_back", ()) is False  # once, until another card
        await press_in_hand(pilot, "AC")
        await settle(pilot)
        assert app.session.game.deal.tricks[0].plays[0][1].code == "AC"
        path = app.session.path
        await pilot.press("q")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
    assert path is not None
    written = [json.loads(row) for row in path.read_text(encoding="utf-8").splitlines()]
    assert {"type": "takeback", "seat": 0, "actions": 3} in written
    # `thousand replay` agrees with the record, take-back and all.
    assert main(["replay", str(path)], host) == 0
    # The statistics count the game apart.
    stats = collect([path])
    assert stats.total.taken_back_games == 1 and stats.total.taken_back == 1
    assert any(
        "taken back" in line or "назад" in line for line in stats_lines(stats, Translator(lang))
    )
    # Resumed, the game is where it stopped: after A♣.
    again = create_app(TableSetup.of(resume=path, pace=0, take_back=True, host=host))
    async with again.run_test(size=size) as pilot:
        await settle(pilot)
        game = again.session.game
        plays = [c.code for _, c in game.deal.trick] + [
            c.code for trick in game.deal.tricks for _, c in trick.plays
        ]
        assert "AC" in plays and "AH" not in plays
        assert "AH" in hand_codes(again)


@pytest.mark.long
async def test_no_take_back_unless_asked_for_or_with_people_at_the_table(host: Host) -> None:
    app = create_app(TableSetup.of(seed=11, pace=0, deals={1: STRONG}, host=host))
    async with app.run_test(size=(80, 24)) as pilot:
        await to_the_first_lead(pilot)
        await press_in_hand(pilot, "AH")
        await settle(pilot)
        assert "u Undo" not in screen_text(app)
        assert app.table.check_action("take_back", ()) is False
        await pilot.press("u")
        await settle(pilot)
        assert len(app.session.game.deal.tricks) == 1
    app = create_app(TableSetup.of(seed=11, pace=0, deals={1: STRONG}, take_back=True, host=host))
    async with app.run_test(size=(80, 24)) as pilot:
        await to_the_first_lead(pilot)
        await press_in_hand(pilot, "AH")
        await settle(pilot)
        assert "u Undo" in screen_text(app)
        # A person in another seat: the card is theirs to have seen.
        app.session.game.players[1] = PlayerInfo("Olga", "human")
        app.table.refresh_bindings()
        await pilot.pause()
        assert app.table.check_action("take_back", ()) is False
        assert "u Undo" not in screen_text(app)
        await pilot.press("u")
        await settle(pilot)
        assert len(app.session.game.deal.tricks) == 1
    # Nor at a shared table: the others have seen the card.
    assert SharedDriver.no_take_back(object.__new__(SharedDriver)) == "takeback_off_shared"


def test_the_take_back_flag() -> None:
    assert not play_flags().take_back
    assert play_flags("--take-back").take_back


@pytest.mark.long
@pytest.mark.parametrize("size", SIZES)
async def test_the_take_back_setting_on_the_start_screen(size: tuple[int, int], host: Host) -> None:
    app = create_app(TableSetup(pace=0, lang="ru", host=host), start=StartOffer.shipped("ru"))
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        await go_to(pilot, "take-back")  # below the saved games, with how the table plays
        assert "Вернуть ход     ‹ нет ›" in screen_text(app)
        await pilot.press("right")
        assert "Вернуть ход     ‹ можно (u) ›" in screen_text(app)
        listed = app.screen.query_one(ChoiceList)
        while listed.current is None or listed.current.id != "start":
            await pilot.press("up")
        await pilot.press("enter")
        await settle(pilot)
        assert app.setup.take_back
    assert json.loads(choices_path(host).read_text(encoding="utf-8"))["take_back"] is True
