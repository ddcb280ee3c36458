"""Background work never delays play: with the analysis of finished deals stuck (a fake that
takes 30 s) and its queue full, the opponents still move and the hint still comes."""

from __future__ import annotations

import threading

import pytest

import thousand_tui.ai.analysis
from tests.helpers.scheduler import in_thread_scheduler
from tests.helpers.waiting import until
from thousand_tui.ai.scheduler import QUEUE_LIMIT
from thousand_tui.priority import Host
from thousand_tui.settings import TableSetup
from thousand_tui.tui import create_app
from thousand_tui.tui.app import ThousandApp

from .helpers import STRONG, settle
from .test_workers import told

# Each finished deal analysed by itself, as the program does: what these tests are about.
pytestmark = pytest.mark.auto_analysis

SLOW = 30.0  # seconds the fake analysis of a deal takes


def actions(app: ThousandApp) -> list[int]:
    return [line["seat"] for line in app.session.game.lines if line["type"] == "action"]


@pytest.mark.long
async def test_a_slow_analysis_delays_neither_a_move_nor_a_hint(
    monkeypatch: pytest.MonkeyPatch,
    host: Host,
) -> None:
    entered, release = threading.Event(), threading.Event()
    analysed: list[int] = []

    def slow_analysis(task: tuple[object, int, int]) -> None:
        entered.set()
        release.wait(SLOW)
        analysed.append(task[2])

    monkeypatch.setattr(thousand_tui.ai.analysis, "analyze_task", slow_analysis)
    scheduler = in_thread_scheduler(monkeypatch)
    setup = TableSetup.of(seed=11, pace=0, think=0.05, deals={1: STRONG}, save=False, host=host)
    app = create_app(setup)
    try:
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(pilot)
            analyst = app.table.analyst
            # Deals waiting for their analysis, more than the queue holds; the first is stuck.
            for number in range(1, 2 * QUEUE_LIMIT + 2):
                analyst.analyse(number, asked=False)
            assert entered.wait(SLOW)
            waiting = scheduler.waiting()
            # The one under way and the queue, full unless the one under way came from it
            # after the last was asked for.
            assert QUEUE_LIMIT <= len(waiting) <= QUEUE_LIMIT + 1
            assert len(set(waiting)) == len(waiting)  # each deal once
            # The player bids; the opponents answer while the analysis is still stuck.
            before = actions(app)
            await pilot.press("2")
            await until(pilot, "two moves", lambda: len(actions(app)) >= len(before) + 2)
            assert not release.is_set() and analysed == []
            assert actions(app)[len(before) :][:2] == [0, 1]
            await settle(pilot)
            # A hint at the player's next decision comes too.
            assert app.session.game.to_move == 0
            await pilot.press("h")
            await until(pilot, "the hint", lambda: app.table.hinter.shown is not None)
            assert not release.is_set() and analysed == []
            assert not told(app, "No hint")
    finally:
        release.set()
