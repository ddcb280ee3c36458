"""A test's folder under /tmp, short enough for a Unix socket's address (108 bytes), and gone
at the test's end: every process still using it (a table or search service, a game hung up that
writes its log as it closes) is ended first, then the folder removed. Removed while such a
process lives, the folder would be made again by its last write, and stay behind."""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

from .tmux import command_line, descendants, environment
from .waiting import wait_for

QUIET = 0.2  # seconds with no user before the folder is taken for free (a service spawning)
MOST = 15.0  # seconds to end its users; what is left then is removed all the same


def users(folder: Path) -> list[int]:
    """The processes of this account using `folder`: its name in their command line or among
    their open files, or, for one this test process did not start, in their environment (a
    game in a terminal, its data there). A process this one started with the folder only in
    its environment is its own helper (its search pool), shared with later tests: not a user."""
    name = str(folder)
    own = set(descendants(os.getpid()))
    found: list[int] = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        pid = int(entry.name)
        if pid == os.getpid():
            continue
        said = command_line(pid)
        if pid not in own:
            said += environment(pid).values()
        if any(name in words for words in said) or _names(entry, name):
            found.append(pid)
    return found


def _names(process: Path, name: str) -> bool:
    """Whether the process's working folder or an open file is `name` or inside it."""
    try:
        places = [process / "cwd", *(process / "fd").iterdir()]
    except OSError:  # ended, or not this account's
        return False
    for place in places:
        with contextlib.suppress(OSError):
            target = os.readlink(place)
            if target == name or target.startswith(name + "/"):
                return True
    return False


def end_users(folder: Path) -> None:
    """End every process using `folder`; once some were, until none has for a moment (a game
    ended as it was starting a service leaves the service to appear a little later)."""
    deadline = time.monotonic() + MOST
    quiet_since: float | None = None  # None: none ended yet, a first look finding none will do
    while time.monotonic() < deadline:
        found = users(folder)
        if not found:
            if quiet_since is None or time.monotonic() - quiet_since >= QUIET:
                return
            time.sleep(0.02)
            continue
        for pid in found:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.kill(pid, signal.SIGKILL)
        with contextlib.suppress(AssertionError):
            wait_for("the folder's users to end", lambda: not users(folder), timeout=5.0)
        quiet_since = time.monotonic()


@contextlib.contextmanager
def short_folder(prefix: str) -> Iterator[Path]:
    """A new folder under /tmp named `prefix` and a few letters; afterwards its users ended and
    the folder removed."""
    folder = Path(tempfile.mkdtemp(prefix=prefix, dir="/tmp"))
    try:
        yield folder
    finally:
        end_users(folder)
        shutil.rmtree(folder, ignore_errors=True)
