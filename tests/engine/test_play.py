"""The tricks and the marriages (docs/rules.md#play, docs/rules.md#marriages): following suit,
trumping, who wins, declaring on lead, trump changes, `marriage.*`, `ace_marriage.*`, `play.*`."""

from __future__ import annotations

import pytest

from thousand_tui.engine.actions import Act, Action, IllegalAction
from thousand_tui.engine.cards import Suit, parse_card
from thousand_tui.engine.deal import Phase
from thousand_tui.engine.events import MarriageWithheld
from thousand_tui.engine.game import Game
from thousand_tui.engine.rules import Rules
from thousand_tui.engine.tricks import legal_follows, trick_winner

from .helpers import (
    PLAY_TRICKS,
    cards_of,
    exchange_game,
    legal_cards,
    play_cards,
    play_game,
    play_rest,
    result_of,
    rules_of,
)

TRICKS = [t.strip() for t in PLAY_TRICKS.split("|")]

# Four aces and the heart marriage for seat 1 (the declarer).
ACES_HANDS = (
    "JH 9C TC KD QD JD TD 9D",
    "AS AC AD AH KH QH TH TS",
    "9H KS QS JS 9S KC QC JC",
)


def aces_game(rules: Rules) -> Game:
    return exchange_game(rules, ACES_HANDS, "TS JS 9D", {2: "JS", 0: "9D"})


# Seat 0 ends up on lead holding only trumps of which seat 1 is the owner.
OWNER_HANDS = (
    "AH TH JH 9H AD TD QC JS",
    "AS KH QH KS 9D JD AC KC",
    "TS 9S QS TC JC 9C KD QD",
)
OWNER_TRICKS = "AS 9S JS | KH+ QS 9H | AC 9C QC | KC JC JH | AD 9D QD | TD JD KD"


def owner_game(rules: Rules) -> Game:
    return exchange_game(rules, OWNER_HANDS, "AS AC 9D", {2: "TS", 0: "JS"})


# Seat 1 declares hearts; seat 0 holds TH JH, seat 2 no heart; seat 1 keeps 9H AH.
BEAT_HANDS = (
    "TH JH TC 9C KD QD JD TD",
    "AC KH QH 9H AH KC QC 9D",
    "AS TS KS QS JS 9S AD JC",
)


def beat_game(rules: Rules) -> Game:
    return exchange_game(rules, BEAT_HANDS, "AC 9D KC", {2: "JC", 0: "TC"})


def codes(cards: str) -> set[str]:
    return set(cards.split())


class TestTricks:
    def test_the_declarer_leads_any_card_and_declares_nothing_first(self) -> None:
        game = play_game()
        assert game.deal.phase is Phase.PLAY
        assert game.to_move == 1
        assert set(legal_cards(game, 1)) == codes("AS AH KH QH AC KC QC 9D")
        assert all(a.marriage is None for a in game.legal_actions(1))
        with pytest.raises(IllegalAction, match="cannot be declared on the first lead"):
            game.apply(Action(1, Act.PLAY, card=parse_card("KH"), marriage="H"))

    def test_follow_suit(self) -> None:
        game = play_game()
        play_cards(game, "AS")
        assert set(legal_cards(game, 2)) == codes("TS KS 9S")
        with pytest.raises(IllegalAction, match="TH: you must follow suit S"):
            game.apply(Action(2, Act.PLAY, card=parse_card("TH")))

    def test_no_need_to_beat(self) -> None:
        game = play_game()
        play_cards(game, TRICKS[0] + " KH+")
        # Seat 2 may play the nine under the king although the ten would win.
        assert set(legal_cards(game, 2)) == codes("TH 9H")

    def test_must_trump_when_void(self) -> None:
        game = play_game()
        play_cards(game, " ".join(TRICKS[:2]) + " AC")
        assert game.deal.trump is Suit.HEARTS
        assert legal_cards(game, 2) == ["TH"]
        with pytest.raises(IllegalAction, match=r"JD: you must play a trump"):
            game.apply(Action(2, Act.PLAY, card=parse_card("JD")))

    def test_void_without_trumps_plays_anything(self) -> None:
        game = play_game()
        play_cards(game, " ".join(TRICKS[:4]) + " QS")
        # Seat 1 has no spade and no diamond (trump): any card.
        assert set(legal_cards(game, 1)) == codes("AH QH QC KC")

    def test_void_with_no_trump_set_plays_anything(self) -> None:
        game = play_game()
        play_cards(game, "AS 9S JS KH")  # led without declaring
        assert game.deal.trump is None
        play_cards(game, "9H JH AC")
        assert set(legal_cards(game, 2)) == codes("TS KS TH JD QD KD")

    def test_highest_trump_wins_else_highest_of_the_suit_led(self) -> None:
        game = play_game()
        play_cards(game, " ".join(TRICKS[:3]))
        assert game.deal.tricks[2].winner == 2  # TH trumps the AC
        play_cards(game, " ".join(TRICKS[3:5]))
        assert game.deal.tricks[3].winner == 0  # AD over the led KD and 9D
        assert game.deal.tricks[4].winner == 2  # KS over the led QS; QC is off suit
        assert game.to_move == 2

    def test_trick_winner_function(self) -> None:
        cards = cards_of("QS QC KS")
        assert trick_winner(cards, None) == 2
        assert trick_winner(cards, Suit.CLUBS) == 1
        assert trick_winner(cards_of("9D AS TS"), Suit.DIAMONDS) == 0

    def test_the_whole_deal(self) -> None:
        game = play_game()
        play_cards(game, PLAY_TRICKS)
        res = result_of(game)
        assert res["card_points"] == [39, 19, 62]
        assert res["marriage_points"] == [0, 100, 80]
        assert res["tricks"] == [2, 2, 4]
        assert res["made"] is True
        assert res["deltas"] == [40, 100, 140]
        assert res["events"] == []


