"""The club's directory of open tables, for a club of several hosts on one PostgreSQL database
(docs/scaling.md): each host's table service keeps its tables there (`Publisher`: code,
preset, seats, state, the host), beats its heart every `HEARTBEAT` seconds and tells each
change (a table opened, filled, started, closed) on the channel `CHANNEL` (LISTEN/NOTIFY);
every host's lobby listens (`Watch`) and lists the other hosts' tables beside its own. A host
whose heart has not beaten for `TIMEOUT` seconds is gone: its tables are never listed again,
and the first host to see it removes them.

What the directory holds is what a stranger in the lobby may see (`wire.OpenTable`): never a
hand, a name or a seed. Every database write is in a thread of its own, never in the service's
loop; a database that goes away costs the lobby its other hosts' tables until it is back,
never a game (`Publisher` logs it, says so in `down` for the service to tell its players, and
tries again at the next beat).
"""

from __future__ import annotations

import contextlib
import json
import threading
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from ..priority import Host
from ..store.database import Database, DatabaseError, PostgresDatabase
from ..store.index import index_path, node_name, open_index
from .wire import OpenTable

CHANNEL = "thousand_lobby"
HEARTBEAT = 1.0  # seconds between two beats of a host's heart
TIMEOUT = 5.0  # seconds without a beat before a host's tables leave the directory
WAITING, PLAYING = "waiting", "playing"


def relay_of(host: Host) -> str:
    """How the club's other hosts reach this host's tables: its `relay`, else its data folder
    on this machine (`local:FOLDER`)."""
    return host.relay or f"local:{host.data_dir.absolute()}"


@dataclass(frozen=True)
class Listed:
    """A table of the directory: where it is played, and what the lobby shows of it."""

    host: str
    relay: str
    state: str  # WAITING or PLAYING
    table: OpenTable


def _snapshot(tables: list[OpenTable], playing: list[OpenTable]) -> dict[str, tuple[str, str]]:
    """The service's tables as the directory keeps them: code -> (state, info)."""
    found = {t.code: (WAITING, json.dumps(asdict(t))) for t in tables}
    found.update((t.code, (PLAYING, json.dumps(asdict(t)))) for t in playing)
    return found


def changes(
    before: dict[str, tuple[str, str]], after: dict[str, tuple[str, str]]
) -> list[tuple[str, str]]:
    """(code, change) of what changed between two snapshots: opened, filled (no seat free
    any more), started, closed (gone from the lobby), or seated (someone sat or left)."""
    told: list[tuple[str, str]] = []
    for code, (state, info) in after.items():
        if code not in before:
            told.append((code, "opened" if state == WAITING else "started"))
        elif before[code][0] != state:
            told.append((code, "started" if state == PLAYING else "opened"))
        elif before[code][1] != info:
            free = json.loads(info).get("free")
            told.append((code, "filled" if free == 0 else "seated"))
    told.extend((code, "closed") for code in before if code not in after)
    return told


