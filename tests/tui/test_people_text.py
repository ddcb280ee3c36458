"""People's text on every screen of the table: names, a preset's title and description, chat,
a saved game's names and file, an error that quotes them, each from a hostile corpus (open and
close tags, actions, links, escape sequences, bidi and zero-width characters, wide and
combining characters, 1,000 characters). Every screen opens, shows the text as it is written
(never read as markup), and writes none of its control sequences to the terminal.

`PlainFilter`, the last guard before the terminal, is off in these tests unless said: each
screen must make the text harmless itself (`tui/plain.py`), and does."""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Awaitable, Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.screen import Screen
from textual.widgets import Input, Static

from tests.helpers.folders import short_folder
from tests.helpers.hostile import (
    CORPUS,
    MARKUP,
    UNSAFE,
    assert_nothing_unsafe,
    assert_shown,
    rotation,
    segments,
)
from tests.helpers.screen import screen_text
from tests.helpers.waiting import until
from tests.tables.helpers import at_table
from tests.tables.helpers import joined as table_joined
from tests.tables.helpers import opened as table_opened
from tests.tables.helpers import pump as table_pump
from thousand_tui.ai.analysis import Advice, DealAnalysis, Decision, Option
from thousand_tui.daily import BoardRow
from thousand_tui.engine.actions import Act, Action
from thousand_tui.engine.record import RecordedGame, decisions
from thousand_tui.plaintext import shown
from thousand_tui.priority import Host
from thousand_tui.ratings import LeaderboardRow
from thousand_tui.settings import MAX_NAME, LobbySetup, TableSetup
from thousand_tui.store.catalog import DATA_DIR_ENV, format_games, games_dir, list_games
from thousand_tui.store.index import DailyResult, index_path, open_index
from thousand_tui.tables.client import TableError
from thousand_tui.tables.wire import OpenTable
from thousand_tui.tournament import Tournament, open_tournament
from thousand_tui.tui import create_app
from thousand_tui.tui import session as session_module
from thousand_tui.tui.app import ThousandApp
from thousand_tui.tui.duplicate import DealReview, Played
from thousand_tui.tui.i18n import Translator
from thousand_tui.tui.leaderboard import daily_lines, ratings_lines
from thousand_tui.tui.plain import plain
from thousand_tui.tui.render import Palette
from thousand_tui.tui.screens.auction import AuctionScreen
from thousand_tui.tui.screens.contract import ContractScreen
from thousand_tui.tui.screens.daily_board import DailyBoardScreen
from thousand_tui.tui.screens.decision import DecisionScreen
from thousand_tui.tui.screens.duplicate import DuplicateScreen
from thousand_tui.tui.screens.end import GameOverScreen
from thousand_tui.tui.screens.exchange import ExchangeScreen
from thousand_tui.tui.screens.games import GamesScreen
from thousand_tui.tui.screens.info import AnalysisScreen, ConventionsScreen, SheetScreen
from thousand_tui.tui.screens.lobby import LobbyScreen, PresetScreen, Seated
from thousand_tui.tui.screens.lookback import LookBackScreen
from thousand_tui.tui.screens.result import DealResultScreen
from thousand_tui.tui.screens.start import StartScreen
from thousand_tui.tui.screens.table import TableScreen
from thousand_tui.tui.screens.tournament_open import TournamentOpenScreen
from thousand_tui.tui.screens.viewer import ViewerScreen
from thousand_tui.tui.shared.connection import watch_shared
from thousand_tui.tui.shared.lobby_client import Lobby
from thousand_tui.tui.startup import StartOffer
from thousand_tui.tui.tournament_words import show_lines
from thousand_tui.tui.viewing import open_game

from .helpers import STRONG, dealt, give_two, play_out_deal, settle, shown_toasts

FIELDS = 5  # your name, the two opponents', the preset's title and description
QUICK = (0, FIELDS, 2 * FIELDS)  # turns of the corpus every screen gets: each entry in a field
ALL = range(len(CORPUS))  # every entry in every field (slow)

BIG, SMALL = (120, 40), (80, 24)


