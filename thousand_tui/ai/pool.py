"""Worker processes for `hard`'s search: one pool per program, started once, shut down on quit.

The searching player solves each sampled deal on its own, so the deals of one decision can be
solved side by side. `SearchPool(jobs)` starts `jobs` worker processes (with the `spawn`
method: the table runs threads, which `fork` would copy in a broken state); `run` hands them
tasks and yields the answers in the order of the tasks, each as soon as it and the ones before
it are in, until the caller stops asking. A worker notices when the program that started it is
gone (a hang-up that ended it the hard way) and exits on its own.

Shutting a pool down never waits: a worker may have died holding the lock of the task queue
(the terminal's hang-up reaches the whole process group), and `multiprocessing`'s own
`terminate()` then waits for that lock forever. So the workers ignore the hang-up (the program
ends them), `shutdown()` ends them on a thread of its own, and whoever waits for an answer is
told at once that the pool is closed.

`shared_pool(jobs)` gives the program's pool (starting it the first time); `shutdown()` ends it;
the table calls `shutdown()` when it closes, however it closes. (The analysis of finished deals
runs elsewhere, in a process that the game's own work pauses: `scheduler.py`.) A hosted
program's search runs on the account's search service instead, whose workers all the account's
games share (`search_service.py`); this pool is then only what a game falls back on.
"""

from __future__ import annotations

import atexit
import contextlib
import dataclasses
import os
import signal
import sys
import threading
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from typing import TYPE_CHECKING, Protocol, TypeVar

from ..priority import LOCAL, Host, give_way

if TYPE_CHECKING:
    from multiprocessing.pool import AsyncResult

T = TypeVar("T")
R = TypeVar("R")

ORPHAN_CHECK = 0.5  # seconds between a worker's looks at whether its program still runs
POLL = 0.1  # seconds between two looks at whether the pool was shut down, while waiting


def _watch_parent(parent: int, nice: int = 0, hosted: bool = False) -> None:
    if hosted:
        give_way()  # a hosted program's workers run at its priority, or lower
    # The terminal's hang-up and Ctrl+C reach the whole process group: the program ends its
    # workers itself (or they notice it is gone), never in the middle of taking a task.
    for sig in (signal.SIGHUP, signal.SIGINT):
        with contextlib.suppress(ValueError, OSError):
            signal.signal(sig, signal.SIG_IGN)
    if nice:
        with contextlib.suppress(OSError):
            os.nice(nice)

    def watch() -> None:
        while True:
            time.sleep(ORPHAN_CHECK)
            if os.getppid() != parent:
                os._exit(0)

    threading.Thread(target=watch, name="thousand-orphan-watch", daemon=True).start()


def _within(work: Callable[[T], R], task: T, expires: float | None) -> R:
    """In a worker: `work(task)`, the task's time (its `seconds`, counted from its start)
    ending at `expires` at the latest (`time.monotonic()`, one clock for every process of the
    machine). A task that waited behind others for a worker (a decision's later deals, the
    last decision's deals still being solved) thus ends at its decision's deadline, not that
    long after it."""
    seconds = getattr(task, "seconds", None)
    if expires is not None and seconds is not None and dataclasses.is_dataclass(task):
        left = max(0.0, expires - time.monotonic())
        task = dataclasses.replace(task, seconds=min(seconds, left))  # type: ignore[type-var]
    return work(task)


@contextlib.contextmanager
def real_stdio() -> Iterator[None]:
    """The process's own standard streams while workers start: a screen library may have
    replaced them with objects that have no file descriptor, which starting a process needs."""
    saved = sys.stdout, sys.stderr
    try:
        for name, real in (("stdout", sys.__stdout__), ("stderr", sys.__stderr__)):
            try:
                getattr(sys, name).fileno()
            except (AttributeError, OSError, ValueError):
                setattr(sys, name, real)
            else:
                if getattr(sys, name).fileno() < 0:
                    setattr(sys, name, real)
        yield
    finally:
        sys.stdout, sys.stderr = saved


class PoolClosed(Exception):
    """The pool was shut down before the answer came."""


class Workers(Protocol):
    """What the search asks of its workers: the program's own (`SearchPool`) or the
    account's search service (`search_service.SharedPool`)."""

    @property
    def pids(self) -> list[int]: ...

    def run(self, work: Callable[[T], R], tasks: Iterable[T], ahead: int = 2) -> Iterator[R]: ...

    def warm_up(self) -> None: ...

    def shutdown(self) -> None: ...


