"""`thousand view`: a saved game stepped through, decision by decision (tui/viewing.py,
tui/screens/viewer.py)."""

from __future__ import annotations

import itertools
import json
from pathlib import Path
from typing import Any

import pytest
from textual.app import App

from tests.helpers.waiting import until
from thousand_tui.ai.analysis import Advice, DealAnalysis, Decision, Option
from thousand_tui.ai.easy import EasyPlayer
from thousand_tui.cli import main
from thousand_tui.engine.actions import Act
from thousand_tui.engine.game import Game, PlayerInfo
from thousand_tui.engine.record import RecordError
from thousand_tui.engine.rules import Rules
from thousand_tui.presets import load_preset
from thousand_tui.priority import Host
from thousand_tui.settings import TableSetup
from thousand_tui.store.catalog import games_dir
from thousand_tui.tui.app import ThousandApp, create_app
from thousand_tui.tui.i18n import Translator
from thousand_tui.tui.render import Palette
from thousand_tui.tui.screens.viewer import ViewerScreen
from thousand_tui.tui.viewing import ViewedGame, open_game
from thousand_tui.tui.widgets.hand import Hand
from thousand_tui.tui.widgets.log import GameLog
from thousand_tui.tui.widgets.seat import SeatPanel
from thousand_tui.tui.widgets.sheet import ScoreSheet
from thousand_tui.tui.widgets.status import InfoBar


@pytest.fixture(autouse=True)
def quick_analysis(monkeypatch: pytest.MonkeyPatch) -> None:
    """The viewer's analyses made at once (an empty one per deal): the search is not what
    these tests look at (`test_beside_the_players_decision...` puts its own in)."""

    def empty(lines: list[dict[str, Any]], seat: int, number: int) -> DealAnalysis:
        return DealAnalysis(number, seat, None, None, None, None, None)

    monkeypatch.setattr(ViewerScreen, "analyser", staticmethod(empty))


def rules() -> Rules:
    return load_preset("classic").rules


def record(
    path: Path, *, deals: int | None = None, people: int = 1, seed: int = 5, moves: int = 0
) -> Path:
    """A game of easy players written to `path`: seat 0 a person's (two people with
    `people=2`), to its end, or stopped after `deals` deals and `moves` more decisions."""
    lines: list[dict[str, Any]] = []
    players = [PlayerInfo("Ann", "human"), PlayerInfo("Boris", "ai", "easy")]
    players.append(PlayerInfo("Vera", "human") if people > 1 else PlayerInfo("Vera", "ai", "easy"))
    game = Game(rules(), seed, players, sink=lines.append)
    ai = [EasyPlayer(seed + seat) for seat in range(3)]
    while not game.over:
        if deals is not None and len(game.results) >= deals:
            if moves == 0:
                break
            moves -= 1
        seat = game.to_move
        assert seat is not None
        game.apply(ai[seat].decide(game.view(seat)))
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    return path


def viewed(path: Path, lang: str = "en") -> ViewedGame:
    return open_game(path, Translator(lang), Palette(lang=lang))


def app_of(game: ViewedGame, lang: str = "en", *, host: Host) -> ThousandApp:
    return create_app(TableSetup(lang=lang, host=host), view=lambda: ViewerScreen(game))


async def shown(pilot: Any, app: App[Any]) -> ViewerScreen:
    def found() -> ViewerScreen | None:
        screen = app.screen
        return screen if isinstance(screen, ViewerScreen) else None

    screen = await until(pilot, "the viewer", found)
    assert screen is not None
    return screen


def bar(app: ThousandApp, name: str) -> str:
    return str(app.screen.query_one(f"#{name}", InfoBar).line)


def panel_text(app: ThousandApp, seat: int) -> str:
    shown = app.screen.query_one(f"#seat-{seat}", SeatPanel).shown
    assert shown is not None
    return " ".join(line.plain for line in shown.lines)


def labels(game: ViewedGame, index: int, seat: int) -> list[str]:
    """The cards `seat` holds at position `index`, as the table names them."""
    p = Palette()
    deal_view = game.positions[index]
    view = deal_view.views[seat]
    assert view is not None and view.hand is not None
    return [p.card_label(card) for card in view.hand]


