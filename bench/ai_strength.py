"""Duplicate match between two AI levels: the same deals, every seating, the same seeds.

Each deal of the preset (classic unless named; from a fresh match: scores 0) is played six
times, with the two contenders in the seatings AAB, ABA, BAA, ABB, BAB, BBA. A contender's
result on a deal is its mean score change over the seats it held; the difference A − B per deal
is averaged over the deals with a 95% confidence interval. Also: the rate of contracts made by
each contender as declarer, the deals each declared, and A − B split by the role each seat had
in the six seatings (declarer with one contract, declarer with different ones, defender, or
roles the auction changed).

With two players each seating's first two letters hold the seats (AA, AB, BA, AB, BA, BB: each
contender holds each seat three times); with four, the dealer sits out the deal and the three
others take the six seatings (the sitter's score, the same in all six, counts for no one).

    python bench/ai_strength.py normal easy --deals 300 --jobs 2
    python bench/ai_strength.py hard normal --deals 300 --jobs 1      # as at the table
    python bench/ai_strength.py hard normal --deals 60 --jobs 1 --hard-time 0.1,0.25,1.0
    python bench/ai_strength.py hard normal --deals 300 --hard-nodes 60000   # deterministic
    python bench/ai_strength.py oracle normal --deals 100 --hard-nodes 60000

`oracle` is a yardstick, not a level of the game: `hard` that sees every card (the other hands
and the talon), so each of its searches is of the one true deal. What it wins over a level
bounds what reading the cards better could win; what it wins over `hard`, how much `hard`
loses by not seeing them.

`habits` is another: `normal` whose auction, raise and concession are `easy`'s table habits
(its exchange and play stay `normal`'s). What `normal` wins over it is what deciding those by
evaluation is worth; what `hard` wins over it, `hard`'s edge over a `normal` that bids by habit.

    python bench/ai_strength.py normal habits --deals 1000 --jobs 2
    python bench/ai_strength.py hard habits --deals 200 --hard-nodes 60000

`shaped` is a third: `normal` that weighs each bid against what defending came to in its
self-play for the auction's shape (`bench/ai_calibration.py --defence`) instead of the mean.

    python bench/ai_strength.py shaped normal --deals 1000 --jobs 2

With several times per card (`--hard-time`), the same deals are played at each, and each time
is also compared deal by deal with the game's own (0.25 s; the first time given when 0.25 is
not among them): a much closer measure of what more time gives than the two matches apart.

With `--jobs 1` each hard player searches in worker processes on every core, as at the table
(its time budget is the game's: 0.25 s per card); with more jobs each gets one core.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass, field, replace

from thousand_tui.ai import EasyPlayer, NormalPlayer, bidding, hard, make_player, worlds
from thousand_tui.ai.base import Player
from thousand_tui.ai.knowledge import TALON, Knowledge, mask, sample_deal
from thousand_tui.ai.pool import default_jobs
from thousand_tui.engine.actions import Action
from thousand_tui.engine.dealing import deal
from thousand_tui.engine.game import Game
from thousand_tui.engine.scoring import Settlement
from thousand_tui.engine.view import SeatView
from thousand_tui.presets import load_preset

SEATINGS = ("AAB", "ABA", "BAA", "ABB", "BAB", "BBA")


@dataclass
class DealResult:
    a_mean: float
    b_mean: float
    a_declared: int
    a_made: int
    b_declared: int
    b_made: int
    # A − B of this deal by the role of each seat (the three seats' shares add up to it):
    # declarer in all six seatings with one contract, or with another (a raise or a
    # concession), defender in all six, or the auction gave the seat different roles.
    by_role: dict[str, float] = field(default_factory=dict)


ROLES = ("declarer play", "raise or concession", "defence", "auction")


Budget = tuple[int | None, float | None, int | None, int]  # samples, seconds, nodes, jobs


class Oracle(hard.HardPlayer):
    """`hard` searching the true deal only: every sampled deal is the cards as they lie.
    `oracle@sees=talon` sees the talon only (the other hands are sampled as `hard` does)."""

    level = "oracle"
    sees = "all"


class Habits(NormalPlayer):
    """`normal` whose bids, raise and concession are `easy`'s table habits."""

    level = "habits"

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self.easy = EasyPlayer(seed)

    def bid(self, view: SeatView, legal: list[Action]) -> Action:
        return self.easy.decide(view)

    def contract(self, view: SeatView, legal: list[Action]) -> Action:
        return self.easy.decide(view)


