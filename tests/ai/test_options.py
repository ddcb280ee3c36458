"""A bid weighed with what the declarer makes of each talon: keep, raise or concede."""

from __future__ import annotations

import pytest

from tests.engine.helpers import complete, stacked_game
from tests.helpers.rules import rules_of
from thousand_tui.ai.analysis import advise
from thousand_tui.ai.bidding import (
    Prospect,
    concession_worth,
    option_worths,
    play_worth,
    raise_possible,
)
from thousand_tui.ai.hard import HardPlayer
from thousand_tui.ai.normal import NormalPlayer
from thousand_tui.engine.actions import Act
from thousand_tui.engine.cards import parse_cards
from thousand_tui.engine.game import Game
from thousand_tui.engine.view import SeatView

# Kept cards with a heart marriage (any contract allowed), and without one (120 at most).
MARRIED = tuple(parse_cards(["AH", "TH", "KH", "QH", "AS", "TS", "AD", "TD"]))
PLAIN = tuple(parse_cards(["AS", "TS", "AD", "TD", "AC", "TC", "9H", "JH"]))
# A concession that costs the declarer nothing, each opponent half the contract.
CHEAP = {"rospis__declarer": "nothing", "rospis__opponents": "half_bid"}
# Baptism: the declarer gives the deal up unscored, with a cross; each opponent a palka.
BAPTISM = {"baptism__enabled": True}


def auction_view(preset: str, **overrides: object) -> SeatView:
    """Seat 2 bids first, dealer 0, forehand 1 on 100."""
    hands, talon = complete([None, None, "AH TH KH QH AS TS AD"])
    game: Game = stacked_game(rules_of(preset, **overrides), hands, talon)
    return game.view(2)


def no_choice() -> SeatView:
    """Classic with neither a raise nor a concession."""
    return auction_view("classic", talon__raise="never", rospis__enabled=False)


def test_without_a_choice_left_a_bid_is_worth_its_contract_at_its_chance() -> None:
    view = no_choice()
    assert not raise_possible(view)
    chances = {100: 0.9, 120: 0.6, 140: 0.2}
    lone = [Prospect(1.0, MARRIED, dict(chances))]
    worths = option_worths(view, lone, [100, 120, 140])
    assert worths == pytest.approx({v: play_worth(view, v, c) for v, c in chances.items()})


def test_a_talon_that_makes_a_higher_contract_sure_is_raised() -> None:
    view = auction_view("classic")
    assert raise_possible(view)
    sure = Prospect(1.0, MARRIED, {100: 1.0, 120: 1.0, 140: 1.0, 160: 0.1})
    worths = option_worths(view, [sure], [100, 120])
    assert worths[100] == pytest.approx(play_worth(view, 140, 1.0))
    assert worths[100] > play_worth(view, 100, 1.0)


def test_a_raise_stops_at_the_cap_of_the_kept_cards() -> None:
    """Without a marriage a classic contract stops at 120, however sure a higher one looks."""
    view = auction_view("classic")
    sure = Prospect(1.0, PLAIN, {100: 1.0, 120: 1.0, 140: 1.0})
    assert option_worths(view, [sure], [100])[100] == pytest.approx(play_worth(view, 120, 1.0))


def test_a_hopeless_talon_is_baptised_where_that_costs_less_than_failing() -> None:
    """Family: a baptised declarer scores nothing, each opponent gets a palka."""
    view = auction_view("family")
    hopeless = Prospect(1.0, PLAIN, {100: 0.0, 120: 0.0})
    worths = option_worths(view, [hopeless], [100, 120])
    declaring = view._replace(declarer=view.seat, contract=120)
    assert worths[120] == pytest.approx(concession_worth(declaring, Act.BAPTISM))
    assert worths[120] > play_worth(view, 120, 0.0)


def test_a_concession_is_not_counted_as_a_way_out() -> None:
    """It pays the defenders what defending would be paid by another declarer's concession:
    a hopeless talon is weighed as played, however little the concession costs."""
    view = auction_view("classic", **CHEAP)
    declaring = view._replace(declarer=view.seat, contract=120)
    assert concession_worth(declaring, Act.CONCEDE) > play_worth(view, 120, 0.0)
    hopeless = Prospect(1.0, PLAIN, {100: 0.0, 120: 0.0})
    worths = option_worths(view, [hopeless], [100, 120])
    assert worths[120] == pytest.approx(play_worth(view, 120, 0.0))


def test_prospects_are_weighed_by_their_weights() -> None:
    view = no_choice()
    good = Prospect(3.0, MARRIED, {100: 1.0})
    bad = Prospect(1.0, MARRIED, {100: 0.0})
    worth = option_worths(view, [good, bad], [100])[100]
    assert worth == pytest.approx(
        0.75 * play_worth(view, 100, 1.0) + 0.25 * play_worth(view, 100, 0.0)
    )


@pytest.mark.parametrize("cheap", [False, True])
def test_the_levels_bid_legally_with_and_without_the_options(cheap: bool) -> None:
    """Classic, and classic where a concession costs the declarer nothing, with baptism."""
    overrides = {**CHEAP, **BAPTISM} if cheap else {}
    view = auction_view("classic", **overrides)
    assert view.to_move == 2 and len(view.legal) > 1
    for options in (False, True):
        player = NormalPlayer(2)
        player.auction_options = options
        assert player.decide(view) in view.legal
    for options in (False, True):
        hard = HardPlayer(2, samples=4, node_limit=20_000)
        hard.auction_options = options
        assert hard.decide(view) in view.legal


@pytest.mark.long_variants
@pytest.mark.parametrize("level", ["normal", "hard"])
def test_with_baptism_a_fair_hand_bids_for_the_talon(level: str) -> None:
    """A baptised declarer loses nothing: a fair hand that would fail at its mean chance
    bids, since the talons that leave it hopeless are given up, not played."""
    hand = "QS JD TH AH JC QH AD" if level == "normal" else "9H AH 9D JS JC QH AD"
    hands, talon = complete([None, None, hand])
    view = stacked_game(rules_of("classic", **BAPTISM), hands, talon).view(2)
    chosen = []
    for options in (False, True):
        if level == "normal":
            player: NormalPlayer = NormalPlayer(2)
        else:
            player = HardPlayer(2, samples=8, node_limit=20_000)
        player.auction_options = options
        chosen.append(player.decide(view).act)
    assert chosen == [Act.PASS, Act.BID]


@pytest.mark.long
def test_the_hint_for_a_bid_weighs_the_talons_as_hard_bids() -> None:
    """With the options, the hint's choice is `hard`'s, and a bid there is worth more than
    its contract played at its mean chance: the hopeless talons are given up."""
    hands, talon = complete([None, None, "9H AH 9D JS JC QH AD"])
    view = stacked_game(rules_of("classic", **BAPTISM), hands, talon).view(2)
    hard = HardPlayer(2, samples=8, node_limit=20_000)
    hard.auction_options = True
    advice = advise(view, hard)
    assert advice.best.action == hard.decide(view)
    assert advice.best.action.act is Act.BID and advice.best.action.value is not None
    chance = advice.best.chance
    assert chance is not None
    assert advice.best.worth > play_worth(view, advice.best.action.value, chance)
