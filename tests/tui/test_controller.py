"""The table's controller without a screen: what comes next, decisions and their events, and
what the table keeps to show (results, the trick just taken, cards that came to you)."""

from __future__ import annotations

from thousand_tui.engine.actions import Act, Action
from thousand_tui.engine.deal import Phase
from thousand_tui.engine.game import Game
from thousand_tui.priority import Host
from thousand_tui.settings import TableSetup
from thousand_tui.tui.controller import Awaiting, Step, TableController
from thousand_tui.tui.i18n import Translator
from thousand_tui.tui.narrate import Narrator
from thousand_tui.tui.render import Palette
from thousand_tui.tui.session import HUMAN, new_session

from .helpers import STRONG


def controller(host: Host) -> TableController:
    session = new_session(TableSetup.of(seed=11, deals={1: STRONG}, save=False, host=host))
    game = session.game
    narrator = Narrator(Translator("en"), Palette(), session.names, game.rules)
    table = TableController(session, narrator)
    table.take_events(game.take_start_events())
    return table


def act(table: TableController, action: Action) -> list[str] | str:
    """Apply `action` to the controller's local game."""
    game = table.game
    assert isinstance(game, Game)
    return table.apply(game, action)


def test_what_comes_next(host: Host) -> None:
    table = controller(host=host)
    # Anna is on 100, Boris (an AI) opens.
    assert table.game.to_move == 2
    assert table.next_step(on_top=True, dialog_open=False) is Step.AI
    assert table.next_step(on_top=True, dialog_open=True) is Step.WAIT
    lines = act(table, Action(2, Act.PASS))
    assert lines == ["Boris: pass."]
    assert table.turn == 1
    assert table.next_step(on_top=True, dialog_open=False) is Step.HUMAN
    assert table.human_waits_for() is Awaiting.DECIDE


def test_a_refused_decision_is_told_not_applied(host: Host) -> None:
    table = controller(host=host)
    told = act(table, Action(HUMAN, Act.PASS))
    assert isinstance(told, str) and "not seat 0's turn" in told
    assert table.turn == 0


def test_an_ai_answer_fits_only_its_turn(host: Host) -> None:
    table = controller(host=host)
    assert table.ai_fits(0, 2)
    assert not table.ai_fits(0, 1)
    act(table, Action(2, Act.PASS))
    assert not table.ai_fits(0, 2)


def test_the_talon_comes_to_your_hand_and_the_result_waits(host: Host) -> None:
    table = controller(host=host)
    act(table, Action(2, Act.PASS))
    act(table, Action(HUMAN, Act.BID, value=105))
    act(table, Action(1, Act.PASS))
    # You take the talon: its cards are the new ones in your hand.
    assert table.game.deal.phase is Phase.GIVE
    assert {c.code for c in table.new_cards} == {"KS", "QC", "KD"}
    hand = table.view().hand or ()
    gives = [a for a in table.view().legal if a.act is Act.GIVE]
    first = next(a for a in gives if a.to == 1)
    second = next(a for a in gives if a.to == 2 and a.card is not first.card)
    assert len(hand) == 10
    act(table, first)
    act(table, second)
    assert table.view().phase is Phase.CONTRACT
    assert table.results == ()
    act(table, Action(HUMAN, Act.CONCEDE))
    [pending] = table.results
    assert pending.result.conceded and pending.last_trick is None
    assert table.next_step(on_top=False, dialog_open=False) is Step.WAIT
    assert table.next_step(on_top=True, dialog_open=False) is Step.SHOW_RESULT
    table.result_seen()
    assert table.results == ()


def test_an_opponent_never_has_your_name(host: Host) -> None:
    for name, lang, others in (
        ("Anna", "en", ("Boris", "Vera", "Gleb")),
        ("Борис", "ru", ("Анна", "Вера", "Глеб")),
        ("Olga", "en", ("Anna", "Boris", "Vera")),
    ):
        setup = TableSetup.of("four-player", name=name, lang=lang, save=False, host=host)
        assert new_session(setup).game.names == (name, *others)


def test_the_state_is_changed_only_by_its_methods(host: Host) -> None:
    table = controller(host=host)
    for name, value in (("turn", 5), ("awaiting", Awaiting.PLAY), ("thinking", 1), ("seat", 2)):
        try:
            setattr(table, name, value)
        except AttributeError:
            continue
        raise AssertionError(f"{name} was set from outside")
    assert isinstance(table.results, tuple) and isinstance(table.new_cards, frozenset)
    table.ask_ai(2)
    assert table.thinking == 2
    table.ai_answered()
    assert table.thinking is None
    table.too_late()
    assert table.dropped == 1


def test_a_new_deal_is_said_once(host: Host) -> None:
    table = controller(host=host)  # its start events began the first deal
    assert table.began_deal()
    assert not table.began_deal()
    act(table, Action(2, Act.PASS))
    assert not table.began_deal()


def test_the_human_waits_for_a_card_until_it_is_sent(host: Host) -> None:
    table = controller(host=host)
    act(table, Action(2, Act.PASS))
    assert table.next_step(on_top=True, dialog_open=False) is Step.HUMAN
    assert table.human_waits_for() is Awaiting.DECIDE
    table.stop_waiting()
    assert table.awaiting is Awaiting.NOTHING
    table.wait_for_card()
    assert table.awaiting is Awaiting.PLAY


def test_a_card_taken_back_leaves_the_answers_being_worked_out_behind(host: Host) -> None:
    table = controller(host=host)
    table.ask_ai(2)
    table.narrator.last[2] = "pass"
    assert table.ai_fits(0, 2)
    table.taken_back()
    assert table.turn == 1 and not table.ai_fits(0, 2)
    assert table.thinking is None and table.awaiting is Awaiting.NOTHING
    assert table.narrator.last == {}


def test_a_shared_tables_update_is_a_turn(host: Host) -> None:
    table = controller(host=host)
    assert table.told([]) == [] and table.turn == 1
    assert not table.ai_fits(0, 2)
