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

from thousand_tui.priority import CLUB_DIR_ENV, DATA_DIR_ENV, DATABASE_ENV

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
