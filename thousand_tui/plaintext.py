"""Text that comes from a person or a file: what a name, a title or a description may hold
(`fault`), and any such text as it may be shown (`shown`).

A name, a table's or a preset's title, a preset's description: printable characters only, a
length limit. Printable (`str.isprintable`) leaves out every control character (C0, DEL, C1:
no escape sequence can be written), every format character (the bidi embeddings, overrides,
isolates and marks, the zero-width space and joiners), the line and paragraph separators,
surrogates, private-use and unassigned characters. Everything that takes such a text (the
flags, a hosted player's name, the table service, preset files, the choices kept between
games) asks `fault`, and says what is wrong in its own words.

Whatever reaches a screen or a terminal anyway (a record's names, a file's name, an error that
quotes what was typed) is shown by `shown`: controls as U+FFFD, format characters dropped,
more than two combining marks on a letter dropped, at most `most` characters. The table's own
screens add that it is never read as markup (`tui/plain.py`).
"""

from __future__ import annotations

import unicodedata
from enum import Enum
from typing import Final

MAX_TITLE: Final = 60
"""The most characters of a table's or a preset's title (one line)."""

MAX_DESCRIPTION: Final = 1000
"""The most characters of a preset's description (lines of text)."""

REPLACEMENT: Final = "\ufffd"
"""What a control character is shown as: visible, harmless, one cell wide."""

MAX_MARKS: Final = 2
"""Combining marks shown on one letter (more only pile up over the lines around)."""


class Fault(Enum):
    """What keeps a text from being a name, a title or a description."""

    EMPTY = "empty"
    UNPRINTABLE = "unprintable"
    LONG = "long"


def one_line(text: str) -> str:
    """`text` with every run of spaces, tabs and line breaks made one space, trimmed."""
    return " ".join(text.split())


def fault(text: str, most: int, *, lines: bool = False) -> Fault | None:
    """What is wrong with `text` as a name, a title (`most` characters, one line) or, with
    `lines`, a description (line breaks allowed between its lines): None if nothing."""
    if not text.strip():
        return Fault.EMPTY
    if not all(line.isprintable() for line in (text.split("\n") if lines else (text,))):
        return Fault.UNPRINTABLE
    if len(text) > most:
        return Fault.LONG
    return None


def _harmless(text: str) -> bool:
    """Whether `shown` leaves `text` as it is (the common case, decided quickly)."""
    if not text.isprintable():
        return False
    return text.isascii() or not any(unicodedata.category(ch)[0] == "M" for ch in text)


def shown(text: str, *, lines: bool = False, most: int | None = None) -> str:
    """`text` as a screen or a terminal may show it: every control character as U+FFFD (an
    escape sequence is then inert text), tabs and other spaces and breaks as one space each
    (line breaks kept with `lines`), format characters (bidi controls, zero-width
    characters) dropped so that nothing reorders the line around them, more than
    `MAX_MARKS` combining marks on one letter dropped, and at most `most` characters (the
    last one then "…")."""
    if not _harmless(text):
        out: list[str] = []
        marks = 0
        for ch in text:
            category = unicodedata.category(ch)
            if ch == "\n" and lines:
                out.append(ch)
                marks = 0
            elif ch.isspace() or category in ("Zl", "Zp"):
                out.append(" ")
                marks = 0
            elif category == "Cf":
                continue
            elif category[0] == "C":  # Cc, Cs, Co, Cn
                out.append(REPLACEMENT)
                marks = 0
            elif category[0] == "M":
                marks += 1
                if marks <= MAX_MARKS and out and not out[-1].isspace():
                    out.append(ch)
            else:
                out.append(ch)
                marks = 0
        text = "".join(out)
    if most is not None and len(text) > most:
        text = text[: max(0, most - 1)] + "…"
    return text
