"""The course of a deal: its phases, and what it keeps of tricks and declarations
(docs/rules.md#the-order-of-a-deal)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from functools import cache
from typing import Final, NamedTuple

from .cards import Card

ACE_MARRIAGE: Final = "A"
"""The suit letter of a declaration of the four aces (`ace_marriage`)."""


class Phase(StrEnum):
    """Who decides what, in the order of a deal; `OVER` once it is played or redealt."""

    DARK = "dark"
    REDEAL = "redeal"
    AUCTION = "auction"
    DARK_CANCEL = "dark_cancel"
    TALON = "talon"
    RAISE = "raise"
    GIVE = "give"
    CONTRACT = "contract"
    PLAY = "play"
    OVER = "over"


class RedealStage(StrEnum):
    """When a redeal may be asked for (`redeal.when`, and the talon's own reasons)."""

    BEFORE_AUCTION = "before_auction"
    TALON = "talon"
    AFTER_EXCHANGE = "after_exchange"


class Trick(NamedTuple):
    """A trick taken (a named tuple: one is made at every trick)."""

    leader: int
    plays: tuple[tuple[int, Card], ...]
    winner: int

    @property
    def cards(self) -> tuple[Card, ...]:
        return tuple(card for _, card in self.plays)

    @property
    def points(self) -> int:
        return sum(card.points for _, card in self.plays)


@dataclass(frozen=True, slots=True)
class Declaration:
    """A marriage declared on lead: `suit` is a suit letter or `A` for the ace marriage."""

    seat: int
    suit: str
    points: int
    keep_trump: bool
    trick: int
    withheld: bool = False


@cache
def seats_from(first: int, players: int, sitting_out: int | None) -> tuple[int, ...]:
    """Active seats clockwise, starting at `first`."""
    return tuple(s for s in ((first + k) % players for k in range(players)) if s != sitting_out)


@cache
def seats_after(order: tuple[int, ...], seat: int) -> tuple[int, ...]:
    """The other seats of `order` clockwise, from `seat`'s left."""
    i = order.index(seat)
    return tuple(order[(i + k) % len(order)] for k in range(1, len(order)))


@cache
def next_seats(order: tuple[int, ...], players: int) -> tuple[int | None, ...]:
    """The seat after each seat of `order`, clockwise, by seat; None for a seat that is not in
    `order` (the dealer who sits out)."""
    after = dict(zip(order, order[1:] + order[:1], strict=True))
    return tuple(after.get(seat) for seat in range(players))


def next_multiple(value: int, step: int) -> int:
    """The smallest multiple of `step` above `value` (after 121 comes 125)."""
    return (value // step + 1) * step
