"""Hints, searched beside the table: `Hinter`, a widget that shows nothing. Asked for a hint
at a decision, it searches what `hard` would do from the seat's view in its own worker and
posts `HintReady` (to the table, which shows it if the decision is still due); it keeps the
last hint shown, so that asking again at the same decision shows it at once. A search that
fails is logged and the player told there is no hint this time (`workers.py`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual import work
from textual.widget import Widget
from textual.worker import Worker, get_current_worker

from ..messages import HintReady
from .base import palette, translator
from .workers import Failure, KeepsPlaying

if TYPE_CHECKING:
    from ...ai.analysis import Advice
    from ...engine.view import SeatView
    from ..table_driver import TableDriver


class Hinter(KeepsPlaying, Widget):
    """The hints at `seat`'s decisions in the game `driver` plays."""

    DEFAULT_CSS = "Hinter { display: none; }"

    def __init__(self, driver: TableDriver, seat: int, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.driver = driver
        self.seat = seat
        self.shown: tuple[int, str] | None = None  # the last hint shown, with its turn

    def ask(self, turn: int, view: SeatView) -> None:
        """A hint for the decision of `turn`: the one shown already, or searched now."""
        t = translator(self)
        if self.shown is not None and self.shown[0] == turn:
            self.notify(self.shown[1], timeout=12)
            return
        self.notify(t("c_hint_thinking"), timeout=2)
        self.search_hint(turn, view, self.driver.seed)

    @work(thread=True, exclusive=True, group="hint", exit_on_error=False)
    def search_hint(self, turn: int, view: SeatView, game_seed: int) -> None:
        from ...ai import seat_seed
        from ...ai.analysis import advise, hint_player
        from ...ai.pool import default_jobs
        from ...ai.scheduler import Priority, scheduler

        worker = get_current_worker()
        player = hint_player(seat_seed(game_seed, self.seat), self.driver.think, default_jobs())
        with scheduler().foreground(Priority.HINT):  # the analysis of deals waits meanwhile
            advice = advise(view, player)
        if not worker.is_cancelled:
            self.post_message(HintReady(turn, advice))

    def words(self, turn: int, advice: Advice) -> str:
        """The hint in words, kept as the one shown for `turn`."""
        from ..coach import Words

        names = self.driver.game.names
        text = Words(translator(self), names, palette(self).ascii_only).hint(advice)
        self.shown = (turn, text)
        return text

    def failure(self, worker: Worker[object], error: str) -> Failure | None:
        return Failure("the hint's search failed:", "hint_failed")


__all__ = ["Hinter"]
