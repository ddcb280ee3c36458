"""Yes-or-no offers: the dark game before your cards are seen, cancelling someone's dark
game, a redeal; and, with two players, which talon to take."""

from __future__ import annotations

from rich.text import Text

from ...engine.actions import Act, Action
from ...engine.deal import Phase
from ...engine.view import SeatView
from ..describe import hand_line
from ..i18n import Translator
from ..render import Palette
from ..widgets.choices import Choice
from .decision import DecisionScreen, confirm_words


def offer_screen(view: SeatView, t: Translator, p: Palette) -> DecisionScreen:
    seat = view.seat
    rules = view.rules
    hand = hand_line(view, t, p) if view.hand is not None else None
    if view.phase is Phase.DARK:
        contract = rules.dark.contract
        return DecisionScreen(
            t("dark_title"),
            t("dark_body", value=rules.bidding.min, contract=contract, m=rules.dark.multiplier),
            [
                Choice(
                    "dark",
                    t("dark_yes", contract=contract),
                    Action(seat, Act.DARK),
                    confirm=confirm_words(t, 0, "confirm_dark"),
                ),
                Choice("look", t("dark_no"), Action(seat, Act.DARK_DECLINE)),
            ],
            kind="dark",
            default="look",
        )
    if view.phase is Phase.DARK_CANCEL:
        dark_seat = view.declarer if view.declarer is not None else view.on_hundred
        return DecisionScreen(
            t("dark_cancel_title", name=view.names[dark_seat]),
            t("dark_cancel_body"),
            [
                Choice("cancel", t("dark_cancel_yes"), Action(seat, Act.DARK_CANCEL)),
                Choice("stand", t("dark_cancel_no"), Action(seat, Act.DARK_CANCEL_DECLINE)),
            ],
            hand=hand,
            kind="dark-cancel",
        )
    if view.phase is Phase.REDEAL:
        reason = view.redeal_reason
        return DecisionScreen(
            t("redeal_title"),
            t("redeal_body", reason=t.reason(reason)),
            [
                Choice("redeal", t("redeal_yes"), Action(seat, Act.REDEAL, reason=reason)),
                Choice("play-on", t("redeal_no"), Action(seat, Act.REDEAL_DECLINE, reason=reason)),
            ],
            hand=hand,
            kind="redeal",
        )
    if view.phase is Phase.TALON:
        choices = []
        for i in (0, 1):
            if view.talons_seen is not None:
                label = p.styled(t("talon_choice_seen", number=i + 1, cards=_cards(view, i, p)))
            else:
                cards = t.count("w_card", view.talon_size)
                label = Text(t("talon_choice_option", number=i + 1, cards=cards))
            choices.append(Choice(f"talon{i}", label, Action(seat, Act.TAKE_TALON, talon=i)))
        body = t("talon_choice_body")
        return DecisionScreen(t("talon_choice_title"), body, choices, hand=hand, kind="talon")
    raise ValueError(f"no offer for phase {view.phase}")


def _cards(view: SeatView, index: int, p: Palette) -> str:
    assert view.talons_seen is not None
    return " ".join(p.card_label(c) for c in view.talons_seen[index])
