"""The table around the game: workers and stale results, the pace, terminal sizes, ASCII,
Russian, the screens reached by keys, and hang-ups."""

from __future__ import annotations

import itertools
import logging
import signal
import threading
import time
from dataclasses import replace

import pytest
from textual.app import App, ComposeResult
from textual.compose import compose
from textual.widget import Widget

from tests.helpers.screen import screen_text
from tests.helpers.waiting import until
from thousand_tui.engine.actions import Act, Action
from thousand_tui.engine.cards import Card, parse_cards
from thousand_tui.engine.rules import Rules, with_overrides
from thousand_tui.engine.view import SeatView
from thousand_tui.presets import load_preset
from thousand_tui.priority import Host
from thousand_tui.settings import TableSetup
from thousand_tui.tui import create_app
from thousand_tui.tui.messages import AiDecided
from thousand_tui.tui.render import Palette
from thousand_tui.tui.screens.auction import AuctionScreen
from thousand_tui.tui.screens.info import ConventionsScreen, HelpScreen, SheetScreen
from thousand_tui.tui.screens.result import DealResultScreen
from thousand_tui.tui.screens.too_small import TooSmallScreen
from thousand_tui.tui.text import lines_of
from thousand_tui.tui.widgets.base import KeyFooter
from thousand_tui.tui.widgets.hand import Hand
from thousand_tui.tui.widgets.opponents import Opponents
from thousand_tui.tui.widgets.seat import SeatPanel
from thousand_tui.tui.widgets.sheet import SheetTable
from thousand_tui.tui.widgets.status import InfoBar
from thousand_tui.tui.widgets.trick import TrickView

from .helpers import (
    STRONG,
    give_two,
    play_first_legal,
    play_headless,
    play_out_deal,
    press_card,
    settle,
    shown_toasts,
)


async def test_a_stale_ai_result_is_dropped(host: Host) -> None:
    app = create_app(TableSetup.of(seed=11, pace=0, deals={1: STRONG}, host=host))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        table = app.table
        game = app.session.game
        lines = len(game.lines)
        # An answer for a turn that is over (Boris's pass, already applied) arrives late.
        table.post_message(AiDecided(table.turn - 1, 2, Action(2, Act.BID, value=105), 1.0))
        table.post_message(AiDecided(table.turn, 1, Action(1, Act.PASS), 1.0))  # not his turn
        await pilot.pause()
        await pilot.pause()
        assert table.dropped == 2
        assert len(game.lines) == lines and game.to_move == 0


@pytest.mark.long
async def test_opponents_keep_the_pace(host: Host) -> None:
    app = create_app(TableSetup.of(seed=11, pace=0.25, deals={1: STRONG}, save=False, host=host))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        table = app.table
        times: list[float] = []
        act = table.driver.act  # every decision, the player's and the opponents'

        def timed(action: Action) -> list[str] | None:
            times.append(time.monotonic())
            return act(action)

        table.driver.act = timed  # type: ignore[method-assign]
        await pilot.press("1")  # pass: Anna plays 100, the opponents move on their own
        await until(pilot, "four decisions", lambda: len(times) >= 4)
        gaps = [b - a for a, b in itertools.pairwise(times[1:])]
        assert gaps and min(gaps) >= 0.24


@pytest.mark.long
async def test_too_small_a_terminal_says_what_it_needs_and_follows_resizes(host: Host) -> None:
    app = create_app(TableSetup.of(seed=11, pace=0, deals={1: STRONG}, host=host))
    async with app.run_test(size=(70, 20)) as pilot:
        await until(pilot, "what the terminal needs", lambda: "at least 80×24" in screen_text(app))
        assert isinstance(app.screen, TooSmallScreen)
        assert "70×20" in screen_text(app)
        await pilot.resize_terminal(75, 24)
        await until(pilot, "the new size said", lambda: "75×24" in screen_text(app))
        await pilot.resize_terminal(80, 24)
        await settle(pilot)
        assert isinstance(app.screen, AuctionScreen)  # the decision waited for the room
        await pilot.resize_terminal(130, 42)
        await until(
            pilot,
            "the wide and tall table",
            lambda: app.table.has_class("-wide") and app.table.has_class("-tall"),
        )


@pytest.mark.long
async def test_ascii_mode_has_letters_for_suits_and_no_drawing_characters(host: Host) -> None:
    app = create_app(TableSetup.of(seed=11, pace=0, deals={1: STRONG}, ascii=True, host=host))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        text = screen_text(app)
        assert "Your hand: AS 10S AC AH 10H KH QH" in text
        assert text.isascii(), [ch for ch in text if not ch.isascii()]


