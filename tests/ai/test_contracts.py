"""Bids, raises and concessions where the right answer is known, at `normal` and `hard`."""

from __future__ import annotations

import random

import pytest

from tests.engine.helpers import (
    PRESETS,
    complete,
    exchange_game,
    play_out,
    rules_of,
    stacked_game,
    state,
)
from thousand_tui.ai import make_player
from thousand_tui.ai.bidding import (
    concession_worth,
    dark_defence_worth,
    declarer_worth,
    play_worth,
)
from thousand_tui.ai.normal import NormalPlayer
from thousand_tui.engine.actions import Act, Action
from thousand_tui.engine.cards import parse_card, parse_cards
from thousand_tui.engine.game import Game
from thousand_tui.engine.view import SeatView

from .helpers import play_states

LEVELS = ("normal", "hard")


def player_of(level: str, seat: int) -> NormalPlayer:
    if level == "hard":
        from thousand_tui.ai.hard import HardPlayer

        return HardPlayer(seat, samples=12, node_budget=200_000)
    player = make_player(level, seat)
    assert isinstance(player, NormalPlayer)
    return player


def decide(level: str, game: Game) -> Action:
    seat = game.to_move
    assert seat is not None
    return player_of(level, seat).decide(game.view(seat))


def auction_game(hand: str, preset: str = "classic", **state_args: object) -> Game:
    """Dealer 0, forehand 1 on 100; seat 2 holds `hand` and bids first."""
    hands, talon = complete([None, None, hand])
    start = state(**state_args) if state_args else None  # type: ignore[arg-type]
    return stacked_game(rules_of(preset), hands, talon, start_state=start)


@pytest.mark.parametrize("level", LEVELS)
def test_a_strong_hand_bids(level: str) -> None:
    game = auction_game("AH TH KH QH AS TS AD")
    assert decide(level, game).act is Act.BID


@pytest.mark.parametrize("level", LEVELS)
def test_a_hopeless_hand_passes(level: str) -> None:
    game = auction_game("9S JS 9C JC 9D JD 9H")
    assert decide(level, game).act is Act.PASS


@pytest.mark.long_variants
@pytest.mark.parametrize("level", LEVELS)
def test_on_the_barrel_a_fair_hand_bids_the_barrel_contract(level: str) -> None:
    """Made, it wins the game; failed, it only uses an attempt (`failed_contract: attempt`)."""
    game = auction_game("AH TH KH QH 9S JC 9D", scores=(0, 0, 880), barrel={2: 0})
    chosen = decide(level, game)
    assert chosen.act is Act.BID and chosen.value is not None and chosen.value >= 120


# Seat 1 (forehand) after the exchange, with a hopeless hand: no ace, no marriage.
HOPELESS = ("AS TS KS AC TC QC AD TD", "9C JC QD JD 9H JH QS KC", "AH TH KH QH 9D KD JS 9S")
HOPELESS_TALON = "9H JH QS"
HOPELESS_GIVES = {2: "9S", 0: "TD"}


def contract_game(preset: str, **state_args: object) -> Game:
    """Dealer 0; the forehand (seat 1) plays 100: every other seat passes, dark games and
    redeals are declined; he takes the talon and gives; the game waits for his contract.
    `state_args`: the match so far (`engine.helpers.state`)."""
    rules = rules_of(preset)
    talon = set(parse_cards(HOPELESS_TALON.split()))
    given = {seat: parse_card(code) for seat, code in HOPELESS_GIVES.items()}
    dealt = []
    for seat, final in enumerate(HOPELESS):
        cards = list(parse_cards(final.split()))
        if seat == 1:
            cards = [c for c in [*cards, *given.values()] if c not in talon]
        else:
            cards = [c for c in cards if c is not given.get(seat)]
        dealt.append(" ".join(c.code for c in cards))
    start = state(**state_args) if state_args else None  # type: ignore[arg-type]
    game = stacked_game(rules, dealt, HOPELESS_TALON, start_state=start)
    declines = (Act.DARK_DECLINE, Act.REDEAL_DECLINE, Act.PASS)
    while game.deal.phase.value in ("dark", "redeal", "auction"):
        seat = game.to_move
        assert seat is not None
        game.apply(next(a for a in game.legal_actions(seat) if a.act in declines))
    assert game.deal.declarer == 1
    play_out(game, [f"1 give {code} {seat}" for seat, code in HOPELESS_GIVES.items()])
    return game


