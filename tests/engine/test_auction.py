"""The auction (docs/rules.md#auction): who sits on 100, steps, jumps, the maximum, the marriage
requirement, the marriage cap, passing, and bidding in the minus."""

from __future__ import annotations

import pytest

from thousand_tui.engine.actions import Act, Action, IllegalAction
from thousand_tui.engine.deal import Phase

from .helpers import (
    SWEEP_HANDS,
    SWEEP_TALON,
    actions_of,
    complete,
    legal_values,
    play_out,
    rules_of,
    stacked_game,
    state,
    sweep_game,
)

# Seat 2 holds no marriage (and three aces); seat 0 holds the spade and club marriages.
NO_MARRIAGE, NO_MARRIAGE_TALON = complete([None, "AH TH KH QH JH AD TD", "AS TS JS 9S AC TC JC"])
# Seat 2 holds four aces and no marriage.
FOUR_ACES, FOUR_ACES_TALON = complete([None, "KH QH JH KD QD TD TH", "AS AC AD AH 9S 9C JC"])


def bid_range(values: list[int | None]) -> tuple[int, int, int]:
    ints = [v for v in values if v is not None]
    return ints[0], ints[-1], len(ints)


class TestOpening:
    def test_forehand_sits_on_100_and_the_next_player_opens(self) -> None:
        game = sweep_game()
        assert actions_of(game) == [
            {"type": "action", "seat": 1, "act": "bid", "value": 100, "auto": True}
        ]
        assert game.to_move == 2
        assert game.deal.phase is Phase.AUCTION

    def test_obligated_dealer_with_three_players(self) -> None:
        game = sweep_game(rules_of(bidding__obligated="dealer"))
        assert actions_of(game)[0] == {
            "type": "action",
            "seat": 0,
            "act": "bid",
            "value": 100,
            "auto": True,
        }
        assert game.to_move == 1
        play_out(game, ["1 pass", "2 pass"])
        assert game.deal.declarer == 0 and game.deal.contract == 100

    def test_all_pass_leaves_the_obligated_player_at_100(self) -> None:
        game = sweep_game()
        play_out(game, ["2 pass", "0 pass"])
        assert game.deal.declarer == 1
        assert game.deal.contract == 100
        assert actions_of(game)[-1] == {
            "type": "action",
            "seat": 1,
            "act": "take_talon",
            "shown": False,
            "auto": True,
        }

    def test_bidding_min_is_the_obligated_bid(self) -> None:
        game = sweep_game(rules_of(bidding__min=80, bidding__marriage_required_above=120))
        assert actions_of(game)[0]["value"] == 80
        assert legal_values(game, 2, Act.BID)[:2] == [85, 90]


class TestSteps:
    def test_steps_of_five_with_jumps_up_to_300(self) -> None:
        game = sweep_game()
        assert bid_range(legal_values(game, 2, Act.BID)) == (105, 300, 40)
        play_out(game, ["2 bid 150"])
        assert bid_range(legal_values(game, 0, Act.BID)) == (155, 300, 30)

    def test_steps_of_ten(self) -> None:
        game = sweep_game(rules_of(bidding__step=10))
        values = legal_values(game, 2, Act.BID)
        assert values[:2] == [110, 120] and values[-1] == 300
        with pytest.raises(IllegalAction, match="bid 105: bids go in steps of 10"):
            game.apply(Action(2, Act.BID, value=105))

    def test_no_jumps_means_exactly_one_step(self) -> None:
        game = sweep_game(rules_of(bidding__jumps=False))
        assert legal_values(game, 2, Act.BID) == [105]
        with pytest.raises(IllegalAction, match="bid 110: the bid goes up by exactly 5, to 105"):
            game.apply(Action(2, Act.BID, value=110))
        play_out(game, ["2 bid 105"])
        assert legal_values(game, 0, Act.BID) == [110]

    def test_a_bid_must_be_a_multiple_of_the_step(self) -> None:
        game = sweep_game()
        with pytest.raises(IllegalAction, match="bid 103: bids go in steps of 5"):
            game.apply(Action(2, Act.BID, value=103))

    def test_a_bid_must_be_above_the_current_one(self) -> None:
        game = sweep_game()
        play_out(game, ["2 bid 110"])
        with pytest.raises(IllegalAction, match="bid 110: a bid must be above 110"):
            game.apply(Action(0, Act.BID, value=110))

    def test_the_highest_bid(self) -> None:
        game = sweep_game()
        with pytest.raises(IllegalAction, match="bid 305: the highest bid is 300"):
            game.apply(Action(2, Act.BID, value=305))
        play_out(game, ["2 bid 300"])
        assert legal_values(game, 0, Act.BID) == []
        play_out(game, ["0 pass", "1 pass"])
        assert game.deal.contract == 300

    def test_a_lower_maximum(self) -> None:
        game = sweep_game(rules_of(bidding__max=200))
        assert legal_values(game, 2, Act.BID)[-1] == 200


