"""`thousand games` in a terminal: the saved games on a screen, `v`/Enter to step through one,
Escape back to the list, `q` to leave; piped, redirected or with `--text`, the text as before."""

from __future__ import annotations

import argparse
from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets import DataTable

from tests.helpers.scheduler import small_analysis_budgets
from tests.helpers.screen import screen_text
from tests.helpers.waiting import until
from tests.tui.test_viewer import record
from thousand_tui import cli
from thousand_tui.priority import Host
from thousand_tui.settings import TableSetup
from thousand_tui.store.catalog import format_games, games_dir, list_games
from thousand_tui.tui.app import ThousandApp, create_app
from thousand_tui.tui.screens.games import GamesScreen
from thousand_tui.tui.screens.viewer import ViewerScreen


@pytest.fixture(autouse=True)
def quick_analysis(monkeypatch: pytest.MonkeyPatch) -> None:
    """The viewer's analysis of a deal (a thread of its own, which the test's end waits for)
    searched on small budgets: these tests look at what is shown, not at the search."""
    small_analysis_budgets(monkeypatch)


def two_games(host: Host) -> tuple[Path, Path]:
    """An older finished game and a newer one stopped after a deal (listed first)."""
    folder = games_dir(host.data_dir)
    older = record(folder / "2026-01-01T000000-classic.jsonl")
    newer = record(folder / "2026-01-02T000000-classic.jsonl", deals=1, moves=2, seed=9)
    return older, newer


def games_app(lang: str = "en", *, host: Host) -> ThousandApp:
    folder = games_dir(host.data_dir)
    saves = list_games(folder)
    return create_app(
        TableSetup(lang=lang, pace=0, host=host), view=lambda: GamesScreen(saves, folder)
    )


async def viewer_of(pilot: Pilot[None], app: ThousandApp) -> ViewerScreen:
    screen = await until(
        pilot, "the viewer", lambda: app.screen if isinstance(app.screen, ViewerScreen) else None
    )
    assert isinstance(screen, ViewerScreen)
    return screen


@pytest.mark.long
async def test_the_games_are_listed_as_the_text_lists_them_and_v_views_the_one_chosen(
    host: Host,
) -> None:
    older, newer = two_games(host=host)
    names = [save.path.name for save in list_games(games_dir(host.data_dir))]
    assert names == [newer.name, older.name]  # the text's order: newest first
    app = games_app(host=host)
    async with app.run_test(size=(120, 24)) as pilot:
        listed = await until(
            pilot, "the list", lambda: app.screen if isinstance(app.screen, GamesScreen) else None
        )
        assert isinstance(listed, GamesScreen)
        table = listed.query_one(DataTable)
        assert table.row_count == 2
        text = screen_text(app)
        assert text.index(newer.name) < text.index(older.name)
        assert text.startswith(" Saved games in ")
        await pilot.press("down", "v")
        viewer = await viewer_of(pilot, app)
        assert viewer.viewed.path == older and viewer.viewed.open  # over: every hand
        await pilot.press("escape")
        assert await until(pilot, "the list again", lambda: app.screen is listed)
        await pilot.press("up", "enter")
        viewer = await viewer_of(pilot, app)
        assert viewer.viewed.path == newer and not viewer.viewed.open  # not over: your cards
        await pilot.press("q", "q")
        assert await until(pilot, "the app ended", lambda: app.return_code == 0)


async def test_a_record_that_does_not_replay_is_said_and_the_list_stays(
    tmp_path: Path, host: Host
) -> None:
    _, newer = two_games(host=host)
    app = games_app(host=host)
    async with app.run_test(size=(80, 24)) as pilot:
        listed = await until(
            pilot, "the list", lambda: app.screen if isinstance(app.screen, GamesScreen) else None
        )
        newer.write_text('{"type": "game"}\n', encoding="utf-8")
        await pilot.press("v")
        await pilot.pause()
        assert app.screen is listed
        assert any(note.severity == "error" for note in app._notifications)


async def test_the_list_speaks_russian(host: Host) -> None:
    two_games(host=host)
    app = games_app("ru", host=host)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, "the list", lambda: isinstance(app.screen, GamesScreen) or None)
        await pilot.pause()
        text = screen_text(app)
        assert text.startswith(" Сохранённые игры в") and "Просмотр" in text


def test_piped_the_list_is_the_text_as_before(
    capsys: pytest.CaptureFixture[str], host: Host
) -> None:
    two_games(host=host)
    folder = games_dir(host.data_dir)
    assert cli.main(["games"], host) == 0  # captured: no terminal
    out = capsys.readouterr().out
    table = format_games(list_games(folder), folder)
    assert out == table + "\nStep through one, decision by decision, with `thousand view NUMBER`.\n"
    assert cli.main(["games", "--text"], host) == 0
    assert capsys.readouterr().out == out


def test_in_a_terminal_the_screen_is_shown_unless_text_is_asked_for(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], host: Host
) -> None:
    from thousand_tui.tui import view_commands

    two_games(host=host)
    shown: list[int] = []
    monkeypatch.setattr(
        view_commands, "show_games", lambda saves, *_: shown.append(len(saves)) or 0
    )
    monkeypatch.setattr(cli, "games_on_screen", lambda *_: True)
    assert cli.main(["games"], host) == 0
    assert shown == [2] and capsys.readouterr().out == ""


@pytest.mark.parametrize(
    ("flags", "terminal", "expected"),
    [([], True, True), (["--text"], True, False), (["--plain"], True, False), ([], False, False)],
)
def test_games_on_screen_asks_for_a_terminal_and_no_text_flag(
    monkeypatch: pytest.MonkeyPatch, flags: list[str], terminal: bool, expected: bool, host: Host
) -> None:
    from thousand_tui import tui

    monkeypatch.setattr(tui, "check_terminal", lambda **_: None if terminal else "no terminal")
    options = argparse.Namespace(text="--text" in flags or "--plain" in flags)
    assert cli.games_on_screen(options, host, "en") is expected
