"""Watching without waiting: while you sit out or the opponents play among themselves, `f`
(shown in the footer) applies their moves at once, up to your next decision or the deal's
result. The pace here is so slow that without the key the table would not get there."""

from __future__ import annotations

import pytest
from textual.pilot import Pilot

from tests.helpers.screen import screen_text
from tests.helpers.waiting import until
from thousand_tui.priority import Host
from thousand_tui.settings import TableSetup
from thousand_tui.tui import create_app
from thousand_tui.tui.app import ThousandApp
from thousand_tui.tui.screens.auction import AuctionScreen
from thousand_tui.tui.screens.result import DealResultScreen
from thousand_tui.tui.widgets.opponents import Opponents

from .helpers import settle

SLOW = 60.0  # seconds each opponent's move stays on screen


async def first_move_shown(pilot: Pilot[int], footer: str = "f Skip to my turn") -> None:
    """Wait until the first opponent has decided, its move waits for the pace, and the
    footer offers `footer`."""
    app = pilot.app
    assert isinstance(app, ThousandApp)
    await until(
        pilot,
        f"an opponent's move held for the pace, and {footer!r} in the footer",
        lambda: app.table.query_one(Opponents).paced is not None and footer in screen_text(app),
        shown=lambda: screen_text(app),
    )


@pytest.mark.long
async def test_the_sitter_is_told_and_skips_to_the_result(host: Host) -> None:
    app = create_app(TableSetup.of("four-player", seed=4, pace=SLOW, first_dealer=0, host=host))
    async with app.run_test(size=(80, 24)) as pilot:
        await first_move_shown(pilot)
        text = screen_text(app)
        assert "You sit out this deal" in text
        assert "f Skip to my turn" in text
        turn = app.table.turn
        await pilot.press("f")
        await settle(pilot)
        assert isinstance(app.screen, DealResultScreen)
        assert app.table.turn > turn + 10
        assert not app.table.skipping
        await pilot.press("enter")
        await pilot.pause()
        assert app.table.pace == SLOW  # the next deal at the table's pace again


@pytest.mark.long
async def test_after_passing_the_auction_goes_on_without_waiting(host: Host) -> None:
    app = create_app(TableSetup.of(seed=11, pace=SLOW, first_dealer=1, host=host))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, AuctionScreen)  # Boris is on 100; you bid first
        await pilot.press("1")  # pass
        await first_move_shown(pilot)
        assert app.table.controller.watching()
        assert "f Skip to my turn" in screen_text(app)
        await pilot.press("f")
        await settle(pilot)
        game = app.session.game
        assert game.to_move == 0 or isinstance(app.screen, DealResultScreen)
        assert not app.table.skipping
        assert "f Skip to my turn" not in screen_text(app)


async def test_no_skip_while_it_is_your_turn(host: Host) -> None:
    app = create_app(TableSetup.of(seed=11, pace=0, host=host))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("escape")
        await pilot.pause()
        assert "Skip to my turn" not in screen_text(app)
        turn = app.table.turn
        await pilot.press("f")
        await pilot.pause()
        assert app.table.turn == turn and not app.table.skipping
