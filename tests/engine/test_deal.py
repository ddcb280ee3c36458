"""The deal (docs/rules.md#dealing, `deal.*`): dealing, the dealer, the cut, the end of the
game, illegal actions and what each seat may see."""

from __future__ import annotations

import random

import pytest

from thousand_tui.engine.actions import Act, Action, IllegalAction
from thousand_tui.engine.cards import DECK, Rank, card_points, parse_card, parse_cards
from thousand_tui.engine.deal import Phase
from thousand_tui.engine.dealing import cut_deck, deal, deal_cards
from thousand_tui.engine.events import CardGiven
from thousand_tui.engine.game import Game
from thousand_tui.engine.rules import Rules

from .helpers import (
    PRESETS,
    SWEEP_GIVE,
    SWEEP_TRICKS,
    actions_of,
    concede,
    deal_lines,
    last,
    play_cards,
    play_out,
    result_of,
    rules_of,
    state,
    sweep_game,
)


class TestDeck:
    def test_points_per_suit_and_deck(self) -> None:
        assert len(DECK) == 24
        assert card_points(DECK) == 120
        for suit in "SCDH":
            assert card_points(c for c in DECK if c.suit.value == suit) == 30
        assert [parse_card(f"{r}H").points for r in "9JQKTA"] == [0, 2, 3, 4, 10, 11]
        assert [parse_card(f"{r}S").rank for r in "9JQKTA"] == sorted(Rank)

    def test_ten_may_be_written_10(self) -> None:
        assert parse_card("10H") is parse_card("TH")
        with pytest.raises(ValueError, match="not a card"):
            parse_card("1H")


class TestDealing:
    @pytest.mark.parametrize("dealer", [0, 1, 2])
    def test_three_players_seven_each_and_three_in_the_talon(self, dealer: int) -> None:
        dealt = deal(seed=5, number=3, dealer=dealer, players=3, cut_ritual=False)
        assert [len(h) for h in dealt.hands] == [7, 7, 7]
        assert [len(t) for t in dealt.talons] == [3]
        cards = [c for h in dealt.hands for c in h] + list(dealt.talons[0])
        assert sorted(cards) == sorted(DECK)

    def test_cards_go_one_at_a_time_from_the_dealers_left(self) -> None:
        deck = list(DECK)
        hands, talons = deal_cards(deck, dealer=2, players=3)
        # Seat 0 (left of dealer 2) gets the first card, then seat 1, then seat 2.
        assert hands[0][0] is deck[0]
        assert hands[1][0] is deck[1]
        assert hands[2][0] is deck[2]
        # The talon is never among the first or last three cards (the rule of the deal); the
        # dealer gets the bottom card.
        positions = [deck.index(c) for c in talons[0]]
        assert all(3 <= p < 21 for p in positions)
        assert hands[2][-1] is deck[-1]

    def test_four_players_the_dealer_sits_out(self) -> None:
        dealt = deal(seed=5, number=1, dealer=3, players=4, cut_ritual=False)
        assert [len(h) for h in dealt.hands] == [7, 7, 7, 0]
        assert len(dealt.talons[0]) == 3

    @pytest.mark.parametrize(("talon", "hand"), [(2, 10), (3, 9)])
    def test_two_players_two_talons(self, talon: int, hand: int) -> None:
        dealt = deal(
            seed=5, number=1, dealer=0, players=2, cut_ritual=False, two_player_talon=talon
        )
        assert [len(h) for h in dealt.hands] == [hand, hand]
        assert [len(t) for t in dealt.talons] == [talon, talon]

    @pytest.mark.parametrize(
        "rules",
        [
            *(rules_of(p) for p in PRESETS),
            rules_of("two-player", two_player__talons="two_by_three"),
            rules_of("two-player", two_player__talons="two_by_two"),
        ],
    )
    def test_the_rules_say_the_size_of_the_talon_and_hands_as_dealt(self, rules: Rules) -> None:
        game = Game(rules, seed=8)
        talons = game.deal.dealt.talons
        assert [len(t) for t in talons] == [rules.talon_size] * len(talons)
        dealt = [len(h) for h in game.deal.dealt.hands if h]
        assert dealt == [rules.hand_size] * (2 if rules.players == 2 else 3)

    def test_shuffle_comes_from_seed_and_deal_number(self) -> None:
        a = deal(seed=11, number=4, dealer=0, players=3, cut_ritual=False)
        b = deal(seed=11, number=4, dealer=0, players=3, cut_ritual=False)
        c = deal(seed=11, number=5, dealer=0, players=3, cut_ritual=False)
        assert a == b
        assert a.hands != c.hands

    def test_deal_line_holds_the_cards_as_dealt_and_the_state(self) -> None:
        game = Game(rules_of(), seed=3)
        line = deal_lines(game)[0]
        assert line["number"] == 1
        assert line["dealer"] == 0
        assert line["sitting_out"] is None
        assert line["golden"] is False
        assert [len(h) for h in line["hands"]] == [7, 7, 7]
        assert len(line["talon"]) == 3
        assert line["state"]["scores"] == [0, 0, 0]
        assert "cut" not in line  # only with the cut ritual
        dealt = deal(seed=3, number=1, dealer=0, players=3, cut_ritual=False)
        assert line["hands"] == [[c.code for c in h] for h in dealt.hands]


