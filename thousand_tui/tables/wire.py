"""The shared tables' messages: one JSON object a line, each defined once below.

Every message is a frozen dataclass, the same for both ends: what a client asks (a `Request`:
`op` and its fields) and what the service tells (a `Message`: `type` and its fields). Each
field names its kind on the wire beside its type (`Annotated[int, Whole(0, 3)]`, the kinds of
`schema`): writing a message and reading it back, checked, follow that one definition
(`read_request`, `read_message`), so a field it does not name, one missing or one of the wrong
kind is refused in one line saying which. A connection begins with `hello`, which carries the
protocol's version `WIRE`; a client and a service of different versions refuse each other with
a message that says which is older.

A seat's view, its events and the deals' results are the engine's values. Each travels as a
record whose tag and field names are written out below (`VALUES`), never read off the engine's
classes: renaming an engine field changes no line of the protocol, and the tests fail until
its record says where the value now is. Only these records are ever built from a message. The
conventions are not sent with every view: both ends hold them (`Rules.from_mapping` of the
table's `rules`), and a view names them `{"$": "rules"}`.

The lines of every message, both ways, are pinned by the golden fixtures of each version
(tests/tables/golden/wire-N, docs/architecture.md#the-wire): a change of the wire without a new
`WIRE` fails them.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Annotated, Any, ClassVar

from ..engine import events as ev
from ..engine.actions import Act, Action
from ..engine.cards import Card, Suit
from ..engine.events import CardDiscarded, CardGiven, Event, RedealDeclined, TalonTaken
from ..engine.game import PlayerInfo
from ..engine.match import BarrelSeat, MatchState
from ..engine.phases import Declaration, Phase, Trick
from ..engine.rules import Rules
from ..engine.scoring import Settlement
from ..engine.view import SeatView
from ..options import WATCHERS as WATCHERS  # who may watch a table (its opener says)
from .schema import (
    MAX_INT,
    MAX_TEXT,
    REQUIRED,
    CardCode,
    Cards,
    Choice,
    Data,
    Field,
    Fixed,
    Flag,
    Items,
    Kind,
    List,
    Maybe,
    Named,
    Nested,
    Number,
    OneOf,
    Reading,
    Record,
    Set,
    Shape,
    Spread,
    Tagged,
    Text,
    TheRules,
    Tuple,
    Whole,
    line,
    load_line,
    record,
    shape_of,
    short,
)
from .schema import WireError as WireError  # what reading a line refuses
from .schema import parse_request as parse_request  # a client's line, within bounds

if TYPE_CHECKING:
    from ..presets import Preset

# the protocol's version: 1 had no `hello`, typed messages or `ack`; 2 no chat or lobby; 3 no
# keyed texts in `error`; 4 no move clock or rematch; 5 no watchers (`watch`); 6 no consent to
# show one's hands once the game is over (`open_hands`); 7 no relayed connections (`relayed`:
# the people another host of the club seats are that host's)
WIRE = 8
MAX_CLIENT_LINE = 16 * 1024  # what the service reads from a client, at most, in one line
MAX_SERVICE_LINE = 4 * 1024 * 1024  # what a client reads from the service
MAX_AI_NAMES = 12  # the AI names a table keeps: its seats', then spares for name clashes
MAX_CHAT_SENT = 1000  # characters a client may send in one line of chat, before cleaning
WATCHER = -1  # the seat of a watcher: none (`for_seat` tells it what every seat may know)

# The kinds of what the service sends: each value is checked as any line is, though within
# no bounds of its own.
INT = Whole()
FLOAT = Number()
STR = Text()
BOOL = Flag()
SEAT_NO = Maybe(INT)
CARD = Cards()
CARDS = Tuple(CARD)
INTS = Tuple(INT)
# The kinds of what a client sends, within bounds.
SEAT = Whole(0, 3)
NAME = Text(MAX_TEXT)
FLAG = Flag()
SECONDS = Number(0, 10**6)


# ---------------------------------------------------------------------- the engine's values


def _record(tag: str, cls: Any, *fields: tuple[str, Kind] | tuple[str, Kind, str]) -> Record:
    """The record of an engine class on the wire: its tag, and each field's name on the wire,
    kind, and attribute of `cls` (the same name unless a third item says another)."""
    shape = Shape(tuple(Field(f[0], f[1], f[2] if len(f) == 3 else "") for f in fields))
    positional = hasattr(cls, "_fields")  # a named tuple: its values in order
    return Record(tag, cls, shape, positional)


def _event(tag: str, cls: Any, *fields: tuple[str, Kind]) -> tuple[type, Record]:
    """An event: who did it, the seats alone allowed its details, and its own fields."""
    return cls, _record(tag, cls, ("seat", SEAT_NO), ("private_to", Maybe(INTS)), *fields)


def _note(tag: str, cls: Any, *fields: tuple[str, Kind]) -> tuple[type, Record]:
    """A note of the score sheet in a deal's result."""
    return cls, _record(tag, cls, *fields)


