"""A player's statistics, read from the club index (`store.index`, rebuilt from the saved game
records, which stay the source of truth); the only other file is the cache of deal analyses,
`analysis.jsonl`, which can be deleted at any time and holds no game's seed.

`collect_index` reads a folder's games from the index (`collect(paths)` reads the records
themselves) and sums, for the human seat of each: games and wins,
points per deal, contracts played and made by size, concessions, palki, barrel attempts and
wins, decisions taken after a hint (and the points of the deals they were in, counted apart),
games with a card taken back (counted apart), and the points the analysis says the player's
decisions lost; overall, per preset and per opponent level, with the points per deal of each
game for a trend.

`read_stats_apart` does what `read_stats` does in a process of its own: bringing the index up
to date reads and replays every record that changed since, the game being played among them,
so its memory grows with the game; done in the table's process at each look at the statistics,
it left that process a little larger each time (the allocator keeps what a peak took).
"""

from __future__ import annotations

import pickle
import sqlite3
import subprocess
import sys
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .engine.record import RecordError
from .store.analyses import CACHE_NAME as CACHE_NAME
from .store.analyses import cache_path as cache_path
from .store.analyses import read_cache as read_cache
from .store.analyses import write_cache as write_cache
from .store.catalog import record_files
from .store.figures import BANDS as BANDS
from .store.figures import SeatFigures, seat_figures
from .store.figures import Tally as Tally
from .store.figures import game_key as game_key
from .store.figures import human_seat as human_seat
from .store.index import ClubIndex, ClubIndexError, open_index
from .store.records import read_record

TREND_GAMES = 12


@dataclass
class GamePoints:
    """One game in the trend: when it began and the player's points per deal."""

    created: str
    per_deal: float


@dataclass
class Stats:
    total: Tally = field(default_factory=Tally)
    by_preset: dict[str, Tally] = field(default_factory=dict)
    by_level: dict[str, Tally] = field(default_factory=dict)
    trend: list[GamePoints] = field(default_factory=list)  # oldest first, the last games
    unreadable: int = 0


def collect(paths: Iterable[Path], cache_file: Path | None = None) -> Stats:
    """The statistics of the human seat over the records in `paths` (newest first, as the
    saved games are listed), each record read; games without a human seat are left out.
    `thousand stats` reads the club index instead (`collect_index`)."""
    found: list[SeatFigures] = []
    unreadable = 0
    for path in paths:
        try:
            record = read_record(path)
        except (RecordError, OSError):
            unreadable += 1
            continue
        for recorded in record.games:
            figures = seat_figures(path, recorded)
            if figures is not None:
                found.append(figures)
    return sum_figures(found, read_cache(cache_file) if cache_file is not None else {}, unreadable)


def collect_index(
    index: ClubIndex, folder: Path, cache_file: Path | None = None, refresh: bool = True
) -> Stats:
    """The statistics of the games of `folder` (a player's games folder) from the club
    index, brought up to date first with the records that changed since."""
    if refresh:
        index.refresh_folder(folder)
    figures, unreadable = index.seat_figures(folder)
    cache = read_cache(cache_file) if cache_file is not None else {}
    return sum_figures(figures, cache, unreadable)


def read_stats(
    folder: Path,
    cache_file: Path | None = None,
    notice: Callable[[str], None] | None = None,
    index_file: Path | None = None,
    database: str | None = None,
    node: str = "",
) -> Stats:
    """The statistics of a games folder from the club index (`index_file`, a host's
    `index_path(host.club_dir)`; on a club `database`, with the host's `node`), brought up
    to date first; if the index cannot be used, from the records themselves (`notice` is
    told why)."""
    try:
        with open_index(index_file, notice, database, node) as index:
            return collect_index(index, folder, cache_file)
    except (ClubIndexError, sqlite3.Error, OSError) as error:
        if notice is not None:
            notice(f"the club index could not be used ({error}); the records are read instead")
    return collect(record_files(folder), cache_file)


