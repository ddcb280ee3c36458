"""At a table shown in a web browser (`thousand serve`), what the player is told to do names
the page, never a command to type."""

from __future__ import annotations

from dataclasses import replace

import pytest

from tests.helpers.screen import screen_text
from thousand_tui.priority import Host
from thousand_tui.tui.screens.end import ConfirmQuitScreen

from .apps import strong_app
from .helpers import settle

SIZES = [(80, 24), (120, 40)]


def in_browser(host: Host) -> Host:
    """What `thousand serve` makes of its games: hosted, shown in a browser."""
    return replace(host, hosted=True, browser=True)


@pytest.mark.long_variants
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize(
    ("lang", "words"),
    [("en", "reload the page"), ("ru", "обновите страницу")],
)
async def test_the_quit_question_in_a_browser_says_reload_the_page(
    size: tuple[int, int], lang: str, words: str, host: Host
) -> None:
    app = strong_app(lang, host=in_browser(host))
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        await pilot.press("escape")  # put the auction away
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmQuitScreen)
        text = " ".join(screen_text(app).split())
        assert words in text
        assert "--resume" not in text and "ssh" not in text
