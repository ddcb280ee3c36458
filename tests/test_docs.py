"""The documents of docs/ and every citation of them.

Each `docs/<file>.md` or `docs/<file>.md#<anchor>` written in the code, the presets, the tests, the
README or docs/ itself, and each relative link of a Markdown file, names a file that exists and,
after `#`, a heading of it (as GitHub makes anchors). The rules reference lists every convention
of the schema with its values and default, and the values of every shipped preset.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from thousand_tui.engine.rules import SCHEMA, KeySpec, plain, show
from thousand_tui.presets import load_preset, shipped_names

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
SCANNED = (ROOT / "thousand_tui", ROOT / "rules", ROOT / "tests", DOCS, ROOT / "README.md")
SUFFIXES = (".py", ".yaml", ".md")

CITATION = re.compile(r"docs/([\w.-]+\.md)(?:#([\w-]+))?")
LINK = re.compile(r"\]\(([^)\s]+)\)")
HEADING = re.compile(r"^#{1,6}\s+(.+?)\s*#*\s*$")
# The reference documents that used to live outside the repository, and their section signs.
OLD_DOCUMENTS = re.compile("RULES" + r"\.md|" + "RECORD" + r"\.md|§\s?\d")


def scanned_files() -> Iterator[Path]:
    for place in SCANNED:
        if place.is_file():
            yield place
            continue
        for path in sorted(place.rglob("*")):
            if path.suffix in SUFFIXES and path.is_file() and "snapshots" not in path.parts:
                yield path


def slug(heading: str) -> str:
    """GitHub's anchor of a heading: links reduced to their text, lower case, punctuation
    dropped (letters, digits, `_` and `-` kept), each space a `-`."""
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", heading).lower()
    return re.sub(r"[^\w\- ]", "", text).replace(" ", "-")


def anchors(path: Path) -> set[str]:
    """The anchors of a Markdown file's headings (outside code blocks); a repeated heading gets
    `-1`, `-2`, … as on GitHub."""
    found: set[str] = set()
    fenced = False
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.lstrip().startswith("```"):
            fenced = not fenced
            continue
        match = None if fenced else HEADING.match(line)
        if match is None:
            continue
        base = anchor = slug(match.group(1))
        count = 0
        while anchor in found:
            count += 1
            anchor = f"{base}-{count}"
        found.add(anchor)
    return found


def targets(path: Path, text: str) -> Iterator[tuple[int, Path, str | None]]:
    """(line, file, anchor or None) of every citation in `text`, the text of `path`."""
    for number, line in enumerate(text.splitlines(), start=1):
        for match in CITATION.finditer(line):
            yield number, DOCS / match.group(1), match.group(2)
        if path.suffix != ".md":
            continue
        for match in LINK.finditer(line):
            url = match.group(1)
            if re.match(r"[a-z]+:", url):
                continue  # https:, mailto:
            file, _, anchor = url.partition("#")
            yield number, (path.parent / file).resolve() if file else path, anchor or None


def broken_citations(path: Path, text: str) -> list[str]:
    """What is wrong with the citations of `text`, one message each."""
    problems: list[str] = []
    for number, target, anchor in targets(path, text):
        where = f"{path.relative_to(ROOT)} line {number}"
        if not target.is_file():
            problems.append(f"{where}: no file {target.relative_to(ROOT)}")
        elif anchor is not None and target.suffix == ".md" and anchor not in anchors(target):
            problems.append(f"{where}: {target.relative_to(ROOT)} has no heading #{anchor}")
    return problems


def test_every_citation_of_the_docs_resolves() -> None:
    problems = [
        problem
        for path in scanned_files()
        for problem in broken_citations(path, path.read_text(encoding="utf-8"))
    ]
    assert problems == []


def test_the_check_finds_a_broken_citation() -> None:
    code = ROOT / "thousand_tui" / "example.py"
    text = "\n".join(
        [
            '"""Scored as the ' + "docs/" + 'rules.md#palki say."""',
            "# " + "docs/" + "rules.md#no-such-heading",
            "# " + "docs/" + "nowhere.md",
        ]
    )
    assert broken_citations(code, text) == [
        "thousand_tui/example.py line 2: docs/rules.md has no heading #no-such-heading",
        "thousand_tui/example.py line 3: no file " + "docs/" + "nowhere.md",
    ]
    links = "See [the talon](rules.md#talon), [nothing](#nothing) and [a file](missing.md)."
    assert broken_citations(DOCS / "record.md", links) == [
        "docs/record.md line 1: docs/record.md has no heading #nothing",
        "docs/record.md line 1: no file " + "docs/" + "missing.md",
    ]


