"""Hints and the analysis of finished deals at the table, driven by keys."""

from __future__ import annotations

from dataclasses import replace
from functools import partial

import pytest
from textual.pilot import Pilot

from tests.helpers.scheduler import in_thread_scheduler, small_analysis_budgets
from tests.helpers.screen import screen_text
from tests.helpers.waiting import until
from thousand_tui.priority import Host
from thousand_tui.settings import TableSetup
from thousand_tui.tui import create_app
from thousand_tui.tui.app import ThousandApp
from thousand_tui.tui.screens.auction import AuctionScreen
from thousand_tui.tui.screens.info import AnalysisScreen, SheetScreen
from thousand_tui.tui.screens.result import DealResultScreen
from thousand_tui.tui.widgets.opponents import Opponents

from .helpers import STRONG, play_out_deal, settle

# Each finished deal analysed by itself, as the program does: what these tests are about.
pytestmark = pytest.mark.auto_analysis

SIZE = (80, 24)
WAIT = 30.0  # seconds before a hint or an analysis is given up (a hang, not a slow machine)


def coach_app(*, host: Host, **kwargs: object) -> ThousandApp:
    setup = TableSetup.of(
        seed=11, pace=0, think=0.05, deals={1: STRONG}, save=False, host=host, **kwargs
    )  # type: ignore[arg-type]
    return create_app(setup)


async def hint_shown(pilot: Pilot) -> str:
    """Press h and wait for the hint; the line it wrote in the game log."""
    app = pilot.app
    assert isinstance(app, ThousandApp)
    await pilot.press("h")
    await until(pilot, "the hint", lambda: app.table.hinter.shown is not None, timeout=WAIT)
    log = app.table.query_one("#log").lines_written  # type: ignore[attr-defined]
    hints = [line for line in log if line.startswith("Hint: ")]
    assert hints, log
    return hints[-1]


@pytest.mark.long
async def test_a_hint_at_the_auction_says_what_to_bid_and_marks_the_decision(host: Host) -> None:
    app = coach_app(host=host)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, AuctionScreen)
        await until(pilot, "the hint's key", lambda: "h Hint" in screen_text(app))
        hint = await hint_shown(pilot)
        # Three aces and the heart marriage: hard bids the next step with its chance.
        assert hint.startswith("Hint: Bid 105: made in ") and "% of sampled deals." in hint
        await pilot.press("2")
        await settle(pilot)
        game = app.session.game
        bids = [line for line in game.lines if line.get("act") == "bid" and line["seat"] == 0]
        assert bids == [{"type": "action", "seat": 0, "act": "bid", "value": 105, "hinted": True}]
        # The next decision (the exchange) was taken without a hint.
        await pilot.press("1", "enter", "2", "enter", "enter")
        await settle(pilot)
        gives = [line for line in game.lines if line.get("act") == "give"]
        assert len(gives) == 2 and not any("hinted" in line for line in gives)


@pytest.mark.long
async def test_a_hint_for_a_card_names_the_card(host: Host) -> None:
    app = coach_app(host=host)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("2")  # bid 105
        await settle(pilot)
        await pilot.press("1", "enter", "2", "enter", "enter")  # give two cards
        await settle(pilot)
        await pilot.press("1")  # play 105
        await settle(pilot)
        assert app.table.awaiting == "play"
        hint = await hint_shown(pilot)
        assert hint.startswith("Hint: play ") and "sampled deals" in hint


@pytest.mark.long
async def test_without_hints_the_key_is_gone(host: Host) -> None:
    app = coach_app(hints=False, host=host)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert "Hint" not in screen_text(app)
        await pilot.press("h")
        await app.workers.wait_for_complete()  # a search the key started, were there one
        await pilot.pause()
        assert app.table.hinter.shown is None
        await pilot.press("2")
        await settle(pilot)
        assert not any("hinted" in line for line in app.session.game.lines)


def quick_analysis(monkeypatch: pytest.MonkeyPatch) -> None:
    """The analysis of a deal searched in this process on small budgets: these tests are about
    when a deal is analysed and what is said of it (the snapshots of the analysis run the
    program's own background process and budgets; tests/ai/test_analysis.py the search)."""
    in_thread_scheduler(monkeypatch)
    small_analysis_budgets(monkeypatch)


async def analysed(app: ThousandApp, number: int) -> None:
    await until(
        None,
        f"deal {number}'s analysis",
        lambda: number in app.table.analyst.analyses,
        timeout=2 * WAIT,
    )


