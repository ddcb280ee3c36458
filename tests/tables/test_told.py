"""What the table screen is told by the service besides the game: that the service failed while
deciding for an AI seat and tries again; that the club database is out of reach, and back; and
that a decision sent waits for its acknowledgement, not for whose turn the next update is."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.widgets._toast import Toast

from thousand_tui.engine.actions import Action
from thousand_tui.settings import TableSetup
from thousand_tui.tables.service import Service, Table
from thousand_tui.tables.wire import Acked
from thousand_tui.tui import create_app
from thousand_tui.tui.app import ThousandApp
from thousand_tui.tui.controller import Awaiting
from thousand_tui.tui.screens.table import TableScreen
from thousand_tui.tui.shared import SharedDriver, WaitingScreen, join_shared

from .helpers import ClubDatabase, at_table, bob_plays_until, opened, pump
from .test_faults import service  # noqa: F401 (a fixture)


def toasts(app: ThousandApp) -> str:
    """The notes on screen (over the table, or over a decision's dialog)."""
    shown = (toast for screen in app.screen_stack for toast in screen.query(Toast))
    return " ".join(str(toast.render()) for toast in shown)


@pytest.mark.long_variants
@pytest.mark.parametrize(("size", "lang"), [((80, 24), "en"), ((120, 40), "ru")])
async def test_the_players_see_that_the_service_tries_an_ai_decision_again(
    base: Path,
    service: Service,  # noqa: F811
    size: tuple[int, int],
    lang: str,
) -> None:
    ann = opened(base, "Ann", people=[0, 1], ai_names=["Vera", "Gleb"])
    real = service.apply
    failed: list[Action] = []

    def once(table: Table, action: Action) -> str | None:
        if action.seat == 2 and not failed:
            failed.append(action)
            raise RuntimeError("a fault past the AI's choice")
        return real(table, action)

    service.apply = once  # type: ignore[method-assign]
    shared = join_shared(ann.mirror.code, name="Bob", base=base, lang=lang)
    app = create_app(TableSetup.of(lang=lang, pace=0.0), seat=shared)
    gleb = {"en": "Gleb", "ru": "Глеб"}[lang]  # seat 2's, named in Bob's language
    said = app.t("shared_ai_retry", name=gleb)
    async with app.run_test(size=size, notifications=True) as pilot:
        await pump(pilot, [ann], lambda: at_table(app))
        await bob_plays_until(pilot, app, [ann], lambda: said in toasts(app))
        assert failed and said in app.notices
        # The game goes on: Vera's decision is made at the second try.
        turn = shared.mirror.turn
        await bob_plays_until(pilot, app, [ann], lambda: shared.mirror.turn > turn + 3)
        assert not shared.mirror.closed
    ann.close()


@pytest.mark.long
@pytest.mark.parametrize("lang", ["en", "ru"])
async def test_the_players_are_told_once_that_the_club_database_is_gone_and_once_it_is_back(
    base: Path,
    service: Service,  # noqa: F811
    lang: str,
) -> None:
    club = ClubDatabase()
    service.directory = club  # type: ignore[assignment]
    ann = opened(base, "Ann", people=[0, 1], ai_names=["Vera", "Gleb"])
    shared = join_shared(ann.mirror.code, name="Bob", base=base, lang=lang)
    app = create_app(TableSetup.of(lang=lang, pace=0.0), seat=shared)
    gone, back = app.t("shared_club_down"), app.t("shared_club_back")
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pump(pilot, [ann], lambda: at_table(app))
        club.down = True
        await bob_plays_until(pilot, app, [ann], lambda: gone in toasts(app))
        turn = shared.mirror.turn  # the game goes on meanwhile
        await bob_plays_until(pilot, app, [ann], lambda: shared.mirror.turn > turn + 3)
        club.down = False
        await bob_plays_until(pilot, app, [ann], lambda: back in toasts(app))
        turn = shared.mirror.turn
        await bob_plays_until(pilot, app, [ann], lambda: shared.mirror.turn > turn + 3)
        assert (app.notices.count(gone), app.notices.count(back)) == (1, 1)
        assert not shared.mirror.closed
    ann.close()


async def test_the_waiting_room_tells_it_too(
    base: Path,
    service: Service,  # noqa: F811
) -> None:
    club = ClubDatabase()
    service.directory = club  # type: ignore[assignment]
    ann = opened(base, "Ann")  # three seats for people: the table waits for the third
    shared = join_shared(ann.mirror.code, name="Bob", base=base, lang="ru")
    app = create_app(TableSetup.of(lang="ru", pace=0.0), seat=shared)
    gone = app.t("shared_club_down")
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pump(pilot, [ann], lambda: isinstance(app.screen, WaitingScreen))
        club.down = True
        await pump(pilot, [ann], lambda: gone in toasts(app))
        assert isinstance(app.screen, WaitingScreen) and app.notices.count(gone) == 1
    ann.close()


@pytest.mark.long
async def test_a_decision_sent_waits_for_its_ack_not_for_the_next_turn(
    base: Path,
    service: Service,  # noqa: F811
) -> None:
    """The service's update after Bob's decision comes before its ack: until the ack, the
    screen offers nothing more; the ack ends the wait."""
    ann = opened(base, "Ann", people=[0, 1], ai_names=["Vera", "Gleb"])
    shared = join_shared(ann.mirror.code, name="Bob", base=base)
    held: list[Any] = []
    app = create_app(TableSetup.of(pace=0.0), seat=shared)
    async with app.run_test(size=(80, 24)) as pilot:
        await pump(pilot, [ann], lambda: at_table(app))
        table = app.table
        assert isinstance(table, TableScreen) and isinstance(table.driver, SharedDriver)
        driver = table.driver
        # Every ack to Bob is held back from the screen until the test lets it through.
        listen = shared.client.on_message
        assert listen is not None

        def hold(message: Any) -> None:
            if isinstance(message, Acked):
                held.append(message)
            else:
                listen(message)

        shared.client.on_message = hold
        await bob_plays_until(pilot, app, [ann], lambda: bool(driver.sent))
        sent = driver.sent
        # Its update comes before its ack: once the ack is held, the update has been read.
        await pump(pilot, [ann], lambda: bool(held) and not shared.inbox)
        await pilot.pause(0.1)
        # Told the move, not yet its ack: still waiting, offering nothing.
        assert driver.sent == sent and table.awaiting is Awaiting.NOTHING
        assert held == [Acked(sent)]
        listen(held.pop())
        await pump(pilot, [ann], lambda: driver.sent == 0)
    ann.close()
