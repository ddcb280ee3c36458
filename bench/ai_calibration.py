"""How well a level knows its contracts: the chance it gave the contract it chose, against how
often that contract was made.

Plays deals with every seat at the level measured and, at each declarer's contract decision
(keep, raise, concede or baptise, after the exchange), books the chance the level itself put on
the contract it chose; the deal is then played out. The table groups the contracts by that
chance: a level that knows its hands makes about as many of them as it expected. A contract
the declarer keeps with almost no chance is usually a forced minimum bid that costs less played
than conceded (classic: a concession gives each opponent 60). `hard` runs at a node budget, so
the figures do not depend on the machine's load.

    python bench/ai_calibration.py hard --deals 80 --hard-nodes 60000 --jobs 2
    python bench/ai_calibration.py normal --deals 300 --preset family

`--values` also groups every contract the declarer weighed at that decision (the one kept and
each raise), by the chance the level gave it, against how often the points he then took
reached it: how well the level knows the contracts it did not choose. `--auction` groups the
chance each declarer gave, at his last bid, the contract the auction left him with, against
how often his points reached it: how well the level bids, the auction's selection included
(a seat that overrates its hand wins the auction more often). `--defence` books each
defender's standing change (his score change less the others' mean) by the auction's shape:
the player on 100 left with his obligated bid, or another seat's bid of its own will; the
auction weighs every bid against one figure for defending, `bidding.DEFENDING`.
"""

from __future__ import annotations

import argparse
import statistics
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from itertools import pairwise

from thousand_tui.ai import bidding, make_player, seat_seed
from thousand_tui.ai.base import Player
from thousand_tui.ai.knowledge import made_threshold
from thousand_tui.ai.normal import NormalPlayer
from thousand_tui.engine.actions import Act, Action
from thousand_tui.engine.game import Game
from thousand_tui.engine.view import SeatView
from thousand_tui.presets import load_preset

BUCKETS = (0.0, 0.2, 0.4, 0.6, 0.8, 1.0001)
VALUE_BUCKETS = (0.0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0001)


@dataclass(frozen=True)
class Contract:
    chance: float  # the level's own chance of the contract it chose
    made: bool
    conceded: bool
    # Every contract weighed (kept or raised to): its chance, and whether the declarer's
    # points reached it.
    weighed: tuple[tuple[float, bool], ...] = ()
    # The chance the declarer gave his auction contract at his last bid, and whether his
    # points reached it (None: he never bid, or conceded).
    bid: tuple[float, bool] | None = None
    # The auction's shape ("obligated bid only" or "a bid of its own will") and each
    # defender's standing change: his score change less the others' mean.
    shape: str = ""
    standings: tuple[float, ...] = ()


Booked = tuple[float, Action, dict[int, float]]


def booking(player: NormalPlayer, booked: list[Booked]) -> None:
    """Make `player` book the chance of each contract decision it takes."""
    chance_of = player.contract_chance

    def contract(view: SeatView, legal: list[Action]) -> Action:
        chances: Callable[[int], float] = chance_of(view, legal)
        action = bidding.contract_choice(view, legal, chances)
        value = action.value if action.value is not None else view.contract or 0
        values = {view.contract or 0} | {a.value for a in legal if a.value is not None}
        booked.append((chances(value), action, {v: chances(v) for v in values}))
        return action

    player.contract = contract  # type: ignore[method-assign]


def bid_booking(player: NormalPlayer, bids: dict[int, tuple[int, float]]) -> None:
    """Make `player` book, per seat, its latest bid and the chance it gave that contract."""
    odds_of, bid_of = player.contract_odds, player.bid
    asked: dict[int, float] = {}

    def contract_odds(view: SeatView, values: Sequence[int]) -> dict[int, float]:
        chances = odds_of(view, values)
        asked.clear()
        asked.update(chances)
        return chances

    def bid(view: SeatView, legal: list[Action]) -> Action:
        action = bid_of(view, legal)
        if action.act is Act.BID and action.value in asked:
            bids[view.seat] = (action.value, asked[action.value])
        return action

    player.contract_odds = contract_odds  # type: ignore[method-assign]
    player.bid = bid  # type: ignore[method-assign]