class TestMarriages:
    def test_declaring_sets_trump_and_scores_at_once(self) -> None:
        game = play_game()
        play_cards(game, TRICKS[0])
        options = [a for a in game.legal_actions(1) if a.card == parse_card("KH")]
        assert {a.marriage for a in options} == {None, "H"}
        play_cards(game, "KH+")
        assert game.deal.trump is Suit.HEARTS
        assert game.deal.trump_owner == 1
        view = game.view(0)
        assert view.trump is Suit.HEARTS
        assert view.marriage_points == (0, 100, 0)
        assert game.lines[-1] == {
            "type": "action",
            "seat": 1,
            "act": "play",
            "card": "KH",
            "marriage": "H",
        }

    def test_the_queen_declares_too(self) -> None:
        game = play_game()
        play_cards(game, TRICKS[0] + " QH+")
        assert game.deal.trump is Suit.HEARTS
        assert game.deal.marriage_points[1] == 100

    def test_leading_k_without_declaring_scores_nothing(self) -> None:
        game = play_game()
        play_cards(game, TRICKS[0] + " KH")
        assert game.deal.trump is None
        assert game.deal.marriage_points == (0, 0, 0)

    def test_a_second_marriage_changes_trump(self) -> None:
        game = play_game()
        play_cards(game, " ".join(TRICKS[:3]) + " KD+")
        assert game.deal.trump is Suit.DIAMONDS
        assert game.deal.trump_owner == 2
        assert game.deal.marriage_points == (0, 100, 80)

    def test_no_marriage_without_both_cards(self) -> None:
        game = play_game()
        play_cards(game, " ".join(TRICKS[:4]) + " QS QC KS " + TRICKS[5] + " JC QH JD")
        # Seat 2 leads the QD: its king is gone.
        assert all(a.marriage is None for a in game.legal_actions(2))
        with pytest.raises(IllegalAction, match="no marriage D can be declared with QD"):
            game.apply(Action(2, Act.PLAY, card=parse_card("QD"), marriage="D"))

    def test_marriage_only_on_lead(self) -> None:
        game = play_game()
        play_cards(game, TRICKS[0] + " AH")
        # Seat 2 follows: no declaration when not leading.
        assert all(a.marriage is None for a in game.legal_actions(2))

    def test_on_first_lead(self) -> None:
        game = play_game(rules_of(marriage__on_first_lead=True))
        play_cards(game, "KH+")
        assert game.deal.trump is Suit.HEARTS
        assert game.deal.marriage_points[1] == 100

    def test_marriage_values(self) -> None:
        rules = rules_of(marriage__values={"H": 120, "D": 90, "C": 60, "S": 40})
        game = play_game(rules)
        play_cards(game, PLAY_TRICKS)
        res = result_of(game)
        assert res["marriage_points"] == [0, 120, 90]
        assert res["deltas"] == [40, 100, 150]  # seat 2: 62 + 90 = 152 → 150


