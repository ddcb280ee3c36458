"""What a seat knows is true, and sampled deals respect it."""

from __future__ import annotations

import random

import pytest

from thousand_tui.ai.knowledge import knowledge_of, mask, sample_deal

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
