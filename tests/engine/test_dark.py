"""The dark game (игра втёмную), docs/rules.md#dark-game."""

from __future__ import annotations

import pytest

from thousand_tui.engine.actions import Act, Action, IllegalAction
from thousand_tui.engine.cards import parse_cards
from thousand_tui.engine.deal import Phase
from thousand_tui.engine.game import Game
from thousand_tui.engine.match import MatchState
from thousand_tui.engine.rules import Rules

from .helpers import (
    SWEEP_GIVE,
    SWEEP_TRICKS,
    actions_of,
    acts,
    exchange_game,
    legal_values,
    play_cards,
    play_out,
    result_of,
    rules_of,
    stacked_game,
    state,
    sweep_game,
)

DARK = {"dark__enabled": True}


def dark_rules(**overrides: object) -> Rules:
    return rules_of(**{**DARK, **overrides})


def dark_sweep(rules: Rules | None = None, start: MatchState | None = None) -> Game:
    """Seat 1 (forehand) goes dark and takes every trick with the heart marriage."""
    game = sweep_game(rules or dark_rules(), start_state=start)
    play_out(game, ["1 dark", *SWEEP_GIVE, "1 keep"])
    play_cards(game, SWEEP_TRICKS)
    return game


class TestOffer:
    def test_offered_to_the_obligated_player_before_anyone_looks(self) -> None:
        game = sweep_game(dark_rules())
        assert game.deal.phase is Phase.DARK
        assert game.to_move == 1
        assert acts(game, 1) == {Act.DARK, Act.DARK_DECLINE}
        for seat in range(3):
            assert game.view(seat).hand is None
        assert actions_of(game) == []

    def test_declining_starts_the_usual_auction(self) -> None:
        game = sweep_game(dark_rules())
        play_out(game, ["1 nodark"])
        assert actions_of(game) == [
            {"type": "action", "seat": 1, "act": "dark_decline"},
            {"type": "action", "seat": 1, "act": "bid", "value": 100, "auto": True},
        ]
        assert all(game.view(seat).hand is not None for seat in range(3))

    def test_not_offered_when_disabled(self) -> None:
        game = sweep_game()
        assert game.deal.phase is Phase.AUCTION

    def test_not_in_a_golden_deal(self) -> None:
        game = sweep_game(dark_rules(golden__enabled=True), start_state=state(golden_left=2))
        assert game.deal.phase is not Phase.DARK

    def test_not_on_the_barrel(self) -> None:
        game = sweep_game(dark_rules(), start_state=state(scores=[0, 880, 0], barrel={1: 0}))
        assert game.deal.phase is Phase.AUCTION

    @pytest.mark.parametrize(("score", "offered"), [(-50, True), (-51, False), (0, True)])
    def test_min_score(self, score: int, offered: bool) -> None:
        game = sweep_game(dark_rules(dark__min_score=-50), start_state=state(scores=[0, score, 0]))
        assert (game.deal.phase is Phase.DARK) is offered


