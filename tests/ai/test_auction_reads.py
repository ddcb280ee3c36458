"""`hard@auction_reads`: the deals sampled after the auction weighed by what the other
defenders bid and passed, and the hand model's talons in the auction by what the others did."""

from __future__ import annotations

from dataclasses import replace

import pytest

from tests.engine.helpers import complete, stacked_game
from tests.helpers.rules import rules_of
from thousand_tui.ai.bidding import (
    auction_likelihood,
    dealt_hands,
    hand_kind,
    known_talons,
    placement_fit,
)
from thousand_tui.ai.hard import HardPlayer
from thousand_tui.ai.knowledge import mask, play_order
from thousand_tui.ai.worlds import Answer, move_of, tallies_of
from thousand_tui.engine.cards import Card, parse_cards
from thousand_tui.engine.deal import Phase
from thousand_tui.engine.game import Game
from thousand_tui.engine.view import SeatView

from .helpers import play_states


def played_views(seat_is_declarer: bool) -> list[tuple[Game, SeatView, list[list[Card]]]]:
    """Classic play decisions after the first trick, with each seat's hand as dealt."""
    out = []
    for seed in range(8):
        dealt: list[list[Card]] | None = None
        for game, view in play_states("classic", seed, level="normal", deals=1):
            if dealt is None:
                dealt = [list(h) for h in game.deal.hands]
            if view.phase is not Phase.PLAY or not view.tricks:
                continue
            if (view.declarer == view.seat) == seat_is_declarer:
                out.append((game, view, dealt))
                break
    return out


def truth(game: Game, view: SeatView) -> dict[int, int]:
    return {s: mask(game.deal.hands[s]) for s in play_order(view) if s != view.seat}


@pytest.mark.long
def test_the_declarer_reads_each_defenders_hand_as_dealt() -> None:
    """He knows the card he gave each defender: the true placement gives back the hands the
    defenders were dealt, the cards they have played included."""
    views = played_views(seat_is_declarer=True)
    assert len(views) >= 4
    for game, view, dealt in views:
        hands = dealt_hands(view, truth(game, view))
        defenders = [s for s in play_order(view) if s != view.seat]
        assert sorted(hands) == sorted(defenders)
        for s in defenders:
            assert sorted(hands[s]) == sorted(dealt[s])


@pytest.mark.long
def test_a_defender_reads_the_other_defender_only() -> None:
    views = played_views(seat_is_declarer=False)
    assert len(views) >= 4
    for game, view, dealt in views:
        hands = dealt_hands(view, truth(game, view))
        other = next(s for s in play_order(view) if s not in (view.seat, view.declarer))
        assert list(hands) == [other]
        assert len(hands[other]) == view.rules.hand_size
        # His hand as dealt, unless the card the declarer gave him is hidden: then his least
        # card stands in for it.
        assert len(set(hands[other]) - set(dealt[other])) <= 1


# Seven cards with a heart marriage, and seven of about the same worth without one.
MARRIED = tuple(parse_cards(["KH", "QH", "AS", "9S", "JD", "9C", "JC"]))
PLAIN = tuple(parse_cards(["AH", "KS", "QD", "AC", "9S", "JD", "JC"]))


def auction(bids: tuple[tuple[int, int | None], ...], **overrides: object) -> SeatView:
    """Seat 2's view of a classic auction (forehand 1 on 100) with these bids."""
    hands, talon = complete([None, None, "TH TS AD TD KC QC 9D"])
    game = stacked_game(rules_of("classic", **overrides), hands, talon)
    return game.view(2)._replace(bids=bids)


@pytest.mark.parametrize("bid", [True, False])
def test_a_bid_fits_a_married_hand_and_a_pass_a_plain_one(bid: bool) -> None:
    view = auction(((1, 100), (2, 105), (0, 110 if bid else None)))
    married = auction_likelihood(view, {0: MARRIED})
    plain = auction_likelihood(view, {0: PLAIN})
    assert min(married, plain) > 0.0 and max(married, plain) < 1.0
    assert (married > plain) == bid


def test_choices_the_rules_forced_and_the_obligated_bid_say_nothing() -> None:
    # Forehand's 100 is obligated; at 120 a hand without a marriage may bid no higher.
    assert auction_likelihood(auction(((1, 100),)), {1: MARRIED}) == 1.0
    forced = auction(((1, 100), (2, 120), (0, None)))
    assert auction_likelihood(forced, {0: PLAIN}) == 1.0
    assert auction_likelihood(forced, {0: MARRIED}) < 1.0
    # In the minus a seat may not bid: its pass says nothing either.
    minus = auction(((1, 100), (0, None)), bidding__minus_threshold=0)
    scores = replace(minus.match, scores=(-50, 0, 0))
    assert auction_likelihood(minus._replace(match=scores), {0: MARRIED}) == 1.0
    assert auction_likelihood(minus, {0: MARRIED}) < 1.0


