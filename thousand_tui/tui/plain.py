"""The one way a person's or a file's text reaches the table's screens: `plain`.

Names, table and preset titles and descriptions, chat, file names, an error that quotes what was
typed: each is data. Textual reads a `str` given to a widget, a border title or a note as
markup, where `[/x]` is an error that ends the app and `[@click=app.quit]` an action; and a
terminal obeys the escape sequences written to it. So every text the screens show goes through
`plain` first: a Rich `Text` of it as it is written (never markup), its controls made visible and
harmless, its bidi and zero-width characters dropped (`plaintext.shown`); a `Text` that holds
such text already (a seat's panel, a line of the log) keeps its styles. The table's own words
have no markup either: their styles are `Text` styles.

`ThousandApp.notify` shows every note as plain text the same way. `PlainFilter`, on every line
the app draws, drops any control or bidi character that reaches it still, so that none is ever
written to the terminal.
"""

from __future__ import annotations

import re
from typing import Final

from rich.segment import Segment
from rich.text import Text
from textual.color import Color
from textual.filter import LineFilter

from ..plaintext import shown

__all__ = ["PlainFilter", "plain", "plain_words"]


def plain(text: str | Text, style: str = "", *, lines: bool = True) -> Text:
    """`text` for any widget, border title or cell: shown as it is written, never read as
    markup, made harmless by `plaintext.shown` (without `lines`, its line breaks are spaces).
    A `Text` keeps its styles; `style` is the whole text's."""
    if isinstance(text, str):
        return Text(shown(text, lines=lines), style=style)
    if shown(text.plain, lines=lines) == text.plain:
        return text if not style else Text.assemble(text, style=style)
    cuts = sorted({offset for span in text.spans for offset in (span.start, span.end)})
    out = Text(style=style or text.style, justify=text.justify, no_wrap=text.no_wrap)
    out.overflow = text.overflow
    for piece in text.divide(cuts):
        part = Text(shown(piece.plain, lines=lines), style=piece.style)
        for span in piece.spans:
            part.stylize(span.style)
        out.append_text(part)
    return out


def plain_words(text: str) -> str:
    """`text` as a note or any other line that Textual takes as a `str` without markup."""
    return shown(text, lines=True)


# Every C0 and C1 control and DEL, and the format characters that reorder a line (the bidi
# embeddings, overrides, isolates and marks) or hide in it (zero-width space and joiners,
# the word joiner and its invisible operators, the byte-order mark).
_UNSAFE: Final = re.compile(
    "[\x00-\x1f\x7f-\x9f\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u206f\ufeff]"
)


class PlainFilter(LineFilter):
    """The last guard before the terminal: any control or bidi character left in a line the
    app draws is dropped (each is zero cells wide, so the line keeps its width). `plain`
    shows them as U+FFFD long before; this filter sees one only if a text took another way."""

    def apply(self, segments: list[Segment], background: Color) -> list[Segment]:
        if not any(_UNSAFE.search(segment.text) for segment in segments if not segment.control):
            return segments
        out = []
        for segment in segments:
            if segment.control or not _UNSAFE.search(segment.text):
                out.append(segment)
            elif text := _UNSAFE.sub("", segment.text):
                out.append(Segment(text, segment.style))
        return out
