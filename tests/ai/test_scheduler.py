"""The AI's scheduler (`ai/scheduler.py`): moves and hints first, the analysis of finished deals
in a background process that they pause, a bounded queue that holds each deal once."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import textwrap
import threading
import time
from collections.abc import Callable

import pytest

from tests.helpers.scheduler import InThread
from tests.helpers.waiting import wait_for
from thousand_tui.ai import analysis
from thousand_tui.ai.background import BackgroundProcess, WorkFailed
from thousand_tui.ai.scheduler import (
    IDLE_EXIT,
    BackgroundQueue,
    Finished,
    Priority,
    Scheduler,
    Task,
)
from thousand_tui.engine.game import Game, PlayerInfo
from thousand_tui.presets import load_preset

WAIT = 60.0  # seconds before a test gives up on what it waits for


def state(pid: int) -> str:
    """The process's state letter (R running, S sleeping, T stopped), or "" once it is gone."""
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
    except OSError:
        return ""
    return "" if fields[0] == "Z" else fields[0]


def task(key: int, requested: bool = False) -> Task:
    return Task(key, str, key, lambda finished: None, requested)


# ---------------------------------------------------------------------- the queue


def test_the_queue_holds_each_deal_once_and_marks_it_asked_for() -> None:
    queue = BackgroundQueue(limit=4)
    assert queue.add(task(1)) == [] and queue.add(task(1)) == []
    assert queue.add(task(1, requested=True)) == []
    assert len(queue) == 1 and queue.tasks[0].requested


def test_a_full_queue_drops_the_oldest_deal_nobody_asked_for() -> None:
    queue = BackgroundQueue(limit=3)
    first, asked, third, fourth = task(1), task(2, requested=True), task(3), task(4)
    for each in (first, asked, third):
        assert queue.add(each) == []
    assert queue.add(fourth) == [first]
    assert queue.add(task(5)) == [third]  # the one asked for stays
    assert [t.key for t in queue.tasks] == [2, 4, 5]


def test_a_deal_asked_for_goes_first() -> None:
    queue = BackgroundQueue(limit=4)
    for each in (task(1), task(2), task(3, requested=True)):
        queue.add(each)
    assert [queue.take().key for _ in range(3)] == [3, 1, 2]  # type: ignore[union-attr]
    assert queue.take() is None


# ---------------------------------------------------------------------- the scheduler


def collect() -> tuple[list[Finished], Callable[[Finished], None]]:
    told: list[Finished] = []
    return told, told.append


def test_no_background_task_begins_while_a_move_is_under_way() -> None:
    worker = InThread()
    scheduler = Scheduler(worker=worker, idle_exit=0.0)
    told, done = collect()
    with scheduler.foreground(Priority.MOVE):
        scheduler.submit(1, str, 1, done)
        time.sleep(0.2)  # time for a task to begin, were it let: none may
        assert worker.calls == [] and told == []
    wait_for("the answer once the move is made", lambda: [f.answer for f in told] == ["1"])


def test_the_background_is_paused_while_a_move_or_a_hint_runs() -> None:
    worker = InThread()
    scheduler = Scheduler(worker=worker)
    with scheduler.foreground(Priority.MOVE):
        assert (worker.paused, worker.resumed) == (1, 0)
        with scheduler.foreground(Priority.HINT):
            assert scheduler.busy()
        assert (worker.paused, worker.resumed) == (1, 0)  # still a move under way
    assert (worker.paused, worker.resumed) == (1, 1) and not scheduler.busy()


def test_a_deal_asked_for_while_it_is_analysed_is_not_analysed_again() -> None:
    release = threading.Event()
    calls: list[int] = []

    def slow(number: int) -> int:
        calls.append(number)
        release.wait(WAIT)
        return number

    scheduler = Scheduler(worker=InThread(), idle_exit=0.0)
    told, done = collect()
    scheduler.submit(7, slow, 7, done)
    wait_for("deal 7 under way", lambda: calls == [7])
    scheduler.submit(7, slow, 7, done, requested=True)
    assert scheduler.waiting() == [7]
    release.set()
    wait_for("the answer", lambda: len(told) == 1)
    time.sleep(0.1)  # time for a second analysis to begin, were it made: none may
    assert calls == [7] and told[0].answer == 7


def test_a_dropped_deal_is_told_so_and_an_error_is_told_as_text() -> None:
    release, entered = threading.Event(), threading.Event()

    def slow(number: int) -> int:
        entered.set()
        release.wait(WAIT)
        if number == 3:
            raise ValueError("broken on purpose")
        return number

    scheduler = Scheduler(worker=InThread(), limit=2, idle_exit=0.0)
    told, done = collect()
    scheduler.submit(1, slow, 1, done)
    assert entered.wait(WAIT)  # under way
    for number in (2, 3, 4):
        scheduler.submit(number, slow, number, done)
    assert [f.key for f in told] == [2] and told[0].dropped
    release.set()
    wait_for("the four answers", lambda: len(told) == 4)
    by_key = {f.key: f for f in told}
    assert by_key[1].answer == 1 and by_key[4].answer == 4
    assert by_key[3].error is not None and "broken on purpose" in by_key[3].error


# ---------------------------------------------------------------------- the real process


