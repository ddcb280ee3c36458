"""The account's search service: every game of the account searches on its workers, fairly;
a game whose service dies or cannot be reached searches with workers of its own; the socket is
the account's alone, and a message that is not the service's is refused without harm."""

from __future__ import annotations

import contextlib
import os
import pickle
import signal
import socket
import stat
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.helpers.tmux import running
from tests.helpers.waiting import listens, wait_for
from thousand_tui.ai import search_service as ss
from thousand_tui.ai import worlds
from thousand_tui.ai.hard import HardPlayer
from thousand_tui.ai.pool import SearchPool, Workers
from thousand_tui.ai.worlds import VALUE, Task
from thousand_tui.engine.actions import Action
from thousand_tui.priority import LOCAL, Host

from .helpers import play_states
from .test_worlds import RULES, random_position

WAIT = 30.0  # seconds before a test gives up (a hang, not a slow machine)


def service_pid(folder: Path) -> int:
    return int((folder / ss.LOCK_NAME).read_text().split()[0])


@contextlib.contextmanager
def service(folder: Path, jobs: int = 2, idle: float = 60.0) -> Iterator[subprocess.Popen[bytes]]:
    """A service of `folder`, started as a game starts it, ended after the test."""
    folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    command = [sys.executable, "-c", ss.START, str(folder), f"--jobs={jobs}", f"--idle={idle}"]
    process = subprocess.Popen(command, cwd=folder, start_new_session=True)
    try:
        wait_for("the service to listen", lambda: listens(folder / ss.SOCKET_NAME), timeout=WAIT)
        yield process
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.kill(process.pid, signal.SIGTERM)
        process.wait(WAIT)


@contextlib.contextmanager
def game(folder: Path, log: Path | None = None) -> Iterator[ss.SharedPool]:
    pool = ss.SharedPool(folder, 2, log_file=log or folder.parent / "thousand.log")
    try:
        yield pool
    finally:
        pool.shutdown()


GAME = """
import sys
from pathlib import Path
from thousand_tui.ai import search_service as ss
pool = ss.SharedPool(Path(sys.argv[1]), 2, log_file=Path(sys.argv[1]).parent / "game.log")
pids = set(pool.run(ss.wait, [0.2] * 6))
print(pool.service_pid, *sorted(pids))
pool.shutdown()
"""


@pytest.mark.long
def test_two_games_search_on_the_same_workers(tmp_path: Path) -> None:
    folder = tmp_path / "search"
    with service(folder) as process, game(folder) as mine:
        other = subprocess.run(
            [sys.executable, "-c", GAME, str(folder)],
            capture_output=True,
            text=True,
            timeout=WAIT,
            check=True,
        )
        theirs = [int(word) for word in other.stdout.split()]
        mine_pids = set(mine.run(ss.wait, [0.2] * 6))
        assert theirs[0] == mine.service_pid == process.pid
        assert set(theirs[1:]) == mine_pids == set(mine.service_workers)
        assert len(mine_pids) == 2 and os.getpid() not in mine_pids
        assert mine._local is None  # the game started no worker of its own


def test_the_service_starts_on_demand_once_and_its_files_are_private(tmp_path: Path) -> None:
    folder = tmp_path / "search"
    old = os.umask(0)  # a careless umask changes nothing
    try:
        with game(folder) as first, game(folder) as second:
            assert first.call(ss.worker_pid, 0) in first.service_workers
            assert second.call(ss.worker_pid, 0) in second.service_workers
            assert first.service_pid == second.service_pid
            pid = first.service_pid
            assert pid is not None and running(pid)
    finally:
        os.umask(old)
        with contextlib.suppress(Exception):
            os.kill(service_pid(folder), signal.SIGTERM)
    assert stat.S_IMODE(folder.stat().st_mode) == 0o700
    assert stat.S_IMODE((folder / ss.LOCK_NAME).stat().st_mode) == 0o600
    assert stat.S_IMODE((folder / ss.SERVICE_LOG).stat().st_mode) == 0o600
    wait_for("the service to end", lambda: not running(pid), timeout=WAIT)


@pytest.mark.long
def test_the_socket_is_the_owners_alone_and_a_second_service_gives_way(tmp_path: Path) -> None:
    folder = tmp_path / "search"
    with service(folder) as process:
        assert stat.S_IMODE((folder / ss.SOCKET_NAME).stat().st_mode) == 0o600
        assert stat.S_IMODE(folder.stat().st_mode) == 0o700
        second = subprocess.run(
            [sys.executable, "-c", ss.START, str(folder)], cwd=folder, timeout=WAIT, check=False
        )
        assert second.returncode == ss.ALREADY  # the lock is taken: the first serves on
        assert running(process.pid)


