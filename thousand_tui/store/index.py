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
import hashlib
import json
import os
import socket
import sqlite3
import time
import zlib
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Final, NamedTuple

from ..engine.record import TAKEBACK, RecordError, RecordFile, decode_record, people_of_header
from ..plaintext import fault, one_line
from ..priority import CLUB_DIR_ENV as CLUB_DIR_ENV
from ..priority import LOCAL, Host
from ..ratings import FinishedGame, rate_game
from ..ratings import Rating as PlayerRating
from ..translations import LANGS, msg, translate
from .catalog import (
    PLAYERS_DIR,
    RECORD_SUFFIX,
    _player_level,
    _player_name,
    _scores,
    games_dir,
    player_folders,
)
from .database import BUSY_SECONDS as BUSY_SECONDS
from .database import (
    MIGRATION_FAILED,
    SCHEMA_NEWER,
    SCHEMA_NEWER_FILE,
    Database,
    DatabaseDown,
    DatabaseError,
    connect,
)
from .figures import SeatFigures, Tally, game_key, seat_figures
from .people import named_id as named_id
from .rated import finished_game, from_json, order, to_json
from .records import record_bytes

INDEX_NAME = "club.sqlite3"
# Set by a hosted session: the host's data folder, where the club index lives, while the
# session's own data folder is the player's (`players/ID`).
LOCAL_PLAYER = "local"  # the player of the data folder's own games (not a hosted player's)
# On a club database shared by several hosts, each host's own player is told apart by the
# host's name: `local:NODE` (`local_id`).
# A person at a shared table told apart only by his name: `name:NAME` in its record,
# `name:NODE:NAME` in a club database's index (`named_id`).
NAMED = "name:"
NAME_FILE = "name"  # a hosted player's chosen name, in his folder
MAX_NAME = 16
# On a club database, each record's text is kept in it too (zlib: a record of 2–100 KB takes
# about a fifth of that), so that every host can review and view every club game; a record
# larger than this is not kept there (its host still has it).
KEPT_RECORD_MAX = 4 * 1024 * 1024
DEAL_RECORD = "deal:"  # the key of a daily or tournament deal's record (`deal_key`)
REPLAY = "ratings_replay"  # club_settings: the ratings are to be made again from rated_games


# The schema, one step per version: MIGRATIONS[n] takes a database of version n to n + 1. The
# same statements make SQLite's file and PostgreSQL's tables (types both know: BIGINT, DOUBLE
# PRECISION; SQLite gives them its INTEGER and REAL). A migration once released never changes.
@dataclass(frozen=True)
class Migration:
    name: str  # what a message calls it
    statements: tuple[str, ...]

    def __iter__(self) -> Iterator[str]:
        return iter(self.statements)


