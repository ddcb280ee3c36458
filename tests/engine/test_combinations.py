"""Whole games under any combination of conventions (docs/rules.md#conventions).

Hypothesis draws any valid value of any key on top of a shipped preset (a preset file that
`extends` it), with 2, 3 or 4 players. A combination the loader refuses is refused with a
message naming its keys. Every other is played by `random` and `easy` players to the end of
the game, or to the deal cap (`simulate`'s `max_deals`): the games stopped there are counted
in a warning of the test run, never passed over in silence. The record replays exactly, and
every deal keeps the rules of the score sheet (`engine/invariants.py`).

The default run plays 30 tables over any preset; `-m slow` plays 60 over each preset (300 in
all, new ones every run), with a higher cap.
"""

from __future__ import annotations

import json
import warnings
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, given, note, settings
from hypothesis import strategies as st

from thousand_tui.engine.invariants import check_game
from thousand_tui.engine.record import parse_record, rebuild
from thousand_tui.presets import PresetError, load_preset
from thousand_tui.simulate import play_game

from .helpers import PRESETS
from .strategies import nested, tables

LEVELS = ("random", "easy")


def preset_text(preset: str, flat: dict[str, Any]) -> str:
    return yaml.safe_dump({"extends": preset, **nested(flat)}, allow_unicode=True)


def check_refusal(error: PresetError, path: Path) -> None:
    """A refused combination: one line, in the file, naming every key it concerns."""
    message = str(error)
    assert message.startswith(str(path)), message
    assert "\n" not in message
    assert error.keys, message
    for key in error.keys:
        assert key in message, f"{key} is not named: {message}"


def play_whole_game(path: Path, seed: int, levels: list[str], cap: int) -> bool:
    """Load the preset file, play one game, replay its record and check every deal.
    Whether the game came to an end before the cap."""
    preset = load_preset(str(path))
    game, stats = play_game(preset.rules, seed, levels, preset.name, max_deals=cap)
    # The cap is looked at before each decision: the decision that settles the last deal may
    # be followed by deals settled with none (a mandatory redeal), past the cap.
    assert stats.finished or stats.deals >= cap
    text = "".join(json.dumps(line) + "\n" for line in game.lines)
    again, mismatch = rebuild(parse_record(text).games[0])
    assert mismatch is None, str(mismatch)
    broken = check_game(again)
    assert not broken, "\n".join(map(str, broken))
    return stats.finished


def run_combinations(
    directory: Path, examples: int, cap: int, presets: tuple[str, ...] = PRESETS
) -> None:
    played: Counter[str] = Counter()

    @settings(
        max_examples=examples,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )
    @given(table=tables(presets), seed=st.integers(0, 2**31 - 1), data=st.data())
    def combination(table: tuple[str, dict[str, Any]], seed: int, data: st.DataObject) -> None:
        preset, flat = table
        path = directory / "table.yaml"
        path.write_text(preset_text(preset, flat), encoding="utf-8")
        note(path.read_text(encoding="utf-8"))
        try:
            load_preset(str(path))
        except PresetError as error:
            check_refusal(error, path)
            played["refused"] += 1
            return
        players = flat["players"]
        levels = data.draw(st.lists(st.sampled_from(LEVELS), min_size=players, max_size=players))
        finished = play_whole_game(path, seed, levels, cap)
        played["finished" if finished else "capped"] += 1

    combination()
    if played["capped"]:
        games = played["finished"] + played["capped"]
        warnings.warn(
            f"{played['capped']} of {games} games stopped unfinished at the deal cap "
            f"({cap} deals); the loader refused {played['refused']} tables",
            stacklevel=1,
        )


@pytest.mark.long
def test_whole_games_under_any_combination(tmp_path: Path) -> None:
    run_combinations(tmp_path, examples=30, cap=100)


@pytest.mark.slow
@pytest.mark.parametrize("preset", PRESETS)
def test_whole_games_under_any_combination_long(tmp_path: Path, preset: str) -> None:
    run_combinations(tmp_path, examples=60, cap=300, presets=(preset,))
