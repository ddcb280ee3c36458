"""The shared tables' messages: one JSON object a line, and the engine's values inside them.

Every message is a frozen dataclass below, the same for both ends: what a client asks (a
`Request`: `op` and its fields, checked against `requests.REQUESTS` before the service reads
it) and what the service tells (a `Message`: `type` and its fields). A connection begins with
`hello`, which carries the protocol's version `WIRE`; a client and a service of different
versions refuse each other with a message that says which is older.

A seat's view, its events and the deals' results travel as JSON. `encode` turns the engine's
frozen values (dataclasses, named tuples, enums, cards) into JSON with a type tag, `decode`
makes them again, but only of the classes named in `KINDS`: a message can never make the
reader build anything else. The conventions are not sent with every view: both ends hold them
(`Rules.from_mapping` of the table's `rules`), and a view names them `{"$": "rules"}`.
"""

from __future__ import annotations

import dataclasses
import json
import types
from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum
from typing import (
    TYPE_CHECKING,
    Any,
    ClassVar,
    TypeVar,
    Union,
    get_args,
    get_origin,
    get_type_hints,
)

from ..engine import events as ev
from ..engine.actions import Act, Action
from ..engine.cards import BY_CODE, Card, Rank, Suit
from ..engine.events import CardDiscarded, CardGiven, Event, RedealDeclined, TalonTaken
from ..engine.game import PlayerInfo
from ..engine.match import BarrelSeat, MatchState
from ..engine.phases import Declaration, Phase, RedealStage, Trick
from ..engine.rules import Rules
from ..engine.scoring import Settlement
from ..engine.view import SeatView

if TYPE_CHECKING:
    from ..presets import Preset

# the protocol's version: 1 had no `hello`, typed messages or `ack`; 2 no chat or lobby; 3 no
# keyed texts in `error`; 4 no move clock or rematch
WIRE = 5
MAX_CLIENT_LINE = 16 * 1024  # what the service reads from a client, at most, in one line
MAX_SERVICE_LINE = 4 * 1024 * 1024  # what a client reads from the service


T = TypeVar("T")


class WireError(ValueError):
    """A message that is not what the protocol says; the text says what is wrong."""


# ---------------------------------------------------------------------- the service's messages


@dataclass(frozen=True)
class SeatInfo:
    """One seat in a `table` message."""

    name: str
    kind: str  # "human" or "ai"
    taken: bool
    connected: bool
    ai_in: float | None  # a person away: seconds until an AI plays for him (0: it does)


@dataclass(frozen=True)
class Hello:
    """The answer to a client's `hello`: the service's protocol version. A client of another
    version is told this, then let go."""

    TYPE: ClassVar[str] = "hello"
    wire: int


@dataclass(frozen=True)
class Welcome:
    """A seat taken: the table's code, the seat and the conventions (a `Rules` mapping)."""

    TYPE: ClassVar[str] = "welcome"
    code: str
    seat: int
    rules: Mapping[str, Any]
    preset: str
    title: str
    lang: str
    timeout: float
    hints: bool = False
    clock: float = 0.0  # the seconds a person has for each decision (0: no clock)


@dataclass(frozen=True)
class TableStatus:
    """Who sits where, who is connected, who is away and for how long."""

    TYPE: ClassVar[str] = "table"
    code: str
    started: bool
    over: bool
    to_move: int | None
    seats: tuple[SeatInfo, ...]
    fill_in: float | None = None  # before the game: seconds until AI takes the free seats
    again: tuple[int, ...] = ()  # game over: the seats whose people asked to play again


@dataclass(frozen=True)
class StateUpdate:
    """After each decision: this seat's view, the events it may see, the tricks they closed
    (by number). Sitting again: `results`, the deal so far (`deal`) and what an AI played
    for this seat meanwhile (`away`, the last of `away_count`). A deal that ended: `ended`,
    this seat's view of it as it ended, with the scores its result gives. `clock`: at a table
    with a move clock, the seconds left to the person whose decision it is (`view.to_move`);
    the client counts them down itself. `again`: the first update of a new game at the same
    table (everyone asked to play again): the client starts its game afresh."""

    TYPE: ClassVar[str] = "update"
    turn: int
    events: tuple[Event, ...]
    view: SeatView
    players: tuple[PlayerInfo, ...]
    tricks: tuple[tuple[int, Trick], ...] = ()
    ended: SeatView | None = None
    results: tuple[Settlement, ...] | None = None
    deal: tuple[Event, ...] | None = None
    away: tuple[Action, ...] = ()
    away_count: int = 0
    clock: float | None = None
    again: bool = False


