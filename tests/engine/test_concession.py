"""Conceding (роспись) and baptism (крещусь), docs/rules.md#raise-concession-and-baptism."""

from __future__ import annotations

import pytest

from thousand_tui.engine.actions import Act, Action, IllegalAction
from thousand_tui.engine.game import Game
from thousand_tui.engine.match import MatchState
from thousand_tui.engine.rules import Rules

from .helpers import (
    SWEEP_GIVE,
    SWEEP_TRICKS,
    actions_of,
    acts,
    last,
    play_cards,
    play_out,
    result_of,
    rules_of,
    state,
    sweep_game,
)


def conceded(
    rules: Rules,
    start: MatchState | None = None,
    bids: tuple[str, ...] = ("2 pass", "0 pass"),
    raise_to: int | None = None,
    act: str = "concede",
) -> Game:
    """The standard deal: seat 1 declarer (at 100 unless `bids` say otherwise), gives 9S to
    seat 2 and JH to seat 0, raises if asked, then concedes (or is baptised)."""
    game = sweep_game(rules, start_state=start)
    play_out(game, [*bids, *SWEEP_GIVE])
    if raise_to is not None:
        play_out(game, [f"1 raise {raise_to}"])
        return game
    play_out(game, [f"1 {act}"])
    return game


def concede_after_raise(rules: Rules, raise_to: int, start: MatchState | None = None) -> Game:
    """Raise before giving, then concede the raised contract."""
    rules = Rules.from_mapping({**rules.to_dict(), "talon": {"raise": "before_giving"}})
    game = sweep_game(rules, start_state=start)
    play_out(game, ["2 pass", "0 pass", f"1 raise {raise_to}", *SWEEP_GIVE, "1 concede"])
    return game


class TestClassic:
    def test_minus_bid_and_sixty_each(self) -> None:
        game = conceded(rules_of())
        res = result_of(game)
        assert res["conceded"] is True
        assert res["declarer"] == 1 and res["contract"] == 100
        assert res["deltas"] == [60, -100, 60]
        assert res["events"] == [{"kind": "concession", "seat": 1}]
        assert res["card_points"] is None and res["tricks"] is None and res["made"] is None
        assert res["marriage_points"] is None
        assert res["state"]["concessions"] == [0, 1, 0]
        assert res["state"]["palki"] == [0, 0, 0]

    def test_concession_is_recorded(self) -> None:
        game = conceded(rules_of())
        assert actions_of(game, 1)[-1] == {"type": "action", "seat": 1, "act": "concede"}

    def test_only_before_the_first_lead(self) -> None:
        game = sweep_game()
        play_out(game, ["2 pass", "0 pass"])
        assert Act.CONCEDE not in acts(game, 1)  # not before giving
        play_out(game, SWEEP_GIVE)
        assert Act.CONCEDE in acts(game, 1)
        play_out(game, ["1 keep"])
        play_cards(game, "AH 9S JH")
        assert Act.CONCEDE not in acts(game, 1)
        with pytest.raises(IllegalAction):
            game.apply(Action(1, Act.CONCEDE))

    def test_disabled(self) -> None:
        game = sweep_game(rules_of(rospis__enabled=False))
        play_out(game, ["2 pass", "0 pass", *SWEEP_GIVE])
        assert Act.CONCEDE not in acts(game, 1)

    def test_concession_after_a_raise_concerns_the_raised_contract(self) -> None:
        game = concede_after_raise(rules_of(rospis__opponents="half_bid"), 150)
        assert result_of(game)["contract"] == 150
        assert result_of(game)["deltas"] == [75, -150, 75]

    def test_a_conceded_deal_keeps_the_palki_streak(self) -> None:
        rules = rules_of(palki__rule="three_in_a_row")
        game = conceded(rules, state(palki=[2, 2, 2], streak=[2, 2, 2]))
        assert last(game).state.palki_streak == (2, 2, 2)
        assert last(game).state.palki == (2, 2, 2)


