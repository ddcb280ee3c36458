"""Duplicate match of a level of this tree against a level of an older revision, run from it.

The older revision's package (and its preset files) is extracted with `git archive` into a
temporary folder and imported in a process of its own (`bench/versus_side.py`), which keeps a
game of its own engine in step and decides for the seats it holds: nothing of it is copied
into this tree, and nothing of this tree decides for it. Each deal is played in the six
seatings of `bench/ai_strength.py` (AAB … BBA; A is this tree's level, B the revision's), the
same deals as there (seed 1000 + index), and A − B per seat-deal is printed with its 95%
interval, split by the role of each seat.

    python bench/ai_versus.py hard --rev c90c6e0 --deals 300 --jobs 1     # the game's budget
    python bench/ai_versus.py hard --rev c90c6e0 --deals 300 --hard-nodes 60000  # deterministic
    python bench/ai_versus.py hard --rev c90c6e0 --old-level normal --deals 100
    python bench/ai_versus.py 'hard@auction_options=True' --deals 300 --jobs 16  # 16 cores

Each `hard` decides at the game's default budget (0.25 s a card) in its own process, on one
core (no worker processes), unless `--hard-time`, `--hard-nodes` or `--hard-samples` say
otherwise; both sides get the same budget. `--jobs N` plays N deals side by side (each with
its own process of the old revision; only one of a deal's two processes thinks at a time, so
N up to the number of cores keeps each player on a core of its own). A time budget on a
loaded machine searches less and not the same from run to run; `--hard-nodes` is the same on
any machine, and there two players that decide alike differ by exactly 0. `--out FILE`
appends each deal's result as it comes; `--summary FILE` prints the summary of such a file.
"""

from __future__ import annotations

import argparse
import atexit
import json
import os
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict
from pathlib import Path
from typing import Any

from ai_strength import SEATINGS, Budget, DealResult, by_role, holders, make, report

from thousand_tui.engine.actions import Action
from thousand_tui.engine.dealing import deal
from thousand_tui.engine.game import Game
from thousand_tui.presets import load_preset

REPO = Path(__file__).resolve().parent.parent
SIDE = Path(__file__).resolve().parent / "versus_side.py"


def extract(rev: str, into: Path) -> str:
    """The revision's package and preset files under `into`; its full commit id."""
    found = subprocess.run(
        ["git", "-C", str(REPO), "rev-parse", "--verify", "--quiet", f"{rev}^{{commit}}"],
        capture_output=True,
        text=True,
    )
    if found.returncode != 0:
        raise SystemExit(f"no commit {rev!r} in {REPO}: give --rev a commit id, tag or branch")
    commit = found.stdout.strip()
    archive = subprocess.run(
        ["git", "-C", str(REPO), "archive", commit, "thousand_tui", "rules"],
        check=True,
        capture_output=True,
    ).stdout
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive, check=True)
    return commit


