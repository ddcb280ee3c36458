"""A PostgreSQL database of its own for each test that asks for one (`pg_url`), made on the
server `THOUSAND_TEST_DATABASE` names (`.ci/postgres start DIR` prints such a URL) and
dropped after. Without a server the tests that need one are skipped, saying why; with
`THOUSAND_TEST_POSTGRES=required` (set by .ci/run) they fail instead, so that CI never passes
without running them."""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import pytest

from tests.helpers.folders import short_folder
from thousand_tui.priority import CLUB_DIR_ENV, DATA_DIR_ENV, DATABASE_ENV, Host
from thousand_tui.tables import directory

SERVER_ENV = "THOUSAND_TEST_DATABASE"
REQUIRED_ENV = "THOUSAND_TEST_POSTGRES"


def server_url() -> str:
    """The test server's URL, or the test skipped (failed where CI requires the server)."""
    url = os.environ.get(SERVER_ENV, "")
    why = ""
    if not url:
        why = (
            f"no PostgreSQL server for the tests: set {SERVER_ENV}=postgresql://USER:PW@HOST:PORT/"
            "postgres (`.ci/postgres start DIR` starts one and prints it)"
        )
    else:
        try:
            import psycopg  # noqa: F401
        except ImportError:
            why = "psycopg is not installed: pip install -e '.[postgres]'"
    if why:
        if os.environ.get(REQUIRED_ENV) == "required":
            pytest.fail(f"{why} ({REQUIRED_ENV}=required)")
        pytest.skip(why)
    return url


def with_database(url: str, name: str) -> str:
    return urlunsplit(urlsplit(url)._replace(path=f"/{name}"))


@pytest.fixture
def pg_url() -> Iterator[str]:
    """A fresh, empty database on the test server, dropped after the test."""
    import psycopg

    server = server_url()
    name = f"thousand_test_{uuid.uuid4().hex[:12]}"
    with psycopg.connect(server, autocommit=True) as admin:
        admin.execute(f"CREATE DATABASE {name}")
    try:
        yield with_database(server, name)
    finally:
        with psycopg.connect(server, autocommit=True) as admin:
            admin.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


@pytest.fixture(autouse=True)
def no_watch_left() -> Iterator[None]:
    """A lobby's watch of the club's directory lasts as long as its process: a test's ends with
    the test, rather than reading a database dropped or cut after it, a heartbeat after another,
    in the tests that follow in the same process."""
    yield
    directory.forget_all(wait=0.0)


@pytest.fixture(params=["sqlite", "postgresql"])
def backend(request: pytest.FixtureRequest) -> str | None:
    """Each test run on both backends: None for the SQLite file, else a database's URL."""
    if request.param == "sqlite":
        return None
    url: str = request.getfixturevalue("pg_url")
    return url


@pytest.fixture
def data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A data folder of its own, the club index in it (or in the database the test names)."""
    folder = tmp_path / "data"
    folder.mkdir(mode=0o700)
    monkeypatch.setenv(DATA_DIR_ENV, str(folder))
    monkeypatch.delenv(CLUB_DIR_ENV, raising=False)
    monkeypatch.delenv(DATABASE_ENV, raising=False)
    return folder


class Cuttable:
    """A TCP proxy to the test server that a test can cut (every connection dropped, new ones
    refused at once) and mend: the database going away in the middle of a game."""

    def __init__(self, url: str) -> None:
        import socket
        import threading

        parts = urlsplit(url)
        self.target = (parts.hostname or "127.0.0.1", parts.port or 5432)
        self.server = socket.create_server(("127.0.0.1", 0))
        port = self.server.getsockname()[1]
        self.url = urlunsplit(
            parts._replace(netloc=parts.netloc.rsplit("@", 1)[0] + f"@127.0.0.1:{port}")
        )
        self.open = True
        self.conns: list[socket.socket] = []
        self.lock = threading.Lock()
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        import contextlib
        import socket
        import threading

        while True:
            try:
                conn, _ = self.server.accept()
            except OSError:
                return
            if not self.open:
                conn.close()
                continue
            try:
                upstream = socket.create_connection(self.target)
            except OSError:
                conn.close()
                continue
            with self.lock:
                self.conns += [conn, upstream]

            def pump(src: socket.socket, dst: socket.socket) -> None:
                with contextlib.suppress(OSError):
                    while data := src.recv(65536):
                        dst.sendall(data)
                for end in (src, dst):
                    with contextlib.suppress(OSError):
                        end.shutdown(socket.SHUT_RDWR)

            threading.Thread(target=pump, args=(conn, upstream), daemon=True).start()
            threading.Thread(target=pump, args=(upstream, conn), daemon=True).start()

    def cut(self) -> None:
        import contextlib
        import socket

        self.open = False
        with self.lock:
            conns, self.conns = self.conns, []
        for conn in conns:
            with contextlib.suppress(OSError):
                conn.shutdown(socket.SHUT_RDWR)
            conn.close()

    def mend(self) -> None:
        self.open = True

    def close(self) -> None:
        import contextlib
        import socket

        self.cut()
        with contextlib.suppress(OSError):  # wakes the thread waiting in `accept`
            self.server.shutdown(socket.SHUT_RDWR)
        self.server.close()


@pytest.fixture
def cuttable(pg_url: str) -> Iterator[Cuttable]:
    proxy = Cuttable(pg_url)
    try:
        yield proxy
    finally:
        proxy.close()


@pytest.fixture
def two_serving(pg_url: str) -> Iterator[tuple[Host, Host]]:
    """Two hosts of one club database whose tables are served: folders of their own short
    enough for their services' sockets, the services ended and the folders removed after."""
    with short_folder("tta-") as a, short_folder("ttb-") as b:
        try:
            yield (
                Host(data=a, database=pg_url, node="host-a"),
                Host(data=b, database=pg_url, node="host-b"),
            )
        finally:
            directory.forget(pg_url)


@pytest.fixture
def two(data: Path, pg_url: str) -> tuple[Host, Host]:
    """Two hosts of one club database: two data folders beside `data`, named host-a and host-b."""
    folders = [data.parent / name for name in ("a", "b")]
    for folder in folders:
        folder.mkdir(mode=0o700)
    return (
        Host(data=folders[0], database=pg_url, node="host-a"),
        Host(data=folders[1], database=pg_url, node="host-b"),
    )
