from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from thousand_tui.priority import Host, Locale
from thousand_tui.store.catalog import DATA_DIR_ENV

# The locale of a player at an English terminal that takes UTF-8.
ENGLISH = Locale("en_US.UTF-8", "en_US.UTF-8")


@pytest.fixture
def table_env(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The environment of a test of the entry point, which reads it (`cli.main` without a
    host, and its parser's messages, which speak the language of `LANG` before any host is
    decided): the data and settings folders of the test's own, colours on, a UTF-8 English
    locale. Only a test that asks for it by name has it; the others say what they run as
    with the fixture `host`, and read nothing of the environment."""
    home = tmp_path / "xdg-data"
    monkeypatch.setenv("XDG_DATA_HOME", str(home))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "xdg-config"))
    monkeypatch.delenv(DATA_DIR_ENV, raising=False)
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setenv("LANG", "en_US.UTF-8")
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    monkeypatch.delenv("LC_CTYPE", raising=False)
    return home


@pytest.fixture
def host(tmp_path: Path) -> Host:
    """What the table runs as in a test: a player at a terminal of his own, his games in a
    folder of the test's, his settings in another, an English UTF-8 locale. A test builds
    `TableSetup.of(..., host=host)` and reads nothing of the environment but `NO_COLOR`,
    which Textual reads itself."""
    return Host(data=tmp_path / "host-data", config=tmp_path / "host-config", locale=ENGLISH)


@pytest.fixture
def colours(monkeypatch: pytest.MonkeyPatch) -> None:
    """Colours on whatever the terminal running the tests asks: no `NO_COLOR`, which Textual
    reads from the environment itself (a snapshot's colours)."""
    monkeypatch.delenv("NO_COLOR", raising=False)


@pytest.fixture
def pty() -> Iterator[tuple[int, int]]:
    """A pseudo-terminal: its master and slave descriptors, closed after the test."""
    master, slave = os.openpty()
    yield master, slave
    for fd in (master, slave):
        with contextlib.suppress(OSError):
            os.close(fd)
