"""Looking back: the log scrolled by keys, the talon shown and the last trick on a key."""

from __future__ import annotations

import pytest

from tests.helpers.pairs import each_language_and_size
from tests.helpers.screen import screen_text
from thousand_tui.priority import Host
from thousand_tui.settings import TableSetup
from thousand_tui.tui import create_app
from thousand_tui.tui.render import Palette
from thousand_tui.tui.screens.info import HelpScreen
from thousand_tui.tui.screens.lookback import LookBackScreen, look_back_lines
from thousand_tui.tui.screens.table import TableScreen
from thousand_tui.tui.widgets.log import GameLog

from .helpers import STRONG, settle
from .snapshots.test_snapshots import to_play

SIZES = [(80, 24), (120, 40)]
LANGS = ["en", "ru"]


@pytest.mark.long
@pytest.mark.parametrize(("lang", "size"), each_language_and_size(LANGS, SIZES))
async def test_the_talon_and_the_last_trick_on_a_key(
    size: tuple[int, int], lang: str, host: Host
) -> None:
    app = create_app(
        TableSetup.of(seed=11, pace=0, deals={1: STRONG}, save=False, lang=lang, host=host)
    )
    async with app.run_test(size=size) as pilot:
        await to_play(pilot)
        assert isinstance(app.screen, TableScreen)
        view = app.session.game.view(0)
        assert view.talon_shown and view.tricks
        await pilot.press("v")
        await pilot.pause()
        assert isinstance(app.screen, LookBackScreen)
        text = screen_text(app)
        p = app.palette
        talon = " ".join(p.card_label(c) for c in view.talon or ())
        assert talon and talon in text, text
        last = view.tricks[-1]
        for seat, card in last.plays:
            assert f"{view.names[seat]} {p.card_label(card)}" in text, text
        assert app.t("look_title") in text
        await pilot.press("v")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)


@pytest.mark.parametrize("lang", LANGS)
def test_a_talon_not_shown_is_listed_for_its_declarer_alone(lang: str) -> None:
    """The declarer looks back at the talon he took unshown, marked as his alone; a defender's
    view of the same deal holds no talon, and none is listed."""
    from thousand_tui.engine.game import Game
    from thousand_tui.presets import load_preset
    from thousand_tui.tui.i18n import Translator

    game = Game(load_preset("classic").rules, seed=11, deals={1: STRONG})
    t, p = Translator(lang), Palette(lang=lang)
    talon = STRONG.talons[0]
    mine = game.view(0)._replace(talon=talon, talon_shown=False, declarer=0)
    lines = " ".join(line.plain for line in look_back_lines(mine, t, p))
    assert " ".join(p.card_label(card) for card in talon) in lines
    assert t("look_talon_yours") in lines
    theirs = game.view(1)._replace(talon=None, talon_shown=False, declarer=0)
    lines = " ".join(line.plain for line in look_back_lines(theirs, t, p))
    assert t("look_talon_hidden") in lines
    for card in talon:
        assert p.card_label(card) not in lines


@pytest.mark.long
@pytest.mark.parametrize(("lang", "size"), each_language_and_size(LANGS, SIZES))
@pytest.mark.parametrize(
    "keys", [("pageup", "pagedown"), ("left_square_bracket", "right_square_bracket")]
)
async def test_the_log_scrolls_back_and_forward_by_keys(
    size: tuple[int, int], lang: str, keys: tuple[str, str], host: Host
) -> None:
    app = create_app(
        TableSetup.of(seed=11, pace=0, deals={1: STRONG}, save=False, lang=lang, host=host)
    )
    async with app.run_test(size=size) as pilot:
        await to_play(pilot)
        log = app.table.query_one(GameLog)
        for number in range(30):
            app.table.say(f"Line {number}.")
        await pilot.pause()
        bottom = log.max_scroll_y
        assert log.scroll_y == bottom > 0
        back, forward = keys
        await pilot.press(back)
        await pilot.pause()
        assert log.scroll_y < bottom
        shown = log.scroll_y
        app.table.say("A new line.")  # read back: the log stays where the player is
        await pilot.pause()
        assert log.scroll_y == shown
        for _ in range(10):
            await pilot.press(forward)
        await pilot.pause()
        assert log.scroll_y == log.max_scroll_y
        app.table.say("And another.")  # at the bottom again: it follows
        await pilot.pause()
        assert log.scroll_y == log.max_scroll_y
        rows = screen_text(app).splitlines()
        assert any("And another." in row for row in rows)


@pytest.mark.long_variants
@pytest.mark.parametrize("lang", LANGS)
async def test_the_help_lists_the_keys_to_look_back(lang: str, host: Host) -> None:
    app = create_app(
        TableSetup.of(seed=11, pace=0, deals={1: STRONG}, save=False, lang=lang, host=host)
    )
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await pilot.press("escape")
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        text = screen_text(app)
        assert "PgUp PgDn [ ]" in text
        word = {"en": "the talon you saw", "ru": "прикуп, который вы видели"}[lang]
        assert word in text
