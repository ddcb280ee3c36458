"""A progress bar for the long commands (`simulate`, `replay`, the benchmarks): Rich's, on
the terminal's standard error, and nothing at all when the output goes to a pipe or a file."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager

Advance = Callable[[int], None]


def on_terminal() -> bool:
    """Whether both outputs are a terminal (a bar would only clutter a pipe or a file)."""
    try:
        return sys.stdout.isatty() and sys.stderr.isatty()
    except (AttributeError, ValueError):
        return False


@contextmanager
def progress(description: str, total: int | None) -> Iterator[Advance]:
    """A bar of `total` steps while the block runs; call what it yields with the steps done.
    The bar is gone when the block ends, leaving the command's own output."""
    if not on_terminal():
        yield _nothing
        return
    from rich.console import Console
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )

    columns = (
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
    )
    with Progress(*columns, console=Console(stderr=True), transient=True) as bar:
        task = bar.add_task(description, total=total)

        def advance(steps: int = 1) -> None:
            bar.advance(task, steps)

        yield advance


def _nothing(steps: int = 1) -> None:
    """No bar: nothing to advance."""
