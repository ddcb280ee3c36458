"""Any preset text, any structure and any value for any key loads or fails with a clear error."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from thousand_tui.engine.rules import SCHEMA, SECTION_KEYS, Rules, RulesError, applies
from thousand_tui.presets import Preset, PresetError, load_preset
from thousand_tui.rulebook import describe_rules

FUZZ = settings(
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)

TEXT = st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=300)

SCALARS = (
    st.none()
    | st.booleans()
    | st.integers(min_value=-(10**6), max_value=10**6)
    | st.integers()
    | st.floats(allow_nan=True)
    | st.text(max_size=20)
    | st.sampled_from([v for spec in SCHEMA.values() for v in (spec.values or ())])
)

VALUES = st.recursive(
    SCALARS,
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4)
    ),
    max_leaves=12,
)

KEYS = (
    st.sampled_from([*SCHEMA, *SECTION_KEYS, "extends", "title", "description"])
    | st.text(max_size=12)
    | st.integers()
)


def nest(flat: dict[Any, Any]) -> dict[Any, Any]:
    nested: dict[Any, Any] = {}
    for key, value in flat.items():
        section, _, sub = str(key).partition(".")
        if sub and isinstance(nested.setdefault(section, {}), dict):
            nested[section][sub] = value
        else:
            nested[key] = value
    return nested


@pytest.fixture(scope="module")
def preset_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("fuzz") / "preset.yaml"


def load_text(path: Path, text: str) -> None:
    path.write_text(text, encoding="utf-8")
    check_load(path)


def check_load(path: Path) -> None:
    try:
        preset = load_preset(str(path))
    except (PresetError, RulesError) as error:
        assert str(error).strip()
        assert "Traceback" not in str(error)
    else:
        assert isinstance(preset, Preset)
        assert Rules.from_mapping(preset.rules.to_dict()) == preset.rules
        assert len([line for _, group in describe_rules(preset.rules, "ru") for line in group]) == (
            sum(1 for key in SCHEMA if applies(preset.rules, key))
        )


@pytest.mark.long
@FUZZ
@given(text=TEXT)
def test_any_text(preset_file: Path, text: str) -> None:
    load_text(preset_file, text)


@pytest.mark.long
@FUZZ
@given(
    text=st.sampled_from(["players: 3\n", "bidding:\n  step: 5\n", "extends: family\n"]).flatmap(
        lambda base: st.tuples(st.just(base), TEXT)
    )
)
def test_valid_text_with_noise(preset_file: Path, text: tuple[str, str]) -> None:
    load_text(preset_file, text[0] + text[1])


@pytest.mark.long
@FUZZ
@given(data=st.dictionaries(KEYS, VALUES, max_size=6))
def test_any_structure(preset_file: Path, data: dict[Any, Any]) -> None:
    load_text(preset_file, yaml.safe_dump(data, allow_unicode=True))


@pytest.mark.long
@FUZZ
@given(flat=st.dictionaries(st.sampled_from(list(SCHEMA)), VALUES, min_size=1, max_size=4))
def test_any_value_for_any_key(preset_file: Path, flat: dict[str, Any]) -> None:
    load_text(preset_file, yaml.safe_dump(nest(flat), allow_unicode=True))
    try:
        rules = Rules.from_mapping(nest(flat))
    except RulesError as error:
        assert error.key or error.related
    else:
        assert Rules.from_mapping(rules.to_dict()) == rules


# What a message about one key says about the values it takes.
ALLOWED = re.compile(r"expected|must|one of|at least|at most|unknown key")


@pytest.mark.long
@FUZZ
@given(
    flat=st.dictionaries(
        st.sampled_from(list(SCHEMA)),
        VALUES | st.sampled_from([v for spec in SCHEMA.values() for v in (spec.values or ())]),
        min_size=1,
        max_size=6,
    )
)
@example(flat={"players": "\n"})
@example(flat={"players": "3\x1b[2J\u202e"})
@example(flat={"marriage.values": {"\x1f": None}})  # a suit's name from the file, not printable
def test_an_error_names_the_file_the_key_and_what_is_allowed(
    preset_file: Path, flat: dict[str, Any]
) -> None:
    preset_file.write_text(yaml.safe_dump(nest(flat), allow_unicode=True), encoding="utf-8")
    try:
        load_preset(str(preset_file))
    except RulesError as error:
        message = str(error)
        assert message.startswith(str(preset_file)), message
        assert error.keys and any(key in message for key in error.keys), message
        assert ALLOWED.search(message), message
        assert "\n" not in message
        assert all(ch.isprintable() for ch in message), message


@pytest.mark.long
@FUZZ
@given(flat=st.dictionaries(st.sampled_from(list(SCHEMA)), SCALARS, max_size=8))
def test_from_mapping_never_raises_anything_else(flat: dict[str, Any]) -> None:
    try:
        Rules.from_mapping(nest(flat), source="fuzz.yaml")
    except RulesError as error:
        assert str(error).startswith("fuzz.yaml")


@pytest.mark.long
@FUZZ
@given(data=st.data())
def test_listed_values_in_any_combination(data: st.DataObject) -> None:
    keys = data.draw(
        st.lists(st.sampled_from([k for k, s in SCHEMA.items() if s.values]), max_size=10)
    )
    flat = {key: data.draw(st.sampled_from(SCHEMA[key].values or ())) for key in keys}
    rules = Rules.from_mapping(nest(flat))
    for key, value in flat.items():
        assert rules.get(key) == value
    assert Rules.from_mapping(rules.to_dict()) == rules
