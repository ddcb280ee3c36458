"""Hypothesis strategies for tables of conventions: any valid value of any key of
docs/rules.md#conventions on top of a shipped preset, with 2, 3 or 4 players.

"Valid" is per key (its type, its listed values, its least value); a drawn combination may
still break a check between keys (docs/rules.md#validation), which the loader must refuse by
naming the keys.
"""

from __future__ import annotations

from typing import Any

from hypothesis import assume
from hypothesis import strategies as st

from thousand_tui.engine.rules import SCHEMA, SUIT_LETTERS, KeySpec, Rules, RulesError

from .helpers import PRESETS, rules_of

PLAYER_COUNTS = (2, 3, 4)

# Values of the free whole-number keys that tables play, and ones that try the edges: the
# barrel at 555 (samosval), amounts off fives, contracts the rules set that are not bids.
TYPICAL: dict[str, tuple[int | None, ...]] = {
    "target": (1000, 1001, 500, 700, 1500),
    "deal.cut_penalty": (120, 0, 50, 7),
    "bidding.min": (100, 50, 120, 5),
    "bidding.max": (300, 200, 120, 400),
    "bidding.marriage_required_above": (120, None, 150, 100),
    "rospis.free_per_game": (0, 1, 3),
    "rospis.max_per_game": (None, 0, 1, 3),
    "rospis.third_penalty": (0, 50, 7),
    "baptism.crosses_penalty": (120, 0, 7),
    "baptism.max_per_game": (None, 0, 1),
    "ace_marriage.value": (200, 150, 0, 33),
    "scoring.only_contracts_above": (None, 800, 500, 0, 995),
    "palki.penalty": (120, 0, 100, 7),
    "barrel.threshold": (880, 900, 600, 555, 883),
    "barrel.attempts": (3, 1, 2, 5),
    "barrel.min_contract": (120, 121, 100, 150, 5),
    "barrel.max_bid": (None, 120, 150, 200),
    "barrel.penalty": (120, 0, 100, 7),
    "golden.multiplier": (2, 1, 3),
    "golden.forced_contract": (120, 100, 150, 123),
    "dark.contract": (120, 150, 100, 123),
    "dark.multiplier": (2, 1, 3),
    "dark.min_score": (None, 0, -200, 500),
}

MARRIAGE_VALUES = (100, 80, 60, 40, 0, 33)


def values_of(spec: KeySpec) -> st.SearchStrategy[Any]:
    """Any value the key accepts on its own; for a free number, often one tables play."""
    if spec.type == "map":
        one = st.sampled_from(MARRIAGE_VALUES) | st.integers(0, 200)
        return st.fixed_dictionaries({suit: one for suit in SUIT_LETTERS})
    if spec.values is not None:
        return st.sampled_from(spec.values)
    low = -1500 if spec.minimum is None else spec.minimum
    number: st.SearchStrategy[Any] = st.sampled_from(TYPICAL[spec.key]) | st.integers(low, 1500)
    return number | st.none() if spec.nullable else number


# `players` is always drawn; every other key may be.
OTHER_KEYS = tuple(key for key in SCHEMA if key != "players")


@st.composite
def tables(
    draw: st.DrawFn, presets: tuple[str, ...] = PRESETS, max_keys: int = 12
) -> tuple[str, dict[str, Any]]:
    """A shipped preset and the keys set over it, flat (`{"barrel.goal": "cumulative"}`)."""
    preset = draw(st.sampled_from(presets))
    keys = draw(st.lists(st.sampled_from(OTHER_KEYS), unique=True, max_size=max_keys))
    flat = {"players": draw(st.sampled_from(PLAYER_COUNTS))}
    flat.update({key: draw(values_of(SCHEMA[key])) for key in keys})
    return preset, flat


def nested(flat: dict[str, Any]) -> dict[str, Any]:
    """Dotted keys nested as in a preset file."""
    out: dict[str, Any] = {}
    for key, value in flat.items():
        section, _, name = key.partition(".")
        if name:
            out.setdefault(section, {})[name] = value
        else:
            out[key] = value
    return out


@st.composite
def conventions(draw: st.DrawFn) -> Rules:
    """Valid rules only: a combination the checks between keys refuse is not drawn."""
    preset, flat = draw(tables())
    try:
        return rules_of(preset, **{key.replace(".", "__"): value for key, value in flat.items()})
    except RulesError:
        assume(False)
        raise
