"""Rebuild the declarer's hand model (`thousand_tui/ai/data/hand_model.json`).

The model says how many points (cards + marriages) a declarer takes with the eight cards he
keeps after the exchange: a linear score of the hand's features (`ai/handmodel.py`) and, for
hands of each kind, the spread of the real result around it. It is fitted in two steps:

1. `generate`: random deals; the declarer adds the talon, gives two cards away the way the
   game's players do, and the deal is solved open-card. One JSON line per deal: the kept hand,
   the rules variant, the open-card points.
2. `calibrate`: fewer deals played out to the end by `hard` players (each decision searched
   over sampled deals, as at the table): the points a declarer really takes, which fall short
   of the open-card value by an amount the hand's kind decides.
3. `fit`: least squares of the calibrated points on the features, per variant, and the
   residual quantiles per kind of hand; written as JSON (a few kilobytes).

    python bench/fit_hand_model.py generate --deals 12000 --jobs 2 --out /tmp/hands.jsonl
    python bench/fit_hand_model.py calibrate --deals 1000 --jobs 2 --out /tmp/played.jsonl
    python bench/fit_hand_model.py fit /tmp/hands.jsonl /tmp/played.jsonl

The shipped model was built so, on a 2-core machine shared with other work: `generate`,
12,000 deals in 1,213 s (2.6 MB of JSON lines); `calibrate`, 1,000 deals played by `hard` in
1,327 s (0.28 MB); `fit`, a few seconds. The model itself is 2.7 kB.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from functools import cache
from pathlib import Path

from thousand_tui.ai.evaluate import assign_gives, best_exchange
from thousand_tui.ai.solver import PlayRules, Position, Solver
from thousand_tui.engine.cards import DECK, Card, codes
from thousand_tui.engine.rules import Rules
from thousand_tui.presets import load_preset

ROOT = Path(__file__).resolve().parent.parent
VARIANTS = ("classic", "online-site", "family", "two-player")


@cache
def rules_of(variant: str) -> Rules:
    return load_preset(variant).rules


def mask(cards: list[Card]) -> int:
    out = 0
    for c in cards:
        out |= 1 << c.index
    return out


def one_deal(args: tuple[str, int]) -> dict[str, object]:
    """A random deal of `variant` with seat 0 as declarer, solved open-card."""
    variant, seed = args
    rules = rules_of(variant)
    rng = random.Random(f"hand model {variant} {seed}")
    deck = list(DECK)
    rng.shuffle(deck)
    if rules.players == 2:
        size = rules.talon_size
        per_hand = rules.hand_size
        mine, theirs = deck[:per_hand], deck[per_hand : 2 * per_hand]
        talon = deck[2 * per_hand : 2 * per_hand + size]
        cards = mine + talon
        give = best_exchange(cards, rules, len(cards) - len(theirs))
        keep = [c for c in cards if c not in give]
        hands = [mask(keep), mask(theirs)]
        bonus = sum(c.points for c in give) + sum(c.points for c in deck[2 * per_hand + size :])
    else:
        mine, left, right = deck[:7], deck[7:14], deck[14:21]
        talon = deck[21:24]
        cards = mine + talon
        give = best_exchange(cards, rules, 2)
        keep = [c for c in cards if c not in give]
        plan = assign_gives(give, [1, 2])
        hands = [mask(keep), mask([*left, plan[1]]), mask([*right, plan[2]])]
        bonus = 0
    pos = Position(hands=hands, declarer=0, leader=0, last_bonus=bonus)
    pos.marriage_scores = tuple(True for _ in hands)
    value = Solver(PlayRules.of(rules)).value(pos)
    return {
        "variant": variant,
        "seed": seed,
        "hand": codes(mine),
        "talon": codes(talon),
        "keep": codes(keep),
        "give": codes(give),
        "open": value,
    }


def generate(options: argparse.Namespace) -> None:
    work = [
        (variant, seed)
        for seed in range(options.first, options.first + options.deals)
        for variant in options.variants.split(",")
    ]
    started = time.perf_counter()
    with Path(options.out).open("a", encoding="utf-8") as out:
        if options.jobs > 1:
            with ProcessPoolExecutor(options.jobs) as pool:
                for row in pool.map(one_deal, work, chunksize=8):
                    out.write(json.dumps(row) + "\n")
        else:
            for w in work:
                out.write(json.dumps(one_deal(w)) + "\n")
    took = time.perf_counter() - started
    print(f"{len(work)} deals solved in {took:.0f} s ({took / len(work):.3f} s each)")


# ---------------------------------------------------------------- played out by `hard`


def played_deal(args: tuple[str, int, int]) -> dict[str, object]:
    """The same deal as `one_deal`, played out: the forehand (seat 1) holds the declarer's
    cards, the others pass, he takes the talon, gives the same two cards, plays a contract
    near the open-card value, and `hard` players (a node budget per decision) play it out."""
    from thousand_tui.ai.hard import HardPlayer
    from thousand_tui.engine.actions import Act, Action
    from thousand_tui.engine.dealing import Dealt
    from thousand_tui.engine.game import Game

    variant, seed, nodes = args
    solved = one_deal((variant, seed))
    rules = rules_of(variant)
    n = rules.players
    mine = [c for c in DECK if c.code in solved["hand"]]  # type: ignore[operator]
    keep = {c.code for c in DECK if c.code in solved["keep"]}  # type: ignore[operator]
    rng = random.Random(f"hand model {variant} {seed}")
    deck = list(DECK)
    rng.shuffle(deck)
    declarer = 1  # forehand of dealer 0
    if n == 2:
        size = rules.talon_size
        per = rules.hand_size
        hands = [tuple(deck[per : 2 * per]), tuple(mine)]
        talons = (tuple(deck[2 * per : 2 * per + size]), tuple(deck[2 * per + size :]))
    else:
        hands = [tuple(deck[14:21]), tuple(mine), tuple(deck[7:14])]
        talons = (tuple(deck[21:24]),)
    dealt = Dealt(hands=tuple(hands), talons=talons)
    game = Game(rules, seed, deals={1: dealt})
    players = [HardPlayer(seed * 10 + s, node_budget=nodes) for s in range(n)]
    target = max(rules.bidding.min, (int(solved["open"]) - 10) // 5 * 5)  # type: ignore[call-overload]
    while not game.results:
        seat = game.to_move
        assert seat is not None
        view = game.view(seat)
        legal = list(view.legal)
        act = legal[0].act
        chosen: Action | None = None
        if act in (Act.BID, Act.PASS):
            chosen = next(a for a in legal if a.act is Act.PASS) if seat != declarer else None
        elif act in (Act.REDEAL, Act.REDEAL_DECLINE, Act.DARK, Act.DARK_DECLINE):
            chosen = next(
                (a for a in legal if a.act in (Act.REDEAL_DECLINE, Act.DARK_DECLINE)), None
            )
        elif act is Act.TAKE_TALON:
            chosen = next(a for a in legal if a.talon == 0)
        elif act in (Act.GIVE, Act.DISCARD):
            chosen = next(
                (a for a in legal if a.card is not None and a.card.code not in keep), None
            )
        elif act in (Act.RAISE, Act.CONCEDE, Act.BAPTISM):
            raises = [a for a in legal if a.act is Act.RAISE and a.value is not None]
            fits = [a for a in raises if (a.value or 0) <= target]
            chosen = max(fits, key=lambda a: a.value or 0) if fits else legal[0]
            if chosen.act is not Act.RAISE:
                chosen = next(a for a in legal if a.act is Act.RAISE and a.value is None)
        if chosen is None:
            chosen = players[seat].decide(view)
        game.apply(chosen)
    result = game.results[0]
    assert result.card_points is not None and result.marriage_points is not None
    return {
        **solved,
        "contract": result.contract,
        "redeal": result.redeal,
        "played": result.card_points[declarer] + result.marriage_points[declarer],
        "made": bool(result.made),
    }


def calibrate(options: argparse.Namespace) -> None:
    work = [
        (variant, seed, options.nodes)
        for seed in range(options.first, options.first + options.deals)
        for variant in options.variants.split(",")
    ]
    started = time.perf_counter()
    with Path(options.out).open("a", encoding="utf-8") as out:
        if options.jobs > 1:
            with ProcessPoolExecutor(options.jobs) as pool:
                for row in pool.map(played_deal, work, chunksize=2):
                    out.write(json.dumps(row) + "\n")
                    out.flush()
        else:
            for w in work:
                out.write(json.dumps(played_deal(w)) + "\n")
    took = time.perf_counter() - started
    print(f"{len(work)} deals played in {took:.0f} s ({took / len(work):.2f} s each)")


# ---------------------------------------------------------------- the fit


def solve_least_squares(rows: list[list[float]], targets: list[float], ridge: float) -> list[float]:
    """Weights minimising the squared error plus `ridge` × the squared weights (not the first)."""
    k = len(rows[0])
    a = [[0.0] * k for _ in range(k)]
    b = [0.0] * k
    for x, y in zip(rows, targets, strict=True):
        for i in range(k):
            xi = x[i]
            if xi == 0.0:
                continue
            b[i] += xi * y
            row = a[i]
            for j in range(k):
                row[j] += xi * x[j]
    for i in range(1, k):
        a[i][i] += ridge
    # Gaussian elimination with partial pivoting.
    for col in range(k):
        pivot = max(range(col, k), key=lambda r: abs(a[r][col]))
        if abs(a[pivot][col]) < 1e-12:
            a[col][col] = 1.0  # a feature never seen: weight 0
            continue
        a[col], a[pivot] = a[pivot], a[col]
        b[col], b[pivot] = b[pivot], b[col]
        for r in range(k):
            if r != col and a[r][col] != 0.0:
                factor = a[r][col] / a[col][col]
                row, top = a[r], a[col]
                for j in range(col, k):
                    row[j] -= factor * top[j]
                b[r] -= factor * b[col]
    return [b[i] / a[i][i] for i in range(k)]


def quantiles(values: list[float], count: int = 21) -> list[float]:
    ordered = sorted(values)
    n = len(ordered)
    out = []
    for i in range(count):
        at = i * (n - 1) / (count - 1)
        lo = int(at)
        hi = min(lo + 1, n - 1)
        out.append(round(ordered[lo] + (ordered[hi] - ordered[lo]) * (at - lo), 2))
    return out


def fit(options: argparse.Namespace) -> None:
    from thousand_tui.ai.handmodel import FEATURES, features, kind_of

    def load(path: str) -> list[dict[str, object]]:
        with open(path, encoding="utf-8") as lines:
            return [json.loads(line) for line in lines if line.strip()]

    solved = load(options.solved)
    played = [r for r in load(options.played) if not r.get("redeal")] if options.played else []
    out: dict[str, object] = {"features": list(FEATURES), "weights": {}, "spreads": {}, "fit": {}}
    for key, variants in (("3", ("classic", "online-site", "family")), ("2", ("two-player",))):
        rows, targets = [], []
        for r in solved:
            if r["variant"] not in variants:
                continue
            cards = [c for c in DECK if c.code in r["keep"]]  # type: ignore[operator]
            rows.append(features(cards, rules_of(str(r["variant"]))))
            targets.append(float(r["open"]))  # type: ignore[arg-type]
        if not rows:
            continue
        w_open = solve_least_squares(rows, targets, options.ridge)
        # Calibration: the points really taken, as a line of the open-card prediction.
        pairs = []
        residuals: dict[int, list[float]] = {0: [], 1: [], 2: []}
        for r in played:
            if r["variant"] not in variants:
                continue
            cards = [c for c in DECK if c.code in r["keep"]]  # type: ignore[operator]
            x = features(cards, rules_of(str(r["variant"])))
            pairs.append((sum(a * b for a, b in zip(w_open, x, strict=True)), r, cards))
        if len(pairs) >= 30:
            xs = [[1.0, p] for p, _, _ in pairs]
            ys = [float(r["played"]) for _, r, _ in pairs]  # type: ignore[arg-type]
            alpha, beta = solve_least_squares(xs, ys, 0.0)
            # How the points really taken spread around the open-card value of the same deal.
            opens = [[1.0, float(r["open"])] for _, r, _ in pairs]  # type: ignore[arg-type]
            a_open, b_open = solve_least_squares(opens, ys, 0.0)
            misses = [y - a_open - b_open * x[1] for x, y in zip(opens, ys, strict=True)]
            spread = (sum(m * m for m in misses) / len(misses)) ** 0.5
        else:
            alpha, beta = -8.0, 1.0
            a_open, b_open, spread = 0.0, 1.0, 25.0
        out.setdefault("open_card", {})[key] = [  # type: ignore[union-attr]
            round(a_open, 2),
            round(b_open, 3),
            round(spread, 1),
        ]
        weights = [beta * w for w in w_open]
        weights[0] += alpha
        source = (
            pairs
            if len(pairs) >= 30
            else [
                (
                    sum(a * b for a, b in zip(w_open, rows[i], strict=True)),
                    {"played": targets[i]},
                    None,
                )
                for i in range(len(rows))
            ]
        )
        for pred, r, cards in source:
            kind = kind_of(cards) if cards is not None else 0
            mean = alpha + beta * pred
            residuals[kind].append(float(r["played"]) - mean)  # type: ignore[arg-type]
        pooled = [v for vs in residuals.values() for v in vs]
        spreads = [
            quantiles(residuals[k] if len(residuals[k]) >= 40 else pooled) for k in (0, 1, 2)
        ]
        out["weights"][key] = [round(w, 4) for w in weights]  # type: ignore[index]
        out["spreads"][key] = spreads  # type: ignore[index]
        fitted = [sum(a * b for a, b in zip(w_open, x, strict=True)) for x in rows]
        err = (sum((f - t) ** 2 for f, t in zip(fitted, targets, strict=True)) / len(rows)) ** 0.5
        out["fit"][key] = {  # type: ignore[index]
            "solved": len(rows),
            "played": len(pairs),
            "open_rmse": round(err, 1),
            "alpha": round(alpha, 2),
            "beta": round(beta, 3),
        }
        print(
            f"{key} players: {len(rows)} solved, {len(pairs)} played; model rmse {err:.1f}; "
            f"played = {a_open:+.1f} + {b_open:.3f} × open-card value, spread {spread:.1f}"
        )
    target = Path(options.target)
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(json.dumps(out, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {target} ({target.stat().st_size} bytes)")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="step", required=True)
    gen = sub.add_parser("generate", help="random deals solved open-card")
    gen.add_argument("--deals", type=int, default=1000, help="deals per variant")
    gen.add_argument("--first", type=int, default=0)
    gen.add_argument("--variants", default=",".join(VARIANTS))
    gen.add_argument("--jobs", type=int, default=2)
    gen.add_argument("--out", required=True)
    gen.set_defaults(run=generate)
    cal = sub.add_parser("calibrate", help="deals played out by hard players")
    cal.add_argument("--deals", type=int, default=200, help="deals per variant")
    cal.add_argument("--first", type=int, default=0)
    cal.add_argument("--variants", default=",".join(VARIANTS))
    cal.add_argument("--nodes", type=int, default=20_000, help="solver nodes per decision")
    cal.add_argument("--jobs", type=int, default=2)
    cal.add_argument("--out", required=True)
    cal.set_defaults(run=calibrate)
    fitting = sub.add_parser("fit", help="fit the model and write it")
    fitting.add_argument("solved", help="the file written by generate")
    fitting.add_argument("played", nargs="?", help="the file written by calibrate")
    fitting.add_argument("--ridge", type=float, default=1.0)
    fitting.add_argument(
        "--target",
        default=str(
            Path(__file__).resolve().parent.parent / "thousand_tui/ai/data/hand_model.json"
        ),
    )
    fitting.set_defaults(run=fit)
    options = parser.parse_args(argv)
    options.run(options)
    return 0


if __name__ == "__main__":
    sys.exit(main())
