"""The Textual application: one app for every way of playing, its screens, the keys that
work everywhere.

`create_app(...)` builds the app for every command (`thousand`, `thousand open|join`,
`thousand lobby`, `thousand daily`, over SSH and in a browser alike: `launch.py` runs it), the
tests and the screenshot script. Each way of playing is a mode of the app (Textual's modes,
each with a stack of screens of its own):

- `solo`: the start screen, and a game chosen there (or given by the flags) in its place
  (`LocalDriver`); a shared table chosen there goes on in `seat`, the lobby in `lobby`.
- `daily`: the daily deals (`DailyDriver`), then the day's board.
- `lobby`: the tables waiting for players; a seat taken there shows in `seat`, and leaving it
  comes back to the lobby as it was left.
- `seat`: a seat at a shared table (its waiting room, then the table, `SharedDriver`).

A mode left is closed with its screens (the lobby under a seat taken there excepted): entered
again, it starts afresh. The code of the shared tables and of the daily deals is imported where
its mode begins: a solo game never holds it.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import sys
from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path, PurePath
from typing import TYPE_CHECKING, Any, ClassVar

from textual import events, work
from textual.app import App
from textual.binding import Binding, BindingType
from textual.driver import Driver
from textual.filter import LineFilter
from textual.notifications import SeverityLevel
from textual.screen import Screen

from ..settings import (
    DEFAULT_SUIT_ORDER,
    LANGUAGES,
    LobbySetup,
    SetupError,
    TableSetup,
    host_language,
    keep_player_name,
)
from ..store.catalog import error_words, public_text, typed
from .ascii import ASCII_KEYS, AsciiFilter
from .hangup import NO_TERMINAL, HangupGuard, end_now
from .i18n import Translator
from .local_driver import LocalDriver
from .messages import SeatFound
from .patches import apply as apply_patches
from .patches import use_fresh_contexts
from .plain import PlainFilter, plain_words
from .render import CardColors, Palette
from .screens.common import KEY_HOLD
from .screens.table import TableScreen
from .session import Session, new_session, same_table
from .startup import Choices, SharedChoice, StartOffer, choices_path, with_comforts

if TYPE_CHECKING:
    from ..presets import Preset
    from .daily_table import DailyRun
    from .shared.connection import SharedSession
    from .shared.lobby_client import Lobby
    from .table_game import TableGame

apply_patches()

MIN_SIZE = (80, 24)
NOTICES_KEPT = 50

# The app's modes (see the module's words).
SOLO, DAILY, LOBBY, SEAT, VIEW = "solo", "daily", "lobby", "seat", "view"


class ThousandApp(App[int]):
    TITLE = "Thousand"
    ENABLE_COMMAND_PALETTE = False
    # The look, in Textual CSS; the colours are the theme's (the cards' too, `card-*`). The
    # paths are this module's (Textual reads relative ones beside each subclass's module).
    CSS_PATH: ClassVar[list[str | PurePath]] = [
        Path(__file__).parent / "styles" / name
        for name in ("table.tcss", "dialogs.tcss", "pages.tcss")
    ]

    # With --ascii (or a locale that is not UTF-8) the boxes are drawn with + - | too.

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+c", "quit_now", "key_quit", show=False, priority=True, id="quit-now"),
    ]

    # Each mode's stack starts with a blank screen, under what the mode shows (`shows`): the
    # screens over it are pushed, switched and popped as in any stack.
    MODES: ClassVar[dict[str, str | Callable[[], Screen[Any]]]] = {
        mode: Screen for mode in (SOLO, DAILY, LOBBY, SEAT, VIEW)
    }

    def __init__(
        self,
        setup: TableSetup,
        session: Session | None = None,
        *,
        handle_signals: bool = False,
        start: StartOffer | None = None,
        seat: SharedSession | None = None,
        lobby: Lobby | None = None,
        daily: DailyRun | None = None,
        view: Callable[[], Screen[None]] | None = None,
    ) -> None:
        super().__init__()
        # Its folders decided now: its workers and threads use these, whatever the
        # environment says by the time they run.
        setup = replace(setup, host=setup.host.resolved())
        self.setup = setup
        self.start = start
        self.t = Translator(setup.lang)
        colors = CardColors.of(self.get_css_variables())
        self.palette = Palette(
            ascii_only=setup.ascii,
            no_color=self.no_color,
            colors=colors,
            lang=setup.lang,
            suit_order=setup.suit_order,
        )
        self.pace = setup.pace
        if daily is not None:
            session = daily.session()
        elif session is None and (start, seat, lobby, view) == (None, None, None, None):
            session = new_session(setup)
        self._session = session  # a game played here; None on the start screen, or shared
        self.shared = seat  # the seat at a shared table on screen
        self.lobby = lobby
        self.daily = daily
        self.viewed = view  # what `thousand view` shows: a game stepped through, a review
        if lobby is not None:
            lobby.to_table = self.to_table
        self.first_mode = self.opening_mode()
        # What each mode shows, over its blank base screen (`MODES`).
        self.shows: dict[str, Callable[[], Screen[None]]] = {
            SOLO: self.solo_screen,
            DAILY: self.daily_screen,
            LOBBY: self.lobby_screen,
            SEAT: self.seat_screen,
            VIEW: self.view_screen,
        }
        self.sitting = False  # a seat at the shared table chosen on the start screen is sought
        self.handle_signals = handle_signals
        self.guard: HangupGuard | None = None
        self.title = self.t("app_title")
        self.games_played = 1
        self.notices: list[str] = []
        self.complaint = False  # a warning or error is on the screen
        self.shared_choice: SharedChoice | None = None  # a shared table chosen at the start
        # The game (or the shared table) chosen on the start screen with the line mode on:
        # played by lines in this terminal once the app has ended (`tui.run`).
        self.plain_next: TableSetup | SharedChoice | None = None
        self.log_file: Path | None = None  # where problems are logged (`failures.py`)
        # What the start screen remembered before this run: a flag's language, pace or motion
        # is for this run only (`keep_choices`).
        self.remembered: Choices | None = None
        self.shown_offer: StartOffer | None = None
        self.plain_filter = PlainFilter()
        self.ascii_filter = AsciiFilter() if setup.ascii else None
        if setup.ascii:
            self.add_class("-ascii")
        self.full_motion = self.animation_level
        if setup.reduced_motion:
            self.animation_level = "none"

    def opening_mode(self) -> str:
        if self.viewed is not None:
            return VIEW
        if self.lobby is not None:
            return LOBBY
        if self.shared is not None:
            return SEAT
        if self.daily is not None:
            return DAILY
        return SOLO

    def show_as(self, setup: TableSetup) -> None:
        """The pace and the motion of a game chosen on the start screen."""
        self.pace = setup.pace
        self.animation_level = "none" if setup.reduced_motion else self.full_motion

    def get_driver_class(self) -> type[Driver]:
        """Textual's driver; on Linux and macOS one whose output outlives the terminal
        (`terminal_output.py`), so that the table still closes when the terminal vanishes
        mid-frame."""
        found = super().get_driver_class()
        if sys.platform != "win32":
            from textual.drivers.linux_driver import LinuxDriver

            if found is LinuxDriver:
                from .terminal_output import TERMINAL_OUTPUT, TerminalDriver

                if TERMINAL_OUTPUT.applies():
                    return TerminalDriver
        return found

    # ------------------------------------------------------------------ look

    def get_theme_variable_defaults(self) -> dict[str, str]:
        """The colours of the cards, for any theme that does not set its own."""
        return {**super().get_theme_variable_defaults(), **CardColors().variables()}

    def get_line_filters(self) -> Sequence[LineFilter]:
        """Textual's filters, the one that keeps every control character from the terminal
        (`plain.py`), and with --ascii the one that draws in plain ASCII."""
        filters = [*super().get_line_filters()]
        if self.plain_filter.enabled:
            filters.append(self.plain_filter)
        if self.ascii_filter is not None:
            filters.append(self.ascii_filter)
        return filters

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
        markup: bool = False,
    ) -> None:
        """Show a notification, and keep it in `notices` (the last `NOTICES_KEPT` things the
        table told, in order). A warning or error replaces the one shown before: one at a time.
        Every note is plain text (`plain.py`), whatever `markup` says: the table's words have
        no markup, and a name or an error in one is never read as markup."""
        message, title = plain_words(message), plain_words(title)
        self.notices.append(message)
        del self.notices[:-NOTICES_KEPT]
        if severity != "information":
            self.clear_notifications()
            self.complaint = True
        super().notify(message, title=title, severity=severity, timeout=timeout, markup=False)

    def forget_complaint(self) -> None:
        """A move was made: the warning or error about the one before is gone."""
        if self.complaint:
            self.complaint = False
            self.clear_notifications()

    # ------------------------------------------------------------------ start and stop

    @property
    def session(self) -> Session:
        """The game being played; LookupError on the start screen, before one is chosen."""
        if self._session is None:
            raise LookupError("no game chosen yet")
        return self._session

    @session.setter
    def session(self, session: Session) -> None:
        self._session = session

    @property
    def has_game(self) -> bool:
        """Whether a game is on screen (here, or a shared table's)."""
        return self._session is not None or self.shared is not None

    @property
    def seat(self) -> SharedSession:
        """The seat at a shared table on screen; LookupError where there is none."""
        if self.shared is None:
            raise LookupError("no seat taken")
        return self.shared

    @property
    def key_hold(self) -> float:
        """How long a dialog that opens at once after the player's own key (the deal's result,
        the raise, the next auction, the final sheet) holds its keys: `KEY_HOLD`, at most the
        pace (none for a player who asked for no pace)."""
        return min(self.pace, KEY_HOLD)

    @property
    def table(self) -> TableScreen:
        """The table screen under whatever dialog is open."""
        for screen in reversed(self.screen_stack):
            if isinstance(screen, TableScreen):
                return screen
        raise LookupError("no table on screen")

    def on_mount(self) -> None:
        use_fresh_contexts(asyncio.get_running_loop())
        self.enter(self.first_mode)
        if self.handle_signals:
            self.guard_hangups()

    # ------------------------------------------------------------------ the modes

    def solo_screen(self) -> Screen[None]:
        """The start screen, or the table of the game played here."""
        if self._session is None:
            return self.start_screen()
        return TableScreen(LocalDriver(self.session))

    def daily_screen(self) -> Screen[None]:
        daily = self.daily
        assert daily is not None
        from .daily_table import DailyDriver  # the club index's code: only for the daily deals

        return TableScreen(DailyDriver(self.session, daily.number, daily.top(self.t)))

    def lobby_screen(self) -> Screen[None]:
        from .screens.lobby import LobbyScreen

        assert self.lobby is not None
        return LobbyScreen(self.lobby)

    def seat_screen(self) -> Screen[None]:
        from .shared.waiting import shared_screen

        return shared_screen(self.seat)

    def view_screen(self) -> Screen[None]:
        assert self.viewed is not None
        return self.viewed()

    def enter(self, mode: str) -> None:
        """Show `mode`, made afresh; the mode left is closed with its screens (not the lobby,
        kept as it is under a seat taken there, or a tournament's deals played from it)."""
        left = self.current_mode
        if mode == left:
            raise ValueError(f"already in the {mode!r} mode")
        self.reset_mode(mode)
        self.switch_mode(mode)
        # What `thousand view` shows is all the app is for: closed, the app ends.
        closed = (lambda _: self.exit(0)) if mode == VIEW else None
        self.push_screen(self.shows[mode](), closed)
        if left in self.shows and not (left == LOBBY and mode in (SEAT, DAILY)):
            self.reset_mode(left)
        self.check_size(self.size.width, self.size.height)

    def reset_mode(self, mode: str) -> None:
        """`mode`'s screens closed (it is not the one shown): entered again, it starts afresh."""
        self.remove_mode(mode)
        self.add_mode(mode, self.MODES[mode])

    def guard_hangups(self) -> None:
        """A closed terminal (SIGHUP, or a terminal gone without a signal) or a kill (SIGTERM,
        SIGINT) ends the app; the record is flushed line by line, so `thousand --resume`
        continues where it stopped. If the shutdown hangs, the guard ends the process."""
        loop = asyncio.get_running_loop()

        def hang_up(sig: int) -> None:
            loop.call_soon_threadsafe(self.signalled, sig)

        def last_words() -> None:
            if self._session is not None and self._session.writer is not None:
                self._session.writer.seal()

        # In a web browser (`thousand serve`) the standard input is a pipe, not a terminal that
        # could vanish: the server ends the game when the page goes.
        watch = None if not self.setup.host.browser else NO_TERMINAL
        self.guard = HangupGuard(
            hang_up, last_words, fd=watch, log_file=self.log_file, give_back=self.give_back
        )
        self.guard.start()

    def give_back(self) -> None:
        """The terminal out of application mode now, from the watchdog's thread, the app's
        own shutdown having hung (`TerminalDriver.give_back`; no other driver has one)."""
        # Nothing imported here: the hung main thread may hold the import lock.
        give_back = getattr(self._driver, "give_back", None)
        if callable(give_back):
            give_back()

    def closed(self) -> None:
        """The table has closed, its record let go and its workers ended: after a hang-up the
        log says that the clean shutdown got there."""
        if self.guard is not None:
            self.guard.closed()

    @property
    def hung_up(self) -> bool:
        """Whether the table closed because the terminal hung up or the process was killed."""
        return self.guard is not None and self.guard.signal is not None

    @property
    def exit_status(self) -> int:
        """The process's exit status: 128 + the signal after a hang-up or a kill (whatever
        failed while the table was coming down), else the app's return code."""
        if self.guard is not None and self.guard.signal is not None:
            return 128 + int(self.guard.signal)
        return self.return_code or 0

    def finish(self, status: int) -> int:
        """`status`, to return from the command; after a hang-up the process ends here, at once
        (`hangup.end_now`)."""
        if self.hung_up:
            end_now(status)
        return status

    def signalled(self, sig: int) -> None:
        if self._session is not None:
            self._session.close()
        self.exit(return_code=128 + int(sig))

    def on_unmount(self) -> None:
        self.let_go()
        if self.guard is not None:
            self.guard.stop()

    def let_go(self) -> None:
        """The seat at a shared table and the game played here closed (the record, and the
        search's workers if any were started); once more does nothing."""
        if self.shared is not None:
            self.shared.close()
        if self._session is not None:
            self._session.close()

    def parting_words(self) -> list[str]:
        """What the command says once the app has ended: where a game left unfinished waits,
        and how to come back to it."""
        t, host = self.t, self.setup.host
        if self.daily is not None:
            if self.daily.stopped is not None:
                return [self.daily.stopped]
            if self.hung_up:
                return []
            if self.daily.finished:  # the board was shown: how to review the day, once more
                done = self.daily.done_words(t)
                return [done] if done else []
            return [self.daily.saved_words(t)]
        if self.shared is not None:
            shared = self.shared
            if shared.mirror.over or (self.lobby is not None and self.hung_up):
                return []
            if shared.mirror.watcher:
                return []  # no seat waits: a watcher held none
            from .shared.words import join_command

            command = join_command(shared.code, shared.host)
            return [t("shared_seat_waits", code=shared.code, command=command)]
        session = self._session
        if session is None or session.path is None or session.game.over:
            return []
        if host.hosted:
            # A hosted session: the player's next login continues it, not a command.
            return [t("saved_resume", command=typed("--resume", host, "resume"))]
        return [t("saved_in", path=session.path), t("saved_continue", command="thousand --resume")]

    # ------------------------------------------------------------------ terminal size

    def on_resize(self, event: events.Resize) -> None:
        self.check_size(event.size.width, event.size.height)

    def check_size(self, width: int, height: int) -> None:
        small = width < MIN_SIZE[0] or height < MIN_SIZE[1]
        top = self.screen if self.screen_stack else None
        stack = self.screen_stack
        if not small and not any(type(s).__name__ == "TooSmallScreen" for s in stack):
            return  # the usual case, without loading the screen that says "too small"
        from .screens.too_small import TooSmallScreen

        if not small:
            # One under another screen (the quit question asked while small) lets the table
            # show through, and goes when it is on top again.
            for screen in stack[:-1]:
                if isinstance(screen, TooSmallScreen):
                    screen.fits()

        if small:
            if isinstance(top, TooSmallScreen):
                top.resized((width, height))
            else:
                self.push_screen(TooSmallScreen(self.t, MIN_SIZE, (width, height)))
        elif isinstance(top, TooSmallScreen):
            self.pop_screen()

    # ------------------------------------------------------------------ the start screen

    def start_screen(self) -> Screen[None]:
        from .screens.start import StartScreen

        offer = self.start or StartOffer.shipped(self.setup.lang)
        stored = Choices.read(choices_path(self.setup.host))
        if self.remembered is None:
            self.remembered = stored or Choices(lang=host_language(self.setup.host))
        self.shown_offer = offer
        choices = stored or Choices(lang=self.setup.lang)
        if self.hosted_name():
            choices.name = self.setup.name or ""
        if self.setup.suit_order != DEFAULT_SUIT_ORDER:  # --suit-order given
            choices.suit_order = self.setup.suit_order
        choices.auto_play = choices.auto_play or self.setup.auto_play
        choices.auto_next = choices.auto_next or self.setup.auto_next
        choices.take_back = choices.take_back or self.setup.take_back
        choices.auto_analysis = choices.auto_analysis and self.setup.auto_analysis
        self.set_language(offer.fit(choices).lang)
        return StartScreen(offer, choices)

    def set_language(self, lang: str) -> None:
        """The language of every screen made from now on."""
        if lang != self.t.lang:
            self.t = Translator(lang)
            self.title = self.t("app_title")
            self.setup = replace(self.setup, lang=lang)

    def keep_choices(self, choices: Choices) -> None:
        """Remember the start screen's choices for the next start (silently, if it cannot).
        A language, pace or motion that a flag gave and the screen kept is this run's only:
        the one remembered before stays."""
        kept = replace(choices, levels=list(choices.levels))
        offer, before = self.shown_offer, self.remembered
        if offer is not None and before is not None:
            if offer.lang is not None and kept.lang == offer.lang:
                kept.lang = before.lang
            if offer.pace is not None and kept.pace == offer.pace:
                kept.pace = before.pace
            if offer.reduced_motion is not None and kept.reduced_motion == offer.reduced_motion:
                kept.reduced_motion = before.reduced_motion
        kept.write(choices_path(self.setup.host))
        if self.hosted_name() and choices.name:
            with contextlib.suppress(OSError, SetupError):
                keep_player_name(self.setup.host.data_dir, choices.name)

    def hosted_name(self) -> bool:
        """Whether this is a hosted player's start screen with the name they chose (the word
        `name`) or their key gave: the screen starts with it, and a new one is kept as theirs."""
        return bool(self.start is not None and self.setup.name and self.setup.host.hosted)

    def open_table(self, setup: TableSetup, *, plain: bool = False) -> None:
        """Leave the start screen for the table of a new game (or of a game continued); with
        `plain`, leave the app to play it by lines in this terminal (`tui.run` does)."""
        if plain and not setup.host.browser:
            self.plain_next = setup
            self.exit()
            return
        try:
            session = new_session(setup)
        except (SetupError, ValueError, OSError) as error:
            self.notify(error_words(setup.lang, error, setup.host), severity="error", markup=False)
            return
        self.setup = setup
        self.palette = replace(self.palette, suit_order=setup.suit_order)
        self.set_language(setup.lang)
        self.show_as(setup)
        self._session = session
        self.switch_screen(TableScreen(LocalDriver(session)))

    def back_to_start(self) -> None:
        """From a finished game back to the start screen (only where it was shown first: a
        hosted game started with a preset word offers nothing else)."""
        if self._session is not None:
            self._session.close()
            self._session = None
        self.switch_screen(self.start_screen())

    def continue_game(
        self,
        path: Path,
        lang: str | None,
        choices: Choices | None = None,
        *,
        plain: bool = False,
    ) -> None:
        """Continue a saved game, in its own language unless `--lang` chose one, played as the
        start screen's `choices` say (its pace, its suit order...); by lines with `plain`."""
        chosen = self.start.lang if self.start is not None else None
        saved = lang if lang in LANGUAGES else None
        setup = replace(self.setup, resume=path, lang=chosen or saved or self.t.lang)
        setup = with_comforts(setup, choices) if choices is not None else setup
        self.open_table(setup, plain=plain)

    # ------------------------------------------------------------------ shared tables

    def to_shared(self, choice: SharedChoice, *, plain: bool = False) -> None:
        """The shared table chosen on the start screen: the lobby, or a table opened or
        joined (sought in a worker; the start screen stays until the seat is taken, and says
        why if it cannot be). With `plain`, the lobby, or a table opened or joined, is played
        by lines once the app has ended (`tui.run`)."""
        if self.sitting:
            return
        if plain and not choice.setup.host.browser:
            self.plain_next = choice
            self.exit()
            return
        self.shared_choice = choice
        setup = choice.setup
        if choice.kind == "lobby":
            from ..presets import shipped_names
            from .shared.lobby_client import lobby_of

            presets = {name: name for name in shipped_names()}
            self.lobby = lobby_of(LobbySetup(setup, presets, level=choice.level))
            self.lobby.to_table = self.to_table
            self.shared_setup(self.lobby.setup.table)
            self.enter(LOBBY)
            return
        self.sitting = True
        self.seek_seat(choice)

    @work(thread=True, exclusive=True, group="seat")
    def seek_seat(self, choice: SharedChoice) -> None:
        from ..tables.client import TableError
        from .shared.connection import join_shared, open_shared, table_options
        from .shared.words import said

        setup = choice.setup
        try:
            if choice.kind == "open":
                options = table_options(
                    setup,
                    level=choice.level,
                    hints=choice.hints,
                    clock=choice.clock,
                    watchers=choice.watchers,
                )
                shared = open_shared(options, host=setup.host)
            else:
                shared = join_shared(choice.code, name=setup.name, lang=setup.lang, host=setup.host)
        except TableError as error:
            why = said(error, setup.lang, setup.host)
            self.post_message(SeatFound(None, Translator(setup.lang)("shared_failed", why=why)))
            return
        self.post_message(SeatFound(shared))

    def on_seat_found(self, message: SeatFound) -> None:
        self.sitting = False
        shared, choice = message.shared, self.shared_choice
        from .screens.start import StartScreen

        if shared is None or choice is None or not isinstance(self.screen, StartScreen):
            if shared is not None:
                shared.close()  # the start screen was left meanwhile
            elif message.error:
                self.notify(message.error, severity="error", markup=False)
            return
        self.shared = shared
        self.shared_setup(choice.setup)
        self.enter(SEAT)

    def shared_setup(self, setup: TableSetup) -> None:
        """The setup of a shared table chosen on the start screen: its language, its suit
        order, its pace and motion."""
        self.setup = setup
        self.set_language(setup.lang)
        self.palette = replace(self.palette, suit_order=setup.suit_order, lang=setup.lang)
        self.show_as(setup)

    def to_table(self, shared: SharedSession) -> None:
        """A seat taken in the lobby: its waiting room, or the game under way, the lobby kept
        as it is under it."""
        self.shared = shared
        shared.back = self.back_to_lobby
        self.enter(SEAT)

    def back_to_lobby(self) -> None:
        """The player left the table, or its game ended: the seat let go (a game under way
        keeps it for him: the lobby says how to come back), and the lobby read again."""
        from .screens.lobby import LobbyScreen

        shared, self.shared = self.shared, None
        if self.lobby is not None:
            self.lobby.chosen = None
        if shared is None:
            return
        waits = not (shared.mirror.over or shared.mirror.watcher)  # a seat that waits for him
        shared.close()
        # The table's sizes set classes of the app's own (where notes sit): not the lobby's.
        self.remove_class("-wide-table", "-tall-table")
        self.switch_mode(LOBBY)  # as it was left
        self.reset_mode(SEAT)
        self.check_size(self.size.width, self.size.height)
        for lobby in self.screen_stack:
            if isinstance(lobby, LobbyScreen):
                lobby.back()
        if waits:
            self.notify(self.t("lobby_seat_waits", code=shared.code), markup=False)

    # ------------------------------------------------------------------ the daily deals

    def keep_daily(self, session: Session, number: int) -> None:
        """A daily deal settled: its result kept in the club index."""
        assert self.daily is not None
        problem = self.daily.keep(session, number)
        if problem is not None:
            self.notify(public_text(problem, self.setup.host), severity="error", markup=False)

    def play_tournament(self, run: DailyRun) -> None:
        """A tournament's deals chosen in the lobby (`TournamentRun`): played at the table in
        the daily's mode, the lobby kept as it is under it, and shown again after the
        standings, or as soon as the player leaves (`leave_daily`)."""
        self.daily = run
        self.session = run.session()
        self.enter(DAILY)

    def leave_daily(self) -> None:
        """The daily's deals (or a tournament's) left, or their board: the app ends, unless
        they were played from the lobby, which then comes back as it was left, saying what
        the command would have said on leaving (where the deal left waits, or why no next
        deal could be dealt)."""
        from .screens.lobby import LobbyScreen

        daily = self.daily
        if self.lobby is None or daily is None or self.current_mode != DAILY:
            self.exit()
            return
        said = self.parting_words()
        self.daily = None
        if self._session is not None:
            self._session.close()
        self._session = None
        self.remove_class("-wide-table", "-tall-table")
        self.switch_mode(LOBBY)  # as it was left
        self.reset_mode(DAILY)
        self.check_size(self.size.width, self.size.height)
        for lobby in self.screen_stack:
            if isinstance(lobby, LobbyScreen):
                lobby.back()
        for line in said:
            self.notify(public_text(line, self.setup.host), markup=False)

    def next_deal(self) -> None:
        """A daily deal's result closed: the person's next deal, or the day's board after the
        last one."""
        from .screens.daily_board import DailyBoardScreen

        daily = self.daily
        assert daily is not None
        self.session.close()
        session = daily.next_session()
        if session is None and daily.stopped is not None:
            self.leave_daily()  # nothing to deal: said by the parting words
            return
        if session is None:
            lines = daily.board(self.t, self.setup.ascii)
            done = daily.done_words(self.t)
            if done:
                lines += ["", done]
            self.switch_screen(DailyBoardScreen(lines, self.t))
            return
        self.session = session
        self.switch_screen(self.daily_screen())

    # ------------------------------------------------------------------ global actions

    # The pages and dialogs are loaded when first opened: the table is on screen sooner.

    def action_sheet(self) -> None:
        from .screens.info import SheetScreen

        self.open_page(SheetScreen, lambda: SheetScreen(self.shown_game(), self.t))

    def shown_game(self) -> TableGame:
        """The game the score sheet shows (a shared table's, as its seat knows it)."""
        if self.shared is not None:
            return self.shared.game
        return self.session.game

    def shown_preset(self) -> Preset | None:
        """The preset of the game played (None on the start screen, before one is chosen, and
        in the lobby)."""
        if self.shared is not None:
            return self.shared.preset
        return self._session.preset if self._session is not None else None

    def action_conventions(self) -> None:
        from .screens.info import ConventionsScreen
        from .screens.start import StartScreen

        shown = self.shown_preset()
        if shown is not None:
            preset = shown
        else:
            start = next(s for s in self.screen_stack if isinstance(s, StartScreen))
            preset = start.preset
        self.open_page(ConventionsScreen, lambda: ConventionsScreen(preset, self.t, self.palette))

    def action_help(self) -> None:
        from .screens.info import HelpScreen

        self.open_page(HelpScreen, lambda: HelpScreen(self.t, self.palette))

    def open_page(self, kind: type[Screen[None]], make: Callable[[], Screen[None]]) -> None:
        """One page (sheet, conventions, help) at a time: its key closes it, another page's
        key shows that one instead, and Esc goes back to where you were."""
        from .screens.info import InfoScreen

        shown = self.screen
        if isinstance(shown, kind):
            self.pop_screen()
        elif isinstance(shown, InfoScreen):
            self.switch_screen(make())
        else:
            self.push_screen(make())

    def action_hint(self) -> None:
        """The hint key of a dialog: the table under it searches."""
        try:
            self.table.action_hint()
        except LookupError:
            return

    def action_chat(self) -> None:
        """The chat key of a dialog at a shared table: the line opens over the dialog."""
        try:
            self.table.action_chat()
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
        if action == "sheet":
            return self.has_game  # no score sheet before a game is chosen
        if action in ("hint", "analysis"):
            try:
                table = self.table
            except LookupError:
                return False
            if action == "analysis":
                return table.driver.session is not None and self.deals_to_analyse()
            return table.hints_on()
        if action == "chat":  # only at a shared table
            try:
                return self.table.driver.chats()
            except LookupError:
                return False
        return True

    def deals_to_analyse(self) -> bool:
        """Whether the score sheet on screen has a deal to analyse (the result of a deal
        always has one)."""
        from .screens.info import SheetScreen

        screen = self.screen
        return not isinstance(screen, SheetScreen) or bool(screen.game.results)

    def action_request_quit(self) -> None:
        from .screens.end import ConfirmQuitScreen

        if isinstance(self.screen, ConfirmQuitScreen):
            return
        if self.current_mode in (SEAT, LOBBY):
            # Leaving a shared table asks first, from the table or from a dialog over it;
            # where no table is shown (the waiting room, the lobby), the app ends.
            from .shared.remote_table import SharedDriver

            try:
                driver = self.table.driver
            except LookupError:
                driver = None
            if isinstance(driver, SharedDriver):
                driver.leave()
            else:
                self.exit()
            return
        finished = self.daily is not None and self.daily.finished
        if finished or self._session is None or self._session.game.over:
            if self.daily is not None:
                self.leave_daily()
            else:
                self.exit()
            return
        saved = self.session.writer is not None

        def answered(quit_now: bool | None) -> None:
            if quit_now and self.daily is not None:
                self.leave_daily()
            elif quit_now:
                self.exit()

        self.push_screen(ConfirmQuitScreen(self.t, saved), answered)

    def action_quit_now(self) -> None:
        self.exit()

    # ------------------------------------------------------------------ game over, again

    def game_over(self, session: Session) -> None:
        from .screens.end import GameOverScreen

        def chosen(what: str | None) -> None:
            if what == "again":
                self.call_later(self.again)
            elif what == "start":
                self.back_to_start()
            else:
                self.exit()

        over = GameOverScreen(session.game, self.t, start_screen=self.start is not None)
        over.held(self.key_hold)  # it opens at once when the last result is closed
        self.push_screen(over, chosen)

    async def again(self) -> None:
        """A new game with the same table, the next seed; the deal goes round: the player
        left of the last game's first dealer deals first. The last game's table is closed
        and let go before the new one is laid out, so that a long evening of games never
        holds two at once."""
        old = self.session
        old.close()
        seed = old.game.seed + 1
        first = (old.game.first_dealer + 1) % old.game.rules.players
        self.setup = replace(same_table(self.setup, old), first_dealer=first)
        self.session = new_session(self.setup, seed=seed)
        self.games_played += 1
        del old
        while len(self.screen_stack) > 1:  # the table, and a dialog over it if one is open
            await self.pop_screen()
        gc.collect()  # the last table is old enough that only a full collection frees it
        await self.push_screen(self.solo_screen())


def create_app(
    setup: TableSetup,
    session: Session | None = None,
    *,
    handle_signals: bool = False,
    start: StartOffer | None = None,
    seat: SharedSession | None = None,
    lobby: Lobby | None = None,
    daily: DailyRun | None = None,
    view: Callable[[], Screen[None]] | None = None,
) -> ThousandApp:
    """The app, for every command (`launch.py`), the tests and the screenshot script alike:
    the game of `setup` (`TableSetup.of(...)` in tests), or `session`'s; with `start`, the
    start screen first, `setup` giving the display (ascii, pace, motion) of the games chosen
    there; with `seat`, a seat at a shared table (`thousand open|join`); with `lobby`, the
    lobby (`thousand lobby`); with `daily`, the daily deals (`thousand daily`); with `view`,
    the screen it makes alone (`thousand view`: a game stepped through, a duplicate review).
    `handle_signals`: a hang-up or a kill ends the app (the command's own, not a test's)."""
    return ThousandApp(
        setup,
        session,
        handle_signals=handle_signals,
        start=start,
        seat=seat,
        lobby=lobby,
        daily=daily,
        view=view,
    )


__all__ = ["DAILY", "LOBBY", "MIN_SIZE", "SEAT", "SOLO", "VIEW", "ThousandApp", "create_app"]
