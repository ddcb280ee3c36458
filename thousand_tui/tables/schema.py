"""The kinds of value the table protocol carries, each written and read (and checked) by one
object: `Kind.dump` makes its JSON, `Kind.load` reads it back, refusing in one line what is not
of the kind (a `WireError` naming the field, what it must be, and what it is).

Two spellings of a value share the scalar kinds. A client's request is plain JSON (lists,
card codes, texts), read within tight bounds; the service's messages tag what JSON has no
type for (`{"$t": [...]}` a tuple, `{"$s": ...}` a set, `{"$c": "QH"}` a card, `{"$e": "Phase",
"v": ...}` a kind of value, `{"$": "BidMade", "f": {...}}` or `{"$": "Trick", "a": [...]}` a
record): the tags and field names are written out in `wire`, never taken from the engine's
classes, so renaming an engine field does not change the protocol (its tests fail instead).

An object's fields are its `Shape`: the name, the kind and whether it may be left out of each.
The messages' own dataclasses declare theirs with `Annotated[type, kind]`: one definition per
field, its type for Python and its kind for the wire.
"""

from __future__ import annotations

import dataclasses
import json
import re
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from enum import Enum
from functools import cached_property
from typing import Any, Literal, get_args, get_origin, get_type_hints

from ..engine.cards import BY_CODE, Card
from ..engine.rules import Rules

MAX_INT = 10**9  # no whole number a client sends is larger (in size) than this
MAX_TEXT = 200  # characters in any text a client sends
MAX_LIST = 8  # items in any list a client sends
MAX_KEYS = 64  # keys in an object a client sends (the table's conventions)
MAX_DEPTH = 8  # objects and lists inside one another in a request
MAX_NESTED = 40  # plain data inside one another in a service's message


class WireError(ValueError):
    """A message that is not what the protocol says; the text says what is wrong."""


RequestError = WireError  # a client's request that is not one (the same refusal)


@dataclass
class Reading:
    """What reading one message knows besides its line: the table's conventions, which the
    views name (`{"$": "rules"}`) instead of carrying them."""

    rules: Rules | None = None


def kind_of(value: Any) -> str:
    """What a JSON value is, in words."""
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


def short(value: Any, limit: int = 30) -> str:
    shown = ascii(value)
    return shown if len(shown) <= limit else shown[: limit - 3] + "..."


def inside(where: str, key: str) -> str:
    """The name of field `key` of the object called `where`."""
    if where == "the request":
        return key
    if where.endswith(" message"):
        return f"{where}'s {key}"
    return f"{where}.{key}"


class At:
    """Where a value is, named only when something is wrong with it (the names of the fields
    of a message that is right are never made): field `key` or item `key` of `parent`."""

    __slots__ = ("key", "parent")

    def __init__(self, parent: Where, key: str | int) -> None:
        self.parent, self.key = parent, key

    def __str__(self) -> str:
        if isinstance(self.key, int):
            return f"{self.parent}[{self.key}]"
        return inside(str(self.parent), self.key)


Where = str | At  # the name of a value, or where it is


class Kind(ABC):
    """One sort of value on the wire."""

    def dump(self, value: Any) -> Any:
        return value

    @abstractmethod
    def load(self, data: Any, where: Where, reading: Reading) -> Any:
        """The value of `data`; WireError saying what is wrong with it."""


# ---------------------------------------------------------------------- scalars


@dataclass(frozen=True)
class Whole(Kind):
    """A JSON integer within bounds (never `true`, never `1.0`)."""

    low: int = -(2**63)
    high: int = 2**63

    def load(self, data: Any, where: Where, reading: Reading) -> int:
        if isinstance(data, bool) or not isinstance(data, int):
            raise WireError(f"{where} must be a whole number, not {kind_of(data)}")
        if not self.low <= data <= self.high:
            raise WireError(f"{where} must be from {self.low} to {self.high}")
        return data