class TestDealer:
    def test_dealer_rotates_clockwise_and_forehand_sits_on_100(self) -> None:
        game = Game(rules_of(), seed=9, first_dealer=1)
        dealers = []
        for _ in range(4):
            deal_ = game.deal
            dealers.append(deal_.dealer)
            first = actions_of(game)[0]
            assert first == {
                "type": "action",
                "seat": (deal_.dealer + 1) % 3,
                "act": "bid",
                "value": 100,
                "auto": True,
            }
            _all_pass_and_concede(game)
        assert dealers == [1, 2, 0, 1]
        assert [line["dealer"] for line in deal_lines(game)] == [1, 2, 0, 1, 2]

    def test_a_redeal_keeps_the_dealer(self) -> None:
        rules = rules_of(redeal__when="before_auction", redeal__mandatory=True)
        hands = ("9S 9C 9D 9H AS TS KS", "AH TH KH QH JH AD TD", "JS QS JC QC KC AC TC")
        game = _stacked(rules, hands, "KD QD JD", dealer=2)
        assert last(game).redeal == "hand_nines"
        lines = deal_lines(game)
        assert [(line["number"], line["dealer"]) for line in lines] == [(1, 2), (2, 2)]

    def test_first_dealer_must_be_a_seat(self) -> None:
        with pytest.raises(ValueError, match="first dealer"):
            Game(rules_of(), seed=1, first_dealer=3)


