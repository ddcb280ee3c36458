"""Snapshots of the table, every dialog and both sheets at 80×24 and 120×40, in English and
Russian (pytest-textual-snapshot).

Regenerate after a deliberate change of the look with `pytest tests/tui/snapshots
--snapshot-update` and review the SVG files it writes."""

from __future__ import annotations

import asyncio
import contextlib
from dataclasses import replace
from datetime import datetime, tzinfo

import pytest
from textual.pilot import Pilot
from textual.worker import WorkerCancelled

from thousand_tui.engine import game as game_module
from thousand_tui.engine.actions import Act, Action
from thousand_tui.engine.cards import parse_cards
from thousand_tui.engine.dealing import Dealt
from thousand_tui.engine.rules import with_overrides
from thousand_tui.presets import load_preset
from thousand_tui.priority import Host
from thousand_tui.settings import TableSetup
from thousand_tui.tui import create_app
from thousand_tui.tui.app import ThousandApp
from thousand_tui.tui.screens.start import StartScreen
from thousand_tui.tui.startup import StartOffer
from thousand_tui.tui.widgets.choices import ChoiceList

from ..apps import strong_app
from ..helpers import (
    STRONG,
    about_to_win,
    dealt,
    give_two,
    play_headless,
    play_out_deal,
    press_card,
    settle,
    win_the_game,
)

# The snapshots are in colour, whatever NO_COLOR the shell running the tests has.
pytestmark = pytest.mark.usefixtures("colours")

# Each screen at both sizes in both languages (the English ones keep their first names). The
# default run sees every screen at each size and in each language (the longer Russian words
# at the smallest size, English at 120×40); the two other pairs are slow (CI runs them).
MATRIX = [
    pytest.param((80, 24), "en", id="80x24", marks=pytest.mark.slow),
    pytest.param((120, 40), "en", id="120x40"),
    pytest.param((80, 24), "ru", id="80x24-ru"),
    pytest.param((120, 40), "ru", id="120x40-ru", marks=pytest.mark.slow),
]
LANGS = [pytest.param("en", id="en"), pytest.param("ru", id="ru")]


async def laid_out(pilot: Pilot) -> None:
    """Settled, with the table under the dialog laid out again: Textual may leave a screen
    behind a modal one laid out as it was when the modal opened."""
    await settle(pilot)
    await analyses_done(pilot)
    app = pilot.app
    assert isinstance(app, ThousandApp)
    app.table.refresh(layout=True)
    await pilot.pause()


async def analyses_done(pilot: Pilot, timeout: float = 120.0) -> None:
    """Wait until the background analysis of finished deals has brought all it was asked
    for, and every worker (the statistics too) is done: nothing changes the screen after."""
    app = pilot.app
    assert isinstance(app, ThousandApp)
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while loop.time() < deadline:
        with contextlib.suppress(WorkerCancelled):
            await app.workers.wait_for_complete()
        await pilot.pause()
        if not app.table.analyst.to_analyse and not list(app.workers):
            return
        await asyncio.sleep(0.02)
    raise AssertionError("the background work did not end")


async def to_exchange(pilot: Pilot) -> None:
    await settle(pilot)
    await pilot.press("2")  # bid 105; Anna passes
    await settle(pilot)


async def to_contract(pilot: Pilot) -> None:
    await to_exchange(pilot)
    await give_two(pilot)


async def to_marriage(pilot: Pilot) -> None:
    await to_contract(pilot)
    await pilot.press("1")  # play 105
    await settle(pilot)
    await press_card(pilot, "AH")
    await settle(pilot)
    await press_card(pilot, "KH")


async def to_play(pilot: Pilot) -> None:
    await to_marriage(pilot)
    await pilot.press("1")  # marriage ♥ 100
    await settle(pilot)
    await pilot.press("right", "right")


async def to_result(pilot: Pilot, *, analysed: bool = False) -> None:
    """Played out to the deal's result; unless `analysed`, the deal is not analysed in the
    background (its result looks the same, and comes sooner)."""
    app = pilot.app
    assert isinstance(app, ThousandApp)
    await to_play(pilot)
    app.table.analyse_each_deal = analysed
    await play_out_deal(pilot)


@pytest.mark.long_variants
@pytest.mark.parametrize(("size", "lang"), MATRIX)
def test_table(snap_compare, size: tuple[int, int], lang: str, host: Host) -> None:  # type: ignore[no-untyped-def]
    assert snap_compare(strong_app(lang, host=host), terminal_size=size, run_before=to_play)


