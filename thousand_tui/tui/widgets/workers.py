"""Work done beside the game (an opponent's decision, a hint, the analysis of a deal, the
statistics) never ends it: every worker runs with `exit_on_error=False`, and a screen that
runs workers handles their failures here, in one place. A failure is logged with its
traceback (`../failures.py`), the player is told in a note, and the screen recovers (an
opponent's decision is made at random, a deal's analysis marked as failed); the game goes on.
"""

from __future__ import annotations

import traceback
from collections.abc import Callable
from dataclasses import dataclass, field

from textual.dom import DOMNode
from textual.worker import Worker, WorkerState

from ..failures import log_failure
from .base import table_app


@dataclass
class Failure:
    """What a failed worker means to its screen: `what` for the log (in English), the words
    of `key` (with `values`, the error and where the details are) for the player, and how the
    screen goes on (`recover`)."""

    what: str
    key: str
    values: dict[str, object] = field(default_factory=dict)
    recover: Callable[[], None] | None = None


class KeepsPlaying:
    """A screen whose workers' failures are logged, told and recovered from. It says what a
    failure means with `failure` (None: nothing to tell, e.g. a worker of a table closing)."""

    def failure(self, worker: Worker[object], error: str) -> Failure | None:
        raise NotImplementedError

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        worker = event.worker
        if event.state is not WorkerState.ERROR or worker.error is None:
            return
        from ...ai.pool import PoolClosed

        error = worker.error
        if isinstance(error, PoolClosed):
            return  # the table is closing: the search's processes are gone
        error_text = f"{type(error).__name__}: {error}"
        failure = self.failure(worker, error_text)
        if failure is None:
            return
        details = "".join(traceback.format_exception(error))
        tell_failure(worker.node, failure, error_text, details)


def tell_failure(node: DOMNode, failure: Failure, error: str, details: str) -> None:
    """Log a failure of the work beside the game with its `details` (a traceback), tell the
    player in a note, and recover as `failure` says."""
    app = table_app(node)
    written = log_failure(failure.what, details, app.log_file)
    # The log is the host's in a hosted session: its path means nothing to the player.
    shown = written is not None and not app.setup.host.hosted
    where = app.t("ai_failed_log", path=written) if shown else ""
    words = app.t(failure.key, error=error, where=where, **failure.values)
    app.notify(words.strip(), severity="error", markup=False)
    if failure.recover is not None:
        failure.recover()


__all__ = ["Failure", "KeepsPlaying", "tell_failure"]
