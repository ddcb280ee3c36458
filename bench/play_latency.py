"""How long the table waits for the AI in real play: the time from a decision becoming an
opponent's to its move, and from `h` to the hint, with the analysis of each finished deal on
(the default) and keys sent as fast as the table takes them.

Each run plays `--deals` deals of the family preset (`--preset`) at `--pace 0` in the real
app (Textual's headless driver, `run_test`, at 120×40), with its real background process and
search workers: Enter for every decision (the default choice, the card under the cursor) and
`h` every `--hint-every` decisions of the player, waiting for the hint before going on; a game
that ends is followed by the next (`a`, again) until the deals are played.
`--busy N` runs N processes that keep a core busy each beside it, as a loaded host would.
Each level's moves are also shown by kind (a card, a bid or a pass, the exchange's cards, the
rest): `hard` searches a bid twice as long as a card and the exchange three times as long, so
its slowest moves are mostly bids.

The goals (2 cores): easy and normal at most 1.5 s for a move; hard at most its time budget
(`--think`, 0.25 s a card) + 0.5 s at the 95th percentile; a hint at most 3 s.

    python bench/play_latency.py                               # easy, normal, hard; alone
    python bench/play_latency.py --levels easy --busy 2        # with two busy processes
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field

SIZE = (120, 40)
HINT_WAIT = 60.0  # seconds before a hint that never comes counts as this long
STALL = 120.0  # seconds with nothing applied: the run is stuck


@dataclass
class Figures:
    level: str
    moves: list[float] = field(default_factory=list)  # seconds from asked to applied
    kinds: list[str] = field(default_factory=list)  # each move's kind (KINDS)
    thinking: list[float] = field(default_factory=list)  # of which the decision itself
    hints: list[float] = field(default_factory=list)
    deals: int = 0
    analysed: int = 0


KINDS = {"play": "a card", "bid": "a bid or pass", "pass": "a bid or pass", "give": "exchange"}


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else float("nan")


async def play(level: str, deals: int, think: float | None, hint_every: int, seed: int) -> Figures:
    from thousand_tui.settings import TableSetup
    from thousand_tui.tui import create_app
    from thousand_tui.tui.screens.end import GameOverScreen
    from thousand_tui.tui.widgets.opponents import Opponents

    figures = Figures(level)
    asked: dict[tuple[int, int], float] = {}
    real_ask, real_apply = Opponents.ask, Opponents.apply

    def ask(self: Opponents, seat: int) -> None:
        asked.setdefault((self.driver.controller.turn, seat), time.monotonic())
        real_ask(self, seat)

    def apply(self: Opponents, message):  # type: ignore[no-untyped-def]
        started = asked.pop((message.turn, message.seat), None)
        if started is not None and self.driver.controller.ai_fits(message.turn, message.seat):
            figures.moves.append(time.monotonic() - started)
            figures.kinds.append(KINDS.get(str(message.action.act), "the rest"))
            figures.thinking.append(message.think_ms / 1000)
        real_apply(self, message)

    Opponents.ask, Opponents.apply = ask, apply  # type: ignore[method-assign]
    setup = TableSetup.of(
        preset=os.environ.get("BENCH_PRESET", "family"), ai=level, seed=seed, pace=0, think=think
    )
    app = create_app(setup)
    try:
        async with app.run_test(size=SIZE) as pilot:
            decisions = 0
            hinted = -1
            last_change, last_lines = time.monotonic(), 0
            earlier = 0  # the deals of the games played before this one
            while True:
                game = app.session.game
                played = sum(1 for line in game.lines if line.get("type") == "result")
                figures.deals = earlier + played
                if figures.deals >= deals:
                    break
                if game.over and isinstance(app.screen, GameOverScreen):
                    await pilot.press("a")  # again: the next game, in the same process
                    await asyncio.sleep(0.05)
                    if app.session.game is not game:
                        earlier += played
                        last_lines = 0
                    continue
                if len(game.lines) != last_lines:
                    last_change, last_lines = time.monotonic(), len(game.lines)
                elif time.monotonic() - last_change > STALL:
                    raise RuntimeError(f"{level}: nothing happened for {STALL:.0f} s")
                table = app.table
                turn = table.controller.turn
                mine = game.to_move == 0 and not table.controller.results
                if mine and table.awaiting and turn != hinted:
                    hinted = turn
                    decisions += 1
                    if decisions % hint_every == 0:
                        started = time.monotonic()
                        await pilot.press("h")
                        while time.monotonic() - started < HINT_WAIT:
                            shown = table.hinter.shown
                            if shown is not None and shown[0] == turn:
                                break
                            await asyncio.sleep(0.005)
                        figures.hints.append(time.monotonic() - started)
                await pilot.press("enter")
                await asyncio.sleep(0.005)
            figures.analysed = len(app.table.analyst.analyses)
    finally:
        Opponents.ask, Opponents.apply = real_ask, real_apply  # type: ignore[method-assign]
    return figures


def line(name: str, values: list[float]) -> str:
    if not values:
        return f"  {name:<18} -"
    return (
        f"  {name:<18} n={len(values):<5} median {statistics.median(values):6.3f} s   "
        f"p95 {percentile(values, 0.95):6.3f} s   max {max(values):6.3f} s"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--levels", default="easy,normal,hard")
    parser.add_argument("--deals", type=int, default=40)
    parser.add_argument("--think", type=float, default=None, help="hard's seconds a card (0.25)")
    parser.add_argument("--hint-every", type=int, default=3, metavar="N")
    parser.add_argument("--busy", type=int, default=0, metavar="N", help="busy processes beside")
    parser.add_argument("--seed", type=int, default=7)
    options = parser.parse_args()
    os.environ.setdefault("THOUSAND_DATA_DIR", tempfile.mkdtemp(prefix="thousand-bench-"))
    busy = [
        subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(options.busy)
    ]
    try:
        print(
            f"{os.cpu_count()} cores, {options.busy} busy processes beside, "
            f"{options.deals} deals a level, a hint every {options.hint_every} decisions"
        )
        for level in options.levels.split(","):
            figures = asyncio.run(
                play(level, options.deals, options.think, options.hint_every, options.seed)
            )
            print(f"{level}: {figures.deals} deals, {figures.analysed} analyses kept")
            print(line("move (asked→made)", figures.moves))
            print(line("of which deciding", figures.thinking))
            print(line("hint (h→shown)", figures.hints))
            for kind in dict.fromkeys([*KINDS.values(), "the rest"]):
                moves = [m for m, k in zip(figures.moves, figures.kinds, strict=True) if k == kind]
                print(line(f"  {kind}", moves))
    finally:
        for process in busy:
            process.kill()
    return 0


if __name__ == "__main__":
    sys.exit(main())
