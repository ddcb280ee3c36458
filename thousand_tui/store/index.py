"""The club index: one SQLite file, `club.sqlite3` in the data folder, that indexes the
players, the games of every saved record, the ratings and the daily results (docs/club.md).

The JSON-lines records stay the truth: `ClubIndex.rebuild` makes the games again from them,
and `refresh_folder` reads only the records whose size or time changed since. The file is
its owner's only (0600), in WAL mode so readers never wait for a writer, and every writing
transaction takes the write lock first (`BEGIN IMMEDIATE`), waiting for another process's
transaction to end instead of failing with "database is locked".
"""

from __future__ import annotations

import contextlib
import json
import os
import sqlite3
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

from ..engine.record import TAKEBACK, RecordError, people_of_header
from ..plaintext import fault, one_line
from ..priority import CLUB_DIR_ENV as CLUB_DIR_ENV
from ..priority import LOCAL
from ..private import open_private, private_dir
from ..translations import LANGS, msg, translate
from .catalog import (
    PLAYERS_DIR,
    RECORD_SUFFIX,
    _player_level,
    _player_name,
    _scores,
    player_folders,
)
from .figures import SeatFigures, Tally, game_key, seat_figures
from .records import read_record

INDEX_NAME = "club.sqlite3"
# Set by a hosted session: the host's data folder, where the club index lives, while the
# session's own data folder is the player's (`players/ID`).
LOCAL_PLAYER = "local"  # the player of the data folder's own games (not a hosted player's)
BUSY_SECONDS = 30.0  # how long a writer waits for another process's transaction
NAME_FILE = "name"  # a hosted player's chosen name, in his folder
MAX_NAME = 16

# The schema, one step per version: MIGRATIONS[n] takes a file of version n to n + 1.
MIGRATIONS: tuple[tuple[str, ...], ...] = (
    (  # 1: the players and the games of the records
        "CREATE TABLE players (id TEXT PRIMARY KEY, name TEXT NOT NULL, folder TEXT NOT NULL)",
        "CREATE TABLE files (path TEXT PRIMARY KEY, folder TEXT NOT NULL, name TEXT NOT NULL,"
        " player TEXT NOT NULL, size INTEGER NOT NULL, mtime_ns INTEGER NOT NULL, error TEXT)",
        "CREATE INDEX files_by_folder ON files (folder)",
        "CREATE TABLE games (path TEXT NOT NULL, number INTEGER NOT NULL, key TEXT NOT NULL,"
        " player TEXT NOT NULL, preset TEXT NOT NULL, seats TEXT NOT NULL,"
        " scores TEXT NOT NULL, winner INTEGER, finished INTEGER NOT NULL,"
        " started TEXT NOT NULL, ended TEXT, deals INTEGER NOT NULL,"
        " PRIMARY KEY (path, number))",
        "CREATE INDEX games_by_player ON games (player)",
    ),
    (  # 2: what the statistics need of each game; ratings; daily results
        "ALTER TABLE games ADD COLUMN human_seat INTEGER",
        "ALTER TABLE games ADD COLUMN opponents TEXT",
        "ALTER TABLE games ADD COLUMN figures TEXT",
        "ALTER TABLE games ADD COLUMN analysable TEXT",
        # the games indexed before are read again at the next refresh, for those columns
        "UPDATE files SET size = -1",
        "CREATE TABLE ratings (player TEXT PRIMARY KEY, rating REAL NOT NULL,"
        " deviation REAL NOT NULL, volatility REAL NOT NULL, games INTEGER NOT NULL,"
        " last_played TEXT)",
        "CREATE TABLE daily_results (date TEXT NOT NULL, preset TEXT NOT NULL,"
        " player TEXT NOT NULL, deal INTEGER NOT NULL, points INTEGER NOT NULL,"
        " reference INTEGER NOT NULL, PRIMARY KEY (date, preset, player, deal))",
    ),
    (  # 3: the deals settled (a game left in the middle of a deal has one more dealt)
        "ALTER TABLE games ADD COLUMN settled INTEGER NOT NULL DEFAULT 0",
        "UPDATE files SET size = -1",
    ),
    (  # 4: the cards taken back (a game with one is not rated)
        "ALTER TABLE games ADD COLUMN taken_back INTEGER NOT NULL DEFAULT 0",
        "UPDATE files SET size = -1",
    ),
    (  # 5: the data folder's own player named as at the table, not by the login
        "DELETE FROM players WHERE id = 'local'",
    ),
)
SCHEMA_VERSION = len(MIGRATIONS)


