"""Scoring a deal (docs/rules.md#contract-and-defenders), samosval, the winner and the order of
adjustments (docs/rules.md#order-of-score-adjustments)."""

from __future__ import annotations

import pytest

from thousand_tui.engine.scoring import round_defender

from .helpers import (
    PLAY_TRICKS,
    SWEEP_GIVE,
    SWEEP_TRICKS,
    last,
    play_cards,
    play_game,
    play_out,
    result_of,
    rules_of,
    state,
    sweep_game,
)


def diamonds(value: int) -> dict[str, int]:
    """Marriage values with the diamond marriage worth `value` (seat 2 declares it in PLAY)."""
    return {"H": 100, "D": value, "C": 60, "S": 40}


class TestDeclarer:
    def test_made_scores_the_contract_not_the_excess(self) -> None:
        game = sweep_game()
        play_out(game, ["2 pass", "0 pass", *SWEEP_GIVE, "1 keep"])
        play_cards(game, SWEEP_TRICKS)
        res = result_of(game)
        assert res["card_points"] == [0, 120, 0]
        assert res["marriage_points"] == [0, 100, 0]
        assert res["made"] is True
        assert res["deltas"] == [0, 100, 0]

    def test_marriages_count_towards_the_contract(self) -> None:
        # 19 card points + the heart marriage = 119 ≥ 100.
        game = play_game()
        play_cards(game, PLAY_TRICKS)
        assert result_of(game)["made"] is True
        assert result_of(game)["deltas"][1] == 100

    def test_failed_costs_the_contract(self) -> None:
        game = play_game(contract_step="raise 120")
        play_cards(game, PLAY_TRICKS)
        res = result_of(game)
        assert res["contract"] == 120
        assert res["made"] is False
        assert res["deltas"] == [40, -120, 140]

    @pytest.mark.parametrize(("contract", "made", "delta"), [(120, True, 120), (125, False, -125)])
    def test_declarer_rounding_nearest_5(self, contract: int, made: bool, delta: int) -> None:
        # 119 rounds to 120: enough for 120, not for 125.
        rules = rules_of(scoring__declarer_rounding="nearest_5")
        game = play_game(rules, contract_step=f"raise {contract}")
        play_cards(game, PLAY_TRICKS)
        assert result_of(game)["made"] is made
        assert result_of(game)["deltas"][1] == delta

    def test_declarer_rounding_98_on_100(self) -> None:
        # Seat 1: 19 card points + a 79 heart marriage = 98, rounded 100.
        values = {"H": 79, "D": 80, "C": 60, "S": 40}
        exact = play_game(rules_of(marriage__values=values))
        play_cards(exact, PLAY_TRICKS)
        assert result_of(exact)["deltas"][1] == -100
        rounded = play_game(
            rules_of(marriage__values=values, scoring__declarer_rounding="nearest_5")
        )
        play_cards(rounded, PLAY_TRICKS)
        assert result_of(rounded)["deltas"][1] == 100


class TestDefenders:
    @pytest.mark.parametrize(
        ("points", "nearest_5", "nearest_10"),
        [
            (0, 0, 0),
            (1, 0, 0),
            (2, 0, 0),
            (3, 5, 0),
            (4, 5, 0),
            (5, 5, 10),
            (7, 5, 10),
            (8, 10, 10),
            (9, 10, 10),
            (12, 10, 10),
            (13, 15, 10),
            (37, 35, 40),
            (62, 60, 60),
            (65, 65, 70),
            (67, 65, 70),
            (68, 70, 70),
            (114, 115, 110),
            (120, 120, 120),
        ],
    )
    def test_round_defender(self, points: int, nearest_5: int, nearest_10: int) -> None:
        assert round_defender(points, "nearest_5") == nearest_5
        assert round_defender(points, "nearest_10") == nearest_10
        assert round_defender(points, "none") == points

    @pytest.mark.parametrize(
        ("mode", "diamond", "seat2"),
        [
            ("nearest_5", 80, 140),  # 142
            ("nearest_5", 5, 65),  # 67
            ("nearest_5", 6, 70),  # 68
            ("nearest_5", 75, 135),  # 137
            ("nearest_10", 75, 140),  # 137
            ("nearest_10", 3, 70),  # 65: x5 goes up
            ("none", 75, 137),
        ],
    )
    def test_defender_rounding_in_a_deal(self, mode: str, diamond: int, seat2: int) -> None:
        rules = rules_of(scoring__defender_rounding=mode, marriage__values=diamonds(diamond))
        game = play_game(rules)
        play_cards(game, PLAY_TRICKS)
        res = result_of(game)
        assert res["card_points"] == [39, 19, 62]
        seat0 = 39 if mode == "none" else 40
        assert res["deltas"] == [seat0, 100, seat2]

    def test_defenders_keep_their_points_when_the_contract_fails(self) -> None:
        game = play_game(contract_step="raise 150")
        play_cards(game, PLAY_TRICKS)
        assert result_of(game)["deltas"] == [40, -150, 140]

    def test_failed_defenders_sixty(self) -> None:
        rules = rules_of(scoring__failed_defenders="sixty")
        game = play_game(rules, contract_step="raise 150")
        play_cards(game, PLAY_TRICKS)
        assert result_of(game)["deltas"] == [60, -150, 60]
        made = play_game(rules)
        play_cards(made, PLAY_TRICKS)
        assert result_of(made)["deltas"] == [40, 100, 140]