def play_deal(args: tuple[str, str, int, int | None]) -> list[Contract]:
    level, preset, index, nodes = args
    rules = load_preset(preset).rules
    game_seed = 7000 + index
    game = Game(rules, game_seed)
    players: list[Player] = []
    booked: list[Booked] = []
    bids: dict[int, tuple[int, float]] = {}
    spoken: tuple[tuple[int, int | None], ...] = ()
    sitter = game.deal.sitting_out
    for seat in range(rules.players):
        if level == "hard":
            from thousand_tui.ai.hard import HardPlayer

            player: Player = HardPlayer(seat_seed(game_seed, seat), node_budget=nodes)
        else:
            player = make_player(level, seat_seed(game_seed, seat))
        if isinstance(player, NormalPlayer):
            booking(player, booked)
            bid_booking(player, bids)
        players.append(player)
    while not game.results and not game.over:
        mover = game.to_move
        assert mover is not None
        spoken = game.deal.bids or spoken
        game.apply(players[mover].decide(game.view(mover)))
    if not game.results or not booked:
        return []
    result = game.results[-1]
    chance, action, weighed = booked[-1]
    conceded = action.act in (Act.CONCEDE, Act.BAPTISM)
    reached: tuple[tuple[float, bool], ...] = ()
    bid: tuple[float, bool] | None = None
    if not conceded and result.declarer is not None and result.card_points is not None:
        d = result.declarer
        marriages = result.marriage_points[d] if result.marriage_points else 0
        points = result.card_points[d] + marriages
        reached = tuple((c, points >= made_threshold(rules, v)) for v, c in sorted(weighed.items()))
        if d in bids:
            value, given = bids[d]
            bid = (given, points >= made_threshold(rules, value))
    willing = any(value is not None for _, value in spoken[1:])
    shape = "a bid of its own will" if willing else "obligated bid only"
    counted = rules.players - (sitter is not None)
    sitting = result.deltas[sitter] if sitter is not None else 0
    standings = tuple(
        delta - (sum(result.deltas) - delta - sitting) / (counted - 1)
        for s, delta in enumerate(result.deltas)
        if s not in (result.declarer, sitter)
    )
    return [Contract(chance, bool(result.made), conceded, reached, bid, shape, standings)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("level", help="normal or hard")
    parser.add_argument("--deals", type=int, default=80)
    parser.add_argument("--preset", default="classic")
    parser.add_argument("--hard-nodes", type=int, default=60_000, help="hard's nodes per decision")
    parser.add_argument("--jobs", type=int, default=1, help="deals played side by side")
    parser.add_argument(
        "--values", action="store_true", help="also every contract weighed, kept or not"
    )
    parser.add_argument(
        "--auction", action="store_true", help="also each declarer's last bid, by its chance"
    )
    parser.add_argument(
        "--defence", action="store_true", help="also defenders' standing by the auction's shape"
    )
    args = parser.parse_args()
    tasks = [(args.level, args.preset, i, args.hard_nodes) for i in range(args.deals)]
    if args.jobs > 1:
        with ProcessPoolExecutor(args.jobs) as pool:
            contracts = [c for deal in pool.map(play_deal, tasks) for c in deal]
    else:
        contracts = [c for task in tasks for c in play_deal(task)]
    played = [c for c in contracts if not c.conceded]
    budget = f", {args.hard_nodes} solver nodes per decision" if args.level == "hard" else ""
    print(f"{args.level}, {args.preset}, {args.deals} deals{budget}")
    conceded = len(contracts) - len(played)
    print(f"contracts decided: {len(contracts)}, conceded or baptised: {conceded}")
    print(f"{'its chance':<12} {'contracts':>9} {'expected':>9} {'made':>6}")
    for low, high in pairwise(BUCKETS):
        group = [c for c in played if low <= c.chance < high]
        if not group:
            continue
        expected = statistics.mean(c.chance for c in group)
        made = sum(c.made for c in group) / len(group)
        label = f"{low:.1f}–{min(high, 1.0):.1f}"
        print(f"{label:<12} {len(group):>9} {expected:>9.2f} {made:>6.2f}")
    if played:
        expected = statistics.mean(c.chance for c in played)
        made = sum(c.made for c in played) / len(played)
        print(f"{'all played':<12} {len(played):>9} {expected:>9.2f} {made:>6.2f}")
    if args.values:
        weighed = [w for c in played for w in c.weighed]
        print_reached(f"every contract weighed ({len(weighed)})", weighed)
    if args.auction:
        bids = [c.bid for c in played if c.bid is not None]
        print_reached(f"each declarer's last bid ({len(bids)})", bids)
    if args.defence:
        print_defence(contracts)


def print_defence(contracts: list[Contract]) -> None:
    """Each defender's standing change by the auction's shape, mean and 95% interval."""
    print(f"\ndefenders' standing change (the auction counts {bidding.DEFENDING:+.0f})")
    for shape in ("obligated bid only", "a bid of its own will"):
        deals = [c for c in contracts if c.shape == shape]
        values = [v for c in deals for v in c.standings]
        if len(values) < 2:
            continue
        mean = statistics.mean(values)
        ci = 1.96 * statistics.stdev(values) / len(values) ** 0.5
        print(f"  {shape:<24} {len(deals):>5} deals  {mean:+6.1f} ± {ci:.1f}")


def print_reached(title: str, booked: list[tuple[float, bool]]) -> None:
    """(chance given, reached) pairs, grouped in bands of 0.1 of the chance."""
    print(f"\n{title}, against the points reaching it")
    print(f"{'its chance':<12} {'contracts':>9} {'expected':>9} {'reached':>8}")
    for low, high in pairwise(VALUE_BUCKETS):
        band = [b for b in booked if low <= b[0] < high]
        if not band:
            continue
        expected = statistics.mean(chance for chance, _ in band)
        reached = sum(ok for _, ok in band) / len(band)
        label = f"{low:.1f}–{min(high, 1.0):.1f}"
        print(f"{label:<12} {len(band):>9} {expected:>9.2f} {reached:>8.2f}")


if __name__ == "__main__":
    main()
