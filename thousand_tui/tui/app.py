"""The Textual application: one table, its screens, the keys that work everywhere.

`create_app(...)` builds the app for the command, the tests and the screenshot script alike.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from pathlib import Path, PurePath
from typing import ClassVar

from textual import events
from textual.app import App
from textual.binding import Binding, BindingType
from textual.filter import LineFilter
from textual.notifications import SeverityLevel

from ..settings import TableSetup
from .ascii import ASCII_KEYS, AsciiFilter
from .hangup import HangupGuard
from .i18n import Translator
from .render import CardColors, Palette
from .screens.table import TableScreen
from .session import Session, new_session

MIN_SIZE = (80, 24)


class ThousandApp(App[int]):
    TITLE = "Thousand"
    ENABLE_COMMAND_PALETTE = False
    # The look, in Textual CSS; the colours are the theme's (the cards' too, `card-*`).
    CSS_PATH: ClassVar[list[str | PurePath]] = [
        "styles/table.tcss",
        "styles/dialogs.tcss",
        "styles/pages.tcss",
    ]

    # With --ascii (or a locale that is not UTF-8) the boxes are drawn with + - | too.

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+c", "quit_now", "key_quit", show=False, priority=True, id="quit-now"),
    ]

    def __init__(
        self,
        setup: TableSetup,
        session: Session | None = None,
        *,
        handle_signals: bool = False,
    ) -> None:
        super().__init__()
        self.setup = setup
        self.t = Translator(setup.lang)
        colors = CardColors.of(self.get_css_variables())
        self.palette = Palette(ascii_only=setup.ascii, no_color=self.no_color, colors=colors)
        self.pace = setup.pace
        self.session = session if session is not None else new_session(setup)
        self.handle_signals = handle_signals
        self.guard: HangupGuard | None = None
        self.title = self.t("app_title")
        self.games_played = 1
        self.notices: list[str] = []
        self.log_file: Path | None = None  # where problems are logged (`failures.py`)
        self.ascii_filter = AsciiFilter() if setup.ascii else None
        if setup.ascii:
            self.add_class("-ascii")
        if setup.reduced_motion:
            self.animation_level = "none"

    # ------------------------------------------------------------------ look

    def get_theme_variable_defaults(self) -> dict[str, str]:
        """The colours of the cards, for any theme that does not set its own."""
        return {**super().get_theme_variable_defaults(), **CardColors().variables()}

    def get_line_filters(self) -> Sequence[LineFilter]:
        """Textual's filters, and with --ascii the one that draws in plain ASCII."""
        filters = super().get_line_filters()
        if self.ascii_filter is None:
            return filters
        return [*filters, self.ascii_filter]

    def get_key_display(self, binding: Binding) -> str:
        """Key names in the footer; with --ascii without arrows and symbols."""
        shown = super().get_key_display(binding)
        if self.ascii_filter is not None:
            return ASCII_KEYS.get(shown, shown)
        return shown

    def notify(
        self,
        message: str,
        *,
        title: str = "",
        severity: SeverityLevel = "information",
        timeout: float | None = None,
        markup: bool = True,
    ) -> None:
        """Show a notification, and keep it in `notices` (what the table told, in order)."""
        self.notices.append(message)
        super().notify(message, title=title, severity=severity, timeout=timeout, markup=markup)

    # ------------------------------------------------------------------ start and stop

    @property
    def table(self) -> TableScreen:
        """The table screen under whatever dialog is open."""
        for screen in reversed(self.screen_stack):
            if isinstance(screen, TableScreen):
                return screen
        raise LookupError("no table on screen")

    def on_mount(self) -> None:
        self.push_screen(TableScreen(self.session))
        if self.handle_signals:
            self.guard_hangups()
        self.check_size(self.size.width, self.size.height)

    def guard_hangups(self) -> None:
        """A closed terminal (SIGHUP, or a terminal gone without a signal) or a kill (SIGTERM,
        SIGINT) ends the app; the record is flushed line by line, so `thousand --resume`
        continues where it stopped. If the shutdown hangs, the guard ends the process."""
        loop = asyncio.get_running_loop()

        def hang_up(sig: int) -> None:
            loop.call_soon_threadsafe(self.signalled, sig)

        def last_words() -> None:
            if self.session.writer is not None:
                self.session.writer.seal()

        self.guard = HangupGuard(hang_up, last_words)
        self.guard.start()

    def signalled(self, sig: int) -> None:
        self.session.close()
        self.exit(return_code=128 + int(sig))

    def on_unmount(self) -> None:
        self.session.close()
        if self.guard is not None:
            self.guard.stop()

    # ------------------------------------------------------------------ terminal size

    def on_resize(self, event: events.Resize) -> None:
        self.check_size(event.size.width, event.size.height)

    def check_size(self, width: int, height: int) -> None:
        small = width < MIN_SIZE[0] or height < MIN_SIZE[1]
        top = self.screen if self.screen_stack else None
        if not small and type(top).__name__ != "TooSmallScreen":
            return  # the usual case, without loading the screen that says "too small"
        from .screens.end import TooSmallScreen

        if small:
            if isinstance(top, TooSmallScreen):
                top.resized((width, height))
            else:
                self.push_screen(TooSmallScreen(self.t, MIN_SIZE, (width, height)))
        elif isinstance(top, TooSmallScreen):
            self.pop_screen()

    # ------------------------------------------------------------------ global actions

    # The pages and dialogs are loaded when first opened: the table is on screen sooner.

    def action_sheet(self) -> None:
        from .screens.info import SheetScreen

        if isinstance(self.screen, SheetScreen):
            self.pop_screen()
            return
        self.push_screen(SheetScreen(self.session.game, self.t))

    def action_conventions(self) -> None:
        from .screens.info import ConventionsScreen

        if isinstance(self.screen, ConventionsScreen):
            self.pop_screen()
            return
        self.push_screen(ConventionsScreen(self.session.preset, self.t, self.palette))

    def action_help(self) -> None:
        from .screens.info import HelpScreen

        if isinstance(self.screen, HelpScreen):
            self.pop_screen()
            return
        self.push_screen(HelpScreen(self.t, self.palette))

    def action_hint(self) -> None:
        """The hint key of a dialog: the table under it searches."""
        try:
            self.table.action_hint()
        except LookupError:
            return

    def action_analysis(self) -> None:
        """The analysis of the deal on the result screen or under the sheet's cursor."""
        from .screens.info import AnalysisScreen, SheetScreen
        from .screens.result import DealResultScreen

        screen = self.screen
        if isinstance(screen, AnalysisScreen):
            self.pop_screen()
            return
        number: int | None = None
        if isinstance(screen, DealResultScreen):
            number = screen.result.number
        elif isinstance(screen, SheetScreen):
            number = screen.chosen_deal()
        if number is not None:
            self.table.show_analysis(number)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "hint":
            return self.setup.hints
        return True

    def action_request_quit(self) -> None:
        from .screens.end import ConfirmQuitScreen

        if isinstance(self.screen, ConfirmQuitScreen):
            return
        if self.session.game.over:
            self.exit()
            return
        saved = self.session.writer is not None

        def answered(quit_now: bool | None) -> None:
            if quit_now:
                self.exit()

        self.push_screen(ConfirmQuitScreen(self.t, saved), answered)

    def action_quit_now(self) -> None:
        self.exit()

    # ------------------------------------------------------------------ game over, again

    def game_over(self, session: Session) -> None:
        from .screens.end import GameOverScreen

        def chosen(what: str | None) -> None:
            if what == "again":
                self.again()
            else:
                self.exit()

        self.push_screen(GameOverScreen(session.game, self.t), chosen)

    def again(self) -> None:
        """A new game with the same table, the next seed."""
        old = self.session
        old.close()
        seed = old.game.seed + 1
        self.session = new_session(self.setup, seed=seed)
        self.games_played += 1
        self.switch_screen(TableScreen(self.session))


def create_app(setup: TableSetup, *, handle_signals: bool = False) -> ThousandApp:
    """The table app for `setup` (from the command line, or `TableSetup.of(...)` in tests and
    the screenshot script)."""
    return ThousandApp(setup, handle_signals=handle_signals)


__all__ = ["MIN_SIZE", "ThousandApp", "create_app"]