MIGRATIONS: tuple[Migration, ...] = (
    Migration(
        "the players and the games of the records",
        (
            "CREATE TABLE players (id TEXT PRIMARY KEY, name TEXT NOT NULL, folder TEXT NOT NULL)",
            "CREATE TABLE files (path TEXT PRIMARY KEY, folder TEXT NOT NULL, name TEXT NOT NULL,"
            " player TEXT NOT NULL, size BIGINT NOT NULL, mtime_ns BIGINT NOT NULL, error TEXT)",
            "CREATE INDEX files_by_folder ON files (folder)",
            "CREATE TABLE games (path TEXT NOT NULL, number INTEGER NOT NULL, key TEXT NOT NULL,"
            " player TEXT NOT NULL, preset TEXT NOT NULL, seats TEXT NOT NULL,"
            " scores TEXT NOT NULL, winner INTEGER, finished INTEGER NOT NULL,"
            " started TEXT NOT NULL, ended TEXT, deals INTEGER NOT NULL,"
            " PRIMARY KEY (path, number))",
            "CREATE INDEX games_by_player ON games (player)",
        ),
    ),
    Migration(
        "the statistics' figures, ratings and daily results",
        (
            "ALTER TABLE games ADD COLUMN human_seat INTEGER",
            "ALTER TABLE games ADD COLUMN opponents TEXT",
            "ALTER TABLE games ADD COLUMN figures TEXT",
            "ALTER TABLE games ADD COLUMN analysable TEXT",
            # the games indexed before are read again at the next refresh, for those columns
            "UPDATE files SET size = -1",
            "CREATE TABLE ratings (player TEXT PRIMARY KEY, rating DOUBLE PRECISION NOT NULL,"
            " deviation DOUBLE PRECISION NOT NULL, volatility DOUBLE PRECISION NOT NULL,"
            " games INTEGER NOT NULL, last_played TEXT)",
            "CREATE TABLE daily_results (date TEXT NOT NULL, preset TEXT NOT NULL,"
            " player TEXT NOT NULL, deal INTEGER NOT NULL, points INTEGER NOT NULL,"
            " reference INTEGER NOT NULL, PRIMARY KEY (date, preset, player, deal))",
        ),
    ),
    Migration(
        "the deals settled",  # a game left in the middle of a deal has one more dealt
        (
            "ALTER TABLE games ADD COLUMN settled INTEGER NOT NULL DEFAULT 0",
            "UPDATE files SET size = -1",
        ),
    ),
    Migration(
        "the cards taken back",  # a game with one is not rated
        (
            "ALTER TABLE games ADD COLUMN taken_back INTEGER NOT NULL DEFAULT 0",
            "UPDATE files SET size = -1",
        ),
    ),
    Migration(
        "the data folder's own player named as at the table",
        ("DELETE FROM players WHERE id = 'local'",),
    ),
    Migration(
        "the club's people and secrets",  # every host of a club knows every player
        (
            "CREATE TABLE IF NOT EXISTS people (id TEXT PRIMARY KEY, key TEXT, name TEXT,"
            " seen TEXT NOT NULL)",
            "CREATE TABLE IF NOT EXISTS secrets (name TEXT PRIMARY KEY, value TEXT NOT NULL)",
        ),
    ),
    Migration(
        "the directory of open tables",  # tables/directory.py
        (
            "CREATE TABLE IF NOT EXISTS club_hosts (name TEXT PRIMARY KEY, relay TEXT NOT NULL,"
            " beat DOUBLE PRECISION NOT NULL)",
            "CREATE TABLE IF NOT EXISTS lobby (code TEXT PRIMARY KEY, host TEXT NOT NULL,"
            " preset TEXT NOT NULL, players INTEGER NOT NULL, free INTEGER NOT NULL,"
            " state TEXT NOT NULL, info TEXT NOT NULL, at DOUBLE PRECISION NOT NULL)",
            "CREATE INDEX IF NOT EXISTS lobby_by_host ON lobby (host)",
        ),
    ),
    Migration(
        "the club's tournaments",  # tournament.py: opened on one host, played on every one
        (
            "CREATE TABLE IF NOT EXISTS tournaments (key TEXT PRIMARY KEY, name TEXT NOT NULL,"
            " preset TEXT NOT NULL, deals INTEGER NOT NULL, opens TEXT NOT NULL,"
            " closes TEXT NOT NULL, opener TEXT NOT NULL, created TEXT NOT NULL,"
            " seed TEXT NOT NULL)",
        ),
    ),
    Migration(
        "each host's own player told apart",  # `local_id`: local:NODE on a club database
        (
            # each host reads its records again, its own games under its own player's id;
            # the daily and tournament results each host claims (tournament.claim_local)
            "UPDATE files SET size = -1",
            "DELETE FROM players WHERE id = 'local'",
            "DELETE FROM ratings WHERE player = 'local'",
        ),
    ),
    Migration(
        "the deals dealt on each host",  # a daily or tournament deal is taken up where dealt
        (
            "CREATE TABLE IF NOT EXISTS deals_dealt (date TEXT NOT NULL, preset TEXT NOT NULL,"
            " player TEXT NOT NULL, deal INTEGER NOT NULL, host TEXT NOT NULL, at TEXT NOT NULL,"
            " PRIMARY KEY (date, preset, player, deal))",
        ),
    ),
    Migration(
        "the club's settings",  # whether players may open tournaments: the club's, not a host's
        ("CREATE TABLE IF NOT EXISTS club_settings (name TEXT PRIMARY KEY, value TEXT NOT NULL)",),
    ),
    Migration(
        "players known by a name told apart by host",  # `named_id`: name:NODE:NAME
        (
            # each host reads its records again, a shared table's name-only players under
            # its own name:NODE:NAME; their ratings are made again from those games
            "UPDATE files SET size = -1",
            "DELETE FROM ratings WHERE player LIKE 'name:%'",
        ),
    ),
    Migration(
        "the records and the rated games kept in the club's database",
        (
            # each record's text (zlib), by its path, or by DEAL_RECORD's key for a deal's
            "CREATE TABLE IF NOT EXISTS records (key TEXT PRIMARY KEY, host TEXT NOT NULL,"
            " size BIGINT NOT NULL, body BYTEA NOT NULL)",
            # the games the ratings are made of (store/rated.py), each as the ratings took it,
            # with the ratings of its players after it; and who played each
            "CREATE TABLE IF NOT EXISTS rated_games (path TEXT NOT NULL, number INTEGER NOT NULL,"
            " at DOUBLE PRECISION NOT NULL, game TEXT NOT NULL, after TEXT,"
            " PRIMARY KEY (path, number))",
            "CREATE INDEX IF NOT EXISTS rated_games_by_time ON rated_games (at)",
            "CREATE TABLE IF NOT EXISTS rated_seats (player TEXT NOT NULL, at DOUBLE PRECISION"
            " NOT NULL, path TEXT NOT NULL, number INTEGER NOT NULL,"
            " PRIMARY KEY (player, path, number))",
            "CREATE INDEX IF NOT EXISTS rated_seats_by_time ON rated_seats (player, at)",
            # each host reads its records again (kept, rated); the ratings are made again
            # from the games rated once the first of them is read
            "UPDATE files SET size = -1",
            f"INSERT INTO club_settings VALUES ('{REPLAY}', '1') ON CONFLICT (name) DO NOTHING",
        ),
    ),
)
SCHEMA_VERSION = len(MIGRATIONS)


# The index cannot be used as it is (made by a newer version, refused, not writable); down:
# its database server cannot be reached now (the records are kept all the same).
ClubIndexError = DatabaseError
ClubIndexDown = DatabaseDown


def club_dir(base: Path | None = None) -> Path:
    """The folder of the club index: `base` (a host's `club_dir`: the host's data folder for
    a hosted player, else the data folder), or that of a host that did not say."""
    return base or LOCAL.club_dir


def index_path(base: Path | None = None) -> Path:
    return club_dir(base) / INDEX_NAME


def player_of(folder: Path) -> str:
    """Whose games a games folder holds: a hosted player's (`players/ID/games`) or the
    data folder's own (LOCAL_PLAYER, which `local_id` names in the club)."""
    if folder.name == "games" and folder.parent.parent.name == PLAYERS_DIR:
        return folder.parent.name
    return LOCAL_PLAYER


def node_name(host: Host) -> str:
    """This host's name in a club of several hosts: its `node` (THOUSAND_NODE, --node), else
    the machine's name and a digest of its club folder (two hosts on one machine differ; a
    hosted player's session, whose data folder is his own, is of the host of the account's
    club folder)."""
    if host.node:
        return host.node
    digest = hashlib.sha256(str(host.club_dir.absolute()).encode()).hexdigest()[:8]
    return f"{socket.gethostname()}-{digest}"


