"""The mouse as well as the keys: a click chooses a card and the next click plays it; the
dialogs' options and the footer's keys are clicked too."""

from __future__ import annotations

import pytest
from textual.pilot import Pilot

from tests.helpers.screen import screen_text
from thousand_tui.engine.cards import parse_card
from thousand_tui.priority import Host
from thousand_tui.settings import TableSetup
from thousand_tui.tui import create_app
from thousand_tui.tui.app import ThousandApp
from thousand_tui.tui.screens.auction import AuctionScreen
from thousand_tui.tui.screens.exchange import ExchangeScreen
from thousand_tui.tui.screens.info import SheetScreen
from thousand_tui.tui.screens.table import TableScreen
from thousand_tui.tui.widgets.choices import ChoiceList
from thousand_tui.tui.widgets.hand import Hand

from .apps import strong_app
from .helpers import settle

SIZE = (80, 24)


def card_offset(app: ThousandApp, hand: Hand, code: str) -> tuple[int, int]:
    """Where the card `code` is seen in the hand, relative to the widget: found on the
    screen, in the line of the cards' faces."""
    face = code.replace("T", "10").replace("S", "♠").replace("C", "♣")
    face = face.replace("D", "♦").replace("H", "♥")
    region = hand.content_region
    line = screen_text(app).splitlines()[region.y + 1]
    column = line.index(face, region.x)
    assert column < region.right, (code, line)
    return column - hand.region.x, region.y + 1 - hand.region.y


async def click_card(pilot: Pilot[int], hand: Hand, code: str) -> None:
    app = pilot.app
    assert isinstance(app, ThousandApp)
    await pilot.click(hand, offset=card_offset(app, hand, code))
    await pilot.pause()


async def play_by_clicks(pilot: Pilot[int], hand: Hand, code: str) -> None:
    """A click to choose the card (unless the cursor is on it already), one to play it."""
    if hand.card is None or hand.card.code != code:
        await click_card(pilot, hand, code)
        assert hand.card is not None and hand.card.code == code
    await click_card(pilot, hand, code)


async def click_option(pilot: Pilot[int], option_id: str) -> None:
    listed = pilot.app.screen.query_one(ChoiceList)
    row = [choice.id for choice in listed.choices].index(option_id)
    await pilot.click(listed, offset=(4, row))


async def to_my_lead(pilot: Pilot[int]) -> None:
    """Win the auction at 105 and give two cards, all with the mouse; then play 105."""
    app = pilot.app
    assert isinstance(app, ThousandApp)
    await settle(pilot)
    assert isinstance(app.screen, AuctionScreen)
    listed = app.screen.query_one(ChoiceList)
    await click_option(pilot, listed.choices[1].id)  # bid 105
    await settle(pilot)
    assert app.session.game.deal.declarer == 0
    assert isinstance(app.screen, ExchangeScreen)
    for code in ("KS", "QC"):
        await play_by_clicks(pilot, app.screen.query_one(Hand), code)
    await pilot.press("enter")
    await settle(pilot)
    await pilot.press("1")  # play 105
    await settle(pilot)
    assert isinstance(app.screen, TableScreen)


@pytest.mark.long
async def test_a_click_chooses_a_card_and_the_next_click_plays_it(host: Host) -> None:
    app = strong_app(host=host)
    async with app.run_test(size=SIZE) as pilot:
        await to_my_lead(pilot)
        deal = app.session.game.deal
        assert parse_card("KS") in deal.hands[1] and parse_card("QC") in deal.hands[2]
        hand = app.screen.query_one(Hand)
        assert hand.card == parse_card("AS")  # the cursor starts on the first card
        await click_card(pilot, hand, "AC")
        assert hand.card == parse_card("AC")
        assert len(app.session.game.view(0).hand or ()) == 8  # nothing played yet
        await click_card(pilot, hand, "AC")
        await settle(pilot)
        assert parse_card("AC") not in (app.session.game.view(0).hand or ())
        assert app.session.game.deal.tricks or app.session.game.deal.trick


@pytest.mark.long
async def test_a_card_that_may_not_be_played_says_why(host: Host) -> None:
    app = create_app(TableSetup.of(seed=3, pace=0, host=host))
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(40):
            await settle(pilot)
            if app.screen is not app.table:
                await pilot.press("1")  # pass, or the first option of any other decision
                continue
            view = app.session.game.view(0)
            hand = app.screen.query_one(Hand)
            legal = {a.card for a in view.legal if a.card is not None}
            refused = [card for card in hand.cards if card not in legal]
            if refused:
                await play_by_clicks(pilot, hand, refused[0].code)
                assert refused[0] in (app.session.game.view(0).hand or ())
                assert "must" in app.notices[-1]
                return
            card = next(card for card in hand.cards if card in legal)
            await play_by_clicks(pilot, hand, card.code)
        raise AssertionError("no card was ever refused")


async def test_a_footer_key_is_clicked(host: Host) -> None:
    app = strong_app(host=host)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("escape")  # the auction put away: the table's footer
        await pilot.pause()
        sheet = next(
            key
            for key in app.screen.query("FooterKey")
            if getattr(key, "action", "") == "app.sheet"
        )
        await pilot.click(sheet)
        await pilot.pause()
        assert isinstance(app.screen, SheetScreen)
        assert "Score sheet" in screen_text(app)
