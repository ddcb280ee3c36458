"""The duplicate review of the daily deal (`thousand view --daily`): for each deal of the day
you played, your decisions beside `hard`'s and the day's best other player's with the same
cards from the same seat, and what each of yours cost by the deal's analysis.

↑ ↓ a decision, ← → a deal; Enter opens your play of the deal in the viewer at that decision,
`h` hard's, `b` the best player's (every hand open: the deal is over for you). The analysis
of your deal is made in a worker thread the first time the deal is shown; a key never waits.
"""

from __future__ import annotations

import traceback
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.coordinate import Coordinate
from textual.screen import Screen
from textual.widgets import DataTable

from ...engine.actions import Act, Action
from ...engine.record import RecordedGame
from ..coach import Words, signed_points
from ..duplicate import DealReview, Played, Row, Slot
from ..messages import AnalysisFailed, DealAnalysed
from ..plain import plain
from ..viewing import play_out
from ..widgets.base import KeyFooter, table_app
from ..widgets.status import InfoBar
from .viewer import Analyser, ViewerScreen, same_action

if TYPE_CHECKING:
    from ...ai.analysis import DealAnalysis, Decision

_WHERE = {"dark": "c_where_dark", "dark_cancel": "c_where_dark_cancel", "redeal": "c_where_redeal"}
_CELL = 18  # the widest a decision is shown in its column (the line under the table has all)


