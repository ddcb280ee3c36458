"""A choice that reaches a dialog twice before it has gone (Enter typed fast or held down, or
sent twice over a slow link) is taken once and closes that dialog alone: never the table under
it, which would leave an empty screen that no key brings back."""

from __future__ import annotations

import pytest
from textual.pilot import Pilot
from textual.screen import ModalScreen
from textual.widgets import OptionList

from tests.helpers.waiting import until
from thousand_tui.priority import Host
from thousand_tui.settings import TableSetup
from thousand_tui.tui import create_app
from thousand_tui.tui.app import ThousandApp
from thousand_tui.tui.screens.auction import AuctionScreen
from thousand_tui.tui.screens.table import TableScreen

from .helpers import settle


def table_kept(app: ThousandApp) -> bool:
    return any(isinstance(screen, TableScreen) for screen in app.screen_stack)


async def auction(pilot: Pilot[int]) -> AuctionScreen:
    await settle(pilot)
    dialog = pilot.app.screen
    assert isinstance(dialog, AuctionScreen)
    return dialog


async def test_a_choice_made_twice_before_the_dialog_goes_is_taken_once(host: Host) -> None:
    app = create_app(TableSetup.of(seed=11, pace=60.0, first_dealer=1, host=host))
    async with app.run_test(size=(80, 24)) as pilot:
        dialog = await auction(pilot)  # Boris is on 100; you bid first
        choices = dialog.choice_list
        index = choices.highlighted
        assert index is not None
        option = choices.get_option_at_index(index)
        bids = len(app.session.game.deal.log)
        for _ in range(2):  # both reach the dialog before it handles the first
            dialog.post_message(OptionList.OptionSelected(choices, option, index))
        await until(
            pilot,
            "the dialog gone, both handled",
            lambda: dialog not in app.screen_stack and dialog._message_queue.empty(),
        )
        await pilot.pause()
        assert table_kept(app), app.screen_stack
        assert dialog not in app.screen_stack
        assert len(app.session.game.deal.log) == bids + 1  # your one bid


@pytest.mark.long
async def test_a_page_closed_twice_closes_once(host: Host) -> None:
    app = create_app(TableSetup.of(seed=11, pace=0, first_dealer=1, host=host))
    async with app.run_test(size=(80, 24)) as pilot:
        dialog = await auction(pilot)
        for key in ("s", "question_mark", "c"):  # the sheet, the help, the conventions
            await pilot.press(key)
            await pilot.pause()
            page = app.screen
            assert isinstance(page, ModalScreen) and page is not dialog
            page.dismiss(None)
            page.dismiss(None)
            await pilot.pause()
            assert app.screen is dialog and table_kept(app), app.screen_stack


async def test_a_digit_that_comes_before_the_dialog_is_built_is_dropped(host: Host) -> None:
    """A digit typed fast reaches the next dialog while it is still being built (no choices
    on it yet): it is dropped, never an error that ends the game."""
    from thousand_tui.tui.screens.decision import DecisionScreen

    app = create_app(TableSetup.of(seed=11, pace=60.0, first_dealer=1, host=host))
    async with app.run_test(size=(80, 24)) as pilot:
        dialog = await auction(pilot)
        assert isinstance(dialog, DecisionScreen)
        await dialog.query_one("#choices").remove()  # as before compose, or after dismiss
        assert dialog.check_action("pick", (1,)) is False
        bids = len(app.session.game.deal.log)
        dialog.choose(dialog.choices[0].id)
        await app.run_action("pick(1)", dialog)
        await pilot.press("2")
        await pilot.pause()
        assert app.is_running and len(app.session.game.deal.log) == bids
