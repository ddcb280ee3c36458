"""The table in a real browser: headless Chromium at `thousand serve` plays a whole deal with
keys and mouse clicks, reloads the page and continues the game at the same decision; another
browser sees none of it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from thousand_tui.store.records import is_locked

from .browser import (
    CHROMIUM,
    DEAL_OVER,
    DECISION,
    Page,
    deal_of,
    play_deal,
    server,
    until,
    why_not,
)

pytestmark = [pytest.mark.slow, pytest.mark.skipif(why_not() is not None, reason=str(why_not()))]

HAND = re.compile(r"Your hand: (.*)")


def decision_of(page: Page) -> tuple[str, str]:
    """The decision the table waits for and the player's cards, as the page shows them."""
    text = page.wait_for(lambda text: DECISION.search(text) is not None, "a decision of yours")
    decision = DECISION.search(text)
    assert decision is not None
    hand = HAND.search(text)
    rows = [line for line in text.splitlines() if "│" in line or "╎" in line or "║" in line]
    return decision.group(1).strip(), hand.group(1).strip() if hand else "\n".join(rows[-6:])


def test_a_whole_deal_then_reload_continues_the_same_decision(tmp_path: Path) -> None:
    from playwright.sync_api import sync_playwright

    flags = ("--preset", "classic", "--ai", "random", "--pace", "0")
    with server(tmp_path, *flags) as url, sync_playwright() as playwright:
        try:
            browser = playwright.chromium.launch(executable_path=str(CHROMIUM))
        except Exception as error:  # a Chromium that cannot start here (libraries, sandbox)
            pytest.skip(f"Chromium does not start here: {str(error).splitlines()[0]}")
        try:
            mine = browser.new_context(viewport={"width": 1000, "height": 700})
            page = Page(mine.new_page())
            page.page.goto(url)
            page.wait_text("Start a new game")
            page.click_text("Start a new game")
            page.wait_for(lambda text: DECISION.search(text) is not None, "the first decision")
            play_deal(page)
            # Every key answered (on a loaded machine, the deal's last Enter may be answered
            # late, and begin the next deal itself), then the next deal's first decision.
            if DEAL_OVER in page.settle():
                page.press("Enter")
            page.wait_for(
                lambda text: DEAL_OVER not in text and DECISION.search(text) is not None,
                "the next deal's decision",
            )
            page.settle()
            deal = deal_of(page)
            assert deal >= 2
            before = decision_of(page)

            page.page.reload()
            page.wait_text("Continue a game")
            assert f"Deal {deal}" not in page.text()
            page.click_text(f"Classic · deal {deal}")  # the saved game, by its table and deal
            page.wait_text(f"Deal {deal}")
            assert decision_of(page) == before

            # The tab closed, the server ends its game: saved, no longer in play.
            mine.close()
            (record,) = (tmp_path / "thousand_tui" / "players").glob("web-*/games/*.jsonl")
            until(lambda: not is_locked(record), "the closed tab's game let go of its record")

            # Another browser (its own cookie) is another player: none of those games.
            other = Page(browser.new_context().new_page())
            other.page.goto(url)
            other.wait_text("Start a new game")
            assert "Continue a game" not in other.text()
        finally:
            browser.close()
    players = sorted(path.name for path in (tmp_path / "thousand_tui" / "players").iterdir())
    assert len(players) == 2 and all(re.fullmatch(r"web-[0-9a-f]{24}", name) for name in players)
    assert record.parent.parent.name in players