@pytest.mark.parametrize("level", LEVELS)
def test_classic_a_hopeless_contract_is_played_out_not_conceded(level: str) -> None:
    """Conceding costs the bid and gives each opponent 60; failing costs the bid and gives the
    opponents only the points they take, which with two of them is less."""
    game = contract_game("classic")
    assert game.deal.phase.value == "contract"
    chosen = decide(level, game)
    assert chosen.act is Act.RAISE and chosen.value is None


@pytest.mark.parametrize("level", LEVELS)
def test_family_a_hopeless_contract_is_given_up(level: str) -> None:
    """At the family table conceding costs the declarer nothing and baptism only a cross: both
    beat losing 100."""
    game = contract_game("family")
    chosen = decide(level, game)
    assert chosen.act in (Act.CONCEDE, Act.BAPTISM)


@pytest.mark.parametrize("level", LEVELS)
def test_family_baptism_when_it_costs_both_opponents_their_third_palka(level: str) -> None:
    """This cross is his second, so it costs him 120 now; given up for free instead, the
    contract gives each opponent 50. But with two palki in a row each, the palka baptism
    gives them costs each 120 (`palki.rule: three_in_a_row`): then baptism is worth most."""
    fresh = contract_game("family", crosses=(0, 1, 0))
    assert decide(level, fresh).act is Act.CONCEDE
    streaks = contract_game("family", crosses=(0, 1, 0), streak=(2, 0, 2))
    assert decide(level, streaks).act is Act.BAPTISM


def test_a_palka_given_is_worth_its_penalty_where_it_completes_the_count() -> None:
    view = contract_game("family", crosses=(0, 1, 0)).view(1)
    assert concession_worth(view, Act.BAPTISM) == -120 + 120 / 6
    one = contract_game("family", crosses=(0, 1, 0), streak=(2, 1, 0)).view(1)
    assert concession_worth(one, Act.BAPTISM) == -120 + (120 + 120 / 6) / 2
    # The streak of a player on the barrel does not count: he takes no palka.
    barrel = contract_game(
        "family", crosses=(0, 1, 0), streak=(2, 0, 2), scores=(880, 0, 0), barrel={0: 0}
    ).view(1)
    assert concession_worth(barrel, Act.BAPTISM) == -120 + 120 / 2
    # Every third palka of the game (`palki.rule: every_third`): the 6th and the 3rd cost.
    third = contract_game("classic", palki=(5, 0, 2), crosses=(0, 1, 0)).view(1)
    assert concession_worth(third, Act.BAPTISM) == -120 + 120
    fourth = contract_game("classic", palki=(3, 0, 0), crosses=(0, 1, 0)).view(1)
    assert concession_worth(fourth, Act.BAPTISM) == -120 + 120 / 3


@pytest.mark.parametrize("level", LEVELS)
def test_classic_a_concession_that_sends_an_opponent_onto_555_is_taken(level: str) -> None:
    """Conceding gives each opponent 60: from 495 that is 555, and the samosval takes the
    opponent's score back to 0. Worth far more than failing the contract."""
    game = contract_game("classic", scores=(495, 0, 0))
    assert decide(level, game).act is Act.CONCEDE


@pytest.mark.parametrize("level", LEVELS)
def test_family_a_free_concession_that_lifts_both_opponents_onto_the_barrel(level: str) -> None:
    """Given up for free, the contract gives each opponent 50. Baptism (a first cross, with a
    palka to each opponent) is usually the cheaper way out; but from 830 both opponents climb
    onto the barrel in the same deal, and both fall (`barrel.simultaneous: all_fall`)."""
    assert decide(level, contract_game("family")).act is Act.BAPTISM
    game = contract_game("family", scores=(830, 0, 830))
    assert decide(level, game).act is Act.CONCEDE


