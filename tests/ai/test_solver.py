"""The open-card solver: its moves are the engine's, its values are brute force's.

Brute force is the engine itself on endings of real deals, and plain minimax over the solver's
moves and `apply_move` (both the engine's, as tested here) on random positions of every preset
and convention: any trump and owner, marriages and four aces in hand, a trick under way."""

from __future__ import annotations

import copy
import random
from dataclasses import is_dataclass

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
    Table,
    apply_move,
    lead_moves,
)
from thousand_tui.ai.worlds import move_of, own_points
from thousand_tui.engine.actions import Act, Action
from thousand_tui.engine.cards import DECK, parse_card
from thousand_tui.engine.deal import Deal, Phase

from .helpers import (
    ALL_RULES,
    minimax,
    play_states,
    random_play_state,
    random_position,
    rules_named,
    true_position,
)


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


def thawed(value: object) -> object:
    """`value` ready to be changed apart from the original: lists, dicts, sets and unfrozen
    dataclasses copied; tuples, frozen dataclasses, cards, enums and numbers shared."""
    if isinstance(value, list):
        return [thawed(v) for v in value]
    if isinstance(value, dict):
        return {k: thawed(v) for k, v in value.items()}
    if isinstance(value, set):
        return set(value)
    if is_dataclass(value) and not type(value).__dataclass_params__.frozen:  # type: ignore[attr-defined]
        return copy.deepcopy(value)
    return value


def copied(deal: Deal) -> Deal:
    """A copy of `deal` to play on; a dozen times faster than `copy.deepcopy`, which also
    copies every card, event and rule of it."""
    child = copy.copy(deal)
    for name in Deal.__slots__:
        if hasattr(deal, name):
            setattr(child, name, thawed(getattr(deal, name)))
    return child


def brute_force(deal: Deal, declarer: int) -> int:
    """Declarer's final points (cards + marriages) with best play, by the engine itself. Given
    a defender instead, his own final points when the other two keep them down."""
    if deal.phase is not Phase.PLAY:
        return deal.card_points[declarer] + deal.marriage_points[declarer]
    seat = deal.to_move
    values = []
    for action in deal.legal_actions(seat):
        child = copied(deal)
        child.apply(action)
        values.append(brute_force(child, declarer))
    return max(values) if seat == declarer else min(values)


FAST_THREE = ("classic", "two-player", "card_must_win")
TWO_HANDS = ("two-player", "two_by_three")
BRUTE_CASES = (
    [(name, 2) for name in ALL_RULES]
    + [
        pytest.param(name, 3, marks=() if name in FAST_THREE else pytest.mark.slow)
        for name in ALL_RULES
    ]
    + [
        pytest.param(name, 4, marks=() if name in TWO_HANDS else pytest.mark.slow)
        for name in ALL_RULES
    ]
)


@pytest.mark.long_variants
@pytest.mark.parametrize(("preset", "tricks_left"), BRUTE_CASES)
def test_solver_agrees_with_brute_force(preset: str, tricks_left: int) -> None:
    compared = 0
    for seed in range(8 if tricks_left < 4 else 4):
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
    assert compared >= (3 if tricks_left < 4 else 2)


@pytest.mark.long_variants
@pytest.mark.parametrize("preset", ["classic", "card_must_win", "four-player", "ace_led_suit"])
def test_a_defenders_own_points_agree_with_brute_force(preset: str) -> None:
    """What `hard` asks of a defender's move near the end: the points he takes for himself."""
    compared = 0
    for seed in range(12):
        found = random_play_state(preset, seed + 700, 3)
        if found is None:
            continue
        game, view = found
        deal = game.deal
        seat = deal.to_move
        if seat == deal.declarer:
            continue
        rules = PlayRules.of(view.rules)
        moves = {move_of(a): a for a in view.legal}
        me = play_order(view).index(seat)
        own = own_points(Solver(rules), true_position(game, view), me, tuple(moves))
        so_far = deal.card_points[seat] + deal.marriage_points[seat]
        for move, action in moves.items():
            child = copied(deal)
            child.apply(action)
            assert so_far + own[move] == brute_force(child, seat)
        compared += 1
    assert compared >= 3


def check_position(solver: Solver, pos: Position, expected: int) -> None:
    """Every question the solver answers about `pos`, against its minimax value `expected`."""
    assert solver.value(pos) == expected
    for need in (expected - 11, expected, expected + 1, expected + 20):
        assert solver.reaches(pos, need) == (expected >= need)
    for alpha, beta in ((expected - 30, expected - 10), (expected - 1, expected + 1)):
        v = solver.value(pos, alpha, beta)
        assert (v <= alpha and expected <= v) or (v >= beta and expected >= v) or v == expected


RANDOM_CASES = [(name, cards) for name in ALL_RULES for cards in (2, 3)] + [
    pytest.param(name, 4, marks=() if name in TWO_HANDS else pytest.mark.slow) for name in ALL_RULES
]


