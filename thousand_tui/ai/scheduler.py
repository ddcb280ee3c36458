"""The one place where the AI's work is scheduled, by priority: an opponent's move (and a shared
table's AI seat) first, then the hint the player asked for, and only then the analysis of a
finished deal.

- A move and a hint run where they are asked (a worker thread of the table, the service's
  own), inside `foreground(priority)`: while any of them runs, the background work is held
  where it is (its process paused) and none begins. So the background never holds a thread, a
  process, a lock or a core that a move needs, and a move never waits behind it.
- The background work (`submit`) runs on a thread of its own, one task at a time, in the
  background process (`background.py`, low priority), only while no move or hint is under way.
  Its queue (`BackgroundQueue`) is bounded and holds each task once: a deal asked for twice is
  analysed once; when the queue is full, the oldest task nobody asked for is dropped (and
  analysed again only if asked for). A task the player asked for goes before those that came
  by themselves.
- The background process ends after `IDLE_EXIT` seconds with nothing to do (at once in a
  hosted session, where each player's idle process would be the host's memory), and after
  `CALLS_PER_PROCESS` tasks (a search's heap is never given back); the next task starts one.

`scheduler()` is the program's scheduler; `shutdown()` ends its work (the table closing).
"""

from __future__ import annotations

import contextlib
import threading
import time
from collections.abc import Callable, Hashable, Iterator
from dataclasses import dataclass, field
from enum import IntEnum
from typing import Any, Protocol

from ..engine.actions import Action
from ..engine.view import SeatView
from .background import BackgroundProcess, WorkFailed
from .base import Player
from .pool import PoolClosed, program_host

QUEUE_LIMIT = 4  # background tasks waiting at once (each holds its copy of a game's record)
IDLE_EXIT = 10.0  # seconds the background process is kept with nothing to do
CALLS_PER_PROCESS = 8  # background tasks before the process is replaced (about 1 MB a deal)


class Priority(IntEnum):
    MOVE = 0  # an opponent's decision, a shared table's AI seat
    HINT = 1  # what `hard` would do, asked for by the player
    BACKGROUND = 2  # the analysis of a finished deal


@dataclass(frozen=True)
class Finished:
    """How a background task ended: its `answer`, the `error` it raised (as text, with the
    worker's traceback), or `dropped` (the queue was full, or the program is closing)."""

    key: Hashable
    answer: Any = None
    error: str | None = None
    dropped: bool = False


@dataclass(eq=False)
class Task:
    """A background task: `work(argument)` in the background process (a module-level
    function of the AI's), told to `done` (called on the scheduler's thread)."""

    key: Hashable
    work: Callable[[Any], Any]
    argument: Any
    done: Callable[[Finished], None]
    requested: bool = False  # the player asked for it (it is never dropped first)


@dataclass
class BackgroundQueue:
    """The background tasks waiting, each key once, at most `limit`."""

    limit: int = QUEUE_LIMIT
    tasks: list[Task] = field(default_factory=list)

    def __len__(self) -> int:
        return len(self.tasks)

    def __contains__(self, key: Hashable) -> bool:
        return any(task.key == key for task in self.tasks)

    def add(self, task: Task) -> list[Task]:
        """Queue `task` (one of the same key already waiting is kept, marked asked for if this
        one is): the tasks dropped to make room, oldest unasked first."""
        for waiting in self.tasks:
            if waiting.key == task.key:
                waiting.requested = waiting.requested or task.requested
                return []
        self.tasks.append(task)
        dropped: list[Task] = []
        while len(self.tasks) > self.limit:
            unasked = [t for t in self.tasks if not t.requested]
            victim = unasked[0] if unasked else self.tasks[0]
            self.tasks.remove(victim)
            dropped.append(victim)
        return dropped

    def take(self) -> Task | None:
        """The next task: the first asked for, else the first that came."""
        if not self.tasks:
            return None
        task = next((t for t in self.tasks if t.requested), self.tasks[0])
        self.tasks.remove(task)
        return task

    def remove(self, match: Callable[[Hashable], bool]) -> list[Task]:
        gone = [t for t in self.tasks if match(t.key)]
        self.tasks = [t for t in self.tasks if not match(t.key)]
        return gone


class Worker(Protocol):
    """What the scheduler asks of its background process (`BackgroundProcess`)."""

    @property
    def pid(self) -> int | None: ...

    def call(self, work: Callable[[Any], Any], task: Any) -> Any: ...

    def pause(self) -> None: ...

    def resume(self) -> None: ...

    def stop(self, closing: bool = False) -> None: ...


