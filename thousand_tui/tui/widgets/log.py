"""The running account of the deal: what each player did, newest at the bottom."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import RichLog


class GameLog(RichLog):
    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id, wrap=True, markup=False, highlight=False, max_lines=500)
        self.can_focus = False
        self.lines_written: list[str] = []

    def say(self, line: Text) -> None:
        self.lines_written.append(line.plain)
        self.write(line)
