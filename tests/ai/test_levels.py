"""Every level makes only legal decisions, under every convention."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.engine.strategies import conventions
from thousand_tui.ai import PLAYER_TYPES, make_player
from thousand_tui.ai.base import Player
from thousand_tui.ai.hard import HardPlayer
from thousand_tui.engine.game import Game
from thousand_tui.engine.rules import Rules

from .helpers import ALL_RULES, rules_named


def quick_player(level: str, seed: int) -> Player:
    if level in ("hard", "hard_reads"):
        player = HardPlayer(seed, samples=2, node_limit=2000)
        # `hard` reading the auction into the deals it samples (`auction_reads`).
        player.auction_reads = level == "hard_reads"
        return player
    return make_player(level, seed)


def play_legally(game: Game, players: list[Player], deals: int) -> int:
    """Play `deals` deals (or to the end), checking that every decision is legal; how many
    decisions were made."""
    decisions = 0
    while not game.over and len(game.results) < deals:
        seat = game.to_move
        assert seat is not None
        view = game.view(seat)
        action = players[seat].decide(view)
        assert action in view.legal
        game.apply(action)
        decisions += 1
    return decisions


def test_registry_has_the_levels() -> None:
    assert {"random", "easy", "normal", "hard"} <= set(PLAYER_TYPES)
    with pytest.raises(ValueError, match="unknown AI level"):
        make_player("grandmaster")


LEVEL_SETS = [("easy", "normal", "hard", "normal"), ("hard",) * 4, ("hard_reads",) * 4]


@pytest.mark.long_variants
@pytest.mark.parametrize("preset", ALL_RULES)
@pytest.mark.parametrize("levels", LEVEL_SETS)
def test_only_legal_decisions(preset: str, levels: tuple[str, ...]) -> None:
    """Deals of each preset at each level till more than 15 decisions were made in each game
    (a deal given up or dealt again has a few); `..._three_deals` (slow) plays three."""
    only_legal_decisions(preset, levels, deals=1)


@pytest.mark.slow
@pytest.mark.parametrize("preset", ALL_RULES)
@pytest.mark.parametrize("levels", LEVEL_SETS)
def test_only_legal_decisions_three_deals(preset: str, levels: tuple[str, ...]) -> None:
    only_legal_decisions(preset, levels, deals=3)


def only_legal_decisions(preset: str, levels: tuple[str, ...], deals: int) -> None:
    rules = rules_named(preset)
    decisions = 0
    for seed in range(2 if "easy" in levels else 1):
        players = [quick_player(levels[s], seed * 5 + s) for s in range(rules.players)]
        game = Game(rules, seed)
        made = play_legally(game, players, deals)
        while made <= 15 and not game.over:
            made += play_legally(game, players, len(game.results) + 1)
        decisions += made
    assert decisions > 15


@pytest.mark.long
@pytest.mark.parametrize("preset", ["classic", "family", "online-site"])
def test_whole_games_finish(preset: str) -> None:
    """A whole game with `normal` at one seat (`..._two_normal`, slow: at two)."""
    whole_game(preset, ("normal", "easy", "easy"))


@pytest.mark.slow
@pytest.mark.parametrize("preset", ["classic", "family", "online-site"])
def test_whole_games_finish_two_normal(preset: str) -> None:
    whole_game(preset, ("normal", "easy", "normal"))


def whole_game(preset: str, levels: tuple[str, ...]) -> None:
    rules = rules_named(preset)
    game = Game(rules, 3)
    players = [make_player(level, s) for s, level in enumerate(levels)]
    play_legally(game, players, 400)
    assert game.over


def test_the_settings_know_every_level() -> None:
    """`--ai` is checked without importing the players: the names must be the same."""
    from thousand_tui.ai import levels
    from thousand_tui.settings import LEVELS

    assert list(LEVELS) == levels()


def legal_under_any_conventions(examples: int) -> None:
    @settings(max_examples=examples, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(
        rules=conventions(),
        seed=st.integers(0, 1000),
        level=st.sampled_from(["normal", "hard", "hard_reads"]),
    )
    def deals(rules: Rules, seed: int, level: str) -> None:
        players = [quick_player(level, seed * 5 + s) for s in range(rules.players)]
        play_legally(Game(rules, seed), players, deals=2)

    deals()


@pytest.mark.long
def test_legal_decisions_under_any_conventions() -> None:
    """Any valid table of conventions (any key over a shipped preset, 2 to 4 players): every
    decision of a deal or two is one the rules allow. Six tables; `..._many` (slow) 24."""
    legal_under_any_conventions(6)


@pytest.mark.slow
def test_legal_decisions_under_any_conventions_many() -> None:
    legal_under_any_conventions(24)
