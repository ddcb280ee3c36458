"""Your hands after a shared game: a setting of the start screen (over SSH too, where each
player's choices are his own), off until the player turns it on, kept with his choices and
sent when he sits at a shared table."""

from __future__ import annotations

import json

import pytest

from tests.helpers.screen import screen_text
from thousand_tui.priority import Host
from thousand_tui.settings import TableSetup
from thousand_tui.tui import create_app
from thousand_tui.tui.shared.connection import hands_allowed
from thousand_tui.tui.startup import StartOffer, choices_path

from .helpers import settle
from .test_start import go_to

WORDS = {
    "en": ("Your hands", "never shown to others", "open to all after a shared game, if all agree"),
    "ru": ("Ваши карты", "другим не показываются", "открыты всем после общей партии"),
}


@pytest.mark.long_variants
@pytest.mark.parametrize("lang", ["en", "ru"])
async def test_your_hands_are_kept_to_yourself_until_you_turn_it_on(lang: str, host: Host) -> None:
    label, off, on = WORDS[lang]
    assert not hands_allowed(host)
    app = create_app(TableSetup(pace=0, lang=lang, host=host), start=StartOffer.shipped(lang))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await go_to(pilot, "open-hands")  # among how the table plays, below the fold
        text = screen_text(app)
        assert label in text and off in text
        await pilot.press("right")
        assert on in screen_text(app)
        await go_to(pilot, "start")
        await pilot.press("enter")
        await settle(pilot)
    kept = json.loads(choices_path(host).read_text(encoding="utf-8"))
    assert kept["open_hands"] is True
    assert hands_allowed(host)  # what his next shared table is told
