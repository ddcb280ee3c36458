"""The start screen: a new game as chosen, the choices remembered, a saved game continued,
the conventions of a preset, a host's whitelist, quitting; keys and clicks alike."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest
from textual import events
from textual._widget_navigation import find_next_enabled
from textual.pilot import Pilot
from textual.widgets import Static

from tests.helpers.screen import screen_text
from tests.helpers.waiting import until
from thousand_tui.cli import build_parser, table_flags
from thousand_tui.priority import Host
from thousand_tui.settings import TableSetup
from thousand_tui.translations import LANGS
from thousand_tui.tui import create_app, start_offer
from thousand_tui.tui.app import ThousandApp
from thousand_tui.tui.screens.auction import AuctionScreen
from thousand_tui.tui.screens.info import ConventionsScreen
from thousand_tui.tui.screens.start import NameScreen, StartScreen
from thousand_tui.tui.screens.table import TableScreen
from thousand_tui.tui.startup import Choices, SharedChoice, StartOffer, choices_path
from thousand_tui.tui.widgets.choices import ChoiceList

from .helpers import settle


def start_app(offer: StartOffer | None = None, **settings: object) -> ThousandApp:
    setup = TableSetup(pace=0, **settings)  # type: ignore[arg-type]
    return create_app(setup, start=offer or StartOffer.shipped())


def line_ids(app: ThousandApp) -> list[str]:
    assert isinstance(app.screen, StartScreen)
    return [line.id for line in app.screen.lines]


async def choose_language(pilot: Pilot, name: str) -> None:
    """From the language line, → until the language shown is `name` (each in turn)."""
    for _ in LANGS:
        await pilot.press("right")
        await pilot.pause()
        if f"‹ {name} ›" in screen_text(pilot.app):
            return


async def go_to(pilot: Pilot, line_id: str) -> None:
    """Move the highlight to a line with ↓ from where it is (round the end of the list), the
    keys pressed at once, as a key held down repeats them: the app then takes each key as it
    would one by one, without a test's wait for the screen to be idle after each."""
    app = pilot.app
    assert isinstance(app, ThousandApp)
    listed = app.screen.query_one(ChoiceList)

    def there() -> bool:
        return listed.current is not None and listed.current.id == line_id

    if there():
        return
    # The ↓ presses that reach the line (an enabled line each), as the list moves.
    ids = [option.id for option in listed.options]
    assert line_id in ids, f"no line {line_id!r}"
    presses, at = 0, listed.highlighted
    while presses < len(ids) and (at is None or ids[at] != line_id):
        at = find_next_enabled(listed.options, anchor=at, direction=1)
        presses += 1
    assert at is not None and ids[at] == line_id, f"no line {line_id!r} reached by ↓"
    for _ in range(presses):
        key = events.Key("down", None)
        key.set_sender(app)
        app.post_message(key)
    await until(pilot, f"the line {line_id!r}", there, shown=lambda: screen_text(app))
    await pilot.pause()


async def start_the_game(pilot: Pilot) -> None:
    """The start line, Enter, and the table laid out."""
    await go_to(pilot, "start")
    await pilot.press("enter")
    app = pilot.app
    assert isinstance(app, ThousandApp)

    def table_up() -> bool:
        return any(isinstance(s, TableScreen) and s.is_mounted for s in app.screen_stack)

    await until(pilot, "the table", table_up)
    await settle(pilot)


@pytest.mark.long
async def test_enter_starts_the_default_game_and_remembers_it(host: Host) -> None:
    app = start_app(host=host)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, StartScreen)
        assert not app.has_game
        text = screen_text(app)
        assert "Start a new game" in text and "‹ Classic ›" in text
        assert "‹ 3 ›" in text and "Anna plays" in text and "Boris plays" in text
        assert "Vera plays" not in text
        assert "the player left of the dealer sits on" in text  # the preset's description
        assert "↑↓ Move" in text and "←→ Change" in text and "q Quit" in text
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.table, TableScreen)
        game = app.session.game
        assert game.preset == "classic" and game.rules.players == 3
        assert game.names == ("You", "Anna", "Boris")
        assert app.session.levels == {1: "easy", 2: "easy"}
        assert app.session.path is not None and app.session.path.exists()
    kept = json.loads(choices_path(host).read_text(encoding="utf-8"))
    assert kept["preset"] == "classic" and kept["lang"] == "en"


