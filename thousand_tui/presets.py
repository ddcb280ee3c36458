"""Presets: YAML files of table conventions (docs/rules.md#presets), shipped or the player's own.

A preset file nests the convention keys (`bidding: {step: 5}`) and may also hold `extends` (a
shipped preset name or a path relative to the file), `title` and `description` (`{en: …, ru: …}`).
The words that describe the conventions are the rule book's (`rulebook.py`).
"""

from __future__ import annotations

import copy
import os
import re
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from functools import lru_cache
from pathlib import Path
from typing import Any, Final

import yaml

from thousand_tui.engine.rules import (
    SECTION_KEYS,
    Rules,
    RulesError,
    show,
    with_overrides,
)
from thousand_tui.plaintext import MAX_DESCRIPTION, MAX_TITLE, fault
from thousand_tui.translations import LANGS, Msg, Said, msg, say

SHIPPED_ORDER: Final = (
    "classic",
    "family",
    "online-site",
    "two-player",
    "four-player",
    "polish",
    "czech",
)
"""The shipped presets in the order they are offered; other files in the directory follow."""

LANGUAGES: Final = LANGS
"""The languages a preset's title and description may be written in (any other reads English)."""
_META_KEYS: Final = ("extends", "title", "description")
_MAX_BYTES: Final = 1_000_000


class PresetError(RulesError):
    """A preset that cannot be used: missing, not YAML, or with an invalid convention."""


def _said(text: Msg, **values: object) -> Said:
    return Said(text, values)


_NOT_YAML: Final = msg("preset_not_yaml", "not valid YAML: {problem}")
_CONTINUED: Final = msg(
    "preset_continued",
    "this line is indented deeper than the key above it, so YAML reads it as more of that "
    "key's value ({value}); indent it as that key",
)


@dataclass(frozen=True)
class Preset:
    """A named set of conventions with its title and description in each language."""

    name: str
    path: Path
    title: dict[str, str] = field(hash=False)
    description: dict[str, str] = field(hash=False)
    rules: Rules
    # The preset it extends, when it extends one: its conventions and its title.
    base: Rules | None = field(default=None, hash=False, compare=False)
    base_title: dict[str, str] = field(default_factory=dict, hash=False, compare=False)

    def title_in(self, lang: str) -> str:
        return _text_in(self.title, lang) or self.name

    def base_title_in(self, lang: str) -> str:
        return _text_in(self.base_title, lang)

    def description_in(self, lang: str) -> str:
        return _text_in(self.description, lang)


def _text_in(texts: Mapping[str, str], lang: str) -> str:
    return texts.get(lang) or texts.get("en") or next(iter(texts.values()), "")


def rules_dir() -> Path:
    """The directory of the shipped presets: inside the installed package, else the checkout's."""
    here = Path(__file__).resolve().parent
    candidates = (here / "_rules", here.parent / "rules")
    for candidate in candidates:
        if candidate.is_dir():
            return candidate
    looked = " and ".join(str(candidate) for candidate in candidates)
    raise PresetError(
        _said(
            msg(
                "preset_none_shipped",
                "the shipped presets are missing (looked in {looked}); reinstall the game",
            ),
            looked=looked,
        )
    )


def shipped_names() -> list[str]:
    """Names of the shipped presets, the five of docs/rules.md#presets first."""
    names = [path.stem for path in rules_dir().glob("*.yaml")]
    rank = {name: index for index, name in enumerate(SHIPPED_ORDER)}
    return sorted(names, key=lambda name: (rank.get(name, len(rank)), name))


def shipped_presets() -> list[Preset]:
    return [load_preset(name) for name in shipped_names()]