class TestDarkDeal:
    def test_declarer_without_auction_and_hidden_hand(self) -> None:
        game = sweep_game(dark_rules())
        play_out(game, ["1 dark"])
        assert actions_of(game) == [
            {"type": "action", "seat": 1, "act": "dark"},
            {"type": "action", "seat": 1, "act": "take_talon", "shown": False, "auto": True},
        ]
        assert (game.deal.declarer, game.deal.contract) == (1, 120)
        assert game.deal.dark is True
        # The others see their own hands, not the talon.
        assert game.view(0).hand is not None and game.view(2).hand is not None
        assert game.view(0).talon is None and game.view(2).talon is None
        assert game.view(0).dark is True and game.view(0).multiplier == 2

    def test_he_sees_his_cards_when_he_must_give(self) -> None:
        game = sweep_game(dark_rules())
        play_out(game, ["1 dark"])
        assert game.deal.phase is Phase.GIVE
        view = game.view(1)
        assert view.hand is not None and len(view.hand) == 10
        assert set(parse_cards(["9H", "AC", "9S"])) <= set(view.hand)

    def test_an_unseen_hand_is_not_checked_for_a_redeal(self) -> None:
        rules = dark_rules(redeal__when="before_auction", redeal__hand_nines=3)
        hands = ("AH TH KH QH JH AD TD", "9C 9D 9H JC QC KC TC", "AS TS KS QS JS KD QD")
        game = stacked_game(rules, hands, "9S AC JD")
        play_out(game, ["1 dark"])
        # Seat 1 holds three nines but has not seen them: no redeal question.
        assert game.deal.phase is Phase.GIVE
        game = stacked_game(rules, hands, "9S AC JD")
        play_out(game, ["1 nodark"])
        assert game.deal.phase is Phase.REDEAL and game.to_move == 1

    def test_no_talon_redeal_on_an_unseen_talon(self) -> None:
        rules = dark_rules(redeal__talon_nines=2)
        game = sweep_game(rules)
        play_out(game, ["1 dark"])
        assert game.deal.phase is Phase.GIVE
        game = sweep_game(dark_rules(redeal__talon_nines=2, dark__talon_hidden=False))
        play_out(game, ["1 dark"])
        assert game.deal.phase is Phase.REDEAL and game.to_move == 1

    def test_dark_contract_value(self) -> None:
        game = sweep_game(dark_rules(dark__contract=150))
        play_out(game, ["1 dark"])
        assert game.deal.contract == 150

    def test_talon_shown_unless_hidden(self) -> None:
        game = sweep_game(dark_rules(dark__talon_hidden=False))
        play_out(game, ["1 dark"])
        assert actions_of(game)[-1]["shown"] is True
        assert game.view(0).talon == tuple(parse_cards(["9H", "AC", "9S"]))

    def test_no_raise(self) -> None:
        game = sweep_game(dark_rules())
        play_out(game, ["1 dark", *SWEEP_GIVE])
        assert legal_values(game, 1, Act.RAISE) == [None]
        assert Act.CONCEDE in acts(game, 1)

    def test_raise_allowed(self) -> None:
        game = sweep_game(dark_rules(dark__raise=True))
        play_out(game, ["1 dark", *SWEEP_GIVE])
        assert legal_values(game, 1, Act.RAISE)[:2] == [None, 125]


class TestScoring:
    def test_made_is_doubled(self) -> None:
        res = result_of(dark_sweep())
        assert res["dark"] is True
        assert res["multiplier"] == 2
        assert res["deltas"] == [0, 240, 0]
        # The others get one palka each.
        assert res["events"] == [
            {"kind": "palka", "seat": 0, "count": 1},
            {"kind": "palka", "seat": 2, "count": 1},
        ]

    def test_multiplier_value(self) -> None:
        assert result_of(dark_sweep(dark_rules(dark__multiplier=3)))["deltas"] == [0, 360, 0]

    def test_failed_and_two_palki_for_the_dark_declarer(self) -> None:
        # Seat 1 declares hearts on the first lead but takes no trick: 100 < 120.
        rules = dark_rules(marriage__on_first_lead=True)
        hands = (
            "JH QS KC QC AD TD KD QD",
            "KH QH 9S JS 9C JC 9D JD",
            "AH TH 9H AS TS KS AC TC",
        )
        game = exchange_game(
            rules, hands, "KH 9D JD", {2: "TC", 0: "QD"}, bids=["1 dark"], contract_step="keep"
        )
        play_cards(
            game,
            "KH+ AH JH | TH QC QH | 9H KC 9C | AS QS 9S | "
            "TS QD JS | KS KD JC | AC TD 9D | TC AD JD",
        )
        res = result_of(game)
        assert res["made"] is False
        assert res["deltas"] == [0, -240, 240]
        assert res["events"] == [
            {"kind": "palka", "seat": 0, "count": 1},
            {"kind": "palka", "seat": 1, "count": 2},
        ]

    def test_concession_is_doubled(self) -> None:
        game = sweep_game(dark_rules())
        play_out(game, ["1 dark", *SWEEP_GIVE, "1 concede"])
        assert result_of(game)["deltas"] == [120, -240, 120]


