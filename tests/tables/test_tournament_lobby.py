"""The lobby's line on the club's tournaments (Pilot, 80x24, English and Russian): the one open
now and the command that plays it, then, once it is closed, its winner."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from tests.helpers import waiting
from tests.helpers.screen import screen_text
from thousand_tui.settings import LobbySetup, TableSetup
from thousand_tui.store.index import DailyResult, open_index
from thousand_tui.tournament import SPEC_NAME, Tournament, open_tournament, tournaments_dir
from thousand_tui.tui import create_app
from thousand_tui.tui.screens.lobby import LobbyScreen
from thousand_tui.tui.shared.lobby_client import Lobby

from .helpers import WAIT

WORDS = {
    "en": ("Tournament «Cup» · Classic · 3 deals · open until", "Tournament «Cup» won by Ewa"),
    "ru": ("Турнир «Cup» · Классика · 3 кона · открыт до", "Турнир «Cup» выиграл(а) Ewa"),
}


@pytest.mark.parametrize("lang", ["en", "ru"])
async def test_the_lobby_shows_the_tournament_open_then_its_winner(base: Path, lang: str) -> None:
    spec = open_tournament("Cup", "classic", 3, "now", "+2h")
    setup = LobbySetup(TableSetup.of(lang=lang, pace=0.0, name="Bob"), {"classic": "classic"})
    lobby = Lobby(setup)
    app = create_app(lobby.setup.table, lobby=lobby)
    now_open, won = WORDS[lang]
    async with app.run_test(size=(80, 24)) as pilot:
        # (the command may wrap at 80 columns, after the closing time)
        said = lambda: " ".join(screen_text(app).split())  # noqa: E731
        await waiting.until(
            pilot,
            "the open tournament and the command that plays it",
            lambda: now_open in said() and "tournaments play Cup" in said(),
            timeout=WAIT,
            shown=lambda: screen_text(app),
        )
        assert isinstance(app.screen, LobbyScreen)
        # It closes, with two entrants' results: the lobby says its winner at its next reading.
        with open_index() as index:
            key = Tournament.of(spec).date
            index.add_daily_results(
                [
                    DailyResult(key, "classic", "key-ewa", 1, 120, 0),
                    DailyResult(key, "classic", "key-olek", 1, -60, 0),
                ]
            )
            index._db.execute("INSERT INTO players VALUES ('key-ewa', 'Ewa', '/nowhere')")
        closed = replace(spec, closes=datetime.now(UTC) - timedelta(minutes=1))
        (tournaments_dir() / spec.folder_name / SPEC_NAME).write_text(closed.to_json())
        await waiting.until(
            pilot, "the winner", lambda: f"{won} (+90" in screen_text(app), timeout=WAIT
        )
