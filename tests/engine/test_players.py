"""Two and four players (docs/rules.md#two-players, docs/rules.md#four-players)."""

from __future__ import annotations

import pytest

from thousand_tui.engine.actions import Act, Action, IllegalAction
from thousand_tui.engine.cards import codes, parse_cards
from thousand_tui.engine.deal import Phase
from thousand_tui.engine.events import OtherTalon
from thousand_tui.engine.game import Game
from thousand_tui.engine.match import MatchState
from thousand_tui.engine.rules import Rules

from .helpers import (
    SWEEP_HANDS,
    SWEEP_TALON,
    SWEEP_TRICKS,
    actions_of,
    acts,
    deal_lines,
    last,
    play_cards,
    play_out,
    play_rest,
    random_game,
    result_of,
    rules_of,
    stacked_game,
    state,
)

# ---------------------------------------------------------------------- four players

# Dealer 0 sits out; seat 1 (forehand) holds the sweeping hand, seat 2 plays second, seat 3 third.
FOUR_HANDS = ("", SWEEP_HANDS[1], SWEEP_HANDS[2], SWEEP_HANDS[0])
FOUR_GIVE = ("1 give 9S 2", "1 give JH 3")


def four_rules(**overrides: object) -> Rules:
    return rules_of("four-player", **overrides)


def four_game(
    rules: Rules | None = None,
    talon: str = SWEEP_TALON,
    hands: tuple[str, ...] | None = None,
    start: MatchState | None = None,
) -> Game:
    return stacked_game(
        rules or four_rules(),
        hands or FOUR_HANDS,
        talon,
        start_state=start,
    )


def four_with_talon(rules: Rules, talon: str, start: MatchState | None = None) -> Game:
    """A four-player deal with this talon; seat 1 declares (at 100, or the golden contract)
    and concedes."""
    from .helpers import complete

    hands, _ = complete(["", None, None, None], talon)
    game = four_game(rules, talon, tuple(hands), start)
    if game.deal.phase is Phase.AUCTION:  # a golden deal has none
        play_out(game, ["2 pass", "3 pass"])
    while game.deal.phase is Phase.GIVE:
        game.apply(game.legal_actions(1)[0])
    play_out(game, ["1 concede"])
    return game


