"""One-line bars: the deal at the top, trump and contract, the prompt, the scores."""

from __future__ import annotations

from rich.text import Text
from textual.reactive import var
from textual.widgets import Static

from ..plain import plain


class InfoBar(Static):
    """A single line of text (the deal header, the trump and contract line, the scores), its
    `line` bound to what the table shows (`data_bind`). Its height is fixed, so a new text
    needs no new layout, and the same text not even a redraw."""

    line: var[Text | str] = var("", init=False)

    DEFAULT_CSS = """
    InfoBar { text-wrap: nowrap; text-overflow: ellipsis; }  /* a long title cut, not wrapped */
    """

    def watch_line(self, line: Text | str) -> None:
        self.update(plain(line, lines=False), layout=False)

    def show(self, text: Text | str) -> None:
        self.line = text
