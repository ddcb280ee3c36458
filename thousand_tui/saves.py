"""Saved games: every game is a record file under the user's data directory (RECORD.md).

The record is appended and flushed line by line as the game goes, so it is the autosave.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from .engine.game import Game
from .engine.record import RecordError, RecordWriter, read_record, rebuild

APP_DIR = "thousand_tui"


def data_dir() -> Path:
    """`$XDG_DATA_HOME/thousand_tui`, by default `~/.local/share/thousand_tui`."""
    base = os.environ.get("XDG_DATA_HOME") or ""
    root = Path(base) if base and Path(base).is_absolute() else Path.home() / ".local" / "share"
    return root / APP_DIR


def games_dir() -> Path:
    return data_dir() / "games"


def new_record_path(preset: str, now: datetime | None = None) -> Path:
    """A fresh file name that sorts by date: `games/2026-11-29T180000-classic.jsonl`."""
    stamp = (now or datetime.now(UTC)).strftime("%Y-%m-%dT%H%M%S")
    safe = "".join(ch if ch.isalnum() or ch in "-_" else "_" for ch in preset)[:40] or "game"
    path = games_dir() / f"{stamp}-{safe}.jsonl"
    counter = 1
    while path.exists():
        counter += 1
        path = games_dir() / f"{stamp}-{safe}-{counter}.jsonl"
    return path


@dataclass(frozen=True)
class SavedGame:
    path: Path
    created: str
    preset: str
    players: list[str]
    scores: list[int]
    deals: int
    finished: bool
    winner: int | None
    error: str | None = None


def describe_save(path: Path) -> SavedGame:
    """A summary of a record file's last game, without replaying it; unreadable files are
    listed with the reason."""
    try:
        record = read_record(path)
    except RecordError as error:
        return SavedGame(path, "", "", [], [], 0, False, None, str(error))
    lines = record.games[-1].lines
    header = lines[0]
    scores: list[int] = list((header.get("start") or {}).get("state", {}).get("scores", []))
    deals = 0
    winner = None
    for line in lines:
        kind = line.get("type")
        if kind == "deal":
            deals += 1
        elif kind == "result":
            scores = list(line.get("state", {}).get("scores", scores))
        elif kind == "end":
            winner = line.get("winner")
    names = [str(p.get("name", "?")) for p in header.get("players", []) if isinstance(p, dict)]
    return SavedGame(
        path=path,
        created=str(header.get("created", "")),
        preset=str(header.get("preset", "")),
        players=names,
        scores=scores or [0] * len(names),
        deals=deals,
        finished=winner is not None,
        winner=winner,
    )


def list_games(directory: Path | None = None) -> list[SavedGame]:
    """Saved games, newest first."""
    folder = directory or games_dir()
    if not folder.is_dir():
        return []
    paths = sorted(folder.glob("*.jsonl"), key=lambda p: p.stat().st_mtime, reverse=True)
    return [describe_save(p) for p in paths]


def latest_unfinished(directory: Path | None = None) -> Path | None:
    for save in list_games(directory):
        if save.error is None and not save.finished:
            return save.path
    return None


@dataclass
class Resumed:
    game: Game
    writer: RecordWriter
    path: Path
    warnings: list[str]


def resume(path: Path) -> Resumed:
    """Rebuild the last game of a record and reopen the file for appending.

    A cut-off last line is dropped from the file (it never held a whole decision) and the
    game goes on from the last complete line. A file that is not a record, is of a newer
    version, or does not replay is never written to."""
    record = read_record(path)
    recorded = record.games[-1]
    if recorded.finished:
        raise RecordError(f"{path}: this game is over; start a new one")
    game, mismatch = rebuild(recorded)
    if mismatch is not None:
        raise RecordError(f"{path}: the record does not replay ({mismatch}); it is left as it is")
    warnings = list(record.warnings)
    if record.truncated:
        _drop_partial_last_line(path)
    writer = RecordWriter(path)
    game.sink = writer.write
    return Resumed(game, writer, path, warnings)


def _drop_partial_last_line(path: Path) -> None:
    data = path.read_bytes()
    cut = data.rfind(b"\n")
    with path.open("r+b") as handle:
        handle.truncate(cut + 1 if cut >= 0 else 0)