class TestMarriageRequirement:
    def test_no_marriage_no_bid_above_120(self) -> None:
        game = stacked_game(rules_of(), NO_MARRIAGE, NO_MARRIAGE_TALON)
        assert bid_range(legal_values(game, 2, Act.BID)) == (105, 120, 4)
        with pytest.raises(
            IllegalAction, match="bid 125: a bid above 120 needs a marriage in hand"
        ):
            game.apply(Action(2, Act.BID, value=125))

    def test_with_a_marriage_the_sky_is_the_limit(self) -> None:
        game = stacked_game(rules_of(), NO_MARRIAGE, NO_MARRIAGE_TALON)
        play_out(game, ["2 bid 120"])
        assert legal_values(game, 0, Act.BID)[-1] == 300

    def test_requirement_may_be_another_value_or_none(self) -> None:
        game = stacked_game(
            rules_of(bidding__marriage_required_above=150), NO_MARRIAGE, NO_MARRIAGE_TALON
        )
        assert legal_values(game, 2, Act.BID)[-1] == 150
        game = stacked_game(
            rules_of(bidding__marriage_required_above=None), NO_MARRIAGE, NO_MARRIAGE_TALON
        )
        assert legal_values(game, 2, Act.BID)[-1] == 300

    def test_four_aces_count_as_a_marriage_with_the_ace_marriage(self) -> None:
        game = stacked_game(rules_of(), FOUR_ACES, FOUR_ACES_TALON)
        assert legal_values(game, 2, Act.BID)[-1] == 120
        game = stacked_game(rules_of(ace_marriage__enabled=True), FOUR_ACES, FOUR_ACES_TALON)
        assert legal_values(game, 2, Act.BID)[-1] == 300


class TestCapByMarriages:
    def test_bid_at_most_120_plus_the_marriages_held(self) -> None:
        game = sweep_game(rules_of(bidding__cap_by_marriages=True))
        # Seat 2: spades 40 + diamonds 80.
        assert legal_values(game, 2, Act.BID)[-1] == 240
        with pytest.raises(
            IllegalAction, match="bid 245: a bid may not exceed 120 plus the marriages in hand"
        ):
            game.apply(Action(2, Act.BID, value=245))
        play_out(game, ["2 bid 105"])
        # Seat 0: clubs 60.
        assert legal_values(game, 0, Act.BID)[-1] == 180
        play_out(game, ["0 bid 110"])
        # Seat 1: hearts 100.
        assert legal_values(game, 1, Act.BID)[-1] == 220

    def test_four_aces_add_their_value(self) -> None:
        rules = rules_of(bidding__cap_by_marriages=True, ace_marriage__enabled=True)
        game = stacked_game(rules, FOUR_ACES, FOUR_ACES_TALON)
        assert legal_values(game, 2, Act.BID)[-1] == 300  # 120 + 200, capped by the max

    def test_no_marriage_caps_at_120(self) -> None:
        rules = rules_of(bidding__cap_by_marriages=True, bidding__marriage_required_above=None)
        game = stacked_game(rules, NO_MARRIAGE, NO_MARRIAGE_TALON)
        assert legal_values(game, 2, Act.BID)[-1] == 120


class TestPassing:
    def test_a_pass_is_final(self) -> None:
        game = sweep_game()
        play_out(game, ["2 pass", "0 bid 105", "1 bid 110"])
        # Seat 2 passed: seat 0 decides next, then seat 1.
        assert game.to_move == 0
        play_out(game, ["0 bid 115", "1 bid 120", "0 pass"])
        assert game.deal.declarer == 1
        assert game.deal.contract == 120
        assert [a["seat"] for a in actions_of(game) if a["act"] in ("bid", "pass")] == [
            1,
            2,
            0,
            1,
            0,
            1,
            0,
        ]

    def test_the_obligated_player_may_pass_when_outbid(self) -> None:
        game = sweep_game()
        play_out(game, ["2 bid 105", "0 pass", "1 pass"])
        assert game.deal.declarer == 2
        assert game.deal.contract == 105
        # A contest: the talon is shown.
        assert actions_of(game)[-1] == {
            "type": "action",
            "seat": 2,
            "act": "take_talon",
            "shown": True,
            "auto": True,
        }

    def test_the_auction_goes_round_until_all_but_one_pass(self) -> None:
        game = sweep_game()
        play_out(game, ["2 bid 105", "0 bid 110", "1 bid 115", "2 bid 120", "0 pass"])
        assert game.to_move == 1
        play_out(game, ["1 bid 125", "2 bid 130", "1 pass"])
        assert (game.deal.declarer, game.deal.contract) == (2, 130)

    def test_passed_seat_cannot_bid_again(self) -> None:
        game = sweep_game()
        play_out(game, ["2 pass"])
        assert game.legal_actions(2) == []
        with pytest.raises(IllegalAction, match="not seat 2's turn"):
            game.apply(Action(2, Act.BID, value=110))