@pytest.mark.long
async def test_russian_table(host: Host) -> None:
    app = create_app(TableSetup.of(seed=11, pace=0, deals={1: STRONG}, lang="ru", host=host))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        text = screen_text(app)
        assert "Торговля" in text and "Ставка: 100 (Анна)" in text and "1  Пас" in text
        assert app.session.game.names == ("Вы", "Анна", "Борис")
        # The ranks in Russian letters: туз, десятка, король, дама; the log agrees in grammar.
        assert "Т♥ 10♥ К♥ Д♥" in text and "A♥" not in text and "Q♥" not in text
        assert "Кон 1, сдающий: Вы." in app.table.query_one("#log").lines_written
        await pilot.press("2")  # 105
        await settle(pilot)
        text = screen_text(app)
        assert "Анна получит: —" in text and "Игроку" not in text
        await pilot.press("3", "enter", "5", "enter", "enter")
        await settle(pilot)
        text = screen_text(app)
        assert "На руках: 164 очка вместе с марьяжами (♥100)" in text


@pytest.mark.long
async def test_screens_reached_by_keys(host: Host) -> None:
    app = create_app(TableSetup.of("family", seed=11, pace=0, host=host))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        dialog = app.screen
        await pilot.press("question_mark")
        assert isinstance(app.screen, HelpScreen)
        assert "Thousand in short" in screen_text(app)
        await pilot.press("c")
        assert isinstance(app.screen, ConventionsScreen)
        assert "Family home rules" in screen_text(app)
        await pilot.press("s")
        assert isinstance(app.screen, SheetScreen)
        await pilot.press("escape")
        assert app.screen is dialog
        # One page at a time: however many page keys, one Esc goes back.
        await pilot.press("s", "c", "question_mark", "c", "s", "question_mark", "s", "c")
        await pilot.pause()
        assert isinstance(app.screen, ConventionsScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is dialog
        await pilot.press("s", "s")  # a page's own key closes it
        await pilot.pause()
        assert app.screen is dialog


@pytest.mark.long
async def test_the_last_trick_on_a_key(host: Host) -> None:
    app = create_app(TableSetup.of(seed=11, pace=0, deals={1: STRONG}, host=host))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("2")
        await settle(pilot)
        await pilot.press("enter", "enter", "enter", "1")  # give, play 105
        await settle(pilot)
        await press_card(pilot, "AH")
        await settle(pilot)
        await pilot.press("l")
        assert "Last trick 1 · → You (+11)" in screen_text(app)
        await pilot.press("l")
        assert "Last trick 1" not in screen_text(app)


@pytest.mark.long
async def test_the_side_sheet_shows_whole_scores_and_marks(host: Host) -> None:
    app = create_app(TableSetup.of(seed=11, pace=0, deals={1: STRONG}, host=host))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await pilot.press("2")  # 105
        await settle(pilot)
        await pilot.press("3", "enter", "5", "enter", "enter")
        await settle(pilot)
        await pilot.press("3", "3")  # concede
        await settle(pilot)
        await pilot.press("enter")  # the result seen
        await settle(pilot)
        await pilot.press("escape")  # the auction put away: the sheet beside the table
        await pilot.pause()
        side = [line.rpartition("▏")[2] for line in screen_text(app).splitlines()]
        row = next(line for line in side if line.lstrip().startswith("1 "))
        assert row.split() == ["1", "You", "105", "«R»", "-105", "R", "60", "60"]


@pytest.mark.long
async def test_a_side_sheet_slow_to_mount_never_freezes_the_table(
    monkeypatch: pytest.MonkeyPatch,
    host: Host,
) -> None:
    """The sheet beside a wide table may take a while to mount (a loaded host): the table
    waits for it without holding the event loop, then shows the game in it."""
    import asyncio

    from thousand_tui.tui.widgets.sheet import ScoreSheet

    async def slow_mount(self: ScoreSheet) -> None:
        await asyncio.sleep(0.3)  # other tasks must run meanwhile for this to end

    monkeypatch.setattr(ScoreSheet, "on_mount", slow_mount, raising=False)
    app = create_app(TableSetup.of(seed=11, pace=0, deals={1: STRONG}, host=host))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, AuctionScreen)
        await pilot.press("escape")  # the auction put away: the table is the screen
        await pilot.pause()
        await pilot.resize_terminal(120, 40)  # wide now: the sheet is mounted beside it
        await settle(pilot)
        side = app.table.query_one("#side-sheet")
        await until(pilot, "the side sheet mounted", lambda: side.is_mounted)
        header = " ".join(line.rpartition("▏")[2] for line in screen_text(app).splitlines())
        assert "Score sheet" in header and "Anna  Boris" in header, header


