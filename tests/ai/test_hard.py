"""The hard level: budgets, determinism and the search it runs."""

from __future__ import annotations

import time

import pytest

from thousand_tui.ai.hard import DEFAULT_TIME, Budget, HardPlayer, exchange_plans, move_of
from thousand_tui.ai.worlds import Answer
from thousand_tui.engine.actions import Act
from thousand_tui.engine.deal import Phase

from .helpers import play_states


def test_budgets() -> None:
    assert HardPlayer(1).time_budget == DEFAULT_TIME
    counted = HardPlayer(1, samples=5)
    assert counted.time_budget is None and counted.samples == 5


@pytest.mark.long
def test_same_seed_same_decisions_with_a_sample_budget() -> None:
    decided = 0
    for _, view in play_states("classic", 2, level="normal", deals=1):
        if len(view.legal) < 2 or view.hand is None:
            continue
        first = HardPlayer(9, samples=3, node_limit=30_000).decide(view)
        again = HardPlayer(9, samples=3, node_limit=30_000).decide(view)
        assert first == again and first in view.legal
        decided += 1
    assert decided > 5


def test_play_search_tallies_every_legal_move() -> None:
    for _, view in play_states("classic", 5, level="normal", deals=1):
        if view.phase is not Phase.PLAY or len(view.legal) < 3:
            continue
        player = HardPlayer(3, samples=4, node_limit=50_000)
        moves = [move_of(a) for a in view.legal]
        tallies = player.search_play(view, moves)
        assert tallies is not None
        assert set(tallies) == set(moves)
        assert all(t.samples == tallies[moves[0]].samples > 0 for t in tallies.values())
        assert all(0 <= t.made <= t.samples for t in tallies.values())
        break
    else:
        raise AssertionError("no play decision with three choices")


def test_exchange_plans_keep_the_marriage_and_give_each_opponent_one_card() -> None:
    for _, view in play_states("classic", 8, level="normal", deals=3):
        if view.phase is not Phase.GIVE or view.hand is None:
            continue
        receivers = sorted({a.to for a in view.legal if a.act is Act.GIVE if a.to is not None})
        if len(receivers) < 2:
            continue
        plans = exchange_plans(list(view.hand), view, len(receivers), receivers)
        assert len(plans) >= 2
        for plan in plans:
            assert sorted(plan) == receivers
            for card in plan.values():
                partner = [
                    c
                    for c in view.hand
                    if c.suit is card.suit and c.is_marriage_card and c is not card
                ]
                assert not (card.is_marriage_card and partner)
        return
    raise AssertionError("no exchange reached")


def test_an_answer_after_the_deadline_counts_and_ends_the_search() -> None:
    """Deals solved in time go on being asked for; one whose answer comes after the deadline
    counts, and the deals still out are not waited for. Before any deal is solved, the first
    may overrun the deadline up to its own limit."""
    now = time.perf_counter()
    solved = Answer((), 10, True)
    in_time = Budget(10, now + 60, None, None, now + 60)
    assert in_time.take(solved) and not in_time.spent
    late = Budget(10, now - 1, None, None, now - 1)
    assert late.take(solved) and late.spent and late.done == 1
    first = Budget(10, now - 1, None, None, now + 60)  # past the deadline, not the first's
    assert not first.take(Answer((), 10, False)) and not first.spent
    assert first.take(solved) and first.spent
