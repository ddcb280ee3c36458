"""The barrel (бочка), docs/rules.md#barrel."""

from __future__ import annotations

import pytest

from thousand_tui.engine.actions import Act, Action, IllegalAction
from thousand_tui.engine.game import Game
from thousand_tui.engine.match import MatchState
from thousand_tui.engine.rules import Rules

from .helpers import (
    PLAY_GIVES,
    PLAY_HANDS,
    PLAY_TALON,
    PLAY_TRICKS,
    SWEEP_GIVE,
    SWEEP_HANDS,
    SWEEP_TALON,
    SWEEP_TRICKS,
    actions_of,
    exchange_game,
    last,
    legal_values,
    play_cards,
    play_out,
    result_of,
    rules_of,
    stacked_game,
    state,
    sweep_game,
)

ATTEMPT = "barrel_attempt"
FT = "JC JH KH"  # the talon of the family barrel deals


def swept(
    rules: Rules, start: MatchState, contract_step: str = "1 keep", bids: tuple[str, ...] = ()
) -> Game:
    """Seat 1 (forehand) declares and takes every trick with the heart marriage: 220 points.
    Seats 0 and 2 take no trick."""
    game = sweep_game(rules, start_state=start)
    play_out(game, [*(bids or ("2 pass", "0 pass")), *SWEEP_GIVE, contract_step])
    play_cards(game, SWEEP_TRICKS)
    return game


def played(rules: Rules, start: MatchState, contract_step: str = "keep") -> Game:
    """Seat 1 declares with 19 card points and the heart marriage (119); seat 0 takes 39,
    seat 2 62 and the diamond marriage (142)."""
    game = exchange_game(
        rules, PLAY_HANDS, PLAY_TALON, PLAY_GIVES, start_state=start, contract_step=contract_step
    )
    play_cards(game, PLAY_TRICKS)
    return game


def kinds(events: list[dict], kind: str) -> list[dict]:
    return [e for e in events if e["kind"] == kind]


class TestClimbingOn:
    def test_reaching_880_puts_him_on_the_barrel_at_880(self) -> None:
        game = swept(rules_of(), state(scores=[0, 800, 0]))
        res = result_of(game)
        assert res["deltas"] == [0, 80, 0]
        assert res["state"]["scores"] == [0, 880, 0]
        assert res["state"]["barrel"] == [None, {"attempts_used": 0, "tally": 0}, None]
        assert res["events"][-1] == {"kind": "barrel_on", "seat": 1}
        assert not game.over

    def test_exactly_the_threshold(self) -> None:
        game = swept(rules_of(), state(scores=[0, 780, 0]))
        assert result_of(game)["state"]["scores"] == [0, 880, 0]
        assert result_of(game)["state"]["barrel"][1] is not None

    def test_below_the_threshold(self) -> None:
        game = swept(rules_of(), state(scores=[0, 775, 0]))
        assert result_of(game)["state"]["barrel"] == [None, None, None]
        assert result_of(game)["state"]["scores"] == [0, 875, 0]

    def test_threshold_value(self) -> None:
        game = swept(rules_of(barrel__threshold=900), state(scores=[0, 850, 0]))
        assert result_of(game)["state"]["scores"] == [0, 900, 0]
        assert result_of(game)["deltas"] == [0, 50, 0]

    def test_entry_cap_past_the_target(self) -> None:
        game = swept(rules_of(), state(scores=[0, 800, 0]), contract_step="1 raise 220")
        res = result_of(game)
        assert res["contract"] == 220
        assert res["state"]["scores"] == [0, 880, 0]
        assert res["events"][-1] == {"kind": "barrel_on", "seat": 1}
        assert not game.over

    def test_entry_direct_win(self) -> None:
        rules = rules_of(barrel__entry="direct_win")
        game = swept(rules, state(scores=[0, 800, 0]), contract_step="1 raise 220")
        assert game.winner == 1
        assert result_of(game)["state"]["scores"] == [0, 1020, 0]
        assert not kinds(result_of(game)["events"], "barrel_on")
        assert game.lines[-1] == {"type": "end", "winner": 1, "scores": [0, 1020, 0], "deals": 1}

    def test_direct_win_below_the_target_climbs_on(self) -> None:
        rules = rules_of(barrel__entry="direct_win")
        game = swept(rules, state(scores=[0, 800, 0]))
        assert result_of(game)["state"]["scores"] == [0, 880, 0]
        assert not game.over

    def test_no_barrel(self) -> None:
        game = swept(rules_of(barrel__enabled=False), state(scores=[0, 800, 0]))
        res = result_of(game)
        assert res["state"]["scores"] == [0, 900, 0]
        assert res["state"]["barrel"] == [None, None, None]


