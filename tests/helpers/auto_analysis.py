"""A finished deal analysed by itself only in the tests that ask for it.

A table analyses each finished deal in the background (`TableSetup.auto_analysis`, on by
default): a search of its own, in a process of its own, about a sixth of the processor time of
a test that plays deals, and most such tests check nothing of it. With this, a table of a test
analyses a deal only when asked (`a`, the analysis page), as with the setting off; a test about
the automatic analysis, or about what runs beside the game, is marked
`@pytest.mark.auto_analysis` and has it as the program does. Installed by tests/conftest.py;
`THOUSAND_TEST_AUTO_ANALYSIS=1` analyses each deal in every test; the program is untouched."""

from __future__ import annotations

import os
from typing import Any

AUTO_ANALYSIS_ENV = "THOUSAND_TEST_AUTO_ANALYSIS"
MARKER = "auto_analysis"

# Whether the test running now has its deals analysed by themselves (set before each test).
_on = [True]


def install() -> bool:
    """A deal not asked for is analysed only where `running` said so; False where turned off
    (then nothing is changed)."""
    from thousand_tui.tui.widgets.analyst import DealAnalyst

    analyse = DealAnalyst.analyse
    if getattr(analyse, "when_asked", False):
        return True
    if os.environ.get(AUTO_ANALYSIS_ENV):
        return False

    def when_asked(self: DealAnalyst, number: int, asked: bool = True) -> None:
        if asked or _on[0]:
            analyse(self, number, asked)

    when_asked.when_asked = True  # type: ignore[attr-defined]
    DealAnalyst.analyse = when_asked  # type: ignore[method-assign]
    return True


def running(item: Any) -> None:
    """`item` is about to run: its deals are analysed by themselves if it is marked so."""
    _on[0] = item.get_closest_marker(MARKER) is not None
