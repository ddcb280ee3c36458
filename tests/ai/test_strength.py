"""Small duplicate matches: each level beats the one below by a clear margin (slow)."""

from __future__ import annotations

import pytest

from thousand_tui.ai import make_player
from thousand_tui.ai.base import Player
from thousand_tui.ai.hard import HardPlayer
from thousand_tui.engine.dealing import deal
from thousand_tui.engine.game import Game
from thousand_tui.presets import load_preset

SEATINGS = ("AAB", "ABA", "BAA", "ABB", "BAB", "BBA")


def player(level: str, seed: int) -> Player:
    if level == "hard":
        return HardPlayer(seed, samples=4, node_budget=20_000)
    return make_player(level, seed)


def duplicate(a: str, b: str, deals: int) -> float:
    """Mean over deals of (A's mean score change − B's), every seating of the same deal."""
    rules = load_preset("classic").rules
    diffs = []
    for index in range(deals):
        seed = 500 + index
        dealt = deal(seed, 1, 0, rules.players, False)
        totals = {"A": 0, "B": 0}
        for seating in SEATINGS:
            levels = {"A": a, "B": b}
            players = [player(levels[seating[s]], seed * 10 + s) for s in range(3)]
            game = Game(rules, seed, deals={1: dealt})
            while not game.results:
                seat = game.to_move
                assert seat is not None
                game.apply(players[seat].decide(game.view(seat)))
            for s in range(3):
                totals[seating[s]] += game.results[0].deltas[s]
        diffs.append((totals["A"] - totals["B"]) / 9)
    return sum(diffs) / len(diffs)


@pytest.mark.slow
@pytest.mark.parametrize(("a", "b", "margin"), [("easy", "random", 60), ("normal", "random", 60)])
def test_beats_random(a: str, b: str, margin: float) -> None:
    assert duplicate(a, b, 20) > margin


@pytest.mark.slow
def test_hard_beats_random() -> None:
    assert duplicate("hard", "random", 4) > 60
