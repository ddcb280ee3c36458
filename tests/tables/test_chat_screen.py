"""Chat on the table screen (Pilot, at 80x24 and 120x40, in English and Russian): `m` opens
a line at the foot of the table, Enter sends it, Esc leaves it; the lines of everyone at the
table come into the log as "Name: text"; the key is there only at a shared table."""

from __future__ import annotations

import os
import signal
from pathlib import Path

import pytest
from textual import events
from textual.pilot import Pilot

from tests.helpers.pairs import each_language_and_size
from tests.helpers.screen import screen_text
from tests.tui.apps import strong_app
from thousand_tui.settings import TableSetup
from thousand_tui.tables import chat_rules
from thousand_tui.tables.wire import ChatLine, StartRequest
from thousand_tui.tui import create_app
from thousand_tui.tui.app import ThousandApp
from thousand_tui.tui.screens.auction import AuctionScreen
from thousand_tui.tui.screens.table import TableScreen
from thousand_tui.tui.shared import WaitingScreen, join_shared
from thousand_tui.tui.shared.chat import ChatScreen
from thousand_tui.tui.widgets.log import GameLog

from .helpers import Seat, at_table, bob_plays_until, opened, pump, service_pid

WORDS = {
    "en": {"key": "m Chat", "say": "Say:", "fast": "you may write again in"},
    "ru": {"key": "m Чат", "say": "Сказать:", "fast": "снова написать можно через"},
}


def ann_and_bob(base: Path, lang: str) -> tuple[Seat, ThousandApp]:
    """Ann (scripted, not playing) and Bob on the screen, at a table of two people and an AI."""
    ann = opened(base, "Ann", people=[0, 1], timeout=30.0)
    ann.hold = True
    shared = join_shared(ann.mirror.code, name="Bob", base=base, lang=lang, who="key-b0b")
    return ann, create_app(TableSetup.of(lang=lang, pace=0.0), seat=shared)


async def on_the_table(pilot: Pilot, app: ThousandApp, ann: Seat) -> TableScreen:
    """Bob's table, in sight: a dialog his decision opened put away."""
    await pump(pilot, [ann], lambda: at_table(app))
    table = app.table
    await pump(pilot, [ann], lambda: table.controller.turn > 0)
    if app.screen is not table:
        await pilot.press("escape")
    await pump(pilot, [ann], lambda: app.screen is table)
    return table


def log(table: TableScreen) -> list[str]:
    return table.query_one(GameLog).lines_written


def heard(seat: Seat) -> list[ChatLine]:
    return [m for m in seat.told if isinstance(m, ChatLine)]


async def write(pilot: Pilot, text: str) -> None:
    await pilot.press("m")
    await pilot.pause()
    assert isinstance(pilot.app.screen, ChatScreen)
    await pilot.press(*text)


@pytest.mark.long
@pytest.mark.parametrize(("lang", "size"), each_language_and_size())
async def test_a_line_written_at_the_table_reaches_both_logs(
    base: Path, lang: str, size: tuple[int, int]
) -> None:
    words = WORDS[lang]
    ann, app = ann_and_bob(base, lang)
    async with app.run_test(size=size) as pilot:
        table = await on_the_table(pilot, app, ann)
        assert words["key"] in screen_text(app).splitlines()[-1]  # in the footer
        await write(pilot, "hi all")
        text = screen_text(app)
        assert words["say"] in text and "hi all" in text
        # The line is one row over the foot of the table: the hand stays in sight.
        assert "┌─" in text and "└─" in text
        await pilot.press("enter")
        await pump(pilot, [ann], lambda: bool(heard(ann)))
        assert heard(ann) == [ChatLine(1, "Bob", "hi all")]
        await pump(pilot, [ann], lambda: "Bob: hi all" in log(table))
        assert app.screen is table
        ann.client.chat("ваш ход, Bob")
        await pump(pilot, [ann], lambda: "Ann: ваш ход, Bob" in log(table))
        assert "Ann: ваш ход, Bob" in screen_text(app)
        # Esc leaves a line unsent.
        await write(pilot, "never mind")
        await pilot.press("escape")
        await pump(pilot, [ann], lambda: app.screen is table)
        ann.client.chat("last")
        await pump(pilot, [ann], lambda: len(heard(ann)) == 3)
        assert [line.text for line in heard(ann)] == ["hi all", "ваш ход, Bob", "last"]
    ann.close()


@pytest.mark.long
@pytest.mark.parametrize("lang", ["en", "ru"])
async def test_an_empty_line_or_one_too_soon_is_said_and_stays_unsent(
    base: Path, lang: str
) -> None:
    words = WORDS[lang]
    ann, app = ann_and_bob(base, lang)
    async with app.run_test(size=(80, 24)) as pilot:
        table = await on_the_table(pilot, app, ann)
        await pilot.press("m", "space", "enter")
        assert isinstance(app.screen, ChatScreen)  # nothing to send: it stays open, and says so
        empty = "Nothing to send" if lang == "en" else "Нечего отправлять"
        assert empty in screen_text(app)
        await pilot.press("escape")
        for number in range(chat_rules.RATE_COUNT):
            await write(pilot, f"line {number}")
            await pilot.press("enter")
            await pump(pilot, [ann], lambda: app.screen is table)
        await write(pilot, "one more")
        await pilot.press("enter")
        assert isinstance(app.screen, ChatScreen)
        assert words["fast"] in " ".join(screen_text(app).split())
        await pilot.press("escape")
        await pump(pilot, [ann], lambda: len(heard(ann)) == chat_rules.RATE_COUNT)
        await pilot.pause(0.3)
        ann.pump(play=False)
        assert len(heard(ann)) == chat_rules.RATE_COUNT  # the sixth was never sent
    ann.close()