def load_preset(name_or_path: str, players: int | None = None) -> Preset:
    """A shipped preset by name (`family`) or a preset file by path (`./my-table.yaml`);
    `players` overrides its number of players (`--players`)."""
    if _is_path(name_or_path):
        path = Path(name_or_path).expanduser()
        preset = _load(path, name_or_path, path.stem)
    else:
        preset = _load(_shipped_path(name_or_path), f"{name_or_path}.yaml", name_or_path)
    if players is not None and players != preset.rules.players:
        preset = replace(preset, rules=with_overrides(preset.rules, {"players": players}))
    return preset


def _is_path(text: str) -> bool:
    return "/" in text or os.sep in text or text.endswith((".yaml", ".yml"))


def _shipped_path(name: str, source: str = "", line: int | None = None) -> Path:
    names = shipped_names()
    if name in names:
        return rules_dir() / f"{name}.yaml"
    import difflib  # only for a mistyped name (a game's processes need not hold it)

    close = difflib.get_close_matches(name.lower(), names, n=1, cutoff=0.5)
    text = (
        msg(
            "preset_unknown_close",
            "unknown preset {name} (did you mean {close}?). The shipped presets are {names}; "
            "for a file of your own give its path (e.g. ./my-table.yaml)",
        )
        if close
        else msg(
            "preset_unknown",
            "unknown preset {name}. The shipped presets are {names}; "
            "for a file of your own give its path (e.g. ./my-table.yaml)",
        )
    )
    raise PresetError(
        _said(text, name=repr(name), close=close[0] if close else "", names=", ".join(names)),
        key="extends" if source else "",
        source=source,
        line=line,
    )


class _Loader(yaml.SafeLoader):
    """A safe loader that keeps the line of every key (by dotted path) and reads only
    true/false as booleans, so `off` and `yes` stay text as in YAML 1.2 (a bool key takes
    them as YAML 1.1 does: `check_value`). It notes the keys whose plain value goes on over
    more lines (`continued`): a line indented deeper than the key above is read as more of
    that key's value."""

    yaml_implicit_resolvers = {  # noqa: RUF012 (yaml's own class attribute)
        first: [pair for pair in resolvers if pair[0] != "tag:yaml.org,2002:bool"]
        for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
    }

    def __init__(self, stream: str) -> None:
        super().__init__(stream)
        self.key_lines: dict[str, int] = {}
        self.duplicates: list[tuple[str, int, int]] = []
        self.continued: dict[str, tuple[int, str]] = {}

    def construct_document(self, node: yaml.Node) -> Any:
        self._record(node, "", 0)
        return super().construct_document(node)

    def _record(self, node: yaml.Node, prefix: str, depth: int) -> None:
        if not isinstance(node, yaml.MappingNode) or depth >= 3:
            return
        for key_node, value_node in node.value:
            if not isinstance(key_node, yaml.ScalarNode):
                continue
            key = prefix + str(key_node.value)
            line = key_node.start_mark.line + 1
            if key in self.key_lines:
                self.duplicates.append((key, self.key_lines[key], line))
            self.key_lines[key] = line
            if (
                isinstance(value_node, yaml.ScalarNode)
                and value_node.style is None
                and value_node.end_mark.line > value_node.start_mark.line
            ):
                self.continued[key] = (value_node.start_mark.line + 2, str(value_node.value))
            self._record(value_node, key + ".", depth + 1)


_Loader.add_implicit_resolver(
    "tag:yaml.org,2002:bool",
    re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$"),
    list("tTfF"),
)


# A text of at most this many characters is parsed once a process (`_parse`): the shipped
# presets are read for every table, start screen and lobby line, and parsing the YAML is
# most of loading one.
_CACHED_CHARS: Final = 16_384

_Parsed = tuple[Any, dict[str, int], dict[str, tuple[int, str]]]


def _parse(text: str, source: str) -> _Parsed:
    """The data of a preset file's text, the line of each key and the keys whose value goes on
    over more lines; each call's own copy (a small text's parse is kept: `_CACHED_CHARS`)."""
    if len(text) > _CACHED_CHARS:
        return _parse_text(text, source)
    return copy.deepcopy(_parse_small(text, source))