@dataclass(frozen=True)
class Number(Kind):
    """A JSON number, whole or not, within bounds (read as a float)."""

    low: float = -1e300
    high: float = 1e300

    def load(self, data: Any, where: Where, reading: Reading) -> float:
        if isinstance(data, bool) or not isinstance(data, (int, float)):
            raise WireError(f"{where} must be a number, not {kind_of(data)}")
        if not self.low <= data <= self.high:  # also false for NaN
            raise WireError(f"{where} must be a number from {self.low:g} to {self.high:g}")
        return float(data)


@dataclass(frozen=True)
class Text(Kind):
    """A string of at most `limit` characters (None: any)."""

    limit: int | None = None

    def load(self, data: Any, where: Where, reading: Reading) -> str:
        if not isinstance(data, str):
            raise WireError(f"{where} must be a text, not {kind_of(data)}")
        if self.limit is not None and len(data) > self.limit:
            raise WireError(f"{where} must be at most {self.limit} characters")
        return data


@dataclass(frozen=True)
class Flag(Kind):
    """true or false."""

    def load(self, data: Any, where: Where, reading: Reading) -> bool:
        if not isinstance(data, bool):
            raise WireError(f"{where} must be true or false, not {kind_of(data)}")
        return data


@dataclass(frozen=True)
class Choice(Kind):
    """One of a few texts; with `enum`, the member of that value (written as its value)."""

    choices: tuple[str, ...]
    enum: type[Enum] | None = None

    @classmethod
    def of(cls, enum: type[Enum]) -> Choice:
        return cls(tuple(str(member.value) for member in enum), enum)

    def dump(self, value: Any) -> Any:
        return value.value if isinstance(value, Enum) else value

    def load(self, data: Any, where: Where, reading: Reading) -> Any:
        if not isinstance(data, str) or data not in self.choices:
            raise WireError(f"{where} must be one of {', '.join(self.choices)}")
        return data if self.enum is None else self.enum(data)


@dataclass(frozen=True)
class CardCode(Kind):
    """A card as a client writes it: its code ("TH")."""

    said: str  # what the card is, for the refusal ("the action's card")

    def dump(self, value: Any) -> Any:
        return value.code

    def load(self, data: Any, where: Where, reading: Reading) -> Card:
        card = BY_CODE.get(Text(3).load(data, where, reading))
        if card is None:
            raise WireError(
                f"{self.said} {short(data, 12)} is not a card: a rank of 9 J Q K T A and a suit "
                "of S C D H, e.g. 'TH'"
            )
        return card


@dataclass(frozen=True)
class Maybe(Kind):
    """A value of `kind`, or null."""

    kind: Kind

    def dump(self, value: Any) -> Any:
        return None if value is None else self.kind.dump(value)

    def load(self, data: Any, where: Where, reading: Reading) -> Any:
        return None if data is None else self.kind.load(data, where, reading)


# ---------------------------------------------------------------------- a client's lists


@dataclass(frozen=True)
class Items(Kind):
    """A JSON list of at most `limit` values of `kind`, read as a tuple."""

    kind: Kind
    limit: int = MAX_LIST

    def dump(self, value: Any) -> Any:
        return [self.kind.dump(item) for item in value]

    def load(self, data: Any, where: Where, reading: Reading) -> tuple[Any, ...]:
        if not isinstance(data, list):
            raise WireError(f"{where} must be a list, not {kind_of(data)}")
        if len(data) > self.limit:
            raise WireError(f"{where} must have at most {self.limit} items")
        return tuple(self.kind.load(v, At(where, i), reading) for i, v in enumerate(data))


