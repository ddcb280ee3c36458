"""Waiting for a condition, never for a fixed time: the test goes on as soon as what it waits
for is there, and fails saying what it waited for when it never comes.

`wait_for` polls from a plain thread; `until` from inside a running app (it lets the app's
loop run between looks, through the Pilot's `pause`, or the event loop where there is none).
Both return what the check returned, so a wait can hand over what it found:
`(folder,) = wait_for("his try", lambda: list(tries.glob("*")))`."""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from thousand_tui.sockets import connect

T = TypeVar("T")

# Seconds before a wait gives up: a hang, not a slow machine (pytest-timeout ends a test that
# hangs anywhere else, pyproject.toml).
WAIT = 30.0
EVERY = 0.01  # seconds between two looks (from a thread)
APP_EVERY = 0.02  # from inside an app: each look also lets its screen catch up


def _given_up(what: str, shown: Callable[[], object] | None) -> AssertionError:
    seen = f"\n{shown()}" if shown is not None else ""
    return AssertionError(f"gave up waiting for {what}{seen}")


def wait_for(
    what: str,
    check: Callable[[], T],
    *,
    timeout: float = WAIT,
    every: float = EVERY,
    shown: Callable[[], object] | None = None,
    pause: Callable[[float], object] | None = None,
) -> T:
    """What `check()` returns once it is true; an AssertionError naming `what` (and what
    `shown()` says, a screen for one) after `timeout` seconds. Between two looks `pause(every)`
    (a plain sleep, or what lets a driven program answer meanwhile: a browser's page)."""
    deadline = time.monotonic() + timeout
    while not (found := check()):
        if time.monotonic() > deadline:
            raise _given_up(what, shown)
        (pause or time.sleep)(every)
    return found


async def until(
    pilot: Any,
    what: str,
    check: Callable[[], T],
    *,
    timeout: float = WAIT,
    every: float = APP_EVERY,
    shown: Callable[[], object] | None = None,
) -> T:
    """`wait_for` inside a running app: between two looks the app runs (`pilot.pause`, or the
    event loop's own sleep when `pilot` is None)."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not (found := check()):
        if loop.time() > deadline:
            raise _given_up(what, shown)
        if pilot is None:
            await asyncio.sleep(every)
        else:
            await pilot.pause(every)
    return found


def listens(path: Path) -> bool:
    """Whether a service accepts connections on the Unix socket at `path`: what to wait for
    once it is started (the socket's file is there from its bind, a moment before it listens)."""
    with contextlib.suppress(OSError):
        sock = connect(path)
        if sock is not None:
            sock.close()
            return True
    return False
