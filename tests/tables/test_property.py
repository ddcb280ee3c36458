"""Random and mutated messages sent to a live table between real moves: whatever they are,
the service answers each, the game goes on, and its record replays."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from thousand_tui.cli import main as cli_main
from thousand_tui.engine.actions import Act
from thousand_tui.tables.service import LOG_NAME, MAX_ERRORS, tables_dir
from thousand_tui.tables.wire import Closed, StartRequest

from .helpers import WAIT, Seat, joined, opened, play_until

ANSWERS = {"error", "refused", "ack", "pong"}
KEYS = [
    "op", "action", "act", "value", "card", "to", "marriage", "keep_trump", "talon", "reason",
    "hinted", "think_ms", "auto", "shown", "seat", "type", "code", "name", "who", "rules", "seq",
]  # fmt: skip
OPS = ["act", "join", "open", "start", "ping", "leave", ""]

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(10**30), max_value=10**30)
    | st.floats()
    | st.text(max_size=12)
    | st.sampled_from([a.value for a in Act]),
    lambda inner: (
        st.lists(inner, max_size=3)
        | st.dictionaries(st.sampled_from(KEYS) | st.text(max_size=6), inner, max_size=3)
    ),
    max_leaves=8,
)
MALFORMED = [
    b"[" * 8000,
    b'{"a":' * 3000,
    b'{"op":"ping","n":' + b"9" * 5000 + b"}",
    b'{"op":"act","action":{"act":"pass","value":1e999}}',
    b'{"op":"act","action":{"act":"pass","value":NaN}}',
    b"\xff\xfe{}",
    b"",
]


class Live:
    """A table of one person (known by a key, so a new connection takes the seat over) and
    two AI seats at pace 0."""

    def __init__(self, base: Path) -> None:
        self.base = base
        self.code = ""
        self.open()

    def open(self) -> None:
        ann = opened(self.base, "Ann", who="key-ann", ai_names=["Anna", "Boris"])
        ann.client.send(StartRequest())
        # Begun before the seat is let go: a start sent by a client that hangs up at once may
        # be lost with the connection (the service stops reading one it can no longer write to).
        play_until([ann], lambda: ann.mirror.started, play=False)
        self.code = ann.mirror.code
        self.seat = ann

    def sit_again(self) -> Seat:
        # Left only where the game waits for this seat (its turn, nothing of its own on the
        # way) or is over: a game that AI seats finish while nobody sits at it is closed,
        # and its code is gone, as a mirror read before their moves came would not know.
        seat = self.seat
        play_until(
            [seat],
            lambda: (seat.mirror.my_turn and seat.acknowledged) or seat.mirror.over,
            play=False,
        )
        seat.close()
        if self.seat.mirror.over:
            self.open()
        else:
            self.seat = joined(self.base, self.code, "Ann", who="key-ann")
        play_until(
            [self.seat], lambda: self.seat.mirror.my_turn or self.seat.mirror.over, play=False
        )
        return self.seat

    def answers_to(self, line: bytes) -> list[str]:
        """Send `line` and a ping; the types of what came back until that ping's pong."""
        seat = self.seat
        with seat.client._send_lock:
            seat.client.sock.sendall(line + b"\n" + b'{"op":"ping"}\n')
        pongs = 2 if _is_ping(line) else 1
        kinds: list[str] = []
        while kinds.count("pong") < pongs:
            message = seat.client.recv(WAIT)
            assert not isinstance(message, Closed), f"the service closed after {line[:80]!r}"
            seat.mirror.take(message)
            kinds.append(message.TYPE)
        return kinds


def _is_ping(line: bytes) -> bool:
    try:
        return bool(json.loads(line) == {"op": "ping"})
    except (ValueError, RecursionError):
        return False


def messages(data: st.DataObject, seat: Seat) -> list[bytes]:
    """Up to MAX_ERRORS - 1 messages (a connection is closed at MAX_ERRORS bad ones). What is
    drawn does not depend on the game: a mutation picks a legal action by its index."""
    legal = [_choosable(a.to_record()) for a in seat.mirror.legal]
    mutation = st.tuples(
        st.integers(min_value=0, max_value=99), st.sampled_from(KEYS), json_values, st.booleans()
    ).map(lambda drawn: _mutate(legal, *drawn))
    made = st.one_of(
        json_values.map(_dump),
        st.tuples(
            st.sampled_from(OPS),
            st.dictionaries(st.sampled_from(KEYS), json_values, max_size=2),
        ).map(lambda drawn: _dump({**drawn[1], "op": drawn[0]})),
        mutation,
        st.binary(max_size=60).map(lambda b: b.replace(b"\n", b" ")),
        st.sampled_from(MALFORMED),
    )
    return data.draw(st.lists(made, min_size=1, max_size=MAX_ERRORS - 1))


def _choosable(line: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in line.items() if k not in ("type", "seat", "auto", "shown")}


def _mutate(legal: list[dict[str, Any]], index: int, key: str, value: Any, drop: bool) -> bytes:
    """A legal action (as a client sends it) with one key set to `value`, or dropped."""
    action = dict(legal[index % len(legal)]) if legal else {"act": "pass"}
    if drop:
        action.pop(key, None)
    else:
        action[key] = value
    return _dump({"op": "act", "action": action, "seq": index})


def _dump(value: Any) -> bytes:
    return json.dumps(value, allow_nan=True).encode()


def check_messages(base: Path, examples: int) -> None:
    live = Live(base)

    @settings(
        max_examples=examples,
        deadline=None,
        derandomize=True,
        # Each example moves one live game on, which no replay repeats: a failure is told as
        # found (with the first error), not shrunk into other games' draws.
        phases=[Phase.explicit, Phase.reuse, Phase.generate],
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )
    @given(st.data())
    def each(data: st.DataObject) -> None:
        seat = live.sit_again()
        before = seat.mirror.turn
        for line in messages(data, seat):
            kinds = live.answers_to(line)
            # Each message is answered (an error, a refusal, an ack, a pong), and the
            # connection's handler is still there to answer the ping after it.
            assert sum(kind in ANSWERS for kind in kinds) >= 2, (line[:80], kinds)
        # A real move: the game goes on.
        play_until([seat], lambda: seat.mirror.turn > before or seat.mirror.over)

    each()
    for record in (base / "games").glob("*.jsonl"):
        assert cli_main(["replay", str(record)]) == 0
    log = (tables_dir(base) / LOG_NAME).read_text()
    assert "Traceback" not in log and "failed" not in log


@pytest.mark.long
def test_random_messages_between_moves_never_break_the_table(base: Path) -> None:
    check_messages(base, examples=60)


@pytest.mark.slow
def test_many_random_messages_between_moves_never_break_the_table(base: Path) -> None:
    check_messages(base, examples=400)
