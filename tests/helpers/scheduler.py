"""A background worker for the AI's scheduler that runs its work in the scheduler's own thread
(so a test may put a function of its own in the place of the analysis), and counts how often
the foreground paused it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

import thousand_tui.ai.scheduler
from thousand_tui.ai import analysis
from thousand_tui.ai.scheduler import Scheduler


class InThread:
    """`Worker` for `Scheduler`: the work runs where the scheduler calls it."""

    def __init__(self) -> None:
        self.paused = 0
        self.resumed = 0
        self.stopped = 0
        self.calls: list[Any] = []

    @property
    def pid(self) -> int | None:
        return None

    def call(self, work: Callable[[Any], Any], task: Any) -> Any:
        self.calls.append(task)
        return work(task)

    def pause(self) -> None:
        self.paused += 1

    def resume(self) -> None:
        self.resumed += 1

    def stop(self, closing: bool = False) -> None:
        self.stopped += 1


def in_thread_scheduler(monkeypatch: pytest.MonkeyPatch, **options: Any) -> Scheduler:
    """The program's scheduler replaced, for this test, by one whose background work runs in
    its own thread."""
    scheduler = Scheduler(worker=InThread(), **options)
    monkeypatch.setattr(thousand_tui.ai.scheduler, "_scheduler", scheduler)
    return scheduler


# The analysis's budgets where a test is about what is analysed when and what is said of it,
# not about how deep it looks (tests/ai/test_analysis.py checks the search itself).
SMALL_BUDGETS = {
    "ANALYSIS_SAMPLES": 8,
    "AUCTION_SAMPLES": 4,
    "ANALYSIS_NODES": 20_000,
    "DEEP_SAMPLES": 16,
    "DEEP_AUCTION_SAMPLES": 4,
    "DEEP_NODES": 20_000,
}


def small_analysis_budgets(monkeypatch: pytest.MonkeyPatch) -> None:
    """A deal's analysis on `SMALL_BUDGETS`, in this process (a background process started
    after this keeps the program's own budgets: see `in_thread_scheduler`)."""
    for name, value in SMALL_BUDGETS.items():
        monkeypatch.setattr(analysis, name, value)