@pytest.mark.long
@pytest.mark.parametrize("lang", ["en", "ru"])
async def test_the_side_sheet_shows_the_finished_deal_while_its_result_is_open(
    lang: str,
    host: Host,
) -> None:
    app = create_app(TableSetup.of(seed=11, pace=0, deals={1: STRONG}, lang=lang, host=host))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await pilot.press("2")  # 105
        await settle(pilot)
        await pilot.press("3", "enter", "5", "enter", "enter", "1")  # play 105
        await settle(pilot)
        await play_out_deal(pilot)  # the last card played at the table
        assert isinstance(app.screen, DealResultScreen)
        result = app.session.game.results[-1]
        side = app.table.query_one("#side-sheet").query_one(SheetTable)
        cells = [str(cell) for cell in side.get_row_at(side.row_count - 1)]
        assert cells[0] == "1", cells
        scores = [cell.split()[0] for cell in cells[-3:]]
        assert scores == [str(score) for score in result.state.scores]


@pytest.mark.long
async def test_a_forty_deal_sheet_scrolls_to_the_latest_deal(host: Host) -> None:
    long_game = replace(
        load_preset("classic"),
        rules=with_overrides(Rules(), {"target": 5000, "barrel": {"enabled": False}}),
    )
    app = create_app(TableSetup.of(long_game, seed=31, pace=0, save=False, host=host))
    play_headless(app, deals=40)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("s")
        await pilot.pause()
        table = app.screen.query_one(SheetTable)
        assert table.row_count == len(app.session.game.results) >= 40
        assert table.cursor_row == table.row_count - 1
        assert table.scroll_y > 0  # the latest deals are in view
        last = app.session.game.results[-1]
        assert str(last.state.scores[0]) in screen_text(app)
        await pilot.press("pageup", "pageup", "pageup")
        await pilot.pause()
        assert table.scroll_y == 0


async def test_a_hang_up_ends_the_app_with_the_record_closed(host: Host) -> None:
    app = create_app(TableSetup.of(seed=11, pace=0, deals={1: STRONG}, host=host))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        path = app.session.path
        app.signalled(signal.SIGHUP)
        await pilot.pause()
    assert app.return_code == 128 + signal.SIGHUP
    assert app.session.writer is None
    assert path is not None and path.read_text(encoding="utf-8").count("\n") >= 3


class Failing:
    """An opponent whose every decision raises."""

    def decide(self, view: SeatView) -> Action:
        raise RuntimeError("no idea")


async def test_an_opponent_that_fails_is_shown_and_logged_and_the_game_goes_on(
    caplog: pytest.LogCaptureFixture,
    host: Host,
) -> None:
    app = create_app(TableSetup.of(seed=11, pace=0, deals={1: STRONG}, save=False, host=host))
    failing = Failing()
    app.session.players[2] = failing  # type: ignore[assignment]
    with caplog.at_level(logging.ERROR, logger="thousand_tui"):
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            assert any("Boris could not decide (RuntimeError: no idea)" in n for n in app.notices)
            game = app.session.game
            # Boris's one decision was made at random; his next is a fresh player's.
            assert [line.get("seat") for line in game.lines if line["type"] == "action"][-1] == 2
            assert game.to_move == 0
            assert app.session.player(2) is not failing
    assert "Traceback" in caplog.text and "RuntimeError: no idea" in caplog.text


class HandApp(App[None]):
    """A hand on its own."""

    def __init__(self) -> None:
        super().__init__()
        self.palette = Palette()
        self.chosen: list[Card] = []

    def compose(self) -> ComposeResult:
        yield Hand(id="hand")

    def on_hand_chosen(self, message: Hand.Chosen) -> None:
        self.chosen.append(message.card)


async def test_the_hand_owns_its_cursor_and_tells_the_card_chosen() -> None:
    app = HandApp()
    cards = parse_cards(["AS", "TS", "KH", "QH", "9D"])
    async with app.run_test(size=(60, 10)) as pilot:
        hand = app.query_one(Hand)
        hand.show(cards, choosing=True)
        hand.focus()
        await pilot.press("3", "enter")
        assert app.chosen == [cards[2]]
        await pilot.press("right", "enter")
        assert app.chosen[-1] is cards[3]
        hand.show(cards[1:], choosing=True)  # a card before it is gone: the cursor follows
        assert hand.card is cards[3]
        hand.show(cards, choosing=False)
        await pilot.press("enter")
        assert len(app.chosen) == 2  # nothing is chosen while choosing is closed


