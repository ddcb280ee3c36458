"""Textual's private code that the table corrects, and whether it is still the code the
corrections were written against.

Each correction (`patches.py`, `terminal_output.py`) is an `UpstreamPatch`: the upstream issue it
works around, the Textual functions it replaces or relies on, and a digest of their source as it was
in Textual `CHECKED`. On that version, or on any other where those functions read the same, the
correction applies. Where one of them changed, the correction is left out (Textual's own code
runs), the log says so once, and tests/tui/test_upstream.py fails, so that a developer reads
the new code: drop the correction if upstream fixed the bug, or check it again and record the
new digest.
"""

from __future__ import annotations

import functools
import hashlib
import inspect
import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

CHECKED = "8.2.8"
"""The Textual whose code every correction here was read against."""

_warned: set[str] = set()


@functools.cache
def textual_version() -> str:
    """The installed Textual's version: read from its install record's folder name beside the
    package (`textual-8.2.8.dist-info`); where there is none, as `importlib.metadata` reads
    it (which imports `email`, `zipfile` and `csv`: a megabyte the table need not hold)."""
    import textual

    here = Path(textual.__file__).resolve().parent.parent
    found = sorted(here.glob("textual-*.dist-info"))
    if len(found) == 1:
        return found[0].name.removeprefix("textual-").removesuffix(".dist-info")
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("textual")
    except PackageNotFoundError:
        return ""


def source_digest(code: tuple[Callable[..., Any], ...]) -> str | None:
    """A digest of the source of `code` (decorators included, wrappers unwrapped), or None
    where the source cannot be read."""
    digest = hashlib.sha256()
    try:
        for item in code:
            digest.update(inspect.getsource(inspect.unwrap(item)).encode("utf-8"))
    except (OSError, TypeError):
        return None
    return digest.hexdigest()[:16]


@dataclass(frozen=True)
class UpstreamPatch:
    """A correction of Textual's private code: what it corrects, where upstream tracks it, the
    functions it replaces or relies on, and their digest in Textual `CHECKED`."""

    name: str
    upstream: str
    code: tuple[Callable[..., Any], ...] = field(repr=False)
    digest: str

    def current_digest(self) -> str | None:
        return source_digest(self.code)

    def unchanged(self) -> bool:
        """Whether the installed Textual's code is the code this correction was written for."""
        return textual_version() == CHECKED or self.current_digest() == self.digest

    def applies(self) -> bool:
        """`unchanged()`, logging once when it is not."""
        if self.unchanged():
            return True
        if self.name not in _warned:
            _warned.add(self.name)
            logging.getLogger("thousand_tui").warning(
                "Textual %s changed the code that %s corrects (written for Textual %s, %s): "
                "left out",
                textual_version(),
                self.name,
                CHECKED,
                self.upstream,
            )
        return False


__all__ = ["CHECKED", "UpstreamPatch", "source_digest", "textual_version"]
