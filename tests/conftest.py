"""The order of the tests, for every test directory (each test says what it runs as: a hosted
session is a `priority.Host` value it passes, never an environment left behind)."""

from __future__ import annotations

import os

import pytest

from tests.helpers import auto_analysis, css_cache, lazy_frames

# The longest tests, the longest first: the slow run's (`pytest -m slow --durations=15`), then
# the default run's (`pytest --durations=40`). Each xdist worker starts with its share of them
# (`--dist worksteal`, pyproject.toml, hands each worker a run of the collection at first, and
# later moves only the end of a queue), so that none of them starts near the end, when the
# other workers have nothing left. The other tests keep their order.
LONGEST_FIRST = (
    "test_many_players_at_once",
    "test_soak_whole_games_memory_and_replay",
    "test_whole_games_under_any_combination_long",
    "test_mutated_real_records_long",
    "test_long_random_games_of_every_preset",
    "test_friends_at_one_table_over_ssh",
    "test_open_from_the_lobby_then_a_stranger_sits_and_another_quick_matches",
    # the default run
    "test_the_analysis_is_paused_by_a_move_and_goes_on_after_it",
    "test_whole_games_under_any_combination",
    "test_every_screen_of_the_table_shows_hostile_text_as_written",
    "test_the_side_sheet_shows_the_finished_deal_while_its_result_is_open",
    "test_an_error_names_the_file_the_key_and_what_is_allowed",
    "test_a_daily_deal_at_the_table",
    "test_the_footers_old_keys_are_let_go",
    "test_each_key_has_a_name_of_its_own",
    "test_legal_decisions_under_any_conventions",
    "test_from_the_start_screen_to_the_table_and_back",
    "test_play_quit_resume_and_hang_up",
    "test_the_pace_and_the_motion_are_chosen_and_remembered",
    "test_a_continued_game_plays_as_the_start_screen_says",
)


# Seconds before a slow test that hangs fails (the default run's `timeout` is in pyproject.toml):
# the longest slow test takes a few minutes on two loaded cores. A test's own
# `@pytest.mark.timeout(N)` comes first.
SLOW_TIMEOUT = 900


def pytest_configure(config: pytest.Config) -> None:
    # Each app of a test process parses the same CSS: parsed once a process instead.
    css_cache.install()
    # A headless app's frames are drawn when a test reads the screen.
    lazy_frames.install()
    # A finished deal is analysed by itself only in a test marked so (its analysis is a search).
    config.addinivalue_line(
        "markers", f"{auto_analysis.MARKER}: each finished deal analysed by itself, as played"
    )
    auto_analysis.install()


def pytest_runtest_setup(item: pytest.Item) -> None:
    auto_analysis.running(item)


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """`-n auto`: two workers a core. A test of the table waits about half its time (for the
    screen, a socket, another process), so one worker a core leaves the cores idle; the slow
    run (`-m slow`: soak, memory, load) keeps one a core."""
    cores = len(os.sched_getaffinity(0))
    return cores if config.getoption("markexpr") == "slow" else 2 * cores


def worker_runs(count: int, workers: int) -> list[int]:
    """How many tests `--dist worksteal` first hands each of `workers` workers, of `count`."""
    runs = []
    for worker in range(workers):
        runs.append(count // (workers - worker))
        count -= runs[-1]
    return runs


@pytest.hookimpl(trylast=True)  # after `-m` has deselected: the order of what runs
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    def rank(item: pytest.Item) -> int:
        name = getattr(item, "originalname", item.name)
        return LONGEST_FIRST.index(name) if name in LONGEST_FIRST else len(LONGEST_FIRST)

    longest = sorted((item for item in items if rank(item) < len(LONGEST_FIRST)), key=rank)
    others = [item for item in items if rank(item) == len(LONGEST_FIRST)]
    # Dealt out like cards: the longest to the first worker, the next to the second...
    workers = int(os.environ.get("PYTEST_XDIST_WORKER_COUNT", "1"))
    ordered: list[pytest.Item] = []
    for worker, run in enumerate(worker_runs(len(items), workers)):
        heads = longest[worker::workers]
        taken = max(0, run - len(heads))
        ordered += heads + others[:taken]
        del others[:taken]
    items[:] = ordered + others
    for item in items:
        if item.get_closest_marker("slow") and not item.get_closest_marker("timeout"):
            item.add_marker(pytest.mark.timeout(SLOW_TIMEOUT))