@dataclass(frozen=True)
class Data(Kind):
    """A JSON object of bounded size: texts, whole numbers, numbers, flags, lists and objects
    of them (the table's conventions, checked in full by `Rules.from_mapping`)."""

    def dump(self, value: Any) -> Any:
        if isinstance(value, tuple | list):
            return [self.dump(item) for item in value]
        if isinstance(value, Mapping):
            return {k: self.dump(v) for k, v in value.items()}
        return value

    def load(self, data: Any, where: Where, reading: Reading) -> dict[str, Any]:
        if not isinstance(data, dict):
            raise WireError(f"{where} must be an object, not {kind_of(data)}")
        checked: dict[str, Any] = self.plain(data, where, 0)
        return checked

    def plain(self, value: Any, where: Where, depth: int) -> Any:
        if depth > MAX_DEPTH:
            raise WireError(f"{where} is nested too deeply")
        if value is None or isinstance(value, bool):
            return value
        if isinstance(value, int):
            return Whole(-MAX_INT, MAX_INT).load(value, where, _NOTHING)
        if isinstance(value, float):
            return Number(-MAX_INT, MAX_INT).load(value, where, _NOTHING)
        if isinstance(value, str):
            return Text(MAX_TEXT).load(value, where, _NOTHING)
        if isinstance(value, list):
            if len(value) > MAX_KEYS:
                raise WireError(f"{where} must have at most {MAX_KEYS} items")
            return [self.plain(v, At(where, i), depth + 1) for i, v in enumerate(value)]
        if len(value) > MAX_KEYS:
            raise WireError(f"{where} must have at most {MAX_KEYS} keys")
        return {
            Text(40).load(k, f"a key of {where}", _NOTHING): self.plain(v, At(where, k), depth + 1)
            for k, v in value.items()
        }


_NOTHING = Reading()


# ---------------------------------------------------------------------- the service's tags


@dataclass(frozen=True)
class Tuple(Kind):
    """A tuple of values of `kind`: `{"$t": [...]}`."""

    kind: Kind

    def dump(self, value: Any) -> Any:
        return {"$t": [self.kind.dump(item) for item in value]}

    def load(self, data: Any, where: Where, reading: Reading) -> tuple[Any, ...]:
        items = _tagged(data, "$t", where, "a tuple")
        return tuple(self.kind.load(v, At(where, i), reading) for i, v in enumerate(items))


@dataclass(frozen=True)
class Fixed(Kind):
    """A tuple of one value of each of `kinds`: `{"$t": [...]}`."""

    kinds: tuple[Kind, ...]

    def dump(self, value: Any) -> Any:
        return {"$t": [kind.dump(item) for kind, item in zip(self.kinds, value, strict=True)]}

    def load(self, data: Any, where: Where, reading: Reading) -> tuple[Any, ...]:
        items = _tagged(data, "$t", where, f"a tuple of {len(self.kinds)}")
        if len(items) != len(self.kinds):
            raise WireError(f"{where} must be a tuple of {len(self.kinds)}, not of {len(items)}")
        return tuple(
            kind.load(v, At(where, i), reading)
            for i, (kind, v) in enumerate(zip(self.kinds, items, strict=True))
        )


@dataclass(frozen=True)
class Set(Kind):
    """A set of values of `kind`: `{"$s": [...]}`, in the order of their `repr`."""

    kind: Kind

    def dump(self, value: Any) -> Any:
        return {"$s": [self.kind.dump(item) for item in sorted(value, key=repr)]}

    def load(self, data: Any, where: Where, reading: Reading) -> frozenset[Any]:
        items = _tagged(data, "$s", where, "a set")
        return frozenset(self.kind.load(v, At(where, i), reading) for i, v in enumerate(items))


@dataclass(frozen=True)
class List(Kind):
    """A list of values of `kind`, a plain JSON list."""

    kind: Kind

    def dump(self, value: Any) -> Any:
        return [self.kind.dump(item) for item in value]

    def load(self, data: Any, where: Where, reading: Reading) -> list[Any]:
        if not isinstance(data, list):
            raise WireError(f"{where} must be a list, not {kind_of(data)}")
        return [self.kind.load(v, At(where, i), reading) for i, v in enumerate(data)]


