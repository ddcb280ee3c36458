"""The score sheet widget: a scrolling table of deals, with the marks explained below."""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Console, ConsoleOptions, RenderResult
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import DataTable, Static

from ...engine.match import MatchState
from ...engine.rules import Rules
from ...engine.scoring import Settlement
from ..plain import plain
from ..score_rows import Marks, legend_entries, sheet_rows, start_row, totals_line
from ..table_game import TableGame
from .base import palette, translator

LEGEND_GAP = " · "


class Packed:
    """Entries laid out in lines of the width they are given, each entry kept whole on one
    line (the legend's "✗ down" is never cut after its mark), joined by `gap`."""

    def __init__(self, entries: Sequence[Text], gap: str) -> None:
        self.entries = list(entries)
        self.gap = gap

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield pack(self.entries, options.max_width, self.gap)


def pack(entries: Sequence[Text], width: int, gap: str) -> Text:
    """The entries in lines of at most `width` cells (an entry wider than that alone on its
    line), joined by `gap` within a line."""
    out = Text()
    line = 0
    for entry in entries:
        if line and line + len(gap) + entry.cell_len > width:
            out.append("\n")
            line = 0
        if line:
            out.append(gap)
            line += len(gap)
        out.append_text(entry)
        line += entry.cell_len
    return out


class SheetTable(DataTable[Text]):
    """The score sheet's rows: one per deal, a column per player."""


class ScoreSheet(Vertical):
    """`compact` leaves out the totals (the side panel of a wide screen, where `takes_keys`
    is False: the keys belong to the table)."""

    def __init__(
        self, *, compact: bool = False, takes_keys: bool = True, id: str | None = None
    ) -> None:
        super().__init__(id=id)
        self.compact = compact
        self.takes_keys = takes_keys
        self.rows_shown = 0

    def compose(self) -> ComposeResult:
        table = SheetTable(cursor_type="row", zebra_stripes=True, id="sheet-table")
        table.can_focus = self.takes_keys
        yield table
        if not self.compact:
            yield Static(classes="sheet-totals", id="sheet-totals")
        yield Static(classes="sheet-legend", id="sheet-legend")

    @property
    def table(self) -> SheetTable:
        return self.query_one(SheetTable)

    def show_game(self, game: TableGame) -> None:
        start = game.start.state if game.start else None
        self.show(game.names, game.results, game.match, game.rules, start)

    def show(
        self,
        names: Sequence[str],
        results: Sequence[Settlement],
        state: MatchState,
        rules: Rules,
        start: MatchState | None = None,
    ) -> None:
        t = translator(self)
        p = palette(self)
        marks = Marks.of(t, p.ascii_only)
        rows = sheet_rows(results, names, t, marks)
        if start is not None:
            rows.insert(0, start_row(start, t, marks))
        lines: list[list[Text]] = []
        for row in rows:
            number = Text(str(row.number) if row.number else "", style="dim")
            contract = plain(p.styled(row.contract), lines=False)
            if row.redeal:
                contract.stylize("dim italic")
            if row.golden:
                contract.stylize("bold")
            lines.append([number, contract, *(Text(cell, justify="right") for cell in row.cells)])
        headers = [Text(t("sheet_deal")), Text(t("sheet_contract"))]
        # The players' names over their scores, right-aligned as the numbers are.
        headers += [plain(name, "bold", lines=False) for name in names]
        for header in headers[2:]:
            header.justify = "right"
        keys = ["deal", "contract", *(f"seat{seat}" for seat in range(len(names)))]
        table = self.table
        table.clear(columns=True)
        # Each column as wide as its widest cell, said here: the table's own measure can lag
        # behind the rows and cut a score short.
        for i, (header, key) in enumerate(zip(headers, keys, strict=True)):
            width = max([header.cell_len, *(line[i].cell_len for line in lines)])
            table.add_column(header, key=key, width=width)
        for line in lines:
            table.add_row(*line)
        self.rows_shown = len(rows)
        if rows:
            table.move_cursor(row=len(rows) - 1, animate=False)
        entries = [p.styled(entry) for entry in legend_entries(t, marks, rules)]
        self.query_one("#sheet-legend", Static).update(Packed(entries, LEGEND_GAP))
        if not self.compact:
            totals = Text()
            for seat, name in enumerate(names):
                if seat:
                    totals.append("\n")
                totals.append(f"{name}: ", style="bold")
                totals.append(totals_line(state, seat, t, marks, rules))
            self.query_one("#sheet-totals", Static).update(
                plain(totals) if results else Text(t("sheet_empty"))
            )
