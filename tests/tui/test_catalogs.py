"""The translations: the template holds every text the code marks, every catalog translates all
of it with the same placeholders and its language's plural rule, and the shipped `.mo` is the
`.po` compiled (README: Translations)."""

from __future__ import annotations

import gettext
import io
import string
import tomllib
from collections.abc import Iterator
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_file
from babel.messages.frontend import parse_keywords
from babel.messages.mofile import read_mo, write_mo
from babel.messages.plurals import get_plural
from babel.messages.pofile import read_po

from thousand_tui import translations
from thousand_tui.presets import load_preset
from thousand_tui.rulebook import format_preset
from thousand_tui.translations import DOMAIN, LANGS, LOCALE_DIR
from thousand_tui.tui.i18n import MESSAGES, WORDS, Translator

ROOT = Path(__file__).resolve().parents[2]
TEMPLATE = LOCALE_DIR / f"{DOMAIN}.pot"
FIX = (
    "run `pybabel extract` and `pybabel update` at the top of the repository, translate the "
    "new entries of every .po, then `pybabel compile` (README: Translations)"
)


def catalogs() -> list[str]:
    return sorted(path.parent.parent.name for path in LOCALE_DIR.glob(f"*/LC_MESSAGES/{DOMAIN}.po"))


def read(path: Path) -> Catalog:
    with path.open("rb") as file:
        return read_po(file)


