"""The start screen and the flags together: the name chosen there is the one a game started by
flags is played under; the screen fits 80×24 with many saved games; the saved games name the
opponents' levels; the pace and the motion are chosen there too."""

from __future__ import annotations

from pathlib import Path

import pytest

from thousand_tui.cli import build_parser
from thousand_tui.tui import create_app, table_setup
from thousand_tui.tui.screens.start import NameScreen, StartScreen

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


# ---------------------------------------------------------------------- the first dealer


def test_the_first_dealer_of_a_game_from_flags_is_drawn_from_its_seed() -> None:
    from thousand_tui.engine.dealing import first_dealer_of

    dealers = set()
    for seed in range(1, 40):
        setup, _ = table_setup(flags("--seed", str(seed)))  # type: ignore[arg-type]
        assert setup.first_dealer == first_dealer_of(seed, 3)
        again, _ = table_setup(flags("--seed", str(seed)))  # type: ignore[arg-type]
        assert again.first_dealer == setup.first_dealer  # the same seed, the same dealer
        dealers.add(setup.first_dealer)
    assert dealers == {0, 1, 2}
    four, _ = table_setup(flags("--players", "4", "--seed", "11"))  # type: ignore[arg-type]
    assert four.first_dealer == first_dealer_of(11, 4)


@pytest.mark.parametrize(("size", "lang"), [((80, 24), "en"), ((120, 40), "ru")])
async def test_the_deal_goes_round_from_game_to_game_and_each_record_replays(
    size: tuple[int, int], lang: str, capsys: pytest.CaptureFixture[str]
) -> None:
    from thousand_tui import cli
    from thousand_tui.records import read_record

    app = start_app(lang=lang)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        await pilot.press("enter")  # a new game, as chosen
        await settle(pilot)
        screen = app.screen
        assert not isinstance(screen, StartScreen)
        first = app.session.game
        paths = [app.session.path]
        assert first.dealer == first.first_dealer
        dealers = [first.first_dealer]
        for _ in range(3):  # "play again", three times
            app.again()
            await settle(pilot)
            game = app.session.game
            assert game.dealer == game.first_dealer
            dealers.append(game.first_dealer)
            paths.append(app.session.path)
    assert dealers == [(dealers[0] + i) % 3 for i in range(4)]
    for path, dealer in zip(paths, dealers, strict=True):
        assert path is not None
        header = read_record(path).games[0].header
        assert header["first_dealer"] == dealer
        assert read_record(path).games[0].lines[1]["dealer"] == dealer
        assert cli.main(["replay", str(path)]) == 0
        assert "every result agrees" in capsys.readouterr().out