@dataclass(frozen=True)
class Acked:
    """The `act` of sequence number `seq` was played (told after its `update`)."""

    TYPE: ClassVar[str] = "ack"
    seq: int


@dataclass(frozen=True)
class Refused:
    """A decision the table did not take (not this seat's turn, or the engine's reason)."""

    TYPE: ClassVar[str] = "refused"
    error: str
    seq: int | None = None


@dataclass(frozen=True)
class Failure:
    """A request that could not be done, or the table or the connection ending: why.
    `about`: what was refused when the connection goes on regardless (`chat`: a line of
    chat not sent). `said`, `values`: the key of the text among the service's
    (`tables.texts`) and its placeholders' values, for the client to say it in its player's
    language; `error` is its English."""

    TYPE: ClassVar[str] = "error"
    error: str
    about: str | None = None
    said: str | None = None
    values: Mapping[str, Any] | None = None


@dataclass(frozen=True)
class Pong:
    TYPE: ClassVar[str] = "pong"


@dataclass(frozen=True)
class Notice:
    """Something the players are told that changes nothing of the game: `ai_retry`, the
    service failed while deciding for `seat` and tries again; `clock_out`, the time of the
    person at `seat` for this decision ran out, and an AI decides it for him."""

    TYPE: ClassVar[str] = "notice"
    notice: str
    seat: int | None = None


@dataclass(frozen=True)
class ChatLine:
    """A line a person at the table wrote (cleaned by the service), told to every seat, the
    writer's own included. `earlier`: one of the table's last lines, told again to one who
    sits down again."""

    TYPE: ClassVar[str] = "chat"
    seat: int
    name: str
    text: str
    earlier: bool = False


@dataclass(frozen=True)
class Closed:
    """The connection ended (made by the client itself, never sent), and why if known."""

    TYPE: ClassVar[str] = "closed"
    why: str | None = None


# ---------------------------------------------------------------------- the lobby


@dataclass(frozen=True)
class OpenTable:
    """A public table waiting for players, as anyone on the host may see it: its code (which
    lets one sit at it), its conventions' name and title, its seats taken by people and by
    AI, those still free, how long it has waited, and in how many seconds AI takes the free
    seats (None: when its opener starts it). Never a hand, a name or a seed."""

    code: str
    preset: str
    title: str
    players: int
    people: int
    ai: int
    free: int
    waited: float
    fill_in: float | None = None


@dataclass(frozen=True)
class Tables:
    """The answer to `list`: the public tables waiting for players, the fullest first."""

    TYPE: ClassVar[str] = "tables"
    tables: tuple[OpenTable, ...]


Message = (
    Hello | Welcome | TableStatus | StateUpdate | Acked | Refused | Failure | Pong | Notice
    | ChatLine | Tables
)  # fmt: skip
MESSAGES: dict[str, type[Message]] = {
    kind.TYPE: kind
    for kind in (
        Hello, Welcome, TableStatus, StateUpdate, Acked, Refused, Failure, Pong, Notice,
        ChatLine, Tables,
    )
}  # fmt: skip


# ---------------------------------------------------------------------- the clients' requests


@dataclass(frozen=True)
class HelloRequest:
    """The first line of a connection: the client's protocol version."""

    OP: ClassVar[str] = "hello"
    wire: int = WIRE


