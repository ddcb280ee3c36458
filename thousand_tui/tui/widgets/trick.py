"""The middle of the table: the trick being played (or the last one), or the talon."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.widgets import Static

from ...engine.cards import Card
from ..render import Look
from .base import palette

SLOT = 9


class TrickView(Static):
    DEFAULT_CSS = """
    TrickView {
        height: 5;
        content-align: center middle;
        text-align: center;
    }
    TrickView.-last {
        background: $boost;
    }
    """

    def show(
        self, caption: str, plays: Sequence[tuple[str, Card | None]], *, last: bool = False
    ) -> None:
        self.set_class(last, "-last")
        self.update(self.compose_trick(caption, plays))

    def compose_trick(self, caption: str, plays: Sequence[tuple[str, Card | None]]) -> Text:
        p = palette(self)
        out = Text(caption, style="bold")
        if not plays:
            return out + Text("\n\n\n\n")
        cards = [card for _, card in plays]
        looks = [Look.NORMAL if card is not None else Look.BACK for card in cards]
        margin = Text(" " * ((SLOT - 5) // 2))
        rows = [margin + row + margin for row in p.row(cards, looks, gap=SLOT - 5).split("\n")]
        names = Text()
        for name, _ in plays:
            names.append(name[: SLOT - 1].center(SLOT))
        body = Text("\n").join([*rows, names])
        return Text("\n").join([out, body])
