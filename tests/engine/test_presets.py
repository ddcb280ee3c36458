"""The shipped presets at the table (docs/rules.md#presets): each one's own differences, shown in
play."""

from __future__ import annotations

from thousand_tui.engine.actions import Act
from thousand_tui.engine.deal import Phase
from thousand_tui.engine.game import Game
from thousand_tui.engine.rules import DEFAULT_RULES

from .helpers import (
    SWEEP_GIVE,
    SWEEP_HANDS,
    SWEEP_TALON,
    SWEEP_TRICKS,
    actions_of,
    acts,
    deal_lines,
    legal_values,
    play_cards,
    play_game,
    play_out,
    result_of,
    rules_of,
    stacked_game,
    state,
    sweep_game,
)


class TestClassic:
    def test_every_key_at_its_default(self) -> None:
        assert rules_of("classic") == DEFAULT_RULES

    def test_a_classic_deal(self) -> None:
        game = sweep_game(rules_of("classic"))
        assert game.deal.phase is Phase.AUCTION  # no dark offer, no redeal before bidding
        assert legal_values(game, 2, Act.BID)[:3] == [105, 110, 115]
        play_out(game, ["2 pass", "0 pass", *SWEEP_GIVE, "1 keep"])
        play_cards(game, SWEEP_TRICKS)
        res = result_of(game)
        assert res["deltas"] == [0, 100, 0]
        assert res["state"]["palki"] == [1, 0, 1]


class TestFamily:
    def family(self, **kwargs: object) -> Game:
        return sweep_game(rules_of("family"), **kwargs)  # type: ignore[arg-type]

    def test_dark_offer_then_redeal_check_then_auction_by_exactly_five(self) -> None:
        game = self.family()
        assert game.deal.phase is Phase.DARK and game.to_move == 1
        play_out(game, ["1 nodark"])
        assert game.deal.phase is Phase.AUCTION
        assert legal_values(game, 2, Act.BID) == [105]
        assert "cut" in deal_lines(game)[0]

    def test_weak_hand_asks_before_the_auction(self) -> None:
        hands = ("9C JC QC 9D JD KD 9H", "AH TH KH QH JH AD TD", "AS TS KS QS JS QD TC")
        game = stacked_game(rules_of("family"), hands, "9S AC KC")
        play_out(game, ["1 nodark"])
        # Seat 0 holds three nines (and 11 points): asked before any bid.
        assert game.deal.phase is Phase.REDEAL and game.to_move == 0
        assert game.view(0).redeal_reason == "hand_nines"
        assert actions_of(game) == [{"type": "action", "seat": 1, "act": "dark_decline"}]

    def test_talon_with_two_nines_may_be_redealt(self) -> None:
        game = self.family()
        play_out(game, ["1 nodark", "2 pass", "0 pass"])
        assert game.deal.phase is Phase.REDEAL
        assert game.view(1).redeal_reason == "talon_nines"

    def test_concession_r_costs_nothing_and_gives_half(self) -> None:
        game = self.family()
        play_out(game, ["1 nodark", "2 pass", "0 pass", "1 decline", *SWEEP_GIVE])
        assert {Act.CONCEDE, Act.BAPTISM} <= acts(game, 1)
        play_out(game, ["1 concede"])
        assert result_of(game)["deltas"] == [50, 0, 50]

    def test_no_concession_while_anyone_is_on_the_barrel(self) -> None:
        game = self.family(start_state=state(scores=[880, 0, 0], barrel={0: 0}))
        play_out(game, ["1 nodark", "2 pass", "0 pass", "1 decline", *SWEEP_GIVE])
        assert acts(game, 1) == {Act.RAISE}

    def test_po_masti_is_offered(self) -> None:
        game = play_game(
            rules_of("family", redeal__enabled=False), bids=["1 nodark", "2 pass", "0 pass"]
        )
        play_cards(game, "AS 9S JS")
        assert any(a.keep_trump for a in game.legal_actions(1))
        play_cards(game, "KH+k")
        assert game.deal.trump is None

    def test_three_palki_in_a_row(self) -> None:
        game = self.family(start_state=state(palki=[2, 0, 2], streak=[2, 0, 0]))
        play_out(game, ["1 nodark", "2 pass", "0 pass", "1 decline", *SWEEP_GIVE, "1 keep"])
        play_cards(game, SWEEP_TRICKS)
        res = result_of(game)
        # Seat 0's third in a row costs 120; seat 2's third palka (not in a row) does not.
        assert res["deltas"] == [-120, 100, 0]

    def test_barrel_player_bids_at_most_120(self) -> None:
        game = self.family(start_state=state(scores=[0, 0, 880], barrel={2: 0}))
        play_out(game, ["1 nodark"])
        assert legal_values(game, 2, Act.BID) == [105]
        play_out(game, ["2 bid 105", "0 pass", "1 bid 110"])
        assert legal_values(game, 2, Act.BID) == [115]
        play_out(game, ["2 bid 115", "1 bid 120", "2 pass"])
        assert game.deal.declarer == 1


