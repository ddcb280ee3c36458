"""Bidding and contract decisions: how likely a hand makes a contract, and what the match asks.

The chance to make a contract is estimated by Monte Carlo over the talons the seat may find:
each sampled talon is added to the hand, the best cards are given away, and the resulting
hand's expected points (`evaluate.declarer_estimate`) with a spread for the play gives the
chance of reaching each contract. The auction limit is the highest contract whose chance clears
a threshold that the match moves: a player on the barrel must bid its minimum contract, an
opponent about to win from the barrel or past the target is worth outbidding at a worse chance,
a contract that would land on the samosval score is avoided.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from ..engine.actions import Act, Action
from ..engine.cards import DECK, Card
from ..engine.deal import half_rounded_up_to_5
from ..engine.view import SeatView
from .evaluate import best_exchange, declarer_estimate
from .knowledge import made_threshold

SPREAD = 30.0  # how far the play of a hand strays from its estimate (points, one sigma;
# measured over self-play deals of the normal level: 33)
SAMPLES = 16


def phi(x: float) -> float:
    return 0.5 * (1.0 + math.erf(x / math.sqrt(2.0)))


def make_chance(estimates: Sequence[float], need: int, spread: float = SPREAD) -> float:
    return sum(phi((e - need) / spread) for e in estimates) / len(estimates)


def talon_size(view: SeatView) -> int:
    rules = view.rules
    if view.players == 2:
        return 3 if rules.two_player.talons == "two_by_three" else 2
    return 3


def estimates_after_talon(
    view: SeatView, rng: random.Random, samples: int = SAMPLES
) -> list[float]:
    """The hand's expected points as declarer, one estimate per sampled talon."""
    assert view.hand is not None
    hand = list(view.hand)
    seen = set(hand) | set(view.talon or ())
    unseen = [c for c in DECK if c not in seen]
    size = talon_size(view)
    out = []
    for _ in range(samples):
        talon = rng.sample(unseen, size)
        cards = hand + talon
        give = best_exchange(cards, view.rules, 2)
        keep = [c for c in cards if c not in give]
        out.append(declarer_estimate(keep, view.rules, counts_marriages=marriages_count(view)))
    return out


def marriages_count(view: SeatView) -> bool:
    return view.rules.barrel.marriages_count or not view.match.on_barrel(view.seat)


def threshold_for(view: SeatView, contract: int, risk: float) -> float:
    """The chance a contract needs before this seat bids it, given the match."""
    rules = view.rules
    match = view.match
    me = view.seat
    need = 0.5 + risk
    scores = match.scores
    # An opponent close to winning: stopping him is worth a worse chance.
    for s in range(view.players):
        if s == me or s == view.sitting_out:
            continue
        if match.on_barrel(s) or scores[s] >= rules.target - 120:
            need -= 0.12
            break
    # A made contract that wins the game.
    if not rules.barrel.enabled and scores[me] + contract >= rules.target:
        need -= 0.1
    climbs = scores[me] + contract >= rules.barrel.threshold
    if rules.barrel.enabled and not match.on_barrel(me) and climbs:
        need -= 0.05
    if match.on_barrel(me) and rules.barrel.goal == "contract":
        need -= 0.1  # the barrel is won only as declarer
    # Samosval: a made contract that lands on 555 loses everything.
    if rules.samosval.mode != "off" and scores[me] + contract == 555:
        need += 0.5
    return max(0.2, min(0.95, need))


def auction_limit(
    view: SeatView,
    risk: float = 0.0,
    estimates: list[float] | None = None,
    spread: float = SPREAD,
) -> int:
    """The highest bid this seat should make now (0: pass)."""
    rules = view.rules
    if view.hand is None:
        return 0
    rng = random.Random(hash_hand(view))
    ests = estimates if estimates is not None else estimates_after_talon(view, rng)
    step = rules.bidding.step
    best = 0
    top = rules.bidding.max
    value = rules.bidding.min
    while value <= top:
        need = made_threshold(rules, value)
        if make_chance(ests, need, spread) >= threshold_for(view, value, risk):
            best = value
        value += step
    barrel_min = rules.barrel.min_contract
    if view.match.on_barrel(view.seat) and rules.barrel.goal == "contract":
        if make_chance(ests, made_threshold(rules, barrel_min), spread) >= threshold_for(
            view, barrel_min, risk
        ):
            best = max(best, barrel_min)
        elif best < barrel_min:
            best = 0
    return best


