"""Watching a shared table on screen (Pilot): the waiting room, then the table at no seat (no
hand, no decision), the watcher count the players see, a watcher's chat line marked; and the
lobby's key to watch a table in play."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.helpers.screen import screen_text
from thousand_tui.settings import LobbySetup, TableSetup
from thousand_tui.tables.wire import ChatLine
from thousand_tui.tui import create_app
from thousand_tui.tui.controller import Awaiting
from thousand_tui.tui.screens.lobby import LobbyScreen
from thousand_tui.tui.shared import WaitingScreen
from thousand_tui.tui.shared.chat import chat_text
from thousand_tui.tui.shared.connection import watch_shared
from thousand_tui.tui.shared.lobby_client import Lobby

from .helpers import at_table, is_shared_table, joined, opened, play_until, pump


@pytest.mark.long
async def test_a_watcher_sees_the_table_at_no_seat_and_never_plays(base: Path) -> None:
    ann = opened(base, "Ann", watchers="chat")
    code = ann.mirror.code
    shared = watch_shared(code, name="Zoe", base=base)
    app = create_app(TableSetup.of(lang="en", pace=0.0), seat=shared)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        room = app.screen
        assert isinstance(room, WaitingScreen)
        waiting = screen_text(app)
        assert "You watch this table" in waiting and "(you)" not in waiting
        assert "watching: 1" in waiting
        assert room.check_action("start", ()) is False  # only the opener starts it
        await pump(pilot, [ann], lambda: ann.mirror.watching == 1, play=True)
        shared.client.chat("good luck")
        await pump(pilot, [ann], lambda: any(isinstance(m, ChatLine) for m in ann.told), play=True)
        assert next(m for m in ann.told if isinstance(m, ChatLine)).watcher
        bob = joined(base, code, "Bob")
        cat = joined(base, code, "Cat")
        seats = [ann, bob, cat]
        await pump(pilot, seats, lambda: at_table(app), play=True)
        table = app.table
        assert is_shared_table(table)
        # A deal goes by while the watcher's screen follows: never a hand, never a decision's
        # dialog; its result is shown as to anyone.
        shown: set[str] = set()

        def followed() -> bool:
            assert table.view().hand is None and table.awaiting is Awaiting.NOTHING
            shown.add(type(app.screen).__name__)
            text = screen_text(app)
            if app.screen is table and "Thousand" in text:  # drawn
                assert "You watch" in text and "watching: 1" in text
                # The bottom panel says who plays, not that "your" cards are face down.
                assert "you watch Ann, Bob, Cat play" in text
                assert "your cards are face down" not in text
            return bool(shared.mirror.results)

        await pump(pilot, seats, followed, timeout=60, play=True)
        await pump(pilot, seats, lambda: app.screen is not table, play=True)
        shown.add(type(app.screen).__name__)
        assert shown == {"TableScreen", "DealResultScreen"}, shown
        assert not shared.mirror.my_turn
        (line,) = [line for line in shared.heard if line.watcher]  # the log's line, marked
        assert chat_text(line, app.palette).plain == "Zoe (watching): good luck"
        # The players wait; the result put away, q leaves at once: no seat waits for a watcher.
        for seat in seats:
            seat.hold = True
        # The result's keys are held a moment as it opens.
        await pump(pilot, seats, lambda: app.screen.open_to_keys)
        await pilot.press("enter")
        await pump(pilot, seats, lambda: app.screen is table, play=True)
        await pilot.press("q")
        await pump(
            pilot, seats, lambda: app.return_code == 0, play=True
        )  # no "leave the seat?" asked
    app.let_go()  # as the command does once the app ends
    play_until(seats, lambda: ann.mirror.watching == 0)


@pytest.mark.long
async def test_a_watchers_table_in_russian(base: Path) -> None:
    """The watcher's words in Russian: the top line, the count the players see, and the
    bottom panel that says who plays (no "your cards" of a seat he does not hold)."""
    anna = opened(base, "Аня", watchers="read")
    code = anna.mirror.code
    shared = watch_shared(code, name="Зоя", lang="ru", base=base)
    app = create_app(TableSetup.of(lang="ru", pace=0.0), seat=shared)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, WaitingScreen)
        waiting = screen_text(app)
        assert "Вы наблюдаете за этим столом" in waiting and "зрителей: 1" in waiting
        seats = [anna, joined(base, code, "Боря"), joined(base, code, "Катя")]
        await pump(pilot, seats, lambda: at_table(app), play=True)
        table = app.table

        def drawn() -> bool:
            text = screen_text(app)
            return app.screen is table and "Тысяча" in text and "зрителей: 1" in text

        await pump(pilot, seats, drawn, play=True)
        text = screen_text(app)
        assert table.view().hand is None and table.awaiting is Awaiting.NOTHING
        assert "Вы наблюдаете" in text
        assert "вы смотрите, как играют Аня, Боря, Катя; карт зрителям не видно" in text
        assert "ваши карты закрыты" not in text and "you watch" not in text
        for seat in seats:
            seat.hold = True
        await pilot.press("q")
        await pump(pilot, seats, lambda: app.return_code == 0, play=True)
    app.let_go()
    play_until(seats, lambda: anna.mirror.watching == 0)


@pytest.mark.long
async def test_the_lobby_watches_a_table_in_play_and_greys_the_key_elsewhere(
    base: Path,
) -> None:
    ann = opened(base, "Ann", people=(0,))  # its AI seats are filled: it plays at once
    waiting = opened(base, "Bea")
    play_until([ann, waiting], lambda: ann.mirror.started)
    lobby = Lobby(
        LobbySetup(TableSetup.of(lang="en", pace=0.0, name="Lev"), {"classic": "classic"})
    )
    app = create_app(lobby.setup.table, lobby=lobby)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert isinstance(screen, LobbyScreen)
        await pump(pilot, [ann, waiting], lambda: "in play" in screen_text(app), play=True)
        assert len(screen.tables) == 2
        codes = [t.code for t in screen.tables]
        assert codes == [waiting.mirror.code, ann.mirror.code]  # the waiting table first
        assert screen.check_action("watch", ()) is None  # a table waiting: sit, not watch
        assert screen.check_action("join", ()) is True
        await pilot.press("down")
        assert screen.check_action("watch", ()) is True
        assert screen.check_action("join", ()) is None  # a table in play has no seat free
        await pilot.press("w")
        await pump(pilot, [ann, waiting], lambda: at_table(app), play=True)
        assert app.shared is not None and app.shared.mirror.watcher
        await pump(pilot, [ann, waiting], lambda: ann.mirror.watching == 1, play=True)


@pytest.mark.long
@pytest.mark.parametrize("lang", ["en", "ru"])
async def test_the_start_screen_opens_a_table_with_the_watchers_chosen(
    base: Path, monkeypatch: pytest.MonkeyPatch, tmp_path: Path, lang: str
) -> None:
    from tests.tui.test_start import go_to, line_ids, start_app
    from thousand_tui.tui.startup import StartOffer

    from .test_open_hints import opened_table

    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "xdg-config"))
    label, read, chat = {
        "en": ("Watchers", "watch, read the chat", "watch and chat"),
        "ru": ("Зрители", "смотрят, читают чат", "смотрят и пишут"),
    }[lang]
    app = start_app(StartOffer.shipped(lang))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert line_ids(app).index("open-watchers") == line_ids(app).index("open-clock") + 1
        await go_to(pilot, "open-watchers")
        row = next(line for line in screen_text(app).splitlines() if label in line)
        assert read in row, row  # watchers read the chat unless chosen otherwise
        await pilot.press("right")
        await pilot.pause()
        row = next(line for line in screen_text(app).splitlines() if label in line)
        assert chat in row, row
        await go_to(pilot, "open-table")
        await pilot.press("enter")
        assert (await opened_table(pilot, app)).mirror.watchers == "chat"


def test_thousand_open_watchers_and_thousand_watch(capsys: pytest.CaptureFixture[str]) -> None:
    from thousand_tui.cli import build_parser, join_setup, open_setup

    parser = build_parser()
    assert open_setup(parser.parse_args(["open", "--watchers", "none"])).watchers == "none"
    assert open_setup(parser.parse_args(["open"])).watchers == "read"
    with pytest.raises(SystemExit):
        parser.parse_args(["open", "--watchers", "all"])
    assert "invalid choice: 'all'" in capsys.readouterr().err
    watching = parser.parse_args(["watch", "k7qm-2p", "--lang", "ru"])
    assert join_setup(watching).code == "k7qm-2p" and watching.handler.__name__ == "run_watch"


def test_the_ssh_word_watch(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from tests.helpers.ssh import config, olga
    from thousand_tui import ssh

    allowed = ["classic"]
    assert ssh.parse_request("watch k7qm-2p", allowed) == ssh.Request(watch="K7QM2P")
    assert ssh.parse_request("WATCH K7QM2P ru", allowed) == ssh.Request(lang="ru", watch="K7QM2P")
    for bad in ("watch", "watch $(id)", "watch K7QM2P classic", "watch K7QM2P ru en"):
        with pytest.raises(ssh.Refused, match="watch needs the table's code"):
            ssh.parse_request(bad, allowed)
    monkeypatch.setenv("THOUSAND_DATA_DIR", str(tmp_path))
    env, key = olga(tmp_path)
    watching = ssh.plan(config(), ssh.Request(lang="ru", watch="K7QM2P"), env)
    assert watching.argv == ["watch", "K7QM2P", "--lang", "ru", "--who", key]
    assert watching.data == tmp_path


SHORT = """extends: classic
title: {en: Short, ru: Короткая}
target: 20
barrel: {enabled: false}
"""


@pytest.mark.long
async def test_a_watcher_sees_the_final_sheet_and_is_offered_no_game_again(
    base: Path, tmp_path: Path
) -> None:
    from thousand_tui.tui.screens.end import GameOverScreen
    from thousand_tui.tui.shared.over import SharedGameOverScreen

    short = tmp_path / "short.yaml"
    short.write_text(SHORT, encoding="utf-8")
    ann = opened(base, "Ann", preset=str(short), people=(0,))
    shared = watch_shared(ann.mirror.code, name="Zoe", base=base)
    app = create_app(TableSetup.of(lang="en", pace=0.0), seat=shared)
    async with app.run_test(size=(80, 24)) as pilot:

        def over() -> bool:
            if type(app.screen).__name__ == "DealResultScreen":
                app.screen.dismiss(None)
            return isinstance(app.screen, GameOverScreen)

        await pump(pilot, [ann], over, timeout=120, play=True)
        final = app.screen
        assert not isinstance(final, SharedGameOverScreen)
        assert isinstance(final, GameOverScreen) and not final.again  # a is not offered
        assert "Game over" in screen_text(app)


@pytest.mark.long
async def test_leaving_a_watched_table_says_no_seat_waits(base: Path) -> None:
    ann = opened(base, "Ann")
    shared = watch_shared(ann.mirror.code, name="Zoe", base=base)
    app = create_app(TableSetup.of(lang="en", pace=0.0), seat=shared)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("q")
        await pump(pilot, [ann], lambda: app.return_code == 0, play=True)
    assert app.parting_words() == []  # no "your seat at table ... waits"
