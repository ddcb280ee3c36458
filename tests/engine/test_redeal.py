"""Redeal (docs/rules.md#redeal): who may ask, when, each trigger, mandatory redeals, and what a
redeal does not count as."""

from __future__ import annotations

import pytest

from thousand_tui.engine.actions import Act, Action, IllegalAction
from thousand_tui.engine.deal import Phase
from thousand_tui.engine.events import RedealDeclined
from thousand_tui.engine.game import Game
from thousand_tui.engine.rules import Rules

from .helpers import (
    actions_of,
    acts,
    complete,
    deal_lines,
    last,
    play_out,
    result_of,
    rules_of,
    stacked_game,
    state,
)

# Seat 0 (the dealer) holds three nines; the talon holds the fourth.
THREE_NINES = ("9C 9D 9H JC QC KC TC", "AH TH KH QH JH AD TD", "AS TS KS QS JS KD QD")
THREE_NINES_TALON = "9S AC JD"

REDEAL_RESULT = {
    "type": "result",
    "declarer": None,
    "contract": None,
    "multiplier": 1,
    "conceded": False,
    "dark": False,
    "card_points": None,
    "marriage_points": None,
    "tricks": None,
    "made": None,
    "deltas": [0, 0, 0],
    "events": [],
}


def _redeal_offer(game: Game) -> tuple[int, str] | None:
    """(seat, reason) of the redeal question now open, else None."""
    if game.deal.phase is not Phase.REDEAL:
        return None
    seat = game.to_move
    assert seat is not None
    reasons = {a.reason for a in game.legal_actions(seat)}
    assert len(reasons) == 1
    return seat, reasons.pop()  # type: ignore[return-value]


def _check_redeal_result(game: Game, number: int, reason: str) -> None:
    res = result_of(game)
    assert res["number"] == number
    assert res["redeal"] == reason
    for key, value in REDEAL_RESULT.items():
        assert res[key] == value, key


class TestAfterExchange:
    """classic: `when: after_exchange`, `hand_nines: 4`."""

    def test_four_nines_after_the_exchange_may_be_redealt(self) -> None:
        game = stacked_game(rules_of(), THREE_NINES, THREE_NINES_TALON)
        play_out(game, ["2 pass", "0 pass", "1 give 9S 0"])
        assert game.deal.phase is Phase.GIVE  # not before every card is given
        play_out(game, ["1 give JD 2"])
        assert _redeal_offer(game) == (0, "hand_nines")
        play_out(game, ["0 redeal"])
        assert actions_of(game, 1)[-1] == {
            "type": "action",
            "seat": 0,
            "act": "redeal",
            "reason": "hand_nines",
        }
        _check_redeal_result(game, 1, "hand_nines")
        assert last(game).state.scores == (0, 0, 0)
        # Same dealer, next deal number.
        assert [(d["number"], d["dealer"]) for d in deal_lines(game)] == [(1, 0), (2, 0)]

    def test_a_declined_redeal_is_private(self) -> None:
        game = stacked_game(rules_of(), THREE_NINES, THREE_NINES_TALON)
        play_out(game, ["2 pass", "0 pass", "1 give 9S 0", "1 give JD 2"])
        events = game.apply(Action(0, Act.REDEAL_DECLINE, reason="hand_nines"))
        decline = next(e for e in events if isinstance(e, RedealDeclined))
        assert decline.private_to == (0,)
        assert not decline.visible_to(1)

    def test_declined_redeal_goes_on_to_the_contract(self) -> None:
        game = stacked_game(rules_of(), THREE_NINES, THREE_NINES_TALON)
        play_out(game, ["2 pass", "0 pass", "1 give 9S 0", "1 give JD 2", "0 decline"])
        assert actions_of(game)[-1] == {
            "type": "action",
            "seat": 0,
            "act": "redeal_decline",
            "reason": "hand_nines",
        }
        assert game.deal.phase is Phase.CONTRACT
        assert game.to_move == 1

    def test_three_nines_in_seven_cards_are_not_checked_before_the_auction(self) -> None:
        game = stacked_game(rules_of(), THREE_NINES, THREE_NINES_TALON)
        assert game.deal.phase is Phase.AUCTION
        play_out(game, ["2 pass", "0 pass", "1 give 9S 2", "1 give JD 0"])
        # Seat 0 still has three nines: no question.
        assert game.deal.phase is Phase.CONTRACT

    def test_the_declarer_may_ask_too(self) -> None:
        # The declarer takes the fourth nine from the talon and keeps it.
        hands = ("AH TH KH QH JH AD TD", "9C 9D 9H JC QC KC TC", "AS TS KS QS JS KD QD")
        game = stacked_game(rules_of(), hands, THREE_NINES_TALON)
        play_out(game, ["2 pass", "0 pass", "1 give JD 0", "1 give AC 2"])
        assert _redeal_offer(game) == (1, "hand_nines")

    def test_not_asked_while_disabled(self) -> None:
        game = stacked_game(rules_of(redeal__enabled=False), THREE_NINES, THREE_NINES_TALON)
        play_out(game, ["2 pass", "0 pass", "1 give 9S 0", "1 give JD 2"])
        assert game.deal.phase is Phase.CONTRACT

    def test_only_the_asked_seat_may_answer(self) -> None:
        game = stacked_game(rules_of(), THREE_NINES, THREE_NINES_TALON)
        play_out(game, ["2 pass", "0 pass", "1 give 9S 0", "1 give JD 2"])
        with pytest.raises(IllegalAction, match="not seat 2's turn"):
            game.apply(Action(2, Act.REDEAL, reason="hand_nines"))
        with pytest.raises(IllegalAction):
            game.apply(Action(0, Act.REDEAL, reason="hand_jacks"))
        assert game.view(0).redeal_reason == "hand_nines"
        # The others do not learn what the asked seat holds.
        assert game.view(1).redeal_reason is None
        assert game.view(2).redeal_reason is None