@pytest.mark.long_variants
@pytest.mark.parametrize(("preset", "cards"), RANDOM_CASES)
def test_solver_agrees_with_minimax_on_random_positions(preset: str, cards: int) -> None:
    rules = PlayRules.of(rules_named(preset))
    players = rules_named(preset).players
    rng = random.Random(f"{preset}/{cards}")
    for i in range(100 if cards < 3 else 50 if cards == 3 else 8):
        weight = i % 2
        pos = random_position(rng, min(players, 3), cards, rules)
        values = {}
        for move in Solver(rules, weight).moves(pos):
            child = pos.copy()
            gain = apply_move(child, move, rules, weight)
            values[move] = gain + minimax(child, rules, weight)
        best = (max if pos.to_move == pos.declarer else min)(values.values())
        check_position(Solver(rules, weight), pos, best)
        assert Solver(rules, weight).move_values(pos) == values
        for need in [*sorted(set(values.values())), best + 1]:
            answers = Solver(rules, weight).reaches_each(pos, need)
            assert answers == {m: v >= need for m, v in values.items()}


@pytest.mark.long_variants
@pytest.mark.parametrize("trump", ["keep", "cancel", "led_suit"])
def test_four_aces_in_hand(trump: str) -> None:
    """An ace that completes four aces is no card like the ten below it."""
    rules = PlayRules(ace_enabled=True, ace_trump=trump)
    rng = random.Random(trump)
    for players, count in ((2, 20), (3, 2)):
        for _ in range(count):
            deck = [c for c in range(24) if c % 6 != 5]
            rng.shuffle(deck)
            ten = deck.pop(deck.index(parse_card("TC").index))
            aces = sum(1 << (s * 6 + 5) for s in range(4)) | 1 << ten
            hands = [aces] + [sum(1 << deck.pop() for _ in range(5)) for _ in range(1, players)]
            seat = rng.randrange(players)
            trump_suit = rng.choice((-1, 0, 1, 2, 3))
            pos = Position(
                hands=hands[-seat:] + hands[:-seat],
                declarer=rng.randrange(players),
                leader=rng.randrange(players),
                trump=trump_suit,
                owner=rng.randrange(players) if trump_suit >= 0 else -1,
                tricks_done=1,
                marriage_scores=(True,) * players,
            )
            for _ in range(rng.randrange(players)):
                apply_move(pos, rng.choice(Solver(rules).moves(pos)), rules)
            values = {}
            for move in Solver(rules).moves(pos):
                child = pos.copy()
                gain = apply_move(child, move, rules)
                values[move] = gain + minimax(child, rules)
            assert Solver(rules).move_values(pos) == values


@pytest.mark.parametrize("preset", ["classic", "online-site", "two-player", "card_must_win"])
def test_value_is_the_best_move_value(preset: str) -> None:
    """Longer endings than minimax can check: `value` is the best of `move_values`, and
    `reaches_each` agrees with them."""
    rules = PlayRules.of(rules_named(preset))
    players = rules_named(preset).players
    rng = random.Random(preset)
    for i in range(10):
        pos = random_position(rng, min(players, 3), 5 + i % 3, rules)
        values = Solver(rules).move_values(pos)
        best = (max if pos.to_move == pos.declarer else min)(values.values())
        assert Solver(rules).value(pos) == best
        for need in (best, best + 1, min(values.values())):
            assert Solver(rules).reaches_each(pos, need) == {
                m: v >= need for m, v in values.items()
            }


@pytest.mark.parametrize("preset", ["classic", "online-site", "two-player", "card_must_win"])
def test_a_shared_table_answers_as_a_fresh_one(preset: str) -> None:
    """One table across many positions (as across the sampled deals of a decision), with
    windows that leave bounds of all kinds in it: the answers are a fresh solver's."""
    rules = PlayRules.of(rules_named(preset))
    players = rules_named(preset).players
    rng = random.Random(preset)
    table = Table(rules, 1)
    for i in range(12):
        pos = random_position(rng, min(players, 3), 4 + i % 4, rules)
        expected = Solver(rules, 1).value(pos)
        for need in (expected - 5, expected + 1, expected):
            assert Solver(rules, 1, table=table).reaches(pos, need) == (expected >= need)
        assert Solver(rules, 1, table=table).value(pos) == expected
        moves = Solver(rules, 1).moves(pos)
        assert Solver(rules, 1, table=table).reaches_each(pos, expected) == Solver(
            rules, 1
        ).reaches_each(pos, expected, moves)
    assert len(table) > 0


def test_a_table_serves_one_objective() -> None:
    rules = PlayRules()
    with pytest.raises(ValueError):
        Solver(rules, 1, table=Table(rules, 0))
    with pytest.raises(ValueError):
        Solver(PlayRules(must_beat=True), 0, table=Table(rules, 0))


def test_a_full_table_is_emptied() -> None:
    rules = PlayRules()
    table = Table(rules, max_entries=10)
    pos = random_position(random.Random(1), 3, 6, rules)
    expected = Solver(rules).value(pos)
    assert Solver(rules, table=table).value(pos) == expected
    full = len(table)
    assert full > 10
    assert Solver(rules, table=table).value(pos) == expected
    assert len(table) == full  # emptied, then filled again by the same search


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
