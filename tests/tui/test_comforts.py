"""The table's comforts: a hand that keeps its order, a quit question Enter cannot answer, the
card played or the next deal begun by itself, a card taken back against the AI."""

from __future__ import annotations

import pytest

from thousand_tui.settings import TableSetup
from thousand_tui.tui import create_app
from thousand_tui.tui.screens.auction import AuctionScreen
from thousand_tui.tui.screens.end import ConfirmQuitScreen

from .helpers import STRONG, screen_text, settle

SIZES = [(80, 24), (120, 40)]


# ---------------------------------------------------------------------- the quit question


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize(
    ("lang", "quit_key", "stay_key"), [("en", "y Quit", "n Stay"), ("ru", "y Выход", "n Остаться")]
)
async def test_enter_and_esc_stay_at_the_table_and_only_y_quits(
    size: tuple[int, int], lang: str, quit_key: str, stay_key: str
) -> None:
    app = create_app(TableSetup.of(seed=11, pace=0, deals={1: STRONG}, lang=lang))
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