class SearchPool:
    """`jobs` worker processes and a bound on the tasks in flight."""

    def __init__(
        self, jobs: int, nice: int = 0, max_tasks: int | None = None, hosted: bool = False
    ) -> None:
        """`max_tasks`: a worker that has done that many tasks is replaced by a new one;
        `hosted`: the workers run at the priority of a hosted account."""
        # `multiprocessing` is imported by the first pool made: about 0.6 MB of a process that
        # never makes one (a game against `easy`, the analysis worker).
        import multiprocessing

        self.jobs = jobs
        context = multiprocessing.get_context("spawn")
        with real_stdio():
            self._pool = context.Pool(
                jobs,
                initializer=_watch_parent,
                initargs=(os.getpid(), nice, hosted),
                maxtasksperchild=max_tasks,
            )
        self._closed = False
        self.used_at = time.monotonic()  # the last task handed to it, or the last answer

    def warm_up(self) -> None:
        """Wait until every worker answers (they start in the background otherwise)."""
        for answer in [self._pool.apply_async(os.getpid) for _ in range(self.jobs)]:
            with contextlib.suppress(Exception):
                answer.get(timeout=30)

    def run(self, work: Callable[[T], R], tasks: Iterable[T], ahead: int = 2) -> Iterator[R]:
        """Answers to `tasks` in order. At most `ahead` tasks per worker are in flight; when the
        caller stops iterating, the workers finish the tasks they hold and the answers are
        dropped (a task is a single sampled deal: a few milliseconds)."""
        pending: deque[AsyncResult[R]] = deque()
        source = iter(tasks)
        limit = max(1, ahead * self.jobs)
        while True:
            while len(pending) < limit:
                task = next(source, None)
                if task is None:
                    break
                pending.append(self._submit(work, task))
            if not pending:
                return
            yield self._wait(pending.popleft())

    def call(self, work: Callable[[T], R], task: T, poll: float = POLL) -> R:
        """`work(task)` in a worker; raises `PoolClosed` if the pool is shut down meanwhile
        (a program that quits never waits for it)."""
        return self._wait(self._submit(work, task), poll)

    def _submit(self, work: Callable[[T], R], task: T) -> AsyncResult[R]:
        """Hand `task` to the workers; `PoolClosed` once the pool is shut down."""
        if self._closed:
            raise PoolClosed
        self.used_at = time.monotonic()
        seconds = getattr(task, "seconds", None)
        expires = None if seconds is None else self.used_at + seconds
        try:
            return self._pool.apply_async(_within, (work, task, expires))
        except ValueError:  # "Pool not running": shut down meanwhile
            if self._closed:
                raise PoolClosed from None
            raise

    def _wait(self, answer: AsyncResult[R], poll: float = POLL) -> R:
        """The answer once it is in; `PoolClosed` as soon as the pool is shut down (its
        workers may be gone, the answer with them)."""
        import multiprocessing  # imported already, by the pool

        while True:
            if self._closed:
                raise PoolClosed
            self.used_at = time.monotonic()  # waited on: in use
            try:
                return answer.get(timeout=poll)
            except multiprocessing.TimeoutError:
                continue

    @property
    def closed(self) -> bool:
        return self._closed

    @property
    def pids(self) -> list[int]:
        """The worker processes' ids."""
        return [p.pid for p in self._pool._pool if p.pid is not None]  # type: ignore[attr-defined]

    def shutdown(self) -> None:
        """End the workers, busy or not, without waiting for them: `multiprocessing` ends them
        on a thread of its own (which may wait forever for a worker that died holding the
        task queue's lock); those still there when the program exits are ended then."""
        if self._closed:
            return
        self._closed = True
        threading.Thread(target=self._end, name="thousand-pool-end", daemon=True).start()

    def _end(self) -> None:
        with contextlib.suppress(Exception):
            self._pool.terminate()


_pool: SearchPool | None = None
_lock = threading.Lock()
# What this program runs as, for the workers it starts: set once by its entry point.
_host = LOCAL
_reaper: threading.Thread | None = None
# Seconds the program's pool is kept with nothing to search: longer than a player thinks over
# a card (its next search would wait for new workers), short enough that a game whose player
# stopped asking for hints gives its workers' memory back.
POOL_IDLE = 120.0
BACKGROUND_NICE = 10  # the background worker yields the cores to the game's own search


def use_host(host: Host) -> None:
    """Say once, at the program's entry point, what it runs as: its workers, its background
    analysis and its search (the account's search service where hosted) follow it."""
    global _host
    _host = host


@contextlib.contextmanager
def running_as(host: Host) -> Iterator[None]:
    """`use_host(host)` for as long as the block runs (a command run inside another program,
    as a hosted login runs its game), then what it was."""
    before = _host
    use_host(host)
    try:
        yield
    finally:
        use_host(before)


def program_host() -> Host:
    """What the program runs as (`use_host`; a player's own terminal if it said nothing)."""
    return _host


def shared_pool(jobs: int) -> SearchPool:
    """The program's pool of `jobs` workers, started on first use."""
    global _pool, _reaper
    with _lock:
        if _pool is None or _pool.jobs != jobs:
            if _pool is not None:
                _pool.shutdown()
            _pool = SearchPool(jobs, hosted=_host.hosted)
        _pool.used_at = time.monotonic()  # taken now: never ended before its first task
        if _reaper is None or not _reaper.is_alive():
            _reaper = threading.Thread(
                target=_end_when_idle, name="thousand-pool-idle", daemon=True
            )
            _reaper.start()
        return _pool


def _end_when_idle() -> None:
    """End the program's pool once it has searched nothing for `POOL_IDLE` seconds (the
    next search starts another); the thread ends with it."""
    global _pool, _reaper
    while True:
        time.sleep(min(5.0, POOL_IDLE / 4))
        with _lock:
            pool = _pool
            if pool is None:
                _reaper = None
                return
            if time.monotonic() - pool.used_at < POOL_IDLE:
                continue
            _pool = _reaper = None
        pool.shutdown()
        return


def shutdown() -> None:
    """End the program's pool, if it was started."""
    global _pool
    with _lock:
        if _pool is not None:
            _pool.shutdown()
        _pool = None


def default_jobs() -> int:
    """The cores this program may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return max(1, os.cpu_count() or 1)


atexit.register(shutdown)

__all__ = ["SearchPool", "default_jobs", "shared_pool", "shutdown"]
