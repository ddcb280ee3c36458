"""The talon and the exchange (docs/rules.md#talon): showing it, giving one card to each opponent,
and raising the contract."""

from __future__ import annotations

import pytest

from thousand_tui.engine.actions import Act, Action, IllegalAction
from thousand_tui.engine.cards import codes, parse_card, parse_cards
from thousand_tui.engine.deal import Phase
from thousand_tui.engine.events import TalonTaken

from .helpers import (
    SWEEP_GIVE,
    SWEEP_HANDS,
    SWEEP_TALON,
    actions_of,
    acts,
    complete,
    legal_values,
    play_out,
    rules_of,
    stacked_game,
    sweep_game,
)

TALON = tuple(parse_cards(["9H", "AC", "9S"]))
# Seat 2 holds no marriage; the talon holds the diamond marriage.
NO_MARRIAGE, NO_MARRIAGE_TALON = complete([None, "AH TH KH QH JH AD TD", "AS TS JS 9S AC TC JC"])


class TestShow:
    @pytest.mark.parametrize(
        ("show", "contested", "shown"),
        [
            ("not_at_100", False, False),
            ("not_at_100", True, True),
            ("always", False, True),
            ("always", True, True),
            ("never", False, False),
            ("never", True, False),
        ],
    )
    def test_talon_show(self, show: str, contested: bool, shown: bool) -> None:
        game = sweep_game(rules_of(talon__show=show))
        if contested:
            play_out(game, ["2 bid 105", "0 pass", "1 bid 110", "2 pass"])
        else:
            play_out(game, ["2 pass", "0 pass"])
        assert game.deal.declarer == 1
        assert actions_of(game)[-1] == {
            "type": "action",
            "seat": 1,
            "act": "take_talon",
            "shown": shown,
            "auto": True,
        }
        for seat in (0, 2):
            assert game.view(seat).talon == (TALON if shown else None)
        assert game.view(1).talon == TALON
        assert sorted(game.view(1).hand or ()) == sorted(
            parse_cards(["AH", "TH", "KH", "QH", "JH", "AD", "TD"]) + list(TALON)
        )

    def test_the_obligated_player_winning_a_contest_shows_it(self) -> None:
        game = sweep_game()
        play_out(game, ["2 bid 105", "0 pass", "1 bid 110", "2 pass"])
        assert game.deal.talon_shown is True

    def test_taken_talon_event_names_the_cards(self) -> None:
        game = sweep_game()
        play_out(game, ["2 pass"])
        events = game.apply(Action(0, Act.PASS))
        talon = next(e for e in events if isinstance(e, TalonTaken))
        assert talon.seat == 1
        assert codes(talon.cards) == ["9H", "AC", "9S"]
        assert talon.shown is False
        # Hidden at 100: only the taker may see the cards of the event.
        assert talon.private_to == (1,)
        assert not talon.visible_to(0) and not talon.visible_to(2)

    def test_shown_talon_event_is_public(self) -> None:
        game = sweep_game()
        play_out(game, ["2 bid 105", "0 pass"])
        events = game.apply(Action(1, Act.PASS))
        talon = next(e for e in events if isinstance(e, TalonTaken))
        assert talon.private_to is None

    def test_hidden_talon_event_of_a_four_player_deal_is_the_sitters_too(self) -> None:
        hands = ("", *SWEEP_HANDS)
        game = stacked_game(rules_of("four-player"), hands, SWEEP_TALON)
        play_out(game, ["2 pass"])
        events = game.apply(Action(3, Act.PASS))
        talon = next(e for e in events if isinstance(e, TalonTaken))
        assert talon.private_to == (1, 0)

    def test_dark_talon_event_is_nobodys(self) -> None:
        game = sweep_game(rules_of(dark__enabled=True))
        events = game.apply(Action(1, Act.DARK))
        talon = next(e for e in events if isinstance(e, TalonTaken))
        assert talon.private_to == ()


class TestGiving:
    def test_one_card_to_each_opponent(self) -> None:
        game = sweep_game()
        play_out(game, ["2 pass", "0 pass"])
        assert game.view(1).hand_counts == (7, 10, 7)
        assert acts(game, 1) == {Act.GIVE}
        receivers = {a.to for a in game.legal_actions(1)}
        assert receivers == {0, 2}
        play_out(game, ["1 give 9S 2"])
        assert {a.to for a in game.legal_actions(1)} == {0}
        with pytest.raises(IllegalAction):
            game.apply(Action(1, Act.GIVE, card=parse_card("9H"), to=2))
        play_out(game, ["1 give JH 0"])
        assert game.view(1).hand_counts == (8, 8, 8)
        assert parse_card("9S") in game.deal.hands[2]
        assert parse_card("JH") in game.deal.hands[0]
        assert actions_of(game)[-2:] == [
            {"type": "action", "seat": 1, "act": "give", "card": "9S", "to": 2},
            {"type": "action", "seat": 1, "act": "give", "card": "JH", "to": 0},
        ]

    def test_no_card_to_himself_nor_a_card_not_held(self) -> None:
        game = sweep_game()
        play_out(game, ["2 pass", "0 pass"])
        with pytest.raises(IllegalAction):
            game.apply(Action(1, Act.GIVE, card=parse_card("9S"), to=1))
        with pytest.raises(IllegalAction):
            game.apply(Action(1, Act.GIVE, card=parse_card("AS"), to=0))

    def test_a_card_from_the_talon_may_be_given(self) -> None:
        game = sweep_game()
        play_out(game, ["2 pass", "0 pass", "1 give AC 0", "1 give 9H 2"])
        assert game.deal.phase is Phase.CONTRACT


