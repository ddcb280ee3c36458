"""A daily deal played at the table (80x24, English and Russian): the deal is kept as it is
settled, and once its result is closed the day's board follows the last deal."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.helpers.screen import screen_text
from tests.helpers.waiting import until
from tests.tui.helpers import pass_and_play_out, settle
from thousand_tui.daily import DEALS, Daily, day_seed, secret
from thousand_tui.presets import load_preset
from thousand_tui.settings import TableSetup
from thousand_tui.store.index import DailyResult, open_index
from thousand_tui.tui import create_app
from thousand_tui.tui.daily_table import DailyRun, open_next, played_words
from thousand_tui.tui.screens.daily_board import DailyBoardScreen

DATE = "2026-12-05"
TOMORROW = {"en": "the next ones come tomorrow", "ru": "новые будут завтра"}
WORDS = {
    "en": ("Daily deal 1 of 6", "Daily deal 2026-12-05, Classic", "Total"),
    "ru": ("Кон дня 1 из 6", "Раздачи дня 2026-12-05, Классика", "Итого"),
}


@pytest.mark.long
@pytest.mark.parametrize("lang", ["en", "ru"])
async def test_a_daily_deal_at_the_table(host: Path, quick_reference: None, lang: str) -> None:
    preset = load_preset("classic")
    day = Daily(DATE, preset)
    # The person has played deals 2..6; another has played them all.
    with open_index() as index:
        index.add_daily_results(
            [DailyResult(DATE, "classic", "local", n, 10, 0) for n in range(2, DEALS + 1)]
            + [DailyResult(DATE, "classic", "key-b", n, 500, 0) for n in range(1, DEALS + 1)]
        )
    # Easy opponents keep the test quick; the daily plays hard.
    setup = TableSetup(
        preset=preset, levels=("easy", "easy"), seed=0, lang=lang, pace=0.0, save=False, hints=False
    )
    found = open_next(day, "local", setup)
    assert found is not None
    opened, events = found
    assert opened.number == 1
    app = create_app(setup, daily=DailyRun(day, "local", setup, opened, events))
    top, title, total = WORDS[lang]
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert top in screen_text(app)
        seed = day_seed(secret(), DATE, "classic")
        assert str(seed) not in screen_text(app)  # the day's seed is never shown
        await pass_and_play_out(pilot)  # a pass in the auction; the first choice elsewhere
        with open_index() as index:
            kept = [r for r in day.results(index) if r.player == "local" and r.deal == 1]
        assert len(kept) == 1  # kept as it was settled, before its result is closed
        assert kept[0].points == app.session.game.results[0].deltas[0]
        assert kept[0].reference == day.references()[0]
        await pilot.press("enter")
        await until(pilot, "the board", lambda: isinstance(app.screen, DailyBoardScreen))
        await pilot.pause()
        text = screen_text(app)
        assert title in text and total in text
        lines = text.splitlines()
        best = next(i for i, line in enumerate(lines) if "key-b" in line)
        mine = next(i for i, line in enumerate(lines) if "•2" in line)
        assert best < mine  # best first
        assert "+3000" in lines[best]
        # The day played: none till tomorrow, and the command of its review.
        assert "`thousand view --daily`" in " ".join(text.split())
        assert TOMORROW[lang] in " ".join(text.split())
    assert app.daily is not None and app.daily.finished
    assert app.parting_words() == [played_words(day, app.t)]  # said again once it is left
    assert "`thousand view --daily`" in played_words(day, app.t)
    with open_index() as index:
        assert open_next(day, "local", setup) is None  # the try is over
