"""The table screen at a shared table (Pilot): the waiting room, then the deal, played from
seat 1 while two scripted players sit at the others."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.helpers.screen import screen_text
from thousand_tui.engine.events import Passed
from thousand_tui.settings import TableSetup
from thousand_tui.tui import create_app
from thousand_tui.tui.controller import Awaiting
from thousand_tui.tui.shared import WaitingScreen, join_shared

from .helpers import at_table, is_shared_table, joined, opened, pump


@pytest.mark.long
async def test_a_seat_at_a_shared_table_on_the_table_screen(base: Path) -> None:
    ann = opened(base, "Ann")
    code = ann.mirror.code
    shared = join_shared(code, name="Bob", base=base)
    app = create_app(TableSetup.of(lang="en", pace=0.0), seat=shared)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, WaitingScreen)
        waiting = screen_text(app)
        assert f"thousand join {code}" in waiting and "Ann" in waiting and "Bob (you)" in waiting
        ann.hold = True
        cat = joined(base, code, "Cat")
        cat.hold = True
        await pump(pilot, [ann, cat], lambda: at_table(app), play=True)
        table = app.table
        assert is_shared_table(table) and table.seat == 1

        def panels_drawn() -> bool:
            """The table under no dialog, its panels drawn as its mirror knows the seats (what
            the service says of them comes in messages of its own)."""
            return app.screen is table and screen_text(app).count("● here") == 2

        for _ in range(3):  # Bob may speak first (the dealer is drawn): his auction opens,
            await pump(pilot, [], lambda: panels_drawn() or app.screen is not table, play=True)
            if app.screen is table:
                break
            await pilot.press("escape")  # put away to see the panels
            await pump(pilot, [], lambda: app.screen is table, play=True)
        text = screen_text(app)
        assert f"Table {code}" in text
        assert text.count("● here") == 2, text  # Ann and Cat, on their panels
        hand = table.view().hand
        assert hand is not None and len(hand) == 7
        # Bob passes in the auction when his turn comes; the others see it.
        ann.hold = cat.hold = False
        if table.awaiting is Awaiting.DECIDE:
            await pilot.press("enter")  # the auction put away, opened again
        await pump(pilot, [ann, cat], lambda: app.screen is not table, play=True)
        await pilot.press("1")
        await pump(
            pilot,
            [ann, cat],
            lambda: any(isinstance(e, Passed) and e.seat == 1 for e in ann.events),
            play=True,
        )
        # Cat leaves: Bob's screen says so, and shows her away.
        cat.close()
        await pump(pilot, [ann], lambda: "Cat left the table" in screen_text(app), play=True)
        assert "○ away" in screen_text(app)


@pytest.mark.long
async def test_a_code_from_the_start_screen_that_no_table_has_is_said(
    base: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The start screen stays, and says why the table cannot be joined; another choice can
    then be made there."""
    from tests.helpers.waiting import until
    from tests.tui.test_start import go_to, start_app
    from thousand_tui.tui.app import SOLO
    from thousand_tui.tui.screens.start import StartScreen

    monkeypatch.setenv("XDG_CONFIG_HOME", str(base / "config"))
    app = start_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await go_to(pilot, "join-table")
        await pilot.press("enter", *"K7QM2P", "enter")
        said = await until(
            pilot,
            "the reason said",
            lambda: [note for note in app.notices if "the shared table:" in note],
            shown=lambda: screen_text(app),
        )
        assert "K7QM2P" in said[0]
        assert app.current_mode == SOLO and isinstance(app.screen, StartScreen)
        assert app.shared is None and not app.sitting


@pytest.mark.long
async def test_only_the_opener_is_offered_the_start_and_a_friend_is_told_who_can(
    base: Path,
) -> None:
    for lang, says in (
        ("en", "or sooner if Ann starts it"),
        ("ru", "или раньше, если Ann начнёт игру"),
    ):
        ann = opened(base, "Ann")
        shared = join_shared(ann.mirror.code, name="Bob", base=base)
        app = create_app(TableSetup.of(lang=lang, pace=0.0), seat=shared)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, WaitingScreen)
            text = screen_text(app)
            assert says in " ".join(text.split()), text
            assert "s Start" not in text and "s Начать" not in text
            assert app.screen.check_action("start", ()) is False
            await pilot.press("s")
            await pilot.pause(0.2)
            assert isinstance(app.screen, WaitingScreen)  # nothing started
        ann.close()


@pytest.mark.long
async def test_leaving_a_shared_table_asks_first_and_the_seat_waits(base: Path) -> None:
    from thousand_tui.tui.screens.end import ConfirmQuitScreen

    ann = opened(base, "Ann")
    code = ann.mirror.code
    shared = join_shared(code, name="Bob", base=base)
    app = create_app(TableSetup.of(lang="en", pace=0.0), seat=shared)
    async with app.run_test(size=(100, 32)) as pilot:
        ann.hold = True
        cat = joined(base, code, "Cat")
        cat.hold = True
        await pump(pilot, [ann, cat], lambda: at_table(app), play=True)
        table = app.table
        await pump(
            pilot,
            [],
            lambda: table.awaiting is not Awaiting.NOTHING or table.view().to_move != 1,
            play=True,
        )
        if app.screen is not table:  # Bob speaks first: his auction, put away
            await pilot.press("escape")
            await pump(pilot, [], lambda: app.screen is table, play=True)
        await pilot.press("q")
        await pump(pilot, [], lambda: isinstance(app.screen, ConfirmQuitScreen), play=True)
        assert "Your seat stays yours" in screen_text(app)
        assert app.is_running
        await pilot.press("escape")  # stays at the table
        await pump(pilot, [], lambda: app.screen is table, play=True)
    ann.close()
    cat.close()


@pytest.mark.long
async def test_leaving_from_a_dialog_at_a_shared_table_asks_first(base: Path) -> None:
    """`q` over a decision's dialog asks as it does over the table; staying goes back to the
    dialog."""
    from thousand_tui.tui.screens.end import ConfirmQuitScreen

    ann = opened(base, "Ann")
    code = ann.mirror.code
    shared = join_shared(code, name="Bob", base=base)
    app = create_app(TableSetup.of(lang="en", pace=0.0), seat=shared)
    async with app.run_test(size=(100, 32)) as pilot:
        cat = joined(base, code, "Cat")
        # Ann and Cat play until Bob's first decision opens its dialog over the table.
        await pump(
            pilot, [ann, cat], lambda: at_table(app) and app.screen is not app.table, play=True
        )
        dialog = app.screen
        await pilot.press("q")
        await pump(pilot, [], lambda: isinstance(app.screen, ConfirmQuitScreen), play=True)
        assert "Your seat stays yours" in screen_text(app)
        assert app.is_running
        await pilot.press("escape")
        await pump(pilot, [], lambda: app.screen is dialog, play=True)
        assert app.is_running
    ann.close()
    cat.close()
