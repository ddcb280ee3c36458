"""The hand model's mean is its weights times the hand's features, whatever the hand and the
conventions: `HandModel.mean` reads it suit by suit, `features` says what it is."""

from __future__ import annotations

import random

import pytest

from tests.helpers.rules import PRESETS, rules_of
from thousand_tui.ai.handmodel import FEATURES, features, hand_model, variant_of
from thousand_tui.engine.cards import DECK, Card, Rank, parse_cards
from thousand_tui.engine.rules import Rules

# Hands rich in what the model counts apart: aces, tens, marriages, long suits, voids.
STRONG = [card for card in DECK if card.rank >= Rank.QUEEN]


def weighed(cards: list[Card], rules: Rules, counts: bool) -> float:
    weights = hand_model().weights[variant_of(rules)]
    return sum(w * f for w, f in zip(weights, features(cards, rules, counts), strict=True))


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize(
    "overrides",
    [{}, {"marriage__on_first_lead": True}, {"ace_marriage__enabled": True}],
    ids=["as-shipped", "marriage-on-first-lead", "ace-marriage"],
)
def test_the_mean_is_the_weights_times_the_features(
    preset: str, overrides: dict[str, bool]
) -> None:
    rules = rules_of(preset, **overrides)
    model = hand_model()
    rng = random.Random(preset)
    for number in range(400):
        pool = STRONG if number % 3 == 0 else list(DECK)
        cards = rng.sample(pool, min(len(pool), rng.choice([0, 1, 6, 8, 10, 12, 16])))
        for counts in (True, False):
            assert model.mean(cards, rules, counts) == pytest.approx(
                weighed(cards, rules, counts), abs=1e-9
            ), (sorted(card.code for card in cards), counts)


def test_the_second_marriage_and_the_trumps_follow_the_higher_marriage() -> None:
    """Hearts (100) before spades (40), whichever comes first in the hand; without marriages
    counted, the trumps are still the higher marriage's suit's length."""
    rules = rules_of("classic")
    cards = parse_cards(["KS", "QS", "9S", "JS", "KH", "QH", "AC", "TC"])
    found = dict(zip(FEATURES, features(cards, rules), strict=True))
    assert (found["marriage1"], found["marriage2"], found["marriage1_trumps"]) == (10.0, 4.0, 2)
    assert hand_model().mean(cards, rules) == pytest.approx(weighed(cards, rules, True))
    assert hand_model().mean(cards, rules, False) == pytest.approx(weighed(cards, rules, False))
