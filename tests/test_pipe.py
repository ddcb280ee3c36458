"""A command whose output goes to a reader that stopped reading (`thousand games | head -1`)
ends quietly: no traceback, no "Exception ignored" at exit, status 1."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest


def thousand(folder: Path, command: list[str], stdout: int) -> subprocess.CompletedProcess[bytes]:
    """`thousand COMMAND` in a process of its own, its data in `folder`."""
    env = dict(os.environ, XDG_DATA_HOME=str(folder), THOUSAND_DATA_DIR=str(folder / "t"))
    run = [sys.executable, "-m", "thousand_tui", *command]
    return subprocess.run(run, stdout=stdout, stderr=subprocess.PIPE, env=env, timeout=60)


@pytest.mark.long
@pytest.mark.parametrize("command", [["presets", "classic"], ["presets"], ["games"]])
def test_output_to_a_closed_pipe_ends_quietly(tmp_path: Path, command: list[str]) -> None:
    read_end, write_end = os.pipe()
    os.close(read_end)  # the reader is gone before the first line: every write meets EPIPE
    try:
        done = thousand(tmp_path, command, write_end)
    finally:
        os.close(write_end)
    assert done.stderr.decode() == ""
    assert done.returncode == 1


@pytest.mark.long
def test_output_to_an_open_pipe_is_whole(tmp_path: Path) -> None:
    done = thousand(tmp_path, ["presets", "classic"], subprocess.PIPE)
    assert done.returncode == 0, done.stderr
    assert done.stdout.decode().startswith("Classic")
