"""Phrases about a seat's position that several screens show: the hand, marriages held,
why a bid or a card is refused, what a concession costs.

The rules themselves are the engine's: it gives the caps on a bid, the reason a card is
refused and the terms of a concession as data, and this module puts them into words.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text

from ..engine.auction import BidCap, marriage_total
from ..engine.cards import (
    Card,
    Suit,
    card_points,
    has_four_aces,
    marriage_suits,
    sort_hand,
)
from ..engine.contract import concession_terms as engine_concession_terms
from ..engine.phases import next_multiple
from ..engine.reasons import Refusal
from ..engine.rules import Rules
from ..engine.scoring import concession_scorers
from ..engine.view import SeatView
from ..settings import DEFAULT_SUIT_ORDER
from .i18n import Translator
from .render import Palette


def sorted_hand(view: SeatView, suit_order: str = DEFAULT_SUIT_ORDER) -> list[Card]:
    """The hand in the player's order of suits (`--suit-order`), high cards first in each.
    Trump plays no part: the order changes only when the cards do (the talon taken, the
    exchange), never when a marriage makes a trump, so a card's key stays its key."""
    return sort_hand(view.hand or (), suits=[Suit(letter) for letter in suit_order])


def hand_line(view: SeatView, t: Translator, p: Palette) -> Text:
    out = Text(t("your_hand"), style="bold")
    out.append_text(p.cards(sorted_hand(view, p.suit_order)))
    return out


def marriages_text(cards: Sequence[Card], rules: Rules, p: Palette) -> str:
    parts = [f"{p.suit_label(s)}{rules.marriage.value_of(s.value)}" for s in marriage_suits(cards)]
    if rules.ace_marriage.enabled and has_four_aces(cards):
        parts.append(f"A{rules.ace_marriage.value}")
    return " ".join(parts)


def hand_points(cards: Sequence[Card], rules: Rules) -> int:
    """The points of the cards and of the marriages among them."""
    return card_points(cards) + marriage_total(rules, cards)


def cap_words(cap: BidCap, t: Translator) -> str:
    """The rule that caps a bid, in words."""
    key = {
        "highest_bid": "auction_max",
        "marriage_required": "auction_marriage_rule",
        "marriages_cap": "auction_marriage_cap",
        "barrel": "auction_barrel_cap",
    }[cap.kind]
    return t(key, limit=cap.limit)


def bid_limit_reason(view: SeatView, top: int | None, t: Translator) -> str:
    """Why no bid above `top` (the highest legal one, or None if only a pass) is allowed."""
    b = view.rules.bidding
    if not b.jumps and top is not None:
        return t("auction_no_jumps", step=b.step)
    base = top if top is not None else (view.high_bid or b.min)
    above = next_multiple(base, b.step)
    for cap in view.bid_caps():
        if above > cap.limit:
            return cap_words(cap, t)
    return t("auction_only_pass") if top is None else ""


def refusal_words(view: SeatView, refusal: Refusal, p: Palette, t: Translator) -> str:
    """Why the engine refuses a card, in words."""
    label = p.card_label(refusal.card) if refusal.card is not None else ""
    if refusal.code == "follow_suit":
        return t("not_playable_follow", card=label, suit=p.suit_label(refusal.suit))
    if refusal.code == "play_trump" and refusal.suit is not None and view.trick:
        led = view.trick[0][1].suit
        return t(
            "not_playable_trump",
            card=label,
            suit=p.suit_label(led),
            trump=p.suit_label(refusal.suit),
        )
    if refusal.code == "lead_trump" and refusal.suit is not None:
        return t("not_playable_lead_trump", card=label)
    return t("not_playable", card=label)


def concession_words(view: SeatView, t: Translator) -> str:
    """The concession's choice: what it costs the declarer and which opponents score what,
    as the engine counts it under this table's conventions and the match as it stands (not
    one on the barrel, nor one above `scoring.only_contracts_above`)."""
    rules, match, seat = view.rules, view.match, view.seat
    terms = engine_concession_terms(rules, match, seat, view.contract or 0, view.multiplier)
    loss = t(f"concede_loss_{terms.loss}", points=terms.points)
    opponents = [s for s in range(view.players) if s not in (seat, view.sitting_out)]
    scorers = concession_scorers(rules, match, seat, opponents)
    if not scorers or not terms.share:
        gain = t("concede_gain_none")
    elif scorers == opponents:
        gain = t("concede_gain_each", share=terms.share)
    else:
        names = ", ".join(view.names[s] for s in scorers)
        gain = t("concede_gain_some", names=names, share=terms.share)
    return t("contract_concede", mark=t("mark_concession"), loss=loss, gain=gain)
