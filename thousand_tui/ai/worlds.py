"""Sampled deals solved open-card: one task per deal, in this process or in the search pool.

`hard` asks the same questions of every deal it samples for a decision: for a card to play,
which moves still make the contract (and, near the end, how many points each keeps); for an
exchange or a contract, whether each position reaches each need; in the auction, how many
points the declarer takes. A `Task` holds one sampled deal's positions and the question; `solve`
answers it with the solver, keeping the transposition tables of this process between tasks
(their entries hold for any deal under the same rules and objective). `run` answers tasks in
order, in the pool when one is given.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass

from ..engine.actions import Action
from ..engine.deal import ACE_MARRIAGE
from ..engine.view import SeatView
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
from .pool import Workers
from .solver import ACE_MARRIAGE as ACE_KIND
from .solver import KEEP_TRUMP, MARRIAGE, PLAIN, Move, NodeLimit, PlayRules, Position, Solver, Table

# The questions a task may ask of its positions.
PLAY = "play"  # one position, the moves: does each still make `needs[0]`, and with `exact`
# the points each keeps (counting the defenders' marriages against the declarer); with `own`,
# the points that seat takes for itself
REACHES = "reaches"  # each position: does it reach each need (ascending; stops at a miss)?
VALUE = "value"  # each position: the declarer's points with best play


@dataclass(frozen=True, slots=True)
class Task:
    rules: PlayRules
    question: str
    positions: tuple[Position, ...]
    needs: tuple[int, ...] = ()
    moves: tuple[Move, ...] = ()
    exact: bool = False
    node_limit: int | None = None
    seconds: float | None = None  # how long the task may run once started
    own: int = -1  # PLAY: also the points this position takes for itself, exactly


@dataclass(frozen=True, slots=True)
class Answer:
    """`results` per position (or per move); `complete` is False when a limit cut it short."""

    results: tuple[object, ...]
    nodes: int
    complete: bool


Tables = dict[tuple[PlayRules, int], Table]
_kept: Tables = {}  # this process's tables, kept from task to task
# The entries this process keeps in all its tables together (about 300 bytes each): past it
# they are emptied before the next task, so a worker that serves game after game, or tables
# of several presets, holds at most this many plus what one task adds. Entries kept from
# earlier tasks save little (`bench/kept_tables.py`: 1.3% of the nodes at this bound, 1.4%
# unbounded), so the bound is small enough to be reached in a game's first deal.
KEPT_ENTRIES = 20_000


def table_for(tables: Tables, rules: PlayRules, weight: int) -> Table:
    table = tables.get((rules, weight))
    if table is None:
        if len(tables) > 8:
            tables.clear()
        table = tables[(rules, weight)] = Table(rules, weight)
    return table


def kept_entries(tables: Tables) -> int:
    return sum(len(table) for table in tables.values())


def _keep_bounded(tables: Tables) -> None:
    if kept_entries(tables) > KEPT_ENTRIES:
        tables.clear()


def solve(task: Task, tables: Tables | None = None) -> Answer:
    """Answer one task (in a worker process or here) with `tables`, by default the ones this
    process keeps. A table only saves work, but how much decides whether a node limit cuts a
    search short: a decision that must not depend on earlier ones brings fresh tables."""
    deadline = time.perf_counter() + task.seconds if task.seconds is not None else None
    kept = _kept if tables is None else tables
    _keep_bounded(kept)

    def solver_for(weight: int) -> Solver:
        table = table_for(kept, task.rules, weight)
        return Solver(
            task.rules, weight, node_limit=task.node_limit, deadline=deadline, table=table
        )

    solver = solver_for(0)
    exact: Solver | None = None
    results: list[object] = []
    try:
        if task.question == PLAY:
            pos = task.positions[0]
            made = solver.reaches_each(pos, task.needs[0], task.moves)
            points = own = dict.fromkeys(task.moves, 0)
            if task.exact:
                exact = solver_for(1)
                points = exact.move_values(pos, task.moves)
            if task.own >= 0:
                own = own_points(solver, pos, task.own, task.moves)
            results = [(made[m], points[m], own[m]) for m in task.moves]
        elif task.question == REACHES:
            for pos in task.positions:
                row = []
                for need in task.needs:
                    ok = solver.reaches(pos, need)
                    row.append(ok)
                    if not ok:
                        break
                row += [False] * (len(task.needs) - len(row))
                results.append(tuple(row))
        elif task.question == VALUE:
            results = [solver.value(pos) for pos in task.positions]
        else:  # pragma: no cover - a question this module does not know
            raise ValueError(task.question)
    except NodeLimit:
        return Answer((), solver.nodes + (exact.nodes if exact else 0), False)
    return Answer(tuple(results), solver.nodes + (exact.nodes if exact else 0), True)


def own_points(
    solver: Solver, pos: Position, seat: int, moves: tuple[Move, ...]
) -> dict[Move, int]:
    """The points `seat` (a defender) takes for himself after each move, his marriages
    included, when the other two hands keep as many of them from him as they can. A defender
    scores his own tricks only (docs/rules.md#contract-and-defenders), so once a move's chance
    against the contract is settled, these are what it is worth to him."""
    mine = pos.copy()
    mine.declarer = seat
    return solver.move_values(mine, moves)


def run(
    tasks: Iterable[Task], pool: Workers | None = None, tables: Tables | None = None
) -> Iterator[Answer]:
    """Answers in the order of the tasks; the caller stops when its budget is spent. In the
    pool each worker keeps its own tables; here, `tables` (the kept ones by default)."""
    if pool is None:
        return (solve(task, tables) for task in tasks)
    return pool.run(solve, tasks)


# ---------------------------------------------------------------- a card to play


def move_of(action: Action) -> Move:
    assert action.card is not None
    if action.marriage is None:
        kind = PLAIN
    elif action.marriage == ACE_MARRIAGE:
        kind = ACE_KIND
    else:
        kind = KEEP_TRUMP if action.keep_trump else MARRIAGE
    return action.card.index, kind


MakeTask = Callable[[int | None, float | None], Task]


def play_tasks(
    view: SeatView,
    moves: list[Move],
    rng: random.Random,
    exact: bool,
    own: bool = False,
    reads_play: bool = False,
    weigh: Callable[[dict[int, int]], float] | None = None,
    weights: list[float] | None = None,
) -> MakeTask:
    """Tasks for a card to play: each call samples a deal from what the seat knows and asks
    which moves still make the contract (and with `exact`, the points each keeps; with `own`,
    a defender's own points; with `reads_play`, the deals also respect the low cards the
    players' play says they lack). With `weigh`, each sampled placement's weight is appended
    to `weights`, in the order of the tasks."""
    rules = PlayRules.of(view.rules)
    knowledge = knowledge_of(view, reads_play)
    order = play_order(view)
    me = view.seat
    my_mask = mask(view.hand or ())
    need = made_threshold(view.rules, view.contract or 0) - declarer_points(view)
    mine = order.index(me) if own and me != view.declarer and len(order) == 3 else -1

    def make(node_limit: int | None, seconds: float | None) -> Task:
        placed = sample_deal(knowledge, rng)
        if weigh is not None and weights is not None:
            weights.append(weigh(placed))
        hands = {s: placed.get(s, 0) for s in order}
        hands[me] = my_mask
        pos = position_of(view, hands, pile_points(view, placed))
        return Task(rules, PLAY, (pos,), (need,), tuple(moves), exact, node_limit, seconds, mine)

    return make


@dataclass
class Tally:
    """A move's answers summed over the sampled deals: the deals in which the contract is made,
    the declarer's points and the mover's own points (where they were searched), each deal
    counted at its weight (1 unless the deals were weighed); `samples` is the weights' sum."""

    made: float = 0
    points: float = 0.0
    own: float = 0.0
    samples: float = 0


def tallies_of(
    moves: list[Move], answers: Iterable[Answer], weights: Iterable[float] | None = None
) -> dict[Move, Tally]:
    """The moves' tallies over the answers, each deal at its weight (`weights`, in the order
    of the answers; by default 1 each)."""
    tallies = {m: Tally() for m in moves}
    each = iter(weights) if weights is not None else None
    for answer in answers:
        w = next(each) if each is not None else 1
        results: tuple[tuple[int, float, float], ...] = answer.results  # type: ignore[assignment]
        for move, (made, points, own) in zip(moves, results, strict=True):
            t = tallies[move]
            t.made += w * made
            t.points += w * points
            t.own += w * own
            t.samples += w
    return tallies


def best_moves(view: SeatView, tallies: dict[Move, Tally]) -> list[Move]:
    """The moves with the best tally: the declarer makes his contract in the most deals, then
    keeps the most points; a defender the reverse, and where his own points were counted,
    he takes the most for himself before he keeps the declarer's down."""
    sign = 1 if view.declarer == view.seat else -1

    def utility(m: Move) -> tuple[float, float, float]:
        t = tallies[m]
        return sign * t.made, t.own, sign * t.points

    top = max(utility(m) for m in tallies)
    return [m for m in tallies if utility(m) == top]


__all__ = [
    "PLAY",
    "REACHES",
    "VALUE",
    "Answer",
    "Tally",
    "Task",
    "best_moves",
    "move_of",
    "play_tasks",
    "run",
    "solve",
    "tallies_of",
]
