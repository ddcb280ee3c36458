"""A hostile corpus of people's text, and what a screen must make of it: every entry shown as
it is written (never read as markup), and none of its control sequences written to the
terminal (`thousand_tui/tui/plain.py`)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from rich.segment import Segment
from textual._compositor import LayoutUpdate
from textual.app import App

from thousand_tui.plaintext import shown

CORPUS: tuple[str, ...] = (
    "[/x]",  # a closing tag that matches nothing: MarkupError
    "[PL] Bartek",  # a clan tag, eaten as an unknown style
    "[@click=app.quit]Quit[/]",  # an action
    "[link=https://x]Link[/link]",  # a link
    "[b]Bold[/b] [red]r",
    "Ev\x1b]52;c;aGk=\x07e",  # OSC 52: writes the clipboard
    "Cls\x1b[2J\x1b[H",  # CSI: clears the screen
    "Red\x9b31m\x9d0;t\x9c",  # C1 CSI and OSC
    "Ti\x1b]0;pwned\x07tle",  # OSC 0: the window's title
    "Zoë \u202eabc",  # a right-to-left override
    "Ze\u200bro\u200d\u2066wi\u2069\ufeffdth",  # zero-width characters, an isolate
    "C0\x00\x01\x08\x7f\x85end",  # C0, DEL and C1 controls
    "漢字テスト名前",  # wide
    "Zalgo e\u0301\u0302\u0303\u0304\u0305\u0306x",  # combining marks piled up
    "Long" + "x" * 996,  # 1,000 characters
)

MARKUP = tuple(text for text in CORPUS if text.startswith("["))

# What a terminal must never be sent from the corpus: its escape and control characters, the
# bidi and zero-width characters (none of which the table itself writes in a line's text).
UNSAFE = re.compile("[\x00-\x1f\x7f-\x9f\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]")

# The sequences of the corpus, as they would reach a terminal if written raw.
SEQUENCES = ("\x1b]52", "\x1b]0;", "\x1b[2J", "\x9b", "\x9d", "\x07", "\u202e", "\u2066")

# Rich's Text drops these when it is made of a str (rich.control.strip_control_codes).
_RICH_DROPS = str.maketrans("", "", "\x07\x08\x0b\x0c\x0d")


def rotation(k: int, fields: int) -> tuple[str, ...]:
    """The corpus for `fields` fields, turned by `k`: over every k, each field gets every
    entry (and at any one k, the fields hold different entries)."""
    return tuple(CORPUS[(k + i) % len(CORPUS)] for i in range(fields))


def segments(app: App[Any]) -> Iterator[Segment]:
    """What the app draws on a full repaint, screens under a dialog included, as segments."""
    update = app.screen._compositor.render_update(
        full=True, screen_stack=app._background_screens, simplify=True
    )
    assert isinstance(update, LayoutUpdate)
    for line in update.strips:
        for strip in line:
            yield from strip


def written(app: App[Any]) -> str:
    """What the driver would write to the terminal for a full repaint."""
    update = app.screen._compositor.render_update(
        full=True, screen_stack=app._background_screens, simplify=True
    )
    return update.render_segments(app.console)


def assert_nothing_unsafe(app: App[Any]) -> None:
    """No control, bidi or zero-width character in any text drawn, and none of the corpus's
    sequences in what would be written (the table writes only its own SGR and cursor moves)."""
    for segment in segments(app):
        if not segment.control:
            found = UNSAFE.search(segment.text)
            assert found is None, f"{found.group()!r} drawn in {segment.text!r}"
    out = written(app)
    for sequence in SEQUENCES:
        assert sequence not in out, f"{sequence!r} written to the terminal"
    own = re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", out)  # Textual's SGR and cursor moves
    left = UNSAFE.search(own.replace("\n", ""))
    assert left is None, f"{left.group()!r} written to the terminal"


def visible(text: str) -> str:
    """The characters a person sees of `text` however it was put on the screen: what `shown`
    keeps, less the U+FFFD it puts for a control (or that Rich had dropped already)."""
    return shown(text.translate(_RICH_DROPS)).replace("\ufffd", "")


def assert_shown(screen: str, text: str, cells: int = 30) -> None:
    """`text` is on `screen` (`screen_text`) as it is written, at least its first `cells`
    characters (a long text is cut to its room)."""
    seen = screen.replace("\ufffd", "")
    want = visible(text)[:cells].rstrip()
    # A text wrapped within a box (a note, a dialog): its lines joined, the box's edges left out.
    flat = " ".join(_BOXES.sub(" ", seen).split())
    assert want in seen or " ".join(want.split()) in flat, f"{want!r} not on the screen:\n{screen}"


_BOXES = re.compile("[\u2500-\u259f]")
