"""Shared tables: seconds from one player sending a decision until each other player's client
has the update that tells it (the table service on a Unix socket, three clients).

Three clients sit at one table of a throw-away data directory; whoever is to move plays a
random legal decision at once. For every decision the time from sending it to the arrival of
its update at each of the two other clients is kept; the median, 95th percentile and maximum
are printed (the goal is 0.2 s). Run: `python bench/tables_latency.py [--moves N]`.
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import signal
import statistics
import tempfile
import threading
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

from thousand_tui.presets import load_preset
from thousand_tui.tables.client import TableClient, join_table, open_table
from thousand_tui.tables.mirror import SeatMirror
from thousand_tui.tables.service import LOCK_NAME, tables_dir
from thousand_tui.tables.wire import TableOptions


class Player:
    def __init__(self, client: TableClient, welcome: dict[str, Any]) -> None:
        self.client = client
        self.mirror = SeatMirror(welcome)
        self.arrived: dict[int, float] = {}  # turn → when its update came
        self.changed = threading.Condition()
        client.listen(self.take)

    def take(self, message: dict[str, Any]) -> None:
        now = time.perf_counter()
        with self.changed:
            self.mirror.take(message)
            if message.get("type") == "update":
                self.arrived[int(message["turn"])] = now
            self.changed.notify_all()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=300, help="decisions to time (300)")
    options = parser.parse_args()
    base = Path(tempfile.mkdtemp(prefix="tt-bench-", dir="/tmp"))
    os.environ["THOUSAND_DATA_DIR"] = str(base)
    try:
        delays = run(base, options.moves)
    finally:
        pid = (tables_dir(base) / LOCK_NAME).read_text().strip()
        if pid:
            os.kill(int(pid), signal.SIGTERM)
        shutil.rmtree(base, ignore_errors=True)
    delays.sort()
    p95 = delays[int(len(delays) * 0.95) - 1]
    print(f"{len(delays)} deliveries of {len(delays) // 2} decisions to the two other clients")
    print(
        f"move to the other screens: median {statistics.median(delays) * 1000:.1f} ms, "
        f"95% {p95 * 1000:.1f} ms, max {delays[-1] * 1000:.1f} ms (goal 200 ms)"
    )


def run(base: Path, moves: int) -> list[float]:
    preset = load_preset("classic")
    first, welcome = open_table(replace(TableOptions.of(preset), name="Ann", pace=0.0), base=base)
    players = [Player(first, welcome)]
    for name in ("Bob", "Cat"):
        client, welcome = join_table(welcome["code"], name=name, base=base)
        players.append(Player(client, welcome))
    rng = random.Random(1)
    delays: list[float] = []
    deadline = time.monotonic() + 120
    while len(delays) < 2 * moves and time.monotonic() < deadline:
        mover = next((p for p in players if p.mirror.my_turn), None)
        if mover is None:
            time.sleep(0.001)
            continue
        with mover.changed:
            turn = mover.mirror.turn
            action = rng.choice(mover.mirror.legal)
        sent = time.perf_counter()
        mover.client.act(action)
        others = [p for p in players if p is not mover]
        for other in others:
            with other.changed:
                other.changed.wait_for(lambda o=other, t=turn: t + 1 in o.arrived, timeout=5)
                delays.append(other.arrived[turn + 1] - sent)
        with mover.changed:
            mover.changed.wait_for(lambda m=mover, t=turn: m.mirror.turn > t, timeout=5)
        if mover.mirror.over:
            break
    for player in players:
        player.client.close()
    return delays


if __name__ == "__main__":
    main()