@pytest.mark.long
async def test_a_line_typed_in_one_burst_with_its_enter_is_sent_whole(base: Path) -> None:
    """Keys that come all at once (pasted, or over a slow link): Enter sends the whole line,
    never only the characters that reached the input before it."""
    ann, app = ann_and_bob(base, "en")
    async with app.run_test(size=(80, 24)) as pilot:
        table = await on_the_table(pilot, app, ann)
        await pilot.press("m")
        await pilot.pause()
        assert isinstance(app.screen, ChatScreen)
        for char in "all at once":
            app.post_message(events.Key(char if char != " " else "space", char))
        app.post_message(events.Key("enter", "\r"))
        await pump(pilot, [ann], lambda: app.screen is table and bool(heard(ann)))
        assert heard(ann) == [ChatLine(1, "Bob", "all at once")]
    ann.close()


@pytest.mark.long
async def test_the_chat_is_told_again_after_the_table_comes_back_but_shown_once(
    base: Path,
) -> None:
    ann, app = ann_and_bob(base, "en")
    async with app.run_test(size=(80, 24)) as pilot:
        table = await on_the_table(pilot, app, ann)
        ann.client.chat("before the fall")
        await pump(pilot, [ann], lambda: "Ann: before the fall" in log(table))
        pid = service_pid(base)
        assert pid is not None
        os.kill(pid, signal.SIGKILL)  # Bob's screen sits again by itself, from the record
        await pump(pilot, [], lambda: "Back at the table." in log(table))
        await pilot.pause(0.3)
        assert log(table).count("Ann: before the fall") == 1
    ann.close()


@pytest.mark.long
async def test_the_chat_key_is_only_at_a_shared_table() -> None:
    app = strong_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        table = app.table
        assert table.check_action("chat", ()) is False
        assert "m Chat" not in screen_text(app)
        await pilot.press("m")
        await pilot.pause()
        assert not isinstance(app.screen, ChatScreen)


# ---------------------------------------------------------------------- the waiting room


@pytest.mark.long
@pytest.mark.parametrize(("lang", "size"), each_language_and_size())
async def test_the_waiting_room_chats_and_the_table_log_begins_with_its_lines(
    base: Path, lang: str, size: tuple[int, int]
) -> None:
    """Bob waits with Ann for a third player: `m` writes there as at the table, Ann's lines
    show under the seats, and once the game begins the table's log has them all."""
    ann = opened(base, "Ann", timeout=30.0)  # three seats for people: the game waits
    ann.hold = True
    shared = join_shared(ann.mirror.code, name="Bob", base=base, lang=lang, who="key-b0b")
    app = create_app(TableSetup.of(lang=lang, pace=0.0), seat=shared)
    async with app.run_test(size=size) as pilot:
        await pump(pilot, [ann], lambda: isinstance(app.screen, WaitingScreen))
        room = app.screen
        await pump(pilot, [ann], lambda: WORDS[lang]["key"] in screen_text(app).splitlines()[-1])
        await write(pilot, "hello Ann")
        await pilot.press("enter")
        await pump(pilot, [ann], lambda: bool(heard(ann)))
        assert heard(ann) == [ChatLine(1, "Bob", "hello Ann")]
        ann.client.chat("ждём Кота")
        await pump(pilot, [ann], lambda: "Ann: ждём Кота" in screen_text(app))
        assert app.screen is room
        assert "Bob: hello Ann" in screen_text(app)
        ann.client.send(StartRequest())  # AI takes the third seat: the deal begins
        await pump(pilot, [ann], lambda: at_table(app))
        table = app.table
        await pump(pilot, [ann], lambda: "Ann: ждём Кота" in log(table))
        assert log(table).count("Bob: hello Ann") == 1
        assert log(table).index("Bob: hello Ann") < log(table).index("Ann: ждём Кота")
    ann.close()


# ---------------------------------------------------------------------- over a dialog


@pytest.mark.long
@pytest.mark.parametrize("lang", ["en", "ru"])
async def test_m_writes_over_the_auction_and_a_line_heard_there_is_in_the_log_after(
    base: Path, lang: str
) -> None:
    """Bob's auction is open: `m` opens the line over it (the dialog stays, its keys too), Enter
    sends it; Ann's line while the auction is open comes in a note, and is in the log when the
    auction is put away."""
    words = WORDS[lang]
    ann, app = ann_and_bob(base, lang)
    ann.hold = False
    async with app.run_test(size=(80, 24)) as pilot:
        await pump(pilot, [ann], lambda: at_table(app))
        await bob_plays_until(pilot, app, [ann], lambda: isinstance(app.screen, AuctionScreen))
        auction = app.screen
        table = app.table
        ann.hold = True
        await pump(pilot, [ann], lambda: bool(screen_text(app).splitlines()[-1].strip()))
        assert words["key"] in screen_text(app).splitlines()[-1]  # in the auction's footer
        await write(pilot, "I pass")
        assert app.screen_stack[-2] is auction  # the line opens over the dialog
        await pilot.press("enter")
        await pump(pilot, [ann], lambda: bool(heard(ann)))
        assert heard(ann) == [ChatLine(1, "Bob", "I pass")]
        assert app.screen is auction  # back at the auction, still to be decided
        ann.client.chat("думай, Bob")
        await pump(pilot, [ann], lambda: "Ann: думай, Bob" in app.notices)
        assert "Ann: думай, Bob" in screen_text(app)  # the note, over the auction
        await pilot.press("escape")  # the auction put away: the table and its log
        await pump(pilot, [ann], lambda: app.screen is table)
        assert "Ann: думай, Bob" in screen_text(app)
        assert log(table).count("Ann: думай, Bob") == 1 and "Bob: I pass" in log(table)
    ann.close()
