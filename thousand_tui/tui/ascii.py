"""ASCII output for terminals without UTF-8 (`--ascii`, or a locale that is not UTF-8).

The cards already use letters (`AH`); this line filter turns what is left — box lines, block
shading, arrows, dots, marks — into one ASCII character each, so the layout keeps its width.
"""

from __future__ import annotations

from rich.segment import Segment
from textual.color import Color
from textual.filter import LineFilter

_GROUPS = {
    "-": "─━═╌╍┄┅┈┉╴╶╸╺–—−",
    "|": "│┃║╎╏┆┇┊┋╵╷╹╻▏▕▎▍",
    "+": "┌┐└┘╭╮╰╯┏┓┗┛╔╗╚╝├┤┬┴┼╠╣╦╩╬┠┨┯┷┿╋┣┫┳┻✓",
    "#": "█▀▄▌▐░▒▓▁▂▃▅▆▇▮■",
    ".": "·…",
    "*": "•★",
    ">": "→▸▶›»",
    "<": "←◂◀‹«⏎⌫",
    "^": "↑▲",
    "v": "↓▼",
    "x": "✗✕×",
    "H": "♥",
    "D": "♦",
    "C": "♣",
    "S": "♠",
    '"': "“”„",
    "'": "‘’",
}
ASCII_MAP = {ord(ch): ascii_ch for ascii_ch, chars in _GROUPS.items() for ch in chars}


def asciify(text: str) -> str:
    return text.translate(ASCII_MAP)


class AsciiFilter(LineFilter):
    """Replace the drawing characters of every line with ASCII ones of the same width."""

    def apply(self, segments: list[Segment], background: Color) -> list[Segment]:
        out = []
        for segment in segments:
            text = segment.text
            if text.isascii() or segment.control:
                out.append(segment)
            else:
                out.append(Segment(text.translate(ASCII_MAP), segment.style, segment.control))
        return out


# Footer key names in ASCII.
ASCII_KEYS = {"←→": "<>", "⏎": "enter", "⌫": "bksp", "1–9": "1-9", "1–0": "1-0"}