@dataclass(frozen=True)
class TableOptions:
    """What opening a table sets, the same for `open` and for quick match (`match`): its
    conventions (a `Rules` mapping), its preset's name and title, the AI's level, how long a
    seat waits for its person who went away (`timeout`), the pace, the language, hints, the
    seats for people (None: all), the AI's names, the opener's name and who he is (his SSH
    key), whether it stays out of the lobby (`private`), and after how many seconds AI takes
    the free seats (`fill`), and the seconds each person has for a decision before an AI
    takes it for him (`clock`; None or 0: no clock). A front end makes it once; the client
    and the request carry it as it is. On the wire its fields are the request's own
    (`request_data` spreads them, as the `_TABLE` schema of `requests` checks them): None is
    the service's default."""

    rules: Mapping[str, Any]
    preset: str
    title: str | None = None
    level: str | None = None
    timeout: float | None = None
    pace: float | None = None
    lang: str | None = None
    hints: bool = False
    people: tuple[int, ...] | None = None
    ai_names: tuple[str, ...] | None = None
    name: str | None = None
    who: str | None = None
    private: bool = False  # kept out of the lobby: only its code brings anyone to it
    fill: float | None = None  # seconds after which AI takes the free seats and it begins
    clock: float | None = None  # seconds for each decision of a person (None, 0: no clock)

    @classmethod
    def of(cls, preset: Preset, lang: str = "en") -> TableOptions:
        """A table of `preset` (its conventions, name and title in `lang`), the rest the
        service's defaults (set more with `dataclasses.replace`)."""
        return cls(preset.rules.to_dict(), preset.name, preset.title_in(lang), lang=lang)


@dataclass(frozen=True)
class OpenRequest:
    """Open a table of these options and sit at seat 0."""

    OP: ClassVar[str] = "open"
    options: TableOptions


@dataclass(frozen=True)
class JoinRequest:
    """Sit at the table of `code` (again, for one who sat there)."""

    OP: ClassVar[str] = "join"
    code: str
    seat: int | None = None
    name: str | None = None
    who: str | None = None


@dataclass(frozen=True)
class WireAction:
    """What a person chooses in a decision, as an `act` carries it: the engine's `Action`
    without its seat (the connection's) and without what only the record keeps (the time
    taken, a card played by itself, a talon shown). Its fields are those `requests.ACTION`
    checks; the service plays the engine's own legal action equal to it."""

    act: Act
    value: int | None = None
    card: Card | None = None
    to: int | None = None
    marriage: str | None = None
    keep_trump: bool = False
    talon: int | None = None
    reason: str | None = None
    hinted: bool = False

    @classmethod
    def of(cls, action: Action) -> WireAction:
        """The part of `action` a person chooses."""
        return cls(
            action.act,
            action.value,
            action.card,
            action.to,
            action.marriage,
            action.keep_trump,
            action.talon,
            action.reason,
            action.hinted,
        )

    def for_seat(self, seat: int) -> Action:
        """The engine's action of this choice, made by `seat`."""
        return Action(
            seat,
            self.act,
            value=self.value,
            card=self.card,
            to=self.to,
            marriage=self.marriage,
            keep_trump=self.keep_trump,
            talon=self.talon,
            reason=self.reason,
            hinted=self.hinted,
        )

    def plain(self) -> dict[str, Any]:
        """As JSON, the fields at their default left out (as `requests.ACTION` reads it)."""
        data: dict[str, Any] = {"act": self.act.value}
        for f in dataclasses.fields(self)[1:]:
            value = getattr(self, f.name)
            if value != f.default:
                data[f.name] = value.code if isinstance(value, Card) else value
        return data

    @classmethod
    def from_plain(cls, data: Mapping[str, Any]) -> WireAction:
        """The choice of an `act` whose `action` the schema passed; WireError saying what is
        wrong with a value the schema cannot judge (a card that is not one)."""
        fields = dict(data)
        act = fields.get("act")
        try:
            fields["act"] = Act(str(act))
        except ValueError as error:
            raise WireError(f"the action's act {ascii(act)[:30]} is unknown") from error
        card = fields.get("card")
        if card is not None:
            made = BY_CODE.get(card) if isinstance(card, str) else None
            if made is None:
                raise WireError(
                    f"the action's card {ascii(card)[:12]} is not a card: a rank of 9 J Q K T A "
                    "and a suit of S C D H, e.g. 'TH'"
                )
            fields["card"] = made
        return _build(cls, fields, "the action")


@dataclass(frozen=True)
class ActRequest:
    """A decision of the connection's seat: what a person chooses of it (`requests.ACTION`),
    and the client's sequence number, which the service's `ack` gives back."""

    OP: ClassVar[str] = "act"
    action: WireAction
    seq: int


@dataclass(frozen=True)
class StartRequest:
    """The opener: begin now, with AI in the free seats."""

    OP: ClassVar[str] = "start"


@dataclass(frozen=True)
class PingRequest:
    OP: ClassVar[str] = "ping"


@dataclass(frozen=True)
class ChatRequest:
    """A line of chat from the connection's seat, for everyone at the table."""

    OP: ClassVar[str] = "chat"
    text: str


