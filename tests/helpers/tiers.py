"""The three runs of the suite: the default run (the developer's loop), the long tests
(`pytest -m long`: a test of more than about half a second of processor time, such as a whole
deal at the table or a real program beside the test) and the slow ones (`pytest -m slow`:
soak, strength and load runs). CI runs all three (`.ci/run`); no test is in two of them."""

from __future__ import annotations

import pytest

# A test of more than about half a second of processor time is marked `long`;
# `bench/suite_cpu.py` lists the tests of the default run that took more than twice that.
LONG_SECONDS = 1.0


def run_of(item: pytest.Item) -> str:
    """Which of the three runs `item` belongs to."""
    for run in ("slow", "long"):
        if item.get_closest_marker(run) is not None:
            return run
    return "default"


@pytest.hookimpl(tryfirst=True)  # before `-m` deselects: the marks it reads
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """A test marked `long_variants` runs its first variant in the default run and the others
    with the long tests; a slow variant of a long test runs with the slow ones only."""
    seen: set[tuple[str, str]] = set()
    for item in items:
        if item.get_closest_marker("slow") is not None:
            item.own_markers[:] = [mark for mark in item.own_markers if mark.name != "long"]
            if item.get_closest_marker("long") is not None:  # a class's or module's mark
                raise pytest.UsageError(
                    f"{item.nodeid} is slow, and long by its class or module: mark the test "
                    "functions long instead, so that it runs with the slow tests only"
                )
            continue
        if item.get_closest_marker("long_variants") is None:
            continue
        function = (item.parent.nodeid if item.parent else "", getattr(item, "originalname", ""))
        if function in seen:
            item.add_marker(pytest.mark.long)
        seen.add(function)
