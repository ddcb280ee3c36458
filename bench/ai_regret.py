"""Where a level loses its points: regret per kind of decision against a stronger reference.

Every seat of a deal is played by the level under test. At each of its decisions (every
decision before the play, a share of the card plays) a reference player decides the same view.
Where the two differ, the deal is played out twice from that point, once with each choice and
then with the level itself for every seat, on the real cards; the regret of the decision is

    u(reference's choice) − u(level's choice),   u(seat) = its score change − the mean change
                                                             of the other active seats,

so a positive regret is points lost. The real cards are one draw of what the deciding seat could
not see, so the mean over many decisions estimates what each kind of decision costs. Printed per
kind (auction, exchange, raise/concession, declarer play, defence): how many decisions were
checked, how many differ, and the points lost per deal (seat-deal summed over the seats), with a
95% interval.

    python bench/ai_regret.py normal --reference hard --deals 100 --jobs 2
    python bench/ai_regret.py hard --level-nodes 30000 --ref-nodes 600000 --deals 60 --jobs 2

A hard player is deterministic with a node or sample budget; `--level-nodes` and `--ref-nodes`
set them (the reference default: 20× the level's). `--think` instead gives the level a time
budget in seconds per card, as at the table.
"""

from __future__ import annotations

import argparse
import copy
import json
import math
import random
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass

from thousand_tui.ai import make_player
from thousand_tui.ai.base import Player
from thousand_tui.ai.knowledge import TALON, knowledge_of, sample_deal
from thousand_tui.engine.actions import Act, Action
from thousand_tui.engine.cards import DECK
from thousand_tui.engine.dealing import deal
from thousand_tui.engine.game import Game
from thousand_tui.engine.view import SeatView
from thousand_tui.presets import load_preset

KINDS = ("auction", "exchange", "raise/concession", "declarer play", "defence")
AUCTION = {
    Act.BID,
    Act.PASS,
    Act.DARK,
    Act.DARK_DECLINE,
    Act.DARK_CANCEL,
    Act.DARK_CANCEL_DECLINE,
    Act.REDEAL,
    Act.REDEAL_DECLINE,
}
EXCHANGE = {Act.TAKE_TALON, Act.GIVE, Act.DISCARD}
CONTRACT = {Act.RAISE, Act.CONCEDE, Act.BAPTISM}


def kind_of(view: SeatView, action: Action) -> str:
    if action.act in AUCTION:
        return "auction"
    if action.act in EXCHANGE:
        return "exchange"
    if action.act in CONTRACT:
        return "raise/concession"
    return "declarer play" if view.declarer == view.seat else "defence"


@dataclass(frozen=True)
class Budgets:
    level_nodes: int | None
    ref_nodes: int | None
    think: float | None
    ref_samples: int | None
    worlds: int = 0  # the auction/contract reference: sampled deals per decision (0: none)
    policy: str = "normal"  # who plays the sampled deals out
    judges: int = 1  # deals a differing decision is judged on: the real one and sampled ones


@dataclass
class Checked:
    kind: str
    weight: float  # 1 / the share of such decisions checked
    differs: bool
    regret: float
    chosen: str = ""  # the level's action and the reference's, where they differ
    better: str = ""


def player(level: str, seed: int, nodes: int | None, think: float | None, samples=None) -> Player:
    if level == "hard" and (nodes is not None or think is not None or samples is not None):
        from thousand_tui.ai.hard import HardPlayer

        return HardPlayer(seed, time_budget=think, node_budget=nodes, samples=samples)
    return make_player(level, seed)


class RolloutSearch:
    """The reference for the auction, the raise and the concession: each candidate is played
    out to the end of the deal in `worlds` deals sampled from what the seat knows (the same
    deals for every candidate), every seat played by `policy`; the best mean utility wins.
    Other decisions are the `fallback` player's."""

    def __init__(self, seed: int, policy: str, worlds: int, fallback: Player) -> None:
        self.seed = seed
        self.policy = policy
        self.worlds = worlds
        self.fallback = fallback

    def decide_in(self, game: Game, view: SeatView) -> Action:
        legal = list(view.legal)
        if legal[0].act not in AUCTION | CONTRACT:
            return self.fallback.decide(view)
        candidates = candidates_of(legal)
        if len(candidates) == 1:
            return candidates[0]
        rng = random.Random(f"{self.seed}/{len(game.lines)}")
        knowledge = knowledge_of(view)
        active = [s for s in range(game.rules.players) if s != game.deal.sitting_out]
        totals = [0.0] * len(candidates)
        for w in range(self.worlds):
            world = determinized(game, view, sample_deal(knowledge, rng))
            for i, action in enumerate(candidates):
                branch = copy.deepcopy(world)
                branch.apply(action)
                n = game.rules.players
                crew = [make_player(self.policy, self.seed * 100 + w * 7 + s) for s in range(n)]
                deltas = branch.results[-1].deltas if branch.results else finish(branch, crew)
                totals[i] += utility(deltas, view.seat, active)
        return candidates[max(range(len(candidates)), key=lambda i: totals[i])]