def finished_deal() -> analysis.DealTask:
    """Deal 1 of a game played at random, as its analysis's task."""
    game = Game(
        load_preset("classic").rules,
        3,  # a deal analysed in about a second: long enough to be paused, short to run twice
        [PlayerInfo("You", "human"), *map(PlayerInfo, ("Anna", "Boris"))],
    )
    chance = random.Random(1)
    while not any(line.get("type") == "result" for line in game.lines):
        seat = game.to_move
        assert seat is not None
        game.apply(chance.choice(game.legal_actions(seat)))
    for _ in range(12):  # the next deal begun: the task holds only what deal 1 needs
        seat = game.to_move
        assert seat is not None
        game.apply(chance.choice(game.legal_actions(seat)))
    made = analysis.deal_task(game.lines, 0, 1)
    assert len(made[0]) < len(game.lines) and made[0][-1]["type"] == "result"
    return made


@pytest.mark.long
def test_the_analysis_is_paused_by_a_move_and_goes_on_after_it() -> None:
    """A move that begins while a deal is analysed stops the analysis's process where it is
    (it takes no core from the move); the analysis goes on once the move is made, and its
    answer is the one it would have given anyway."""
    deal = finished_deal()
    # At the process's own priority: at the background's (tests/robustness/test_priority.py),
    # on a machine busy with the other tests, its second of work can wait for minutes.
    worker = BackgroundProcess(nice=0)
    scheduler = Scheduler(worker=worker, idle_exit=0.2)
    told, done = collect()
    try:
        scheduler.submit(1, analysis.analyze_task, deal, done)
        wait_for(
            "the process",
            lambda: worker.pid is not None and state(worker.pid) in ("R", "S"),
            timeout=WAIT,
        )
        pid = worker.pid
        assert pid is not None
        with scheduler.foreground(Priority.MOVE):
            wait_for("the process stopped", lambda: state(pid) == "T", timeout=5)
            time.sleep(0.3)  # the process stays stopped while the move runs
            assert state(pid) == "T" and told == []
        wait_for("the process going on", lambda: state(pid) in ("R", "S"), timeout=5)
        wait_for("the answer", lambda: len(told) == 1, timeout=WAIT)
        assert told[0].answer == analysis.analyze_task(deal)
        # Nothing left to analyse: the process ends after its short idle.
        wait_for(
            "the idle process to end", lambda: worker.pid is None and state(pid) == "", timeout=WAIT
        )
    finally:
        scheduler.close()


def test_a_work_that_raises_is_told_with_its_traceback_and_the_process_serves_on() -> None:
    worker = BackgroundProcess()
    try:
        with pytest.raises(WorkFailed, match="TypeError"):
            worker.call(analysis.analyze_task, None)  # type: ignore[arg-type]
        with pytest.raises(ValueError, match="not a function of the AI's modules"):
            worker.call(os.getpid, None)  # type: ignore[arg-type]
        assert worker.call(analysis.analyze_task, ([], 0, 1)) is None
    finally:
        worker.stop(closing=True)


@pytest.mark.parametrize("paused", [False, True])
def test_the_background_process_ends_with_its_program(paused: bool) -> None:
    """A program killed the hard way leaves no analysis process behind, paused or not."""
    program = textwrap.dedent(
        f"""
        import sys, time
        from thousand_tui.ai import analysis
        from thousand_tui.ai.background import BackgroundProcess
        worker = BackgroundProcess()
        worker.call(analysis.analyze_task, ([], 0, 1))
        if {paused}:
            worker.pause()
        print(worker.pid, flush=True)
        time.sleep(60)
        """
    )
    parent = subprocess.Popen([sys.executable, "-c", program], stdout=subprocess.PIPE, text=True)
    try:
        assert parent.stdout is not None
        child = int(parent.stdout.readline())
        wait_for("the child process", lambda: state(child) == ("T" if paused else "S"), timeout=5)
        parent.send_signal(signal.SIGKILL)
        parent.wait(WAIT)
        wait_for("the child process to end", lambda: state(child) == "", timeout=10)
    finally:
        parent.kill()


@pytest.mark.parametrize("is_hosted", [False, True])
def test_a_hosted_programs_background_process_ends_once_its_analysis_is_made(
    is_hosted: bool,
) -> None:
    """Where hosted, each player's idle process would be the host's memory: it ends as soon
    as nothing is left to analyse. At home it is kept a little while for the next deal."""
    worker = BackgroundProcess()
    scheduler = Scheduler(worker=worker, hosted=is_hosted)
    told, done = collect()
    try:
        assert scheduler.idle_exit == (0.0 if is_hosted else IDLE_EXIT)
        scheduler.submit(1, analysis.analyze_task, ([], 0, 1), done)
        wait_for("the answer", lambda: len(told) == 1, timeout=WAIT)
        if is_hosted:
            wait_for("the process to end", lambda: worker.pid is None, timeout=WAIT)
        else:
            time.sleep(0.5)  # at home the idle process is kept a while after its answer
            assert worker.pid is not None
    finally:
        scheduler.close()


def test_a_process_made_while_a_move_is_under_way_waits_for_it() -> None:
    """The process is made without the lock a move's pause takes; one made after the pause
    was asked is stopped as it starts, and goes on once the move is made."""
    worker = BackgroundProcess()
    answers: list[object] = []
    worker.pause()  # a move begins before the process is there
    thread = threading.Thread(
        target=lambda: answers.append(worker.call(analysis.analyze_task, ([], 0, 1))), daemon=True
    )
    try:
        thread.start()
        wait_for("the process", lambda: worker.pid is not None, timeout=WAIT)
        pid = worker.pid
        assert pid is not None
        wait_for("the process stopped", lambda: state(pid) == "T", timeout=5)
        assert answers == []
        worker.resume()
        thread.join(WAIT)
        assert answers == [None]
    finally:
        worker.stop(closing=True)