def hash_hand(view: SeatView) -> int:
    """A seed from what the seat sees, so a decision repeats for the same view."""
    h = 17
    for c in sorted(view.hand or ()):
        h = h * 31 + c.index
    return h * 7 + view.deal_number


def wants_dark(view: SeatView) -> bool:
    """A blind contract fails more often than not; only a desperate seat takes the gamble."""
    match = view.match
    me = view.seat
    rules = view.rules
    behind = max(match.scores) - match.scores[me]
    leader_close = any(
        match.on_barrel(s) or match.scores[s] >= rules.target - 100
        for s in range(view.players)
        if s != me
    )
    return leader_close and behind >= 300


def wants_redeal(view: SeatView) -> bool:
    if view.hand is None:
        return True
    if view.declarer == view.seat and view.contract is not None:
        hand = list(view.hand)
        extra = len(hand) - 8 if view.players != 2 else len(hand) - 10
        keep = hand
        if extra > 0:
            give = best_exchange(hand, view.rules, extra)
            keep = [c for c in hand if c not in give]
        est = declarer_estimate(keep, view.rules, marriages_count(view))
        need = made_threshold(view.rules, view.contract)
        return phi((est - need) / SPREAD) < 0.65
    if view.declarer is not None:
        return True  # the declarer bid: calling his contract off is worth it to a defender
    est = declarer_estimate(list(view.hand), view.rules)
    return est < 95


def concession_cost(view: SeatView, act: Act) -> float:
    """What conceding (or baptism) costs this declarer relative to the opponents' gain."""
    rules = view.rules
    contract = view.contract or 0
    me = view.seat
    match = view.match
    if act is Act.BAPTISM:
        crosses = match.crosses[me]
        penalty = rules.baptism.crosses_penalty if crosses % 2 == 1 else 0
        return penalty - 25  # each opponent takes a palka
    free = match.concessions[me] < rules.rospis.free_per_game
    own = 0 if free else (contract if rules.rospis.declarer == "minus_bid" else 0)
    if rules.rospis.declarer == "palka" and not free:
        own = 40
    mode = rules.rospis.opponents
    share = 60 if mode == "sixty" else half_rounded_up_to_5(contract)
    if mode == "half_bid_max_60":
        share = min(share, 60)
    third = rules.rospis.third_penalty if (match.concessions[me] + 1) % 3 == 0 else 0
    return (own + third) * view.multiplier + share * view.multiplier


def play_value(view: SeatView, contract: int, chance: float) -> float:
    """Expected (own delta − an opponent's delta) of playing `contract` with this chance."""
    m = view.multiplier
    made = contract * m - 25 * m
    failed = -contract * m - 50 * m
    if view.match.on_barrel(view.seat):
        made += 200  # winning the game
        failed = 0 if view.rules.barrel.failed_contract == "attempt" else failed
    return chance * made + (1 - chance) * failed


def contract_choice(
    view: SeatView,
    estimate: float,
    legal: Sequence[Action],
    chance_of: object = None,
    spread: float = SPREAD,
) -> Action:
    """Raise, keep the contract, concede or baptise, by expected value.

    `chance_of(value)` gives the chance to make a contract; by default it comes from the
    estimate with the usual spread."""
    rules = view.rules

    def chance(value: int) -> float:
        if callable(chance_of):
            return float(chance_of(value))
        return phi((estimate - made_threshold(rules, value)) / spread)

    keep = next(a for a in legal if a.act is Act.RAISE and a.value is None)
    contract = view.contract or 0
    best, best_value = keep, play_value(view, contract, chance(contract))
    for a in legal:
        if a.act is Act.RAISE and a.value is not None:
            v = play_value(view, a.value, chance(a.value))
            if v > best_value + 5:
                best, best_value = a, v
    for a in legal:
        if a.act in (Act.CONCEDE, Act.BAPTISM):
            v = -concession_cost(view, a.act)
            if v > best_value:
                best, best_value = a, v
    return best


def give_cards(hand: Sequence[Card], view: SeatView, owed: int) -> list[Card]:
    return best_exchange(list(hand), view.rules, owed)