@pytest.mark.long
async def test_each_choice_makes_the_game_and_is_offered_again(host: Host) -> None:
    app = start_app(host=host)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await go_to(pilot, "preset")
        await pilot.press("right")  # family
        await go_to(pilot, "players")
        await pilot.press("right")  # 4
        assert "level-3" in line_ids(app)
        await go_to(pilot, "level-2")
        await pilot.press("right", "right")  # easy → normal → hard
        await pilot.press("left")  # normal
        await go_to(pilot, "name")
        await pilot.press("enter")
        assert isinstance(app.screen, NameScreen)
        await pilot.press("O", "l", "g", "a", "enter")
        assert isinstance(app.screen, StartScreen)
        assert "‹ Olga ›" in screen_text(app)
        await start_the_game(pilot)  # wraps round from the bottom
        game = app.session.game
        assert game.preset == "family" and game.rules.players == 4
        assert game.names[0] == "Olga"
        assert app.session.levels == {1: "easy", 2: "normal", 3: "easy"}

    again = start_app(host=host)
    async with again.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        text = screen_text(again)
        assert "‹ Family home rules ›" in text and "‹ 4 ›" in text and "‹ Olga ›" in text
        assert "Vera plays" in text
        assert isinstance(again.screen, StartScreen)
        assert again.screen.choices.levels[:3] == ["easy", "normal", "easy"]


async def test_the_players_follow_the_preset_until_changed(host: Host) -> None:
    app = start_app(host=host)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await go_to(pilot, "preset")
        await pilot.press("right", "right", "right")  # classic → family → online → two-player
        assert "‹ 2 ›" in screen_text(app)
        assert "Boris plays" not in screen_text(app)
        await pilot.press("right")  # four-player
        assert "‹ 4 ›" in screen_text(app)


@pytest.mark.long
async def test_the_language_changes_the_screen_and_the_game(host: Host) -> None:
    app = start_app(host=host)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await go_to(pilot, "lang")
        await choose_language(pilot, "Русский")
        await pilot.pause()  # the footer's keys, made again in the new language
        text = screen_text(app)
        assert "Начать новую партию" in text and "‹ Русский ›" in text
        assert "Выход" in text  # the footer too
        assert "бочка на 880" in text  # the preset's description, below the list
        listed = app.screen.query_one(ChoiceList)
        assert listed.current is not None and listed.current.id == "lang"
        await start_the_game(pilot)
        assert app.session.game.names == ("Вы", "Анна", "Борис")
        assert "Кон 1" in screen_text(app)


@pytest.mark.long
async def test_a_name_is_checked_and_esc_keeps_the_old_one(host: Host) -> None:
    app = start_app(host=host)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await go_to(pilot, "name")
        await pilot.press("enter", "A", "escape")
        assert isinstance(app.screen, StartScreen)
        assert "‹ You ›" in screen_text(app)
        await pilot.press("enter")
        app.screen.query_one("#name-input").value = "bad\x07name"  # type: ignore[attr-defined]
        await pilot.press("enter")
        assert isinstance(app.screen, NameScreen)
        assert "A name of letters, digits and spaces" in screen_text(app)


@pytest.mark.long
async def test_an_unfinished_game_is_listed_and_continued(host: Host) -> None:
    first = create_app(TableSetup.of(seed=5, pace=0, lang="ru", host=host))
    async with first.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("1")  # pass: a game with a decision of yours is one to continue
        await settle(pilot)
        path = first.session.path
    assert path is not None
    app = start_app(host=host)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        text = screen_text(app)
        assert "Continue a game:" in text
        assert "Classic · deal 1" in text
        assert "Вы 0 · Анна (easy) 0 · Борис (easy) 0" in text
        await go_to(pilot, "saved-0")
        await pilot.press("enter")
        await settle(pilot)
        assert app.session.resumed and app.session.path == path
        assert app.t.lang == "ru"  # the game's own language
        # Again, after the game continued: the same table, a new game.
        await app.again()
        await settle(pilot)
        assert not app.session.resumed and app.session.path != path
        assert app.session.game.names == ("Вы", "Анна", "Борис")
        assert app.session.game.seed == 6


