"""The order of the tests, for every test directory (each test says what it runs as: a hosted
session is a `priority.Host` value it passes, never an environment left behind)."""

from __future__ import annotations

import functools
import json
import os
from pathlib import Path

import pytest

from tests.helpers import auto_analysis, compiled, css_cache, lazy_frames

# The default run leaves out the long tests and all but the first variant of a test marked
# `long_variants` (tests/helpers/tiers.py).
pytest_plugins = ["tests.helpers.tiers"]

TESTS = Path(__file__).parent

# The longest tests, the longest first: the slow run's (`pytest -m slow --durations=15`), the
# long run's and the default run's (`pytest --durations=40`, with `-m long` or without). Each
# xdist worker starts with its share of them (`--dist worksteal`, pyproject.toml, hands each
# worker a run of the collection at first, and later moves only the end of a queue), so that
# none of them starts near the end, when the other workers have nothing left. The others are
# dealt by `deal`.
LONGEST_FIRST = (
    "test_many_players_at_once",
    "test_soak_whole_games_memory_and_replay",
    "test_whole_games_under_any_combination_long",
    "test_mutated_real_records_long",
    "test_long_random_games_of_every_preset",
    "test_friends_at_one_table_over_ssh",
    "test_open_from_the_lobby_then_a_stranger_sits_and_another_quick_matches",
    # the long run
    "test_the_analysis_is_paused_by_a_move_and_goes_on_after_it",
    "test_whole_games_under_any_combination",
    "test_every_screen_of_the_table_shows_hostile_text_as_written",
    "test_the_side_sheet_shows_the_finished_deal_while_its_result_is_open",
    "test_an_error_names_the_file_the_key_and_what_is_allowed",
    "test_a_daily_deal_at_the_table",
    "test_the_footers_old_keys_are_let_go",
    "test_each_key_has_a_name_of_its_own",
    "test_legal_decisions_under_any_conventions",
    "test_the_pace_and_the_motion_are_chosen_and_remembered",
    "test_a_continued_game_plays_as_the_start_screen_says",
    "test_the_players_are_told_once_that_the_club_database_is_gone_and_once_it_is_back",
    # the default run
    "test_from_the_start_screen_to_the_table_and_back",
    "test_play_quit_resume_and_hang_up",
    "test_table",
    "test_every_way_of_losing_the_terminal_ends_the_game",
)


# Seconds before a slow test that hangs fails (the default run's `timeout` is in pyproject.toml):
# the longest slow test takes a few minutes on two loaded cores. A test's own
# `@pytest.mark.timeout(N)` comes first.
SLOW_TIMEOUT = 900


def pytest_configure(config: pytest.Config) -> None:
    if getattr(config.option, "numprocesses", None) and not os.environ.get("PYTEST_XDIST_WORKER"):
        compiled.compile_before_workers()
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
    """`-n auto`: three workers a core. A test of the table waits about half its time (for the
    screen, a socket, another process), so fewer workers leave the cores idle (README, "Test":
    the run's time at two, three and four a core); the slow run (`-m slow`: soak, memory,
    load) keeps one a core."""
    cores = len(os.sched_getaffinity(0))
    return cores if config.getoption("markexpr") == "slow" else 3 * cores


