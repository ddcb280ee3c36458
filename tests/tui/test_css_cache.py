"""The tests' process-wide cache of parsed CSS (tests/helpers/css_cache.py) gives what a
fresh parse gives, per set of variables, and never keeps a parse that failed."""

from __future__ import annotations

import pytest
from textual.css.stylesheet import Stylesheet, StylesheetParseError

from tests.helpers import css_cache

CSS = "Label { color: $accent; padding: 1 2; }"


def rules_of(css: str, variables: dict[str, str]) -> list[object]:
    sheet = Stylesheet(variables=variables)
    sheet.add_source(css, read_from=("test", "CSS"))
    return list(sheet.rules)


def test_the_cache_is_installed_for_this_textual() -> None:
    assert css_cache.install()
    assert getattr(Stylesheet._parse_rules, "process_wide", False)


def test_two_stylesheets_share_the_rules_parsed_once_and_variables_part_them() -> None:
    assert css_cache.install()
    first = rules_of(CSS, {"accent": "red"})
    again = rules_of(CSS, {"accent": "red"})
    other = rules_of(CSS, {"accent": "blue"})
    assert [id(rule) for rule in first] == [id(rule) for rule in again]
    assert "#FF0000" in first[0].css  # type: ignore[attr-defined]
    assert "#0000FF" in other[0].css  # type: ignore[attr-defined]


def test_css_with_an_error_fails_each_time() -> None:
    assert css_cache.install()
    for _ in range(2):
        with pytest.raises(StylesheetParseError):
            rules_of("Label { colour: red; }", {})
