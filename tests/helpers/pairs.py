"""Languages and terminal sizes for a test of the table: a test's quick pairs draw its screen
in each language and at each size, not at every pair of them; the other pairs are slow (CI runs
them, `pytest -m slow`). The quick pairs of a test marked `long` run with the long tests."""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from _pytest.mark.structures import ParameterSet

SIZES: tuple[tuple[int, int], ...] = ((80, 24), (120, 40))
LANGS: tuple[str, ...] = ("en", "ru")


def each_language_and_size(
    langs: Sequence[str] = LANGS, sizes: Sequence[tuple[int, int]] = SIZES
) -> list[ParameterSet]:
    """(lang, size) for `parametrize(("lang", "size"), ...)`: every pair, the first language
    at the largest size, the second at the next smaller and so on round both lists (Russian,
    the longest words, at 80x24) in the default run, the others marked slow."""
    quick = {
        (langs[i % len(langs)], sizes[(-1 - i) % len(sizes)])
        for i in range(max(len(langs), len(sizes)))
    }
    return [
        pytest.param(
            lang,
            size,
            id=f"{lang}-{size[0]}x{size[1]}",
            marks=() if (lang, size) in quick else (pytest.mark.slow,),
        )
        for lang in langs
        for size in sizes
    ]
