"""The cache of deal analyses, `analysis.jsonl` in the data folder: one line per deal and seat
analysed (the game's key, the deal, the seat, the points the seat's decisions lost), so that
`thousand stats` need not analyse a deal twice. It can be deleted at any time, holds no game's
seed and is readable by its owner only. Written by the table after each analysis: this module
imports nothing heavier than the file's own needs.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Iterable
from pathlib import Path

from ..priority import LOCAL
from ..private import open_private, private_dir, write_private
from .figures import KEY_MARK

CACHE_NAME = "analysis.jsonl"


def cache_path(base: Path | None = None) -> Path:
    return (base or LOCAL.data_dir) / CACHE_NAME


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
