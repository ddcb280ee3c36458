"""Faults inside the table service: a record that cannot be written, an AI decision that fails
past its choice, a restart with a person away. The table stops cleanly (its players told) or
goes on; it never freezes, and its record always replays."""

from __future__ import annotations

import asyncio
import os
import signal
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.helpers.waiting import listens, wait_for
from thousand_tui.cli import main as cli_main
from thousand_tui.engine.dealing import first_dealer_of
from thousand_tui.tables.client import TableError
from thousand_tui.tables.service import (
    AI_RETRIES,
    LOCK_NAME,
    LOG_NAME,
    Service,
    socket_path,
    tables_dir,
)
from thousand_tui.tables.wire import Notice, StartRequest, WireError

from .helpers import (
    WAIT,
    Seat,
    joined,
    opened,
    play_until,
    service_pid,
    start_service,
    wait_gone,
)


@pytest.fixture
def service(base: Path) -> Iterator[Service]:
    """A service running in this process (in a thread of its own), so a test can reach
    inside it; stopped afterwards."""
    running = Service(base, idle_exit=60.0)
    thread = threading.Thread(target=asyncio.run, args=(running.run(),), daemon=True)
    thread.start()
    try:
        # The socket's file is there from its bind, a moment before the service listens on
        # it (in its own thread): wait for a connection that is taken.
        wait_for(
            "the service in this process to listen",
            lambda: listens(socket_path(base)),
            timeout=WAIT,
        )
        yield running
    finally:
        running.stop()
        thread.join(10)
        # The pid there is this process's: never to be stopped as a service's.
        (tables_dir(base) / LOCK_NAME).write_text("")


SEAT_0_DEALS = 2
assert first_dealer_of(SEAT_0_DEALS, 3) == 0


def record_of(base: Path) -> Path:
    (path,) = (base / "games").glob("*.jsonl")
    return path


