"""Where the club's database is: the SQLite file of the club folder (the default), or a
PostgreSQL server named by a URL (`THOUSAND_DATABASE=postgresql://…`, or the host's
`database.url`: docs/scaling.md), shared by every host of a club.

Both are reached through `Database`: the club index writes its SQL once, with `?` for each
value and the upsert both understand (`INSERT … ON CONFLICT … DO UPDATE/NOTHING`), and this
module says it to SQLite or to psycopg 3. psycopg is imported only when a PostgreSQL URL is
given (the `postgres` extra: `pip install 'thousand_tui[postgres]'`).

A writing transaction holds the club's one write lock from its start (SQLite's `BEGIN
IMMEDIATE`, PostgreSQL's transaction-scoped advisory lock `WRITE_LOCK`): two hosts bringing
the index up to date at once take turns, as two processes of one host do.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any, Final, Protocol
from urllib.parse import urlsplit, urlunsplit

from ..private import open_private, private_dir
from ..said import Msg, Said, english, msg, say

BUSY_SECONDS = 30.0  # how long a writer waits for another process's transaction
CONNECT_SECONDS = 5  # how long a host waits for the PostgreSQL server at start
WRITE_LOCK = 0x7468_6F75  # PostgreSQL's advisory lock of the club's writers ("thou")
SCHEMES = ("postgresql", "postgres")
EXTRA = "pip install 'thousand_tui[postgres]'"


URL_FORM = "postgresql://USER:PASSWORD@HOST:PORT/DATABASE"
URL_UNREADABLE: Final = msg(
    "db_url_unreadable",
    "the club database URL {where} cannot be read ({detail}); give it as {form}",
)
URL_NOT_POSTGRES: Final = msg(
    "db_url_not_postgres",
    "the club database URL {where} is not a PostgreSQL one; give it as {form}",
)
URL_UNUSABLE: Final = msg(
    "db_url_unusable",
    "the club database URL {where} cannot be used ({detail}); give it as {form}",
)
NO_DRIVER: Final = msg(
    "db_no_driver",
    "the club database is PostgreSQL ({where}) but psycopg is not installed; "
    "install it with {extra}",
)
REFUSED: Final = msg(
    "db_refused",
    "the club database {where} refused the connection ({detail}); check the user, password "
    "and database name in THOUSAND_DATABASE (or the host's database.url)",
)
# The club index's schema (store/index.py), said at start in the reader's language, each
# naming the migration (its number and name: the schema's, in English).
SCHEMA_NEWER: Final = msg(
    "db_schema_newer",
    "{where}: the club index is at migration {newest}, made by a newer version of thousand; "
    "this one knows up to migration {known}: update thousand on this host",
)
SCHEMA_NEWER_FILE: Final = msg(
    "db_schema_newer_file",
    "{where}: the club index is at migration {newest}, made by a newer version of thousand; "
    "this one knows up to migration {known}: update thousand on this host, or delete the "
    "file and run `thousand club rebuild`",
)
MIGRATION_FAILED: Final = msg(
    "db_migration_failed",
    "{where}: migration {migration} of the club index cannot be applied to it ({detail}); "
    "nothing was changed: restore the index or make it again (`thousand club rebuild`)",
)
HOSTED: Final = msg(
    "db_hosted_refused",
    "this host's club database is set up wrong, so nothing can be played here now; "
    "please tell the host's owner (thousand run on the host says what to fix)",
)


class DatabaseError(ValueError):
    """The club's database cannot be used as it is: named wrong, refused, or made by a newer
    version. Said in one line (a ValueError: where a command says what is wrong with what it
    was given, it says this too); nothing is changed. `str()` is English and may name the
    database's address (never its password): for the host's own terminal and log. Raised
    with a catalog text, `in_language` says it in the reader's language; `hosted` is what a
    hosted player is told (no address of the host's)."""

    def __init__(self, text: Msg | str, /, **values: object) -> None:
        self.said = Said(text, values) if isinstance(text, Msg) else None
        super().__init__(english(self.said) if self.said else text)

    def in_language(self, lang: str) -> str:
        return say(lang, self.said) if self.said else str(self)

    def hosted(self, lang: str) -> str:
        """What a hosted player is told: the host's database is wrong, with no address."""
        return say(lang, Said(HOSTED, {}))


class DatabaseDown(DatabaseError):
    """The club's database server cannot be reached now (down, or gone mid-session): the
    records are kept all the same, and the index catches up with them when it is back."""


class Rows(Protocol):
    def fetchone(self) -> Any: ...

    def fetchall(self) -> list[Any]: ...

    def __iter__(self) -> Iterator[Any]: ...


def is_postgres(url: str | None) -> bool:
    return bool(url) and urlsplit(str(url)).scheme in SCHEMES


def shown(url: str) -> str:
    """A URL as it may be said: its password left out."""
    try:
        parts = urlsplit(url)
        if parts.password is None:
            return url
        netloc = parts.netloc.rsplit("@", 1)
        user = netloc[0].split(":", 1)[0]
        return urlunsplit(parts._replace(netloc=f"{user}:***@{netloc[1]}"))
    except ValueError:
        return "the URL given"


def check_url(url: str) -> str:
    """The URL if it names a PostgreSQL database, else why not (DatabaseError)."""
    try:
        parts = urlsplit(url)
        parts.port  # noqa: B018 (a port that is no number raises)
    except ValueError as error:
        raise DatabaseError(
            URL_UNREADABLE, where=repr(shown(url)), detail=error, form=URL_FORM
        ) from error
    if parts.scheme not in SCHEMES or (not parts.hostname and "host=" not in parts.query):
        raise DatabaseError(URL_NOT_POSTGRES, where=repr(shown(url)), form=URL_FORM)
    return url


class Database:
    """One connection to the club's database. `execute` and `executemany` take SQLite's
    `?` placeholders on both."""

    kind: str
    where: str  # how messages name it (a PostgreSQL URL without its password)

    def execute(self, sql: str, args: Sequence[Any] = ()) -> Rows:
        raise NotImplementedError

    def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        raise NotImplementedError

    @contextlib.contextmanager
    def writing(self) -> Iterator[Database]:
        raise NotImplementedError
        yield self

    def close(self) -> None:
        raise NotImplementedError


class SqliteDatabase(Database):
    """The club index's file: its owner's only (0600), WAL (readers never wait for a writer)."""

    kind = "sqlite"

    def __init__(self, path: Path) -> None:
        self.where = str(path)
        private_dir(path.parent)
        open_private(path, "ab").close()  # 0600 before SQLite makes it (its -wal follows)
        # Imported here: the table, its hints and its analyses import this module's errors
        # but never open the index, and sqlite3 is about 2 MB of a game's memory.
        import sqlite3

        self._db = sqlite3.connect(path, timeout=BUSY_SECONDS, isolation_level=None)
        try:
            self._db.execute(f"PRAGMA busy_timeout = {int(BUSY_SECONDS * 1000)}")
            self._db.execute("PRAGMA journal_mode = WAL")
            self._db.execute("PRAGMA synchronous = NORMAL")
            check = self._db.execute("PRAGMA quick_check").fetchone()
            if check is None or check[0] != "ok":
                raise sqlite3.DatabaseError(f"damaged: {check[0] if check else '?'}")
        except BaseException:
            self._db.close()
            raise

    def execute(self, sql: str, args: Sequence[Any] = ()) -> Rows:
        return self._db.execute(sql, tuple(args))

    def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        self._db.executemany(sql, rows)

    @contextlib.contextmanager
    def writing(self) -> Iterator[Database]:
        """A transaction holding the write lock from its start (it waits for another
        process's transaction rather than failing halfway)."""
        self._db.execute("BEGIN IMMEDIATE")
        try:
            yield self
        except BaseException:
            self._db.execute("ROLLBACK")
            raise
        self._db.execute("COMMIT")

    def close(self) -> None:
        self._db.close()


class PostgresDatabase(Database):
    """A PostgreSQL server's database, through psycopg 3 (imported here only)."""

    kind = "postgresql"

    def __init__(self, url: str, application: str = "thousand") -> None:
        self.where = shown(check_url(url))
        try:
            import psycopg
        except ImportError as error:
            raise DatabaseError(NO_DRIVER, where=self.where, extra=EXTRA) from error
        self._psycopg = psycopg
        try:
            self._db = psycopg.connect(
                url,
                autocommit=True,
                connect_timeout=CONNECT_SECONDS,
                application_name=application,
            )
        except psycopg.Error as error:
            raise _said(error, self.where, connecting=True) from error

    def _sql(self, sql: str) -> str:
        return sql.replace("%", "%%").replace("?", "%s")

    def execute(self, sql: str, args: Sequence[Any] = ()) -> Rows:
        try:
            cursor = self._db.execute(self._sql(sql), tuple(args))
            if cursor.description is None:
                return _NoRows()
            return _Fetched(cursor.fetchall())
        except self._psycopg.Error as error:
            raise _said(error, self.where) from error

    def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        if not rows:
            return
        try:
            with self._db.cursor() as cursor:
                cursor.executemany(self._sql(sql), [tuple(row) for row in rows])
        except self._psycopg.Error as error:
            raise _said(error, self.where) from error

    @contextlib.contextmanager
    def writing(self) -> Iterator[Database]:
        try:
            with self._db.transaction():
                self._db.execute("SELECT pg_advisory_xact_lock(%s)", (WRITE_LOCK,))
                yield self
        except self._psycopg.Error as error:
            raise _said(error, self.where) from error

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self._db.close()

    @property
    def connection(self) -> Any:
        """psycopg's own connection (LISTEN/NOTIFY)."""
        return self._db


class _Fetched:
    def __init__(self, rows: list[Any]) -> None:
        self._rows = rows

    def fetchone(self) -> Any:
        return self._rows[0] if self._rows else None

    def fetchall(self) -> list[Any]:
        return list(self._rows)

    def __iter__(self) -> Iterator[Any]:
        return iter(self._rows)


class _NoRows(_Fetched):
    def __init__(self) -> None:
        super().__init__([])


# The server's words for a login or a database that is wrong, not down (SQLSTATE classes 28:
# authorisation, 3D: no such database; checked on the text when the connection gives none).
_REFUSED = ("password authentication failed", "does not exist", "no password supplied")


def _said(error: Exception, where: str, connecting: bool = False) -> DatabaseError:
    """A psycopg error as one line: refused (a wrong login, no such database: fix the URL)
    or down (the server not there: the game goes on, the index catches up later)."""
    text = " ".join(str(error).split()) or type(error).__name__
    state = str(getattr(error, "sqlstate", "") or "")
    if state.startswith(("28", "3D")) or any(words in text for words in _REFUSED):
        return DatabaseError(REFUSED, where=where, detail=text)
    if connecting and "invalid" in text and "connection" not in text:
        return DatabaseError(URL_UNUSABLE, where=where, detail=text, form=URL_FORM)
    if connecting or type(error).__name__ in ("OperationalError", "InterfaceError"):
        return DatabaseDown(f"the club database {where} cannot be reached ({text})")
    return DatabaseError(f"the club database {where} failed ({text})")


def connect(url: str | None, path: Path, application: str = "thousand") -> Database:
    """The club's database: PostgreSQL when `url` names it, else the SQLite file `path`."""
    if url:
        return PostgresDatabase(url, application)
    return SqliteDatabase(path)