@dataclass(frozen=True)
class AgainRequest:
    """Game over: the person of the connection's seat will play again with the same people
    at the same table. When every person at the table has asked, a new game begins there."""

    OP: ClassVar[str] = "again"


@dataclass(frozen=True)
class ListRequest:
    """The lobby: the public tables waiting for players (answered with `tables`)."""

    OP: ClassVar[str] = "list"


@dataclass(frozen=True)
class MatchRequest:
    """Quick match: sit at the fullest public table of this preset (and these conventions)
    waiting for players, else open one of these options as `open` would, public, which AI
    fills after `fill` seconds. Its opener sits at a free seat of a public table: it names no
    seats for people and is never private (those fields never go on the wire)."""

    OP: ClassVar[str] = "match"
    LEAVES_OUT: ClassVar[tuple[str, ...]] = ("people", "private")
    options: TableOptions

    def __post_init__(self) -> None:
        if self.options.people is not None or self.options.private:
            raise WireError("a quick match names no seats for people and is never private")


Request = (
    HelloRequest | OpenRequest | JoinRequest | ActRequest | StartRequest | PingRequest
    | ChatRequest | ListRequest | MatchRequest | AgainRequest
)  # fmt: skip
REQUEST_KINDS: dict[str, type[Request]] = {
    kind.OP: kind
    for kind in (
        HelloRequest, OpenRequest, JoinRequest, ActRequest, StartRequest, PingRequest,
        ChatRequest, ListRequest, MatchRequest, AgainRequest,
    )
}  # fmt: skip


# ---------------------------------------------------------------------- the engine's values

# Every class a message may hold, by name: nothing else is ever built from a message.
KINDS: dict[str, type] = {
    kind.__name__: kind
    for kind in (
        # events of a deal
        ev.DealStarted, ev.DarkTaken, ev.DarkDeclined, ev.DarkCancelled,
        ev.DarkCancelDeclined, ev.DarkCalledOff, ev.RedealAsked, ev.RedealDeclined,
        ev.BidMade, ev.Passed, ev.ContractWon, ev.TalonTaken, ev.CardGiven, ev.CardDiscarded,
        ev.Raised, ev.Conceded, ev.Baptized, ev.MarriageDeclared, ev.CardPlayed,
        ev.TrickTaken, ev.MarriageWithheld, ev.OtherTalon, ev.DealSettled, ev.GameOver,
        # what the score sheet notes of a deal
        ev.CutPenalty, ev.WithheldMarriage, ev.SitterScore, ev.Frozen, ev.Palka,
        ev.ContractsOnly,
        ev.PalkaPenalty, ev.Cross, ev.CrossPenalty, ev.Concession, ev.ConcessionPenalty,
        ev.BarrelWin, ev.BarrelAttempt, ev.BarrelOn, ev.BarrelFall, ev.BarrelThirdFall,
        ev.Samosval, ev.GoldenReset, ev.GoldenReplay,
        # a deal's result and the game's state
        Settlement, MatchState, BarrelSeat,
        # a seat's view and what it holds
        SeatView, Trick, Declaration, Phase, RedealStage, Act, Action, Suit, Rank,
        # the parts of messages
        PlayerInfo, SeatInfo,
    )
}  # fmt: skip
KINDS[OpenTable.__name__] = OpenTable  # the lobby's tables


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


# ---------------------------------------------------------------------- lines


def message_data(message: Message | Closed) -> dict[str, Any]:
    """A service's message as JSON: its `type` and its fields (those at their default left
    out), the engine's values tagged by `encode`."""
    data: dict[str, Any] = {"type": message.TYPE}
    for f in dataclasses.fields(message):
        value = getattr(message, f.name)
        if f.default is dataclasses.MISSING or value != f.default:
            data[f.name] = encode(value)
    return data


def dump(message: Message) -> bytes:
    return _line(message_data(message))


def read_message(data: dict[str, Any], rules: Rules | None = None) -> Message:
    """The message of a JSON object the service sent (`rules`: the table's conventions, which
    its views name); WireError saying what is wrong with anything else."""
    name = data.get("type")
    kind = MESSAGES.get(name) if isinstance(name, str) else None
    if kind is None:
        raise WireError(f"an unknown message {ascii(name)[:30]}")
    fields = {k: decode(v, rules) for k, v in data.items() if k != "type"}
    return _build(kind, fields, f"the {name} message")


