"""The open-card solver: its moves are the engine's, its values are brute force's."""

from __future__ import annotations

import copy

import pytest

from thousand_tui.ai.knowledge import play_order
from thousand_tui.ai.solver import (
    ACE_MARRIAGE,
    KEEP_TRUMP,
    MARRIAGE,
    PLAIN,
    PlayRules,
    Position,
    Solver,
    apply_move,
    lead_moves,
)
from thousand_tui.engine.actions import Act, Action
from thousand_tui.engine.cards import DECK
from thousand_tui.engine.deal import Deal, Phase

from .helpers import ALL_RULES, play_states, random_play_state, true_position


def engine_moves(deal: Deal, seat: int, order: tuple[int, ...]) -> set[tuple[int, int]]:
    out = set()
    for a in deal.legal_actions(seat):
        assert a.act is Act.PLAY and a.card is not None
        if a.marriage is None:
            kind = PLAIN
        elif a.marriage == "A":
            kind = ACE_MARRIAGE
        else:
            kind = KEEP_TRUMP if a.keep_trump else MARRIAGE
        out.add((a.card.index, kind))
    return out


def solver_moves(pos: Position, rules: PlayRules) -> set[tuple[int, int]]:
    return set(Solver(rules).moves(pos))


def to_action(seat: int, move: tuple[int, int]) -> Action:
    card, kind = move
    marriage = None
    if kind == ACE_MARRIAGE:
        marriage = "A"
    elif kind != PLAIN:
        marriage = DECK[card].suit.value
    return Action(seat, Act.PLAY, card=DECK[card], marriage=marriage, keep_trump=kind == KEEP_TRUMP)


@pytest.mark.parametrize("preset", ALL_RULES)
def test_solver_moves_are_the_engines(preset: str) -> None:
    checked = 0
    for seed in range(6):
        for game, view in play_states(preset, seed):
            if view.phase is not Phase.PLAY:
                continue
            rules = PlayRules.of(view.rules)
            pos = true_position(game, view)
            order = play_order(view)
            assert order[pos.to_move] == view.seat
            assert solver_moves(pos, rules) == engine_moves(game.deal, view.seat, order)
            checked += 1
    assert checked > 20


def brute_force(deal: Deal, declarer: int) -> int:
    """Declarer's final points (cards + marriages) with best play, by the engine itself."""
    if deal.phase is not Phase.PLAY:
        return deal.card_points[declarer] + deal.marriage_points[declarer]
    seat = deal.to_move
    values = []
    for action in deal.legal_actions(seat):
        child = copy.deepcopy(deal)
        child.apply(action)
        values.append(brute_force(child, declarer))
    return max(values) if seat == declarer else min(values)


FAST_THREE = ("classic", "two-player", "card_must_win")
BRUTE_CASES = [(name, 2) for name in ALL_RULES] + [
    pytest.param(name, 3, marks=() if name in FAST_THREE else pytest.mark.slow)
    for name in ALL_RULES
]


@pytest.mark.parametrize(("preset", "tricks_left"), BRUTE_CASES)
def test_solver_agrees_with_brute_force(preset: str, tricks_left: int) -> None:
    compared = 0
    for seed in range(8):
        found = random_play_state(preset, seed + 100 * tricks_left, tricks_left)
        if found is None:
            continue
        game, view = found
        deal = game.deal
        decl = deal.declarer
        assert decl is not None
        so_far = deal.card_points[decl] + deal.marriage_points[decl]
        pos = true_position(game, view)
        rules = PlayRules.of(view.rules)
        expected = brute_force(copy.deepcopy(deal), decl)
        assert so_far + Solver(rules).value(pos) == expected
        for need in (expected - so_far, expected - so_far + 1):
            assert Solver(rules).reaches(pos, need) == (so_far + need <= expected)
        compared += 1
    assert compared >= 3


def test_apply_move_matches_engine() -> None:
    for seed in range(4):
        found = random_play_state("online-site", seed, 4)
        if found is None:
            continue
        game, view = found
        rules = PlayRules.of(view.rules)
        order = play_order(view)
        pos = true_position(game, view)
        deal = game.deal
        while deal.phase is Phase.PLAY:
            move = sorted(Solver(rules).moves(pos))[-1]
            seat = deal.to_move
            assert seat is not None
            apply_move(pos, move, rules)
            deal.apply(to_action(seat, move))
            if deal.phase is Phase.PLAY:
                assert order[pos.to_move] == deal.to_move
                assert pos.trump == (-1 if deal.trump is None else "SCDH".index(deal.trump.value))


def test_marriage_moves_offered_after_first_trick() -> None:
    rules = PlayRules(keep_trump_option=True)
    k, q = 3 * 6 + 3, 3 * 6 + 2  # KH, QH
    pos = Position([(1 << k) | (1 << q), 1 << 0, 1 << 1], 0, 0, tricks_done=1)
    moves = set(lead_moves(pos, rules))
    assert (k, MARRIAGE) in moves and (k, KEEP_TRUMP) in moves and (q, PLAIN) in moves
    pos.tricks_done = 0
    assert all(kind == PLAIN for _, kind in lead_moves(pos, rules))
