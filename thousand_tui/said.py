"""Texts marked for the catalogs, and said later in the reader's language.

The engine and everything above it mark a text where it is written (`msg`, `nmsg`) and keep
it with the values of its placeholders (`Said`) until someone who knows the reader's language
shows it. This module knows no language but the English source text: `say` gives a text in
a language through the speaker `translations.py` hands it (`speak_with`) when it is imported,
so that the rules, which need only the marks, never load a catalog.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final, NamedTuple

SOURCE_LANG: Final = "en"


class Msg(NamedTuple):
    """One text: its context (msgctxt) and its English words (msgid)."""

    context: str
    text: str


class NMsg(NamedTuple):
    """A counted word: its context and its English forms for one and for any other number."""

    context: str
    one: str
    other: str


def msg(context: str, text: str) -> Msg:
    """Marks a text for the catalogs (`pybabel extract` keyword `msg:1c,2`)."""
    return Msg(context, text)


def nmsg(context: str, one: str, other: str) -> NMsg:
    """Marks a counted word for the catalogs (keyword `nmsg:1c,2,3`)."""
    return NMsg(context, one, other)


class Said(NamedTuple):
    """A text and the values of its placeholders, to be said in the reader's language when
    it is shown (an error raised far from anyone who knows that language)."""

    text: Msg
    values: dict[str, object]


class Count(NamedTuple):
    """A number and its counted word, as a value of a Said: "2 levels", "2 уровня"."""

    word: NMsg
    number: int


def english(said: Said) -> str:
    """`said` in the source language, its placeholders filled (a Said or a Count among them
    in English too)."""
    return said.text.text.format(**{k: _english(v) for k, v in said.values.items()})


def _english(value: object) -> object:
    if isinstance(value, Said):
        return english(value)
    if isinstance(value, Count):
        word = value.word.one if abs(value.number) == 1 else value.word.other
        return f"{value.number} {word}"
    return value


Speaker = Callable[[str, Said], str]
"""Says a Said in a language."""

_speaker: list[Speaker] = []


def speak_with(speaker: Speaker) -> None:
    """Say every text through `speaker` from now on (`translations.py`, with the catalogs)."""
    _speaker[:] = [speaker]


def say(lang: str, said: Said) -> str:
    """`said` in `lang`, through the catalogs once `translations` is loaded (English before)."""
    return _speaker[0](lang, said) if _speaker else english(said)


class Spoken(Exception):
    """An error whose text is a catalog entry: `str()` is its English, `in_language(lang)` the
    reader's. Raised with a plain text (a detail from elsewhere), it says that text in every
    language."""

    def __init__(self, text: Msg | str, /, **values: object) -> None:
        self.said = Said(text, values) if isinstance(text, Msg) else None
        super().__init__(english(self.said) if self.said else text)

    def in_language(self, lang: str) -> str:
        return say(lang, self.said) if self.said else str(self)


__all__ = [
    "SOURCE_LANG",
    "Count",
    "Msg",
    "NMsg",
    "Said",
    "Speaker",
    "Spoken",
    "english",
    "msg",
    "nmsg",
    "say",
    "speak_with",
]