class TestSamosval:
    @pytest.mark.parametrize(
        ("mode", "start", "after"),
        [
            ("plus_minus", 495, 0),
            ("plus", 495, 0),
            ("off", 495, 555),
        ],
    )
    def test_555_becomes_zero(self, mode: str, start: int, after: int) -> None:
        game = sweep_game(rules_of(samosval__mode=mode), start_state=state(scores=[start, 0, 0]))
        play_out(game, ["2 pass", "0 pass", *SWEEP_GIVE, "1 concede"])
        res = result_of(game)
        assert res["state"]["scores"][0] == after
        assert res["deltas"][0] == after - start
        samosval = [e for e in res["events"] if e["kind"] == "samosval"]
        assert samosval == ([] if after else [{"kind": "samosval", "seat": 0, "from": 555}])

    @pytest.mark.parametrize(("mode", "after"), [("plus_minus", 0), ("plus", -555), ("off", -555)])
    def test_minus_555(self, mode: str, after: int) -> None:
        game = sweep_game(rules_of(samosval__mode=mode), start_state=state(scores=[0, -455, 0]))
        play_out(game, ["2 pass", "0 pass", *SWEEP_GIVE, "1 concede"])
        res = result_of(game)
        assert res["state"]["scores"][1] == after
        assert res["deltas"][1] == after + 455
        if after == 0:
            assert res["events"][-1] == {"kind": "samosval", "seat": 1, "from": -555}

    def test_only_exactly_555(self) -> None:
        game = sweep_game(start_state=state(scores=[500, 0, 0]))
        play_out(game, ["2 pass", "0 pass", *SWEEP_GIVE, "1 concede"])
        assert result_of(game)["state"]["scores"][0] == 560

    def test_samosval_after_the_palka_penalty(self) -> None:
        # Seat 0 takes no trick: its third palka costs 120 and 675 − 120 = 555 → 0.
        game = sweep_game(start_state=state(scores=[675, 0, 0], palki=[2, 0, 0]))
        play_out(game, ["2 pass", "0 pass", *SWEEP_GIVE, "1 keep"])
        play_cards(game, SWEEP_TRICKS)
        res = result_of(game)
        assert res["deltas"] == [-675, 100, 0]
        assert res["events"] == [
            {"kind": "palka", "seat": 0, "count": 1},
            {"kind": "palka_penalty", "seat": 0, "points": 120},
            {"kind": "palka", "seat": 2, "count": 1},
            {"kind": "samosval", "seat": 0, "from": 555},
        ]

    def test_a_penalty_may_land_past_555(self) -> None:
        # 555 reached before the penalty does not count: only the score after the deal.
        game = sweep_game(start_state=state(scores=[555, 0, 0], palki=[2, 0, 0]))
        play_out(game, ["2 pass", "0 pass", *SWEEP_GIVE, "1 keep"])
        play_cards(game, SWEEP_TRICKS)
        assert last(game).state.scores[0] == 435


class TestWinner:
    def test_the_declarer_wins_when_several_reach_the_target(self) -> None:
        rules = rules_of(barrel__enabled=False)
        game = play_game(rules, start_state=state(scores=[960, 900, 870]))
        play_cards(game, PLAY_TRICKS)
        assert last(game).state.scores == (1000, 1000, 1010)
        assert game.winner == 1

    def test_two_defenders_the_higher_score_wins(self) -> None:
        rules = rules_of(barrel__enabled=False)
        game = sweep_game(rules, start_state=state(scores=[945, 0, 940]))
        play_out(game, ["2 pass", "0 pass", *SWEEP_GIVE, "1 concede"])
        assert last(game).state.scores == (1005, -100, 1000)
        assert game.winner == 0

    def test_tied_defenders_first_clockwise_from_forehand(self) -> None:
        rules = rules_of(barrel__enabled=False)
        game = sweep_game(rules, start_state=state(scores=[940, 0, 940]))
        play_out(game, ["2 pass", "0 pass", *SWEEP_GIVE, "1 concede"])
        # Forehand is seat 1; clockwise from it: 2 before 0.
        assert game.winner == 2
        assert game.lines[-1] == {
            "type": "end",
            "winner": 2,
            "scores": [1000, -100, 1000],
            "deals": 1,
        }

    def test_target(self) -> None:
        rules = rules_of(barrel__enabled=False, barrel__threshold=400, target=500)
        game = sweep_game(rules, start_state=state(scores=[440, 0, 0]))
        play_out(game, ["2 pass", "0 pass", *SWEEP_GIVE, "1 concede"])
        assert game.winner == 0
