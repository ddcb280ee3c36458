"""The shipped presets and their rules, as every test folder names them."""

from __future__ import annotations

from typing import Any

from thousand_tui.engine.rules import Rules, with_overrides
from thousand_tui.presets import load_preset

PRESETS = (
    "classic",
    "online-site",
    "family",
    "two-player",
    "four-player",
    "polish",
    "czech",
)


def rules_of(preset: str = "classic", **overrides: Any) -> Rules:
    """A shipped preset with some keys changed; write dotted keys with `__`:
    `rules_of(bidding__step=10)` is `bidding.step: 10`."""
    rules = load_preset(preset).rules
    if not overrides:
        return rules
    return with_overrides(rules, {k.replace("__", "."): v for k, v in overrides.items()})