@lru_cache(maxsize=32)
def _parse_small(text: str, source: str) -> _Parsed:
    return _parse_text(text, source)


def _parse_text(text: str, source: str) -> _Parsed:
    try:
        loader = _Loader(text)
    except yaml.reader.ReaderError as error:
        line = text[: error.position].count("\n") + 1
        raise PresetError(
            _said(
                msg(
                    "preset_yaml_character",
                    "not valid YAML: the character {character} is not allowed in YAML text",
                ),
                character=repr(chr(error.character)),
            ),
            source=source,
            line=line,
        ) from None
    try:
        data = loader.get_single_data()
    except yaml.MarkedYAMLError as error:
        # A scanner's problem mark is where it gave up (often the next line, or the end of
        # the file); its context mark is where the key or quoted text it could not finish
        # begins, the line to mend.
        scanning = isinstance(error, yaml.scanner.ScannerError) and error.context_mark
        mark = error.context_mark if scanning else error.problem_mark or error.context_mark
        problem = error.problem or error.context or "unreadable"
        raise PresetError(
            _said(
                msg(
                    "preset_yaml_problem",
                    "not valid YAML: {problem}; check the indentation and that every key is "
                    "followed by a colon and a space",
                ),
                problem=problem,
            ),
            source=source,
            line=mark.line + 1 if mark else None,
        ) from None
    except yaml.YAMLError as error:
        raise PresetError(_said(_NOT_YAML, problem=error), source=source) from None
    except RecursionError:
        deep = msg("preset_yaml_deep", "not valid YAML: nested too deeply")
        raise PresetError(_said(deep), source=source) from None
    except Exception as error:  # a tag such as `!!int` on text it cannot convert
        tagged = msg("preset_yaml_tag", "not valid YAML: cannot read a tagged value ({error})")
        raise PresetError(_said(tagged, error=error), source=source) from None
    finally:
        loader.dispose()
    if loader.duplicates:
        key, first, line = loader.duplicates[0]
        twice = msg("preset_twice", "set twice (lines {first} and {line}); keep one")
        raise PresetError(_said(twice, first=first, line=line), key=key, source=source, line=line)
    return data, loader.key_lines, loader.continued


@dataclass(frozen=True)
class _File:
    """One preset file, read and checked, before `extends` is resolved."""

    path: Path
    source: str
    conventions: dict[Any, Any]
    lines: dict[str, int]
    continued: dict[str, tuple[int, str]]
    title: dict[str, str]
    description: dict[str, str]
    extends: str | None


def _read_text(path: Path, source: str) -> str:
    if not path.is_file():
        text = (
            msg(
                "preset_not_file",
                "not a file; give a shipped preset name ({names}) or the path of a .yaml file",
            )
            if path.exists()
            else msg(
                "preset_no_file",
                "no such file; give a shipped preset name ({names}) or the path of a .yaml file",
            )
        )
        raise PresetError(_said(text, names=", ".join(shipped_names())), source=source)
    try:
        with path.open("rb") as stream:
            raw = stream.read(_MAX_BYTES + 1)
    except (OSError, ValueError) as error:
        reason = getattr(error, "strerror", None) or str(error)
        unreadable = msg("preset_unreadable", "cannot read the file: {reason}")
        raise PresetError(_said(unreadable, reason=reason), source=source) from None
    if len(raw) > _MAX_BYTES:
        large = msg("preset_too_large", "too large for a preset file (over 1 MB)")
        raise PresetError(_said(large), source=source)
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        not_utf8 = msg("preset_not_utf8", "not UTF-8 text; save the file as UTF-8")
        raise PresetError(_said(not_utf8), source=source) from None


