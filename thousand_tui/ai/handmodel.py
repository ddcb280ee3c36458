"""The declarer's hand model: how many points the cards he keeps will take, and how surely.

A club player counts a hand by its parts: aces and A-10s that win, tens and kings that may,
long suits, voids, and the marriages with the entries that let him declare them. The model
does the same with weights fitted from deals solved open-card and then calibrated on deals
played out by the searching players (`bench/fit_hand_model.py` rebuilds it; the data lives in
`data/hand_model.json`). `HandModel.mean(cards)` is the expected points (cards + marriages);
`HandModel.chance(cards, need)` the chance of taking at least `need`, read from the spread of
real results around hands of the same kind (none, one, or several marriages; weak or strong).
"""

from __future__ import annotations

import bisect
import json
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from ..engine.cards import Card, Rank, Suit
from ..engine.rules import Rules

SUITS = (Suit.SPADES, Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS)
FEATURES = (
    "one",
    "aces",
    "ace_ten",
    "ace_ten_king",
    "ace_ten_king_queen",
    "ace_king",
    "long_ten",
    "short_ten",
    "bare_ten",
    "length4",
    "length5",
    "voids",
    "low_singletons",
    "card_points",
    "marriage1",
    "marriage1_entry",
    "marriage1_trumps",
    "marriage2",
    "marriage2_entries",
    "marriage_rest",
    "four_aces",
    "trump_aces",
)


def features(cards: Sequence[Card], rules: Rules, counts_marriages: bool = True) -> list[float]:
    """The hand's features, in the order of `FEATURES`."""
    held: dict[Suit, set[Rank]] = {s: set() for s in SUITS}
    for c in cards:
        held[c.suit].add(c.rank)
    f = dict.fromkeys(FEATURES, 0.0)
    f["one"] = 1.0
    entries = 0
    marriages: list[tuple[int, Suit]] = []
    for suit, ranks in held.items():
        n = len(ranks)
        ace, ten = Rank.ACE in ranks, Rank.TEN in ranks
        king, queen = Rank.KING in ranks, Rank.QUEEN in ranks
        if ace:
            f["aces"] += 1
            entries += 1
            if ten:
                f["ace_ten"] += 1
                entries += 1
                if king and n >= 3:
                    f["ace_ten_king"] += 1
                    if queen and n >= 4:
                        f["ace_ten_king_queen"] += 1
            elif king:
                f["ace_king"] += 1
        elif ten:
            if n == 1:
                f["bare_ten"] += 1
            elif n == 2:
                f["short_ten"] += 1
            else:
                f["long_ten"] += 1
        f["length4"] += max(0, n - 3)
        f["length5"] += max(0, n - 4)
        if n == 0:
            f["voids"] += 1
        elif n == 1 and not ace and not ten:
            f["low_singletons"] += 1
        if king and queen:
            marriages.append((rules.marriage.value_of(suit.value), suit))
    f["card_points"] = sum(c.points for c in cards) / 10.0
    marriages.sort(key=lambda m: m[0], reverse=True)
    if marriages and counts_marriages:
        value, suit = marriages[0]
        lead = 1 if rules.marriage.on_first_lead else 0
        f["marriage1"] = value / 10.0
        f["marriage1_entry"] = value / 10.0 if entries + lead >= 1 else 0.0
        f["marriage1_trumps"] = len(held[suit])
        f["trump_aces"] = 1.0 if Rank.ACE in held[suit] else 0.0
        if len(marriages) > 1:
            second = marriages[1][0] / 10.0
            f["marriage2"] = second
            f["marriage2_entries"] = second if entries + lead >= 2 else 0.0
        f["marriage_rest"] = sum(v for v, _ in marriages[2:]) / 10.0
    elif marriages:
        f["marriage1_trumps"] = len(held[marriages[0][1]])
    # Four aces are declared by leading an ace after a trick won while all four are still in
    # hand: the first trick must be won by another card (a ten is one), unless the marriage may
    # be declared at once (`marriage.on_first_lead`).
    four_aces = all(Rank.ACE in r for r in held.values())
    declarable = rules.marriage.on_first_lead or any(Rank.TEN in r for r in held.values())
    if rules.ace_marriage.enabled and counts_marriages and four_aces and declarable:
        f["four_aces"] = rules.ace_marriage.value / 10.0
    return [f[name] for name in FEATURES]


