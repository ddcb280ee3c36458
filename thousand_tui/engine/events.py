"""What happened, for the table to show: one frozen dataclass per kind of event.

`Event`s are the steps of the game (a bid, a card played, a trick taken, a deal's result);
`SheetEvent`s are the score sheet's own notes in a deal's result (a palka, a fall from the
barrel, a samosval), written into the record's `result` line by `to_record()`. A front end
matches them by type (`match event: case BidMade(...)`); an event of a kind it does not know is
an error, not something to skip. (The kinds are plain frozen dataclasses, without slots: there
are a few dozen events a deal, and a class with slots takes twice as long to make at start-up.)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from typing import TYPE_CHECKING, Any, ClassVar, Literal, Self

from .cards import Card, Suit

if TYPE_CHECKING:
    from .scoring import Settlement


@dataclass(frozen=True, slots=True)
class Event:
    """A step of the game; `seat` is who did it (None for the table itself).

    `private_to` is set when only some seats may see the details (a card given face down):
    a front end shows them only to those seats."""

    seat: int | None
    private_to: tuple[int, ...] | None = field(default=None, kw_only=True)

    def visible_to(self, seat: int) -> bool:
        return self.private_to is None or seat in self.private_to


# ---------------------------------------------------------------------- the deal


@dataclass(frozen=True)
class DealStarted(Event):
    number: int
    dealer: int
    golden: bool
    sitting_out: int | None
    cut: tuple[Card, ...]  # the cards shown at the cut (`deal.cut_ritual`)


@dataclass(frozen=True)
class DarkTaken(Event):
    """The player on 100 plays dark (в тёмную)."""


@dataclass(frozen=True)
class DarkDeclined(Event):
    pass


@dataclass(frozen=True)
class DarkCancelled(Event):
    """An opponent holding a marriage calls the dark game off (`dark.cancel`)."""


@dataclass(frozen=True)
class DarkCancelDeclined(Event):
    pass


@dataclass(frozen=True)
class DarkCalledOff(Event):
    """The dark game is off: outbid or cancelled; every hand is seen."""


@dataclass(frozen=True)
class RedealAsked(Event):
    reason: str


@dataclass(frozen=True)
class RedealDeclined(Event):
    """Private to the seat that could have asked: the reason tells about his cards."""

    reason: str | None


@dataclass(frozen=True)
class BidMade(Event):
    value: int
    auto: bool = False  # the obligated 100, or a bid the barrel rules make


@dataclass(frozen=True)
class Passed(Event):
    pass


@dataclass(frozen=True)
class ContractWon(Event):
    value: int
    dark: bool


@dataclass(frozen=True)
class TalonTaken(Event):
    """`talon` is the talon chosen (two players), else None."""

    cards: tuple[Card, ...]
    shown: bool
    talon: int | None


@dataclass(frozen=True)
class CardGiven(Event):
    card: Card
    to: int


@dataclass(frozen=True)
class CardDiscarded(Event):
    card: Card


@dataclass(frozen=True)
class Raised(Event):
    value: int


@dataclass(frozen=True)
class Conceded(Event):
    pass


@dataclass(frozen=True)
class Baptized(Event):
    pass


@dataclass(frozen=True)
class MarriageDeclared(Event):
    """Told just before the card that declares it; `trump` is the trump after it."""

    suit: str
    points: int
    keep_trump: bool
    trump: Suit | None


@dataclass(frozen=True)
class CardPlayed(Event):
    card: Card
    marriage: str | None = None
    keep_trump: bool = False


@dataclass(frozen=True)
class TrickTaken(Event):
    """`seat` took trick `number` of `cards` (in play order), worth `points`."""

    cards: tuple[Card, ...]
    points: int
    number: int


@dataclass(frozen=True)
class MarriageWithheld(Event):
    suit: str
    points: int


@dataclass(frozen=True)
class OtherTalon(Event):
    """Two players: the talon not taken and the cards put aside go to the last trick's taker."""

    cards: tuple[Card, ...]
    points: int


# ---------------------------------------------------------------------- the match


@dataclass(frozen=True)
class DealSettled(Event):
    """The deal's result; `seat` is its declarer."""

    result: Settlement


@dataclass(frozen=True)
class GameOver(Event):
    """`seat` won the game."""

    scores: tuple[int, ...]


# ---------------------------------------------------------------------- the score sheet

FallReason = Literal["contract", "attempts", "bump", "simultaneous"]


@dataclass(frozen=True, slots=True)
class SheetEvent:
    """A note of the score sheet in a deal's result (docs/record.md#events)."""

    kind: ClassVar[str]
    # A field written under another name in the record (`Samosval.score` as `from`).
    RECORD_NAMES: ClassVar[Mapping[str, str]] = {}

    def to_record(self) -> dict[str, Any]:
        line: dict[str, Any] = {"kind": self.kind}
        for column in fields(self):
            line[column.name] = getattr(self, column.name)
        return line

    @classmethod
    def from_record(cls, data: Mapping[str, Any]) -> Self | None:
        """The note as `to_record()` wrote it; None if a field is missing or of the wrong
        type (a whole number, a word, or a list of seats)."""
        values: dict[str, Any] = {}
        for column in fields(cls):
            value = data.get(cls.RECORD_NAMES.get(column.name, column.name))
            if column.type == "int":
                if not isinstance(value, int) or isinstance(value, bool):
                    return None
            elif column.type == "tuple[int, ...]":
                if not isinstance(value, list) or not all(
                    isinstance(v, int) and not isinstance(v, bool) for v in value
                ):
                    return None
                value = tuple(value)
            elif not isinstance(value, str):
                return None
            values[column.name] = value
        return cls(**values)


