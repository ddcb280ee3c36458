"""Shuffling, the cut and dealing (docs/rules.md#dealing, docs/rules.md#the-cut)."""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import cache

from .cards import DECK, Card, Rank
from .match import MatchState
from .rules import Rules


@dataclass(frozen=True, slots=True)
class Dealt:
    """Cards as dealt: hands in seat order (a sitting-out seat has none) and the talons
    (one talon of three, or two talons with two players)."""

    hands: tuple[tuple[Card, ...], ...]
    talons: tuple[tuple[Card, ...], ...]
    cut: tuple[Card, ...] = ()
    cut_penalty: bool = False


def deal_rng(seed: int, number: int) -> random.Random:
    """Every deal's shuffle comes from the game seed and the deal number (docs/rules.md#dealing)."""
    return random.Random(seed * 1_000_003 + number)


def first_dealer_of(seed: int, players: int) -> int:
    """The first dealer of a new game, drawn from its seed (docs/rules.md#seats-dealer-and-forehand:
    the record keeps it as `first_dealer`, so the game replays with it)."""
    return random.Random(f"first dealer {seed}").randrange(players)


def shuffled_deck(rng: random.Random) -> list[Card]:
    deck = list(DECK)
    rng.shuffle(deck)
    return deck


def cut_deck(deck: list[Card], rng: random.Random) -> tuple[list[Card], tuple[Card, ...], bool]:
    """The cut ritual (`deal.cut_ritual`): the cutter cuts and the bottom card is shown.

    A nine: cut again; the third nine in a row fines the cutter and the deal goes on.
    A jack is "married" into the middle of the deck and cutting stops. Anything else: deal.
    Returns the deck, the bottom cards shown, and whether the cutter is fined."""
    shown: list[Card] = []
    nines = 0
    while True:
        at = rng.randint(4, len(deck) - 4)
        deck = deck[at:] + deck[:at]
        bottom = deck[-1]
        shown.append(bottom)
        if bottom.rank is Rank.NINE:
            nines += 1
            if nines == 3:
                return deck, tuple(shown), True
            continue
        if bottom.rank is Rank.JACK:
            deck = [*deck[: len(deck) // 2], bottom, *deck[len(deck) // 2 : -1]]
        return deck, tuple(shown), False


def fined_at_the_cut(rules: Rules, match: MatchState, cutter: int) -> MatchState:
    """The match once the cut has fined the cutter (`deal.cut_penalty`).

    The fine is taken at the cut, before the deal. A fined player on the barrel leaves it: his
    score is his barrel score less the fine, his attempts and tally are gone, and it is not a
    fall (docs/rules.md#the-cut). A fine of 0 is no fine: he stays on."""
    fine = rules.deal.cut_penalty
    scores = list(match.scores)
    scores[cutter] -= fine
    barrel = list(match.barrel)
    if fine:
        barrel[cutter] = None
    return match.evolve(scores=tuple(scores), barrel=tuple(barrel))


def deal_cards(
    deck: list[Card], dealer: int, players: int, two_player_talon: int = 2
) -> tuple[tuple[tuple[Card, ...], ...], tuple[tuple[Card, ...], ...]]:
    """Deal one card at a time clockwise from the dealer's left.

    The talon cards are taken from the middle of the deck (never among the first or last
    three, as the rule of the deal says), so the bottom card goes to the dealer (three and two
    players) or, with four players, to the talon the sitting-out dealer watches
    (docs/rules.md#dealing)."""
    hands: list[list[Card]] = [[] for _ in range(players)]
    talon: list[Card] = []
    seats = receivers(len(deck), dealer, players, two_player_talon)
    for card, seat in zip(deck, seats, strict=True):
        if seat is None:
            talon.append(card)
        else:
            hands[seat].append(card)
    if players == 2:
        talons: tuple[tuple[Card, ...], ...] = (
            tuple(talon[:two_player_talon]),
            tuple(talon[two_player_talon:]),
        )
    else:
        talons = (tuple(talon),)
    return tuple(tuple(h) for h in hands), talons


@cache
def receivers(
    cards: int, dealer: int, players: int, two_player_talon: int
) -> tuple[int | None, ...]:
    """Who gets the card at each position of the deck: a seat, or None for the talon."""
    talon_size = two_player_talon * 2 if players == 2 else 3
    if players == 4:
        active = [(dealer + k) % 4 for k in range(1, 4)]
        talon_positions = {7, 15, cards - 1}
    else:
        active = [(dealer + k) % players for k in range(1, players + 1)]
        talon_positions = set(range(6, 6 + 2 * talon_size, 2))
    seats: list[int | None] = []
    talon = turn = 0
    for position in range(cards):
        if position in talon_positions and talon < talon_size:
            seats.append(None)
            talon += 1
            continue
        seats.append(active[turn % len(active)])
        turn += 1
    return tuple(seats)


def deal(
    seed: int, number: int, dealer: int, players: int, cut_ritual: bool, two_player_talon: int = 2
) -> Dealt:
    rng = deal_rng(seed, number)
    deck = shuffled_deck(rng)
    shown: tuple[Card, ...] = ()
    fined = False
    if cut_ritual:
        deck, shown, fined = cut_deck(deck, rng)
    hands, talons = deal_cards(deck, dealer, players, two_player_talon)
    return Dealt(hands=hands, talons=talons, cut=shown, cut_penalty=fined)