class Blocked:
    """An opponent that thinks until it is let go."""

    def __init__(self) -> None:
        self.thinking = threading.Event()
        self.go = threading.Event()
        self.answered = threading.Event()

    def decide(self, view: SeatView) -> Action:
        self.thinking.set()
        self.go.wait(10)
        self.answered.set()
        return view.legal[0]


async def test_an_abandoned_decision_keeps_its_player_and_the_seat_gets_a_fresh_one(
    host: Host,
) -> None:
    app = create_app(TableSetup.of(seed=11, pace=0, deals={1: STRONG}, save=False, host=host))
    blocked = Blocked()
    app.session.players[2] = blocked  # type: ignore[assignment]
    async with app.run_test(size=(80, 24)) as pilot:
        table = app.table
        opponents = table.query_one(Opponents)
        # Boris opens: his worker is computing
        await until(pilot, "Boris deciding", blocked.thinking.is_set)
        assert opponents.deciding == 2
        assert app.session.players.get(2) is blocked
        table.start_ai(1)  # a new decision while his thread still computes
        assert app.session.players.get(2) is None  # the next player of seat 2 is a new one
        blocked.go.set()  # his thread ends; its answer belongs to a cancelled worker
        await until(pilot, "his thread's answer", blocked.answered.is_set)
        await pilot.pause()  # what the app does with the answer
        assert app.session.player(2) is not blocked


async def test_the_dealer_of_four_sits_out_with_words_and_watches_the_talon(host: Host) -> None:
    # You deal: you sit out the first deal. A long pace keeps the deal on the table.
    app = create_app(
        TableSetup.of("four-player", seed=1, pace=30, first_dealer=0, lang="en", host=host)
    )
    async with app.run_test(size=(80, 24)) as pilot:
        told = "You deal and sit out this deal: no cards for you, you watch it."
        # the table's first paint
        await until(pilot, "the words", lambda: told in screen_text(app), shown=lambda: app.screen)
        assert app.session.game.deal.sitting_out == 0


class PanelApp(App[None]):
    CSS = "SeatPanel { border: round white; height: 4; }"

    def compose(self) -> ComposeResult:
        yield SeatPanel(1, id="panel")


async def test_a_narrow_panel_shows_the_short_title() -> None:
    for width, shown in ((26, "Борис · играет 120"), (40, "Борис · разыгрывает 120")):
        app = PanelApp()
        async with app.run_test(size=(width, 6)) as pilot:
            panel = app.query_one(SeatPanel)
            panel.show("Борис · разыгрывает 120", [], short_title="Борис · играет 120")
            await pilot.pause()
            assert shown in screen_text(app)


async def test_the_footer_is_rebuilt_only_when_its_keys_change(host: Host) -> None:
    app = create_app(TableSetup.of(seed=11, pace=0, deals={1: STRONG}, host=host))
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await pilot.press("escape")  # the auction put away: the table and its footer
        await pilot.pause()
        table = app.table
        footer = table.query_one(KeyFooter)

        def last_trick_key() -> Widget:
            return next(k for k in footer_keys() if getattr(k, "action", "") == "last_trick")

        def footer_keys() -> list[Widget]:
            return list(footer.query("FooterKey"))  # the footer's key widgets, by their type

        rebuilds = 0
        rebuild = footer.recompose

        async def counted() -> None:
            nonlocal rebuilds
            rebuilds += 1
            await rebuild()

        footer.recompose = counted  # type: ignore[method-assign]
        keys = footer_keys()
        assert last_trick_key().has_class("-disabled")  # no trick played yet
        table.redraw()  # nothing changed: the same key widgets stay
        await pilot.pause()
        assert footer_keys() == keys
        assert rebuilds == 0
        table.show_last = True  # the last trick's key is live now: the footer says so
        table.redraw()
        await pilot.pause()
        await pilot.pause()
        assert not last_trick_key().has_class("-disabled")
        assert rebuilds == 1
        # (the same number of keys: the widgets shown take the new keys' state in place)
        assert footer_keys() == keys


