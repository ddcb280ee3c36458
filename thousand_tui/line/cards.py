"""Cards in words for the line mode: `WordsPalette`, the table's palette that names every card
and suit in words (so that the narrator's lines say "ten of hearts", not a symbol), and
`CardNames`, which reads a card the player typed: its name in words, or a short code of a
rank and a suit in the player's language or in English (`10h`, `th`, «10ч»)."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..engine.cards import DECK, Card, Rank, Suit
from ..tui.i18n import rank_label
from ..tui.render import Palette
from .texts import (
    RANK_WORDS,
    SUIT_KEYS,
    SUIT_OF,
    SUIT_WORDS,
    card_words,
    normal,
    suit_words,
    word,
)


@dataclass(frozen=True)
class WordsPalette(Palette):
    """Every card and suit in words, in the palette's language; no style is ever shown."""

    def rank_label(self, card: Card) -> str:
        return word(self.lang, RANK_WORDS[card.rank])

    def card_label(self, card: Card) -> str:
        return card_words(card, self.lang)

    def suit_label(self, suit: Suit | str | None) -> str:
        return suit_words(suit, self.lang)


ENGLISH_RANKS: dict[Rank, tuple[str, ...]] = {
    Rank.NINE: ("9",),
    Rank.TEN: ("10", "t"),
    Rank.JACK: ("j",),
    Rank.QUEEN: ("q",),
    Rank.KING: ("k",),
    Rank.ACE: ("a",),
}


@dataclass
class CardNames:
    """Every name of every card in `lang`: the first card a name was given to keeps it."""

    lang: str
    names: dict[str, Card] = field(default_factory=dict)

    def __post_init__(self) -> None:
        lang = self.lang
        for card in DECK:  # the full names first: they never clash
            self.add(card_words(card, lang), card)
            rank = word(lang, RANK_WORDS[card.rank])
            self.add(f"{rank} {word(lang, SUIT_WORDS[card.suit])}", card)
            self.add(f"{rank} {word(lang, SUIT_OF[card.suit])}", card)
        for card in DECK:  # the language's codes, then the English ones
            ranks = {rank_label(card, lang).casefold(), *ENGLISH_RANKS[card.rank][:1]}
            if card.rank is Rank.TEN:
                ranks.add("10")
            suits = [s.strip().casefold() for s in word(lang, SUIT_KEYS[card.suit]).split(",")]
            for rank in ranks:
                for suit in suits:
                    self.add(rank + suit, card)
                    self.add(f"{rank} {suit}", card)
        for card in DECK:
            for rank in ENGLISH_RANKS[card.rank]:
                suit = card.suit.value.casefold()
                self.add(rank + suit, card)
                self.add(f"{rank} {suit}", card)
            self.add(card.code.casefold(), card)

    def add(self, name: str, card: Card) -> None:
        self.names.setdefault(normal(name), card)

    def read(self, text: str) -> Card | None:
        """The card `text` names, or None."""
        return self.names.get(normal(text))


def suit_keys(lang: str) -> str:
    """The suits' letters in `lang`, as help says them: "h d c s"."""
    keys = [word(lang, SUIT_KEYS[suit]).split(",")[0].strip() for suit in SUIT_KEYS]
    return " ".join(keys)


def rank_keys(lang: str) -> str:
    """The ranks as typed in `lang`, as help says them, in the order a player counts them
    (not the order they take a trick in): "9 10 j q k a"."""
    return " ".join(
        "10" if rank is Rank.TEN else rank_label(Card(rank, Suit.HEARTS), lang).casefold()
        for rank in ENGLISH_RANKS
    )