class TestCardMustWin:
    def test_points_withheld_when_the_led_card_loses(self) -> None:
        game = play_game(rules_of(marriage__card_must_win=True))
        play_cards(game, " ".join(TRICKS[:4]))
        # KD (declared) lost to the AD: no points, but trump stays diamonds.
        assert game.deal.marriage_points == (0, 100, 0)
        assert game.deal.trump is Suit.DIAMONDS
        play_cards(game, " ".join(TRICKS[4:]))
        res = result_of(game)
        assert res["marriage_points"] == [0, 100, 0]
        assert res["deltas"] == [40, 100, 60]
        assert {"kind": "marriage_withheld", "seat": 2, "suit": "D"} in res["events"]

    def test_points_stand_when_the_led_card_wins(self) -> None:
        game = play_game(rules_of(marriage__card_must_win=True))
        play_cards(game, " ".join(TRICKS[:2]))
        assert game.deal.marriage_points == (0, 100, 0)

    def test_withheld_event_during_play(self) -> None:
        game = play_game(rules_of(marriage__card_must_win=True))
        play_cards(game, " ".join(TRICKS[:3]) + " KD+ AD")
        events = game.apply(Action(1, Act.PLAY, card=parse_card("9D")))
        withheld = [e for e in events if isinstance(e, MarriageWithheld)]
        assert len(withheld) == 1 and withheld[0].seat == 2
        assert withheld[0].points == 80


class TestKeepTrump:
    def test_po_masti_scores_without_changing_trump(self) -> None:
        game = play_game(rules_of(marriage__keep_trump_option=True))
        play_cards(game, " ".join(TRICKS[:3]))
        variants = {
            (a.marriage, a.keep_trump) for a in game.legal_actions(2) if a.card == parse_card("KD")
        }
        assert variants == {(None, False), ("D", False), ("D", True)}
        play_cards(game, "KD+k")
        assert game.deal.trump is Suit.HEARTS
        assert game.deal.trump_owner == 1
        assert game.deal.marriage_points == (0, 100, 80)
        assert game.lines[-1] == {
            "type": "action",
            "seat": 2,
            "act": "play",
            "card": "KD",
            "marriage": "D",
            "keep_trump": True,
        }

    def test_po_masti_with_no_trump_leaves_no_trump(self) -> None:
        game = play_game(rules_of(marriage__keep_trump_option=True))
        play_cards(game, TRICKS[0] + " KH+k")
        assert game.deal.trump is None
        assert game.deal.marriage_points[1] == 100

    def test_not_offered_without_the_option(self) -> None:
        game = play_game()
        play_cards(game, TRICKS[0])
        assert not any(a.keep_trump for a in game.legal_actions(1))
        with pytest.raises(IllegalAction):
            game.apply(Action(1, Act.PLAY, card=parse_card("KH"), marriage="H", keep_trump=True))


class TestAceMarriage:
    def _declare(self, rules: Rules) -> Game:
        game = aces_game(rules)
        play_cards(game, "TH 9H JH | KH+ 9S 9C")
        assert game.deal.trump is Suit.HEARTS
        play_cards(game, "AS+A")
        return game

    @pytest.mark.parametrize(
        ("mode", "trump", "owner"),
        [("keep", Suit.HEARTS, 1), ("cancel", None, None), ("led_suit", Suit.SPADES, 1)],
    )
    def test_trump_modes(self, mode: str, trump: Suit | None, owner: int | None) -> None:
        game = self._declare(rules_of(ace_marriage__enabled=True, ace_marriage__trump=mode))
        assert game.deal.trump is trump
        assert game.deal.trump_owner == owner
        assert game.deal.marriage_points == (0, 300, 0)
        assert game.lines[-1] == {
            "type": "action",
            "seat": 1,
            "act": "play",
            "card": "AS",
            "marriage": "A",
        }

    def test_value(self) -> None:
        game = self._declare(rules_of(ace_marriage__enabled=True, ace_marriage__value=150))
        assert game.deal.marriage_points == (0, 250, 0)
        play_rest(game)
        res = result_of(game)
        assert res["marriage_points"][1] == 250

    def test_not_on_the_first_lead(self) -> None:
        game = aces_game(rules_of(ace_marriage__enabled=True))
        assert all(a.marriage is None for a in game.legal_actions(1))
        game = aces_game(rules_of(ace_marriage__enabled=True, marriage__on_first_lead=True))
        assert {a.card.code for a in game.legal_actions(1) if a.marriage == "A"} == codes(
            "AS AC AD AH"
        )

    def test_only_when_enabled(self) -> None:
        game = aces_game(rules_of())
        play_cards(game, "TH 9H JH")
        assert not any(a.marriage == "A" for a in game.legal_actions(1))

    def test_only_while_holding_four_aces(self) -> None:
        game = self._declare(rules_of(ace_marriage__enabled=True))
        play_cards(game, "JS 9D")
        assert not any(a.marriage == "A" for a in game.legal_actions(1))