def footer_shows(keys: list[Widget]) -> list[tuple[object, ...]]:
    """What each key of a footer shows and does, and its classes but the footer's style."""
    return [
        (
            getattr(key, "key", None),
            getattr(key, "key_display", None),
            getattr(key, "description", None),
            getattr(key, "action", None),
            getattr(key, "_disabled", None),
            key.tooltip,
            key.classes - {"-compact"},
        )
        for key in keys
    ]


@pytest.mark.long
async def test_the_footers_keys_updated_in_place_show_what_new_ones_would(host: Host) -> None:
    """After every decision of a deal, the keys of each footer shown are those a footer made
    afresh would have: their words (the longer Russian ones), their state, their classes, and
    no more or fewer of them."""
    app = create_app(TableSetup.of(seed=11, pace=0, deals={1: STRONG}, host=host, lang="ru"))
    seen: set[tuple[tuple[object, ...], ...]] = set()

    def differences() -> list[tuple[object, object]]:
        wrong: list[tuple[object, object]] = []
        for screen in app.screen_stack:
            for footer in screen.query(KeyFooter):
                shown = footer_shows(list(footer.query_children()))
                with footer._context():  # as the footer composes (its keys bind to it)
                    fresh = footer_shows(compose(footer))
                if shown != fresh:
                    wrong.append((shown, fresh))
                seen.add(tuple(shown))
        return wrong

    async def check() -> None:
        # A footer follows its screen's keys when the app is next idle: on a loaded machine
        # that may be a few turns of the loop after the decision; it must get there.
        await until(
            pilot,
            "the footers to show their screens' keys",
            lambda: not differences(),
            shown=differences,
        )

    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await check()
        await pilot.press("2")  # a bid of its own
        await settle(pilot)
        await check()
        await give_two(pilot)
        await check()
        await pilot.press("1")  # play 120
        for _ in range(30):
            await settle(pilot)
            await check()
            if isinstance(app.screen, DealResultScreen):
                break
            await play_first_legal(pilot)
        assert isinstance(app.screen, DealResultScreen)
        assert len(seen) > 3  # the footer changed on the way


@pytest.mark.long
async def test_a_decision_arriving_after_a_hang_up_is_not_taken(host: Host) -> None:
    """A hang-up lets go of the record at once; an opponent's move (or a key) that was already
    on its way is not applied: the game goes on from the record when it is continued."""
    app = create_app(TableSetup.of(seed=11, pace=0, deals={1: STRONG}, host=host))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        table, session = app.table, app.session
        game = session.game
        lines = list(game.lines)
        seat = game.to_move
        assert seat is not None and session.writer is not None
        session.close()  # what a hang-up does first, before the app exits
        assert table.act(game.legal_actions(seat)[0]) is False
        assert game.lines == lines


async def test_a_dialog_opening_as_the_terminal_hangs_up_ends_the_app_cleanly(host: Host) -> None:
    app = create_app(TableSetup.of(seed=11, pace=0, deals={1: STRONG}, host=host))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("escape")  # the auction put away
        await pilot.pause()
        app.table.action_decide()  # the auction opens again ...
        app.signalled(signal.SIGHUP)  # ... as the terminal hangs up
        await pilot.pause()
    assert app.return_code == 128 + signal.SIGHUP


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_a_note_never_covers_the_hand(size: tuple[int, int], host: Host) -> None:
    """A hint takes seconds to read, and the player chooses his card meanwhile: notes show
    over the log, above the hand."""
    app = create_app(TableSetup.of(seed=11, pace=0, deals={1: STRONG}, save=False, host=host))
    async with app.run_test(size=size, notifications=True) as pilot:
        await settle(pilot)
        app.notify("Hint: play 9♦: the contract is made in 44% of sampled deals; K♦: 45%.")
        toasts = await shown_toasts(pilot)
        hand = app.table.query_one(Hand).region
        for toast in toasts:
            assert not toast.region.overlaps(hand)
            assert toast.region.bottom <= hand.y


# ------------------------------------------------------------ what the table shows, bound


