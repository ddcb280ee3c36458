"""One-line bars: the deal at the top, trump and contract, the prompt, the scores."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static


class InfoBar(Static):
    """A single line of text (the deal header, the trump and contract line, the scores). Its
    height is fixed, so a new text needs no new layout, and the same text not even a redraw:
    the table shows every bar again after each move."""

    _shown: Text | str | None = None

    def show(self, text: Text | str) -> None:
        if text == self._shown:
            return
        self._shown = text
        self.update(text, layout=False)
