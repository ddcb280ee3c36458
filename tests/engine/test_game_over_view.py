"""A finished game's views show the scores its last deal left, the winner's among them: what
a seat at a shared table is told at the end (its final banner, its bar)."""

from __future__ import annotations

import pytest

from thousand_tui.presets import load_preset
from thousand_tui.simulate import play_game


@pytest.mark.parametrize("preset", ["classic", "two-player"])
def test_the_view_of_a_finished_game_has_its_final_scores(preset: str) -> None:
    game, _ = play_game(load_preset(preset).rules, 5, ["easy"] * load_preset(preset).rules.players)
    assert game.over and game.winner is not None
    for seat in range(game.rules.players):
        view = game.view(seat)
        assert view.winner == game.winner
        assert view.match == game.match == game.results[-1].state
        assert view.match.scores[game.winner] >= 1000
