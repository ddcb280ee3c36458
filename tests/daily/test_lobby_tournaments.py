"""The club's tournaments from the lobby (`s`, tui/screens/tournaments.py): each one's line and
the standings of the one chosen (the scores after the close only), its keys greyed where they
would do nothing, an open one played at the table over the lobby and the lobby again after its
standings, the review of a closed one over the lobby, in English and Russian at 80x24."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

import pytest
from textual.app import App

from tests.daily.test_tournaments import closed_one, play_all
from tests.helpers.screen import screen_text
from tests.helpers.waiting import until
from tests.tui.helpers import pass_and_play_out, settle
from thousand_tui.settings import LobbySetup, TableSetup
from thousand_tui.store.index import DailyResult, open_index
from thousand_tui.tournament import Tournament, allow_players, find, open_tournament
from thousand_tui.tui.app import create_app
from thousand_tui.tui.screens.daily_board import DailyBoardScreen
from thousand_tui.tui.screens.duplicate import DuplicateScreen
from thousand_tui.tui.screens.lobby import LobbyScreen
from thousand_tui.tui.screens.table import TableScreen
from thousand_tui.tui.screens.tournaments import TournamentsScreen
from thousand_tui.tui.shared.lobby_client import Lobby

WORDS = {
    "en": {
        "offer": "s: the tournaments and their standings",
        "title": "Tournaments",
        "open": "open",
        "closed": "closed",
        "top": "Tournament deal 1 of 1",
        "kept": "Your tournament deal is kept",
    },
    "ru": {
        "offer": "s — турниры и их таблицы мест",
        "title": "Турниры",
        "open": "открыт",
        "closed": "закрыт",
        "top": "Турнирный кон 1 из 1",
        "kept": "Ваш турнирный кон сохранён",
    },
}


def lobby_app(lang: str = "en", who: str | None = None, hosted: bool = False) -> App[Any]:
    table = TableSetup.of(pace=0.0, name="Ann", lang=lang)
    if hosted:
        table = dataclasses.replace(table, host=dataclasses.replace(table.host, hosted=True))
    lobby = Lobby(LobbySetup(table, {"classic": "classic"}, who=who))
    lobby.tables = lambda: ()  # type: ignore[method-assign]
    return create_app(lobby.setup.table, lobby=lobby)


async def the_lobby(pilot: Any, app: App[Any]) -> LobbyScreen:
    lobby = await until(
        pilot, "the lobby", lambda: app.screen if isinstance(app.screen, LobbyScreen) else None
    )
    assert isinstance(lobby, LobbyScreen)
    return lobby


def at_the_table(app: App[Any]) -> bool:
    """The tournament's table shown (in the daily's mode), its dialog over it or not."""
    return app.current_mode == "daily" and any(
        isinstance(screen, TableScreen) for screen in app.screen_stack
    )


async def tournaments_of(pilot: Any, app: App[Any]) -> TournamentsScreen:
    await pilot.press("s")
    screen = await until(
        pilot,
        "the tournaments read",
        lambda: s if isinstance(s := app.screen, TournamentsScreen) and s.found else None,
    )
    assert isinstance(screen, TournamentsScreen)
    await pilot.pause()
    return screen


@pytest.mark.long_variants
@pytest.mark.parametrize("lang", ["en", "ru"])
async def test_s_lists_the_tournaments_and_the_standings_of_the_one_chosen(
    host: Path, lang: str
) -> None:
    words = WORDS[lang]
    autumn = closed_one("Autumn")
    play_all(autumn, "key-b", 7)
    play_all(autumn, "key-c", 8)
    winter = Tournament.of(open_tournament("Winter Cup", "classic", 2, "now", "+2h"))
    with open_index() as index:
        index.add_daily_results([DailyResult(winter.date, "classic", "key-b", 1, 95, 0)])
    app = lobby_app(lang)
    async with app.run_test(size=(80, 24)) as pilot:
        lobby = await the_lobby(pilot, app)
        await until(pilot, "the offer", lambda: words["offer"] in screen_text(app))
        screen = await tournaments_of(pilot, app)
        assert [spec.name for spec, _ in screen.found or ()] == ["Winter Cup", "Autumn"]
        text = screen_text(app)
        assert words["title"] in text and "«Winter Cup»" in text and "«Autumn»" in text
        lines = text.splitlines()
        row = next(line for line in lines if "«Winter Cup»" in line)
        assert f" {words['open']} " in row and row.rstrip(" │").endswith("1")  # one entrant
        assert "95" not in text  # nobody's points before the close
        assert screen.check_action("play", ()) is True
        assert screen.check_action("review", ()) is None  # greyed: not closed
        await pilot.press("down")
        await pilot.pause()
        text = screen_text(app)
        assert screen.check_action("play", ()) is None  # greyed: closed
        assert screen.check_action("review", ()) is True
        row = next(line for line in text.splitlines() if "«Autumn»" in line and "·" not in line)
        assert f" {words['closed']} " in row
        ranking = [line for line in text.splitlines() if "key-b" in line or "key-c" in line]
        assert len(ranking) == 2 and all("/2" in line for line in ranking)
        assert [line.strip("│ ").split()[0] for line in ranking] == ["1", "2"]  # ranked
        assert all(len(line) <= 80 for line in text.splitlines())
        await pilot.press("escape")
        assert await until(pilot, "the lobby again", lambda: app.screen is lobby)


@pytest.mark.long
async def test_an_open_one_is_played_over_the_lobby_which_comes_back_after(
    host: Path, quick_reference: None
) -> None:
    words = WORDS["en"]
    open_tournament("Winter", "classic", 1, "now", "+2h")
    app = lobby_app()
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        lobby = await the_lobby(pilot, app)
        await tournaments_of(pilot, app)
        await pilot.press("enter")
        await until(pilot, "the table", lambda: at_the_table(app))
        await settle(pilot)
        assert words["top"] in screen_text(app)
        # Left in the middle: the lobby again, saying how the deal is taken up.
        await pilot.press("q")
        await pilot.pause()
        await pilot.press("y")
        assert await until(pilot, "the lobby again", lambda: app.screen is lobby)
        # (A notice is posted to the app as the lobby comes back, and kept once the app has
        # read that message: waited for, not read at once.)
        await until(
            pilot,
            "the words on the deal kept",
            lambda: any(words["kept"] in n.message for n in app._notifications),
            shown=lambda: [n.message for n in app._notifications],
        )
        assert app.daily is None and not app.has_game
        # Taken up again, played to its end: the standings, then the lobby once more.
        await tournaments_of(pilot, app)
        await pilot.press("enter")
        await until(pilot, "the table", lambda: at_the_table(app))
        await pass_and_play_out(pilot)
        await pilot.press("enter")
        await until(pilot, "the standings", lambda: isinstance(app.screen, DailyBoardScreen))
        assert "«Winter»" in screen_text(app)
        await pilot.press("q")
        assert await until(pilot, "the lobby after", lambda: app.screen is lobby)
        assert app.daily is None and app.is_running
        with open_index() as index:
            day = Tournament.of(find("Winter"))
            assert [r.deal for r in day.results(index) if r.player == "local"] == [1]
        # Every deal played: said in one line, the lobby as it was.
        await tournaments_of(pilot, app)
        await pilot.press("enter")
        await until(pilot, "said", lambda: any("played the tournament's" in n.message
                                                for n in app._notifications))  # fmt: skip
        assert app.screen is lobby


@pytest.mark.long
async def test_a_closed_ones_review_over_the_lobby(host: Path, quick_reference: None) -> None:
    autumn = closed_one("Autumn")
    app = lobby_app()
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        lobby = await the_lobby(pilot, app)
        await tournaments_of(pilot, app)
        await pilot.press("r")  # nothing of his played: said in one line
        await until(pilot, "said", lambda: any("you played no deal" in n.message
                                                for n in app._notifications))  # fmt: skip
        assert app.screen is lobby
        play_all(autumn, "local", 5)
        play_all(autumn, "key-b", 7)
        await tournaments_of(pilot, app)
        await pilot.press("r")
        review = await until(
            pilot, "the review",
            lambda: app.screen if isinstance(app.screen, DuplicateScreen) else None,
        )  # fmt: skip
        assert isinstance(review, DuplicateScreen) and [r.number for r in review.reviews] == [1, 2]
        await until(pilot, "its title", lambda: "«Autumn»" in screen_text(app))
        await pilot.press("escape")
        assert await until(pilot, "the lobby again", lambda: app.screen is lobby)


async def test_a_hosted_player_is_himself_in_the_lobbys_tournaments(
    host: Path, quick_reference: None
) -> None:
    """In a hosted lobby (the account's folder) a player is known by his own id: he opens a
    tournament only where the host allows it, and his tries are his own folder's."""
    spec = open_tournament("Winter", "classic", 1, "now", "+2h")
    app = lobby_app(who="key-olga", hosted=True)
    async with app.run_test(size=(80, 24)) as pilot:
        lobby = await the_lobby(pilot, app)
        await pilot.pause()
        await until(pilot, "the list read", lambda: lobby.read_once or None)
        assert lobby.opener_id() == "key-olga"
        assert lobby.check_action("tournament", ()) is None  # the host did not allow it
        assert lobby.lobby.player_host().data_dir == host / "players" / "key-olga"
        allow_players(True)
        await until(pilot, "allowed", lambda: lobby.check_action("tournament", ()) is True)
        play_all(Tournament.of(spec), "key-olga", 3)
        screen = await tournaments_of(pilot, app)
        assert screen.you == "key-olga"
        assert "•" in screen_text(app)  # his own row marked


async def test_a_tournaments_name_is_shown_as_written(host: Path) -> None:
    open_tournament("[red]Cup[/] *x*", "classic", 1, "now", "+2h")
    app = lobby_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await the_lobby(pilot, app)
        await tournaments_of(pilot, app)
        text = screen_text(app)
        assert "«[red]Cup[/] *x*»" in text  # in the list and in the line under it
        assert text.count("[red]Cup[/]") == 2
