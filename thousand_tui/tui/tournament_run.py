"""A tournament's deals played at the table (`TournamentRun`): the daily's table mode
(`DailyRun`, `DailyDriver`) with the tournament's count, words and standings; `thousand
tournaments play` runs it, and the lobby's `s` (docs/club.md#tournaments-on-the-same-deals)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime

from ..store.catalog import typed
from ..store.index import open_club
from ..tournament import Tournament
from .daily_table import DailyRun
from .i18n import Translator
from .tournament_words import play_words, show_lines, state_line


@dataclass
class TournamentRun(DailyRun):
    """A person's tournament deals played in this terminal: the daily's table mode, with the
    tournament's count, words and standings."""

    def board(self, t: Translator, ascii_only: bool) -> list[str]:
        assert isinstance(self.day, Tournament)
        with open_club(self.setup.host) as index:
            host = self.setup.host
            return show_lines(self.day.spec, index, t, self.player, ascii_only, host.club_dir, host)

    def title(self, t: Translator) -> str:
        assert isinstance(self.day, Tournament)
        return state_line(self.day.spec, t, datetime.now(UTC))

    def top(self, t: Translator) -> str:
        return t("tour_top", number=self.number, count=self.day.count)

    def command(self) -> str:
        assert isinstance(self.day, Tournament)
        return typed(play_words(self.day.spec), self.setup.host)

    def saved_words(self, t: Translator) -> str:
        return t("tour_saved", command=self.command())

    def done_words(self, t: Translator) -> str:
        return ""  # the standings say when the review opens (after the close) and how


__all__ = ["TournamentRun"]
