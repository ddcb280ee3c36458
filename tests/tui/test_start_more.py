"""The start screen and the flags together: the name chosen there is the one a game started by
flags is played under; the screen fits 80×24 with many saved games; the saved games name the
opponents' levels; the pace and the motion are chosen there too."""

from __future__ import annotations

from pathlib import Path

import pytest

from thousand_tui.cli import build_parser
from thousand_tui.tui import create_app, table_setup
from thousand_tui.tui.screens.start import NameScreen

from .helpers import screen_text, settle
from .test_start import go_to, start_app


def flags(*argv: str) -> object:
    return build_parser("play").parse_args(["play", *argv])


@pytest.mark.parametrize("lang", ["en", "ru"])
async def test_the_name_chosen_on_the_start_screen_plays_a_game_started_by_flags(
    lang: str,
) -> None:
    app = start_app(lang=lang)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await go_to(pilot, "name")
        await pilot.press("enter")
        assert isinstance(app.screen, NameScreen)
        app.screen.query_one("#name-input").value = "Olga"  # type: ignore[attr-defined]
        await pilot.press("enter")
        await pilot.press("q")
    setup, offer = table_setup(flags("--seed", "3", "--lang", lang))  # type: ignore[arg-type]
    assert offer is None and setup.name == "Olga"
    game = create_app(setup)
    async with game.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert game.session.game.names[0] == "Olga"
        assert "Olga" in screen_text(game)
    # --name wins over the name remembered.
    setup, _ = table_setup(flags("--seed", "3", "--name", "Petr"))  # type: ignore[arg-type]
    assert setup.name == "Petr"


def test_without_a_name_chosen_the_default_name_stays(table_env: Path) -> None:
    setup, _ = table_setup(flags("--seed", "3"))  # type: ignore[arg-type]
    assert setup.name is None
