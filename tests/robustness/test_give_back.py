"""Freed memory goes back to the system (thousand_tui/memory.py), as a long game does after
each deal: what the allocator kept of freed objects is returned, not carried on."""

from __future__ import annotations

import ctypes.util
import os
import sys

import pytest

from thousand_tui import memory

glibc = pytest.mark.skipif(
    not sys.platform.startswith("linux") or ctypes.util.find_library("c") is None,
    reason="malloc_trim is glibc's",
)


def rss_mb() -> float:
    with open("/proc/self/statm") as statm:
        return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20


@glibc
def test_freed_memory_goes_back_to_the_system() -> None:
    # 40 MB of small blocks from the heap, all freed but the last, which pins the heap's top:
    # the allocator keeps those pages until they are given back.
    blocks = [bytes(1000) for _ in range(40_000)]
    last = blocks[-1]
    del blocks
    held = rss_mb()
    assert memory.give_back()
    assert held - rss_mb() > 20, "the freed pages stayed with the process"
    assert len(last) == 1000
