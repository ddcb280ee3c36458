"""An opponent at the table: name, cards left, tricks, what they just did, whose turn."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static


class SeatPanel(Static):
    def __init__(self, seat: int, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.seat = seat

    def show(
        self,
        title: str,
        lines: list[Text],
        *,
        subtitle: str = "",
        turn: bool = False,
        declarer: bool = False,
        sitting_out: bool = False,
    ) -> None:
        self.border_title = title
        self.border_subtitle = subtitle
        self.set_class(turn, "-turn")
        self.set_class(declarer, "-declarer")
        self.set_class(sitting_out, "-sitting-out")
        self.update(Text("\n").join(lines))
