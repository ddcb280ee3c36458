"""The screen of a running app as plain text, as the terminal would show it."""

from __future__ import annotations

from typing import Any

from textual._compositor import LayoutUpdate
from textual.app import App


def screen_text(app: App[Any]) -> str:
    """What the terminal shows, one line per row: the lines the screen's compositor renders
    for a full repaint (what `App.export_screenshot` draws), with the screens under a modal
    dialog showing through it as they do on the terminal."""
    update = app.screen._compositor.render_update(
        full=True, screen_stack=app._background_screens, simplify=True
    )
    assert isinstance(update, LayoutUpdate)
    rows = ["".join(strip.text for strip in line).rstrip() for line in update.strips]
    return "\n".join(rows) + "\n"
