"""docs/threat-model.md names, for each promise, the tests that keep it: every promise names at
least one, and every test it names exists (a renamed or deleted test breaks this, not the doc's
word)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "threat-model.md"
TEST = re.compile(r"`(tests/[\w/]+\.py)::(\w+)`")
PROMISE = re.compile(r"^- \*\*(.+?)\*\*", re.MULTILINE)


def promises() -> list[str]:
    """Each promise is a bullet that starts in bold and runs to the next bullet or heading."""
    text = DOC.read_text(encoding="utf-8")
    starts = [m.start() for m in PROMISE.finditer(text)]
    ends = [*starts[1:], len(text)]
    return [text[a:b].split("\n#", 1)[0] for a, b in zip(starts, ends, strict=True)]


def defined(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return {
        node.name
        for node in ast.walk(tree)
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
    }


def test_every_promise_names_a_test() -> None:
    found = promises()
    assert len(found) >= 10
    bare = [p.splitlines()[0] for p in found if not TEST.search(p)]
    assert bare == []


@pytest.mark.long
def test_every_named_test_exists() -> None:
    named = TEST.findall(DOC.read_text(encoding="utf-8"))
    assert named
    missing = [
        f"{file}::{name}"
        for file, name in named
        if not (ROOT / file).exists() or name not in defined(ROOT / file)
    ]
    assert missing == []