@pytest.mark.long
@pytest.mark.parametrize(("size", "lang"), MATRIX)
def test_auction(snap_compare, size: tuple[int, int], lang: str, host: Host) -> None:  # type: ignore[no-untyped-def]
    assert snap_compare(strong_app(lang, host=host), terminal_size=size, run_before=laid_out)


@pytest.mark.long
@pytest.mark.parametrize(("size", "lang"), MATRIX)
def test_exchange(snap_compare, size: tuple[int, int], lang: str, host: Host) -> None:  # type: ignore[no-untyped-def]
    async def run_before(pilot: Pilot) -> None:
        await to_exchange(pilot)
        await pilot.press("3", "enter", "right")  # K♠ to Anna; Boris's card still to choose

    assert snap_compare(strong_app(lang, host=host), terminal_size=size, run_before=run_before)


@pytest.mark.long
@pytest.mark.parametrize(("size", "lang"), MATRIX)
def test_score_sheet(snap_compare, size: tuple[int, int], lang: str, host: Host) -> None:  # type: ignore[no-untyped-def]
    async def run_before(pilot: Pilot) -> None:
        await settle(pilot)
        await pilot.press("s")
        await pilot.pause()

    assert snap_compare(nine_deals_app(lang, host=host), terminal_size=size, run_before=run_before)


@pytest.mark.parametrize(("size", "lang"), MATRIX)
def test_conventions(snap_compare, size: tuple[int, int], lang: str, host: Host) -> None:  # type: ignore[no-untyped-def]
    async def run_before(pilot: Pilot) -> None:
        await settle(pilot)
        await pilot.press("c")
        await pilot.pause()

    app = create_app(TableSetup.of("family", seed=11, pace=0, lang=lang, host=host))
    assert snap_compare(app, terminal_size=size, run_before=run_before)


def start_screen_app(lang: str = "en", *, host: Host) -> ThousandApp:
    return create_app(TableSetup(pace=0, lang=lang, host=host), start=StartOffer.shipped(lang))


@pytest.mark.long
@pytest.mark.parametrize(("size", "lang"), MATRIX)
def test_start_screen(snap_compare, size: tuple[int, int], lang: str, host: Host) -> None:  # type: ignore[no-untyped-def]
    async def run_before(pilot: Pilot) -> None:
        await pilot.press("down", "down", "right")  # four players
        await pilot.pause()

    assert snap_compare(
        start_screen_app(lang, host=host), terminal_size=size, run_before=run_before
    )


def nine_deals_app(lang: str = "en", *, host: Host) -> ThousandApp:
    """Nine deals played (the sheet has rows), at the decision of the tenth."""
    app = create_app(TableSetup.of(seed=21, pace=0, lang=lang, host=host))
    play_headless(app, deals=9)
    return app


# ---------------------------------------------------------------------- the other dialogs


@pytest.mark.long
@pytest.mark.parametrize(("size", "lang"), MATRIX)
def test_contract(snap_compare, size: tuple[int, int], lang: str, host: Host) -> None:  # type: ignore[no-untyped-def]
    async def run_before(pilot: Pilot) -> None:
        await to_contract(pilot)
        await laid_out(pilot)

    assert snap_compare(
        strong_app(lang, save=False, host=host), terminal_size=size, run_before=run_before
    )


@pytest.mark.long
@pytest.mark.parametrize(("size", "lang"), MATRIX)
def test_marriage(snap_compare, size: tuple[int, int], lang: str, host: Host) -> None:  # type: ignore[no-untyped-def]
    async def run_before(pilot: Pilot) -> None:
        await to_marriage(pilot)
        await laid_out(pilot)

    assert snap_compare(
        strong_app(lang, save=False, host=host), terminal_size=size, run_before=run_before
    )


# Seat 0 holds three nines: at the family table it may ask for a redeal.
THREE_NINES = dealt(
    ["9S 9C 9D AH TH KH QH", "AS TS KS QS JS 9H JH", "AC TC KC QC JC AD TD"], "JD QD KD"
)


@pytest.mark.long
@pytest.mark.parametrize(("size", "lang"), MATRIX)
def test_redeal_offer(snap_compare, size: tuple[int, int], lang: str, host: Host) -> None:  # type: ignore[no-untyped-def]
    setup = TableSetup.of(
        "family", seed=5, pace=0, deals={1: THREE_NINES}, lang=lang, save=False, host=host
    )
    assert snap_compare(create_app(setup), terminal_size=size, run_before=laid_out)


