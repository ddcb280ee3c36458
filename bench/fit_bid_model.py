"""Fit how the game's players bid: the chance that a free seat outbids the high bid.

`hard@auction_reads` weighs the deals it samples by how likely the other seats, dealt those
cards, were to bid and pass as they did (`bidding.auction_likelihood`): a seat free to outbid
the high bid `high` does so with the chance phi((worth - high - offset) / sharpness), where
`worth` is the hand model's mean for its seven cards plus the talon's mean gain, and the
offset and sharpness are fitted for each kind of hand (no marriage, one, more): a hand
without a marriage is rarely bid on, one with a marriage mostly, whatever its worth. This
plays deals between players of a level, books every free choice (a bid or a pass with a bid
legal, not in the minus) with the hand's worth, kind and the high bid, and prints the offset
and sharpness of the greatest likelihood for each kind, to copy into `bidding.BID_MODEL`.

    python bench/fit_bid_model.py --deals 3000 --preset classic
    python bench/fit_bid_model.py --deals 300 --level hard --hard-nodes 20000
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from thousand_tui.ai import make_player
from thousand_tui.ai.base import Player
from thousand_tui.ai.bidding import BID_MODEL, TALON_GAIN, hand_kind, in_minus, phi
from thousand_tui.ai.handmodel import hand_model
from thousand_tui.ai.hard import HardPlayer
from thousand_tui.engine.actions import Act
from thousand_tui.engine.deal import Phase
from thousand_tui.engine.game import Game
from thousand_tui.presets import load_preset

Choice = tuple[float, int, bool, int]  # worth, high bid, outbid, kind of hand


def choices(preset: str, level: str, deals: int, nodes: int | None) -> list[Choice]:
    rules = load_preset(preset).rules
    model = hand_model()
    out: list[Choice] = []
    played = 0
    seed = 0
    while played < deals:
        game = Game(rules, 50_000 + seed)
        players: list[Player] = [
            HardPlayer(seed * 7 + s, node_budget=nodes)
            if level == "hard"
            else make_player(level, seed * 7 + s)
            for s in range(rules.players)
        ]
        seed += 1
        while not game.over and played < deals:
            seat = game.to_move
            assert seat is not None
            view = game.view(seat)
            action = players[seat].decide(view)
            free = view.phase is Phase.AUCTION and view.bids and view.hand is not None
            if free and any(a.act is Act.BID for a in view.legal) and not in_minus(view, seat):
                assert view.hand is not None
                high = max(v for _, v in view.bids if v is not None)
                worth = model.mean(view.hand, rules) + TALON_GAIN
                out.append((worth, high, action.act is Act.BID, hand_kind(view.hand)))
            before = len(game.results)
            game.apply(action)
            played += len(game.results) - before
    return out


def log_likelihood(data: list[Choice], offset: float, sharpness: float) -> float:
    total = 0.0
    for worth, high, outbid, _ in data:
        p = phi((worth - high - offset) / sharpness)
        p = min(max(p, 1e-9), 1 - 1e-9)
        total += math.log(p if outbid else 1 - p)
    return total


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=3000)
    parser.add_argument("--preset", default="classic")
    parser.add_argument("--level", default="normal")
    parser.add_argument("--hard-nodes", type=int, default=20_000)
    args = parser.parse_args()
    started = time.perf_counter()
    data = choices(args.preset, args.level, args.deals, args.hard_nodes)
    outbid = sum(1 for *_, y, _ in data if y)
    print(
        f"{len(data)} free choices in {args.deals} deals ({outbid} bids), "
        f"{time.perf_counter() - started:.0f} s"
    )
    for kind in sorted({k for *_, k in data}):
        mine = [c for c in data if c[3] == kind]
        offset, sharpness = fit(mine)
        now = BID_MODEL.get(kind)
        shipped = f", shipped {now}: {log_likelihood(mine, *now):.1f}" if now else ""
        print(
            f"kind {kind}: {len(mine)} choices, {sum(1 for c in mine if c[2])} bids: "
            f"offset {offset:+.1f} sharpness {sharpness:.1f} "
            f"log-likelihood {log_likelihood(mine, offset, sharpness):.1f}{shipped}"
        )


def fit(data: list[Choice]) -> tuple[float, float]:
    """The offset and sharpness of the greatest likelihood: a coarse grid, then a fine one."""
    coarse = ((o, s) for o in range(-80, 161, 4) for s in range(4, 201, 4))
    o, s = max(coarse, key=lambda p: log_likelihood(data, *p))
    fine = ((o + a / 2, s + b / 2) for a in range(-8, 9) for b in range(-8, 9) if s + b / 2 > 0)
    return max(fine, key=lambda p: log_likelihood(data, *p))


if __name__ == "__main__":
    main()
