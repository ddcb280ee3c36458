"""Opening a tournament from the lobby (`t`, Pilot at 80x24, English and Russian): the dialog
checks what `thousand tournaments open` checks, says a refusal in one line inside it and
writes nothing; the host opens one, a hosted player only where the host allows it."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import Input, Static

from tests.helpers import waiting
from tests.helpers.screen import screen_text
from tests.tui.helpers import keys_at_once
from thousand_tui.priority import Host
from thousand_tui.settings import LobbySetup, TableSetup
from thousand_tui.tournament import allow_players, specs
from thousand_tui.tui import create_app
from thousand_tui.tui.screens.lobby import LobbyScreen
from thousand_tui.tui.screens.tournament_open import TournamentOpenScreen
from thousand_tui.tui.shared.lobby_client import Lobby

from .helpers import WAIT

PAST = {
    "en": "the closing time 2020-01-01 00:00 UTC is in the past; give a later one",
    "ru": "время закрытия 2020-01-01 00:00 UTC уже прошло",
}
NO_PRESET = {"en": "the preset cannot be loaded", "ru": "пресет не загружается"}
NO_DEALS = {
    "en": "the deals must be 1 to 40, not 41",
    "ru": "раздач должно быть от 1 до 40, а не 41",
}


def lobby_app(lang: str, host: Host | None = None) -> Any:
    table = TableSetup.of(lang=lang, pace=0.0, name="Bob")
    if host is not None:
        table = replace(table, host=host)
    lobby = Lobby(LobbySetup(table, {"classic": "classic", "two-player": "two-player"}))
    return create_app(lobby.setup.table, lobby=lobby)


async def until(pilot: Pilot[Any], what: str, done: Any) -> None:
    await waiting.until(pilot, what, done, timeout=WAIT, shown=lambda: screen_text(pilot.app))


async def open_dialog(pilot: Pilot[Any]) -> LobbyScreen:
    """The lobby shown, `t` pressed once it is offered, and the dialog up; the lobby."""
    app = pilot.app
    await until(pilot, "the lobby", lambda: isinstance(app.screen, LobbyScreen))
    lobby = app.screen
    assert isinstance(lobby, LobbyScreen)
    await until(pilot, "t offered", lambda: lobby.check_action("tournament", ()) is True)
    await pilot.press("t")
    await until(pilot, "the dialog", lambda: isinstance(app.screen, TournamentOpenScreen))
    return lobby


def refusal(app: Any) -> str:
    """The dialog's line of refusal, as shown (its first words on the screen too)."""
    said = str(app.screen.query_one("#tour-error", Static).content)
    assert said[:30] in screen_text(app)
    return said


async def fill(pilot: Pilot[Any], **values: str) -> None:
    dialog = pilot.app.screen
    assert isinstance(dialog, TournamentOpenScreen)
    for name, value in values.items():
        dialog.query_one(f"#tour-{name}", Input).value = value
    dialog.query_one("#tour-closes", Input).focus()
    await pilot.press("enter")
    await pilot.pause()


@pytest.mark.long
@pytest.mark.parametrize("lang", ["en", "ru"])
async def test_the_host_opens_a_tournament_from_the_lobby(base: Path, lang: str) -> None:
    app = lobby_app(lang)
    async with app.run_test(size=(80, 24)) as pilot:
        lobby = await open_dialog(pilot)
        dialog = app.screen
        await pilot.press(*"[b]Cup[/b]")  # a name is text, never markup
        for _ in range(4):  # Enter goes down the fields
            await pilot.press("enter")
        assert app.screen is dialog and dialog.focused is dialog.query_one("#tour-closes")
        await fill(pilot, closes="2020-01-01 00:00")
        assert app.screen is dialog and PAST[lang] in refusal(app)
        await fill(pilot, preset="no-such-preset", closes="+2h")
        assert app.screen is dialog and NO_PRESET[lang] in refusal(app)
        await fill(pilot, preset="classic", deals="41")
        assert app.screen is dialog and refusal(app) == NO_DEALS[lang]
        await fill(pilot, deals="x")
        assert "not x" in refusal(app) or "не x" in refusal(app)
        assert specs(base) == []  # nothing written by a refusal
        await fill(pilot, preset="classic", deals="3")
        await until(pilot, "back in the lobby", lambda: app.screen is lobby)
        (spec,) = specs(base)
        chosen = (spec.name, spec.preset, spec.deals, spec.by)
        assert chosen == ("[b]Cup[/b]", "classic", 3, "local")
        await until(pilot, "its line", lambda: "[b]Cup[/b]" in screen_text(app))


@pytest.mark.long
async def test_a_hosted_player_opens_one_only_where_the_host_allows(base: Path) -> None:
    folder = base / "players" / "key-olga"
    host = Host(hosted=True, data=folder, club=base)
    app = lobby_app("en", host)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, "the lobby", lambda: isinstance(app.screen, LobbyScreen))
        lobby = app.screen
        await until(pilot, "read once", lambda: lobby.read_once)
        assert lobby.check_action("tournament", ()) is None  # greyed: the host only
        await pilot.press("t")
        assert app.screen is lobby
        allow_players(True, base)
        await until(pilot, "t offered", lambda: lobby.check_action("tournament", ()) is True)
        await pilot.press("t")
        await until(pilot, "the dialog", lambda: isinstance(app.screen, TournamentOpenScreen))
        # A hosted player names a preset of the host's offer, never a file of the server.
        await fill(pilot, name="Olga's", preset="/etc/passwd")
        offered = "/etc/passwd is not offered here; choose one of classic, two-player"
        assert refusal(app) == offered
        await fill(pilot, preset="two-player")
        await until(pilot, "back in the lobby", lambda: app.screen is lobby)
    (spec,) = specs(base)
    assert (spec.name, spec.preset, spec.by) == ("Olga's", "two-player", "key-olga")


async def test_a_name_typed_fast_with_its_enters_is_opened_whole(base: Path) -> None:
    """Keys typed faster than the dialog takes them (a burst, a paste): Enter goes down the
    fields at once, but the letters typed before it are the name's, all of them."""
    app = lobby_app("en")
    async with app.run_test(size=(80, 24)) as pilot:
        lobby = await open_dialog(pilot)
        keys_at_once(app, *"Winter", *["enter"] * 5)  # Enter down to the last field
        await until(pilot, "back in the lobby", lambda: app.screen is lobby)
        (spec,) = specs(base)
        assert (spec.name, spec.preset, spec.deals) == ("Winter", "classic", 12)