async def to_the_result(pilot) -> None:  # type: ignore[no-untyped-def]
    """Bid 105, give the two leftmost cards, play 105 and the deal out, to its result."""
    await settle(pilot)
    await pilot.press("2")  # bid 105
    await settle(pilot)
    await pilot.press("1", "enter", "2", "enter", "enter")
    await settle(pilot)
    await pilot.press("1")
    await play_out_deal(pilot)


@pytest.mark.long
async def test_the_analysis_of_a_deal_from_its_result_and_from_the_sheet(
    monkeypatch: pytest.MonkeyPatch, host: Host
) -> None:
    quick_analysis(monkeypatch)
    app = coach_app(host=host)
    async with app.run_test(size=(100, 34)) as pilot:
        await to_the_result(pilot)
        assert isinstance(app.screen, DealResultScreen)
        assert "a Analysis" in screen_text(app)
        await pilot.press("a")
        assert isinstance(app.screen, AnalysisScreen)
        await analysed(app, 1)
        await pilot.pause()
        text = screen_text(app)
        assert "Deal 1" in text and "You played 105 and took" in text
        assert "With all cards open and best play on both sides, you would take " in text
        assert app.table.analyst.analyses[1] is not None
        await pilot.press("escape")
        assert isinstance(app.screen, DealResultScreen)
        await pilot.press("enter")
        await settle(pilot)
        await pilot.press("s")
        assert isinstance(app.screen, SheetScreen)
        await pilot.press("a")
        assert isinstance(app.screen, AnalysisScreen)
        assert "best play on both sides, you would take " in screen_text(app)


@pytest.mark.long
async def test_the_statistics_screen_reads_the_saved_games(host: Host) -> None:
    app = create_app(TableSetup.of(seed=11, pace=0, deals={1: STRONG}, host=host))
    async with app.run_test(size=(100, 34)) as pilot:
        await settle(pilot)
        await pilot.press("escape")  # the auction put away: the table has the keys
        await pilot.press("t")
        await pilot.pause()
        await until(pilot, "the statistics", lambda: "Games 0 (unfinished 1)" in screen_text(app))
        text = screen_text(app)
        assert "Your statistics" in text
        assert "Games 0 (unfinished 1), won 0" in text
        assert "No decision taken after a hint (0 decisions in all)" in text


def test_the_words_of_an_analysis_in_russian() -> None:
    from thousand_tui.ai.analysis import Advice, DealAnalysis, Decision, Option
    from thousand_tui.engine.actions import Act, Action
    from thousand_tui.engine.cards import parse_card
    from thousand_tui.tui.coach import Words
    from thousand_tui.tui.i18n import Translator

    ten = Action(0, Act.PLAY, card=parse_card("TH"))
    ace = Action(0, Act.PLAY, card=parse_card("AC"))
    advice = Advice(0, "play", Option((ace,), 10.0, 0.5), (Option((ace,), 10.0, 0.5),
                    Option((ten,), -11.0, 0.4)), 120, True)  # fmt: skip
    analysis = DealAnalysis(3, 0, 0, 120, False, 101, 131)
    analysis.decisions.append(Decision(2, "play", (ten,), advice, 21.0))
    words = Words(Translator("ru"), ["Вы", "Анна", "Борис"], you=0)
    assert words.deal(analysis) == [
        "Кон 3",
        "Ваш заказ 120, взято 101 очко — не сыграно.",
        "С открытыми картами и лучшей игрой обеих сторон вы взяли бы 131 очко. "
        "Вы недобрали 30 очков.",
        "Взятка 3: 10♥ — потеря около 21 очка; лучше: Т♣.",
        "Всего потеряно вашими решениями: около 21 очка.",
    ]
    english = Words(Translator("en"), ["You", "Anna", "Boris"], you=0)
    assert english.hint(advice) == (
        "Hint: play A♣: makes the contract in 50% of sampled deals; 10♥: 40%."
    )
    assert words.hint(advice) == "Подсказка: ход Т♣: заказ сыгран в 50% проб; 10♥: 40%."


