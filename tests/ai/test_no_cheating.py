"""No level reads hidden cards: with the unseen cards of the other seats (and the talon)
shuffled among them, consistently with what the seat knows, its view is the same and so is
every decision."""

from __future__ import annotations

import copy
import functools
import random

import pytest

from tests.helpers.rules import rules_of
from thousand_tui.ai.analysis import AnalysisPlayer, advise
from thousand_tui.ai.hard import HardPlayer
from thousand_tui.ai.knowledge import knowledge_of, low_cards_lacked, play_order
from thousand_tui.engine.actions import Act
from thousand_tui.engine.cards import DECK
from thousand_tui.engine.deal import Phase
from thousand_tui.engine.game import Game
from thousand_tui.engine.view import SeatView

from .helpers import play_states


def reshuffled(game: Game, seat: int, rng: random.Random) -> Game:
    """A copy of the game whose cards unseen by `seat` are dealt again among their holders."""
    view = game.view(seat)
    knowledge = knowledge_of(view)
    other = copy.deepcopy(game)
    deal = other.deal
    piles = [deal.hands[s] for s in play_order(view) if s != seat] + list(deal.talons)
    unseen = [c for c in DECK if (knowledge.unseen >> c.index) & 1]
    slots: list[tuple[list, int]] = []
    for pile in piles:
        for i, card in enumerate(pile):
            if card in unseen:
                slots.append((pile, i))
    cards = [pile[i] for pile, i in slots]
    rng.shuffle(cards)
    for (pile, i), card in zip(slots, cards, strict=True):
        pile[i] = card
    return other


@functools.cache
def states(preset: str, seed: int) -> tuple[tuple[Game, SeatView], ...]:
    """The decisions of one deal between normal players, each with a copy of the game behind
    it: made once for the levels and tests that read them (they change neither)."""
    return tuple(
        (copy.deepcopy(game), view) for game, view in play_states(preset, seed, "normal", deals=1)
    )


def level_players(level: str, seat: int):
    # Small searches: what is compared is the decision made from two views, not its strength.
    if level in ("hard", "hard_reads"):
        player = HardPlayer(seat, samples=3, node_limit=4_000)
        player.auction_reads = level == "hard_reads"
        return player
    from thousand_tui.ai import make_player

    return make_player(level, seat)


@pytest.mark.long_variants
@pytest.mark.parametrize("level", ["easy", "normal", "hard", "hard_reads"])
@pytest.mark.parametrize("preset", ["classic", "online-site", "two-player", "four-player"])
def test_decisions_ignore_hidden_cards(level: str, preset: str) -> None:
    rng = random.Random(11)
    compared = moved = 0
    for game, view in states(preset, 4):
        if view.hand is None or len(view.legal) < 2:
            continue
        seat = view.seat
        other = reshuffled(game, seat, rng)
        before = [sorted(h) for h in game.deal.hands]
        after = [sorted(h) for h in other.deal.hands]
        moved += before != after
        assert other.view(seat) == view
        mine = level_players(level, seat).decide(view)
        theirs = level_players(level, seat).decide(other.view(seat))
        assert mine == theirs
        compared += 1
        if level.startswith("hard") and compared >= 8:
            break
    assert compared >= 8 and moved >= 4


@pytest.mark.long
@pytest.mark.parametrize("preset", ["classic", "two-player", "four-player"])
def test_hints_and_analysis_ignore_hidden_cards(preset: str) -> None:
    """A hint and the analysis of a decision weigh the same choices the same way, whatever
    the unseen cards are (the open-card result of a deal is the one figure that shows them)."""
    rng = random.Random(5)
    compared = kinds = 0
    seen: set[str] = set()
    for game, view in play_states(preset, 6, level="normal", deals=1):
        if view.hand is None or len(view.legal) < 2:
            continue
        seat = view.seat
        other = reshuffled(game, seat, rng)
        assert other.view(seat) == view
        mine = advise(view, AnalysisPlayer(seat, samples=3, node_limit=4_000, auction=3))
        theirs = advise(
            other.view(seat), AnalysisPlayer(seat, samples=3, node_limit=4_000, auction=3)
        )
        assert mine == theirs
        kinds += mine.kind not in seen
        seen.add(mine.kind)
        compared += 1
        if compared >= 10:
            break
    assert compared >= 8 and kinds >= 2


@pytest.mark.long_variants
@pytest.mark.parametrize("level", ["normal", "hard"])
def test_calling_off_a_dark_game_ignores_hidden_cards(level: str) -> None:
    """`dark.cancel: opponent_marriage`: the defender deciding whether to call the dark game off
    sees his own hand only."""
    rules = rules_of("classic", dark__enabled=True, dark__cancel="opponent_marriage")
    rng = random.Random(5)
    compared = 0
    for seed in range(60):
        game = Game(rules, seed)
        seat = game.to_move
        assert seat is not None and game.deal.phase is Phase.DARK
        game.apply(next(a for a in game.legal_actions(seat) if a.act is Act.DARK))
        if game.deal.phase is not Phase.DARK_CANCEL:
            continue
        seat = game.to_move
        assert seat is not None
        view = game.view(seat)
        other = reshuffled(game, seat, rng)
        assert other.view(seat) == view
        mine = level_players(level, seat).decide(view)
        assert mine == level_players(level, seat).decide(other.view(seat))
        compared += 1
        if compared >= 6:
            break
    assert compared >= 6


@pytest.mark.long
@pytest.mark.parametrize("preset", ["classic", "two-player"])
def test_reading_the_cards_given_up_ignores_hidden_cards(preset: str) -> None:
    """Later in a deal `hard` samples deals that respect the low cards the others' play says
    they lack (`low_cards_lacked`): read from the tricks, never from the hidden hands."""
    rng = random.Random(13)
    compared = 0
    for seed in range(12):
        for game, view in play_states(preset, seed, level="normal", deals=1):
            if view.phase is not Phase.PLAY or len(view.legal) < 2 or view.declarer is None:
                continue
            lacked = low_cards_lacked(view, view.declarer)
            if not any(m for s, m in lacked.items() if s != view.seat):
                continue
            other = reshuffled(game, view.seat, rng)
            assert other.view(view.seat) == view
            mine = level_players("hard", view.seat).decide(view)
            assert mine == level_players("hard", view.seat).decide(other.view(view.seat))
            compared += 1
            break
    assert compared >= 6