def local_id(host: Host) -> str:
    """The id of `host`'s own player (its data folder's) in its club: `local` in a club of
    one host (its SQLite file), `local:NODE` on a club database, so that two hosts' own
    players never share ratings or results."""
    return f"{LOCAL_PLAYER}:{node_name(host)}" if host.database else LOCAL_PLAYER


def is_local(player: str) -> bool:
    """Whether `player` is a host's own player (of this host or, in a club of several,
    another's), not a hosted one."""
    return player == LOCAL_PLAYER or player.startswith(LOCAL_PLAYER + ":")


def player_id(host: Host) -> str:
    """The club's id of the player of `host`'s data folder: a hosted player's own, or the
    host's (`local_id`)."""
    found = player_of(games_dir(host.data_dir).absolute())
    return local_id(host) if found == LOCAL_PLAYER else found


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


class TournamentRow(NamedTuple):
    """A tournament as the club's database keeps it (tournament.Spec reads it): times as ISO
    8601 text, the seed of its deals as hexadecimal."""

    key: str  # its name as its folder is named (casefolded): unique in the club
    name: str
    preset: str
    deals: int
    opens: str
    closes: str
    opener: str  # the player who opened it
    created: str
    seed: str


@dataclass(frozen=True)
class Refreshed:
    read: int  # record files read again
    dropped: int  # record files gone since


