"""Properties of random legal games over every preset, player count and random conventions:
no crash, 120 card points a played deal, scores = previous scores + deltas, every rule of the
score sheet (`engine/invariants.py`) after every deal, replays and resumes reproduce the
record, and a seat's view holds only what it may see.

The default run keeps a short version of each property; `-m slow` runs the long ones."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from thousand_tui.engine.actions import Action
from thousand_tui.engine.game import Game, Start
from thousand_tui.engine.invariants import check_game
from thousand_tui.engine.match import BarrelSeat, MatchState
from thousand_tui.engine.record import parse_record, rebuild
from thousand_tui.engine.rules import Rules
from thousand_tui.engine.scoring import Settlement

from .helpers import PRESETS, rules_of
from .strategies import PLAYER_COUNTS, conventions


def with_players(preset: str, players: int) -> Rules:
    return rules_of(preset, players=players)


# ---------------------------------------------------------------------- checks


def play_checked(game: Game, seed: int, deals: int) -> Game:
    """Random legal decisions, checking the view of every seat at every decision."""
    rng = random.Random(seed)
    target = len(game.results) + deals
    while not game.over and len(game.results) < target:
        seat = game.to_move
        assert seat is not None
        legal = game.legal_actions(seat)
        assert legal, f"seat {seat} must decide but has nothing to do"
        check_views(game, seat, legal)
        game.apply(rng.choice(legal))
    return game


def check_views(game: Game, to_move: int, legal: list[Action]) -> None:
    deal = game.deal
    n = game.rules.players
    for seat in range(n):
        view = game.view(seat)
        if view.hand is not None:
            assert sorted(view.hand) == sorted(deal.hands[seat])
        if seat == to_move:
            assert list(view.legal) == legal
        else:
            assert view.legal == ()
        assert view.hand_counts == tuple(len(h) for h in deal.hands)
        if view.talon is not None:
            allowed = (
                deal.talon_shown
                or seat == deal.declarer
                or seat == deal.sitting_out
                or (deal.players == 2 and seat == deal.declarer)
            )
            assert allowed, f"seat {seat} sees the talon"
        for giver, receiver, _ in view.passed_cards:
            assert game.rules.talon.given_visible or seat in (giver, receiver)


def check_record(game: Game) -> None:
    """Results against the rules of docs/record.md#result: sums, state = previous + deltas."""
    n = game.rules.players
    previous: dict[str, Any] | None = None
    before: dict[str, Any] = {}
    hand_size = {2: 10, 3: 8, 4: 8}[n]
    for line in game.lines[1:]:
        if line["type"] == "deal":
            if previous is not None:
                assert line["state"] == previous
            before = line["state"]
        elif line["type"] == "result":
            assert line["state"]["scores"] == [
                a + b for a, b in zip(before["scores"], line["deltas"], strict=True)
            ]
            if line["card_points"] is not None:
                assert sum(line["card_points"]) == 120
                assert sum(line["tricks"]) == hand_size
                assert isinstance(line["made"], bool)
                assert line["redeal"] is None and not line["conceded"]
            else:
                assert line["made"] is None
                assert line["redeal"] is not None or line["conceded"] or line.get("baptism")
            if line["redeal"] is not None:
                assert line["deltas"] == [0] * n or any(
                    e["kind"] == "cut_penalty" for e in line["events"]
                )
            assert all(p >= 0 for p in line["state"]["palki"])
            previous = line["state"]
    for result, settlement in zip(
        [line for line in game.lines if line["type"] == "result"], game.results, strict=True
    ):
        assert isinstance(settlement, Settlement)
        assert result == json.loads(json.dumps(settlement.to_record()))


def check_replay(game: Game, seed: int) -> None:
    """The record replays line for line, and a rebuild from any decision continues to it."""
    text = "".join(json.dumps(line) + "\n" for line in game.lines)
    record = parse_record(text)
    again, mismatch = rebuild(record.games[0])
    assert mismatch is None, str(mismatch)
    assert again.lines == game.lines
    decisions = [
        i for i, line in enumerate(game.lines) if line["type"] == "action" and not line.get("auto")
    ]
    assert decisions, "a whole game without one decision"
    cut = random.Random(seed).choice(decisions)
    head = parse_record("".join(json.dumps(line) + "\n" for line in game.lines[: cut + 1]))
    resumed, mismatch = rebuild(head.games[0])
    assert mismatch is None, str(mismatch)
    for line in game.lines[len(resumed.lines) :]:
        if line["type"] == "action" and not line.get("auto"):
            resumed.apply(Action.from_record(line))
    assert resumed.lines == game.lines


