"""The day's board at the end of the daily deal: each person's total and per-deal results."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Static

from ..i18n import Translator
from ..plain import plain
from ..widgets.base import table_app


class DailyBoardScreen(Screen[None]):
    DEFAULT_CSS = """
    DailyBoardScreen { align: center top; }
    DailyBoardScreen #daily-board { width: auto; max-width: 100%; padding: 1 2; }
    DailyBoardScreen #daily-keys { dock: bottom; height: 1; padding: 0 2; color: $text-muted; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("q,escape", "leave", "key_quit", id="leave"),
    ]

    def __init__(self, lines: list[str], t: Translator) -> None:
        super().__init__()
        self.lines = lines
        self.t = t

    def compose(self) -> ComposeResult:
        with VerticalScroll():
            yield Static(plain("\n".join(self.lines)), id="daily-board")
        yield Static(self.t("daily_board_keys"), id="daily-keys", markup=False)

    def action_leave(self) -> None:
        """The app ends; the board of a tournament played from the lobby goes back to it."""
        table_app(self).leave_daily()
