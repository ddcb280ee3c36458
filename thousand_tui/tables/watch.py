"""What a watcher of a shared table is told: the view of no seat.

A watcher holds no seat. His view is placed where seat 0 sits (the names, the table's layout)
but is built field by field from what every seat may see (an allow-list, not seat 0's view with
its own taken out): no hand, no decision, no talon unless it was shown to all, no discard, no
card given face down, no reason for a redeal asked on one's own cards. A field the engine's
view gains is not told to a watcher until it is named here (building the view fails without
it). His events are those every seat may see (`wire.for_seat` of `WATCHER`, a seat that is in
no event's `private_to`).
"""

from __future__ import annotations

from ..engine.deal import Deal
from ..engine.events import Event
from ..engine.view import SeatView, exchange_seen
from .wire import WATCHER, for_seat

PLACE = 0  # the seat a watcher's view is drawn from (its place at the table, nothing else)
MAX_WATCHERS = 20  # watchers at one table, at most


def public_view(deal: Deal, names: tuple[str, ...], winner: int | None) -> SeatView:
    """What anyone may see of `deal`, each field named: the public ones as the deal has
    them, the private ones empty."""
    shown = deal.talon_cards if deal.talon_cards and deal.talon_shown else None
    passed_cards, hidden_gives = exchange_seen(deal, WATCHER) if deal.given else ((), ())
    return SeatView(
        seat=PLACE,
        rules=deal.rules,
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
        hand=None,  # nobody's cards
        hand_counts=tuple(map(len, deal.hands)),
        bids=deal.bids,
        high_bid=deal.high,
        high_bidder=deal.high_seat,
        passed=deal.passed,
        declarer=deal.declarer,
        contract=deal.contract,
        multiplier=deal.multiplier,
        talon=tuple(shown) if shown is not None else None,  # only a talon shown to all
        talon_shown=deal.talon_shown,
        talon_size=len(deal.talons[0]) if deal.taken_talon is None else 0,
        talons_seen=None,  # the declarer's look at two talons is his
        passed_cards=passed_cards,  # only the gives everyone saw
        hidden_gives=hidden_gives,
        discarded=(),  # the declarer's
        discard_count=len(deal.discarded),
        trump=deal.trump,
        trump_owner=deal.trump_owner,
        leader=deal.leader,
        trick=deal.trick,
        tricks=deal.tricks,
        tricks_won=deal.tricks_won,
        points_taken=deal.card_points,
        declarations=deal.declarations,
        marriage_points=deal.marriage_points,
        redeal_reason=None,  # the asked seat's, about his cards
        match=deal.match,
        legal=(),  # a watcher decides nothing
        winner=winner,
    )


def public_events(events: list[Event] | tuple[Event, ...]) -> tuple[Event, ...]:
    """Of `events`, what every seat may learn."""
    return tuple(e for e in (for_seat(event, WATCHER) for event in events) if e is not None)