class TestCutRitual:
    def test_cut_stops_on_a_plain_card(self) -> None:
        deck, shown, fined = cut_deck(_deck_with_bottoms("KH"), _Cuts(10))
        assert [c.code for c in shown] == ["KH"]
        assert fined is False
        assert deck[-1].code == "KH"

    def test_a_nine_is_cut_again_and_a_jack_goes_to_the_middle(self) -> None:
        deck = _deck_with_bottoms("9S", "JD")
        out, shown, fined = cut_deck(deck, _Cuts(10, 10))
        assert [c.code for c in shown] == ["9S", "JD"]
        assert fined is False
        # The jack is "married" into the middle: it is no longer at the bottom.
        assert out[-1].code != "JD"
        assert out[len(out) // 2].code == "JD"
        assert sorted(out) == sorted(DECK)

    def test_third_nine_in_a_row_fines_the_cutter(self) -> None:
        deck = _deck_with_bottoms("9S", "9C", "9D")
        _, shown, fined = cut_deck(deck, _Cuts(10, 10, 10))
        assert [c.code for c in shown] == ["9S", "9C", "9D"]
        assert fined is True

    def test_cut_shown_in_the_deal_line(self) -> None:
        game = Game(rules_of("family"), seed=4)
        cut = deal_lines(game)[0]["cut"]
        assert cut, "the cut ritual shows at least one bottom card"
        assert all(code[0] == "9" for code in cut[:-1])
        assert cut[-1][0] != "9" or len(cut) == 3

    @pytest.mark.parametrize(("dealer", "cutter"), [(0, 2), (1, 0), (2, 1)])
    def test_the_fine_goes_to_the_player_right_of_the_dealer(
        self, dealer: int, cutter: int
    ) -> None:
        rules = rules_of(deal__cut_ritual=True, deal__cut_penalty=120)
        hands = ["", "", ""]
        hands[(dealer + 1) % 3] = "AH TH KH QH JH AD TD"
        hands[(dealer + 2) % 3] = "AS TS KS QS JS KD QD"
        hands[dealer] = "9C JC QC KC TC JD 9D"
        game = _stacked(rules, hands, "9H AC 9S", dealer=dealer, cut=("9S", "9C", "9D"), fined=True)
        forehand = (dealer + 1) % 3
        _all_pass_and_concede(game)
        res = result_of(game)
        assert res["events"][0] == {"kind": "cut_penalty", "seat": cutter, "points": 120}
        expected = [0, 0, 0]
        expected[cutter] -= 120
        expected[forehand] -= 100
        for seat in range(3):
            if seat != forehand:
                expected[seat] += 60
        assert res["deltas"] == expected

    def test_cut_penalty_amount_is_a_convention(self) -> None:
        rules = rules_of(deal__cut_ritual=True, deal__cut_penalty=50)
        game = _stacked(
            rules,
            ("9C JC QC KC TC JD 9D", "AH TH KH QH JH AD TD", "AS TS KS QS JS KD QD"),
            "9H AC 9S",
            cut=("9S", "9C", "9D"),
            fined=True,
        )
        _all_pass_and_concede(game)
        assert result_of(game)["deltas"] == [60, -100, 60 - 50]


class TestEndOfGame:
    def test_reaching_1000_without_the_barrel_ends_the_game(self) -> None:
        rules = rules_of(barrel__enabled=False)
        game = sweep_game(rules, start_state=state(scores=[0, 950, 0]))
        play_out(game, ["2 pass", "0 pass", *SWEEP_GIVE, "1 keep"])
        play_cards(game, SWEEP_TRICKS)
        assert game.over
        assert game.winner == 1
        assert game.to_move is None
        assert game.legal_actions(1) == []
        end = game.lines[-1]
        assert end == {"type": "end", "winner": 1, "scores": [0, 1050, 0], "deals": 1}
        with pytest.raises(IllegalAction, match="the game is over"):
            game.apply(Action(0, Act.PASS))

    def test_the_game_goes_on_below_the_target(self) -> None:
        rules = rules_of(barrel__enabled=False)
        game = sweep_game(rules, start_state=state(scores=[0, 890, 0]))
        play_out(game, ["2 pass", "0 pass", *SWEEP_GIVE, "1 keep"])
        play_cards(game, SWEEP_TRICKS)
        assert not game.over
        assert last(game).state.scores == (0, 990, 0)
        assert game.deal.number == 2


class TestIllegalActions:
    def test_not_your_turn(self) -> None:
        game = sweep_game()
        with pytest.raises(IllegalAction, match=r"not seat 0's turn: seat 2 decides now"):
            game.apply(Action(0, Act.PASS))

    def test_act_not_possible_now(self) -> None:
        game = sweep_game()
        with pytest.raises(IllegalAction, match=r"play is not possible now \(auction\)"):
            game.apply(Action(2, Act.PLAY, card=parse_card("AS")))

    def test_card_not_in_hand(self) -> None:
        game = sweep_game()
        play_out(game, ["2 pass", "0 pass", *SWEEP_GIVE, "1 keep"])
        with pytest.raises(IllegalAction, match="AS is not in seat 1's hand"):
            game.apply(Action(1, Act.PLAY, card=parse_card("AS")))

    def test_an_illegal_action_changes_nothing(self) -> None:
        game = sweep_game()
        before = list(game.lines)
        with pytest.raises(IllegalAction):
            game.apply(Action(2, Act.BID, value=103))
        assert game.lines == before
        assert game.to_move == 2


class TestViews:
    def test_each_seat_sees_only_its_own_hand(self) -> None:
        game = sweep_game()
        for seat in range(3):
            view = game.view(seat)
            assert view.hand is not None
            assert sorted(view.hand) == sorted(game.deal.hands[seat])
            assert view.hand_counts == (7, 7, 7)
            assert view.talon is None
            assert view.talon_size == 3
        assert game.view(0).legal == ()
        assert {a.act for a in game.view(2).legal} == {Act.PASS, Act.BID}

    def test_view_fields_hold_no_other_hand(self) -> None:
        game = sweep_game()
        play_out(game, ["2 pass", "0 pass", *SWEEP_GIVE, "1 keep"])
        play_cards(game, "AH 9S")
        view = game.view(0)
        others = set(game.deal.hands[1]) | set(game.deal.hands[2])
        visible = set(view.hand or ())
        assert not visible & others
        # The cards on the table are public.
        assert [c.code for _, c in view.trick] == ["AH", "9S"]

    def test_hidden_talon_at_100_is_seen_by_the_declarer_only(self) -> None:
        game = sweep_game()
        play_out(game, ["2 pass", "0 pass"])
        assert game.view(1).talon == tuple(parse_cards(["9H", "AC", "9S"]))
        assert game.view(0).talon is None
        assert game.view(2).talon is None

    def test_a_given_card_is_seen_by_giver_and_receiver_only(self) -> None:
        game = sweep_game()
        play_out(game, ["2 pass", "0 pass", *SWEEP_GIVE])
        nine = parse_card("9S")
        jack = parse_card("JH")
        assert set(game.view(1).passed_cards) == {(1, 2, nine), (1, 0, jack)}
        assert game.view(2).passed_cards == ((1, 2, nine),)
        assert game.view(2).hidden_gives == ((1, 0),)
        assert game.view(0).passed_cards == ((1, 0, jack),)
        assert game.view(0).hidden_gives == ((1, 2),)

    def test_events_of_a_given_card_are_private(self) -> None:
        game = sweep_game()
        play_out(game, ["2 pass", "0 pass"])
        events = game.apply(Action(1, Act.GIVE, card=parse_card("9S"), to=2))
        give = next(e for e in events if isinstance(e, CardGiven))
        assert give.private_to == (1, 2)
        assert give.visible_to(2) and not give.visible_to(0)

    def test_given_visible_shows_the_cards_to_everyone(self) -> None:
        game = sweep_game(rules_of(talon__given_visible=True))
        play_out(game, ["2 pass", "0 pass", *SWEEP_GIVE])
        nine = parse_card("9S")
        jack = parse_card("JH")
        for seat in range(3):
            assert set(game.view(seat).passed_cards) == {(1, 2, nine), (1, 0, jack)}
            assert game.view(seat).hidden_gives == ()

    def test_phase_and_turn_in_the_view(self) -> None:
        game = sweep_game()
        view = game.view(2)
        assert view.phase is Phase.AUCTION
        assert view.is_my_turn
        assert view.forehand == 1 and view.on_hundred == 1 and view.dealer == 0
        assert view.high_bid == 100 and view.high_bidder == 1


# ---------------------------------------------------------------------- helpers


def _stacked(
    rules, hands, talon, dealer: int = 0, cut: tuple[str, ...] = (), fined: bool = False
) -> Game:
    from .helpers import stacked_game

    return stacked_game(rules, hands, talon, dealer=dealer, cut=cut, cut_penalty=fined)


def _all_pass_and_concede(game: Game) -> None:
    """Everybody passes, the player on 100 gives his two lowest cards and concedes."""
    deal_ = game.deal
    while deal_.phase is Phase.AUCTION:
        seat = game.to_move
        assert seat is not None
        game.apply(Action(seat, Act.PASS))
    declarer = deal_.declarer
    assert declarer is not None
    while deal_.phase is Phase.GIVE:
        game.apply(game.legal_actions(declarer)[0])
    concede(game, declarer)


class _Cuts(random.Random):
    """An rng whose cuts are given: each `randint` returns the next cut position."""

    def __init__(self, *cuts: int) -> None:
        super().__init__(0)
        self.cuts = list(cuts)

    def randint(self, a: int, b: int) -> int:
        return self.cuts.pop(0)


def _deck_with_bottoms(*codes: str) -> list:
    """A deck in which cutting at 10 each time shows these cards at the bottom in turn."""
    cards = parse_cards(codes)
    deck = [c for c in DECK if c not in cards]
    # Cut at 10: new bottom = old deck[9]. After each cut the deck rotates by 10.
    order: list = list(deck)
    # Build backwards: place card k so that after k+1 rotations of 10 it is at the bottom.
    result: list = [None] * 24
    rest = iter(order)
    for k, card in enumerate(cards):
        result[(10 * (k + 1) - 1) % 24] = card
    for i in range(24):
        if result[i] is None:
            result[i] = next(rest)
    return result
