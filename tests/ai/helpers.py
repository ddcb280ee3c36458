"""Shared helpers for the AI tests: games driven to a phase, the truth behind a view."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import fields

from tests.helpers.rules import PRESETS, rules_of
from thousand_tui.ai import make_player
from thousand_tui.ai.knowledge import mask, play_order, position_of
from thousand_tui.ai.solver import PlayRules, Position, Solver, apply_move
from thousand_tui.engine.deal import Phase
from thousand_tui.engine.game import Game
from thousand_tui.engine.rules import Rules
from thousand_tui.engine.view import SeatView

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


def rules_named(name: str) -> Rules:
    """The rules of a shipped preset or of one of the `VARIANTS`."""
    if name in VARIANTS:
        return Rules.from_mapping(VARIANTS[name])
    return rules_of(name)


def play_states(
    preset: str, seed: int, level: str = "easy", deals: int = 3
) -> Iterator[tuple[Game, SeatView]]:
    """Every decision of a few deals between `level` players, with the game behind it."""
    rules = rules_named(preset)
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
        other = [*deal.talons[1 - (deal.taken_talon or 0)], *deal.discarded]
        bonus = sum(c.points for c in other)
    return position_of(view, hands, bonus)


POSITION_FIELDS = tuple(f.name for f in fields(Position))


def minimax(
    pos: Position, rules: PlayRules, weight: int = 0, seen: dict[tuple, int] | None = None
) -> int:
    """The solver's value by plain minimax over `Solver.moves` and `apply_move` (both checked
    against the engine): no pruning, nothing skipped. A position met again by another order
    of the same cards is looked up (`seen`, keyed by every field of the position), not
    searched again."""
    if not pos.trick and not pos.hands[pos.leader]:
        return 0
    if seen is None:
        seen = {}
    key = tuple(
        tuple(value) if isinstance(value, list) else value
        for value in (getattr(pos, name) for name in POSITION_FIELDS)
    )
    if key in seen:
        return seen[key]
    values = []
    for move in Solver(rules, weight).moves(pos):
        child = pos.copy()
        gain = apply_move(child, move, rules, weight)
        values.append(gain + minimax(child, rules, weight, seen))
    seen[key] = value = max(values) if pos.to_move == pos.declarer else min(values)
    return value


def random_position(
    rng: random.Random, players: int, cards: int, rules: PlayRules, four_aces: float = 0.3
) -> Position:
    """Any deal of `cards` cards a hand (marriages made likely, and four aces in one hand with
    chance `four_aces` when they score), any trump, owner, leader, declarer, scoring marriages
    and last-trick bonus, and a trick under way."""
    deck = list(range(24))
    rng.shuffle(deck)
    hands = [0] * players
    if rng.random() < four_aces and cards >= 4 and rules.ace_enabled:
        seat = rng.randrange(players)
        hands[seat] = sum(1 << (s * 6 + 5) for s in range(4))
        deck = [c for c in deck if c % 6 != 5]
    for _ in range(rng.randrange(3)):  # a marriage or two placed together
        seat, suit = rng.randrange(players), rng.randrange(4)
        pair = [suit * 6 + 2, suit * 6 + 3]
        if all(c in deck for c in pair) and hands[seat].bit_count() + 2 <= cards:
            hands[seat] |= (1 << pair[0]) | (1 << pair[1])
            deck = [c for c in deck if c not in pair]
    for p in range(players):
        while hands[p].bit_count() < cards:
            hands[p] |= 1 << deck.pop()
    trump = rng.choice((-1, 0, 1, 2, 3))
    pos = Position(
        hands=hands,
        declarer=rng.randrange(players),
        leader=rng.randrange(players),
        trump=trump,
        owner=rng.choice((-1, *range(players))) if trump >= 0 else -1,
        tricks_done=rng.choice((0, 1, 3)),
        marriage_scores=tuple(rng.random() < 0.8 for _ in range(players)),
        last_bonus=rng.choice((0, 7, 24)) if players == 2 else 0,
    )
    for _ in range(rng.randrange(players)):
        apply_move(pos, rng.choice(Solver(rules).moves(pos)), rules)
    return pos
