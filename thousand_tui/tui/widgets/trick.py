"""The middle of the table: the trick being played (or the last one), or the talon."""

from __future__ import annotations

from collections.abc import Sequence

from rich.cells import cell_len
from rich.text import Text
from textual.reactive import var
from textual.widgets import Static

from ...engine.cards import Card
from ..plain import plain
from ..render import Look
from ..text import TrickText, lines_of
from .base import palette

SLOT = 9


class TrickView(Static):
    """The trick the table shows, its `trick` bound to it (`data_bind`)."""

    trick: var[TrickText] = var(TrickText("", []), init=False)

    def watch_trick(self, trick: TrickText) -> None:
        self.set_class(trick.last, "-last")
        self.refresh()

    def render(self) -> Text:
        out = self.compose_trick(self.trick.caption, self.trick.plays)
        if self.trick.said is None:
            return out
        said = [plain(entry, lines=False).plain for entry in self.trick.said]  # people's names
        lines = "\n".join(lines_of(said, self.content_size.width))
        out = out.copy()  # (the caption itself is left as it is)
        out.append(f"\n\n{lines}")
        return out

    def compose_trick(self, caption: str | Text, plays: Sequence[tuple[str, Card | None]]) -> Text:
        p = palette(self)
        out = plain(caption, "bold") if isinstance(caption, str) else plain(caption)
        if not plays:
            return out
        cards = [card for _, card in plays]
        looks = [Look.NORMAL if card is not None else Look.BACK for card in cards]
        big = self.content_size.height >= 8
        width = 7 if big else 5
        margin = Text(" " * ((SLOT - width) // 2))
        drawn = (
            p.big_row(cards, looks, gap=SLOT - width)
            if big
            else p.row(cards, looks, gap=SLOT - width)
        )
        rows = [margin + row + margin for row in drawn.split("\n")]
        names = Text()
        for name, _ in plays:
            shown = plain(name, lines=False)
            shown.truncate(SLOT - 1, overflow="ellipsis")
            room = SLOT - cell_len(shown.plain)  # centred as str.center centres it
            names.append(" " * (room - room // 2))
            names.append_text(shown)
            names.append(" " * (room // 2))
        body = Text("\n").join([*rows, names])
        return Text("\n").join([out, body])
