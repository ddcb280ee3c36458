"""A seat that lost its table sits again in the data folder it sat down in, whatever the
environment says by then (a later test's, in the same process), and a seat let go never
sits again: the thread that tries stops with it."""

from __future__ import annotations

import os
import signal
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.helpers.folders import short_folder
from tests.helpers.tmux import running
from thousand_tui.settings import TableSetup
from thousand_tui.store.catalog import DATA_DIR_ENV
from thousand_tui.tui import create_app
from thousand_tui.tui.shared import SharedSession, join_shared, remote_table

from .helpers import (
    WAIT,
    Seat,
    at_table,
    opened,
    play_until,
    pump,
    service_pid,
    wait_gone,
)


@pytest.fixture
def later() -> Iterator[Path]:
    """Another data folder, as a later test's environment names it."""
    with short_folder("tt-") as folder:
        yield folder


def bob_at_table(base: Path) -> tuple[Seat, SharedSession]:
    """Ann (scripted) at a table, and Bob's seat, sat down with the folder the environment
    names (as a test's app does, saying no folder of its own)."""
    ann = opened(base, "Ann", timeout=30.0, people=[0, 1])
    shared = join_shared(ann.mirror.code, name="Bob", who="key-b0b")
    play_until([ann], lambda: ann.mirror.started, play=False)  # its record is written
    return ann, shared


def kill_service(base: Path) -> int:
    pid = service_pid(base)
    assert pid is not None
    os.kill(pid, signal.SIGKILL)
    wait_gone(pid)
    return pid


@pytest.mark.long
def test_a_seat_sits_again_in_its_own_folder_whatever_the_environment_says_later(
    base: Path, later: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    ann, shared = bob_at_table(base)
    pid = kill_service(base)
    monkeypatch.setenv(DATA_DIR_ENV, str(later))
    seated = shared.try_rejoin()
    try:
        assert seated is not None, "the table was not opened again from its own folder"
        assert seated[1].seat == shared.mirror.seat
        assert service_pid(base) not in (None, pid)
        assert not (later / "tables").exists()
    finally:
        if seated is not None:
            seated[0].close()
        shared.close()
        ann.close()


@pytest.mark.long
def test_a_seat_let_go_never_sits_again(base: Path) -> None:
    ann, shared = bob_at_table(base)
    shared.close()
    pid = kill_service(base)
    assert shared.try_rejoin() is None
    assert service_pid(base) == pid and not running(pid)  # no service started for it
    ann.close()


@pytest.mark.long
async def test_the_thread_trying_to_sit_again_ends_when_the_table_is_left(
    base: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Tries far apart: the thread is waiting between two when the app ends.
    monkeypatch.setattr(remote_table, "REJOIN_EVERY", 3 * WAIT)
    ann, shared = bob_at_table(base)
    app = create_app(TableSetup.of(lang="en", pace=0.0), seat=shared)
    async with app.run_test(size=(120, 36)) as pilot:
        # Bob may move first: his decision's dialog may be over the table as soon as it is up.
        await pump(pilot, [ann], lambda: at_table(app))
        kill_service(base)
        await pump(pilot, [], lambda: shared.mirror.closed)
        await pump(pilot, [], lambda: bool(rejoining()))
    for thread in rejoining():
        thread.join(WAIT)
        assert not thread.is_alive(), "the thread outlived its table"
    ann.close()


def rejoining() -> list[threading.Thread]:
    return [t for t in threading.enumerate() if t.name == "table-rejoin"]
