"""The convention schema and the `Rules` object (docs/rules.md#conventions,
docs/rules.md#validation)."""

from __future__ import annotations

import dataclasses
import re
from typing import Any

import pytest

from thousand_tui.engine.cards import Suit
from thousand_tui.engine.rules import (
    DEFAULT_RULES,
    SCHEMA,
    SECTIONS,
    Bidding,
    Rules,
    RulesError,
    iter_conventions,
    with_overrides,
)

CLASSIC: dict[str, Any] = {
    "players": 3,
    "target": 1000,
    "deal": {"cut_ritual": False, "cut_penalty": 120},
    "redeal": {
        "enabled": True,
        "when": "after_exchange",
        "hand_nines": 4,
        "hand_nines_on_hundred": None,
        "hand_jacks": None,
        "hand_points_below": None,
        "talon_points_below": None,
        "talon_nines": None,
        "talon_jacks": None,
        "mandatory": False,
    },
    "bidding": {
        "obligated": "forehand",
        "min": 100,
        "step": 5,
        "jumps": True,
        "max": 300,
        "marriage_required_above": 120,
        "cap_by_marriages": False,
        "minus_threshold": None,
        "minus_mode": "self_passes",
    },
    "talon": {"show": "not_at_100", "raise": "after_giving", "given_visible": False},
    "rospis": {
        "enabled": True,
        "declarer": "minus_bid",
        "opponents": "sixty",
        "free_per_game": 0,
        "max_per_game": None,
        "third_penalty": 0,
        "on_barrel": "forbidden_for_barrel_player",
    },
    "baptism": {"enabled": False, "crosses_penalty": 120, "max_per_game": None},
    "marriage": {
        "values": {"H": 100, "D": 80, "C": 60, "S": 40},
        "on_first_lead": False,
        "card_must_win": False,
        "keep_trump_option": False,
    },
    "ace_marriage": {"enabled": False, "value": 200, "trump": "keep"},
    "play": {"trump_lead": "free", "must_beat": False},
    "scoring": {
        "defender_rounding": "nearest_5",
        "declarer_rounding": "none",
        "failed_defenders": "own_points",
        "only_contracts_above": None,
    },
    "palki": {
        "trigger": "no_tricks",
        "penalty": 120,
        "rule": "every_third",
        "declarer_counts": True,
    },
    "samosval": {"mode": "plus_minus"},
    "barrel": {
        "enabled": True,
        "threshold": 880,
        "entry": "cap",
        "attempts": 3,
        "attempt_counts": "every_deal",
        "goal": "contract",
        "min_contract": 120,
        "bidding": "normal",
        "max_bid": None,
        "marriages_count": True,
        "opponents_freeze": False,
        "penalty": 120,
        "fall_rounding": "none",
        "third_fall": "none",
        "failed_contract": "attempt",
        "bump": True,
        "simultaneous": "all_fall",
    },
    "golden": {
        "enabled": False,
        "multiplier": 2,
        "forced_contract": 120,
        "raise": False,
        "marriages_multiplied": True,
        "on_failure": "reset_scores",
    },
    "dark": {
        "enabled": False,
        "contract": 120,
        "multiplier": 2,
        "talon_hidden": True,
        "raise": False,
        "cancel": "none",
        "min_score": None,
    },
    "four_player": {"sitter_scores": "talon_points_marriage", "half_marriage": False},
    "two_player": {"talons": "two_by_two", "talon_choice": "blind"},
}

LISTED = [
    (spec.key, value)
    for spec in SCHEMA.values()
    if spec.values is not None
    for value in spec.values
]


def _dotted(nested: dict[str, Any]) -> dict[str, Any]:
    flat: dict[str, Any] = {}
    for key, value in nested.items():
        if isinstance(value, dict) and key != "values":
            flat.update({f"{key}.{sub}": each for sub, each in value.items()})
        else:
            flat[key] = value
    return flat


def _error(data: Any, **kwargs: Any) -> RulesError:
    with pytest.raises(RulesError) as caught:
        Rules.from_mapping(data, **kwargs)
    return caught.value


def test_defaults_are_classic() -> None:
    assert Rules().to_dict() == CLASSIC
    assert DEFAULT_RULES == Rules() == Rules.from_mapping({})


def test_schema_has_every_key_of_rules_md_in_order() -> None:
    assert list(SCHEMA) == list(_dotted(CLASSIC))
    assert all(spec.section in SECTIONS for spec in SCHEMA.values())


