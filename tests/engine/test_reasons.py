"""The rules as data for a front end: the caps on a bid, why an action is refused, the cards
owed in the exchange and what a concession costs, each as the engine decides them."""

from __future__ import annotations

import pytest

from thousand_tui.engine.actions import Act, Action
from thousand_tui.engine.auction import BidCap
from thousand_tui.engine.cards import Suit, parse_card
from thousand_tui.engine.contract import ConcessionTerms, concession_terms
from thousand_tui.engine.exchange import Owed
from thousand_tui.engine.game import Game
from thousand_tui.engine.reasons import Refusal, Refused

from .helpers import play_cards, play_game, play_out, rules_of, state, sweep_game


def refusal_of(game: Game, action: Action) -> Refusal:
    with pytest.raises(Refused) as caught:
        game.apply(action)
    return caught.value.refusal


def test_a_bid_over_a_cap_names_the_cap() -> None:
    game = sweep_game(rules_of(bidding__cap_by_marriages=True))
    refusal = refusal_of(game, Action(2, Act.BID, value=245))
    assert refusal.code == "bid_cap"
    assert refusal.cap == BidCap("marriages_cap", 240)
    assert BidCap("marriages_cap", 240) in game.view(2).bid_caps()


def test_a_bid_not_above_the_high_bid() -> None:
    game = sweep_game()
    play_out(game, ["2 bid 110"])
    refusal = refusal_of(game, Action(0, Act.BID, value=110))
    assert (refusal.code, refusal.high) == ("bid_not_above", 110)


def test_a_turn_out_of_order() -> None:
    game = sweep_game()
    refusal = refusal_of(game, Action(0, Act.PASS))
    assert (refusal.code, refusal.to_move) == ("not_your_turn", 2)


def test_a_card_off_suit_while_holding_the_led_suit() -> None:
    game = play_game()
    play_cards(game, "AS")
    refusal = refusal_of(game, Action(2, Act.PLAY, card=parse_card("TH")))
    assert (refusal.code, refusal.suit) == ("follow_suit", Suit.SPADES)
    assert game.view(2).refusal(parse_card("TH")) == refusal
    assert game.view(2).refusal(parse_card("9S")) is None


def test_the_cards_owed_in_the_exchange() -> None:
    game = sweep_game()
    play_out(game, ["2 pass", "0 pass"])
    assert game.view(1).cards_owed() == Owed((2, 0), 0)
    assert game.view(0).cards_owed() is None
    play_out(game, ["1 give 9S 2"])
    assert game.view(1).cards_owed() == Owed((0,), 0)


def test_the_terms_of_a_concession() -> None:
    rules = rules_of("online-site")
    begun = state(players=3)
    terms = concession_terms(rules, begun, 1, 120, 1)
    assert terms == ConcessionTerms("minus_bid", 120, 60)
    free = rules_of(rospis__free_per_game=1, rospis__opponents="half_bid")
    assert concession_terms(free, begun, 1, 125, 2) == ConcessionTerms("free", 0, 130)