class TestDefenderOnTheBarrel:
    def test_scores_nothing_gets_no_palka_and_uses_an_attempt(self) -> None:
        game = swept(rules_of(), state(scores=[880, 0, 0], barrel={0: 0}))
        res = result_of(game)
        assert res["deltas"] == [0, 100, 0]
        assert res["events"] == [
            {"kind": "palka", "seat": 2, "count": 1},
            {"kind": ATTEMPT, "seat": 0, "used": 1},
        ]
        assert res["state"]["barrel"][0] == {"attempts_used": 1, "tally": 0}
        assert res["state"]["palki"] == [0, 0, 1]

    def test_his_points_do_not_count(self) -> None:
        game = played(rules_of(), state(scores=[880, 0, 0], barrel={0: 1}))
        res = result_of(game)
        assert res["card_points"][0] == 39
        assert res["deltas"] == [0, 100, 140]
        assert res["state"]["barrel"][0] == {"attempts_used": 2, "tally": 0}

    def test_third_attempt_used_he_falls(self) -> None:
        game = swept(rules_of(), state(scores=[880, 0, 0], barrel={0: 2}))
        res = result_of(game)
        assert res["deltas"] == [-120, 100, 0]
        assert res["events"][1:] == [
            {"kind": ATTEMPT, "seat": 0, "used": 3},
            {"kind": "barrel_fall", "seat": 0, "points": 120, "why": "attempts"},
        ]
        assert res["state"]["barrel"][0] is None
        assert res["state"]["falls"] == [1, 0, 0]
        assert res["state"]["scores"][0] == 760

    def test_attempts_value(self) -> None:
        game = swept(rules_of(barrel__attempts=2), state(scores=[880, 0, 0], barrel={0: 1}))
        assert result_of(game)["state"]["scores"][0] == 760
        game = swept(rules_of(barrel__attempts=4), state(scores=[880, 0, 0], barrel={0: 2}))
        assert result_of(game)["state"]["barrel"][0] == {"attempts_used": 3, "tally": 0}

    def test_penalty_value(self) -> None:
        game = swept(rules_of(barrel__penalty=100), state(scores=[880, 0, 0], barrel={0: 2}))
        assert result_of(game)["state"]["scores"][0] == 780
        assert result_of(game)["events"][-1]["points"] == 100

    def test_own_contracts_only_count_his_own_deals(self) -> None:
        rules = rules_of(barrel__attempt_counts="own_contracts")
        game = swept(rules, state(scores=[880, 0, 0], barrel={0: 2}))
        res = result_of(game)
        assert res["state"]["barrel"][0] == {"attempts_used": 2, "tally": 0}
        assert not kinds(res["events"], ATTEMPT)

    def test_own_contracts_count_when_he_declares(self) -> None:
        rules = rules_of(barrel__attempt_counts="own_contracts")
        game = played(rules, state(scores=[0, 880, 0], barrel={1: 0}))
        assert result_of(game)["state"]["barrel"][1] == {"attempts_used": 1, "tally": 0}