@pytest.mark.long
def test_a_second_games_short_task_is_answered_while_the_first_ones_long_decision_runs(
    tmp_path: Path,
) -> None:
    """One worker; the first game sends eight tasks of half a second at once. The second
    game's task is taken in turn with them, not after them."""
    folder = tmp_path / "search"
    with service(folder, jobs=1), game(folder) as first, game(folder) as second:
        assert first.call(ss.worker_pid, 0)  # both connected before the race starts
        assert second.call(ss.worker_pid, 0)
        done_first: list[float] = []

        def long_decision() -> None:
            for _ in first.run(ss.wait, [0.5] * 8, ahead=8):
                done_first.append(time.monotonic())

        thread = threading.Thread(target=long_decision)
        thread.start()
        wait_for("the first game's answer", lambda: done_first, timeout=WAIT)
        second.call(ss.wait, 0.0)
        answered = time.monotonic()
        thread.join(WAIT)
        assert len(done_first) == 8
        # Answered while at least half of the first game's tasks were still to come.
        assert sum(1 for t in done_first if t > answered) >= 4


@pytest.mark.long
def test_a_game_whose_service_dies_mid_decision_makes_it_with_its_own_workers(
    tmp_path: Path,
) -> None:
    folder = tmp_path / "search"
    log = tmp_path / "thousand.log"
    with service(folder) as process, game(folder, log) as mine:
        answers = []
        for pid in mine.run(ss.wait, [0.3] * 8):
            answers.append(pid)
            if len(answers) == 1:
                os.kill(process.pid, signal.SIGKILL)
        assert len(answers) == 8  # no task was lost
        own = set(mine._local.pids) if mine._local is not None else set()
        assert own and set(answers[-4:]) <= own
        assert answers[0] in mine.service_workers
        text = log.read_text()
        assert "search service" in text and "worker processes of its own" in text
        assert mine.call(ss.worker_pid, 0) in own  # the next decision too


@pytest.mark.long
def test_a_game_that_cannot_reach_the_service_searches_alone(tmp_path: Path) -> None:
    folder = tmp_path / "search"
    folder.write_text("not a folder")  # nothing can be started there
    log = tmp_path / "thousand.log"
    with game(folder, log) as mine:
        tasks = [Task(RULES, VALUE, (random_position(seed),)) for seed in range(6)]
        here = [answer.results for answer in worlds.run(tasks, None, {})]
        assert [answer.results for answer in worlds.run(tasks, mine)] == here
        assert mine._local is not None
        assert "cannot be reached" in log.read_text()


@pytest.mark.long
def test_the_service_ends_when_no_game_has_used_it_for_a_while(tmp_path: Path) -> None:
    folder = tmp_path / "search"
    with service(folder, idle=1.0) as process, game(folder) as mine:
        mine.call(ss.worker_pid, 0)
        workers = list(mine.service_workers)
        assert process.wait(WAIT) == 0
        assert not (folder / ss.SOCKET_NAME).exists()
        wait_for(
            "the workers to end", lambda: not any(running(pid) for pid in workers), timeout=WAIT
        )
        # The next decision starts a new service.
        assert mine.call(ss.worker_pid, 0) not in workers
        assert mine._local is None
        os.kill(service_pid(folder), signal.SIGTERM)


class Planted:
    """A pickle that would run a command when loaded."""

    def __init__(self, marker: Path) -> None:
        self.marker = marker

    def __reduce__(self) -> tuple[object, tuple[str]]:
        return os.system, (f"touch {self.marker}",)


def raw(folder: Path) -> socket.socket:
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    sock.connect(str(folder / ss.SOCKET_NAME))
    sock.settimeout(WAIT)
    return sock


def read_frame(sock: socket.socket) -> tuple[dict[str, object], bytes] | None:
    link = ss.Link(sock)
    try:
        return link.receive(WAIT)
    except ss.Unreachable:
        return None


@pytest.fixture(scope="module")
def hostile_target(
    tmp_path_factory: pytest.TempPathFactory,
) -> Iterator[tuple[Path, subprocess.Popen[bytes]]]:
    """One service that the hostile messages below are sent to in turn: each must leave it
    serving the next (started once: a service of its own for each is no stronger)."""
    folder = tmp_path_factory.mktemp("hostile") / "search"
    with service(folder) as process:
        yield folder, process