@dataclasses.dataclass(frozen=True)
class Hostile:
    """The fields of one table, each with an entry of the corpus."""

    you: str
    anna: str
    boris: str
    title: str
    description: str

    @property
    def names(self) -> tuple[str, str, str]:
        return (self.you, self.anna, self.boris)

    def shown(self, field: str) -> str:
        """What the table must show of a field: a name as the table keeps it (at most 16
        characters, a record's names being a file's text); a "raw" one as it was given."""
        if field.startswith("raw "):
            return str(getattr(self, field[4:]))
        value = str(getattr(self, field))
        return shown(value, most=MAX_NAME) if field in ("you", "anna", "boris") else value


def fields(k: int) -> Hostile:
    return Hostile(*rotation(k, FIELDS))


@pytest.fixture(autouse=True)
def no_last_guard(monkeypatch: pytest.MonkeyPatch) -> None:
    """The screens alone make the text harmless: the app's last guard is off."""
    original = ThousandApp.__init__

    def without_filter(self: ThousandApp, *args: Any, **kwargs: Any) -> None:
        original(self, *args, **kwargs)
        self.plain_filter.enabled = False

    monkeypatch.setattr(ThousandApp, "__init__", without_filter)


def hostile_app(
    monkeypatch: pytest.MonkeyPatch,
    text: Hostile,
    preset: str = "classic",
    *,
    host: Host,
    **settings: Any,
) -> ThousandApp:
    """A table whose every name, title and description is hostile: as a record or another
    program could hand them over, past every check at the door."""
    setup = TableSetup.of(preset, **{"seed": 11, "pace": 0, "host": host, **settings})
    assert setup.preset is not None
    loaded = dataclasses.replace(
        setup.preset, title={"en": text.title}, description={"en": text.description}
    )
    monkeypatch.setattr(session_module, "opponent_names", lambda lang, you: [text.anna, text.boris])
    return create_app(dataclasses.replace(setup, preset=loaded, name=text.you))


def check(app: ThousandApp, *shown_texts: str) -> str:
    """The screen is up, shows each of `shown_texts` as written, and writes nothing unsafe."""
    assert app.is_running
    screen = screen_text(app)
    for text in shown_texts:
        assert_shown(screen, text)
    assert_nothing_unsafe(app)
    return screen


async def auction(pilot: Pilot[Any]) -> None:
    await settle(pilot)
    assert isinstance(pilot.app.screen, AuctionScreen)


async def table(pilot: Pilot[Any]) -> None:
    await auction(pilot)
    await pilot.press("escape")  # the auction put away: the table alone
    await pilot.pause()
    assert isinstance(pilot.app.screen, TableScreen)


async def exchange(pilot: Pilot[Any]) -> None:
    await auction(pilot)
    await pilot.press("2")  # bid 105, and win the auction
    await settle(pilot)
    assert isinstance(pilot.app.screen, ExchangeScreen)


Step = Callable[[Pilot[Any], "Hostile"], Awaitable[None]]


def table_app_of(pilot: Pilot[Any]) -> ThousandApp:
    app = pilot.app
    assert isinstance(app, ThousandApp)
    return app


async def over(pilot: Pilot[Any], screen: Screen[Any]) -> None:
    table_app_of(pilot).push_screen(screen)
    await pilot.pause()


def key(*keys: str) -> Step:
    async def press(pilot: Pilot[Any], _: Hostile) -> None:
        await pilot.press(*keys)
        await settle(pilot)

    return press


def step(way: Callable[[Pilot[Any]], Awaitable[None]]) -> Step:
    async def go(pilot: Pilot[Any], _: Hostile) -> None:
        await way(pilot)

    return go


async def analysis(pilot: Pilot[Any], text: Hostile) -> None:
    """The analysis page, its lines naming the players as they were given (raw)."""
    app = table_app_of(pilot)
    names = text.names
    lines = [f"Deal 1: {names[0]} bid 100", *(f"{name} could have made 120" for name in names)]
    await over(pilot, AnalysisScreen([1], lambda _: lines, app.t, app.palette))


