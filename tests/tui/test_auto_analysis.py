"""The tests' automatic analysis (tests/helpers/auto_analysis.py): a deal not asked for is
analysed only in a test marked `auto_analysis`; one asked for always is."""

from __future__ import annotations

import os
from types import SimpleNamespace

import pytest

from tests.helpers import auto_analysis
from thousand_tui.tui.widgets.analyst import DealAnalyst


def analyst() -> SimpleNamespace:
    """An analyst of a shared table holding deals 5 and 6 analysed: `analyse` puts the deal
    it is given last (the last looked at) and asks for nothing else."""
    return SimpleNamespace(driver=SimpleNamespace(session=None), analyses={5: None, 6: None})


@pytest.mark.skipif(
    bool(os.environ.get(auto_analysis.AUTO_ANALYSIS_ENV)), reason="each deal analysed, as asked"
)
def test_an_unmarked_test_analyses_a_deal_only_when_asked() -> None:
    assert auto_analysis.install()
    table = analyst()
    DealAnalyst.analyse(table, 5, asked=False)  # type: ignore[arg-type]
    assert list(table.analyses) == [5, 6]
    DealAnalyst.analyse(table, 5)  # type: ignore[arg-type]
    assert list(table.analyses) == [6, 5]


@pytest.mark.auto_analysis
def test_a_marked_test_analyses_each_deal_by_itself() -> None:
    table = analyst()
    DealAnalyst.analyse(table, 5, asked=False)  # type: ignore[arg-type]
    assert list(table.analyses) == [6, 5]