SUIT = Named("Suit", Suit)
ACT = Named("Act", Act)
PHASE = Named("Phase", Phase)
BARREL_SEAT = _record("BarrelSeat", BarrelSeat, ("attempts_used", INT), ("tally", INT))
MATCH = _record(
    "MatchState", MatchState,
    ("scores", INTS), ("palki", INTS), ("palki_streak", INTS),
    ("barrel", Tuple(Maybe(BARREL_SEAT))), ("falls", INTS), ("concessions", INTS),
    ("crosses", INTS), ("golden_left", INT), ("golden_made", BOOL),
)  # fmt: skip
SHEET_NOTE = OneOf(
    (
        _note("CutPenalty", ev.CutPenalty, ("seat", INT), ("points", INT)),
        _note("WithheldMarriage", ev.WithheldMarriage, ("seat", INT), ("suit", STR)),
        _note("SitterScore", ev.SitterScore, ("seat", INT), ("points", INT)),
        _note("Frozen", ev.Frozen, ("seats", INTS)),
        _note("Palka", ev.Palka, ("seat", INT), ("count", INT)),
        _note("ContractsOnly", ev.ContractsOnly, ("seats", INTS)),
        _note("PalkaPenalty", ev.PalkaPenalty, ("seat", INT), ("points", INT)),
        _note("Cross", ev.Cross, ("seat", INT)),
        _note("CrossPenalty", ev.CrossPenalty, ("seat", INT), ("points", INT)),
        _note("Concession", ev.Concession, ("seat", INT)),
        _note("ConcessionPenalty", ev.ConcessionPenalty, ("seat", INT), ("points", INT)),
        _note("BarrelWin", ev.BarrelWin, ("seat", INT)),
        _note("BarrelAttempt", ev.BarrelAttempt, ("seat", INT), ("used", INT)),
        _note("BarrelOn", ev.BarrelOn, ("seat", INT)),
        _note(
            "BarrelFall",
            ev.BarrelFall,
            ("seat", INT),
            ("points", INT),
            ("why", Choice(("contract", "attempts", "bump", "simultaneous"))),
        ),
        _note("BarrelThirdFall", ev.BarrelThirdFall, ("seat", INT)),
        _note("Samosval", ev.Samosval, ("seat", INT), ("score", INT)),
        _note("GoldenReset", ev.GoldenReset),
        _note("GoldenReplay", ev.GoldenReplay),
    )
)
SETTLEMENT = _record(
    "Settlement", Settlement,
    ("number", INT), ("redeal", Maybe(STR)), ("declarer", SEAT_NO), ("contract", Maybe(INT)),
    ("multiplier", INT), ("conceded", BOOL), ("baptism", BOOL), ("dark", BOOL),
    ("golden", BOOL), ("card_points", Maybe(List(INT))), ("marriage_points", Maybe(List(INT))),
    ("tricks", Maybe(List(INT))), ("made", Maybe(BOOL)), ("deltas", List(INT)),
    ("events", List(SHEET_NOTE)), ("state", MATCH), ("winner", SEAT_NO),
    ("sitting_out", SEAT_NO),
)  # fmt: skip
EVENT = OneOf(
    (
        _event(
            "DealStarted",
            ev.DealStarted,
            ("number", INT),
            ("dealer", INT),
            ("golden", BOOL),
            ("sitting_out", SEAT_NO),
            ("cut", CARDS),
        ),
        _event("DarkTaken", ev.DarkTaken),
        _event("DarkDeclined", ev.DarkDeclined),
        _event("DarkCancelled", ev.DarkCancelled),
        _event("DarkCancelDeclined", ev.DarkCancelDeclined),
        _event("DarkCalledOff", ev.DarkCalledOff),
        _event("RedealAsked", ev.RedealAsked, ("reason", STR)),
        _event("RedealDeclined", ev.RedealDeclined, ("reason", Maybe(STR))),
        _event("BidMade", ev.BidMade, ("value", INT), ("auto", BOOL)),
        _event("Passed", ev.Passed),
        _event("ContractWon", ev.ContractWon, ("value", INT), ("dark", BOOL)),
        _event("TalonTaken", ev.TalonTaken, ("cards", CARDS), ("shown", BOOL), ("talon", SEAT_NO)),
        # a card given face down is told to the others without it
        _event("CardGiven", ev.CardGiven, ("card", Maybe(CARD)), ("to", INT)),
        _event("CardDiscarded", ev.CardDiscarded, ("card", Maybe(CARD))),
        _event("Raised", ev.Raised, ("value", INT)),
        _event("Conceded", ev.Conceded),
        _event("Baptized", ev.Baptized),
        _event(
            "MarriageDeclared",
            ev.MarriageDeclared,
            ("suit", STR),
            ("points", INT),
            ("keep_trump", BOOL),
            ("trump", Maybe(SUIT)),
        ),
        _event(
            "CardPlayed",
            ev.CardPlayed,
            ("card", CARD),
            ("marriage", Maybe(STR)),
            ("keep_trump", BOOL),
        ),
        _event("TrickTaken", ev.TrickTaken, ("cards", CARDS), ("points", INT), ("number", INT)),
        _event("MarriageWithheld", ev.MarriageWithheld, ("suit", STR), ("points", INT)),
        _event("OtherTalon", ev.OtherTalon, ("cards", CARDS), ("points", INT)),
        _event("DealSettled", ev.DealSettled, ("result", SETTLEMENT)),
        _event("GameOver", ev.GameOver, ("scores", INTS)),
    )
)
ACTION = _record(
    "Action", Action,
    ("seat", INT), ("act", ACT), ("value", Maybe(INT)), ("card", Maybe(CARD)), ("to", SEAT_NO),
    ("marriage", Maybe(STR)), ("keep_trump", BOOL), ("talon", SEAT_NO), ("reason", Maybe(STR)),
    ("shown", Maybe(BOOL)), ("auto", BOOL), ("think_ms", Maybe(FLOAT)), ("hinted", BOOL),
)  # fmt: skip
TRICK = _record(
    "Trick", Trick, ("leader", INT), ("plays", Tuple(Fixed((INT, CARD)))), ("winner", INT)
)
DECLARATION = _record(
    "Declaration", Declaration,
    ("seat", INT), ("suit", STR), ("points", INT), ("keep_trump", BOOL), ("trick", INT),
    ("withheld", BOOL),
)  # fmt: skip
PLAYER = _record("PlayerInfo", PlayerInfo, ("name", STR), ("kind", STR), ("level", Maybe(STR)))
VIEW = _record(
    "SeatView", SeatView,
    ("seat", INT), ("rules", TheRules()), ("names", Tuple(STR)), ("deal_number", INT),
    ("dealer", INT), ("sitting_out", SEAT_NO), ("forehand", INT), ("on_hundred", INT),
    ("golden", BOOL), ("dark", BOOL), ("phase", PHASE), ("to_move", SEAT_NO),
    ("hand", Maybe(CARDS)), ("hand_counts", INTS), ("bids", Tuple(Fixed((INT, Maybe(INT))))),
    ("high_bid", Maybe(INT)), ("high_bidder", SEAT_NO), ("passed", Set(INT)),
    ("declarer", SEAT_NO), ("contract", Maybe(INT)), ("multiplier", INT),
    ("talon", Maybe(CARDS)), ("talon_shown", BOOL), ("talon_size", INT),
    ("talons_seen", Maybe(Tuple(CARDS))), ("passed_cards", Tuple(Fixed((INT, INT, CARD)))),
    ("hidden_gives", Tuple(Fixed((INT, INT)))), ("discarded", CARDS), ("discard_count", INT),
    ("trump", Maybe(SUIT)), ("trump_owner", SEAT_NO), ("leader", SEAT_NO),
    ("trick", Tuple(Fixed((INT, CARD)))), ("tricks", Tuple(TRICK)), ("tricks_won", INTS),
    ("points_taken", INTS), ("declarations", Tuple(DECLARATION)), ("marriage_points", INTS),
    ("redeal_reason", Maybe(STR)), ("match", MATCH), ("legal", Tuple(ACTION)),
    ("winner", SEAT_NO),
)  # fmt: skip

