"""The club's tournaments and their standings, from the lobby (`s`): one row each (its name,
preset, deals, state, closing time and entrants), and under them the standings of the one
chosen as `thousand tournaments show` says them: before the close the entrants and the deals
each played (nobody's points yet), after it the ranking by duplicate score
(docs/club.md#tournaments-on-the-same-deals). ⏎ plays the one chosen while it is open, `r`
opens the review of one closed; the lobby does either (`LobbyScreen.tournament_chosen`). The
club is read in a worker thread; a name is a person's text, shown as written."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from typing import ClassVar

from rich.cells import cell_len
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.message import Message
from textual.widgets import DataTable, Static

from ...priority import Host
from ...store.catalog import error_words
from ...tournament import Spec, Standing
from ..i18n import Translator
from ..leaderboard import _cut
from ..plain import plain
from ..startup import preset_title
from ..tournament_words import club_standings, standings_lines
from ..widgets.base import KeyFooter
from .common import Dialog

PLAY, REVIEW = "play", "review"
# The widest a name and a preset's title are in the list (each whole in the line under it):
# the list stays within 80 columns.
NAME_CELLS, PRESET_CELLS = 18, 12
# The list's columns: their keys and the texts of their headers.
COLUMNS = (
    ("name", "tour_open_name"),
    ("preset", "tour_open_preset"),
    ("deals", "tour_open_deals"),
    ("state", "tour_col_state"),
    ("closes", "tour_col_closes"),
    ("entrants", "tour_col_entrants"),
)
Chosen = tuple[str, Spec]  # what to do (PLAY or REVIEW) with which tournament


@dataclass
class TournamentsRead(Message):
    """The club's tournaments and their standings, as a worker read them (or why not)."""

    found: list[tuple[Spec, list[Standing]]]
    error: str | None = None


