"""What a contract is worth to its declarer is what the rules score: over random whole games of
every preset and of random conventions, from fresh matches and from positions near the barrel,
golden deals and samosval, the settlement the declarer weighs agrees with the deal as the game
then settles it."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.engine.strategies import PLAYER_COUNTS, conventions
from tests.helpers.rules import PRESETS, rules_of
from thousand_tui.ai.bidding import (
    BARREL_STEP,
    DEFENDER_FAILED,
    DEFENDER_MADE,
    WIN,
    contract_settled,
    declarer_worth,
)
from thousand_tui.engine.cards import Card
from thousand_tui.engine.events import BarrelOn, CutPenalty, Frozen, Palka
from thousand_tui.engine.game import Game, Start
from thousand_tui.engine.match import BarrelSeat, MatchState
from thousand_tui.engine.phases import Declaration
from thousand_tui.engine.rules import Rules
from thousand_tui.engine.scoring import Settlement, settle_played
from thousand_tui.engine.view import SeatView


def standing(view: SeatView, seat: int, settled: Settlement, made: bool) -> float:
    """The declarer's standing change in a settled deal as `declarer_worth` counts it: his
    score change, less the others' expected score, a game won, a climb onto the barrel."""
    if settled.winner is not None:
        return WIN if settled.winner == seat else -WIN
    m = view.multiplier
    frozen = any(isinstance(e, Frozen) for e in settled.events)
    others = 0.0 if frozen else (DEFENDER_MADE if made else DEFENDER_FAILED) * m
    climbed = settled.state.barrel[seat] is not None and view.match.barrel[seat] is None
    own = settled.state.scores[seat] - view.match.scores[seat]
    return own - others + (BARREL_STEP if climbed else 0.0)


def only_the_contract_decided(view: SeatView, seat: int, result: Settlement) -> bool:
    """The declarer's result hangs on nothing but his contract made or failed: no palka of
    his own (a deal without a trick), no points counted towards a cumulative barrel goal
    (his exact points), no other seat climbing onto the barrel (a bump, or falls together)
    or winning the game, and where the barrel is played no palka of another seat (the
    weighing gives every seat a trick: a seat the palka kept off the barrel is weighed onto it,
    bumping the declarer off)."""
    if result.winner is not None and result.winner != seat:
        return False
    if any(isinstance(e, Palka) and e.seat == seat for e in result.events):
        return False
    if view.rules.barrel.enabled and any(isinstance(e, Palka) for e in result.events):
        return False
    if any(isinstance(e, BarrelOn) and e.seat != seat for e in result.events):
        return False
    cumulative = view.rules.barrel.goal == "cumulative"
    return not (cumulative and view.match.on_barrel(seat) and result.made)


def check_game(game: Game, seed: int, deals: int) -> int:
    """Random decisions for `deals` deals; every played deal is weighed at its first card as
    the declarer would weigh it, and compared with its result. How many were compared."""
    rng = random.Random(seed)
    target = len(game.results) + deals
    compared = 0
    weighed: SeatView | None = None
    while not game.over and len(game.results) < target:
        deal = game.deal
        seat = game.to_move
        assert seat is not None
        if weighed is None and deal.phase.value == "play" and deal.declarer is not None:
            weighed = game.view(deal.declarer)
        before = len(game.results)
        game.apply(rng.choice(game.legal_actions(seat)))
        if len(game.results) == before:
            continue
        result = game.results[-1]
        view, weighed = weighed, None
        if view is None or result.made is None:
            continue  # redealt, conceded or baptised before the first card
        compared += check_deal(view, deal.outcome().sitter_talon, deal.declarations, result)
    return compared


