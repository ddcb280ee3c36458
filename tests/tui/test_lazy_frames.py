"""The tests' headless apps draw their screen when a test reads it (tests/helpers/
lazy_frames.py): what is read is the screen as it is, and a refresh alone draws nothing."""

from __future__ import annotations

import os

import pytest
from textual.app import App, ComposeResult
from textual.widgets import Static

from tests.helpers import lazy_frames
from tests.helpers.screen import screen_text

every_frame = pytest.mark.skipif(
    bool(os.environ.get(lazy_frames.EVERY_FRAME_ENV)), reason="every frame drawn, as asked"
)


class Counted(Static):
    DEFAULT_CSS = "Counted { width: 30; height: 1; }"  # no render to measure it
    drawn = 0

    def render(self) -> str:
        Counted.drawn += 1
        return str(self.content)


class One(App[None]):
    def compose(self) -> ComposeResult:
        yield Counted("first words", id="words")


@every_frame
def test_installed_for_this_textual() -> None:
    assert lazy_frames.install()


@every_frame
async def test_a_refresh_draws_nothing_and_a_read_draws_the_screen_as_it_is() -> None:
    assert lazy_frames.install()
    app = One()
    async with app.run_test(size=(40, 5)) as pilot:
        await pilot.pause()
        assert "first words" in screen_text(app)
        words = app.query_one("#words", Counted)
        drawn = Counted.drawn
        words.update("second words")
        await pilot.pause()
        await pilot.pause()
        assert Counted.drawn == drawn  # laid out, not drawn
        assert "second words" in screen_text(app)
        assert Counted.drawn > drawn