class ClubIndexError(Exception):
    """The index cannot be used as it is (made by a newer version, or not writable)."""


def club_dir(base: Path | None = None) -> Path:
    """The folder of the club index: `base` (a host's `club_dir`: the host's data folder for
    a hosted player, else the data folder), or that of a host that did not say."""
    return base or LOCAL.club_dir


def index_path(base: Path | None = None) -> Path:
    return club_dir(base) / INDEX_NAME


def player_of(folder: Path) -> str:
    """Whose games a games folder holds: a hosted player's (`players/ID/games`) or the
    data folder's own."""
    if folder.name == "games" and folder.parent.parent.name == PLAYERS_DIR:
        return folder.parent.name
    return LOCAL_PLAYER


@dataclass(frozen=True)
class IndexedGame:
    """One game of a record as the index keeps it."""

    path: Path
    number: int  # the game's place in its record file, from 1
    key: str
    player: str
    preset: str
    # name, kind ("human" or "ai"), the AI's level, and at a shared table the person's id
    seats: tuple[dict[str, str], ...]
    scores: tuple[int, ...]
    winner: int | None
    finished: bool
    started: str
    ended: str | None  # when the record was last written, for a finished game
    deals: int  # dealt
    written: str = ""  # when its record file was last written (2026-12-05T03:58:00Z)
    settled: int = 0  # deals played to their result
    taken_back: int = 0  # cards taken back (`--take-back`): the game is not rated


@dataclass(frozen=True)
class Rating:
    player: str  # a player's id, or an AI level as "ai:hard"
    rating: float
    deviation: float
    volatility: float
    games: int
    last_played: str | None


@dataclass(frozen=True)
class DailyResult:
    date: str  # 2026-12-05
    preset: str
    player: str
    deal: int
    points: int
    reference: int  # what the reference player made with the same cards from the same seat


@dataclass(frozen=True)
class Refreshed:
    read: int  # record files read again
    dropped: int  # record files gone since