class Publisher:
    """A table service's side of the directory: `offer` (from the service's loop) hands it the
    tables as they are now; its thread writes what changed, beats the heart and tells the
    changes, and removes the tables of the hosts gone silent."""

    def __init__(
        self,
        host: Host,
        log: Callable[[str], None] = lambda _: None,
        heartbeat: float = HEARTBEAT,
        timeout: float = TIMEOUT,
    ) -> None:
        assert host.database
        self.url = host.database
        self.base = host.club_dir
        self.node = node_name(host)
        self.relay = relay_of(host)
        self.log = log
        self.heartbeat = heartbeat
        self.timeout = timeout
        self._latest: dict[str, tuple[str, str]] = {}
        self._kept: dict[str, tuple[str, str]] | None = None  # what the directory holds of ours
        self._wake = threading.Event()
        self._stopping = False
        self._down = False
        self._thread = threading.Thread(target=self._run, daemon=True, name="directory")

    @property
    def down(self) -> bool:
        """Whether the club database could not be written at the last try (until it can)."""
        return self._down

    def start(self) -> None:
        self._thread.start()

    def offer(self, tables: list[OpenTable], playing: list[OpenTable]) -> None:
        """The service's public tables now (waiting, and in play); written at once if they
        changed."""
        snapshot = _snapshot(tables, playing)
        if snapshot != self._latest:
            self._latest = snapshot
            self._wake.set()

    def stop(self, wait: float = 5.0) -> None:
        """Take this host's tables out of the directory and end the thread."""
        self._stopping = True
        self._wake.set()
        if self._thread.is_alive():
            self._thread.join(wait)

    def _run(self) -> None:
        db: Database | None = None
        while True:
            stopping = self._stopping
            try:
                if db is None:
                    db = self._connect()
                self._write(db, {} if stopping else dict(self._latest), stopping)
                if self._down:
                    self.log("the club database is back: this host's tables are listed again")
                self._down = False
            except DatabaseError as error:
                if not self._down:
                    self.log(f"the club's directory of tables cannot be written: {error}")
                self._down = True
                if db is not None:
                    db.close()
                db = None
                self._kept = None
            if stopping:
                break
            self._wake.wait(self.heartbeat)
            self._wake.clear()
        if db is not None:
            db.close()

    def _connect(self) -> Database:
        # The schema checked (and migrated) once, by the index; then a plain connection.
        open_index(index_path(self.base), database=self.url).close()
        return PostgresDatabase(self.url, "thousand-directory")

    def _write(self, db: Database, now_tables: dict[str, tuple[str, str]], leaving: bool) -> None:
        now = time.time()
        kept = self._kept
        with db.writing():
            if kept is None:  # first write (or after a fault): whatever the directory held
                rows = db.execute(
                    "SELECT code, state, info FROM lobby WHERE host = ?", (self.node,)
                )
                kept = {code: (state, info) for code, state, info in rows}
            if leaving:
                db.execute("DELETE FROM club_hosts WHERE name = ?", (self.node,))
            else:
                db.execute(
                    "INSERT INTO club_hosts VALUES (?, ?, ?) ON CONFLICT (name) DO UPDATE"
                    " SET relay = excluded.relay, beat = excluded.beat",
                    (self.node, self.relay, now),
                )
            told = changes(kept, now_tables)
            for code, change in told:
                if change == "closed":
                    db.execute("DELETE FROM lobby WHERE code = ? AND host = ?", (code, self.node))
                    continue
                state, info = now_tables[code]
                shown = json.loads(info)
                db.execute(
                    "INSERT INTO lobby VALUES (?, ?, ?, ?, ?, ?, ?, ?)"
                    " ON CONFLICT (code) DO UPDATE SET host = excluded.host,"
                    " preset = excluded.preset, players = excluded.players,"
                    " free = excluded.free, state = excluded.state, info = excluded.info,"
                    " at = excluded.at",
                    (code, self.node, shown["preset"], shown["players"], shown["free"], state,
                     info, now),
                )  # fmt: skip
            gone = self._reap(db, now)
            for code, change in [*told, *gone]:
                payload = json.dumps({"host": self.node, "code": code, "change": change})
                db.execute("SELECT pg_notify(?, ?)", (CHANNEL, payload))
        self._kept = now_tables

    def _reap(self, db: Database, now: float) -> list[tuple[str, str]]:
        """The tables of the hosts gone silent, taken out (each told as closed)."""
        silent = [
            name
            for (name,) in db.execute(
                "SELECT name FROM club_hosts WHERE beat < ? AND name <> ?",
                (now - self.timeout, self.node),
            )
        ]
        gone: list[tuple[str, str]] = []
        for name in silent:
            rows = db.execute("DELETE FROM lobby WHERE host = ? RETURNING code", (name,))
            gone.extend((code, "closed") for (code,) in rows)
            db.execute("DELETE FROM club_hosts WHERE name = ?", (name,))
            self.log(f"host {name} has not been heard for {self.timeout:g} s: its tables leave")
        return gone


def read_directory(db: Database, now: float, timeout: float = TIMEOUT) -> list[Listed]:
    """The tables of the directory whose host's heart beats, as the lobby shows them now."""
    rows = db.execute(
        "SELECT l.host, h.relay, l.state, l.info, l.at FROM lobby l"
        " JOIN club_hosts h ON h.name = l.host WHERE h.beat >= ? ORDER BY l.code",
        (now - timeout,),
    )
    found = []
    for host, relay, state, info, at in rows:
        with contextlib.suppress(ValueError, TypeError, KeyError):
            found.append(Listed(host, relay, state, _aged(json.loads(info), now - float(at))))
    return found


def _aged(shown: dict[str, Any], since: float) -> OpenTable:
    """The table as listed `since` seconds after it was written."""
    fill = shown.get("fill_in")
    return OpenTable(
        str(shown["code"]),
        str(shown["preset"]),
        str(shown["title"]),
        int(shown["players"]),
        int(shown["people"]),
        int(shown["ai"]),
        int(shown["free"]),
        round(float(shown["waited"]) + since, 1),
        None if fill is None else round(max(0.0, float(fill) - since), 1),
    )