@dataclass(frozen=True)
class Tagged(Kind):
    """Plain data as the service writes it: an object `{"$d": [[key, value], ...]}`, a tuple
    `{"$t": [...]}`, lists, texts, numbers, flags and null (the conventions of a welcome, the
    values of an error's text)."""

    def dump(self, value: Any) -> Any:
        if isinstance(value, Mapping):
            return {"$d": [[self.dump(k), self.dump(v)] for k, v in value.items()]}
        if isinstance(value, tuple):
            return {"$t": [self.dump(item) for item in value]}
        if isinstance(value, list):
            return [self.dump(item) for item in value]
        if value is None or isinstance(value, (bool, int, float, str)):
            return value
        raise WireError(f"cannot send a {type(value).__name__}")

    def load(self, data: Any, where: Where, reading: Reading) -> Any:
        return self.plain(data, where, 0)

    def plain(self, data: Any, where: Where, depth: int) -> Any:
        if depth > MAX_NESTED:
            raise WireError(f"{where} is nested too deeply")
        if data is None or isinstance(data, (bool, int, float, str)):
            return data
        if isinstance(data, list):
            return [self.plain(v, where, depth + 1) for v in data]
        if isinstance(data, dict) and set(data) == {"$t"} and isinstance(data["$t"], list):
            return tuple(self.plain(v, where, depth + 1) for v in data["$t"])
        pairs = _tagged(data, "$d", where, "an object")
        made: dict[str, Any] = {}
        for pair in pairs:
            if not (isinstance(pair, list) and len(pair) == 2 and isinstance(pair[0], str)):
                raise WireError(f"{where} must be an object of named values")
            made[pair[0]] = self.plain(pair[1], At(where, pair[0]), depth + 1)
        return made


@dataclass(frozen=True)
class Cards(Kind):
    """A card: `{"$c": "QH"}`."""

    def dump(self, value: Any) -> Any:
        return {"$c": value.code}

    def load(self, data: Any, where: Where, reading: Reading) -> Card:
        code = _tagged(data, "$c", where, "a card")
        card = BY_CODE.get(code) if isinstance(code, str) else None
        if card is None:
            raise WireError(f"{where}: {short(code, 12)} is not a card")
        return card


@dataclass(frozen=True)
class Named(Kind):
    """A member of an enum, named on the wire by `tag`: `{"$e": tag, "v": value}`."""

    tag: str
    enum: type[Enum]

    def dump(self, value: Any) -> Any:
        return {"$e": self.tag, "v": value.value}

    def load(self, data: Any, where: Where, reading: Reading) -> Enum:
        if not (isinstance(data, dict) and set(data) == {"$e", "v"} and data["$e"] == self.tag):
            raise WireError(f"{where} must be a {self.tag}")
        try:
            return self.enum(data["v"])
        except ValueError as error:
            raise WireError(f"{where}: {short(data['v'])} is not a {self.tag}") from error


@dataclass(frozen=True)
class TheRules(Kind):
    """The table's conventions, which both ends hold: `{"$": "rules"}`."""

    def dump(self, value: Any) -> Any:
        return {"$": "rules"}

    def load(self, data: Any, where: Where, reading: Reading) -> Rules:
        if data != {"$": "rules"}:
            raise WireError(f"{where} must be the table's conventions")
        if reading.rules is None:
            raise WireError("conventions referred to before they were given")
        return reading.rules


def _tagged(data: Any, tag: str, where: Where, what: str) -> Any:
    if not (isinstance(data, dict) and len(data) == 1 and tag in data):
        raise WireError(f"{where} must be {what}, not {kind_of(data)}")
    inner = data[tag]
    if tag != "$c" and not isinstance(inner, list):
        raise WireError(f"{where} must be {what}")
    return inner


# ---------------------------------------------------------------------- objects


REQUIRED = "required"  # in `Annotated`: a field that has a default in Python, never on the wire


@dataclass(frozen=True)
class Field:
    """A field of an object on the wire: its name there, the attribute it is in Python, its
    kind, and whether a message may leave it out (`default`, when it has one)."""

    name: str
    kind: Kind
    attr: str = ""
    required: bool = True
    default: Any = None

    @property
    def key(self) -> str:
        return self.attr or self.name