class TestDeclarerOnTheBarrel:
    def test_obligated_he_opens_at_120(self) -> None:
        game = sweep_game(start_state=state(scores=[0, 880, 0], barrel={1: 0}))
        assert actions_of(game)[0] == {
            "type": "action",
            "seat": 1,
            "act": "bid",
            "value": 120,
            "auto": True,
        }
        assert legal_values(game, 2, Act.BID)[0] == 125

    def test_making_120_wins_at_1000(self) -> None:
        game = swept(rules_of(), state(scores=[0, 880, 0], barrel={1: 0}))
        res = result_of(game)
        assert res["contract"] == 120
        assert res["state"]["scores"] == [0, 1000, 0]
        assert res["deltas"] == [0, 120, 0]
        assert res["events"][-1] == {"kind": "barrel_win", "seat": 1}
        assert game.winner == 1
        assert game.lines[-1] == {"type": "end", "winner": 1, "scores": [0, 1000, 0], "deals": 1}

    def test_a_raised_contract_wins_with_threshold_plus_contract(self) -> None:
        game = swept(rules_of(), state(scores=[0, 880, 0], barrel={1: 0}), "1 raise 200")
        assert result_of(game)["state"]["scores"] == [0, 1080, 0]
        assert game.winner == 1

    def test_his_bids_start_at_the_barrel_contract(self) -> None:
        game = sweep_game(start_state=state(scores=[0, 0, 880], barrel={2: 0}))
        values = legal_values(game, 2, Act.BID)
        assert values[:2] == [120, 125]
        with pytest.raises(IllegalAction):
            game.apply(Action(2, Act.BID, value=105))
        play_out(game, ["2 bid 120", "0 bid 125"])
        assert legal_values(game, 1, Act.BID)[0] == 130
        play_out(game, ["1 pass"])
        assert legal_values(game, 2, Act.BID)[0] == 130

    def test_no_jumps_he_may_still_go_straight_to_120(self) -> None:
        game = sweep_game(
            rules_of(bidding__jumps=False), start_state=state(scores=[0, 0, 880], barrel={2: 0})
        )
        assert legal_values(game, 2, Act.BID) == [120]

    def test_max_bid(self) -> None:
        game = sweep_game(
            rules_of(barrel__max_bid=120), start_state=state(scores=[0, 0, 880], barrel={2: 0})
        )
        assert legal_values(game, 2, Act.BID) == [120]
        play_out(game, ["2 bid 120", "0 bid 125", "1 pass"])
        assert legal_values(game, 2, Act.BID) == []
        with pytest.raises(IllegalAction, match="on the barrel a bid may not exceed 120"):
            game.apply(Action(2, Act.BID, value=130))

    def test_failed_contract_uses_an_attempt_and_costs_nothing(self) -> None:
        game = played(rules_of(), state(scores=[0, 880, 0], barrel={1: 0}))
        res = result_of(game)
        assert res["contract"] == 120 and res["made"] is False
        assert res["deltas"] == [40, 0, 140]
        assert res["events"] == [{"kind": ATTEMPT, "seat": 1, "used": 1}]

    def test_failed_contract_fall(self) -> None:
        rules = rules_of(barrel__failed_contract="fall")
        game = played(rules, state(scores=[0, 880, 0], barrel={1: 0}))
        res = result_of(game)
        assert res["deltas"] == [40, -120, 140]
        assert res["events"] == [
            {"kind": "barrel_fall", "seat": 1, "points": 120, "why": "contract"}
        ]
        assert res["state"]["barrel"][1] is None
        assert res["state"]["falls"] == [0, 1, 0]

    def test_failed_raised_contract_fall_loses_the_contract(self) -> None:
        rules = rules_of(barrel__failed_contract="fall")
        game = played(rules, state(scores=[0, 880, 0], barrel={1: 0}), contract_step="raise 150")
        assert result_of(game)["state"]["scores"][1] == 880 - 150

    def test_one_fall_per_deal(self) -> None:
        rules = rules_of(barrel__failed_contract="fall")
        game = played(rules, state(scores=[0, 880, 0], barrel={1: 2}))
        falls = kinds(result_of(game)["events"], "barrel_fall")
        assert falls == [{"kind": "barrel_fall", "seat": 1, "points": 120, "why": "contract"}]

    def test_marriages_count_false(self) -> None:
        rules = rules_of(barrel__marriages_count=False)
        game = exchange_game(
            rules,
            PLAY_HANDS,
            PLAY_TALON,
            PLAY_GIVES,
            start_state=state(scores=[0, 880, 0], barrel={1: 0}),
        )
        play_cards(game, " ".join(PLAY_TRICKS.split("|")[:2]))
        # He may still set trump; the marriage is worth nothing to him.
        assert game.deal.trump is not None and game.deal.trump.value == "H"
        assert game.deal.marriage_points == (0, 0, 0)
        play_cards(game, "|".join(PLAY_TRICKS.split("|")[2:]))
        assert result_of(game)["marriage_points"] == [0, 0, 80]

    def test_marriages_count_false_other_players_still_score_theirs(self) -> None:
        rules = rules_of(barrel__marriages_count=False)
        game = played(rules, state(scores=[880, 0, 0], barrel={0: 0}))
        assert result_of(game)["marriage_points"] == [0, 100, 80]
        assert result_of(game)["deltas"] == [0, 100, 140]


class TestOpponentsFreeze:
    def test_others_score_nothing_while_he_plays(self) -> None:
        rules = rules_of(barrel__opponents_freeze=True)
        game = played(rules, state(scores=[0, 880, 0], barrel={1: 0}))
        res = result_of(game)
        assert res["deltas"] == [0, 0, 0]
        assert res["events"] == [
            {"kind": "frozen", "seats": [2, 0]},
            {"kind": ATTEMPT, "seat": 1, "used": 1},
        ]

    def test_no_palki_while_frozen(self) -> None:
        rules = rules_of(barrel__opponents_freeze=True)
        game = swept(rules, state(scores=[0, 880, 0], barrel={1: 0}))
        res = result_of(game)
        assert res["events"] == [
            {"kind": "frozen", "seats": [2, 0]},
            {"kind": "barrel_win", "seat": 1},
        ]
        assert res["state"]["palki"] == [0, 0, 0]

    def test_a_second_barrel_players_tally_is_frozen_too(self) -> None:
        rules = rules_of(
            barrel__goal="cumulative",
            barrel__opponents_freeze=True,
            barrel__simultaneous="all_stay",
        )
        game = played(rules, state(scores=[880, 880, 0], barrel={0: 0, 1: 0}))
        res = result_of(game)
        # Seat 1 makes 100 with 119 (tally 119); seat 0's 39 do not count while frozen.
        assert res["contract"] == 100 and res["made"] is True
        assert res["state"]["scores"] == [880, 999, 0]
        assert res["state"]["barrel"][0] == {"attempts_used": 1, "tally": 0}
        assert res["state"]["barrel"][1] == {"attempts_used": 1, "tally": 119}

    def test_frozen_players_keep_their_palki_streak(self) -> None:
        rules = rules_of(barrel__opponents_freeze=True, palki__rule="three_in_a_row")
        game = swept(rules, state(scores=[0, 880, 0], barrel={1: 0}, streak=[2, 0, 1]))
        assert result_of(game)["state"]["palki_streak"] == [2, 0, 1]

    def test_others_score_when_he_defends(self) -> None:
        rules = rules_of(barrel__opponents_freeze=True)
        game = played(rules, state(scores=[0, 0, 880], barrel={2: 0}), contract_step="keep")
        assert result_of(game)["deltas"] == [40, 100, 0]