# Every engine value a message may hold, by its class: nothing else is ever built from one.
VALUES: dict[type, Record] = {
    **dict(EVENT.records), **dict(SHEET_NOTE.records), Settlement: SETTLEMENT, MatchState: MATCH,
    BarrelSeat: BARREL_SEAT, SeatView: VIEW, Trick: TRICK, Declaration: DECLARATION,
    Action: ACTION, PlayerInfo: PLAYER,
}  # fmt: skip


# ---------------------------------------------------------------------- the service's messages


@dataclass(frozen=True)
class SeatInfo:
    """One seat in a `table` message."""

    name: Annotated[str, STR]
    kind: Annotated[str, STR]  # "human" or "ai"
    taken: Annotated[bool, BOOL]
    connected: Annotated[bool, BOOL]
    ai_in: Annotated[
        float | None, Maybe(FLOAT)
    ]  # a person away: seconds until an AI plays for him (0: it does)


@dataclass(frozen=True)
class Hello:
    """The answer to a client's `hello`: the service's protocol version. A client of another
    version is told this, then let go."""

    TYPE: ClassVar[str] = "hello"
    wire: Annotated[int, INT]


@dataclass(frozen=True)
class Welcome:
    """A seat taken: the table's code, the seat and the conventions (a `Rules` mapping)."""

    TYPE: ClassVar[str] = "welcome"
    code: Annotated[str, STR]
    seat: Annotated[int, INT]
    rules: Annotated[Mapping[str, Any], Tagged()]
    preset: Annotated[str, STR]
    title: Annotated[str, STR]
    lang: Annotated[str, STR]
    timeout: Annotated[float, FLOAT]
    hints: Annotated[bool, BOOL] = False
    clock: Annotated[float, FLOAT] = 0.0  # the seconds a person has for each decision (0: no clock)
    # A watcher's welcome: he holds no seat (his views are seat 0's place with nothing of
    # its own: what every seat may see). `watchers`: what the table lets watchers do.
    watcher: Annotated[bool, BOOL] = False
    watchers: Annotated[str, STR] = "read"