@dataclass(frozen=True)
class Shape:
    """The fields of an object, in their order on the wire."""

    fields: tuple[Field, ...]

    @cached_property
    def names(self) -> frozenset[str]:
        return frozenset(f.name for f in self.fields)

    def dump(self, value: Any, leave_out: Literal["default", "none", "never"]) -> dict[str, Any]:
        """The fields of `value` as JSON; those at their default (`default`), those None
        (`none`) left out, or none (`never`)."""
        data: dict[str, Any] = {}
        for f in self.fields:
            item = getattr(value, f.key)
            if leave_out == "none" and item is None:
                continue
            if leave_out == "default" and not f.required and item == f.default:
                continue
            data[f.name] = f.kind.dump(item)
        return data

    def load(self, data: Any, where: Where, reading: Reading) -> dict[str, Any]:
        """The attributes of the object of `data`, each read by its kind."""
        if not isinstance(data, dict):
            raise WireError(f"{where} must be an object, not {kind_of(data)}")
        names = self.names
        for key in data:
            if key not in names:
                listed = ", ".join(sorted(names)) or "none"
                raise WireError(
                    f"{where} has a field {short(key)} it may not have (its fields: {listed})"
                )
        made: dict[str, Any] = {}
        for f in self.fields:
            if f.name in data:
                made[f.key] = f.kind.load(data[f.name], At(where, f.name), reading)
            elif f.required:
                raise WireError(f"{where} lacks its field {f.name}")
        return made


@dataclass(frozen=True)
class Record(Kind):
    """An engine value, named by `tag` and made by `make` of its fields: a dataclass's as
    `{"$": tag, "f": {name: value}}`, a named tuple's (`positional`) as `{"$": tag, "a": [...]}`.
    Every field is written."""

    tag: str
    make: Callable[..., Any]
    shape: Shape
    positional: bool = False

    def dump(self, value: Any) -> Any:
        if self.positional:
            return {
                "$": self.tag,
                "a": [f.kind.dump(getattr(value, f.key)) for f in self.shape.fields],
            }
        return {"$": self.tag, "f": self.shape.dump(value, "never")}

    def load(self, data: Any, where: Where, reading: Reading) -> Any:
        body = "a" if self.positional else "f"
        if not (
            isinstance(data, dict) and len(data) == 2 and data.get("$") == self.tag and body in data
        ):
            raise WireError(f"{where} must be a {self.tag}")
        if self.positional:
            items = data["a"]
            fields = self.shape.fields
            if not isinstance(items, list) or len(items) != len(fields):
                raise WireError(f"{where} must be a {self.tag} of {len(fields)} values")
            made = {
                f.key: f.kind.load(v, At(where, f.name), reading)
                for f, v in zip(fields, items, strict=True)
            }
        else:
            made = self.shape.load(data["f"], where, reading)
        try:
            return self.make(**made)
        except (TypeError, ValueError) as error:
            raise WireError(f"{where} is not a {self.tag}: {error}") from error


@dataclass(frozen=True)
class OneOf(Kind):
    """One of some records, told apart by their tag (and, writing, by their class)."""

    records: tuple[tuple[type, Record], ...]

    def dump(self, value: Any) -> Any:
        for cls, record in self.records:
            if type(value) is cls:
                return record.dump(value)
        raise WireError(f"cannot send a {type(value).__name__}")

    def load(self, data: Any, where: Where, reading: Reading) -> Any:
        tag = data.get("$") if isinstance(data, dict) else None
        for _, record in self.records:
            if record.tag == tag:
                return record.load(data, where, reading)
        raise WireError(f"{where}: {short(tag)} is not a kind of value it may be")


@dataclass(frozen=True)
class Spread(Kind):
    """An object whose fields are written among its holder's own (a table's options in `open`
    and `match`), except those of `leaves_out`, which are never sent."""

    cls: type
    leaves_out: tuple[str, ...] = ()

    def load(self, data: Any, where: Where, reading: Reading) -> Any:
        raise WireError(f"{where}: the fields of an object written among its holder's")


@dataclass(frozen=True)
class Nested(Kind):
    """An object of one of the wire's own dataclasses (their fields `Annotated`), its fields at
    their default left out."""

    cls: type

    def dump(self, value: Any) -> Any:
        return shape_of(self.cls).dump(value, "default")

    def load(self, data: Any, where: Where, reading: Reading) -> Any:
        return self.cls(**shape_of(self.cls).load(data, where, reading))