async def test_the_conventions_of_the_chosen_preset(host: Host) -> None:
    app = start_app(host=host)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await go_to(pilot, "preset")
        await pilot.press("right", "c")
        assert isinstance(app.screen, ConventionsScreen)
        assert "Family" in screen_text(app)
        await pilot.press("escape")
        assert isinstance(app.screen, StartScreen)
        await go_to(pilot, "rules")
        await pilot.press("enter")
        assert isinstance(app.screen, ConventionsScreen)
        await pilot.press("question_mark")  # help over it; no score sheet before a game
        await pilot.press("s")
        assert "Score sheet" not in screen_text(app)


@pytest.mark.parametrize("keys", [["q"], ["ctrl+c"], ["question_mark", "q"]])
async def test_quit_leaves_no_game_behind_and_keeps_the_choices(
    tmp_path: Path, keys: list[str], host: Host
) -> None:
    app = start_app(host=host)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await go_to(pilot, "players")
        await pilot.press("right")
        await pilot.press(*keys)
        await pilot.pause()
    assert app.return_code == 0
    assert not app.has_game
    assert not list(tmp_path.rglob("*.jsonl"))
    assert Choices.read(choices_path(host)) == Choices(preset="classic", players=4)


@pytest.mark.long
async def test_a_hosts_whitelist_and_levels(host: Host) -> None:
    offer = StartOffer.parse("family,two-player", "normal")
    Choices(preset="classic", levels=["hard"] * 3).write(choices_path(host))
    app = start_app(offer, host=host)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        text = screen_text(app)
        assert "‹ Family home rules ›" in text and "normal (set by the server)" in text
        await go_to(pilot, "level-1")
        await pilot.press("right")
        assert "‹ hard ›" not in screen_text(app)
        await go_to(pilot, "preset")
        await pilot.press("right")
        assert "‹ Two players ›" in screen_text(app) or "Two" in screen_text(app)
        await pilot.press("right")
        assert "Family" in screen_text(app)
        await start_the_game(pilot)
        assert app.session.game.preset == "family"
        assert set(app.session.levels.values()) == {"normal"}


@pytest.mark.long
async def test_clicks_change_a_setting_and_start_the_game(host: Host) -> None:
    app = start_app(host=host)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        listed = app.screen.query_one(ChoiceList)
        row = line_ids(app).index("players")
        await pilot.click(listed, offset=(4, row))
        assert "‹ 4 ›" in screen_text(app)
        await pilot.click("KeyFooter", offset=(2, 0))  # "↑↓ Move": one line down
        assert listed.current is not None and listed.current.id == "level-1"
        await pilot.click(listed, offset=(4, line_ids(app).index("start")))
        await settle(pilot)
        assert isinstance(app.table, TableScreen)
        assert app.session.game.rules.players == 4


@pytest.mark.parametrize(
    ("argv", "starts_screen"),
    [
        ([], True),
        (["--lang", "ru", "--ascii", "--pace", "0"], True),
        (["--seed", "3"], False),
        (["--preset", "family"], False),
        (["--name", "Olga"], False),
        (["--resume"], False),
    ],
)
def test_game_flags_start_a_game_at_once(argv: list[str], starts_screen: bool) -> None:
    options = table_flags(build_parser("play").parse_args(["play", *argv]))
    assert (start_offer(options) is not None) == starts_screen


def test_a_bad_offer_is_refused_before_the_screen_opens() -> None:
    options = table_flags(
        build_parser("play").parse_args(["play", "--offer", "house=/no/such.yaml"])
    )
    with pytest.raises(ValueError, match="such"):
        start_offer(options)


def test_unreadable_choices_are_ignored(tmp_path: Path) -> None:
    path = tmp_path / "start.json"
    path.write_text("{not json", encoding="utf-8")
    assert Choices.read(path) is None
    path.write_text(
        json.dumps({"preset": 7, "players": 9, "levels": ["godlike"], "name": "x" * 40}),
        encoding="utf-8",
    )
    choices = Choices.read(path)
    assert choices == Choices()


@pytest.mark.long
async def test_a_game_chosen_as_the_start_screen_fits_a_new_size_goes_to_the_table(
    host: Host,
) -> None:
    """A terminal resized just before Enter: the start screen's fit to the new size comes
    after its drawing, by which time the table has replaced it. Nothing is left to fit."""
    app = start_app(host=host)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert isinstance(screen, StartScreen)
        await pilot.resize_terminal(100, 30)
        screen.call_after_refresh(screen.fit_list)  # as `on_resize` asks
        app.open_table(TableSetup.of(seed=3, pace=0, host=host))
        await settle(pilot)
        assert app.screen is app.table or isinstance(app.screen, AuctionScreen)
        await pilot.press("q", "y")
    assert app.return_code == 0


