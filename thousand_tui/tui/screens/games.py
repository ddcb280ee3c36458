"""`thousand games` in a terminal: the saved games as the text lists them (newest first, the
same numbers), ↑/↓ to choose one, `v` or Enter to step through it in the viewer (closed, the
list comes back), `q` or Escape to leave. Names, presets and files are data: shown as written,
never read as markup."""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.widgets import DataTable, Static

from ...engine.record import RecordError
from ...store.catalog import SavedGame, error_words, games_cells, games_title
from ..plain import plain
from ..widgets.base import KeyFooter, table_app, translator


class GamesScreen(Screen[None]):
    """The saved games of one folder, each to be stepped through."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("down", "move(1)", "key_move", key_display="↑↓", id="games-move"),
        Binding("up", "move(-1)", show=False, id="games-move-up"),
        Binding("left", "side(-1)", show=False, id="games-left"),  # the columns cut at the
        Binding("right", "side(1)", show=False, id="games-right"),  # right of a narrow terminal
        Binding("v,enter", "view", "key_view_game", key_display="v", id="games-view"),
        Binding("q,escape", "close", "key_close", key_display="q", id="games-close"),
    ]

    DEFAULT_CSS = """
    GamesScreen #games-head { padding: 0 1; height: auto; }
    GamesScreen #games-list { height: 1fr; margin: 0 1; }
    """

    def __init__(self, saves: list[SavedGame], folder: Path) -> None:
        super().__init__()
        self.saves = saves
        self.folder = folder

    def compose(self) -> ComposeResult:
        yield Static(id="games-head")
        table: DataTable[Text] = DataTable(id="games-list", cursor_type="row", zebra_stripes=True)
        table.can_focus = False  # the screen's keys move its cursor
        yield table
        yield KeyFooter()

    def on_mount(self) -> None:
        t = translator(self)
        host = table_app(self).setup.host
        head = games_title(self.folder, t.lang, host)
        self.query_one("#games-head", Static).update(plain(head, "bold"))
        heads, *rows = games_cells(self.saves, t.lang)
        table = self.query_one("#games-list", DataTable)
        table.add_columns(*(plain(cell, lines=False) for cell in heads))
        for number, row in enumerate(rows):
            table.add_row(*(plain(cell, lines=False) for cell in row), key=str(number))

    def chosen(self) -> SavedGame | None:
        row = self.query_one("#games-list", DataTable).cursor_row
        return self.saves[row] if 0 <= row < len(self.saves) else None

    def action_move(self, step: int) -> None:
        table = self.query_one("#games-list", DataTable)
        if step > 0:
            table.action_cursor_down()
        else:
            table.action_cursor_up()

    def action_side(self, step: int) -> None:
        table = self.query_one("#games-list", DataTable)
        table.scroll_to(x=table.scroll_x + 10 * step, animate=False)

    def action_view(self) -> None:
        """The game chosen, stepped through as it stands (only your cards while it is not
        over); a record gone or that does not replay is said in one line, and nothing
        changes."""
        from ...store.analyses import cache_path
        from ...store.seal import record_key
        from ..club_games import own_person
        from ..viewing import open_game
        from .viewer import ViewerScreen

        save = self.chosen()
        if save is None:
            return
        app = table_app(self)
        host = app.setup.host
        t = translator(self)
        try:
            key = record_key(host.data_dir)
            viewed = open_game(
                save.path,
                t,
                app.palette,
                cache=cache_path(host.data_dir),
                key=key,
                person=own_person(host),
            )
        except (RecordError, ValueError, OSError) as error:
            self.notify(error_words(t.lang, error, host), severity="error", markup=False)
            return
        self.app.push_screen(ViewerScreen(viewed))

    def action_close(self) -> None:
        self.dismiss(None)


__all__ = ["GamesScreen"]