def run_property(rules: Rules, seed: int, deals: int, start: Start | None = None) -> None:
    game = Game(rules, seed, start=start, created="2026-01-01T00:00:00Z")
    play_checked(game, seed, deals)
    check_record(game)
    broken = check_game(game)
    assert not broken, "\n".join(map(str, broken))
    check_replay(game, seed)


# ---------------------------------------------------------------------- the properties

SHORT = settings(
    max_examples=12, deadline=None, suppress_health_check=[HealthCheck.filter_too_much]
)
LONG = settings(
    max_examples=100, deadline=None, suppress_health_check=[HealthCheck.filter_too_much]
)
# The long runs of the shipped presets: 50 games of up to 40 deals for each preset and player
# count, up to 2,000 deals each and 30,000 in all, new seeds every run (the random conventions
# and the start positions keep `LONG`).
LONG_PRESETS = settings(LONG, max_examples=50)


@pytest.mark.long_variants
@pytest.mark.parametrize("players", PLAYER_COUNTS)
@pytest.mark.parametrize("preset", PRESETS)
@SHORT
@given(seed=st.integers(0, 2**31 - 1))
def test_random_games_of_every_preset(preset: str, players: int, seed: int) -> None:
    run_property(with_players(preset, players), seed, deals=6)


@pytest.mark.long
@SHORT
@given(rules=conventions(), seed=st.integers(0, 2**31 - 1))
def test_random_games_with_random_conventions(rules: Rules, seed: int) -> None:
    run_property(rules, seed, deals=6)


START = given(
    rules=conventions(),
    seed=st.integers(0, 2**31 - 1),
    scores=st.lists(
        st.sampled_from([0, 495, 540, 555, 760, 850, 880, 990, -100, -455]), min_size=4, max_size=4
    ),
    barrel=st.lists(st.booleans(), min_size=4, max_size=4),
    golden_left=st.integers(0, 4),
)


def run_from_start(
    rules: Rules, seed: int, scores: list[int], barrel: list[bool], golden_left: int, deals: int
) -> None:
    """A game from a position: some players on the barrel, some near 555, golden deals left."""
    n = rules.players
    on = [b and rules.barrel.enabled for b in barrel[:n]]
    state = MatchState.initial(n).evolve(
        scores=tuple(
            rules.barrel.threshold if on[s] else min(scores[s], rules.target - 1) for s in range(n)
        ),
        barrel=tuple(BarrelSeat() if on[s] else None for s in range(n)),
        golden_left=golden_left if rules.golden.enabled else 0,
    )
    run_property(rules, seed, deals=deals, start=Start(state, 1 + seed % 50))


@SHORT
@START
def test_games_from_a_start_position(
    rules: Rules, seed: int, scores: list[int], barrel: list[bool], golden_left: int
) -> None:
    run_from_start(rules, seed, scores, barrel, golden_left, deals=4)


@pytest.mark.slow
@pytest.mark.parametrize("players", PLAYER_COUNTS)
@pytest.mark.parametrize("preset", PRESETS)
@LONG_PRESETS
@given(seed=st.integers(0, 2**31 - 1))
def test_long_random_games_of_every_preset(preset: str, players: int, seed: int) -> None:
    run_property(with_players(preset, players), seed, deals=40)


@pytest.mark.slow
@LONG
@given(rules=conventions(), seed=st.integers(0, 2**31 - 1))
def test_long_random_games_with_random_conventions(rules: Rules, seed: int) -> None:
    run_property(rules, seed, deals=30)


@pytest.mark.slow
@LONG
@START
def test_long_games_from_a_start_position(
    rules: Rules, seed: int, scores: list[int], barrel: list[bool], golden_left: int
) -> None:
    run_from_start(rules, seed, scores, barrel, golden_left, deals=20)
