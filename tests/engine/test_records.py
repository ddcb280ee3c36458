"""Game records (docs/record.md): writing, replaying, resuming mid-deal and scenarios with a
start."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from thousand_tui.engine.actions import Action
from thousand_tui.engine.game import Game
from thousand_tui.engine.record import parse_record, rebuild
from thousand_tui.store.records import RecordWriter, read_record

from .helpers import (
    PLAY_GIVES,
    PLAY_HANDS,
    PLAY_TALON,
    PLAY_TRICKS,
    PRESETS,
    SWEEP_GIVE,
    SWEEP_HANDS,
    SWEEP_TALON,
    SWEEP_TRICKS,
    exchange_game,
    play_cards,
    play_out,
    random_game,
    result_of,
    rules_of,
    stacked_game,
    state,
    sweep_game,
)


def text_of(lines: list[dict[str, Any]]) -> str:
    return "".join(json.dumps(line, ensure_ascii=False) + "\n" for line in lines)


def replayed(lines: list[dict[str, Any]]) -> Game:
    """Rebuild a game from its lines (through JSON text) and check every line agrees."""
    record = parse_record(text_of(lines))
    assert len(record.games) == 1
    game, mismatch = rebuild(record.games[0])
    assert mismatch is None, str(mismatch)
    return game


def decisions(lines: list[dict[str, Any]]) -> list[Action]:
    return [
        Action.from_record(line)
        for line in lines
        if line["type"] == "action" and not line.get("auto")
    ]


class TestLines:
    def test_game_line(self) -> None:
        game = Game(rules_of(), seed=42, created="2026-01-01T00:00:00Z")
        header = game.lines[0]
        assert header["type"] == "game"
        assert header["format"] == "thousand-record"
        assert header["version"] == 1
        assert header["preset"] == "classic"
        assert header["seed"] == 42
        assert header["first_dealer"] == 0
        assert header["created"] == "2026-01-01T00:00:00Z"
        assert header["rules"] == rules_of().to_dict()
        assert header["rules"]["bidding"]["min"] == 100
        assert len(header["players"]) == 3
        assert "start" not in header
        assert "lang" not in header

    def test_the_language_is_kept_in_the_game_line(self) -> None:
        game = Game(rules_of(), seed=42, lang="ru")
        assert game.lines[0]["lang"] == "ru"
        again = replayed(game.lines)
        assert again.lang == "ru"
        assert again.lines[0]["lang"] == "ru"

    @pytest.mark.parametrize("odd", [7, "", "ru\u001b[2J", "x" * 40, ["ru"]])
    def test_an_odd_language_is_ignored_not_an_error(self, odd: object) -> None:
        lines = [dict(line) for line in Game(rules_of(), seed=42).lines]
        lines[0]["lang"] = odd
        assert replayed(lines).lang is None

    def test_start_in_the_game_line(self) -> None:
        game = sweep_game(start_state=state(scores=[0, 880, 0], barrel={1: 1}), deal_number=17)
        start = game.lines[0]["start"]
        assert start["deal_number"] == 17
        assert start["state"]["scores"] == [0, 880, 0]
        assert start["state"]["barrel"] == [None, {"attempts_used": 1, "tally": 0}, None]
        assert game.lines[1]["number"] == 17

    def test_result_state_is_the_deal_state_plus_deltas(self) -> None:
        game = random_game(rules_of(), seed=8, deals=6)
        state_before = None
        for line in game.lines:
            if line["type"] == "deal":
                state_before = line["state"]
            elif line["type"] == "result":
                assert state_before is not None
                assert line["state"]["scores"] == [
                    a + b for a, b in zip(state_before["scores"], line["deltas"], strict=True)
                ]

    def test_lines_are_json(self) -> None:
        game = random_game(rules_of("family"), seed=3, deals=4)
        assert json.loads(text_of(game.lines).splitlines()[-1]) == game.lines[-1]

    def test_end_line_counts_deal_lines_with_redeals(self) -> None:
        rules = rules_of(barrel__enabled=False, redeal__mandatory=True, redeal__hand_nines=3)
        nines = ("9C 9D 9H JC QC KC TC", "AH TH KH QH JH AD TD", "AS TS KS QS JS KD QD")
        game = stacked_game(
            rules,
            nines,
            "9S AC JD",
            start_state=state(scores=[0, 950, 0]),
            more={2: (SWEEP_HANDS, SWEEP_TALON)},
        )
        play_out(game, ["2 pass", "0 pass", "1 give 9S 0", "1 give JD 2"])
        assert game.results[-1].redeal == "hand_nines"
        play_out(game, ["2 pass", "0 pass", *SWEEP_GIVE, "1 keep"])
        play_cards(game, SWEEP_TRICKS)
        assert game.lines[-1] == {"type": "end", "winner": 1, "scores": [0, 1050, 0], "deals": 2}
        assert replayed(game.lines).lines == game.lines


class TestReplay:
    @pytest.mark.parametrize(
        "preset",
        ["classic", "online-site", "family", "two-player", "four-player", "polish", "czech"],
    )
    def test_replay_reproduces_the_record(self, preset: str) -> None:
        game = random_game(rules_of(preset), seed=21, deals=5, preset=preset)
        again = replayed(game.lines)
        assert again.lines == game.lines

    def test_a_changed_result_is_found(self) -> None:
        game = sweep_game()
        play_out(game, ["2 pass", "0 pass", *SWEEP_GIVE, "1 keep"])
        play_cards(game, SWEEP_TRICKS)
        lines = [dict(line) for line in game.lines]
        index = next(i for i, line in enumerate(lines) if line["type"] == "result")
        lines[index] = {**lines[index], "deltas": [0, 105, 0]}
        _, mismatch = rebuild(parse_record(text_of(lines)).games[0])
        assert mismatch is not None
        assert mismatch.deal == 1
        assert "result line differs: deltas" in mismatch.what

    def test_an_illegal_recorded_action_is_found(self) -> None:
        game = sweep_game()
        play_out(game, ["2 pass", "0 pass"])
        lines = [dict(line) for line in game.lines]
        lines.append({"type": "action", "seat": 1, "act": "give", "card": "AS", "to": 2})
        _, mismatch = rebuild(parse_record(text_of(lines)).games[0])
        assert mismatch is not None
        assert "AS" in mismatch.what

    def test_a_missing_line_is_found(self) -> None:
        game = sweep_game()
        play_out(game, ["2 pass", "0 pass", *SWEEP_GIVE, "1 keep"])
        play_cards(game, SWEEP_TRICKS)
        lines = [line for line in game.lines if line["type"] != "result"]
        _, mismatch = rebuild(parse_record(text_of(lines)).games[0])
        assert mismatch is not None

    def test_record_file_round_trip(self, tmp_path: Path) -> None:
        path = tmp_path / "game.jsonl"
        with RecordWriter(path) as writer:
            game = Game(rules_of(), seed=5, sink=writer.write, created="2026-01-01T00:00:00Z")
            random_game(rules_of(), seed=5, deals=3, game=game)
        record = read_record(path)
        assert record.truncated is False
        again, mismatch = rebuild(record.games[0])
        assert mismatch is None
        assert again.lines == game.lines

    def test_several_games_in_one_file(self) -> None:
        one = random_game(rules_of(), seed=1, deals=2)
        two = random_game(rules_of("family"), seed=2, deals=2, preset="family")
        record = parse_record(text_of(one.lines) + text_of(two.lines))
        assert len(record.games) == 2
        for recorded, original in zip(record.games, (one, two), strict=True):
            again, mismatch = rebuild(recorded)
            assert mismatch is None
            assert again.lines == original.lines

    def test_cut_off_last_line_is_dropped(self) -> None:
        game = random_game(rules_of(), seed=4, deals=2)
        text = text_of(game.lines)
        record = parse_record(text + '{"type": "action", "seat"')
        assert record.truncated is True
        assert record.warnings
        again, mismatch = rebuild(record.games[0])
        assert mismatch is None
        assert again.lines == game.lines


class TestResume:
    @pytest.mark.parametrize(
        "preset",
        ["classic", "online-site", "family", "two-player", "four-player", "polish", "czech"],
    )
    def test_rebuild_mid_deal_and_continue(self, preset: str) -> None:
        full = random_game(rules_of(preset), seed=33, deals=4, preset=preset)
        rng = random.Random(preset)
        action_indexes = [
            i
            for i, line in enumerate(full.lines)
            if line["type"] == "action" and not line.get("auto")
        ]
        for cut in rng.sample(action_indexes, 3):
            game = replayed(full.lines[: cut + 1])
            assert game.lines == full.lines[: len(game.lines)]
            # Continue with the decisions the full record made after the cut.
            for action in decisions(full.lines[len(game.lines) :]):
                game.apply(action)
            assert game.lines == full.lines

    def test_resume_before_a_card_is_played(self) -> None:
        game = sweep_game()
        play_out(game, ["2 pass", "0 pass", *SWEEP_GIVE])
        again = replayed(game.lines)
        assert again.to_move == 1
        assert again.deal.phase.value == "contract"
        play_out(again, ["1 keep"])
        play_cards(again, SWEEP_TRICKS)
        assert result_of(again)["deltas"] == [0, 100, 0]


class TestScenarios:
    def test_on_the_barrel_at_880(self) -> None:
        """ "You are on the barrel at 880 with this hand": replay it, then play it out."""
        start = state(scores=[310, 880, 455], barrel={1: 1})
        game = sweep_game(start_state=start, deal_number=17)
        assert game.lines[1]["state"]["barrel"][1] == {"attempts_used": 1, "tally": 0}
        again = replayed(game.lines)
        assert again.deal.number == 17
        play_out(again, ["2 pass", "0 pass", *SWEEP_GIVE, "1 keep"])
        play_cards(again, SWEEP_TRICKS)
        assert again.winner == 1
        assert result_of(again)["state"]["scores"] == [310, 1000, 455]
        assert replayed(again.lines).lines == again.lines

    def test_at_495_about_to_hit_samosval(self) -> None:
        game = sweep_game(start_state=state(scores=[495, 0, 0]), deal_number=5)
        again = replayed(game.lines)
        play_out(again, ["2 pass", "0 pass", *SWEEP_GIVE, "1 concede"])
        res = result_of(again)
        assert res["state"]["scores"] == [0, -100, 60]
        assert res["events"][-1] == {"kind": "samosval", "seat": 0, "from": 555}
        assert replayed(again.lines).lines == again.lines

    def test_sitter_at_540_about_to_hit_samosval(self) -> None:
        rules = rules_of("four-player")
        hands = ("", "AH TH KH QH JH AD TD", "AS KS 9S KD QD JD 9D", "9C JC QC KC TC AC 9H")
        game = stacked_game(rules, hands, "TS QS JS", start_state=state(4, scores=[540, 0, 0, 0]))
        again = replayed(game.lines)
        play_out(again, ["2 pass", "3 pass", "1 give JS 2", "1 give QS 3", "1 concede"])
        res = result_of(again)
        assert res["events"][-2:] == [
            {"kind": "sitter_score", "seat": 0, "points": 15},
            {"kind": "samosval", "seat": 0, "from": 555},
        ]
        assert res["state"]["scores"][0] == 0

    @pytest.mark.parametrize("preset", ["classic", "online-site", "family"])
    def test_a_scenario_continues_into_shuffled_deals(self, preset: str) -> None:
        rules = rules_of(preset)
        start = state(scores=[600, 880, -50], barrel={1: 0}, palki=[2, 0, 1])
        game = exchange_game(
            rules,
            PLAY_HANDS,
            PLAY_TALON,
            PLAY_GIVES,
            start_state=start,
            contract_step=None,
            bids=["2 pass", "0 pass"],
        )
        lines = list(game.lines)
        again = replayed(lines)
        random_game(rules, seed=9, deals=4, game=again)
        assert replayed(again.lines).lines == again.lines

    def test_a_scenario_may_stop_mid_deal(self) -> None:
        start = state(scores=[515, 0, 0])
        game = exchange_game(rules_of(), PLAY_HANDS, PLAY_TALON, PLAY_GIVES, start_state=start)
        play_cards(game, PLAY_TRICKS.split("|")[0])
        again = replayed(game.lines)
        play_cards(again, "|".join(PLAY_TRICKS.split("|")[1:]))
        res = result_of(again)
        # 515 + 40 = 555 → 0.
        assert res["state"]["scores"] == [0, 100, 140]


# ---------------------------------------------------------------- the notes of a result


@pytest.mark.long
def test_every_note_of_the_score_sheet_is_read_back_into_its_class() -> None:
    """Each kind of note has one class that reads it: the notes of random games of every
    preset, written into the record, read back equal to the engine's own."""
    from thousand_tui.engine import events
    from thousand_tui.engine.events import SHEET_EVENTS, SheetEvent, sheet_events_of

    classes = {
        c
        for c in vars(events).values()
        if isinstance(c, type) and issubclass(c, SheetEvent) and c is not SheetEvent
    }
    assert set(SHEET_EVENTS) == classes
    assert len({c.kind for c in SHEET_EVENTS}) == len(SHEET_EVENTS)
    seen: set[type[SheetEvent]] = set()
    for preset in PRESETS:
        for seed in range(4):
            game = random_game(rules_of(preset), seed, deals=30)
            lines = [line for line in game.lines if line["type"] == "result"]
            for settled, line in zip(game.results, lines, strict=True):
                written = json.loads(json.dumps(line["events"]))
                assert sheet_events_of(written) == settled.events
                seen.update(type(e) for e in settled.events)
    assert len(seen) >= 8


def test_a_malformed_note_is_left_out() -> None:
    from thousand_tui.engine.events import Frozen, Palka, Samosval, sheet_events_of

    raw = [
        {"kind": "palka", "seat": 1, "count": 2},
        {"kind": "palka", "seat": "1", "count": 2},
        {"kind": "palka", "seat": 1},
        {"kind": "no_such_note", "seat": 1},
        {"kind": ["palka"]},
        "palka",
        {"kind": "samosval", "seat": 2, "from": 555},
        {"kind": "frozen", "seats": [0, 2]},
        {"kind": "frozen", "seats": [0, True]},
    ]
    assert sheet_events_of(raw) == [Palka(1, 2), Samosval(2, 555), Frozen((0, 2))]
    assert sheet_events_of(None) == []