def sum_figures(
    games: Iterable[SeatFigures], cache: dict[tuple[str, int, int], float], unreadable: int = 0
) -> Stats:
    """The statistics of games' figures (newest first), with the analyses of `cache`."""
    stats = Stats(unreadable=unreadable)
    trend: list[GamePoints] = []
    for game in games:
        tally = Tally.from_dict(game.tally.to_dict())
        for number in game.deals:
            lost = cache.get((game.key, number, game.seat))
            if lost is not None:
                tally.analysed += 1
                tally.lost += lost
        stats.total.add(tally)
        stats.by_preset.setdefault(game.preset, Tally()).add(tally)
        stats.by_level.setdefault(game.opponents, Tally()).add(tally)
        if tally.per_deal is not None:
            trend.append(GamePoints(game.created, tally.per_deal))
    trend.sort(key=lambda g: g.created)
    stats.trend = trend[-TREND_GAMES:]
    return stats


def stats_dict(stats: Stats) -> dict[str, Any]:
    """The statistics as plain JSON values."""

    def tally(t: Tally) -> dict[str, Any]:
        out = dict(vars(t))
        out["lost"] = round(t.lost, 1)
        out["per_deal"] = None if t.per_deal is None else round(t.per_deal, 2)
        out["bands"] = [f"{a}-{b}" if b else f"{a}+" for a, b in BANDS]
        return out

    return {
        "total": tally(stats.total),
        "by_preset": {k: tally(v) for k, v in sorted(stats.by_preset.items())},
        "by_level": {k: tally(v) for k, v in sorted(stats.by_level.items())},
        "trend": [{"created": g.created, "per_deal": round(g.per_deal, 2)} for g in stats.trend],
        "unreadable": stats.unreadable,
    }


APART_TIMEOUT = 300.0  # seconds for the statistics read apart (a club's thousands of games)
# The child: `serve_apart` reads its request on its standard input and writes its answer, a
# pickle, on its standard output. Its only ends are this program and the child it started.
_APART_CODE = "from thousand_tui.stats import serve_apart; serve_apart()"


class StatsApartError(Exception):
    """The process reading the statistics failed: its last line of error, as the text."""


def read_stats_apart(
    folder: Path,
    cache_file: Path | None = None,
    notice: Callable[[str], None] | None = None,
    index_file: Path | None = None,
    database: str | None = None,
    node: str = "",
    timeout: float = APART_TIMEOUT,
) -> Stats:
    """`read_stats` in a child process, which holds the memory it takes and gives it all
    back as it ends; `notice` is told what the child was told. StatsApartError when it
    fails."""
    request = (str(folder), cache_file, index_file, database, node)
    try:
        done = subprocess.run(
            [sys.executable, "-P", "-c", _APART_CODE],
            input=pickle.dumps(request),
            capture_output=True,
            timeout=timeout,
            check=False,
        )
    except (OSError, subprocess.TimeoutExpired) as error:
        raise StatsApartError(str(error)) from None
    if done.returncode != 0:
        said = done.stderr.decode("utf-8", "replace").strip().splitlines()
        raise StatsApartError(said[-1] if said else f"exit status {done.returncode}")
    stats, notices = pickle.loads(done.stdout)
    for line in notices:
        if notice is not None:
            notice(line)
    if not isinstance(stats, Stats):
        raise StatsApartError("the statistics came back unreadable")
    return stats


def serve_apart() -> None:
    """The child of `read_stats_apart`: one request, one answer."""
    folder, cache_file, index_file, database, node = pickle.loads(sys.stdin.buffer.read())
    notices: list[str] = []
    stats = read_stats(Path(folder), cache_file, notices.append, index_file, database, node)
    sys.stdout.buffer.write(pickle.dumps((stats, notices), protocol=pickle.HIGHEST_PROTOCOL))
    sys.stdout.buffer.flush()
