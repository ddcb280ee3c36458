"""The duplicate review of the daily deal (`thousand view --daily`): your play of each deal
beside `hard`'s and the day's best other player's, decision by decision."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from textual.coordinate import Coordinate
from textual.widgets import DataTable

from tests.helpers.waiting import until
from thousand_tui import daily
from thousand_tui.ai import HardPlayer, seat_seed
from thousand_tui.ai.analysis import Advice, DealAnalysis, Decision, Option
from thousand_tui.cli import main
from thousand_tui.daily import KEY_NAME, Daily
from thousand_tui.engine.actions import Act, Action
from thousand_tui.engine.game import Game, PlayerInfo
from thousand_tui.engine.record import RecordedGame, decisions
from thousand_tui.presets import load_preset
from thousand_tui.settings import TableSetup
from thousand_tui.store.catalog import DATA_DIR_ENV
from thousand_tui.store.index import CLUB_DIR_ENV, club_dir, open_index
from thousand_tui.tui.app import create_app
from thousand_tui.tui.duplicate import DealReview, review_day, seat_decisions
from thousand_tui.tui.screens.duplicate import DuplicateScreen
from thousand_tui.tui.screens.viewer import ViewerScreen
from thousand_tui.tui.widgets.status import InfoBar

DATE = "2026-12-05"


def people(name: str) -> list[PlayerInfo]:
    return [
        PlayerInfo(name, "human"),
        PlayerInfo("Anna", "ai", "hard"),
        PlayerInfo("Boris", "ai", "hard"),
    ]


def play(game: Game, seed: int, moves: int | None = None) -> None:
    """Random legal decisions till the deal is settled (or `moves` of them)."""
    rng = random.Random(seed)
    while not game.results and (moves is None or moves > 0):
        seat = game.to_move
        assert seat is not None
        game.apply(rng.choice(game.legal_actions(seat)))
        moves = None if moves is None else moves - 1


def try_day(day: Daily, player: str, name: str, deals: int, seed: int) -> None:
    """`player` plays his first `deals` deals of the day, each to its result."""
    with open_index() as index:
        for number in range(1, deals + 1):
            opened = day.open_deal(index, player, people(name))
            assert opened is not None and opened.number == number
            play(opened.game, seed + number)
            day.settle(index, player, number, opened.game)
            opened.writer.close()


def at_host(patch: pytest.MonkeyPatch, folder: Path) -> None:
    """The host's data folder as the fixture `host` sets it, with the quick reference."""
    patch.setenv(DATA_DIR_ENV, str(folder))
    patch.delenv(CLUB_DIR_ENV, raising=False)
    patch.setattr(
        daily,
        "reference_player",
        lambda seat: HardPlayer(seat_seed(daily.REFERENCE_SEED, seat), samples=1, node_budget=500),
    )


@pytest.fixture(scope="module")
def reviewed_day(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[DealReview]]:
    """A day played by three players and its review for one of them, made once for the tests
    that read them (neither changes the day)."""
    folder = tmp_path_factory.mktemp("review") / "host"
    folder.mkdir()
    with pytest.MonkeyPatch.context() as patch:
        at_host(patch, folder)
        # The same day's cards in every run: the club's secret written before its first use
        # (these cards give a redeal asked after the auction, which keeps its place in the rows).
        club = club_dir()
        club.mkdir(parents=True, exist_ok=True)
        (club / KEY_NAME).write_text((bytes([14]) * 32).hex() + "\n", encoding="ascii")
        day = Daily(DATE, load_preset("classic"))
        try_day(day, "key-me", "Me", 2, seed=10)
        try_day(day, "key-bo", "Bo", 2, seed=20)
        try_day(day, "key-cy", "Cy", 1, seed=30)
        with open_index() as index:
            opened = day.open_deal(index, "key-me", people("Me"))  # deal 3, left in the middle
            assert opened is not None and opened.number == 3
            play(opened.game, 40, moves=4)
            opened.writer.close()
            return folder, review_day(day, index, "key-me", "You", "hard")


@pytest.fixture
def reviews(
    reviewed_day: tuple[Path, list[DealReview]], monkeypatch: pytest.MonkeyPatch
) -> list[DealReview]:
    folder, found = reviewed_day
    at_host(monkeypatch, folder)
    return found