class TestFourPlayers:
    def test_the_dealer_sits_out(self) -> None:
        game = four_game()
        line = deal_lines(game)[0]
        assert line["sitting_out"] == 0
        assert line["hands"][0] == []
        assert [len(h) for h in line["hands"][1:]] == [7, 7, 7]
        assert game.view(0).hand == ()
        assert game.view(0).sitting_out == 0
        assert actions_of(game)[0] == {
            "type": "action",
            "seat": 1,
            "act": "bid",
            "value": 100,
            "auto": True,
        }
        assert game.to_move == 2

    def test_obligated_dealer_means_forehand(self) -> None:
        game = four_game(four_rules(bidding__obligated="dealer"))
        assert actions_of(game)[0]["seat"] == 1

    def test_the_sitter_watches_the_talon(self) -> None:
        game = four_game()
        assert game.view(0).talon == tuple(parse_cards(["9H", "AC", "9S"]))
        assert game.view(2).talon is None

    def test_the_sitter_never_moves_and_gets_no_palka(self) -> None:
        game = four_game()
        play_out(game, ["2 pass", "3 pass", *FOUR_GIVE, "1 keep"])
        seats = set()
        for code in SWEEP_TRICKS.replace("|", " ").split():
            seats.add(game.to_move)
            play_cards(game, code)
        assert seats == {1, 2, 3}
        res = result_of(game)
        assert res["tricks"] == [0, 8, 0, 0]
        # The talon's 11 points, rounded, for the sitter; palki for seats 2 and 3 only.
        assert res["deltas"] == [10, 100, 0, 0]
        assert res["events"] == [
            {"kind": "sitter_score", "seat": 0, "points": 10},
            {"kind": "palka", "seat": 2, "count": 1},
            {"kind": "palka", "seat": 3, "count": 1},
        ]

    def test_dealer_rotation(self) -> None:
        game = random_game(four_rules(), seed=5, deals=5)
        dealers = [line["dealer"] for line in deal_lines(game)]
        sitting = [line["sitting_out"] for line in deal_lines(game)]
        assert dealers == sitting
        redealt = [r.redeal is not None for r in game.results]
        expected = [0]
        for was_redeal in redealt:
            expected.append(expected[-1] if was_redeal else (expected[-1] + 1) % 4)
        assert dealers == expected[: len(dealers)]

    @pytest.mark.parametrize(
        ("mode", "talon", "points"),
        [
            ("none", "KH QH 9S", 0),
            ("talon_points", "KH QH 9S", 5),  # 7 → 5
            ("talon_points_marriage", "KH QH 9S", 105),  # 7 + 100 → 105
            ("talon_points_marriage", "AS TS 9S", 20),  # 21 → 20
            ("aces_50", "AS AC 9S", 100),
            ("aces_50", "AS KH QH", 150),  # 50 + the heart marriage
        ],
    )
    def test_sitter_scores(self, mode: str, talon: str, points: int) -> None:
        game = four_with_talon(four_rules(four_player__sitter_scores=mode), talon)
        res = result_of(game)
        assert res["deltas"] == [points, -100, 60, 60]
        sitter = [e for e in res["events"] if e["kind"] == "sitter_score"]
        assert sitter == ([{"kind": "sitter_score", "seat": 0, "points": points}] if points else [])

    @pytest.mark.parametrize(
        ("talon", "points"),
        [
            ("KH QS 9S", 75),  # 7 + 50 + 20 = 77 → 75
            ("KH QH 9S", 105),  # a whole marriage: no halves
            ("KD 9S 9C", 45),  # 4 + 40
        ],
    )
    def test_half_marriage(self, talon: str, points: int) -> None:
        rules = four_rules(four_player__half_marriage=True)
        game = four_with_talon(rules, talon)
        assert result_of(game)["deltas"][0] == points

    def test_sitter_score_is_multiplied_in_a_golden_deal(self) -> None:
        rules = four_rules(golden__enabled=True)
        hands = ("", SWEEP_HANDS[1], SWEEP_HANDS[2], SWEEP_HANDS[0])
        game = four_game(rules, hands=hands, start=state(4, golden_left=4))
        play_out(game, [*FOUR_GIVE, "1 concede"])
        assert result_of(game)["deltas"] == [20, -240, 120, 120]

    @pytest.mark.parametrize(
        ("rounding", "talon", "points"),
        [
            ("none", "KH QS 9S", 77),  # the talon's 7 and half of each marriage: 50 + 20
            ("nearest_10", "KH QS 9S", 80),  # 77 → 80
            ("nearest_10", "AS TS 9S", 20),  # 21 → 20
            ("nearest_5", "AS TS JS", 25),  # 23 → 25
        ],
    )
    def test_sitter_rounds_like_a_defender(self, rounding: str, talon: str, points: int) -> None:
        rules = four_rules(
            scoring__defender_rounding=rounding,
            four_player__sitter_scores="talon_points",
            four_player__half_marriage=True,
        )
        game = four_with_talon(rules, talon)
        assert result_of(game)["deltas"][0] == points

    def test_a_golden_sitter_keeps_his_marriage_single_like_a_defender(self) -> None:
        # 7 + the heart marriage = 107 → 105: the 5 doubled, the marriage single
        # (`golden.marriages_multiplied: false`).
        rules = four_rules(golden__enabled=True, golden__marriages_multiplied=False)
        game = four_with_talon(rules, "KH QH 9S", start=state(4, golden_left=4))
        sitter = [e for e in result_of(game)["events"] if e["kind"] == "sitter_score"]
        assert sitter == [{"kind": "sitter_score", "seat": 0, "points": 110}]

    def test_sitter_on_the_barrel_scores_nothing_and_uses_no_attempt(self) -> None:
        start = state(4, scores=[880, 0, 0, 0], barrel={0: 1})
        game = four_game(start=start)
        play_out(game, ["2 pass", "3 pass", *FOUR_GIVE, "1 concede"])
        res = result_of(game)
        assert res["deltas"] == [0, -100, 60, 60]
        assert res["state"]["barrel"][0] == {"attempts_used": 1, "tally": 0}

    def test_the_sitter_may_climb_on_the_barrel(self) -> None:
        game = four_game(start=state(4, scores=[875, 0, 0, 0]))
        play_out(game, ["2 pass", "3 pass", *FOUR_GIVE, "1 concede"])
        res = result_of(game)
        assert res["state"]["scores"][0] == 880
        assert {"kind": "barrel_on", "seat": 0} in res["events"]

    def test_the_sitter_may_win_without_a_barrel(self) -> None:
        rules = four_rules(barrel__enabled=False)
        game = four_game(rules, start=state(4, scores=[995, 0, 0, 0]))
        play_out(game, ["2 pass", "3 pass", *FOUR_GIVE, "1 concede"])
        assert last(game).state.scores[0] == 1005
        assert game.winner == 0

    def test_nobody_concedes_while_the_sitter_is_on_the_barrel(self) -> None:
        rules = four_rules(rospis__on_barrel="forbidden_for_all")
        game = four_game(rules, start=state(4, scores=[880, 0, 0, 0], barrel={0: 0}))
        play_out(game, ["2 pass", "3 pass", *FOUR_GIVE])
        assert Act.CONCEDE not in acts(game, 1)

    def test_golden_round_lasts_four_deals(self) -> None:
        game = Game(four_rules(golden__enabled=True), seed=2)
        assert deal_lines(game)[0]["state"]["golden_left"] == 4