class TestCancel:
    def test_cancel_none_no_auction(self) -> None:
        game = sweep_game(dark_rules())
        play_out(game, ["1 dark"])
        assert game.deal.phase is Phase.GIVE

    def test_opponent_marriage_asks_each_holder_in_turn(self) -> None:
        game = sweep_game(dark_rules(dark__cancel="opponent_marriage"))
        play_out(game, ["1 dark"])
        assert game.deal.phase is Phase.DARK_CANCEL
        assert game.to_move == 2
        play_out(game, ["2 nocancel"])
        assert game.to_move == 0
        play_out(game, ["0 nocancel"])
        assert game.deal.dark is True
        assert (game.deal.declarer, game.deal.contract) == (1, 120)
        assert game.deal.phase is Phase.GIVE

    def test_cancelled_the_dark_player_sits_on_100(self) -> None:
        game = sweep_game(dark_rules(dark__cancel="opponent_marriage"))
        play_out(game, ["1 dark", "2 cancel"])
        assert game.deal.dark is False
        assert game.deal.phase is Phase.AUCTION
        assert actions_of(game)[-2:] == [
            {"type": "action", "seat": 2, "act": "dark_cancel"},
            {"type": "action", "seat": 1, "act": "bid", "value": 100, "auto": True},
        ]
        assert game.view(1).hand is not None
        assert game.to_move == 2
        play_out(game, ["2 pass", "0 pass"])
        assert (game.deal.declarer, game.deal.contract) == (1, 100)
        assert game.deal.multiplier == 1

    def test_only_marriage_holders_are_asked(self) -> None:
        hands = ("9C JC QC AC TC JD 9D", "AH TH KH QH JH AD TD", "AS TS KS QS JS KD QD")
        game = stacked_game(dark_rules(dark__cancel="opponent_marriage"), hands, "9H KC 9S")
        play_out(game, ["1 dark"])
        assert game.to_move == 2
        play_out(game, ["2 nocancel"])
        assert game.deal.phase is Phase.GIVE  # seat 0 holds no marriage

    def test_outbid_offers_contract_plus_step(self) -> None:
        game = sweep_game(dark_rules(dark__cancel="outbid"))
        play_out(game, ["1 dark"])
        assert game.deal.phase is Phase.AUCTION
        assert game.to_move == 2
        assert legal_values(game, 2, Act.BID) == [125]
        with pytest.raises(IllegalAction):
            game.apply(Action(2, Act.BID, value=130))

    def test_outbid_calls_off_the_dark_game(self) -> None:
        game = sweep_game(dark_rules(dark__cancel="outbid"))
        play_out(game, ["1 dark", "2 bid 125"])
        assert game.deal.dark is False
        assert game.view(1).hand is not None
        assert legal_values(game, 0, Act.BID)[0] == 130
        play_out(game, ["0 pass", "1 bid 130", "2 pass"])
        assert (game.deal.declarer, game.deal.contract) == (1, 130)
        assert game.deal.multiplier == 1

    def test_nobody_outbids(self) -> None:
        game = sweep_game(dark_rules(dark__cancel="outbid"))
        play_out(game, ["1 dark", "2 pass", "0 pass"])
        assert game.deal.dark is True
        assert (game.deal.declarer, game.deal.contract) == (1, 120)

    def test_outbid_needs_a_marriage(self) -> None:
        hands = ("9C JC QC AC TC JD 9D", "AH TH KH QH JH AD TD", "AS TS JS QS 9S KD QD")
        rules = dark_rules(dark__cancel="outbid")
        game = stacked_game(rules, hands, "9H KC KS")
        play_out(game, ["1 dark", "2 pass"])
        # Seat 0 has no marriage: 125 is above 120.
        assert legal_values(game, 0, Act.BID) == []
