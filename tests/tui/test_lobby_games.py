"""The lobby's list of the club's games lately finished (`g`), stepped through with `v`
(tui/club_games.py, tui/screens/lobby.py), seen as its looker may see it."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any

import pytest
from textual.app import App

from tests.helpers.scheduler import small_analysis_budgets
from tests.helpers.screen import screen_text
from tests.helpers.waiting import until
from thousand_tui.ai.easy import EasyPlayer
from thousand_tui.engine.game import Game, PlayerInfo
from thousand_tui.engine.rules import Rules
from thousand_tui.presets import load_preset
from thousand_tui.priority import Host
from thousand_tui.settings import LobbySetup, TableSetup
from thousand_tui.store.catalog import games_dir
from thousand_tui.store.seal import record_key, sealed
from thousand_tui.tui.app import create_app
from thousand_tui.tui.screens.lobby import LobbyScreen
from thousand_tui.tui.screens.viewer import ViewerScreen
from thousand_tui.tui.shared.lobby_client import Lobby

PEOPLE = ["key:ann", None, "key:vera"]


@pytest.fixture(autouse=True)
def quick_analysis(monkeypatch: pytest.MonkeyPatch) -> None:
    """The viewer's analysis of a deal (a thread of its own, which the test's end waits for)
    searched on small budgets: these tests look at what is shown, not at the search."""
    small_analysis_budgets(monkeypatch)


def short_rules() -> Rules:
    """The classic conventions played to 50: a game of a deal or two."""
    raw = dict(load_preset("classic").rules.to_dict())
    raw["target"] = 50
    raw["barrel"] = {**raw["barrel"], "enabled": False}
    return Rules.from_mapping(raw, source="test rules")


def shared_record(
    name: str,
    names: tuple[str, str, str] = ("Ann", "Boris", "Vera"),
    *,
    open_hands: list[bool | None] | None = None,
    finished: bool = True,
    people: int = 2,
    seed: int = 5,
    host: Host,
) -> Path:
    """A game of a shared table of this host (seats 0 and 2 people, sealed with its secret
    as the table service seals one), to its end or stopped in its first deal."""
    lines: list[dict[str, Any]] = []
    kinds = ["human", "ai", "human" if people > 1 else "ai"]
    players = [
        PlayerInfo(n, k) if k == "human" else PlayerInfo(n, k, "easy")
        for n, k in zip(names, kinds, strict=True)
    ]
    game = Game(short_rules(), seed, players, sink=lines.append)
    ai = [EasyPlayer(seed + seat) for seat in range(3)]
    moves = 0
    while not game.over and (finished or moves < 5):
        seat = game.to_move
        assert seat is not None
        game.apply(ai[seat].decide(game.view(seat)))
        moves += 1
    header = {**lines[0]}
    if people > 1:
        header["people"] = PEOPLE
        header["open_hands"] = open_hands or [False, None, False]
    base = games_dir(host.data_dir).parent
    key = record_key(base, make=True)
    assert key is not None
    lines[0] = sealed(header, key)
    path = games_dir(host.data_dir) / f"2026-01-01T0000{name}-classic.jsonl"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    return path


def lobby_app(
    who: str | None = None, hosted: bool = False, *, host: Host
) -> tuple[Lobby, App[Any]]:
    table = TableSetup.of(pace=0.0, name="Ann", host=host)
    if hosted:
        table = dataclasses.replace(table, host=dataclasses.replace(host, hosted=True))
    lobby = Lobby(LobbySetup(table, {"classic": "classic"}, who=who))
    lobby.tables = lambda: ()  # type: ignore[method-assign]
    return lobby, create_app(lobby.setup.table, lobby=lobby)


async def games_shown(pilot: Any, app: App[Any]) -> LobbyScreen:
    lobby = await until(
        pilot, "the lobby", lambda: app.screen if isinstance(app.screen, LobbyScreen) else None
    )
    assert isinstance(lobby, LobbyScreen)
    await pilot.press("g")
    await until(pilot, "the club's games", lambda: lobby.games is not None or None)
    await pilot.pause()
    return lobby


async def viewer_of(pilot: Any, app: App[Any]) -> ViewerScreen:
    await pilot.press("v")
    screen = await until(
        pilot, "the viewer", lambda: app.screen if isinstance(app.screen, ViewerScreen) else None
    )
    assert isinstance(screen, ViewerScreen)
    return screen


async def test_g_lists_the_finished_shared_games_and_v_views_the_one_chosen(host: Host) -> None:
    older = shared_record("1", ("Olga", "Boris", "Pavel"), seed=7, host=host)
    newer = shared_record("2", ("Ann", "Boris", "Vera"), host=host)
    # one person: not the club's list; not over: not listed
    shared_record("3", ("Solo", "Boris", "Igor"), people=1, host=host)
    shared_record("4", ("Unfinished", "Boris", "Vera"), finished=False, host=host)
    _, app = lobby_app(host=host)
    async with app.run_test(size=(80, 24)) as pilot:
        lobby = await games_shown(pilot, app)
        assert lobby.games is not None
        assert [g.path for g in lobby.games] == [newer, older]  # newest first, only those
        assert lobby.check_action("join", ()) is False  # the tables' keys are gone meanwhile
        await pilot.press("down")
        viewer = await viewer_of(pilot, app)
        assert viewer.viewed.path == older
        assert viewer.viewed.names == ("Olga", "Boris", "Pavel")
        await pilot.press("escape")
        assert await until(pilot, "the lobby again", lambda: app.screen is lobby)
        assert lobby.showing_games and lobby.chosen_game() is not None
        await pilot.press("g")  # the tables again
        await pilot.pause()
        assert not lobby.showing_games and lobby.check_action("view", ()) is False


async def test_a_hosted_player_sees_no_hidden_card_of_anothers_game_unless_all_allowed(
    host: Host,
) -> None:
    path = shared_record("1", open_hands=[True, None, False], host=host)  # Vera did not allow it
    _, app = lobby_app(who="key:zed", hosted=True, host=host)
    async with app.run_test(size=(80, 24)) as pilot:
        await games_shown(pilot, app)
        viewed = (await viewer_of(pilot, app)).viewed
        assert viewed.path == path and viewed.watching and not viewed.open
        for position in viewed.positions:
            assert all(v is None or v.hand is None for v in position.views)
            assert all(v is None or not v.discarded for v in position.views)
            assert position.talon == ()
        await until(pilot, "his words", lambda: "you were not at this table" in screen_text(app))
        shown = screen_text(app)
        assert "your cards are face down" not in shown  # they are nobody's cards to him
        # Every person allowed it, under this host's seal: every hand open to him.
        shared_record("1", open_hands=[True, None, True], host=host)
        await pilot.press("escape")
        viewed = (await viewer_of(pilot, app)).viewed
        assert viewed.open and not viewed.watching
        assert all(v is not None and v.hand is not None for v in viewed.positions[0].views)


async def test_a_player_who_sat_sees_his_own_cards_only(host: Host) -> None:
    shared_record("1", host=host)
    _, app = lobby_app(who="key:vera", hosted=True, host=host)
    async with app.run_test(size=(80, 24)) as pilot:
        await games_shown(pilot, app)
        viewed = (await viewer_of(pilot, app)).viewed
        assert viewed.seat == 2 and not viewed.watching and not viewed.open
        first = viewed.positions[0].views
        assert first[2] is not None and first[2].hand
        assert first[0] is None and first[1] is None


async def test_a_record_gone_is_said_in_one_line_and_nothing_changes(host: Host) -> None:
    path = shared_record("1", host=host)
    _, app = lobby_app(host=host)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        lobby = await games_shown(pilot, app)
        path.unlink()
        await pilot.press("v")
        await pilot.pause()
        assert app.screen is lobby
        said = [n.message for n in app._notifications]
        assert said == ["the record of this game is no longer kept here: nothing to show"]


async def test_a_record_edited_since_is_refused_in_one_line_and_nothing_changes(host: Host) -> None:
    path = shared_record("1", host=host)
    _, app = lobby_app(host=host)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        lobby = await games_shown(pilot, app)
        lines = path.read_text(encoding="utf-8").splitlines()
        give = next(i for i, row in enumerate(lines) if '"act": "give"' in row)
        edited = json.loads(lines[give])
        edited["to"] = edited["seat"]  # a card given to oneself: the replay stops agreeing
        lines[give] = json.dumps(edited)
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")
        before = path.read_bytes()
        await pilot.press("v")
        await pilot.pause()
        assert app.screen is lobby and path.read_bytes() == before
        (said,) = [n.message for n in app._notifications]
        assert "\n" not in said and "does not replay" in said