def test_a_hint_names_the_cards_as_the_table_shows_them() -> None:
    """In Russian the pictures and the ace are В, Д, К, Т, as on the cards; in ASCII mode
    the record's letters."""
    from thousand_tui.ai.analysis import Advice, Option
    from thousand_tui.engine.actions import Act, Action
    from thousand_tui.engine.cards import parse_card
    from thousand_tui.tui.coach import Words
    from thousand_tui.tui.i18n import Translator

    def gives(*pairs: tuple[str, int]) -> tuple[Action, ...]:
        return tuple(Action(0, Act.GIVE, card=parse_card(c), to=to) for c, to in pairs)

    best = Option(gives(("JH", 2), ("9D", 1)), -144.0)
    other = Option(gives(("QS", 2), ("9D", 1)), -150.0)
    advice = Advice(0, "exchange", best, (best, other), 100, True)
    names = ["Вы", "Анна", "Борис"]
    said = Words(Translator("ru"), names, you=0).hint(advice)
    assert "В♥ → Борис" in said and "Д♠ → Борис" in said and "J♥" not in said
    plain = Words(Translator("ru"), names, ascii_only=True, you=0).hint(advice)
    assert "JH → Борис" in plain and "QS → Борис" in plain
    english = Words(Translator("en"), ["You", "Anna", "Boris"], you=0).hint(advice)
    assert "J♥ to Boris" in english and "Q♠ to Boris" in english


@pytest.mark.long
async def test_a_hosted_table_analyses_a_deal_only_when_asked(
    monkeypatch: pytest.MonkeyPatch, host: Host
) -> None:
    quick_analysis(monkeypatch)
    app = coach_app(host=replace(host, hosted=True))
    async with app.run_test(size=(100, 34)) as pilot:
        await to_the_result(pilot)
        assert isinstance(app.screen, DealResultScreen)
        assert (
            not app.table.analyst.to_analyse and not app.table.analyst.analyses
        )  # nothing started
        await pilot.press("a")
        await analysed(app, 1)
        assert app.table.analyst.analyses[1] is not None


def test_a_hint_to_be_baptised_says_the_cross_costs_less() -> None:
    from thousand_tui.ai.analysis import Advice, Option
    from thousand_tui.engine.actions import Act, Action
    from thousand_tui.tui.coach import Words
    from thousand_tui.tui.i18n import Translator

    keep = Option((Action(0, Act.RAISE),), -144.0, 0.0)
    concede = Option((Action(0, Act.CONCEDE),), -50.0)
    cross = Option((Action(0, Act.BAPTISM),), -40.0)
    baptised = Advice(0, "contract", cross, (cross, concede, keep), 100, True)
    conceded = Advice(0, "contract", concede, (concede, keep), 100, True)
    names = ["Вы", "Анна", "Борис"]
    ru = Words(Translator("ru"), names, you=0)
    assert ru.hint(baptised) == (
        "Подсказка: «крещусь»: 100 сыграно лишь в 0% проб; креститься дешевле."
    )
    assert (
        ru.hint(conceded) == "Подсказка: Расписать: 100 сыграно лишь в 0% проб; расписать дешевле."
    )
    en = Words(Translator("en"), ["You", "Anna", "Boris"], you=0)
    assert en.hint(baptised).endswith("is made in 0% of sampled deals; a cross costs less.")


def test_the_analysis_of_a_deal_given_up_says_how() -> None:
    from thousand_tui.ai.analysis import DealAnalysis
    from thousand_tui.tui.coach import Words
    from thousand_tui.tui.i18n import Translator

    conceded = DealAnalysis(4, 0, 0, 100, None, None, None)
    baptised = DealAnalysis(4, 0, 0, 100, None, None, None, baptism=True)
    ru = Words(Translator("ru"), ["Вы", "Анна", "Борис"], you=0)
    assert ru.deal(conceded)[1] == "Вы расписали заказ 100."
    assert ru.deal(baptised)[1] == "Вы сказали «крещусь» на 100."
    en = Words(Translator("en"), ["You", "Anna", "Boris"], you=0)
    assert en.deal(baptised)[1] == "You gave up 100 by baptism («крещусь»)."


def test_a_hint_between_cards_of_equal_chance_says_whose_points() -> None:
    """Near the end, where the cards weigh alike against the contract, the hint gives the
    points the declarer still takes after each."""
    from thousand_tui.ai.analysis import Advice, Option
    from thousand_tui.engine.actions import Act, Action
    from thousand_tui.engine.cards import parse_card
    from thousand_tui.tui.coach import Words
    from thousand_tui.tui.i18n import Translator

    nine = Action(0, Act.PLAY, card=parse_card("9H"))
    jack = Action(0, Act.PLAY, card=parse_card("JH"))
    best, alt = Option((nine,), -20.0, 0.0, 48.0), Option((jack,), -21.0, 0.0, 50.0)
    advice = Advice(0, "play", best, (best, alt), 120, False)
    en = Words(Translator("en"), ["You", "Anna", "Boris"], you=0)
    assert en.hint(advice) == "Hint: play 9♥: the declarer takes 48 more on average; J♥: 50."
    ru = Words(Translator("ru"), ["Вы", "Анна", "Борис"], you=0)
    assert ru.hint(advice) == "Подсказка: ход 9♥: разыгрывающему ещё 48 в среднем; В♥: 50."


