"""A player's statistics, read from the saved game records (the records stay the source of
truth; the only other file is the cache of deal analyses, `analysis.jsonl`, which can be
deleted at any time and holds no game's seed).

`collect(paths)` reads the records and sums, for the human seat of each: games and wins,
points per deal, contracts played and made by size, concessions, palki, barrel attempts and
wins, decisions taken after a hint (and the points of the deals they were in, counted apart),
games with a card taken back (counted apart), and the points the analysis says the player's
decisions lost; overall, per preset and per opponent level, with the points per deal of each
game for a trend.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .engine.events import BarrelAttempt, BarrelWin, Concession, Palka, sheet_events_of
from .engine.record import RecordedGame, RecordError, played_lines, takebacks
from .private import open_private, private_dir, write_private
from .records import read_record
from .saves import data_dir

# Contract sizes: (first, last) of each band; the last band is open.
BANDS: tuple[tuple[int, int | None], ...] = ((100, 120), (125, 160), (165, None))
CACHE_NAME = "analysis.jsonl"
KEY_MARK = "g1:"  # what starts a game's name in the cache (older versions used its seed)
TREND_GAMES = 12


def band_of(contract: int) -> int:
    for i, (_, last) in enumerate(BANDS):
        if last is None or contract <= last:
            return i
    return len(BANDS) - 1


@dataclass
class Tally:
    """The figures of a set of games, for the player's seat in each."""

    games: int = 0  # finished games
    unfinished: int = 0
    wins: int = 0
    deals: int = 0  # deals settled (redeals left out)
    points: int = 0  # the player's score changes in those deals
    played: list[int] = field(default_factory=lambda: [0] * len(BANDS))  # contracts played
    made: list[int] = field(default_factory=lambda: [0] * len(BANDS))
    concessions: int = 0
    palki: int = 0
    barrel_attempts: int = 0
    barrel_wins: int = 0
    decisions: int = 0  # the player's own decisions
    hinted: int = 0  # of them, taken after a hint
    hinted_deals: int = 0  # deals with a decision taken after a hint
    hinted_points: int = 0  # the player's score changes in those deals
    analysed: int = 0  # deals with an analysis in the cache
    taken_back: int = 0  # cards the player took back (`--take-back`)
    taken_back_games: int = 0  # games with a card taken back, counted apart
    taken_back_wins: int = 0  # of them, won
    lost: float = 0.0  # the points the analysis says the player's decisions lost in them

    @property
    def per_deal(self) -> float | None:
        return self.points / self.deals if self.deals else None

    @property
    def lost_per_deal(self) -> float | None:
        return self.lost / self.analysed if self.analysed else None

    def add(self, other: Tally) -> None:
        for name, value in vars(other).items():
            mine = getattr(self, name)
            if isinstance(value, list):
                setattr(self, name, [a + b for a, b in zip(mine, value, strict=True)])
            else:
                setattr(self, name, mine + value)


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


def game_key(path: Path, header: dict[str, Any]) -> str:
    """What names a game in the analysis cache: a digest of its file's name and its start.
    Never its seed, from which anyone could work out every hand and talon of the game: the
    seed stays in the record alone."""
    named = f"{path.name}\0{header.get('created', '')}".encode()
    return KEY_MARK + hashlib.sha256(named).hexdigest()[:32]


def cache_path(base: Path | None = None) -> Path:
    return (base or data_dir()) / CACHE_NAME


def read_cache(path: Path) -> dict[tuple[str, int, int], float]:
    """(game, deal, seat) → points lost, from the cache; lines it cannot read are skipped,
    and lines of older versions (named by the game's seed) are dropped from the file."""
    out: dict[tuple[str, int, int], float] = {}
    rows, stale = _cache_rows(path)
    for row in rows:
        line = json.loads(row)
        out[(str(line["game"]), int(line["deal"]), int(line["seat"]))] = float(line["lost"])
    if stale:
        _rewrite(path, rows)
    return out


def write_cache(path: Path, entries: Iterable[tuple[str, int, int, float]]) -> None:
    """Add analyses to the cache (game, deal, seat, points lost); the cache is readable by
    its owner only."""
    rows = [
        json.dumps({"game": g, "deal": d, "seat": s, "lost": round(lost, 1)})
        for g, d, s, lost in entries
    ]
    if not rows:
        return
    kept, stale = _cache_rows(path)
    if stale:
        _rewrite(path, kept + rows)
        return
    with contextlib.suppress(OSError):
        private_dir(path.parent)
        with open_private(path, "a") as handle:
            handle.writelines(row + "\n" for row in rows)


