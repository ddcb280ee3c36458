"""Palki (docs/rules.md#palki): who gets one, every third or three in a row, the penalty, the
declarer, and the deals that neither give one nor break a streak."""

from __future__ import annotations

import pytest

from thousand_tui.engine.game import Game
from thousand_tui.engine.match import MatchState
from thousand_tui.engine.rules import Rules

from .helpers import (
    PLAY_TRICKS,
    SWEEP_GIVE,
    SWEEP_HANDS,
    SWEEP_TALON,
    SWEEP_TRICKS,
    exchange_game,
    last,
    play_cards,
    play_game,
    play_out,
    result_of,
    rules_of,
    stacked_game,
    state,
    sweep_game,
)

# Seat 1 declares the heart marriage on the first lead and takes no trick: 100 points, made.
# Seat 2 takes all eight tricks; seat 0 none.
ZERO_HANDS = (
    "JH QS KC QC AD TD KD QD",
    "KH QH 9S JS 9C JC 9D JD",
    "AH TH 9H AS TS KS AC TC",
)
ZERO_TRICKS = (
    "KH+ AH JH | TH QC QH | 9H KC 9C | AS QS 9S | TS QD JS | KS KD JC | AC TD 9D | TC AD JD"
)


def zero_game(rules: Rules, start: MatchState | None = None) -> Game:
    rules = Rules.from_mapping({**rules.to_dict(), "marriage": {"on_first_lead": True}})
    game = exchange_game(rules, ZERO_HANDS, "KH 9D JD", {2: "TC", 0: "QD"}, start_state=start)
    play_cards(game, ZERO_TRICKS)
    return game


def swept(rules: Rules | None = None, start: MatchState | None = None) -> Game:
    """Seat 1 takes every trick: seats 0 and 2 get a palka."""
    game = sweep_game(rules or rules_of(), start_state=start)
    play_out(game, ["2 pass", "0 pass", *SWEEP_GIVE, "1 keep"])
    play_cards(game, SWEEP_TRICKS)
    return game


class TestWhoGetsOne:
    def test_a_palka_for_each_trickless_defender(self) -> None:
        res = result_of(swept())
        assert res["tricks"] == [0, 8, 0]
        assert res["events"] == [
            {"kind": "palka", "seat": 0, "count": 1},
            {"kind": "palka", "seat": 2, "count": 1},
        ]
        assert res["state"]["palki"] == [1, 0, 1]
        assert res["state"]["palki_streak"] == [1, 0, 1]
        assert res["deltas"] == [0, 100, 0]

    def test_no_palka_for_a_trick(self) -> None:
        game = play_game()
        play_cards(game, PLAY_TRICKS)
        assert result_of(game)["events"] == []
        assert result_of(game)["state"]["palki"] == [0, 0, 0]

    def test_a_trickless_declarer_gets_one(self) -> None:
        res = result_of(zero_game(rules_of()))
        assert res["tricks"] == [0, 0, 8]
        assert res["made"] is True
        assert res["deltas"] == [0, 100, 120]
        assert res["events"] == [
            {"kind": "palka", "seat": 0, "count": 1},
            {"kind": "palka", "seat": 1, "count": 1},
        ]

    def test_declarer_counts_false(self) -> None:
        res = result_of(zero_game(rules_of(palki__declarer_counts=False)))
        assert res["events"] == [{"kind": "palka", "seat": 0, "count": 1}]

    def test_declarer_counts_false_keeps_his_streak(self) -> None:
        rules = rules_of(palki__declarer_counts=False, palki__rule="three_in_a_row")
        game = zero_game(rules, state(palki=[0, 2, 0], streak=[0, 2, 0]))
        assert last(game).state.palki_streak == (1, 2, 0)

    def test_trigger_no_points(self) -> None:
        # The declarer's marriage is worth 100: no palka under `no_points`.
        res = result_of(zero_game(rules_of(palki__trigger="no_points")))
        assert res["events"] == [{"kind": "palka", "seat": 0, "count": 1}]


