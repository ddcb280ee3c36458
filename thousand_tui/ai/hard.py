"""`hard`: Perfect-Information Monte Carlo search.

For a card to play, deals consistent with the seat's view are sampled (`knowledge`), each is
solved open-card (`solver`) for every legal move, and the move with the best expected utility
is played: the declarer maximises the chance to make the contract, then his points; a
defender minimises it, then maximises the points he takes himself (he scores only his own
tricks), then keeps the declarer's down. With few cards left the points are exact; earlier
a null-window test at the contract answers the question that decides the deal. The exchange
and the raise are searched the same way from the first lead.

In the auction the hand model's odds are joined by a search: deals sampled from what the seat
knows, each weighted by how well its hands fit the bids and passes made so far, the talon
taken, the exchange chosen and the deal solved open-card. With `auction_options` (off until it
measures better) a bid is instead worth what the declarer would make of each sampled talon
and deal (`bidding.option_worths`): keep, raise or baptise the contract, whichever is worth
most once the talon is seen. With `auction_reads` (off: it measured no better) every deal
sampled, in the auction and after it (the exchange, the raise, the play), is weighed by how
likely the other seats, dealt those cards, were to bid and pass as they did
(`bidding.auction_likelihood`, fitted to the game's own auctions by `bench/fit_bid_model.py`).

Budgets: `samples` (deals per decision) and `node_budget` (solver nodes) make a decision
deterministic for a given seed; `time_budget` (seconds) caps the search, which then runs in
`jobs` worker processes side by side (`pool`, `worlds`). A decision reseeds its generator from
the seed and what the seat sees, so it never depends on anything hidden, nor on the order of
earlier decisions.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import replace
from itertools import combinations, permutations

from ..engine.actions import Act, Action
from ..engine.cards import DECK, Card
from ..engine.view import SeatView
from . import bidding, worlds
from .evaluate import assign_gives, give_cost
from .handmodel import hand_model
from .knowledge import (
    PILE,
    TALON,
    knowledge_of,
    made_threshold,
    mask,
    opening_position,
    play_order,
    position_of,
    sample_deal,
)
from .normal import NormalPlayer
from .pool import Workers
from .solver import Move, PlayRules
from .worlds import REACHES, VALUE, Answer, Tally, Task, best_moves, move_of, play_tasks, tallies_of

EXACT_CARDS = 6  # with this many cards left in hand, points are searched exactly
MAX_SAMPLES = 200
DEFAULT_TIME = 0.25  # seconds of search per card (the exchange gets 3×, a bid and a raise 2×)
AUCTION_SCALE = 2.0  # a bid's and a raise's budget, in cards' budgets
FIRST_SAMPLE_CAP = 0.7  # seconds the first sampled deal may take when it overruns the budget


class Budget:
    """One decision's search allowance: sampled deals, a deadline and solver nodes.

    `tasks(make)` yields one task per sampled deal while the allowance lasts; `take(answer)`
    books each answer in order and says whether it counts. An answer cut short by the deadline
    or by the nodes left ends the search (the deals already solved stand), and so does one
    that comes after the deadline; one cut by the per-deal node limit is skipped. The first
    deal may overrun the deadline up to `first_deadline`, so that a decision always rests on
    at least one deal."""

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
        self.started = 0
        self.skipped = 0
        self.spent = False

    def tasks(self, make: Callable[[int | None, float | None], Task]) -> Iterator[Task]:
        """Tasks from `make(node_limit, seconds)` while samples, nodes and time last."""
        while not self.spent and self.started - self.skipped < self.samples:
            if self.started >= 3 * self.samples:
                return
            now = time.perf_counter()
            until = self.deadline if self.done else (self.first_deadline or self.deadline)
            if until is not None and now >= until and self.started:
                return
            limits = [n for n in (self.nodes_left, self.per_sample) if n is not None]
            self.started += 1
            yield make(min(limits) if limits else None, None if until is None else until - now)

    def take(self, answer: Answer) -> bool:
        """Book one answer; whether its deal counts."""
        if self.spent:
            return False
        if self.nodes_left is not None:
            self.nodes_left -= answer.nodes
            if self.nodes_left <= 0:
                self.spent = True
        if answer.complete:
            self.done += 1
            # An answer that came after the deadline counts and ends the search: the deals
            # still out would only make the decision later.
            late = self.deadline is not None and time.perf_counter() >= self.deadline
            if self.done >= self.samples or late:
                self.spent = True
            return True
        until = self.deadline if self.done else (self.first_deadline or self.deadline)
        if until is not None and time.perf_counter() >= until:
            self.spent = True
        self.skipped += 1
        return False


class HardPlayer(NormalPlayer):
    level = "hard"
    talon_samples = 24
    auction_scale = AUCTION_SCALE
    # A defender plays for his own points once the contract's chance is settled: he scores
    # only the tricks he takes himself.
    for_himself = True
    own_cards = EXACT_CARDS  # with this many cards left, a defender's own points are searched
    # The deals sampled in play respect what the other players' losing cards say they lack.
    reads_play = True
    # The weight of the searched chance of a contract against the hand model's: in the
    # auction, and once the talon is in hand (the exchange, the raise).
    auction_searched = 0.5
    contract_searched = 0.5
    # Whether the deals sampled once the auction is over (the exchange, the raise, the play)
    # are weighed by how well the other defenders' hands fit their bids and passes
    # (`bidding.placement_fit`), as the auction's own search weighs its deals. Off until it
    # measures better: `hard@auction_reads=True` in bench/ai_versus.py.
    auction_reads = False

    def __init__(
        self,
        seed: int = 0,
        time_budget: float | None = None,
        samples: int | None = None,
        node_budget: int | None = None,
        node_limit: int | None = 400_000,
        jobs: int = 1,
    ) -> None:
        """Budgets per decision: `time_budget` seconds (a card; the exchange gets 3×, a bid
        and the raise 2×), at most `samples` deals, at most `node_budget` solver nodes in all,
        and at most `node_limit` nodes for one sampled deal. Without any, `DEFAULT_TIME` applies.
        With samples or nodes only, a decision depends on the seed and the view alone.
        `jobs` > 1 searches the sampled deals in that many worker processes (with a time
        budget only: the other budgets stay deterministic in one process)."""
        super().__init__(seed)
        self.jobs = jobs
        if time_budget is None and samples is None and node_budget is None:
            time_budget = DEFAULT_TIME
        self.time_budget = time_budget
        self.samples = samples
        self.node_budget = node_budget
        self.node_limit = node_limit
        # The exchange decided at the first card given: receiver → card, for that deal.
        self._give_plan: tuple[int, dict[int, Card]] | None = None

    # ------------------------------------------------------------ budgets

    def search_pool(self) -> Workers | None:
        """The worker processes, when the budget is time (the others stay in one process,
        where they are deterministic)."""
        if self.jobs <= 1 or self.time_budget is None:
            return None
        if self.samples is not None or self.node_budget is not None:
            return None
        # Imported here: the search service's client needs asyncio (about 8 MB), which a
        # player searching in one process, and the analysis process, do without.
        from .search_service import game_pool

        return game_pool(self.jobs)

    def searched(
        self, budget: Budget, make: Callable[[int | None, float | None], Task]
    ) -> list[tuple[int, Answer]]:
        """The answers that count, one per sampled deal, until the budget is spent; each with
        the number of its task (the order `make` was called in, from 0)."""
        pool = self.search_pool()
        # Time budgets reuse the tables of earlier decisions; the others start afresh, so
        # that a decision depends on its view alone.
        tables: worlds.Tables | None = None if self.time_budget is not None else {}
        out = []
        for number, answer in enumerate(worlds.run(budget.tasks(make), pool, tables)):
            if budget.take(answer):
                out.append((number, answer))
            if budget.spent:
                break
        return out

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
        exact = len(view.hand or ()) <= EXACT_CARDS
        own = self.for_himself and len(view.hand or ()) <= self.own_cards
        weights: list[float] = []
        weigh = self.placement_weigher(view)
        rng = self.view_rng(view)
        make = play_tasks(view, moves, rng, exact, own, self.reads_play, weigh, weights)
        answers = self.searched(self.budget(), make)
        if not answers:
            return None
        counted = self.deal_weights(weights, answers)
        return tallies_of(moves, (answer for _, answer in answers), counted)

    def placement_weigher(self, view: SeatView) -> Callable[[dict[int, int]], float] | None:
        """How a deal sampled after the auction is weighed (`auction_reads`), or None."""
        if not self.auction_reads:
            return None
        return lambda placed: bidding.placement_fit(view, placed)

    @staticmethod
    def deal_weights(
        weights: Sequence[float], answers: Sequence[tuple[int, Answer]]
    ) -> list[float] | None:
        """The weights of the answered deals, in their order: None (each deal counts 1) when
        the deals were not weighed, or when none of them fits at all."""
        if not weights:
            return None
        counted = [weights[number] for number, _ in answers]
        return counted if sum(counted) > 0 else None

    def choose(
        self,
        view: SeatView,
        legal: list[Action],
        moves: dict[Move, Action],
        tallies: dict[Move, Tally],
    ) -> Move:
        best = best_moves(view, tallies)
        if len(best) == 1:
            return best[0]
        # Ties: the table habit of the normal level among the best, else the cheapest card.
        # A defender playing for himself smears no points on his partner's trick.
        selfish = self.for_himself and view.declarer != view.seat
        habit = move_of(self.habit(view, [moves[m] for m in best], smear=not selfish))
        return habit if habit in best else best[0]

    # ------------------------------------------------------------ exchange and contract

    def give(self, view: SeatView, legal: list[Action]) -> Action:
        assert view.hand is not None
        hand = list(view.hand)
        receivers = sorted({a.to for a in legal if a.act is Act.GIVE and a.to is not None})
        owed = len(receivers) + (1 if any(a.act is Act.DISCARD for a in legal) else 0)
        plan = self._give_plan
        if plan is not None and plan[0] == view.deal_number:
            left = {to: card for to, card in plan[1].items() if card in hand}
            if len(left) == owed:
                return self.planned_give(legal, left)
        candidates = exchange_plans(hand, view, owed, receivers)
        if len(candidates) > 1:
            worths = self.exchange_worths(view, hand, candidates)
            best = candidates[max(range(len(candidates)), key=lambda i: (worths[i], -i))]
        else:
            best = candidates[0]
        self._give_plan = (view.deal_number, best)
        return self.planned_give(legal, best)

    @staticmethod
    def planned_give(legal: list[Action], plan: dict[int, Card]) -> Action:
        """The next action of a plan: receiver → card (a discard has receiver `DISCARDED`)."""
        for a in legal:
            if a.act is Act.GIVE and a.to in plan and a.card is plan[a.to]:
                return a
            if a.act is Act.DISCARD and a.card in plan.values():
                return a
        return legal[0]

    def exchange_worths(
        self, view: SeatView, hand: list[Card], candidates: list[dict[int, Card]]
    ) -> list[float]:
        """What each way to give the cards away is worth: the contract's chance over deals
        sampled from what the declarer knows, each played open-card, and what the given cards
        are worth to their receivers."""
        rules = PlayRules.of(view.rules)
        contract = view.contract or 0
        need = made_threshold(view.rules, contract)
        rng = self.view_rng(view, 1)
        knowledge = knowledge_of(view)
        order = play_order(view)
        me = view.seat

        weigh = self.placement_weigher(view)
        weights: list[float] = []

        def make(node_limit: int | None, seconds: float | None) -> Task:
            placed = sample_deal(knowledge, rng)
            if weigh is not None:
                weights.append(weigh(placed))
            positions = []
            for plan in candidates:
                given = set(plan.values())
                hands = {s: placed.get(s, 0) for s in order if s != me}
                for to, card in plan.items():
                    if to in hands:
                        hands[to] |= 1 << card.index
                hands[me] = mask(c for c in hand if c not in given)
                bonus = 0
                if view.players == 2:
                    pile = mask(c for to, c in plan.items() if to <= DISCARDED)
                    pile |= placed.get(PILE, 0)
                    bonus = sum(c.points for c in DECK if pile >> c.index & 1)
                positions.append(position_of(view, hands, bonus))
            return Task(rules, REACHES, tuple(positions), (need,), (), False, node_limit, seconds)

        answers = self.searched(self.budget(3.0), make)
        counted = self.deal_weights(weights, answers) or [1.0] * len(answers)
        made = [0.0] * len(candidates)
        for w, (_, answer) in zip(counted, answers, strict=True):
            for i, row in enumerate(answer.results):
                made[i] += w * row[0]  # type: ignore[index]
        done = sum(counted)
        out = []
        for i, plan in enumerate(candidates):
            kept = [c for c in hand if c not in plan.values()]
            chance = bidding.hand_odds(view, kept, [contract])[contract]
            if done:
                chance = blend(chance, made[i] / done, self.contract_searched)
            risk = sum(bidding.give_risk(c, hand, view.rules) for c in plan.values())
            out.append(bidding.play_worth(view, contract, chance) - 0.5 * risk)
        return out

    def talons(self, view: SeatView) -> list[tuple[Card, ...]]:
        return bidding.known_talons(view, self.view_rng(view, 3), self.talon_samples)

    def weighed_talons(self, view: SeatView) -> tuple[list[tuple[Card, ...]], list[float]]:
        """The talons `talons` samples, each with how well the deal it was drawn from fits
        the other seats' bids and passes (`bidding.auction_likelihood`); all 1 without
        `auction_reads`, once the talon is seen, or when no deal fits at all."""
        size = bidding.talon_size(view)
        if not self.auction_reads or (view.talon and len(view.talon) == size):
            drawn = self.talons(view)
            return drawn, [1.0] * len(drawn)
        # The draws of `bidding.known_talons`, with the other hands each came with.
        knowledge = knowledge_of(view)
        rng = self.view_rng(view, 3)
        others = [s for s in play_order(view) if s != view.seat]
        talons: list[tuple[Card, ...]] = []
        weights = []
        for _ in range(self.talon_samples):
            placed = sample_deal(knowledge, rng)
            talon = [DECK[i] for i in range(24) if placed.get(TALON, 0) >> i & 1]
            if len(talon) > size:  # two players: both talons; the declarer takes one
                talon = rng.sample(talon, size)
            talons.append(tuple(talon))
            hands = {s: [DECK[i] for i in range(24) if placed.get(s, 0) >> i & 1] for s in others}
            weights.append(bidding.auction_likelihood(view, hands))
        if sum(weights) <= 0:
            weights = [1.0] * len(talons)
        return talons, weights

    def model_prospects(self, view: SeatView, values: Sequence[int]) -> list[bidding.Prospect]:
        """The hand model's prospect of each sampled talon, weighed as `weighed_talons`."""
        talons, weights = self.weighed_talons(view)
        looks = bidding.outlooks(view, talons)
        total = sum(weights) or 1.0
        out = []
        for look, w in zip(looks, weights, strict=True):
            out += bidding.look_prospects(view, [look], values, w / total)
        return out

    def contract_odds(self, view: SeatView, values: Sequence[int]) -> dict[int, float]:
        """The hand model's odds over sampled talons, joined by the auction's search."""
        if self.auction_reads:
            looks = self.model_prospects(view, values)
            model = {v: sum(p.weight * p.chances[v] for p in looks) for v in values}
        else:
            model = super().contract_odds(view, values)
        searched = self.auction_search(view, values)
        if searched is None:
            return model
        return {v: blend(model[v], searched[v], self.auction_searched) for v in values}

    def prospects(self, view: SeatView, values: Sequence[int]) -> list[bidding.Prospect]:
        """The hand model's prospects over sampled talons and the auction search's over
        sampled deals, weighed together as `contract_odds` blends their chances."""
        if self.auction_reads:
            model = self.model_prospects(view, values)
        else:
            model = super().prospects(view, values)
        searched = self.searched_prospects(view, values)
        if not searched:
            return model
        w = self.auction_searched
        return [
            *(replace(p, weight=(1 - w) * p.weight) for p in model),
            *(replace(p, weight=w * p.weight) for p in searched),
        ]

    def auction_search(self, view: SeatView, values: Sequence[int]) -> dict[int, float] | None:
        """The chance of each contract over deals sampled from what the seat knows, each
        weighted by how well it fits the bids so far (`searched_prospects`)."""
        prospects = self.searched_prospects(view, values)
        if not prospects:
            return None
        return {v: sum(p.weight * p.chances[v] for p in prospects) for v in values}

    def searched_prospects(self, view: SeatView, values: Sequence[int]) -> list[bidding.Prospect]:
        """Deals sampled from what the seat knows, each weighted by how well it fits the bids
        so far (the weights add up to 1; none when nothing fits): the seat takes the talon,
        gives the cards the model minds least, and the deal is solved open-card; the points a
        declarer really takes spread around that value as the hand model measured."""
        assert view.hand is not None
        rules = PlayRules.of(view.rules)
        knowledge = knowledge_of(view)
        rng = self.view_rng(view, 4)
        order = play_order(view)
        me = view.seat
        model = hand_model()
        counts = bidding.marriages_count(view)
        weights: list[float] = []
        kept: list[tuple[Card, ...]] = []

        def make(node_limit: int | None, seconds: float | None) -> Task:
            placed = sample_deal(knowledge, rng)
            others = {s: [DECK[i] for i in range(24) if placed.get(s, 0) >> i & 1] for s in order}
            fit = bidding.auction_likelihood if self.auction_reads else bidding.auction_fit
            weights.append(fit(view, others))
            talon = [DECK[i] for i in range(24) if placed.get(TALON, 0) >> i & 1]
            talon = talon[: bidding.talon_size(view)]
            cards = [*(view.hand or ()), *talon]
            owed = len(cards) - bidding.kept_size(view)
            give = bidding.keep_best(cards, view.rules, owed, model, counts)
            receivers = [s for s in order if s != me]
            hands = {s: mask(others[s]) for s in receivers}
            bonus = 0
            if view.players == 2:
                unseen_talon = placed.get(TALON, 0) & ~mask(talon)
                bonus = sum(c.points for c in give) + sum(
                    c.points for c in DECK if unseen_talon >> c.index & 1
                )
            else:
                for to, card in assign_gives(give, receivers).items():
                    hands[to] |= 1 << card.index
            kept.append(tuple(c for c in cards if c not in give))
            hands[me] = mask(kept[-1])
            pos = opening_position(view, hands, bonus)
            return Task(rules, VALUE, (pos,), (), (), False, node_limit, seconds)

        answers = self.searched(self.budget(self.auction_scale), make)
        total = sum(weights[number] for number, _ in answers)
        if total <= 0:
            return []
        needs = {v: made_threshold(view.rules, v) for v in values}
        out = []
        for number, answer in answers:
            taken, spread = model.taken_after_open_card(view.rules, answer.results[0])  # type: ignore[arg-type]
            chances = {v: bidding.phi((taken - need + 0.5) / spread) for v, need in needs.items()}
            out.append(bidding.Prospect(weights[number] / total, kept[number], chances))
        return out

    def contract_chance(self, view: SeatView, legal: list[Action]) -> Callable[[int], float]:
        """The hand model's chance of each contract, joined by a search of sampled deals once
        the declarer's cards are known (three players, after the exchange)."""
        assert view.hand is not None and view.contract is not None
        if view.phase.value == "raise" or view.players == 2:
            return super().contract_chance(view, legal)
        values = sorted({view.contract} | {a.value for a in legal if a.value is not None})
        model = bidding.hand_odds(view, view.hand, values)
        # Search only the contracts the model does not already rule out.
        open_values = [v for v in values if model[v] > 0.05][:12] or values[:1]
        searched = self.contract_chances(view, open_values)

        def chance_of(value: int) -> float:
            if searched is None or value not in searched:
                return model.get(value, 0.0)
            # Each sampled deal is played open-card, which says made or not where real play
            # spreads (the hand model's calibration: the points really taken follow the
            # open-card value give or take 23); the model's chance smooths it.
            return blend(model[value], searched[value], self.contract_searched)

        return chance_of

    def contract_chances(self, view: SeatView, values: Sequence[int]) -> dict[int, float] | None:
        """The share of sampled deals, each played open-card, in which each contract is made."""
        rules = PlayRules.of(view.rules)
        knowledge = knowledge_of(view)
        rng = self.view_rng(view, 2)
        order = play_order(view)
        me = view.seat
        my_mask = mask(view.hand or ())
        needs = tuple(sorted({made_threshold(view.rules, v) for v in values}))

        weigh = self.placement_weigher(view)
        weights: list[float] = []

        def make(node_limit: int | None, seconds: float | None) -> Task:
            placed = sample_deal(knowledge, rng)
            if weigh is not None:
                weights.append(weigh(placed))
            hands = {s: placed.get(s, 0) for s in order}
            hands[me] = my_mask
            pos = position_of(view, hands)
            return Task(rules, REACHES, (pos,), needs, (), False, node_limit, seconds)

        answers = self.searched(self.budget(self.auction_scale), make)
        if not answers:
            return None
        counted = self.deal_weights(weights, answers) or [1.0] * len(answers)
        reached = dict.fromkeys(needs, 0.0)
        for w, (_, answer) in zip(counted, answers, strict=True):
            for need, ok in zip(needs, answer.results[0], strict=True):  # type: ignore[call-overload]
                reached[need] += w * ok
        n = sum(counted)
        return {v: reached[made_threshold(view.rules, v)] / n for v in values}


