"""What the table shows behind a dialog: the log's newest line, the scores and header of the
deal a result describes, the size it is drawn at."""

from __future__ import annotations

import pytest

from tests.helpers.pairs import each_language_and_size
from tests.helpers.screen import screen_text
from tests.helpers.waiting import until
from thousand_tui.priority import Host
from thousand_tui.settings import TableSetup
from thousand_tui.tui import create_app
from thousand_tui.tui.app import ThousandApp
from thousand_tui.tui.screens.auction import AuctionScreen
from thousand_tui.tui.screens.end import ConfirmQuitScreen
from thousand_tui.tui.screens.result import DealResultScreen
from thousand_tui.tui.screens.too_small import TooSmallScreen
from thousand_tui.tui.widgets.log import GameLog
from thousand_tui.tui.widgets.status import InfoBar

from .helpers import STRONG, play_out_deal, settle, shown_toasts

SIZES = [(80, 24), (120, 40)]


def log_rows(app: ThousandApp) -> list[str]:
    """The log's rows as the terminal shows them (without its scroll bar)."""
    log = app.table.query_one(GameLog)
    region = log.content_region
    rows = screen_text(app).splitlines()
    shown = [rows[y][region.x : region.right - 1].rstrip() for y in range(region.y, region.bottom)]
    return [row for row in shown if row]


@pytest.mark.long
@pytest.mark.parametrize(("lang", "size"), each_language_and_size(["en", "ru"], SIZES))
async def test_lines_told_behind_a_dialog_show_at_once(
    size: tuple[int, int], lang: str, host: Host
) -> None:
    """Lines told while a dialog is open (an opponent's move as the auction opens) are on
    the log's last rows behind it, without waiting for the next line."""
    app = create_app(
        TableSetup.of(seed=11, pace=0, deals={1: STRONG}, save=False, lang=lang, host=host)
    )
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, AuctionScreen)
        await pilot.press("escape")  # the auction put away: the table is on top
        await pilot.pause()
        table = app.table
        assert not isinstance(app.screen, AuctionScreen)
        for number in range(1, 13):
            table.say(f"Line {number}.")
        table.action_decide()  # and the auction opens again at once
        assert isinstance(app.screen, AuctionScreen)
        await pilot.pause()
        await pilot.pause()
        assert log_rows(app)[-2:] == ["Line 11.", "Line 12."], log_rows(app)


@pytest.mark.long
@pytest.mark.parametrize(("lang", "size"), each_language_and_size(["en", "ru"], SIZES))
async def test_the_table_behind_a_result_shows_the_deal_it_describes(
    size: tuple[int, int], lang: str, host: Host
) -> None:
    """Behind a deal's result: that deal's header and the scores the result gives, not the
    next deal's (the game has moved on to it)."""
    app = create_app(
        TableSetup.of(seed=11, pace=0, deals={1: STRONG}, save=False, lang=lang, host=host)
    )
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        await pilot.press("1")  # pass: Anna plays 100
        await play_out_deal(pilot)
        assert isinstance(app.screen, DealResultScreen)
        assert app.session.game.deal.number == 2  # the next deal is dealt already
        result = app.screen.result
        text = screen_text(app)
        top = text.splitlines()[0]
        assert app.t("header_deal", number=1) in top, top
        bar_region = app.table.query_one("#scores", InfoBar).region
        bar = text.splitlines()[bar_region.y][bar_region.x : bar_region.right]
        names = app.session.game.names
        for seat, score in enumerate(result.state.scores):
            assert f"{names[seat]} {score}" in bar, bar
        # The log ends with the deal described: the next deal's lines come after the result.
        next_deal = app.t("n_deal", number=2, dealer=app.session.game.names[1])
        lines = app.table.query_one(GameLog).lines_written
        assert not any(next_deal.split(",")[0] in line for line in lines), lines[-3:]
        await pilot.press("enter")
        await settle(pilot)
        top = screen_text(app).splitlines()[0]
        assert app.t("header_deal", number=2) in top, top
        lines = app.table.query_one(GameLog).lines_written
        assert any(next_deal.split(",")[0] in line for line in lines), lines[-6:]


@pytest.mark.long
@pytest.mark.parametrize(("lang", "size"), each_language_and_size(["en", "ru"], SIZES))
async def test_growing_the_terminal_under_the_quit_question_shows_the_table(
    size: tuple[int, int], lang: str, host: Host
) -> None:
    """The quit question asked while the terminal is too small, then the terminal grows: the
    table shows around the question, and once it is answered "stay", the table itself, with
    no word of the old size."""
    app = create_app(
        TableSetup.of(seed=11, pace=0, deals={1: STRONG}, save=False, lang=lang, host=host)
    )
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        await pilot.resize_terminal(60, 20)
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmQuitScreen)
        await pilot.resize_terminal(*size)
        await pilot.pause()
        await pilot.pause()
        small = "60×20"
        text = screen_text(app)
        assert small not in text
        assert app.t("header_deal", number=1) in text  # the table around the question
        await pilot.press("n")
        await settle(pilot)
        assert not any(isinstance(s, TooSmallScreen) for s in app.screen_stack)
        assert isinstance(app.screen, AuctionScreen)
        assert small not in screen_text(app)


