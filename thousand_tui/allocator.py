"""One malloc arena per process, for the game and every process it starts.

glibc's allocator gives each new thread an arena of its own (up to eight per core), and an
arena's pages stay with the process for its whole life. A game's threads (its workers, the
pools' handlers) are started one by one over the first deals, so each one took a little more
memory some deals in: a long game's size crept up for no gain, since Python's threads allocate
under the interpreter's lock and never contend for an arena. `one_arena()` keeps every thread
on the main arena: in this process at once (`mallopt`), and in the processes it starts (the
table service, the search workers, the analysis worker) through `MALLOC_ARENA_MAX`, which
glibc reads when a process starts. A value the user set is left as it is.

Other C libraries (macOS, musl) have no such arenas or no `mallopt`: nothing is done there.
"""

from __future__ import annotations

import contextlib
import ctypes
import os

ARENA_ENV = "MALLOC_ARENA_MAX"
M_ARENA_MAX = -8  # glibc's <malloc.h>


def one_arena() -> None:
    """From now on this process's new threads, and every process it starts, share one arena
    (unless the user chose another number in MALLOC_ARENA_MAX)."""
    arenas = os.environ.setdefault(ARENA_ENV, "1")
    if not arenas.isdigit() or int(arenas) < 1:
        return
    with contextlib.suppress(OSError, AttributeError):
        libc = ctypes.CDLL(None)
        libc.gnu_get_libc_version  # noqa: B018  (glibc only: raises AttributeError elsewhere)
        libc.mallopt(M_ARENA_MAX, int(arenas))


def give_back() -> None:
    """Hand the pages the allocator holds free back to the system (glibc's `malloc_trim`):
    the screens a player opens now and then (the rules, the statistics, the analysis) leave
    freed pages scattered in the heap, which glibc keeps for the process's life otherwise.
    A few milliseconds; nothing is done where the C library is not glibc."""
    with contextlib.suppress(OSError, AttributeError):
        libc = ctypes.CDLL(None)
        libc.gnu_get_libc_version  # noqa: B018  (glibc only: raises AttributeError elsewhere)
        libc.malloc_trim(0)