def candidates_of(legal: list[Action]) -> list[Action]:
    """The actions worth searching: every non-bid, and the bids and raises nearest the current
    level (the first five, then every tenth point up to 60 above)."""
    valued = sorted((a for a in legal if a.value is not None), key=lambda a: a.value or 0)
    out = [a for a in legal if a.value is None]
    if valued:
        low = valued[0].value or 0
        out += [a for i, a in enumerate(valued) if i < 5 or ((a.value or 0) - low) % 10 == 0]
        out = [a for a in out if a.value is None or (a.value - low) <= 60]
    return out


def determinized(game: Game, view: SeatView, placed: dict[int, int]) -> Game:
    """A copy of the game with every card the seat cannot see replaced by a sampled one."""
    world = copy.deepcopy(game)
    world.sink = None
    deal_ = world.deal
    for holder, cards in placed.items():
        hand = [DECK[i] for i in range(24) if (cards >> i) & 1]
        if holder == TALON:
            at = 0
            for talon in deal_.talons:
                size = len(talon)
                talon[:] = hand[at : at + size]
                at += size
        elif holder >= 0 and holder != view.seat:
            deal_.hands[holder][:] = hand
    return world


def utility(deltas: list[int], seat: int, active: list[int]) -> float:
    others = [deltas[s] for s in active if s != seat]
    return deltas[seat] - sum(others) / len(others)


def finish(game: Game, players: list[Player]) -> list[int]:
    """Play the deal under way to its result; the score changes."""
    done = len(game.results)
    while len(game.results) == done:
        seat = game.to_move
        assert seat is not None
        game.apply(players[seat].decide(game.view(seat)))
    return game.results[done].deltas


def play_deal(args: tuple[int, str, str, str, float, Budgets]) -> list[Checked]:
    index, level, reference, preset, play_share, budgets = args
    rules = load_preset(preset).rules
    seed = 5000 + index
    dealt = deal(seed, 1, 0, rules.players, False)
    game = Game(rules, seed, deals={1: dealt})
    n = rules.players

    def crew() -> list[Player]:
        return [player(level, seed * 10 + s, budgets.level_nodes, budgets.think) for s in range(n)]

    players = crew()
    ref_nodes = budgets.ref_nodes
    if ref_nodes is None and budgets.level_nodes is not None:
        ref_nodes = 20 * budgets.level_nodes
    refs: list[Player | RolloutSearch] = [
        player(reference, seed * 10 + s, ref_nodes, None, budgets.ref_samples) for s in range(n)
    ]
    if budgets.worlds:
        refs = [
            RolloutSearch(seed * 10 + s, budgets.policy, budgets.worlds, refs[s])  # type: ignore[arg-type]
            for s in range(n)
        ]
    pick = random.Random(seed)
    checked: list[Checked] = []
    active = [s for s in range(n) if s != game.deal.sitting_out]
    while not game.results:
        seat = game.to_move
        assert seat is not None
        view = game.view(seat)
        chosen = players[seat].decide(view)
        if len(view.legal) > 1:
            kind = kind_of(view, chosen)
            share = play_share if chosen.act is Act.PLAY else 1.0
            if pick.random() < share:
                ref = refs[seat]
                if isinstance(ref, RolloutSearch):
                    better = ref.decide_in(game, view)
                else:
                    better = ref.decide(view)
                regret = 0.0
                if better != chosen:
                    regret = rollout_gap(game, view, better, chosen, crew, active, budgets.judges)
                differs = better != chosen
                checked.append(
                    Checked(
                        kind,
                        1 / share,
                        differs,
                        regret,
                        chosen.describe() if differs else "",
                        better.describe() if differs else "",
                    )
                )
        game.apply(chosen)
    return checked