def _cache_rows(path: Path) -> tuple[list[str], bool]:
    """The cache's good lines, and whether it holds others (unreadable, or of a version
    that named games by their seed)."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError:
        return [], False
    rows: list[str] = []
    stale = False
    for row in text.splitlines():
        try:
            line = json.loads(row)
            good = (
                str(line["game"]).startswith(KEY_MARK)
                and isinstance(line["deal"], int)
                and isinstance(line["seat"], int)
                and isinstance(line["lost"], (int, float))
            )
        except (ValueError, KeyError, TypeError):
            good = False
        if good:
            rows.append(row)
        else:
            stale = True
    return rows, stale


def _rewrite(path: Path, rows: list[str]) -> None:
    with contextlib.suppress(OSError):
        private_dir(path.parent)
        write_private(path, "".join(row + "\n" for row in rows))


def human_seat(header: dict[str, Any]) -> int | None:
    players = header.get("players") or []
    for seat, player in enumerate(players):
        if isinstance(player, dict) and player.get("kind") == "human":
            return seat
    return None


def opponents(header: dict[str, Any], seat: int) -> str:
    """The opponents' levels, as `--ai` gives them: "easy,hard"."""
    levels = [
        str(p.get("level") or "?")
        for s, p in enumerate(header.get("players") or [])
        if s != seat and isinstance(p, dict)
    ]
    return ",".join(levels)


def game_tally(
    recorded: RecordedGame, seat: int, key: str, cache: dict[tuple[str, int, int], float]
) -> Tally:
    """One game's figures for `seat`."""
    tally = Tally()
    if recorded.finished:
        tally.games = 1
    else:
        tally.unfinished = 1
    hinted_in: set[int] = set()
    deal: int | None = None
    # The decisions as played out: those taken back are not the player's decisions.
    for line in played_lines(recorded.lines):
        kind = line.get("type")
        if kind == "deal":
            deal = line.get("number") if isinstance(line.get("number"), int) else None
        elif kind == "action" and line.get("seat") == seat and not line.get("auto"):
            tally.decisions += 1
            if line.get("hinted") is True:
                tally.hinted += 1
                if deal is not None:
                    hinted_in.add(deal)
        elif kind == "result":
            count_result(tally, line, seat, hinted_in)
            number = line.get("number")
            lost = cache.get((key, number, seat)) if isinstance(number, int) else None
            if lost is not None and line.get("redeal") is None:
                tally.analysed += 1
                tally.lost += lost
        elif kind == "end" and line.get("winner") == seat:
            tally.wins += 1
    tally.taken_back = takebacks(recorded.lines, seat)
    if tally.taken_back:
        tally.taken_back_games = 1
        tally.taken_back_wins = int(
            any(line.get("type") == "end" and line.get("winner") == seat for line in recorded.lines)
        )
    return tally


def count_result(tally: Tally, line: dict[str, Any], seat: int, hinted_in: set[int]) -> None:
    if line.get("redeal") is not None:
        return
    deltas = line.get("deltas") or []
    delta = deltas[seat] if seat < len(deltas) and isinstance(deltas[seat], int) else 0
    tally.deals += 1
    tally.points += delta
    if line.get("number") in hinted_in:
        tally.hinted_deals += 1
        tally.hinted_points += delta
    contract = line.get("contract")
    if line.get("declarer") == seat and isinstance(contract, int) and line.get("made") is not None:
        band = band_of(contract)
        tally.played[band] += 1
        tally.made[band] += bool(line.get("made"))
    for event in sheet_events_of(line.get("events")):
        match event:
            case Concession(seat=s) if s == seat:
                tally.concessions += 1
            case Palka(seat=s, count=count) if s == seat:
                tally.palki += count
            case BarrelAttempt(seat=s) if s == seat:
                tally.barrel_attempts += 1
            case BarrelWin(seat=s) if s == seat:
                tally.barrel_wins += 1


def collect(paths: Iterable[Path], cache_file: Path | None = None) -> Stats:
    """The statistics of the human seat over the records in `paths` (newest first, as the
    saved games are listed); games without a human seat are left out."""
    cache = read_cache(cache_file) if cache_file is not None else {}
    stats = Stats()
    trend: list[GamePoints] = []
    for path in paths:
        try:
            record = read_record(path)
        except (RecordError, OSError):
            stats.unreadable += 1
            continue
        for recorded in record.games:
            header = recorded.header
            seat = human_seat(header)
            if seat is None:
                continue
            tally = game_tally(recorded, seat, game_key(path, header), cache)
            stats.total.add(tally)
            preset = str(header.get("preset", "custom"))
            stats.by_preset.setdefault(preset, Tally()).add(tally)
            stats.by_level.setdefault(opponents(header, seat), Tally()).add(tally)
            if tally.per_deal is not None:
                trend.append(GamePoints(str(header.get("created", "")), tally.per_deal))
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