@pytest.mark.long_variants
@pytest.mark.parametrize(("lang", "size"), [("en", (80, 24)), ("ru", (120, 40))])
async def test_the_widgets_show_the_screens_reactives_and_a_flood_is_made_once(
    monkeypatch: pytest.MonkeyPatch, lang: str, size: tuple[int, int], host: Host
) -> None:
    app = create_app(TableSetup.of(seed=11, pace=0, deals={1: STRONG}, lang=lang, host=host))
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        await pilot.press("escape")  # the auction put away: the table
        await pilot.pause()
        table = app.table
        bars = {name: table.query_one(f"#{name}", InfoBar) for name in ("top", "prompt")}
        assert bars["top"].line == table.top
        assert ("Deal 1" if lang == "en" else "Кон 1") in table.top
        assert bars["prompt"].line == table.prompt
        hand = table.query_one(Hand)
        assert hand.shown == table.hand and hand.shown is not None
        assert tuple(hand.cards) == hand.shown.cards
        for panel in table.query(SeatPanel):
            assert panel.shown is not None and panel.shown == table.panels[panel.seat]
        # The screen's reactive changed: its widget shows it, with nothing else to do.
        table.prompt = "Bound to the table"
        await pilot.pause()
        assert "Bound to the table" in screen_text(app)
        # Many changes in a row: what the table shows is made once, and a widget whose part
        # did not change is not drawn again.
        made: list[int] = []
        redraw = table.redraw
        monkeypatch.setattr(table, "redraw", lambda: (made.append(1), redraw())[1])
        shown: list[object] = []
        monkeypatch.setattr(hand, "show", lambda *a, **k: shown.append(a))
        for _ in range(50):
            table.changed()
        await pilot.pause()
        await pilot.pause()
        assert made == [1]
        assert shown == []  # the hand is the same: not shown again
        assert bars["prompt"].line == table.prompt != "Bound to the table"


@pytest.mark.long
async def test_the_opponents_decide_in_the_local_drivers_workers(host: Host) -> None:
    app = create_app(TableSetup.of(seed=11, pace=0, deals={1: STRONG}, save=False, host=host))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        table = app.table
        opponents = table.query_one(Opponents)
        assert opponents.driver is table.driver
        assert not [w for w in table.workers if w.node is table]  # the screen runs none
        await pilot.press("1")  # pass: the opponents play the auction out
        await settle(pilot)
        assert opponents.asked is not None  # the last decision asked: its worker, turn, seat
        worker, _, seat = opponents.asked
        assert worker.node is opponents and worker.group == "ai" and seat != 0
        lines = app.session.game.lines
        seats = [line.get("seat") for line in lines if line["type"] == "action"]
        assert seats[:3] == [1, 2, 0] and len(seats) > 3  # they played on after the pass


@pytest.mark.long
async def test_an_exchange_taken_down_before_it_was_built_is_let_go(host: Host) -> None:
    """The dialog of the exchange closed before it is on screen (its time ran out at a shared
    table, the app hung up): its first drawing finds no widgets and does nothing."""
    from thousand_tui.engine.phases import Phase
    from thousand_tui.tui.screens.exchange import ExchangeScreen

    app = create_app(TableSetup.of(seed=11, pace=0, deals={1: STRONG}, host=host))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("2")  # a bid of its own: the talon is its
        await settle(pilot)
        table = app.table
        view = table.view()
        assert view.phase is Phase.GIVE
        app.push_screen(ExchangeScreen(view, table.t, table.p, shown=view.talon_shown))
        app.pop_screen()  # before it was mounted
        await pilot.pause()
        await settle(pilot)
        await give_two(pilot)  # the table's own dialog still takes the exchange
        await settle(pilot)
        assert table.view().phase is not Phase.GIVE


@pytest.mark.long_variants
@pytest.mark.parametrize(("size", "lang"), [((80, 24), "en"), ((120, 40), "ru")])
async def test_the_bids_under_the_auction_are_never_cut_inside_one(
    host: Host, size: tuple[int, int], lang: str
) -> None:
    """The bids said so far, in the middle of the table, go on the next line between two
    bids: a name is never left at the end of a line with its bid on the next."""
    app = create_app(TableSetup.of(seed=11, pace=0, host=host, lang=lang))
    async with app.run_test(size=size) as pilot:
        for _ in range(4):  # a bid of its own each time it is asked, while it may
            await settle(pilot)
            if not isinstance(app.screen, AuctionScreen) or "2" not in screen_text(app):
                break
            await pilot.press("2")
        await settle(pilot)
        table = app.table
        said = list(table.trick.said or ())
        width = table.query_one(TrickView).content_size.width
        assert len(lines_of(said, width)) >= 2, said  # more bids than one line holds
        middle = table.query_one(TrickView)
        assert middle.render().plain == middle.render().plain  # drawn again, the same
        shown = [middle.render_line(y).text for y in range(middle.size.height)]
        for entry in said:
            assert any(entry in line for line in shown), (entry, shown)
