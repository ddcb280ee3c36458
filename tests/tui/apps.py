"""Apps the table tests start from: deal 1 stacked so that you hold a strong hand."""

from __future__ import annotations

from typing import Any

from thousand_tui.settings import TableSetup
from thousand_tui.tui import create_app
from thousand_tui.tui.app import ThousandApp

from .helpers import STRONG


def strong_app(lang: str = "en", seed: int = 11, **settings: Any) -> ThousandApp:
    """A table whose deal 1 is `STRONG` (you hold the heart marriage and three aces), the
    AI moving at once."""
    return create_app(TableSetup.of(seed=seed, pace=0, deals={1: STRONG}, lang=lang, **settings))
