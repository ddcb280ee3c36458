"""How long the game takes to end after it loses its terminal, by the way it was lost.

Runs the hang-up stress test (`tests/robustness/test_hangups.py`, the slow trials at random
moments, presets, player counts and levels, in a terminal and through a real sshd where one can
run) and prints, per kind of hang-up, the median and the maximum seconds from the hang-up to the
end of the process. The goal is at most 3 s for every trial; the guard's watchdog ends a process
whose shutdown hangs after about 2.3 s.

    python bench/hangup.py            # 80 trials on every core, about three minutes
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
from collections import defaultdict
from pathlib import Path

TEST = "tests/robustness/test_hangups.py"
GOAL = 3.0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--jobs", default="auto", help="pytest-xdist workers (auto)")
    options = parser.parse_args()
    root = Path(__file__).resolve().parent.parent
    with tempfile.TemporaryDirectory() as scratch:
        times = Path(scratch) / "times.tsv"
        env = {**os.environ, "THOUSAND_HANGUP_TIMES": str(times)}
        command = [sys.executable, "-m", "pytest", "-q", "-m", "slow", "-n", options.jobs, TEST]
        done = subprocess.run(command, cwd=root, env=env, check=False)
        rows = times.read_text(encoding="utf-8").splitlines() if times.exists() else []
    by_kind: dict[str, list[float]] = defaultdict(list)
    for row in rows:
        kind, seconds = row.split("\t")
        by_kind[kind].append(float(seconds))
    every = [s for kind in by_kind.values() for s in kind]
    print(f"\n{'hang-up':<20} {'trials':>6} {'median s':>9} {'max s':>7}")
    for kind, seconds in [*sorted(by_kind.items()), ("all", every)]:
        if seconds:
            median, worst = statistics.median(seconds), max(seconds)
            print(f"{kind:<20} {len(seconds):>6} {median:>9.2f} {worst:>7.2f}")
    if every:
        over = sum(s > GOAL for s in every)
        print(f"over the {GOAL:.0f} s goal: {over} of {len(every)}")
    return done.returncode


if __name__ == "__main__":
    sys.exit(main())