def test_schema_defaults_are_listed_values() -> None:
    for spec in SCHEMA.values():
        if spec.values is not None:
            assert spec.default in spec.values, spec.key


def test_schema_sections_follow_rules_md() -> None:
    sections = {key: spec.section for key, spec in SCHEMA.items()}
    assert sections["players"] == sections["deal.cut_penalty"] == "Table"
    assert sections["redeal.talon_jacks"] == "Redeal"
    assert sections["bidding.minus_mode"] == "Auction"
    assert sections["talon.raise"] == "Talon"
    assert sections["rospis.on_barrel"] == sections["baptism.enabled"] == "Concession and baptism"
    assert sections["marriage.values"] == sections["play.must_beat"] == "Play and marriages"
    assert sections["ace_marriage.trump"] == "Play and marriages"
    assert sections["scoring.failed_defenders"] == "Scoring"
    assert sections["palki.rule"] == "Palki"
    for key in ("samosval.mode", "barrel.bump", "golden.raise", "dark.cancel"):
        assert sections[key] == "Match"
    assert sections["four_player.half_marriage"] == "Match"
    assert sections["two_player.talons"] == "Two players"
    order = [SECTIONS.index(spec.section) for spec in SCHEMA.values()]
    assert order == sorted(order)


def test_attributes_use_the_key_names() -> None:
    rules = Rules()
    assert rules.players == 3
    assert rules.talon.show == "not_at_100"
    assert rules.talon.raise_ == "after_giving"
    assert rules.golden.raise_ is False
    assert rules.dark.raise_ is False
    assert rules.bidding.marriage_required_above == 120
    assert rules.redeal.hand_nines_on_hundred is None
    assert rules.four_player.sitter_scores == "talon_points_marriage"


def test_get_by_dotted_key() -> None:
    for key, value in _dotted(CLASSIC).items():
        got = Rules().get(key)
        assert (dict(got) if key == "marriage.values" else got) == value
    with pytest.raises(KeyError, match=r"did you mean talon\.raise"):
        Rules().get("talon.rise")


def test_marriage_value_of() -> None:
    marriage = Rules().marriage
    assert [marriage.value_of(letter) for letter in "HDCS"] == [100, 80, 60, 40]
    assert marriage.value_of(Suit.HEARTS) == 100
    assert marriage.value_of(Suit.SPADES) == 40
    custom = Rules.from_mapping({"marriage": {"values": {"S": 1, "C": 2, "D": 3, "H": 4}}})
    assert custom.marriage.value_of("H") == 4
    assert custom.to_dict()["marriage"]["values"] == {"H": 4, "D": 3, "C": 2, "S": 1}
    with pytest.raises(KeyError):
        marriage.value_of("X")


def test_rules_are_frozen_and_hashable() -> None:
    rules = Rules()
    with pytest.raises(dataclasses.FrozenInstanceError):
        rules.players = 4  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        rules.bidding.step = 10  # type: ignore[misc]
    assert hash(rules) == hash(Rules.from_mapping(rules.to_dict()))


def test_to_dict_is_a_fresh_copy() -> None:
    data = DEFAULT_RULES.to_dict()
    data["bidding"]["step"] = 10
    data["marriage"]["values"]["H"] = 0
    assert DEFAULT_RULES.to_dict() == CLASSIC


@pytest.mark.parametrize(("key", "value"), LISTED, ids=[f"{k}={v}" for k, v in LISTED])
def test_every_listed_value_loads(key: str, value: Any) -> None:
    section, _, sub = key.partition(".")
    rules = Rules.from_mapping({section: {sub: value}} if sub else {key: value})
    assert rules.get(key) == value
    assert Rules.from_mapping(rules.to_dict()) == rules
    assert with_overrides(DEFAULT_RULES, {key: value}) == rules


@pytest.mark.parametrize(
    ("key", "value"),
    [
        ("target", 1001),
        ("target", 500),
        ("deal.cut_penalty", 0),
        ("bidding.min", 120),
        ("bidding.max", 400),
        ("bidding.marriage_required_above", None),
        ("bidding.marriage_required_above", 300),
        ("rospis.free_per_game", 2),
        ("rospis.max_per_game", 3),
        ("rospis.third_penalty", 50),
        ("baptism.max_per_game", 0),
        ("ace_marriage.value", 0),
        ("palki.penalty", 0),
        ("barrel.threshold", 900),
        ("barrel.attempts", 1),
        ("barrel.min_contract", 121),
        ("barrel.max_bid", 120),
        ("barrel.penalty", 0),
        ("golden.multiplier", 1),
        ("golden.forced_contract", 100),
        ("dark.contract", 300),
        ("dark.multiplier", 3),
        ("dark.min_score", -200),
        ("dark.min_score", 0),
    ],
)
def test_free_values_load(key: str, value: Any) -> None:
    overrides = {key: value}
    if key == "target":
        overrides["barrel.threshold"] = value - 120
    rules = with_overrides(DEFAULT_RULES, overrides)
    assert rules.get(key) == value
    assert Rules.from_mapping(rules.to_dict()) == rules


