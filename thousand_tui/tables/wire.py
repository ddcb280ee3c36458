"""The shared tables' messages: one JSON object a line, and the engine's values inside them.

A seat's view, its events and the deals' results travel as JSON. `encode` turns the engine's
frozen values (dataclasses, named tuples, enums, cards) into JSON with a type tag, `decode`
makes them again, but only of the classes named in `KINDS`: a message can never make the
reader build anything else. The conventions are not sent with every view: both ends hold them
(`Rules.from_mapping` of the table's `rules`), and a view names them `{"$": "rules"}`.
"""

from __future__ import annotations

import dataclasses
import json
from enum import Enum
from typing import Any

from ..engine import actions, events, match, phases, scoring, view
from ..engine.actions import Action
from ..engine.cards import BY_CODE, Card, Rank, Suit
from ..engine.events import CardDiscarded, CardGiven, Event, RedealDeclined, TalonTaken
from ..engine.rules import Rules

MAX_CLIENT_LINE = 16 * 1024  # what the service reads from a client, at most, in one line
MAX_SERVICE_LINE = 4 * 1024 * 1024  # what a client reads from the service


class WireError(ValueError):
    """A message that is not what the protocol says; the text says what is wrong."""


def _kinds() -> dict[str, type]:
    found: dict[str, type] = {}
    for module in (events, scoring, match, phases, actions, view):
        for name, value in vars(module).items():
            if not isinstance(value, type) or value.__module__ != module.__name__:
                continue
            if dataclasses.is_dataclass(value) or issubclass(value, (Enum, tuple)):
                found[name] = value
    found["Suit"], found["Rank"] = Suit, Rank
    return found


KINDS: dict[str, type] = _kinds()


def encode(value: Any) -> Any:
    """A JSON-able form of an engine value."""
    if isinstance(value, Enum):
        return {"$e": type(value).__name__, "v": value.value}
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    if isinstance(value, Card):
        return {"$c": value.code}
    if isinstance(value, Rules):
        return {"$": "rules"}
    if isinstance(value, tuple) and hasattr(value, "_fields"):
        return {"$": type(value).__name__, "a": [encode(item) for item in value]}
    if isinstance(value, tuple):
        return {"$t": [encode(item) for item in value]}
    if isinstance(value, (frozenset, set)):
        return {"$s": [encode(item) for item in sorted(value, key=repr)]}
    if isinstance(value, list):
        return [encode(item) for item in value]
    if isinstance(value, dict):
        return {"$d": [[encode(k), encode(v)] for k, v in value.items()]}
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        fields = {f.name: encode(getattr(value, f.name)) for f in dataclasses.fields(value)}
        return {"$": type(value).__name__, "f": fields}
    raise WireError(f"cannot send a {type(value).__name__}")


def decode(data: Any, rules: Rules | None = None, depth: int = 0) -> Any:
    """The value `encode` made; raises WireError for anything else."""
    if depth > 40:
        raise WireError("a value nested too deeply")
    if data is None or isinstance(data, (bool, int, float, str)):
        return data
    if isinstance(data, list):
        return [decode(item, rules, depth + 1) for item in data]
    if not isinstance(data, dict):
        raise WireError(f"unexpected {type(data).__name__}")
    try:
        if "$c" in data:
            return BY_CODE[data["$c"]]
        if "$t" in data:
            return tuple(decode(item, rules, depth + 1) for item in data["$t"])
        if "$s" in data:
            return frozenset(decode(item, rules, depth + 1) for item in data["$s"])
        if "$d" in data:
            return {decode(k, rules, depth + 1): decode(v, rules, depth + 1) for k, v in data["$d"]}
        if "$e" in data:
            kind = KINDS[data["$e"]]
            if not issubclass(kind, Enum):
                raise WireError(f"{data['$e']} is not a kind of value")
            return kind(data["v"])
        name = data["$"]
        if name == "rules":
            if rules is None:
                raise WireError("conventions referred to before they were given")
            return rules
        kind = KINDS[name]
        if "a" in data:
            return kind(*(decode(item, rules, depth + 1) for item in data["a"]))
        fields = {str(k): decode(v, rules, depth + 1) for k, v in data["f"].items()}
        return kind(**fields)
    except WireError:
        raise
    except (KeyError, TypeError, ValueError) as error:
        raise WireError(f"a value that cannot be read: {error}") from error


def for_seat(event: Event, seat: int) -> Event | None:
    """What `seat` may learn of `event`: all of it, only that it happened (a card given or
    discarded face down, a talon taken unseen: the cards left out), or nothing."""
    if event.visible_to(seat):
        return event
    if isinstance(event, RedealDeclined):
        return None
    if isinstance(event, (CardGiven, CardDiscarded)):
        return dataclasses.replace(event, card=None)  # type: ignore[arg-type]
    if isinstance(event, TalonTaken):
        return dataclasses.replace(event, cards=())
    return None


def own_actions(decisions: list[Action], seat: int) -> list[Action]:
    """Of `decisions`, those of `seat` itself: what may be told to that seat alone (what an
    AI decided for its person while he was away)."""
    return [action for action in decisions if action.seat == seat]


def dump(message: dict[str, Any]) -> bytes:
    return (json.dumps(message, ensure_ascii=False, separators=(",", ":")) + "\n").encode()


def load(line: bytes) -> dict[str, Any]:
    """One message; raises WireError if the line is not a JSON object."""
    try:
        message = json.loads(line)
    except (UnicodeDecodeError, json.JSONDecodeError) as error:
        raise WireError("not a JSON line") from error
    if not isinstance(message, dict):
        raise WireError("a message must be a JSON object")
    return message
