"""Sampled deals as tasks: the answers are the solver's, here or in worker processes, in order."""

from __future__ import annotations

import gc
import random

import pytest

from thousand_tui.ai import pool, worlds
from thousand_tui.ai.solver import PlayRules, Position, Solver, cards_of
from thousand_tui.ai.worlds import PLAY, REACHES, VALUE, Task, run, solve
from thousand_tui.presets import load_preset

RULES = PlayRules.of(load_preset("classic").rules)


def random_position(seed: int, cards: int = 5) -> Position:
    rng = random.Random(seed)
    deck = list(range(24))
    rng.shuffle(deck)
    hands = [sum(1 << c for c in deck[k * cards : (k + 1) * cards]) for k in range(3)]
    return Position(hands=hands, declarer=0, leader=0, tricks_done=8 - cards)


def test_each_question_is_answered_as_the_solver_answers_it() -> None:
    pos = random_position(1)
    moves = tuple(Solver(RULES).moves(pos))
    need = 30
    answer = solve(Task(RULES, PLAY, (pos,), (need,), moves, exact=True), {})
    assert answer.complete
    made = Solver(RULES).reaches_each(pos, need, moves)
    points = Solver(RULES, 1).move_values(pos, moves)
    assert answer.results == tuple((made[m], points[m], 0) for m in moves)
    # A defender's own points too: the position seen as his against the other two.
    mine = solve(Task(RULES, PLAY, (pos,), (need,), moves, exact=True, own=1), {})
    his = pos.copy()
    his.declarer = 1
    own = Solver(RULES).move_values(his, moves)
    assert mine.results == tuple((made[m], points[m], own[m]) for m in moves)
    assert any(own[m] != points[m] for m in moves)

    positions = (pos, random_position(2))
    needs = (10, 30, 50)
    reached = solve(Task(RULES, REACHES, positions, needs), {})
    for p, row in zip(positions, reached.results, strict=True):
        expected = [Solver(RULES).reaches(p, n) for n in needs]
        # A miss ends the row: every higher need is a miss too.
        assert list(row) == [all(expected[: i + 1]) for i in range(len(needs))]

    value = solve(Task(RULES, VALUE, positions), {})
    assert value.results == tuple(Solver(RULES).value(p) for p in positions)


def test_a_node_limit_leaves_the_answer_incomplete() -> None:
    answer = solve(Task(RULES, VALUE, (random_position(3, cards=8),), node_limit=10), {})
    assert not answer.complete and answer.results == ()


def test_worker_processes_answer_in_the_order_of_the_tasks() -> None:
    tasks = [Task(RULES, VALUE, (random_position(seed),)) for seed in range(12)]
    here = [answer.results for answer in run(tasks, None, {})]
    workers = pool.SearchPool(2)
    try:
        there = [answer.results for answer in run(tasks, workers)]
    finally:
        workers.shutdown()
    assert there == here


@pytest.mark.long
def test_the_tables_a_process_keeps_stay_within_their_bound(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A worker serves task after task, game after game, preset after preset: the entries it
    keeps, in all its tables together, never pass the bound by more than one task adds."""
    family = PlayRules.of(load_preset("family").rules)
    tasks = []
    for seed in range(40):
        rules = RULES if seed % 3 else family
        pos = random_position(seed, cards=6)
        tasks.append(Task(rules, PLAY, (pos,), (40,), tuple(Solver(rules).moves(pos)), True))
    most_one = 0
    for task in tasks:
        alone: worlds.Tables = {}
        solve(task, alone)
        most_one = max(most_one, worlds.kept_entries(alone))
    bound = 3_000
    assert most_one < bound
    monkeypatch.setattr(worlds, "KEPT_ENTRIES", bound)
    kept: worlds.Tables = {}
    most = 0
    for task in tasks:
        solve(task, kept)
        most = max(most, worlds.kept_entries(kept))
    assert bound < most <= bound + most_one


@pytest.mark.long
def test_a_task_leaves_nothing_for_the_garbage_collector() -> None:
    """What a task made is freed as soon as it ends: a reference cycle through a solver would
    hold its table (often 100,000 entries) until the next full collection, and a worker
    serving task after task would grow with every deal."""
    positions = [random_position(seed, cards=6) for seed in range(4)]
    mid_trick = random_position(9, cards=6)
    leader_card = cards_of(mid_trick.hands[0])[0]
    mid_trick.hands[0] ^= 1 << leader_card
    mid_trick.trick = [(0, leader_card)]
    gc.collect()
    gc.disable()
    gc.set_debug(gc.DEBUG_SAVEALL)
    try:
        for pos in [*positions, mid_trick]:
            moves = tuple(Solver(RULES).moves(pos))
            solve(Task(RULES, PLAY, (pos,), (40,), moves, exact=True, own=1))
            solve(Task(RULES, REACHES, (pos,), (20, 40)))
            solve(Task(RULES, VALUE, (pos,)))
        found = gc.collect()
        garbage = [type(o).__name__ for o in gc.garbage]
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
        gc.enable()
    assert found == 0, garbage[:20]
