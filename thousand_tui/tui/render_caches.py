"""Rich's and Textual's drawing caches hold one deal's worth, not a whole game's.

Rich and Textual remember what they work out while drawing in `lru_cache`s shared by the whole
process, of up to 16,384 entries each: the width of a text in cells, a style's ANSI codes, two
styles added, a segment cut in two, a blank of a width. Each entry keeps its key alive, the
text of a line drawn once or a style with its meta (a widget's click actions). A game draws
ever new lines (the log, the sheet, the dialogs, the pages a player opens), so these caches
filled over the first few dozen deals to thousands of entries each, and the game's memory grew
with them although it drew nothing more.

`let_go()` empties them; `settle()` then hands what the allocator holds free back to the
system. The table calls `settle()` once a deal, while the player reads its result: the next
frames fill the few hundred entries a deal's screens use again, so the caches hold about one
deal's worth at any time. Emptying them costs well under a millisecond; nothing else is lost
(an `lru_cache` only saves work).
"""

from __future__ import annotations

import functools
from collections.abc import Iterator
from types import ModuleType
from typing import Any

import rich.cells
import rich.color
import rich.segment
import rich.style
import textual._segment_tools
import textual.color
import textual.filter
import textual.geometry
import textual.strip
import textual.style

from .. import allocator

# The modules whose caches a frame fills: their functions' caches and their classes' methods'.
MODULES: tuple[ModuleType, ...] = (
    rich.cells,
    rich.color,
    rich.segment,
    rich.style,
    textual._segment_tools,
    textual.color,
    textual.filter,
    textual.geometry,
    textual.strip,
    textual.style,
)

_found: list[Any] | None = None


def _caches_in(module: ModuleType) -> Iterator[Any]:
    """The bounded `lru_cache`s of a module's own functions and classes (the unbounded ones
    remember a class's own facts, a few entries in all)."""
    for value in vars(module).values():
        members = [value]
        if isinstance(value, type) and value.__module__ == module.__name__:
            members = list(vars(value).values())
        for member in members:
            if isinstance(member, (classmethod, staticmethod)):
                member = member.__func__
            bounded = isinstance(member, functools._lru_cache_wrapper) and (
                member.cache_parameters()["maxsize"] is not None
            )
            if bounded:
                yield member


def caches() -> list[Any]:
    """The drawing caches, looked up once."""
    global _found
    if _found is None:
        # One of them may be seen in several modules (imported) or under two names.
        found = {id(cache): cache for module in MODULES for cache in _caches_in(module)}
        _found = list(found.values())
    return _found


def let_go() -> None:
    """Empty Rich's and Textual's drawing caches."""
    for cache in caches():
        cache.cache_clear()


def settle() -> None:
    """Once a deal: the drawing caches emptied, and the memory freed given back."""
    let_go()
    allocator.give_back()