@pytest.mark.parametrize(
    ("preset", "act", "state_args"),
    [
        ("classic", Act.CONCEDE, {}),
        ("classic", Act.CONCEDE, {"scores": (495, 0, 0)}),
        ("family", Act.CONCEDE, {"scores": (830, 0, 830)}),
        ("family", Act.BAPTISM, {"crosses": (0, 1, 0), "streak": (2, 0, 1)}),
    ],
)
def test_giving_up_is_weighed_as_the_rules_score_it(
    preset: str, act: Act, state_args: dict[str, object]
) -> None:
    """What the declarer weighs is what the game then scores."""
    from thousand_tui.engine.scoring import settle_given_up

    game = contract_game(preset, **state_args)
    weighed = settle_given_up(game.view(1), baptism=act is Act.BAPTISM)
    game.apply(next(a for a in game.legal_actions(1) if a.act is act))
    assert weighed.deltas == game.results[-1].deltas
    assert weighed.state == game.results[-1].state


def test_worths_follow_the_scoring() -> None:
    game = contract_game("classic")
    view = game.view(1)
    assert declarer_worth(view, 100, True) > 0 > declarer_worth(view, 100, False)
    assert play_worth(view, 100, 1.0) > play_worth(view, 100, 0.5) > play_worth(view, 100, 0.0)
    assert concession_worth(view, Act.CONCEDE) == -100 - 60
    family = contract_game("family").view(1)
    assert concession_worth(family, Act.CONCEDE) == -50  # free, half of 100 to each opponent


def test_a_contract_that_lands_on_555_is_worth_less_than_one_that_does_not() -> None:
    game = auction_game("AH TH KH QH AS TS AD", scores=(0, 0, 455))
    view: SeatView = game.view(2)
    assert declarer_worth(view, 100, True) < 0 < declarer_worth(view, 105, True)


@pytest.mark.parametrize("level", LEVELS)
def test_a_sure_contract_is_raised(level: str) -> None:
    """The declarer keeps the heart marriage, A-10 of spades and clubs and a void in diamonds:
    he takes every trick (220), so 100 is far too little."""
    hands = (
        "QC 9C JC KC 9D JD QD KD",
        "AH TH KH QH AS TS AC TC",
        "9H JH KS QS JS 9S TD AD",
    )
    game = exchange_game(
        rules_of("classic"), hands, "AC TC 9H", {2: "9H", 0: "QC"}, contract_step=None
    )
    assert game.deal.phase.value == "contract"
    chosen = decide(level, game)
    assert chosen.act is Act.RAISE and chosen.value is not None and chosen.value >= 140


def exchange_game_of(hand: str) -> Game:
    """The forehand (seat 1) holds `hand` and the talon, the others pass: he must give two."""
    cards = hand.split()
    mine, talon = " ".join(cards[:7]), " ".join(cards[7:])
    hands, talon = complete([None, mine, None], talon)
    game = stacked_game(rules_of("classic"), hands, talon)
    while game.deal.phase.value == "auction":
        seat = game.to_move
        assert seat is not None
        game.apply(Action(seat, Act.PASS))
    assert game.deal.phase.value == "give" and game.deal.declarer == 1
    return game


@pytest.mark.long_variants
@pytest.mark.parametrize("level", LEVELS)
def test_the_exchange_keeps_the_kings_that_could_complete_an_opponents_marriage(
    level: str,
) -> None:
    """Loose cards to give two of: a jack and a nine or the other jack, never a king whose
    queen is out, which could complete the receiver's marriage."""
    game = exchange_game_of("AS TS AC TC AD 9D KH KD JH JD")
    given = []
    while game.deal.phase.value == "give":
        action = decide(level, game)
        assert action.card is not None
        given.append(action.card.code)
        game.apply(action)
    assert len(given) == 2 and not {"KH", "KD"} & set(given)


def dark_cancel_game(hand: str, scores: tuple[int, int, int] | None = None) -> Game:
    """Dealer 0; the forehand (seat 1) has gone dark under `dark.cancel: opponent_marriage`
    (classic, but no barrel); seat 2 holds `hand`, a marriage in it, and may call it off."""
    hands, talon = complete([None, None, hand])
    rules = rules_of(
        "classic", dark__enabled=True, dark__cancel="opponent_marriage", barrel__enabled=False
    )
    start = state(scores=scores) if scores else None
    game = stacked_game(rules, hands, talon, start_state=start)
    play_out(game, ["1 dark"])
    assert game.deal.phase.value == "dark_cancel" and game.to_move == 2
    return game