@pytest.mark.long
def test_each_deal_you_settled_beside_hard_and_the_days_best(reviews: list[DealReview]) -> None:
    day = Daily(DATE, load_preset("classic"))
    with open_index() as index:
        results = {(r.player, r.deal): r for r in day.results(index)}
        best = max(("key-bo", "key-cy"), key=lambda p: sum(
            r.points - r.reference for (who, _), r in results.items() if who == p
        ))  # fmt: skip
    assert [r.number for r in reviews] == [1, 2]  # deal 3 is not over: not reviewed
    for review in reviews:
        yours, hard, *rest = review.plays
        mine = results["key-me", review.number]
        assert yours.points == mine.points
        # The reference played again here is the play that set the reference points.
        assert hard.points == mine.reference == day.references()[review.number - 1]
        assert hard.name == "hard" and yours.name == "You"
        # Every play is of the same cards from the same seat.
        dealt = [next(line for line in p.lines if line["type"] == "deal") for p in review.plays]
        assert all(d["hands"] == dealt[0]["hands"] for d in dealt)
        if (best, review.number) in results:
            assert rest and rest[0].who == best
            assert rest[0].points == results[best, review.number].points
        else:
            assert not rest
        # Side by side: each play's decisions of seat 0, in the order of the deal.
        rows = review.rows()
        for column, played in enumerate(review.plays):
            own = seat_decisions(played.lines)
            assert [row.chosen[column] for row in rows if row.chosen[column]] == list(own.values())


def fake_analysis(lines: list[dict[str, Any]], seat: int, number: int) -> DealAnalysis:
    """Your first decision of the deal cost 12 points: `hard` would have passed."""
    first = next(a for _, a in decisions(RecordedGame(lines)) if a.seat == seat)
    best = Option((Action(seat, Act.PASS),), 5.0)
    advice = Advice(seat, "bid", best, (best, Option((first,), -7.0)), 100, False)
    analysis = DealAnalysis(number, seat, None, None, None, None, None)
    analysis.decisions.append(Decision(0, "auction", (first,), advice, 12.0))
    return analysis


@pytest.mark.long
async def test_the_review_at_80_by_24_opens_the_viewer_at_the_decision(
    reviews: list[DealReview], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(DuplicateScreen, "analyser", staticmethod(fake_analysis))
    monkeypatch.setattr(ViewerScreen, "analyser", staticmethod(fake_analysis))
    app = create_app(TableSetup(), view=lambda: DuplicateScreen(reviews, "Duplicate review"))
    async with app.run_test(size=(80, 24)) as pilot:

        def review_screen() -> DuplicateScreen | None:
            screen = app.screen
            return screen if isinstance(screen, DuplicateScreen) else None

        screen = await until(pilot, "the review", review_screen)
        assert screen is not None
        summary = str(screen.query_one("#dup-summary", InfoBar).line)
        assert summary.startswith("You ") and " · hard " in summary
        await until(pilot, "deal 1's analysis", lambda: 1 in screen.analyses)
        table = screen.query_one(DataTable)
        assert table.row_count == len(reviews[0].rows())
        assert str(table.get_cell_at(Coordinate(0, len(reviews[0].plays) + 1))) == "-12"
        assert screen.check_action("deal", (-1,)) is None  # greyed: no deal before
        await pilot.press("right")
        assert screen.current == 1 and "deal 2" in str(screen.query_one("#top", InfoBar).line)
        await pilot.press("left")
        assert screen.current == 0
        # ⏎ on a row of yours: your play of the deal in the viewer, at that card, every hand open.
        mine = [i for i, r in enumerate(screen.rows) if r.chosen[0] is not None]
        row = next((i for i in mine if screen.rows[i].slot.phase == "play"), mine[-1])
        table.move_cursor(row=row)
        await pilot.press("enter")
        viewer = await until(
            pilot,
            "the viewer",
            lambda: app.screen if isinstance(app.screen, ViewerScreen) else None,
        )
        assert isinstance(viewer, ViewerScreen)
        chosen = screen.rows[row].chosen[0]
        assert chosen is not None
        assert viewer.viewed.positions[viewer.index].action == chosen[0]
        assert viewer.viewed.open and viewer.viewed.cache is None  # no statistics of others
        assert all(p.number == 1 for p in viewer.viewed.positions)  # the deal, not the next
        await pilot.press("q")
        assert await until(pilot, "back to the review", review_screen) is screen
        await pilot.press("h")  # hard's play
        viewer = await until(
            pilot, "hard's", lambda: app.screen if isinstance(app.screen, ViewerScreen) else None
        )
        assert isinstance(viewer, ViewerScreen) and viewer.viewed.names[0] == "hard"


def test_the_command_says_when_there_is_nothing_to_review(
    host: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["view", "--daily", "--date", DATE, "--lang", "ru"]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("thousand: ") and "\n" not in err and "thousand daily" in err
    assert main(["view"]) == 2
    assert "needs a game record" in capsys.readouterr().err
