"""The lobby screen (Pilot), in English and Russian, at 80x24 and 120x40: the tables waiting
are listed as they come, Enter sits at one, `m` quick-matches and `o` opens through the preset
dialog, a friend's code still seats, and what cannot be done is said and changes nothing."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot

from tests.helpers import waiting
from tests.helpers.screen import screen_text
from thousand_tui.settings import LobbySetup, TableSetup
from thousand_tui.tables.client import list_tables
from thousand_tui.tui import create_app
from thousand_tui.tui.app import LOBBY, SEAT, ThousandApp
from thousand_tui.tui.screens.end import GameOverScreen
from thousand_tui.tui.screens.lobby import LobbyScreen, PresetScreen
from thousand_tui.tui.screens.result import DealResultScreen
from thousand_tui.tui.shared import WaitingScreen
from thousand_tui.tui.shared.lobby_client import Lobby

from .helpers import WAIT, at_table, bob_plays_until, opened

PRESETS = {"classic": "classic", "two-player": "two-player"}


def lobby_app(lang: str = "en", name: str = "Bob", fill: float = 60.0) -> tuple[Lobby, ThousandApp]:
    setup = LobbySetup(TableSetup.of(lang=lang, pace=0.0, name=name), PRESETS, fill=fill)
    lobby = Lobby(setup)
    return lobby, create_app(lobby.setup.table, lobby=lobby)


async def until(pilot: Pilot[Any], done: Callable[[], bool]) -> None:
    await waiting.until(
        pilot, "the lobby", done, timeout=WAIT, shown=lambda: screen_text(pilot.app)
    )


@pytest.mark.long
@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_a_table_opened_elsewhere_comes_into_the_lobby_and_enter_sits_at_it(
    base: Path, size: tuple[int, int]
) -> None:
    lobby, app = lobby_app()
    async with app.run_test(size=size) as pilot:
        await until(pilot, lambda: "No table is waiting" in screen_text(app))
        assert isinstance(app.screen, LobbyScreen)
        assert not app.screen.check_action("join", ())  # nothing to sit at yet
        ann = opened(base, "Ann", fill=300.0)
        code = ann.mirror.code
        # Read again by itself (the footer made again once Enter has a table to sit at).
        words = ("Lobby", "Code", code, "Classic", "1 of 3", "AI in", "Quick match", "Leave")
        await until(pilot, lambda: all(w in screen_text(app) for w in words))
        assert app.screen.check_action("join", ())
        await pilot.press("enter")
        await until(pilot, lambda: lobby.chosen is not None)
    assert lobby.chosen is not None
    assert (lobby.chosen.code, lobby.chosen.mirror.seat) == (code, 1)
    lobby.chosen.close()
    ann.close()


@pytest.mark.long
async def test_quick_match_in_russian_opens_a_table_others_then_see(base: Path) -> None:
    lobby, app = lobby_app("ru", "Борис", fill=45.0)
    async with app.run_test(size=(80, 24)) as pilot:
        words = ("Свободных столов нет", "Лобби", "Код", "Быстрая игра", "Открыть", "Уйти", "45 с")
        await until(pilot, lambda: all(w in screen_text(app) for w in words))
        await pilot.press("m")
        await until(pilot, lambda: isinstance(app.screen, PresetScreen))
        assert "Быстрая игра" in screen_text(app) and "Классика" in screen_text(app)
        await pilot.press("enter")  # the first: classic
        await until(pilot, lambda: lobby.chosen is not None)
        assert lobby.chosen is not None and lobby.chosen.mirror.seat == 0
        (table,) = list_tables(base)
        assert (table.code, table.preset, table.people) == (lobby.chosen.code, "classic", 1)
        assert table.fill_in is not None and 40 < table.fill_in <= 45
    lobby.chosen.close()


@pytest.mark.long
async def test_o_opens_a_table_of_the_preset_chosen_and_escape_goes_back(base: Path) -> None:
    lobby, app = lobby_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: "No table is waiting" in screen_text(app))
        await pilot.press("o")
        await until(pilot, lambda: isinstance(app.screen, PresetScreen))
        await pilot.press("escape")  # back: nothing opened
        await until(pilot, lambda: isinstance(app.screen, LobbyScreen))
        assert list_tables(base) == ()
        await pilot.press("o")
        await until(pilot, lambda: isinstance(app.screen, PresetScreen))
        assert "Two players" in screen_text(app)
        await pilot.press("down", "enter")
        await until(pilot, lambda: lobby.chosen is not None)
        # Read while the seat is held: once the program ends, the table nobody sits at closes.
        assert lobby.chosen is not None
        (table,) = list_tables(base)
        assert (table.code, table.preset, table.players) == (lobby.chosen.code, "two-player", 2)
    lobby.chosen.close()


@pytest.mark.long
async def test_a_code_no_table_has_is_said_and_the_lobby_stays(base: Path) -> None:
    ann = opened(base, "Ann", private=True)
    lobby, app = lobby_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: "No table is waiting" in screen_text(app))  # private
        await pilot.press("c")
        await pilot.press(*"K7QM2P", "enter")
        await until(pilot, lambda: "no table has the code" in " ".join(app.notices))
        assert isinstance(app.screen, LobbyScreen) and lobby.chosen is None
        assert app.screen.check_action("open", ())  # free to try again
        await pilot.press("c")  # a friend's code seats at his private table
        await pilot.press(*ann.mirror.code.lower(), "enter")
        await until(pilot, lambda: lobby.chosen is not None)
    assert lobby.chosen is not None and lobby.chosen.code == ann.mirror.code
    lobby.chosen.close()
    ann.close()


@pytest.mark.parametrize(
    ("size", "lang", "words"),
    [((80, 24), "en", "Lobby: tables waiting"), ((120, 40), "ru", "Лобби: столы")],
)
async def test_the_start_screen_has_a_line_for_the_lobby(
    base: Path, monkeypatch: pytest.MonkeyPatch, size: tuple[int, int], lang: str, words: str
) -> None:
    from tests.tui.test_start import go_to, line_ids, start_app
    from thousand_tui.tui.startup import StartOffer

    monkeypatch.setenv("XDG_CONFIG_HOME", str(base / "config"))
    app = start_app(StartOffer.shipped(lang))
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        assert line_ids(app).index("lobby") == line_ids(app).index("join-table") + 1
        await go_to(pilot, "lobby")
        assert words in screen_text(app)
        await pilot.press("enter")
        await waiting.until(pilot, "the lobby", lambda: isinstance(app.screen, LobbyScreen))
        assert app.current_mode == LOBBY
        choice = app.shared_choice
        assert choice is not None and choice.kind == "lobby"
        assert app.lobby is not None
        setup = app.lobby.setup
    assert setup.table.lang == lang and "classic" in setup.presets


@pytest.mark.long
async def test_a_russian_lobby_names_the_game_in_russian_and_moves_between_tables(
    base: Path,
) -> None:
    first = opened(base, "Ann", lang="en")
    second = opened(base, "Dan", lang="en")
    joined_one = opened(base, "Eve", lang="en", private=True)  # not listed
    lobby, app = lobby_app("ru", "Борис")
    async with app.run_test(size=(80, 24)) as pilot:
        # Both tables listed, and the footer made again for the keys that move between them.
        await until(
            pilot,
            lambda: (
                second.mirror.code in screen_text(app)
                and "Выбор" in screen_text(app).splitlines()[-1]
            ),
        )
        text = screen_text(app)
        assert "Классика" in text and "Classic" not in text
        assert joined_one.mirror.code not in text
        footer = text.splitlines()[-1]
        assert "Сесть" in footer and "Выбор" in footer, footer
        codes = [t.code for t in app.screen.tables]  # type: ignore[attr-defined]
        assert app.screen.selected() == codes[0]  # type: ignore[attr-defined]
        await pilot.press("down")
        assert app.screen.selected() == codes[1]  # type: ignore[attr-defined]
        await pilot.press("enter")
        await until(pilot, lambda: lobby.chosen is not None)
    assert lobby.chosen is not None and lobby.chosen.code == codes[1]
    lobby.chosen.close()
    for seat in (first, second, joined_one):
        seat.close()


# ---------------------------------------------------------------------- back to the lobby

BACK = {
    "en": {
        "waits": "Your seat at table {code} waits",
        "seats": "2 of 3",
        "over": "Game over",
        "back": "q Lobby",
    },
    "ru": {
        "waits": "Ваше место за столом {code} ждёт",
        "seats": "2 из 3",
        "over": "Партия окончена",
        "back": "q В лобби",
    },
}


@pytest.mark.long
@pytest.mark.parametrize(("lang", "size"), [("en", (80, 24)), ("ru", (120, 40))])
async def test_leaving_a_table_taken_in_the_lobby_comes_back_to_the_lobby_and_q_leaves(
    base: Path, lang: str, size: tuple[int, int]
) -> None:
    words = BACK[lang]
    ann = opened(base, "Ann", fill=300.0)
    ann.hold = True
    code = ann.mirror.code
    lobby, app = lobby_app(lang)
    async with app.run_test(size=size) as pilot:
        await until(pilot, lambda: code in screen_text(app))
        the_lobby = app.screen
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, WaitingScreen))
        room = app.screen
        assert app.current_mode == SEAT
        assert "Bob" in screen_text(app) and "Ann" in screen_text(app)
        await pilot.press("q")  # out of the waiting room: back to the lobby, not out
        await until(pilot, lambda: isinstance(app.screen, LobbyScreen))
        assert app.return_code is None and lobby.chosen is None and app.shared is None
        # The same app, its lobby as it was left; the seat's screens let go.
        assert app.current_mode == LOBBY and app.screen is the_lobby
        await until(pilot, lambda: not room.is_attached)
        # The list read again: the table, Bob's seat kept for him.
        await until(pilot, lambda: words["seats"] in screen_text(app))
        assert words["waits"].format(code=code) in " ".join(app.notices)
        await pilot.press("q")  # from the lobby, q leaves
        await until(pilot, lambda: app.return_code is not None)
    ann.close()


SHORT = """extends: classic
title: {en: Short, ru: Короткая}
target: 20
barrel: {enabled: false}
"""


@pytest.mark.long
@pytest.mark.parametrize("lang", ["en", "ru"])
async def test_a_game_ended_at_a_table_of_the_lobby_comes_back_to_the_lobby(
    base: Path, lang: str
) -> None:
    """Bob opens a table of a short game in the lobby; AI fills it; when the game is over,
    closing the final sheet brings him back to the lobby, read again."""
    short = base / "short.yaml"
    short.write_text(SHORT, encoding="utf-8")
    setup = LobbySetup(
        TableSetup.of(lang=lang, pace=0.0, name="Bob"), {"short": str(short)}, fill=0.2
    )
    lobby = Lobby(setup)
    app = create_app(lobby.setup.table, lobby=lobby)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: app.screen.check_action("open", ()) is True)
        await pilot.press("o")
        await until(pilot, lambda: isinstance(app.screen, PresetScreen))
        await pilot.press("enter")
        await until(pilot, lambda: at_table(app))
        code = app.seat.code
        over = (GameOverScreen, DealResultScreen)
        for _ in range(20):  # deals, each closed on its result, until the game is over
            await bob_plays_until(pilot, app, [], lambda: isinstance(app.screen, over))
            if isinstance(app.screen, GameOverScreen):
                break
            await until(pilot, lambda: app.screen.open_to_keys)  # held a moment as it opens
            await pilot.press("enter")
            await until(pilot, lambda: not isinstance(app.screen, DealResultScreen))
        assert BACK[lang]["over"] in screen_text(app)
        assert BACK[lang]["back"] in screen_text(app).splitlines()[-1]  # q: to the lobby
        await until(pilot, lambda: app.screen.open_to_keys)  # held a moment as it opens
        await pilot.press("q")
        await until(pilot, lambda: isinstance(app.screen, LobbyScreen))
        assert app.return_code is None and app.shared is None
        assert code not in screen_text(app)  # a finished game waits for nobody
        assert not any("ждёт вас" in n or "waits for you" in n for n in app.notices)
        await until(pilot, lambda: app.screen.check_action("open", ()) is True)
    assert len(list((base / "games").glob("*.jsonl"))) == 1