@pytest.mark.long
async def test_game_over_offers_again_and_the_start_screen(host: Host) -> None:
    from thousand_tui.tui.screens.end import GameOverScreen

    from .helpers import STRONG, about_to_win, win_the_game

    app = start_app(host=host)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        # What the start screen's Enter does, with a game about to be won.
        app.open_table(
            TableSetup.of(seed=3, pace=0, deals={1: STRONG}, start=about_to_win(), host=host)
        )
        await win_the_game(pilot)
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, GameOverScreen)
        await until(pilot, "the game over screen's keys", lambda: "a Again" in screen_text(app))
        assert "n Start screen" in screen_text(app)
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, StartScreen)
        assert not app.has_game
        await pilot.press("enter")
        await settle(pilot)
        assert app.session.game.match.scores == (0, 0, 0)


@pytest.mark.long
async def test_no_start_screen_after_a_game_started_by_flags(host: Host) -> None:
    from thousand_tui.tui.screens.end import GameOverScreen

    app = create_app(TableSetup.of(seed=3, pace=0, host=host))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.push_screen(GameOverScreen(app.session.game, app.t))
        await until(pilot, "the game over screen's keys", lambda: "a Again" in screen_text(app))
        assert "Start screen" not in screen_text(app)
        await pilot.press("n")
        assert isinstance(app.screen, GameOverScreen)


def test_a_hosted_player_keeps_the_choices_in_their_own_folder(tmp_path: Path, host: Host) -> None:
    assert choices_path(host) == tmp_path / "host-config" / "start.json"
    own = tmp_path / "players" / "key-olga"
    assert choices_path(replace(host, hosted=True, data=own)) == own / "start.json"


async def test_a_named_hosted_player_gets_the_hosts_start_screen_with_her_name(
    tmp_path: Path, host: Host
) -> None:
    """What `thousand ssh-session` runs for a key with a name and no preset: the start screen
    of the host's presets, under her name; never a game of another preset at once."""
    from thousand_tui.tui import table_setup

    olga = replace(host, hosted=True, data=tmp_path / "players" / "key-olga")
    argv = ["play", "--name=Olga", "--offer", "family,two-player"]
    options = replace(table_flags(build_parser().parse_args(argv)), host=olga)  # as `cli.main`
    setup, offer = table_setup(options)
    assert setup.host == olga
    assert offer is not None and offer.names == ["family", "two-player"]
    assert setup.name == "Olga"
    app = create_app(setup, start=offer)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, StartScreen)
        text = screen_text(app)
        assert "Olga" in text and "‹ Family home rules ›" in text
    # Without --offer, a name still starts a game at once (`thousand --name Olga`).
    assert start_offer(table_flags(build_parser().parse_args(["play", "--name=Olga"]))) is None


@pytest.mark.long
async def test_a_person_named_like_an_ai_player_in_other_letters_plays_against_others(
    host: Host,
) -> None:
    app = start_app(host=host)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert "Boris plays" in screen_text(app)
        await go_to(pilot, "name")
        await pilot.press("enter")
        await pilot.press(*"boris", "enter")
        text = screen_text(app)
        assert "‹ boris ›" in text and "Vera plays" in text and "Boris plays" not in text
        await start_the_game(pilot)
        assert app.session.game.names == ("boris", "Anna", "Vera")


async def test_a_hosts_levels_for_three_players_only(host: Host) -> None:
    offer = StartOffer.parse("two-player,classic", "easy,normal")
    app = start_app(offer, host=host)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        text = screen_text(app)
        assert "‹ Two players ›" in text and "  3" in text  # the host's levels are for three
        assert "Boris plays       normal (set by the server)" in text
        await start_the_game(pilot)
        assert app.session.game.rules.players == 3
        assert app.session.levels == {1: "easy", 2: "normal"}


@pytest.mark.long
async def test_hints_turned_off_on_the_start_screen_stay_off(host: Host) -> None:
    app = start_app(host=host)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert "‹ on ›" in screen_text(app)
        await go_to(pilot, "hints")
        await pilot.press("right")
        assert "‹ off ›" in screen_text(app)
        await start_the_game(pilot)
        assert not app.setup.hints
        assert not app.table.check_action("hint", ())  # the key is not offered
    assert json.loads(choices_path(host).read_text(encoding="utf-8"))["hints"] is False

    again = start_app(host=host)
    async with again.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert "‹ off ›" in screen_text(again)