@dataclass(frozen=True)
class TableStatus:
    """Who sits where, who is connected, who is away and for how long."""

    TYPE: ClassVar[str] = "table"
    code: Annotated[str, STR]
    started: Annotated[bool, BOOL]
    over: Annotated[bool, BOOL]
    to_move: Annotated[int | None, SEAT_NO]
    seats: Annotated[tuple[SeatInfo, ...], Tuple(record(SeatInfo))]
    fill_in: Annotated[float | None, Maybe(FLOAT)] = (
        None  # before the game: seconds until AI takes the free seats
    )
    again: Annotated[
        tuple[int, ...], Tuple(INT)
    ] = ()  # game over: the seats whose people asked to play again
    watching: Annotated[int, INT] = 0  # how many watch the table


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
    turn: Annotated[int, INT]
    events: Annotated[tuple[Event, ...], Tuple(EVENT)]
    view: Annotated[SeatView, VIEW]
    players: Annotated[tuple[PlayerInfo, ...], Tuple(PLAYER)]
    tricks: Annotated[tuple[tuple[int, Trick], ...], Tuple(Fixed((INT, TRICK)))] = ()
    ended: Annotated[SeatView | None, Maybe(VIEW)] = None
    results: Annotated[tuple[Settlement, ...] | None, Maybe(Tuple(SETTLEMENT))] = None
    deal: Annotated[tuple[Event, ...] | None, Maybe(Tuple(EVENT))] = None
    away: Annotated[tuple[Action, ...], Tuple(ACTION)] = ()
    away_count: Annotated[int, INT] = 0
    clock: Annotated[float | None, Maybe(FLOAT)] = None
    again: Annotated[bool, BOOL] = False


