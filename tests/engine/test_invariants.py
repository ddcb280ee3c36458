"""The rules of the score sheet checked after every deal (`engine/invariants.py`): each finds
what breaks it, and when the multiple-of-5 rule applies."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from thousand_tui.engine.events import BarrelFall, GoldenReset
from thousand_tui.engine.invariants import check_deal, check_game, check_state, scored_in_fives
from thousand_tui.engine.match import BarrelSeat, MatchState
from thousand_tui.engine.scoring import Settlement

from .helpers import (
    SWEEP_GIVE,
    SWEEP_TRICKS,
    play_cards,
    play_out,
    random_game,
    rules_of,
    state,
    sweep_game,
)

CLASSIC = rules_of()


class TestScoredInFives:
    @pytest.mark.parametrize(
        "overrides",
        [
            {},
            {"scoring__defender_rounding": "nearest_10"},
            # The declarer scores his contract, not his card points.
            {"scoring__declarer_rounding": "nearest_5"},
            {"barrel__enabled": False, "barrel__threshold": 883, "barrel__penalty": 7},
            {"dark__contract": 123},  # no dark game is played
            {"golden__enabled": True, "marriage__values": {"H": 33, "D": 80, "C": 60, "S": 40}},
            {"four_player__half_marriage": True, "players": 4},
        ],
    )
    def test_every_amount_in_fives(self, overrides: dict[str, Any]) -> None:
        assert scored_in_fives(rules_of(**overrides))

    @pytest.mark.parametrize(
        "overrides",
        [
            {"scoring__defender_rounding": "none"},
            {"barrel__goal": "cumulative"},  # the tally is exact points
            {"barrel__min_contract": 121, "target": 1001},
            {"barrel__threshold": 883},
            {"barrel__penalty": 7},
            {"palki__penalty": 7},
            {"deal__cut_ritual": True, "deal__cut_penalty": 7},
            {"rospis__third_penalty": 7},
            {"baptism__enabled": True, "baptism__crosses_penalty": 7},
            {"dark__enabled": True, "dark__contract": 123},
            {"golden__enabled": True, "golden__forced_contract": 123},
            {
                "golden__enabled": True,
                "golden__marriages_multiplied": False,
                "marriage__values": {"H": 33, "D": 80, "C": 60, "S": 40},
            },
            {
                "golden__enabled": True,
                "golden__marriages_multiplied": False,
                "ace_marriage__enabled": True,
                "ace_marriage__value": 201,
            },
            {
                "players": 4,
                "golden__enabled": True,
                "golden__marriages_multiplied": False,
                "four_player__half_marriage": True,
                "marriage__values": {"H": 100, "D": 80, "C": 60, "S": 45},
            },
        ],
    )
    def test_an_amount_off_fives(self, overrides: dict[str, Any]) -> None:
        assert not scored_in_fives(rules_of(**overrides))

    def test_shipped_presets(self) -> None:
        assert scored_in_fives(rules_of("classic"))
        assert scored_in_fives(rules_of("four-player"))
        assert not scored_in_fives(rules_of("online-site"))  # the barrel's 121
        assert not scored_in_fives(rules_of("family"))  # the cumulative barrel


class TestCheckState:
    def test_a_barrel_player_at_the_threshold(self) -> None:
        assert check_state(CLASSIC, state(scores=[880, 0, 0], barrel={0: 2})) == []

    def test_a_barrel_player_below_the_threshold(self) -> None:
        assert check_state(CLASSIC, state(scores=[760, 0, 0], barrel={0: 1})) == [
            "seat 0 is on the barrel with 760, not barrel.threshold (880)"
        ]

    def test_the_tally_counts_under_cumulative(self) -> None:
        rules = rules_of(barrel__goal="cumulative")
        assert check_state(rules, state(scores=[913, 0, 0], barrel={0: (1, 33)})) == []
        assert check_state(rules, state(scores=[880, 0, 0], barrel={0: (1, 33)})) == [
            "seat 0 is on the barrel with 880, not barrel.threshold (880) + tally (33)"
        ]

    def test_no_tally_under_contract(self) -> None:
        broken = check_state(CLASSIC, state(scores=[880, 0, 0], barrel={0: (1, 33)}))
        assert broken == ["seat 0 has a tally of 33 under barrel.goal: contract"]

    def test_attempts_within_barrel_attempts(self) -> None:
        broken = check_state(CLASSIC, state(scores=[880, 0, 0], barrel={0: 3}))
        assert broken == ["seat 0 is on the barrel with 3 attempts used; barrel.attempts is 3"]

    def test_nobody_on_a_barrel_that_is_not_played(self) -> None:
        rules = rules_of(barrel__enabled=False)
        broken = check_state(rules, state(scores=[880, 0, 0], barrel={0: 0}))
        assert broken == ["seat 0 is on the barrel, but the barrel is not played"]


def swept(start: MatchState, **overrides: Any) -> tuple[MatchState, Settlement]:
    """Seat 1 declares 100 and takes every trick; seats 0 and 2 get a palka."""
    game = sweep_game(rules_of(**overrides), start_state=start)
    play_out(game, ["2 pass", "0 pass", *SWEEP_GIVE, "1 keep"])
    play_cards(game, SWEEP_TRICKS)
    return start, game.results[-1]


def broken(before: MatchState, result: Settlement, **overrides: Any) -> list[str]:
    return [str(v) for v in check_deal(rules_of(**overrides), before, result)]


class TestCheckDeal:
    def test_a_deal_that_keeps_every_rule(self) -> None:
        before, result = swept(state(scores=[0, 800, 0]))
        assert result.state.on_barrel(1)
        assert broken(before, result) == []

    def test_deltas_that_are_not_the_change_of_the_scores(self) -> None:
        before, result = swept(state())
        result = replace(result, deltas=[0, 105, 0])
        assert broken(before, result) == [
            "deal 1: scores: scores [0, 0, 0] + deltas [0, 105, 0] make [0, 105, 0], "
            "not [0, 100, 0]"
        ]

    def test_a_barrel_player_off_his_score(self) -> None:
        before, result = swept(state(scores=[0, 800, 0]))
        result = replace(result, state=result.state.evolve(scores=(0, 885, 0)), deltas=[0, 85, 0])
        assert broken(before, result) == [
            "deal 1: barrel: seat 1 is on the barrel with 885, not barrel.threshold (880)"
        ]

    def test_at_the_threshold_off_the_barrel(self) -> None:
        before, result = swept(state(scores=[0, 800, 0]))
        result = replace(result, state=result.state.evolve(barrel=(None, None, None)))
        assert broken(before, result) == [
            "deal 1: barrel: seat 1 is off the barrel with 880, at or above barrel.threshold "
            "(880), without falling in this deal"
        ]
        fell = [*result.events, BarrelFall(1, 0, "bump")]
        assert broken(before, replace(result, events=fell)) == []
        assert broken(before, replace(result, winner=1)) == []
        assert broken(before, replace(result, redeal="hand_nines")) == []

    def test_a_count_that_goes_down(self) -> None:
        before, result = swept(state(falls=[1, 0, 0]))
        assert result.state.falls == (1, 0, 0)
        result = replace(result, state=result.state.evolve(falls=(0, 0, 0)))
        assert broken(before, result) == ["deal 1: counts: falls of seat 0 went down from 1 to 0"]
        reset = [*result.events, GoldenReset()]
        assert broken(before, replace(result, events=reset)) == []

    def test_two_falls_in_one_deal(self) -> None:
        before, result = swept(state(scores=[880, 0, 0], barrel={0: 2}))
        assert isinstance(result.events[-1], BarrelFall)
        twice = [*result.events, result.events[-1]]
        assert broken(before, replace(result, events=twice)) == [
            "deal 1: counts: seat 0 fell 2 times in one deal"
        ]

    def test_a_score_left_at_555(self) -> None:
        before, result = swept(state())
        left = result.state.evolve(scores=(555, 100, 0))
        result = replace(result, state=left, deltas=[555, 100, 0])
        assert broken(before, result, samosval__mode="off") == []
        assert broken(before, result) == [
            "deal 1: samosval: seat 0 is left at 555 (samosval.mode: plus_minus)"
        ]
        # A redealt deal changes no score but a cut fine's.
        redealt = replace(result, redeal="hand_nines", deltas=[0, 0, 0], card_points=None)
        assert broken(left, redealt) == []
        fined = replace(redealt, deltas=[-120, 0, 0])
        assert broken(left.evolve(scores=(675, 100, 0)), fined) == [
            "deal 1: samosval: seat 0 is left at 555 (samosval.mode: plus_minus)"
        ]

    def test_a_score_off_fives(self) -> None:
        before, result = swept(state())
        result = replace(result, state=result.state.evolve(scores=(0, 101, 0)), deltas=[0, 101, 0])
        assert broken(before, result) == ["deal 1: fives: seat 1 has 101, not a multiple of 5"]
        assert broken(before, result, scoring__defender_rounding="none") == []
        # A score that was not in fives before the deal is no concern of the rule.
        odd = before.evolve(scores=(0, 1, 0))
        result = replace(result, deltas=[0, 100, 0])
        assert broken(odd, result) == []

    def test_card_points_that_are_not_the_deck(self) -> None:
        before, result = swept(state())
        result = replace(result, card_points=[0, 119, 0])
        assert broken(before, result) == [
            "deal 1: card points: the card points [0, 119, 0] add up to 119, not 120"
        ]


def test_check_game_reads_every_deal_from_the_start_position() -> None:
    rules = rules_of(barrel__goal="cumulative")
    start = state(scores=[880, 0, 0], barrel={0: (0, 0)})
    game = random_game(rules, seed=3, deals=10, game=sweep_game(rules, start_state=start))
    assert len(game.results) == 10
    assert check_game(game) == []
    bad = state(scores=[870, 0, 0]).evolve(barrel=(BarrelSeat(), None, None))
    game = sweep_game(rules, start_state=bad)
    assert [str(v) for v in check_game(game)] == [
        "the start position: barrel: seat 0 is on the barrel with 870, not barrel.threshold (880)"
    ]


NA_800: dict[str, Any] = {"scoring__only_contracts_above": 800, "barrel__enabled": False}


class TestContractsOnly:
    def test_a_defender_above_the_limit_gains_nothing(self) -> None:
        # Seat 1 declares and takes every trick; seat 2 (above 800) is made to gain 40.
        before, result = swept(state(scores=[0, 0, 810]), **NA_800)
        assert broken(before, result, **NA_800) == []
        gained = replace(
            result, state=result.state.evolve(scores=(0, 100, 850)), deltas=[0, 100, 40]
        )
        assert broken(before, gained, **NA_800) == [
            "deal 1: contracts only: seat 2 above 800 gained 40 from a deal it did not declare"
        ]
        assert broken(before, gained, barrel__enabled=False) == []

    def test_the_declarer_above_the_limit_writes_his_contract(self) -> None:
        before, result = swept(state(scores=[0, 850, 0]), **NA_800)
        assert result.deltas[1] == 100
        assert broken(before, result, **NA_800) == []
