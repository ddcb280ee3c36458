"""Hand evaluation: the points a hand is expected to take as declarer, and the exchange.

`declarer_estimate` scores an 8-card hand (after the exchange) the way a club player counts it:
sure tricks (aces, A-10, A-10-K), the tens and kings that may come home in long suits, and the
marriages the hand can declare — each marriage needs the lead after a trick won, so it counts
in full only with an entry to come back to. `best_exchange` picks the cards to give away.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import combinations

from ..engine.cards import Card, Rank, Suit, marriage_suits
from ..engine.rules import Rules

SUITS = (Suit.SPADES, Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS)


def by_suit(cards: Iterable[Card]) -> dict[Suit, list[Rank]]:
    out: dict[Suit, list[Rank]] = {s: [] for s in SUITS}
    for c in cards:
        out[c.suit].append(c.rank)
    for ranks in out.values():
        ranks.sort(reverse=True)
    return out


def suit_tricks(ranks: Sequence[Rank], length_bonus: bool = True) -> tuple[float, int]:
    """(expected card points, sure entries) a suit brings its holder as declarer."""
    held = set(ranks)
    n = len(ranks)
    value = 0.0
    entries = 0
    if Rank.ACE in held:
        value += 16
        entries += 1
        if Rank.TEN in held:
            value += 14
            entries += 1
            if Rank.KING in held and n >= 3:
                value += 7
                if Rank.QUEEN in held and n >= 4:
                    value += 5
        elif Rank.KING in held and n >= 3:
            value += 3
    elif Rank.TEN in held:
        value += 8 if n >= 3 else (3 if n == 2 else 0)
    if length_bonus and n >= 4:
        value += 4 * (n - 3)
    return value, entries


def marriage_values(hand: Iterable[Card], rules: Rules) -> list[tuple[int, Suit]]:
    return sorted(
        ((rules.marriage.value_of(s.value), s) for s in marriage_suits(hand)), reverse=True
    )


def declarer_estimate(hand: Sequence[Card], rules: Rules, counts_marriages: bool = True) -> float:
    """Expected points (cards + marriages) of this hand as declarer, leading first."""
    suits = by_suit(hand)
    value = 6.0  # stray points a declarer picks up anyway
    entries = 0
    for ranks in suits.values():
        v, e = suit_tricks(ranks)
        value += v
        entries += e
    marriages = marriage_values(hand, rules)
    leads = entries + (1 if rules.marriage.on_first_lead else 0)
    for i, (points, suit) in enumerate(marriages):
        # The marriage cards themselves win tricks once they are trump.
        trumps = len(suits[suit])
        value += 4 + 2 * max(0, trumps - 2)
        if not counts_marriages:
            continue
        if i == 0:
            factor = 0.95 if leads >= 1 else 0.55
        else:
            factor = 0.8 if leads >= 2 or trumps >= 4 else 0.6
        value += points * factor
    four_aces = sum(1 for c in hand if c.rank is Rank.ACE) == 4
    if rules.ace_marriage.enabled and four_aces and counts_marriages:
        value += rules.ace_marriage.value * 0.9
    # A void lets the declarer trump once a trump is his.
    if marriages and any(not r for r in suits.values()):
        value += 6
    return value


def give_cost(card: Card, hand: Sequence[Card]) -> float:
    """How much giving `card` away hurts the declarer (and helps its receiver)."""
    same = [c for c in hand if c.suit is card.suit]
    held = {c.rank for c in same}
    cost = card.points * 1.2
    if card.rank is Rank.ACE:
        cost += 30
    if card.rank is Rank.TEN and Rank.ACE in held:
        cost += 20
    if card.is_marriage_card:
        partner = Rank.QUEEN if card.rank is Rank.KING else Rank.KING
        cost += 80 if partner in held else 6  # a lone K/Q may complete someone's marriage
    if len(same) == 1 and card.rank < Rank.TEN:
        cost -= 4  # a void is worth making
    return cost


def best_exchange(hand: Sequence[Card], rules: Rules, give: int = 2) -> list[Card]:
    """The `give` cards whose loss costs the estimate least (ties: the cheapest to give).

    Only the cards cheapest to give are tried: an ace or a marriage card is never the answer."""
    pool = sorted(hand, key=lambda c: give_cost(c, hand))[: give + 4]
    best: tuple[float, float, list[Card]] | None = None
    for out in combinations(pool, give):
        keep = [c for c in hand if c not in out]
        score = declarer_estimate(keep, rules)
        cost = sum(give_cost(c, hand) for c in out)
        key = (score, -cost)
        if best is None or key > best[:2]:
            best = (score, -cost, list(out))
    assert best is not None
    return best[2]


def assign_gives(cards: Sequence[Card], receivers: Sequence[int]) -> dict[int, Card]:
    """Which given card goes to which opponent: the more dangerous card (points, a lone K/Q)
    to the player on the declarer's right, who plays last and so gains least from it."""
    ordered = sorted(cards, key=lambda c: (c.points, c.is_marriage_card), reverse=True)
    recv = list(receivers)
    if len(recv) >= 2:
        recv = [recv[-1], *recv[:-1]]
    return {to: card for to, card in zip(recv, ordered, strict=False)}


def hand_points(cards: Iterable[Card]) -> int:
    return sum(c.points for c in cards)
