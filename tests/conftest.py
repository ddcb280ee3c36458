"""The order of the tests, for every test directory (each test says what it runs as: a hosted
session is a `priority.Host` value it passes, never an environment left behind)."""

from __future__ import annotations

import os

import pytest

# The slow run's longest tests (`pytest -m slow --durations=15`), the longest first. They start
# before the others, so that the xdist workers (`--dist worksteal`, pyproject.toml) share out
# the many short ones at the end and finish together, instead of one of them starting a long
# test when the other has nothing left. The other tests keep their order.
LONGEST_FIRST = (
    "test_many_players_at_once",
    "test_soak_whole_games_memory_and_replay",
    "test_whole_games_under_any_combination_long",
    "test_mutated_real_records_long",
    "test_long_random_games_of_every_preset",
)


# Seconds before a slow test that hangs fails (the default run's `timeout` is in pyproject.toml):
# the longest slow test takes a few minutes on two loaded cores. A test's own
# `@pytest.mark.timeout(N)` comes first.
SLOW_TIMEOUT = 900


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """`-n auto`: two workers a core. A test of the table waits about half its time (for the
    screen, a socket, another process), so one worker a core leaves the cores idle; the slow
    run (`-m slow`: soak, memory, load) keeps one a core."""
    cores = len(os.sched_getaffinity(0))
    return cores if config.getoption("markexpr") == "slow" else 2 * cores


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    def rank(item: pytest.Item) -> int:
        name = getattr(item, "originalname", item.name)
        return LONGEST_FIRST.index(name) if name in LONGEST_FIRST else len(LONGEST_FIRST)

    items.sort(key=rank)
    for item in items:
        if item.get_closest_marker("slow") and not item.get_closest_marker("timeout"):
            item.add_marker(pytest.mark.timeout(SLOW_TIMEOUT))