def _read_file(path: Path, source: str) -> _File:
    data, lines, continued = _parse(_read_text(path, source), source)
    if data is None:
        data = {}
    if not isinstance(data, Mapping):
        text = (
            msg(
                "preset_list",
                "expected a mapping of convention keys (like players: 3), got a list",
            )
            if isinstance(data, list)
            else msg(
                "preset_not_mapping",
                "expected a mapping of convention keys (like players: 3), got {value}",
            )
        )
        raise PresetError(_said(text, value=repr(show(data))), source=source)
    extends = data.get("extends")
    if "extends" in data and (not isinstance(extends, str) or not extends.strip()):
        raise PresetError(
            _said(
                msg(
                    "preset_extends",
                    "expected the name of a shipped preset or the path of a preset file",
                )
            ),
            key="extends",
            source=source,
            line=lines.get("extends"),
        )
    return _File(
        path=path,
        source=source,
        conventions={key: value for key, value in data.items() if key not in _META_KEYS},
        lines=lines,
        continued=continued,
        title=_texts(data, "title", source, lines),
        description=_texts(data, "description", source, lines),
        extends=extends.strip() if isinstance(extends, str) else None,
    )


def _texts(
    data: Mapping[Any, Any], key: str, source: str, lines: Mapping[str, int]
) -> dict[str, str]:
    value = data.get(key)
    if value is None:
        return {}
    if isinstance(value, str):
        return _checked(key, {"en": value}, source, lines, whole=True)
    if isinstance(value, Mapping) and all(
        isinstance(lang, str) and isinstance(text, str) for lang, text in value.items()
    ):
        return _checked(key, dict(value), source, lines)
    raise PresetError(
        _said(
            msg(
                "preset_texts",
                "expected a text, or a mapping of language to text like {{en: ..., ru: ...}}",
            )
        ),
        key=key,
        source=source,
        line=lines.get(key),
    )


_TEXT_RULES: Final = {
    "title": (
        MAX_TITLE,
        False,
        msg(
            "preset_title_text",
            "a title is one line of 1 to {most} printable characters, with no control, format "
            "or bidi character (an escape code, a zero-width or a right-to-left mark)",
        ),
    ),
    "description": (
        MAX_DESCRIPTION,
        True,
        msg(
            "preset_description_text",
            "a description is at most {most} printable characters, in lines, with no control, "
            "format or bidi character (an escape code, a zero-width or a right-to-left mark)",
        ),
    ),
}


def _checked(
    key: str, texts: dict[str, str], source: str, lines: Mapping[str, int], *, whole: bool = False
) -> dict[str, str]:
    """A title's or a description's texts, checked as the table service checks a table's
    title (`plaintext.fault`): the first that fails is a PresetError naming it. `whole`: the
    file gave one text, not one per language."""
    most, many_lines, rule = _TEXT_RULES[key]
    out = {}
    for lang, text in texts.items():
        text = text.strip()
        if text and fault(text, most, lines=many_lines) is not None:
            where = key if whole else f"{key}.{lang}"
            line = lines.get(where, lines.get(key))
            raise PresetError(_said(rule, most=most), key=where, source=source, line=line)
        out[lang] = text
    return out


def _chain(path: Path, source: str) -> list[_File]:
    """The file and every file it extends, the given file first."""
    files = [_read_file(path, source)]
    seen = [path.resolve()]
    while files[-1].extends is not None:
        child = files[-1]
        parent_path, parent_source = _extends_target(child)
        resolved = parent_path.resolve()
        if resolved in seen:
            cycle = " → ".join(item.source for item in files) + f" → {parent_source}"
            raise PresetError(
                _said(
                    msg(
                        "preset_cycle",
                        "goes round in a cycle ({cycle}); remove one of these extends",
                    ),
                    cycle=cycle,
                ),
                key="extends",
                source=child.source,
                line=child.lines.get("extends"),
            )
        seen.append(resolved)
        files.append(_read_file(parent_path, parent_source))
    return files