class TestBeforeAuction:
    def test_three_nines_before_the_auction(self) -> None:
        rules = rules_of(redeal__when="before_auction", redeal__hand_nines=3)
        game = stacked_game(rules, THREE_NINES, THREE_NINES_TALON)
        assert _redeal_offer(game) == (0, "hand_nines")
        # The auction has not begun: nobody is on 100 yet.
        assert actions_of(game) == []
        play_out(game, ["0 redeal"])
        _check_redeal_result(game, 1, "hand_nines")

    def test_declined_before_the_auction_opens_the_auction(self) -> None:
        rules = rules_of(redeal__when="before_auction", redeal__hand_nines=3)
        game = stacked_game(rules, THREE_NINES, THREE_NINES_TALON)
        play_out(game, ["0 decline"])
        assert game.deal.phase is Phase.AUCTION
        assert actions_of(game)[-1] == {
            "type": "action",
            "seat": 1,
            "act": "bid",
            "value": 100,
            "auto": True,
        }

    def test_eligible_seats_are_asked_clockwise_from_forehand(self) -> None:
        rules = rules_of(redeal__when="before_auction", redeal__hand_points_below=15)
        # Dealer 0: forehand 1, then 2, then 0. Seats 2 and 0 hold weak hands.
        hands, talon = complete(["9C 9D JC JD QC QD KC", None, "9S 9H JS JH QS QH KD"])
        game = stacked_game(rules, hands, talon)
        assert _redeal_offer(game) == (2, "hand_points")
        play_out(game, ["2 decline"])
        assert _redeal_offer(game) == (0, "hand_points")
        play_out(game, ["0 redeal"])
        _check_redeal_result(game, 1, "hand_points")
        assert actions_of(game, 1) == [
            {"type": "action", "seat": 2, "act": "redeal_decline", "reason": "hand_points"},
            {"type": "action", "seat": 0, "act": "redeal", "reason": "hand_points"},
        ]