class TestBarrelBidding:
    def test_auto_talon(self) -> None:
        rules = rules_of(barrel__bidding="auto_talon")
        game = sweep_game(rules, start_state=state(scores=[0, 0, 880], barrel={2: 0}))
        assert actions_of(game) == [
            {"type": "action", "seat": 2, "act": "bid", "value": 120, "auto": True},
            {"type": "action", "seat": 2, "act": "take_talon", "shown": True, "auto": True},
        ]
        assert (game.deal.declarer, game.deal.contract) == (2, 120)

    def test_auto_talon_two_on_the_barrel_first_from_forehand(self) -> None:
        rules = rules_of(barrel__bidding="auto_talon", barrel__simultaneous="all_stay")
        game = sweep_game(rules, start_state=state(scores=[880, 0, 880], barrel={0: 0, 2: 0}))
        assert game.deal.declarer == 2

    def test_auto_bid_replaces_the_obligated_100(self) -> None:
        rules = rules_of(barrel__bidding="auto_bid")
        game = sweep_game(rules, start_state=state(scores=[0, 0, 880], barrel={2: 0}))
        assert actions_of(game) == [
            {"type": "action", "seat": 2, "act": "bid", "value": 120, "auto": True}
        ]
        assert game.to_move == 0
        play_out(game, ["0 pass", "1 bid 125", "2 bid 130", "1 pass"])
        assert (game.deal.declarer, game.deal.contract) == (2, 130)

    def test_auto_bid_all_pass(self) -> None:
        rules = rules_of(barrel__bidding="auto_bid")
        game = sweep_game(rules, start_state=state(scores=[0, 0, 880], barrel={2: 0}))
        play_out(game, ["0 pass", "1 pass"])
        assert (game.deal.declarer, game.deal.contract) == (2, 120)

    def test_auto_bid_121_then_125(self) -> None:
        rules = rules_of("online-site")
        game = sweep_game(rules, start_state=state(scores=[0, 0, 880], barrel={2: 0}))
        assert actions_of(game)[0] == {
            "type": "action",
            "seat": 2,
            "act": "bid",
            "value": 121,
            "auto": True,
        }
        assert legal_values(game, 0, Act.BID)[0] == 125

    def test_online_site_outbid_barrel_player_scores_nothing_no_palka(self) -> None:
        rules = rules_of("online-site")
        # Seat 0 holds the sweeping hand; seat 2 (on the barrel, bid 121) takes no trick.
        hands = (SWEEP_HANDS[1], SWEEP_HANDS[2], SWEEP_HANDS[0])
        game = stacked_game(
            rules, hands, SWEEP_TALON, start_state=state(scores=[0, 0, 880], barrel={2: 0})
        )
        play_out(
            game,
            ["0 bid 125", "1 pass", "2 pass", "0 give 9S 1", "0 give JH 2", "0 keep"],
        )
        play_cards(game, SWEEP_TRICKS)
        res = result_of(game)
        assert res["declarer"] == 0 and res["contract"] == 125
        assert res["tricks"] == [8, 0, 0]
        assert res["deltas"] == [125, 0, 0]
        assert res["events"] == [
            {"kind": "palka", "seat": 1, "count": 1},
            {"kind": ATTEMPT, "seat": 2, "used": 1},
        ]
        assert res["state"]["palki"] == [0, 1, 0]

    def test_online_site_made_121_wins_at_1001(self) -> None:
        game = swept(rules_of("online-site"), state(scores=[0, 880, 0], barrel={1: 0}))
        res = result_of(game)
        assert res["contract"] == 121
        assert res["state"]["scores"] == [0, 1001, 0]
        assert game.winner == 1

    def test_online_site_failed_121_falls_to_759(self) -> None:
        game = played(rules_of("online-site"), state(scores=[0, 880, 0], barrel={1: 0}))
        res = result_of(game)
        assert res["contract"] == 121
        assert res["deltas"] == [0, -121, 0]
        assert res["events"] == [
            {"kind": "frozen", "seats": [2, 0]},
            {"kind": "barrel_fall", "seat": 1, "points": 121, "why": "contract"},
        ]


