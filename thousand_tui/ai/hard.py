"""`hard`: Perfect-Information Monte Carlo search.

For a card to play, deals consistent with the seat's view are sampled (`knowledge`), each is
solved open-card (`solver`) for every legal move, and the move with the best expected utility
is played: the declarer maximises the chance to make the contract, then his points; the
defenders minimise it, then the declarer's points (their own). With few cards left the points
are exact; earlier a null-window test at the contract answers the question that decides the
deal. The exchange and the raise are searched the same way from the first lead.

Budgets: `samples` (deals per decision) and `node_limit` (nodes per solve) make a decision
deterministic for a given seed; `time_budget` (seconds) caps the search in play. A decision
reseeds its generator from the seed and what the seat sees, so it never depends on anything
hidden, nor on the order of earlier decisions.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations

from ..engine.actions import Act, Action
from ..engine.cards import DECK, Card
from ..engine.deal import ACE_MARRIAGE
from ..engine.view import SeatView
from . import bidding
from .evaluate import assign_gives, best_exchange, declarer_estimate, give_cost
from .knowledge import (
    declarer_points,
    knowledge_of,
    made_threshold,
    mask,
    pile_points,
    play_order,
    position_of,
    sample_deal,
)
from .normal import NormalPlayer
from .solver import (
    ACE_MARRIAGE as ACE_KIND,
)
from .solver import (
    KEEP_TRUMP,
    MARRIAGE,
    PLAIN,
    Move,
    NodeLimit,
    PlayRules,
    Solver,
    apply_move,
)

EXACT_CARDS = 5  # with this many cards left in hand, points are searched exactly
MAX_SAMPLES = 200
DEFAULT_TIME = 0.25  # seconds of search per card played (the exchange gets 3×, a raise 2×)


def move_of(action: Action) -> Move:
    assert action.card is not None
    if action.marriage is None:
        kind = PLAIN
    elif action.marriage == ACE_MARRIAGE:
        kind = ACE_KIND
    else:
        kind = KEEP_TRUMP if action.keep_trump else MARRIAGE
    return action.card.index, kind


@dataclass
class Tally:
    made: int = 0
    points: float = 0.0
    samples: int = 0


class HardPlayer(NormalPlayer):
    level = "hard"

    def __init__(
        self,
        seed: int = 0,
        time_budget: float | None = None,
        samples: int | None = None,
        node_limit: int | None = 200_000,
        min_samples: int = 4,
    ) -> None:
        """Without budgets, a decision takes about `DEFAULT_TIME` seconds of search."""
        super().__init__(seed)
        if time_budget is None and samples is None:
            time_budget = DEFAULT_TIME
        self.time_budget = time_budget
        self._give_plan: tuple[int, list[Card]] | None = None
        self.samples = samples
        self.node_limit = node_limit
        self.min_samples = min_samples

    # ------------------------------------------------------------ budgets

    def _rng(self, view: SeatView, salt: int = 0) -> random.Random:
        """A generator seeded by what the seat sees (never by anything hidden)."""
        h = self.seed * 1_000_003 + view.deal_number * 7919 + salt
        for c in sorted(view.hand or ()):
            h = h * 31 + c.index
        h = h * 131 + len(view.played_cards)
        return random.Random(h)

    def _deadline(self, scale: float = 1.0) -> float | None:
        if self.time_budget is None:
            return None
        return time.perf_counter() + self.time_budget * scale

    def _more(self, done: int, tried: int, deadline: float | None) -> bool:
        """Another sample? Until the budget is spent; solves cut short by the node limit
        are tried again, at most twice as many as the budget."""
        limit = self.samples if self.samples is not None else MAX_SAMPLES
        if done >= limit or tried >= 3 * limit:
            return False
        if deadline is not None and done >= self.min_samples:
            return time.perf_counter() < deadline
        return True

    # ------------------------------------------------------------ card play

    def play(self, view: SeatView, legal: list[Action]) -> Action:
        if view.hand is None or view.declarer is None or view.contract is None:
            return super().play(view, legal)
        moves = {move_of(a): a for a in legal}
        if len(moves) == 1:
            return legal[0]
        tallies = self.search_play(view, list(moves))
        if tallies is None:
            return super().play(view, legal)
        return moves[self.choose(view, legal, moves, tallies)]

    def search_play(self, view: SeatView, moves: list[Move]) -> dict[Move, Tally] | None:
        rules = PlayRules.of(view.rules)
        knowledge = knowledge_of(view)
        rng = self._rng(view)
        deadline = self._deadline()
        order = play_order(view)
        me = view.seat
        my_mask = mask(view.hand or ())
        need = made_threshold(view.rules, view.contract or 0) - declarer_points(view)
        exact = len(view.hand or ()) <= EXACT_CARDS
        tallies = {m: Tally() for m in moves}
        done = tried = 0
        while self._more(done, tried, deadline):
            tried += 1
            placed = sample_deal(knowledge, rng)
            hands = {s: placed.get(s, 0) for s in order}
            hands[me] = my_mask
            pos = position_of(view, hands, pile_points(view, placed))
            solver = Solver(rules, 0, deadline=deadline)
            exact_solver = Solver(rules, 1, deadline=deadline) if exact else None
            results: dict[Move, tuple[bool, int]] = {}
            try:
                for move in moves:
                    solver.node_limit = (
                        solver.nodes + self.node_limit if self.node_limit is not None else None
                    )
                    solver._check_at = solver._next_check()
                    child = pos.copy()
                    gain = apply_move(child, move, rules, 0)
                    made = solver.reaches(child, need - gain)
                    points = 0
                    if exact_solver is not None:
                        child = pos.copy()
                        gain = apply_move(child, move, rules, 1)
                        points = gain + exact_solver.value(child)
                    results[move] = (made, points)
            except NodeLimit:
                if self.samples is None:
                    break  # out of time: keep the samples already solved
                continue
            for move, (made, points) in results.items():
                t = tallies[move]
                t.made += made
                t.points += points
                t.samples += 1
            done += 1
        if done == 0:
            return None
        return tallies

    def choose(
        self,
        view: SeatView,
        legal: list[Action],
        moves: dict[Move, Action],
        tallies: dict[Move, Tally],
    ) -> Move:
        declarer = view.declarer == view.seat
        sign = 1 if declarer else -1

        def utility(m: Move) -> tuple[float, float]:
            t = tallies[m]
            return sign * t.made, sign * t.points

        top = max(utility(m) for m in tallies)
        best = [m for m in tallies if utility(m) == top]
        if len(best) == 1:
            return best[0]
        # Ties: the table habit of the normal level among the best, else the cheapest card.
        habit = move_of(super().play(view, [moves[m] for m in best]))
        return habit if habit in best else best[0]

    # ------------------------------------------------------------ exchange and contract

    def give(self, view: SeatView, legal: list[Action]) -> Action:
        assert view.hand is not None
        hand = list(view.hand)
        owed = len({a.to for a in legal if a.act is Act.GIVE}) + (
            1 if any(a.act is Act.DISCARD for a in legal) else 0
        )
        plan = self._give_plan
        if plan is not None and plan[0] == view.deal_number:
            cards = [c for c in plan[1] if c in hand]
            if len(cards) == owed:
                return self.give_action(legal, cards)
        candidates = exchange_candidates(hand, view, owed)
        receivers = {a.to for a in legal if a.act is Act.GIVE}
        if len(candidates) == 1 or view.players == 2 or len(receivers) < 2:
            return self.give_action(legal, candidates[0])
        chances = self.exchange_chances(view, hand, candidates)
        best = max(range(len(candidates)), key=lambda i: (chances[i], -i))
        self._give_plan = (view.deal_number, candidates[best])
        return self.give_action(legal, candidates[best])

    def exchange_chances(
        self, view: SeatView, hand: list[Card], candidates: list[list[Card]]
    ) -> list[float]:
        """For each way to give cards away, the share of sampled deals that make the contract."""
        rules = PlayRules.of(view.rules)
        contract = view.contract or 0
        need = made_threshold(view.rules, contract)
        deadline = self._deadline(3.0)
        rng = self._rng(view, 1)
        seen = set(hand) | set(c for _, _, c in view.passed_cards)
        unseen = [c for c in DECK if c not in seen and c not in view.played_cards]
        order = play_order(view)
        me = view.seat
        others = [s for s in order if s != me]
        counts = {s: view.hand_counts[s] for s in others}
        made = [0] * len(candidates)
        done = tried = 0
        while self._more(done, tried, deadline):
            tried += 1
            cards = list(unseen)
            rng.shuffle(cards)
            base: dict[int, list[Card]] = {}
            at = 0
            for s in others:
                base[s] = cards[at : at + counts[s]]
                at += counts[s]
            row = []
            try:
                for give in candidates:
                    plan = assign_gives(give, others)
                    hands = {s: mask(base[s]) | (1 << plan[s].index) for s in others}
                    hands[me] = mask(c for c in hand if c not in give)
                    pos = position_of(view, hands)
                    solver = Solver(rules, 0, node_limit=self.node_limit, deadline=deadline)
                    row.append(solver.reaches(pos, need))
            except NodeLimit:
                if self.samples is None:
                    break
                continue
            for i, r in enumerate(row):
                made[i] += r
            done += 1
        if done == 0:
            return [0.0] * len(candidates)
        return [m / done for m in made]

    def contract(self, view: SeatView, legal: list[Action]) -> Action:
        assert view.hand is not None and view.contract is not None
        if view.phase.value == "raise" or view.players == 2:
            return super().contract(view, legal)
        estimate = declarer_estimate(view.hand, view.rules, bidding.marriages_count(view))
        values = sorted({view.contract} | {a.value for a in legal if a.value is not None})[:8]
        chances = self.contract_chances(view, values)
        if chances is None:
            return super().contract(view, legal)

        def chance_of(value: int) -> float:
            if value in chances:
                # Open-card play flatters the declarer: blend with the hand's estimate.
                heuristic = bidding.phi((estimate - made_threshold(view.rules, value)) / 17)
                return 0.6 * chances[value] + 0.4 * heuristic
            return 0.0

        return bidding.contract_choice(view, estimate, legal, chance_of)

    def contract_chances(self, view: SeatView, values: Sequence[int]) -> dict[int, float] | None:
        rules = PlayRules.of(view.rules)
        knowledge = knowledge_of(view)
        rng = self._rng(view, 2)
        deadline = self._deadline(2.0)
        order = play_order(view)
        me = view.seat
        my_mask = mask(view.hand or ())
        needs = sorted({made_threshold(view.rules, v) for v in values})
        reached = dict.fromkeys(needs, 0)
        done = tried = 0
        while self._more(done, tried, deadline):
            tried += 1
            placed = sample_deal(knowledge, rng)
            hands = {s: placed.get(s, 0) for s in order}
            hands[me] = my_mask
            pos = position_of(view, hands)
            solver = Solver(rules, 0, node_limit=self.node_limit, deadline=deadline)
            row = {}
            try:
                for need in needs:
                    ok = solver.reaches(pos, need)
                    row[need] = ok
                    if not ok:
                        break
            except NodeLimit:
                if self.samples is None:
                    break
                continue
            for need in needs:
                reached[need] += row.get(need, False)
            done += 1
        if done == 0:
            return None
        return {v: reached[made_threshold(view.rules, v)] / done for v in values}


def exchange_candidates(hand: list[Card], view: SeatView, owed: int) -> list[list[Card]]:
    """A few sensible ways to give `owed` cards: the estimate's best, then the cheapest."""
    first = best_exchange(hand, view.rules, owed)
    pool = sorted(hand, key=lambda c: give_cost(c, hand))[: owed + 3]
    out = [first]

    scored = []
    for combo in combinations(pool, owed):
        keep = [c for c in hand if c not in combo]
        scored.append((declarer_estimate(keep, view.rules), list(combo)))
    scored.sort(key=lambda x: -x[0])
    for _, combo in scored:
        if set(combo) != set(out[0]) and len(out) < 4:
            out.append(combo)
    return out
