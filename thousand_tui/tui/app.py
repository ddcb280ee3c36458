"""The Textual application: one table, its screens, the keys that work everywhere.

`create_app(...)` builds the app for the command, the tests and the screenshot script alike.
"""

from __future__ import annotations

import asyncio
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import ClassVar

from textual import events
from textual.app import App
from textual.binding import Binding, BindingType

from ..ai import pool as search_pool
from ..engine.dealing import Dealt
from ..engine.game import Start
from ..presets import Preset
from .ascii import AsciiFilter
from .hangup import HangupGuard
from .i18n import Translator
from .options import DEFAULT_PACE, TableSetup, make_setup
from .render import Palette
from .screens.end import ConfirmQuitScreen, GameOverScreen, TooSmallScreen
from .screens.info import ConventionsScreen, HelpScreen, SheetScreen
from .screens.table import TableScreen
from .session import Session, new_session
from .widgets.base import localize_bindings

MIN_SIZE = (80, 24)


class ThousandApp(App[int]):
    TITLE = "Thousand"
    ENABLE_COMMAND_PALETTE = False

    # With --ascii (or a locale that is not UTF-8) the boxes are drawn with + - | too.
    CSS = """
    .-ascii HandView, .-ascii SeatPanel {
        border: ascii $primary-darken-1;
    }
    .-ascii HandView.-my-turn, .-ascii SeatPanel.-turn {
        border: ascii $accent;
    }
    .-ascii #dialog {
        border: ascii $accent;
    }
    """

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
        self.palette = Palette(ascii_only=setup.ascii, no_color=self.no_color)
        self.pace = setup.pace
        self.session = session if session is not None else new_session(setup)
        self.handle_signals = handle_signals
        self.guard: HangupGuard | None = None
        self.title = self.t("app_title")
        self.games_played = 1
        localize_bindings(self, self.t, setup.ascii)
        if setup.ascii:
            self.add_class("-ascii")
            self._filters.append(AsciiFilter())
        if setup.reduced_motion:
            self.animation_level = "none"

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
        search_pool.shutdown()
        self.exit(return_code=128 + int(sig))

    def on_unmount(self) -> None:
        self.session.close()
        search_pool.shutdown()
        if self.guard is not None:
            self.guard.stop()

    # ------------------------------------------------------------------ terminal size

    def on_resize(self, event: events.Resize) -> None:
        self.check_size(event.size.width, event.size.height)

    def check_size(self, width: int, height: int) -> None:
        small = width < MIN_SIZE[0] or height < MIN_SIZE[1]
        top = self.screen if self.screen_stack else None
        if small:
            if isinstance(top, TooSmallScreen):
                top.resized((width, height))
            else:
                self.push_screen(TooSmallScreen(self.t, MIN_SIZE, (width, height)))
        elif isinstance(top, TooSmallScreen):
            self.pop_screen()

    # ------------------------------------------------------------------ global actions

    def action_sheet(self) -> None:
        if isinstance(self.screen, SheetScreen):
            self.pop_screen()
            return
        self.push_screen(SheetScreen(self.session.game, self.t))

    def action_conventions(self) -> None:
        if isinstance(self.screen, ConventionsScreen):
            self.pop_screen()
            return
        self.push_screen(ConventionsScreen(self.session.preset, self.t, self.palette))

    def action_help(self) -> None:
        if isinstance(self.screen, HelpScreen):
            self.pop_screen()
            return
        self.push_screen(HelpScreen(self.t, self.palette))

    def action_request_quit(self) -> None:
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


def create_app(
    preset: str | Preset = "classic",
    *,
    players: int | None = None,
    ai: str | Sequence[str] = "easy",
    seed: int = 1,
    name: str | None = None,
    lang: str = "en",
    ascii: bool = False,
    reduced_motion: bool = False,
    pace: float = DEFAULT_PACE,
    first_dealer: int = 0,
    start: Start | None = None,
    deals: Mapping[int, Dealt] | None = None,
    resume: Path | str | None = None,
    save: bool = True,
    setup: TableSetup | None = None,
    handle_signals: bool = False,
) -> ThousandApp:
    """The table app. Give a `setup` (from the command line), or the settings one by one.

    `deals` stacks the cards of given deal numbers (tests, scenarios); `start` begins from a
    match state; `pace` is the least time in seconds an opponent's move stays on screen (0 in
    tests); `save` writes the game record under $XDG_DATA_HOME/thousand_tui/games."""
    if setup is None:
        setup = make_setup(
            preset,
            players=players,
            ai=ai,
            seed=seed,
            name=name,
            lang=lang,
            ascii=ascii,
            reduced_motion=reduced_motion,
            pace=pace,
            first_dealer=first_dealer,
            start=start,
            deals=deals,
            resume=resume,
            save=save,
        )
    return ThousandApp(setup, handle_signals=handle_signals)


__all__ = ["MIN_SIZE", "ThousandApp", "create_app"]