WRONG_TYPES: list[Any] = [True, "yes", 2.5, [3], {"a": 1}, "3"]


@pytest.mark.parametrize(
    ("key", "value"),
    [
        pytest.param(key, value, id=f"{value!r}-{key}")
        for value in WRONG_TYPES
        for key in SCHEMA
        # True is right for a bool, and so is YAML 1.1's "yes"
        if not (SCHEMA[key].type == "bool" and value in (True, "yes"))
    ],
)
def test_wrong_type_is_rejected_for_every_key(key: str, value: Any) -> None:
    spec = SCHEMA[key]
    section, _, sub = key.partition(".")
    data = {section: {sub: value}} if sub else {key: value}
    error = _error(data, source="table.yaml")
    assert error.key == key
    message = str(error)
    assert message.startswith(f"table.yaml: {key}: ")
    assert spec.expected() in message


def test_bool_is_not_an_int_and_only_yaml_words_are_bools() -> None:
    assert "expected one of 2, 3, 4; got true" in str(_error({"players": True}))
    assert "got false" in str(_error({"target": False}))
    assert "expected true or false" in str(_error({"barrel": {"enabled": "yep"}}))
    assert "expected true or false" in str(_error({"barrel": {"enabled": "y"}}))
    assert "expected true or false" in str(_error({"barrel": {"enabled": 1}}))
    assert "expected one of 2, 3, 4" in str(_error({"players": "on"}))
    for word, value in (("yes", True), ("On", True), ("NO", False), ("off", False)):
        assert Rules.from_mapping({"barrel": {"enabled": word}}).barrel.enabled is value


def test_float_is_not_an_int() -> None:
    assert "decimal" in str(_error({"redeal": {"hand_nines": 3.0}}))
    assert "decimal" in str(_error({"target": 1000.0}))


def test_value_not_listed_names_the_allowed_values() -> None:
    message = str(_error({"talon": {"show": "sometimes"}}, source="t.yaml"))
    assert message == (
        't.yaml: talon.show: expected one of always, not_at_100, never; got "sometimes" (text)'
    )
    assert "expected one of null, 3, 4" in str(_error({"redeal": {"hand_nines": 2}}))
    assert "expected one of 5, 10" in str(_error({"bidding": {"step": 15}}))


def test_unquoted_off_hint() -> None:
    assert "write 'off' in quotes" in str(_error({"samosval": {"mode": False}}))


def test_null_only_where_allowed() -> None:
    assert "or null" not in SCHEMA["target"].expected()
    assert _error({"target": None}).key == "target"
    assert Rules.from_mapping({"barrel": {"max_bid": None}}).barrel.max_bid is None


def test_empty_section_is_allowed() -> None:
    assert Rules.from_mapping({"bidding": None}) == DEFAULT_RULES
    assert Rules.from_mapping({"bidding": {}}) == DEFAULT_RULES


def test_unknown_key_suggests_the_closest() -> None:
    error = _error({"bidding": {"stepp": 5}}, source="family.yaml", lines={"bidding.stepp": 12})
    assert str(error) == (
        "family.yaml line 12: bidding.stepp: unknown key; did you mean bidding.step?"
    )
    assert "did you mean bidding?" in str(_error({"biding": {"step": 5}}))
    assert "did you mean players?" in str(_error({"playerz": 3}))
    assert "did you mean talon.raise?" in str(_error({"talon": {"raise_": "never"}}))
    assert "did you mean play.trump_lead?" in str(_error({"bidding": {"trump_lead": "free"}}))
    assert "did you mean marriage.values?" in str(_error({"marriage": {"hearts": 120}}))
    assert "did you mean marriage.values?" in str(_error({"marriage": {"S": 40}}))
    assert str(_error({"marriage": {"zzz": 1}})).endswith(
        "unknown key; the keys of marriage are: values, on_first_lead, card_must_win, "
        "keep_trump_option"
    )


