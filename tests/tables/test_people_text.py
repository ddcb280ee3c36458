"""People's text at a shared table, through a real table service: names and a table's title of
markup (what the service lets through: printable text), and chat of markup, escape sequences
and bidi characters (what the service cleans), on the lobby, the waiting room and the table.
Each is shown as written, and nothing of the corpus reaches the terminal."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from textual.pilot import Pilot

from tests.helpers.hostile import assert_nothing_unsafe, assert_shown
from tests.helpers.screen import screen_text
from thousand_tui.presets import load_preset
from thousand_tui.priority import Host
from thousand_tui.settings import LobbySetup, TableSetup
from thousand_tui.tables.client import open_table
from thousand_tui.tables.mirror import SeatMirror
from thousand_tui.tables.wire import ChatLine, TableOptions
from thousand_tui.tui import create_app
from thousand_tui.tui.screens.lobby import LobbyScreen
from thousand_tui.tui.shared import WaitingScreen, join_shared
from thousand_tui.tui.shared.lobby_client import Lobby

from .helpers import Seat, at_table, joined, pump

ANN = "[/x]"  # the names are 16 characters at most, as the service wants them
BOB = "[PL] Bartek"
CAT = "[@click=quit]Cat"
TITLE = "[link=https://x]Ours[/link] [b]"
CHAT = "[b]hi[/b] \x1b]0;pwned\x07\x1b]52;c;aGk=\x07 Zoë \u202eabc [@click=app.quit]x"
CHAT_SHOWN = "[b]hi[/b] Zoë abc [@click=app.quit]x"  # the escapes and the override cleaned away


def own_preset(folder: Path) -> Path:
    """A preset file of one's own, its title of markup: the lobby shows the title its opener
    gave, not one of the shipped presets' (printable text: it passes the preset's check)."""
    path = folder / "ours.yaml"
    path.write_text(f'extends: classic\ntitle: "{TITLE}"\n', encoding="utf-8")
    return path


def ann_opens(base: Path) -> Seat:
    options = TableOptions.of(load_preset(str(own_preset(base))))
    client, welcome = open_table(replace(options, name=ANN, pace=0.0), base=base)
    ann = Seat(client, SeatMirror(welcome), base=base)
    ann.hold = True
    return ann


def check(pilot: Pilot[object], *texts: str) -> None:
    app = pilot.app
    assert app.is_running
    screen = screen_text(app)
    for text in texts:
        assert_shown(screen, text)
    assert_nothing_unsafe(app)


@pytest.mark.long
async def test_the_lobby_shows_a_table_titled_in_markup_as_written(base: Path) -> None:
    ann = ann_opens(base)
    here = Host(data=base)
    lobby = Lobby(
        LobbySetup(TableSetup.of(pace=0.0, name="Bob", host=here), {"classic": "classic"})
    )
    app = create_app(lobby.setup.table, lobby=lobby)
    async with app.run_test(size=(120, 40)) as pilot:
        await pump(pilot, [ann], lambda: TITLE[:20] in screen_text(app))
        assert isinstance(app.screen, LobbyScreen)
        check(pilot, TITLE, ann.mirror.code)
    ann.close()


@pytest.mark.long
async def test_a_shared_table_shows_names_and_chat_as_written(base: Path) -> None:
    """`name '[/x]'` over SSH ended every screen at its table when the game began."""
    ann = ann_opens(base)
    code = ann.mirror.code
    shared = join_shared(code, name=BOB, base=base)
    app = create_app(TableSetup.of(lang="en", pace=0.0), seat=shared)
    async with app.run_test(size=(100, 32)) as pilot:
        await pump(pilot, [ann], lambda: isinstance(app.screen, WaitingScreen))
        check(pilot, ANN, f"{BOB} (you)")
        ann.client.chat(CHAT)
        await pump(pilot, [ann], lambda: "Zoë abc" in screen_text(app))
        check(pilot, f"{ANN}: {CHAT_SHOWN}")
        assert ChatLine(0, ANN, CHAT_SHOWN) in shared.heard  # cleaned by the service
        cat = joined(base, code, CAT)
        cat.hold = True
        await pump(pilot, [ann, cat], lambda: at_table(app))
        await pump(pilot, [ann, cat], lambda: app.table.controller.turn > 0)
        if app.screen is not app.table:
            await pilot.press("escape")  # the dialog of Bob's first decision put away
        await pump(pilot, [ann, cat], lambda: app.screen is app.table)
        check(pilot, ANN, CAT, BOB, CHAT_SHOWN, TITLE)
        cat.client.chat(CHAT)
        await pump(pilot, [ann, cat], lambda: f"{CAT}: [b]hi" in screen_text(app))
        check(pilot, f"{CAT}: {CHAT_SHOWN}")
        cat.close()
    ann.close()