class TestRaise:
    def test_after_giving_any_multiple_of_the_step(self) -> None:
        game = sweep_game(rules_of(bidding__jumps=False))
        play_out(game, ["2 pass", "0 pass"])
        assert acts(game, 1) == {Act.GIVE}
        play_out(game, SWEEP_GIVE)
        values = legal_values(game, 1, Act.RAISE)
        # None = play the contract as it is; jumps do not apply to the raise.
        assert values[:3] == [None, 105, 110] and values[-1] == 300
        play_out(game, ["1 raise 160"])
        assert actions_of(game)[-1] == {"type": "action", "seat": 1, "act": "raise", "value": 160}
        assert game.deal.contract == 160
        assert game.deal.phase is Phase.PLAY

    def test_keeping_the_contract_writes_no_value(self) -> None:
        game = sweep_game()
        play_out(game, ["2 pass", "0 pass", *SWEEP_GIVE, "1 keep"])
        assert actions_of(game)[-1] == {"type": "action", "seat": 1, "act": "raise"}
        assert game.deal.contract == 100

    def test_raise_only_upwards_in_steps(self) -> None:
        game = sweep_game(rules_of(bidding__step=10))
        play_out(game, ["2 bid 110", "0 pass", "1 pass", "2 give AC 0", "2 give 9H 1"])
        assert legal_values(game, 2, Act.RAISE)[:3] == [None, 120, 130]
        with pytest.raises(IllegalAction):
            game.apply(Action(2, Act.RAISE, value=105))
        with pytest.raises(IllegalAction):
            game.apply(Action(2, Act.RAISE, value=125))

    def test_raise_above_120_needs_a_marriage_after_giving(self) -> None:
        game = stacked_game(rules_of(), NO_MARRIAGE, NO_MARRIAGE_TALON)
        play_out(game, ["2 bid 105", "0 pass", "1 pass"])
        # The talon brought KD QD; seat 2 keeps them.
        play_out(game, ["2 give 9H 0", "2 give JC 1"])
        assert legal_values(game, 2, Act.RAISE)[-1] == 300
        game = stacked_game(rules_of(), NO_MARRIAGE, NO_MARRIAGE_TALON)
        play_out(game, ["2 bid 105", "0 pass", "1 pass", "2 give KD 0", "2 give 9H 1"])
        assert legal_values(game, 2, Act.RAISE)[-1] == 120
        with pytest.raises(
            IllegalAction, match="raise to 125: a bid above 120 needs a marriage in hand"
        ):
            game.apply(Action(2, Act.RAISE, value=125))

    def test_before_giving_counts_the_ten_cards(self) -> None:
        rules = rules_of(talon__raise="before_giving")
        game = stacked_game(rules, NO_MARRIAGE, NO_MARRIAGE_TALON)
        play_out(game, ["2 bid 105", "0 pass", "1 pass"])
        assert game.deal.phase is Phase.RAISE
        assert legal_values(game, 2, Act.RAISE)[-1] == 300
        assert acts(game, 2) == {Act.RAISE}
        play_out(game, ["2 raise 200", "2 give KD 0", "2 give QD 1"])
        # After giving, no second raise: only play or concede.
        assert game.deal.phase is Phase.CONTRACT
        assert legal_values(game, 2, Act.RAISE) == [None]
        assert acts(game, 2) == {Act.RAISE, Act.CONCEDE}
        assert game.deal.contract == 200

    def test_before_giving_may_keep_the_contract(self) -> None:
        game = sweep_game(rules_of(talon__raise="before_giving"))
        play_out(game, ["2 pass", "0 pass", "1 keep", *SWEEP_GIVE])
        assert game.deal.contract == 100
        assert game.deal.phase is Phase.CONTRACT

    def test_never_raise(self) -> None:
        game = sweep_game(rules_of(talon__raise="never"))
        play_out(game, ["2 pass", "0 pass", *SWEEP_GIVE])
        assert legal_values(game, 1, Act.RAISE) == [None]
        with pytest.raises(IllegalAction):
            game.apply(Action(1, Act.RAISE, value=120))

    def test_never_raise_and_no_concession_starts_play_at_once(self) -> None:
        game = sweep_game(rules_of(talon__raise="never", rospis__enabled=False))
        play_out(game, ["2 pass", "0 pass", *SWEEP_GIVE])
        assert game.deal.phase is Phase.PLAY
        assert actions_of(game)[-1] == {"type": "action", "seat": 1, "act": "raise", "auto": True}

    def test_raise_at_most_the_maximum(self) -> None:
        game = sweep_game(rules_of(bidding__max=200))
        play_out(game, ["2 pass", "0 pass", *SWEEP_GIVE])
        assert legal_values(game, 1, Act.RAISE)[-1] == 200
