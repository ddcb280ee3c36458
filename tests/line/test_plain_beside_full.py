"""One shared table, two kinds of player: a person on the full table screen (Pilot) and one
playing by lines (through the line mode's input and output), the third seat an AI. A whole
deal is played by both; they are told the same contract, tricks and result, chat goes both
ways as data, and no line carries an escape sequence."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot

from tests.helpers.screen import screen_text
from tests.helpers.waiting import until
from tests.line.test_line_mode import clean
from tests.line.test_shared_line import (
    Terminal,
    answer,
    base,  # noqa: F401 (a fixture)
    said,
    seat_by_lines,
)
from tests.tables.helpers import at_table, table_options
from tests.tables.test_faults import SEAT_0_DEALS, service  # noqa: F401 (a fixture)
from thousand_tui.settings import TableSetup
from thousand_tui.tables.service import Service
from thousand_tui.tui import create_app
from thousand_tui.tui.app import ThousandApp
from thousand_tui.tui.controller import Awaiting
from thousand_tui.tui.screens.result import DealResultScreen
from thousand_tui.tui.screens.table import TableScreen
from thousand_tui.tui.shared import SharedDriver, open_shared
from thousand_tui.tui.shared.chat import ChatScreen
from thousand_tui.tui.widgets.log import GameLog

WAIT = 60.0


def log(table: TableScreen) -> list[str]:
    return list(table.query_one(GameLog).lines_written)


class Both:
    """Plays both people's turns: the line player answers each prompt typed, the full one
    each of his decisions on his screen (its dialog, opened again if put away, or the card
    through the table)."""

    def __init__(self, pilot: Pilot[Any], app: ThousandApp, term: Terminal) -> None:
        self.pilot, self.app, self.term = pilot, app, term
        self.answered = -1
        self.asked = -1
        self.decided = 0  # the full player's decisions made

    def step(self) -> None:
        lines = self.term.lines
        if len(lines) != self.answered:
            typed = answer(self.term)
            if typed is not None:
                self.answered = len(lines) + 1
                self.term.type(typed)
        app, table = self.app, self.app.table
        assert app.shared is not None
        mirror = app.shared.mirror
        assert isinstance(table.driver, SharedDriver)
        if not mirror.my_turn or self.asked == mirror.turn or table.driver.sent:
            return
        if isinstance(app.screen, DealResultScreen):
            return
        if app.screen is not table:  # the decision's dialog
            self.asked = mirror.turn
            self.decided += 1
            app.screen.dismiss(mirror.legal[0])
        elif table.awaiting is Awaiting.PLAY:
            self.asked = mirror.turn
            self.decided += 1
            table.act(mirror.legal[0])
        elif table.awaiting is Awaiting.DECIDE:
            table.action_decide()  # its dialog, put away, opened again

    async def until(self, what: str, done: Callable[[], object]) -> None:
        def played() -> bool:
            self.step()
            return bool(done())

        await until(
            self.pilot,
            what,
            played,
            timeout=WAIT,
            every=0.05,
            shown=lambda: "\n".join([*self.term.lines[-15:], str(self.app.screen)]),
        )


def deal_1(lines: list[str]) -> list[str]:
    """The lines up to the next deal's (the table goes on while the result is read)."""
    ends = [number for number, text in enumerate(lines) if text.startswith("Deal 2,")]
    return lines[: ends[0]] if ends else lines


def numbers(text: str) -> list[int]:
    return [int(found) for found in re.findall(r"[+-]?\d+", text)]


@pytest.mark.long
async def test_a_plain_player_and_a_full_one_play_a_deal_at_one_table(
    base: Path,  # noqa: F811
    service: Service,  # noqa: F811
) -> None:
    shared = open_shared(table_options(name="Bob", people=[0, 1], timeout=30.0), base=base)
    code = shared.mirror.code
    service.tables[code].seed = SEAT_0_DEALS  # the same deal each run: a contract is played
    app = create_app(TableSetup.of(lang="en", pace=0.0), seat=shared)
    async with app.run_test(size=(100, 32)) as pilot:
        term, thread, status = seat_by_lines(base, code)
        await until(pilot, "the table", lambda: at_table(app), timeout=WAIT)
        await until(pilot, "deal 1", lambda: any(s.startswith("Deal 1,") for s in said(term)))
        assert said(term)[0] == f"You sit at table {code}, seat 2."
        table = app.table
        assert table.seat == 0
        # Chat both ways, said as data: the full player's line reaches the line player as a
        # line, the line player's (with markup in it) the full player's log as text.
        if app.screen is not table:  # his decision's dialog: put away
            await pilot.press("escape")
        await until(pilot, "the table in sight", lambda: app.screen is table)
        await pilot.press("m")
        await until(pilot, "the chat line", lambda: isinstance(app.screen, ChatScreen))
        await pilot.press(*"good luck [i]all[/i]", "enter")
        bobs = "Bob says: good luck [i]all[/i]"
        await until(pilot, "Bob's line said", lambda: bobs in said(term))
        term.type("say [bold]hi[/bold] Bob")
        await until(
            pilot, "Lena's line in the log", lambda: "Lena: [bold]hi[/bold] Bob" in log(table)
        )
        if app.screen is not table:  # his turn came meanwhile: its dialog put away
            await pilot.press("escape")
        await until(pilot, "the table in sight", lambda: app.screen is table)
        assert "Lena: [bold]hi[/bold] Bob" in screen_text(app)  # not read as markup
        # The whole deal, every decision of both made.
        both = Both(pilot, app, term)
        await both.until(
            "deal 1's result on both",
            lambda: (
                isinstance(app.screen, DealResultScreen)
                and any(s.startswith("Scores: ") for s in said(term))
            ),
        )
        screen = app.screen
        assert isinstance(screen, DealResultScreen)
        result = screen.result
        assert result.number == 1 and result.redeal is None
        assert result.declarer is not None and result.tricks is not None
        # Each played his eight cards at least (and what else his seat had to decide).
        assert both.decided >= 8
        assert sum(s.startswith("> ") and not s.startswith("> say ") for s in term.lines) >= 8
        lines, written = deal_1(said(term)), deal_1(log(table))
        names = table.view().names
        assert f"The game begins. Players: {', '.join(names)}." in lines
        # The same contract.
        (contract,) = [s for s in lines if s.startswith("Contract: ")]
        assert contract in written
        assert contract == f"Contract: {names[result.declarer]}, {result.contract}."
        # The same tricks, won by the same seats for the same points.
        tricks = [s for s in lines if re.match(r"^Trick \d+: ", s)]
        assert len(tricks) == 8 and tricks == [s for s in written if s.startswith("Trick ")]
        for seat, name in enumerate(names):
            assert (
                sum(s.split(": ")[1].startswith(f"{name} ") for s in tricks) == result.tricks[seat]
            )
        # The same result: made or not, each seat's points and the scores after.
        how = "made" if result.made else "went down on"
        went = f"{names[result.declarer]} {how} {result.contract}."
        assert went in lines
        (deal,) = [s for s in lines if s.startswith("Deal 1: ")]
        assert numbers(deal.split(": ", 1)[1]) == list(result.deltas)
        (scores,) = [s for s in lines if s.startswith("Scores: ")]
        assert numbers(scores) == list(result.state.scores)
        term.type("quit")
        thread.join(10)
        assert status == [0]
    assert all(clean(s) and "\x1b" not in s for s in term.lines)
    shared.close()