@dataclass(frozen=True)
class Acked:
    """The `act` of sequence number `seq` was played (told after its `update`)."""

    TYPE: ClassVar[str] = "ack"
    seq: Annotated[int, INT]


@dataclass(frozen=True)
class Refused:
    """A decision the table did not take (not this seat's turn, or the engine's reason)."""

    TYPE: ClassVar[str] = "refused"
    error: Annotated[str, STR]
    seq: Annotated[int | None, Maybe(INT)] = None


@dataclass(frozen=True)
class Failure:
    """A request that could not be done, or the table or the connection ending: why.
    `about`: what was refused when the connection goes on regardless (`chat`: a line of
    chat not sent). `said`, `values`: the key of the text among the service's
    (`tables.texts`) and its placeholders' values, for the client to say it in its player's
    language; `error` is its English."""

    TYPE: ClassVar[str] = "error"
    error: Annotated[str, STR]
    about: Annotated[str | None, Maybe(STR)] = None
    said: Annotated[str | None, Maybe(STR)] = None
    values: Annotated[Mapping[str, Any] | None, Maybe(Tagged())] = None


@dataclass(frozen=True)
class Pong:
    TYPE: ClassVar[str] = "pong"


@dataclass(frozen=True)
class Notice:
    """Something the players are told that changes nothing of the game: `ai_retry`, the
    service failed while deciding for `seat` and tries again; `clock_out`, the time of the
    person at `seat` for this decision ran out, and an AI decides it for him; `club_down`, the
    club database (a club of several hosts) is out of reach: the game goes on, its record
    kept, and the club's index catches up once it is back; `club_back`, it is back. A client
    says nothing of a notice it does not know (one of a later service of the same protocol)."""

    TYPE: ClassVar[str] = "notice"
    notice: Annotated[str, STR]
    seat: Annotated[int | None, SEAT_NO] = None


@dataclass(frozen=True)
class ChatLine:
    """A line a person at the table wrote (cleaned by the service), told to every seat, the
    writer's own included. `earlier`: one of the table's last lines, told again to one who
    sits down again. `watcher`: a watcher wrote it (his seat `WATCHER`)."""

    TYPE: ClassVar[str] = "chat"
    seat: Annotated[int, INT]
    name: Annotated[str, STR]
    text: Annotated[str, STR]
    earlier: Annotated[bool, BOOL] = False
    watcher: Annotated[bool, BOOL] = False


@dataclass(frozen=True)
class Closed:
    """The connection ended (made by the client itself, never sent), and why if known."""

    TYPE: ClassVar[str] = "closed"
    why: Annotated[str | None, Maybe(STR)] = None


# ---------------------------------------------------------------------- the lobby


@dataclass(frozen=True)
class OpenTable:
    """A public table waiting for players, as anyone on the host may see it: its code (which
    lets one sit at it), its conventions' name and title, its seats taken by people and by
    AI, those still free, how long it has waited, and in how many seconds AI takes the free
    seats (None: when its opener starts it). Never a hand, a name or a seed."""

    code: Annotated[str, STR]
    preset: Annotated[str, STR]
    title: Annotated[str, STR]
    players: Annotated[int, INT]
    people: Annotated[int, INT]
    ai: Annotated[int, INT]
    free: Annotated[int, INT]
    waited: Annotated[float, FLOAT]
    fill_in: Annotated[float | None, Maybe(FLOAT)] = None


@dataclass(frozen=True)
class Tables:
    """The answer to `list`: the public tables waiting for players, the fullest first."""

    TYPE: ClassVar[str] = "tables"
    tables: Annotated[tuple[OpenTable, ...], Tuple(record(OpenTable))]


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
    wire: Annotated[int, Whole(0, MAX_INT), REQUIRED] = WIRE


