"""Hostile input to the table service: garbage, huge lines, bad codes, a client that stops
reading, someone else's seat. Each is refused, and the table plays on unharmed."""

from __future__ import annotations

import json
import socket
from pathlib import Path

import pytest

from thousand_tui.cli import main as cli_main
from thousand_tui.store.records import read_record
from thousand_tui.tables.client import TableError, join_table, list_tables
from thousand_tui.tables.service import MAX_ERRORS, normalize_code, socket_path
from thousand_tui.tables.wire import (
    MAX_CLIENT_LINE,
    WIRE,
    HelloRequest,
    dump_request,
)

from .helpers import Seat, joined, opened, play_until, start_service


def raw(base: Path, hello: bool = False) -> socket.socket:
    """A connection of its own to the service; with `hello`, past the handshake."""
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    sock.settimeout(5)
    sock.connect(str(socket_path(base)))
    if hello:
        sock.sendall(dump_request(HelloRequest()))
        data = b""
        while not data.endswith(b"\n"):
            data += sock.recv(1)
        assert json.loads(data) == {"type": "hello", "wire": WIRE}
    return sock


def answers(sock: socket.socket, limit: int = 20) -> list[dict[str, object]]:
    """What the service sent until it closed the connection (or `limit` lines)."""
    data = b""
    lines: list[dict[str, object]] = []
    while len(lines) < limit:
        try:
            chunk = sock.recv(65536)
        except (TimeoutError, ConnectionResetError):
            break
        if not chunk:
            break
        data += chunk
        while b"\n" in data:
            line, data = data.split(b"\n", 1)
            lines.append(json.loads(line))
    return lines


def send_act(seat: Seat, action: dict[str, object], seq: int) -> None:
    """An `act` whose decision is whatever a hostile client writes (no `WireAction` could
    hold it), on the seat's own connection."""
    seat.client.sock.sendall(
        json.dumps({"op": "act", "action": action, "seq": seq}).encode() + b"\n"
    )


def errors(lines: list[dict[str, object]]) -> list[str]:
    return [str(line["error"]) for line in lines if line.get("type") == "error"]


@pytest.fixture
def table(base: Path) -> list[Seat]:
    ann = opened(base, "Ann")
    bob = joined(base, ann.mirror.code, "Bob")
    return [ann, bob]


def finish_with_cat(base: Path, table: list[Seat]) -> None:
    """The table is unharmed: the third player joins and a whole deal is played."""
    cat = joined(base, table[0].mirror.code, "Cat")
    seats = [*table, cat]
    play_until(seats, lambda: all(len(s.mirror.results) >= 1 for s in seats))


@pytest.mark.long
def test_garbage_is_answered_and_five_bad_lines_close_the_connection(
    base: Path, table: list[Seat]
) -> None:
    sock = raw(base)
    junk = [b"hello\n", b"\xff\xfe\x00\n", b"[1,2,3]\n", b'{"op": "rm -rf /"}\n', b"{}\n"]
    sock.sendall(b"".join(junk))
    said = errors(answers(sock))
    assert len(said) == MAX_ERRORS + 1
    assert "not a JSON line" in said[0]
    assert "a message must be a JSON object" in said[2]
    assert "unknown request" in said[3]
    assert "too many bad requests" in said[-1]
    finish_with_cat(base, table)


@pytest.mark.long
def test_a_huge_line_is_refused_and_the_connection_closed(base: Path, table: list[Seat]) -> None:
    sock = raw(base)
    with pytest.raises(OSError):  # the service hangs up while the line is still coming
        for _ in range(64):
            sock.sendall(b"x" * 65536)
    # A line only a little too long arrives whole, and is answered before the service hangs up.
    sock = raw(base)
    sock.sendall(b"x" * (MAX_CLIENT_LINE + 1024) + b"\n")
    assert errors(answers(sock)) == ["line too long; closing"]
    finish_with_cat(base, table)


@pytest.mark.long
def test_bad_codes_are_refused_and_close_the_connection(base: Path, table: list[Seat]) -> None:
    with pytest.raises(TableError, match="no table has the code"):
        join_table("AAAAAA", name="Eve", base=base)
    sock = raw(base, hello=True)
    codes = ["../../etc", "", "x" * 5000, "\x1b[2J", 42]
    sock.sendall(b"".join(json.dumps({"op": "join", "code": c}).encode() + b"\n" for c in codes))
    said = errors(answers(sock))
    assert [("no table has the code" in line) for line in said[:MAX_ERRORS]] == [
        True,
        True,
        False,
        True,
        False,
    ]
    assert said[2] == "code must be at most 20 characters"
    assert said[4] == "code must be a text, not a whole number"
    assert "\x1b" not in "".join(said)  # an escape sent is never echoed to a terminal
    assert "too many" in said[-1]
    assert normalize_code(" k7qm-2p ") == "K7QM2P"
    finish_with_cat(base, table)


