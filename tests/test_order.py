"""The order the workers are handed the tests in (tests/conftest.py, `deal`)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, cast

import pytest

from tests.conftest import QUICK, TESTS, cost, deal, seconds_by_module, worker_runs


@dataclass(frozen=True)
class Item:
    path: Path
    name: str


def items_of(module: str, count: int) -> list[Item]:
    return [Item(TESTS / module, f"{module}::{n}") for n in range(count)]


@pytest.mark.parametrize("workers", [1, 2, 6])
def test_each_worker_is_handed_its_count_long_modules_whole_and_quick_tests_last(
    workers: int,
) -> None:
    known = seconds_by_module()
    long = sorted((m for m, s in known.items() if s > QUICK), key=known.__getitem__)[-5:]
    quick = sorted(m for m, s in known.items() if s <= QUICK)[:3]
    assert len(long) == 5 and quick, "tests/durations.json names long and quick modules"
    items = [t for m in quick for t in items_of(m, 40)] + [t for m in long for t in items_of(m, 7)]
    first = items[-1]  # one of the longest tests, named as such
    ordered = cast(list[Item], deal(cast(list[Any], items), workers, [cast(Any, first)]))

    assert sorted(ordered, key=id) == sorted(items, key=id)  # each test once
    start = 0
    runs: list[list[Item]] = []
    for run in worker_runs(len(items), workers):
        runs.append(ordered[start : start + run])
        start += run
    assert runs[0][0] is first
    for handed in runs:
        quick_from = [cost(cast(Any, t)) <= QUICK for t in handed]
        assert quick_from == sorted(quick_from)  # the long modules first, then the quick tests
    for module in long:  # a long module goes whole to one worker (the named test aside)
        path = TESTS / module
        holders = {
            n for n, run in enumerate(runs) for t in run if t.path == path and t is not first
        }
        assert len(holders) == 1, module
