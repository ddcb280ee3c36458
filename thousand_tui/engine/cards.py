"""The deck: 24 cards, four suits, ranks 9 J Q K 10 A (docs/rules.md#the-cards)."""

from __future__ import annotations

from collections.abc import Iterable
from enum import IntEnum, StrEnum
from operator import attrgetter
from typing import ClassVar


class Suit(StrEnum):
    """Suits by their record letter. Marriage values are a convention (`marriage.values`)."""

    SPADES = "S"
    CLUBS = "C"
    DIAMONDS = "D"
    HEARTS = "H"

    @property
    def glyph(self) -> str:
        return _GLYPHS[self]

    @property
    def is_red(self) -> bool:
        return self in (Suit.HEARTS, Suit.DIAMONDS)


_GLYPHS = {Suit.SPADES: "♠", Suit.CLUBS: "♣", Suit.DIAMONDS: "♦", Suit.HEARTS: "♥"}


class Rank(IntEnum):
    """Ranks low to high; the value orders them within a suit."""

    NINE = 0
    JACK = 1
    QUEEN = 2
    KING = 3
    TEN = 4
    ACE = 5

    @property
    def points(self) -> int:
        return _POINTS[self]

    @property
    def letter(self) -> str:
        return _RANK_LETTERS[self]


_POINTS = {Rank.NINE: 0, Rank.JACK: 2, Rank.QUEEN: 3, Rank.KING: 4, Rank.TEN: 10, Rank.ACE: 11}
_RANK_LETTERS = {
    Rank.NINE: "9",
    Rank.JACK: "J",
    Rank.QUEEN: "Q",
    Rank.KING: "K",
    Rank.TEN: "T",
    Rank.ACE: "A",
}
_LETTER_RANKS = {letter: rank for rank, letter in _RANK_LETTERS.items()}


class Card:
    """One card. Instances are interned: `Card(rank, suit) is Card(rank, suit)`."""

    __slots__ = ("bit", "code", "index", "is_marriage_card", "points", "rank", "suit")
    _interned: ClassVar[dict[tuple[Rank, Suit], Card]] = {}

    rank: Rank
    suit: Suit
    points: int
    code: str
    index: int
    bit: int  # 1 << index: a set of cards as the bits of a number
    is_marriage_card: bool  # a king or a queen

    def __new__(cls, rank: Rank, suit: Suit) -> Card:
        key = (rank, suit)
        card = cls._interned.get(key)
        if card is None:
            card = super().__new__(cls)
            card.rank = rank
            card.suit = suit
            card.points = rank.points
            card.code = rank.letter + suit.value
            card.index = SUITS.index(suit) * 6 + int(rank)
            card.bit = 1 << card.index
            card.is_marriage_card = rank in (Rank.KING, Rank.QUEEN)
            cls._interned[key] = card
        return card

    def __reduce__(self) -> tuple[type[Card], tuple[Rank, Suit]]:
        return (Card, (self.rank, self.suit))

    def __repr__(self) -> str:
        return f"Card({self.code})"

    def __str__(self) -> str:
        return self.code

    def __lt__(self, other: Card) -> bool:
        return self.index < other.index

    def __hash__(self) -> int:
        return self.index

    def label(self, ascii_only: bool = False) -> str:
        """`A♥` for the screen, `AH` in ASCII mode; the ten shows as `10`."""
        rank = "10" if self.rank is Rank.TEN else self.rank.letter
        return rank + (self.suit.value if ascii_only else self.suit.glyph)


SUITS: tuple[Suit, ...] = (Suit.SPADES, Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS)
RANKS: tuple[Rank, ...] = tuple(Rank)
DECK: tuple[Card, ...] = tuple(Card(rank, suit) for suit in SUITS for rank in RANKS)
BY_CODE: dict[str, Card] = {card.code: card for card in DECK}
_MARRIAGE_BITS = tuple((s, Card(Rank.KING, s).bit | Card(Rank.QUEEN, s).bit) for s in SUITS)


class CardError(ValueError):
    """A card code that is not one of the 24 cards."""


def parse_card(code: str) -> Card:
    """`"TH"` → ten of hearts. Accepts `10H` too."""
    text = code.strip().upper().replace("10", "T")
    card = BY_CODE.get(text)
    if card is None:
        raise CardError(
            f"{code!r} is not a card: write a rank of 9 J Q K T A and a suit of S C D H, e.g. 'TH'"
        )
    return card


def parse_cards(codes: Iterable[str]) -> list[Card]:
    return [parse_card(code) for code in codes]


def codes(cards: Iterable[Card]) -> list[str]:
    return [card.code for card in cards]


def card_points(cards: Iterable[Card]) -> int:
    return sum([card.points for card in cards])


def count_rank(cards: Iterable[Card], rank: Rank) -> int:
    return len([card for card in cards if card.rank is rank])


# The deck's order as a sort key: `sorted(cards, key=by_index)` orders as `sorted(cards)` does,
# without a comparison method call per pair.
by_index = attrgetter("index")


def marriage_suits(cards: Iterable[Card]) -> list[Suit]:
    """Suits in which these cards hold both the king and the queen."""
    held = 0
    for card in cards:
        held |= card.bit
    return [s for s, pair in _MARRIAGE_BITS if held & pair == pair]


def has_four_aces(cards: Iterable[Card]) -> bool:
    return count_rank(cards, Rank.ACE) == 4


def sort_hand(
    cards: Iterable[Card], trump: Suit | None = None, suits: Iterable[Suit] = SUITS
) -> list[Card]:
    """Suits grouped in the order of `suits` (trump first, if given), high cards first within
    a suit."""
    order = list(suits)
    if trump is not None:
        order.remove(trump)
        order.insert(0, trump)
    return sorted(cards, key=lambda c: (order.index(c.suit), -int(c.rank)))