@pytest.mark.parametrize(("size", "lang"), MATRIX)
def test_dark_offer(snap_compare, size: tuple[int, int], lang: str, host: Host) -> None:  # type: ignore[no-untyped-def]
    # Boris deals: you sit on 100 and are offered the dark game before seeing a card.
    setup = TableSetup.of(
        "family",
        seed=5,
        pace=0,
        deals={1: STRONG},
        first_dealer=2,
        lang=lang,
        save=False,
        host=host,
    )
    assert snap_compare(create_app(setup), terminal_size=size, run_before=laid_out)


def dark_cancel_app(lang: str, host: Host) -> ThousandApp:
    """Anna, on 100, plays in the dark; you hold the heart marriage and may call it off (a
    table whose dark game an opponent's marriage cancels)."""
    classic = load_preset("classic")
    rules = with_overrides(
        classic.rules, {"dark.enabled": True, "dark.cancel": "opponent_marriage"}
    )
    preset = replace(classic, rules=rules)
    app = create_app(
        TableSetup.of(preset, seed=11, pace=0, deals={1: STRONG}, lang=lang, save=False, host=host)
    )
    game = app.session.game
    game.take_start_events()
    game.apply(Action(1, Act.DARK))
    assert game.to_move == 0
    return app


@pytest.mark.long
@pytest.mark.parametrize(("size", "lang"), MATRIX)
def test_dark_cancel(snap_compare, size: tuple[int, int], lang: str, host: Host) -> None:  # type: ignore[no-untyped-def]
    assert snap_compare(dark_cancel_app(lang, host=host), terminal_size=size, run_before=laid_out)


# Two players: you are on 100 and Anna passes; two talons of two cards.
TWO_TALONS = Dealt(
    hands=tuple(
        tuple(parse_cards(hand.split()))
        for hand in ("AH TH KH QH AS TS AC TC KC QC", "9H JH 9D JD 9C JC JS 9S QS KS")
    ),
    talons=(tuple(parse_cards(["QD", "KD"])), tuple(parse_cards(["TD", "AD"]))),
)


def two_player_app(lang: str, host: Host) -> ThousandApp:
    setup = TableSetup.of(
        "two-player",
        seed=5,
        pace=0,
        deals={1: TWO_TALONS},
        first_dealer=1,
        lang=lang,
        save=False,
        host=host,
    )
    return create_app(setup)


@pytest.mark.parametrize(("size", "lang"), MATRIX)
def test_talon_choice(snap_compare, size: tuple[int, int], lang: str, host: Host) -> None:  # type: ignore[no-untyped-def]
    assert snap_compare(two_player_app(lang, host=host), terminal_size=size, run_before=laid_out)


@pytest.mark.long
@pytest.mark.parametrize(("size", "lang"), MATRIX)
def test_put_aside(snap_compare, size: tuple[int, int], lang: str, host: Host) -> None:  # type: ignore[no-untyped-def]
    async def run_before(pilot: Pilot) -> None:
        await settle(pilot)
        await pilot.press("2")  # the second talon
        await settle(pilot)
        await pilot.press("minus", "enter")  # one card aside, the second still to choose
        await laid_out(pilot)

    assert snap_compare(two_player_app(lang, host=host), terminal_size=size, run_before=run_before)


@pytest.mark.long
@pytest.mark.parametrize(("size", "lang"), MATRIX)
def test_look_back(snap_compare, size: tuple[int, int], lang: str, host: Host) -> None:  # type: ignore[no-untyped-def]
    async def run_before(pilot: Pilot) -> None:
        await to_play(pilot)
        await settle(pilot)
        await pilot.press("v")
        await laid_out(pilot)

    assert snap_compare(
        strong_app(lang, save=False, host=host), terminal_size=size, run_before=run_before
    )


@pytest.mark.long
@pytest.mark.parametrize(("size", "lang"), MATRIX)
def test_deal_result(snap_compare, size: tuple[int, int], lang: str, host: Host) -> None:  # type: ignore[no-untyped-def]
    async def run_before(pilot: Pilot) -> None:
        await to_result(pilot)
        await laid_out(pilot)

    assert snap_compare(
        strong_app(lang, save=False, host=host), terminal_size=size, run_before=run_before
    )


@pytest.mark.long
@pytest.mark.parametrize(("size", "lang"), MATRIX)
def test_analysis(snap_compare, size: tuple[int, int], lang: str, host: Host) -> None:  # type: ignore[no-untyped-def]
    async def run_before(pilot: Pilot) -> None:
        await to_result(pilot, analysed=True)
        await pilot.press("a")
        await laid_out(pilot)

    assert snap_compare(
        strong_app(lang, save=False, host=host), terminal_size=size, run_before=run_before
    )


