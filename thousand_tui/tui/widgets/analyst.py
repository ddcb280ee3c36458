"""The analysis of finished deals, kept beside the table: `DealAnalyst`, a widget that shows
nothing. It hands each deal asked of it to the AI's scheduler (`ai/scheduler.py`), which
analyses it in the background process while no move or hint is under way, keeps the analyses
by deal number, writes them to the statistics' cache, and tells the table (`Analysed`). A deal
whose analysis fails is marked so and said to the player (`workers.py`); one the scheduler
dropped (its queue was full) is analysed again when it is asked for."""

from __future__ import annotations

import weakref
from dataclasses import dataclass
from typing import TYPE_CHECKING

from textual.message import Message
from textual.widget import Widget

from ..messages import AnalysisDropped, AnalysisFailed, DealAnalysed
from .base import palette, table_app, translator
from .workers import Failure, tell_failure

if TYPE_CHECKING:
    from ...ai.analysis import DealAnalysis
    from ...ai.scheduler import Finished
    from ..table_driver import TableDriver


class DealAnalyst(Widget):
    """The analyses of the finished deals of the game `driver` plays, for `seat`. Only a game
    played here is analysed (a shared table's record is its service's)."""

    DEFAULT_CSS = "DealAnalyst { display: none; }"

    # The analyses kept at once (those last made or asked for): a long game holds no more
    # than a short one; an older deal asked for again is analysed again.
    KEPT = 8

    @dataclass
    class Analysed(Message):
        """Deal `number`'s analysis is made (or failed): the pages showing it say so."""

        number: int

    def __init__(self, driver: TableDriver, seat: int, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.driver = driver
        self.seat = seat
        # The analyses of finished deals (None: could not be made), by deal number.
        self.analyses: dict[int, DealAnalysis | None] = {}
        self.to_analyse: list[int] = []

    def analyse(self, number: int, asked: bool = True) -> None:
        """Analyse finished deal `number` in the background; `asked`: the player asked for it
        (it goes before the deals analysed by themselves, and is never dropped first)."""
        session = self.driver.session
        if number in self.analyses:
            self.analyses[number] = self.analyses.pop(number)  # the last asked for
            return
        if session is None:
            return  # a shared table's record is its service's
        from ...ai import analysis
        from ...ai.scheduler import scheduler

        if number not in self.to_analyse:
            self.to_analyse.append(number)
        task = analysis.deal_task(session.game.lines, self.seat, number)
        # The work is looked up now, so that a test may put another in its place; a deal
        # waiting holds no table (the table may close meanwhile).
        told = weakref.WeakMethod(self.finished)

        def done(finished: Finished) -> None:
            if (method := told()) is not None:
                method(finished)

        scheduler().submit((id(self), number), analysis.analyze_task, task, done, asked)

    def finished(self, finished: Finished) -> None:
        """The scheduler's word on a deal (on its thread): told to the table's loop."""
        key = finished.key
        number = key[1] if isinstance(key, tuple) else -1
        if finished.dropped:
            self.post_message(AnalysisDropped(number))
        elif finished.error is not None:
            self.post_message(AnalysisFailed(number, finished.error))
        else:
            self.post_message(DealAnalysed(number, finished.answer))

    def on_analysis_dropped(self, message: AnalysisDropped) -> None:
        message.stop()
        if message.number in self.to_analyse:
            self.to_analyse.remove(message.number)

    def on_analysis_failed(self, message: AnalysisFailed) -> None:
        """Deal `number`'s analysis failed: logged and told; the analysis says so."""
        message.stop()
        failure = Failure(
            f"the analysis of deal {message.number} failed:",
            "analysis_failed",
            {"number": message.number},
        )
        error = message.error.strip().splitlines()[-1] if message.error.strip() else "?"
        tell_failure(self, failure, error, message.error)
        self.on_deal_analysed(DealAnalysed(message.number, None))

    def on_unmount(self) -> None:
        """The table is gone: the deals still waiting are not analysed for it."""
        from ...ai.scheduler import cancel

        me = id(self)
        cancel(lambda key: isinstance(key, tuple) and key[0] == me)

    def on_deal_analysed(self, message: DealAnalysed) -> None:
        message.stop()  # the analyst's own
        self.analyses.pop(message.number, None)
        self.analyses[message.number] = message.analysis
        for number in list(self.analyses)[: -self.KEPT]:
            del self.analyses[number]
        session = self.driver.session
        path = session.path if session is not None else None
        if message.analysis is not None and session is not None and path is not None:
            from ...store.analyses import cache_path, write_cache
            from ...store.figures import game_key

            key = game_key(path, session.game.lines[0])
            cache = cache_path(table_app(self).setup.host.data_dir)
            write_cache(cache, [(key, message.number, self.seat, message.analysis.lost)])
        if message.number in self.to_analyse:
            self.to_analyse.remove(message.number)
        self.post_message(self.Analysed(message.number))

    def analysis_lines(self, number: int) -> list[str]:
        """What the analysis of deal `number` says (or that it is being made, or failed)."""
        t = translator(self)
        if number not in self.analyses:
            return [t("c_analysing", number=number)]
        analysis = self.analyses[number]
        if analysis is None:
            return [t("c_analysis_failed", number=number)]
        from ..coach import Words

        names = self.driver.game.names
        return Words(t, names, palette(self).ascii_only, self.seat).deal(analysis)


__all__ = ["DealAnalyst"]