@dataclass(frozen=True)
class CutPenalty(SheetEvent):
    kind: ClassVar[str] = "cut_penalty"
    seat: int
    points: int


@dataclass(frozen=True)
class WithheldMarriage(SheetEvent):
    kind: ClassVar[str] = "marriage_withheld"
    seat: int
    suit: str


@dataclass(frozen=True)
class SitterScore(SheetEvent):
    kind: ClassVar[str] = "sitter_score"
    seat: int
    points: int


@dataclass(frozen=True)
class Frozen(SheetEvent):
    """The declarer on the barrel: the others score nothing (`barrel.opponents_freeze`)."""

    kind: ClassVar[str] = "frozen"
    seats: tuple[int, ...]

    def to_record(self) -> dict[str, Any]:
        return {"kind": self.kind, "seats": list(self.seats)}


@dataclass(frozen=True)
class ContractsOnly(SheetEvent):
    """Seats above `scoring.only_contracts_above` whose points of the deal, not being their own
    contract, were not written."""

    kind: ClassVar[str] = "contracts_only"
    seats: tuple[int, ...]

    def to_record(self) -> dict[str, Any]:
        return {"kind": self.kind, "seats": list(self.seats)}


@dataclass(frozen=True)
class Palka(SheetEvent):
    kind: ClassVar[str] = "palka"
    seat: int
    count: int


@dataclass(frozen=True)
class PalkaPenalty(SheetEvent):
    kind: ClassVar[str] = "palka_penalty"
    seat: int
    points: int


@dataclass(frozen=True)
class Cross(SheetEvent):
    """A baptism («крещусь») marked on the declarer."""

    kind: ClassVar[str] = "cross"
    seat: int


@dataclass(frozen=True)
class CrossPenalty(SheetEvent):
    kind: ClassVar[str] = "cross_penalty"
    seat: int
    points: int


@dataclass(frozen=True)
class Concession(SheetEvent):
    kind: ClassVar[str] = "concession"
    seat: int


@dataclass(frozen=True)
class ConcessionPenalty(SheetEvent):
    kind: ClassVar[str] = "concession_penalty"
    seat: int
    points: int


@dataclass(frozen=True)
class BarrelWin(SheetEvent):
    kind: ClassVar[str] = "barrel_win"
    seat: int


@dataclass(frozen=True)
class BarrelAttempt(SheetEvent):
    kind: ClassVar[str] = "barrel_attempt"
    seat: int
    used: int


@dataclass(frozen=True)
class BarrelOn(SheetEvent):
    kind: ClassVar[str] = "barrel_on"
    seat: int


@dataclass(frozen=True)
class BarrelFall(SheetEvent):
    kind: ClassVar[str] = "barrel_fall"
    seat: int
    points: int
    why: FallReason


@dataclass(frozen=True)
class BarrelThirdFall(SheetEvent):
    kind: ClassVar[str] = "barrel_third_fall"
    seat: int


@dataclass(frozen=True)
class Samosval(SheetEvent):
    """A score of exactly 555 (or −555) drops to 0; `score` is the score it dropped from."""

    kind: ClassVar[str] = "samosval"
    RECORD_NAMES: ClassVar[Mapping[str, str]] = {"score": "from"}
    seat: int
    score: int

    def to_record(self) -> dict[str, Any]:
        return {"kind": self.kind, "seat": self.seat, "from": self.score}


@dataclass(frozen=True)
class GoldenReset(SheetEvent):
    kind: ClassVar[str] = "golden_reset"


@dataclass(frozen=True)
class GoldenReplay(SheetEvent):
    kind: ClassVar[str] = "golden_replay"


# Every note of the score sheet, as the record's `result.events` hold them.
SHEET_EVENTS: tuple[type[SheetEvent], ...] = (
    CutPenalty,
    WithheldMarriage,
    SitterScore,
    Frozen,
    ContractsOnly,
    Palka,
    PalkaPenalty,
    Cross,
    CrossPenalty,
    Concession,
    ConcessionPenalty,
    BarrelWin,
    BarrelAttempt,
    BarrelOn,
    BarrelFall,
    BarrelThirdFall,
    Samosval,
    GoldenReset,
    GoldenReplay,
)


def sheet_events_of(raw: object) -> list[SheetEvent]:
    """The notes of a record's `result.events` read back into their classes; a note of a kind
    no class has, or of the wrong shape, is left out."""
    if not isinstance(raw, list):
        return []
    kinds = {cls.kind: cls for cls in SHEET_EVENTS}
    out: list[SheetEvent] = []
    for item in raw:
        kind = item.get("kind") if isinstance(item, dict) else None
        cls = kinds.get(kind) if isinstance(kind, str) else None
        event = cls.from_record(item) if cls is not None else None
        if event is not None:
            out.append(event)
    return out
