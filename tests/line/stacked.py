"""A line-mode table whose deal is stacked with chosen cards and whose decisions follow a
script: the opponents' (through their AI seats) and the player's own before the decision a
test is about (`Stacked.play_to`), then what the player types there (`Stacked.asked`)."""

from __future__ import annotations

import io
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from tests.engine.helpers import action as scripted_action
from tests.engine.helpers import dealt
from thousand_tui.ai.base import Player
from thousand_tui.engine.actions import Act, Action
from thousand_tui.engine.deal import Phase
from thousand_tui.engine.game import Start
from thousand_tui.engine.view import SeatView
from thousand_tui.line.play import LineTable
from thousand_tui.presets import Preset
from thousand_tui.priority import Host
from thousand_tui.settings import TableSetup
from thousand_tui.tui.controller import Step
from thousand_tui.tui.session import new_session

QUIET = (Act.PASS, Act.DARK_DECLINE, Act.DARK_CANCEL_DECLINE, Act.REDEAL_DECLINE)


def quiet(legal: Sequence[Action]) -> Action:
    """A decision nobody scripted: pass, no dark game, no redeal, play the contract as it is;
    else the first legal."""
    for act in QUIET:
        for action in legal:
            if action.act is act:
                return action
    for action in legal:
        if action.act is Act.RAISE and action.value is None:
            return action
    return legal[0]


def decided(table: LineTable, view: SeatView, steps: list[str]) -> Action:
    """The next scripted step (`"1 bid 105"`, `"0 give 9C 1"`, `"1 play KH H"`) where it is
    this seat's and legal now; otherwise the quiet decision."""
    if steps and int(steps[0].split()[0]) == view.seat:
        action = scripted_action(table.game, steps[0])
        if action in view.legal:
            steps.pop(0)
            return action
    return quiet(view.legal)


class Scripted(Player):
    """An opponent that decides what the table's script says."""

    level = "easy"

    def __init__(self, decide: Callable[[SeatView], Action]) -> None:
        super().__init__()
        self.decide_by = decide

    def decide(self, view: SeatView) -> Action:
        return self.decide_by(view)


@dataclass
class Stacked:
    """The table, and the steps of its script not yet taken."""

    table: LineTable
    steps: list[str]

    def play_to(self, there: Callable[[SeatView], bool]) -> SeatView:
        """The game played (the opponents and the player as scripted) to the player's
        decision `there`; each step as `LineTable.run` takes it."""
        table = self.table
        controller = table.controller
        while True:
            step = controller.next_step(True, False)
            if step is Step.SHOW_RESULT:
                table.show_result()
            elif step is Step.HUMAN:
                view = controller.view()
                if there(view):
                    return view
                controller.human_waits_for()
                assert table.take([decided(table, view, self.steps)])
            elif step is Step.AI:
                seat = table.game.to_move
                assert seat is not None
                table.ai(seat)
            else:
                raise AssertionError(f"the game stopped at {step}: {self.lines()}")

    def lines(self) -> list[str]:
        out = self.table.stdout
        assert isinstance(out, io.StringIO)
        return out.getvalue().splitlines()

    def asked(self, typed: list[str]) -> list[str]:
        """What the game says at the player's decision while `typed` is typed, an answer a
        line."""
        before = len(self.lines())
        self.table.stdin = io.StringIO("".join(f"{text}\n" for text in typed))
        self.table.human()
        return self.lines()[before:]


def stacked(
    preset: Preset,
    hands: Sequence[str],
    talon: Any,
    dealer: int,
    steps: Sequence[str],
    lang: str,
    host: Host,
    start: Start | None = None,
    **settings: Any,
) -> Stacked:
    """A table of `preset` dealing `hands` and `talon` (the deal of `start`, or the first),
    `dealer` dealing; the opponents decide by `steps`."""
    number = start.deal_number if start is not None else 1
    setup = TableSetup.of(
        preset,
        ai=",".join(["easy"] * (preset.rules.players - 1)),
        lang=lang,
        seed=1,
        deals={number: dealt(hands, talon)},
        first_dealer=dealer,
        start=start,
        save=False,
        host=host,
        **settings,
    )
    session = new_session(setup)
    table = LineTable(setup, session, io.StringIO(), io.StringIO())
    script = Stacked(table, list(steps))
    session.make_ai = lambda seat: Scripted(lambda view: decided(table, view, script.steps))
    table.begin()
    return script


def at_phase(
    phase: Phase, cards: int | None = None, tricks: int | None = None
) -> Callable[[SeatView], bool]:
    """The player's decision in `phase`, holding `cards`, after `tricks` tricks."""

    def there(view: SeatView) -> bool:
        return (
            view.phase is phase
            and (cards is None or len(view.hand or ()) == cards)
            and (tricks is None or len(view.tricks) == tricks)
        )

    return there
