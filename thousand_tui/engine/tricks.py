"""Trick play: which cards may be played and who wins a trick (RULES.md §1, §2.6)."""

from __future__ import annotations

from collections.abc import Sequence

from .cards import Card, Suit


def trick_winner(cards: Sequence[Card], trump: Suit | None) -> int:
    """Index in `cards` (play order) of the winner: highest trump, else highest of the led suit."""
    led = cards[0].suit
    best = 0
    for i in range(1, len(cards)):
        if beats(cards[i], cards[best], led, trump):
            best = i
    return best


def beats(card: Card, best: Card, led: Suit, trump: Suit | None) -> bool:
    if card.suit is best.suit:
        return card.rank > best.rank
    return bool(trump is not None and card.suit is trump)


def legal_follows(
    hand: Sequence[Card], trick: Sequence[Card], trump: Suit | None, must_beat: bool
) -> list[Card]:
    """Cards a player may add to a trick already led.

    Follow suit; void, play a trump when a trump is set and held; else anything.
    `play.must_beat`: head the trick when able — a higher card of the led suit while the trick
    is not trumped, or, when trumping, a higher trump than any already played."""
    led = trick[0].suit
    same = [c for c in hand if c.suit is led]
    if same:
        if not must_beat:
            return same
        trumped = trump is not None and led is not trump and any(c.suit is trump for c in trick)
        if trumped:
            return same
        top = max((c for c in trick if c.suit is led), key=lambda c: c.rank)
        higher = [c for c in same if c.rank > top.rank]
        return higher or same
    if trump is not None:
        trumps = [c for c in hand if c.suit is trump]
        if trumps:
            if not must_beat:
                return trumps
            played = [c for c in trick if c.suit is trump]
            if not played:
                return trumps
            top_trump = max(played, key=lambda c: c.rank)
            higher = [c for c in trumps if c.rank > top_trump.rank]
            return higher or trumps
    return list(hand)
