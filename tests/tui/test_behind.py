"""What the table shows behind a dialog: the log's newest line, the scores and header of the
deal a result describes, the size it is drawn at."""

from __future__ import annotations

import pytest

from thousand_tui.settings import TableSetup
from thousand_tui.tui import create_app
from thousand_tui.tui.app import ThousandApp
from thousand_tui.tui.screens.auction import AuctionScreen
from thousand_tui.tui.widgets.log import GameLog

from .helpers import STRONG, screen_text, settle

SIZES = [(80, 24), (120, 40)]


def log_rows(app: ThousandApp) -> list[str]:
    """The log's rows as the terminal shows them (without its scroll bar)."""
    log = app.table.query_one(GameLog)
    region = log.content_region
    rows = screen_text(app).splitlines()
    shown = [rows[y][region.x : region.right - 1].rstrip() for y in range(region.y, region.bottom)]
    return [row for row in shown if row]


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", ["en", "ru"])
async def test_lines_told_behind_a_dialog_show_at_once(size: tuple[int, int], lang: str) -> None:
    """Lines told while a dialog is open (an opponent's move as the auction opens) are on
    the log's last rows behind it, without waiting for the next line."""
    app = create_app(TableSetup.of(seed=11, pace=0, deals={1: STRONG}, save=False, lang=lang))
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, AuctionScreen)
        await pilot.press("escape")  # the auction put away: the table is on top
        await pilot.pause()
        table = app.table
        assert app.screen is table
        for number in range(1, 13):
            table.say(f"Line {number}.")
        table.action_decide()  # and the auction opens again at once
        assert isinstance(app.screen, AuctionScreen)
        await pilot.pause()
        await pilot.pause()
        assert log_rows(app)[-2:] == ["Line 11.", "Line 12."], log_rows(app)
