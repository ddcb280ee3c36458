from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.helpers.tmux import Tmux
from thousand_tui import ssh
from thousand_tui.store.catalog import DATA_DIR_ENV

from .sshd import Sshd, started


@pytest.fixture(autouse=True)
def keep_the_tests_priority(monkeypatch: pytest.MonkeyPatch) -> None:
    """A hosted session run inside the test process gives way there, and every later test in
    that process would run at nice 5: here it does not (test_priority.py starts sessions in
    processes of their own and reads their priority)."""
    monkeypatch.setattr(ssh, "give_way", lambda: None)


@pytest.fixture
def data_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An empty `XDG_DATA_HOME` of its own; saved games go to `<it>/thousand_tui/games`."""
    home = tmp_path / "xdg-data"
    monkeypatch.setenv("XDG_DATA_HOME", str(home))
    monkeypatch.delenv(DATA_DIR_ENV, raising=False)
    return home


@pytest.fixture
def tmux(tmp_path: Path) -> Iterator[Tmux]:
    """A tmux server of the test's own (the test skips where tmux is missing)."""
    if shutil.which("tmux") is None:
        pytest.skip("needs tmux")
    server = Tmux(tmp_path)
    try:
        yield server
    finally:
        server.close()


def serving(folder: Path, players: int) -> Iterator[Sshd]:
    server = started(Sshd(folder, players=players))
    try:
        yield server
    finally:
        server.stop()  # and the account's services: the AI's search, the tables


@pytest.fixture
def sshd(tmp_path: Path) -> Iterator[Sshd]:
    """A real sshd on 127.0.0.1 running the game as the guide sets it up (see `sshd.py`);
    the test skips, saying why, where sshd cannot run or let the account in."""
    yield from serving(tmp_path / "sshd", 1)


@pytest.fixture
def club(tmp_path: Path) -> Iterator[Sshd]:
    """The same server for four people, each with a key of his own (`player` 0 to 3 of
    `Sshd.ssh` and `Sshd.log_in`), who share the account's table service."""
    yield from serving(tmp_path / "sshd", 4)
