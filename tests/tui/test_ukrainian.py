"""The table in Ukrainian at 80×24: the game's own words (торг, прикуп, марʼяж), the rank
letters of Ukrainian players (В Д К Т), counted words in each of the language's forms, and
dialogs whose texts fit inside them."""

from __future__ import annotations

import pytest
from textual.screen import Screen
from textual.widget import Widget

from tests.helpers.screen import screen_text
from thousand_tui.engine.cards import Card, Rank, Suit
from thousand_tui.priority import Host
from thousand_tui.settings import TableSetup, language_from_locale
from thousand_tui.tui import create_app
from thousand_tui.tui.i18n import Translator, rank_label
from thousand_tui.tui.screens.auction import AuctionScreen
from thousand_tui.tui.screens.contract import ContractScreen
from thousand_tui.tui.screens.exchange import ExchangeScreen
from thousand_tui.tui.screens.info import ConventionsScreen, HelpScreen
from thousand_tui.tui.widgets.log import GameLog

from .helpers import STRONG, settle


def assert_fits(screen: Screen[object]) -> None:
    """Every text of the dialog shows whole: the dialog lies on the screen, its title fits its
    top border, and neither it nor anything in it has to scroll or runs past its edge."""
    dialog = screen.query_one("#dialog")
    assert screen.region.contains_region(dialog.region), (dialog.region, screen.region)
    title = str(dialog.border_title or "")
    assert len(title) <= dialog.region.width - 4, title
    parts: list[Widget] = [dialog, *dialog.query("*")]
    for part in parts:
        if not part.display:
            continue
        assert part.max_scroll_x == 0 and part.max_scroll_y == 0, (part, part.virtual_size)
        assert dialog.region.contains_region(part.region), (part, part.region, dialog.region)


def test_ukrainian_counts_by_its_rule_and_is_the_locales_language() -> None:
    uk = Translator("uk")
    assert uk("lang_name") == "Українська"
    assert [uk.count("w_deal", n) for n in (1, 3, 5, 11, 21, 104, 111)] == [
        "1 кін", "3 кони", "5 конів", "11 конів", "21 кін", "104 кони", "111 конів",
    ]  # fmt: skip
    assert [uk.count("w_card", n) for n in (1, 2, 7)] == ["1 карта", "2 карти", "7 карт"]
    # The ranks as Ukrainian players write them, each its own letter.
    ranks = [rank_label(Card(rank, Suit.SPADES), "uk") for rank in Rank]
    assert ranks == ["9", "В", "Д", "К", "10", "Т"]
    assert language_from_locale({"LANG": "uk_UA.UTF-8"}) == "uk"


@pytest.mark.long
async def test_ukrainian_table_speaks_the_games_words_and_its_dialogs_fit(host: Host) -> None:
    app = create_app(TableSetup.of(seed=11, pace=0, deals={1: STRONG}, lang="uk", host=host))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, AuctionScreen)
        assert_fits(app.screen)
        text = screen_text(app)
        assert "Торг" in text and "Ставка: 100 (Ганна)" in text and "1  Пас" in text
        assert app.session.game.names == ("Ви", "Ганна", "Богдан")
        # The ranks in Ukrainian letters: туз, десятка, король, дама.
        assert "Т♥ 10♥ К♥ Д♥" in text and "A♥" not in text and "Q♥" not in text
        assert "Кін 1, здавач: Ви." in app.table.query_one("#log", GameLog).lines_written
        await pilot.press("2")  # 105
        await settle(pilot)
        assert isinstance(app.screen, ExchangeScreen)
        assert_fits(app.screen)
        text = screen_text(app)
        assert "Прикуп: віддайте по карті суперникам" in text and "Ганна отримає: —" in text
        await pilot.press("3", "enter", "5", "enter", "enter")
        await settle(pilot)
        assert isinstance(app.screen, ContractScreen)
        assert_fits(app.screen)
        text = screen_text(app)
        # 164: the form of 2–4 (очки), neither the one of 1 (очко) nor of 5 (очок).
        assert "На руці: 164 очки разом із марʼяжами (♥100)" in text
        assert "Ваша заявка: 105" in text
        await pilot.press("question_mark")
        assert isinstance(app.screen, HelpScreen)
        assert "Тисяча коротко" in screen_text(app)
        await pilot.press("c")
        assert isinstance(app.screen, ConventionsScreen)
        assert "Класика" in screen_text(app)
