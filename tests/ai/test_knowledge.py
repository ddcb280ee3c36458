"""What a seat knows is true, and sampled deals respect it."""

from __future__ import annotations

import random

import pytest

from thousand_tui.ai.knowledge import knowledge_of, mask, sample_deal
from thousand_tui.engine.cards import DECK

from .helpers import ALL_RULES, play_states


@pytest.mark.parametrize("preset", ALL_RULES)
def test_knowledge_is_true_and_samples_fit(preset: str) -> None:
    rng = random.Random(7)
    checked = 0
    for seed in range(3):
        for game, view in play_states(preset, seed, level="normal", deals=2):
            if view.hand is None:
                continue
            deal = game.deal
            k = knowledge_of(view)
            for holder, cards in k.known.items():
                assert holder >= 0 and not cards & ~mask(deal.hands[holder])
            for holder, cards in k.excluded.items():
                assert not cards & mask(deal.hands[holder])
            for holder, n in k.counts.items():
                if holder >= 0:
                    assert bin(mask(deal.hands[holder]) & k.unseen).count("1") == n
            assert sum(k.counts.values()) == bin(k.unseen).count("1")
            placed = sample_deal(k, rng)
            for holder, cards in placed.items():
                assert not cards & mask(view.hand or ())
                if holder >= 0:
                    assert bin(cards).count("1") == view.hand_counts[holder]
                    assert not cards & k.excluded.get(holder, 0)
            checked += 1
    assert checked > 30


def test_a_king_or_queen_given_away_leaves_its_partner_with_the_defenders() -> None:
    """A declarer keeps his marriages: the receiver of his king or queen samples its partner
    away from him."""
    rng = random.Random(3)
    found = 0
    for seed in range(40):
        for _, view in play_states("classic", seed, level="normal", deals=1):
            given = [
                card
                for giver, to, card in view.passed_cards
                if to == view.seat and giver == view.declarer and card.is_marriage_card
            ]
            if not given or view.hand is None or view.tricks:
                continue
            partner = next(
                c for c in DECK if c.suit is given[0].suit and c.is_marriage_card and c != given[0]
            )
            if partner in view.hand:
                continue
            k = knowledge_of(view)
            assert view.declarer is not None
            assert k.excluded[view.declarer] & partner.bit
            for _ in range(20):
                placed = sample_deal(k, rng)
                assert not placed.get(view.declarer, 0) & partner.bit
            found += 1
            break
    assert found >= 3