@pytest.mark.long
@pytest.mark.parametrize(("size", "lang"), MATRIX)
def test_game_over(snap_compare, size: tuple[int, int], lang: str, host: Host) -> None:  # type: ignore[no-untyped-def]
    async def run_before(pilot: Pilot) -> None:
        await settle(pilot)
        assert isinstance(pilot.app, ThousandApp)
        pilot.app.table.analyse_each_deal = False  # (the final sheet looks the same)
        await win_the_game(pilot)
        await pilot.press("enter")
        await laid_out(pilot)

    app = strong_app(lang, save=False, seed=3, start=about_to_win(), host=host)
    assert snap_compare(app, terminal_size=size, run_before=run_before)


@pytest.mark.long
@pytest.mark.parametrize(("size", "lang"), MATRIX)
def test_quit_question(snap_compare, size: tuple[int, int], lang: str, host: Host) -> None:  # type: ignore[no-untyped-def]
    async def run_before(pilot: Pilot) -> None:
        await settle(pilot)
        await pilot.press("escape", "q")  # the auction put away, then quit
        await laid_out(pilot)

    assert snap_compare(strong_app(lang, host=host), terminal_size=size, run_before=run_before)


@pytest.mark.long_variants
@pytest.mark.parametrize("lang", LANGS)
def test_too_small(snap_compare, lang: str, host: Host) -> None:  # type: ignore[no-untyped-def]
    """Below 80×24 (the only size where this shows)."""
    assert snap_compare(strong_app(lang, save=False, host=host), terminal_size=(72, 20))


@pytest.mark.parametrize(("size", "lang"), MATRIX)
def test_help(snap_compare, size: tuple[int, int], lang: str, host: Host) -> None:  # type: ignore[no-untyped-def]
    async def run_before(pilot: Pilot) -> None:
        await settle(pilot)
        await pilot.press("question_mark")
        await laid_out(pilot)

    assert snap_compare(
        strong_app(lang, save=False, host=host), terminal_size=size, run_before=run_before
    )


class FixedDay(datetime):
    """The clock of a game's record: always the same day, so the statistics show it."""

    @classmethod
    def now(cls, tz: tzinfo | None = None) -> FixedDay:
        return cls(2026, 3, 8, 12, 0, tzinfo=tz)


@pytest.mark.long
@pytest.mark.parametrize(("size", "lang"), MATRIX)
def test_statistics(
    snap_compare, monkeypatch, size: tuple[int, int], lang: str, host: Host
) -> None:  # type: ignore[no-untyped-def]
    """Read from the record of the game at the table (nine deals), begun on a fixed day."""
    monkeypatch.setattr(game_module, "datetime", FixedDay)

    async def run_before(pilot: Pilot) -> None:
        await settle(pilot)
        await pilot.press("escape", "t")  # the auction put away: the table has the keys
        await laid_out(pilot)

    assert snap_compare(nine_deals_app(lang, host=host), terminal_size=size, run_before=run_before)


@pytest.mark.long
@pytest.mark.parametrize(("size", "lang"), MATRIX)
def test_side_sheet(snap_compare, size: tuple[int, int], lang: str, host: Host) -> None:  # type: ignore[no-untyped-def]
    """The table after nine deals: on a wide terminal the score sheet stands beside it."""

    async def run_before(pilot: Pilot) -> None:
        await settle(pilot)
        await pilot.press("escape")  # the auction put away
        await laid_out(pilot)

    assert snap_compare(nine_deals_app(lang, host=host), terminal_size=size, run_before=run_before)


async def start_line(pilot: Pilot, line: str) -> None:
    """Choose a line of the start screen."""
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, StartScreen)
    screen.query_one(ChoiceList).highlight(line)
    await pilot.press("enter")
    await pilot.pause()


@pytest.mark.long
@pytest.mark.parametrize(("size", "lang"), MATRIX)
def test_name_dialog(snap_compare, size: tuple[int, int], lang: str, host: Host) -> None:  # type: ignore[no-untyped-def]
    async def run_before(pilot: Pilot) -> None:
        await start_line(pilot, "name")

    assert snap_compare(
        start_screen_app(lang, host=host), terminal_size=size, run_before=run_before
    )


@pytest.mark.parametrize(("size", "lang"), MATRIX)
def test_code_dialog(snap_compare, size: tuple[int, int], lang: str, host: Host) -> None:  # type: ignore[no-untyped-def]
    async def run_before(pilot: Pilot) -> None:
        await start_line(pilot, "join-table")

    assert snap_compare(
        start_screen_app(lang, host=host), terminal_size=size, run_before=run_before
    )