class Watch:
    """A lobby's side of the directory: a thread that LISTENs on `CHANNEL` and reads the
    directory again at each change (and at each heartbeat, for the hosts that went silent),
    so that `tables` answers at once. One per database and process (`watch`)."""

    def __init__(self, url: str, base: Path, timeout: float = TIMEOUT) -> None:
        self.url = url
        self.base = base
        self.timeout = timeout
        self.problem: str | None = None  # why the directory cannot be read now
        self._listed: list[Listed] = []
        self._read_at = 0.0
        self._ready = threading.Event()
        self._changed = threading.Condition()
        self.version = 0  # counts the readings that changed what is listed
        self._stopping = False
        self._thread = threading.Thread(target=self._run, daemon=True, name="lobby-watch")
        self._thread.start()

    def close(self, wait: float = 3.0) -> None:
        """Stop listening (within a heartbeat) and let the connection go."""
        self._stopping = True
        self._thread.join(wait)

    def listed(self, wait: float = 2.0) -> list[Listed]:
        """The directory's tables of live hosts (waiting the first reading up to `wait`)."""
        self._ready.wait(wait)
        now = time.time()
        return [
            Listed(e.host, e.relay, e.state, _aged(asdict(e.table), now - self._read_at))
            for e in self._listed
        ]

    def wait_change(self, version: int, timeout: float) -> int:
        """Wait up to `timeout` seconds for a reading newer than `version`; the newest."""
        with self._changed:
            self._changed.wait_for(lambda: self.version != version, timeout)
            return self.version

    def _read(self, db: Database) -> None:
        now = time.time()
        listed = read_directory(db, now, self.timeout)
        changed = [(e.host, e.state, e.table.code, e.table.free) for e in listed] != [
            (e.host, e.state, e.table.code, e.table.free) for e in self._listed
        ]
        self._listed, self._read_at, self.problem = listed, now, None
        self._ready.set()
        if changed:
            with self._changed:
                self.version += 1
                self._changed.notify_all()

    def _run(self) -> None:
        while not self._stopping:
            try:
                open_index(index_path(self.base), database=self.url).close()
                db = PostgresDatabase(self.url, "thousand-lobby")
                try:
                    connection = db.connection
                    connection.execute(f"LISTEN {CHANNEL}")
                    self._read(db)
                    while not self._stopping:
                        heard = False
                        for _ in connection.notifies(timeout=HEARTBEAT, stop_after=1):
                            heard = True
                        if heard:  # a burst of changes: read once they have come
                            for _ in connection.notifies(timeout=0.02):
                                pass
                        self._read(db)
                finally:
                    db.close()
            except Exception as error:  # the database gone: no other host's table meanwhile
                self.problem = " ".join(str(error).split()) or type(error).__name__
                self._listed = []
                self._ready.set()
                if not self._stopping:
                    time.sleep(HEARTBEAT)


_watches: dict[str, Watch] = {}
_watches_lock = threading.Lock()


def watch(host: Host) -> Watch | None:
    """This process's watch of `host`'s club directory, started on first use; None without a
    club database."""
    if not host.database:
        return None
    with _watches_lock:
        found = _watches.get(host.database)
        if found is None:
            found = _watches[host.database] = Watch(host.database, host.club_dir)
        return found


def forget(url: str) -> None:
    """Stop this process's watch of the database of `url`, if it has one (its lobby gone)."""
    with _watches_lock:
        found = _watches.pop(url, None)
    if found is not None:
        found.close()


def forget_all(wait: float = 3.0) -> None:
    """Stop every watch of this process (each ends within a heartbeat; `wait` seconds at most
    are waited for each)."""
    with _watches_lock:
        found = list(_watches.values())
        _watches.clear()
    for each in found:
        each.close(wait)


def unreachable(host: Host) -> str | None:
    """Why this process's lobby cannot read the club's directory now (its database gone),
    or None."""
    found = watch(host)
    return None if found is None else found.problem


def elsewhere(host: Host, wait: float = 2.0) -> list[Listed]:
    """The tables of the club's other hosts, as this host's lobby lists them."""
    found = watch(host)
    if found is None:
        return []
    me = node_name(host)
    return [entry for entry in found.listed(wait) if entry.host != me]


def where(host: Host, code: str, wait: float = 2.0) -> Listed | None:
    """The table of `code` when another host of the club plays it."""
    return next((e for e in elsewhere(host, wait) if e.table.code == code), None)
