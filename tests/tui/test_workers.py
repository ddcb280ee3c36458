"""Work beside the game never ends it: each worker of the table made to fail is logged, told
to the player in a note, and the game goes on (the table still takes his keys)."""

from __future__ import annotations

import logging

import pytest
from textual.pilot import Pilot

import thousand_tui.ai.analysis
import thousand_tui.stats
from tests.helpers.scheduler import in_thread_scheduler
from tests.helpers.screen import screen_text
from tests.helpers.waiting import until
from thousand_tui.priority import Host
from thousand_tui.settings import TableSetup
from thousand_tui.tui import create_app
from thousand_tui.tui.app import ThousandApp
from thousand_tui.tui.screens.auction import AuctionScreen
from thousand_tui.tui.screens.info import StatsScreen
from thousand_tui.tui.widgets import opponents as opponents_module

from .helpers import STRONG, settle

# Each finished deal analysed by itself, as the program does: what these tests are about.
pytestmark = pytest.mark.auto_analysis

SIZE = (80, 24)


def table_app(lang: str = "en", *, host: Host) -> ThousandApp:
    setup = TableSetup.of(
        seed=11, pace=0, think=0.05, deals={1: STRONG}, save=False, lang=lang, host=host
    )
    return create_app(setup)


def broken(*args: object, **kwargs: object) -> object:
    raise RuntimeError("broken on purpose")


def told(app: ThousandApp, words: str) -> bool:
    return any(words in note for note in app.notices)


async def bid_and_go_on(pilot: Pilot) -> None:
    """The table still takes keys: the player bids at the auction (its second choice), and
    the game goes on."""
    app = pilot.app
    assert isinstance(app, ThousandApp)
    assert app.is_running and isinstance(app.screen, AuctionScreen)
    await pilot.press("2")
    await settle(pilot)
    lines = app.session.game.lines
    assert any(line.get("act") == "bid" and line.get("seat") == 0 for line in lines)


@pytest.mark.long
@pytest.mark.parametrize(
    ("lang", "words"),
    [("en", "Boris could not decide (RuntimeError: broken"), ("ru", "Борис не смог решить")],
)
async def test_an_opponent_whose_worker_fails_is_told_and_a_legal_move_played(
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
    lang: str,
    words: str,
    host: Host,
) -> None:
    # The decision is made, but handing it to the table fails in the worker, for Boris only.
    real = opponents_module.AiDecided

    def decided(turn: int, seat: int, *rest: object) -> object:
        if seat == 2:
            raise RuntimeError("broken on purpose")
        return real(turn, seat, *rest)  # type: ignore[arg-type]

    monkeypatch.setattr(opponents_module, "AiDecided", decided)
    app = table_app(lang, host=host)
    with caplog.at_level(logging.ERROR, logger="thousand_tui"):
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            assert told(app, words)
            # Boris's move was one the engine allows, made in his place: the auction went on.
            game = app.session.game
            assert [line.get("seat") for line in game.lines if line["type"] == "action"] == [1, 2]
            await bid_and_go_on(pilot)
    assert "(seat 2) failed to decide:" in caplog.text
    assert "RuntimeError: broken on purpose" in caplog.text


@pytest.mark.long_variants
@pytest.mark.parametrize(
    ("lang", "words"),
    [("en", "No hint this time: its search failed"), ("ru", "Подсказки не будет")],
)
async def test_a_hint_whose_search_fails_is_told_and_the_game_goes_on(
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
    lang: str,
    words: str,
    host: Host,
) -> None:
    monkeypatch.setattr(thousand_tui.ai.analysis, "advise", broken)
    app = table_app(lang, host=host)
    with caplog.at_level(logging.ERROR, logger="thousand_tui"):
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            await pilot.press("h")
            await until(pilot, "the note", lambda: told(app, words))
            assert app.table.hinter.shown is None
            await bid_and_go_on(pilot)
    assert "the hint's search failed:" in caplog.text


@pytest.mark.parametrize(
    ("lang", "words"),
    [("en", "The analysis of deal 1 could not be made"), ("ru", "Разбор 1-го кона не удался")],
)
async def test_an_analysis_that_fails_is_told_and_the_next_deal_is_analysed(
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
    lang: str,
    words: str,
    host: Host,
) -> None:
    made = object()

    def analyse(task: tuple[object, int, int]) -> object:
        if task[2] == 1:
            raise RuntimeError("broken on purpose")
        return made

    monkeypatch.setattr(thousand_tui.ai.analysis, "analyze_task", analyse)
    in_thread_scheduler(monkeypatch)
    app = table_app(lang, host=host)
    with caplog.at_level(logging.ERROR, logger="thousand_tui"):
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            analyst = app.table.analyst
            analyst.analyse(1)
            analyst.analyse(2)
            await until(pilot, "deal 2's analysis", lambda: 2 in analyst.analyses)
            assert told(app, words)
            # Deal 1's analysis says it failed; deal 2's was made after it all the same.
            assert analyst.analyses == {1: None, 2: made}
            assert analyst.to_analyse == []
            assert analyst.analysis_lines(1) == [app.t("c_analysis_failed", number=1)]
            await bid_and_go_on(pilot)
    assert "the analysis of deal 1 failed:" in caplog.text


@pytest.mark.long
@pytest.mark.parametrize(
    ("lang", "words"),
    [("en", "Your statistics could not be read"), ("ru", "Не удалось прочитать")],
)
async def test_statistics_that_cannot_be_read_are_told_and_the_game_goes_on(
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
    lang: str,
    words: str,
    host: Host,
) -> None:
    monkeypatch.setattr(thousand_tui.stats, "read_stats_apart", broken)
    app = table_app(lang, host=host)
    with caplog.at_level(logging.ERROR, logger="thousand_tui"):
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            await pilot.press("escape")  # the auction put away: the table's own keys
            await pilot.pause()
            await pilot.press("t")
            await until(pilot, "the note", lambda: told(app, words))
            assert isinstance(app.screen, StatsScreen)
            assert words in screen_text(app)  # the page says so, not "Reading your games…"
            await pilot.press("escape", "enter")  # back at the table, the auction again
            await pilot.pause()
            await bid_and_go_on(pilot)
    assert "the statistics could not be read:" in caplog.text
