"""A game played here, driven without its screen: the local driver answers the screen's
commands by what it returns and posts the rest to the table (here, a list), never calling a
screen; the table's state is its controller's."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from textual.message import Message

from thousand_tui.engine.actions import Act, Action
from thousand_tui.engine.deal import Phase
from thousand_tui.priority import Host
from thousand_tui.settings import TableSetup
from thousand_tui.tui.controller import Awaiting, TableController
from thousand_tui.tui.i18n import Translator
from thousand_tui.tui.local_driver import FIRST_MOVE, LocalDriver
from thousand_tui.tui.messages import TableTold
from thousand_tui.tui.narrate import Narrator
from thousand_tui.tui.render import Palette
from thousand_tui.tui.session import HUMAN, new_session
from thousand_tui.tui.table_driver import TableLink, TakenBack

from .helpers import STRONG


@dataclass
class Table:
    """Where the driver's messages go: kept, not shown."""

    posted: list[Message] = field(default_factory=list)

    def post_message(self, message: Message) -> bool:
        self.posted.append(message)
        return True


@dataclass
class App:
    """The app as the driver asks it: its settings and its notes."""

    setup: TableSetup
    notes: list[str] = field(default_factory=list)

    def notify(self, text: str, **_: Any) -> None:
        self.notes.append(text)


def driven(**options: Any) -> tuple[LocalDriver, TableController, Table, App]:
    setup = TableSetup.of(seed=11, deals={1: STRONG}, save=False, **options)
    session = new_session(setup)
    driver = LocalDriver(session)
    t, p = Translator("en"), Palette()
    controller = TableController(driver, Narrator(t, p, session.names, session.game.rules))
    table, app = Table(), App(setup)
    driver.attach(TableLink(controller, table, app, t, p))  # type: ignore[arg-type]
    return driver, controller, table, app


def test_an_opponents_move_is_posted_to_the_table_which_goes_on(host: Host) -> None:
    driver, controller, table, app = driven(host=host)
    opening = driver.begin()
    assert opening.first_move == FIRST_MOVE
    assert opening.lines == ["Deal 1, dealer You.", "Anna: on 100."]
    assert controller.began_deal()
    assert driver.move(Action(2, Act.PASS))  # Boris opens with a pass
    [told] = table.posted
    assert isinstance(told, TableTold) and told.lines == ["Boris: pass."] and told.go_on
    assert controller.turn == 1 and not app.notes


def test_a_refused_decision_is_noted_and_not_taken(host: Host) -> None:
    driver, controller, table, app = driven(host=host)
    driver.begin()
    assert driver.act(Action(1, Act.PASS)) is None  # Boris's turn, not Anna's
    assert controller.turn == 0 and table.posted == []
    assert app.notes and "not seat 1's turn" in app.notes[0]


def test_a_card_is_taken_back_by_the_local_driver(host: Host) -> None:
    driver, controller, _, _ = driven(take_back=True, host=host)
    driver.begin()
    assert driver.no_take_back() is None and not driver.can_take_back()
    assert driver.take_back() == "takeback_none"
    game = driver.game
    driver.act(Action(2, Act.PASS))
    driver.act(Action(HUMAN, Act.BID, value=105))
    driver.act(Action(1, Act.PASS))
    while game.deal.phase is not Phase.PLAY:
        legal = [a for a in game.legal_actions(HUMAN) if a.act is not Act.CONCEDE]
        driver.act(legal[0])
    card = game.legal_actions(HUMAN)[0]
    assert driver.act(card) is not None
    turn = controller.turn
    assert driver.can_take_back()
    taken = driver.take_back()
    assert isinstance(taken, TakenBack) and not taken.unrated  # the game is not saved
    assert taken.lines[0].startswith("You take back ")
    assert driver.game is not game and driver.game.to_move == HUMAN
    assert controller.turn == turn + 1 and controller.awaiting is Awaiting.NOTHING
    assert not driver.can_take_back()


def test_no_card_is_taken_back_unless_asked_for(host: Host) -> None:
    driver, _, _, _ = driven(host=host)
    assert driver.no_take_back() == "takeback_off"
