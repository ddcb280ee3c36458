"""The search's worker processes end with the table however it closes: shutting them down
never waits for them, a search waiting for answers is told, and the terminal's hang-up (which
reaches the whole process group) does not kill them in the middle of taking a task."""

from __future__ import annotations

import os
import signal
import sys
import threading
import time
from dataclasses import replace
from pathlib import Path

import pytest

from tests.helpers.tmux import running
from tests.helpers.waiting import wait_for
from thousand_tui.ai import pool

WAIT = 10.0  # seconds before a test gives up (a hang, not a slow machine)


def ignores_hangup(pid: int) -> bool:
    """Whether the process ignores SIGHUP (what its initializer sets), from /proc."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("SigIgn:"):
            return bool(int(line.split()[1], 16) & (1 << (signal.SIGHUP - 1)))
    return False


def started(jobs: int) -> pool.SearchPool:
    """A pool whose workers have all started and answered, now idle (each waiting for a task,
    one of them holding the task queue's lock while it waits)."""
    workers = pool.SearchPool(jobs)
    answered: set[int] = set()

    def all_answered() -> bool:
        answered.update(workers.run(slow_pid, range(2 * jobs)))
        return answered == set(workers.pids)

    wait_for("every worker to start and answer", all_answered, timeout=60, every=0)
    queue_lock = workers._pool._inqueue._rlock._semlock  # type: ignore[attr-defined]
    # taken by the worker that waits for the next task
    wait_for("a worker waiting for a task", lambda: queue_lock._get_value() == 0, timeout=60)
    return workers


def waiting_in(thread: threading.Thread, function: str) -> bool:
    """Whether the thread is inside `function` right now (somewhere down its stack)."""
    frame = sys._current_frames().get(thread.ident or -1)
    while frame is not None:
        if frame.f_code.co_name == function:
            return True
        frame = frame.f_back
    return False


def in_thread(work: object) -> threading.Thread:
    thread = threading.Thread(target=work, daemon=True)  # type: ignore[arg-type]
    thread.start()
    return thread


pytestmark = pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="needs /proc")


def test_shutting_down_does_not_wait_for_workers_that_died_holding_the_queue() -> None:
    """A worker killed while it waits for a task holds the queue's lock for good; the
    shutdown of `multiprocessing` itself waits for that lock forever."""
    workers = started(2)
    for pid in workers.pids:
        os.kill(pid, signal.SIGKILL)
    shutdown = in_thread(workers.shutdown)
    shutdown.join(WAIT)
    assert not shutdown.is_alive(), "the shutdown waits for the dead workers"
    assert workers.closed


@pytest.mark.long
def test_a_search_waiting_for_answers_is_told_when_the_pool_shuts_down() -> None:
    workers = started(2)
    told: list[BaseException] = []

    def search() -> None:
        try:
            list(workers.run(time.sleep, [60.0] * 4))
        except pool.PoolClosed as closed:
            told.append(closed)

    waiting = in_thread(search)
    # The answers take a minute.
    wait_for("the search to wait", lambda: waiting_in(waiting, "_wait") or not waiting.is_alive())
    assert waiting.is_alive(), "the search did not wait"
    workers.shutdown()
    waiting.join(WAIT)
    assert not waiting.is_alive(), "the search still waits for the answers of a closed pool"
    assert len(told) == 1


@pytest.mark.long
def test_a_search_that_asks_for_more_once_the_pool_is_shut_down_is_told() -> None:
    workers = started(1)
    answers = workers.run(pool_pid, range(10), ahead=1)
    assert next(answers) in workers.pids
    workers.shutdown()
    with pytest.raises(pool.PoolClosed):
        list(answers)
    with pytest.raises(pool.PoolClosed):
        workers.call(pool_pid, 0)


@pytest.mark.long
def test_the_workers_outlive_the_terminal_hang_up_and_end_with_the_pool() -> None:
    workers = started(2)
    pids = workers.pids
    try:
        assert all(ignores_hangup(pid) for pid in pids)
        for pid in pids:
            os.kill(pid, signal.SIGHUP)
        assert set(workers.run(pool_pid, range(8))) <= set(pids)
        assert all(running(pid) for pid in pids)
    finally:
        workers.shutdown()
    wait_for("the workers to end", lambda: not any(running(pid) for pid in pids), timeout=WAIT)


def pool_pid(_task: int) -> int:
    return os.getpid()


def slow_pid(_task: int) -> int:
    time.sleep(0.1)  # a task that takes a while: each worker gets one of them
    return os.getpid()


@pytest.mark.long
def test_the_programs_pool_ends_once_it_has_searched_nothing_for_a_while(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A game whose player stopped asking for hints keeps no search workers: the pool ends
    after `POOL_IDLE` seconds without a task, and the next search starts another."""
    monkeypatch.setattr(pool, "POOL_IDLE", 0.4)
    pool.shutdown()
    first = pool.shared_pool(1)
    try:
        pids = first.pids
        assert first.call(pool_pid, 0) in pids
        assert pool.shared_pool(1) is first  # in use: kept
        wait_for("the idle pool to close", lambda: first.closed, timeout=WAIT)
        wait_for("its workers to end", lambda: not any(running(pid) for pid in pids), timeout=WAIT)
        second = pool.shared_pool(1)
        assert second is not first and second.call(pool_pid, 0) not in pids
    finally:
        pool.shutdown()


@pytest.mark.long
def test_a_task_that_waited_for_a_worker_ends_at_its_decisions_deadline() -> None:
    """A search task's time counts from when it was handed to the pool, not from when a
    worker took it: a task with a tenth of a second, sent while the only worker is held for
    a second, is cut short as soon as the worker takes it (as the search service's are)."""
    from thousand_tui.ai import worlds

    from .test_worlds import RULES, random_position

    workers = started(1)
    try:
        holding = in_thread(lambda: list(workers.run(time.sleep, [1.0])))
        wait_for("the worker to be held", lambda: waiting_in(holding, "_wait"))
        task = worlds.Task(RULES, worlds.VALUE, (random_position(1, cards=8),), seconds=0.1)
        answer = workers.call(worlds.solve, task)
        holding.join(WAIT)
        # Its time was up before it began: stopped at the solver's first look at the clock
        # (every 1,024 nodes); given its tenth of a second, it is solved in about 20,000.
        assert not answer.complete and answer.nodes <= 2 * 1024
        fresh = workers.call(worlds.solve, replace(task, seconds=5.0))
        assert fresh.complete  # the same task, in time, is solved
    finally:
        workers.shutdown()