class TestMinus:
    @pytest.mark.parametrize("threshold", [0, -100, -120, -200, -300, -1000])
    def test_below_the_threshold_passes_automatically(self, threshold: int) -> None:
        rules = rules_of(bidding__minus_threshold=threshold)
        below = stacked_game(
            rules, SWEEP_HANDS, SWEEP_TALON, start_state=state(scores=[0, 0, threshold - 5])
        )
        assert actions_of(below)[1] == {"type": "action", "seat": 2, "act": "pass", "auto": True}
        assert below.to_move == 0
        at = stacked_game(
            rules, SWEEP_HANDS, SWEEP_TALON, start_state=state(scores=[0, 0, threshold])
        )
        assert len(actions_of(at)) == 1
        assert at.to_move == 2

    def test_no_threshold_no_automatic_pass(self) -> None:
        game = stacked_game(
            rules_of(), SWEEP_HANDS, SWEEP_TALON, start_state=state(scores=[0, 0, -5000])
        )
        assert game.to_move == 2

    def test_obligated_player_in_the_minus_the_next_one_sits_on_100(self) -> None:
        rules = rules_of(bidding__minus_threshold=-100)
        game = stacked_game(rules, SWEEP_HANDS, SWEEP_TALON, start_state=state(scores=[0, -150, 0]))
        assert actions_of(game)[0] == {
            "type": "action",
            "seat": 2,
            "act": "bid",
            "value": 100,
            "auto": True,
        }
        assert game.to_move == 0
        play_out(game, ["0 pass"])
        assert actions_of(game)[2] == {"type": "action", "seat": 1, "act": "pass", "auto": True}
        assert (game.deal.declarer, game.deal.contract) == (2, 100)

    def test_others_pass_once_the_low_player_bids(self) -> None:
        rules = rules_of(bidding__minus_threshold=-100, bidding__minus_mode="others_pass")
        game = stacked_game(rules, SWEEP_HANDS, SWEEP_TALON, start_state=state(scores=[0, 0, -150]))
        assert game.to_move == 2  # the low player may bid
        play_out(game, ["2 bid 105"])
        assert actions_of(game)[2:4] == [
            {"type": "action", "seat": 0, "act": "pass", "auto": True},
            {"type": "action", "seat": 1, "act": "pass", "auto": True},
        ]
        assert (game.deal.declarer, game.deal.contract) == (2, 105)

    def test_others_pass_mode_while_the_low_player_has_not_bid(self) -> None:
        rules = rules_of(bidding__minus_threshold=-100, bidding__minus_mode="others_pass")
        game = stacked_game(rules, SWEEP_HANDS, SWEEP_TALON, start_state=state(scores=[0, 0, -150]))
        play_out(game, ["2 pass", "0 bid 105", "1 bid 110"])
        assert game.to_move == 0

    def test_others_pass_mode_the_automatic_100_is_not_a_bid(self) -> None:
        rules = rules_of(bidding__minus_threshold=-100, bidding__minus_mode="others_pass")
        game = stacked_game(rules, SWEEP_HANDS, SWEEP_TALON, start_state=state(scores=[0, -150, 0]))
        assert actions_of(game)[0]["seat"] == 1  # the low player still sits on 100
        play_out(game, ["2 bid 105", "0 bid 110"])
        assert game.to_move == 1

    def test_everybody_in_the_minus_the_obligated_plays_100(self) -> None:
        rules = rules_of(bidding__minus_threshold=-100)
        game = stacked_game(
            rules, SWEEP_HANDS, SWEEP_TALON, start_state=state(scores=[-200, -200, -200])
        )
        assert [(a["seat"], a["act"]) for a in actions_of(game)[:3]] == [
            (1, "bid"),
            (2, "pass"),
            (0, "pass"),
        ]
        assert (game.deal.declarer, game.deal.contract) == (1, 100)

    def test_golden_contract_in_the_minus(self) -> None:
        rules = rules_of(bidding__minus_threshold=-100, golden__enabled=True)
        game = stacked_game(
            rules,
            SWEEP_HANDS,
            SWEEP_TALON,
            start_state=state(scores=[0, -150, 0], golden_left=2),
        )
        assert (game.deal.declarer, game.deal.contract) == (1, 120)
