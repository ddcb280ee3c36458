"""bench/ai_versus.py: a level of this tree against one of a committed revision, run from it."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def versus(*args: str) -> str:
    done = subprocess.run(
        [sys.executable, str(ROOT / "bench" / "ai_versus.py"), *args],
        capture_output=True,
        text=True,
        timeout=100,
        cwd=ROOT,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def difference(output: str) -> float:
    found = re.search(r"A − B\s*:\s*([+-][0-9.]+)", output)
    assert found, output
    return float(found.group(1))


@pytest.mark.long
@pytest.mark.skipif(not (ROOT / ".git").exists(), reason="needs the repository's history")
def test_the_old_side_plays_from_the_revision_in_its_own_process() -> None:
    """The same level on both sides plays the same deal the same way (a difference of exactly
    0), and another level on this side plays it otherwise: the revision's side decides its
    own seats, from its own extracted tree."""
    same = versus("easy", "--old-level", "easy", "--rev", "HEAD", "--deals", "1")
    assert re.search(r"B: easy of commit [0-9a-f]{12}, run from \S*thousand-versus-", same)
    assert difference(same) == 0.0
    other = versus("normal", "--old-level", "easy", "--rev", "HEAD", "--deals", "1")
    assert difference(other) != 0.0


@pytest.mark.long
@pytest.mark.skipif(not (ROOT / ".git").exists(), reason="needs the repository's history")
def test_a_revision_that_does_not_exist_is_refused() -> None:
    done = subprocess.run(
        [sys.executable, str(ROOT / "bench" / "ai_versus.py"), "easy", "--rev", "no-such-rev"],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=ROOT,
    )
    assert done.returncode != 0
    assert done.stderr.strip().splitlines() == [
        f"no commit 'no-such-rev' in {ROOT}: give --rev a commit id, tag or branch"
    ]