@pytest.mark.long
def test_a_client_that_stops_reading_is_dropped_and_keeps_its_seat(base: Path) -> None:
    start_service(base, "--max-pending", "20000")
    ann = opened(base, "Ann", timeout=0.2)
    sleeper = raw(base, hello=True)
    sleeper.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    request = {"op": "join", "code": ann.mirror.code, "name": "Zed"}
    sleeper.sendall(json.dumps(request).encode() + b"\n")
    cat = joined(base, ann.mirror.code, "Cat")
    seats = [ann, cat]
    play_until(seats, lambda: ann.mirror.started, play=False)
    # Zed asks and asks but never reads the answers: the service cuts him off once they pile
    # up (he keeps his seat, away), and the table plays on with an AI for him.
    pings = b'{"op":"ping"}\n' * 1000
    for _ in range(200):
        try:
            sleeper.sendall(pings)
        except OSError:
            break
        play_until(seats, lambda: True, play=False)
        if not ann.mirror.seats[1].connected:
            break
    play_until(seats, lambda: all(len(s.mirror.results) >= 1 for s in seats))
    assert not ann.mirror.seats[1].connected
    assert ann.mirror.seats[1].name == "Zed"
    # Cut off means closed: the service holds nothing more of his connection.
    with pytest.raises((BrokenPipeError, ConnectionResetError)):
        for _ in range(200):
            sleeper.sendall(pings)
    sleeper.close()


@pytest.mark.long
def test_a_connection_that_says_nothing_is_let_go(base: Path) -> None:
    start_service(base, "--conn-timeout", "0.5")
    silent = raw(base)
    said = answers(silent)  # until the service closes it
    assert errors(said) == ["no request in 0.5 s; closing"]


@pytest.mark.long
def test_the_service_ends_when_idle_whatever_a_connection_does(base: Path) -> None:
    service = start_service(base, "--idle", "0.5")
    silent = raw(base)
    asking = raw(base)
    asking.sendall(b'{"op":"ping"}\n{"op":"join","code":"AAAAAA"}\n')
    assert service.wait(timeout=30) == 0
    assert errors(answers(silent)) == ["the table service is ending"]
    assert errors(answers(asking))[-1] == "the table service is ending"


@pytest.mark.long
def test_no_one_acts_for_another_seat_or_takes_a_held_one(base: Path, table: list[Seat]) -> None:
    ann, bob = table
    cat = joined(base, ann.mirror.code, "Cat")
    play_until([ann, bob, cat], lambda: ann.mirror.view is not None, play=False)
    view = ann.mirror.view
    assert view is not None and view.to_move is not None
    idle = next(s for s in (ann, bob, cat) if s.mirror.seat != view.to_move)
    # The seat of an action is the connection's: an action naming one is not even read.
    send_act(idle, {"seat": view.to_move, "act": "pass"}, 1)
    send_act(idle, {"act": "pass"}, 2)
    play_until([idle], lambda: bool(idle.mirror.refused), play=False)
    assert idle.mirror.refused == ["it is not your turn"]
    assert len(idle.errors) == 1 and "action has a field 'seat'" in idle.errors[0]
    with pytest.raises(TableError, match="every seat"):
        join_table(ann.mirror.code, name="Eve", base=base)
    with pytest.raises(TableError, match="name"):
        join_table(ann.mirror.code, name="\x1b[31mEve", base=base)
    play_until([ann, bob, cat], lambda: len(ann.mirror.results) >= 1)


@pytest.mark.long
def test_a_bad_action_is_refused_with_the_engine_reason(base: Path, table: list[Seat]) -> None:
    ann, bob = table
    cat = joined(base, ann.mirror.code, "Cat")
    seats = [ann, bob, cat]
    play_until(seats, lambda: any(s.mirror.my_turn for s in seats), play=False)
    mover = next(s for s in seats if s.mirror.my_turn)
    turn = mover.mirror.turn
    send_act(mover, {"act": "bid", "value": 7}, 1)
    send_act(mover, {"act": "fly"}, 2)
    # Both answered (the bid refused by the rules, the unknown act by the schema): what either
    # did to the game would have been told before its answer.
    play_until([mover], lambda: bool(mover.mirror.refused and mover.errors), play=False)
    assert mover.mirror.turn == turn
    play_until(seats, lambda: len(ann.mirror.results) >= 1)


