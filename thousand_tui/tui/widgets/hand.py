"""The human's hand: cards in a row, sorted by suit, with a cursor and the playable ones marked."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.widgets import Static

from ...engine.cards import Card
from ..render import Look
from .base import palette

KEY_LABELS = "1234567890"


def key_label(index: int) -> str:
    """The number key of the card at `index`; cards past the tenth are reached with ← →."""
    return KEY_LABELS[index] if index < len(KEY_LABELS) else "·"


class HandView(Static):
    """Shows cards; the screen owns the cursor and tells which cards are playable."""

    DEFAULT_CSS = """
    HandView {
        height: 6;
        border: round $primary-darken-1;
        border-title-color: $text;
        border-title-style: bold;
        padding: 0 1;
        content-align: center top;
    }
    HandView.-my-turn {
        border: heavy $accent;
    }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.cards: list[Card] = []
        self.hidden = 0
        self.playable: set[Card] | None = None
        self.cursor: int | None = None
        self.new: set[Card] = set()

    def show(
        self,
        cards: Sequence[Card],
        *,
        hidden: int = 0,
        playable: set[Card] | None = None,
        cursor: int | None = None,
        new: set[Card] | None = None,
    ) -> None:
        self.cards = list(cards)
        self.hidden = hidden
        self.playable = playable
        self.cursor = cursor
        self.new = set(new or ())
        self.refresh()

    def render(self) -> Text:
        return self.render_cards()

    def look(self, index: int, card: Card) -> Look:
        dim = self.playable is not None and card not in self.playable
        if index == self.cursor:
            return Look.SELECTED_DIM if dim else Look.SELECTED
        return Look.DIM if dim else Look.NORMAL

    def render_cards(self) -> Text:
        p = palette(self)
        if not self.cards:
            if self.hidden:
                backs = [Look.BACK] * self.hidden
                if self.content_size.height >= 6:
                    return p.big_row([None] * self.hidden, backs)
                return p.row([None] * self.hidden, backs)
            return Text("")
        looks = [self.look(i, c) for i, c in enumerate(self.cards)]
        labels = []
        for i, card in enumerate(self.cards):
            label = key_label(i)
            if card in self.new:
                label += "*"
            labels.append(label)
        width, height = self.content_size
        count = len(self.cards)
        if height >= 6:  # room for big cards, if the row fits
            for gap in (1, 0):
                if count * 7 + (count - 1) * gap <= width:
                    return p.big_row(self.cards, looks, labels, gap=gap)
        gap = 1 if count * 6 - 1 <= width or not width else 0
        return p.row(self.cards, looks, labels, gap=gap)