class ClubIndex:
    """An open club index. Use `open_index`, which rebuilds an index it cannot read."""

    def __init__(self, path: Path) -> None:
        self.path = path
        private_dir(path.parent)
        open_private(path, "ab").close()  # 0600 before SQLite makes it (its -wal follows)
        self._db = sqlite3.connect(path, timeout=BUSY_SECONDS, isolation_level=None)
        try:
            self._db.execute(f"PRAGMA busy_timeout = {int(BUSY_SECONDS * 1000)}")
            self._db.execute("PRAGMA journal_mode = WAL")
            self._db.execute("PRAGMA synchronous = NORMAL")
            check = self._db.execute("PRAGMA quick_check").fetchone()
            if check is None or check[0] != "ok":
                raise sqlite3.DatabaseError(f"damaged: {check[0] if check else '?'}")
            self._migrate()
        except BaseException:
            self._db.close()
            raise

    # ------------------------------------------------------------------ the file

    def close(self) -> None:
        self._db.close()

    def __enter__(self) -> ClubIndex:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()

    @contextlib.contextmanager
    def _writing(self) -> Iterator[sqlite3.Connection]:
        """A transaction holding the write lock from its start (it waits for another
        process's transaction rather than failing halfway)."""
        self._db.execute("BEGIN IMMEDIATE")
        try:
            yield self._db
        except BaseException:
            self._db.execute("ROLLBACK")
            raise
        self._db.execute("COMMIT")

    @property
    def version(self) -> int:
        row = self._db.execute("SELECT version FROM schema_version").fetchone()
        return int(row[0]) if row else 0

    def _migrate(self) -> None:
        with self._writing() as db:
            db.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
            version = self.version
            if version > SCHEMA_VERSION:
                raise ClubIndexError(
                    f"{self.path}: the club index was made by a newer version of thousand "
                    f"(schema {version}, this one knows {SCHEMA_VERSION}); update thousand, "
                    "or delete the file and run `thousand club rebuild`"
                )
            for step in MIGRATIONS[version:]:
                for statement in step:
                    db.execute(statement)
            if version != SCHEMA_VERSION:
                db.execute("DELETE FROM schema_version")
                db.execute("INSERT INTO schema_version VALUES (?)", (SCHEMA_VERSION,))

    # ------------------------------------------------------------------ the games

    def refresh_folder(self, folder: Path) -> Refreshed:
        """Bring the games of a games folder up to date: the records whose size or time
        changed are read again, those gone are dropped."""
        folder = folder.absolute()
        where = str(folder)
        player = player_of(folder)
        seen = _record_stats(folder)
        known = {
            path: (size, mtime)
            for path, size, mtime in self._db.execute(
                "SELECT path, size, mtime_ns FROM files WHERE folder = ?", (where,)
            )
        }
        gone = [path for path in known if path not in seen]
        changed = [(path, stat) for path, stat in seen.items() if known.get(path) != stat]
        read = [_read_games(Path(path), player) for path, _ in changed]  # outside the lock
        if not gone and not changed and self._knows(player):
            return Refreshed(0, 0)
        with self._writing() as db:
            for path in gone:
                db.execute("DELETE FROM games WHERE path = ?", (path,))
                db.execute("DELETE FROM files WHERE path = ?", (path,))
            for (path, (size, mtime)), (games, error) in zip(changed, read, strict=True):
                db.execute("DELETE FROM games WHERE path = ?", (path,))
                db.execute(
                    "INSERT OR REPLACE INTO files VALUES (?, ?, ?, ?, ?, ?, ?)",
                    (path, where, Path(path).name, player, size, mtime, error),
                )
                db.executemany(
                    "INSERT OR REPLACE INTO games VALUES"
                    " (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    games,
                )
            self._keep_player(db, player, folder)  # after the games: its name is in them
        return Refreshed(len(changed), len(gone))

    def club_folders(self) -> list[Path]:
        """The games folders of the club: the data folder's own, then each player's."""
        base = self.path.parent
        return [base / "games", *(games for _, games in player_folders(base))]

    def refresh(self) -> Refreshed:
        """Bring every games folder of the club up to date, and drop the folders gone."""
        folders = self.club_folders()
        read = dropped = 0
        for folder in folders:
            done = self.refresh_folder(folder)
            read += done.read
            dropped += done.dropped
        wanted = {str(folder.absolute()) for folder in folders}
        for (folder,) in self._db.execute("SELECT DISTINCT folder FROM files").fetchall():
            if folder not in wanted and Path(folder).is_relative_to(self.path.parent):
                dropped += self.refresh_folder(Path(folder)).dropped
        return Refreshed(read, dropped)

    def rebuild(self) -> Refreshed:
        """Forget every game and player and index the records again. The ratings and daily
        results are kept (they are made from games by their own modules)."""
        with self._writing() as db:
            db.execute("DELETE FROM games")
            db.execute("DELETE FROM files")
            db.execute("DELETE FROM players")
        return self.refresh()

    def games(self, player: str | None = None) -> list[IndexedGame]:
        """The indexed games (of one player), most recently written first."""
        query = (
            "SELECT g.path, g.number, g.key, g.player, g.preset, g.seats, g.scores, g.winner,"
            " g.finished, g.started, g.ended, g.deals, f.mtime_ns, g.settled, g.taken_back"
            " FROM games g JOIN files f USING (path)"
        )
        args: tuple[str, ...] = ()
        if player is not None:
            query += " WHERE g.player = ?"
            args = (player,)
        query += " ORDER BY f.mtime_ns DESC, f.name DESC, g.number"
        return [
            IndexedGame(
                Path(row[0]),
                row[1],
                row[2],
                row[3],
                row[4],
                tuple(json.loads(row[5])),
                tuple(json.loads(row[6])),
                row[7],
                bool(row[8]),
                row[9],
                row[10],
                row[11],
                _utc(row[12] / 1e9),
                row[13],
                row[14],
            )
            for row in self._db.execute(query, args)
        ]

    def seat_figures(self, folder: Path) -> tuple[list[SeatFigures], int]:
        """The statistics' figures of the games of a folder with a human seat (newest
        first, as the saved games are listed), and how many of its files are unreadable."""
        where = str(folder.absolute())
        rows = self._db.execute(
            "SELECT g.key, g.human_seat, g.preset, g.opponents, g.started, g.figures,"
            " g.analysable FROM games g JOIN files f USING (path)"
            " WHERE f.folder = ? AND g.human_seat IS NOT NULL AND g.figures IS NOT NULL"
            " ORDER BY f.mtime_ns DESC, f.name DESC, g.number",
            (where,),
        )
        found = [
            SeatFigures(
                key,
                seat,
                preset,
                opponents or "",
                started,
                Tally.from_dict(json.loads(figures)),
                tuple(json.loads(deals or "[]")),
            )
            for key, seat, preset, opponents, started, figures, deals in rows
        ]
        (unreadable,) = self._db.execute(
            "SELECT count(*) FROM files WHERE folder = ? AND error IS NOT NULL", (where,)
        ).fetchone()
        return found, int(unreadable)

    # ------------------------------------------------------------------ the players

    def players(self) -> list[tuple[str, str]]:
        """(id, name) of every player with a games folder indexed."""
        return list(self._db.execute("SELECT id, name FROM players ORDER BY id"))

    def _knows(self, player: str) -> bool:
        found = self._db.execute("SELECT 1 FROM players WHERE id = ?", (player,)).fetchone()
        return found is not None

    def _keep_player(self, db: sqlite3.Connection, player: str, folder: Path) -> None:
        if player == LOCAL_PLAYER:
            name = _table_name(db, player)
        else:
            name = _chosen_name(folder.parent) or player
        db.execute(
            "INSERT OR REPLACE INTO players VALUES (?, ?, ?)", (player, name, str(folder.parent))
        )

    # ------------------------------------------------------------------ ratings, daily deals

    def replace_ratings(self, ratings: Iterable[Rating]) -> None:
        """Put these ratings in place of all the ratings, in one step."""
        rows = [
            (r.player, r.rating, r.deviation, r.volatility, r.games, r.last_played) for r in ratings
        ]
        with self._writing() as db:
            db.execute("DELETE FROM ratings")
            db.executemany("INSERT INTO ratings VALUES (?, ?, ?, ?, ?, ?)", rows)

    def ratings(self) -> list[Rating]:
        """Every rating, the highest first."""
        rows = self._db.execute("SELECT * FROM ratings ORDER BY rating DESC, player")
        return [Rating(*row) for row in rows]

    def add_daily_results(self, results: Sequence[DailyResult]) -> None:
        """Keep the results of a day's deals; a deal already kept for the same player, day
        and preset is left as it was (one try)."""
        with self._writing() as db:
            db.executemany(
                "INSERT OR IGNORE INTO daily_results VALUES (?, ?, ?, ?, ?, ?)",
                [(r.date, r.preset, r.player, r.deal, r.points, r.reference) for r in results],
            )

    def daily_results(self, date: str, preset: str | None = None) -> list[DailyResult]:
        """The results of a day (of one preset), by player and deal."""
        query = "SELECT * FROM daily_results WHERE date = ?"
        args: tuple[str, ...] = (date,)
        if preset is not None:
            query += " AND preset = ?"
            args = (date, preset)
        query += " ORDER BY preset, player, deal"
        return [DailyResult(*row) for row in self._db.execute(query, args)]


