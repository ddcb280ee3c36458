"""How long `thousand stats` takes over 1,000 saved games: reading every record (as it did
before the club index) against reading the club index, cold (no index yet: every record is
read once and indexed) and warm (the index up to date: only the folder is listed).

A few whole games are played by the engine (random legal decisions, the first seat a
person's), and copies of their records are written under other names and start times into
a temporary data folder; each figure is the median of a few runs, the same figures printed
by both ways.

    python bench/stats_index.py --games 1000
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from thousand_tui.engine.game import Game, PlayerInfo
from thousand_tui.presets import load_preset
from thousand_tui.stats import cache_path, collect, read_stats, stats_dict
from thousand_tui.store.catalog import DATA_DIR_ENV, record_files
from thousand_tui.store.index import INDEX_NAME


def whole_game(seed: int) -> list[dict[str, Any]]:
    rules = load_preset("classic").rules
    players = [PlayerInfo("You", "human"), PlayerInfo("Anna", "ai", "easy"),
               PlayerInfo("Boris", "ai", "hard")]  # fmt: skip
    game = Game(rules, seed, players, created="2026-01-01T10:00:00Z")
    rng = random.Random(seed)
    while not game.over and len(game.results) < 60:
        seat = game.to_move
        assert seat is not None
        game.apply(rng.choice(game.legal_actions(seat)))
    return list(game.lines)


def make_games(folder: Path, count: int, models: int) -> None:
    folder.mkdir(parents=True)
    games = [whole_game(seed) for seed in range(models)]
    for number in range(count):
        lines = [dict(line) for line in games[number % models]]
        lines[0]["created"] = (
            f"2026-{1 + number % 12:02d}-{1 + number % 28:02d}T10:{number % 60:02d}:00Z"
        )
        text = "".join(json.dumps(line, separators=(",", ":")) + "\n" for line in lines)
        path = folder / f"2026-{number:05d}-classic.jsonl"
        path.write_text(text, encoding="utf-8")
        os.utime(path, ns=(1_700_000_000_000_000_000 + number, 1_700_000_000_000_000_000 + number))


def timed(run: Callable[[], object], times: int, before: Callable[[], None] | None = None) -> float:
    seconds = []
    for _ in range(times):
        if before is not None:
            before()
        start = time.perf_counter()
        run()
        seconds.append(time.perf_counter() - start)
    return statistics.median(seconds)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--models", type=int, default=8, help="whole games played to copy")
    parser.add_argument("--runs", type=int, default=3)
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as base:
        data = Path(base)
        os.environ[DATA_DIR_ENV] = str(data)
        folder = data / "games"
        make_games(folder, options.games, options.models)
        size = sum(path.stat().st_size for path in folder.iterdir()) / 1e6
        cache = cache_path(data)

        def drop_index() -> None:
            for path in data.glob(INDEX_NAME + "*"):
                path.unlink()

        records = timed(lambda: collect(record_files(folder), cache), options.runs)
        cold = timed(lambda: read_stats(folder, cache), options.runs, drop_index)
        warm = timed(lambda: read_stats(folder, cache), options.runs)
        same = stats_dict(collect(record_files(folder), cache)) == stats_dict(
            read_stats(folder, cache)
        )
        print(f"{options.games} saved games ({size:.1f} MB of records), median of {options.runs}:")
        print(f"  every record read (before the index): {records * 1000:8.0f} ms")
        print(f"  club index, cold (made from records): {cold * 1000:8.0f} ms")
        print(f"  club index, warm (up to date):        {warm * 1000:8.0f} ms")
        print(f"  the same figures both ways: {'yes' if same else 'NO'}")


if __name__ == "__main__":
    main()
