"""Phrases about a seat's position that several screens show: the hand, marriages held,
why a bid is refused, what a concession costs."""

from __future__ import annotations

from rich.text import Text

from ..engine.cards import Card, card_points, has_four_aces, marriage_suits, sort_hand
from ..engine.deal import half_rounded_up_to_5
from ..engine.rules import Rules
from ..engine.view import SeatView
from .i18n import Translator
from .render import Palette


def sorted_hand(view: SeatView) -> list[Card]:
    return sort_hand(view.hand or (), view.trump)


def hand_line(view: SeatView, t: Translator, p: Palette) -> Text:
    out = Text(t("your_hand"), style="bold")
    out.append_text(p.cards(sorted_hand(view)))
    return out


def holds_marriage(cards: tuple[Card, ...] | list[Card], rules: Rules) -> bool:
    return bool(marriage_suits(cards)) or (rules.ace_marriage.enabled and has_four_aces(cards))


def marriages_text(cards: tuple[Card, ...] | list[Card], rules: Rules, p: Palette) -> str:
    parts = [f"{p.suit_label(s)}{rules.marriage.value_of(s.value)}" for s in marriage_suits(cards)]
    if rules.ace_marriage.enabled and has_four_aces(cards):
        parts.append(f"A{rules.ace_marriage.value}")
    return " ".join(parts)


def hand_points(cards: tuple[Card, ...] | list[Card], rules: Rules) -> int:
    total = card_points(cards)
    total += sum(rules.marriage.value_of(s.value) for s in marriage_suits(cards))
    if rules.ace_marriage.enabled and has_four_aces(cards):
        total += rules.ace_marriage.value
    return total


def bid_limit_reason(view: SeatView, top: int | None, t: Translator) -> str:
    """Why no bid above `top` (the highest legal one, or None if only a pass) is allowed."""
    rules = view.rules
    b = rules.bidding
    hand = view.hand or ()
    step = b.step
    base = top if top is not None else (view.high_bid or b.min)
    nxt = (base // step + 1) * step
    if not b.jumps and top is not None:
        return t("auction_no_jumps", step=step)
    if nxt > b.max:
        return t("auction_max", limit=b.max)
    above = b.marriage_required_above
    if above is not None and nxt > above and not holds_marriage(hand, rules):
        return t("auction_marriage_rule", limit=above)
    if b.cap_by_marriages:
        limit = 120 + hand_points(hand, rules) - card_points(hand)
        if nxt > limit:
            return t("auction_marriage_cap", limit=limit)
    cap = rules.barrel.max_bid
    if cap is not None and view.match.on_barrel(view.seat) and nxt > cap:
        return t("auction_barrel_cap", limit=cap)
    if top is None:
        return t("auction_only_pass")
    return ""


def concession_terms(view: SeatView, t: Translator) -> tuple[str, int]:
    """What conceding costs the declarer (words) and gives each opponent (points)."""
    rules = view.rules
    contract = view.contract or 0
    m = view.multiplier
    seat = view.seat
    r = rules.rospis
    free = view.match.concessions[seat] < r.free_per_game
    if r.declarer == "palka" and not free:
        loss = t("contract_palka")
    elif r.declarer == "minus_bid" and not free:
        loss = f"−{contract * m}"
    else:
        loss = t("contract_free")
    if r.opponents == "sixty":
        share = 60
    else:
        share = half_rounded_up_to_5(contract)
        if r.opponents == "half_bid_max_60":
            share = min(share, 60)
    return loss, share * m
