"""A table given its own `Host` takes its folders and the player's locale from that value,
never from the environment of the process it runs in (here: other folders, another language)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from tests.helpers.screen import screen_text
from thousand_tui.cli import build_parser, table_flags
from thousand_tui.priority import CLUB_DIR_ENV, DATA_DIR_ENV, Host, Locale
from thousand_tui.settings import TableSetup
from thousand_tui.tui import create_app, table_setup
from thousand_tui.tui.i18n import Translator
from thousand_tui.tui.screens.start import StartScreen
from thousand_tui.tui.startup import Choices, StartOffer, choices_path

from .helpers import settle


def elsewhere(monkeypatch: pytest.MonkeyPatch, folder: Path, locale: str) -> Path:
    """The environment of the test process names `folder`'s folders and `locale`: what a
    table that reads the environment would write to and speak."""
    monkeypatch.setenv("XDG_DATA_HOME", str(folder / "xdg-data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(folder / "xdg-config"))
    monkeypatch.setenv(DATA_DIR_ENV, str(folder / "data"))
    monkeypatch.setenv(CLUB_DIR_ENV, str(folder / "club"))
    monkeypatch.setenv("HOME", str(folder / "home"))
    for name in ("LANG", "LC_ALL", "LC_MESSAGES", "LC_CTYPE"):
        monkeypatch.setenv(name, locale)
    return folder


def written(folder: Path) -> list[Path]:
    return [path for path in folder.rglob("*") if not path.is_dir()]


@pytest.mark.parametrize(
    ("own", "ambient"), [("en_US.UTF-8", "ru_RU.UTF-8"), ("ru_RU.UTF-8", "en_US.UTF-8")]
)
async def test_a_game_of_its_own_host_writes_and_speaks_nothing_of_the_environment(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, own: str, ambient: str
) -> None:
    """From the flags to a game saved, as `thousand` runs it once it has decided its host:
    the start screen, the game and its record, the choices kept, all in the host's folders
    and language; the environment's folders stay empty and its language unspoken."""
    other = elsewhere(monkeypatch, tmp_path / "environment", ambient)
    lang = own[:2]
    host = Host(data=tmp_path / "data", config=tmp_path / "config", locale=Locale(own, own))
    parsed = build_parser("play").parse_args(["play", "--pace", "0"])
    setup, offer = table_setup(replace(table_flags(parsed), host=host))  # as `cli.main`
    assert setup.lang == lang and setup.host == host
    app = create_app(setup, start=offer)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, StartScreen)
        assert Translator(lang)("start_title") in screen_text(app)
        await pilot.press("enter")  # a new game, as chosen
        await settle(pilot)
        assert not isinstance(app.screen, StartScreen)
        assert app.t.lang == lang
        path = app.session.path
        assert path is not None and path.exists()
    assert path.is_relative_to(tmp_path / "data")
    kept = Choices.read(choices_path(host))
    assert kept is not None and kept.lang == lang
    assert choices_path(host).is_relative_to(tmp_path / "config")
    assert written(other) == []


async def test_the_start_screen_keeps_the_hosts_locale_in_the_hosts_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    other = elsewhere(monkeypatch, tmp_path / "environment", "en_US.UTF-8")
    host = Host(
        data=tmp_path / "data",
        config=tmp_path / "config",
        locale=Locale("uk_UA.UTF-8", "uk_UA.UTF-8"),
    )
    # `--lang en` for this run: what is kept for the next is the language of his locale.
    app = create_app(TableSetup(pace=0, host=host), start=StartOffer.shipped("en"))
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert app.remembered == Choices(lang="uk")
        app.keep_choices(Choices(lang="en"))
    kept = Choices.read(choices_path(host))
    assert kept is not None and kept.lang == "uk"
    assert choices_path(host).is_relative_to(tmp_path / "config")
    assert written(other) == []