def open_index(path: Path | None = None, notice: Callable[[str], None] | None = None) -> ClubIndex:
    """The club index, made if there is none. One it cannot read (damaged, or not an SQLite
    file) is moved aside, `notice` is told so, and the index is rebuilt from the records;
    no record is touched."""
    path = path or index_path()
    try:
        return ClubIndex(path)
    except sqlite3.DatabaseError as error:
        aside = path.with_name(f"{path.name}.damaged-{time.strftime('%Y%m%d%H%M%S')}")
        os.replace(path, aside)
        for extra in ("-wal", "-shm"):
            with contextlib.suppress(OSError):
                path.with_name(path.name + extra).unlink()
        if notice is not None:
            notice(
                f"The club index {path} could not be read ({error}); it was moved to "
                f"{aside.name} and is rebuilt from the game records, which are untouched."
            )
        index = ClubIndex(path)
        index.rebuild()
        return index


# ---------------------------------------------------------------------- reading records


def _record_stats(folder: Path) -> dict[str, tuple[int, int]]:
    """Size and time of each non-empty record file of a folder, by path."""
    found: dict[str, tuple[int, int]] = {}
    with contextlib.suppress(OSError), os.scandir(folder) as entries:
        for entry in entries:
            if not entry.name.endswith(RECORD_SUFFIX):
                continue
            with contextlib.suppress(OSError):
                if not entry.is_file(follow_symlinks=False):
                    continue
                info = entry.stat(follow_symlinks=False)
                if info.st_size > 0:
                    found[str(folder / entry.name)] = (info.st_size, info.st_mtime_ns)
    return found