def check_deal(
    view: SeatView,
    sitter_talon: Sequence[Card],
    declarations: Sequence[Declaration],
    result: Settlement,
) -> int:
    seat = view.seat
    contract = result.contract
    assert contract is not None and result.made is not None
    assert result.card_points is not None and result.marriage_points is not None
    assert result.tricks is not None
    # The deal as it was played, settled from what the declarer saw at the first card.
    replayed = settle_played(
        view,
        seat,
        contract,
        result.card_points,
        result.marriage_points,
        result.tricks,
        sitter_talon,
        declarations,
    )
    assert replayed.state == result.state
    assert replayed.winner == result.winner and replayed.made == result.made
    assert replayed.events == [e for e in result.events if not isinstance(e, CutPenalty)]
    fine = [a - b for a, b in zip(view.match.scores, result.state.scores, strict=True)]
    assert replayed.deltas == [-f for f in fine]
    if not only_the_contract_decided(view, seat, result):
        return 0
    # The contract alone, as the declarer weighs it before a card is played.
    weighed = contract_settled(view, contract, result.made, seat)
    assert (weighed.winner == seat) == (result.winner == seat)
    if result.winner != seat:
        assert weighed.state.scores[seat] == result.state.scores[seat]
        assert weighed.state.barrel[seat] == result.state.barrel[seat]
        assert weighed.state.falls[seat] == result.state.falls[seat]
    expected = standing(view, seat, result, result.made)
    assert declarer_worth(view, contract, result.made) == expected
    return 1


def from_position(
    rules: Rules, seed: int, scores: list[int], barrel: list[int | None], golden_left: int
) -> Game:
    """A game from a position the rules can reach: scores below the barrel (or the target), a
    seat on the barrel with some attempts used, golden deals left."""
    n = rules.players
    b = rules.barrel
    top = (b.threshold if b.enabled else rules.target) - 1
    on = [barrel[s] is not None and b.enabled for s in range(n)]
    state = MatchState.initial(n).evolve(
        scores=tuple(b.threshold if on[s] else min(scores[s], top) for s in range(n)),
        barrel=tuple(
            BarrelSeat((barrel[s] or 0) % b.attempts) if on[s] else None for s in range(n)
        ),
        golden_left=golden_left if rules.golden.enabled else 0,
    )
    return Game(rules, seed, start=Start(state, 1 + seed % 50))


SHORT = settings(
    max_examples=12, deadline=None, suppress_health_check=[HealthCheck.filter_too_much]
)
LONG = settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.filter_too_much]
)

POSITION = {
    "rules": conventions(),
    "seed": st.integers(0, 2**31 - 1),
    "scores": st.lists(
        st.sampled_from([0, 455, 495, 540, 555, 760, 800, 850, 870, 990, -100, -455]),
        min_size=4,
        max_size=4,
    ),
    "barrel": st.lists(st.none() | st.integers(0, 4), min_size=4, max_size=4),
    "golden_left": st.integers(0, 4),
}


@pytest.mark.long_variants
@pytest.mark.parametrize("players", PLAYER_COUNTS)
@pytest.mark.parametrize("preset", PRESETS)
def test_whole_games_of_every_preset(preset: str, players: int) -> None:
    compared = sum(
        check_game(Game(rules_of(preset, players=players), seed), seed, deals=40)
        for seed in range(3)
    )
    assert compared > 0


@pytest.mark.parametrize("preset", PRESETS)
def test_games_of_every_preset_from_positions_near_the_end(preset: str) -> None:
    rng = random.Random(preset)
    compared = 0
    for seed in range(12):
        rules = rules_of(preset, players=rng.choice(PLAYER_COUNTS))
        scores = [rng.choice([0, 495, 540, 760, 850, 870, 990]) for _ in range(4)]
        barrel = [rng.choice([None, None, 0, 1, 2]) for _ in range(4)]
        game = from_position(rules, seed, scores, barrel, rng.randrange(4))
        compared += check_game(game, seed, deals=6)
    assert compared > 0


@SHORT
@given(**POSITION)
def test_random_conventions_from_random_positions(
    rules: Rules, seed: int, scores: list[int], barrel: list[int | None], golden_left: int
) -> None:
    check_game(from_position(rules, seed, scores, barrel, golden_left), seed, deals=6)


@pytest.mark.slow
@LONG
@given(**POSITION)
def test_long_random_conventions_from_random_positions(
    rules: Rules, seed: int, scores: list[int], barrel: list[int | None], golden_left: int
) -> None:
    check_game(from_position(rules, seed, scores, barrel, golden_left), seed, deals=30)