class TestDeclarerLoses:
    @pytest.mark.parametrize(
        ("mode", "deltas", "palki"),
        [
            ("minus_bid", [60, -100, 60], [0, 0, 0]),
            ("nothing", [60, 0, 60], [0, 0, 0]),
            ("palka", [60, 0, 60], [0, 1, 0]),
        ],
    )
    def test_rospis_declarer(self, mode: str, deltas: list[int], palki: list[int]) -> None:
        game = conceded(rules_of(rospis__declarer=mode))
        res = result_of(game)
        assert res["deltas"] == deltas
        assert res["state"]["palki"] == palki
        expected = [{"kind": "concession", "seat": 1}]
        if mode == "palka":
            expected.append({"kind": "palka", "seat": 1, "count": 1})
        assert res["events"] == expected

    def test_the_concession_palka_counts_towards_the_third(self) -> None:
        game = conceded(rules_of(rospis__declarer="palka"), state(palki=[0, 2, 0]))
        res = result_of(game)
        assert res["deltas"] == [60, -120, 60]
        assert res["events"][-1] == {"kind": "palka_penalty", "seat": 1, "points": 120}


class TestOpponentsGet:
    @pytest.mark.parametrize(
        ("mode", "contract", "share"),
        [
            ("sixty", 100, 60),
            ("sixty", 150, 60),
            ("half_bid", 100, 50),
            ("half_bid", 105, 55),
            ("half_bid", 120, 60),
            ("half_bid", 150, 75),
            ("half_bid_max_60", 105, 55),
            ("half_bid_max_60", 150, 60),
        ],
    )
    def test_rospis_opponents(self, mode: str, contract: int, share: int) -> None:
        rules = rules_of(rospis__opponents=mode)
        if contract == 100:
            game = conceded(rules)
        else:
            game = sweep_game(rules)
            play_out(game, [f"2 bid {contract}", "0 pass", "1 pass"])
            play_out(game, ["2 give 9H 0", "2 give AC 1", "2 concede"])
            assert result_of(game)["deltas"] == [share, share, -contract]
            return
        assert result_of(game)["deltas"] == [share, -100, share]


class TestCounts:
    def test_free_concessions_cost_the_declarer_nothing(self) -> None:
        rules = rules_of(rospis__free_per_game=1)
        first = conceded(rules)
        assert result_of(first)["deltas"] == [60, 0, 60]
        second = conceded(rules, state(concessions=[0, 1, 0]))
        assert result_of(second)["deltas"] == [60, -100, 60]
        assert result_of(second)["state"]["concessions"] == [0, 2, 0]

    def test_free_concessions_count_per_player(self) -> None:
        rules = rules_of(rospis__free_per_game=1)
        game = conceded(rules, state(concessions=[3, 0, 3]))
        assert result_of(game)["deltas"] == [60, 0, 60]

    def test_max_per_game(self) -> None:
        rules = rules_of(rospis__max_per_game=2)
        game = sweep_game(rules, start_state=state(concessions=[0, 1, 0]))
        play_out(game, ["2 pass", "0 pass", *SWEEP_GIVE])
        assert Act.CONCEDE in acts(game, 1)
        game = sweep_game(rules, start_state=state(concessions=[0, 2, 0]))
        play_out(game, ["2 pass", "0 pass", *SWEEP_GIVE])
        assert Act.CONCEDE not in acts(game, 1)

    def test_max_per_game_zero_forbids_it(self) -> None:
        game = sweep_game(rules_of(rospis__max_per_game=0))
        play_out(game, ["2 pass", "0 pass", *SWEEP_GIVE])
        assert Act.CONCEDE not in acts(game, 1)

    @pytest.mark.parametrize(("before", "fined"), [(0, False), (1, False), (2, True), (5, True)])
    def test_every_third_concession_costs_more(self, before: int, fined: bool) -> None:
        rules = rules_of(rospis__third_penalty=50)
        game = conceded(rules, state(concessions=[0, before, 0]))
        res = result_of(game)
        assert res["deltas"] == [60, -100 - (50 if fined else 0), 60]
        if fined:
            assert res["events"] == [
                {"kind": "concession", "seat": 1},
                {"kind": "concession_penalty", "seat": 1, "points": 50},
            ]