class DuplicateScreen(Screen[None]):
    """The review of the day's deals you played, one deal at a time."""

    DEFAULT_CSS = """
    DuplicateScreen { layout: vertical; }
    DuplicateScreen #dup-rows { height: 1fr; }
    DuplicateScreen #dup-detail { color: $warning; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding(
            "left",
            "deal(-1)",
            "key_view_deal_back",
            key_display="←",
            priority=True,
            id="dup-deal-back",
        ),
        Binding(
            "right",
            "deal(1)",
            "key_view_deal_next",
            key_display="→",
            priority=True,
            id="dup-deal-next",
        ),
        Binding(
            "enter", "view(0)", "key_dup_yours", key_display="⏎", priority=True, id="dup-yours"
        ),
        Binding("h", "view(1)", "key_dup_hard", id="dup-hard"),
        Binding("b", "view(2)", "key_dup_best", id="dup-best"),
        Binding("q,escape", "close", "key_close", key_display="q", id="dup-close"),
    ]

    analyser: ClassVar[Analyser | None] = None  # None: `ai.analysis.analyze_deal`

    def __init__(self, reviews: list[DealReview], title: str) -> None:
        super().__init__()
        self.reviews = reviews
        self.title_text = title
        app = table_app(self)
        self.t = app.t
        self.p = app.palette
        self.current = 0
        self.rows: list[Row] = []
        self.analyses: dict[int, DealAnalysis | None] = {}
        self.analysing: int | None = None

    def compose(self) -> ComposeResult:
        yield InfoBar(id="top", classes="-top")
        yield InfoBar(id="dup-summary")
        table: DataTable[Text] = DataTable(id="dup-rows", cursor_type="row", zebra_stripes=True)
        yield table
        yield InfoBar(id="dup-detail")
        yield KeyFooter()

    def on_mount(self) -> None:
        self.show_deal()
        self.query_one(DataTable).focus()

    @property
    def review(self) -> DealReview:
        return self.reviews[self.current]

    # ------------------------------------------------------------------ drawing

    def words(self, play: Played) -> Words:
        header = play.lines[0]
        names = [str(p.get("name", "")) for p in header.get("players") or [] if isinstance(p, dict)]
        return Words(self.t, names, self.p.ascii_only, you=0)

    def said(self, play: Played, actions: tuple[Action, ...] | None) -> str:
        if actions is None:
            return "—"
        words = self.words(play)
        contract = next(
            (line.get("contract") for line in play.lines if line.get("type") == "result"), None
        )
        return ", ".join(
            self.t("c_keep", value=contract)
            if a.act is Act.RAISE and a.value is None
            else words.action(a)
            for a in actions
        )

    def where(self, slot: Slot) -> str:
        t = self.t
        if slot.phase == "play":
            return t("c_where_trick", number=slot.place)
        if slot.phase == "give":
            return t("c_where_exchange")
        if slot.phase in ("raise", "contract"):
            return t("c_where_contract")
        return t(_WHERE.get(slot.phase, "c_where_auction"))

    def show_deal(self) -> None:
        t = self.t
        review = self.review
        count = len(self.reviews)
        self.query_one("#top", InfoBar).line = t(
            "dup_title", title=self.title_text, number=review.number, count=count
        )
        summary = " · ".join(f"{play.name} {signed_points(play.points)}" for play in review.plays)
        self.query_one("#dup-summary", InfoBar).line = summary
        self.rows = review.rows()
        table = self.query_one(DataTable)
        table.clear(columns=True)
        table.add_column(Text(t("dup_col_where")), key="where")
        for column, play in enumerate(review.plays):
            table.add_column(plain(play.name, "bold", lines=False), key=f"play{column}")
        table.add_column(Text(t("dup_col_cost"), justify="right"), key="cost")
        for row in self.rows:
            cells = [Text(self.where(row.slot))]
            for play, actions in zip(review.plays, row.chosen, strict=True):
                text = self.said(play, actions)
                cell = Text(text if len(text) <= _CELL else text[: _CELL - 1] + "…")
                cells.append(self.p.styled(cell))
            if row.chosen[0] != row.chosen[1]:  # where yours and hard's part
                cells[1].stylize("bold")
            cells.append(Text(self.cost_words(row), justify="right"))
            table.add_row(*cells)
        table.move_cursor(row=0, animate=False)
        self.show_detail()
        self.refresh_bindings()
        self.analyse_deal(self.current)

    def cost_words(self, row: Row) -> str:
        number = self.review.number
        if number not in self.analyses:
            return "…"
        decision = self.decision(row)
        if decision is None:
            return ""
        cost = round(decision.cost)
        return str(-cost) if cost else "0"

    def decision(self, row: Row) -> Decision | None:
        analysis = self.analyses.get(self.review.number)
        mine = row.chosen[0]
        if analysis is None or mine is None:
            return None
        for decision in analysis.decisions:
            if any(same_action(a, b) for a in mine for b in decision.chosen):
                return decision
        return None

    def show_detail(self) -> None:
        """The decision under the cursor, whole: each play's, and what yours cost."""
        table = self.query_one(DataTable)
        detail = self.query_one("#dup-detail", InfoBar)
        if not self.rows:
            detail.line = ""
            return
        row = self.rows[min(table.cursor_row, len(self.rows) - 1)]
        parts = [
            f"{play.name}: {self.said(play, actions)}"
            for play, actions in zip(self.review.plays, row.chosen, strict=True)
        ]
        detail.line = self.p.styled(" · ".join(parts))

    def on_data_table_row_highlighted(self, _: DataTable.RowHighlighted) -> None:
        self.show_detail()

    # ------------------------------------------------------------------ keys

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "deal" and parameters:
            step = parameters[0]
            assert isinstance(step, int)
            return 0 <= self.current + step < len(self.reviews) or None
        if action == "view" and parameters:
            column = parameters[0]
            assert isinstance(column, int)
            return column < len(self.review.plays) or None
        return True

    def action_deal(self, step: int) -> None:
        target = self.current + step
        if 0 <= target < len(self.reviews):
            self.current = target
            self.show_deal()

    def action_view(self, column: int) -> None:
        """The viewer on that play of the deal, at its decision under the cursor."""
        review = self.review
        if column >= len(review.plays):
            return
        play = review.plays[column]
        path = play.path or self.reviews_path(play)
        viewed = play_out(path, RecordedGame(play.lines), self.t, self.p, open_hands=True,
                          last_deal=1)  # fmt: skip
        index = 0
        if self.rows:
            table = self.query_one(DataTable)
            chosen = self.rows[min(table.cursor_row, len(self.rows) - 1)].chosen[column]
            for i, position in enumerate(viewed.positions):
                if (
                    chosen
                    and position.action is not None
                    and same_action(position.action, chosen[0])
                ):
                    index = i
                    break
        self.app.push_screen(ViewerScreen(viewed, index))

    def reviews_path(self, play: Played) -> Path:
        return Path(f"{play.who}-{self.review.number}.jsonl")

    def action_close(self) -> None:
        self.dismiss(None)

    # ------------------------------------------------------------------ your decisions' cost

    def analyse_deal(self, current: int) -> None:
        number = self.reviews[current].number
        if number in self.analyses or self.analysing == number:
            return
        self.analysing = number
        self.analyse(current)

    @work(thread=True, exclusive=True, group="dup-analysis")
    def analyse(self, current: int) -> None:
        review = self.reviews[current]
        analyser = type(self).analyser
        if analyser is None:
            from ...ai.analysis import analyze_deal

            analyser = analyze_deal
        try:
            found = analyser(review.plays[0].lines, 0, 1)
        except Exception:
            self.post_message(AnalysisFailed(review.number, traceback.format_exc()))
            return
        self.post_message(DealAnalysed(review.number, found))

    def on_deal_analysed(self, message: DealAnalysed) -> None:
        message.stop()
        self.analysed(message.number, message.analysis)

    def on_analysis_failed(self, message: AnalysisFailed) -> None:
        message.stop()
        self.analysed(message.number, None)

    def analysed(self, number: int, analysis: DealAnalysis | None) -> None:
        self.analyses[number] = analysis
        if self.analysing == number:
            self.analysing = None
        if not self.is_mounted:
            return
        if number == self.review.number:
            table = self.query_one(DataTable)
            for index, row in enumerate(self.rows):
                table.update_cell_at(Coordinate(index, len(self.review.plays) + 1),
                                     Text(self.cost_words(row), justify="right"))  # fmt: skip
        self.analyse_deal(self.current)


__all__ = ["DuplicateScreen"]