def test_unknown_key_without_a_close_match_lists_the_keys() -> None:
    message = str(_error({"bidding": {"zzzzzz": 1}}))
    assert "the keys of bidding are: obligated, min, step" in message
    message = str(_error({"zzzzzz": 1}))
    assert "the top-level keys are: players, target, deal" in message


def test_non_string_keys_are_unknown() -> None:
    assert _error({1: 2}).key == "1"
    assert _error({"bidding": {None: 2}}).key == "bidding.None"


def test_dotted_top_level_key_asks_for_nesting() -> None:
    assert "write it nested, as bidding: {step: ...}" in str(_error({"bidding.step": 5}))


def test_section_must_be_a_mapping() -> None:
    error = _error({"bidding": 5}, source="x.yaml", lines={"bidding": 3})
    assert str(error).startswith("x.yaml line 3: bidding: expected a section of keys (obligated,")
    assert "got a list" in str(_error({"barrel": [1, 2]}))


def test_data_must_be_a_mapping() -> None:
    assert "expected a mapping" in str(_error([1, 2], source="x.yaml"))
    assert str(_error("players", source="x.yaml")).startswith("x.yaml: expected a mapping")


def test_marriage_values_are_checked() -> None:
    assert "missing S" in str(_error({"marriage": {"values": {"H": 1, "D": 1, "C": 1}}}))
    extra = {"H": 1, "D": 1, "C": 1, "S": 1, "X": 1}
    assert "unknown suit X" in str(_error({"marriage": {"values": extra}}))
    negative = {"H": -1, "D": 1, "C": 1, "S": 1}
    assert "H: expected a whole number ≥ 0" in str(_error({"marriage": {"values": negative}}))
    boolean = {"H": True, "D": 1, "C": 1, "S": 1}
    assert _error({"marriage": {"values": boolean}}).key == "marriage.values"
    assert _error({"marriage": {"values": 100}}).key == "marriage.values"


CONSTRAINTS = [
    ({"bidding": {"min": 200, "max": 150}}, "bidding.min (200) is above bidding.max (150)"),
    (
        {"bidding": {"min": 102}},
        "bidding.min: 102 is not a multiple of bidding.step (5); it must be one (the nearest: "
        "100 or 105)",
    ),
    (
        {"bidding": {"min": 2, "step": 5}},
        "bidding.min: 2 is not a multiple of bidding.step (5); it must be one (the nearest: 5)",
    ),
    ({"bidding": {"max": 303}}, "bidding.max: 303 is not a multiple of bidding.step (5)"),
    ({"bidding": {"step": 10, "min": 105}}, "not a multiple of bidding.step (10)"),
    ({"bidding": {"marriage_required_above": 95}}, "95 is outside bidding.min..bidding.max"),
    ({"bidding": {"marriage_required_above": 305}}, "305 is outside bidding.min..bidding.max"),
    ({"barrel": {"threshold": 1000}}, "barrel.threshold: 1000 must be below target (1000)"),
    ({"target": 800}, "barrel.threshold: 880 must be below target (800)"),
    ({"barrel": {"min_contract": 305}}, "barrel.min_contract: 305 is above bidding.max (300)"),
    ({"golden": {"multiplier": 0}}, "golden.multiplier: must be at least 1; got 0"),
    ({"dark": {"multiplier": -2}}, "dark.multiplier: must be at least 1"),
    ({"palki": {"penalty": -120}}, "palki.penalty: must be at least 0"),
    ({"barrel": {"penalty": -1}}, "barrel.penalty: must be at least 0"),
    ({"deal": {"cut_penalty": -1}}, "deal.cut_penalty: must be at least 0"),
    ({"baptism": {"crosses_penalty": -5}}, "baptism.crosses_penalty: must be at least 0"),
    ({"rospis": {"third_penalty": -5}}, "rospis.third_penalty: must be at least 0"),
    ({"target": 0}, "target: must be at least 1"),
    ({"target": -1000}, "target: must be at least 1"),
    (
        {"dark": {"enabled": True, "contract": 95}},
        "dark.contract: 95 is outside bidding.min..bidding.max (100..300); it must be a bid in "
        "that range, or dark.enabled: false",
    ),
    ({"dark": {"enabled": True, "contract": 305}}, "dark.contract: 305 is outside"),
    (
        {"golden": {"enabled": True, "forced_contract": 310}},
        "golden.forced_contract: 310 is outside",
    ),
    ({"golden": {"enabled": True, "forced_contract": 50}}, "golden.forced_contract: 50 is outside"),
]