_SHAPES: dict[type, Shape] = {}


def shape_of(cls: type) -> Shape:
    """The shape of one of the wire's own dataclasses: each field's kind is the one its
    annotation names (`Annotated[int, Whole(0, 3)]`); a field with a default may be left out
    (unless `REQUIRED`); a `Spread` field's own fields stand in its place."""
    shape = _SHAPES.get(cls)
    if shape is None:
        shape = _SHAPES[cls] = _shape(cls)
    return shape


def _shape(cls: type) -> Shape:
    hints = get_type_hints(cls, include_extras=True)
    fields: list[Field] = []
    for f in dataclasses.fields(cls):
        extras = get_args(hints[f.name])[1:] if _annotated(hints[f.name]) else ()
        kind = next((e for e in extras if isinstance(e, Kind)), None)
        if kind is None:
            raise TypeError(f"{cls.__name__}.{f.name} names no kind on the wire")
        if isinstance(kind, Spread):
            fields += [g for g in shape_of(kind.cls).fields if g.name not in kind.leaves_out]
            continue
        has_default = f.default is not dataclasses.MISSING
        required = REQUIRED in extras or not has_default
        fields.append(Field(f.name, kind, required=required, default=f.default))
    return Shape(tuple(fields))


def _annotated(hint: Any) -> bool:
    return get_origin(hint) is not None and hasattr(hint, "__metadata__")


def record(cls: type, tag: str | None = None) -> Record:
    """The record of one of the wire's own dataclasses (fields `Annotated`), every field
    written: `{"$": tag, "f": {...}}`."""
    return Record(tag or cls.__name__, cls, shape_of(cls))


# ---------------------------------------------------------------------- lines


def line(data: dict[str, Any]) -> bytes:
    return (json.dumps(data, ensure_ascii=False, separators=(",", ":")) + "\n").encode()


def load_line(raw: bytes) -> dict[str, Any]:
    """One message of the service; WireError if the line is not a JSON object."""
    try:
        message = json.loads(raw)
    except (UnicodeDecodeError, json.JSONDecodeError, RecursionError) as error:
        raise WireError("not a JSON line") from error
    if not isinstance(message, dict):
        raise WireError("a message must be a JSON object")
    return message


# A backslash and what it escapes, a quote, or a bracket: enough to follow the nesting of a line
# without decoding it.
_TOKENS = re.compile(rb'\\.|["\[\]{}]', re.DOTALL)
_MAX_DIGITS = len(str(MAX_INT))  # a whole number with more digits cannot be in bounds
_MAX_FLOAT_TEXT = 40


def _nesting(raw: bytes) -> int:
    """How deeply the line's lists and objects nest (brackets inside texts do not count)."""
    depth = deepest = 0
    in_text = False
    for match in _TOKENS.finditer(raw):
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
        raise WireError(f"a number of {len(digits)} digits; numbers are at most {MAX_INT}")
    return int(digits)


def _fraction(digits: str) -> float:
    if len(digits) > _MAX_FLOAT_TEXT:
        raise WireError(f"a number written with {len(digits)} characters; too long")
    return float(digits)


def _constant(name: str) -> Any:
    raise WireError(f"{name} is not a number a request may hold")


def parse_request(raw: bytes) -> dict[str, Any]:
    """One request line as a JSON object, read within the limits (nesting, numbers); a
    WireError saying what is wrong otherwise. Never anything else is raised."""
    if _nesting(raw) > MAX_DEPTH:
        raise WireError(f"lists and objects nested more than {MAX_DEPTH} deep")
    try:
        message = json.loads(
            raw, parse_int=_whole_number, parse_float=_fraction, parse_constant=_constant
        )
    except WireError:
        raise
    except (UnicodeDecodeError, json.JSONDecodeError) as error:
        raise WireError("not a JSON line") from error
    except (ValueError, RecursionError) as error:  # what json itself may refuse besides
        raise WireError(f"a JSON line that cannot be read: {error}") from error
    if not isinstance(message, dict):
        raise WireError("a message must be a JSON object")
    return message