@dataclass(frozen=True)
class TableOptions:
    """What opening a table sets, the same for `open` and for quick match (`match`): its
    conventions (a `Rules` mapping), its preset's name and title, the AI's level, how long a
    seat waits for its person who went away (`timeout`), the pace, the language, hints, the
    seats for people (None: all), the AI's names, the opener's name and who he is (his SSH
    key), whether it stays out of the lobby (`private`), and after how many seconds AI takes
    the free seats (`fill`), and the seconds each person has for a decision before an AI
    takes it for him (`clock`; None or 0: no clock). A front end makes it once; the client
    and the request carry it as it is. On the wire its fields are the request's own (a
    `Spread` field of `open` and `match`), those None left out: the service's default."""

    rules: Annotated[Mapping[str, Any], Data()]
    preset: Annotated[str, Text(40)]
    title: Annotated[str | None, NAME] = None
    level: Annotated[str | None, Text(20)] = None
    timeout: Annotated[float | None, SECONDS] = None
    pace: Annotated[float | None, SECONDS] = None
    lang: Annotated[str | None, Text(8)] = None
    hints: Annotated[bool, FLAG] = False
    people: Annotated[tuple[int, ...] | None, Items(SEAT, 4)] = None
    ai_names: Annotated[tuple[str, ...] | None, Items(NAME, MAX_AI_NAMES)] = None
    name: Annotated[str | None, NAME] = None
    who: Annotated[str | None, NAME] = None
    private: Annotated[bool, FLAG] = (
        False  # kept out of the lobby: only its code brings anyone to it
    )
    fill: Annotated[float | None, SECONDS] = (
        None  # seconds after which AI takes the free seats and it begins
    )
    clock: Annotated[float | None, SECONDS] = (
        None  # seconds for each decision of a person (None, 0: no clock)
    )
    watchers: Annotated[str | None, Choice(WATCHERS)] = None  # who may watch (None: "read")
    # the opener lets the others see his hands once the game is over (in its record)
    open_hands: Annotated[bool | None, Maybe(FLAG)] = None  # None: no (left off the wire)

    @classmethod
    def of(cls, preset: Preset, lang: str = "en") -> TableOptions:
        """A table of `preset` (its conventions, name and title in `lang`), the rest the
        service's defaults (set more with `dataclasses.replace`)."""
        return cls(preset.rules.to_dict(), preset.name, preset.title_in(lang), lang=lang)


@dataclass(frozen=True)
class OpenRequest:
    """Open a table of these options and sit at seat 0."""

    OP: ClassVar[str] = "open"
    options: Annotated[TableOptions, Spread(TableOptions)]


@dataclass(frozen=True)
class JoinRequest:
    """Sit at the table of `code` (again, for one who sat there)."""

    OP: ClassVar[str] = "join"
    code: Annotated[str, Text(20)]
    seat: Annotated[int | None, SEAT] = None
    name: Annotated[str | None, NAME] = None
    who: Annotated[str | None, NAME] = None
    # the person lets the others see his hands once the game is over (in its record)
    open_hands: Annotated[bool | None, Maybe(FLAG)] = None  # None: no (left off the wire)


@dataclass(frozen=True)
class WireAction:
    """What a person chooses in a decision, as an `act` carries it: the engine's `Action`
    without its seat (the connection's) and without what only the record keeps (the time
    taken, a card played by itself, a talon shown): a field of either is refused. The service
    plays the engine's own legal action equal to it."""

    act: Annotated[Act, Choice.of(Act)]
    value: Annotated[int | None, Whole(-MAX_INT, MAX_INT)] = None
    card: Annotated[Card | None, CardCode("the action's card")] = None
    to: Annotated[int | None, SEAT] = None
    marriage: Annotated[str | None, Text(1)] = None
    keep_trump: Annotated[bool, FLAG] = False
    talon: Annotated[int | None, Whole(0, 1)] = None
    reason: Annotated[str | None, Text(40)] = None
    hinted: Annotated[bool, FLAG] = False

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


@dataclass(frozen=True)
class ActRequest:
    """A decision of the connection's seat: what a person chooses of it (a `WireAction`),
    and the client's sequence number, which the service's `ack` gives back."""

    OP: ClassVar[str] = "act"
    action: Annotated[WireAction, Nested(WireAction)]
    seq: Annotated[int, Whole(0, MAX_INT)]


@dataclass(frozen=True)
class WatchRequest:
    """Watch the table of `code`, at no seat: its game as every seat may see it."""

    OP: ClassVar[str] = "watch"
    code: Annotated[str, Text(20)]
    name: Annotated[str | None, NAME] = None


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
    text: Annotated[str, Text(MAX_CHAT_SENT)]


