"""The daily deal at the table (`thousand daily`): the person's next deal of the day at the
usual table, each deal's result kept in the club index as it is settled, the next deal once
its result is closed, and the day's board after the last one (docs/daily.md)."""

from __future__ import annotations

import contextlib
import sys
from typing import TYPE_CHECKING

from ..daily import DEALS, Daily, OpenDeal, board, opponent, today
from ..engine.events import DealStarted, Event
from ..engine.game import PlayerInfo
from ..engine.record import RecordError
from ..options import TableFlags
from ..presets import load_preset
from ..priority import LOCAL, Host
from ..settings import (
    BAD_LANG,
    LANGUAGES,
    SetupError,
    TableSetup,
    check_name,
    check_pace,
    language_from_locale,
    locale_is_utf8,
)
from ..store.catalog import LOG_NAME, data_dir, error_words, games_dir, public_text, typed
from ..store.index import LOCAL_PLAYER, ClubIndex, open_index, player_of
from .app import ThousandApp
from .i18n import Translator
from .leaderboard import daily_lines
from .screens.daily_board import DailyBoardScreen
from .screens.table import TableScreen
from .session import Session, ai_names
from .startup import remembered_name
from .table_driver import LocalDriver

if TYPE_CHECKING:
    from textual.screen import Screen

    from ..engine.actions import Action

PROG = "thousand"
COMMAND = "daily"


def players_of(setup: TableSetup) -> list[PlayerInfo]:
    t = Translator(setup.lang)
    you = setup.name or t("you_name")
    names = [name for name in ai_names(setup.lang) if name != you]
    return [PlayerInfo(you, "human")] + [
        PlayerInfo(names[i], "ai", level) for i, level in enumerate(setup.levels)
    ]


def session_of(opened: OpenDeal, setup: TableSetup, events: list[Event]) -> Session:
    assert setup.preset is not None
    levels = dict(enumerate(setup.levels, start=1))
    session = Session(
        opened.game,
        setup.preset,
        levels,
        opened.writer,
        opened.path,
        resumed=opened.resumed,
        think=setup.think,
        make_ai=opponent,  # the same for everyone, on any machine
    )
    session.deal_events = events
    return session


class Events(list[Event]):
    """The events of a deal taken up again, for its log (the current deal's only)."""

    def __call__(self, events: list[Event]) -> None:
        for event in events:
            if isinstance(event, DealStarted):
                self.clear()
            self.append(event)


def open_next(day: Daily, player: str, setup: TableSetup) -> tuple[OpenDeal, Events] | None:
    events = Events()
    with open_index() as index:
        opened = day.open_deal(index, player, players_of(setup), setup.lang, events)
    return None if opened is None else (opened, events)


def board_lines(
    day: Daily,
    index: ClubIndex,
    t: Translator,
    ascii_only: bool,
    you: str | None,
    host: Host = LOCAL,
) -> list[str]:
    names = dict(index.players())
    if you == LOCAL_PLAYER and not names.get(you):
        names[you] = t("you_name")
    rows = board(day.results(index), names)
    command = typed(COMMAND, host)
    return daily_lines(rows, t, day.date, day.name, command, ascii_only, you)


class DailyDriver(LocalDriver):
    """A daily deal played here: its result is kept as the deal is settled, and once the
    result is closed the table goes on to the person's next deal (never to the game's)."""

    def __init__(self, session: Session, app: DailyApp, number: int) -> None:
        super().__init__(session)
        self.daily_app = app
        self.number = number
        self.kept = bool(session.game.results)
        self.moved_on = False

    def act(self, action: Action) -> list[str] | None:
        told = super().act(action)
        if told is not None and self.game.results and not self.kept:
            self.kept = True
            self.daily_app.keep(self.session, self.number)
        return told

    def ready(self) -> bool:
        if not super().ready():
            return False
        if self.game.results and not self.controller.results:
            if not self.moved_on:  # the deal's result was closed
                self.moved_on = True
                self.daily_app.call_later(self.daily_app.next_deal)
            return False
        return True

    def top_line(self, line: str, width: int) -> str:
        return f"{self.link.t('daily_top', number=self.number, count=DEALS)} · {line}"

    def hints_on(self) -> bool:
        return False  # a hint would be the reference's own play

    def no_take_back(self) -> str | None:
        return "takeback_off_daily"


