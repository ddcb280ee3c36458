"""A saved game stepped through (`thousand view`): the table as it stood at each decision,
with the table's own widgets (the opponents' panels, the trick, the bars, the log, the hand and
the score sheet), all kept at the same position.

← → go a decision back or on, ↑ ↓ a deal, Home and End to the first and the last position.
Beside each decision of the viewer's seat, what `hard` would have played and what the choice
cost, from the deal's analysis: worked out in a worker thread the first time a finished deal
is shown (a key never waits for it), kept for the deals seen, and written to the statistics'
cache. What the positions hold, and who may see which hand, is `viewing.py`'s.
"""

from __future__ import annotations

import traceback
from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING, Any, ClassVar

from rich.text import Text
from textual import events, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import Screen

from ..describe import sorted_hand
from ..messages import AnalysisFailed, DealAnalysed
from ..text import hand_title, scores_line, seat_panel, status_line, top_line, trick_area
from ..viewing import ViewedGame
from ..widgets.base import KeyFooter, table_app
from ..widgets.hand import Hand, HandShown
from ..widgets.log import GameLog
from ..widgets.seat import SeatPanel
from ..widgets.sheet import ScoreSheet
from ..widgets.status import InfoBar
from ..widgets.trick import TrickView
from .common import WIDE

if TYPE_CHECKING:
    from ...ai.analysis import DealAnalysis, Decision

# What analyses a finished deal for a seat: `ai.analysis.analyze_deal` (a test may put a
# quicker one in its place).
Analyser = Callable[[list[dict[str, Any]], int, int], "DealAnalysis | None"]

STEP_ACTIONS = ("back", "next", "deal_back", "deal_next", "first", "last")


# why every hand is not open (`ViewedGame.shut`): the words said after whose cards are shown
SHUT_WORDS = {
    "playing": "view_shut_playing",
    "shared": "view_shut_shared",
    "unsealed": "view_shut_unsealed",
}


