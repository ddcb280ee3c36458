"""A seat whose connection to the table is lost (the service killed) sits again by itself once
the table can be reached, and the notice that the table is gone goes away."""

from __future__ import annotations

import os
import signal
from pathlib import Path

import pytest
from textual.widgets import Static

from thousand_tui.settings import TableSetup
from thousand_tui.tui import create_app
from thousand_tui.tui.app import ThousandApp
from thousand_tui.tui.shared import SharedSession, join_shared, remote_table
from thousand_tui.tui.widgets.log import GameLog

from .helpers import Seat, is_shared_table, joined, opened, play_until, pump, service_pid

GONE = "The table is gone"


def prompt(app: ThousandApp) -> str:
    """The table's prompt line, under whatever dialog is open."""
    return str(app.table.query_one("#prompt", Static).render())


def on_table(app: ThousandApp) -> bool:
    return any(is_shared_table(screen) for screen in app.screen_stack)


def bob_on_screen(base: Path) -> tuple[Seat, Seat, SharedSession, ThousandApp]:
    """Ann and Cat (scripted) at a table, and Bob at it on the table screen (not yet run)."""
    ann = opened(base, "Ann", timeout=30.0)
    cat = joined(base, ann.mirror.code, "Cat")
    shared = join_shared(ann.mirror.code, name="Bob", base=base, who="key-b0b")
    return ann, cat, shared, create_app(TableSetup.of(lang="en", pace=0.0), seat=shared)


@pytest.mark.long
async def test_the_notice_of_a_lost_table_goes_when_the_seat_is_back(base: Path) -> None:
    ann, cat, shared, app = bob_on_screen(base)
    async with app.run_test(size=(120, 36)) as pilot:
        await pump(pilot, [ann, cat], lambda: on_table(app))
        table = app.table
        assert is_shared_table(table)
        log = table.query_one(GameLog)
        pid = service_pid(base)
        assert pid is not None
        os.kill(pid, signal.SIGKILL)
        await pump(pilot, [], lambda: GONE in prompt(app))
        assert shared.mirror.closed
        # The screen sits again by itself: a new service opens the table from its record.
        await pump(pilot, [], lambda: "Back at the table." in log.lines_written)
        await pump(pilot, [], lambda: GONE not in prompt(app))
        assert not shared.mirror.closed and shared.mirror.view is not None
        assert service_pid(base) not in (None, pid)
        assert app.table is table
    ann.close()
    cat.close()


@pytest.mark.long
async def test_a_seat_taken_over_from_another_terminal_is_not_taken_back(
    base: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(remote_table, "REJOIN_EVERY", 0.1)  # a try to sit again comes soon
    ann, cat, shared, app = bob_on_screen(base)
    async with app.run_test(size=(120, 36)) as pilot:
        await pump(pilot, [ann, cat], lambda: on_table(app))
        other = joined(
            base, ann.mirror.code, "Bob", who="key-b0b"
        )  # Bob again, from another terminal
        await pump(pilot, [other], lambda: shared.mirror.closed)
        await pilot.pause(5 * remote_table.REJOIN_EVERY)  # five tries' time: none was made
        play_until([ann, cat, other], lambda: True, play=False)
        assert shared.mirror.closed and not shared.may_rejoin
        assert ann.mirror.seats[1].connected and not other.client.closed
        assert GONE in prompt(app)
    ann.close()
    cat.close()
    other.close()