@pytest.mark.long
async def test_stepping_keeps_the_table_the_log_and_the_sheet_in_step(
    tmp_path: Path, host: Host
) -> None:
    game = viewed(record(tmp_path / "g.jsonl"))
    assert game.finished and game.open and game.seat == 0
    app = app_of(game, host=host)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await shown(pilot, app)
        assert isinstance(screen, ViewerScreen)
        log = screen.query_one(GameLog)
        await until(pilot, "the deal's first lines", lambda: log.lines_written)
        assert screen.index == 0
        assert log.lines_written == game.told(0)
        assert "As dealt" in bar(app, "prompt")
        assert screen.check_action("back", ()) is None  # greyed at the start
        assert screen.check_action("next", ()) is True
        for _ in range(3):
            await pilot.press("right")
        assert screen.index == 3
        assert "Decision 3 of" in bar(app, "prompt")
        assert log.lines_written == game.told(3)
        assert game.told(3)[-1] in log.lines_written[-1]
        await pilot.press("left")
        assert screen.index == 2 and log.lines_written == game.told(2)
        # ↓ the next deal: its first position, its own log, the sheet one row longer.
        await pilot.press("down")
        second = game.deal_starts()[1]
        assert screen.index == second
        assert game.positions[second].number == game.positions[0].number + 1
        assert log.lines_written == game.told(second)
        sheet = screen.query_one("#view-sheet", ScoreSheet)
        assert sheet.rows_shown == game.positions[second].results == 1
        await pilot.press("up")
        assert screen.index == 0 and sheet.rows_shown == 0
        # End: the game's last position, every deal on the sheet, the final scores.
        await pilot.press("end")
        assert screen.index == len(game.positions) - 1
        assert sheet.rows_shown == len(game.results)
        assert screen.check_action("next", ()) is None
        assert screen.check_action("deal_next", ()) is None
        assert all(str(s) in bar(app, "scores") for s in game.positions[-1].match.scores)
        await pilot.press("home")
        assert screen.index == 0
        # Every hand open: each opponent's panel names his cards.
        for seat in (1, 2):
            assert all(card in panel_text(app, seat) for card in labels(game, 0, seat))
        hand = screen.query_one(Hand)
        assert sorted(Palette().card_label(c) for c in hand.cards) == sorted(labels(game, 0, 0))
        assert not hand.can_focus


async def test_a_game_in_progress_shows_only_the_viewers_cards(tmp_path: Path, host: Host) -> None:
    game = viewed(record(tmp_path / "g.jsonl", deals=2, moves=5))
    assert not game.finished and not game.open
    # Nothing of the others' is kept to be drawn: not their views, not the talon as dealt.
    assert all(v is None for p in game.positions for v in p.views[1:])
    assert all(p.talon == () for p in game.positions)
    app = app_of(game, host=host)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await shown(pilot, app)
        assert isinstance(screen, ViewerScreen)
        await pilot.press("end")
        index = screen.index
        assert game.positions[index].views[0] is not None
        assert "what Ann saw" in bar(app, "prompt")
        # The opponents' panels show backs and counts, never a card of theirs.
        dealt = [line for line in game.lines if line.get("type") == "deal"][-1]
        for seat in (1, 2):
            text = panel_text(app, seat)
            for code in dealt["hands"][seat]:
                assert Palette().card_label(_card(code)) not in text.split()
        assert bar(app, "advice") in ("deal 3 is not over: no analysis yet", "")


def _card(code: str) -> Any:
    from thousand_tui.engine.cards import parse_cards

    return parse_cards([code])[0]


def test_a_shared_tables_game_is_not_opened_even_when_finished(tmp_path: Path) -> None:
    game = viewed(record(tmp_path / "g.jsonl", people=2))
    assert game.finished and not game.open
    assert all(v is None for p in game.positions for v in p.views[1:])


def test_a_record_edited_by_hand_is_refused_and_left_as_it_is(tmp_path: Path) -> None:
    path = record(tmp_path / "g.jsonl", deals=1)
    lines = path.read_text(encoding="utf-8").splitlines()
    gives = [i for i, row in enumerate(lines) if '"act": "give"' in row]
    edited = json.loads(lines[gives[0]])
    edited["to"] = edited["seat"]  # a card given to oneself: the replay stops agreeing
    lines[gives[0]] = json.dumps(edited)
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    before = path.read_bytes()
    with pytest.raises(RecordError) as caught:
        viewed(path)
    assert "does not replay" in str(caught.value) and "edited by hand" in str(caught.value)
    assert path.read_bytes() == before


