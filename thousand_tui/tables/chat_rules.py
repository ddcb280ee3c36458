"""One-line chat at a shared table: what a line may hold and how often a seat may write.

The service cleans every line a person sends (`clean`) and refuses one that is empty after
cleaning or longer than `MAX_CHAT` characters; each seat may write `RATE_COUNT` lines in any
`RATE_WINDOW` seconds (`Pace`). The table keeps its last `KEPT` lines, to show them again to
one who sits down again; the record keeps every line (`record_line`).
"""

from __future__ import annotations

import collections
import re
import unicodedata
from typing import Any

from ..engine.record import CHAT
from ..translations import Said
from . import texts

MAX_CHAT = 200  # characters of a line, after cleaning
RATE_COUNT = 5  # lines a seat may write...
RATE_WINDOW = 10.0  # ...in any this many seconds
KEPT = 30  # the last lines a table keeps in memory, shown again to one who sits down again

# Terminal escape sequences, whole: CSI (ESC [ ... final), OSC (ESC ] ... BEL or ST), and any
# other ESC with the character after it. The C1 forms (U+009B, U+009D) likewise.
_ESCAPES = re.compile(
    r"(?:\x1b\[|\x9b)[0-?]*[ -/]*[@-~]?"
    r"|(?:\x1b\]|\x9d)[^\x07\x1b\x9c]*(?:\x07|\x1b\\|\x9c)?"
    r"|\x1b[\s\S]?"
)
_MAX_MARKS = 2  # combining marks kept on one letter (more only pile up over the lines around)


def clean(text: str) -> str:
    """`text` as one printable line: escape sequences removed whole, every other control or
    format character (bidi overrides, zero-width characters) removed, any kind of space or
    line break made one space, more than two combining marks on a letter dropped, and the
    spaces at its ends trimmed."""
    text = _ESCAPES.sub("", unicodedata.normalize("NFC", text))
    out: list[str] = []
    marks = 0
    for ch in text:
        category = unicodedata.category(ch)
        if ch.isspace() or category in ("Zs", "Zl", "Zp"):
            out.append(" ")
            marks = 0
        elif category.startswith("M"):
            marks += 1
            if marks <= _MAX_MARKS and out and out[-1] != " ":
                out.append(ch)
        elif ch.isprintable():
            out.append(ch)
            marks = 0
    return " ".join("".join(out).split())


def refusal(text: str) -> Said | None:
    """Why a line cleaned by `clean` cannot be sent (in the service's words), or None."""
    if not text:
        return Said(texts.CHAT_EMPTY, {})
    if len(text) > MAX_CHAT:
        return Said(texts.CHAT_LONG, {"most": MAX_CHAT, "length": len(text)})
    return None


class Pace:
    """When a seat wrote its last lines: at most RATE_COUNT in any RATE_WINDOW seconds."""

    def __init__(self, count: int = RATE_COUNT, window: float = RATE_WINDOW) -> None:
        self.window = window
        self.times: collections.deque[float] = collections.deque(maxlen=count)

    def wait(self, now: float) -> float:
        """Seconds before this seat may write again (0: now)."""
        if len(self.times) < (self.times.maxlen or 0):
            return 0.0
        return max(0.0, self.times[0] + self.window - now)

    def wrote(self, now: float) -> None:
        self.times.append(now)


def too_fast(wait: float) -> Said:
    """The service's refusal of a line written too soon."""
    seconds = max(1, int(wait + 0.999))
    return Said(
        texts.CHAT_FAST, {"count": RATE_COUNT, "window": f"{RATE_WINDOW:g}", "seconds": seconds}
    )


def record_line(seat: int, name: str, text: str, at: str) -> dict[str, Any]:
    """The record's line of a chat line (docs/record.md#chat)."""
    return {"type": CHAT, "seat": seat, "name": name, "text": text, "at": at}