async def note(pilot: Pilot[Any], text: Hostile) -> None:
    """A note that quotes every name as it was given, as an error quoting input would."""
    app = table_app_of(pilot)
    app.notify(" / ".join(text.names), severity="error", timeout=30)
    await shown_toasts(pilot)


async def game_over(pilot: Pilot[Any], _: Hostile) -> None:
    app = table_app_of(pilot)
    await over(pilot, GameOverScreen(app.session.game, app.t, seat=1))  # Anna won


async def back(pilot: Pilot[Any], _: Hostile) -> None:
    """The page or note opened over the table closed again."""
    app = table_app_of(pilot)
    app.clear_notifications()
    if app.screen is not app.table:
        app.pop_screen()
    await pilot.pause()


# A game from its first decision to the score sheet after its first deal, and every page and
# dialog on the way: what each step opens, its screen, and the fields that screen shows.
JOURNEY: list[tuple[Step, type[Screen[Any]] | None, tuple[str, ...]]] = [
    (step(settle), AuctionScreen, ("anna", "boris")),
    (key("escape"), TableScreen, ("you", "anna", "boris", "title")),
    (key("v"), LookBackScreen, ("anna", "boris")),
    (back, TableScreen, ()),
    (key("c"), ConventionsScreen, ("title", "description")),
    (back, TableScreen, ()),
    (analysis, AnalysisScreen, ("raw you", "raw anna", "raw boris")),
    (back, TableScreen, ()),
    (note, TableScreen, ("raw you", "raw anna", "raw boris")),
    (back, TableScreen, ()),
    (game_over, GameOverScreen, ("anna",)),
    (back, TableScreen, ()),
    (key("enter"), AuctionScreen, ()),
    (key("2"), ExchangeScreen, ("anna", "boris")),
    (step(give_two), ContractScreen, ()),
    (key("1"), None, ()),
    (step(play_out_deal), DealResultScreen, ("you", "anna", "boris")),
    (key("s"), SheetScreen, ("you", "anna", "boris")),
]


def turns(quick: tuple[int, ...], every: range) -> list[Any]:
    """`every` turn of the corpus, those not `quick` marked slow."""
    slow = [pytest.mark.slow]
    return [pytest.param(k, marks=[] if k in quick else slow) for k in every]


@pytest.mark.long
@pytest.mark.parametrize("k", turns(QUICK, ALL))
async def test_every_screen_of_the_table_shows_hostile_text_as_written(
    monkeypatch: pytest.MonkeyPatch, k: int, host: Host
) -> None:
    """The table, the auction, the talon, the contract, the deal's result, the score sheet,
    looking back, the conventions, the analysis, a note and the game's end, with every field
    of the table hostile (at 120x40, and every other turn at 80x24)."""
    text = fields(k)
    app = hostile_app(monkeypatch, text, deals={1: STRONG}, host=host)
    async with app.run_test(size=SMALL if k % 2 else BIG, notifications=True) as pilot:
        for way, screen, shows in JOURNEY:
            await way(pilot, text)
            if screen is not None:
                assert isinstance(app.screen, screen), (screen, screen_text(app))
                check(app, *(text.shown(field) for field in shows))


REDEAL = dealt(["9S 9C 9D AH TH KH QH", "AS TS KS QS JS 9H JH", "AC TC KC QC JC AD TD"], "JD QD KD")
DARK = dealt(["AH TH KH QH AS TS AC", "9H JH TD JD KS QS JS", "9S 9C JC QC KC TC AD"], "9D QD KD")


@pytest.mark.parametrize(
    ("kind", "settings"),
    [
        ("redeal", {"deals": {1: REDEAL}}),
        ("dark", {"deals": {1: DARK}, "first_dealer": 2}),
    ],
)
@pytest.mark.parametrize("k", QUICK)
async def test_the_redeal_and_the_dark_offers_under_hostile_names(
    monkeypatch: pytest.MonkeyPatch, kind: str, settings: dict[str, Any], k: int, host: Host
) -> None:
    text = fields(k)
    app = hostile_app(monkeypatch, text, "family", seed=5, **settings, host=host)
    async with app.run_test(size=SMALL) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, DecisionScreen) and app.screen.kind == kind
        check(app, text.title)


