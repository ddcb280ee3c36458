"""Snapshots of the main screens at 80×24 and 120×40 (pytest-textual-snapshot).

Regenerate after a deliberate change of the look with `pytest tests/tui/snapshots
--snapshot-update` and review the SVG files it writes."""

from __future__ import annotations

import pytest
from textual.pilot import Pilot

from thousand_tui.settings import TableSetup
from thousand_tui.tui import create_app
from thousand_tui.tui.app import ThousandApp
from thousand_tui.tui.startup import StartOffer

from ..helpers import STRONG, give_two, play_headless, press_card, settle

SIZES = [pytest.param((80, 24), id="80x24"), pytest.param((120, 40), id="120x40")]


async def laid_out(pilot: Pilot) -> None:
    """Settled, with the table under the dialog laid out again: Textual may leave a screen
    behind a modal one laid out as it was when the modal opened."""
    await settle(pilot)
    app = pilot.app
    assert isinstance(app, ThousandApp)
    app.table.refresh(layout=True)
    await pilot.pause()


def strong_app() -> ThousandApp:
    return create_app(TableSetup.of(seed=11, pace=0, deals={1: STRONG}))


async def to_exchange(pilot: Pilot) -> None:
    await settle(pilot)
    await pilot.press("2")  # bid 105; Anna passes
    await settle(pilot)


async def to_play(pilot: Pilot) -> None:
    await to_exchange(pilot)
    await give_two(pilot)
    await pilot.press("1")  # play 105
    await settle(pilot)
    await press_card(pilot, "AH")
    await settle(pilot)
    await press_card(pilot, "KH")
    await pilot.press("1")  # marriage ♥ 100
    await settle(pilot)
    await pilot.press("right", "right")


@pytest.mark.parametrize("size", SIZES)
def test_table(snap_compare, size: tuple[int, int]) -> None:  # type: ignore[no-untyped-def]
    assert snap_compare(strong_app(), terminal_size=size, run_before=to_play)


@pytest.mark.parametrize("size", SIZES)
def test_auction(snap_compare, size: tuple[int, int]) -> None:  # type: ignore[no-untyped-def]
    assert snap_compare(strong_app(), terminal_size=size, run_before=laid_out)


@pytest.mark.parametrize("size", SIZES)
def test_exchange(snap_compare, size: tuple[int, int]) -> None:  # type: ignore[no-untyped-def]
    async def run_before(pilot: Pilot) -> None:
        await to_exchange(pilot)
        await pilot.press("3", "enter", "right")  # K♠ to Anna; Boris's card still to choose

    assert snap_compare(strong_app(), terminal_size=size, run_before=run_before)


@pytest.mark.parametrize("size", SIZES)
def test_score_sheet(snap_compare, size: tuple[int, int]) -> None:  # type: ignore[no-untyped-def]
    app = create_app(TableSetup.of(seed=21, pace=0))
    play_headless(app, deals=9)

    async def run_before(pilot: Pilot) -> None:
        await settle(pilot)
        await pilot.press("s")
        await pilot.pause()

    assert snap_compare(app, terminal_size=size, run_before=run_before)


@pytest.mark.parametrize("size", SIZES)
def test_conventions(snap_compare, size: tuple[int, int]) -> None:  # type: ignore[no-untyped-def]
    async def run_before(pilot: Pilot) -> None:
        await settle(pilot)
        await pilot.press("c")
        await pilot.pause()

    app = create_app(TableSetup.of("family", seed=11, pace=0))
    assert snap_compare(app, terminal_size=size, run_before=run_before)


def test_russian_table(snap_compare) -> None:  # type: ignore[no-untyped-def]
    """Russian words and ranks (В Д К Т) at 80×24."""
    app = create_app(TableSetup.of(seed=11, pace=0, deals={1: STRONG}, lang="ru"))
    assert snap_compare(app, terminal_size=(80, 24), run_before=to_play)


def start_screen_app(lang: str = "en") -> ThousandApp:
    return create_app(TableSetup(pace=0, lang=lang), start=StartOffer.shipped(lang))


@pytest.mark.parametrize("size", SIZES)
def test_start_screen(snap_compare, size: tuple[int, int]) -> None:  # type: ignore[no-untyped-def]
    async def run_before(pilot: Pilot) -> None:
        await pilot.press("down", "down", "right")  # four players
        await pilot.pause()

    assert snap_compare(start_screen_app(), terminal_size=size, run_before=run_before)


def test_start_screen_in_russian(snap_compare) -> None:  # type: ignore[no-untyped-def]
    assert snap_compare(start_screen_app("ru"), terminal_size=(80, 24))