@pytest.mark.long
@pytest.mark.parametrize(
    "message",
    [
        b"\xff\xff\xff\xff\x00\x00\x00\x00",  # a header four gigabytes long
        ss.FRAME.pack(5, 0) + b"hello",  # not JSON
        ss.frame({"op": "run", "command": "ls"}),
        ss.frame({"op": "task", "batch": 0, "seq": 0, "work": "os.system"}, b"x"),
        ss.frame({"op": "task", "batch": -1, "seq": "a", "work": "solve"}, b"x"),
    ],
)
def test_a_message_that_is_not_the_services_is_refused(
    hostile_target: tuple[Path, subprocess.Popen[bytes]], message: bytes
) -> None:
    folder, process = hostile_target
    sock = raw(folder)
    sock.sendall(message)
    got = read_frame(sock)
    assert got is not None and got[0]["op"] == "refused"
    assert sock.recv(10) == b""  # and closed
    sock.close()
    with game(folder) as mine:  # the service serves on
        assert mine.call(ss.worker_pid, 0) in mine.service_workers
    assert running(process.pid)


@pytest.mark.long
def test_a_planted_pickle_is_not_run(
    hostile_target: tuple[Path, subprocess.Popen[bytes]], tmp_path: Path
) -> None:
    folder, process = hostile_target
    marker = tmp_path / "ran"
    sock = raw(folder)
    payload = pickle.dumps(Planted(marker))
    sock.sendall(ss.frame({"op": "task", "batch": 0, "seq": 0, "work": "solve"}, payload))
    got = read_frame(sock)
    assert got is not None
    header, text = got
    assert header["op"] == "answer" and header["ok"] is False
    assert b"not a thing of the search" in text
    sock.close()
    assert not marker.exists()
    with game(folder) as mine:
        assert mine.call(ss.worker_pid, 0) in mine.service_workers
    assert running(process.pid)
    with pytest.raises(pickle.UnpicklingError):
        ss.load(payload)


def test_a_stalled_connection_holds_no_other_game_up(
    hostile_target: tuple[Path, subprocess.Popen[bytes]],
) -> None:
    folder, _process = hostile_target
    sock = raw(folder)
    sock.sendall(ss.FRAME.pack(100, 0) + b"{")  # half a frame, then nothing
    with game(folder) as mine:
        assert mine.call(ss.worker_pid, 0) in mine.service_workers
    sock.close()


def decisions(workers: Workers | None) -> list[Action]:
    """hard's decisions of a deal, each searched on `workers` with a budget of samples."""

    class Searching(HardPlayer):
        def search_pool(self) -> Workers | None:
            return workers

    made = []
    for _, view in play_states("classic", 4, level="normal", deals=1):
        if len(view.legal) < 2 or view.hand is None:
            continue
        made.append(Searching(11, samples=4, node_limit=30_000).decide(view))
    return made


@pytest.mark.long
def test_the_same_seed_makes_the_same_decisions_on_the_service_as_on_own_workers(
    tmp_path: Path,
) -> None:
    folder = tmp_path / "search"
    own = SearchPool(2)
    try:
        with service(folder), game(folder) as mine:
            alone = decisions(None)
            assert len(alone) > 5
            assert decisions(own) == alone
            assert decisions(mine) == alone
            assert mine._local is None
    finally:
        own.shutdown()


def test_a_hosted_game_uses_the_service_its_host_names(tmp_path: Path) -> None:
    """The search follows what the program runs as (`running_as`, from its entry point):
    the service of the folder its `Host` names, else workers of its own."""
    from thousand_tui.ai.pool import running_as

    named = tmp_path / "account" / "search"
    try:
        with running_as(Host(hosted=True, data=tmp_path / "p", search=named)):
            shared = ss.game_pool(1)
            assert isinstance(shared, ss.SharedPool) and shared.folder == named
            assert shared.log_file == tmp_path / "p" / ss.LOG_NAME  # the player's own log
        with running_as(LOCAL):  # at a terminal of one's own: its own workers
            assert not isinstance(ss.game_pool(1), ss.SharedPool)
    finally:
        ss.shutdown()


@pytest.mark.long
def test_a_task_that_waited_for_a_worker_keeps_its_decisions_deadline() -> None:
    """A task's time counts from when the game sent it, not from when a worker took it: on
    busy workers a decision still ends at its deadline."""
    # Time enough for it however slow the machine; its deadline is what differs.
    task = Task(RULES, VALUE, (random_position(1, cards=8),), seconds=60.0)
    ok, fresh = ss.do_work("solve", ss.dump(task), time.monotonic() + 60.0)
    assert ok and ss.load(fresh).complete
    ok, late = ss.do_work("solve", ss.dump(task), time.monotonic() - 0.5)
    assert ok and not ss.load(late).complete  # it waited longer than its time


