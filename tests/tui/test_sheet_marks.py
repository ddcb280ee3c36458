"""The score sheet and the scores bar: palki toward the fine, names over their numbers, the
sitter of each deal, a concession told once; the points of the deal on the table."""

from __future__ import annotations

import pytest

from tests.helpers.pairs import each_language_and_size
from tests.helpers.screen import screen_text
from thousand_tui.engine.game import Start
from thousand_tui.engine.match import MatchState
from thousand_tui.engine.scoring import deal_points, points_needed
from thousand_tui.priority import Host
from thousand_tui.settings import TableSetup
from thousand_tui.tui import create_app
from thousand_tui.tui.app import ThousandApp
from thousand_tui.tui.screens.info import SheetScreen
from thousand_tui.tui.screens.result import DealResultScreen
from thousand_tui.tui.widgets.log import GameLog
from thousand_tui.tui.widgets.seat import SeatPanel
from thousand_tui.tui.widgets.status import InfoBar

from .helpers import STRONG, give_two, play_headless, press_card, settle

SIZES = [(80, 24), (120, 40)]
LANGS = ["en", "ru"]


def with_palki(palki: int) -> Start:
    """A game where you have `palki` palki (every third costs the fine)."""
    return Start(
        MatchState(
            scores=(-105, 300, 200),
            palki=(palki, 0, 0),
            palki_streak=(1, 0, 0),
            barrel=(None, None, None),
            falls=(0, 0, 0),
            concessions=(0, 0, 0),
            crosses=(0, 0, 0),
        )
    )


def bar_text(app: ThousandApp) -> str:
    region = app.table.query_one("#scores", InfoBar).region
    return screen_text(app).splitlines()[region.y][region.x : region.right]


@pytest.mark.parametrize(("lang", "size"), each_language_and_size(LANGS, SIZES))
async def test_palki_show_the_way_to_the_fine_not_a_growing_row(
    size: tuple[int, int], lang: str, host: Host
) -> None:
    """Fourteen palki: two toward the next fine (every third costs it), said in words that
    read without the sheet's legend, not a row of fourteen marks (the count is the sheet's)."""
    start = with_palki(14)
    setup = TableSetup.of(
        seed=11, pace=0, deals={1: STRONG}, start=start, save=False, lang=lang, host=host
    )
    app = create_app(setup)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        bar = bar_text(app)
        words = {"en": "-105 palki 2/3", "ru": "-105 палки 2/3"}[lang]
        assert words in bar, bar
        assert "|||" not in screen_text(app)
        assert "[||" not in screen_text(app)


@pytest.mark.long
@pytest.mark.parametrize(("lang", "size"), each_language_and_size(LANGS, SIZES))
async def test_the_sheet_sets_names_over_their_numbers_and_marks_the_sitter(
    size: tuple[int, int], lang: str, host: Host
) -> None:
    """Four players: each name ends where the scores under it end, and each deal's row marks
    the player who sat it out (the legend says what the mark means)."""
    app = create_app(TableSetup.of("four-player", seed=3, pace=0, save=False, lang=lang, host=host))
    play_headless(app, 4)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        await pilot.press("s")
        await pilot.pause()
        assert isinstance(app.screen, SheetScreen)
        rows = screen_text(app).splitlines()
        names = app.session.game.names
        header = next(r for r in rows if all(f" {n}" in r for n in names[1:]))
        results = app.session.game.results
        body = rows[rows.index(header) + 1 : rows.index(header) + 1 + len(results)]
        for name in names:
            end = header.index(name) + len(name)
            for row in body:
                assert row[end - 1] != " ", (name, header, row)  # a number or mark ends here
                assert row[end : end + 1].strip() == "", (name, header, row)
        for row, result in zip(body, results, strict=True):
            assert row.count("○") == 1, row
            sitter = result.sitting_out
            assert sitter is not None
            name = names[sitter]
            cell = row[header.index(name) - 2 : header.index(name) + len(name)]
            assert "○" in cell, (row, name)
        legend = {"en": "○ sat the deal out", "ru": "○ сидел на прикупе"}[lang]
        assert legend in " ".join(r.strip() for r in rows)


@pytest.mark.long_variants
@pytest.mark.parametrize("lang", LANGS)
async def test_a_concession_is_told_once(lang: str, host: Host) -> None:
    app = create_app(
        TableSetup.of(seed=11, pace=0, deals={1: STRONG}, save=False, lang=lang, host=host)
    )
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("2")  # bid 105; Anna passes
        await settle(pilot)
        await give_two(pilot)
        await pilot.press("3", "3")  # concede, and confirm
        await settle(pilot)
        assert isinstance(app.screen, DealResultScreen)
        mark = app.t("mark_concession")
        told = [line for line in app.table.query_one(GameLog).lines_written if f"«{mark}»" in line]
        assert len(told) == 1, told


@pytest.mark.long
@pytest.mark.parametrize(("lang", "size"), each_language_and_size(LANGS, SIZES))
async def test_the_table_shows_the_points_of_the_deal_and_what_the_declarer_needs(
    size: tuple[int, int], lang: str, host: Host
) -> None:
    """In play: each opponent's points taken so far in his panel, yours in your hand's title,
    and beside the contract what the declarer still needs (the engine's count)."""
    app = create_app(
        TableSetup.of(seed=11, pace=0, deals={1: STRONG}, save=False, lang=lang, host=host)
    )
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        await pilot.press("2")  # bid 105; Anna passes
        await settle(pilot)
        await give_two(pilot)
        await pilot.press("1")  # play 105
        await settle(pilot)
        await press_card(pilot, "AH")  # the first trick is yours
        await settle(pilot)
        view = app.session.game.view(0)
        points = deal_points(view)
        assert view.tricks and any(points)
        t = app.t
        for seat in (1, 2):
            panel = app.table.query_one(f"#seat-{seat}", SeatPanel).region
            text = "\n".join(
                row[panel.x : panel.right]
                for row in screen_text(app).splitlines()[panel.y : panel.bottom]
            )
            assert t("deal_points", points=points[seat]) in text, text
        hand_title = screen_text(app).splitlines()[app.table.query_one("#hand").region.y]
        assert t("deal_points", points=points[0]) in hand_title, hand_title
        assert view.declarer == 0 and view.contract == 105
        needed = points_needed(view.rules, points[0], view.contract)
        assert needed > 0
        status = screen_text(app).splitlines()[app.table.query_one("#status").region.y]
        assert t("status_needed", points=needed) in status, status


def test_points_needed_follows_the_declarers_rounding() -> None:
    from dataclasses import replace

    from thousand_tui.presets import load_preset

    rules = load_preset("classic").rules
    assert points_needed(rules, 90, 120) == 30
    assert points_needed(rules, 130, 120) == 0
    nearest = replace(rules, scoring=replace(rules.scoring, declarer_rounding="nearest_5"))
    assert points_needed(nearest, 100, 120) == points_needed(nearest, 0, 120) - 100
    assert points_needed(nearest, 0, 120) < 120