# ---------------------------------------------------------------------- two players

# Dealer 0: seat 1 sits on 100 with all the hearts and the diamond marriage.
TWO_HANDS = ("AS TS KS QS JS 9S AC TC KC QC", "AH TH KH QH JH 9H AD TD KD QD")
TWO_TALONS = ("JD 9D", "JC 9C")
# Seat 1 takes talon 1 (JC 9C) and lays QD and JC on talon 0; he leads the 9C at the end
# and seat 0 takes the last trick with the AC, and with it the other talon (JD 9D QD JC).
TWO_TRICKS = "AH 9S | KH+ JS | QH QS | TH KS | JH TS | 9H AS | AD QC | TD KC | KD TC | 9C AC"


def two_rules(**overrides: object) -> Rules:
    return rules_of("two-player", **overrides)


def two_game(rules: Rules | None = None, start: MatchState | None = None) -> Game:
    return stacked_game(rules or two_rules(), TWO_HANDS, TWO_TALONS, start_state=start)


class TestTwoPlayers:
    def test_ten_cards_each_and_two_talons(self) -> None:
        game = two_game()
        line = deal_lines(game)[0]
        assert line["talon"] == [["JD", "9D"], ["JC", "9C"]]
        assert [len(h) for h in line["hands"]] == [10, 10]

    def test_the_non_dealer_sits_on_100_and_the_dealer_opens(self) -> None:
        game = two_game()
        assert actions_of(game)[0] == {
            "type": "action",
            "seat": 1,
            "act": "bid",
            "value": 100,
            "auto": True,
        }
        assert game.to_move == 0
        game = two_game(two_rules(bidding__obligated="dealer"))
        assert actions_of(game)[0]["seat"] == 1

    def test_the_declarer_picks_a_talon(self) -> None:
        game = two_game()
        play_out(game, ["0 pass"])
        assert game.deal.phase is Phase.TALON
        assert acts(game, 1) == {Act.TAKE_TALON}
        assert game.view(1).talons_seen is None  # blind
        play_out(game, ["1 talon 1"])
        assert actions_of(game)[-1] == {
            "type": "action",
            "seat": 1,
            "act": "take_talon",
            "talon": 1,
            "shown": False,
        }
        assert len(game.deal.hands[1]) == 12
        assert game.view(0).talon is None

    def test_look_shows_both_talons_to_the_declarer(self) -> None:
        game = two_game(two_rules(two_player__talon_choice="look"))
        play_out(game, ["0 pass"])
        assert game.view(1).talons_seen == (
            tuple(parse_cards(["JD", "9D"])),
            tuple(parse_cards(["JC", "9C"])),
        )
        assert game.view(0).talons_seen is None

    def test_a_contested_talon_is_shown_to_the_opponent(self) -> None:
        game = two_game()
        play_out(game, ["0 bid 105", "1 bid 110", "0 pass", "1 talon 0"])
        assert actions_of(game)[-1]["shown"] is True
        assert game.view(0).talon == tuple(parse_cards(["JD", "9D"]))

    def test_two_discards_onto_the_other_talon(self) -> None:
        game = two_game()
        play_out(game, ["0 pass", "1 talon 1"])
        assert acts(game, 1) == {Act.DISCARD}
        play_out(game, ["1 discard QD"])
        assert game.view(0).discard_count == 1
        assert game.view(0).discarded == ()  # face down
        play_out(game, ["1 discard JC"])
        assert game.view(1).hand_counts == (10, 10)
        assert game.deal.phase is Phase.CONTRACT

    def test_last_trick_takes_the_other_talon(self) -> None:
        game = two_game()
        play_out(game, ["0 pass", "1 talon 1", "1 discard QD", "1 discard JC", "1 keep"])
        play_cards(game, TWO_TRICKS)
        res = result_of(game)
        assert res["tricks"] == [1, 9]
        # Seat 0: the last trick (11) + the other talon JD 9D QD JC (7).
        assert res["card_points"] == [18, 102]
        assert sum(res["card_points"]) == 120
        assert res["deltas"] == [20, 100]

    def test_other_talon_event(self) -> None:
        game = two_game()
        play_out(game, ["0 pass", "1 talon 1", "1 discard QD", "1 discard JC", "1 keep"])
        play_cards(game, TWO_TRICKS.rsplit("|", 1)[0] + " 9C")
        events = game.apply(Action(0, Act.PLAY, card=parse_cards(["AC"])[0]))
        other = next(e for e in events if isinstance(e, OtherTalon))
        assert other.seat == 0
        assert sorted(codes(other.cards)) == sorted(["JD", "9D", "QD", "JC"])
        assert other.points == 7

    def test_two_by_three(self) -> None:
        rules = two_rules(two_player__talons="two_by_three")
        hands = ("AS TS KS QS JS 9S AC TC KC", "AH TH KH QH JH 9H AD TD KD")
        game = stacked_game(rules, hands, ("QD JD 9D", "QC JC 9C"))
        play_out(game, ["0 pass", "1 talon 0"])
        assert acts(game, 1) == {Act.GIVE, Act.DISCARD}
        play_out(game, ["1 give 9D 0"])
        assert acts(game, 1) == {Act.DISCARD}
        with pytest.raises(IllegalAction):
            game.apply(Action(1, Act.GIVE, card=parse_cards(["JD"])[0], to=0))
        play_out(game, ["1 discard JD"])
        assert game.view(0).hand_counts == (10, 10)
        play_out(game, ["1 keep"])
        play_rest(game)
        res = result_of(game)
        assert sum(res["card_points"]) == 120
        assert sum(res["tricks"]) == 10

    def test_two_by_three_deal(self) -> None:
        game = Game(two_rules(two_player__talons="two_by_three"), seed=4)
        line = deal_lines(game)[0]
        assert [len(h) for h in line["hands"]] == [9, 9]
        assert [len(t) for t in line["talon"]] == [3, 3]

    def test_concession_gives_the_opponent_his_share(self) -> None:
        game = two_game()
        play_out(game, ["0 pass", "1 talon 0", "1 discard JD", "1 discard 9D", "1 concede"])
        assert result_of(game)["deltas"] == [60, -100]

    def test_talon_redeal_on_the_chosen_talon(self) -> None:
        rules = two_rules(redeal__talon_points_below=4)
        hands = ("AS TS KS QS JS 9S AC TC KC 9C", TWO_HANDS[1])
        talons = ("JD 9D", "JC QC")  # 2 and 5 points
        game = stacked_game(rules, hands, talons)
        play_out(game, ["0 pass", "1 talon 0"])
        assert game.deal.phase is Phase.REDEAL
        assert game.view(1).redeal_reason == "talon_points"
        game = stacked_game(rules, hands, talons)
        play_out(game, ["0 pass", "1 talon 1"])
        assert game.deal.phase is Phase.GIVE

    def test_palka_for_the_trickless_opponent(self) -> None:
        game = two_game()
        play_out(game, ["0 pass", "1 talon 0", "1 discard JD", "1 discard 9D", "1 keep"])
        play_cards(game, TWO_TRICKS.rsplit("|", 1)[0] + " QD AC")
        res = result_of(game)
        assert res["tricks"] == [0, 10]
        assert res["card_points"] == [0, 120]
        assert res["events"] == [{"kind": "palka", "seat": 0, "count": 1}]


class TestTwoPlayerDark:
    def test_the_dark_declarer_does_not_look_at_the_talons(self) -> None:
        rules = two_rules(dark__enabled=True, two_player__talon_choice="look")
        game = two_game(rules)
        play_out(game, ["1 dark"])
        assert game.deal.phase is Phase.TALON
        assert game.view(1).hand is None
        assert game.view(1).talons_seen is None
        play_out(game, ["1 talon 0"])
        assert actions_of(game)[-1]["shown"] is False
        assert game.view(1).hand is not None  # he sees his cards to discard
        assert acts(game, 1) == {Act.DISCARD}