def test_the_command_refuses_a_damaged_record_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], host: Host
) -> None:
    path = record(tmp_path / "g.jsonl", deals=1)
    lines = [json.loads(row) for row in path.read_text(encoding="utf-8").splitlines()]
    result = next(line for line in lines if line["type"] == "result")
    result["deltas"] = [1, 2, 3]  # a score written by hand
    path.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    before = path.read_bytes()
    assert main(["view", str(path), "--lang", "ru"], host) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("thousand: ") and "\n" not in err
    assert "вручную" in err  # said in the reader's language
    assert path.read_bytes() == before
    assert main(["view", str(tmp_path / "none.jsonl")], host) == 2
    assert "no such file" in capsys.readouterr().err
    assert main(["view", "7"], host) == 2  # no seventh game in `thousand games`
    assert "no game 7" in capsys.readouterr().err


def test_a_number_names_a_game_of_the_list(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], host: Host
) -> None:
    from thousand_tui.tui.view_commands import record_path

    path = record(games_dir(host.data_dir) / "2026-01-01T000000-classic.jsonl", deals=1)
    assert record_path("1", host) == path
    assert main(["games", "--lang", "en"], host) == 0
    assert "Step through one, decision by decision, with `thousand view NUMBER`." in (
        capsys.readouterr().out
    )
    # Game 1 is read and checked; only then does the viewer ask for a terminal (none here).
    assert main(["view", "1", "--lang", "en"], host) == 2
    assert "interactive terminal" in capsys.readouterr().err


def fake_analysis(lines: list[dict[str, Any]], seat: int, number: int) -> DealAnalysis:
    """Deal `number`'s analysis, saying that seat's first decision cost 12 points and that
    `hard` would have passed."""
    from thousand_tui.engine.actions import Action
    from thousand_tui.engine.record import RecordedGame, decisions

    first = next(
        action
        for game, action in decisions(RecordedGame(lines))
        if game.deal.number == number and action.seat == seat
    )
    best = Option((Action(seat, Act.PASS),), 5.0)
    chosen = Option((first,), -7.0)
    advice = Advice(seat, "bid", best, (best, chosen), 100, False)
    analysis = DealAnalysis(number, seat, None, None, None, None, None)
    analysis.decisions.append(Decision(0, "auction", (first,), advice, 12.0))
    return analysis


async def test_beside_the_players_decision_what_hard_would_have_played(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, host: Host
) -> None:
    from thousand_tui.store.analyses import cache_path, read_cache

    monkeypatch.setattr(ViewerScreen, "analyser", staticmethod(fake_analysis))
    path = record(tmp_path / "g.jsonl", deals=2)
    game = open_game(path, Translator("en"), Palette(), cache=cache_path(host.data_dir))
    app = app_of(game, host=host)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await shown(pilot, app)
        assert isinstance(screen, ViewerScreen)
        await until(pilot, "deal 1's analysis", lambda: 1 in screen.analyses)
        mine = next(
            i for i, p in enumerate(game.positions) if p.action is not None and p.action.seat == 0
        )
        assert "Deal 1: Ann's decisions cost about 12 points" in bar(app, "advice")
        while screen.index < mine:
            await pilot.press("right")
        assert "hard: pass, about 12 points better" in bar(app, "advice")
        await pilot.press("down")
        await until(pilot, "deal 2's analysis", lambda: 2 in screen.analyses)
    cached = read_cache(cache_path(host.data_dir))
    assert {(deal, seat) for _, deal, seat in cached} == {(1, 0), (2, 0)}


@pytest.mark.long
async def test_the_viewer_fits_80_by_24_in_russian(tmp_path: Path, host: Host) -> None:
    """Without a snapshot: every part of the table is on the screen, none over another, and
    the footer's keys are in Russian."""
    game = viewed(record(tmp_path / "g.jsonl"), "ru")
    app = app_of(game, "ru", host=host)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await shown(pilot, app)
        await pilot.press("right", "right")
        parts = ["#top", "#opponents", "#trick", "#status", "#prompt", "#advice", "#log", "#hand"]
        parts.append("#scores")
        regions = [screen.query_one(part).region for part in parts]
        for region in regions:
            assert region.height >= 1 and region.bottom <= 23  # above the footer
        for above, below in itertools.pairwise(regions):
            assert above.bottom <= below.y
        assert bar(app, "prompt").startswith("Ход 2 из")
        footer = " ".join(str(w.render()) for w in screen.query("FooterKey"))
        t = Translator("ru")
        assert t("key_view_next") in footer


