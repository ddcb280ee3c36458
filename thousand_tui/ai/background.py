"""The background worker: one process, at a low priority, for the work that must never slow the
game (the analysis of finished deals). `scheduler.py` decides when it works; this module only
runs it.

It is a plain child process (`python -m thousand_tui.ai.background`), not a `multiprocessing`
pool: a pool's locks keep `multiprocessing`'s resource tracker, a process of its own, alive for
the rest of the program's life, and a pool cannot be paused. `BackgroundProcess` starts it on
the first call, hands it one call at a time over its standard input and reads the answer from
its standard output (a frame: a 4-byte length, then a pickle), pauses it (`SIGSTOP`) while the
game's own work runs and lets it go on (`SIGCONT`) after, and ends it (`stop`). The worker
asks the kernel to end it with the program that started it (even while paused), watches that
program besides, ignores the terminal's hang-up and Ctrl+C (its program ends it) and writes
nothing to the terminal.

Why pickles are safe here: the only ends of the pipes are this program and the child it
started, and the child runs only functions of the AI's own modules (`WORK_MODULE_PREFIX`).
"""

from __future__ import annotations

import contextlib
import gc
import importlib
import os
import pickle
import signal
import struct
import subprocess
import sys
import threading
import traceback
from collections.abc import Callable
from typing import IO, Any, TypeVar

from ..allocator import give_back
from .pool import BACKGROUND_NICE, PoolClosed, _watch_parent

T = TypeVar("T")
R = TypeVar("R")

WORK_MODULE_PREFIX = "thousand_tui.ai."
_LENGTH = struct.Struct(">I")
PR_SET_PDEATHSIG = 1


class WorkFailed(Exception):
    """The work raised in the worker: its error, with the worker's traceback as its text."""


def _write(stream: IO[bytes], obj: object) -> None:
    data = pickle.dumps(obj, protocol=pickle.HIGHEST_PROTOCOL)
    stream.write(_LENGTH.pack(len(data)) + data)
    stream.flush()


def _read(stream: IO[bytes]) -> Any:
    """One frame's object; EOFError when the other end is gone."""
    head = stream.read(_LENGTH.size)
    if len(head) < _LENGTH.size:
        raise EOFError
    size = _LENGTH.unpack(head)[0]
    data = stream.read(size)
    if len(data) < size:
        raise EOFError
    return pickle.loads(data)


def _name_of(work: Callable[..., Any]) -> str:
    name = f"{work.__module__}:{work.__qualname__}"
    if not work.__module__.startswith(WORK_MODULE_PREFIX) or "<" in name:
        raise ValueError(f"{name} is not a function of the AI's modules")
    return name


def _work_named(name: str) -> Callable[[Any], Any]:
    module, _, qualname = name.partition(":")
    if not module.startswith(WORK_MODULE_PREFIX) or "." in qualname or not qualname:
        raise ValueError(f"{name} is not a function of the AI's modules")
    work = getattr(importlib.import_module(module), qualname)
    if not callable(work):
        raise ValueError(f"{name} is not a function")
    return work  # type: ignore[no-any-return]


