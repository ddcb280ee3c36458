"""Screens to read: the score sheet, the table's conventions, help. Each closes with Esc or
its own key and goes back to where you were."""

from __future__ import annotations

import textwrap
from collections.abc import Callable
from pathlib import Path
from typing import ClassVar

from rich.console import Group, RenderableType
from rich.padding import Padding
from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.widgets import Static
from textual.worker import Worker

from ...presets import Preset
from ...rulebook import format_preset
from ..i18n import Translator
from ..messages import StatsRead
from ..plain import plain
from ..render import Palette
from ..table_game import TableGame
from ..widgets.base import KeyFooter, table_app
from ..widgets.sheet import ScoreSheet
from ..widgets.workers import Failure, KeepsPlaying
from .common import Dialog


def conventions_text(preset: Preset, lang: str) -> str:
    """`thousand presets NAME` as text, its description as one paragraph the screen wraps."""
    text = format_preset(preset, lang)
    description = preset.description_in(lang)
    wrapped = "\n".join(textwrap.wrap(description, width=78))
    if description and wrapped in text:
        text = text.replace(wrapped, " ".join(description.split()), 1)
    return text


class InfoScreen(Dialog[None]):
    """A full-screen page over the table."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", "key_close", key_display="esc", id="close"),
        Binding("q", "app.request_quit", "key_quit", show=False, id="quit"),
    ]

    def __init__(self, title: str, t: Translator) -> None:
        super().__init__(classes="-info")
        self.title_text = title
        self.t = t

    def compose(self) -> ComposeResult:
        yield Static(plain(self.title_text, lines=False), id="info-title")
        yield from self.compose_body()
        yield KeyFooter()

    def compose_body(self) -> ComposeResult:
        yield Static("", id="info-body")

    def action_close(self) -> None:
        self.dismiss(None)


class SheetScreen(InfoScreen):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("s", "close", "key_close", show=False),
        Binding("a", "app.analysis", "key_analysis", id="analysis"),
        Binding("c", "app.conventions", "key_rules", id="conventions"),
        Binding("question_mark,f1", "app.help", "key_help", key_display="?", id="help"),
    ]

    def __init__(self, game: TableGame, t: Translator) -> None:
        super().__init__(t("sheet_title"), t)
        self.game = game

    def compose_body(self) -> ComposeResult:
        yield ScoreSheet(id="info-body")

    def on_mount(self) -> None:
        sheet = self.query_one(ScoreSheet)
        sheet.show_game(self.game)
        sheet.table.focus()

    def chosen_deal(self) -> int | None:
        """The number of the deal under the cursor (None on the starting position)."""
        row = self.query_one(ScoreSheet).table.cursor_row
        if self.game.start is not None:
            row -= 1
        results = self.game.results
        return results[row].number if 0 <= row < len(results) else None


class AnalysisScreen(InfoScreen):
    """The analysis of some finished deals, filled in as the background search brings it."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("a", "close", "key_close", show=False),
        Binding("s", "app.sheet", "key_sheet", id="sheet"),
    ]

    def __init__(
        self, numbers: list[int], lines: Callable[[int], list[str]], t: Translator, p: Palette
    ) -> None:
        super().__init__(t("analysis_title"), t)
        self.numbers = numbers
        self.lines = lines
        self.p = p

    def compose_body(self) -> ComposeResult:
        with VerticalScroll(id="info-body"):
            yield Static(self.text(), id="analysis-text")

    def text(self) -> Text:
        out = Text()
        for number in self.numbers:
            for i, line in enumerate(self.lines(number)):
                out.append(line + "\n", style="bold" if i == 0 else "")
            out.append("\n")
        out.append(self.t("c_analysis_note"), style="dim")
        return plain(self.p.styled(out))

    def refresh_text(self) -> None:
        self.query_one("#analysis-text", Static).update(self.text())

    def on_mount(self) -> None:
        self.query_one("#info-body").focus()