_AT = {name: index for index, name in enumerate(FEATURES)}
# The features that one suit's cards give by themselves, added up over the suits: those from
# "aces" to "card_points".
_LOCAL = range(_AT["aces"], _AT["card_points"] + 1)


@dataclass(frozen=True)
class SuitPart:
    """What one suit's cards (a set of ranks) give `HandModel.mean`: `points`, the weights
    times the features that depend on this suit alone, and what the rest needs to know."""

    points: float
    entries: int
    length: int
    ace: bool
    ten: bool
    married: bool  # its king and queen


@cache
def _suit_parts(weights: tuple[float, ...]) -> tuple[SuitPart, ...]:
    """The part of each of the 64 sets of ranks of a suit (bit `r` for `Rank(r)`): the
    features that one suit gives by itself (`_LOCAL`), as `features` counts them."""
    parts = []
    rules = Rules()
    for mask in range(64):
        cards = [Card(rank, Suit.SPADES) for rank in Rank if mask >> rank & 1]
        alone = features(cards, rules, counts_marriages=False)
        local = sum(weights[i] * alone[i] for i in _LOCAL)
        local -= 3 * weights[_AT["voids"]]  # the other three suits, void here: not this suit's
        ranks = {card.rank for card in cards}
        parts.append(
            SuitPart(
                points=local,
                entries=(Rank.ACE in ranks) + (Rank.ACE in ranks and Rank.TEN in ranks),
                length=len(cards),
                ace=Rank.ACE in ranks,
                ten=Rank.TEN in ranks,
                married=Rank.KING in ranks and Rank.QUEEN in ranks,
            )
        )
    return tuple(parts)


def kind_of(cards: Sequence[Card]) -> int:
    """Hands whose results spread alike: 0 without a marriage, 1 with one, 2 with more."""
    kings = {c.suit for c in cards if c.rank is Rank.KING}
    queens = {c.suit for c in cards if c.rank is Rank.QUEEN}
    return min(len(kings & queens), 2)


@dataclass(frozen=True)
class Spread:
    """Quantiles of (real points − the model's mean) for one kind of hand."""

    quantiles: tuple[float, ...]  # at evenly spaced probabilities 0 … 1

    def above(self, gap: float) -> float:
        """The chance that the result exceeds the mean by at least `gap`."""
        q = self.quantiles
        if gap <= q[0]:
            return 1.0
        if gap > q[-1]:
            return 0.0
        i = bisect.bisect_left(q, gap)
        # Between q[i-1] and q[i]: interpolate the probability.
        lo, hi = q[i - 1], q[i]
        step = 1.0 / (len(q) - 1)
        frac = (gap - lo) / (hi - lo) if hi > lo else 1.0
        below = (i - 1 + frac) * step
        return max(0.0, min(1.0, 1.0 - below))