class Shaped(NormalPlayer):
    """`normal` whose worth of defending follows the auction's shape instead of its mean
    (`bidding.DEFENDING`): what a defender's standing came to in `normal`'s self-play when
    the player on 100 was left with his obligated bid (`forced`) and when another seat had
    bid of its own will (`bid`)."""

    level = "shaped"
    forced = 19.0
    bid_will = -25.0

    def bid(self, view: SeatView, legal: list[Action]) -> Action:
        values = sorted({a.value for a in legal if a.value is not None})
        if not values:
            return super().bid(view, legal)
        chances = self.contract_odds(view, values)
        willing = any(v is not None and s != view.seat for s, v in view.bids[1:])
        defend = self.bid_will if willing else self.forced
        limit = bidding.auction_limit(view, chances, defend - bidding.DEFENDING)
        return bidding.choose_bid(view, legal, limit)


_truth: dict[int, int] | None = None  # holder → mask while an oracle decides


def sampled_or_true(knowledge: Knowledge, rng: random.Random, tries: int = 60) -> dict[int, int]:
    """The true placement while an oracle decides (where it knows every holder; of the talon
    alone, when that is all it sees), else a sampled one."""
    if not _truth:
        return sample_deal(knowledge, rng, tries)
    if set(_truth) != {TALON}:
        if set(knowledge.holders) <= set(_truth):
            return dict(_truth)
        return sample_deal(knowledge, rng, tries)
    talon = _truth[TALON] & knowledge.unseen
    known = {**knowledge.known, TALON: knowledge.known.get(TALON, 0) | talon}
    counts = {**knowledge.counts, TALON: knowledge.counts.get(TALON, 0) - talon.bit_count()}
    seen = replace(knowledge, unseen=knowledge.unseen & ~talon, known=known, counts=counts)
    return sample_deal(seen, rng, tries)


# Every sampled deal of `hard` (and of the hand model's talons) is drawn through these names;
# outside an oracle's decision they draw exactly as before, so the levels play unchanged.
for module in (bidding, hard, worlds):
    module.sample_deal = sampled_or_true  # type: ignore[attr-defined]


def decide(player: Player, game: Game, seat: int) -> Action:
    """The player's decision; an oracle's with the true placement of every card at hand."""
    global _truth
    if not isinstance(player, Oracle):
        return player.decide(game.view(seat))
    d = game.deal
    _truth = {}
    if player.sees == "all":
        _truth = {s: mask(hand) for s, hand in enumerate(d.hands) if s != seat}
    if d.talons and d.taken_talon is None:
        _truth[TALON] = mask(c for talon in d.talons for c in talon)
    try:
        return player.decide(game.view(seat))
    finally:
        _truth = None


def make(level: str, seed: int, budget: Budget) -> Player:
    """A player of `level` (or `oracle`); `level@name=value,…` also sets attributes of it (a
    tuning aid: `normal@margin=10`)."""
    name, _, settings = level.partition("@")
    samples, seconds, nodes, jobs = budget
    if name in ("hard", "oracle"):
        kind = Oracle if name == "oracle" else hard.HardPlayer
        player: Player = kind(
            seed, samples=samples, time_budget=seconds, node_budget=nodes, jobs=jobs
        )
    elif name == "habits":
        player = Habits(seed)
    elif name == "shaped":
        player = Shaped(seed)
    else:
        player = make_player(name, seed)
    for setting in filter(None, settings.split(",")):
        key, _, value = setting.partition("=")
        setattr(player, key, type(getattr(player, key))(value))
    return player