class TestTriggers:
    @pytest.mark.parametrize(
        ("key", "value", "hand", "asks"),
        [
            ("hand_nines", 4, "9C 9D 9H 9S QC KC TC", True),
            ("hand_nines", 4, "9C 9D 9H JS QC KC TC", False),
            ("hand_nines", 3, "9C 9D 9H JS QC KC TC", True),
            ("hand_nines", 3, "9C 9D JH JS QC KC TC", False),
            ("hand_jacks", 3, "JC JD JH 9S QC KC TC", True),
            ("hand_jacks", 3, "JC JD 9H 9S QC KC TC", False),
            ("hand_jacks", 4, "JC JD JH JS QC KC TC", True),
            ("hand_jacks", 4, "JC JD JH 9S QC KC TC", False),
            ("hand_points_below", 13, "9C 9D 9H JC JD KC KD", True),  # 12 points
            ("hand_points_below", 13, "9C 9D JC JD QC QD QH", False),  # 13
            ("hand_points_below", 14, "9C 9D JC JD QC QD QH", True),  # 13
            ("hand_points_below", 14, "9C 9D JC JD QC QD KH", False),  # 14
            ("hand_points_below", 15, "9C 9D JC JD QC QD KH", True),  # 14
            ("hand_points_below", 15, "9C 9D JC JD QC KD KH", False),  # 15
        ],
    )
    def test_hand_trigger(self, key: str, value: int, hand: str, asks: bool) -> None:
        keys = {"redeal__when": "before_auction", "redeal__hand_nines": None}
        rules = rules_of(**{**keys, f"redeal__{key}": value})
        hands, talon = complete([None, None, hand])
        game = stacked_game(rules, hands, talon)
        reason = {"hand_points_below": "hand_points"}.get(key, key)
        offer = _redeal_offer(game)
        assert offer == ((2, reason) if asks else None)

    @pytest.mark.parametrize("when", ["before_auction", "after_exchange"])
    def test_hand_points_are_counted_on_the_hand_of_the_moment(self, when: str) -> None:
        # Seat 2 has 11 points in seven cards; after receiving the 9S it still has 11,
        # after receiving the AC it has 22.
        rules = rules_of(redeal__when=when, redeal__hand_points_below=14, redeal__hand_nines=None)
        hands = ("AS TS KS QS JS KD QD", "AH TH KH QH JH AD TD", "9C 9D JC JD QC KC 9H")
        game = stacked_game(rules, hands, "9S AC TC")
        if when == "before_auction":
            assert _redeal_offer(game) == (2, "hand_points")
            return
        assert game.deal.phase is Phase.AUCTION
        play_out(game, ["2 pass", "0 pass", "1 give AC 2", "1 give 9S 0"])
        assert game.deal.phase is Phase.CONTRACT
        game = stacked_game(rules, hands, "9S AC TC")
        play_out(game, ["2 pass", "0 pass", "1 give 9S 2", "1 give AC 0"])
        assert _redeal_offer(game) == (2, "hand_points")

    @pytest.mark.parametrize(
        ("key", "value", "talon", "reason", "asks"),
        [
            ("talon_points_below", 4, "9S 9C QD", "talon_points", True),  # 3 points
            ("talon_points_below", 4, "9S JC JD", "talon_points", False),  # 4
            ("talon_points_below", 5, "9S JC JD", "talon_points", True),  # 4
            ("talon_points_below", 5, "9S JC QD", "talon_points", False),  # 5
            ("talon_nines", 2, "9S 9C AD", "talon_nines", True),
            ("talon_nines", 2, "9S JC AD", "talon_nines", False),
            ("talon_nines", 3, "9S 9C 9D", "talon_nines", True),
            ("talon_nines", 3, "9S 9C AD", "talon_nines", False),
            ("talon_jacks", 3, "JS JC JD", "talon_jacks", True),
            ("talon_jacks", 3, "JS JC AD", "talon_jacks", False),
        ],
    )
    def test_talon_trigger_is_the_takers(
        self, key: str, value: int, talon: str, reason: str, asks: bool
    ) -> None:
        rules = rules_of(redeal__hand_nines=None, **{f"redeal__{key}": value})
        hands, _ = complete([None, None, None], talon)
        game = stacked_game(rules, hands, talon)
        play_out(game, ["2 bid 105", "0 pass", "1 pass"])
        # Seat 2 took the talon; it is asked before giving anything.
        assert game.deal.declarer == 2
        assert _redeal_offer(game) == ((2, reason) if asks else None)
        if asks:
            assert actions_of(game)[-1]["act"] == "take_talon"
            play_out(game, ["2 redeal"])
            _check_redeal_result(game, 1, reason)
        else:
            assert game.deal.phase is Phase.GIVE

    def test_talon_trigger_before_a_raise_before_giving(self) -> None:
        rules = rules_of(redeal__talon_nines=2, talon__raise="before_giving")
        hands, _ = complete([None, None, None], "9S 9C AD")
        game = stacked_game(rules, hands, "9S 9C AD")
        play_out(game, ["2 bid 105", "0 pass", "1 pass"])
        assert _redeal_offer(game) == (2, "talon_nines")
        play_out(game, ["2 decline"])
        assert game.deal.phase is Phase.RAISE

    @pytest.mark.parametrize("when", ["before_auction", "after_exchange"])
    def test_three_nines_on_the_hundred(self, when: str) -> None:
        # Forehand (seat 1) sits on 100 with three nines; seat 2 has three nines too.
        rules = rules_of(redeal__when=when, redeal__hand_nines_on_hundred=3)
        hands = ("AH TH KH QH AD TD KD", "9C 9D 9H JC QC KC TC", "9S JS QS KS TS AS JH")
        game = stacked_game(rules, hands, "QD JD AC")
        if when == "before_auction":
            assert _redeal_offer(game) == (1, "hand_nines_on_hundred")
            play_out(game, ["1 decline"])
            assert game.deal.phase is Phase.AUCTION  # seat 2 is not on 100
            return
        play_out(game, ["2 pass", "0 pass", "1 give QD 2", "1 give JD 0"])
        assert _redeal_offer(game) == (1, "hand_nines_on_hundred")

    def test_three_nines_of_an_outbid_obligated_player_do_not_count(self) -> None:
        rules = rules_of(redeal__hand_nines_on_hundred=3)
        hands = ("AH TH KH QH AD TD KD", "9C 9D 9H JC QC KC TC", "9S JS QS KS TS AS JH")
        game = stacked_game(rules, hands, "QD JD AC")
        play_out(game, ["2 bid 105", "0 pass", "1 pass", "2 give QD 1", "2 give JD 0"])
        assert game.deal.phase is Phase.CONTRACT