class TestEveryThird:
    @pytest.mark.parametrize(
        ("before", "fined"), [(0, False), (1, False), (2, True), (3, False), (5, True)]
    )
    def test_every_third_palka_costs_120(self, before: int, fined: bool) -> None:
        game = swept(start=state(palki=[before, 0, 0]))
        res = result_of(game)
        assert res["deltas"] == [-120 if fined else 0, 100, 0]
        assert ({"kind": "palka_penalty", "seat": 0, "points": 120} in res["events"]) is fined
        assert res["state"]["palki"][0] == before + 1

    def test_not_in_a_row(self) -> None:
        # Two palki long ago, a deal with a trick since: the third still costs.
        game = swept(start=state(palki=[2, 0, 0], streak=[0, 0, 0]))
        assert result_of(game)["deltas"][0] == -120

    def test_penalty_amount(self) -> None:
        game = swept(rules_of(palki__penalty=100), state(palki=[2, 0, 0]))
        assert result_of(game)["deltas"] == [-100, 100, 0]
        assert result_of(game)["events"][1] == {"kind": "palka_penalty", "seat": 0, "points": 100}

    def test_penalty_may_be_zero(self) -> None:
        game = swept(rules_of(palki__penalty=0), state(palki=[2, 0, 0]))
        assert result_of(game)["deltas"] == [0, 100, 0]
        assert all(e["kind"] != "palka_penalty" for e in result_of(game)["events"])


class TestThreeInARow:
    def test_third_in_a_row_costs_120_and_restarts(self) -> None:
        rules = rules_of(palki__rule="three_in_a_row")
        game = swept(rules, state(palki=[2, 0, 5], streak=[2, 0, 1]))
        res = result_of(game)
        assert res["deltas"] == [-120, 100, 0]
        assert res["state"]["palki_streak"] == [0, 0, 2]
        assert res["state"]["palki"] == [3, 0, 6]

    def test_a_trick_breaks_the_streak(self) -> None:
        rules = rules_of(palki__rule="three_in_a_row")
        game = play_game(rules, start_state=state(palki=[2, 2, 2], streak=[2, 2, 2]))
        play_cards(game, PLAY_TRICKS)
        res = result_of(game)
        assert res["state"]["palki_streak"] == [0, 0, 0]
        assert res["deltas"] == [40, 100, 140]

    def test_not_every_third(self) -> None:
        rules = rules_of(palki__rule="three_in_a_row")
        game = swept(rules, state(palki=[2, 0, 0], streak=[0, 0, 0]))
        assert result_of(game)["deltas"] == [0, 100, 0]
        assert result_of(game)["state"]["palki_streak"] == [1, 0, 1]

    def test_a_conceded_deal_neither_gives_nor_breaks(self) -> None:
        rules = rules_of(palki__rule="three_in_a_row")
        game = sweep_game(rules, start_state=state(palki=[2, 2, 2], streak=[2, 2, 2]))
        play_out(game, ["2 pass", "0 pass", *SWEEP_GIVE, "1 concede"])
        assert last(game).state.palki_streak == (2, 2, 2)

    def test_streak_over_several_deals(self) -> None:
        rules = rules_of(palki__rule="three_in_a_row")
        strong, second, third = SWEEP_HANDS[1], SWEEP_HANDS[2], SWEEP_HANDS[0]
        # The forehand always holds the sweeping hand.
        more = {
            2: ((second, third, strong), SWEEP_TALON),
            3: ((strong, second, third), SWEEP_TALON),
        }
        game = stacked_game(rules, SWEEP_HANDS, SWEEP_TALON, more=more)
        streaks = []
        for dealer in range(3):
            forehand, opener, last_seat = (dealer + 1) % 3, (dealer + 2) % 3, dealer
            play_out(
                game,
                [
                    f"{opener} pass",
                    f"{last_seat} pass",
                    f"{forehand} give 9S {opener}",
                    f"{forehand} give JH {last_seat}",
                    f"{forehand} keep",
                ],
            )
            play_cards(game, SWEEP_TRICKS)
            streaks.append(last(game).state.palki_streak)
        assert streaks == [(1, 0, 1), (2, 1, 0), (0, 2, 1)]
        assert last(game).state.palki == (2, 2, 2)
        assert last(game).state.scores == (100, 100, 100)
