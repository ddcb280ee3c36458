"""Shared helpers for the AI tests: games driven to a phase, the truth behind a view."""

from __future__ import annotations

import random
from collections.abc import Iterator

from thousand_tui.ai import make_player
from thousand_tui.ai.knowledge import mask, play_order, position_of
from thousand_tui.ai.solver import Position
from thousand_tui.engine.deal import Phase
from thousand_tui.engine.game import Game
from thousand_tui.engine.rules import Rules
from thousand_tui.engine.view import SeatView
from thousand_tui.presets import load_preset

PRESETS = ("classic", "family", "online-site", "two-player", "four-player")

# Conventions no shipped preset uses, as rules that extend classic.
VARIANTS: dict[str, dict] = {
    "must_beat": {"play": {"must_beat": True}},
    "owner_only": {"play": {"trump_lead": "owner_only"}},
    "card_must_win": {"marriage": {"card_must_win": True, "keep_trump_option": True}},
    "ace_led_suit": {
        "ace_marriage": {"enabled": True, "trump": "led_suit"},
        "marriage": {"on_first_lead": True},
    },
    "ace_cancel": {"ace_marriage": {"enabled": True, "trump": "cancel"}},
    "two_by_three": {"players": 2, "two_player": {"talons": "two_by_three"}},
}
ALL_RULES = PRESETS + tuple(VARIANTS)


def rules_of(name: str) -> Rules:
    if name in VARIANTS:
        return Rules.from_mapping(VARIANTS[name])
    return load_preset(name).rules


def play_states(
    preset: str, seed: int, level: str = "easy", deals: int = 3
) -> Iterator[tuple[Game, SeatView]]:
    """Every decision of a few deals between `level` players, with the game behind it."""
    rules = rules_of(preset)
    game = Game(rules, seed)
    players = [make_player(level, seed * 7 + i) for i in range(rules.players)]
    while not game.over and len(game.results) < deals:
        seat = game.to_move
        assert seat is not None
        view = game.view(seat)
        yield game, view
        game.apply(players[seat].decide(view))


def random_play_state(preset: str, seed: int, tricks_left: int) -> tuple[Game, SeatView] | None:
    """A deal driven by easy players, then random plays until `tricks_left` tricks remain."""
    rng = random.Random(seed)
    for game, view in play_states(preset, seed, deals=1):
        if view.phase is not Phase.PLAY:
            continue
        while True:
            deal = game.deal
            if deal.phase is not Phase.PLAY:
                return None
            left = len(deal.hands[deal.declarer])
            if left <= tricks_left and not deal.trick:
                return game, game.view(deal.to_move)
            seat = deal.to_move
            game.apply(rng.choice(deal.legal_actions(seat)))
    return None


def true_position(game: Game, view: SeatView) -> Position:
    deal = game.deal
    hands = {s: mask(deal.hands[s]) for s in play_order(view)}
    bonus = 0
    if view.players == 2:
        other = deal.talons[1 - (deal.taken_talon or 0)] + deal.discarded
        bonus = sum(c.points for c in other)
    return position_of(view, hands, bonus)
