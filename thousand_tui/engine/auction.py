"""The dark offer and the auction (торговля): who opens, who must pass, what may be bid
(docs/rules.md#auction, `bidding.*`, `dark.*`, `barrel.bidding`).

The caps on a bid are data (`BidCap`: the rule that sets it and its limit), so the table words
them in its own language and the engine's refusals name the same rule.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Final, Literal

from .actions import Act, Action, options, plain
from .cards import Card, has_four_aces, marriage_suits
from .events import (
    BidMade,
    DarkCalledOff,
    DarkCancelDeclined,
    DarkCancelled,
    DarkDeclined,
    DarkTaken,
    Passed,
)
from .match import MatchState
from .phases import Phase, next_multiple, seats_after
from .rules import Rules

if TYPE_CHECKING:
    from .deal import Deal

DECK_POINTS = 120
"""The points of all the cards: with `bidding.cap_by_marriages` a bid may not exceed them plus
the marriages in hand."""

CapKind = Literal["highest_bid", "marriage_required", "marriages_cap", "barrel"]


@dataclass(frozen=True, slots=True)
class BidCap:
    """A ceiling on a bid or a raise: `kind` names the rule, `limit` the highest value it
    allows."""

    kind: CapKind
    limit: int

    def english(self) -> str:
        if self.kind == "highest_bid":
            return f"the highest bid is {self.limit}"
        if self.kind == "marriage_required":
            return f"a bid above {self.limit} needs a marriage in hand"
        if self.kind == "marriages_cap":
            return f"a bid may not exceed {DECK_POINTS} plus the marriages in hand"
        return f"on the barrel a bid may not exceed {self.limit}"


# ---------------------------------------------------------------------- the caps on a bid


def holds_marriage(rules: Rules, hand: Sequence[Card]) -> bool:
    """A king and queen of one suit, or the four aces where they count (`ace_marriage`)."""
    return bool(marriage_suits(hand)) or (rules.ace_marriage.enabled and has_four_aces(hand))


def marriage_total(rules: Rules, hand: Sequence[Card]) -> int:
    """The points of the marriages in a hand, the ace marriage included where it counts."""
    total = sum(rules.marriage.value_of(s.value) for s in marriage_suits(hand))
    if rules.ace_marriage.enabled and has_four_aces(hand):
        total += rules.ace_marriage.value
    return total


def bid_caps(rules: Rules, match: MatchState, seat: int, hand: Sequence[Card]) -> list[BidCap]:
    """The ceilings on what `seat` may bid or raise to holding `hand`, in the order the rules
    are checked."""
    caps = [_cap("highest_bid", rules.bidding.max)]
    above = rules.bidding.marriage_required_above
    if above is not None and not holds_marriage(rules, hand):
        caps.append(_cap("marriage_required", above))
    if rules.bidding.cap_by_marriages:
        caps.append(_cap("marriages_cap", DECK_POINTS + marriage_total(rules, hand)))
    if match.on_barrel(seat) and rules.barrel.max_bid is not None:
        caps.append(_cap("barrel", rules.barrel.max_bid))
    return caps


@cache
def _cap(kind: CapKind, limit: int) -> BidCap:
    """A cap is a value, and there are few: each is made once."""
    return BidCap(kind, limit)


def bid_ceiling(rules: Rules, match: MatchState, seat: int, hand: Sequence[Card]) -> int:
    return min([cap.limit for cap in bid_caps(rules, match, seat, hand)])


def cap_against(
    rules: Rules, match: MatchState, seat: int, hand: Sequence[Card], value: int
) -> BidCap | None:
    """The first cap that forbids bidding or raising to `value`, or None."""
    for cap in bid_caps(rules, match, seat, hand):
        if value > cap.limit:
            return cap
    return None


# ---------------------------------------------------------------------- who bids


def in_minus(rules: Rules, match: MatchState, seat: int) -> bool:
    """Below `bidding.minus_threshold` ("торговля в минусе")."""
    threshold = rules.bidding.minus_threshold
    return threshold is not None and match.scores[seat] < threshold


def seat_on_hundred(d: Deal) -> int:
    """The obligated player, unless "торговля в минусе" makes him pass (`self_passes`)."""
    if d.rules.bidding.minus_mode != "self_passes":
        return d.obligated
    start = d.order.index(d.obligated)
    ring = d.order[start:] + d.order[:start]
    for seat in ring:
        if not d.in_minus(seat):
            return seat
    return d.obligated


def dark_allowed(d: Deal) -> bool:
    """May the player on 100 be offered the dark game (`dark.*`)?"""
    rules = d.rules
    seat = d.on_hundred
    if not rules.dark.enabled or d.golden or d.match.on_barrel(seat):
        return False
    if d.barrel_seats() and rules.barrel.bidding != "normal":
        return False
    return rules.dark.min_score is None or d.match.scores[seat] >= rules.dark.min_score


def start_auction(d: Deal) -> None:
    rules = d.rules
    d.reveal_hands(*[s for s in d.order if not (d.dark and s == d.declarer)])
    if d.dark:
        cancel = rules.dark.cancel
        if cancel == "opponent_marriage":
            d.dark_cancel_queue = [
                s for s in d.opponents_from_left(d.on_hundred) if holds_marriage(rules, d.hands[s])
            ]
            next_dark_cancel(d)
            return
        if cancel == "outbid":
            d.high, d.high_seat = rules.dark.contract, d.on_hundred
            d.outbid_window = True
            d.turn = next_bidder(d, d.on_hundred)
            d.phase = Phase.AUCTION
            advance_auction(d)
            return
        d.after_auction(d.on_hundred, rules.dark.contract)
        return
    if d.golden:
        # No auction, so `bidding.minus_threshold` passes nobody: the obligated plays it.
        auto_bid(d, d.obligated, rules.golden.forced_contract)
        d.after_auction(d.obligated, rules.golden.forced_contract)
        return
    on_barrel = d.barrel_seats()
    min_contract = rules.barrel.min_contract
    if on_barrel and rules.barrel.bidding == "auto_talon":
        auto_bid(d, on_barrel[0], min_contract)
        d.after_auction(on_barrel[0], min_contract)
        return
    if on_barrel and rules.barrel.bidding == "auto_bid":
        opener = on_barrel[0]
        auto_bid(d, opener, min_contract)
    else:
        opener = d.on_hundred
        auto_bid(d, opener, opening_bid(d, opener))
    d.phase = Phase.AUCTION
    d.turn = next_bidder(d, opener)
    advance_auction(d)


def opening_bid(d: Deal, seat: int) -> int:
    if d.match.on_barrel(seat) and d.rules.barrel.goal == "contract":
        return d.rules.barrel.min_contract
    return d.rules.bidding.min


@cache
def bid_made(seat: int, value: int, auto: bool) -> BidMade:
    """The event of a bid: a value, made once and shared like the bid itself."""
    return BidMade(seat, value, auto=auto)


@cache
def pass_made(seat: int) -> Passed:
    """The event of a pass, shared."""
    return Passed(seat)


def auto_bid(d: Deal, seat: int, value: int) -> None:
    d.record(plain(seat, Act.BID, value, auto=True))
    d.bids += ((seat, value),)
    d.high, d.high_seat = value, seat
    d.emit(bid_made(seat, value, True))


def next_bidder(d: Deal, after: int) -> int | None:
    passed = d.passed
    for seat in seats_after(d.order, after):
        if seat not in passed:
            return seat
    return None if after in passed else after


def must_pass(d: Deal, seat: int) -> bool:
    if d.rules.bidding.minus_mode == "self_passes":
        return d.in_minus(seat)
    # `minus_mode: others_pass`: only a bid he makes counts, not his automatic 100.
    return d.low_bidder is not None and seat != d.low_bidder


def advance_auction(d: Deal) -> None:
    while True:
        live = [s for s in d.order if s not in d.passed]
        if len(live) == 1 and d.high_seat == live[0]:
            d.outbid_window = False
            assert d.high is not None
            d.after_auction(live[0], d.high)
            return
        seat = d.turn
        assert seat is not None
        if must_pass(d, seat) and seat != d.high_seat:
            d.record(plain(seat, Act.PASS, auto=True))
            pass_(d, seat)
            continue
        d.to_move = seat
        return


def pass_(d: Deal, seat: int) -> None:
    d.passed |= {seat}
    d.bids += ((seat, None),)
    d.emit(pass_made(seat))
    d.turn = next_bidder(d, seat)


def legal_bids(d: Deal, seat: int) -> list[int]:
    return list(bid_values(d, seat))


def bid_values(d: Deal, seat: int) -> Sequence[int]:
    """The bids open to `seat`, lowest first: a range or a tuple, so that the same values
    give the same (shared) actions."""
    rules = d.rules
    step = rules.bidding.step
    assert d.high is not None
    first = next_multiple(d.high, step)
    candidates: Sequence[int]
    if d.outbid_window and d.dark:
        candidates = (rules.dark.contract + step,)
    elif rules.bidding.jumps:
        candidates = range(first, rules.bidding.max + 1, step)
    else:
        candidates = (first,)
    min_contract = rules.barrel.min_contract
    if d.match.on_barrel(seat) and rules.barrel.goal == "contract":
        if d.high < min_contract:
            above = [v for v in candidates if v > min_contract] if rules.bidding.jumps else []
            candidates = (min_contract, *above)
        else:
            candidates = tuple(v for v in candidates if v >= min_contract)
    if d.taken_talon is None:
        ceiling = auction_ceiling(d, seat)
    else:
        ceiling = bid_ceiling(rules, d.match, seat, d.hands[seat])
    # The candidates rise: those within the ceiling come first.
    return candidates[: bisect_right(candidates, ceiling)]


def auction_ceiling(d: Deal, seat: int) -> int:
    """`bid_ceiling` for `seat` before the talon is taken, worked out once: the hands stay as
    dealt until then."""
    ceiling = d.ceilings.get(seat)
    if ceiling is None:
        ceiling = d.ceilings[seat] = bid_ceiling(d.rules, d.match, seat, d.hands[seat])
    return ceiling


# Looked up once: Python 3.11 finds an enum's members by a slow path, and every decision of
# the auction asks for these.
_PASS: Final = Act.PASS
_BID: Final = Act.BID


def auction_actions(d: Deal, seat: int) -> tuple[Action, ...]:
    return options(seat, _PASS, _BID, bid_values(d, seat))


def apply_auction(d: Deal, action: Action) -> None:
    if action.value is None:  # a pass
        pass_(d, action.seat)
    else:
        bid(d, action.seat, action.value)
    advance_auction(d)


def bid(d: Deal, seat: int, value: int) -> None:
    if d.outbid_window:
        d.outbid_window = False
        if d.dark:
            call_off_dark(d)
    d.bids += ((seat, value),)
    d.high, d.high_seat = value, seat
    if d.rules.bidding.minus_mode == "others_pass" and d.in_minus(seat) and d.low_bidder is None:
        d.low_bidder = seat
    d.emit(bid_made(seat, value, False))
    d.turn = next_bidder(d, seat)


# ---------------------------------------------------------------------- the dark game


def dark_actions(d: Deal, seat: int) -> list[Action]:
    return [plain(seat, Act.DARK), plain(seat, Act.DARK_DECLINE)]


def apply_dark(d: Deal, action: Action) -> None:
    seat = action.seat
    if action.act is Act.DARK:
        d.dark = True
        d.declarer = seat
        d.emit(DarkTaken(seat))
    else:
        d.emit(DarkDeclined(seat))
    d.reveal_hands(*[s for s in d.order if not (d.dark and s == seat)])
    d.after_dark()


def call_off_dark(d: Deal) -> None:
    d.dark = False
    d.reveal_hands()
    d.emit(DarkCalledOff(None))


def next_dark_cancel(d: Deal) -> None:
    if d.dark_cancel_queue:
        d.phase = Phase.DARK_CANCEL
        d.to_move = d.dark_cancel_queue[0]
        return
    d.after_auction(d.on_hundred, d.rules.dark.contract)


def dark_cancel_actions(d: Deal, seat: int) -> list[Action]:
    return [plain(seat, Act.DARK_CANCEL), plain(seat, Act.DARK_CANCEL_DECLINE)]


def apply_dark_cancel(d: Deal, action: Action) -> None:
    seat = action.seat
    d.dark_cancel_queue.pop(0)
    if action.act is Act.DARK_CANCEL:
        d.emit(DarkCancelled(seat))
        call_off_dark(d)
        d.declarer = None
        start_auction(d)
    else:
        d.emit(DarkCancelDeclined(seat))
        next_dark_cancel(d)
