"""The memory of the background analysis process (`ai/background.py`) while it analyses the
finished deals of a game: a game of `--deals` deals between `normal` players
(`bench/analyze.py`'s), its first deal analysed to start the process, then each of the last
`--last` deals, one call each, as the table's scheduler sends them. For each call it prints
the process's own memory (USS: its private pages, what it alone holds, so the figure does not
depend on how many other Python processes share the interpreter's pages) at its peak during
the call, sampled every 20 ms, and after it, with the call's time.

    python bench/analysis_memory.py [--preset family] [--deals 40] [--last 8]
"""

from __future__ import annotations

import argparse
import sys
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from analyze import played_game

from thousand_tui.ai.analysis import analyze_task, deal_task
from thousand_tui.ai.background import BackgroundProcess


def own_mb(pid: int | None) -> float:
    """The private memory (USS) of `pid` in MB; 0 once it is gone."""
    if pid is None:
        return 0.0
    total = 0
    try:
        with open(f"/proc/{pid}/smaps_rollup") as rollup:
            for line in rollup:
                if line.startswith(("Private_Clean:", "Private_Dirty:")):
                    total += int(line.split()[1])
    except OSError:
        return 0.0
    return total / 1024


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--preset", default="family")
    parser.add_argument("--deals", type=int, default=40)
    parser.add_argument("--last", type=int, default=8)
    parser.add_argument("--seed", type=int, default=11)
    args = parser.parse_args()
    seed, recorded = played_game(args.deals, args.seed, args.preset)
    lines = recorded.lines
    numbers = [line["number"] for line in lines if line["type"] == "result"]
    print(f"{args.preset}, seed {seed}: {len(numbers)} deals, {len(lines)} record lines")
    worker = BackgroundProcess(nice=0)
    peak = 0.0
    watching = True

    def watch() -> None:
        nonlocal peak
        while watching:
            peak = max(peak, own_mb(worker.pid))
            time.sleep(0.02)

    try:
        worker.call(analyze_task, deal_task(lines, 0, numbers[0]))
        print(f"after deal {numbers[0]} (the process started): {own_mb(worker.pid):.1f} MB")
        threading.Thread(target=watch, daemon=True).start()
        print(f"{'deal':>5} {'peak MB':>8} {'after MB':>9} {'seconds':>8}")
        for number in numbers[-args.last :]:
            peak = 0.0
            began = time.perf_counter()
            worker.call(analyze_task, deal_task(lines, 0, number))
            took = time.perf_counter() - began
            time.sleep(0.1)  # the worker gives back what the call freed after it answers
            print(f"{number:>5} {peak:>8.1f} {own_mb(worker.pid):>9.1f} {took:>8.1f}")
    finally:
        watching = False
        worker.stop(closing=True)


if __name__ == "__main__":
    main()