@pytest.mark.parametrize("level", LEVELS)
def test_holding_the_aces_a_blind_doubled_contract_is_defended(level: str) -> None:
    """The dark player's cards come from the rest: without the aces and tens, his 120 blind,
    doubled, will most likely fail, which is worth more than the auction that would follow."""
    game = dark_cancel_game("AH TH KH QH AS TS AD")
    assert decide(level, game).act is Act.DARK_CANCEL_DECLINE


@pytest.mark.parametrize("level", LEVELS)
def test_with_a_plain_hand_a_dark_game_is_called_off(level: str) -> None:
    """Holding only a small marriage, the seat leaves every ace and ten to the other two: the
    blind 120 is likely made, doubled; called off, the dark player is held to the auction."""
    game = dark_cancel_game("KS QS 9C JC 9D JD 9H")
    assert decide(level, game).act is Act.DARK_CANCEL


def test_a_dark_game_that_would_win_the_match_is_worth_less_to_defend() -> None:
    """Made, 120 doubled takes the dark player from 800 past 1000: the match is lost."""
    calm = dark_cancel_game("KS QS 9C JC 9D JD 9H").view(2)
    danger = dark_cancel_game("KS QS 9C JC 9D JD 9H", scores=(0, 800, 0)).view(2)
    worth = dark_defence_worth(calm, random.Random(3))
    assert dark_defence_worth(danger, random.Random(3)) < worth - 50


@pytest.mark.long_variants
@pytest.mark.parametrize("level", LEVELS)
def test_the_call_is_the_evaluations(level: str) -> None:
    """Whatever the hand, the decision is the one the two worths give."""
    for hand in ("AH TH KH QH AS TS AD", "KS QS 9C JC 9D JD 9H", "KD QD AD TD AC KC QC"):
        game = dark_cancel_game(hand)
        view = game.view(2)
        player = player_of(level, 2)
        stand = dark_defence_worth(view, player.view_rng(view, 6))
        cancel = player.auction_worth(view) > stand
        chosen = decide(level, game)
        assert chosen.act is (Act.DARK_CANCEL if cancel else Act.DARK_CANCEL_DECLINE)


@pytest.mark.long_variants
@pytest.mark.parametrize("preset", PRESETS)
def test_giving_up_is_weighed_as_the_rules_score_it_in_whole_games(preset: str) -> None:
    """Random players through whole games (scores, palki, crosses and barrels as they come):
    every concession or baptism made scores what the declarer weighed before it."""
    from thousand_tui.engine.events import CutPenalty
    from thousand_tui.engine.scoring import Settlement, settle_given_up

    checked = 0

    def check(game: Game, weighed: dict[bool, Settlement], settled: int) -> None:
        """If the contract was given up (settled at once), it scored what was weighed."""
        nonlocal checked
        if not weighed or len(game.results) == settled:
            return
        result = game.results[-1]
        assert result.conceded or result.baptism
        expected = weighed[result.baptism]
        assert (expected.state, expected.winner) == (result.state, result.winner)
        # The deal line's changes also count the cut's fine, taken before the deal.
        fined = {e.seat: e.points for e in result.events if isinstance(e, CutPenalty)}
        before_the_cut = [d + fined.get(s, 0) for s, d in enumerate(result.deltas)]
        assert expected.deltas == before_the_cut
        checked += 1

    for seed in range(6):
        # Before each decision that may give the contract up: what either way would score.
        weighed: dict[bool, Settlement] = {}
        settled = 0
        for game, view in play_states(preset, seed, "random", deals=60):
            check(game, weighed, settled)
            ways = {a.act for a in view.legal} & {Act.CONCEDE, Act.BAPTISM}
            weighed = {
                act is Act.BAPTISM: settle_given_up(view, act is Act.BAPTISM) for act in ways
            }
            settled = len(game.results)
        check(game, weighed, settled)  # the game may end with it
    assert checked >= 5
