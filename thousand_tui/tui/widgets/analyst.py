"""The analysis of finished deals, kept beside the table: `DealAnalyst`, a widget that shows
nothing. It analyses each deal asked of it in a worker (a low-priority process a deal, in the
order asked), keeps the analyses by deal number, writes them to the statistics' cache, and
tells the table (`Analysed`); a deal whose analysis fails is marked so, said to the
player, and the deals after it are analysed all the same (`workers.py`)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING, Any

from textual import work
from textual.message import Message
from textual.widget import Widget
from textual.worker import Worker, get_current_worker

from ..messages import DealAnalysed
from .base import palette, translator
from .workers import Failure, KeepsPlaying

if TYPE_CHECKING:
    from ...ai.analysis import DealAnalysis
    from ..table_driver import TableDriver


class DealAnalyst(KeepsPlaying, Widget):
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

    def analyse(self, number: int) -> None:
        """Analyse finished deal `number` in the background (a low-priority process), after
        those already asked for."""
        session = self.driver.session
        if number in self.analyses:
            self.analyses[number] = self.analyses.pop(number)  # the last asked for
            return
        if session is None or number in self.to_analyse:
            return  # (a shared table's record is its service's)
        self.to_analyse.append(number)
        self.analyse_deals(list(session.game.lines), list(self.to_analyse))

    @work(thread=True, exclusive=True, group="analysis", exit_on_error=False)
    def analyse_deals(self, lines: list[dict[str, Any]], numbers: list[int]) -> None:
        """The deals of `numbers` analysed in turn; if one fails, `failure` marks it so and
        the others are analysed after it."""
        from ...ai.analysis import analyze_in_background

        worker = get_current_worker()
        for number in numbers:
            if worker.is_cancelled:
                return
            if number in self.analyses:
                continue
            analysis = analyze_in_background(lines, self.seat, number)
            # Posted even when a newer worker took over: the analysis holds all the same.
            self.post_message(DealAnalysed(number, analysis))

    def failure(self, worker: Worker[object], error: str) -> Failure | None:
        number = next((n for n in self.to_analyse if n not in self.analyses), None)
        if number is None:
            return None
        return Failure(
            f"the analysis of deal {number} failed:",
            "analysis_failed",
            {"number": number},
            partial(self.analysis_failed, number),
        )

    def analysis_failed(self, number: int) -> None:
        """Deal `number`'s analysis failed (the analysis says so); the deals after it are
        analysed still."""
        self.on_deal_analysed(DealAnalysed(number, None))
        session = self.driver.session
        running = any(w.group == "analysis" and w.is_running for w in self.workers)
        if session is not None and self.to_analyse and not running:
            self.analyse_deals(list(session.game.lines), list(self.to_analyse))

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
            write_cache(cache_path(), [(key, message.number, self.seat, message.analysis.lost)])
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