def test_anchors_are_made_as_on_github() -> None:
    assert slug("The sitter's points") == "the-sitters-points"
    assert slug("Raise, concession and baptism") == "raise-concession-and-baptism"
    assert slug("`four_player` keys") == "four_player-keys"
    assert {"talon", "the-order-of-a-deal", "preset-values"} <= anchors(DOCS / "rules.md")


def test_nothing_cites_the_documents_outside_the_repository() -> None:
    found = [
        f"{path.relative_to(ROOT)} line {number}: {line.strip()}"
        for path in scanned_files()
        if path != Path(__file__).resolve()
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
        if OLD_DOCUMENTS.search(line)
    ]
    assert found == []


# ---------------------------------------------------------------------- the key tables


def cell(value: object) -> str:
    """A value as docs/rules.md writes it in a table."""
    value = plain(value)
    if isinstance(value, dict):
        return "`{" + ", ".join(f"{k}: {v}" for k, v in value.items()) + "}`"
    return f"`{show(value)}`"


def table_rows(text: str) -> dict[str, list[str]]:
    """The cells of each table row of `text` that starts with a key in backquotes."""
    rows: dict[str, list[str]] = {}
    for line in text.splitlines():
        match = re.match(r"\| `([\w.]+)` \|(.*)\|$", line)
        if match:
            rows.setdefault(match.group(1), [c.strip() for c in match.group(2).split(" | ")])
    return rows


def section(text: str, heading: str) -> str:
    """The text under a `##`/`###` heading, up to the next heading of the same level or above."""
    level = heading.split(" ")[0]
    start = text.index(f"\n{heading}\n")
    ends = [text.find(f"\n{'#' * n} ", start + 1) for n in range(1, len(level) + 1)]
    end = min([e for e in ends if e != -1], default=len(text))
    return text[start:end]


RULES_TEXT = (DOCS / "rules.md").read_text(encoding="utf-8")
KEY_ROWS = table_rows(section(RULES_TEXT, "## Conventions"))


@pytest.mark.parametrize("spec", SCHEMA.values(), ids=list(SCHEMA))
def test_the_rules_reference_gives_every_key_its_values_and_default(spec: KeySpec) -> None:
    assert spec.key in KEY_ROWS, f"docs/rules.md#conventions has no row for {spec.key}"
    values, default, meaning = KEY_ROWS[spec.key]
    assert default == cell(spec.default)
    for value in spec.values or ():
        assert f"`{show(value)}`" in values
    if spec.values is None and spec.type == "int":
        assert "whole number" in values
        assert ("`null`" in values) == spec.nullable
    assert meaning


def test_the_rules_reference_has_no_key_the_schema_does_not() -> None:
    assert set(KEY_ROWS) == set(SCHEMA)


def test_the_preset_table_gives_every_shipped_preset_its_values() -> None:
    table = section(RULES_TEXT, "### Preset values")
    header = next(line for line in table.splitlines() if line.startswith("| key |"))
    names = [name.strip(" `") for name in header.strip("|").split("|")[1:]]
    assert sorted(names) == sorted(shipped_names())
    presets = [load_preset(name) for name in names]
    rows = table_rows(table)
    for key, spec in SCHEMA.items():
        values = [cell(preset.rules.get(key)) for preset in presets]
        if key in rows:
            assert rows[key] == values, key
        else:
            assert set(values) == {cell(spec.default)}, f"{key} differs in a preset: list it"
