"""The service's handler of a connection, in this process, with scripted connections: lines go
in, and the messages that come out are checked one by one, in order (no socket, no thread)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from thousand_tui.engine.actions import Act
from thousand_tui.engine.rules import Rules
from thousand_tui.presets import load_preset
from thousand_tui.private import private_dir
from thousand_tui.tables.service import MAX_ERRORS, MAX_PENDING, Conn, Service
from thousand_tui.tables.wire import (
    MAX_CLIENT_LINE,
    WIRE,
    Acked,
    ActRequest,
    Failure,
    Hello,
    HelloRequest,
    JoinRequest,
    Message,
    OpenRequest,
    PingRequest,
    Pong,
    Refused,
    StateUpdate,
    TableOptions,
    TableStatus,
    Welcome,
    WireAction,
    load,
    read_message,
    request_data,
)

M = TypeVar("M", bound=Message)
WAIT = 10.0  # seconds a script waits for the service's next message


class Transport:
    def __init__(self) -> None:
        self.closing = False

    def is_closing(self) -> bool:
        return self.closing

    def get_write_buffer_size(self) -> int:
        return 0

    def abort(self) -> None:
        self.closing = True


class Script:
    """One client, scripted: `send` a request (or any line), `expect` the next message."""

    def __init__(self, service: Service) -> None:
        self.reader = asyncio.StreamReader(limit=MAX_CLIENT_LINE)
        self.transport = Transport()
        self.lines: asyncio.Queue[bytes] = asyncio.Queue()
        self.rules: Rules | None = None
        self.conn = Conn(self.reader, self, MAX_PENDING)  # type: ignore[arg-type]
        self.task = asyncio.get_running_loop().create_task(service.serve_conn(self.conn))

    # what the service's Conn uses of a StreamWriter
    def write(self, data: bytes) -> None:
        for line in data.splitlines():
            self.lines.put_nowait(line)

    def close(self) -> None:
        self.transport.closing = True

    def send(self, request: Any) -> None:
        line = request if isinstance(request, bytes) else _line(request_data(request))
        self.reader.feed_data(line)

    async def next(self) -> Message:
        line = await asyncio.wait_for(self.lines.get(), WAIT)
        message = read_message(load(line), self.rules)
        if isinstance(message, Welcome):
            self.rules = Rules.from_mapping(dict(message.rules), source="table")
        return message

    async def expect(self, kind: type[M], skip_status: bool = False) -> M:
        """The next message, which must be of `kind` (the `table` messages passed over
        when `skip_status`)."""
        message = await self.next()
        while skip_status and isinstance(message, TableStatus) and kind is not TableStatus:
            message = await self.next()
        assert isinstance(message, kind), f"{kind.__name__} expected, not {message}"
        return message

    def quiet(self) -> bool:
        return self.lines.empty()


def _line(data: dict[str, Any]) -> bytes:
    import json

    return json.dumps(data).encode() + b"\n"


def run(base: Path, script: Callable[[Service], Any]) -> None:
    async def main() -> None:
        service = Service(base)
        private_dir(base)
        private_dir(service.folder)  # what `run` makes before it listens
        await script(service)

    asyncio.run(main())


async def hello(service: Service) -> Script:
    client = Script(service)
    client.send(HelloRequest())
    assert await client.expect(Hello) == Hello(WIRE)
    return client


def test_hello_says_the_version_and_no_table_is_opened_without_it(base: Path) -> None:
    rules = load_preset("classic").rules.to_dict()

    async def script(service: Service) -> None:
        client = await hello(service)
        client.send(PingRequest())
        await client.expect(Pong)
        # A client of another version is told this one, and can open nothing.
        other = Script(service)
        other.send(HelloRequest(WIRE + 1))
        assert await other.expect(Hello) == Hello(WIRE)
        other.send(JoinRequest("K7QM2P"))
        assert "newer than the table service" in (await other.expect(Failure)).error
        # A client of before `hello` opening a table is told it is older, in both languages.
        old = Script(service)
        old.send(b'{"op":"open","rules":{},"preset":"classic"}\n')
        said = (await old.expect(Failure)).error
        assert f"older than the table service (protocol {WIRE})" in said
        assert "старше службы столов" in said
        assert not service.tables
        old.send(OpenRequest(TableOptions(rules, "classic")))  # no hello yet: still refused
        assert "older" in (await old.expect(Failure)).error

    run(base, script)


def test_each_act_is_told_then_acknowledged_with_its_number(base: Path) -> None:
    rules = load_preset("classic").rules.to_dict()

    async def script(service: Service) -> None:
        ann = await hello(service)
        ann.send(OpenRequest(TableOptions(rules, "classic", pace=0.0, name="Ann")))
        welcome = await ann.expect(Welcome)
        assert welcome.seat == 0 and welcome.rules == rules
        bob, cat = await hello(service), await hello(service)
        bob.send(JoinRequest(welcome.code, name="Bob"))
        cat.send(JoinRequest(welcome.code, name="Cat"))
        assert (await bob.expect(Welcome)).seat == 1
        assert (await cat.expect(Welcome)).seat == 2
        seats = [ann, bob, cat]
        first = [await s.expect(StateUpdate, skip_status=True) for s in seats]
        view = first[0].view
        assert view.to_move is not None
        mover = seats[view.to_move]
        idle = seats[(view.to_move + 1) % 3]
        legal = first[view.to_move].view.legal
        # Not the idle one's turn: refused with the number it sent.
        idle.send(ActRequest(WireAction(Act.PASS), 41))
        assert await idle.expect(Refused) == Refused("it is not your turn", 41)
        # The mover's decision: each seat is told, then the mover alone gets its ack.
        mover.send(ActRequest(WireAction.of(legal[-1]), 7))
        told = [await s.expect(StateUpdate) for s in seats]
        assert {u.turn for u in told} == {1}
        assert await mover.expect(Acked) == Acked(7)
        # A decision the engine does not allow: its reason, with the number.
        second = told[0].view.to_move
        assert second is not None
        seats[second].send(ActRequest(WireAction(Act.BID, value=7), 8))
        refused = await seats[second].expect(Refused)
        assert refused.seq == 8 and refused.error
        for seat in seats:
            seat.send(PingRequest())
            await seat.expect(Pong)  # nothing else came before: no update, no ack
            assert seat.quiet()

    run(base, script)


def test_bad_lines_are_each_answered_and_the_fifth_closes(base: Path) -> None:
    async def script(service: Service) -> None:
        client = await hello(service)
        for line in (b"hello\n", b"[1]\n", b'{"op":"act","action":{"act":"pass"}}\n'):
            client.send(line)
            await client.expect(Failure)
        client.send(b'{"op":"act","action":{"act":"pass"},"seq":1}\n')
        assert (await client.expect(Failure)).error == "join a table first"
        client.send(b'{"op":"hello"}\n')
        assert (await client.expect(Failure)).error == "the request lacks its field wire"
        assert "too many bad requests" in (await client.expect(Failure)).error
        await asyncio.wait_for(client.task, WAIT)
        assert client.conn.errors == MAX_ERRORS

    run(base, script)


def test_a_decision_that_is_not_one_is_refused_saying_why_and_the_table_is_untouched(
    base: Path,
) -> None:
    rules = load_preset("classic").rules.to_dict()

    async def script(service: Service) -> None:
        ann = await hello(service)
        ann.send(
            OpenRequest(TableOptions(rules, "classic", pace=0.0, people=(0, 1, 2), name="Ann"))
        )
        welcome = await ann.expect(Welcome)
        bob, cat = await hello(service), await hello(service)
        bob.send(JoinRequest(welcome.code, name="Bob"))
        cat.send(JoinRequest(welcome.code, name="Cat"))
        await bob.expect(Welcome)
        await cat.expect(Welcome)
        seats = [ann, bob, cat]
        first = [await s.expect(StateUpdate, skip_status=True) for s in seats]
        mover_seat = first[0].view.to_move
        assert mover_seat is not None
        mover = seats[mover_seat]
        (table,) = service.tables.values()
        assert table.game is not None
        lines = list(table.game.lines)
        errors = []
        for action in ({"act": "play", "card": "ZZ"}, {"act": "bid", "value": "120"}):
            mover.send(b'{"op":"act","action":%s,"seq":5}\n' % _line(action).strip())
            errors.append((await mover.expect(Failure)).error)
        assert errors[0].startswith("the action's card 'ZZ' is not a card: a rank of 9 J Q")
        assert "value must be a whole number" in errors[1]
        assert table.turn == 0 and list(table.game.lines) == lines  # nothing was played
        # The same seat plays on: its legal decision is told and acknowledged.
        mover.send(ActRequest(WireAction.of(first[mover_seat].view.legal[-1]), 6))
        told = [await s.expect(StateUpdate) for s in seats]
        assert {u.turn for u in told} == {1}
        assert await mover.expect(Acked) == Acked(6)

    run(base, script)