class TestFalls:
    def test_a_newcomer_bumps_the_one_on_the_barrel(self) -> None:
        game = swept(rules_of(), state(scores=[880, 800, 0], barrel={0: 1}))
        res = result_of(game)
        assert res["deltas"] == [-120, 80, 0]
        assert res["events"] == [
            {"kind": "palka", "seat": 2, "count": 1},
            {"kind": ATTEMPT, "seat": 0, "used": 2},
            {"kind": "barrel_on", "seat": 1},
            {"kind": "barrel_fall", "seat": 0, "points": 120, "why": "bump"},
        ]
        assert res["state"]["barrel"] == [None, {"attempts_used": 0, "tally": 0}, None]

    def test_no_bump(self) -> None:
        game = swept(rules_of(barrel__bump=False), state(scores=[880, 800, 0], barrel={0: 1}))
        res = result_of(game)
        assert res["deltas"] == [0, 80, 0]
        assert res["state"]["barrel"][0] == {"attempts_used": 2, "tally": 0}
        assert res["state"]["barrel"][1] == {"attempts_used": 0, "tally": 0}

    def test_two_climbing_in_one_deal_both_fall(self) -> None:
        game = played(rules_of(), state(scores=[840, 0, 740]))
        res = result_of(game)
        assert res["deltas"] == [-80, 100, 20]
        assert res["events"] == [
            {"kind": "barrel_on", "seat": 0},
            {"kind": "barrel_on", "seat": 2},
            {"kind": "barrel_fall", "seat": 0, "points": 120, "why": "simultaneous"},
            {"kind": "barrel_fall", "seat": 2, "points": 120, "why": "simultaneous"},
        ]
        assert res["state"]["scores"] == [760, 100, 760]
        assert res["state"]["falls"] == [1, 0, 1]

    def test_simultaneous_all_fall_with_the_one_already_there(self) -> None:
        game = played(rules_of(), state(scores=[840, 880, 740], barrel={1: 0}))
        res = result_of(game)
        assert res["state"]["scores"] == [760, 760, 760]
        assert res["deltas"] == [-80, -120, 20]
        assert {(e["seat"], e["why"]) for e in kinds(res["events"], "barrel_fall")} == {
            (1, "bump"),
            (0, "simultaneous"),
            (2, "simultaneous"),
        }

    def test_simultaneous_all_stay(self) -> None:
        game = played(rules_of(barrel__simultaneous="all_stay"), state(scores=[840, 0, 740]))
        res = result_of(game)
        assert res["state"]["scores"] == [880, 100, 880]
        assert res["state"]["barrel"] == [
            {"attempts_used": 0, "tally": 0},
            None,
            {"attempts_used": 0, "tally": 0},
        ]

    def test_his_last_attempt_runs_out_in_a_deal_another_wins(self) -> None:
        rules = rules_of(barrel__entry="direct_win")
        game = swept(rules, state(scores=[880, 800, 0], barrel={0: 2}), "1 raise 220")
        assert game.winner == 1
        res = result_of(game)
        assert res["events"][-2:] == [
            {"kind": ATTEMPT, "seat": 0, "used": 3},
            {"kind": "barrel_fall", "seat": 0, "points": 120, "why": "attempts"},
        ]
        assert res["state"]["scores"] == [760, 1020, 0]
        assert res["state"]["barrel"] == [None, None, None]
        assert game.lines[-1]["scores"] == [760, 1020, 0]

    def test_a_climber_in_a_deal_another_wins_from_the_barrel(self) -> None:
        rules = rules_of(barrel__goal="cumulative")
        game = played(rules, state(scores=[970, 0, 800], barrel={0: (1, 90)}))
        assert game.winner == 0
        res = result_of(game)
        # Seat 2 (800 + 142) is on the barrel at 880 like any player reaching it.
        assert res["state"]["scores"] == [1009, 100, 880]
        assert res["events"][-1] == {"kind": "barrel_on", "seat": 2}

    def test_third_fall_resets_to_zero(self) -> None:
        rules = rules_of(barrel__third_fall="reset_to_zero")
        game = swept(rules, state(scores=[880, 0, 0], barrel={0: 2}, falls=[2, 0, 0]))
        res = result_of(game)
        assert res["state"]["scores"][0] == 0
        assert res["deltas"][0] == -880
        assert res["events"][-2:] == [
            {"kind": "barrel_third_fall", "seat": 0},
            {"kind": "barrel_fall", "seat": 0, "points": 880, "why": "attempts"},
        ]
        assert res["state"]["falls"] == [3, 0, 0]

    def test_third_fall_none(self) -> None:
        game = swept(rules_of(), state(scores=[880, 0, 0], barrel={0: 2}, falls=[2, 0, 0]))
        assert result_of(game)["state"]["scores"][0] == 760

    def test_second_fall_is_not_reset(self) -> None:
        rules = rules_of(barrel__third_fall="reset_to_zero")
        game = swept(rules, state(scores=[880, 0, 0], barrel={0: 2}, falls=[1, 0, 0]))
        assert result_of(game)["state"]["scores"][0] == 760

    def test_fall_then_samosval(self) -> None:
        # Fall to 555 (threshold 675): samosval sets it to 0.
        rules = rules_of(barrel__threshold=675)
        game = swept(rules, state(scores=[675, 0, 0], barrel={0: 2}))
        res = result_of(game)
        assert res["state"]["scores"][0] == 0
        assert res["events"][-1] == {"kind": "samosval", "seat": 0, "from": 555}


