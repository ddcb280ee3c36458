"""One-line bars: the deal at the top, trump and contract, the prompt, the scores."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static


class InfoBar(Static):
    """A single line of text (the deal header, the trump and contract line, the scores)."""

    def show(self, text: Text | str) -> None:
        self.update(text)