class DailyApp(ThousandApp):
    """The table playing a person's daily deals, one after another, then the day's board."""

    def __init__(
        self,
        setup: TableSetup,
        day: Daily,
        player: str,
        opened: OpenDeal,
        events: list[Event] | None = None,
        *,
        handle_signals: bool = False,
    ) -> None:
        self.day = day
        self.player = player
        self.number = opened.number
        self.finished = False
        super().__init__(
            setup, session_of(opened, setup, events or []), handle_signals=handle_signals
        )

    def first_screen(self) -> Screen[None]:
        return TableScreen(DailyDriver(self.session, self, self.number))

    def keep(self, session: Session, number: int) -> None:
        try:
            with open_index() as index:
                self.day.settle(index, self.player, number, session.game)
        except Exception as error:  # the record keeps the deal: the next start keeps it
            self.notify(public_text(str(error), self.setup.host), severity="error", markup=False)

    def next_deal(self) -> None:
        old = self.session
        old.close()
        found = open_next(self.day, self.player, self.setup)
        if found is None:
            self.finished = True
            with open_index() as index:
                lines = board_lines(
                    self.day, index, self.t, self.setup.ascii, self.player, self.setup.host
                )
            self.switch_screen(DailyBoardScreen(lines, self.t))
            return
        opened, events = found
        self.number = opened.number
        self.session = session_of(opened, self.setup, events)
        self.switch_screen(TableScreen(DailyDriver(self.session, self, self.number)))

    def action_request_quit(self) -> None:
        if self.finished:
            self.exit()
            return
        super().action_request_quit()


def daily_setup(options: TableFlags) -> TableSetup:
    """The flags of `thousand daily`, checked; raises SetupError."""
    if options.lang is not None and options.lang not in LANGUAGES:
        raise SetupError(BAD_LANG, langs=", ".join(LANGUAGES))
    preset = load_preset(options.preset or "classic")
    players = preset.rules.players
    return TableSetup(
        preset=preset,
        levels=("hard",) * (players - 1),
        seed=0,
        name=check_name(options.name) or remembered_name(host=options.host),
        lang=options.lang or language_from_locale(),
        ascii=bool(options.ascii) or not locale_is_utf8(),
        pace=check_pace(options.pace),
        save=False,
        hints=False,
        host=options.host,
    )


def run_daily(options: TableFlags) -> int:
    """`thousand daily`: play the day's deals (or take them up where you stopped); with
    `--board`, print the day's board."""
    from . import check_terminal

    try:
        setup = daily_setup(options)
    except (SetupError, ValueError) as error:
        lang = options.lang if options.lang in LANGUAGES else language_from_locale()
        print(f"{PROG}: {error_words(lang, error, options.host)}", file=sys.stderr)
        return 2
    assert setup.preset is not None
    t = Translator(setup.lang)
    day = Daily(today(), setup.preset)
    player = player_of(games_dir().absolute())
    if options.board:
        with open_index() as index:
            print("\n".join(board_lines(day, index, t, setup.ascii, player, setup.host)))
        return 0
    problem = check_terminal(lang=setup.lang, host=setup.host)
    if problem is not None:
        print(f"{PROG}: {problem}", file=sys.stderr)
        return 2
    if not day.references_kept():
        print(t("daily_preparing"), flush=True)
    try:
        day.references()  # computed before the table opens, once a day
        found = open_next(day, player, setup)
    except (RecordError, ValueError, OSError) as error:  # e.g. open in another session
        print(f"{PROG}: {error_words(setup.lang, error, setup.host)}", file=sys.stderr)
        return 2
    if found is None:
        print(t("daily_played", deals=t.count("w_deal", DEALS), preset=day.name))
        with open_index() as index:
            print("\n".join(board_lines(day, index, t, setup.ascii, player, setup.host)))
        return 0
    opened, events = found
    app = DailyApp(setup, day, player, opened, events, handle_signals=True)
    app.log_file = data_dir() / LOG_NAME
    try:
        app.run()
    finally:
        if app.has_game:
            app.session.close()
        app.closed()
    if not app.finished and not app.hung_up:
        with contextlib.suppress(OSError, ValueError):  # the terminal is gone
            print(f"{PROG}: {t('daily_saved', command=typed(COMMAND, setup.host))}")
    return app.finish(app.exit_status)
