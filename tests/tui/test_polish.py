"""The table in Polish at 80×24 and 120×40: the auction, the cards' rank letters as Polish
players write them (W D K A), counted words in their Polish forms, every dialog whole."""

from __future__ import annotations

from typing import Any

import pytest
from rich.text import Text
from textual.app import App
from textual.widgets import Static

from tests.helpers.screen import screen_text
from thousand_tui.priority import Host
from thousand_tui.settings import TableSetup
from thousand_tui.tui import create_app
from thousand_tui.tui.screens.auction import AuctionScreen
from thousand_tui.tui.screens.decision import DecisionScreen
from thousand_tui.tui.screens.info import ConventionsScreen, HelpScreen

from .helpers import STRONG, settle

SIZES = [(80, 24), (120, 40)]


FRAME = "╭╮╰╯│┃┏┓┗┛━─ "


def words(text: Text | str) -> str:
    return " ".join(str(text).split())


def assert_dialog_fits(app: App[Any], size: tuple[int, int]) -> None:
    """The open dialog shows the whole of its title and of every text in it (its body, each
    choice, its notes, the hand): nothing cut at the frame's edge or below the last row."""
    dialog = app.screen
    frame = dialog.query_one("#dialog")
    x, y, width, height = frame.region
    assert x >= 0 and y >= 0 and x + width <= size[0] and y + height <= size[1]
    rows = screen_text(app).splitlines()[y : y + height]
    shown = words(" ".join(row[x : x + width].strip(FRAME) for row in rows))
    texts: list[Text | str] = [str(frame.border_title)]
    texts += [str(static.content) for static in frame.query(Static) if static.display]
    if isinstance(dialog, DecisionScreen):
        texts += [choice.text() for choice in dialog.choices]
    for text in texts:
        assert words(text) in shown, (words(text), rows)


@pytest.mark.long
@pytest.mark.parametrize("size", SIZES)
async def test_a_game_in_polish_speaks_polish_within_its_dialogs(
    size: tuple[int, int], host: Host
) -> None:
    app = create_app(TableSetup.of(seed=11, pace=0, deals={1: STRONG}, lang="pl", host=host))
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, AuctionScreen)
        text = screen_text(app)
        assert "Licytacja" in text and "Najwyżej: 100 (Anna)" in text and "1  Pas" in text
        assert "2  Licytuj 105" in text
        assert app.session.game.names == ("Ty", "Anna", "Bartek")
        # The ranks as Polish players write them: as, dziesiątka, król, dama (and walet).
        assert "A♥ 10♥ K♥ D♥" in text and "Q♥" not in text
        assert "Rozdanie 1, rozdający: Ty." in app.table.query_one("#log").lines_written
        assert_dialog_fits(app, size)

        await pilot.press("2")  # 105: Anna and Boris pass, the talon is yours
        await settle(pilot)
        text = screen_text(app)
        assert "Musik: oddaj kartę każdemu przeciwnikowi" in text
        assert "Anna dostaje: —" in text
        assert_dialog_fits(app, size)

        await pilot.press("3", "enter", "5", "enter", "enter")
        await settle(pilot)
        assert isinstance(app.screen, DecisionScreen)
        text = screen_text(app)
        # 164 points: the Polish form for 2–4 (but 12–14) of a counted word, not "punktów".
        assert "W ręce: 164 punkty z meldunkami (♥100)" in text
        assert "Graj 105" in text and "Podbij do 110" in text
        assert_dialog_fits(app, size)

        for key, screen, words in (
            ("question_mark", HelpScreen, "Tysiąc w skrócie"),
            ("c", ConventionsScreen, "Ponowne rozdanie jest: na życzenie gracza"),
        ):
            await pilot.press(key)
            await pilot.pause()
            assert isinstance(app.screen, screen)
            assert words in screen_text(app)
            await pilot.press("escape")
            await pilot.pause()

        await pilot.press("1")  # play 105: your lead, at the table
        await settle(pilot)
        rows = screen_text(app).splitlines()
        assert "Gra: 105 (Ty) · brakuje 105" in "\n".join(rows)
        # The footer holds every key of the table whole, the last one too.
        assert rows[-1].rstrip().endswith("q Wyjdź"), rows[-1]
        assert "l Lewa" in rows[-1] and "h Podpowiedź" in rows[-1]


async def test_polish_counts_with_all_three_forms() -> None:
    from thousand_tui.tui.i18n import Translator

    pl = Translator("pl")
    counts = {n: pl.count("w_deal", n) for n in (1, 2, 5, 12, 22, 25, 104, 111)}
    assert counts == {
        1: "1 rozdanie",
        2: "2 rozdania",
        5: "5 rozdań",
        12: "12 rozdań",
        22: "22 rozdania",
        25: "25 rozdań",
        104: "104 rozdania",
        111: "111 rozdań",
    }
    assert [pl.count("w_card", n) for n in (1, 3, 13)] == ["1 karta", "3 karty", "13 kart"]


def test_a_polish_locale_plays_in_polish_unless_lang_says_otherwise() -> None:
    from thousand_tui.cli import build_parser, table_flags
    from thousand_tui.settings import setup_from_options

    def lang(args: list[str], locale: str) -> str:
        options = build_parser().parse_args(["play", *args])
        return setup_from_options(table_flags(options), {"LANG": locale}).lang

    assert lang([], "pl_PL.UTF-8") == "pl"
    assert lang([], "pl") == "pl"
    assert lang(["--lang", "en"], "pl_PL.UTF-8") == "en"
    assert lang(["--lang", "pl"], "ru_RU.UTF-8") == "pl"


def test_the_start_screens_polish_labels_leave_room_for_their_values() -> None:
    """Each label of a line with a value stays within the label column, a space to spare, so
    «Tempo rywali ‹ 0,8 s na ruch ›» never runs into its value."""
    from thousand_tui.tui.i18n import Translator
    from thousand_tui.tui.screens.start import LABEL_WIDTH

    pl = Translator("pl")
    keys = [
        "start_preset",
        "start_players",
        "start_name",
        "start_lang",
        "start_hints",
        "start_open_hints",
        "start_pace",
        "start_motion",
        "start_suit_order",
        "start_auto_play",
        "start_auto_next",
        "start_take_back",
    ]
    labels = [pl(key) for key in keys]
    labels += [pl("start_level", name=name) for name in pl("ai_names").split(",")]
    assert [label for label in labels if len(label) >= LABEL_WIDTH] == []