def play_deal(args: tuple[int, str, str, str, Budget]) -> DealResult:
    index, a, b, preset, budget = args
    rules = load_preset(preset).rules
    seed = 1000 + index
    dealt = deal(seed, 1, 0, rules.players, False)
    scores: dict[str, list[int]] = {"A": [], "B": []}
    declared = {"A": 0, "B": 0}
    made = {"A": 0, "B": 0}
    settled = []
    levels = {"A": a, "B": b}
    for seating in SEATINGS:
        game = Game(rules, seed, deals={1: dealt})
        held = holders(seating, rules.players, game.deal.sitting_out)
        players = [
            make(levels[who], seed * 10 + s, budget) if who else None for s, who in enumerate(held)
        ]
        while not game.results:
            seat = game.to_move
            assert seat is not None
            player = players[seat]
            assert player is not None, "the seat that sits out has no turn"
            game.apply(decide(player, game, seat))
        result = game.results[0]
        settled.append((held, result))
        for s, who in enumerate(held):
            if who:
                scores[who].append(result.deltas[s])
        if result.declarer is not None:
            who = held[result.declarer]
            assert who is not None
            declared[who] += 1
            made[who] += bool(result.made)
    return DealResult(
        sum(scores["A"]) / len(scores["A"]),
        sum(scores["B"]) / len(scores["B"]),
        declared["A"],
        made["A"],
        declared["B"],
        made["B"],
        by_role(settled),
    )


def holders(seating: str, players: int, sitting_out: int | None) -> list[str | None]:
    """The contender holding each seat: the seating's letters in seat order, skipping the seat
    that sits out the deal (four players), which no one holds."""
    letters = iter(seating)
    return [None if s == sitting_out else next(letters) for s in range(players)]


def by_role(settled: list[tuple[list[str | None], Settlement]]) -> dict[str, float]:
    """A − B of one deal split by the role of each seat in the six seatings. A seat that
    defended in all six counts under defence, though what it scores there also depends on who
    declared against it and what he gave it."""
    out = dict.fromkeys(ROLES, 0.0)
    held = {who: sum(seats.count(who) for seats, _ in settled) for who in "AB"}
    for s, holder in enumerate(settled[0][0]):
        if holder is None:
            continue
        games = {who: [r for seats, r in settled if seats[s] == who] for who in "AB"}
        share = sum(r.deltas[s] for r in games["A"]) / held["A"]
        share -= sum(r.deltas[s] for r in games["B"]) / held["B"]
        roles = {r.declarer == s for r in games["A"] + games["B"]}
        if roles == {True}:
            contracts = {who: {(r.contract, r.conceded) for r in games[who]} for who in "AB"}
            same = contracts["A"] == contracts["B"]
            role = "declarer play" if same else "raise or concession"
        elif roles == {False}:
            role = "defence"
        else:
            role = "auction"
        out[role] += share
    return out


def mean_ci(values: list[float]) -> tuple[float, float]:
    n = len(values)
    mean = sum(values) / n
    var = sum((v - mean) ** 2 for v in values) / (n - 1) if n > 1 else 0.0
    return mean, 1.96 * math.sqrt(var / n)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("a", help="contender A (level)")
    parser.add_argument("b", help="contender B (level)")
    parser.add_argument("--deals", type=int, default=300)
    parser.add_argument("--first", type=int, default=0, help="index of the first deal")
    parser.add_argument("--jobs", type=int, default=2, help="deals played side by side")
    parser.add_argument("--preset", default="classic")
    parser.add_argument("--hard-samples", type=int, default=None)
    parser.add_argument(
        "--hard-time",
        default=None,
        help="hard's seconds per card; a comma list runs one match per value: 0.1,0.25,1.0",
    )
    parser.add_argument(
        "--hard-nodes", type=int, default=None, help="solver nodes per decision (deterministic)"
    )
    parser.add_argument(
        "--hard-jobs",
        type=int,
        default=None,
        help="worker processes of each hard player (default: every core when --jobs is 1)",
    )
    parser.add_argument("--out", help="append each deal's result to this JSON-lines file")
    parser.add_argument(
        "--summary", help="only print the summary of a JSON-lines file written by --out"
    )
    args = parser.parse_args()
    if args.summary:
        with open(args.summary, encoding="utf-8") as lines:
            loaded = [DealResult(**json.loads(line)) for line in lines if line.strip()]
        report(args, loaded, None)
        return
    hard_jobs = args.hard_jobs
    if hard_jobs is None:
        hard_jobs = default_jobs() if args.jobs == 1 else 1
    times = [float(t) for t in args.hard_time.split(",")] if args.hard_time else [None]
    rows: list[tuple[float, list[float]]] = []
    for seconds in times:
        args.seconds = seconds
        started = time.perf_counter()
        budget = (args.hard_samples, seconds, args.hard_nodes, hard_jobs)
        out = args.out if len(times) == 1 or not args.out else f"{args.out}.{seconds:g}"
        results = match(args, budget, out)
        report(args, results, time.perf_counter() - started)
        if seconds is not None:
            rows.append((seconds, [r.a_mean - r.b_mean for r in results]))
    if len(rows) > 1:
        by_budget(args, rows)