def seeking(monkeypatch: pytest.MonkeyPatch) -> list[SharedChoice]:
    """The shared tables the app goes to seek a seat at (none sought here: the tables' tests
    take the seats, with a service of their own)."""
    sought: list[SharedChoice] = []
    monkeypatch.setattr(ThousandApp, "seek_seat", lambda _app, choice: sought.append(choice))
    return sought


async def test_open_a_shared_table_from_the_start_screen(
    monkeypatch: pytest.MonkeyPatch, host: Host
) -> None:
    sought = seeking(monkeypatch)
    app = start_app(host=host)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await go_to(pilot, "level-1")
        await pilot.press("right")  # Anna: normal
        await go_to(pilot, "open-table")
        await pilot.press("enter")
        await pilot.pause()
    choice = app.shared_choice
    assert sought == [choice]
    assert choice is not None and choice.kind == "open"
    assert choice.level == "normal"
    assert choice.setup.preset is not None and choice.setup.preset.name == "classic"


@pytest.mark.long
async def test_join_a_shared_table_asks_for_its_code(
    monkeypatch: pytest.MonkeyPatch, host: Host
) -> None:
    from thousand_tui.tui.screens.start import CodeScreen

    sought = seeking(monkeypatch)
    app = start_app(host=host)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await go_to(pilot, "join-table")
        await pilot.press("enter")
        assert isinstance(app.screen, CodeScreen)
        await pilot.press(*"../etc", "enter")
        assert "Not a table's code" in screen_text(app)
        assert app.shared_choice is None
        app.screen.query_one("#code-input").value = "k7qm-2p"  # type: ignore[attr-defined]
        await pilot.press("enter")
        await pilot.pause()
    choice = app.shared_choice
    assert sought == [choice]
    assert choice is not None and choice.kind == "join" and choice.code == "K7QM2P"


async def test_no_shared_table_lines_over_ssh(host: Host) -> None:
    app = start_app(host=replace(host, hosted=True))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert "open-table" not in line_ids(app) and "join-table" not in line_ids(app)


@pytest.mark.long
async def test_the_start_screen_offers_polish_and_a_game_in_it(host: Host) -> None:
    app = start_app(host=host)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await go_to(pilot, "lang")
        await choose_language(pilot, "Polski")
        text = screen_text(app)
        assert "Zacznij nową partię" in text and "‹ Polski ›" in text
        await start_the_game(pilot)
        assert app.session.game.names == ("Ty", "Anna", "Bartek")
        assert "Rozdanie 1" in screen_text(app)


@pytest.mark.long
async def test_a_language_flag_is_for_its_run_and_the_screens_choice_is_remembered(
    host: Host,
) -> None:
    """`thousand --lang pl` opens the start screen in Polish without changing the language
    a plain `thousand` opens in; a language chosen on the screen is remembered."""
    Choices(preset="classic", lang="ru").write(choices_path(host))
    app = start_app(StartOffer.shipped("pl"), lang="pl", host=host)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert "‹ Polski ›" in screen_text(app)
        await start_the_game(pilot)
        assert app.t.lang == "pl"
    assert Choices.read(choices_path(host)) == Choices(preset="classic", lang="ru")
    app = start_app(StartOffer.shipped("pl"), lang="pl", host=host)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await go_to(pilot, "lang")
        await choose_language(pilot, "Čeština")
        await start_the_game(pilot)
    kept = Choices.read(choices_path(host))
    assert kept is not None and kept.lang == "cs"
    app = start_app(host=host)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert "‹ Čeština ›" in screen_text(app)


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", "The ratings and the daily deal's board show you by it too"),
        ("ru", "Под этим именем вы и в рейтинге"),
    ],
)
async def test_the_name_dialog_says_the_boards_show_you_by_that_name(
    lang: str, words: str, host: Host
) -> None:
    """One identity everywhere: the name chosen here is the one the ratings and the day's
    board show (docs/ratings.md), and the dialog says so."""
    app = start_app(StartOffer.shipped(lang), lang=lang, host=host)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await go_to(pilot, "name")
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, NameScreen)
        shown = str(app.screen.query_one("#name-help", Static).render())
        assert words in " ".join(shown.split())