def test_a_task_whose_time_runs_out_while_it_waits_is_answered_then_not_when_a_worker_is_free(
    tmp_path: Path,
) -> None:
    """One worker, held for a second by a task with another waiting behind it: a search task
    with a tenth of a second, sent behind them, is answered as cut short when its time is up,
    before the worker is free, and is never solved."""
    folder = tmp_path / "search"
    with service(folder, jobs=1), game(folder) as holding, game(folder) as deciding:
        assert holding.call(ss.worker_pid, 0) and deciding.call(ss.worker_pid, 0)
        freed: list[float] = []

        def hold() -> None:
            for _ in holding.run(ss.wait, [1.0, 1.0]):
                freed.append(time.monotonic())

        thread = threading.Thread(target=hold)
        thread.start()
        time.sleep(0.2)  # the worker has taken the long task (no answer can say so)
        task = Task(RULES, VALUE, (random_position(1, cards=8),), seconds=0.1)
        answer = deciding.call(worlds.solve, task)
        answered = time.monotonic()
        thread.join(WAIT)
        assert not answer.complete and answer.nodes == 0  # never reached a worker
        assert len(freed) == 2 and answered < freed[0]  # before the first long task ended


def test_a_decisions_first_deal_goes_before_the_other_games_waiting_tasks(
    tmp_path: Path,
) -> None:
    """One worker, two games each with four tasks of half a second waiting: a third game's
    new decision has its first deal solved as soon as a task in hand is done (in turn, it
    would wait for the six or seven still to come)."""
    folder = tmp_path / "search"
    with service(folder, jobs=1), game(folder) as a, game(folder) as b, game(folder) as c:
        for each in (a, b, c):
            assert each.call(ss.worker_pid, 0)  # all connected before the race starts
        done: list[float] = []

        def long_decision(pool: ss.SharedPool) -> None:
            for _ in pool.run(ss.wait, [0.5] * 4, ahead=4):
                done.append(time.monotonic())

        threads = [threading.Thread(target=long_decision, args=(p,)) for p in (a, b)]
        for thread in threads:
            thread.start()
        wait_for("the answers to the long decisions", lambda: done, timeout=WAIT)
        before = len(done)
        c.call(ss.wait, 0.0)
        answered = time.monotonic()
        for thread in threads:
            thread.join(WAIT)
        assert len(done) == 8
        # At most the tasks the worker held (one running, one handed over) came in between.
        assert sum(1 for t in done if t <= answered) - before <= 2


def test_a_folder_whose_path_is_too_long_for_a_socket_still_serves(tmp_path: Path) -> None:
    folder = tmp_path / ("long" * 30) / "search"
    assert len(os.fsencode(folder / ss.SOCKET_NAME)) > 108
    with game(folder) as mine:
        assert mine.call(ss.worker_pid, 0) in mine.service_workers
        assert mine._local is None
        pid = mine.service_pid
    assert pid is not None
    os.kill(pid, signal.SIGTERM)


@pytest.mark.long
def test_a_service_that_cannot_start_is_given_up_at_once(tmp_path: Path) -> None:
    folder = tmp_path / "search"
    (folder / ss.LOCK_NAME).mkdir(parents=True)  # the service cannot take its lock
    log = tmp_path / "thousand.log"
    with game(folder, log) as mine:
        assert mine.call(ss.worker_pid, 0) in (mine._local.pids if mine._local else [])
        assert "ended at its start" in log.read_text()


@pytest.mark.long_variants
@pytest.mark.parametrize("expires", [1e12, float("inf"), float("nan"), -5.0])
def test_a_tasks_time_is_watched_for_a_minute_at_most(expires: float) -> None:
    """Whatever time a task says it ends at, the service's watch on it ends within a minute
    (a time that never comes would hold its watch for the service's whole life)."""
    waits: list[float] = []

    class Loop:
        def call_later(self, delay: float, *_: object) -> None:
            waits.append(delay)

    service = ss.Service(Path("/nonexistent"), jobs=1)
    service.loop = Loop()  # type: ignore[assignment]
    service.dispatch = lambda: None  # type: ignore[method-assign]
    header = {"op": "task", "batch": 1, "seq": 0, "work": "pid", "expires": expires}
    service.take(ss.Conn(None), header, b"")  # type: ignore[arg-type]
    assert len(waits) == 1 and 0.0 <= waits[0] <= ss.EXPIRY_WAIT
