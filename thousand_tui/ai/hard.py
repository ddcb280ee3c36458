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
    Table,
)

EXACT_CARDS = 5  # with this many cards left in hand, points are searched exactly
MAX_SAMPLES = 200
DEFAULT_TIME = 0.25  # seconds of search per card played (the exchange gets 3×, a raise 2×)
FIRST_SAMPLE_CAP = 0.7  # seconds the first sampled deal may take when it overruns the budget


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


class Budget:
    """One decision's search allowance: samples, a deadline and a number of nodes.

    A sample whose solve is cut short by the deadline or by the nodes left ends the search
    (the samples already solved stand); one cut by the per-sample node limit is skipped. The
    solvers of one decision share a transposition table per objective (its entries hold for
    every sampled deal)."""

    def __init__(
        self,
        samples: int,
        deadline: float | None,
        nodes: int | None,
        per_sample: int | None,
        first_deadline: float | None,
    ) -> None:
        self.samples = samples
        self.deadline = deadline
        self.first_deadline = first_deadline
        self.nodes_left = nodes
        self.per_sample = per_sample
        self.done = 0
        self.tried = 0
        self.spent = False
        self.tables: dict[tuple[PlayRules, int], Table] = {}

    def more(self) -> bool:
        if self.spent or self.done >= self.samples or self.tried >= 3 * self.samples:
            return False
        if self.deadline is not None and self.done and time.perf_counter() >= self.deadline:
            return False
        self.tried += 1
        return True

    def solver(self, rules: PlayRules, weight: int) -> Solver:
        limits = [n for n in (self.nodes_left, self.per_sample) if n is not None]
        deadline = self.deadline if self.done else self.first_deadline
        table = self.tables.get((rules, weight))
        if table is None:
            table = self.tables[(rules, weight)] = Table(rules, weight)
        return Solver(
            rules,
            weight,
            node_limit=min(limits) if limits else None,
            deadline=deadline,
            table=table,
        )

    def close(self, solvers: Sequence[Solver | None], completed: bool) -> None:
        used = sum(s.nodes for s in solvers if s is not None)
        if self.nodes_left is not None:
            self.nodes_left -= used
            if self.nodes_left <= 0:
                self.spent = True
        if completed:
            self.done += 1
            return
        timed_out = self.deadline is not None and time.perf_counter() >= (
            self.deadline if self.done else (self.first_deadline or self.deadline)
        )
        if timed_out:
            self.spent = True


