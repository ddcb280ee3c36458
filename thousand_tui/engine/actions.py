"""Decisions a seat can make, as the game record writes them (docs/record.md#action)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from .cards import DECK, Card, parse_card


class Act(StrEnum):
    BID = "bid"
    PASS = "pass"
    DARK = "dark"
    DARK_DECLINE = "dark_decline"
    DARK_CANCEL = "dark_cancel"
    DARK_CANCEL_DECLINE = "dark_cancel_decline"
    REDEAL = "redeal"
    REDEAL_DECLINE = "redeal_decline"
    TAKE_TALON = "take_talon"
    GIVE = "give"
    DISCARD = "discard"
    RAISE = "raise"
    CONCEDE = "concede"
    BAPTISM = "baptism"
    PLAY = "play"


class IllegalAction(ValueError):
    """An action the rules do not allow now; the message says why."""


@dataclass(frozen=True, slots=True)
class Action:
    """One decision. `value` is a bid or raise, `card` a card given, discarded or played,
    `to` the receiver of a given card, `marriage` the suit letter declared (`A` for the ace
    marriage), `keep_trump` a declaration "по масти", `talon` the chosen talon (two players),
    `reason` the trigger of a redeal request. `auto`, `think_ms` and `hinted` (taken after
    asking for a hint) do not take part in equality: they describe how the decision was made,
    not what it was."""

    seat: int
    act: Act
    value: int | None = None
    card: Card | None = None
    to: int | None = None
    marriage: str | None = None
    keep_trump: bool = False
    talon: int | None = None
    reason: str | None = None
    shown: bool | None = field(default=None, compare=False)
    auto: bool = field(default=False, compare=False)
    think_ms: float | None = field(default=None, compare=False)
    hinted: bool = field(default=False, compare=False)

    def to_record(self) -> dict[str, Any]:
        line: dict[str, Any] = {"type": "action", "seat": self.seat, "act": str(self.act)}
        if self.value is not None:
            line["value"] = self.value
        if self.card is not None:
            line["card"] = self.card.code
        if self.to is not None:
            line["to"] = self.to
        if self.marriage is not None:
            line["marriage"] = self.marriage
        if self.keep_trump:
            line["keep_trump"] = True
        if self.talon is not None:
            line["talon"] = self.talon
        if self.reason is not None:
            line["reason"] = self.reason
        if self.shown is not None:
            line["shown"] = self.shown
        if self.auto:
            line["auto"] = True
        if self.think_ms is not None:
            line["think_ms"] = round(self.think_ms, 1)
        if self.hinted:
            line["hinted"] = True
        return line

    @classmethod
    def from_record(cls, line: dict[str, Any]) -> Action:
        """Parse an `action` line; raises ValueError naming the field that is wrong."""
        try:
            act = Act(line["act"])
        except (KeyError, ValueError) as error:
            raise ValueError(f"unknown act {line.get('act')!r}") from error
        seat = line.get("seat")
        if not isinstance(seat, int) or isinstance(seat, bool):
            raise ValueError(f"seat must be a whole number, not {seat!r}")
        card = line.get("card")
        return cls(
            seat=seat,
            act=act,
            value=_optional_int(line, "value"),
            card=parse_card(card) if isinstance(card, str) else None,
            to=_optional_int(line, "to"),
            marriage=line.get("marriage"),
            keep_trump=bool(line.get("keep_trump", False)),
            talon=_optional_int(line, "talon"),
            reason=line.get("reason"),
            shown=line.get("shown"),
            auto=bool(line.get("auto", False)),
            think_ms=line.get("think_ms"),
            hinted=line.get("hinted") is True,
        )

    def describe(self) -> str:
        """Short English text, for error messages and logs."""
        parts = [f"seat {self.seat} {self.act.value}"]
        if self.value is not None:
            parts.append(str(self.value))
        if self.card is not None:
            parts.append(self.card.code)
        if self.to is not None:
            parts.append(f"to seat {self.to}")
        if self.marriage is not None:
            parts.append(f"marriage {self.marriage}")
        if self.keep_trump:
            parts.append("keeping trump")
        if self.talon is not None:
            parts.append(f"talon {self.talon}")
        if self.reason is not None:
            parts.append(f"({self.reason})")
        return " ".join(parts)


# Actions are values: the common ones are made once and shared by every deal.
_PLAIN: dict[tuple[int, Act, int | None, bool], Action] = {}
_CARDS: dict[tuple[int, Act, int, int | None], Action] = {}
_DECLARING: dict[tuple[int, int, str, bool], Action] = {}
_TALONS: dict[tuple[int, int | None, bool | None, bool], Action] = {}
_ROWS: dict[tuple[int, Act, int | None], tuple[Action, ...]] = {}
_OPTIONS: dict[tuple[int, Act, Act, Sequence[int]], tuple[Action, ...]] = {}
# The record line of each shared action, by the action's id (they live as long as the caches).
_LINES: dict[int, dict[str, Any]] = {}


def _shared(action: Action) -> Action:
    _LINES[id(action)] = action.to_record()
    return action


def record_line(action: Action) -> dict[str, Any]:
    """`action.to_record()`, made once for the shared actions (a fresh copy each time)."""
    line = _LINES.get(id(action))
    return dict(line) if line is not None else action.to_record()


def plain(seat: int, act: Act, value: int | None = None, auto: bool = False) -> Action:
    """A decision with at most a value: a pass, a bid, a raise, playing the contract; `auto`
    when the rules take it without a choice."""
    key = (seat, act, value, auto)
    action = _PLAIN.get(key)
    if action is None:
        action = _PLAIN[key] = _shared(Action(seat, act, value=value, auto=auto))
    return action


def with_card(seat: int, act: Act, card: Card, to: int | None = None) -> Action:
    """A card played, put aside, or given to `to`."""
    key = (seat, act, card.index, to)
    action = _CARDS.get(key)
    if action is None:
        action = _CARDS[key] = _shared(Action(seat, act, card=card, to=to))
    return action


def declaring(seat: int, card: Card, marriage: str, keep_trump: bool = False) -> Action:
    """Leading `card` and declaring the marriage `marriage` (a suit letter, or `A` for the
    aces), "по масти" with `keep_trump`."""
    key = (seat, card.index, marriage, keep_trump)
    action = _DECLARING.get(key)
    if action is None:
        action = Action(seat, Act.PLAY, card=card, marriage=marriage, keep_trump=keep_trump)
        action = _DECLARING[key] = _shared(action)
    return action


def taking_talon(
    seat: int, talon: int | None, shown: bool | None = None, auto: bool = False
) -> Action:
    """Taking the talon: `talon` the one chosen (two players), `shown` whether everyone saw it."""
    key = (seat, talon, shown, auto)
    action = _TALONS.get(key)
    if action is None:
        action = Action(seat, Act.TAKE_TALON, talon=talon, shown=shown, auto=auto)
        action = _TALONS[key] = _shared(action)
    return action


def card_actions(seat: int, act: Act, to: int | None = None) -> tuple[Action, ...]:
    """`with_card(seat, act, card, to)` for every card of the deck, by the card's index."""
    key = (seat, act, to)
    row = _ROWS.get(key)
    if row is None:
        row = _ROWS[key] = tuple(with_card(seat, act, card, to) for card in DECK)
    return row


def options(seat: int, first: Act, act: Act, values: Sequence[int]) -> tuple[Action, ...]:
    """`first` without a value, then `act` with each of `values` (a tuple or a range): a pass or
    a bid, playing the contract or raising it. The same lists come back deal after deal, so
    each is made once."""
    key = (seat, first, act, values)
    made = _OPTIONS.get(key)
    if made is None:
        made = _OPTIONS[key] = (plain(seat, first), *(plain(seat, act, v) for v in values))
    return made


def _optional_int(line: dict[str, Any], key: str) -> int | None:
    value = line.get(key)
    if value is None:
        return None
    if not isinstance(value, int) or isinstance(value, bool):
        raise ValueError(f"{key} must be a whole number, not {value!r}")
    return value