class FullDisk:
    """A record writer on a disk with no room left."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def write(self, line: dict[str, Any]) -> None:
        raise OSError(28, "No space left on device")

    def close(self) -> None:
        pass


def test_a_move_that_cannot_be_saved_stops_the_table_and_it_opens_again(
    base: Path, service: Service
) -> None:
    ann = opened(base, "Ann")
    bob = joined(base, ann.mirror.code, "Bob")
    cat = joined(base, ann.mirror.code, "Cat")
    seats = [ann, bob, cat]
    play_until(seats, lambda: ann.mirror.turn >= 4)
    for seat in seats:
        seat.hold = True

    # The one to move who has not moved yet (a move sent before the hold is still on its way).
    def to_move() -> list[Seat]:
        return [s for s in seats if s.mirror.my_turn and s.asked != s.mirror.turn]

    play_until(seats, lambda: bool(to_move()), play=False)
    (mover,) = to_move()
    turn, hand = mover.mirror.turn, mover.mirror.view.hand if mover.mirror.view else None
    table = service.tables[ann.mirror.code]
    real, table.writer = table.writer, FullDisk(record_of(base))  # type: ignore[assignment]
    assert real is not None
    real.close()
    mover.hold = False
    play_until(seats, lambda: all(s.mirror.closed for s in seats))
    for seat in seats:
        assert any("the table stopped: its record could not be written" in e for e in seat.errors)
    assert mover.mirror.turn == turn  # the move was never told: it was not saved
    assert cli_main(["replay", str(record_of(base))]) == 0
    # Its code opens it again from the record, at the move that was not saved.
    again = [joined(base, ann.mirror.code, name) for name in ("Ann", "Bob", "Cat")]
    back = again[mover.mirror.seat]
    play_until(again, lambda: back.mirror.view is not None, play=False)
    assert back.mirror.my_turn and back.mirror.view is not None and back.mirror.view.hand == hand
    play_until(again, lambda: len(again[0].mirror.results) >= 1)
    assert cli_main(["replay", str(record_of(base))]) == 0


def test_an_ai_decision_that_fails_stops_the_table_instead_of_freezing_it(
    base: Path, service: Service
) -> None:
    ann = opened(base, "Ann", ai_names=["Anna", "Boris"])
    ann.hold = True

    def broken(*_: object) -> str | None:
        raise RuntimeError("a fault past the AI's choice")

    service.apply = broken  # type: ignore[method-assign]
    # A seed whose first dealer is Ann: the AI at her left bids first.
    service.tables[ann.mirror.code].seed = SEAT_0_DEALS
    ann.client.send(StartRequest())  # two AI seats: one of them moves before long
    play_until([ann], lambda: ann.mirror.closed, play=False)
    assert any("the table stopped" in e for e in ann.errors)
    assert ann.mirror.code not in service.tables


@pytest.mark.long
def test_after_a_restart_an_ai_takes_the_seat_of_one_who_does_not_come_back(
    base: Path,
) -> None:
    ann = opened(base, "Ann", timeout=1.0)
    bob = joined(base, ann.mirror.code, "Bob")
    cat = joined(base, ann.mirror.code, "Cat")
    seats = [ann, bob, cat]
    play_until(seats, lambda: ann.mirror.turn >= 2)
    pid = service_pid(base)
    assert pid is not None
    os.kill(pid, signal.SIGKILL)
    play_until(seats, lambda: all(s.mirror.closed for s in seats), play=False)
    wait_gone(pid)
    # A new service; Ann and Cat come back, Bob does not: after the table's timeout,
    # counted from the restart, an AI plays his seat and the deal is played out.
    start_service(base)
    again = [joined(base, ann.mirror.code, "Ann"), joined(base, ann.mirror.code, "Cat")]
    # (The deal may end without Bob's turn, when its declarer concedes: then in the next.)
    mirror = again[0].mirror  # (its seats are known once the table's state has come)
    play_until(again, lambda: len(mirror.seats) > 1 and mirror.seats[1].ai_playing)
    play_until(again, lambda: len(again[0].mirror.results) >= 1)
    assert cli_main(["replay", str(record_of(base))]) == 0


# ---------------------------------------------------------------------- the AI turns, supervised


def ai_first(base: Path, service: Service) -> Seat:
    """Ann with two AI seats, dealing first: an AI seat moves first; she plays when asked."""
    ann = opened(base, "Ann", ai_names=["Anna", "Boris"])
    service.tables[ann.mirror.code].seed = SEAT_0_DEALS
    return ann


def notices(seat: Seat) -> list[Notice]:
    return [m for m in seat.told if isinstance(m, Notice)]


def test_an_ai_decision_that_fails_once_is_tried_again_and_the_game_goes_on(
    base: Path, service: Service
) -> None:
    logged: list[str] = []
    service.log = logged.append  # type: ignore[method-assign, assignment]
    real = service.apply
    failed: list[int] = []

    def once(*args: Any) -> str | None:
        if not failed:
            failed.append(1)
            raise RuntimeError("a fault past the AI's choice")
        return real(*args)

    service.apply = once  # type: ignore[method-assign, assignment]
    ann = ai_first(base, service)
    ann.client.send(StartRequest())
    play_until([ann], lambda: len(ann.mirror.results) >= 1)
    assert failed and not ann.mirror.closed and not ann.errors
    ((notice),) = notices(ann)
    assert notice.notice == "ai_retry" and notice.seat is not None
    assert ann.mirror.seats[notice.seat].kind == "ai"
    assert any("an AI decision failed" in line and "RuntimeError" in line for line in logged)
    assert service.tables[ann.mirror.code].ai_faults == 0  # counted again at each turn


def test_an_ai_decision_that_keeps_failing_is_tried_a_few_times_then_the_table_stops(
    base: Path, service: Service
) -> None:
    calls: list[int] = []

    def broken(*_: object) -> str | None:
        calls.append(1)
        raise RuntimeError("a fault past the AI's choice")

    service.apply = broken  # type: ignore[method-assign, assignment]
    ann = ai_first(base, service)
    ann.client.send(StartRequest())
    play_until([ann], lambda: ann.mirror.closed, play=False)
    assert len(calls) == AI_RETRIES + 1
    assert len(notices(ann)) == AI_RETRIES
    assert any("the service failed while playing for an AI seat" in e for e in ann.errors)


def test_an_ai_that_fails_in_its_own_choice_is_replaced_and_the_game_goes_on(
    base: Path, service: Service
) -> None:
    logged: list[str] = []
    service.log = logged.append  # type: ignore[method-assign, assignment]
    ann = ai_first(base, service)
    table = service.tables[ann.mirror.code]

    class Broken:
        def decide(self, view: object) -> object:
            raise AssertionError("a bug in the AI")

    for seat in (1, 2):
        table.seats[seat].player = Broken()  # type: ignore[assignment]
    ann.client.send(StartRequest())
    play_until([ann], lambda: len(ann.mirror.results) >= 1)
    assert not ann.errors and not ann.mirror.closed
    assert any("the AI at seat 1 failed" in line for line in logged)
    assert any("the AI at seat 2 failed" in line for line in logged)


def test_a_move_that_cannot_be_told_stops_the_table_and_it_opens_again(
    base: Path, service: Service
) -> None:
    ann = ai_first(base, service)
    real = service.broadcast
    told: list[int] = []

    def broken(*args: Any) -> None:
        if len(told) == 2:
            raise WireError("cannot send a Gremlin")
        told.append(1)
        real(*args)

    service.broadcast = broken  # type: ignore[method-assign, assignment]
    ann.client.send(StartRequest())
    play_until([ann], lambda: ann.mirror.closed)
    assert any("the table stopped: the service could not tell the move" in e for e in ann.errors)
    assert ann.mirror.code not in service.tables
    service.broadcast = real  # type: ignore[method-assign]
    again = joined(base, ann.mirror.code, "Ann")
    play_until([again], lambda: len(again.mirror.results) >= 1)
    assert cli_main(["replay", str(record_of(base))]) == 0


def test_an_ai_move_that_cannot_be_saved_stops_the_table_with_a_message(
    base: Path, service: Service
) -> None:
    ann = ai_first(base, service)
    ann.hold = True
    table = service.tables[ann.mirror.code]
    table.pace = 0.5  # the AI's first move comes after the record is swapped below
    ann.client.send(StartRequest())
    play_until([ann], lambda: table.writer is not None, play=False)
    real = table.writer
    assert real is not None
    table.writer = FullDisk(record_of(base))  # type: ignore[assignment]
    real.close()
    play_until([ann], lambda: ann.mirror.closed, play=False)
    assert any("the table stopped: its record could not be written" in e for e in ann.errors)
    assert ann.mirror.code not in service.tables


@pytest.mark.long
@pytest.mark.parametrize("damage", ["file", "record"])
def test_a_table_that_cannot_be_opened_again_says_why(base: Path, damage: str) -> None:
    ann = opened(base, "Ann", ai_names=["Anna", "Boris"])
    ann.client.send(StartRequest())
    play_until([ann], lambda: ann.mirror.turn >= 3)
    pid = service_pid(base)
    assert pid is not None
    os.kill(pid, signal.SIGKILL)
    play_until([ann], lambda: ann.mirror.closed, play=False)
    wait_gone(pid)
    if damage == "file":
        (tables_dir(base) / f"{ann.mirror.code}.json").write_text('{"record": 7}')
    else:
        record_of(base).write_text("not a record\n")
    with pytest.raises(TableError) as caught:
        joined(base, ann.mirror.code, "Ann")
    said = str(caught.value)
    assert f"the table {ann.mirror.code} cannot be opened again" in said
    assert "no table has the code" not in said
    log = (tables_dir(base) / LOG_NAME).read_text()
    assert f"table {ann.mirror.code} cannot be opened again" in log