class TestOnTheBarrel:
    def test_the_barrel_player_may_not_concede(self) -> None:
        game = sweep_game(start_state=state(scores=[0, 880, 0], barrel={1: 0}))
        play_out(game, ["2 pass", "0 pass"])
        # On the barrel, seat 1 sits on 120 (his opening bid on the barrel).
        assert game.deal.contract == 120
        play_out(game, SWEEP_GIVE)
        assert Act.CONCEDE not in acts(game, 1)

    def test_others_may_concede_and_the_barrel_player_gets_nothing(self) -> None:
        game = conceded(rules_of(), state(scores=[880, 0, 0], barrel={0: 0}))
        res = result_of(game)
        assert res["deltas"] == [0, -100, 60]
        assert res["state"]["barrel"][0] == {"attempts_used": 1, "tally": 0}

    def test_forbidden_for_all(self) -> None:
        rules = rules_of(rospis__on_barrel="forbidden_for_all")
        game = sweep_game(rules, start_state=state(scores=[880, 0, 0], barrel={0: 0}))
        play_out(game, ["2 pass", "0 pass", *SWEEP_GIVE])
        assert Act.CONCEDE not in acts(game, 1)
        game = sweep_game(rules)
        play_out(game, ["2 pass", "0 pass", *SWEEP_GIVE])
        assert Act.CONCEDE in acts(game, 1)

    def test_allowed_for_the_barrel_player_uses_an_attempt(self) -> None:
        rules = rules_of(rospis__on_barrel="allowed")
        game = sweep_game(rules, start_state=state(scores=[0, 880, 0], barrel={1: 0}))
        play_out(game, ["2 pass", "0 pass", *SWEEP_GIVE, "1 concede"])
        res = result_of(game)
        # His score stays on the barrel; the opponents get their 60.
        assert res["deltas"] == [60, 0, 60]
        assert res["state"]["barrel"][1] == {"attempts_used": 1, "tally": 0}
        assert res["state"]["concessions"] == [0, 1, 0]

    def test_allowed_for_the_barrel_player_gives_him_no_palka(self) -> None:
        rules = rules_of(rospis__on_barrel="allowed", rospis__declarer="palka")
        game = sweep_game(rules, start_state=state(scores=[0, 880, 0], barrel={1: 0}))
        play_out(game, ["2 pass", "0 pass", *SWEEP_GIVE, "1 concede"])
        res = result_of(game)
        assert res["deltas"] == [60, 0, 60]
        assert res["state"]["palki"] == [0, 0, 0]

    def test_allowed_for_the_barrel_player_with_failed_contract_fall(self) -> None:
        rules = rules_of(rospis__on_barrel="allowed", barrel__failed_contract="fall")
        game = sweep_game(rules, start_state=state(scores=[0, 880, 0], barrel={1: 0}))
        play_out(game, ["2 pass", "0 pass", *SWEEP_GIVE, "1 concede"])
        res = result_of(game)
        assert res["deltas"] == [60, -120, 60]
        assert res["state"]["barrel"][1] is None
        assert {"kind": "barrel_fall", "seat": 1, "points": 120, "why": "contract"} in res["events"]


