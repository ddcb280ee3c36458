"""The golden deal (золотой кон), docs/rules.md#golden-deal."""

from __future__ import annotations

import pytest

from thousand_tui.engine.actions import Act
from thousand_tui.engine.game import Game
from thousand_tui.engine.match import MatchState
from thousand_tui.engine.rules import Rules

from .helpers import (
    PLAY_GIVES,
    PLAY_HANDS,
    PLAY_TALON,
    PLAY_TRICKS,
    SWEEP_GIVE,
    SWEEP_TRICKS,
    actions_of,
    acts,
    deal_lines,
    exchange_game,
    last,
    legal_values,
    play_cards,
    play_out,
    random_game,
    result_of,
    rules_of,
    state,
    sweep_game,
)

GOLDEN = {"golden__enabled": True}


def golden_state(left: int = 3, made: bool = False, **kwargs: object) -> MatchState:
    return state(golden_left=left, **kwargs).evolve(golden_made=made)  # type: ignore[arg-type]


def swept(rules: Rules, start: MatchState | None = None) -> Game:
    """Golden deal: seat 1 plays 120 by force and takes every trick."""
    game = sweep_game(rules, start_state=start or golden_state())
    play_out(game, [*SWEEP_GIVE, "1 keep"])
    play_cards(game, SWEEP_TRICKS)
    return game


def played(rules: Rules, start: MatchState | None = None) -> Game:
    """Golden deal: seat 1 plays 120 by force with 119 points and fails."""
    game = exchange_game(
        rules, PLAY_HANDS, PLAY_TALON, PLAY_GIVES, bids=[], start_state=start or golden_state()
    )
    play_cards(game, PLAY_TRICKS)
    return game


class TestGoldenRound:
    def test_the_first_deals_are_golden(self) -> None:
        game = Game(rules_of(**GOLDEN), seed=3)
        assert game.deal.golden is True
        assert deal_lines(game)[0]["golden"] is True
        assert deal_lines(game)[0]["state"]["golden_left"] == 3
        game = random_game(game.rules, seed=3, deals=5, game=game)
        played_ = [r.golden for r in game.results if r.redeal is None]
        assert played_[:4] == [True, True, True, False]

    def test_number_of_golden_deals_is_the_number_of_players(self) -> None:
        game = Game(rules_of("four-player", **GOLDEN), seed=3)
        assert deal_lines(game)[0]["state"]["golden_left"] == 4

    def test_forced_contract_without_auction(self) -> None:
        game = sweep_game(rules_of(**GOLDEN), start_state=golden_state())
        assert actions_of(game)[:2] == [
            {"type": "action", "seat": 1, "act": "bid", "value": 120, "auto": True},
            {"type": "action", "seat": 1, "act": "take_talon", "shown": True, "auto": True},
        ]
        assert game.deal.declarer == 1 and game.deal.contract == 120

    def test_forced_contract_value(self) -> None:
        game = sweep_game(
            rules_of(golden__enabled=True, golden__forced_contract=150), start_state=golden_state()
        )
        assert game.deal.contract == 150

    def test_talon_follows_talon_show(self) -> None:
        game = sweep_game(
            rules_of(golden__enabled=True, talon__show="never"), start_state=golden_state()
        )
        assert actions_of(game)[1]["shown"] is False

    def test_golden_left_counts_down(self) -> None:
        game = swept(rules_of(**GOLDEN), golden_state(3))
        assert last(game).state.golden_left == 2
        assert deal_lines(game)[-1]["golden"] is True
        game = swept(rules_of(**GOLDEN), golden_state(1))
        assert last(game).state.golden_left == 0
        assert deal_lines(game)[-1]["golden"] is False


class TestMultiplier:
    def test_made_contract_and_two_palki(self) -> None:
        game = swept(rules_of(**GOLDEN))
        res = result_of(game)
        assert res["multiplier"] == 2
        assert res["golden"] is True
        assert res["deltas"] == [0, 240, 0]
        assert res["events"] == [
            {"kind": "palka", "seat": 0, "count": 2},
            {"kind": "palka", "seat": 2, "count": 2},
        ]
        assert res["state"]["palki"] == [2, 0, 2]

    def test_multiplier_value(self) -> None:
        game = swept(rules_of(golden__enabled=True, golden__multiplier=3))
        assert result_of(game)["deltas"] == [0, 360, 0]

    def test_failed_contract_and_defenders_after_rounding(self) -> None:
        game = played(rules_of(**GOLDEN))
        res = result_of(game)
        assert res["made"] is False  # 119 < 120: the multiplier is not in the made test
        # Seat 0: 39 → 40, × 2; seat 2: 62 + 80 = 142 → 140, × 2.
        assert res["deltas"] == [80, -240, 280]

    def test_marriages_not_multiplied(self) -> None:
        game = played(rules_of(golden__enabled=True, golden__marriages_multiplied=False))
        # Seat 2: (140 − 80) × 2 + 80.
        assert result_of(game)["deltas"] == [80, -240, 200]

    def test_palka_penalty_is_not_multiplied(self) -> None:
        game = swept(rules_of(**GOLDEN), golden_state(palki=[2, 0, 0]))
        res = result_of(game)
        assert res["deltas"] == [-120, 240, 0]
        assert res["state"]["palki"] == [4, 0, 2]

    def test_two_palki_in_a_streak(self) -> None:
        rules = rules_of(golden__enabled=True, palki__rule="three_in_a_row")
        game = swept(rules, golden_state(palki=[2, 0, 0], streak=[2, 0, 0]))
        res = result_of(game)
        # The first of the two palki completes three in a row; the second starts a new streak.
        assert res["deltas"] == [-120, 240, 0]
        assert res["state"]["palki_streak"] == [1, 0, 2]