def rollout_gap(
    game: Game,
    view: SeatView,
    better: Action,
    chosen: Action,
    crew: Callable[[], list[Player]],
    active: list[int],
    judges: int,
) -> float:
    """The mean utility gap of the two choices over the real cards and `judges` − 1 deals
    sampled from what the seat knows (fresh ones, not the reference's)."""
    rng = random.Random(f"judge {game.seed} {len(game.lines)}")
    worlds = [game]
    if judges > 1:
        knowledge = knowledge_of(view)
        worlds += [determinized(game, view, sample_deal(knowledge, rng)) for _ in range(judges - 1)]
    gaps = []
    for world in worlds:
        outcomes = []
        for action in (better, chosen):
            branch = copy.deepcopy(world)
            branch.sink = None
            branch.apply(action)
            deltas = branch.results[-1].deltas if branch.results else finish(branch, crew())
            outcomes.append(utility(deltas, view.seat, active))
        gaps.append(outcomes[0] - outcomes[1])
    return sum(gaps) / len(gaps)


def mean_ci(values: list[float]) -> tuple[float, float]:
    n = len(values)
    if n == 0:
        return 0.0, 0.0
    mean = sum(values) / n
    var = sum((v - mean) ** 2 for v in values) / (n - 1) if n > 1 else 0.0
    return mean, 1.96 * math.sqrt(var / n)


def report(
    level: str, reference: str, deals: list[list[Checked]], seconds: float | None, note: str
) -> None:
    print(f"regret of {level} against {reference}: {len(deals)} deals{note}")
    if seconds is not None:
        print(f"took {seconds:.0f} s")
    print(f"{'decision':<18} {'checked':>8} {'differ':>7} {'lost per deal':>14} {'95% ±':>7}")
    total_per_deal = [0.0] * len(deals)
    for kind in KINDS:
        per_deal = []
        count = differ = 0
        for i, rows in enumerate(deals):
            lost = sum(r.regret * r.weight for r in rows if r.kind == kind)
            per_deal.append(lost)
            total_per_deal[i] += lost
            count += sum(1 for r in rows if r.kind == kind)
            differ += sum(1 for r in rows if r.kind == kind and r.differs)
        mean, ci = mean_ci(per_deal)
        share = f"{differ / count:.0%}" if count else "-"
        print(f"{kind:<18} {count:>8} {share:>7} {mean:>+14.1f} {ci:>7.1f}")
    mean, ci = mean_ci(total_per_deal)
    print(f"{'all':<18} {'':>8} {'':>7} {mean:>+14.1f} {ci:>7.1f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("level", help="the level measured: easy, normal, hard")
    parser.add_argument("--reference", default="hard", help="the stronger reference (hard)")
    parser.add_argument("--deals", type=int, default=60)
    parser.add_argument("--first", type=int, default=0, help="index of the first deal")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--preset", default="classic")
    parser.add_argument("--play-share", type=float, default=0.34, help="card plays checked")
    parser.add_argument("--level-nodes", type=int, help="solver nodes per decision of hard")
    parser.add_argument("--ref-nodes", type=int, help="the reference's (20× the level's)")
    parser.add_argument("--ref-samples", type=int, help="sampled deals per reference decision")
    parser.add_argument("--think", type=float, help="the level's seconds per card (hard)")
    parser.add_argument(
        "--worlds",
        type=int,
        default=16,
        help="auction, raise and concession: sampled deals per candidate (0: the reference)",
    )
    parser.add_argument("--policy", default="normal", help="who plays those deals out")
    parser.add_argument(
        "--judges",
        type=int,
        default=8,
        help="deals a differing decision is judged on: the real one and sampled ones (8)",
    )
    parser.add_argument("--out", help="write every checked decision to this JSON-lines file")
    parser.add_argument("--summary", help="only print the table of a file written by --out")
    args = parser.parse_args()
    if args.summary:
        with open(args.summary, encoding="utf-8") as lines:
            loaded = [[Checked(**row) for row in json.loads(line)] for line in lines if line]
        report(args.level, args.reference, loaded, None, f" (from {args.summary})")
        return
    budgets = Budgets(
        args.level_nodes,
        args.ref_nodes,
        args.think,
        args.ref_samples,
        args.worlds,
        args.policy,
        args.judges,
    )
    work = [
        (i, args.level, args.reference, args.preset, args.play_share, budgets)
        for i in range(args.first, args.first + args.deals)
    ]
    started = time.perf_counter()
    deals: list[list[Checked]] = []
    out = open(args.out, "a", encoding="utf-8") if args.out else None  # noqa: SIM115
    with ProcessPoolExecutor(args.jobs) as pool:
        for rows in pool.map(play_deal, work, chunksize=1):
            deals.append(rows)
            if out is not None:
                out.write(json.dumps([asdict(r) for r in rows]) + "\n")
                out.flush()
    if out is not None:
        out.close()
    chosen = {k: v for k, v in asdict(budgets).items() if v is not None}
    note = f", preset {args.preset}" + (f", {chosen}" if chosen else "")
    report(args.level, args.reference, deals, time.perf_counter() - started, note)


if __name__ == "__main__":
    main()