class HardPlayer(NormalPlayer):
    level = "hard"

    def __init__(
        self,
        seed: int = 0,
        time_budget: float | None = None,
        samples: int | None = None,
        node_budget: int | None = None,
        node_limit: int | None = 400_000,
    ) -> None:
        """Budgets per decision: `time_budget` seconds (in play; the exchange gets 3×, the
        raise 2×), at most `samples` deals, at most `node_budget` solver nodes in all, and at
        most `node_limit` nodes for one sampled deal. Without any, `DEFAULT_TIME` applies.
        With samples or nodes only, a decision depends on the seed and the view alone."""
        super().__init__(seed)
        if time_budget is None and samples is None and node_budget is None:
            time_budget = DEFAULT_TIME
        self.time_budget = time_budget
        self.samples = samples
        self.node_budget = node_budget
        self.node_limit = node_limit
        self._give_plan: tuple[int, list[Card]] | None = None

    # ------------------------------------------------------------ budgets

    def _rng(self, view: SeatView, salt: int = 0) -> random.Random:
        """A generator seeded by what the seat sees (never by anything hidden)."""
        h = self.seed * 1_000_003 + view.deal_number * 7919 + salt
        for c in sorted(view.hand or ()):
            h = h * 31 + c.index
        h = h * 131 + len(view.played_cards)
        return random.Random(h)

    def budget(self, scale: float = 1.0) -> Budget:
        now = time.perf_counter()
        deadline = first = None
        if self.time_budget is not None:
            deadline = now + self.time_budget * scale
            first = now + max(self.time_budget * scale, FIRST_SAMPLE_CAP)
        nodes = int(self.node_budget * scale) if self.node_budget is not None else None
        samples = self.samples if self.samples is not None else MAX_SAMPLES
        return Budget(samples, deadline, nodes, self.node_limit, first)

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
        order = play_order(view)
        me = view.seat
        my_mask = mask(view.hand or ())
        need = made_threshold(view.rules, view.contract or 0) - declarer_points(view)
        exact = len(view.hand or ()) <= EXACT_CARDS
        tallies = {m: Tally() for m in moves}
        budget = self.budget()
        while budget.more():
            placed = sample_deal(knowledge, rng)
            hands = {s: placed.get(s, 0) for s in order}
            hands[me] = my_mask
            pos = position_of(view, hands, pile_points(view, placed))
            solver = budget.solver(rules, 0)
            exact_solver = budget.solver(rules, 1) if exact else None
            try:
                made = solver.reaches_each(pos, need, moves)
                points = (
                    exact_solver.move_values(pos, moves)
                    if exact_solver is not None
                    else dict.fromkeys(moves, 0)
                )
            except NodeLimit:
                budget.close((solver, exact_solver), completed=False)
                continue
            budget.close((solver, exact_solver), completed=True)
            for move in moves:
                t = tallies[move]
                t.made += made[move]
                t.points += points[move]
                t.samples += 1
        if budget.done == 0:
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
        rng = self._rng(view, 1)
        seen = set(hand) | set(c for _, _, c in view.passed_cards)
        unseen = [c for c in DECK if c not in seen and c not in view.played_cards]
        order = play_order(view)
        me = view.seat
        others = [s for s in order if s != me]
        counts = {s: view.hand_counts[s] for s in others}
        made = [0] * len(candidates)
        budget = self.budget(3.0)
        while budget.more():
            cards = list(unseen)
            rng.shuffle(cards)
            base: dict[int, list[Card]] = {}
            at = 0
            for s in others:
                base[s] = cards[at : at + counts[s]]
                at += counts[s]
            row = []
            solvers: list[Solver | None] = []
            try:
                for give in candidates:
                    plan = assign_gives(give, others)
                    hands = {s: mask(base[s]) | (1 << plan[s].index) for s in others}
                    hands[me] = mask(c for c in hand if c not in give)
                    pos = position_of(view, hands)
                    solver = budget.solver(rules, 0)
                    solvers.append(solver)
                    row.append(solver.reaches(pos, need))
            except NodeLimit:
                budget.close(solvers, completed=False)
                continue
            budget.close(solvers, completed=True)
            for i, r in enumerate(row):
                made[i] += r
        if budget.done == 0:
            return [0.0] * len(candidates)
        return [m / budget.done for m in made]

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
                need = made_threshold(view.rules, value)
                heuristic = bidding.phi((estimate - need) / bidding.SPREAD)
                return 0.6 * chances[value] + 0.4 * heuristic
            return 0.0

        return bidding.contract_choice(view, estimate, legal, chance_of)

    def contract_chances(self, view: SeatView, values: Sequence[int]) -> dict[int, float] | None:
        rules = PlayRules.of(view.rules)
        knowledge = knowledge_of(view)
        rng = self._rng(view, 2)
        order = play_order(view)
        me = view.seat
        my_mask = mask(view.hand or ())
        needs = sorted({made_threshold(view.rules, v) for v in values})
        reached = dict.fromkeys(needs, 0)
        budget = self.budget(2.0)
        while budget.more():
            placed = sample_deal(knowledge, rng)
            hands = {s: placed.get(s, 0) for s in order}
            hands[me] = my_mask
            pos = position_of(view, hands)
            solver = budget.solver(rules, 0)
            row = {}
            try:
                for need in needs:
                    ok = solver.reaches(pos, need)
                    row[need] = ok
                    if not ok:
                        break
            except NodeLimit:
                budget.close((solver,), completed=False)
                continue
            budget.close((solver,), completed=True)
            for need in needs:
                reached[need] += row.get(need, False)
        if budget.done == 0:
            return None
        return {v: reached[made_threshold(view.rules, v)] / budget.done for v in values}


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
