"""What a client may send the table service: every request's fields and the type of each.

A request is one JSON object with an `op` and the fields its schema names, nothing else. Whole
numbers are JSON integers (never `true`, never `1.0`) within bounds, texts are short, lists
are short and hold only what they may. `check_request` says what is wrong with a request in
one line, or gives it back, checked; the service looks at nothing a schema does not name.

A connection's first request is `hello`, with the client's protocol version (`wire.WIRE`).
An `act` carries only what a person chooses (the decision and its card, value, receiver,
marriage, talon, reason, and whether a hint was asked for): never what the record notes of
how a decision was made (`think_ms`, `auto`, `shown`) and never a seat, which is the
connection's. With it goes the client's sequence number (`seq`), which the service's `ack`
gives back. The service then plays the engine's own legal action equal to it. What a schema
lets through is made the request's dataclass (`wire.request_of`).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from ..engine.actions import Act
from .chat import MAX_CHAT_SENT

MAX_INT = 10**9  # no whole number a client sends is larger (in size) than this
MAX_TEXT = 200  # characters in any text a client sends
MAX_LIST = 8  # items in any list a client sends
MAX_KEYS = 64  # keys in an object a client sends (the table's conventions)
MAX_DEPTH = 8  # objects and lists inside one another in a request
MAX_AI_NAMES = 12  # the AI names a table keeps: its seats', then spares for name clashes


class RequestError(ValueError):
    """A request that is not what the protocol allows; the text says what is wrong."""


Check = Callable[[Any, str], Any]  # (value, where) -> the value, or RequestError


def _kind(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, int):
        return "a whole number"
    if isinstance(value, float):
        return "a number with a fraction"
    if isinstance(value, str):
        return "a text"
    if isinstance(value, list):
        return "a list"
    return "an object"


def whole(low: int, high: int) -> Check:
    """A JSON integer from `low` to `high` (not a boolean, not a float such as 1.0)."""

    def check(value: Any, where: str) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise RequestError(f"{where} must be a whole number, not {_kind(value)}")
        if not low <= value <= high:
            raise RequestError(f"{where} must be from {low} to {high}")
        return value

    return check


def number(low: float, high: float) -> Check:
    """A JSON number (whole or not) from `low` to `high`."""

    def check(value: Any, where: str) -> float:
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise RequestError(f"{where} must be a number, not {_kind(value)}")
        if not low <= value <= high:  # also false for NaN
            raise RequestError(f"{where} must be a number from {low:g} to {high:g}")
        return float(value)

    return check


def text(limit: int = MAX_TEXT) -> Check:
    """A string of at most `limit` characters."""

    def check(value: Any, where: str) -> str:
        if not isinstance(value, str):
            raise RequestError(f"{where} must be a text, not {_kind(value)}")
        if len(value) > limit:
            raise RequestError(f"{where} must be at most {limit} characters")
        return value

    return check


def flag(value: Any, where: str) -> bool:
    """true or false."""
    if not isinstance(value, bool):
        raise RequestError(f"{where} must be true or false, not {_kind(value)}")
    return value


def one_of(*choices: str) -> Check:
    def check(value: Any, where: str) -> str:
        if not isinstance(value, str) or value not in choices:
            raise RequestError(f"{where} must be one of {', '.join(choices)}")
        return value

    return check


def list_of(item: Check, limit: int = MAX_LIST) -> Check:
    def check(value: Any, where: str) -> list[Any]:
        if not isinstance(value, list):
            raise RequestError(f"{where} must be a list, not {_kind(value)}")
        if len(value) > limit:
            raise RequestError(f"{where} must have at most {limit} items")
        return [item(v, f"{where}[{i}]") for i, v in enumerate(value)]

    return check


def plain_data(value: Any, where: str, depth: int = 0) -> Any:
    """JSON of bounded size: texts, whole numbers, numbers, flags, lists and objects of
    them (the table's conventions, checked in full by `Rules.from_mapping`)."""
    if depth > MAX_DEPTH:
        raise RequestError(f"{where} is nested too deeply")
    if value is None or isinstance(value, bool):
        return value
    if isinstance(value, int):
        return whole(-MAX_INT, MAX_INT)(value, where)
    if isinstance(value, float):
        return number(-MAX_INT, MAX_INT)(value, where)
    if isinstance(value, str):
        return text()(value, where)
    if isinstance(value, list):
        if len(value) > MAX_KEYS:
            raise RequestError(f"{where} must have at most {MAX_KEYS} items")
        return [plain_data(v, f"{where}[{i}]", depth + 1) for i, v in enumerate(value)]
    if len(value) > MAX_KEYS:
        raise RequestError(f"{where} must have at most {MAX_KEYS} keys")
    return {
        text(40)(k, f"a key of {where}"): plain_data(v, f"{where}.{k}", depth + 1)
        for k, v in value.items()
    }


def mapping(value: Any, where: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise RequestError(f"{where} must be an object, not {_kind(value)}")
    checked: dict[str, Any] = plain_data(value, where)
    return checked


@dataclass(frozen=True)
class Schema:
    """The fields an object may have: those it must have, and those it may."""

    required: Mapping[str, Check] = field(default_factory=dict)
    optional: Mapping[str, Check] = field(default_factory=dict)

    def check(self, value: Any, where: str) -> dict[str, Any]:
        if not isinstance(value, dict):
            raise RequestError(f"{where} must be an object, not {_kind(value)}")
        allowed = {**self.required, **self.optional}
        for key in value:
            if key not in allowed:
                fields = ", ".join(sorted(allowed)) or "none"
                raise RequestError(
                    f"{where} has a field {_short(key)} it may not have (its fields: {fields})"
                )
        checked: dict[str, Any] = {}
        for key, check in allowed.items():
            if key in value:
                checked[key] = check(
                    value[key], f"{key}" if where == "the request" else f"{where}.{key}"
                )
            elif key in self.required:
                raise RequestError(f"{where} lacks its field {key}")
        return checked


def _short(value: Any, limit: int = 30) -> str:
    shown = ascii(value)
    return shown if len(shown) <= limit else shown[: limit - 3] + "..."


SEAT = whole(0, 3)
NAME = text(MAX_TEXT)

# What a person may choose in a decision: the `action` of an `act`.
ACTION = Schema(
    required={"act": one_of(*(a.value for a in Act))},
    optional={
        "value": whole(-MAX_INT, MAX_INT),
        "card": text(3),
        "to": SEAT,
        "marriage": text(1),
        "keep_trump": flag,
        "talon": whole(0, 1),
        "reason": text(40),
        "hinted": flag,
    },
)

# What opening a table sets, by `open` or by quick match (`match`, which seats its opener at a
# free seat of a public table, so it names no people's seats and is never private).
_TABLE: Mapping[str, Check] = {
    "title": text(),
    "level": text(20),
    "timeout": number(0, 10**6),
    "pace": number(0, 10**6),
    "lang": text(8),
    "hints": flag,
    "ai_names": list_of(NAME, MAX_AI_NAMES),
    "name": NAME,
    "who": NAME,
    "fill": number(0, 10**6),
    "clock": number(0, 10**6),
}

REQUESTS: dict[str, Schema] = {
    "hello": Schema(required={"wire": whole(0, MAX_INT)}),
    "open": Schema(
        required={"rules": mapping, "preset": text(40)},
        optional={**_TABLE, "people": list_of(SEAT, 4), "private": flag},
    ),
    "join": Schema(
        required={"code": text(20)},
        optional={"seat": SEAT, "name": NAME, "who": NAME},
    ),
    "act": Schema(required={"action": ACTION.check, "seq": whole(0, MAX_INT)}),
    "start": Schema(),
    # Game over: play again with the same people at the same table.
    "again": Schema(),
    "ping": Schema(),
    # A line of chat: cleaned and checked again by the service (`chat.clean`, `chat.refusal`).
    "chat": Schema(required={"text": text(MAX_CHAT_SENT)}),
    # The lobby: the public tables waiting for players, and quick match (a table of the preset).
    "list": Schema(),
    "match": Schema(required={"rules": mapping, "preset": text(40)}, optional=_TABLE),
}


# A backslash and what it escapes, a quote, or a bracket: enough to follow the nesting of a line
# without decoding it.
_TOKENS = re.compile(rb'\\.|["\[\]{}]', re.DOTALL)
_MAX_DIGITS = len(str(MAX_INT))  # a whole number with more digits cannot be in bounds
_MAX_FLOAT_TEXT = 40


def _nesting(line: bytes) -> int:
    """How deeply the line's lists and objects nest (brackets inside texts do not count)."""
    depth = deepest = 0
    in_text = False
    for match in _TOKENS.finditer(line):
        token = match.group()
        if token[:1] == b"\\":
            continue
        if token == b'"':
            in_text = not in_text
        elif in_text:
            continue
        elif token in (b"[", b"{"):
            depth += 1
            deepest = max(deepest, depth)
            if deepest > MAX_DEPTH:
                return deepest  # no need to read further
        else:
            depth -= 1
    return deepest


def _whole_number(digits: str) -> int:
    if len(digits.lstrip("-")) > _MAX_DIGITS:
        raise RequestError(f"a number of {len(digits)} digits; numbers are at most {MAX_INT}")
    return int(digits)


def _fraction(digits: str) -> float:
    if len(digits) > _MAX_FLOAT_TEXT:
        raise RequestError(f"a number written with {len(digits)} characters; too long")
    return float(digits)


def _constant(name: str) -> Any:
    raise RequestError(f"{name} is not a number a request may hold")


def parse_request(line: bytes) -> dict[str, Any]:
    """One request line as a JSON object, read within the limits (nesting, numbers); a
    RequestError saying what is wrong otherwise. Never anything else is raised."""
    if _nesting(line) > MAX_DEPTH:
        raise RequestError(f"lists and objects nested more than {MAX_DEPTH} deep")
    try:
        message = json.loads(
            line, parse_int=_whole_number, parse_float=_fraction, parse_constant=_constant
        )
    except RequestError:
        raise
    except (UnicodeDecodeError, json.JSONDecodeError) as error:
        raise RequestError("not a JSON line") from error
    except (ValueError, RecursionError) as error:  # what json itself may refuse besides
        raise RequestError(f"a JSON line that cannot be read: {error}") from error
    if not isinstance(message, dict):
        raise RequestError("a message must be a JSON object")
    return message


def check_request(message: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    """The request's `op` and its fields, checked against its schema; RequestError naming
    what is wrong otherwise."""
    op = message.get("op")
    if not isinstance(op, str) or op not in REQUESTS:
        raise RequestError(f"unknown request {_short(op)}; the requests are {', '.join(REQUESTS)}")
    rest = {k: v for k, v in message.items() if k != "op"}
    return op, REQUESTS[op].check(rest, "the request")
