"""The start screen's line mode: a choice among the others, remembered; a game started with
it on leaves the app and is played by lines in the same terminal."""

from __future__ import annotations

import io
import json

import pytest

from tests.helpers.screen import screen_text
from tests.tui.test_start import go_to
from thousand_tui import line
from thousand_tui.line.texts import say
from thousand_tui.priority import Host
from thousand_tui.settings import TableSetup
from thousand_tui.tui import create_app
from thousand_tui.tui.i18n import Translator
from thousand_tui.tui.startup import StartOffer, choices_path


@pytest.mark.parametrize("lang", ["en", "ru"])
async def test_the_line_mode_chosen_on_the_start_screen_plays_the_game_by_lines(
    lang: str, host: Host
) -> None:
    t = Translator(lang)
    app = create_app(TableSetup(pace=0, lang=lang, host=host), start=StartOffer.shipped(lang))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await go_to(pilot, "plain")
        assert t("start_plain_off", command="thousand --plain") in screen_text(app)
        await pilot.press("enter")  # on
        await pilot.pause()
        await go_to(pilot, "start")
        await pilot.press("enter")
        await pilot.pause()
        assert not app.has_game  # no table: the app ends
    assert app.plain_next is not None and app.plain_next.lang == lang
    kept = json.loads(choices_path(host).read_text(encoding="utf-8"))
    assert kept["plain"] is True
    assert line.remembered(host)
    out = io.StringIO()
    assert line.play_chosen(app.plain_next, io.StringIO("hand\nquit\n"), out) == 0
    said = out.getvalue().splitlines()
    assert said[0].startswith(("Thousand, line mode.", "Тысяча, строчный режим."))
    assert said[-1] == say(lang, "line_saved")  # the game was begun and kept
    assert not any("\x1b" in text for text in said)


@pytest.mark.long
async def test_the_line_mode_turned_off_on_the_start_screen_is_remembered_off(host: Host) -> None:
    line.remember(True, host)
    app = create_app(TableSetup(pace=0, host=host), start=StartOffer.shipped())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await go_to(pilot, "plain")
        await pilot.press("enter")  # off
        await pilot.pause()
        await go_to(pilot, "start")
        await pilot.press("enter")
        await pilot.pause()
        assert app.has_game  # the table, as usual
    assert app.plain_next is None
    assert not line.remembered(host)
