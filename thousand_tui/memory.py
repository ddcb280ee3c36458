"""Memory a long-running process gives back: after each deal, the C allocator returns to the
system the pages that freed memory left empty.

A table plays for hours (a host's for months). Python frees a deal's objects when it ends, but
glibc's `malloc` keeps the freed pages of its heap for later, so a process's resident size
creeps up deal after deal with memory it no longer uses (`bench/soak.py` measures it).
`malloc_trim(0)` hands those pages back. Elsewhere than glibc it does nothing.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import functools
from collections.abc import Callable


@functools.cache
def _malloc_trim() -> Callable[[int], int] | None:
    name = ctypes.util.find_library("c")
    if name is None:
        return None
    try:
        trim: Callable[[int], int] = ctypes.CDLL(name).malloc_trim
    except (OSError, AttributeError):  # not glibc (musl, macOS): nothing to give back this way
        return None
    return trim


def give_back() -> bool:
    """Return the allocator's free pages to the system; whether any were returned (False
    where the C library has no `malloc_trim`)."""
    trim = _malloc_trim()
    return bool(trim(0)) if trim is not None else False