@pytest.mark.parametrize(("data", "fragment"), CONSTRAINTS)
def test_constraints_of_section_2_11_reject(data: dict[str, Any], fragment: str) -> None:
    message = str(_error(data, source="t.yaml"))
    assert fragment in message
    # Each says what the value must be, not only what is wrong with it.
    assert re.search(r"\bmust\b", message), message


SWITCHED_OFF = [
    {"target": 500, "barrel": {"enabled": False}},
    {"barrel": {"enabled": False, "min_contract": 305}},
    {"dark": {"enabled": False, "contract": 305}},
    {"golden": {"enabled": False, "forced_contract": 50}},
]


@pytest.mark.parametrize("data", SWITCHED_OFF)
def test_a_switched_off_feature_is_not_checked_against_other_keys(data: dict[str, Any]) -> None:
    rules = Rules.from_mapping(data)
    for key, value in data.items():
        for name, each in value.items() if isinstance(value, dict) else [("", value)]:
            assert rules.get(f"{key}.{name}" if name else key) == each


@pytest.mark.parametrize(
    ("data", "fragment"),
    [
        ({"barrel": {"enabled": False, "threshold": "high"}}, "barrel.threshold: expected"),
        ({"dark": {"enabled": False, "contract": 0}}, "dark.contract: must be at least 1"),
        ({"golden": {"enabled": False, "on_failure": "retry"}}, "golden.on_failure: expected"),
    ],
)
def test_a_switched_off_feature_still_has_its_keys_checked(
    data: dict[str, Any], fragment: str
) -> None:
    assert fragment in str(_error(data))


def test_the_barrel_threshold_error_says_how_to_mend_it() -> None:
    message = str(_error({"target": 500}))
    assert "barrel.threshold: 880 must be below target (500)" in message
    assert "barrel.enabled: false" in message


def test_constraint_error_is_located_at_a_key_involved() -> None:
    error = _error({"bidding": {"max": 95}}, source="t.yaml", lines={"bidding.max": 7})
    assert str(error).startswith("t.yaml line 7: bidding.min (100) is above bidding.max (95)")
    assert set(error.keys) == {"bidding.min", "bidding.max"}


def test_barrel_contract_121_is_allowed() -> None:
    rules = Rules.from_mapping({"target": 1001, "barrel": {"min_contract": 121}})
    assert rules.barrel.min_contract == 121


def test_constraints_hold_with_other_steps_and_limits() -> None:
    rules = Rules.from_mapping({"bidding": {"step": 10, "min": 100, "max": 120}})
    assert (rules.bidding.min, rules.bidding.max) == (100, 120)
    with pytest.raises(RulesError):
        Rules.from_mapping({"bidding": {"step": 10, "max": 305}})


def test_direct_construction_is_validated() -> None:
    with pytest.raises(RulesError, match=r"bidding\.min"):
        Rules(bidding=Bidding(min=400))
    with pytest.raises(RulesError, match="players"):
        Rules(players=5)
    with pytest.raises(RulesError, match="expected a Bidding section"):
        Rules(bidding=5)  # type: ignore[arg-type]
    with pytest.raises(RulesError):
        dataclasses.replace(Rules(), target=0)


def test_rules_error_is_a_value_error() -> None:
    assert issubclass(RulesError, ValueError)


def test_with_overrides_takes_dotted_and_nested_keys() -> None:
    rules = with_overrides(DEFAULT_RULES, {"players": 4, "bidding.step": 10})
    assert (rules.players, rules.bidding.step) == (4, 10)
    nested = with_overrides(DEFAULT_RULES, {"bidding": {"jumps": False}})
    assert nested.bidding.jumps is False
    assert nested.bidding.step == 5
    assert DEFAULT_RULES.players == 3
    with pytest.raises(RulesError, match=r"<overrides>: bidding\.stepp"):
        with_overrides(DEFAULT_RULES, {"bidding.stepp": 10})


def test_iter_conventions_in_rules_md_order() -> None:
    items = list(iter_conventions(DEFAULT_RULES))
    assert [key for _, key, _ in items] == list(SCHEMA)
    assert items[0] == ("Table", "players", 3)
    assert ("Talon", "talon.raise", "after_giving") in items
    assert ("Play and marriages", "marriage.values", CLASSIC["marriage"]["values"]) in items
    assert items[-1] == ("Two players", "two_player.talon_choice", "blind")
    seen = [section for section, _, _ in items]
    assert list(dict.fromkeys(seen)) == list(SECTIONS)
