"""In the day's deals no card is taken back: `u` says so, and the deal is unchanged."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.tui.helpers import play_first_legal, settle
from thousand_tui.daily import Daily
from thousand_tui.presets import load_preset
from thousand_tui.settings import TableSetup
from thousand_tui.tui import create_app
from thousand_tui.tui.daily_table import DailyRun, open_next
from thousand_tui.tui.screens.decision import DecisionScreen
from thousand_tui.tui.screens.exchange import ExchangeScreen
from thousand_tui.tui.screens.result import DealResultScreen
from thousand_tui.tui.screens.table import TableScreen

from .test_daily_table import DATE


@pytest.mark.long
async def test_u_in_the_days_deals_says_there_is_no_take_back(
    host: Path, quick_reference: None
) -> None:
    preset = load_preset("classic")
    day = Daily(DATE, preset)
    setup = TableSetup(
        preset=preset,
        levels=("easy", "easy"),
        seed=0,
        pace=0.0,
        save=False,
        hints=False,
        take_back=True,
    )
    found = open_next(day, "local", setup)
    assert found is not None
    app = create_app(setup, daily=DailyRun(day, "local", setup, *found))
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(40):  # until a card of the person's is on the table
            await settle(pilot)
            game = app.session.game
            if any(a.seat == 0 and a.card for a in game.deal.log):
                break
            if isinstance(app.screen, DecisionScreen):
                await pilot.press("1")
            elif isinstance(app.screen, ExchangeScreen):  # the day's cards made him declarer
                await pilot.press("1", "enter", "2", "enter", "enter")
            elif isinstance(app.screen, DealResultScreen):  # conceded before a card: the next
                await pilot.press("enter")
            else:
                await play_first_legal(pilot)
        else:
            raise AssertionError("no card of the person's was played")
        while not isinstance(app.screen, TableScreen):
            await pilot.press("escape")
            await settle(pilot)
        lines = list(app.session.game.lines)
        await pilot.press("u")
        await settle(pilot)
        assert "No take-back in the day's deals: a card played stays played." in app.notices
        assert app.session.game.lines == lines
