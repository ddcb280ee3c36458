"""Open-card solver speed: full solves, contract tests and sampled worlds per second.

Three measurements, each on seeded random deals:

- `value`: a full solve (no window) of a fresh deal, the declarer to lead the first trick,
  no trump: classic rules (3 × 8 cards), online-site rules (the ace marriage; the four aces are
  dealt to one seat so that it can be declared) and two players (2 × 10 cards, four cards
  going to the winner of the last trick).
- `reaches`: a null-window test at a contract of 120 and of 160, classic rules, on deals where
  the declarer holds a marriage.
- `pimc`: the first card of real deals (classic, the auction and exchange played by `normal`)
  searched by `hard` as in play: every legal lead of every sampled world tested at the
  contract. Worlds per second with a fixed number of samples, and the worlds searched within
  the default time per card.

Seconds are processor seconds of this process (`time.process_time`: on a machine shared with
other work they measure one core's work, where wall-clock time would also count the waits),
the median of `--repeat` runs of each solve; nodes are exact. The worlds within the time per
card are counted by `hard`'s own wall-clock deadline, so they also depend on the machine's load.
Goals: a full 8-trick solve in ≤ 0.05 s mean on one core; ≥ 50 worlds for the first card
within 0.25 s on two cores, that is 100 worlds per second on each.

    python bench/solver.py --deals 40 --repeat 3
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

from thousand_tui.ai import make_player
from thousand_tui.ai.hard import DEFAULT_TIME, HardPlayer, move_of
from thousand_tui.ai.solver import KING, QUEEN, PlayRules, Position, Solver
from thousand_tui.engine.cards import DECK
from thousand_tui.engine.deal import Phase
from thousand_tui.engine.game import Game
from thousand_tui.engine.view import SeatView
from thousand_tui.presets import load_preset

ACES = [c.index for c in DECK if c.index % 6 == 5]


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))]


def has_marriage(hand: int) -> bool:
    return any((hand >> (s * 6 + KING)) & 1 and (hand >> (s * 6 + QUEEN)) & 1 for s in range(4))


def random_position(rng: random.Random, players: int, aces_together: bool = False) -> Position:
    """A fresh deal: declarer (position 0) to lead, no trump, no trick taken yet."""
    size = 8 if players == 3 else 10
    cards = list(range(24))
    rng.shuffle(cards)
    hands = [0] * players
    if aces_together:
        seat = rng.randrange(players)
        cards = [c for c in cards if c not in ACES]
        for c in ACES:
            hands[seat] |= 1 << c
    at = 0
    for p in range(players):
        while hands[p].bit_count() < size:
            hands[p] |= 1 << cards[at]
            at += 1
    bonus = sum((0, 2, 3, 4, 10, 11)[c % 6] for c in cards[at:]) if players == 2 else 0
    return Position(hands, 0, 0, marriage_scores=(True,) * players, last_bonus=bonus)


def timed(solve: Callable[[], int], repeat: int) -> tuple[float, int]:
    """The median seconds of `repeat` runs of `solve` (which returns its node count)."""
    times = []
    nodes = 0
    for _ in range(repeat):
        t0 = time.process_time()
        nodes = solve()
        times.append(time.process_time() - t0)
    return statistics.median(times), nodes


def row(label: str, seconds: list[float], nodes: list[int]) -> None:
    print(
        f"{label:<26} {statistics.mean(seconds):7.4f} {statistics.median(seconds):7.4f} "
        f"{percentile(seconds, 0.95):7.4f} {max(seconds):7.4f}   "
        f"{statistics.mean(nodes):9.0f} {statistics.median(nodes):9.0f} "
        f"{percentile(nodes, 0.95):9.0f} {max(nodes):9.0f}"
    )


def bench_value(label: str, preset: str, deals: int, seed: int, repeat: int) -> None:
    rules = PlayRules.of(load_preset(preset).rules)
    players = load_preset(preset).rules.players
    rng = random.Random(seed)
    seconds, nodes = [], []
    for _ in range(deals):
        pos = random_position(rng, players, aces_together=rules.ace_enabled)

        def solve(pos: Position = pos) -> int:
            solver = Solver(rules)
            solver.value(pos)
            return solver.nodes

        s, n = timed(solve, repeat)
        seconds.append(s)
        nodes.append(n)
    row(label, seconds, nodes)


def bench_reaches(deals: int, seed: int, repeat: int) -> None:
    rules = PlayRules.of(load_preset("classic").rules)
    rng = random.Random(seed)
    positions = []
    while len(positions) < deals:
        pos = random_position(rng, 3)
        if has_marriage(pos.hands[0]):
            positions.append(pos)
    for need in (120, 160):
        seconds, nodes, made = [], [], 0
        for pos in positions:

            def solve(pos: Position = pos, need: int = need) -> int:
                solver = Solver(rules)
                solver.reaches(pos, need)
                return solver.nodes

            s, n = timed(solve, repeat)
            seconds.append(s)
            nodes.append(n)
            made += Solver(rules).reaches(pos, need)
        row(f"reaches {need} ({made}/{deals} made)", seconds, nodes)


def first_leads(deals: int, seed: int) -> list[SeatView]:
    """Views of the declarer about to lead the first card, from games between `normal`s."""
    rules = load_preset("classic").rules
    out = []
    game_seed = seed
    while len(out) < deals:
        game = Game(rules, game_seed)
        players = [make_player("normal", game_seed * 10 + s) for s in range(rules.players)]
        while not game.over and len(game.results) < 1:
            seat = game.to_move
            assert seat is not None
            view = game.view(seat)
            if view.phase is Phase.PLAY and not view.tricks and not view.trick:
                out.append(view)
                break
            game.apply(players[seat].decide(view))
        game_seed += 1
    return out


def bench_pimc(deals: int, seed: int, samples: int) -> None:
    views = first_leads(deals, seed)
    rates, within = [], []
    total_worlds, total_seconds = 0, 0.0
    for i, view in enumerate(views):
        moves = list(dict.fromkeys(move_of(a) for a in view.legal))
        player = HardPlayer(seed=i, samples=samples)
        t0 = time.process_time()
        tallies = player.search_play(view, moves)
        spent = time.process_time() - t0
        done = next(iter(tallies.values())).samples if tallies else 0
        rates.append(done / spent)
        total_worlds += done
        total_seconds += spent
        timed_player = HardPlayer(seed=i, time_budget=DEFAULT_TIME)
        tallies = timed_player.search_play(view, moves)
        within.append(next(iter(tallies.values())).samples if tallies else 0)
    print(
        f"pimc first card, {len(views)} deals × {samples} worlds: worlds per second "
        f"{total_worlds / total_seconds:.1f} overall, {statistics.median(rates):.1f} median deal, "
        f"{min(rates):.1f} slowest deal; worlds within {DEFAULT_TIME} s (wall clock): "
        f"mean {statistics.mean(within):.1f}, median {statistics.median(within):.0f}, "
        f"min {min(within)}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=3, help="timing runs per solve (median)")
    parser.add_argument("--pimc-deals", type=int, default=10)
    parser.add_argument("--pimc-samples", type=int, default=20)
    parser.add_argument("--only", choices=("value", "reaches", "pimc"), default=None)
    args = parser.parse_args()
    print(
        f"{'':<26} {'seconds: mean':>13} {'median':>7} {'p95':>7} {'max':>7}   "
        f"{'nodes: mean':>9} {'median':>9} {'p95':>9} {'max':>9}"
    )
    if args.only in (None, "value"):
        bench_value("value classic 3×8", "classic", args.deals, args.seed, args.repeat)
        bench_value("value online-site 3×8", "online-site", args.deals, args.seed, args.repeat)
        bench_value("value two-player 2×10", "two-player", args.deals, args.seed, args.repeat)
    if args.only in (None, "reaches"):
        bench_reaches(args.deals, args.seed, args.repeat)
    if args.only in (None, "pimc"):
        bench_pimc(args.pimc_deals, args.seed, args.pimc_samples)


if __name__ == "__main__":
    main()