def blend(model: float, searched: float, weight: float) -> float:
    """A contract's chance from the hand model's and the search's, the search at `weight`."""
    return (1 - weight) * model + weight * searched


DISCARDED = -1  # receivers -1, -2, … of an exchange plan: cards discarded (two players)


def exchange_plans(
    hand: list[Card], view: SeatView, owed: int, receivers: list[int], sets: int = 4
) -> list[dict[int, Card]]:
    """A few sensible ways to give `owed` cards: the sets whose loss the hand model minds least,
    each given both ways round when there are two receivers."""
    rules = view.rules
    counts = bidding.marriages_count(view)
    model = hand_model()
    base = bidding.keep_best(hand, rules, owed, model, counts)
    pool = sorted(hand, key=lambda c: give_cost(c, hand))[: owed + 4]
    scored = []
    for combo in combinations(pool, owed):
        keep = [c for c in hand if c not in combo]
        risk = sum(bidding.give_risk(c, hand, rules) for c in combo)
        scored.append((model.mean(keep, rules, counts) - risk, list(combo)))
    scored.sort(key=lambda x: -x[0])
    chosen = [base] + [combo for _, combo in scored if set(combo) != set(base)]
    plans: list[dict[int, Card]] = []
    for cards in chosen[:sets]:
        for given in permutations(cards, len(receivers)):
            plan = dict(zip(receivers, given, strict=True))
            rest = [c for c in cards if c not in given]
            plan.update({DISCARDED - i: c for i, c in enumerate(rest)})
            plans.append(plan)
    return plans