class Scheduler:
    """Moves and hints in the foreground; the background's tasks in turn, while none runs."""

    def __init__(
        self,
        worker: Worker | None = None,
        limit: int = QUEUE_LIMIT,
        idle_exit: float | None = None,
        calls_per_process: int = CALLS_PER_PROCESS,
        hosted: bool = False,
    ) -> None:
        self._worker: Worker = worker if worker is not None else BackgroundProcess(hosted=hosted)
        self._queue = BackgroundQueue(limit)
        self.idle_exit = (0.0 if hosted else IDLE_EXIT) if idle_exit is None else idle_exit
        self.calls_per_process = calls_per_process
        self._cond = threading.Condition()
        self._foreground: dict[Priority, int] = dict.fromkeys(Priority, 0)
        self._running: Task | None = None
        self._thread: threading.Thread | None = None
        self._closed = False
        self._calls = 0  # tasks done by the background process now running
        self._last_done = time.monotonic()

    # ------------------------------------------------------------------ the foreground

    @contextlib.contextmanager
    def foreground(self, priority: Priority = Priority.MOVE) -> Iterator[None]:
        """Run a move or a hint: the background is held until every one under way is done."""
        with self._cond:
            first = not self.busy()
            self._foreground[priority] += 1
            if first:
                self._worker.pause()
        try:
            yield
        finally:
            with self._cond:
                self._foreground[priority] -= 1
                if not self.busy():
                    self._worker.resume()
                    self._cond.notify_all()

    def busy(self) -> bool:
        """Whether a move or a hint is under way."""
        return any(self._foreground.values())

    # ------------------------------------------------------------------ the background

    def submit(
        self,
        key: Hashable,
        work: Callable[[Any], Any],
        argument: Any,
        done: Callable[[Finished], None],
        requested: bool = False,
    ) -> None:
        """Queue `work(argument)` for the background, once per `key` (a task of that key under
        way or waiting is not queued again)."""
        task = Task(key, work, argument, done, requested)
        with self._cond:
            if self._closed:
                dropped = [task]
            elif self._running is not None and self._running.key == key:
                dropped = []
            else:
                dropped = self._queue.add(task)
                self._start()
                self._cond.notify_all()
        for gone in dropped:
            gone.done(Finished(gone.key, dropped=True))

    def waiting(self) -> list[Hashable]:
        """The keys of the tasks waiting, and of the one under way first."""
        with self._cond:
            running = [self._running.key] if self._running is not None else []
            return running + [task.key for task in self._queue.tasks]

    def cancel(self, match: Callable[[Hashable], bool]) -> None:
        """Drop the waiting tasks whose key `match`es (their owner is gone); they are not told."""
        with self._cond:
            self._queue.remove(match)

    @property
    def worker_pid(self) -> int | None:
        return self._worker.pid

    def _start(self) -> None:
        if self._thread is None or not self._thread.is_alive():
            self._thread = threading.Thread(
                target=self._serve, name="thousand-background", daemon=True
            )
            self._thread.start()

    def _next(self) -> Task | None:
        """The next task, once the foreground is free (None: closing, or idle long enough
        that the thread ends)."""
        with self._cond:
            while True:
                if self._closed:
                    return None
                if self._queue and not self.busy():
                    task = self._queue.take()
                    self._running = task
                    return task
                idle = time.monotonic() - self._last_done
                if not self._queue and idle >= self.idle_exit:
                    self._worker.stop()
                    self._calls = 0
                    self._thread = None
                    return None
                self._cond.wait(None if self._queue else max(0.05, self.idle_exit - idle))

    def _serve(self) -> None:
        while (task := self._next()) is not None:
            try:
                finished = Finished(task.key, answer=self._worker.call(task.work, task.argument))
            except PoolClosed:
                finished = Finished(task.key, dropped=True)
            except WorkFailed as error:
                finished = Finished(task.key, error=str(error))
            except Exception as error:  # a task that cannot even be sent: told, not raised
                finished = Finished(task.key, error=f"{type(error).__name__}: {error}")
            with self._cond:
                self._running = None
                self._last_done = time.monotonic()
                self._calls += 1
                if self._calls >= self.calls_per_process:
                    self._worker.stop()
                    self._calls = 0
                closed = self._closed
            if not closed:
                task.done(finished)

    def close(self) -> None:
        """End the background work now: the waiting tasks are dropped untold, the process
        ended."""
        with self._cond:
            self._closed = True
            self._queue.tasks.clear()
            self._cond.notify_all()
        self._worker.stop(closing=True)


def decide(player: Player, view: SeatView) -> Action:
    """`player`'s move from `view`, as the foreground's work (an opponent, a table's AI seat)."""
    with scheduler().foreground(Priority.MOVE):
        return player.decide(view)


_scheduler: Scheduler | None = None
_lock = threading.Lock()


def scheduler() -> Scheduler:
    """The program's scheduler, made on first use (again after `shutdown`)."""
    global _scheduler
    with _lock:
        if _scheduler is None:
            _scheduler = Scheduler(hosted=program_host().hosted)
        return _scheduler


def cancel(match: Callable[[Hashable], bool]) -> None:
    """Drop the program's waiting background tasks whose key `match`es (none if none began)."""
    with _lock:
        current = _scheduler
    if current is not None:
        current.cancel(match)


def shutdown() -> None:
    """End the program's background work, if any was started."""
    global _scheduler
    with _lock:
        current, _scheduler = _scheduler, None
    if current is not None:
        current.close()


__all__ = [
    "BackgroundQueue",
    "Finished",
    "Priority",
    "Scheduler",
    "Task",
    "cancel",
    "decide",
    "scheduler",
    "shutdown",
]
