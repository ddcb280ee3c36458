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
from textual.timer import Timer
from textual.widgets import Static

from ...engine.cards import Card
from ...engine.scoring import Settlement
from ..i18n import Translator
from ..narrate import Narrator
from ..plain import plain
from ..render import Palette
from ..widgets.base import KeyFooter
from .common import DIALOG_GLOBAL_BINDINGS, HeldModal

AUTO_NEXT = 5
"""Seconds a deal's result stays, counted down, before the next deal begins by itself
(`--auto-next`)."""
TICK = 1.0
"""Seconds a step of that countdown takes (a test keeps the clock itself: `tick`)."""


class DealResultScreen(HeldModal[None]):
    HELD = frozenset({"next"})  # it opens at once after the deal's last card
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter,space,escape", "next", "key_next", key_display="⏎", id="next"),
        Binding("p", "wait", "key_wait", id="wait"),
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
        auto_next: bool = False,
        sitter_talon: int | None = None,
    ) -> None:
        super().__init__(classes="-result")
        self.last = last  # the game's last deal: Enter leads to its end, not to a next deal
        # Seconds left before the next deal begins by itself; None: it waits for Enter. The
        # game's end is never reached by itself.
        self.countdown: int | None = AUTO_NEXT if auto_next and not last else None
        self._ticks: Timer | None = None
        self.result = result
        self.narrator = narrator
        self.last_trick = last_trick
        # What the sitting-out dealer's talon is worth, shown as his points (four players).
        self.sitter_talon = sitter_talon
        self.t = t
        self.p = p

    def compose(self) -> ComposeResult:
        t, p, result = self.t, self.p, self.result
        names = self.narrator.names
        with Vertical(id="dialog") as dialog:
            dialog.border_title = t("result_title", number=result.number)
            lines = self.narrator.result(result)
            yield Static(plain(p.styled("\n".join(lines))), id="result-lines")
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
                    if seat == result.sitting_out:
                        talon = self.sitter_talon
                        points = t("result_talon", points=talon) if talon is not None else ""
                    delta = result.deltas[seat]
                    table.add_row(
                        plain(name, "bold" if seat == result.declarer else "", lines=False),
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
                yield Static(plain(p.styled(trick)), id="result-trick")
            yield Static(self.hint(), id="result-hint")
        yield KeyFooter()

    def hint(self) -> str:
        if self.countdown is not None:
            return self.t("result_next_in", seconds=self.countdown)
        return self.t("result_end" if self.last else "result_next")

    def on_mount(self) -> None:
        # (HeldModal's own on_mount runs too: Textual calls the handler of every class.)
        if self.countdown is not None:
            self._ticks = self.set_interval(TICK, self.tick)

    def tick(self) -> None:
        """One second less to read the result. It is counted only while the result is on
        top: a page opened over it (the analysis, the sheet, help) stops the count, and the
        next deal then waits for Enter."""
        if self.countdown is None:
            return
        if self.app.screen is not self:
            self.action_wait()
            return
        self.countdown -= 1
        if self.countdown > 0:
            self.query_one("#result-hint", Static).update(self.hint())
            return
        self.stop_countdown()
        self.dismiss(None)

    def stop_countdown(self) -> None:
        self.countdown = None
        if self._ticks is not None:
            self._ticks.stop()
            self._ticks = None

    def action_wait(self) -> None:
        """Stay on the result: the next deal waits for Enter."""
        if self.countdown is None:
            return
        self.stop_countdown()
        self.query_one("#result-hint", Static).update(self.hint())
        self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "wait":
            return self.countdown is not None  # left out of the footer once not counting
        return super().check_action(action, parameters)

    def action_next(self) -> None:
        self.stop_countdown()
        self.dismiss(None)
