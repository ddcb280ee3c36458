"""What one seat may see (DESIGN.md: hidden information stays hidden)."""

from __future__ import annotations

from dataclasses import dataclass

from .actions import Action
from .cards import Card, Suit
from .deal import Deal, Declaration, Phase, Trick
from .match import MatchState
from .rules import Rules


@dataclass(frozen=True, slots=True)
class SeatView:
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

    @property
    def played_cards(self) -> list[Card]:
        cards = [c for t in self.tricks for c in t.cards]
        cards.extend(c for _, c in self.trick)
        return cards


def seat_view(deal: Deal, seat: int, names: tuple[str, ...], winner: int | None) -> SeatView:
    rules = deal.rules
    hand = None if seat in deal.hand_hidden else tuple(deal.hands[seat])
    declarer = deal.declarer
    talon: tuple[Card, ...] | None = None
    if deal.talon_cards and (deal.talon_shown or (seat == declarer and hand is not None)):
        talon = deal.talon_cards
    elif seat == deal.sitting_out:
        talon = deal.dealt.talons[0]
    talons_seen = None
    # `talon_choice: look`, unless he plays dark and takes the talon unseen.
    looks = rules.two_player.talon_choice == "look" and hand is not None
    if deal.phase is Phase.TALON and seat == declarer and looks:
        talons_seen = tuple(tuple(t) for t in deal.talons)
    visible = rules.talon.given_visible
    passed_cards: list[tuple[int, int, Card]] = []
    hidden: list[tuple[int, int]] = []
    for to, card in deal.given:
        if visible or seat in (declarer, to):
            passed_cards.append((declarer if declarer is not None else -1, to, card))
        else:
            hidden.append((declarer if declarer is not None else -1, to))
    talon_size = len(deal.talons[0]) if deal.taken_talon is None else 0
    return SeatView(
        seat=seat,
        rules=rules,
        names=names,
        deal_number=deal.number,
        dealer=deal.dealer,
        sitting_out=deal.sitting_out,
        forehand=deal.forehand,
        on_hundred=deal.on_hundred,
        golden=deal.golden,
        dark=deal.dark,
        phase=deal.phase,
        to_move=deal.to_move,
        hand=hand,
        hand_counts=tuple(len(h) for h in deal.hands),
        bids=tuple(deal.bids),
        high_bid=deal.high,
        high_bidder=deal.high_seat,
        passed=frozenset(deal.passed),
        declarer=declarer,
        contract=deal.contract,
        multiplier=deal.multiplier,
        talon=talon,
        talon_size=talon_size,
        talons_seen=talons_seen,
        passed_cards=tuple(passed_cards),
        hidden_gives=tuple(hidden),
        discarded=tuple(deal.discarded) if seat == declarer else (),
        discard_count=len(deal.discarded),
        trump=deal.trump,
        trump_owner=deal.trump_owner,
        leader=deal.leader,
        trick=tuple(deal.trick),
        tricks=tuple(deal.tricks),
        tricks_won=tuple(deal.tricks_won),
        points_taken=tuple(deal.card_points),
        declarations=tuple(deal.declarations),
        marriage_points=tuple(deal.marriage_points),
        # The trigger tells about the asked seat's cards: his to know, not the others'.
        redeal_reason=(
            deal.redeal_queue[0][1] if deal.phase is Phase.REDEAL and seat == deal.to_move else None
        ),
        match=deal.match,
        legal=tuple(deal.legal_actions(seat)),
        winner=winner,
    )