class TestSamosvalOnTheBarrel:
    """A barrel at 555 or below (`barrel.threshold`): samosval takes any score of 555 to 0,
    his too, and a player at 0 is off the barrel; it is not a fall."""

    def test_climbing_on_at_555(self) -> None:
        game = swept(rules_of(barrel__threshold=555), state(scores=[0, 475, 0]))
        res = result_of(game)
        assert res["deltas"] == [0, -475, 0]
        assert res["events"][-2:] == [
            {"kind": "barrel_on", "seat": 1},
            {"kind": "samosval", "seat": 1, "from": 555},
        ]
        assert res["state"]["barrel"] == [None, None, None]
        assert res["state"]["falls"] == [0, 0, 0]

    def test_a_cumulative_tally_to_555(self) -> None:
        rules = rules_of(barrel__goal="cumulative", barrel__threshold=500)
        game = played(rules, state(scores=[516, 0, 0], barrel={0: (1, 16)}))
        res = result_of(game)
        assert res["card_points"][0] == 39
        assert res["state"]["scores"][0] == 0
        assert res["state"]["barrel"][0] is None
        assert res["state"]["falls"] == [0, 0, 0]


class TestCumulative:
    def test_defender_points_add_to_the_tally(self) -> None:
        rules = rules_of(barrel__goal="cumulative")
        game = played(rules, state(scores=[880, 0, 0], barrel={0: 0}))
        res = result_of(game)
        assert res["state"]["scores"] == [919, 100, 140]
        assert res["deltas"] == [39, 100, 140]
        assert res["state"]["barrel"][0] == {"attempts_used": 1, "tally": 39}

    def test_reaching_the_tally_wins(self) -> None:
        rules = rules_of(barrel__goal="cumulative")
        game = played(rules, state(scores=[970, 0, 0], barrel={0: (1, 90)}))
        res = result_of(game)
        assert res["state"]["scores"][0] == 1009
        assert res["events"][-1] == {"kind": "barrel_win", "seat": 0}
        assert game.winner == 0

    def test_his_made_contract_adds_his_points(self) -> None:
        rules = rules_of(barrel__goal="cumulative")
        # On the barrel, cumulative: he sits on 100 as usual, makes it with 19 + 100.
        game = played(rules, state(scores=[0, 880, 0], barrel={1: 0}))
        res = result_of(game)
        assert res["contract"] == 100
        assert res["state"]["scores"][1] == 999
        assert res["state"]["barrel"][1] == {"attempts_used": 1, "tally": 119}

    def test_his_failed_contract_adds_nothing(self) -> None:
        rules = rules_of(barrel__goal="cumulative", barrel__marriages_count=False)
        game = played(rules, state(scores=[0, 880, 0], barrel={1: 0}))
        res = result_of(game)
        assert res["made"] is False  # 19 without the marriage
        assert res["state"]["scores"][1] == 880
        assert res["state"]["barrel"][1] == {"attempts_used": 1, "tally": 0}

    def test_failed_contract_fall_loses_the_contract_at_once(self) -> None:
        rules = rules_of(
            barrel__goal="cumulative", barrel__marriages_count=False, barrel__failed_contract="fall"
        )
        game = played(rules, state(scores=[0, 920, 0], barrel={1: (1, 40)}))
        res = result_of(game)
        assert (res["contract"], res["made"]) == (100, False)  # 19 without the marriage
        assert res["state"]["scores"][1] == 920 - 100
        assert res["events"] == [
            {"kind": "barrel_fall", "seat": 1, "points": 100, "why": "contract"}
        ]
        assert res["state"]["barrel"][1] is None
        assert res["state"]["falls"] == [0, 1, 0]

    def test_failed_contract_fall_on_the_last_attempt_loses_the_contract(self) -> None:
        rules = rules_of(
            barrel__goal="cumulative", barrel__marriages_count=False, barrel__failed_contract="fall"
        )
        game = played(rules, state(scores=[0, 920, 0], barrel={1: (2, 40)}))
        res = result_of(game)
        assert res["state"]["scores"][1] == 920 - 100
        assert kinds(res["events"], "barrel_fall") == [
            {"kind": "barrel_fall", "seat": 1, "points": 100, "why": "contract"}
        ]

    def test_failed_contract_fall_rounds_the_score_first(self) -> None:
        rules = rules_of(
            barrel__goal="cumulative",
            barrel__marriages_count=False,
            barrel__failed_contract="fall",
            barrel__fall_rounding="down_to_tens",
        )
        game = played(rules, state(scores=[0, 927, 0], barrel={1: (1, 47)}))
        res = result_of(game)
        assert res["state"]["scores"][1] == 920 - 100
        assert kinds(res["events"], "barrel_fall")[0]["points"] == 107

    def test_online_site_cumulative_failed_121_loses_121(self) -> None:
        rules = rules_of("online-site", barrel__goal="cumulative")
        game = played(rules, state(scores=[0, 920, 0], barrel={1: (0, 40)}))
        res = result_of(game)
        assert (res["contract"], res["made"]) == (121, False)  # 119 with the marriage
        assert res["deltas"] == [0, -121, 0]
        assert res["state"]["scores"][1] == 799
        assert kinds(res["events"], "barrel_fall") == [
            {"kind": "barrel_fall", "seat": 1, "points": 121, "why": "contract"}
        ]

    def test_fall_rounds_down_to_tens(self) -> None:
        rules = rules_of(barrel__goal="cumulative", barrel__fall_rounding="down_to_tens")
        game = swept(rules, state(scores=[993, 0, 0], barrel={0: (2, 113)}))
        res = result_of(game)
        assert res["state"]["scores"][0] == 870
        assert res["events"][-1] == {
            "kind": "barrel_fall",
            "seat": 0,
            "points": 123,
            "why": "attempts",
        }

    def test_fall_without_rounding(self) -> None:
        rules = rules_of(barrel__goal="cumulative")
        game = swept(rules, state(scores=[993, 0, 0], barrel={0: (2, 113)}))
        assert result_of(game)["state"]["scores"][0] == 873

    def test_family_barrel_34_57_29(self) -> None:
        """Seat 0 climbs on at 880 and collects 34, 57 and 29 exact points as a defender."""
        rules = rules_of("family")
        deals = {
            1: (("JD QH KS QD QC AC KD", "9H AD JS KC AH 9S TS", "9D QS TD TH TC 9C AS"), FT),
            2: (("9D QS TD TH TC 9C AS", "JD QH KS QD QC AC KD", "9H AD JS KC AH 9S TS"), FT),
            3: (("9H AD JS KC AH 9S TS", "9D QS TD TH TC 9C AS", "JD QH KS QD QC AC KD"), FT),
        }
        hands, talon = deals[1]
        game = stacked_game(
            rules,
            hands,
            talon,
            start_state=state(scores=[880, 0, 0], barrel={0: 0}),
            more={2: deals[2], 3: deals[3]},
        )
        play_out(game, ["1 nodark", "2 pass", "0 pass", "1 give TS 0", "1 give 9H 2", "1 keep"])
        play_cards(game, "AH TH QH JC 9C AC KD AD 9D JS AS KS TD QD 9S TC QC KC QS TS KH JD JH 9H")
        assert result_of(game)["card_points"][0] == 34
        assert last(game).state.barrel[0].tally == 34
        assert last(game).state.scores[0] == 914
        play_out(game, ["2 nodark", "0 pass", "1 pass", "2 give JC 1", "2 give AD 0", "2 keep"])
        play_cards(game, "9S QS KS KD TS TD AS QD JS TH QH KH 9C QC KC JH AD JD AH 9D AC 9H TC JC")
        assert result_of(game)["card_points"][0] == 57
        assert last(game).state.barrel[0].tally == 91
        assert last(game).state.scores[0] == 971
        # Deal 3: seat 0 sits on 100; seat 1 outbids him.
        play_out(game, ["1 bid 105", "2 pass", "0 pass", "1 give AS 2", "1 give 9C 0", "1 keep"])
        play_cards(game, "9D JD AD JS QS KS QC 9C JC QH AH JH 9H KH QD TD KD 9S TH AS KC TC AC TS")
        res = result_of(game)
        assert res["card_points"][0] == 29
        assert res["events"][-1] == {"kind": "barrel_win", "seat": 0}
        assert res["state"]["scores"][0] == 1000
        assert game.winner == 0