class ViewerScreen(Screen[None]):
    """The positions of a `ViewedGame`, one at a time; closes with q or Esc."""

    AUTO_FOCUS = None  # every key is the screen's: no card is chosen here

    DEFAULT_CSS = """
    ViewerScreen { layout: vertical; }
    ViewerScreen #view-main { height: 1fr; }
    ViewerScreen #view-table { width: 1fr; height: 1fr; }
    ViewerScreen #opponents { height: 4; }
    ViewerScreen TrickView { height: 1fr; min-height: 5; }
    ViewerScreen GameLog { height: 3; }
    ViewerScreen #hand {
        height: 6;
        border: round $primary-darken-1;
        border-title-color: $text;
        border-title-style: bold;
        padding: 0 1;
        content-align: center top;
    }
    ViewerScreen #hand.-my-turn { border: heavy $accent; }
    ViewerScreen #advice { color: $warning; }
    ViewerScreen #view-side {
        display: none;
        width: 46;
        border-left: vkey $primary-darken-2;
    }
    ViewerScreen.-wide #view-side { display: block; }
    ViewerScreen.-sheet #view-side { display: block; width: 1fr; border-left: none; }
    ViewerScreen.-sheet #view-table { display: none; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "back", "key_view_back", key_display="←", id="view-back"),
        Binding("right", "next", "key_view_next", key_display="→", id="view-next"),
        Binding("up", "deal_back", "key_view_deal_back", key_display="↑", id="view-deal-back"),
        Binding("down", "deal_next", "key_view_deal_next", key_display="↓", id="view-deal-next"),
        Binding("home", "first", "key_view_first", show=False, id="view-first"),
        Binding("end", "last", "key_view_last", show=False, id="view-last"),
        Binding("s", "sheet", "key_sheet", id="view-sheet"),
        Binding("q,escape", "close", "key_close", key_display="q", id="view-close"),
    ]

    analyser: ClassVar[Analyser | None] = None  # None: `ai.analysis.analyze_deal`

    def __init__(self, viewed: ViewedGame, index: int = 0) -> None:
        super().__init__()
        self.viewed = viewed
        self.index = min(max(0, index), len(viewed.positions) - 1)
        app = table_app(self)
        self.t = app.t
        self.p = app.palette
        # Each finished deal's analysis for the viewer's seat (None: it could not be made).
        self.analyses: dict[int, DealAnalysis | None] = {}
        self.analysing: int | None = None
        self.sheet_rows = -1  # the deals the sheet shows

    # ------------------------------------------------------------------ layout

    def compose(self) -> ComposeResult:
        viewed = self.viewed
        yield InfoBar(id="top", classes="-top")
        with Horizontal(id="view-main"):
            with Vertical(id="view-table"):
                with Horizontal(id="opponents"):
                    for seat in self.opponents():
                        yield SeatPanel(seat, id=f"seat-{seat}")
                yield TrickView(id="trick")
                yield InfoBar(id="status")
                yield InfoBar(id="prompt", classes="-prompt")
                yield InfoBar(id="advice")
                yield GameLog(id="log")
                hand = Hand(id="hand")
                hand.can_focus = False
                yield hand
                yield InfoBar(id="scores", classes="-scores")
            with Vertical(id="view-side"):
                yield InfoBar(self.t("sheet_title"), id="side-title")
                yield ScoreSheet(compact=True, takes_keys=False, id="view-sheet")
        yield KeyFooter()
        del viewed

    def opponents(self) -> list[int]:
        n = self.viewed.players
        return [(self.viewed.seat + k) % n for k in range(1, n)]

    def on_mount(self) -> None:
        self.update_size_classes()
        self.call_after_refresh(self.show_position)

    def on_resize(self, event: events.Resize) -> None:
        self.update_size_classes()

    def update_size_classes(self) -> None:
        self.set_class(self.app.size.width >= WIDE, "-wide")

    # ------------------------------------------------------------------ moving

    @property
    def last_index(self) -> int:
        return len(self.viewed.positions) - 1

    def go(self, index: int) -> None:
        index = min(max(0, index), self.last_index)
        if index != self.index:
            self.index = index
            self.show_position()

    def action_back(self) -> None:
        self.go(self.index - 1)

    def action_next(self) -> None:
        self.go(self.index + 1)

    def action_first(self) -> None:
        self.go(0)

    def action_last(self) -> None:
        self.go(self.last_index)

    def action_deal_back(self) -> None:
        """To the start of this deal, or of the one before where this one is at its start."""
        starts = self.viewed.deal_starts()
        before = [i for i in starts if i < self.index]
        if before:
            self.go(before[-1])

    def action_deal_next(self) -> None:
        after = [i for i in self.viewed.deal_starts() if i > self.index]
        if after:
            self.go(after[0])

    def action_sheet(self) -> None:
        """On a narrow terminal the score sheet in place of the table, and back."""
        self.toggle_class("-sheet")
        self.call_after_refresh(self.show_sheet, True)  # its last row in sight, now it is

    def action_close(self) -> None:
        self.dismiss(None)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """At the first position nothing is before it, at the last nothing after: those keys
        are greyed (None)."""
        if action in ("back", "first", "deal_back"):
            return self.index > 0 or None
        if action in ("next", "last"):
            return self.index < self.last_index or None
        if action == "deal_next":
            return any(i > self.index for i in self.viewed.deal_starts()) or None
        return True

    # ------------------------------------------------------------------ drawing

    def show_position(self) -> None:
        """Every widget at the position `index`: the table, the log, the sheet, the advice."""
        if not self.is_mounted:
            return
        t, p = self.t, self.p
        viewed = self.viewed
        position = viewed.positions[self.index]
        view = viewed.view(self.index)
        width = self.size.width
        self.query_one("#top", InfoBar).line = top_line(view, viewed.preset, t)[:width]
        last = dict(position.last)
        for seat in self.opponents():
            shown = seat_panel(view, seat, last.get(seat, ""), self.level(seat), t, p, paused=True)
            other = position.views[seat]
            if other is not None and other.hand is not None:  # every hand open
                cards = p.cards(sorted_hand(other, p.suit_order))
                cards.append("  " + t("tricks_count", count=view.tricks_won[seat]))
                shown = replace(shown, lines=[cards, *shown.lines[1:]])
            self.query_one(f"#seat-{seat}", SeatPanel).shown = shown
        show_last = position.ended and bool(view.tricks)
        self.query_one(TrickView).trick = trick_area(view, show_last, None, t)
        status = status_line(view, t, p)
        if position.talon and view.talon is None:  # open: the talon before it is taken
            status.append("   ")
            status.append(t("look_talon"), style="bold")
            status.append_text(p.cards(list(position.talon)))
        self.query_one("#status", InfoBar).line = status
        self.query_one("#prompt", InfoBar).line = self.where_words()
        self.query_one("#advice", InfoBar).line = self.advice_words()
        self.query_one(Hand).shown = self.hand_shown()
        scores = self.query_one("#scores", InfoBar)
        scores.line = scores_line(view, t, scores.content_size.width or None)
        self.show_log()
        self.show_sheet()
        self.refresh_bindings()
        self.analyse_deal(position.number)

    def level(self, seat: int) -> str | None:
        players = self.viewed.lines[0].get("players") or []
        player = players[seat] if seat < len(players) else None
        level = player.get("level") if isinstance(player, dict) else None
        return level if isinstance(level, str) else None

    def where_words(self) -> str:
        """Which decision of the deal this is, and whose cards are shown."""
        t = self.t
        viewed = self.viewed
        start = viewed.deal_start(self.index)
        after = [i for i in viewed.deal_starts() if i > self.index]
        steps = (after[0] if after else len(viewed.positions)) - start - 1
        step = viewed.positions[self.index].step
        where = (
            t("view_dealt", steps=steps) if step == 0 else t("view_step", step=step, steps=steps)
        )
        if viewed.open:
            return f"{where} · {t('view_open_allowed' if viewed.allowed else 'view_open')}"
        if viewed.watching:
            return f"{where} · {t('view_watching')}"
        closed = f"{where} · {t('view_closed', name=viewed.names[viewed.seat])}"
        why = SHUT_WORDS.get(viewed.shut)
        return f"{closed} · {t(why)}" if why else closed

    def hand_shown(self) -> HandShown:
        t, p = self.t, self.p
        view = self.viewed.view(self.index)
        title = hand_title(view, t)
        my_turn = view.to_move == view.seat
        if view.hand is None:  # a game in play, or one the viewer did not sit at
            said = t("view_watching" if self.viewed.watching else "hand_hidden")
            return HandShown(title, said, my_turn, hidden=view.hand_counts[view.seat])
        return HandShown(
            title,
            "",
            my_turn,
            tuple(sorted_hand(view, p.suit_order)),
            choosing=False,
            show_cursor=False,
            empty=t("hand_sitting_out") if view.sitting_out == view.seat else "",
        )

    def show_log(self) -> None:
        log = self.query_one(GameLog)
        log.clear()
        log.lines_written.clear()
        log.following = True
        for line in self.viewed.told(self.index):
            log.say(self.p.styled(line))

    def show_sheet(self, again: bool = False) -> None:
        """The sheet's rows up to this position: made again only when a deal was settled or
        undone since (within a deal it stays as it is), or `again`."""
        sheet = self.query_one("#view-sheet", ScoreSheet)
        if not sheet.is_mounted:
            return
        viewed = self.viewed
        position = viewed.positions[self.index]
        if position.results == self.sheet_rows and not again:
            return
        self.sheet_rows = position.results
        results = viewed.results[: position.results]
        sheet.show(viewed.names, results, position.match, viewed.rules, viewed.start)

    # ------------------------------------------------------------------ hard's view

    def analyse_deal(self, number: int) -> None:
        """The deal's analysis, worked out once, in the background, if the deal is over."""
        if number in self.analyses or self.analysing == number or self.viewed.watching:
            return
        if not self.viewed.settled(number):
            return
        self.analysing = number
        self.analyse(number)

    @work(thread=True, exclusive=True, group="view-analysis")
    def analyse(self, number: int) -> None:
        analyser = type(self).analyser
        if analyser is None:
            from ...ai.analysis import analyze_deal

            analyser = analyze_deal
        try:
            found = analyser(self.viewed.lines, self.viewed.seat, number)
        except Exception:
            self.post_message(AnalysisFailed(number, traceback.format_exc()))
            return
        self.post_message(DealAnalysed(number, found))

    def on_deal_analysed(self, message: DealAnalysed) -> None:
        message.stop()
        self.analysed(message.number, message.analysis)
        analysis = message.analysis
        cache = self.viewed.cache
        if analysis is not None and cache is not None:
            from ...store.analyses import write_cache
            from ...store.figures import game_key

            key = game_key(self.viewed.path, self.viewed.lines[0])
            write_cache(cache, [(key, message.number, self.viewed.seat, analysis.lost)])

    def on_analysis_failed(self, message: AnalysisFailed) -> None:
        message.stop()
        from ..failures import log_failure

        log_failure(
            f"the analysis of deal {message.number} failed:",
            message.error,
            getattr(self.app, "log_file", None),
        )
        self.analysed(message.number, None)

    def analysed(self, number: int, analysis: DealAnalysis | None) -> None:
        self.analyses[number] = analysis
        if self.analysing == number:
            self.analysing = None
        if not self.is_mounted:
            return
        self.query_one("#advice", InfoBar).line = self.advice_words()
        # Moved on meanwhile to a deal not analysed yet: that one now.
        self.analyse_deal(self.viewed.positions[self.index].number)

    def decision(self) -> Decision | None:
        """The analysis of the viewer's decision that led to this position, if known."""
        position = self.viewed.positions[self.index]
        action = position.action
        analysis = self.analyses.get(position.number)
        if action is None or analysis is None or action.seat != self.viewed.seat:
            return None
        for decision in analysis.decisions:
            if any(same_action(action, chosen) for chosen in decision.chosen):
                return decision
        return None

    def advice_words(self) -> Text | str:
        """What `hard` says of the viewer's decision just made: the same, or what it would
        have played and what the choice cost; the deal's loss in all between his decisions."""
        t = self.t
        viewed = self.viewed
        position = viewed.positions[self.index]
        number = position.number
        name = viewed.names[viewed.seat]
        if viewed.watching:  # nobody's decisions are his to be advised on
            return ""
        if not viewed.settled(number):
            return t("view_not_over", number=number) if position.action is not None else ""
        if number not in self.analyses:
            return t("view_analysing", number=number)
        analysis = self.analyses[number]
        if analysis is None:
            return t("view_analysis_failed", number=number)
        from ..coach import Words

        decision = self.decision()
        if decision is None:
            lost = round(analysis.lost)
            return t("view_deal_lost", number=number, name=name, lost=lost,
                     points=t.plural(lost, "points_about_forms"))  # fmt: skip
        words = Words(t, viewed.names, self.p.ascii_only, viewed.seat)
        chosen = words.chosen(decision)
        cost = round(decision.cost)
        if cost <= 0:
            return t("view_agrees", name=name, chosen=chosen)
        best = words.option(decision.advice.best, decision.advice.contract)
        return t("view_cost", name=name, chosen=chosen, best=best, cost=cost,
                 points=t.plural(cost, "points_about_forms"))  # fmt: skip


def same_action(a: Any, b: Any) -> bool:
    """The same decision, whatever the record says of how it was made (a hint, its time)."""
    return bool(replace(a, think_ms=0.0, hinted=False) == replace(b, think_ms=0.0, hinted=False))


__all__ = ["ViewerScreen"]
