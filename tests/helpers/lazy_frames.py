"""The frames of a headless app drawn when a test reads the screen, not at every refresh.

A terminal shows each frame; a test's app is headless and throws its frames away (Textual
renders them all the same), about a third of the processor time of a test of the table. With
this, a headless app's refresh still lays out and does every other thing a refresh does; the
screen is drawn in full when a test reads it (`screen_text`, the snapshots'
`export_screenshot`), from the widgets as they are then. Installed by tests/conftest.py;
`THOUSAND_TEST_EVERY_FRAME=1` draws every frame as Textual does; apps on a terminal (tmux,
sshd, the browser) are untouched."""

from __future__ import annotations

import hashlib
import inspect
import os
from typing import Any

from textual.screen import Screen

EVERY_FRAME_ENV = "THOUSAND_TEST_EVERY_FRAME"
# The digest of `Screen._compositor_refresh` this was written for (Textual 8.2.8): other code
# is left alone.
DIGEST = "7a40efe563816a06"


def digest(function: Any) -> str:
    """As `thousand_tui.tui.upstream.source_digest` has it (without importing the game)."""
    source = inspect.getsource(inspect.unwrap(function)).encode("utf-8")
    return hashlib.sha256(source).hexdigest()[:16]


def install() -> bool:
    """Draw a headless app's top screen only when it is read; False where this is turned off
    or Textual's refresh is not the one this was written for (then nothing is changed)."""
    refresh = Screen._compositor_refresh
    if getattr(refresh, "lazy", False):
        return True
    if os.environ.get(EVERY_FRAME_ENV) or digest(refresh) != DIGEST:
        return False

    def lazy_refresh(self: Screen[Any]) -> None:
        app = self.app
        if app.is_headless and not app.is_inline and self is app.screen:
            # What drawing the update would have consumed; the display is thrown away.
            self._compositor._dirty_regions.clear()
            self._dirty_widgets.clear()
            app._update_mouse_over(self)
        else:
            refresh(self)

    lazy_refresh.lazy = True  # type: ignore[attr-defined]
    Screen._compositor_refresh = lazy_refresh  # type: ignore[method-assign]
    return True