class TestMultiplied:
    def test_golden_concession_is_doubled(self) -> None:
        rules = rules_of(golden__enabled=True, golden__raise=False)
        game = sweep_game(rules, start_state=state(golden_left=3))
        # The golden deal: seat 1 plays 120 without an auction.
        play_out(game, [*SWEEP_GIVE, "1 concede"])
        res = result_of(game)
        assert res["multiplier"] == 2
        assert res["deltas"] == [120, -240, 120]

    def test_penalties_are_not_multiplied(self) -> None:
        rules = rules_of(golden__enabled=True, rospis__third_penalty=50)
        game = sweep_game(rules, start_state=state(golden_left=3, concessions=[0, 2, 0]))
        play_out(game, [*SWEEP_GIVE, "1 concede"])
        assert result_of(game)["deltas"] == [120, -240 - 50, 120]


class TestBaptism:
    def test_a_cross_and_a_palka_for_each_opponent(self) -> None:
        game = conceded(rules_of(baptism__enabled=True), act="baptism")
        res = result_of(game)
        assert res["baptism"] is True
        assert res["conceded"] is False
        assert res["deltas"] == [0, 0, 0]
        assert res["events"] == [
            {"kind": "cross", "seat": 1},
            {"kind": "palka", "seat": 0, "count": 1},
            {"kind": "palka", "seat": 2, "count": 1},
        ]
        assert res["state"]["crosses"] == [0, 1, 0]
        assert res["state"]["palki"] == [1, 0, 1]
        assert res["card_points"] is None
        assert actions_of(game, 1)[-1] == {
            "type": "action",
            "seat": 1,
            "act": "baptism",
        }

    def test_not_offered_unless_enabled(self) -> None:
        game = sweep_game()
        play_out(game, ["2 pass", "0 pass", *SWEEP_GIVE])
        assert Act.BAPTISM not in acts(game, 1)

    @pytest.mark.parametrize(("crosses", "fined"), [(0, False), (1, True), (2, False), (3, True)])
    def test_every_second_cross_is_fined(self, crosses: int, fined: bool) -> None:
        rules = rules_of(baptism__enabled=True, baptism__crosses_penalty=120)
        game = conceded(rules, state(crosses=[0, crosses, 0]), act="baptism")
        res = result_of(game)
        assert res["deltas"] == [0, -120 if fined else 0, 0]
        assert ({"kind": "cross_penalty", "seat": 1, "points": 120} in res["events"]) is fined

    def test_the_baptism_palka_may_cost_the_third_palka_penalty(self) -> None:
        rules = rules_of(baptism__enabled=True)
        game = conceded(rules, state(palki=[2, 0, 0]), act="baptism")
        assert result_of(game)["deltas"] == [-120, 0, 0]

    def test_max_per_game(self) -> None:
        rules = rules_of(baptism__enabled=True, baptism__max_per_game=1)
        game = sweep_game(rules, start_state=state(crosses=[0, 1, 0]))
        play_out(game, ["2 pass", "0 pass", *SWEEP_GIVE])
        assert Act.BAPTISM not in acts(game, 1)
        assert Act.CONCEDE in acts(game, 1)

    def test_follows_the_barrel_rule(self) -> None:
        rules = rules_of(baptism__enabled=True, rospis__on_barrel="forbidden_for_all")
        game = sweep_game(rules, start_state=state(scores=[880, 0, 0], barrel={0: 0}))
        play_out(game, ["2 pass", "0 pass", *SWEEP_GIVE])
        assert Act.BAPTISM not in acts(game, 1)

    def test_barrel_opponent_gets_no_palka(self) -> None:
        rules = rules_of(baptism__enabled=True)
        game = conceded(rules, state(scores=[880, 0, 0], barrel={0: 0}), act="baptism")
        res = result_of(game)
        assert res["state"]["palki"] == [0, 0, 1]

    def test_baptism_only_before_the_first_lead(self) -> None:
        rules = rules_of(baptism__enabled=True)
        game = sweep_game(rules)
        play_out(game, ["2 pass", "0 pass", *SWEEP_GIVE, "1 keep"])
        play_cards(game, SWEEP_TRICKS.split("|")[0])
        assert Act.BAPTISM not in acts(game, 1)