def po(lang: str) -> Catalog:
    return read(LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po")


def entries(catalog: Catalog) -> Iterator[Message]:
    return (message for message in catalog if message.id)


def key(message: Message) -> tuple[str | None, str | tuple[str, ...]]:
    ident = message.id if isinstance(message.id, str) else tuple(message.id)
    return message.context, ident


def extracted() -> set[tuple[str | None, str | tuple[str, ...]]]:
    """What `pybabel extract` finds in the code now, with the settings of pyproject.toml."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["babel"]
    keywords = parse_keywords(config["extract_messages"]["keywords"])
    found = set()
    for mapping in config["mappings"]:
        path = ROOT / "thousand_tui" / mapping["pattern"]
        for _, message, _, context in extract_from_file(mapping["method"], path, keywords):
            found.add((context, message))
    return found


def fields(text: str) -> set[tuple[str, str]]:
    return {(name, spec or "") for _, name, spec, _ in string.Formatter().parse(text) if name}


def test_the_languages_are_english_and_every_catalog_shipped() -> None:
    assert catalogs(), "no catalog found beside thousand_tui/translations.py"
    assert ("en", *catalogs()) == LANGS
    assert "ru" in LANGS


def test_a_compiled_catalog_dropped_in_is_a_new_language(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "xx" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    (folder / f"{DOMAIN}.mo").write_bytes((LOCALE_DIR / "ru/LC_MESSAGES/thousand.mo").read_bytes())
    (tmp_path / "yy" / "LC_MESSAGES").mkdir(parents=True)  # a folder without a catalog is none
    monkeypatch.setattr(translations, "LOCALE_DIR", tmp_path)
    assert translations._catalog_langs() == ("xx",)


@pytest.mark.long
def test_the_template_holds_every_text_the_code_marks() -> None:
    found = extracted()
    template = {key(message) for message in entries(read(TEMPLATE))}
    assert not found - template, f"texts missing from {TEMPLATE.name}: {FIX}"
    assert not template - found, f"texts no longer in the code: {FIX}"
    marked = {(k, v) for k, v in MESSAGES.items()} | {
        (k, (word.one, word.other)) for k, word in WORDS.items()
    }
    assert marked <= found  # every message of the table is found by the extraction


@pytest.mark.parametrize("lang", catalogs())
def test_every_catalog_translates_every_text_of_the_template(lang: str) -> None:
    catalog = po(lang)
    template = {key(message) for message in entries(read(TEMPLATE))}
    messages = {key(message): message for message in entries(catalog)}
    missing = sorted(str(k) for k in template - set(messages))
    assert not missing, f"{lang}.po lacks {missing[:5]}…: {FIX}"
    assert not catalog.obsolete, f"{lang}.po keeps obsolete entries: {FIX}"
    extra = sorted(str(k) for k in set(messages) - template)
    assert not extra, f"{lang}.po has entries the template lacks {extra[:5]}: {FIX}"
    fuzzy = sorted(str(m.context) for m in messages.values() if m.fuzzy)
    assert not fuzzy, f"{lang}.po has fuzzy entries {fuzzy[:5]}: check them, remove `#, fuzzy`"
    empty = [
        str(m.context)
        for m in messages.values()
        if not all((m.string,) if isinstance(m.string, str) else m.string)
    ]
    assert not empty, f"{lang}.po leaves {empty[:5]} untranslated"


@pytest.mark.parametrize("lang", catalogs())
def test_every_translation_keeps_the_placeholders_of_its_text(lang: str) -> None:
    wrong = []
    for message in entries(po(lang)):
        ids = [message.id] if isinstance(message.id, str) else list(message.id)
        texts = [message.string] if isinstance(message.string, str) else list(message.string)
        wanted = fields(ids[0])
        assert all(fields(ident) == wanted for ident in ids), message.id
        wrong.extend((message.context, text) for text in texts if fields(text) != wanted)
    assert not wrong, f"{lang}.po: placeholders differ from the English: {wrong[:5]}"


@pytest.mark.parametrize("lang", catalogs())
def test_every_catalog_counts_by_its_languages_plural_rule(lang: str) -> None:
    catalog = po(lang)
    rule = get_plural(lang)
    assert catalog.num_plurals == rule.num_plurals, (
        f"{lang}.po: nplurals={catalog.num_plurals}, CLDR says {rule.num_plurals}; "
        "copy the Plural-Forms header `pybabel init` writes"
    )
    assert catalog.plural_expr == rule.plural_expr
    for message in entries(catalog):
        if not isinstance(message.id, str):
            assert len(message.string) == rule.num_plurals, message.context


@pytest.mark.parametrize("lang", catalogs())
def test_the_shipped_mo_is_the_po_compiled(lang: str) -> None:
    folder = LOCALE_DIR / lang / "LC_MESSAGES"
    fresh = io.BytesIO()
    write_mo(fresh, po(lang))
    fresh.seek(0)
    with (folder / f"{DOMAIN}.mo").open("rb") as file:
        shipped = read_mo(file)
    compiled = read_mo(fresh)
    stale = f"{lang}/LC_MESSAGES/{DOMAIN}.mo is not {lang}.po compiled: run `pybabel compile`"
    assert {key(m): m.string for m in shipped} == {key(m): m.string for m in compiled}, stale
    assert shipped.plural_forms == compiled.plural_forms, stale


def test_russian_reads_its_catalog_and_counts_by_its_rule() -> None:
    ru = Translator("ru")
    assert ru("header_deal", number=3) == "Кон 3"
    assert [ru.count("w_deal", n) for n in (1, 3, 5, 11, 21, 104, 111)] == [
        "1 кон", "3 кона", "5 конов", "11 конов", "21 кон", "104 кона", "111 конов",
    ]  # fmt: skip
    assert ru.plural(-2, "w_card") == "карты"
    assert Translator("en").count("w_deal", 1) == "1 deal"
    assert (
        gettext.translation(DOMAIN, LOCALE_DIR, languages=["ru"]).pgettext("lang_name", "English")
        == "Русский"
    )


@pytest.mark.long
def test_the_rule_book_speaks_each_language() -> None:
    classic = load_preset("classic")
    english, russian = format_preset(classic, "en"), format_preset(classic, "ru_RU.UTF-8")
    assert "Game to: 1000 points" in english
    assert "Игра до: 1000 очков" in russian
    assert "Пересдача" in russian and "Redeal" not in russian


def test_an_unknown_language_is_refused_with_the_known_ones() -> None:
    with pytest.raises(ValueError, match="language must be one of en, "):
        Translator("xx")


# ---------------------------------------------------------------- the catalogs' version


def test_every_catalog_names_the_projects_version() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())
    version = project["project"]["version"]
    assert project["tool"]["babel"]["extract_messages"]["version"] == version, (
        "[tool.babel.extract_messages] version must be the project's version"
    )
    for path in [TEMPLATE, *LOCALE_DIR.glob(f"*/LC_MESSAGES/{DOMAIN}.po")]:
        header = read(path)
        assert (header.project, header.version) == ("thousand_tui", version), (
            f"{path.name} ({path.parent.parent.name}): Project-Id-Version must be "
            f"`thousand_tui {version}`; run `pybabel extract` and set it in the .po header"
        )
