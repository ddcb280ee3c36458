"""What one seat may see (DESIGN.md: hidden information stays hidden).

A `SeatView` is made for every decision (the table, `simulate` and every AI player decide from
one), so it is a named tuple: immutable like the rest of the engine's values, and made in one
step. It shares the deal's own immutable values (bids, tricks, declarations) instead of
copying them.
"""

from __future__ import annotations

from typing import Final, NamedTuple

from .actions import Act, Action
from .auction import BidCap, bid_caps
from .cards import Card, Suit
from .deal import Deal, ExchangeSeen
from .exchange import Owed, cards_owed
from .match import MatchState
from .phases import Declaration, Phase, Trick
from .reasons import Refusal, play_refusal
from .rules import Rules

# The phases a view asks about, looked up once: Python 3.11 finds an enum's members by a slow
# path, and a view is made for every decision.
_TALON: Final = Phase.TALON
_REDEAL: Final = Phase.REDEAL


class SeatView(NamedTuple):
    seat: int
    rules: Rules
    names: tuple[str, ...]
    deal_number: int
    dealer: int
    sitting_out: int | None
    forehand: int
    on_hundred: int
    golden: bool
    dark: bool
    phase: Phase
    to_move: int | None
    # None while this seat has not seen its cards (before the dark offer, or a dark declarer).
    hand: tuple[Card, ...] | None
    hand_counts: tuple[int, ...]
    bids: tuple[tuple[int, int | None], ...]
    high_bid: int | None
    high_bidder: int | None
    passed: frozenset[int]
    declarer: int | None
    contract: int | None
    multiplier: int
    # The talon cards this seat knows: shown to all, taken by this seat, or watched by the sitter.
    talon: tuple[Card, ...] | None
    # Whether the talon taken was shown to everyone (`talon.show`).
    talon_shown: bool
    talon_size: int
    # Two players, `talon_choice: look`: both talons, seen by the declarer before he chooses.
    talons_seen: tuple[tuple[Card, ...], ...] | None
    # Cards passed in the exchange that this seat saw: (giver, receiver, card).
    passed_cards: tuple[tuple[int, int, Card], ...]
    # Given cards this seat did not see: (giver, receiver).
    hidden_gives: tuple[tuple[int, int], ...]
    discarded: tuple[Card, ...]
    discard_count: int
    trump: Suit | None
    trump_owner: int | None
    leader: int | None
    trick: tuple[tuple[int, Card], ...]
    tricks: tuple[Trick, ...]
    tricks_won: tuple[int, ...]
    points_taken: tuple[int, ...]
    declarations: tuple[Declaration, ...]
    marriage_points: tuple[int, ...]
    redeal_reason: str | None
    match: MatchState
    legal: tuple[Action, ...]
    winner: int | None

    @property
    def players(self) -> int:
        return len(self.hand_counts)

    @property
    def is_my_turn(self) -> bool:
        return self.to_move == self.seat

    @property
    def last_trick(self) -> Trick | None:
        return self.tricks[-1] if self.tricks else None

    def bid_caps(self) -> list[BidCap]:
        """The ceilings on what this seat may bid or raise to with the cards it holds."""
        return bid_caps(self.rules, self.match, self.seat, self.hand or ())

    def cards_owed(self) -> Owed | None:
        """What this seat, the declarer, still owes in the exchange; None for the others."""
        if self.declarer != self.seat:
            return None
        given_to = [to for _, to, _ in self.passed_cards] + [to for _, to in self.hidden_gives]
        order = tuple(s for s in range(self.players) if s != self.sitting_out)
        return cards_owed(self.rules, order, self.seat, given_to, self.discard_count)

    def refusal(self, card: Card) -> Refusal | None:
        """Why this seat may not play `card` now, or None if it may."""
        if any(a.card is card for a in self.legal):
            return None
        return play_refusal(
            self.hand or (), self.trick, self.trump, Action(self.seat, Act.PLAY, card=card)
        )

    @property
    def played_cards(self) -> list[Card]:
        cards = [c for t in self.tricks for c in t.cards]
        cards.extend(c for _, c in self.trick)
        return cards


def seat_view(deal: Deal, seat: int, names: tuple[str, ...], winner: int | None) -> SeatView:
    hand = None if seat in deal.hand_hidden else tuple(deal.hands[seat])
    declarer = deal.declarer
    phase = deal.phase
    talon: tuple[Card, ...] | None = None
    if deal.talon_cards and (deal.talon_shown or (seat == declarer and hand is not None)):
        talon = deal.talon_cards
    elif seat == deal.sitting_out:
        talon = deal.dealt.talons[0]
    talons_seen = None
    # The declarer choosing a talon sees both with `talon_choice: look`, unless he plays dark
    # and takes the talon unseen.
    choosing = phase is _TALON and seat == declarer and hand is not None
    if choosing and deal.rules.two_player.talon_choice == "look":
        talons_seen = tuple(tuple(t) for t in deal.talons)
    passed_cards, hidden_gives = seen_gives(deal, seat) if deal.given else ((), ())
    # Positional, in the order of the fields, without the named tuple's own constructor: a
    # view is made for every decision.
    return tuple.__new__(
        SeatView,
        (
            seat,
            deal.rules,
            names,
            deal.number,  # deal_number
            deal.dealer,
            deal.sitting_out,
            deal.forehand,
            deal.on_hundred,
            deal.golden,
            deal.dark,
            phase,
            deal.to_move,
            hand,
            tuple(map(len, deal.hands)),  # hand_counts
            deal.bids,
            deal.high,  # high_bid
            deal.high_seat,  # high_bidder
            deal.passed,
            declarer,
            deal.contract,
            deal.multiplier,
            talon,
            deal.talon_shown,
            len(deal.talons[0]) if deal.taken_talon is None else 0,  # talon_size
            talons_seen,
            passed_cards,
            hidden_gives,
            deal.discarded if seat == declarer else (),  # discarded
            len(deal.discarded),  # discard_count
            deal.trump,
            deal.trump_owner,
            deal.leader,
            deal.trick,
            deal.tricks,
            deal.tricks_won,
            deal.card_points,  # points_taken
            deal.declarations,
            deal.marriage_points,
            # The trigger tells about the asked seat's cards: his to know, not the others'.
            # redeal_reason
            (deal.redeal_queue[0][1] if phase is _REDEAL and seat == deal.to_move else None),
            deal.match,
            deal.legal(seat),
            winner,
        ),
    )


def seen_gives(deal: Deal, seat: int) -> ExchangeSeen:
    """`exchange_seen`, worked out again only when another card has been given."""
    given = len(deal.given)
    kept = deal._seen_gives.get(seat)
    if kept is None or kept[0] != given:
        kept = deal._seen_gives[seat] = (given, exchange_seen(deal, seat))
    return kept[1]


def exchange_seen(deal: Deal, seat: int) -> ExchangeSeen:
    """The cards given in the exchange that `seat` saw, (giver, receiver, card), and the gives
    it did not see, (giver, receiver)."""
    declarer = deal.declarer
    giver = declarer if declarer is not None else -1
    visible = deal.rules.talon.given_visible
    passed_cards: list[tuple[int, int, Card]] = []
    hidden: list[tuple[int, int]] = []
    for to, card in deal.given:
        if visible or seat in (declarer, to):
            passed_cards.append((giver, to, card))
        else:
            hidden.append((giver, to))
    return tuple(passed_cards), tuple(hidden)