class ClubIndex:
    """An open club index. Use `open_index` (or `open_club`), which rebuilds an index file it
    cannot read.

    `path`: the index file of the club folder, whose folder is the base of this host's
    records. `database`: a PostgreSQL URL shared by the club's hosts, in place of the file.
    `node`: with a database, this host's name in the club (`node_name`); `local`: the club's
    id of the data folder's own player (`local_id`)."""

    def __init__(self, path: Path, database: str | None = None, node: str = "") -> None:
        self.path = path
        self.node = node
        self.local = f"{LOCAL_PLAYER}:{node}" if database else LOCAL_PLAYER
        self._named = node if database else ""  # who qualifies name-only people (named_id)
        self._rating_later = False  # every game read first, every rating made once after
        self._db: Database = connect(database, path)
        try:
            self._migrate()
        except BaseException:
            self._db.close()
            raise

    def _own_node(self) -> None:
        """What only a host of the club does (its records read, a deal dealt) needs its name."""
        if self.local != LOCAL_PLAYER and not self.node:  # a club database's, nameless
            raise ValueError("a club database opened without this host's node (open_club)")

    @property
    def kind(self) -> str:
        """ "sqlite" or "postgresql"."""
        return self._db.kind

    @property
    def where(self) -> str:
        """The index as a message names it: its file, or its server's URL (no password)."""
        return self._db.where

    @property
    def database(self) -> Database:
        return self._db

    # ------------------------------------------------------------------ the file

    def close(self) -> None:
        self._db.close()

    def __enter__(self) -> ClubIndex:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()

    def _writing(self) -> contextlib.AbstractContextManager[Database]:
        """A transaction holding the club's write lock from its start (it waits for another
        writer's transaction rather than failing halfway)."""
        return self._db.writing()

    @property
    def version(self) -> int:
        row = self._db.execute("SELECT version FROM schema_version").fetchone()
        return int(row[0]) if row else 0

    def _migrate(self) -> None:
        """Bring the schema to `SCHEMA_VERSION`, each migration in the one transaction, or
        refuse (ClubIndexError) a database of a newer version, naming its migration. One at
        the current version is only read (every start of every host opens it)."""
        with contextlib.suppress(sqlite3.Error, DatabaseError):
            if self.version == SCHEMA_VERSION:
                return
        with self._writing() as db:
            db.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
            db.execute(
                "CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY,"
                " name TEXT NOT NULL, applied TEXT NOT NULL)"
            )
            version = self.version
            if version > SCHEMA_VERSION:
                row = db.execute(
                    "SELECT name FROM schema_migrations WHERE version = ?", (version,)
                ).fetchone()
                raise ClubIndexError(
                    SCHEMA_NEWER if self.kind != "sqlite" else SCHEMA_NEWER_FILE,
                    where=self.where,
                    newest=f"{version} ({row[0]})" if row else version,
                    known=f"{SCHEMA_VERSION} ({MIGRATIONS[-1].name})",
                )
            for number, step in enumerate(MIGRATIONS[version:], start=version + 1):
                try:
                    for statement in step:
                        db.execute(statement)
                except (sqlite3.Error, DatabaseError) as error:
                    raise ClubIndexError(
                        MIGRATION_FAILED,
                        where=self.where,
                        migration=f"{number} ({step.name})",
                        detail=one_line(str(error)),
                    ) from error
                db.execute(
                    "INSERT INTO schema_migrations VALUES (?, ?, ?)"
                    " ON CONFLICT (version) DO UPDATE SET name = excluded.name,"
                    " applied = excluded.applied",
                    (number, step.name, _utc(time.time())),
                )
            if version != SCHEMA_VERSION:
                db.execute("DELETE FROM schema_version")
                db.execute("INSERT INTO schema_version VALUES (?)", (SCHEMA_VERSION,))

    # ------------------------------------------------------------------ the games

    def refresh_folder(self, folder: Path) -> Refreshed:
        """Bring the games of a games folder up to date: the records whose size or time
        changed are read again, those gone are dropped."""
        self._own_node()
        folder = folder.absolute()
        where = str(folder)
        player = player_of(folder)
        player = self.local if player == LOCAL_PLAYER else player
        seen = _record_stats(folder)
        known = {
            path: (size, mtime)
            for path, size, mtime in self._db.execute(
                "SELECT path, size, mtime_ns FROM files WHERE folder = ?", (where,)
            )
        }
        gone = [path for path in known if path not in seen]
        changed = [(path, stat) for path, stat in seen.items() if known.get(path) != stat]
        read = [_read_record(Path(path), player, self._named) for path, _ in changed]
        if not gone and not changed and self._knows(player):
            return Refreshed(0, 0)
        now = datetime.now(UTC)
        rated: dict[tuple[str, int], FinishedGame] = {}
        for (_, (_, mtime)), found in zip(changed, read, strict=True):
            for row in found.rows:
                game = finished_game(_indexed(row, mtime), now) if row[8] else None
                if game is not None:  # one left unfinished is rated when asked (`rate_left`)
                    rated[(row[0], row[1])] = game
        keep = self.kind != "sqlite"  # a club database keeps each record's text (packed here)
        bodies = [_packed(found.data) if keep else None for found in read]
        with self._writing() as db:
            for path in gone:
                db.execute("DELETE FROM games WHERE path = ?", (path,))
                db.execute("DELETE FROM files WHERE path = ?", (path,))
                db.execute("DELETE FROM records WHERE key = ?", (path,))
            for (path, (size, mtime)), (games, error, _), body in zip(
                changed, read, bodies, strict=True
            ):
                db.execute("DELETE FROM games WHERE path = ?", (path,))
                if body is None:
                    db.execute("DELETE FROM records WHERE key = ?", (path,))
                else:
                    db.execute(
                        "INSERT INTO records VALUES (?, ?, ?, ?) ON CONFLICT (key) DO UPDATE"
                        " SET host = excluded.host, size = excluded.size, body = excluded.body",
                        (path, self.node, size, body),
                    )
                db.execute(
                    "INSERT INTO files VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (path) DO UPDATE"
                    " SET folder = excluded.folder, name = excluded.name,"
                    " player = excluded.player, size = excluded.size,"
                    " mtime_ns = excluded.mtime_ns, error = excluded.error",
                    (path, where, Path(path).name, player, size, mtime, error),
                )
                db.executemany(
                    "INSERT INTO games VALUES"
                    " (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
                    " ON CONFLICT (path, number) DO NOTHING",
                    games,
                )
            paths = [path for path in gone] + [path for path, _ in changed]
            if not self._rating_later:
                self._rate(db, self._rated_of(db, paths), rated)
            self._keep_player(db, player, folder)  # after the games: its name is in them
        return Refreshed(len(changed), len(gone))

    def club_folders(self) -> list[Path]:
        """The games folders of the club: the data folder's own, then each player's."""
        base = self.path.parent
        return [base / "games", *(games for _, games in player_folders(base))]

    def refresh(self) -> Refreshed:
        """Bring every games folder of the club up to date, and drop the folders gone. Where
        every rating is to be made again (a migration said so), every game is read first and
        every rating made once after, not again after each folder."""
        if self._rating_later or not _replay_owed(self._db):
            return self._refresh()
        self._rating_later = True
        try:
            done = self._refresh()
        finally:
            self._rating_later = False
        self.rerate()
        return done

    def _refresh(self) -> Refreshed:
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
        results are kept (they are made from games by their own modules). On a club database
        shared by several hosts, only this host's (those of its club folder): the others'
        records are on their disks, and stay indexed."""
        self._own_node()
        with self._writing() as db:
            if self.kind == "sqlite":
                for table in ("games", "files", "players", "rated_games", "rated_seats", "records"):
                    db.execute(f"DELETE FROM {table}")
            else:
                base = self.path.parent.absolute()
                for (folder,) in db.execute("SELECT DISTINCT folder FROM files").fetchall():
                    if Path(folder).is_relative_to(base):
                        for table in ("games", "rated_games", "rated_seats"):
                            db.execute(
                                f"DELETE FROM {table} WHERE path IN"
                                " (SELECT path FROM files WHERE folder = ?)",
                                (folder,),
                            )
                        db.execute(
                            "DELETE FROM records WHERE key IN"
                            " (SELECT path FROM files WHERE folder = ?)",
                            (folder,),
                        )
                        db.execute("DELETE FROM files WHERE folder = ?", (folder,))
                for who, folder in db.execute("SELECT id, folder FROM players").fetchall():
                    if Path(folder).is_relative_to(base):
                        db.execute("DELETE FROM players WHERE id = ?", (who,))
            # made again once every record is read (and by the next refresh if cut short)
            db.execute(
                "INSERT INTO club_settings VALUES (?, '1') ON CONFLICT (name) DO NOTHING",
                (REPLAY,),
            )
        return self.refresh()

    def games(self, player: str | None = None) -> list[IndexedGame]:
        """The indexed games (of one player), most recently written first."""
        return self._games(self._db, player)

    def _games(
        self, db: Database, player: str | None = None, unfinished: bool = False
    ) -> list[IndexedGame]:
        query = _GAME_COLUMNS + " FROM games g JOIN files f USING (path)"
        args: tuple[str, ...] = ()
        if player is not None:
            query += " WHERE g.player = ?"
            args = (player,)
        elif unfinished:
            query += " WHERE g.finished = 0"
        query += " ORDER BY f.mtime_ns DESC, f.name DESC, g.number"
        return [_game_of(row) for row in db.execute(query, args)]

    def shared_games(
        self, folder: Path, most: int, others: bool = False
    ) -> tuple[list[IndexedGame], int]:
        """The finished games of shared tables (two people or more at them) of the games
        folder `folder`, newest first: the `most` newest, and how many there are in all (the
        lobby's page, read without the rest of the index). `others`: on a club database, the
        other hosts' table services' games too (their own player's)."""
        where = (
            " FROM games g JOIN files f USING (path) WHERE g.finished = 1 AND g.seats LIKE ?"
            " AND (f.folder = ?"
        )
        # Two seats of a person: the seats are written by json.dumps, in which a name's own
        # quotes are escaped, so only a seat's kind reads `"kind": "human"`.
        args: list[Any] = [f"%{_HUMAN}%{_HUMAN}%", str(folder.absolute())]
        if others and self.kind != "sqlite":
            where += " OR (g.player LIKE ? AND g.player <> ?)"
            args += [f"{LOCAL_PLAYER}:%", self.local]
        where += ")"
        (count,) = self._db.execute("SELECT count(*)" + where, args).fetchone()
        rows = self._db.execute(
            _GAME_COLUMNS + where + " ORDER BY f.mtime_ns DESC, f.name DESC, g.number LIMIT ?",
            [*args, max(0, most)],
        )
        return [_game_of(row) for row in rows], int(count)

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

    def _keep_player(self, db: Database, player: str, folder: Path) -> None:
        if is_local(player):
            name = _table_name(db, player)
        else:
            known = db.execute("SELECT name FROM people WHERE id = ?", (player,)).fetchone()
            name = _chosen_name(folder.parent) or (known[0] if known and known[0] else player)
        db.execute(
            "INSERT INTO players VALUES (?, ?, ?) ON CONFLICT (id) DO UPDATE"
            " SET name = excluded.name, folder = excluded.folder",
            (player, name, str(folder.parent)),
        )

    # ------------------------------------------------------------------ the club's people, secrets

    def meet(self, person: str, key: str | None = None, name: str | None = None) -> None:
        """Keep a person of the club: the key he logs in with, the name he chose (each kept
        as it was when not given), so that every host of the club knows him."""
        with self._writing() as db:
            db.execute(
                "INSERT INTO people VALUES (?, ?, ?, ?) ON CONFLICT (id) DO UPDATE"
                " SET key = COALESCE(excluded.key, people.key),"
                " name = COALESCE(excluded.name, people.name), seen = excluded.seen",
                (person, key, name, _utc(time.time())),
            )

    def person(self, person: str) -> tuple[str | None, str | None] | None:
        """(key, chosen name) of a person of the club, if he is known."""
        row = self._db.execute("SELECT key, name FROM people WHERE id = ?", (person,)).fetchone()
        return None if row is None else (row[0], row[1])

    def people(self) -> list[tuple[str, str | None, str | None]]:
        """(id, key, chosen name) of every person of the club."""
        return [
            tuple(row) for row in self._db.execute("SELECT id, key, name FROM people ORDER BY id")
        ]

    def club_secret(self, name: str, offered: str) -> str:
        """The club's secret `name`: the one kept, else `offered`, kept from now on. Two hosts
        asking at once get the same one (the first kept)."""
        with self._writing() as db:
            db.execute(
                "INSERT INTO secrets VALUES (?, ?) ON CONFLICT (name) DO NOTHING", (name, offered)
            )
            row = db.execute("SELECT value FROM secrets WHERE name = ?", (name,)).fetchone()
        return str(row[0])

    def club_setting(self, name: str) -> str | None:
        """The club's setting `name` (the same on every host), None where none was set."""
        row = self._db.execute("SELECT value FROM club_settings WHERE name = ?", (name,)).fetchone()
        return None if row is None else str(row[0])

    def set_club_setting(self, name: str, value: str) -> None:
        with self._writing() as db:
            db.execute(
                "INSERT INTO club_settings VALUES (?, ?) ON CONFLICT (name) DO UPDATE"
                " SET value = excluded.value",
                (name, value),
            )

    # ------------------------------------------------------------------ the club's tournaments

    def add_tournament(self, row: TournamentRow) -> bool:
        """Keep a tournament of the club; False (nothing changed) when its key is taken, by
        this host or another (two openers at once: one wins)."""
        with self._writing() as db:
            if db.execute("SELECT 1 FROM tournaments WHERE key = ?", (row.key,)).fetchone():
                return False
            db.execute("INSERT INTO tournaments VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)", row)
        return True

    def tournaments(self, key: str | None = None) -> list[TournamentRow]:
        """The club's tournaments (the one of `key`), by key."""
        query, args = "SELECT * FROM tournaments", tuple[str, ...]()
        if key is not None:
            query, args = query + " WHERE key = ?", (key,)
        return [TournamentRow(*row) for row in self._db.execute(query + " ORDER BY key", args)]

    # ------------------------------------------------------------------ ratings, daily deals

    def replace_ratings(self, ratings: Iterable[Rating]) -> None:
        """Put these ratings in place of all the ratings, in one step."""
        rows = [
            (r.player, r.rating, r.deviation, r.volatility, r.games, r.last_played) for r in ratings
        ]
        with self._writing() as db:
            db.execute("DELETE FROM ratings")
            db.executemany("INSERT INTO ratings VALUES (?, ?, ?, ?, ?, ?)", rows)

    def kept_record(self, key: str) -> bytes | None:
        """A record's bytes as the club's database keeps them (`key`: the path of a game's
        record on the host that played it, or `deal_key`'s), None where none is kept."""
        row = self._db.execute("SELECT body FROM records WHERE key = ?", (key,)).fetchone()
        return None if row is None else unpacked(row[0])

    def kept_deal(self, date: str, preset: str, player: str, deal: int) -> RecordFile | None:
        """The record of a person's daily or tournament deal, from the club's database (it
        was played on another host), if it is kept there and can be read."""
        key = deal_key(date, preset, player, deal)
        data = self.kept_record(key)
        if data is None:
            return None
        try:
            return decode_record(data, key)
        except RecordError:
            return None

    def ratings(self) -> list[Rating]:
        """Every rating, the highest first."""
        rows = self._db.execute("SELECT * FROM ratings ORDER BY rating DESC, player")
        return [Rating(*row) for row in rows]

    def player_ratings(self) -> dict[str, PlayerRating]:
        """Every rating kept, by player, as the ratings module makes them."""
        return {str(row[0]): _kept_rating(row) for row in self._db.execute("SELECT * FROM ratings")}

    def rated_games(self) -> dict[tuple[str, int], FinishedGame]:
        """The games the ratings kept are made of, by record and place in it."""
        rows = self._db.execute("SELECT path, number, game FROM rated_games").fetchall()
        return {(str(path), int(number)): from_json(str(game)) for path, number, game in rows}

    def rate_left(self, now: datetime) -> None:
        """The games left unfinished for `ABANDONED_AFTER` by `now` rated as left, and those
        taken up again since no longer (a finished game is rated as it is indexed)."""

        def wanted_kept(db: Database) -> tuple[dict[tuple[str, int], FinishedGame], dict[Any, str]]:
            wanted = {}
            for game in self._games(db, unfinished=True):
                left = finished_game(game, now)
                if left is not None:
                    wanted[(str(game.path), game.number)] = left
            kept = {
                (str(path), int(number)): str(text)
                for path, number, text in db.execute(
                    "SELECT r.path, r.number, r.game FROM rated_games r JOIN games g"
                    " ON g.path = r.path AND g.number = r.number WHERE g.finished = 0"
                )
            }
            return wanted, kept

        wanted, kept = wanted_kept(self._db)
        same = {key: to_json(game) for key, game in wanted.items()} == kept
        if same and not _replay_owed(self._db):
            return
        with self._writing() as db:
            wanted, kept = wanted_kept(db)
            self._rate(db, kept, wanted)

    def rerate(self, now: datetime | None = None) -> None:
        """Every rating made again from every game indexed (`thousand club rebuild`)."""
        now = now or datetime.now(UTC)
        with self._writing() as db:
            rated = {}
            for game in self._games(db):
                found = finished_game(game, now)
                if found is not None:
                    rated[(str(game.path), game.number)] = found
            db.execute("DELETE FROM rated_games")
            db.execute("DELETE FROM rated_seats")
            _insert_rated(db, rated)
            self._rate_from(db, None)

    def _rated_of(self, db: Database, paths: Iterable[str]) -> dict[tuple[str, int], str]:
        """The rated games of these records, as kept."""
        found: dict[tuple[str, int], str] = {}
        for path in paths:
            rows = db.execute("SELECT number, game FROM rated_games WHERE path = ?", (path,))
            found.update(((path, int(number)), str(game)) for number, game in rows)
        return found

    def _rate(
        self,
        db: Database,
        kept: Mapping[tuple[str, int], str],
        wanted: Mapping[tuple[str, int], FinishedGame],
    ) -> None:
        """In the writing transaction `db`: the rated games `kept` (as kept) made `wanted`,
        and the ratings with them, rated again from the first game changed on (a game that
        ends after every game rated so far: only itself)."""
        texts = {key: to_json(game) for key, game in wanted.items()}
        dropped = [key for key, text in kept.items() if texts.get(key) != text]
        added = {key: wanted[key] for key, text in texts.items() if kept.get(key) != text}
        owed = _replay_owed(db)
        if not dropped and not added and not owed:
            return
        changed = list(added.values())
        for key in dropped:
            with contextlib.suppress(ValueError, KeyError, TypeError):
                changed.append(from_json(kept[key]))
        db.executemany("DELETE FROM rated_games WHERE path = ? AND number = ?", dropped)
        db.executemany("DELETE FROM rated_seats WHERE path = ? AND number = ?", dropped)
        _insert_rated(db, added)
        first = None if owed or not changed else min(order(game) for game in changed)
        touched = {p for game in changed for p in game.seats}
        self._rate_from(db, first, touched, set(added) if not dropped else set())

    def _rate_from(
        self,
        db: Database,
        first: tuple[datetime, str, tuple[str, ...]] | None,
        touched: Iterable[str] = (),
        fresh: set[tuple[str, int]] | None = None,
    ) -> int:
        """The games rated from `first` on (in the order the ratings take them; from the
        first of all where None) rated again, each from its players' ratings after their last
        game before it, and the ratings of their players (and of `touched`, whose games
        there may be gone) made theirs. How many games were rated again. `fresh`: the games
        just added (none dropped): where they are all that is rated from `first` on, their
        players' ratings kept are those before them."""
        if first is None:
            rows = db.execute("SELECT path, number, game FROM rated_games").fetchall()
        else:
            rows = db.execute(
                "SELECT path, number, game FROM rated_games WHERE at >= ?",
                (first[0].timestamp(),),
            ).fetchall()
        games = []
        for path, number, text in rows:
            with contextlib.suppress(ValueError, KeyError, TypeError):
                game = from_json(str(text))
                if first is None or order(game) >= first:
                    games.append((order(game), str(path), int(number), game))
        games.sort(key=lambda found: found[0])
        players = set(touched) | {p for *_, game in games for p in game.seats}
        state: dict[str, PlayerRating] = {}
        if first is not None and fresh and all((path, n) in fresh for _, path, n, _ in games):
            marks = ", ".join("?" * len(players))
            kept = db.execute(f"SELECT * FROM ratings WHERE player IN ({marks})", sorted(players))
            state = {str(row[0]): _kept_rating(row) for row in kept}
        elif first is not None:
            state = _ratings_before(db, sorted(players), first)
        afters = []
        for _, path, number, game in games:
            state.update(rate_game(state, game))
            after = {p: _rating_json(state[p]) for p in sorted(set(game.seats)) if p in state}
            afters.append((json.dumps(after), path, number))
        db.executemany("UPDATE rated_games SET after = ? WHERE path = ? AND number = ?", afters)
        if first is None:
            db.execute("DELETE FROM ratings")
        else:
            db.executemany(
                "DELETE FROM ratings WHERE player = ?", [(p,) for p in sorted(players - set(state))]
            )
        db.executemany(
            "INSERT INTO ratings VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (player) DO UPDATE"
            " SET rating = excluded.rating, deviation = excluded.deviation,"
            " volatility = excluded.volatility, games = excluded.games,"
            " last_played = excluded.last_played",
            [_rating_row(player, rating) for player, rating in sorted(state.items())],
        )
        if first is None:
            db.execute("DELETE FROM club_settings WHERE name = ?", (REPLAY,))
        return len(games)

    def add_daily_results(
        self, results: Sequence[DailyResult], records: Mapping[DailyResult, bytes] | None = None
    ) -> None:
        """Keep the results of a day's deals; a deal already kept for the same player, day
        and preset is left as it was (one try). Where each was dealt is forgotten. On a club
        database, `records` (each result's record, as its file holds it) are kept with them,
        so that every host can review the deal."""
        kept = []
        for result, data in (records or {}).items():
            body = _packed(data) if self.kind != "sqlite" else None
            if body is not None:
                key = deal_key(result.date, result.preset, result.player, result.deal)
                kept.append((key, self.node, len(data), body))
        with self._writing() as db:
            db.executemany(
                "INSERT INTO daily_results VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
                [(r.date, r.preset, r.player, r.deal, r.points, r.reference) for r in results],
            )
            db.executemany(
                "INSERT INTO records VALUES (?, ?, ?, ?) ON CONFLICT (key) DO NOTHING", kept
            )
            db.executemany(
                "DELETE FROM deals_dealt WHERE date = ? AND preset = ? AND player = ? AND deal = ?",
                [(r.date, r.preset, r.player, r.deal) for r in results],
            )

    def dealt_on(self, date: str, preset: str, player: str, deal: int) -> str:
        """The host (its name in the club) where a person's daily or tournament deal is being
        played: this host, which deals it now, unless another dealt it first."""
        self._own_node()
        with self._writing() as db:
            db.execute(
                "INSERT INTO deals_dealt VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
                (date, preset, player, deal, self.node, _utc(time.time())),
            )
            row = db.execute(
                "SELECT host FROM deals_dealt WHERE date = ? AND preset = ? AND player = ?"
                " AND deal = ?",
                (date, preset, player, deal),
            ).fetchone()
        return str(row[0])

    def results_of(self, player: str) -> list[DailyResult]:
        """Every daily and tournament result of one player."""
        rows = self._db.execute(
            "SELECT * FROM daily_results WHERE player = ? ORDER BY date, preset, deal", (player,)
        )
        return [DailyResult(*row) for row in rows]

    def give_results(self, results: Sequence[DailyResult], to: str) -> None:
        """These results made another player's (`to`), in one step; where he has one of the
        same deal already, his is kept."""
        with self._writing() as db:
            for r in results:
                key = (r.date, r.preset, r.deal)
                db.execute(
                    "INSERT INTO daily_results VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
                    (r.date, r.preset, to, r.deal, r.points, r.reference),
                )
                db.execute(
                    "DELETE FROM daily_results WHERE date = ? AND preset = ? AND deal = ?"
                    " AND player = ?",
                    (*key, r.player),
                )
                was = deal_key(r.date, r.preset, r.player, r.deal)
                db.execute(
                    "INSERT INTO records SELECT ?, host, size, body FROM records WHERE key = ?"
                    " ON CONFLICT (key) DO NOTHING",
                    (deal_key(r.date, r.preset, to, r.deal), was),
                )
                db.execute("DELETE FROM records WHERE key = ?", (was,))

    def daily_results(self, date: str, preset: str | None = None) -> list[DailyResult]:
        """The results of a day (of one preset), by player and deal."""
        query = "SELECT * FROM daily_results WHERE date = ?"
        args: tuple[str, ...] = (date,)
        if preset is not None:
            query += " AND preset = ?"
            args = (date, preset)
        query += " ORDER BY preset, player, deal"
        return [DailyResult(*row) for row in self._db.execute(query, args)]


def open_index(
    path: Path | None = None,
    notice: Callable[[str], None] | None = None,
    database: str | None = None,
    node: str = "",
) -> ClubIndex:
    """The club index, made if there is none: the file `path`, or the PostgreSQL database
    `database` names (its records those of `path`'s folder). A file it cannot read (damaged,
    or not an SQLite file) is moved aside, `notice` is told so, and the index is rebuilt from
    the records; no record is touched. A database server it cannot use raises
    ClubIndexError (DatabaseDown when it cannot be reached), in one line.

    `node`: on a database, this host's name in the club (`node_name(host)`, as `open_club`
    gives it), taken from the caller, never from the environment. Without it the index
    reads and writes what is the club's (its settings, secret, tournaments, ratings) but
    refuses what is a host's own (reading its records, dealing a deal here)."""
    path = path or index_path()
    if database:
        return ClubIndex(path, database, node)
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


def open_club(host: Host, notice: Callable[[str], None] | None = None) -> ClubIndex:
    """The club index of `host`: its club folder's file, or the database its `database`
    names (THOUSAND_DATABASE, the host's `database.url`)."""
    return open_index(index_path(host.club_dir), notice, host.database, node_name(host))


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


class ReadRecord(NamedTuple):
    rows: list[tuple[Any, ...]]  # its games' rows
    error: str | None  # why it cannot be read
    data: bytes | None  # its bytes as read (None where unreadable)


def _read_games(
    path: Path, player: str, node: str = ""
) -> tuple[list[tuple[Any, ...]], str | None]:
    """The rows of the games of a record file, or the reason it cannot be read (outside the
    write lock). `node`: on a club database, this host's name (`named_id`)."""
    rows, error, _ = _read_record(path, player, node)
    return rows, error


def _read_record(path: Path, player: str, node: str = "") -> ReadRecord:
    """`_read_games`, and the record's bytes as read."""
    try:
        data = record_bytes(path)
        record = decode_record(data, path)
        written = path.stat().st_mtime
    except (RecordError, OSError) as error:
        return ReadRecord([], str(error), None)
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
                **({"id": named_id(who, node)} if who is not None else {}),
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
    return ReadRecord(rows, None, data)


def _replay_owed(db: Database) -> bool:
    """Whether the ratings are to be made again from the games rated (a migration said so)."""
    return (
        db.execute("SELECT 1 FROM club_settings WHERE name = ?", (REPLAY,)).fetchone() is not None
    )


def _insert_rated(db: Database, games: Mapping[tuple[str, int], FinishedGame]) -> None:
    """Keep these games as rated (their ratings after them made by `_rate_from`)."""
    rows = sorted(games.items())
    db.executemany(
        "INSERT INTO rated_games VALUES (?, ?, ?, ?, NULL)",
        [(path, n, game.finished.timestamp(), to_json(game)) for (path, n), game in rows],
    )
    db.executemany(
        "INSERT INTO rated_seats VALUES (?, ?, ?, ?)",
        [
            (player, game.finished.timestamp(), path, n)
            for (path, n), game in rows
            for player in sorted(set(game.seats))
        ],
    )


def _rating_json(rating: PlayerRating) -> list[Any]:
    return list(_rating_row("", rating)[1:])


def _ratings_before(
    db: Database, players: Sequence[str], first: tuple[datetime, str, tuple[str, ...]]
) -> dict[str, PlayerRating]:
    """Each player's rating after his last game rated before `first`, where he has one."""
    if not players:
        return {}
    at = first[0].timestamp()
    marks = ", ".join("?" * len(players))
    joined = (
        "SELECT s.player, s.at, g.game, g.after FROM rated_seats s JOIN rated_games g"
        f" ON g.path = s.path AND g.number = s.number WHERE s.player IN ({marks})"
    )
    # the games at that very moment (some may come before `first`), and each player's games
    # at the last moment before it
    rows = db.execute(joined + " AND s.at = ?", (*players, at)).fetchall()
    rows += db.execute(
        f"SELECT player, at, game, after FROM ({joined} AND s.at < ?) AS played"
        f" WHERE at = (SELECT max(t.at) FROM rated_seats t WHERE t.player = played.player"
        " AND t.at < ?)",
        (*players, at, at),
    ).fetchall()
    found: dict[str, tuple[Any, list[Any]]] = {}
    for player, _, text, after in rows:
        with contextlib.suppress(ValueError, KeyError, TypeError):
            place = order(from_json(str(text)))
            if place < first and after and (player not in found or found[player][0] < place):
                found[player] = (place, json.loads(str(after))[player])
    return {player: _kept_rating([player, *kept]) for player, (_, kept) in found.items()}


def _indexed(row: Sequence[Any], mtime_ns: int) -> IndexedGame:
    """A game as `games` gives it, from its row as `_read_games` makes it."""
    return _game_from(row, mtime_ns, row[16], row[17])


def _game_from(row: Sequence[Any], mtime_ns: int, settled: Any, taken_back: Any) -> IndexedGame:
    """A game of its first twelve columns (`_GAME_COLUMNS`' order), when its file was
    written, the deals settled and the cards taken back."""
    return IndexedGame(
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
        _utc(mtime_ns / 1e9),
        settled,
        taken_back,
    )


def _packed(data: bytes | None) -> bytes | None:
    """A record's bytes as the database keeps them, None where too large to keep."""
    if data is None or len(data) > KEPT_RECORD_MAX:
        return None
    return zlib.compress(data, 6)


def unpacked(body: bytes | memoryview | None) -> bytes | None:
    """A record kept by `_packed` (None where damaged, or larger than any kept)."""
    if body is None:
        return None
    inflate = zlib.decompressobj()
    try:
        data = inflate.decompress(bytes(body), KEPT_RECORD_MAX + 1)
    except zlib.error:
        return None
    return data if len(data) <= KEPT_RECORD_MAX and inflate.eof else None


def deal_key(date: str, preset: str, player: str, deal: int) -> str:
    """The key of a daily or tournament deal's record in the club's database (its four
    parts as JSON: no two deals' keys are the same text, whatever a name holds)."""
    return DEAL_RECORD + json.dumps([date, preset, player, deal], ensure_ascii=False)


def _kept_rating(row: Sequence[Any]) -> PlayerRating:
    last = str(row[5]) if row[5] else None
    return PlayerRating(
        float(row[1]),
        float(row[2]),
        float(row[3]),
        int(row[4]),
        datetime.fromisoformat(last) if last else None,
    )


def _rating_row(player: str, r: PlayerRating) -> tuple[Any, ...]:
    last = r.last_played.isoformat() if r.last_played else None
    return (player, r.rating, r.deviation, r.volatility, r.games, last)


_HUMAN = '"kind": "human"'  # a person's seat, as the games' `seats` are written
_GAME_COLUMNS = (
    "SELECT g.path, g.number, g.key, g.player, g.preset, g.seats, g.scores, g.winner,"
    " g.finished, g.started, g.ended, g.deals, f.mtime_ns, g.settled, g.taken_back"
)


def _game_of(row: Sequence[Any]) -> IndexedGame:
    """An indexed game of a row of `_GAME_COLUMNS`."""
    return _game_from(row, row[12], row[13], row[14])


def _utc(seconds: float) -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(seconds))


YOU: Final = msg("you_name", "You")


def _table_name(db: Database, player: str) -> str:
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
