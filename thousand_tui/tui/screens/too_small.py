"""The message that covers the table while the terminal is below the size it needs."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.widgets import Static

from ..i18n import Translator
from ..widgets.base import table_app
from .common import Dialog


class TooSmallScreen(Dialog[None]):
    """Covers everything while the terminal is below the size the table needs."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("q", "app.request_quit", "key_quit", id="quit"),
    ]

    def __init__(self, t: Translator, need: tuple[int, int], have: tuple[int, int]) -> None:
        super().__init__(classes="-too-small")
        self.t = t
        self.need = need
        self.have = have

    def compose(self) -> ComposeResult:
        yield Static(self.message(), id="too-small-text")

    def message(self) -> str:
        return self.t(
            "too_small",
            width=self.need[0],
            height=self.need[1],
            cols=self.have[0],
            rows=self.have[1],
        )

    def resized(self, have: tuple[int, int]) -> None:
        self.have = have
        self.remove_class("-fits")
        self.query_one("#too-small-text", Static).update(self.message())

    def fits(self) -> None:
        """The terminal has grown while a screen opened over this one (the quit question):
        the table shows through it until it is closed (`on_screen_resume`)."""
        self.add_class("-fits")

    def on_screen_resume(self) -> None:
        """Shown again after a screen opened over it (the quit question asked while the
        terminal was small): gone if the terminal has grown meanwhile, else its size now."""
        app = table_app(self)
        app.check_size(app.size.width, app.size.height)
