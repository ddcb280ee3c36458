"""What looking at the statistics during a game costs the game's process: its memory (RSS) before
and after each read, the statistics read here (`read_stats`) or in a process of their own
(`read_stats_apart`, what the table's statistics page does).

A game between `easy` players is recorded in a data folder of its own, deal by deal; at deals
1, 2, 5, 10, 20, 30 and 40 the statistics are read, as a player pressing `t` now and then
would. Bringing the club index up to date reads and replays the record of the game being
played, so a read takes more the longer the game; the allocator keeps what the peak took.

    python bench/stats_memory.py            # both ways, one after the other
"""

from __future__ import annotations

import gc
import subprocess
import sys
import tempfile
from pathlib import Path

LOOKS = (1, 2, 5, 10, 20, 30, 40)


def rss_mb() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def one_way(apart: bool) -> None:
    from thousand_tui.presets import load_preset
    from thousand_tui.simulate import play_game
    from thousand_tui.stats import cache_path, read_stats, read_stats_apart
    from thousand_tui.store.catalog import games_dir
    from thousand_tui.store.index import index_path
    from thousand_tui.store.records import RecordWriter

    read = read_stats_apart if apart else read_stats
    with tempfile.TemporaryDirectory(prefix="stats-memory-") as scratch:
        base = Path(scratch)
        folder = games_dir(base)
        folder.mkdir(parents=True)
        club = base / "club"
        club.mkdir(mode=0o700)
        writer = RecordWriter(folder / "2026-01-01T000000-family.jsonl")
        deals = 0
        rows: list[tuple[int, float, float]] = []

        def sink(line: dict[str, object]) -> None:
            nonlocal deals
            writer.write(line)
            if line.get("type") == "result":
                deals += 1
                if deals in LOOKS:
                    gc.collect()
                    before = rss_mb()
                    read(folder, cache_path(base), None, index_path(club))
                    gc.collect()
                    rows.append((deals, before, rss_mb()))

        preset = load_preset("family")
        seed = 7
        while deals < LOOKS[-1]:  # games one after another in the one record, as an evening
            play_game(preset.rules, seed, ["easy"] * 3, "family", sink, LOOKS[-1] - deals)
            seed += 1
        writer.close()
    print(f"\nthe statistics read {'apart' if apart else 'in the game process'}")
    print(f"  {'deal':>4} {'RSS before':>11} {'after':>8} {'read took':>10}")
    for deal, before, after in rows:
        print(f"  {deal:>4} {before:>8.1f} MB {after:>5.1f} MB {after - before:>+7.2f} MB")
    first, last = rows[LOOKS.index(5)], rows[-1]
    print(f"  from deal 5 to deal {last[0]}: {last[2] - first[1]:+.1f} MB")


def main() -> int:
    if sys.argv[1:2] in (["--here"], ["--apart"]):
        one_way(sys.argv[1] == "--apart")
        return 0
    for way in ("--here", "--apart"):  # each in a fresh process: neither inherits the other's
        subprocess.run([sys.executable, __file__, way], check=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
