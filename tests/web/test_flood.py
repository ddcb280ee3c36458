"""`thousand serve` with the usual 1,024 descriptors while a stranger holds 1,500 idle
connections to it (a third of them sending half a request, a line a second): a real browser
still opens the page, starts a game and plays a deal, and a refusal is shown in the page's
dialog. Before the guard of connections, about 1,100 such connections ended the server."""

from __future__ import annotations

import resource
import threading
from pathlib import Path

import pytest

from .browser import CHROMIUM, DECISION, Crowd, Page, play_deal, serving, until, why_not

pytestmark = [pytest.mark.slow, pytest.mark.skipif(why_not() is not None, reason=str(why_not()))]

IDLE = 1500
LIMIT = 1024  # the usual soft limit, made the hard one too: the server cannot raise it


def test_a_browser_game_starts_and_plays_while_1500_idle_connections_are_held(
    tmp_path: Path,
) -> None:
    from playwright.sync_api import sync_playwright

    hard = resource.getrlimit(resource.RLIMIT_NOFILE)[1]
    if hard != resource.RLIM_INFINITY and hard < IDLE + 600:
        pytest.skip(f"this process may open {hard} descriptors, too few to hold {IDLE}")
    flags = ("--preset", "classic", "--ai", "random", "--pace", "0", "--per-player", "1")
    with (
        serving(tmp_path, *flags, limit=LIMIT) as served,
        Crowd(served.port, IDLE, seconds=300) as crowd,
        sync_playwright() as playwright,
    ):
        # The cap bites: the server closes what it cannot hold, and the crowd opens it again.
        until(lambda: crowd.closed_by_server > IDLE, "the server closing connections at its cap")
        most = [0]
        watching = threading.Event()

        def watch() -> None:
            while not watching.wait(0.5):
                most[0] = max(most[0], len(served.descriptors()))

        watcher = threading.Thread(target=watch, daemon=True)
        watcher.start()
        try:
            browser = playwright.chromium.launch(executable_path=str(CHROMIUM))
        except Exception as error:  # a Chromium that cannot start here (libraries, sandbox)
            pytest.skip(f"Chromium does not start here: {str(error).splitlines()[0]}")
        try:
            context = browser.new_context(viewport={"width": 1000, "height": 700})
            page = Page(context.new_page())
            page.page.goto(served.url)
            page.wait_text("Start a new game", seconds=60)
            page.click_text("Start a new game")
            page.wait_for(lambda text: DECISION.search(text) is not None, "the first decision")
            assert play_deal(page) == 1  # the first deal, played to its end
            assert crowd.steady == IDLE and crowd.error is None  # held all the while

            # A second tab of the same browser, over --per-player 1: refused at once, and the
            # page's dialog says why.
            other = context.new_page()
            other.goto(served.url)
            dialog = other.locator(".closed-dialog")
            dialog.wait_for(state="visible", timeout=30_000)
            assert "This browser already plays as many games" in dialog.inner_text()
            assert "Reload the page" in dialog.inner_text()
        finally:
            browser.close()
            watching.set()
            watcher.join(5)
        assert served.process.poll() is None  # the server never went down
        assert crowd.opened > 2 * IDLE
    log = served.log.read_text()
    assert "no descriptor for a new connection" not in log  # the cap left room enough
    assert "Traceback" not in log
    assert 0 < most[0] < LIMIT
