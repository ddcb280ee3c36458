"""Shipped presets (docs/rules.md#presets), user preset files, `extends`, errors and
descriptions."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
import yaml

from thousand_tui.engine.rules import (
    DEFAULT_RULES,
    SCHEMA,
    RulesError,
    applies,
    with_overrides,
)
from thousand_tui.presets import (
    Preset,
    PresetError,
    load_preset,
    rules_dir,
    shipped_names,
    shipped_presets,
)
from thousand_tui.rulebook import describe_rules, format_preset
from thousand_tui.translations import LANGS

SHIPPED = ["classic", "family", "online-site", "two-player", "four-player", "polish", "czech"]

EXPECTED: dict[str, dict[str, Any]] = {
    "classic": {},
    "online-site": {
        "target": 1001,
        "redeal.when": "after_exchange",
        "redeal.hand_nines": 4,
        "redeal.hand_points_below": 14,
        "barrel.bidding": "auto_bid",
        "barrel.min_contract": 121,
        "ace_marriage.enabled": True,
        "bidding.minus_threshold": -100,
        "talon.show": "not_at_100",
        "rospis.declarer": "minus_bid",
        "rospis.opponents": "half_bid",
        "samosval.mode": "plus_minus",
        "golden.enabled": True,
        "golden.multiplier": 2,
        "golden.forced_contract": 120,
        "golden.on_failure": "reset_scores",
        "barrel.opponents_freeze": True,
        "barrel.failed_contract": "fall",
    },
    "family": {
        "bidding.jumps": False,
        "marriage.keep_trump_option": True,
        "deal.cut_ritual": True,
        "redeal.when": "before_auction",
        "redeal.hand_points_below": 14,
        "redeal.hand_nines": 3,
        "redeal.hand_jacks": 4,
        "redeal.talon_points_below": 5,
        "redeal.talon_nines": 2,
        "redeal.talon_jacks": 3,
        "rospis.declarer": "nothing",
        "rospis.opponents": "half_bid",
        "rospis.on_barrel": "forbidden_for_all",
        "baptism.enabled": True,
        "palki.rule": "three_in_a_row",
        "barrel.goal": "cumulative",
        "barrel.max_bid": 120,
        "barrel.marriages_count": False,
        "barrel.fall_rounding": "down_to_tens",
        "dark.enabled": True,
        "four_player.half_marriage": True,
    },
    "two-player": {"players": 2},
    "four-player": {"players": 4},
    "polish": {
        "bidding.step": 10,
        "talon.show": "always",
        "rospis.declarer": "nothing",
        "rospis.opponents": "sixty",
        "rospis.max_per_game": 1,
        "play.must_beat": True,
        "scoring.defender_rounding": "nearest_10",
        "scoring.only_contracts_above": 800,
        "palki.penalty": 0,
        "samosval.mode": "off",
        "barrel.enabled": False,
        "four_player.sitter_scores": "aces_50",
    },
    "czech": {
        "deal.cut_ritual": True,
        "redeal.when": "before_auction",
        "redeal.hand_nines": 4,
        "redeal.hand_nines_on_hundred": 3,
        "redeal.hand_points_below": 15,
        "redeal.talon_points_below": 5,
        "bidding.jumps": False,
        "bidding.cap_by_marriages": True,
        "rospis.free_per_game": 1,
        "play.trump_lead": "owner_only",
        "palki.trigger": "no_points",
        "samosval.mode": "off",
        "barrel.bidding": "auto_talon",
        "barrel.min_contract": 121,
        "barrel.third_fall": "reset_to_zero",
    },
}


def write(directory: Path, name: str, text: str) -> Path:
    path = directory / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def load_error(name_or_path: str | Path) -> PresetError:
    with pytest.raises(PresetError) as caught:
        load_preset(str(name_or_path))
    return caught.value


def flatten(data: dict[str, Any], prefix: str = "") -> set[str]:
    keys: set[str] = set()
    for key, value in data.items():
        dotted = prefix + key
        if isinstance(value, dict) and key != "values":
            keys |= flatten(value, dotted + ".")
        else:
            keys.add(dotted)
    return keys


# Shipped presets ------------------------------------------------------------------------------


def test_shipped_names() -> None:
    assert shipped_names()[: len(SHIPPED)] == SHIPPED
    assert [preset.name for preset in shipped_presets()][: len(SHIPPED)] == SHIPPED


def test_rules_dir_holds_the_shipped_files() -> None:
    directory = rules_dir()
    assert directory.is_dir()
    for name in SHIPPED:
        assert (directory / f"{name}.yaml").is_file()


@pytest.mark.parametrize("name", SHIPPED)
def test_shipped_preset_has_the_values_of_section_3(name: str) -> None:
    preset = load_preset(name)
    assert isinstance(preset, Preset)
    assert preset.name == name
    assert preset.path == rules_dir() / f"{name}.yaml"
    for key, value in EXPECTED[name].items():
        assert preset.rules.get(key) == value, key
    assert preset.rules == with_overrides(DEFAULT_RULES, EXPECTED[name])


@pytest.mark.parametrize("name", SHIPPED)
def test_shipped_preset_has_title_and_description_in_both_languages(name: str) -> None:
    preset = load_preset(name)
    for lang in ("en", "ru"):
        assert preset.title[lang].strip()
        assert len(preset.description[lang]) > 40
        assert preset.title_in(lang) == preset.title[lang]
        assert preset.description_in(lang) == preset.description[lang]
    assert re.search("[а-я]", preset.description["ru"])
    assert not re.search("[а-я]", preset.description["en"])


def test_classic_equals_the_defaults() -> None:
    assert load_preset("classic").rules == DEFAULT_RULES


def test_classic_yaml_lists_every_key_at_its_default() -> None:
    data = yaml.safe_load((rules_dir() / "classic.yaml").read_text(encoding="utf-8"))
    conventions = {k: v for k, v in data.items() if k not in ("title", "description")}
    assert "extends" not in data
    assert flatten(conventions) == set(SCHEMA)
    assert conventions == DEFAULT_RULES.to_dict()


def test_other_presets_extend_classic() -> None:
    for name in SHIPPED[1:]:
        data = yaml.safe_load((rules_dir() / f"{name}.yaml").read_text(encoding="utf-8"))
        assert data["extends"] == "classic"


def test_online_site_minus_threshold_values_load(tmp_path: Path) -> None:
    for threshold in (0, -100, -200, -300, -1000):
        path = write(
            tmp_path,
            "site.yaml",
            f"extends: online-site\nbidding:\n  minus_threshold: {threshold}\n",
        )
        assert load_preset(str(path)).rules.bidding.minus_threshold == threshold


def test_a_short_game_without_a_barrel_loads(tmp_path: Path) -> None:
    path = write(
        tmp_path, "short.yaml", "extends: classic\ntarget: 500\nbarrel: {enabled: false}\n"
    )
    rules = load_preset(str(path)).rules
    assert (rules.target, rules.barrel.enabled, rules.barrel.threshold) == (500, False, 880)


# User files and extends -----------------------------------------------------------------------


def test_user_file_extending_family_changes_two_keys(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        "my-table.yaml",
        "extends: family\n"
        "title: {en: Our kitchen, ru: Наша кухня}\n"
        "bidding:\n  step: 10\n"
        "barrel:\n  threshold: 900\n",
    )
    preset = load_preset(str(path))
    family = load_preset("family").rules
    assert preset.rules == with_overrides(family, {"bidding.step": 10, "barrel.threshold": 900})
    assert preset.rules.bidding.jumps is False
    assert preset.name == "my-table"
    assert preset.path == path
    assert preset.title == dict.fromkeys(LANGS, "Our kitchen") | {"ru": "Наша кухня"}


def test_user_file_without_title_is_named_after_the_file(tmp_path: Path) -> None:
    path = write(tmp_path, "house.yml", "extends: family\nplayers: 4\n")
    preset = load_preset(str(path))
    assert preset.title == dict.fromkeys(LANGS, "house")
    assert "Family home rules" in preset.description["en"]
    assert "Домашние правила" in preset.description["ru"]


def test_title_as_plain_text_serves_every_language(tmp_path: Path) -> None:
    path = write(tmp_path, "t.yaml", "title: Friday game\n")
    assert load_preset(str(path)).title == dict.fromkeys(LANGS, "Friday game")


def test_empty_file_is_the_classic_game(tmp_path: Path) -> None:
    path = write(tmp_path, "empty.yaml", "")
    preset = load_preset(str(path))
    assert preset.rules == DEFAULT_RULES
    assert preset.description == dict.fromkeys(LANGS, "")


def test_relative_extends_chain(tmp_path: Path) -> None:
    write(tmp_path, "base/root.yaml", "extends: online-site\nbidding:\n  step: 10\n")
    write(tmp_path, "base/middle.yaml", "extends: ./root.yaml\nbidding:\n  jumps: false\n")
    top = write(tmp_path, "top.yaml", "extends: base/middle.yaml\nplayers: 4\n")
    rules = load_preset(str(top)).rules
    site = load_preset("online-site").rules
    assert rules == with_overrides(site, {"bidding.step": 10, "bidding.jumps": False, "players": 4})


def test_later_file_overrides_key_by_key(tmp_path: Path) -> None:
    write(tmp_path, "a.yaml", "barrel:\n  threshold: 800\n  attempts: 2\n")
    top = write(tmp_path, "b.yaml", "extends: a.yaml\nbarrel:\n  attempts: 5\n")
    barrel = load_preset(str(top)).rules.barrel
    assert (barrel.threshold, barrel.attempts) == (800, 5)


def test_empty_section_keeps_the_parent_values(tmp_path: Path) -> None:
    top = write(tmp_path, "b.yaml", "extends: family\nbarrel:\n")
    assert load_preset(str(top)).rules == load_preset("family").rules


def test_marriage_values_are_replaced_whole(tmp_path: Path) -> None:
    path = write(
        tmp_path, "m.yaml", "extends: family\nmarriage:\n  values: {H: 200, D: 80, C: 60, S: 40}\n"
    )
    assert load_preset(str(path)).rules.marriage.value_of("H") == 200
    partial = write(tmp_path, "p.yaml", "extends: family\nmarriage:\n  values: {H: 200}\n")
    message = str(load_error(partial))
    assert "p.yaml line 3: marriage.values: missing D, C, S" in message


def test_extends_cycle(tmp_path: Path) -> None:
    write(tmp_path, "a.yaml", "extends: b.yaml\n")
    b = write(tmp_path, "b.yaml", "players: 4\nextends: ./a.yaml\n")
    message = str(load_error(b))
    assert "cycle" in message
    assert message.startswith(f"{tmp_path / 'a.yaml'} line 1: extends: goes round in a cycle")
    selfish = write(tmp_path, "self.yaml", "extends: self.yaml\n")
    assert "cycle" in str(load_error(selfish))


def test_extends_unknown_name(tmp_path: Path) -> None:
    path = write(tmp_path, "u.yaml", "players: 3\nextends: famly\n")
    message = str(load_error(path))
    assert message.startswith(f"{path} line 2: extends: unknown preset 'famly'")
    assert "did you mean family?" in message
    assert "classic, family, online-site, two-player, four-player" in message


def test_extends_missing_file(tmp_path: Path) -> None:
    path = write(tmp_path, "u.yaml", "extends: ./nowhere.yaml\n")
    message = str(load_error(path))
    assert f"{path} line 1: extends: no preset file" in message
    assert "relative to" in message


@pytest.mark.parametrize("value", ["5", "[classic]", "''", "{a: 1}", "null"])
def test_extends_must_be_a_name_or_path(tmp_path: Path, value: str) -> None:
    path = write(tmp_path, "u.yaml", f"extends: {value}\n")
    assert f"{path} line 1: extends: expected the name of a shipped preset" in str(load_error(path))


# Errors ---------------------------------------------------------------------------------------


def test_unknown_key_names_file_line_and_suggestion(tmp_path: Path) -> None:
    path = write(
        tmp_path, "family.yaml", "extends: family\n\nbidding:\n  jumps: true\n  stepp: 5\n"
    )
    message = str(load_error(path))
    assert message == f"{path} line 5: bidding.stepp: unknown key; did you mean bidding.step?"


def test_shipped_preset_errors_use_the_file_name(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    write(tmp_path, "classic.yaml", "players: 3\n")
    write(tmp_path, "family.yaml", "extends: classic\nbidding:\n  stepp: 5\n")
    write(tmp_path, "extra.yaml", "players: 4\n")
    monkeypatch.setattr("thousand_tui.presets.rules_dir", lambda: tmp_path)
    assert shipped_names() == ["classic", "family", "extra"]
    assert str(load_error("family")) == (
        "family.yaml line 3: bidding.stepp: unknown key; did you mean bidding.step?"
    )
    assert load_preset("extra").rules.players == 4


def test_wrong_value_names_allowed_values(tmp_path: Path) -> None:
    path = write(tmp_path, "t.yaml", "players: 3\ntalon:\n  show: sometimes\n")
    message = str(load_error(path))
    assert message == (
        f"{path} line 3: talon.show: expected one of always, not_at_100, never; "
        'got "sometimes" (text)'
    )


def test_wrong_type_names_expected_type(tmp_path: Path) -> None:
    path = write(tmp_path, "t.yaml", "target: lots\n")
    assert str(load_error(path)) == (
        f'{path} line 1: target: expected a whole number ≥ 1; got "lots" (text)'
    )


def test_yes_and_off_are_booleans_only_for_a_bool_key(tmp_path: Path) -> None:
    text = "redeal:\n  enabled: yes\nbarrel:\n  enabled: Off\nbaptism:\n  enabled: ON\n"
    rules = load_preset(str(write(tmp_path, "t.yaml", text))).rules
    assert (rules.redeal.enabled, rules.barrel.enabled, rules.baptism.enabled) == (
        True,
        False,
        True,
    )
    path = write(tmp_path, "t.yaml", "samosval:\n  mode: off\nbarrel:\n  enabled: no\n")
    rules = load_preset(str(path)).rules
    assert rules.samosval.mode == "off"
    assert rules.barrel.enabled is False
    path = write(tmp_path, "t.yaml", "redeal:\n  enabled: maybe\n")
    assert str(load_error(path)) == (
        f'{path} line 2: redeal.enabled: expected true or false; got "maybe" (text)'
    )
    path = write(tmp_path, "t.yaml", "target: yes\n")
    assert 'target: expected a whole number ≥ 1; got "yes" (text)' in str(load_error(path))


def test_a_suit_under_marriage_leads_to_its_values(tmp_path: Path) -> None:
    path = write(tmp_path, "t.yaml", "players: 3\nmarriage:\n  hearts: 120\n")
    message = str(load_error(path))
    assert message.startswith(
        f"{path} line 3: marriage.hearts: unknown key; did you mean marriage.values?"
    )
    assert "ace_marriage" not in message
    assert "values: {H: 100, D: 80, C: 60, S: 40}" in message
    russian = load_error(path).in_language("ru")
    assert "неизвестный ключ; может быть, marriage.values?" in russian
    assert "Каждая масть задаётся в нём своей буквой" in russian


def test_wrong_nesting(tmp_path: Path) -> None:
    path = write(tmp_path, "t.yaml", "players: 3\nbidding: 5\n")
    message = str(load_error(path))
    assert message.startswith(f"{path} line 2: bidding: expected a section of keys (obligated,")
    path = write(tmp_path, "t.yaml", "bidding.step: 10\n")
    assert "write it nested, as bidding: {step: ...}" in str(load_error(path))


def test_yaml_syntax_error_has_its_line(tmp_path: Path) -> None:
    path = write(tmp_path, "t.yaml", "players: 3\nbidding:\n  step: 5\n min: 100\n")
    message = str(load_error(path))
    assert message.startswith(f"{path} line 4: not valid YAML")
    assert "indentation" in message
    path = write(tmp_path, "t.yaml", "players: [3\n")
    assert "not valid YAML" in str(load_error(path))


@pytest.mark.parametrize(
    ("fifth", "words"),
    [
        ("  min 100", "could not find expected ':'"),
        ('  min: "100', "found unexpected end of stream"),
        ("    min: 100", "mapping values are not allowed here"),
        ("   min: 100", "mapping values are not allowed here"),
        (" min: 100", "expected <block end>"),
        ("\tmin: 100", "found character '\\t' that cannot start any token"),
    ],
)
def test_yaml_error_is_on_the_line_to_mend(tmp_path: Path, fifth: str, words: str) -> None:
    lines = [
        "title: Mine",
        "players: 3",
        "bidding:",
        "  step: 5",
        fifth,
        "barrel:",
        "  enabled: true",
    ]
    path = write(tmp_path, "t.yaml", "\n".join(lines) + "\n")
    message = str(load_error(path))
    assert message.startswith(f"{path} line 5: not valid YAML: {words}"), message


def test_a_line_indented_under_a_value_is_named(tmp_path: Path) -> None:
    path = write(tmp_path, "t.yaml", "title: Mine\nplayers: 3\nbidding:\n  step: 5\n    min 100\n")
    assert str(load_error(path)) == (
        f"{path} line 5: bidding.step: this line is indented deeper than the key above it, so "
        "YAML reads it as more of that key's value ('5 min 100'); indent it as that key"
    )
    path = write(tmp_path, "t.yaml", "title: Mine\n  and more\nplayers: 3\n")
    assert load_preset(str(path)).title_in("en") == "Mine and more"


def test_not_a_mapping(tmp_path: Path) -> None:
    path = write(tmp_path, "t.yaml", "- players\n- 3\n")
    assert str(load_error(path)) == (
        f"{path}: expected a mapping of convention keys (like players: 3), got a list"
    )
    path = write(tmp_path, "t.yaml", "classic\n")
    assert "expected a mapping" in str(load_error(path))


def test_duplicate_key(tmp_path: Path) -> None:
    path = write(tmp_path, "t.yaml", "bidding:\n  step: 5\n  step: 10\n")
    assert (
        str(load_error(path)) == f"{path} line 3: bidding.step: set twice (lines 2 and 3); keep one"
    )


def test_missing_file_and_directory(tmp_path: Path) -> None:
    message = str(load_error(tmp_path / "none.yaml"))
    assert message.startswith(f"{tmp_path / 'none.yaml'}: no such file")
    assert "classic, family" in message
    assert "not a file" in str(load_error(f"{tmp_path}/"))


def test_not_utf8(tmp_path: Path) -> None:
    path = tmp_path / "t.yaml"
    path.write_bytes(b"title: \xff\xfe\n")
    assert "not UTF-8 text" in str(load_error(path))


def test_bad_tag(tmp_path: Path) -> None:
    path = write(tmp_path, "t.yaml", "target: !!int lots\n")
    assert "not valid YAML" in str(load_error(path))
    path = write(tmp_path, "t.yaml", "target: !!python/object:os.system {}\n")
    assert "not valid YAML" in str(load_error(path))


def test_bad_title(tmp_path: Path) -> None:
    path = write(tmp_path, "t.yaml", "players: 3\ntitle: [a, b]\n")
    assert str(load_error(path)).startswith(f"{path} line 2: title: expected a text")


TITLE_RULE = (
    "a title is one line of 1 to 60 printable characters, with no control, format or bidi "
    "character (an escape code, a zero-width or a right-to-left mark)"
)


@pytest.mark.parametrize(
    ("text", "key", "line"),
    [
        ('title: "Evil \\e]0;pwned\\a"\n', "title", 2),  # YAML's own escapes: ESC, BEL
        ('title:\n  en: Fine\n  ru: "\\e]52;c;aGk=\\a"\n', "title.ru", 4),
        ("title: Zo\u00eb \u202eabc\n", "title", 2),
        ('title: "a\\u200bb"\n', "title", 2),
        ('title: "\\x9b31m"\n', "title", 2),
        ("title: " + "x" * 61 + "\n", "title", 2),
    ],
)
def test_a_title_of_control_or_bidi_characters_is_a_preset_error(
    tmp_path: Path, text: str, key: str, line: int
) -> None:
    """Said like any other preset error, with the file, the line, the key and what a title
    may hold; nothing of the title itself is repeated."""
    path = write(tmp_path, "t.yaml", "players: 3\n" + text)
    assert str(load_error(path)) == f"{path} line {line}: {key}: {TITLE_RULE}"


def test_a_description_of_control_characters_is_a_preset_error(tmp_path: Path) -> None:
    path = write(tmp_path, "t.yaml", 'description: "Clear \\e[2J now"\n')
    assert str(load_error(path)) == (
        f"{path} line 1: description: a description is at most 1000 printable characters, in "
        "lines, with no control, format or bidi character (an escape code, a zero-width or a "
        "right-to-left mark)"
    )
    path = write(tmp_path, "t.yaml", "description: |\n  Two lines,\n  of [b]markup[/b].\n")
    assert load_preset(str(path)).description_in("en") == "Two lines,\nof [b]markup[/b]."


def test_a_title_of_markup_is_a_title(tmp_path: Path) -> None:
    path = write(tmp_path, "t.yaml", 'title: "[/x] [@click=app.quit]Q[/]"\n')
    assert load_preset(str(path)).title_in("ru") == "[/x] [@click=app.quit]Q[/]"


def test_unknown_preset_name_lists_the_shipped_ones() -> None:
    message = str(load_error("clasic"))
    assert message.startswith("unknown preset 'clasic' (did you mean classic?)")
    for name in SHIPPED:
        assert name in message
    assert "did you mean" not in str(load_error("zzzz"))


def test_constraint_error_points_at_the_user_line(tmp_path: Path) -> None:
    path = write(tmp_path, "t.yaml", "extends: family\n# low table\nbidding:\n  max: 95\n")
    message = str(load_error(path))
    assert message == (
        f"{path} line 4: bidding.min (100) is above bidding.max (95); the lowest bid must "
        "not exceed the highest"
    )


def test_constraint_error_against_an_inherited_key(tmp_path: Path) -> None:
    path = write(tmp_path, "t.yaml", "extends: online-site\ntarget: 850\n")
    message = str(load_error(path))
    assert message == (
        f"{path} line 2: barrel.threshold: 880 must be below target (850), "
        "or the barrel switched off (barrel.enabled: false)"
    )


def test_error_in_a_parent_file_names_the_parent(tmp_path: Path) -> None:
    parent = write(tmp_path, "parent.yaml", "players: 3\nbidding:\n  step: 7\n")
    child = write(tmp_path, "child.yaml", "extends: parent.yaml\nplayers: 4\n")
    message = str(load_error(child))
    assert message.startswith(f"{parent} line 3: bidding.step: expected one of 5, 10")


def test_preset_error_is_a_rules_error() -> None:
    assert issubclass(PresetError, RulesError)
    assert issubclass(PresetError, ValueError)


# Descriptions ---------------------------------------------------------------------------------

SECTION_TITLES = {
    "en": [
        "Table",
        "Redeal",
        "Auction",
        "Talon and exchange",
        "Conceding and baptism",
        "Play and marriages",
        "Scoring",
        "Palki (deals without a trick)",
        "Match: samosval, barrel, golden deal, dark game, four players",
        "Two players",
    ],
    "ru": [
        "Стол",
        "Пересдача",
        "Торговля",
        "Прикуп",
        "Роспись и «крещусь»",
        "Игра и марьяжи",
        "Подсчёт очков",
        "Палки",
        "Партия: самосвал, бочка, золотой кон, игра втёмную, игра вчетвером",
        "Игра вдвоём",
    ],
}


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("name", SHIPPED)
def test_describe_rules_covers_every_key(name: str, lang: str) -> None:
    rules = load_preset(name).rules
    groups = describe_rules(rules, lang)
    titles = SECTION_TITLES[lang] if rules.players == 2 else SECTION_TITLES[lang][:-1]
    assert [title for title, _ in groups] == titles
    lines = [line for _, group in groups for line in group]
    assert len(lines) == sum(1 for key in SCHEMA if applies(rules, key))
    labels = [label for label, _ in lines]
    assert len(set(labels)) == len(labels)
    for label, value in lines:
        assert label.strip() and value.strip()
        assert "{" not in label + value
        assert label not in SCHEMA
        assert not re.search(r"[a-z]+_[a-z]+", value), value
        if lang == "ru":
            assert re.search("[а-яё]", label.lower()), label


def rule_on(key: str) -> dict[str, Any]:
    """The overrides that turn on the rules `key` belongs to."""
    out: dict[str, Any] = {}
    needs = SCHEMA[key].needs
    while needs is not None:
        out[needs[0]] = needs[1]
        needs = SCHEMA[needs[0]].needs
    return out


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("key", [key for key, spec in SCHEMA.items() if spec.values])
def test_each_listed_value_reads_differently(key: str, lang: str) -> None:
    texts = set()
    for value in SCHEMA[key].values or ():
        rules = with_overrides(DEFAULT_RULES, {**rule_on(key), key: value})
        lines = [line for _, group in describe_rules(rules, lang) for line in group]
        index = [k for k in SCHEMA if applies(rules, k)].index(key)
        texts.add(lines[index][1])
    assert len(texts) == len(SCHEMA[key].values or ())


def test_describe_examples() -> None:
    family = load_preset("family").rules
    en = dict(line for _, group in describe_rules(family, "en") for line in group)
    ru = dict(line for _, group in describe_rules(family, "ru") for line in group)
    assert en["Raise in the auction"] == "by exactly 5"
    assert ru["Торговля"] == "только на 5"
    assert en["Marriages"] == "hearts 100, diamonds 80, clubs 60, spades 40"
    assert ru["Марьяжи"] == "черви 100, бубны 80, трефы 60, пики 40"
    classic = dict(line for _, group in describe_rules(DEFAULT_RULES, "en") for line in group)
    assert classic["Raise in the auction"] == "by any multiple of 5"
    assert classic["Game to"] == "1000 points"
    # Bidding in the minus is open to all: the rule for a player below a limit says "if".
    assert classic["Bidding in the minus"] == "allowed at any score"
    assert classic["Below the minus limit (if there is one), a player"] == "passes automatically"
    site = dict(
        line
        for _, group in describe_rules(load_preset("online-site").rules, "ru")
        for line in group
    )
    assert site["Игра до"] == "1001 очко"
    assert site["Торговля в минусе"] == "нельзя при счёте ниже -100"


def test_the_rules_a_player_asks_about() -> None:
    family = with_overrides(load_preset("family").rules, {"barrel.failed_contract": "fall"})
    en = dict(line for _, group in describe_rules(family, "en") for line in group)
    ru = dict(line for _, group in describe_rules(family, "ru") for line in group)
    cut, cut_ru = "Fine for the third nine in a row at the cut", "Штраф за третью девятку подряд"
    assert en[cut] == "120 points, before the deal; fined on the barrel, he leaves it (not a fall)"
    assert ru[cut_ru + " при съёме"] == (
        "120 очков, до сдачи; оштрафованный на бочке уходит с неё (это не падение)"
    )
    assert en["His own failed contract on the barrel"] == (
        "throws him off at once: his barrel score (tally included), rounded as on a fall, "
        "less the contract"
    )
    assert "минус заказ" in ru["Своя несыгранная игра на бочке"]
    four = with_overrides(family, {"players": 4})
    en4 = dict(line for _, group in describe_rules(four, "en") for line in group)
    ru4 = dict(line for _, group in describe_rules(four, "ru") for line in group)
    assert en4["With four players, the dealer sitting out scores"] == (
        "the talon's points and a marriage in it, rounded like a defender's"
    )
    assert "округлённые как у противников" in ru4["Вчетвером сдающий, который не играет, получает"]
    assert "on the barrel at 555 leaves it" in en["Samosval"]


def test_russian_uses_the_game_terms() -> None:
    text = format_preset(load_preset("family"), "ru").lower()
    for term in (
        "прикуп",
        "марьяж",
        "бочк",
        "палк",
        "роспись",
        "самосвал",
        "золотой кон",
        "втёмную",
        "торговл",
        "пересдач",
        "крещусь",
    ):
        assert term in text, term


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_format_preset(lang: str) -> None:
    preset = load_preset("online-site")
    text = format_preset(preset, lang)
    assert text.startswith(preset.title[lang] + "\n")
    assert preset.description[lang].split()[0] in text
    for title in SECTION_TITLES[lang][:-1]:
        assert f"\n\n{title}\n" in text
    assert f"\n\n{SECTION_TITLES[lang][-1]}\n" not in text  # three players
    assert len(text.splitlines()) > sum(1 for key in SCHEMA if applies(preset.rules, key))


def test_unknown_language_falls_back_to_english() -> None:
    assert describe_rules(DEFAULT_RULES, "de") == describe_rules(DEFAULT_RULES, "en")


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_setting_of_a_rule_that_is_off_is_not_listed(lang: str) -> None:
    """Baptism off: no fine for crosses; no ace marriage: not its value; a plain cut: no cut
    fine; three players: no section for two; with the rule on, its settings come back."""
    classic = format_preset(load_preset("classic"), lang)
    for hidden in (
        ("Fine for every second cross", "Штраф за каждый второй крест"),
        ("Ace marriage is worth", "Тузовый марьяж стоит"),
        ("Fine for the third nine in a row at the cut", "Штраф за третью девятку"),
        ("Two players", "Игра вдвоём"),
        ("Choosing a talon", "Выбор прикупа"),
        ("the dealer sitting out scores", "сдающий, который не играет"),
        ("Dark contract", "Заявка втёмную"),
    ):
        assert hidden[lang == "ru"] not in classic, hidden
    assert ("Baptism", "Крещусь")[lang == "ru"] in classic  # the rule itself is said
    family = format_preset(load_preset("family"), lang)
    for shown in (
        ("Fine for every second cross", "Штраф за каждый второй крест"),
        ("Fine for the third nine in a row at the cut", "Штраф за третью девятку"),
    ):
        assert shown[lang == "ru"] in family
    assert ("Two players", "Игра вдвоём")[lang == "ru"] in format_preset(
        load_preset("two-player"), lang
    )


def test_the_rule_a_setting_belongs_to_comes_from_the_schema() -> None:
    assert SCHEMA["baptism.crosses_penalty"].needs == ("baptism.enabled", True)
    assert SCHEMA["ace_marriage.value"].needs == ("ace_marriage.enabled", True)
    assert SCHEMA["deal.cut_penalty"].needs == ("deal.cut_ritual", True)
    assert SCHEMA["two_player.talons"].needs == ("players", 2)
    assert SCHEMA["four_player.sitter_scores"].needs == ("players", 4)
    assert SCHEMA["baptism.enabled"].needs is None and SCHEMA["players"].needs is None
    assert not applies(DEFAULT_RULES, "baptism.crosses_penalty")
    assert applies(with_overrides(DEFAULT_RULES, {"baptism.enabled": True}), "baptism.max_per_game")


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_table_file_lists_what_it_changes_from_its_base(tmp_path: Path, lang: str) -> None:
    path = write(
        tmp_path,
        "my.yaml",
        "extends: family\nbidding:\n  step: 10\nbaptism:\n  enabled: false\n",
    )
    text = format_preset(load_preset(str(path)), lang)
    if lang == "en":
        assert "Based on “Family home rules”, with the changes listed below." in text
        assert "Changes from “Family home rules”:\n  Bidding step: 5 → 10\n" in text
        assert "  Baptism (“I cross myself”): allowed: " in text and "→ not played\n" in text
    else:
        assert "Основа — «Домашние правила», изменения перечислены ниже." in text
        assert "Отличия от основы («Домашние правила»):\n  Шаг торговли: 5 → 10\n" in text
        assert "→ не играется\n" in text
    assert text.count(" → ") >= 2
    # A shipped preset says its differences in its description: no list.
    assert "Changes from" not in format_preset(load_preset("family"), "en")


# Polish --------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", SHIPPED)
def test_shipped_preset_has_title_and_description_in_polish(name: str) -> None:
    preset = load_preset(name)
    assert preset.title_in("pl") not in (preset.title["en"], "")
    assert len(preset.description_in("pl")) > 40
    assert re.search("[ąćęłńóśźż]", preset.description_in("pl"))
    assert not re.search("[а-я]", preset.description_in("pl"))


def test_a_preset_read_again_is_its_files_text_now_and_a_copy_of_its_own(tmp_path: Path) -> None:
    """A small preset's parse is kept (by its text): a file changed is read as it is now, and
    what one parse gave can be changed without changing the next one's."""
    from thousand_tui.presets import _parse

    path = tmp_path / "mine.yaml"
    path.write_text("extends: classic\ntitle: First\nbarrel: {threshold: 880}\n", encoding="utf-8")
    first = load_preset(str(path))
    assert first.title_in("en") == "First" and first.rules.barrel.threshold == 880
    path.write_text("extends: classic\ntitle: Second\nbarrel: {threshold: 860}\n", encoding="utf-8")
    changed = load_preset(str(path))
    assert changed.title_in("en") == "Second" and changed.rules.barrel.threshold == 860
    data, lines, _ = _parse(path.read_text(encoding="utf-8"), "mine.yaml")
    data["barrel"]["threshold"] = 1
    lines["barrel"] = 99
    assert _parse(path.read_text(encoding="utf-8"), "mine.yaml")[:2] == (
        {"extends": "classic", "title": "Second", "barrel": {"threshold": 860}},
        {"extends": 1, "title": 2, "barrel": 3, "barrel.threshold": 3},
    )