class TestTrumpLead:
    def test_owner_only_forbids_others_to_lead_trump(self) -> None:
        game = owner_game(rules_of(play__trump_lead="owner_only"))
        play_cards(game, OWNER_TRICKS.split("|")[0] + "|" + OWNER_TRICKS.split("|")[1])
        play_cards(game, "AC 9C QC | KC JC JH")
        assert game.to_move == 0 and game.deal.trump_owner == 1
        assert set(legal_cards(game, 0)) == codes("AD TD")
        with pytest.raises(IllegalAction, match="AH: only the trump's owner may lead trump"):
            game.apply(Action(0, Act.PLAY, card=parse_card("AH")))

    def test_holding_only_trumps_he_may_lead_one(self) -> None:
        game = owner_game(rules_of(play__trump_lead="owner_only"))
        play_cards(game, OWNER_TRICKS)
        assert game.to_move == 0
        assert set(legal_cards(game, 0)) == codes("AH TH")
        play_cards(game, "AH QH TS | TH KS TC")
        res = result_of(game)
        assert res["card_points"] == [86, 34, 0]
        assert res["deltas"] == [85, 100, 0]

    def test_the_owner_may_lead_trump(self) -> None:
        game = owner_game(rules_of(play__trump_lead="owner_only"))
        play_cards(game, "AS 9S JS | KH+ QS 9H")
        assert game.to_move == 1
        assert "QH" in legal_cards(game, 1)

    def test_free_trump_lead(self) -> None:
        game = owner_game(rules_of())
        play_cards(game, "AS 9S JS | KH+ QS 9H | AC 9C QC | KC JC JH")
        assert set(legal_cards(game, 0)) == codes("AH TH AD TD")


class TestMustBeat:
    def test_must_head_the_trick_in_suit(self) -> None:
        game = beat_game(rules_of(play__must_beat=True))
        play_cards(game, "AC JC 9C | KH+ 9S")
        assert set(legal_cards(game, 0)) == codes("TH")
        game = beat_game(rules_of())
        play_cards(game, "AC JC 9C | KH+ 9S")
        assert set(legal_cards(game, 0)) == codes("TH JH")

    def test_any_card_of_the_suit_when_unable_to_beat(self) -> None:
        game = beat_game(rules_of(play__must_beat=True))
        play_cards(game, "AC")
        assert set(legal_cards(game, 2)) == codes("JC")
        play_cards(game, "JC")
        assert set(legal_cards(game, 0)) == codes("TC 9C")

    def test_must_overtrump(self) -> None:
        game = beat_game(rules_of(play__must_beat=True))
        play_cards(game, "AC JC 9C | KH+ 9S TH | KD 9D AD | AS JH")
        assert set(legal_cards(game, 1)) == codes("QH AH")
        play_cards(game, "AH")
        assert game.deal.tricks[-1].winner == 1

    def test_without_must_beat_any_trump(self) -> None:
        game = beat_game(rules_of())
        play_cards(game, "AC JC 9C | KH+ 9S TH | KD 9D AD | AS JH")
        assert set(legal_cards(game, 1)) == codes("9H QH AH")

    def test_follow_suit_freely_once_the_trick_is_trumped(self) -> None:
        hand = cards_of("KS 9S TD")
        trick = cards_of("QS TH")  # hearts trump
        assert set(legal_follows(hand, trick, Suit.HEARTS, must_beat=True)) == set(
            cards_of("KS 9S")
        )
        assert set(legal_follows(hand, cards_of("QS JS"), Suit.HEARTS, must_beat=True)) == set(
            cards_of("KS")
        )

    def test_any_trump_when_unable_to_overtrump(self) -> None:
        hand = cards_of("9H JH AD")
        trick = cards_of("AS AH")
        assert set(legal_follows(hand, trick, Suit.HEARTS, must_beat=True)) == set(
            cards_of("9H JH")
        )
