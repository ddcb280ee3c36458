"""Textual's parsed CSS kept for the whole test process, not for one app.

Each app parses every widget's CSS again (its stylesheet's cache is its own, and `reparse`
starts from an empty one), about a fifth of a table's start-up; a test process starts hundreds
of apps from the same CSS. The rules parsed from the same text, location and variables are the
same, and Textual never changes a parsed rule set (its own cache hands them out again).
Installed by tests/conftest.py for every test; the program itself is untouched."""

from __future__ import annotations

import inspect
from typing import Any

from textual.css.model import RuleSet
from textual.css.stylesheet import Stylesheet

# The signature the cache was written for (Textual 8): another one is left alone.
PARAMETERS = ("self", "css", "read_from", "is_default_rules", "tie_breaker", "scope")

_parsed: dict[tuple[Any, ...], list[RuleSet]] = {}


def install() -> bool:
    """Keep `Stylesheet._parse_rules`'s results process-wide; False where its signature is
    not the one this was written for (then nothing is changed)."""
    parse_rules = Stylesheet._parse_rules
    if getattr(parse_rules, "process_wide", False):
        return True
    if tuple(inspect.signature(parse_rules).parameters) != PARAMETERS:
        return False

    def cached(
        self: Stylesheet,
        css: str,
        read_from: Any,
        is_default_rules: bool = False,
        tie_breaker: int = 0,
        scope: str = "",
    ) -> list[RuleSet]:
        key = (
            css,
            read_from,
            is_default_rules,
            tie_breaker,
            scope,
            *sorted(self._variables.items()),
        )
        rules = _parsed.get(key)
        if rules is None:
            rules = parse_rules(self, css, read_from, is_default_rules, tie_breaker, scope)
            _parsed[key] = rules
        return rules

    cached.process_wide = True  # type: ignore[attr-defined]
    Stylesheet._parse_rules = cached  # type: ignore[method-assign]
    return True