def _read_games(path: Path, player: str) -> tuple[list[tuple[Any, ...]], str | None]:
    """The rows of the games of a record file, or the reason it cannot be read."""
    try:
        record = read_record(path)
        written = path.stat().st_mtime
    except (RecordError, OSError) as error:
        return [], str(error)
    ended = _utc(written)
    rows = []
    for number, recorded in enumerate(record.games, start=1):
        header = recorded.header
        players = [p for p in header.get("players") or []]
        people = people_of_header(header, len(players)) or [None] * len(players)
        seats = [
            {
                "name": _player_name(p, seat),
                "kind": "human" if isinstance(p, dict) and p.get("kind") == "human" else "ai",
                "level": _player_level(p),
                **({"id": who} if who is not None else {}),
            }
            for seat, (p, who) in enumerate(zip(players, people, strict=True))
        ]
        start = header.get("start")
        scores = _scores(start.get("state") if isinstance(start, dict) else None, len(seats))
        winner: int | None = None
        deals = settled = taken_back = 0
        for line in recorded.lines:
            kind = line.get("type")
            if kind == "deal":
                deals += 1
            elif kind == TAKEBACK:
                taken_back += 1
            elif kind == "result":
                settled += 1
                scores = _scores(line.get("state"), len(seats)) or scores
            elif kind == "end":
                found = line.get("winner")
                if isinstance(found, int) and 0 <= found < len(seats):
                    winner = found
                scores = _scores(line, len(seats)) or scores
        figures = seat_figures(path, recorded)
        rows.append(
            (
                str(path),
                number,
                game_key(path, header),
                player,
                str(header.get("preset", "custom")),
                json.dumps(seats, ensure_ascii=False),
                json.dumps(scores or [0] * len(seats)),
                winner,
                int(recorded.finished),
                str(header.get("created", "")),
                ended if recorded.finished else None,
                deals,
                None if figures is None else figures.seat,
                None if figures is None else figures.opponents,
                None if figures is None else json.dumps(figures.tally.to_dict()),
                None if figures is None else json.dumps(list(figures.deals)),
                settled,
                taken_back,
            )
        )
    return rows, None


def _utc(seconds: float) -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(seconds))


YOU: Final = msg("you_name", "You")


def _table_name(db: sqlite3.Connection, player: str) -> str:
    """The name the data folder's own player plays under: his seat's in his newest game of
    his own ("" for the default one, "You" in any language: shown as "you" in the reader's).
    Never the login's: the name on the boards is the one at the table."""
    defaults = {translate(lang, YOU) for lang in LANGS}
    rows = db.execute(
        "SELECT seats FROM games WHERE player = ? ORDER BY started DESC, path DESC LIMIT 50",
        (player,),
    )
    for (seats,) in rows:
        with contextlib.suppress(ValueError, TypeError, AttributeError):
            people = [seat for seat in json.loads(seats) if seat.get("kind") == "human"]
            if len(people) == 1:
                name = str(people[0].get("name") or "")
                return "" if name in defaults else name
    return ""


def _chosen_name(folder: Path) -> str | None:
    """The name a hosted player chose (`players/ID/name`), if it is a good one."""
    try:
        text = one_line((folder / NAME_FILE).read_text(encoding="utf-8")[: MAX_NAME * 8])
    except (OSError, ValueError):
        return None
    return text if fault(text, MAX_NAME) is None else None