class TestOnlineSite:
    def online(self, **kwargs: object) -> Game:
        return sweep_game(rules_of("online-site"), **kwargs)  # type: ignore[arg-type]

    def test_golden_first_deals_forced_120_doubled(self) -> None:
        game = self.online()
        assert deal_lines(game)[0]["golden"] is True
        assert actions_of(game)[0] == {
            "type": "action",
            "seat": 1,
            "act": "bid",
            "value": 120,
            "auto": True,
        }
        play_out(game, [*SWEEP_GIVE, "1 keep"])
        play_cards(game, SWEEP_TRICKS)
        res = result_of(game)
        assert res["deltas"] == [0, 240, 0]
        assert res["events"] == [
            {"kind": "palka", "seat": 0, "count": 2},
            {"kind": "palka", "seat": 2, "count": 2},
        ]
        assert res["state"]["golden_left"] == 2

    def test_golden_concession_half_of_120_doubled(self) -> None:
        game = self.online()
        play_out(game, [*SWEEP_GIVE, "1 concede"])
        assert result_of(game)["deltas"] == [120, -240, 120]

    def test_after_the_golden_round_the_usual_auction(self) -> None:
        game = self.online(start_state=state())
        assert actions_of(game)[0]["value"] == 100
        assert game.to_move == 2

    def test_minus_100_passes_automatically(self) -> None:
        game = self.online(start_state=state(scores=[0, 0, -105]))
        assert actions_of(game)[1] == {"type": "action", "seat": 2, "act": "pass", "auto": True}

    def test_ace_marriage(self) -> None:
        hands = ("9C JC QC KC TC JD 9D", "AH AS AC AD JH TD 9H", "TS KS QS JS KD QD TH")
        game = stacked_game(rules_of("online-site"), hands, "KH QH 9S", start_state=state())
        # Four aces count as a marriage in the auction of seat 1 (on 100).
        play_out(game, ["2 bid 125", "0 pass"])
        assert legal_values(game, 1, Act.BID)[-1] == 300

    def test_target_1001_and_samosval(self) -> None:
        rules = rules_of("online-site")
        assert rules.target == 1001
        game = sweep_game(rules, start_state=state(scores=[505, 0, 0]))
        play_out(game, ["2 pass", "0 pass", *SWEEP_GIVE, "1 concede"])
        # Half of 100 each: 505 + 50 = 555 → 0.
        assert result_of(game)["state"]["scores"] == [0, -100, 50]

    def test_the_barrel_player_is_frozen_out_when_he_plays(self) -> None:
        game = self.online(start_state=state(scores=[0, 880, 0], barrel={1: 0}))
        play_out(game, ["2 pass", "0 pass", *SWEEP_GIVE, "1 keep"])
        play_cards(game, SWEEP_TRICKS)
        res = result_of(game)
        assert res["state"]["scores"] == [0, 1001, 0]
        assert res["events"][0] == {"kind": "frozen", "seats": [2, 0]}
        assert game.winner == 1


class TestTwoAndFourPlayerPresets:
    def test_two_player_is_classic_for_two(self) -> None:
        assert rules_of("two-player") == rules_of("classic", players=2)

    def test_four_player_is_classic_for_four(self) -> None:
        assert rules_of("four-player") == rules_of("classic", players=4)
        game = stacked_game(rules_of("four-player"), ("", *SWEEP_HANDS), SWEEP_TALON, dealer=0)
        assert game.deal.sitting_out == 0
        assert actions_of(game)[0]["seat"] == 1
