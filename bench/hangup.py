"""How the game ends after it loses its terminal: which way (the clean shutdown or the
watchdog) and how fast, trial by trial and by the way the terminal was lost.

Runs the hang-up stress test (`tests/robustness/test_hangups.py`, the slow trials at random
moments, presets, player counts and levels: 60 in tmux, 20 through a real sshd where one can
run) and prints each trial (the way the terminal was lost, the way the game ended as its log
says, the seconds from the hang-up to the log's line and to the end of the process), then per
kind the number of trials, how many ended cleanly, how many of those within 1 s (to the end of
the process), the median and the maximum. The goal: at least 95%
of the trials end through the clean shutdown within 1 s; the watchdog ends a process whose
shutdown hangs after about 2 s.

    python bench/hangup.py              # 80 trials on every core, about three minutes
    python bench/hangup.py --jobs 1     # one at a time, on a busy machine
    python bench/hangup.py -k ssh       # only the trials through sshd
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
CLEAN = "clean"
FAST = 1.0  # seconds: a clean shutdown within this counts for the goal
GOAL = 0.95  # of the trials


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--jobs", default="auto", help="pytest-xdist workers (auto)")
    parser.add_argument("-k", dest="pick", help="only the trials whose test name matches")
    options = parser.parse_args()
    root = Path(__file__).resolve().parent.parent
    with tempfile.TemporaryDirectory() as scratch:
        times = Path(scratch) / "times.tsv"
        env = {**os.environ, "THOUSAND_HANGUP_TIMES": str(times)}
        command = [sys.executable, "-m", "pytest", "-q", "-m", "slow", "-n", options.jobs, TEST]
        if options.pick:
            command += ["-k", options.pick]
        done = subprocess.run(command, cwd=root, env=env, check=False)
        rows = times.read_text(encoding="utf-8").splitlines() if times.exists() else []
    trials = [row.split("\t") for row in rows]
    print(f"\n{'hang-up':<30} {'ended':<9} {'closed s':>8} {'exit s':>6}  trial")
    for kind, way, closed, seconds, trial in sorted(trials, key=lambda t: (t[0], float(t[3]))):
        print(f"{kind:<30} {way:<9} {float(closed):>8.2f} {float(seconds):>6.2f}  {trial}")
    by_kind: dict[str, list[tuple[str, float]]] = defaultdict(list)
    for kind, way, _closed, seconds, _trial in trials:
        by_kind[kind].append((way, float(seconds)))
    every = [ended for kind in by_kind.values() for ended in kind]
    print(f"\n{'hang-up':<30} {'trials':>6} {'clean':>6} {'≤ 1 s':>6} {'median s':>9} {'max s':>6}")
    for kind, ended in [*sorted(by_kind.items()), ("all", every)]:
        if ended:
            seconds = [s for _way, s in ended]
            clean = sum(way == CLEAN for way, _s in ended)
            fast = sum(way == CLEAN and s <= FAST for way, s in ended)
            median, worst = statistics.median(seconds), max(seconds)
            print(f"{kind:<30} {len(ended):>6} {clean:>6} {fast:>6} {median:>9.2f} {worst:>6.2f}")
    if every:
        fast = sum(way == CLEAN and s <= FAST for way, s in every)
        share = fast / len(every)
        verdict = "met" if share >= GOAL else "missed"
        print(
            f"clean within {FAST:.0f} s: {fast} of {len(every)} ({share:.0%}); "
            f"goal {GOAL:.0%}: {verdict}"
        )
    return done.returncode


if __name__ == "__main__":
    sys.exit(main())
