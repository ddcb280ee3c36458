"""Above `scoring.only_contracts_above` only a player's own contract scores
(docs/rules.md#contract-and-defenders; the Polish «na 800»)."""

from __future__ import annotations

import pytest

from thousand_tui.engine.scoring import scores_only_contracts

from .helpers import (
    PLAY_TRICKS,
    SWEEP_GIVE,
    play_cards,
    play_game,
    play_out,
    result_of,
    rules_of,
    state,
    sweep_game,
)
from .test_players import four_rules, four_with_talon

NA_800 = {"scoring__only_contracts_above": 800, "barrel__enabled": False}


@pytest.mark.parametrize(
    ("limit", "score", "only"),
    [(None, 990, False), (800, 800, False), (800, 801, True), (800, -50, False), (0, 5, True)],
)
def test_the_rule(limit: int | None, score: int, only: bool) -> None:
    rules = rules_of(scoring__only_contracts_above=limit)
    assert scores_only_contracts(rules, score) is only


def test_defenders_above_the_limit_write_nothing() -> None:
    # The deal gives [40, 100, 140]; seats 0 and 2 are above 800, seat 2 exactly at it.
    game = play_game(rules_of(**NA_800), start_state=state(scores=[810, 500, 800]))
    play_cards(game, PLAY_TRICKS)
    res = result_of(game)
    assert res["deltas"] == [0, 100, 140]
    assert {"kind": "contracts_only", "seats": [0]} in res["events"]


def test_without_the_rule_they_write_their_points() -> None:
    game = play_game(rules_of(barrel__enabled=False), start_state=state(scores=[810, 500, 850]))
    play_cards(game, PLAY_TRICKS)
    res = result_of(game)
    assert res["deltas"] == [40, 100, 140]
    assert all(e["kind"] != "contracts_only" for e in res["events"])


@pytest.mark.parametrize(("contract", "delta"), [("keep", 100), ("raise 150", -150)])
def test_the_declarer_above_the_limit_writes_his_contract(contract: str, delta: int) -> None:
    game = play_game(
        rules_of(**NA_800), start_state=state(scores=[0, 850, 0]), contract_step=contract
    )
    play_cards(game, PLAY_TRICKS)
    res = result_of(game)
    assert res["deltas"][1] == delta
    assert all(e["kind"] != "contracts_only" for e in res["events"])


def test_a_concession_gives_nothing_above_the_limit() -> None:
    game = sweep_game(rules_of(**NA_800), start_state=state(scores=[820, 0, 100]))
    play_out(game, ["2 pass", "0 pass", *SWEEP_GIVE, "1 concede"])
    res = result_of(game)
    assert res["deltas"] == [0, -100, 60]
    assert {"kind": "contracts_only", "seats": [0]} in res["events"]


def test_the_sitter_above_the_limit_writes_nothing() -> None:
    rules = four_rules(**NA_800)
    game = four_with_talon(rules, "KH QH 9S", start=state(players=4, scores=[900, 0, 0, 0]))
    res = result_of(game)
    assert res["deltas"] == [0, -100, 60, 60]
    assert all(e["kind"] != "sitter_score" for e in res["events"])
    assert {"kind": "contracts_only", "seats": [0]} in res["events"]