def request_data(request: Request) -> dict[str, Any]:
    """A client's request as plain JSON, as `requests.REQUESTS` checks it: its `op` and its
    fields (those it leaves out, None, left out)."""
    data: dict[str, Any] = {"op": request.OP}
    for f in dataclasses.fields(request):
        value = getattr(request, f.name)
        if isinstance(value, TableOptions):  # its fields are the request's own
            left_out = getattr(request, "LEAVES_OUT", ())
            for g in dataclasses.fields(value):
                option = getattr(value, g.name)
                if option is not None and g.name not in left_out:
                    data[g.name] = _plain(option)
        elif value is not None:
            data[f.name] = _plain(value)
    return data


def dump_request(request: Request) -> bytes:
    return _line(request_data(request))


def request_of(op: str, fields: Mapping[str, Any]) -> Request:
    """The request of `op` made of fields `requests.check_request` gave back (its lists read
    as tuples); WireError if they are not its fields."""
    kind = REQUEST_KINDS.get(op)
    if kind is None:
        raise WireError(f"an unknown request {ascii(op)[:30]}")
    made = {k: tuple(v) if isinstance(v, list) else v for k, v in fields.items()}
    action = made.get("action")
    if kind is ActRequest and isinstance(action, Mapping):
        made["action"] = WireAction.from_plain(action)
    if kind in (OpenRequest, MatchRequest):
        made = {"options": _build(TableOptions, made, f"the request {op}")}
    return _build(kind, made, f"the request {op}")


def _build(kind: type[T], fields: dict[str, Any], what: str) -> T:
    hints = _hints(kind)
    for key, value in fields.items():
        if key not in hints:
            raise WireError(f"{what}: it has no field {ascii(key)[:30]}")
        if not _conforms(value, hints[key]):
            raise WireError(f"{what}: its {key} is not {_name(hints[key])}")
    try:
        return kind(**fields)
    except TypeError as error:
        raise WireError(f"{what}: a field is missing ({error})") from error


_HINTS: dict[type, dict[str, Any]] = {}


def _hints(kind: type) -> dict[str, Any]:
    """The fields of a message's class and their types (not its ClassVar tag)."""
    if kind not in _HINTS:
        hints = get_type_hints(kind)
        _HINTS[kind] = {f.name: hints[f.name] for f in dataclasses.fields(kind)}
    return _HINTS[kind]


def _conforms(value: Any, hint: Any) -> bool:
    """Whether `value` is of the type `hint` (the types the messages' fields use)."""
    if hint is Any:
        return True
    if hint is type(None) or hint is None:
        return value is None
    origin = get_origin(hint)
    if origin in (Union, types.UnionType):
        return any(_conforms(value, arg) for arg in get_args(hint))
    if hint is bool:
        return isinstance(value, bool)
    if hint is int:
        return isinstance(value, int) and not isinstance(value, bool)
    if hint is float:
        return isinstance(value, (int, float)) and not isinstance(value, bool)
    if origin is tuple:
        args = get_args(hint)
        if not isinstance(value, tuple):
            return False
        if len(args) == 2 and args[1] is Ellipsis:
            return all(_conforms(item, args[0]) for item in value)
        return len(value) == len(args) and all(map(_conforms, value, args))
    if origin is Mapping:
        return isinstance(value, dict) and all(isinstance(k, str) for k in value)
    return isinstance(hint, type) and isinstance(value, hint)


def _name(hint: Any) -> str:
    return getattr(hint, "__name__", None) or str(hint).replace("typing.", "")


def _plain(value: Any) -> Any:
    if isinstance(value, WireAction):
        return value.plain()
    if isinstance(value, tuple):
        return [_plain(item) for item in value]
    if isinstance(value, Mapping):
        return {k: _plain(v) for k, v in value.items()}
    return value


def _line(data: dict[str, Any]) -> bytes:
    return (json.dumps(data, ensure_ascii=False, separators=(",", ":")) + "\n").encode()


def load(line: bytes) -> dict[str, Any]:
    """One message; raises WireError if the line is not a JSON object."""
    try:
        message = json.loads(line)
    except (UnicodeDecodeError, json.JSONDecodeError) as error:
        raise WireError("not a JSON line") from error
    if not isinstance(message, dict):
        raise WireError("a message must be a JSON object")
    return message
