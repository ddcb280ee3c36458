"""tests/helpers/tiers.py: the default run, the long tests and the slow ones, each test in one."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

TESTS = """
import pytest


def test_quick():
    pass


@pytest.mark.long
def test_long():
    pass


@pytest.mark.long_variants
@pytest.mark.parametrize("n", [1, 2, 3])
def test_variants(n):
    pass


@pytest.mark.long
@pytest.mark.parametrize("n", [1, pytest.param(2, marks=pytest.mark.slow)])
def test_long_with_a_slow_variant(n):
    pass


class TestGroup:
    @pytest.mark.long_variants
    @pytest.mark.parametrize("n", ["a", "b"])
    def test_in_a_class(self, n):
        pass
"""


def collect(folder: Path, markers: str) -> subprocess.CompletedProcess[str]:
    argv = ["--collect-only", "-q", "-p", "tests.helpers.tiers", "-c", os.devnull]
    return subprocess.run(
        [sys.executable, "-m", "pytest", *argv, "-m", markers, "--rootdir", str(folder), "."],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        cwd=folder,
        timeout=120,
    )


def selected(folder: Path, markers: str) -> set[str]:
    run = collect(folder, markers)
    assert run.returncode in (0, 5), run.stdout + run.stderr
    return {line.split("::", 1)[1] for line in run.stdout.splitlines() if "::" in line}


@pytest.mark.long
def test_each_test_is_in_one_run_and_a_test_of_variants_keeps_its_first_in_the_default_run(
    tmp_path: Path,
) -> None:
    (tmp_path / "test_sample.py").write_text(TESTS)
    default = selected(tmp_path, "not slow and not long")
    long = selected(tmp_path, "long")
    slow = selected(tmp_path, "slow")
    assert default == {"test_quick", "test_variants[1]", "TestGroup::test_in_a_class[a]"}
    assert long == {
        "test_long",
        "test_variants[2]",
        "test_variants[3]",
        "test_long_with_a_slow_variant[1]",
        "TestGroup::test_in_a_class[b]",
    }
    assert slow == {"test_long_with_a_slow_variant[2]"}


@pytest.mark.long
def test_a_class_marked_long_with_a_slow_variant_is_refused_saying_what_to_mark(
    tmp_path: Path,
) -> None:
    (tmp_path / "test_sample.py").write_text(
        "import pytest\n\n\n@pytest.mark.long\nclass TestGroup:\n"
        "    @pytest.mark.parametrize('n', [1, pytest.param(2, marks=pytest.mark.slow)])\n"
        "    def test_it(self, n):\n        pass\n"
    )
    run = collect(tmp_path, "long")
    assert run.returncode != 0
    words = run.stdout + run.stderr
    assert "TestGroup::test_it[2] is slow, and long by its class or module" in words, words
