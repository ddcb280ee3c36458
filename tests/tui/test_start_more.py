"""The start screen and the flags together: the name chosen there is the one a game started by
flags is played under; the screen fits 80×24 with many saved games; the saved games name the
opponents' levels; the pace and the motion are chosen there too."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest

from tests.helpers.screen import screen_text
from thousand_tui.cli import build_parser, table_flags
from thousand_tui.options import TableFlags
from thousand_tui.priority import Host
from thousand_tui.tui import create_app, table_setup
from thousand_tui.tui.screens.start import NameScreen, StartScreen
from thousand_tui.tui.widgets.choices import ChoiceList

from .helpers import settle
from .test_start import go_to, start_app


def flags(*argv: str, host: Host) -> TableFlags:
    return replace(table_flags(build_parser("play").parse_args(["play", *argv])), host=host)


@pytest.mark.long
@pytest.mark.parametrize("lang", ["en", "ru"])
async def test_the_name_chosen_on_the_start_screen_plays_a_game_started_by_flags(
    lang: str,
    host: Host,
) -> None:
    app = start_app(lang=lang, host=host)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await go_to(pilot, "name")
        await pilot.press("enter")
        assert isinstance(app.screen, NameScreen)
        app.screen.query_one("#name-input").value = "Olga"  # type: ignore[attr-defined]
        await pilot.press("enter")
        await pilot.press("q")
    setup, offer = table_setup(flags("--seed", "3", "--lang", lang, host=host))
    assert offer is None and setup.name == "Olga"
    game = create_app(setup)
    async with game.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert game.session.game.names[0] == "Olga"
        assert "Olga" in screen_text(game)
    # --name wins over the name remembered.
    setup, _ = table_setup(flags("--seed", "3", "--name", "Petr", host=host))
    assert setup.name == "Petr"


def test_without_a_name_chosen_the_default_name_stays(host: Host) -> None:
    setup, _ = table_setup(flags("--seed", "3", host=host))
    assert setup.name is None


# ---------------------------------------------------------------------- the first dealer


@pytest.mark.long
def test_the_first_dealer_of_a_game_from_flags_is_drawn_from_its_seed(host: Host) -> None:
    from thousand_tui.engine.dealing import first_dealer_of

    dealers = set()
    for seed in range(1, 40):
        setup, _ = table_setup(flags("--seed", str(seed), host=host))
        assert setup.first_dealer == first_dealer_of(seed, 3)
        again, _ = table_setup(flags("--seed", str(seed), host=host))
        assert again.first_dealer == setup.first_dealer  # the same seed, the same dealer
        dealers.add(setup.first_dealer)
    assert dealers == {0, 1, 2}
    four, _ = table_setup(flags("--players", "4", "--seed", "11", host=host))
    assert four.first_dealer == first_dealer_of(11, 4)


@pytest.mark.long
@pytest.mark.parametrize(("size", "lang"), [((80, 24), "en"), ((120, 40), "ru")])
async def test_the_deal_goes_round_from_game_to_game_and_each_record_replays(
    size: tuple[int, int], lang: str, capsys: pytest.CaptureFixture[str], host: Host
) -> None:
    from thousand_tui import cli
    from thousand_tui.store.records import read_record

    app = start_app(lang=lang, host=host)
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
            await app.again()
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
        assert cli.main(["replay", str(path)], host) == 0
        assert "every result agrees" in capsys.readouterr().out


# ---------------------------------------------------------------------- the saved games


def save_games(count: int, host: Host) -> None:
    """`count` unfinished games, each with a decision of yours, of every preset and level."""
    from thousand_tui.ai import make_player
    from thousand_tui.settings import TableSetup
    from thousand_tui.tui.session import new_session

    tables = [
        ("four-player", "easy,normal,hard"),
        ("classic", "hard,random"),
        ("two-player", "normal"),
        ("family", "easy,hard"),
    ]
    for number in range(count):
        preset, levels = tables[number % len(tables)]
        session = new_session(
            TableSetup.of(preset, ai=levels, seed=number + 1, name="Olga", host=host)
        )
        game = session.game
        game.take_start_events()
        players = {seat: make_player("easy", seat) for seat in range(game.rules.players)}
        mine = 0
        while not game.over and mine < 2:
            seat = game.to_move
            assert seat is not None
            mine += seat == 0
            game.apply(players[seat].decide(game.view(seat)))
        session.close()


@pytest.mark.long
@pytest.mark.parametrize(("size", "lang"), [((80, 24), "en"), ((80, 24), "ru"), ((120, 40), "ru")])
async def test_eight_saved_games_fit_the_screen_with_their_opponents_levels(
    size: tuple[int, int], lang: str, host: Host
) -> None:
    from thousand_tui.tui.i18n import Translator

    save_games(8, host=host)
    t = Translator(lang)
    app = start_app(lang=lang, host=host)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, StartScreen)
        assert len(app.screen.saved) == 8
        text = screen_text(app)
        rows = text.splitlines()
        assert len(rows) <= size[1]
        # The preset's description and the footer stay on the screen.
        assert app.screen.about().split()[0] in text
        assert t("key_quit") in rows[-1]
        # No line is wrapped: a row of a saved game is its first line or its seats, whole.
        for row in rows[1:]:
            if " · " in row:
                assert re.match(r"^ +(\d{4}-\d\d-\d\d \d\d:\d\d · |Olga -?\d+ · )", row), row
        # The opponents' levels, beside their names.
        four = next(s for s in app.screen.saved if s.preset == "four-player")
        seats = app.screen.saved_words(four).splitlines()[1].strip()
        names = Translator("en")("ai_names").split(",")
        for level, name in zip(("easy", "normal", "hard"), names, strict=False):
            assert f"{name} ({t.level(level)})" in seats
        # The list scrolls within its room: every line is reached, Quit too, the
        # description staying.
        for line_id in ("saved-7", "quit"):
            await go_to(pilot, line_id)
            shown = screen_text(app)
            assert len(shown.splitlines()) <= size[1]
            assert app.screen.about().split()[0] in shown
        assert t("start_quit") in [row.strip() for row in shown.splitlines()]
        await go_to(pilot, saved_line(app, four))
        assert seats in screen_text(app)


def saved_line(app: object, save: object) -> str:
    from thousand_tui.tui.app import ThousandApp

    assert isinstance(app, ThousandApp) and isinstance(app.screen, StartScreen)
    return f"saved-{app.screen.saved.index(save)}"


def line_ids_shown(app: object) -> str:
    from thousand_tui.tui.app import ThousandApp
    from thousand_tui.tui.widgets.choices import ChoiceList

    assert isinstance(app, ThousandApp)
    listed = app.screen.query_one(ChoiceList)
    assert listed.current is not None
    return listed.current.id


# ---------------------------------------------------------------------- pace and motion


@pytest.mark.long
@pytest.mark.parametrize(("size", "lang"), [((80, 24), "en"), ((120, 40), "ru")])
async def test_the_pace_and_the_motion_are_chosen_and_remembered(
    size: tuple[int, int], lang: str, host: Host
) -> None:
    import json

    from thousand_tui.settings import TableSetup
    from thousand_tui.tui.i18n import Translator
    from thousand_tui.tui.startup import StartOffer, choices_path

    t = Translator(lang)
    app = create_app(TableSetup(pace=0.8, lang=lang, host=host), start=StartOffer.shipped(lang))
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        await go_to(pilot, "motion")  # below the fold at 80×24, the pace above it
        text = screen_text(app)
        seconds = "0.8" if lang == "en" else "0,8"
        assert t("start_pace_seconds", seconds=seconds) in text
        assert t("start_pace") in text and t("start_motion") in text
        await go_to(pilot, "pace")
        await pilot.press("right")  # 0.8 → 1.5
        slower = t("start_pace_seconds", seconds="1.5" if lang == "en" else "1,5")
        assert slower in screen_text(app)
        await go_to(pilot, "motion")
        await pilot.press("enter")  # animation off
        assert t("start_motion_off") in screen_text(app)
        await go_to(pilot, "start")
        await pilot.press("enter")
        await pilot.pause()
        assert app.has_game
        assert app.pace == 1.5 and app.setup.pace == 1.5
        assert app.animation_level == "none"
    kept = json.loads(choices_path(host).read_text(encoding="utf-8"))
    assert kept["pace"] == 1.5 and kept["reduced_motion"] is True
    # The next start shows them, and a game started there has them.
    again = create_app(TableSetup(pace=0.8, lang=lang, host=host), start=StartOffer.shipped(lang))
    async with again.run_test(size=size) as pilot:
        await pilot.pause()
        await go_to(pilot, "motion")  # below the fold at 80×24
        assert t("start_motion_off") in screen_text(again)
        await go_to(pilot, "pace")
        for _ in range(2):  # 1.5 → 3 → instant
            await pilot.press("right")
        assert t("start_pace_instant") in screen_text(again)
        await go_to(pilot, "start")
        await pilot.press("enter")
        await settle(pilot)
        assert again.pace == 0 and again.animation_level == "none"


def test_pace_and_motion_flags_open_the_start_screen_with_them(host: Host) -> None:
    from thousand_tui.tui import start_offer
    from thousand_tui.tui.startup import Choices

    offer = start_offer(flags("--pace", "0", "--reduced-motion", host=host))
    assert offer is not None
    fitted = offer.fit(Choices(pace=3.0, reduced_motion=False))
    assert fitted.pace == 0 and fitted.reduced_motion is True
    offer = start_offer(flags(host=host))
    assert offer is not None
    assert offer.fit(Choices(pace=3.0)).pace == 3.0  # the remembered one


@pytest.mark.long
@pytest.mark.parametrize(("size", "lang"), [((80, 24), "en"), ((120, 40), "ru")])
async def test_a_continued_game_plays_as_the_start_screen_says(
    size: tuple[int, int], lang: str, host: Host
) -> None:
    """The saved games come before how the table plays, so a returning player sees them at
    once; what he sets below them (the pace, the suit order) plays the game he continues."""
    from thousand_tui.settings import TableSetup
    from thousand_tui.tui.i18n import Translator
    from thousand_tui.tui.startup import StartOffer

    first = create_app(
        TableSetup.of(seed=5, pace=0, lang=lang, host=host)
    )  # the record keeps no pace
    async with first.run_test(size=size) as pilot:
        await settle(pilot)
        await pilot.press("1")  # a decision of yours: a game to continue
        await settle(pilot)
        path = first.session.path
    t = Translator(lang)
    app = create_app(TableSetup(pace=0.8, lang=lang, host=host), start=StartOffer.shipped(lang))
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        text = screen_text(app)
        assert t("start_continue") in text  # on screen before any key
        await go_to(pilot, "pace")
        await pilot.press("left", "left")  # 0.8 → 0.4 → instant
        assert t("start_pace_instant") in screen_text(app)
        await go_to(pilot, "suit-order")
        await pilot.press("right")  # ♠ ♦ ♣ ♥
        assert screen_text(app).count("♠ ♦ ♣ ♥") == 1
        listed = app.screen.query_one(ChoiceList)
        while listed.current is None or listed.current.id != "saved-0":
            before = listed.highlighted
            await pilot.press("up")
            assert listed.highlighted != before, "no saved game above"
        await pilot.press("enter")
        await settle(pilot)
        assert app.session.resumed and app.session.path == path
        assert app.setup.pace == 0 and app.setup.suit_order == "SDCH"


# ---------------------------------------------------------------------- the rating


@pytest.mark.parametrize("lang", ["en", "ru"])
async def test_the_start_screen_shows_the_players_rating_once_he_has_one(
    lang: str, host: Host
) -> None:
    from datetime import UTC, datetime

    from tests.store.helpers import write_record
    from tests.store.test_club_ratings import SOLO, finished_lines
    from thousand_tui.club import board_of
    from thousand_tui.store.catalog import games_dir
    from thousand_tui.store.index import open_club

    said = {"en": "your rating", "ru": "ваш рейтинг"}[lang]
    app = start_app(lang=lang, host=host)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert said not in screen_text(app)  # no game played yet: no rating
    for seed in range(3):
        write_record(games_dir(host.data_dir), f"g{seed}.jsonl", finished_lines(seed, SOLO))
    app = start_app(lang=lang, host=host)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await app.workers.wait_for_complete()
        await pilot.pause()
        title = screen_text(app).splitlines()[0]
    with open_club(host) as index:
        rating = board_of(index.games(), [], datetime.now(UTC)).ratings["local"]
    assert rating.games == 3
    assert f"{said} {round(rating.rating)}" in title, title


@pytest.mark.parametrize("lang", ["en", "ru"])
async def test_the_start_screen_says_what_is_below_the_fold(lang: str, host: Host) -> None:
    """At 80×24 the list goes on below the screen: the line under it names what is there,
    and goes once the last line is shown."""
    from thousand_tui.tui.i18n import Translator
    from thousand_tui.tui.startup import StartOffer

    t = Translator(lang)
    app = start_app(StartOffer.shipped(lang), lang=lang, host=host)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.pause()
        text = screen_text(app)
        head = t("start_more_below", names="").strip()
        more = next(line for line in text.splitlines() if line.startswith(" ↓ "))
        assert more.startswith(" " + head)
        assert t("start_suit_order") in more and len(more) <= 80
        rows = [line for line in text.splitlines() if line != more]
        assert not any(t("start_take_back") in line for line in rows)  # below the fold
        await go_to(pilot, "quit")
        await pilot.pause()
        await pilot.pause()
        text = screen_text(app)
        assert head not in text and f" {t('start_take_back')} " in text