def by_budget(args: argparse.Namespace, rows: list[tuple[float, list[float]]]) -> None:
    """A − B at each of hard's times per card, and deal by deal against the game's own time."""
    print(f"\n{args.a} − {args.b}, {args.deals} deals, by hard's seconds per card:")
    base_seconds, base = next(((s, d) for s, d in rows if s == hard.DEFAULT_TIME), rows[0])
    for seconds, diffs in rows:
        diff, ci = mean_ci(diffs)
        line = f"  {seconds:>5} s: {diff:+6.1f} ± {ci:.1f}"
        if seconds != base_seconds:
            gain, gain_ci = mean_ci([d - b for d, b in zip(diffs, base, strict=True)])
            line += f"   ({gain:+.1f} ± {gain_ci:.1f} against {base_seconds:g} s)"
        print(line)


def match(args: argparse.Namespace, budget: Budget, out: str | None) -> list[DealResult]:
    """The deals of one match; each result appended to `out` as it comes."""
    deals = range(args.first, args.first + args.deals)
    work = [(i, args.a, args.b, args.preset, budget) for i in deals]
    results = []
    sink = open(out, "a", encoding="utf-8") if out else None  # noqa: SIM115
    try:
        if args.jobs > 1:
            with ProcessPoolExecutor(args.jobs) as pool:
                for r in pool.map(play_deal, work, chunksize=2):
                    results.append(r)
                    if sink:
                        sink.write(json.dumps(asdict(r)) + "\n")
                        sink.flush()
        else:
            for w in work:
                r = play_deal(w)
                results.append(r)
                if sink:
                    sink.write(json.dumps(asdict(r)) + "\n")
                    sink.flush()
    finally:
        if sink:
            sink.close()
    return results


def report(args: argparse.Namespace, results: list[DealResult], seconds: float | None) -> None:
    a_mean, a_ci = mean_ci([r.a_mean for r in results])
    b_mean, b_ci = mean_ci([r.b_mean for r in results])
    d_mean, d_ci = mean_ci([r.a_mean - r.b_mean for r in results])
    a_decl = sum(r.a_declared for r in results)
    b_decl = sum(r.b_declared for r in results)
    a_made = sum(r.a_made for r in results)
    b_made = sum(r.b_made for r in results)
    print(f"duplicate match, preset {args.preset}: {args.a} (A) vs {args.b} (B)")
    took = f", {seconds:.0f} s" if seconds is not None else ""
    print(f"deals: {len(results)} × 6 seatings{took}")
    if "hard" in (args.a, args.b):
        budget = {
            "samples": args.hard_samples,
            "seconds": getattr(args, "seconds", None),
            "nodes": args.hard_nodes,
            "jobs": args.hard_jobs,
        }
        chosen = ", ".join(f"{k} {v}" for k, v in budget.items() if v is not None)
        print(f"hard budget per decision: {chosen or 'default time'}")
    print(f"{args.a:>8}: {a_mean:+7.1f} ± {a_ci:.1f} points per seat-deal")
    print(f"{args.b:>8}: {b_mean:+7.1f} ± {b_ci:.1f} points per seat-deal")
    low, high = d_mean - d_ci, d_mean + d_ci
    print(f"A − B   : {d_mean:+7.1f} ± {d_ci:.1f} (95% interval {low:+.1f} … {high:+.1f})")
    for name, decl, made in ((args.a, a_decl, a_made), (args.b, b_decl, b_made)):
        rate = made / decl if decl else 0.0
        print(f"{name:>8}: declared {decl} times, made {made} ({rate:.0%})")
    split = [r for r in results if r.by_role]
    if split:
        print(f"A − B by the role of the seat ({len(split)} deals):")
        for role in ROLES:
            mean, ci = mean_ci([r.by_role[role] for r in split])
            print(f"  {role:<20} {mean:+6.1f} ± {ci:.1f}")


if __name__ == "__main__":
    main()