def test_a_hint_before_the_auction_says_what_to_do_and_why() -> None:
    """The dark offer, calling a dark game off and the redeal are said in words, with the
    search's reason: the chance of the contract it weighed."""
    from thousand_tui.ai.analysis import Advice, Option
    from thousand_tui.engine.actions import Act, Action
    from thousand_tui.tui.coach import Words
    from thousand_tui.tui.i18n import Translator

    dark = Option((Action(0, Act.DARK),), -80.0, 0.25)
    light = Option((Action(0, Act.DARK_DECLINE),), -20.0, 0.25)
    declined = Advice(0, "dark", light, (light, dark), 120, False)
    redeal = Option((Action(0, Act.REDEAL, reason="hand_nines"),), 0.0, 0.3)
    play_on = Option((Action(0, Act.REDEAL_DECLINE, reason="hand_nines"),), -30.0, 0.3)
    redealt = Advice(0, "redeal", redeal, (redeal, play_on), 120, True)
    bid_on = Option((Action(0, Act.REDEAL_DECLINE, reason="hand_nines"),), 30.0, 0.7)
    played_on = Advice(0, "redeal", bid_on, (bid_on, redeal), 110, False)
    weak = Option((Action(0, Act.REDEAL, reason="hand_points"),), 0.0)
    no_bid = Advice(0, "redeal", weak, (weak,), None, False)
    cancel = Option((Action(0, Act.DARK_CANCEL),), 10.0, 0.6)
    cancelled = Advice(0, "dark_cancel", cancel, (cancel,), 120, False)
    en = Words(Translator("en"), ["You", "Anna", "Boris"], you=0)
    assert en.hint(declined) == (
        "Hint: No dark game: a hand and talon drawn blind make 120 in only 25% of sampled "
        "deals; an ordinary deal is worth more."
    )
    assert en.hint(redealt) == (
        "Hint: Redeal: nines in hand, and 120 is made in only 30% of sampled deals."
    )
    assert en.hint(played_on) == (
        "Hint: Play on: nines in hand, but you can bid 110: made in 70% of sampled deals."
    )
    assert en.hint(no_bid) == (
        "Hint: Redeal: a weak hand, and no contract is worth playing with this hand."
    )
    assert en.hint(cancelled) == (
        "Hint: Cancel the dark game: the dark 120 is made in 60% of sampled deals; "
        "an auction is worth more."
    )
    ru = Words(Translator("ru"), ["Вы", "Анна", "Борис"], you=0)
    assert ru.hint(declined) == (
        "Подсказка: Не играть втёмную: вслепую 120 сыграно лишь в 25% проб; обычный кон выгоднее."
    )
    assert ru.hint(redealt) == (
        "Подсказка: Пересдать: девятки на руках, а 120 сыграно лишь в 30% проб."
    )
    assert ru.hint(cancelled) == (
        "Подсказка: Растемнить: игра втёмную на 120 сыграна в 60% проб; выгоднее торговаться."
    )


def move_paced(app: ThousandApp) -> bool:
    """Whether an opponent's move waits on the table for the pace."""
    return app.table.query_one(Opponents).paced is not None


@pytest.mark.long
async def test_no_hint_key_while_you_sit_out_and_no_analysis_key_before_a_deal(host: Host) -> None:
    """Four at the table, you deal and sit out: no decision of yours, so no hint key. The
    score sheet before any deal has nothing to analyse."""
    for lang, hint, analysis in (("en", "h Hint", "a Analysis"), ("ru", "h Подсказка", "a Разбор")):
        setup = TableSetup.of("four-player", seed=1, pace=30, first_dealer=0, lang=lang, host=host)
        app = create_app(setup)
        async with app.run_test(size=(120, 40)) as pilot:
            # The table laid out, the first opponent's move held for the pace.
            await until(pilot, "the first move", partial(move_paced, app))
            assert app.session.game.deal.sitting_out == 0
            text = screen_text(app)
            assert hint not in text and hint.split()[1] not in text, text
            assert app.table.check_action("hint", ()) is False
            await pilot.press("s")
            assert isinstance(app.screen, SheetScreen)
            await pilot.pause()
            text = screen_text(app)
            assert analysis not in text, text
            assert "Rules" in text or "Правила" in text  # the sheet's other keys stay


