"""One-line bars: the deal at the top, trump and contract, the prompt, the scores."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static


class InfoBar(Static):
    """A single line of text (the deal header, the trump and contract line, the scores)."""

    DEFAULT_CSS = """
    InfoBar {
        height: 1;
        padding: 0 1;
    }
    InfoBar.-top {
        background: $primary-background;
        color: $text;
        text-style: bold;
    }
    InfoBar.-prompt {
        color: $accent;
        text-style: bold;
    }
    InfoBar.-scores {
        background: $boost;
    }
    """

    def show(self, text: Text | str) -> None:
        self.update(text)