NINES = ("9S", "9C", "9D")  # three nines in a row at the cut: the cutter is fined


def fined(rules: Rules, start: MatchState) -> Game:
    """The standard deal (dealer 0) after a cut that fined seat 2, at its first bid."""
    return sweep_game(rules, start_state=start, cut=NINES, cut_penalty=True)


def fined_sweep(rules: Rules, start: MatchState) -> Game:
    """Seat 2 fined at the cut; seat 1 declares 100 and takes every trick."""
    game = fined(rules, start)
    play_out(game, ["2 pass", "0 pass", *SWEEP_GIVE, "1 keep"])
    return play_cards(game, SWEEP_TRICKS)


def fined_redeal(start: MatchState) -> dict:
    """Seat 2 fined at the cut; seat 0's three nines have the deal redealt at once."""
    rules = rules_of(
        deal__cut_ritual=True,
        redeal__when="before_auction",
        redeal__hand_nines=3,
        redeal__mandatory=True,
    )
    hands = ("9C 9D 9H QC KC TC JD", "AH TH KH QH JH AD TD", "AS TS KS QS JS KD QD")
    game = stacked_game(rules, hands, "JC AC 9S", start_state=start, cut=NINES, cut_penalty=True)
    res = result_of(game)
    assert res["redeal"] == "hand_nines"
    return res


