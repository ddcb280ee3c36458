"""Corrections to the Textual this table runs on, applied once when the app is imported.

`StylesCache.get_inner_outer` (Textual 8.2) is an `lru_cache` on a method: its key holds the
`StylesCache` itself, so the cache keeps the last 1,024 of them alive, each widget's with every
line it last rendered, long after the widget is gone. A table opens and closes a dialog at
almost every decision, so a long game kept several MB of dead dialogs (about 570 rendered lines
a deal). The colours it computes depend on the two colours alone: cached on those, they keep
nothing else.
"""

from __future__ import annotations

from functools import lru_cache

from textual._styles_cache import StylesCache
from textual.color import Color
from textual.style import Style


@lru_cache(1024)
def inner_outer(base_background: Color, background: Color) -> tuple[Style, Style]:
    """The background inside a widget's border and outside it (Textual's own computation)."""
    return Style(background=base_background + background), Style(background=base_background)


def _get_inner_outer(
    self: StylesCache, base_background: Color, background: Color
) -> tuple[Style, Style]:
    return inner_outer(base_background, background)


def apply() -> None:
    """Cache the inner and outer colours on the colours alone (idempotent)."""
    if hasattr(StylesCache.get_inner_outer, "cache_info"):  # still the method's own cache
        StylesCache.get_inner_outer.cache_clear()
        StylesCache.get_inner_outer = _get_inner_outer  # type: ignore[method-assign,assignment]
