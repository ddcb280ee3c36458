"""One malloc arena per process: the threads a game starts over its first deals take no arena of
their own (each one kept its pages for the process's life), and the processes it starts are
told the same; a number the user chose is kept."""

from __future__ import annotations

import os
import platform
import subprocess
import sys

import pytest

from thousand_tui.allocator import ARENA_ENV

pytestmark = pytest.mark.skipif(
    platform.libc_ver()[0] != "glibc", reason="arenas are glibc's allocator's"
)

THREADS = 6
# Six threads each allocate with the C library's malloc (not Python's own allocator) and hold
# it until all six have, then the script counts the heaps of new arenas: glibc maps each one
# as a 64 MB reservation whose unused part cannot be accessed ("---p" in /proc/self/maps).
SCRIPT = f"""
import ctypes, sys, threading
from thousand_tui.allocator import one_arena
if sys.argv[1] == "one":
    one_arena()
libc = ctypes.CDLL(None)
libc.malloc.restype = ctypes.c_void_p
libc.malloc.argtypes = [ctypes.c_size_t]

def reserves():
    found = 0
    for line in open("/proc/self/maps"):
        span, perms = line.split()[:2]
        start, end = (int(x, 16) for x in span.split("-"))
        found += perms == "---p" and end - start >= 16 << 20
    return found

before = reserves()
all_hold = threading.Barrier({THREADS} + 1)
done = threading.Barrier({THREADS} + 1)

def allocate():
    blocks = [libc.malloc(4096) for _ in range(64)]
    all_hold.wait()
    done.wait()

threads = [threading.Thread(target=allocate) for _ in range({THREADS})]
for thread in threads:
    thread.start()
all_hold.wait()
print(reserves() - before)
done.wait()
"""


def new_arenas(mode: str, environ: dict[str, str]) -> int:
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT, mode],
        capture_output=True,
        text=True,
        timeout=60,
        env=environ,
        check=True,
    )
    return int(done.stdout)


def environ_without_arena_max() -> dict[str, str]:
    return {name: value for name, value in os.environ.items() if name != ARENA_ENV}


@pytest.mark.long
def test_threads_take_no_arena_of_their_own() -> None:
    environ = environ_without_arena_max()
    assert new_arenas("usual", environ) >= 1  # what glibc does by default: the test can tell
    assert new_arenas("one", environ) == 0


@pytest.mark.long
def test_the_processes_the_program_starts_are_told_and_a_users_number_is_kept() -> None:
    script = (
        "import os, subprocess, sys\n"
        "from thousand_tui.cli import main\n"
        "main(['presets'])\n"
        "child = 'import os; print(os.environ.get(\"MALLOC_ARENA_MAX\"))'\n"
        "print(subprocess.run([sys.executable, '-c', child], capture_output=True,"
        " text=True).stdout.strip())\n"
    )
    environ = environ_without_arena_max()
    told = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, env=environ, timeout=60
    )
    assert told.stdout.splitlines()[-1] == "1"
    kept = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True,
        text=True,
        env={**environ, ARENA_ENV: "4"},
        timeout=60,
    )
    assert kept.stdout.splitlines()[-1] == "4"
