"""Shared tables in tests: a data directory with a short path (a socket's path is limited),
its service stopped afterwards, and clients played by a script (a random legal decision
whenever it is their seat's turn)."""

from __future__ import annotations

import contextlib
import os
import random
import signal
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from textual.pilot import Pilot

from tests.helpers.tmux import running
from tests.helpers.waiting import listens, until, wait_for
from thousand_tui.presets import load_preset
from thousand_tui.tables.client import TableClient, join_table, open_table
from thousand_tui.tables.mirror import SeatMirror
from thousand_tui.tables.service import LOCK_NAME, LOG_NAME, socket_path, tables_dir
from thousand_tui.tables.wire import Acked, Failure, Refused, TableOptions
from thousand_tui.tui.controller import Awaiting
from thousand_tui.tui.screens.end import GameOverScreen
from thousand_tui.tui.screens.result import DealResultScreen

WAIT = 30.0  # seconds before a wait gives up (a stuck table, not a slow one)


def service_pid(base: Path) -> int | None:
    try:
        text = (tables_dir(base) / LOCK_NAME).read_text().strip()
        return int(text) if text else None
    except (OSError, ValueError):
        return None


def wait_gone(pid: int) -> None:
    """Until a killed process has ended: closing its files takes a moment, and until then its
    socket may still take a connection that nobody will answer."""
    wait_for(f"process {pid} to end", lambda: not running(pid), timeout=WAIT)


def stop_service(base: Path) -> None:
    pid = service_pid(base)
    if pid is not None and pid != os.getpid():  # a service run in this process stops itself
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGKILL)


def start_service(base: Path, *args: str) -> subprocess.Popen[bytes]:
    """The service of `base` with test settings, listening when this returns."""
    process = subprocess.Popen(
        [sys.executable, "-m", "thousand_tui.tables.service", "--data", str(base), *args],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )

    try:
        wait_for(
            "the table service to start",
            lambda: listens(socket_path(base)),
            timeout=WAIT,
            every=0.02,
        )
    except AssertionError:
        process.kill()
        raise
    return process


@dataclass
class Seat:
    """A client with its mirror, played by a script."""

    client: TableClient
    mirror: SeatMirror
    rng: random.Random = field(default_factory=lambda: random.Random(7))
    asked: int = -1
    moves: int = 0
    events: list[Any] = field(default_factory=list)
    hold: bool = False  # read, but do not play
    away: list[Any] = field(default_factory=list)  # moves an AI played for it, as told to it
    errors: list[str] = field(default_factory=list)  # the `error` messages it was sent
    told: list[Any] = field(default_factory=list)  # every message it was sent
    sent: int = 0  # the sequence number of its last decision sent
    base: Path | None = None  # the data directory of its service (for what a failure shows)

    @property
    def acknowledged(self) -> bool:
        """Whether the service has played (or refused) the last decision this seat sent."""
        done = (m.seq for m in self.told if isinstance(m, Acked | Refused))
        return self.sent == 0 or self.sent in done

    def pump(self, play: bool = True) -> None:
        while not self.client.messages.empty():
            message = self.client.messages.get_nowait()
            self.told.append(message)
            if isinstance(message, Failure):
                self.errors.append(message.error)
            update = self.mirror.take(message)
            if update is not None:
                self.events += update.events
                self.away += update.away
        if play and not self.hold and self.mirror.my_turn and self.asked != self.mirror.turn:
            self.asked = self.mirror.turn
            self.moves += 1
            self.sent = self.client.act(self.rng.choice(self.mirror.legal))

    def close(self) -> None:
        self.client.close()

    def describe(self) -> str:
        """What this seat was last told, and the end of its service's log: what a test that
        timed out shows."""
        last = ", ".join(_brief(m) for m in self.told[-6:]) or "nothing"
        text = f"seat {self.mirror.seat} of {self.mirror.code} was last told: {last}"
        if self.base is not None:
            with contextlib.suppress(OSError):
                log = (tables_dir(self.base) / LOG_NAME).read_text(errors="replace")
                text += "\nthe service's log ends:\n" + "\n".join(log.splitlines()[-25:])
        return text


def _brief(message: Any) -> str:
    return f"{type(message).__name__}({str(message)[:160]})"


def table_options(preset: str = "classic", **options: Any) -> TableOptions:
    """The options of a table of the shipped `preset` (in `lang`, English if not said), the
    others as given (lists made tuples), at pace 0 unless said."""
    lang = options.pop("lang", "en")
    options.setdefault("pace", 0.0)
    for key in ("people", "ai_names"):
        if options.get(key) is not None:
            options[key] = tuple(options[key])
    return replace(TableOptions.of(load_preset(preset), lang), **options)


