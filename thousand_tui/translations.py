"""The game's words in every language it speaks: gettext catalogs beside this module.

English is the source text and lives in the code; every other language is a catalog,
`locale/<lang>/LC_MESSAGES/thousand.po`, compiled to the `.mo` beside it (README, Translations).
A text is marked where it is written, with its context (msgctxt) so that equal English words
never share a translation: `msg("header_deal", "Deal {number}")` for one text,
`nmsg("w_card", "card", "cards")` for a counted word, whose forms follow the catalog's plural
rule. `pybabel extract` finds both (`[tool.babel]` in pyproject.toml).

Only the standard library's `gettext` reads the catalogs; Babel is the translators' tool.
The marks themselves (`Msg`, `Said`, `Spoken`) live below, in `said.py`, which the rules use
without the catalogs: loading this module makes `said.say` speak every language.
"""

from __future__ import annotations

import gettext
from functools import cache
from pathlib import Path
from typing import Final

from .said import (
    SOURCE_LANG,
    Count,
    Msg,
    NMsg,
    Said,
    Spoken,
    msg,
    nmsg,
    speak_with,
)

DOMAIN: Final = "thousand"
LOCALE_DIR: Final = Path(__file__).parent / "locale"


def _catalog_langs() -> tuple[str, ...]:
    if not LOCALE_DIR.is_dir():
        return ()
    return tuple(
        sorted(
            path.name
            for path in LOCALE_DIR.iterdir()
            if (path / "LC_MESSAGES" / f"{DOMAIN}.mo").is_file() and path.name != SOURCE_LANG
        )
    )


LANGS: Final = (SOURCE_LANG, *_catalog_langs())
"""The languages the game speaks: English, then every compiled catalog shipped."""


@cache
def catalog(lang: str) -> gettext.NullTranslations:
    """The translations of `lang` (one of LANGS); English reads the source text itself."""
    if lang not in LANGS:
        raise ValueError(f"language must be one of {', '.join(LANGS)}, not {lang!r}")
    if lang == SOURCE_LANG:
        return gettext.NullTranslations()
    return gettext.translation(DOMAIN, LOCALE_DIR, languages=[lang])


def language_of(name: str) -> str:
    """The language of LANGS a locale or language name means ("ru_RU.UTF-8", "ru" → "ru"),
    English for any other."""
    code = name.lower().replace("-", "_").split(".")[0].split("_")[0]
    return code if code in LANGS else SOURCE_LANG


def translate(lang: str, text: Msg) -> str:
    """`text` in `lang`."""
    return catalog(lang).pgettext(text.context, text.text)


def form(lang: str, word: NMsg, number: int) -> str:
    """The form of `word` that `number` takes in `lang`: "card" for 1, "cards" for 5; in
    Russian "карта", "карты" (2–4, 22...), "карт" (5–20, 25...)."""
    return catalog(lang).npgettext(word.context, word.one, word.other, abs(number))


def counted(lang: str, word: NMsg, number: int) -> str:
    """`number` and its word in the right form: "1 card", "5 карт"."""
    return f"{number} {form(lang, word, number)}"


def counted_en(number: int, one: str, other: str) -> str:
    """`number` and an English word in its form, for the texts only English has (the command
    line's reports): "1 game", "3 games"."""
    return f"{number} {gettext.NullTranslations().ngettext(one, other, number)}"


# ---------------------------------------------------------------------- texts said later


def say(lang: str, said: Said) -> str:
    """`said` in `lang`, its placeholders filled (a value that is itself a Said, or a Count,
    is said in `lang` too)."""
    values = {k: _value(lang, v) for k, v in said.values.items()}
    return translate(lang, said.text).format(**values)


def _value(lang: str, value: object) -> object:
    if isinstance(value, Said):
        return say(lang, value)
    if isinstance(value, Count):
        return counted(lang, value.word, value.number)
    return value


speak_with(say)


def error_text(lang: str, error: BaseException) -> str:
    """What `error` says in `lang`: a Spoken error (or any with `in_language`) in that
    language, any other in its own words."""
    speak = getattr(error, "in_language", None)
    return str(speak(lang)) if callable(speak) else str(error)


def tell(lang: str, text: Msg, **values: object) -> str:
    """`text` in `lang`, its placeholders filled: `tell("ru", msg("k", "Deal {n}"), n=2)`."""
    return translate(lang, text).format(**values)


__all__ = [
    "DOMAIN",
    "LANGS",
    "LOCALE_DIR",
    "SOURCE_LANG",
    "Count",
    "Msg",
    "NMsg",
    "Said",
    "Spoken",
    "catalog",
    "counted",
    "counted_en",
    "error_text",
    "form",
    "language_of",
    "msg",
    "nmsg",
    "say",
    "tell",
    "translate",
]
