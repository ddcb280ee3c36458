"""After the talon: play the contract, raise it, concede («Р») or be baptised («крещусь»).
The same dialog asks about a raise before giving cards (`talon.raise: before_giving`)."""

from __future__ import annotations

from rich.text import Text

from ...engine.actions import Act, Action
from ...engine.deal import Phase
from ...engine.view import SeatView
from ..describe import bid_limit_reason, concession_words, hand_line, hand_points, marriages_text
from ..i18n import Translator
from ..render import Palette
from ..widgets.choices import Choice
from .decision import DecisionScreen, confirm_words


class ContractScreen(DecisionScreen):
    def __init__(self, view: SeatView, t: Translator, p: Palette) -> None:
        self.view = view
        seat = view.seat
        contract = view.contract or 0
        before = view.phase is Phase.RAISE
        raises = [a.value for a in view.legal if a.act is Act.RAISE and a.value is not None]
        keep = "contract_give" if before else "contract_play"
        choices = [Choice("play", t(keep, value=contract), result=Action(seat, Act.RAISE))]
        if raises:
            choices.append(
                Choice(
                    "raise",
                    lambda v: t("contract_raise", value=v),
                    result=lambda v: Action(seat, Act.RAISE, value=v),
                    values=raises,
                )
            )
        if any(a.act is Act.CONCEDE for a in view.legal):
            choices.append(
                Choice(
                    "concede",
                    concession_words(view, t),
                    result=Action(seat, Act.CONCEDE),
                    confirm=confirm_words(t, len(choices), "confirm_concede"),
                )
            )
        if any(a.act is Act.BAPTISM for a in view.legal):
            choices.append(
                Choice(
                    "baptism",
                    t("contract_baptism"),
                    result=Action(seat, Act.BAPTISM),
                    confirm=confirm_words(t, len(choices), "confirm_baptism"),
                )
            )
        hand = view.hand or ()
        points = t.count("w_point", hand_points(hand, view.rules))
        marriages = marriages_text(hand, view.rules, p)
        if marriages:
            body = Text(t("contract_points_marriages", points=points))
            body.append(f" ({marriages})")
        else:
            body = Text(t("contract_points", points=points))
        body = p.styled(body)
        self.limit_reason = bid_limit_reason(view, raises[-1] if raises else contract, t)
        title = t("contract_title_before" if before else "contract_title", value=contract)
        super().__init__(
            title,
            body,
            choices,
            hand=hand_line(view, t, p),
            kind="contract",
            default="play",
        )

    def at_limit(self, choice: Choice, delta: int) -> None:
        if delta > 0 and self.limit_reason:
            self.set_note(self.limit_reason)
            self.notify(self.limit_reason, severity="warning", timeout=4)
