"""What a watcher of a shared table is told: the view of no seat.

A watcher holds no seat. His view is placed where seat 0 sits (the names, the table's layout)
but holds nothing of seat 0's own: no hand, no decision, no talon unless it was shown to all,
no discard, no card given face down, no reason for a redeal asked on one's own cards. His
events are those every seat may see (`wire.for_seat` of `WATCHER`, a seat that is in no
event's `private_to`).
"""

from __future__ import annotations

from ..engine.deal import Deal
from ..engine.events import Event
from ..engine.view import SeatView, exchange_seen, seat_view
from .wire import WATCHER, for_seat

PLACE = 0  # the seat a watcher's view is drawn from (its place at the table, nothing else)
MAX_WATCHERS = 20  # watchers at one table, at most


def public_view(deal: Deal, names: tuple[str, ...], winner: int | None) -> SeatView:
    """What anyone may see of `deal`: seat `PLACE`'s view with all that is its own taken out."""
    view = seat_view(deal, PLACE, names, winner)
    shown = deal.talon_cards if deal.talon_cards and deal.talon_shown else None
    passed_cards, hidden_gives = exchange_seen(deal, WATCHER) if deal.given else ((), ())
    return view._replace(
        hand=None,
        talon=tuple(shown) if shown is not None else None,
        talons_seen=None,
        passed_cards=passed_cards,
        hidden_gives=hidden_gives,
        discarded=(),
        redeal_reason=None,
        legal=(),
    )


def public_events(events: list[Event] | tuple[Event, ...]) -> tuple[Event, ...]:
    """Of `events`, what every seat may learn."""
    return tuple(e for e in (for_seat(event, WATCHER) for event in events) if e is not None)