def test_hand_kinds() -> None:
    assert hand_kind(PLAIN) == 0 and hand_kind(MARRIED) == 1
    assert hand_kind(parse_cards(["KH", "QH", "KS", "QS", "KD", "QD", "AC"])) == 2


def test_a_placement_weighs_what_the_defenders_did() -> None:
    """At the exchange the defenders hold the hands they were dealt: the declarer's sample of
    them is weighed by their choices in the auction."""
    for seed in range(12):
        for game, view in play_states("classic", seed, level="normal", deals=1):
            if view.phase is not Phase.GIVE or view.declarer != view.seat or view.passed_cards:
                continue
            placed = truth(game, view)
            hands = {s: list(game.deal.hands[s]) for s in play_order(view) if s != view.seat}
            read = dealt_hands(view, placed)
            assert {s: sorted(h) for s, h in read.items()} == {
                s: sorted(h) for s, h in hands.items()
            }
            assert placement_fit(view, placed) == auction_likelihood(view, hands)
            break
        else:
            continue
        return
    raise AssertionError("no exchange reached")


def test_tallies_count_each_deal_at_its_weight() -> None:
    moves = [(0, 0), (1, 0)]
    answers = [Answer(((1, 10, 0), (0, 4, 0)), 5, True), Answer(((0, 2, 0), (1, 8, 0)), 5, True)]
    tallies = tallies_of(moves, answers, [0.25, 0.75])
    assert tallies[(0, 0)].made == 0.25 and tallies[(1, 0)].made == 0.75
    assert tallies[(0, 0)].points == pytest.approx(0.25 * 10 + 0.75 * 2)
    assert tallies[(1, 0)].samples == 1.0
    plain = tallies_of(moves, answers)
    assert plain[(0, 0)].made == 1 and plain[(0, 0)].samples == 2


def test_the_weights_of_the_answered_deals_and_a_fallback_when_none_fits() -> None:
    done = Answer((), 1, True)
    assert HardPlayer.deal_weights([], [(0, done)]) is None
    assert HardPlayer.deal_weights([0.5, 0.1, 0.2], [(0, done), (2, done)]) == [0.5, 0.2]
    assert HardPlayer.deal_weights([0.0, 0.0], [(0, done), (1, done)]) is None


def auction_views() -> list[SeatView]:
    """Classic bids after another seat has bid or passed of its own will."""
    out = []
    for seed in range(10):
        for _, view in play_states("classic", seed, level="normal", deals=1):
            if view.phase is Phase.AUCTION and len(view.legal) > 1 and len(view.bids) >= 3:
                out.append(view)
                break
    return out


@pytest.mark.long
def test_the_auction_weighs_the_same_talons_by_the_others_bids() -> None:
    views = auction_views()
    assert len(views) >= 3
    varied = 0
    for view in views:
        player = HardPlayer(4, samples=3, node_limit=20_000)
        talons, weights = player.weighed_talons(view)
        assert weights == [1.0] * len(talons)
        player.auction_reads = True
        read, weights = player.weighed_talons(view)
        assert read == talons == known_talons(view, player.view_rng(view, 3), len(talons))
        assert all(w >= 0 for w in weights)
        varied += len(set(weights)) > 1
        odds = player.contract_odds(view, [100, 120])
        assert all(0.0 <= c <= 1.0 for c in odds.values())
    assert varied == len(views)


@pytest.mark.long
def test_play_tallies_weigh_each_deal_by_the_auction() -> None:
    """The same sampled deals as without the reading, each counted at its weight: the
    weights (each below 1 where the defenders chose freely) add up to the tallies' samples."""
    for _game, view, _ in played_views(seat_is_declarer=True):
        if len(view.legal) < 2:
            continue
        moves = [move_of(a) for a in view.legal]
        plain = HardPlayer(5, samples=8, node_limit=50_000).search_play(view, moves)
        reader = HardPlayer(5, samples=8, node_limit=50_000)
        reader.auction_reads = True
        read = reader.search_play(view, moves)
        assert plain is not None and read is not None
        samples = plain[moves[0]].samples
        assert samples == 8
        weight = read[moves[0]].samples
        assert all(t.samples == weight for t in read.values())
        assert all(0 <= t.made <= weight for t in read.values())
        if weight < samples:
            assert reader.decide(view) in view.legal
            return
    raise AssertionError("no play decision whose deals weigh less than 1")