def opened(base: Path, name: str = "Ann", **options: Any) -> Seat:
    client, welcome = open_table(table_options(name=name, **options), base=base)
    return Seat(client, SeatMirror(welcome), base=base)


def joined(base: Path, code: str, name: str, **options: Any) -> Seat:
    client, welcome = join_table(code, name=name, base=base, **options)
    return Seat(client, SeatMirror(welcome), base=base)


def play_until(
    seats: list[Seat], done: Callable[[], bool], timeout: float = WAIT, play: bool = True
) -> None:
    """Pump every seat (each plays when its turn comes) until `done()`; fails after `timeout`
    saying what each seat was last told."""

    def played() -> bool:
        for seat in seats:
            seat.pump(play)
        return done()

    wait_for(
        "the table to get there",
        played,
        timeout=timeout,
        every=0.005,
        shown=lambda: "\n".join(seat.describe() for seat in seats),
    )


def leaves(seat: Seat, others: list[Seat]) -> None:
    """`seat` closes its connection once each of `others` sees it at the table, and the test
    goes on once each sees it gone. (Each seat reads its messages on a thread of its own: one
    that had not yet read that another came would see him away before he left.)"""
    number = seat.mirror.seat

    def seen(other: Seat, connected: bool) -> bool:
        seats = other.mirror.seats
        return len(seats) > number and seats[number].connected is connected

    play_until([seat, *others], lambda: all(seen(o, True) for o in others), play=False)
    seat.close()
    play_until(others, lambda: all(seen(o, False) for o in others), play=False)


async def pump(
    pilot: Pilot[Any],
    seats: list[Seat],
    done: Callable[[], bool],
    *,
    play: bool = False,
    timeout: float = WAIT,
) -> None:
    """Let the app run and the scripted seats read (and play, with `play`) until `done()`;
    fails after `timeout` seconds saying what the app shows and each seat was last told."""

    def read() -> bool:
        for seat in seats:
            seat.pump(play)
        return done()

    await pilot.pause(0.05)
    await until(
        pilot,
        "the table to get there",
        read,
        timeout=timeout,
        every=0.05,
        shown=lambda: "\n".join([str(pilot.app.screen), *(seat.describe() for seat in seats)]),
    )


def at_table(app: Any) -> bool:
    """Whether the shared table's screen is up, whatever dialog is open over it (the seat
    that moves first may have its decision's dialog open at once)."""
    return any(is_shared_table(screen) for screen in app.screen_stack)


def is_shared_table(screen: object) -> bool:
    """Whether `screen` is the table screen of a seat at a shared table."""
    from thousand_tui.tui.screens.table import TableScreen
    from thousand_tui.tui.shared import SharedDriver

    return isinstance(screen, TableScreen) and isinstance(screen.driver, SharedDriver)


async def bob_plays_until(
    pilot: Pilot[Any], app: Any, seats: list[Seat], done: Callable[[], bool]
) -> None:
    """The `seats` play by script; the person on the screen (Bob) the first legal decision of
    each of his turns (through its dialog when one is open), until `done()`."""
    mirror = app.shared.mirror
    asked = -1

    def played() -> bool:
        nonlocal asked
        if done():
            return True
        for seat in seats:
            seat.pump()
        table = app.table
        assert is_shared_table(table)
        # (The game's end is no decision of his: answered with a move, it would be taken
        # for one.)
        assert not isinstance(app.screen, GameOverScreen), "the game ended on the way"
        if not mirror.my_turn or asked == mirror.turn or table.driver.sent:
            return False
        if isinstance(app.screen, DealResultScreen):
            # The last deal's result, still read while the service's next deal is his to
            # bid: closed as his Enter would, and his decision answered in its own dialog.
            app.screen.action_next()
        elif app.screen is not table:  # the decision's dialog
            asked = mirror.turn
            app.screen.dismiss(mirror.legal[0])
        elif table.awaiting is Awaiting.PLAY:
            asked = mirror.turn
            table.act(mirror.legal[0])
        return False

    await pilot.pause(0.05)
    await until(
        pilot,
        "Bob and the scripted seats to get there",
        played,
        timeout=WAIT,
        every=0.05,
        shown=lambda: f"{app.notices} {app.screen}",
    )


class ClubDatabase:
    """What a table service sees of the club database of several hosts (its directory's
    `Publisher`), for a service run in the test's process: `down`, set by the test, is the
    database out of reach; what the service offers the directory is dropped."""

    down = False

    def start(self) -> None:
        # (The service starts its directory once it listens: a test that sets this one when
        # the socket takes connections may be a moment before or after that.)
        pass

    def offer(self, tables: list[Any], playing: list[Any]) -> None:
        pass

    def stop(self, wait: float = 5.0) -> None:
        pass