class Side:
    """The older revision's process: a game in step with ours, its players at their seats."""

    def __init__(self, tree: str) -> None:
        env = {**os.environ, "PYTHONPATH": tree, "PYTHONSAFEPATH": "1"}
        self.tree = tree
        self.process = subprocess.Popen(
            [sys.executable, str(SIDE)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            env=env,
            cwd=tree,
            text=True,
        )
        atexit.register(self.close)

    def ask(self, message: dict[str, Any]) -> dict[str, Any]:
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(json.dumps(message) + "\n")
        self.process.stdin.flush()
        line = self.process.stdout.readline()
        if not line:
            raise SystemExit("the old revision's process ended (its error is above)")
        answer: dict[str, Any] = json.loads(line)
        return answer

    def close(self) -> None:
        if self.process.poll() is None:
            assert self.process.stdin is not None
            self.process.stdin.close()
            self.process.wait(timeout=10)


_side: Side | None = None


def side(tree: str) -> Side:
    global _side
    if _side is None:
        _side = Side(tree)
    return _side


def play_deal(work: tuple[int, str, str, str, Budget, str]) -> DealResult:
    index, a, old_level, preset, budget, tree = work
    rules = load_preset(preset).rules
    seed = 1000 + index
    dealt = deal(seed, 1, 0, rules.players, False)
    old = side(tree)
    samples, seconds, nodes, _ = budget
    scores: dict[str, list[int]] = {"A": [], "B": []}
    declared = {"A": 0, "B": 0}
    made = {"A": 0, "B": 0}
    settled = []
    for seating in SEATINGS:
        game = Game(rules, seed, deals={1: dealt})
        held = holders(seating, rules.players, game.deal.sitting_out)
        mine = {s: make(a, seed * 10 + s, budget) for s, who in enumerate(held) if who == "A"}
        theirs = {s: seed * 10 + s for s, who in enumerate(held) if who == "B"}
        started = old.ask(
            {
                "op": "deal",
                "preset": preset,
                "seed": seed,
                "level": old_level,
                "budget": {"samples": samples, "seconds": seconds, "nodes": nodes},
                "seats": theirs,
            }
        )
        ours = [[c.code for c in hand] for hand in game.deal.hands]
        if started["hands"] != ours:
            raise SystemExit(f"deal {index}: the old revision dealt other cards")
        if not started["file"].startswith(tree):
            raise SystemExit(f"the old side imported {started['file']}, not the revision")
        unsent: list[dict[str, Any]] = []
        while not game.results:
            seat = game.to_move
            assert seat is not None
            view = game.view(seat)
            if seat in mine:
                action = mine[seat].decide(view)
            else:
                answer = old.ask({"op": "decide", "seat": seat, "actions": unsent})
                unsent = []
                action = Action.from_record(answer["action"])
                if action not in view.legal:
                    raise SystemExit(f"deal {index}: the old revision chose {action}, not legal")
            game.apply(action)
            unsent.append(action.to_record())
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("a", help="contender A: a level of this tree (level@name=value,…)")
    parser.add_argument("--rev", default="c90c6e0", help="the revision contender B runs from")
    parser.add_argument("--old-level", default="hard", help="contender B's level there")
    parser.add_argument("--deals", type=int, default=300)
    parser.add_argument("--first", type=int, default=0, help="index of the first deal")
    parser.add_argument("--jobs", type=int, default=1, help="deals played side by side")
    parser.add_argument("--preset", default="classic")
    parser.add_argument("--hard-samples", type=int, default=None)
    parser.add_argument("--hard-time", type=float, default=None, help="hard's seconds per card")
    parser.add_argument(
        "--hard-nodes", type=int, default=None, help="solver nodes per decision (deterministic)"
    )
    parser.add_argument("--out", help="append each deal's result to this JSON-lines file")
    parser.add_argument(
        "--summary", help="only print the summary of a JSON-lines file written by --out"
    )
    args = parser.parse_args()
    args.b = f"{args.old_level}@{args.rev}"
    args.hard_jobs = 1
    args.seconds = args.hard_time
    if args.summary:
        with open(args.summary, encoding="utf-8") as lines:
            loaded = [DealResult(**json.loads(line)) for line in lines if line.strip()]
        report(args, loaded, None)
        return
    budget: Budget = (args.hard_samples, args.hard_time, args.hard_nodes, 1)
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="thousand-versus-") as tree:
        commit = extract(args.rev, Path(tree))
        print(f"B: {args.old_level} of commit {commit[:12]}, run from {tree}", flush=True)
        deals = range(args.first, args.first + args.deals)
        work = [(i, args.a, args.old_level, args.preset, budget, tree) for i in deals]
        results = []
        sink = open(args.out, "a", encoding="utf-8") if args.out else None  # noqa: SIM115
        try:
            if args.jobs > 1:
                with ProcessPoolExecutor(args.jobs) as pool:
                    outcomes = pool.map(play_deal, work, chunksize=1)
                    for r in outcomes:
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
            if _side is not None:
                _side.close()
    report(args, results, time.perf_counter() - started)


if __name__ == "__main__":
    main()