async def test_the_text_of_the_issue_is_shown_as_it_is_written(
    monkeypatch: pytest.MonkeyPatch,
    host: Host,
) -> None:
    """`--name '[/x]'` ended the game at its first paint, `[PL] Bartek` lost its tag, a
    right-to-left override turned the rest of the line around."""
    text = Hostile("[/x]", "[PL] Bartek", "Zoë \u202eabc", "[link=https://x]T[/link]", "[/b]")
    app = hostile_app(monkeypatch, text, deals={1: STRONG}, host=host)
    async with app.run_test(size=SMALL) as pilot:
        await table(pilot)
        screen = check(app)
        hand = app.screen.query_one("#hand")
        assert str(hand.border_title).startswith("\\[/x] · 0")  # the markup of plain text
        assert "[/x] · 0 · dealer" in screen
        assert "[PL] Bartek" in screen and "Zoë abc" in screen
        assert "[link=https://x]T[/link]" in screen  # the title, at the top
        for segment in segments(app):
            assert not segment.style or not segment.style.link  # nothing made a link
            assert not (segment.style and segment.style.meta.get("@click"))


# ---------------------------------------------------------------------- the start screen


def hostile_preset(folder: Path, title: str, description: str) -> Path:
    """A preset file of one's own, with a title and description of markup (what a file may
    hold: printable text)."""
    path = folder / "mine.yaml"
    path.write_text(
        f"extends: classic\ntitle: {title!r}\n".replace("'", '"')
        + f"description: {description!r}\n".replace("'", '"'),
        encoding="utf-8",
    )
    return path


