"""The auction: pass, the next bid, or any legal higher bid; the bids so far; why a bid is
refused (the marriage rule, the highest bid, steps of exactly 5)."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.binding import Binding, BindingType

from ...engine.actions import Act, Action
from ...engine.view import SeatView
from ..describe import bid_limit_reason, hand_line
from ..i18n import Translator
from ..render import Palette
from ..widgets.choices import Choice
from .decision import DecisionScreen


def bids_text(view: SeatView, t: Translator) -> Text:
    out = Text(t("auction_bids"), style="bold")
    parts = []
    for seat, value in view.bids:
        said = t("pass") if value is None else str(value)
        parts.append(f"{view.names[seat]} {said}")
    out.append(" · ".join(parts) if parts else "—")
    return out


class AuctionScreen(DecisionScreen):
    HELD = frozenset({"pick", "choose_pass"})
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("p", "choose_pass", "key_pass", id="pass"),
    ]

    def __init__(self, view: SeatView, t: Translator, p: Palette) -> None:
        self.view = view
        bids = [a.value for a in view.legal if a.act is Act.BID and a.value is not None]
        seat = view.seat
        choices = [Choice("pass", t("auction_pass"), result=Action(seat, Act.PASS))]
        if bids:
            choices.append(
                Choice("next", t("auction_next", value=bids[0]), Action(seat, Act.BID, bids[0]))
            )
        if len(bids) > 1:
            choices.append(
                Choice(
                    "any",
                    lambda v: t("auction_any", value=v),
                    result=lambda v: Action(seat, Act.BID, value=v),
                    values=bids[1:],
                )
            )
        body = Text()
        if view.high_bid is not None and view.high_bidder is not None:
            body.append(
                t("auction_high", value=view.high_bid, name=view.names[view.high_bidder]),
                style="bold",
            )
            body.append("\n")
        if view.dark and view.high_bidder is not None and bids:
            body.append(t("auction_outbid", name=view.names[view.high_bidder], value=bids[0]))
            body.append("\n")
        body.append_text(bids_text(view, t))
        self.limit_reason = bid_limit_reason(view, bids[-1] if bids else None, t)
        rules = view.rules
        note = ""
        marriage_rule = rules.bidding.marriage_required_above
        if self.limit_reason and (
            not bids
            or (marriage_rule is not None and bids[-1] <= marriage_rule < rules.bidding.max)
        ):
            note = self.limit_reason
        super().__init__(
            t("auction_title"),
            body,
            choices,
            note=note,
            hand=hand_line(view, t, p),
            kind="auction",
            default="pass",
        )

    def action_choose_pass(self) -> None:
        self.choose("pass")

    def at_limit(self, choice: Choice, delta: int) -> None:
        if delta > 0 and self.limit_reason:
            self.set_note(self.limit_reason)
            self.notify(self.limit_reason, severity="warning", timeout=4)