class TournamentsScreen(Dialog[Chosen | None]):
    """The tournaments, the standings of the one chosen; ⏎ plays it while it is open, `r`
    reviews it once closed, Esc goes back to the lobby."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("down", "move(1)", "key_move", key_display="↑↓", id="tours-move"),
        Binding("up", "move(-1)", show=False, id="tours-move-up"),
        Binding("pageup", "scroll(-1)", show=False, id="tours-scroll-up"),
        Binding("pagedown", "scroll(1)", show=False, id="tours-scroll-down"),
        Binding("enter", "play", "key_tour_play", key_display="⏎", id="tours-play"),
        Binding("r", "review", "key_tour_review", id="tours-review"),
        Binding("escape,q", "back", "key_close", key_display="esc", id="back"),
    ]

    DEFAULT_CSS = """
    TournamentsScreen { align: center middle; }
    TournamentsScreen > #dialog {
        width: 78; max-width: 100%; height: 1fr; max-height: 22; border: round $primary;
        padding: 0 1; background: $surface;
    }
    TournamentsScreen #tours-list { height: auto; max-height: 7; }
    TournamentsScreen #tours-standings { height: 1fr; margin: 1 0 0 0; }
    TournamentsScreen #tours-note { height: auto; color: $text-muted; }
    """

    def __init__(self, t: Translator, host: Host, you: str, ascii_only: bool = False) -> None:
        """`host`: what the person's tries are kept by (`Lobby.player_host`), whose club is
        read; `you`: his id there, marked in the standings."""
        super().__init__()
        self.t = t
        self.host = host
        self.you = you
        self.ascii_only = ascii_only
        self.found: list[tuple[Spec, list[Standing]]] | None = None  # None: not read yet
        self.problem: str | None = None

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog") as dialog:
            dialog.border_title = self.t("tours_title")
            table: DataTable[str] = DataTable(
                id="tours-list", cursor_type="row", zebra_stripes=True
            )
            table.can_focus = False  # the screen's keys move its cursor
            yield table
            standings = VerticalScroll(id="tours-standings")
            standings.can_focus = False  # ↑↓ choose the tournament; PgUp PgDn scroll these
            with standings:
                yield Static(id="tours-detail")
            yield Static(id="tours-note")
        yield KeyFooter()

    def on_mount(self) -> None:
        super().on_mount()
        self.fill([])
        self.show()
        self.run_worker(self.read, thread=True, exclusive=True, group="tournaments")

    def read(self) -> None:
        """In a worker thread: every tournament of the club and its standings."""
        try:
            self.post_message(TournamentsRead(club_standings(self.host)))
        except (OSError, ValueError) as error:  # the index's own: ValueError
            self.post_message(TournamentsRead([], error_words(self.t.lang, error, self.host)))

    def on_tournaments_read(self, message: TournamentsRead) -> None:
        self.found, self.problem = message.found, message.error
        t, now = self.t, datetime.now(UTC)
        self.fill(
            [
                (
                    _cut(f"«{spec.name}»", NAME_CELLS, self.ascii_only),
                    _cut(preset_title(spec.preset, t.lang), PRESET_CELLS, self.ascii_only),
                    str(spec.deals),
                    t(f"tour_is_{spec.state(now)}"),
                    f"{spec.closes:%Y-%m-%d %H:%M}",  # UTC, as its header says
                    str(len(rows)),
                )
                for spec, rows in self.found
            ]
        )
        self.show()

    def fill(self, rows: list[tuple[str, ...]]) -> None:
        """The list made again with `rows`, each column as wide as its widest cell. (Widths
        fixed here, not fitted by the table: a column it widened after a frame was drawn kept
        its header at the old width.)"""
        table = self.query_one("#tours-list", DataTable)
        table.clear(columns=True)
        cells = [[plain(cell, lines=False) for cell in row] for row in rows]
        for number, (key, label) in enumerate(COLUMNS):
            header = self.t(label)
            width = max([cell_len(header), *(row[number].cell_len for row in cells)])
            table.add_column(header, key=key, width=width)
        for number, row in enumerate(cells):
            table.add_row(*row, key=str(number))

    # ------------------------------------------------------------------ showing

    def chosen(self) -> tuple[Spec, list[Standing]] | None:
        """The tournament under the cursor, with its standings, if any."""
        if not self.found:
            return None
        row = self.query_one("#tours-list", DataTable).cursor_row
        return self.found[row] if 0 <= row < len(self.found) else None

    def state(self) -> str | None:
        chosen = self.chosen()
        return None if chosen is None else chosen[0].state(datetime.now(UTC))

    def show(self) -> None:
        """The standings of the tournament chosen, and what the keys do with it."""
        t = self.t
        detail = self.query_one("#tours-detail", Static)
        note = self.query_one("#tours-note", Static)
        chosen = self.chosen()
        if chosen is None:
            detail.update("")
            if self.problem is not None:
                note.update(plain(self.problem, "bold"))
            else:
                note.update(t("tours_reading") if self.found is None else t("tours_none"))
        else:
            spec, rows = chosen
            lines = standings_lines(
                spec, rows, t, datetime.now(UTC), self.you, self.ascii_only, self.host,
                review_command=False,
            )  # fmt: skip
            detail.update(plain("\n".join(lines)))
            note.update("")
        self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The keys that would do nothing now are greyed: ⏎ but on one open, `r` but on one
        closed, ↑↓ with fewer than two."""
        if action == "play":
            return True if self.state() == "open" else None
        if action == "review":
            return True if self.state() == "closed" else None
        if action == "move":
            return True if len(self.found or ()) > 1 else None
        return True

    # ------------------------------------------------------------------ the keys

    def action_move(self, delta: int) -> None:
        table = self.query_one("#tours-list", DataTable)
        if self.found:
            table.move_cursor(row=max(0, min(len(self.found) - 1, table.cursor_row + delta)))
        self.show()

    def action_scroll(self, pages: int) -> None:
        """The standings of a tournament of many entrants, a page up or down."""
        standings = self.query_one("#tours-standings", VerticalScroll)
        if pages < 0:
            standings.scroll_page_up(animate=False)
        else:
            standings.scroll_page_down(animate=False)

    def action_play(self) -> None:
        chosen = self.chosen()
        if chosen is not None and self.state() == "open":
            self.dismiss((PLAY, chosen[0]))

    def action_review(self) -> None:
        chosen = self.chosen()
        if chosen is not None and self.state() == "closed":
            self.dismiss((REVIEW, chosen[0]))

    def action_back(self) -> None:
        self.dismiss(None)


__all__ = ["PLAY", "REVIEW", "Chosen", "TournamentsScreen"]
