"""Several processes write to the club index at once (players finishing games, a host's
refresh, the ratings and the daily results): none fails with "database is locked", no row
is lost."""

from __future__ import annotations

import multiprocessing
import os
from pathlib import Path

import pytest

from tests.store.helpers import game_lines, write_record
from thousand_tui.store.index import DailyResult, Rating, open_index

WRITERS = 4
GAMES = 12


def finish_games(data: str, worker: int, lines: list[list[dict[str, object]]]) -> None:
    """A player finishing game after game, each read into the index as the statistics read
    it; the first worker is the host refreshing the whole club and keeping ratings and daily
    results."""
    os.environ["THOUSAND_DATA_DIR"] = data
    games = Path(data) / "players" / f"key-{worker}" / "games"
    for number, game in enumerate(lines):
        path = write_record(games, f"{number}.jsonl", game)
        with open_index() as index:
            index.refresh_folder(path.parent)
            if worker == 0:
                index.refresh()
                index.replace_ratings(
                    [Rating(f"key-{number}", 1500.0 + number, 300, 0.06, 1, None)]
                )
            index.add_daily_results(
                [DailyResult("2026-12-05", "classic", f"key-{worker}", number, number, 0)]
            )


@pytest.mark.long
def test_four_processes_index_their_games_at_once(tmp_path: Path) -> None:
    data = tmp_path / "data"
    data.mkdir()
    lines = [game_lines(seed, deals=2) for seed in range(GAMES)]
    context = multiprocessing.get_context("spawn")
    workers = [
        context.Process(target=finish_games, args=(str(data), worker, lines))
        for worker in range(WRITERS)
    ]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join(timeout=300)
    assert [worker.exitcode for worker in workers] == [0] * WRITERS  # none failed
    with open_index(data / "club.sqlite3") as index:
        for worker in range(WRITERS):
            assert len(index.games(f"key-{worker}")) == GAMES, worker
        assert len(index.daily_results("2026-12-05")) == WRITERS * GAMES
        assert len(index.ratings()) == 1