def _extends_target(child: _File) -> tuple[Path, str]:
    target = child.extends or ""
    line = child.lines.get("extends")
    if not _is_path(target):
        return _shipped_path(target, child.source, line), f"{target}.yaml"
    path = Path(target).expanduser()
    if not path.is_absolute():
        path = child.path.parent / path
    if not path.is_file():
        raise PresetError(
            _said(
                msg("preset_no_parent", "no preset file {path}; the path is relative to {source}"),
                path=path,
                source=child.source,
            ),
            key="extends",
            source=child.source,
            line=line,
        )
    return path, str(path)


def _merge(base: Mapping[Any, Any], top: Mapping[Any, Any]) -> dict[Any, Any]:
    """`top` over `base`, section by section: a key set in `top` replaces the one in `base`."""
    merged = dict(base)
    for key, value in top.items():
        old = merged.get(key)
        if key in SECTION_KEYS and value is None:
            merged.setdefault(key, None)
        elif key in SECTION_KEYS and isinstance(old, Mapping) and isinstance(value, Mapping):
            merged[key] = {**old, **value}
        else:
            merged[key] = value
    return merged


def _load(path: Path, source: str, name: str) -> Preset:
    files = _chain(path, source)
    conventions: dict[Any, Any] = {}
    origins: dict[str, tuple[int, str, int]] = {}
    for depth, each in reversed(list(enumerate(files))):
        conventions = _merge(conventions, each.conventions)
        origins.update({key: (depth, each.source, line) for key, line in each.lines.items()})
    try:
        rules = Rules.from_mapping(conventions, source=source)
    except RulesError as error:
        found = sorted(origins[key] for key in error.keys if key in origins)
        where = (found[0][1], found[0][2]) if found else (source, None)
        if found and error.key in origins and origins[error.key] == found[0]:
            continued = files[found[0][0]].continued.get(error.key)
            if continued is not None:
                raise PresetError(
                    _said(_CONTINUED, value=repr(_cropped(continued[1]))),
                    key=error.key,
                    source=where[0],
                    line=continued[0],
                ) from None
        raise PresetError(
            error.said or error.detail,
            key=error.key,
            related=error.related,
            source=where[0],
            line=where[1],
        ) from None
    base: Rules | None = None
    base_title: dict[str, str] = {}
    # A shipped preset says its differences in its description; a table's own file is told
    # what it changes from the one it extends.
    if len(files) > 1 and not _shipped(path):
        below: dict[Any, Any] = {}
        for each in reversed(files[1:]):
            below = _merge(below, each.conventions)
        try:
            base = Rules.from_mapping(below, source=files[1].source)
        except RulesError:
            base = None  # a base that holds only with the changes: no list of them
        base_title = _complete(files[1].title, files[1].path.stem)
    return Preset(
        name=name,
        path=path,
        title=_complete(files[0].title, name),
        description=_complete(files[0].description or _based_on(files), ""),
        rules=rules,
        base=base,
        base_title=base_title,
    )


def _cropped(text: str, most: int = 40) -> str:
    return text if len(text) <= most else text[: most - 1] + "…"


def _shipped(path: Path) -> bool:
    try:
        return path.resolve().parent == rules_dir().resolve()
    except PresetError:
        return False


def _based_on(files: list[_File]) -> dict[str, str]:
    if len(files) < 2:
        return {}
    parent = _complete(files[1].title, files[1].path.stem)
    based_on = msg("preset_based_on", "Based on “{parent}”, with the changes listed below.")
    return {lang: say(lang, Said(based_on, {"parent": parent[lang]})) for lang in LANGUAGES}


def _complete(texts: Mapping[str, str], fallback: str) -> dict[str, str]:
    """`texts` with an entry for every language of the game, borrowed from another if missing."""
    first = texts.get("en") or next(iter(texts.values()), fallback)
    return {**{lang: texts.get(lang) or first for lang in LANGUAGES}, **texts}
