"""A player at the line mode who types what the prompts ask: reads every line written, and
answers each prompt from what it says (the first legal card, pass, play, the first choice)."""

from __future__ import annotations

import io
import re
from collections.abc import Callable

PROMPT = re.compile(
    r"^(Your bid|Your contract|Your lead|Your card|Give |Put aside|.*Type a number\.$)"
)


class Typist(io.StringIO):
    """The standard output and input of a line game in one: what it writes is kept in
    `lines`; `readline` answers the last prompt with `answer(lines)`."""

    def __init__(self, answer: Callable[[list[str]], str | None], limit: int = 5000) -> None:
        super().__init__()
        self.answer = answer
        self.limit = limit
        self.typed: list[str] = []

    @property
    def lines(self) -> list[str]:
        return self.getvalue().splitlines()

    def readline(self, size: int | None = -1) -> str:  # type: ignore[override]
        if len(self.typed) >= self.limit:
            return ""
        text = self.answer(self.lines)
        if text is None:
            return ""  # the end of the input
        self.typed.append(text)
        self.write(f"> {text}\n")  # in the transcript only: the game never writes it
        return text + "\n"
