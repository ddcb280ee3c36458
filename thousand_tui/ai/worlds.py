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

import time
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from .pool import SearchPool
from .solver import Move, NodeLimit, PlayRules, Position, Solver, Table

# The questions a task may ask of its positions.
PLAY = "play"  # one position, the moves: does each still make `needs[0]`, and with `exact`
# the points each keeps (counting the defenders' marriages against the declarer)
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


@dataclass(frozen=True, slots=True)
class Answer:
    """`results` per position (or per move); `complete` is False when a limit cut it short."""

    results: tuple[object, ...]
    nodes: int
    complete: bool


Tables = dict[tuple[PlayRules, int], Table]
_kept: Tables = {}  # this process's tables, kept from task to task


def table_for(tables: Tables, rules: PlayRules, weight: int) -> Table:
    table = tables.get((rules, weight))
    if table is None:
        if len(tables) > 8:
            tables.clear()
        table = tables[(rules, weight)] = Table(rules, weight)
    return table


def solve(task: Task, tables: Tables | None = None) -> Answer:
    """Answer one task (in a worker process or here) with `tables`, by default the ones this
    process keeps. A table only saves work, but how much decides whether a node limit cuts a
    search short: a decision that must not depend on earlier ones brings fresh tables."""
    deadline = time.perf_counter() + task.seconds if task.seconds is not None else None
    kept = _kept if tables is None else tables

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
            made = solver.reaches_each(task.positions[0], task.needs[0], task.moves)
            points = dict.fromkeys(task.moves, 0)
            if task.exact:
                exact = solver_for(1)
                points = exact.move_values(task.positions[0], task.moves)
            results = [(made[m], points[m]) for m in task.moves]
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


def run(
    tasks: Iterable[Task], pool: SearchPool | None = None, tables: Tables | None = None
) -> Iterator[Answer]:
    """Answers in the order of the tasks; the caller stops when its budget is spent. In the
    pool each worker keeps its own tables; here, `tables` (the kept ones by default)."""
    if pool is None:
        return (solve(task, tables) for task in tasks)
    return pool.run(solve, tasks)


__all__ = ["PLAY", "REACHES", "VALUE", "Answer", "Task", "run", "solve"]
