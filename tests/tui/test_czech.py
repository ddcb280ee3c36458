"""The game in Czech: the table's dialogs in the Czech players' words (licitace, talon, hláška,
štych), the ranks as on Czech French-suited cards, counted words in every plural form, every
dialog whole at 80×24 and 120×40, and the locale, `--lang cs` and the start screen choosing it."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.helpers.screen import screen_text
from tests.helpers.waiting import until
from thousand_tui.cli import build_parser, table_flags
from thousand_tui.engine.cards import parse_cards
from thousand_tui.presets import load_preset
from thousand_tui.priority import Host
from thousand_tui.settings import TableSetup, language_from_locale, setup_from_options
from thousand_tui.translations import LANGS
from thousand_tui.tui import create_app
from thousand_tui.tui.coach import one_decimal
from thousand_tui.tui.i18n import MESSAGES, Translator
from thousand_tui.tui.render import Palette
from thousand_tui.tui.screens.start import StartScreen
from thousand_tui.tui.startup import StartOffer
from thousand_tui.tui.widgets.choices import ChoiceList
from thousand_tui.tui.widgets.log import GameLog

from .helpers import STRONG, press_card, settle

SIZES = [pytest.param((80, 24), id="80x24"), pytest.param((120, 40), id="120x40")]


def dialog_rows(text: str) -> list[str]:
    """The rows inside the dialog box on screen, checking the box is whole: its borders in
    the same columns on every row, so no text pushes past them."""
    rows = text.splitlines()
    top = next(i for i, row in enumerate(rows) if "┏━" in row)
    left, right = rows[top].index("┏"), rows[top].index("┓")
    bottom = next(i for i in range(top + 1, len(rows)) if rows[i][left : left + 1] == "┗")
    assert rows[bottom][right] == "┛", rows[bottom]
    inside = []
    for row in rows[top + 1 : bottom]:
        assert row[left] == "┃" and row[right] == "┃", row
        inside.append(row[left + 1 : right].strip())
    assert not any(row.endswith("…") for row in inside), inside
    return inside


@pytest.mark.long
@pytest.mark.parametrize("size", SIZES)
async def test_a_czech_table_speaks_its_words_in_whole_dialogs(
    size: tuple[int, int], host: Host
) -> None:
    app = create_app(TableSetup.of(seed=11, pace=0, deals={1: STRONG}, lang="cs", host=host))
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        assert app.session.game.names == ("Vy", "Anna", "Bohouš")
        text = screen_text(app)
        assert len(text.splitlines()) <= size[1]
        assert "━ Licitace ━" in text
        rows = dialog_rows(text)
        assert "Nejvyšší nabídka: 100 (Anna)" in rows
        assert "Dosavadní nabídky: Anna 100 · Bohouš pas" in rows
        assert {"1  Pas", "2  Nabídnout 105", "3  Nabídnout 110   ← → změnit"} <= set(rows)
        # The ranks as Czech players write them: eso, desítka, král, dáma.
        assert "Vaše karty: A♠ 10♠ A♣ A♥ 10♥ K♥ D♥" in rows
        assert "Rozdání 1, rozdává: Vy." in app.table.query_one("#log", GameLog).lines_written

        await pilot.press("2")  # 105
        await settle(pilot)
        rows = dialog_rows(screen_text(app))
        assert "Talon, ukázaný všem: K♠ D♣ K♦   Váš závazek: 105" in rows
        assert "▸ → Anna: —" in rows and "→ Bohouš: —" in rows
        assert "←→ nebo 1–0 vybrat · Enter dát · Backspace vzít zpět" in rows

        await pilot.press("3", "enter", "5", "enter", "enter")
        await settle(pilot)
        rows = dialog_rows(screen_text(app))
        # 164: the counted word in its form for numbers other than 1 to 4
        assert "V ruce: 164 bodů s hláškami (♥100)" in rows
        assert "3  Vzdát «V»: ztrácíte 105, každý protihráč dostane 60" in rows

        await pilot.press("1")  # play 105
        await settle(pilot)
        text = screen_text(app)
        assert "Konec" in text.splitlines()[-1]  # the footer whole, to its last key
        await press_card(pilot, "AH")
        await settle(pilot)
        await press_card(pilot, "KH")
        rows = dialog_rows(screen_text(app))
        assert "Vynášíte K♥ a máte v ruce celý pár." in rows
        assert "1  Hlásit ♥ 100: trumf ♥" in rows and "2  Jen zahrát K♥" in rows
        await pilot.press("1")
        await settle(pilot)
        log = app.table.query_one("#log", GameLog).lines_written
        assert "Vy: K♥ — hláška ♥ 100, trumf ♥!" in log


def test_czech_counts_every_plural_form_and_writes_distinct_ranks() -> None:
    cs = Translator("cs")
    assert [cs.count("w_point", n) for n in (1, 2, 4, 5, 22, 164)] == [
        "1 bod", "2 body", "4 body", "5 bodů", "22 bodů", "164 bodů",
    ]  # fmt: skip
    assert [cs.count("w_card", n) for n in (1, 3, 7)] == ["1 karta", "3 karty", "7 karet"]
    cards = parse_cards(["AH", "TH", "KS", "QD", "JC", "9S"])
    labels = [Palette(lang="cs").card_label(c) for c in cards]
    assert labels == ["A♥", "10♥", "K♠", "D♦", "J♣", "9♠"]
    assert len({label[:-1] for label in labels}) == len(labels)


def test_czech_uses_the_games_own_terms() -> None:
    czech = " ".join(Translator("cs")(key) for key in MESSAGES)
    for term in ("licitace", "talon", "hláška", "štych", "trumf", "sud", "bolt", "naslepo"):
        assert term in czech, term
    for english in ("marriage", "trick", "barrel", "auction"):
        assert english not in czech, english
    assert Translator("cs")("lang_name") == "Čeština"


def test_the_locale_and_the_flag_choose_czech() -> None:
    assert language_from_locale({"LANG": "cs_CZ.UTF-8"}) == "cs"
    assert language_from_locale({"LC_ALL": "cs_CZ.UTF-8", "LANG": "en_US.UTF-8"}) == "cs"
    options = build_parser().parse_args(["play", "--lang", "cs", "--pace", "0"])
    assert setup_from_options(table_flags(options), {"LANG": "en_US.UTF-8"}).lang == "cs"
    options = build_parser().parse_args(["play", "--pace", "0"])
    assert setup_from_options(table_flags(options), {"LANG": "cs_CZ.UTF-8"}).lang == "cs"


async def test_the_start_screen_offers_czech(host: Host) -> None:
    app = create_app(TableSetup(pace=0, host=host), start=StartOffer.shipped())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        listed = app.screen.query_one(ChoiceList)
        while listed.current is None or listed.current.id != "lang":
            await pilot.press("down")
        for _ in LANGS:  # the languages in turn
            if "‹ Čeština ›" in screen_text(app):
                break
            await pilot.press("right")
            await pilot.pause()
        await until(pilot, "the keys in Czech", lambda: "Konec" in screen_text(app))
        text = screen_text(app)
        assert isinstance(app.screen, StartScreen)
        assert "‹ Čeština ›" in text and "Začít novou partii" in text
        assert "Konec" in text.splitlines()[-1]


def test_czech_figures_have_the_decimal_comma_and_the_fraction_form() -> None:
    assert one_decimal(63.1, "cs") == "63,1" and one_decimal(-2.5, "cs", signed=True) == "-2,5"
    assert one_decimal(63.1, "en") == "63.1"
    # A figure with a fraction counts as "63,1 bodu" (the form Czech gives fractions).
    assert Translator("cs").plural(2, "points_forms") == "bodu"


def test_a_table_of_ones_own_is_described_in_czech(tmp_path: Path) -> None:
    path = tmp_path / "chata.yaml"
    path.write_text("extends: family\nbidding:\n  step: 10\n")
    preset = load_preset(str(path))
    assert preset.description_in("cs") == ("Vychází z „Domácí pravidla“, změny jsou uvedeny níže.")