def worker_runs(count: int, workers: int) -> list[int]:
    """How many tests `--dist worksteal` first hands each of `workers` workers, of `count`."""
    runs = []
    for worker in range(workers):
        runs.append(count // (workers - worker))
        count -= runs[-1]
    return runs


# Seconds a test of each module takes on average in the default run (on two cores, three
# workers a core), as a run with THOUSAND_TEST_DURATIONS set measures them (the modules it ran;
# see `pytest_sessionfinish`); a module not in it counts as its folder's modules do.
DURATIONS = TESTS / "durations.json"
QUICK = 0.05  # seconds a test: a module of such tests evens out the end of each worker's run


@functools.cache
def seconds_by_module() -> dict[str, float]:
    try:
        known = json.loads(DURATIONS.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return {str(k): float(v) for k, v in known.items()} if isinstance(known, dict) else {}


@functools.cache
def module_seconds(path: Path) -> float:
    """About how long a test of the module at `path` takes."""
    known = seconds_by_module()
    name = path.relative_to(TESTS).as_posix()
    if name in known:
        return known[name]
    folder = [v for k, v in known.items() if k.rsplit("/", 1)[0] == name.rsplit("/", 1)[0]]
    return sum(folder) / len(folder) if folder else QUICK


def cost(item: pytest.Item) -> float:
    return module_seconds(item.path)


def deal(items: list[pytest.Item], workers: int, longest: list[pytest.Item]) -> list[pytest.Item]:
    """`items` in the order in which `--dist worksteal` hands each worker a balanced share.

    Each worker's run (`worker_runs`) begins with its share of `longest`, then whole modules of
    long tests, dealt so that the runs take about as long, and ends with the quick tests.
    A worker out of work later takes half of the end of the longest queue: quick tests, which
    even out the end of the run, where a long test taken last would leave the others idle."""
    runs = worker_runs(len(items), workers)
    firsts = set(longest)
    modules: dict[Path, list[pytest.Item]] = {}
    for item in items:
        if item not in firsts:
            modules.setdefault(item.path, []).append(item)
    long = [module for module in modules.values() if cost(module[0]) > QUICK]
    quick = [item for module in modules.values() if cost(module[0]) <= QUICK for item in module]
    queues = [longest[worker::workers] for worker in range(workers)]
    load = [sum(map(cost, queue)) for queue in queues]
    for module in sorted(long, key=lambda module: -cost(module[0]) * len(module)):
        room = [w for w in range(workers) if len(queues[w]) + len(module) <= runs[w]]
        worker = min(room or range(workers), key=lambda w: load[w])
        queues[worker] += module
        load[worker] += cost(module[0]) * len(module)
    ordered: list[pytest.Item] = []
    spare: list[pytest.Item] = []
    for queue, run in zip(queues, runs, strict=True):
        spare += queue[run:]  # a run too long for its count: its end goes with the quick tests
        del queue[run:]
    spare += quick
    for queue, run in zip(queues, runs, strict=True):
        taken = run - len(queue)
        ordered += queue + spare[:taken]
        del spare[:taken]
    return ordered + spare


@pytest.hookimpl(trylast=True)  # after `-m` has deselected: the order of what runs
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    def rank(item: pytest.Item) -> int:
        name = getattr(item, "originalname", item.name)
        return LONGEST_FIRST.index(name) if name in LONGEST_FIRST else len(LONGEST_FIRST)

    longest = sorted((item for item in items if rank(item) < len(LONGEST_FIRST)), key=rank)
    workers = int(os.environ.get("PYTEST_XDIST_WORKER_COUNT", "1"))
    items[:] = deal(items, workers, longest)
    for item in items:
        if item.get_closest_marker("slow") and not item.get_closest_marker("timeout"):
            item.add_marker(pytest.mark.timeout(SLOW_TIMEOUT))


# `THOUSAND_TEST_DURATIONS=tests/durations.json pytest -n auto` measures the seconds a test of
# each module it runs takes, which `deal` balances the workers' runs by (the other modules'
# figures are kept).
_durations: dict[str, list[float]] = {}  # a module's seconds (every phase) and its tests' count


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    if os.environ.get("THOUSAND_TEST_DURATIONS"):
        module = report.nodeid.split("::", 1)[0].removeprefix("tests/")
        seconds = _durations.setdefault(module, [0.0, 0.0])
        seconds[0] += report.duration
        seconds[1] += report.when == "setup"


def pytest_sessionfinish(session: pytest.Session) -> None:
    target = os.environ.get("THOUSAND_TEST_DURATIONS")
    if target and _durations and not os.environ.get("PYTEST_XDIST_WORKER"):
        measured = {k: round(s / n, 3) for k, (s, n) in _durations.items() if n}
        known = seconds_by_module() if Path(target).resolve() == DURATIONS.resolve() else {}
        merged = dict(sorted({**known, **measured}.items()))
        Path(target).write_text(json.dumps(merged, indent=1) + "\n", encoding="utf-8")
