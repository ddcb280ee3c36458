"""Leading a king or queen whose pair you hold: declare the marriage (хвалю), declare it
"по масти" where the table allows (points, trump unchanged), or just play the card."""

from __future__ import annotations

from ...engine.actions import Action
from ...engine.cards import Card
from ...engine.view import SeatView
from ..describe import hand_line
from ..i18n import Translator
from ..render import Palette
from ..widgets.choices import Choice
from .decision import DecisionScreen


def marriage_options(view: SeatView, card: Card) -> list[Action]:
    return [a for a in view.legal if a.card is card]


class MarriageScreen(DecisionScreen):
    def __init__(self, view: SeatView, card: Card, t: Translator, p: Palette) -> None:
        rules = view.rules
        label = p.card_label(card)
        trump = p.suit_label(view.trump) if view.trump is not None else t("no_trump")
        choices = []
        for action in marriage_options(view, card):
            if action.marriage == "A":
                choices.append(
                    Choice(
                        "ace",
                        t("marriage_ace", points=rules.ace_marriage.value),
                        action,
                    )
                )
            elif action.marriage is not None:
                suit = p.suit_label(action.marriage)
                points = rules.marriage.value_of(action.marriage)
                if action.keep_trump:
                    if view.trump is None:
                        text = t("marriage_keep_no_trump", suit=suit, points=points)
                    else:
                        text = t("marriage_keep", suit=suit, points=points, trump=trump)
                    choices.append(Choice("keep", p.styled(text), action))
                else:
                    text = t("marriage_declare", suit=suit, points=points)
                    choices.insert(0, Choice("declare", p.styled(text), action))
        plain = next(a for a in marriage_options(view, card) if a.marriage is None)
        choices.append(Choice("plain", p.styled(t("marriage_plain", card=label)), plain))
        suit_label = p.suit_label(card.suit)
        super().__init__(
            t("marriage_title", suit=suit_label),
            p.styled(t("marriage_body", card=label)),
            choices,
            hand=hand_line(view, t, p),
            kind="marriage",
            default=choices[0].id,
        )