class ConventionsScreen(InfoScreen):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("c", "close", "key_close", show=False),
        Binding("s", "app.sheet", "key_sheet", id="sheet"),
        Binding("question_mark,f1", "app.help", "key_help", key_display="?", id="help"),
    ]

    def __init__(self, preset: Preset, t: Translator, p: Palette) -> None:
        super().__init__(f"{t('conventions_title')}: {preset.title_in(t.lang)}", t)
        self.text = conventions_text(preset, t.lang)
        self.p = p

    def compose_body(self) -> ComposeResult:
        with VerticalScroll(id="info-body"):
            yield Static(self.formatted(), id="conventions-text")

    def formatted(self) -> Group:
        """The title and the section names in bold; a setting's line that wraps keeps its
        indent."""
        out: list[RenderableType] = []
        lines = self.text.rstrip("\n").split("\n")
        for i, line in enumerate(lines):
            heading = i == 0 or (line and not line.startswith(" ") and not lines[i - 1])
            words = self.p.styled(plain(line.lstrip(" "), "bold" if heading else ""))
            indent = len(line) - len(line.lstrip(" "))
            out.append(Padding(words, (0, 0, 0, indent)) if indent else words)
        return Group(*out)

    def on_mount(self) -> None:
        self.query_one("#info-body").focus()


class HelpScreen(InfoScreen):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("question_mark,f1", "close", "key_close", show=False),
        Binding("s", "app.sheet", "key_sheet", id="sheet"),
        Binding("c", "app.conventions", "key_rules", id="conventions"),
    ]

    def __init__(self, t: Translator, p: Palette) -> None:
        super().__init__(t("help_title"), t)
        self.p = p

    def compose_body(self) -> ComposeResult:
        keys = self.t("help_keys").split("\n")
        # The keys for looking back, after the other keys of the table.
        last = max(i for i, line in enumerate(keys) if line.startswith("  "))
        keys.insert(last + 1, self.t("help_keys_look"))
        keys.insert(last + 2, self.t("help_keys_chat"))
        text = self.t("help_rules") + "\n\n" + self.t("help_scores") + "\n\n" + "\n".join(keys)
        if self.p.ascii_only:
            text = (
                text.replace("♥", "H")
                .replace("♦", "D")
                .replace("♣", "C")
                .replace("♠", "S")
                .replace("•", "*")
            )
        with VerticalScroll(id="info-body"):
            yield Static(self.p.styled(Text(text)), id="help-text")

    def on_mount(self) -> None:
        self.query_one("#info-body").focus()


class StatsScreen(KeepsPlaying, InfoScreen):
    """The player's statistics over the saved games, read in a worker."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("t", "close", "key_close", show=False),
        Binding("s", "app.sheet", "key_sheet", id="sheet"),
    ]

    def __init__(self, folder: Path, t: Translator, p: Palette) -> None:
        super().__init__(t("stats_title"), t)
        self.folder = folder
        self.p = p

    def compose_body(self) -> ComposeResult:
        with VerticalScroll(id="info-body"):
            yield Static(self.t("stats_loading"), id="stats-text")

    def on_mount(self) -> None:
        self.query_one("#info-body").focus()
        self.read_stats()

    @work(thread=True, exclusive=True, group="stats", exit_on_error=False)
    def read_stats(self) -> None:
        import logging

        from ...stats import cache_path, read_stats_apart
        from ...store.index import index_path, node_name
        from ..coach import stats_lines

        log = logging.getLogger("thousand_tui")
        host = table_app(self).setup.host
        index = index_path(host.club_dir)
        cache = cache_path(host.data_dir)
        # Apart: what reading the games takes grows with the game being played.
        node = node_name(host)
        stats = read_stats_apart(self.folder, cache, log.warning, index, host.database, node)
        hosted = host.hosted
        self.post_message(StatsRead(stats_lines(stats, self.t, self.p.ascii_only, hosted)))

    def on_stats_read(self, message: StatsRead) -> None:
        self.query_one("#stats-text", Static).update(plain(self.p.styled("\n".join(message.lines))))

    def failure(self, worker: Worker[object], error: str) -> Failure | None:
        """The games could not be read: the page says so instead of waiting forever."""

        def say() -> None:
            text = self.t("stats_failed", error=error, where="").strip()
            self.query_one("#stats-text", Static).update(plain(text))

        return Failure("the statistics could not be read:", "stats_failed", recover=say)