@pytest.mark.long
def test_malformed_requests_are_answered_and_the_connection_serves_on(
    base: Path, table: list[Seat]
) -> None:
    code = table[0].mirror.code
    sock = raw(base)
    bad = [
        b"[" * 8000,
        b'{"a":' * 3000,
        b'{"op":"join","code":"%s","seat":%s}' % (code.encode(), b"9" * 5000),
        b'{"op":"join","code":"%s","seat":1.0}' % code.encode(),
    ]
    sock.sendall(b"".join(line + b"\n" for line in bad) + b'{"op":"ping"}\n')
    said = answers(sock, limit=5)
    assert [line["type"] for line in said] == ["error"] * 4 + ["pong"]
    assert "nested more than" in str(said[0]["error"])
    assert "nested more than" in str(said[1]["error"])
    assert "5000 digits" in str(said[2]["error"])
    assert said[3]["error"] == "seat must be a whole number, not a number with a fraction"
    finish_with_cat(base, table)


@pytest.mark.long
def test_what_a_person_does_not_choose_is_refused_and_the_record_replays(
    base: Path, table: list[Seat]
) -> None:
    ann, bob = table
    cat = joined(base, ann.mirror.code, "Cat")
    seats = [ann, bob, cat]
    play_until(seats, lambda: any(s.mirror.my_turn for s in seats), play=False)
    mover = next(s for s in seats if s.mirror.my_turn)
    turn = mover.mirror.turn
    legal = mover.mirror.legal[0].to_record()
    for key in ("type", "seat", "auto", "shown", "think_ms"):
        legal.pop(key, None)
    hostile = [
        {**legal, "think_ms": "x"},
        {"act": "pass", "shown": [1, 2]},
        {"act": "pass", "auto": True},
        {**legal, "think_ms": 12.5},
    ]
    for action in hostile:
        send_act(mover, action, 1)
    play_until([mover], lambda: len(mover.errors) == len(hostile), play=False)
    assert "a field 'think_ms'" in mover.errors[0]
    assert "a field 'shown'" in mover.errors[1]
    assert "a field 'auto'" in mover.errors[2]
    assert mover.mirror.turn == turn and mover.mirror.refused == []
    # The same connection plays on, and so does the table, to the end of a deal.
    play_until(seats, lambda: all(len(s.mirror.results) >= 1 for s in seats))
    assert mover.mirror.turn > turn
    (path,) = (base / "games").glob("*.jsonl")
    assert cli_main(["replay", str(path)]) == 0
    actions = [line for line in read_record(path).games[0].lines if line["type"] == "action"]
    assert actions and not any("think_ms" in line for line in actions)


@pytest.mark.long
@pytest.mark.parametrize(
    "title",
    [
        "T\x1b]0;pwned\x07",  # the viewer's window title
        "Ev\x1b]52;c;aGk=\x07e",  # the viewer's clipboard
        "Cls\x1b[2J",
        "Red\x9b31m",
        "Zoë \u202eabc",  # a right-to-left override
        "Ze\u200bro",  # zero-width
        "x" * 61,
    ],
)
def test_a_title_with_control_or_bidi_characters_is_refused_and_says_what_a_title_is(
    base: Path, title: str
) -> None:
    """As a name is: printable, one line, a length limit. The table is never opened, and the
    refusal quotes nothing of the title (nothing of it reaches a terminal)."""
    with pytest.raises(TableError) as refused:
        opened(base, "Ann", title=title)
    said = str(refused.value)
    assert said == (
        "a table's title is one line of 1 to 60 printable characters (no control, format or "
        "bidi characters)"
    )
    assert list_tables(base=base) == ()


@pytest.mark.long
def test_a_title_of_markup_is_a_title_like_any_other(base: Path) -> None:
    """Brackets are printable: the title is kept as written, for the lobby to show as such."""
    title = "[/x] [@click=app.quit]Q[/] [link=https://x]L[/link]"
    ann = opened(base, "Ann", title=title)
    (listed,) = list_tables(base=base)
    assert listed.title == title and ann.mirror.welcome.title == title
    ann.close()