@pytest.mark.long
@pytest.mark.parametrize("k", QUICK)
async def test_the_start_screen_shows_a_hostile_preset_name_and_saved_game(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, k: int, host: Host
) -> None:
    text = fields(k)
    # A saved game of hostile players, as another program could have written it.
    app = hostile_app(monkeypatch, text, deals={1: STRONG}, host=host)
    async with app.run_test(size=SMALL) as pilot:
        await exchange(pilot)  # a decision made: the game may be continued
    app.session.close()
    title, description = (MARKUP[(k // FIELDS + i) % len(MARKUP)] for i in (0, 1))
    preset = hostile_preset(tmp_path, title, description)
    offer = StartOffer({"classic": "classic", "mine": str(preset)})
    start = create_app(TableSetup(pace=0, name=None, host=host), start=offer)
    async with start.run_test(size=BIG) as pilot:
        await pilot.pause()
        assert isinstance(start.screen, StartScreen)
        check(start, *(name[:15] for name in text.names))  # a saved game's name: 16 at most
        await pilot.press("down", "right")  # the preset of one's own
        await pilot.pause()
        check(start, title, description)
        # A name typed in, of markup: the list shows it as typed.
        start.screen.choices.name = "[/x] [b]"
        start.screen.redraw()
        await pilot.pause()
        check(start, "[/x] [b]")


# ---------------------------------------------------------------------- the lobby


@pytest.mark.long_variants
@pytest.mark.parametrize("k", QUICK)
async def test_the_lobby_shows_hostile_tables_presets_and_errors_as_written(
    k: int, host: Host
) -> None:
    """What a table service sends (one of another version, or a preset's title that passed no
    check): the lobby lists it, offers it and says it as it is written."""
    text = fields(k)
    titles = (text.title, text.description, text.you)
    listed = tuple(
        OpenTable(f"C{i}{title[:4]}", f"mine{i}", title, 3, 1, 0, 2, 12.0, 30.0)
        for i, title in enumerate(titles)
    )
    lobby = Lobby(LobbySetup(TableSetup.of(pace=0.0, host=host), {"classic": "classic"}))
    lobby.tables = lambda: listed  # type: ignore[method-assign]
    lobby.preset_titles = lambda: [(f"p{i}", t) for i, t in enumerate(titles)]  # type: ignore[method-assign]
    app = create_app(lobby.setup.table, lobby=lobby)
    async with app.run_test(size=SMALL if k % 2 else BIG, notifications=True) as pilot:
        await until(
            pilot,
            "the lobby's tables",
            lambda: isinstance(app.screen, LobbyScreen) and app.screen.tables,
            shown=lambda: screen_text(app),
        )
        check(app, *(title[:12] for title in titles))  # the column is as wide as it has room
        await pilot.press("o")
        await pilot.pause()
        assert isinstance(app.screen, PresetScreen)
        check(app, *(title[:12] for title in titles))
        app.pop_screen()
        await pilot.pause()
        lobby_screen = app.screen
        assert isinstance(lobby_screen, LobbyScreen)

        def refused() -> tuple[OpenTable, ...]:
            raise TableError(f"the service says: {text.anna}")

        lobby.tables = refused  # type: ignore[method-assign]
        lobby_screen.read_tables()
        lobby_screen.post_message(Seated(None, f"no seat for {text.you}"))
        await shown_toasts(pilot)
        await until(pilot, "the service's refusal", lambda: lobby_screen.problem is not None)
        check(app, text.you, text.anna)


# ---------------------------------------------------------------------- boards and lists


@pytest.mark.parametrize("k", QUICK)
async def test_the_daily_board_ratings_and_games_list_show_hostile_names(
    monkeypatch: pytest.MonkeyPatch, k: int, host: Host
) -> None:
    text = fields(k)
    app = hostile_app(monkeypatch, text, deals={1: STRONG}, host=host)
    rows = [BoardRow(f"p{i}", name, 10 - i, (10 - i,)) for i, name in enumerate(text.names)]
    lines = daily_lines(rows, app.t, "2026-12-05", "classic")
    async with app.run_test(size=SMALL) as pilot:
        await exchange(pilot)  # a decision made: the game is listed
        app.push_screen(DailyBoardScreen(lines, app.t))
        await pilot.pause()
        check(app, *(name[:19] for name in text.names))  # the board cuts a name at 20 cells
    app.session.close()
    # `thousand ratings` and `thousand games`: what they print to the terminal.
    leaders = [
        LeaderboardRow(i + 1, f"p{i}", name, None, 1500.0 - i, 60.0, 0.06, 10, None, False)
        for i, name in enumerate(text.names)
    ]
    games = format_games(list_games(games_dir(host.data_dir)), Path("."))
    for printed in ("\n".join(ratings_lines(leaders, app.t)), "\n".join(lines), games):
        assert not any(ch in printed for ch in "\x1b\x9b\x9d\x07\u202e\u200b")
    for name in text.names:
        assert_shown(games, name[:15])


@pytest.mark.long_variants
@pytest.mark.parametrize("k", QUICK)
async def test_the_games_screen_shows_hostile_names_as_written(
    monkeypatch: pytest.MonkeyPatch, k: int, host: Host
) -> None:
    """`thousand games` in a terminal: the saved games' names as the records hold them."""
    text = fields(k)
    app = hostile_app(monkeypatch, text, deals={1: STRONG}, host=host)
    async with app.run_test(size=SMALL) as pilot:
        await exchange(pilot)  # a decision made: the game is listed
    app.session.close()
    folder = games_dir(host.data_dir)
    saves = list_games(folder)
    listed = create_app(TableSetup(pace=0, host=host), view=lambda: GamesScreen(saves, folder))
    async with listed.run_test(size=BIG) as pilot:
        await pilot.pause()
        assert isinstance(listed.screen, GamesScreen)
        check(listed, *(name[:15] for name in text.names))


# ---------------------------------------------------------------------- what the commands print


def hostile_record(monkeypatch: pytest.MonkeyPatch, text: Hostile, host: Host) -> Path:
    """A record of two deals whose names are hostile, as a program could write it."""
    from thousand_tui.ai import make_player
    from thousand_tui.tui.session import new_session

    setup = TableSetup.of(seed=3, pace=0, host=host)
    monkeypatch.setattr(session_module, "opponent_names", lambda lang, you: [text.anna, text.boris])
    session = new_session(dataclasses.replace(setup, name=text.you))
    game = session.game
    players = {seat: make_player("easy", 100 + seat) for seat in range(3)}
    while len(game.results) < 2:
        seat = game.to_move
        assert seat is not None
        game.apply(players[seat].decide(game.view(seat)))
    session.close()
    assert session.path is not None
    return session.path


COMMANDS = [["games"], ["stats"], ["replay", "{file}"], ["ratings"]]


@pytest.mark.parametrize(
    "command",
    [
        *COMMANDS,
        pytest.param(["analyze", "{file}", "--deal", "1"], marks=pytest.mark.slow),
    ],
    ids=lambda command: command[0],
)
def test_what_the_commands_print_of_a_hostile_record_holds_no_escape(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    command: list[str],
    host: Host,
) -> None:
    from thousand_tui.cli import main

    text = Hostile("Ev\x1b]52;c;aGk=\x07e [/x]", "Zoë \u202eabc", "T\x1b]0;pwned\x07", "", "")
    path = hostile_record(monkeypatch, text, host=host)
    capsys.readouterr()
    assert main([part.format(file=path) for part in command], host) == 0
    printed = capsys.readouterr()
    for out in (printed.out, printed.err):
        assert UNSAFE.search(out.replace("\n", "")) is None, out
    if command[0] == "games":
        assert "Ev\ufffd]52;c;aGk=" in printed.out
    if command[0] in ("games", "analyze"):
        assert "Zoë abc" in printed.out


# ---------------------------------------------------------------------- the last guard


@pytest.mark.long
async def test_the_last_guard_keeps_controls_from_the_terminal_whatever_shows_them(
    monkeypatch: pytest.MonkeyPatch,
    host: Host,
) -> None:
    """A text put on the screen past `plain` (as a widget of tomorrow might): the line filter
    drops its controls and bidi characters before the terminal sees them."""
    app = create_app(TableSetup.of(seed=11, pace=0, deals={1: STRONG}, host=host))
    async with app.run_test(size=SMALL) as pilot:
        await table(pilot)
        raw = Static(" ".join(text for text in CORPUS if len(text) < 40), markup=False)
        app.screen.mount(raw)
        await pilot.pause()
        with pytest.raises(AssertionError):
            assert_nothing_unsafe(app)  # past `plain`, without the guard: it gets through
        app.plain_filter.enabled = True
        app.screen.refresh()
        await pilot.pause()
        assert_nothing_unsafe(app)
        assert "[/x]" in screen_text(app)


def test_plain_keeps_the_styles_of_a_text_and_shows_controls_as_one_cell() -> None:
    from rich.text import Text

    line = Text("Bid: ")
    line.append("Ev\x1b]52;c;aGk=\x1be", style="bold")
    line.append(" [/x]\u202e!", style="italic")
    out = plain(line)
    assert out.plain == "Bid: Ev\ufffd]52;c;aGk=\ufffde [/x]!"
    assert [(out.plain[s.start : s.end], s.style) for s in out.spans] == [
        ("Ev\ufffd]52;c;aGk=\ufffde", "bold"),
        (" [/x]!", "italic"),
    ]
    assert plain("[b]x[/b]").plain == "[b]x[/b]" and not plain("[b]x[/b]").spans
    assert shown("a\tb\nc", lines=True) == "a b\nc" and shown("a\nb") == "a b"
    assert shown("x" * 1000, most=10) == "x" * 9 + "…"


# ---------------------------------------------------------------------- the club's screens


def record_named(monkeypatch: pytest.MonkeyPatch, text: Hostile, host: Host) -> Path:
    """`hostile_record`, its preset's name hostile too (a record is a file's text)."""
    path = hostile_record(monkeypatch, text, host=host)
    lines = path.read_text(encoding="utf-8").rstrip("\n").split("\n")
    header = {**json.loads(lines[0]), "preset": text.title}
    path.write_text("\n".join([json.dumps(header), *lines[1:]]) + "\n", encoding="utf-8")
    return path


@pytest.mark.usefixtures("quick_analysis")
@pytest.mark.parametrize("k", QUICK)
async def test_the_viewer_shows_a_records_hostile_names_and_preset_as_written(
    monkeypatch: pytest.MonkeyPatch, k: int, host: Host
) -> None:
    text = fields(k)
    path = record_named(monkeypatch, text, host=host)
    viewed = open_game(path, Translator("en"), Palette())
    app = create_app(TableSetup.of(pace=0, host=host), view=lambda: ViewerScreen(viewed))
    async with app.run_test(size=SMALL if k % 2 else BIG) as pilot:
        await pilot.pause()
        for key in ("right", "end"):
            await pilot.press(key)
            await pilot.pause()
            assert isinstance(app.screen, ViewerScreen)
            check(app, text.shown("anna")[:12], text.shown("boris")[:12])


def costly_first_decision(lines: list[dict[str, Any]], seat: int, number: int) -> DealAnalysis:
    """Deal `number`'s analysis, made at once: the seat's first decision cost 12 points (the
    advice line then names the player). The search itself is the coach's tests' to check."""
    first = next(
        action
        for game, action in decisions(RecordedGame(lines))
        if game.deal.number == number and action.seat == seat
    )
    best = Option((Action(seat, Act.PASS),), 5.0)
    advice = Advice(seat, "bid", best, (best, Option((first,), -7.0)), 100, False)
    analysis = DealAnalysis(number, seat, None, None, None, None, None)
    analysis.decisions.append(Decision(0, "auction", (first,), advice, 12.0))
    return analysis


@pytest.fixture
def quick_analysis(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ViewerScreen, "analyser", staticmethod(costly_first_decision))
    monkeypatch.setattr(DuplicateScreen, "analyser", staticmethod(costly_first_decision))


def hostile_review(text: Hostile) -> list[DealReview]:
    """A deal's review whose players' names are hostile (as the club's index could hold)."""
    from thousand_tui.simulate import play_game

    lines: list[dict[str, Any]] = []
    play_game(TableSetup.of("classic").preset.rules, 7, ["easy"] * 3, sink=lines.append,  # type: ignore[union-attr]
              max_deals=1)  # fmt: skip
    cut = next(i for i, line in enumerate(lines) if line["type"] == "result") + 1
    deal = lines[:cut]
    plays = (
        Played("you", text.you, deal, 40, None),
        Played("hard", "hard", deal, 60, None),
        Played("key-x", text.anna, deal, 80, None),
    )
    return [DealReview(1, plays)]


@pytest.mark.usefixtures("quick_analysis")
@pytest.mark.parametrize("k", QUICK)
async def test_the_duplicate_review_shows_hostile_names_and_title_as_written(
    monkeypatch: pytest.MonkeyPatch, k: int, host: Host
) -> None:
    text = fields(k)
    reviews = hostile_review(text)
    title = f"Tournament «{text.title}»"
    app = create_app(TableSetup.of(pace=0, host=host), view=lambda: DuplicateScreen(reviews, title))
    async with app.run_test(size=SMALL if k % 2 else BIG) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, DuplicateScreen)
        check(app, text.shown("raw you")[:10], text.shown("raw anna")[:10])
        await pilot.press("down")
        await pilot.pause()
        check(app)


@pytest.mark.long_variants
@pytest.mark.parametrize("k", QUICK)
async def test_a_tournaments_standings_show_hostile_names_as_written(
    base_folder: Path, k: int, host: Host
) -> None:
    """Its name is printable text (the only kind `open` takes: markup, links); its entrants'
    names are as the club's index holds them (any corpus entry)."""
    text = fields(k)
    name = next(entry for entry in CORPUS[k:] + CORPUS if entry in MARKUP and len(entry) <= 24)
    spec = open_tournament(name, "classic", 2, "now", "+2h", base=base_folder)
    with open_index(index_path(base_folder)) as index:
        day = Tournament.of(spec, base_folder)
        index.add_daily_results(
            [
                DailyResult(day.date, "classic", "key-a", 1, 50, 0),
                DailyResult(day.date, "classic", "key-b", 1, -20, 0),
            ]
        )
        index._db.execute("INSERT INTO players VALUES ('key-a', ?, '/a')", (text.anna,))
        index._db.execute("INSERT INTO players VALUES ('key-b', ?, '/b')", (text.boris,))
        t = Translator("en")
        lines = show_lines(spec, index, t, "key-a", False, base_folder)
    printed = "\n".join(lines)
    assert UNSAFE.search(printed.replace("\n", "")) is None, printed
    assert_shown(printed, name)
    # The lobby's line on it: the name as written, on the screen.
    lobby = Lobby(LobbySetup(TableSetup.of(pace=0.0, host=host), {"classic": "classic"}))
    lobby.tables = lambda: ()  # type: ignore[method-assign]
    app = create_app(lobby.setup.table, lobby=lobby)
    async with app.run_test(size=SMALL) as pilot:
        await until(
            pilot,
            "the lobby's tournaments",
            lambda: isinstance(app.screen, LobbyScreen) and app.screen.tournaments,
            shown=lambda: screen_text(app),
        )
        check(app, name)
        await pilot.press("t")  # the new tournament's dialog, a hostile name typed in it
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, TournamentOpenScreen)
        dialog.query_one("#tour-name", Input).value = name
        dialog.query_one("#tour-closes", Input).focus()
        await pilot.press("enter")
        await pilot.pause()
        check(app, name)  # taken: «name» exists already, said as written
        dialog.query_one("#tour-name", Input).value = text.you[:200]  # as pasted
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        check(app)


@pytest.fixture
def base_folder(host: Host) -> Path:
    """The data folder and the club's, of this test alone: its host's."""
    host.data_dir.mkdir(mode=0o700, parents=True, exist_ok=True)
    return host.data_dir


@pytest.fixture
def service_base(monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A data folder with a path short enough for a socket; its table service stopped after."""
    with short_folder("tt-") as folder:
        monkeypatch.setenv(DATA_DIR_ENV, str(folder))
        yield folder


@pytest.mark.long
async def test_a_watchers_view_shows_the_players_names_as_written(
    service_base: Path, host: Host
) -> None:
    """Names of markup at a shared table (what the service lets through), watched: the
    watcher's bottom panel names them as written."""
    base = service_base
    ann, bob, cat = "[/x]", "[PL] Bartek", "[@click=quit]Cat"
    first = table_opened(base, ann)
    code = first.mirror.code
    shared = watch_shared(code, name="[b]Zoe[/b]", base=base)
    app = create_app(TableSetup.of(lang="en", pace=0.0, host=host), seat=shared)
    seats = [first, table_joined(base, code, bob), table_joined(base, code, cat)]
    async with app.run_test(size=BIG) as pilot:
        await table_pump(pilot, seats, lambda: at_table(app) and "Thousand" in screen_text(app))
        for seat in seats:
            seat.hold = True
        watching = f"you watch {ann}, {bob}, {cat} play"
        await until(pilot, "the watcher's line", lambda: watching in screen_text(app))
        check(app, ann, bob, cat, watching)
    app.let_go()
    for seat in seats:
        seat.close()


@pytest.mark.parametrize("k", QUICK)
async def test_the_lobbys_list_of_the_clubs_games_shows_hostile_names_as_written(
    k: int, host: Host
) -> None:
    """The club's games lately finished (the lobby's `g`): the names as the records hold them
    (a file's text), listed as written, a markup tag among them."""
    from .test_lobby_games import games_shown, lobby_app, shared_record

    text = fields(k)
    tag = "[bold]Zed[/bold]"
    shared_record("1", (text.you, text.boris, text.anna), host=host)
    shared_record("2", (tag, text.boris, text.anna), host=host)
    _, app = lobby_app(host=host)
    async with app.run_test(size=SMALL if k % 2 else BIG) as pilot:
        lobby = await games_shown(pilot, app)
        assert lobby.games is not None and len(lobby.games) == 2
        # (the list's columns take their width once its rows are in: a turn or two of the loop)
        await until(
            pilot,
            "the games listed",
            lambda: tag in screen_text(app),
            shown=lambda: screen_text(app),
        )
        screen = check(app, tag)
        assert_shown(screen, text.you, cells=16)