class BackgroundProcess:
    """The worker process, started by the first `call`; one call at a time."""

    def __init__(self, nice: int = BACKGROUND_NICE, hosted: bool = False) -> None:
        self.nice = nice
        self.hosted = hosted  # the program runs for a hosted account: so does its worker
        self._process: subprocess.Popen[bytes] | None = None
        self._lock = threading.Lock()  # one call at a time
        self._state = threading.Lock()  # the process, its pause, its end
        self._paused = False
        self._closed = False

    @property
    def pid(self) -> int | None:
        process = self._process
        return process.pid if process is not None and process.poll() is None else None

    def call(self, work: Callable[[T], R], task: T) -> R:
        """`work(task)` in the worker: its answer, `WorkFailed` if it raised, `PoolClosed` if
        the worker was ended meanwhile (`stop`)."""
        name = _name_of(work)
        with self._lock:
            process = self._started()
            assert process.stdin is not None and process.stdout is not None
            try:
                _write(process.stdin, (name, task))
                ok, answer = _read(process.stdout)
            except (OSError, EOFError, pickle.UnpicklingError) as error:
                self._forget(process)
                if self._closed:
                    raise PoolClosed from None
                raise WorkFailed(f"the background worker ended ({error!r})") from None
        if not ok:
            raise WorkFailed(answer)
        return answer  # type: ignore[no-any-return]

    def _started(self) -> subprocess.Popen[bytes]:
        with self._state:
            if self._closed:
                raise PoolClosed
            process = self._process
            if process is not None and process.poll() is None:
                return process
        # Started without `_state` held: a move that begins meanwhile pauses the worker
        # (which takes that lock) without waiting for a process to be made.
        # `-P`: never the working folder on the import path (it may be anyone's).
        told = "hosted" if self.hosted else "local"  # what it runs as, said to its entry point
        argv = [sys.executable, "-P", "-m", __name__, str(os.getpid()), str(self.nice), told]
        process = subprocess.Popen(
            argv,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,  # the terminal is the table's
            cwd="/",  # a folder that is always there and nobody's in particular
            close_fds=True,
        )
        with self._state:
            closed, paused = self._closed, self._paused
            if not closed:
                self._process = process
                if paused:  # a move began while it was being made: it waits too
                    with contextlib.suppress(OSError):
                        os.kill(process.pid, signal.SIGSTOP)
        if closed:
            _end(process)
            raise PoolClosed
        return process

    def _forget(self, process: subprocess.Popen[bytes]) -> None:
        with self._state:
            if self._process is process:
                self._process = None
        _end(process)

    def pause(self) -> None:
        """Stop the worker where it is (nothing is lost; `resume` lets it go on)."""
        with self._state:
            process = self._process
            if not self._paused and process is not None and process.poll() is None:
                with contextlib.suppress(OSError):
                    os.kill(process.pid, signal.SIGSTOP)
            self._paused = True  # one made meanwhile is stopped as it starts

    def resume(self) -> None:
        with self._state:
            process = self._process
            if process is not None and self._paused:
                with contextlib.suppress(OSError):
                    os.kill(process.pid, signal.SIGCONT)
            self._paused = False

    def stop(self, closing: bool = False) -> None:
        """End the worker, busy or not (a call under way raises `PoolClosed` when `closing`,
        else the next call starts a new one)."""
        with self._state:
            self._closed = self._closed or closing
            process, self._process = self._process, None
            self._paused = False
        if process is not None:
            _end(process)


def _end(process: subprocess.Popen[bytes]) -> None:
    """Kill the worker (a paused one too) and reap it, without waiting on a thread for long."""
    with contextlib.suppress(OSError):
        process.kill()
    for stream in (process.stdin, process.stdout):
        if stream is not None:
            with contextlib.suppress(OSError):
                stream.close()
    with contextlib.suppress(subprocess.TimeoutExpired):
        process.wait(timeout=1)


def _die_with_parent() -> None:
    """Linux: the kernel ends this process when its parent ends, even while it is stopped."""
    with contextlib.suppress(Exception):
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    parent, nice = int(args[0]), int(args[1])
    hosted = args[2:3] == ["hosted"]  # what it runs as, as the program that started it said
    _die_with_parent()
    if os.getppid() != parent:
        return 0  # the program was gone before this began
    _watch_parent(parent, nice, hosted)
    # The frames go over the pipe the program reads; anything else printed goes nowhere.
    source = os.fdopen(os.dup(0), "rb")
    sink = os.fdopen(os.dup(1), "wb")
    devnull = os.open(os.devnull, os.O_RDWR)
    for fd in (0, 1):
        os.dup2(devnull, fd)
    while True:
        try:
            name, task = _read(source)
        except EOFError:
            return 0
        try:
            answer = (True, _work_named(name)(task))
        except Exception:
            answer = (False, traceback.format_exc())
        try:
            _write(sink, answer)
        except (pickle.PicklingError, TypeError, AttributeError):
            _write(sink, (False, traceback.format_exc()))
        except OSError:
            return 0
        # Between calls the worker is no larger than one that never worked: what the call
        # freed goes back to the system.
        del task, answer
        gc.collect()
        give_back()


if __name__ == "__main__":
    sys.exit(main())