@pytest.mark.long_variants
@pytest.mark.parametrize(
    ("lang", "size"), each_language_and_size(["en", "ru"], [*SIZES, (80, 30), (160, 40)])
)
async def test_a_note_covers_no_panel_and_no_dialog(
    size: tuple[int, int], lang: str, host: Host
) -> None:
    """A hint asked in the auction lies over the log, across its width: not over an
    opponent's panel, the dialog (its text or its corner), the hand or the score sheet."""
    from thousand_tui.tui.widgets.hand import Hand
    from thousand_tui.tui.widgets.seat import SeatPanel

    app = create_app(
        TableSetup.of(seed=11, pace=0, deals={1: STRONG}, save=False, lang=lang, host=host)
    )
    async with app.run_test(size=size, notifications=True) as pilot:
        await settle(pilot)
        dialog = app.screen
        assert isinstance(dialog, AuctionScreen)
        hint = {
            "en": "Hint: play 9♦: the contract is made in 44% of sampled deals; K♦: 45%.",
            "ru": "Совет: ходите 9♦: заказ сыгран в 44% раскладов; К♦: 45%.",
        }[lang]
        app.notify(hint, timeout=30)
        toasts = await shown_toasts(pilot)
        covered = [dialog.query_one("#dialog").region, app.table.query_one(Hand).region]
        covered += [panel.region for panel in app.table.query(SeatPanel)]
        covered += [side.region for side in app.table.query("#side")]
        log = app.table.query_one(GameLog).region
        for toast in toasts:
            for region in covered:
                assert not toast.region.overlaps(region), (toast.region, region)
            assert log.contains_region(toast.region), (toast.region, log)
            # As wide as the log: no line of the log shows beside the note (the note itself
            # is the log's newest line, and the two read as one line written twice).
            assert toast.region.x == log.x and toast.region.width == log.width, (toast, log)


@pytest.mark.long
@pytest.mark.parametrize("size", [(110, 30), (120, 40), (160, 40)])
async def test_a_dialog_stays_over_the_table_beside_the_score_sheet(
    size: tuple[int, int], host: Host
) -> None:
    """On a wide terminal the score sheet stands beside the table: the auction, the quit
    question over it and the deal's result lie over the table alone, centred on it, and none
    hides a piece of the sheet."""
    app = create_app(TableSetup.of(seed=11, pace=0, deals={1: STRONG}, save=False, host=host))
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        table = app.table.query_one("#table-area").region
        side = app.table.query_one("#side").region
        assert side.width > 0 and side.x == table.right

        def over_the_table() -> None:
            dialog = app.screen.query_one("#dialog").region
            assert not dialog.overlaps(side), (dialog, side)
            left, right = dialog.x - table.x, table.right - dialog.right
            assert left >= 0 and right >= 0 and abs(left - right) <= 1, (dialog, table)

        assert isinstance(app.screen, AuctionScreen)
        over_the_table()
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmQuitScreen)
        over_the_table()
        await pilot.press("n")
        await settle(pilot)
        await pilot.press("1")  # pass
        await play_out_deal(pilot)
        assert isinstance(app.screen, DealResultScreen)
        over_the_table()
        # Narrowed to 80 columns, the sheet goes under the table and the dialog is centred.
        await pilot.resize_terminal(80, 24)

        def centred() -> bool:
            dialog = app.screen.query_one("#dialog").region
            return abs(dialog.x - (80 - dialog.right)) <= 1

        await until(pilot, "the dialog centred in 80 columns", centred)


@pytest.mark.parametrize("size", SIZES)
async def test_a_long_line_wraps_at_the_logs_own_width(size: tuple[int, int], host: Host) -> None:
    """Beside the score sheet the log is narrower than 78 columns: a long line still wraps
    within it, with nothing past its edge and no scroll bar across its last row."""
    app = create_app(
        TableSetup.of(seed=11, pace=0, deals={1: STRONG}, save=False, lang="ru", host=host)
    )
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        await pilot.press("escape")
        await pilot.pause()
        log = app.table.query_one(GameLog)
        words = "Подсказка: Не играть втёмную: вслепую 120 сыграно лишь в 28% проб; обычный кон"
        app.table.say(words + " выгоднее.")
        await pilot.pause()
        assert log.max_scroll_x == 0
        assert "выгоднее." in "\n".join(log_rows(app))
