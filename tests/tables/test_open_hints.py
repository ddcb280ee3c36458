""" "Open a table for friends" on the start screen offers the table's hints, as `thousand open
--hints` does: off unless chosen, said in both languages, and the table opened allows them."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.pilot import Pilot

from tests.helpers.screen import screen_text
from tests.helpers.waiting import until
from tests.tui.test_start import go_to, line_ids, start_app
from thousand_tui.priority import Host
from thousand_tui.tui.app import SEAT, ThousandApp
from thousand_tui.tui.screens.start import StartScreen
from thousand_tui.tui.shared import SharedSession
from thousand_tui.tui.startup import StartOffer

WORDS = {
    "en": ("Hints there", "‹ off ›", "‹ allowed to all (h) ›"),
    "ru": ("Подсказки там", "‹ нет ›", "‹ разрешены всем (h) ›"),
}


async def opened_table(pilot: Pilot, app: ThousandApp) -> SharedSession:
    """The table the start screen's choice opened, once its seat is on screen (in the app's
    seat mode, the start screen gone)."""
    shared = await until(pilot, "the seat taken", lambda: app.shared, shown=lambda: app.notices)
    assert app.current_mode == SEAT and not isinstance(app.screen, StartScreen)
    return shared


@pytest.fixture
def here(base: Path, tmp_path: Path) -> Host:
    """What the tests run as: a player's own terminal, the data folder `base` (its table
    service's), the start screen's choices in a folder of the test's own."""
    return Host(data=base, config=tmp_path / "xdg-config")


@pytest.mark.long
@pytest.mark.parametrize(("size", "lang"), [((80, 24), "en"), ((120, 40), "ru")])
async def test_the_table_for_friends_allows_hints_when_chosen(
    here: Host, size: tuple[int, int], lang: str
) -> None:
    label, off, on = WORDS[lang]
    app = start_app(StartOffer.shipped(lang), host=here)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        assert "open-hints" in line_ids(app)  # just below "Open a table for friends"
        assert line_ids(app).index("open-hints") == line_ids(app).index("open-table") + 1
        await go_to(pilot, "open-hints")
        row = next(line for line in screen_text(app).splitlines() if label in line)
        assert off in row, row  # off unless chosen
        await pilot.press("right")
        await pilot.pause()
        row = next(line for line in screen_text(app).splitlines() if label in line)
        assert on in row, row
        await go_to(pilot, "open-table")
        await pilot.press("enter")
        shared = await opened_table(pilot, app)
        assert shared.mirror.hints  # the service's welcome: hints at this table
    choice = app.shared_choice
    assert choice is not None and choice.kind == "open" and choice.hints

    # Remembered, and switched off again the same way.
    again = start_app(StartOffer.shipped(lang), host=here)
    async with again.run_test(size=size) as pilot:
        await pilot.pause()
        await go_to(pilot, "open-hints")
        await pilot.press("left")
        await go_to(pilot, "open-table")
        await pilot.press("enter")
        assert not (await opened_table(pilot, again)).mirror.hints
    assert again.shared_choice is not None and not again.shared_choice.hints


@pytest.mark.long
async def test_a_table_for_friends_has_no_hints_by_default(here: Host) -> None:
    app = start_app(host=here)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await go_to(pilot, "open-table")
        await pilot.press("enter")
        assert not (await opened_table(pilot, app)).mirror.hints
    choice = app.shared_choice
    assert choice is not None and not choice.hints