@dataclass(frozen=True)
class HandModel:
    """Weights per player count (`"3"` for three and four players, `"2"` for two)."""

    weights: dict[str, tuple[float, ...]]
    spreads: dict[str, tuple[Spread, ...]]
    # Points really taken against the open-card value of the same deal: (a, b, spread) with
    # taken ≈ a + b × open-card value, give or take `spread` (one standard deviation).
    open_card: dict[str, tuple[float, float, float]]

    def mean(self, cards: Sequence[Card], rules: Rules, counts_marriages: bool = True) -> float:
        """The weights times `features(cards, …)`, read suit by suit from `_suit_parts` (the
        bidding weighs hundreds of hands a decision)."""
        w = self.weights[variant_of(rules)]
        bits = 0
        for card in cards:
            bits |= card.bit
        parts = _suit_parts(w)
        held = [parts[(bits >> (6 * index)) & 63] for index in range(len(SUITS))]
        total = w[0] + sum(part.points for part in held)  # "one", and each suit's own
        # The marriages, highest first (`features` sorts them the same, stably).
        married = sorted(
            (
                (rules.marriage.value_of(suit), index)
                for index, suit in enumerate(SUITS)
                if held[index].married
            ),
            key=lambda m: m[0],
            reverse=True,
        )
        if married and counts_marriages:
            entries = sum(part.entries for part in held)
            lead = 1 if rules.marriage.on_first_lead else 0
            value, index = married[0]
            total += (
                w[_AT["marriage1"]] * value / 10.0 + w[_AT["marriage1_trumps"]] * held[index].length
            )
            if entries + lead >= 1:
                total += w[_AT["marriage1_entry"]] * value / 10.0
            if held[index].ace:
                total += w[_AT["trump_aces"]]
            if len(married) > 1:
                second = married[1][0] / 10.0
                total += w[_AT["marriage2"]] * second
                if entries + lead >= 2:
                    total += w[_AT["marriage2_entries"]] * second
            total += w[_AT["marriage_rest"]] * sum(v for v, _ in married[2:]) / 10.0
        elif married:
            total += w[_AT["marriage1_trumps"]] * held[married[0][1]].length
        four_aces = all(part.ace for part in held)
        declarable = rules.marriage.on_first_lead or any(part.ten for part in held)
        if rules.ace_marriage.enabled and counts_marriages and four_aces and declarable:
            total += w[_AT["four_aces"]] * rules.ace_marriage.value / 10.0
        return total

    def taken_after_open_card(self, rules: Rules, value: float) -> tuple[float, float]:
        """The points a declarer really takes, mean and spread, in a deal worth `value`
        open-card."""
        a, b, spread = self.open_card[variant_of(rules)]
        return a + b * value, spread

    def chance(
        self, cards: Sequence[Card], rules: Rules, need: float, counts_marriages: bool = True
    ) -> float:
        """The chance to take at least `need` points with these cards as declarer."""
        spread = self.spreads[variant_of(rules)][kind_of(cards) if counts_marriages else 0]
        return spread.above(need - self.mean(cards, rules, counts_marriages))

    def chances(
        self,
        cards: Sequence[Card],
        rules: Rules,
        needs: Sequence[float],
        counts_marriages: bool = True,
    ) -> list[float]:
        """`chance` of each need, the cards weighed once."""
        spread = self.spreads[variant_of(rules)][kind_of(cards) if counts_marriages else 0]
        mean = self.mean(cards, rules, counts_marriages)
        return [spread.above(need - mean) for need in needs]


def variant_of(rules: Rules) -> str:
    return "2" if rules.players == 2 else "3"


@cache
def hand_model() -> HandModel:
    """The shipped model."""
    # Beside the module (as `presets.py` reads the rules folder): `importlib.resources` would
    # bring `tempfile`, `shutil` and the compressors into the analysis worker.
    text = (Path(__file__).parent / "data" / "hand_model.json").read_text("utf-8")
    return model_from_json(json.loads(text))


def model_from_json(data: dict[str, Any]) -> HandModel:
    names = tuple(data["features"])
    if names != FEATURES:
        raise ValueError("hand model: its features are not this code's; rebuild it")
    weights: dict[str, tuple[float, ...]] = {k: tuple(v) for k, v in data["weights"].items()}
    spreads = {k: tuple(Spread(tuple(q)) for q in kinds) for k, kinds in data["spreads"].items()}
    open_card: dict[str, tuple[float, float, float]] = {
        k: (float(v[0]), float(v[1]), float(v[2])) for k, v in data.get("open_card", {}).items()
    }
    for key in weights:
        open_card.setdefault(key, (0.0, 1.0, 25.0))
    return HandModel(weights, spreads, open_card)