def test_the_analysis_says_you_and_measures_taken_and_open_card_alike() -> None:
    """The table's player is "you" on every line, whatever his name; the open-card result
    is with best play on both sides, so taking more than it is the defence's gift; a dark
    deal says what the dark game cost beside the same cards played open."""
    from thousand_tui.ai.analysis import Advice, DealAnalysis, Decision, Option
    from thousand_tui.engine.actions import Act, Action
    from thousand_tui.tui.coach import Words
    from thousand_tui.tui.i18n import Translator

    gift = DealAnalysis(2, 0, 0, 120, True, 191, 175)
    en = Words(Translator("en"), ["Tester", "Anna", "Boris"], you=0)
    assert en.deal(gift)[1:3] == [
        "You played 120 and took 191 points: made.",
        "With all cards open and best play on both sides, you would take 175 points. "
        "The defence's mistakes gave you 16 points more.",
    ]
    theirs = DealAnalysis(2, 0, 1, 105, False, 90, 95)
    assert en.deal(theirs)[1:3] == [
        "Anna played 105 and took 90 points: down.",
        "With all cards open and best play on both sides, Anna would take 95 points. "
        "Anna's play left 5 points on the table.",
    ]
    dark = Option((Action(0, Act.DARK),), -150.0, 0.2)
    light = Option((Action(0, Act.DARK_DECLINE),), -20.0, 0.2)
    offer = Advice(0, "dark", light, (light, dark), 120, False)
    failed = DealAnalysis(3, 0, 0, 120, False, 61, 70, dark=True, change=-240, light_change=-120)
    failed.dark_multiplier = 2
    failed.decisions.append(Decision(0, "dark", (dark.action,), offer, 130.0))
    lines = en.deal(failed)
    assert (
        "You played 120 in the dark (×2): −240. Played open, the same cards would have "
        "scored −120." in lines
    )
    assert (
        "At the dark offer, a hand and talon drawn blind made 120 in 20% of sampled deals." in lines
    )
    assert "Dark offer: play in the dark cost about 130 points; no dark game was better." in lines
    ru = Words(Translator("ru"), ["Тестер", "Анна", "Борис"], you=0)
    said = ru.deal(failed)
    assert said[1] == "Ваш заказ 120, взято 61 очко — не сыграно."
    assert "Вы играли 120 втёмную (×2), итог −240. В открытую те же карты дали бы −120." in said
    assert "Игра втёмную: играть втёмную — потеря около 130 очков; лучше: не играть втёмную." in (
        said
    )
    assert ru.deal(gift)[2].endswith("Ошибки защиты принесли вам ещё 16 очков.")


async def test_the_russian_footer_calls_the_hint_as_the_log_does(host: Host) -> None:
    app = coach_app(lang="ru", host=host)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await pilot.press("escape")  # the auction put away: the table's footer
        await pilot.pause()
        text = screen_text(app)
        assert "h Подсказка" in text and "Совет" not in text, text


@pytest.mark.long
async def test_with_the_automatic_analysis_off_a_deal_is_analysed_only_when_asked(
    monkeypatch: pytest.MonkeyPatch, host: Host
) -> None:
    quick_analysis(monkeypatch)
    app = coach_app(auto_analysis=False, host=host)
    async with app.run_test(size=(100, 34)) as pilot:
        await to_the_result(pilot)
        assert isinstance(app.screen, DealResultScreen)
        assert not app.table.analyst.to_analyse and not app.table.analyst.analyses
        await pilot.press("a")
        await analysed(app, 1)
        assert app.table.analyst.analyses[1] is not None


@pytest.mark.long
async def test_the_automatic_analysis_is_on_by_default_and_off_by_flag(host: Host) -> None:
    from thousand_tui.cli import build_parser, table_flags
    from thousand_tui.settings import setup_from_options

    def flags(*argv: str) -> TableSetup:
        return setup_from_options(table_flags(build_parser("play").parse_args(["play", *argv])), {})

    assert flags().auto_analysis and not flags("--no-auto-analysis").auto_analysis
    app = coach_app(host=host)
    async with app.run_test(size=(100, 34)) as pilot:
        await to_the_result(pilot)
        assert 1 in app.table.analyst.to_analyse or 1 in app.table.analyst.analyses