@dataclass(frozen=True)
class AgainRequest:
    """Game over: the person of the connection's seat will play again with the same people
    at the same table. When every person at the table has asked, a new game begins there."""

    OP: ClassVar[str] = "again"


@dataclass(frozen=True)
class ListRequest:
    """The lobby: the public tables waiting for players (answered with `tables`); with
    `playing`, the public tables whose game is under way that may be watched instead."""

    OP: ClassVar[str] = "list"
    playing: Annotated[bool | None, Maybe(FLAG)] = None


@dataclass(frozen=True)
class MatchRequest:
    """Quick match: sit at the fullest public table of this preset (and these conventions)
    waiting for players, else open one of these options as `open` would, public, which AI
    fills after `fill` seconds. Its opener sits at a free seat of a public table: it names no
    seats for people and is never private (those fields never go on the wire)."""

    OP: ClassVar[str] = "match"
    options: Annotated[TableOptions, Spread(TableOptions, ("people", "private"))]

    def __post_init__(self) -> None:
        if self.options.people is not None or self.options.private:
            raise WireError("a quick match names no seats for people and is never private")


@dataclass(frozen=True)
class RelayedRequest:
    """The first line of a connection that another host of the club relays (written by this
    host's end of the relay, `tables/relay.py`, before anything the other host sends): the
    club host `node` it comes from, as this host's `relay.keys` names its key (None: not
    named). The people it seats are then only that host's own and the club's keyed players;
    a connection is relayed once, and never un-relayed."""

    OP: ClassVar[str] = "relayed"
    node: Annotated[str | None, Text(63)] = None


Request = (
    HelloRequest | OpenRequest | JoinRequest | ActRequest | StartRequest | PingRequest
    | ChatRequest | ListRequest | MatchRequest | AgainRequest | WatchRequest | RelayedRequest
)  # fmt: skip
REQUEST_KINDS: dict[str, type[Request]] = {
    kind.OP: kind
    for kind in (
        HelloRequest, OpenRequest, JoinRequest, ActRequest, StartRequest, PingRequest,
        ChatRequest, ListRequest, MatchRequest, AgainRequest, WatchRequest, RelayedRequest,
    )
}  # fmt: skip


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
    out), each written by its kind."""
    return {"type": message.TYPE, **shape_of(type(message)).dump(message, "default")}


def dump(message: Message) -> bytes:
    return line(message_data(message))


def read_message(data: dict[str, Any], rules: Rules | None = None) -> Message:
    """The message of a JSON object the service sent (`rules`: the table's conventions, which
    its views name), read and checked by its definition; WireError saying what is wrong with
    anything else."""
    name = data.get("type")
    kind = MESSAGES.get(name) if isinstance(name, str) else None
    if kind is None:
        raise WireError(f"an unknown message {ascii(name)[:30]}")
    fields = {k: v for k, v in data.items() if k != "type"}
    return kind(**shape_of(kind).load(fields, f"the {name} message", Reading(rules)))


def request_data(request: Request) -> dict[str, Any]:
    """A client's request as JSON: its `op` and its fields (those None left out; a table's
    options among the request's own)."""
    data: dict[str, Any] = {"op": request.OP}
    shape = shape_of(type(request))
    if isinstance(request, (OpenRequest, MatchRequest)):  # the options' fields its own
        data.update(shape.dump(request.options, "none"))
    else:
        data.update(shape.dump(request, "none"))
    return data


def dump_request(request: Request) -> bytes:
    return line(request_data(request))


def read_request(data: dict[str, Any]) -> Request:
    """The request of a JSON object a client sent (`parse_request` of its line), read and
    checked by its definition; WireError naming what is wrong otherwise."""
    op = data.get("op")
    kind = REQUEST_KINDS.get(op) if isinstance(op, str) else None
    if kind is None:
        raise WireError(f"unknown request {short(op)}; the requests are {', '.join(REQUEST_KINDS)}")
    fields = shape_of(kind).load(
        {k: v for k, v in data.items() if k != "op"}, "the request", Reading()
    )
    if kind is OpenRequest:
        return OpenRequest(TableOptions(**fields))
    if kind is MatchRequest:
        return MatchRequest(TableOptions(**fields))
    return kind(**fields)


def load(raw: bytes) -> dict[str, Any]:
    """One message; raises WireError if the line is not a JSON object."""
    return load_line(raw)