class TestCutFine:
    """A cut fine on the player on the barrel (`deal.cut_ritual`,
    docs/rules.md#the-cut): taken at the cut, before the deal; he leaves the barrel, not as a fall.
    Dealer 0: the cutter is seat 2."""

    def test_he_leaves_the_barrel_before_the_auction(self) -> None:
        rules = rules_of(deal__cut_ritual=True)
        start = state(scores=[0, 0, 880], barrel={2: 1})
        game = fined(rules, start)
        assert game.view(2).match.scores[2] == 760
        # Off the barrel, his bids start above the 100, not at the barrel contract.
        assert legal_values(game, 2, Act.BID)[0] == 105
        res = result_of(fined_sweep(rules, start))
        assert res["deltas"] == [0, 100, -120]
        # A plain defender again: no attempt, and a palka for his trickless deal.
        assert res["events"] == [
            {"kind": "cut_penalty", "seat": 2, "points": 120},
            {"kind": "palka", "seat": 0, "count": 1},
            {"kind": "palka", "seat": 2, "count": 1},
        ]
        assert res["state"]["barrel"] == [None, None, None]
        assert res["state"]["falls"] == [0, 0, 0]

    def test_family_cumulative_barrel_score_less_the_fine(self) -> None:
        game = fined(rules_of("family"), state(scores=[0, 0, 993], barrel={2: (1, 113)}))
        play_out(game, ["1 nodark", "2 pass", "0 pass", "1 decline", *SWEEP_GIVE, "1 keep"])
        play_cards(game, SWEEP_TRICKS)
        res = result_of(game)
        # 993 - 120, not rounded down to tens: it is not a fall.
        assert res["state"]["scores"] == [0, 100, 873]
        assert res["state"]["barrel"] == [None, None, None]
        assert res["state"]["falls"] == [0, 0, 0]
        assert res["state"]["palki"] == [1, 0, 1]

    def test_not_counted_as_a_fall(self) -> None:
        rules = rules_of(deal__cut_ritual=True, barrel__third_fall="reset_to_zero")
        game = fined_sweep(rules, state(scores=[0, 0, 880], barrel={2: 0}, falls=[0, 0, 2]))
        res = result_of(game)
        assert res["state"]["scores"][2] == 760
        assert res["state"]["falls"] == [0, 0, 2]
        assert not kinds(res["events"], "barrel_fall")

    def test_the_fine_stands_when_the_deal_is_redealt(self) -> None:
        res = fined_redeal(state(scores=[0, 0, 880], barrel={2: 2}))
        assert res["state"]["scores"] == [0, 0, 760]
        assert res["state"]["barrel"] == [None, None, None]

    def test_samosval_after_a_fine_in_a_redealt_deal(self) -> None:
        res = fined_redeal(state(scores=[0, 0, 675]))
        assert res["state"]["scores"] == [0, 0, 0]
        assert res["events"] == [
            {"kind": "cut_penalty", "seat": 2, "points": 120},
            {"kind": "samosval", "seat": 2, "from": 555},
        ]

    def test_a_fine_of_nothing_leaves_him_on_the_barrel(self) -> None:
        rules = rules_of(deal__cut_ritual=True, deal__cut_penalty=0)
        start = state(scores=[0, 0, 880], barrel={2: 0})
        assert legal_values(fined(rules, start), 2, Act.BID)[0] == 120
        res = result_of(fined_sweep(rules, start))
        assert res["state"]["scores"][2] == 880
        assert res["state"]["barrel"][2] == {"attempts_used": 1, "tally": 0}