class TestMandatory:
    def test_mandatory_redeal_is_automatic(self) -> None:
        rules = rules_of(redeal__mandatory=True)
        game = stacked_game(rules, THREE_NINES, THREE_NINES_TALON)
        play_out(game, ["2 pass", "0 pass", "1 give 9S 0", "1 give JD 2"])
        assert actions_of(game, 1)[-1] == {
            "type": "action",
            "seat": 0,
            "act": "redeal",
            "reason": "hand_nines",
            "auto": True,
        }
        _check_redeal_result(game, 1, "hand_nines")
        assert game.deal.number == 2

    def test_mandatory_talon_redeal(self) -> None:
        rules = rules_of(redeal__mandatory=True, redeal__talon_jacks=3)
        hands, _ = complete([None, None, None], "JS JC JD")
        game = stacked_game(rules, hands, "JS JC JD")
        play_out(game, ["2 pass", "0 pass"])
        _check_redeal_result(game, 1, "talon_jacks")
        assert actions_of(game, 1)[-1]["auto"] is True


class TestRedealCountsForNothing:
    def _redealt(self, rules: Rules, start) -> Game:
        game = stacked_game(rules, THREE_NINES, THREE_NINES_TALON, start_state=start)
        assert _redeal_offer(game) == (0, "hand_nines")
        play_out(game, ["0 redeal"])
        return game

    def test_no_golden_deal_is_used(self) -> None:
        rules = rules_of(golden__enabled=True, redeal__when="before_auction", redeal__hand_nines=3)
        game = self._redealt(rules, state(golden_left=3))
        assert last(game).state.golden_left == 3
        assert deal_lines(game)[1]["golden"] is True

    def test_no_barrel_attempt_is_used(self) -> None:
        rules = rules_of(redeal__when="before_auction", redeal__hand_nines=3)
        game = self._redealt(rules, state(scores=[0, 880, 0], barrel={1: 1}))
        assert last(game).state.barrel[1].attempts_used == 1
        assert last(game).state.scores == (0, 880, 0)

    def test_palki_streak_is_kept(self) -> None:
        rules = rules_of(
            redeal__when="before_auction", redeal__hand_nines=3, palki__rule="three_in_a_row"
        )
        game = self._redealt(rules, state(palki=[2, 2, 0], streak=[2, 2, 0]))
        assert last(game).state.palki_streak == (2, 2, 0)
        assert last(game).state.palki == (2, 2, 0)

    def test_the_obligated_player_of_a_redeal_is_the_same(self) -> None:
        rules = rules_of(redeal__when="before_auction", redeal__hand_nines=3)
        game = self._redealt(rules, None)
        assert game.deal.dealer == 0
        assert actions_of(game)[0]["seat"] == 1

    def test_the_cut_fine_stands_in_a_redealt_deal(self) -> None:
        rules = rules_of(deal__cut_ritual=True, redeal__when="before_auction", redeal__hand_nines=3)
        game = stacked_game(
            rules, THREE_NINES, THREE_NINES_TALON, cut=("9S", "9C", "9D"), cut_penalty=True
        )
        play_out(game, ["0 redeal"])
        res = result_of(game)
        assert res["redeal"] == "hand_nines"
        assert res["deltas"] == [0, 0, -120]
        assert res["events"] == [{"kind": "cut_penalty", "seat": 2, "points": 120}]

    def test_redeal_choice_needs_the_offered_reason(self) -> None:
        game = stacked_game(rules_of(), THREE_NINES, THREE_NINES_TALON)
        play_out(game, ["2 pass", "0 pass", "1 give 9S 0", "1 give JD 2"])
        assert acts(game, 0) == {Act.REDEAL, Act.REDEAL_DECLINE}