class TestRaise:
    def test_no_raise_by_default(self) -> None:
        game = sweep_game(rules_of(**GOLDEN), start_state=golden_state())
        play_out(game, SWEEP_GIVE)
        assert legal_values(game, 1, Act.RAISE) == [None]
        assert Act.CONCEDE in acts(game, 1)

    def test_raise_allowed(self) -> None:
        game = sweep_game(
            rules_of(golden__enabled=True, golden__raise=True), start_state=golden_state()
        )
        play_out(game, SWEEP_GIVE)
        assert legal_values(game, 1, Act.RAISE)[:2] == [None, 125]


class TestFailure:
    def test_reset_scores_when_nobody_made_it(self) -> None:
        start = golden_state(
            1,
            scores=[200, -240, 160],
            palki=[1, 2, 0],
            streak=[1, 2, 0],
            concessions=[1, 0, 0],
            crosses=[0, 1, 0],
        )
        game = played(rules_of(**GOLDEN), start)
        res = result_of(game)
        assert res["events"][-1] == {"kind": "golden_reset"}
        state_ = res["state"]
        assert state_["scores"] == [0, 0, 0]
        assert state_["palki"] == [0, 0, 0]
        assert state_["palki_streak"] == [0, 0, 0]
        assert state_["concessions"] == [0, 0, 0]
        assert state_["crosses"] == [0, 0, 0]
        assert state_["golden_left"] == 0
        assert res["deltas"] == [-200, 240, -160]
        # Normal play starts.
        assert game.deal.golden is False
        assert actions_of(game)[0]["value"] == 100

    def test_no_reset_when_one_golden_declarer_made_it(self) -> None:
        game = played(rules_of(**GOLDEN), golden_state(1, made=True, scores=[200, 0, 0]))
        res = result_of(game)
        assert {"kind": "golden_reset"} not in res["events"]
        assert res["state"]["scores"] == [280, -240, 280]

    def test_made_in_the_last_golden_deal(self) -> None:
        game = swept(rules_of(**GOLDEN), golden_state(1))
        assert {"kind": "golden_reset"} not in result_of(game)["events"]
        assert last(game).state.scores == (0, 240, 0)

    def test_not_before_the_last_golden_deal(self) -> None:
        game = played(rules_of(**GOLDEN), golden_state(2))
        assert last(game).state.scores == (80, -240, 280)
        assert last(game).state.golden_left == 1

    def test_replay_plays_the_golden_round_again(self) -> None:
        rules = rules_of(golden__enabled=True, golden__on_failure="replay")
        game = played(rules, golden_state(1))
        res = result_of(game)
        assert res["state"]["golden_left"] == 3
        assert res["state"]["scores"] == [80, -240, 280]
        assert game.deal.golden is True
        assert actions_of(game)[0] == {
            "type": "action",
            "seat": 2,
            "act": "bid",
            "value": 120,
            "auto": True,
        }

    def test_none_keeps_the_scores(self) -> None:
        rules = rules_of(golden__enabled=True, golden__on_failure="none")
        game = played(rules, golden_state(1))
        assert last(game).state.scores == (80, -240, 280)
        assert last(game).state.golden_left == 0
        assert game.deal.golden is False

    @pytest.mark.parametrize("mode", ["reset_scores", "replay", "none"])
    def test_a_conceded_golden_deal_is_not_made(self, mode: str) -> None:
        rules = rules_of(golden__enabled=True, golden__on_failure=mode)
        game = sweep_game(rules, start_state=golden_state(1))
        play_out(game, [*SWEEP_GIVE, "1 concede"])
        reset = {"kind": "golden_reset"} in result_of(game)["events"]
        assert reset is (mode == "reset_scores")
