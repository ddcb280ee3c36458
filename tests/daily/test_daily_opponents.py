"""The daily's opponents decide as the reference's own players of their seats: the same
decisions of a person give the same decisions of his opponents, and one who plays as the
reference's seat 0 gets the reference's deal itself (a result of 0)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from thousand_tui import daily
from thousand_tui.daily import Daily
from thousand_tui.engine.actions import Action
from thousand_tui.engine.game import Game
from thousand_tui.engine.view import SeatView
from thousand_tui.presets import load_preset
from thousand_tui.settings import TableSetup
from thousand_tui.store.index import open_index
from thousand_tui.tui.daily_table import open_next, session_of

DATE = "2026-12-05"
Choose = Callable[[SeatView, list[Action]], Action]


def first_legal(view: SeatView, legal: list[Action]) -> Action:
    return legal[0]


def play_deal(
    day: Daily, player: str, choose: Choose, think: float | None = None
) -> tuple[list[Action], Game]:
    """The person's next daily deal played out at the table's session: his decisions by
    `choose`, his opponents' by the session's players; every decision, in order. `think`:
    the `hard` time per card of his terminal (`--think`)."""
    setup = TableSetup(preset=day.preset, levels=("hard", "hard"), seed=0, save=False, think=think)
    found = open_next(day, player, setup)
    assert found is not None
    opened, events = found
    session = session_of(opened, setup, events)
    game = session.game
    decisions: list[Action] = []
    try:
        while not game.results:
            seat = game.to_move
            assert seat is not None
            view = game.view(seat)
            if seat == 0:
                action = choose(view, game.legal_actions(seat))
            else:
                action = session.player(seat).decide(view)
            game.apply(action)
            decisions.append(action)
    finally:
        session.close()
    return decisions, game


def moves(actions: list[Action]) -> list[tuple[object, ...]]:
    return [(a.seat, a.act, a.value, a.card, a.to, a.marriage, a.talon) for a in actions]


def test_the_same_decisions_of_two_people_meet_the_same_opponents(
    host: Path, quick_reference: None
) -> None:
    """Whatever the time each has for a card (a slow machine's, a fast one's)."""
    day = Daily(DATE, load_preset("classic"))
    ann, ann_game = play_deal(day, "key-ann", first_legal, think=0.0005)
    bob, bob_game = play_deal(day, "key-bob", first_legal, think=0.5)
    assert moves(ann) == moves(bob)
    assert ann_game.results[0].deltas == bob_game.results[0].deltas


@pytest.mark.long
def test_playing_as_the_reference_gives_the_references_deal(
    host: Path, quick_reference: None
) -> None:
    day = Daily(DATE, load_preset("classic"))
    cards = daily.day_deals(daily.secret(), DATE, day.preset)[0]
    game = daily.deal_game(day.preset, 1, cards)
    players = [daily.reference_player(seat) for seat in range(3)]
    reference: list[Action] = []
    while not game.results:
        seat = game.to_move
        assert seat is not None
        reference.append(players[seat].decide(game.view(seat)))
        game.apply(reference[-1])
    seat_0 = daily.reference_player(0)
    decisions, game = play_deal(day, "key-ann", lambda view, legal: seat_0.decide(view))
    assert moves(decisions) == moves(reference)
    assert daily.deal_points(game) == day.references()[0]
    with open_index() as index:
        kept = day.settle(index, "key-ann", 1, game)
    assert kept.points - kept.reference == 0
