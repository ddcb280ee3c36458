"""A saved game with a damaged line: before the table opens, `thousand --resume` offers to
go on from the last good decision before it, the damaged file kept aside (`set_aside`)."""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import TextIO

from ..engine.record import RecordError
from ..priority import LOCAL, Host
from ..store.catalog import (
    DAMAGED_ASK,
    DAMAGED_FOUND,
    DAMAGED_KEPT,
    DAMAGED_LEFT,
    DAMAGED_YES,
    damage,
    public_text,
    set_aside,
)
from ..store.records import read_record
from ..translations import error_text, tell


def offer_repair(
    path: Path,
    lang: str,
    ask: Callable[[str], str] = input,
    out: TextIO | None = None,
    notes: list[str] | None = None,
    host: Host = LOCAL,
) -> bool:
    """Whether `thousand --resume` may go on with `path`: True for a file that reads (or whose
    fault is not a damaged line: the resume says it), or once the player has agreed to set
    its damage aside; False when the player declines (the file is left as it is). Where the
    damaged file was kept is said, and added to `notes` for the table to say again."""
    out = out or sys.stdout
    try:
        read_record(path)
        return True
    except RecordError:
        pass
    found = damage(path)
    if found is None:
        return True

    def say(text: str) -> None:
        print(public_text(text, host), file=out)

    say(tell(lang, DAMAGED_FOUND, file=path, line=found.line, deal=max(found.deals, 1)))
    try:
        answer = ask(tell(lang, DAMAGED_ASK))
    except (EOFError, KeyboardInterrupt):
        answer = ""
    yes = {word.strip().lower() for word in tell(lang, DAMAGED_YES).split(",")} | {"y", "yes"}
    if answer.strip().lower() not in yes:
        say(tell(lang, DAMAGED_LEFT))
        return False
    try:
        aside = set_aside(path)
    except (RecordError, OSError) as error:
        say(error_text(lang, error))
        say(tell(lang, DAMAGED_LEFT))
        return False
    kept = tell(lang, DAMAGED_KEPT, aside=aside, line=found.line)
    say(kept)
    if notes is not None:
        notes.append(kept)
    return True


__all__ = ["offer_repair"]
