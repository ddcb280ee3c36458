"""The table in a browser, as a PNG: `thousand serve` on 127.0.0.1, headless Chromium (Debian's
`chromium`, driven by Playwright), a new game started with the mouse, the auction on screen.

    python screenshots/make_web_screenshot.py        # writes screenshots/web.png
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.web.browser import CHROMIUM, Page, server, why_not  # noqa: E402


def main() -> int:
    problem = why_not()
    if problem is not None:
        print(problem, file=sys.stderr)
        return 1
    from playwright.sync_api import sync_playwright

    with (
        tempfile.TemporaryDirectory() as scratch,
        server(Path(scratch), "--preset", "classic", "--ai", "normal") as url,
        sync_playwright() as playwright,
    ):
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM))
        page = Page(browser.new_page(viewport={"width": 1100, "height": 720}))
        page.page.goto(url)
        page.wait_text("Start a new game")
        page.click_text("Start a new game")
        page.wait_for(lambda text: "Your " in text and "Score sheet" in text, "the table")
        page.wait(1500)
        page.page.screenshot(path=str(ROOT / "screenshots" / "web.png"))
        browser.close()
    print("screenshots/web.png")
    return 0


if __name__ == "__main__":
    sys.exit(main())
