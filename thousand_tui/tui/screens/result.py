"""The end of a deal: who made what, each player's points, changes and scores, the palki,
barrel, samosval and other marks of the deal, and the last trick."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.widgets import Static

from ...engine.cards import Card
from ...engine.scoring import Settlement
from ..i18n import Translator
from ..narrate import Narrator
from ..render import Palette
from ..widgets.base import KeyFooter
from .common import DIALOG_GLOBAL_BINDINGS, HeldModal


class DealResultScreen(HeldModal[None]):
    HELD = frozenset({"next"})  # it opens at once after the deal's last card
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter,space,escape", "next", "key_next", key_display="⏎", id="next"),
        Binding("a", "app.analysis", "key_analysis", id="analysis"),
        *DIALOG_GLOBAL_BINDINGS,
    ]

    def __init__(
        self,
        result: Settlement,
        narrator: Narrator,
        last_trick: Sequence[tuple[int, Card]] | None,
        t: Translator,
        p: Palette,
        *,
        last: bool = False,
    ) -> None:
        super().__init__(classes="-result")
        self.last = last  # the game's last deal: Enter leads to its end, not to a next deal
        self.result = result
        self.narrator = narrator
        self.last_trick = last_trick
        self.t = t
        self.p = p

    def compose(self) -> ComposeResult:
        t, p, result = self.t, self.p, self.result
        names = self.narrator.names
        with Vertical(id="dialog") as dialog:
            dialog.border_title = t("result_title", number=result.number)
            lines = self.narrator.result(result)
            yield Static(p.styled("\n".join(lines)), id="result-lines")
            if result.redeal is None:
                table = Table(box=None, padding=(0, 2), show_edge=False)
                table.add_column("")
                table.add_column(t("result_points"), justify="right")
                table.add_column(t("result_change"), justify="right")
                table.add_column(t("result_score"), justify="right")
                for seat, name in enumerate(names):
                    points = ""
                    if result.card_points is not None and result.marriage_points is not None:
                        points = str(result.card_points[seat] + result.marriage_points[seat])
                    delta = result.deltas[seat]
                    table.add_row(
                        Text(name, style="bold" if seat == result.declarer else ""),
                        points,
                        Text(
                            f"{delta:+d}" if delta else "0",
                            style="green" if delta > 0 else "red" if delta < 0 else "",
                        ),
                        str(result.state.scores[seat]),
                    )
                yield Static(table, id="result-table")
            if self.last_trick:
                trick = Text(t("result_last_trick"), style="bold")
                trick.append(
                    " · ".join(
                        f"{names[seat]} {p.card_label(card)}" for seat, card in self.last_trick
                    )
                )
                yield Static(p.styled(trick), id="result-trick")
            yield Static(t("result_end" if self.last else "result_next"), id="result-hint")
        yield KeyFooter()

    def action_next(self) -> None:
        self.dismiss(None)