@pytest.mark.long
async def test_v_on_a_saved_game_of_the_start_screen_views_it(tmp_path: Path, host: Host) -> None:
    from thousand_tui.settings import TableSetup
    from thousand_tui.tui import create_app
    from thousand_tui.tui.screens.start import StartScreen
    from thousand_tui.tui.startup import StartOffer
    from thousand_tui.tui.widgets.choices import ChoiceList

    path = record(games_dir(host.data_dir) / "2026-01-01T000000-classic.jsonl", deals=1, moves=3)
    app = create_app(TableSetup(pace=0, host=host), start=StartOffer.shipped())
    async with app.run_test(size=(80, 24)) as pilot:
        start = await until(
            pilot,
            "the start screen",
            lambda: app.screen if isinstance(app.screen, StartScreen) else None,
        )
        assert isinstance(start, StartScreen)
        assert start.check_action("view_saved", ()) is False  # not on a saved game
        listed = start.query_one(ChoiceList)
        while listed.current is None or listed.current.id != "saved-0":
            before = listed.highlighted
            await pilot.press("down")
            assert listed.highlighted != before, "no saved game listed"
        assert start.check_action("view_saved", ()) is True
        await pilot.press("v")
        viewer = await shown(pilot, app)
        assert viewer.viewed.path == path and not viewer.viewed.open  # not over: your cards
        await pilot.press("end")
        assert viewer.index == len(viewer.viewed.positions) - 1
        await pilot.press("q")
        assert await until(pilot, "the start screen again", lambda: app.screen is start)


def viewed_by_command(given: Path, host: Host, monkeypatch: pytest.MonkeyPatch) -> ViewedGame:
    """What `thousand view FILE` would show, as `host`'s player runs it."""
    from thousand_tui import tui
    from thousand_tui.tui import view_commands

    shown: list[Any] = []
    monkeypatch.setattr(view_commands, "ViewerScreen", lambda game: game)
    monkeypatch.setattr(view_commands, "show", lambda screen, *_: shown.append(screen()) or 0)
    monkeypatch.setattr(tui, "check_terminal", lambda **_: None)
    assert view_commands.run_view(str(given), host=host) == 0
    (game,) = shown
    assert isinstance(game, ViewedGame)
    return game


def test_view_of_a_shared_game_is_from_the_lookers_own_seat_else_from_none(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`thousand view FILE` of a shared game (not every person allowed his hands shown):
    the data folder's own player sees it from his seat where the record names him (the name
    he sits down with at the host's terminal; a hosted player's id), else from no seat."""
    from tests.tui.test_lobby_games import shared_record
    from thousand_tui.tui.startup import Choices, choices_path

    local = Host(data=tmp_path / "data", config=tmp_path / "config")
    who: list[str | None] = ["name:Ann", None, "name:Vera"]
    path = shared_record("1", who=who, open_hands=[True, None, False], host=local)
    Choices(name="Vera").write(choices_path(local))
    game = viewed_by_command(path, local, monkeypatch)
    assert game.seat == 2 and not game.watching and not game.open
    assert all(p.views[2] is not None and p.views[:2] == (None, None) for p in game.positions)
    Choices(name="Zed").write(choices_path(local))  # not at this table: from no seat
    game = viewed_by_command(path, local, monkeypatch)
    assert game.watching and not game.open
    assert all(v is None or v.hand is None for p in game.positions for v in p.views)
    # A hosted player, as his key's id names him in the record.
    player = tmp_path / "account" / "players" / "key-vera"
    hosted = Host(hosted=True, data=player, club=tmp_path / "account", config=player)
    who = ["key-ann", None, "key-vera"]
    path = shared_record("2", who=who, open_hands=[True, None, False], host=hosted)
    game = viewed_by_command(path, hosted, monkeypatch)
    assert game.seat == 2 and not game.watching
    other = Host(hosted=True, data=tmp_path / "account" / "players" / "key-zed")
    assert viewed_by_command(path, other, monkeypatch).watching
