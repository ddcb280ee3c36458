"""The engine marks its texts without the catalogs (`said.py`); they are said in the reader's
language once the translations are loaded, and in English the same either way."""

from __future__ import annotations

import subprocess
import sys

import pytest

from thousand_tui import translations
from thousand_tui.engine.record import RecordError
from thousand_tui.engine.rules import RulesError
from thousand_tui.said import Count, Said, english, msg, nmsg, say


@pytest.mark.long
def test_the_engine_loads_without_the_translations() -> None:
    code = (
        "import sys, thousand_tui.engine.rules, thousand_tui.engine.record, "
        "thousand_tui.engine.match; "
        "print('thousand_tui.translations' in sys.modules, 'gettext' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["False", "False"]


def test_english_is_the_source_text_as_the_catalogs_say_it() -> None:
    inner = Said(msg("rules_at_line", "{source} line {line}: "), {"source": "a.yaml", "line": 3})
    for number in (1, 2, -1, 0):
        said = Said(
            msg("test_said", "{where}{count}"),
            {"where": inner, "count": Count(nmsg("w_card", "card", "cards"), number)},
        )
        assert english(said) == translations.say("en", said)
    assert english(inner) == "a.yaml line 3: "


def test_an_engine_error_is_said_in_the_readers_language() -> None:
    error = RulesError("x", source="house.yaml", line=4)
    assert str(error) == "house.yaml line 4: x"
    assert (
        error.in_language("ru")
        == say(
            "ru",
            Said(
                msg("rules_at_line", "{source} line {line}: "), {"source": "house.yaml", "line": 4}
            ),
        )
        + "x"
    )
    assert error.in_language("ru") != str(error)
    record = RecordError(
        msg("record_not_utf8", "{path}: not a game record (not UTF-8 text)"), path="g"
    )
    assert str(record) == "g: not a game record (not UTF-8 text)"
    assert record.in_language("ru") == translations.say("ru", record.said)  # type: ignore[arg-type]
    assert record.in_language("ru") != str(record)
