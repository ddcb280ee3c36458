"""bench/suite_cpu.py: the processor time of a pytest run, each test's and the machine's."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

TESTS = """
import resource

import pytest


def seconds():
    used = resource.getrusage(resource.RUSAGE_SELF)
    return used.ru_utime + used.ru_stime


def test_busy():
    start = seconds()
    while seconds() - start < 1.1:
        pass


@pytest.mark.parametrize("n", [1, 2, 3])
def test_quick(n):
    assert n
"""


@pytest.mark.long
def test_each_test_and_the_machine_are_measured_and_summed(tmp_path: Path) -> None:
    (tmp_path / "test_measured.py").write_text(TESTS)
    out = tmp_path / "out"
    env = {**os.environ, "PYTHONPATH": str(ROOT / "bench"), "SUITE_CPU_OUT": str(out)}
    argv = ["-q", "-p", "suite_cpu", "-p", "no:cacheprovider", "-n", "0", "-c", os.devnull]
    run = subprocess.run(
        [sys.executable, "-m", "pytest", *argv, "--rootdir", str(tmp_path), str(tmp_path)],
        capture_output=True,
        text=True,
        env=env,
        cwd=tmp_path,
        timeout=120,
    )
    assert run.returncode == 0, run.stdout + run.stderr
    lines = [json.loads(line) for line in (out / "tests-main.jsonl").read_text().splitlines()]
    measured = {line["id"].split("::")[1]: line for line in lines}
    assert set(measured) == {"test_busy", "test_quick[1]", "test_quick[2]", "test_quick[3]"}
    assert measured["test_busy"]["self"] >= 1.1
    assert {line["run"] for line in lines} == {"default"}
    assert measured["test_quick[1]"]["self"] < 0.2
    machine = json.loads((out / "machine.json").read_text())
    assert machine["user"] + machine["system"] >= 1.1 and machine["wall"] > 0
    summary = subprocess.run(
        [sys.executable, str(ROOT / "bench" / "suite_cpu.py"), str(out)],
        capture_output=True,
        text=True,
        timeout=60,
    ).stdout
    assert "the cores" in summary.splitlines()[0]
    assert "the tests: 4," in summary
    bands = summary.split("in bands")[1].split("\n\n")[0]
    assert "     3  0 s to 0.2 s" in bands and "     1  1 s and more" in bands
    assert "parametrized tests: 1," in summary
    # The default run's test over a second is named, to be marked long.
    over = summary.split("loop needs them): ")[1].splitlines()
    assert over[0] == "1" and over[1].endswith("test_measured.py::test_busy")
    # A second run starts afresh: nothing of the first is summed into it.
    again = subprocess.run(run.args, capture_output=True, text=True, env=env, cwd=tmp_path)
    assert again.returncode == 0
    assert len((out / "tests-main.jsonl").read_text().splitlines()) == 4
