"""An opponent at the table: name, cards left, tricks, what they just did, whose turn."""

from __future__ import annotations

from rich.cells import cell_len
from rich.text import Text
from textual import events
from textual.reactive import var
from textual.widgets import Static

from ..plain import plain
from ..text import SeatPanelText


class SeatPanel(Static):
    """An opponent's panel, bound to the panels the table shows (`data_bind`): it shows its
    own seat's (`shown`), and draws itself again only when that changes."""

    panels: var[tuple[SeatPanelText | None, ...]] = var((), init=False)
    shown: var[SeatPanelText | None] = var(None, init=False)

    def __init__(self, seat: int, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.seat = seat
        self.titles = ("", "")  # the title, and its short form for a narrow panel
        self.lines: list[Text] = []
        self.points = ""

    def watch_panels(self, panels: tuple[SeatPanelText | None, ...]) -> None:
        self.shown = panels[self.seat] if self.seat < len(panels) else None

    def watch_shown(self, shown: SeatPanelText | None) -> None:
        if shown is None:
            return
        self.titles = (shown.title, shown.short_title or shown.title)
        self.lines = shown.lines
        self.points = shown.points
        self.fit_title()
        self.border_subtitle = plain(shown.subtitle, lines=False)
        self.set_class(shown.turn, "-turn")
        self.set_class(shown.declarer, "-declarer")
        self.set_class(shown.sitting_out, "-sitting-out")
        self.fit_lines()

    def show(
        self,
        title: str,
        lines: list[Text],
        *,
        subtitle: str = "",
        turn: bool = False,
        declarer: bool = False,
        sitting_out: bool = False,
        short_title: str = "",
        points: str = "",
    ) -> None:
        self.shown = SeatPanelText(
            title, lines, subtitle, turn, declarer, sitting_out, short_title, points
        )

    def fit_lines(self) -> None:
        """The lines, with the points of the deal after the first one if the panel has room
        for them there, else before the second (four players on 80 columns)."""
        lines = [line.copy() for line in self.lines]
        if self.points and lines:
            room = self.size.width - 2  # the padding
            if not room or lines[0].cell_len + 3 + len(self.points) <= room:
                lines[0].append(" · " + self.points)
            elif len(lines) > 1:
                second = Text(self.points)
                if lines[1].plain:
                    second.append(" · ")
                lines[1] = second + lines[1]
        self.update(plain(Text("\n").join(lines)), layout=False)  # its size is the table's

    def fit_title(self) -> None:
        """The whole title if the border has room for it, else its short form."""
        title, short = self.titles
        room = self.size.width - 4  # the corners and a space each side
        fits = cell_len(title) <= room or not room
        self.border_title = plain(title if fits else short, lines=False)

    def on_resize(self, event: events.Resize) -> None:
        self.fit_title()
        self.fit_lines()
