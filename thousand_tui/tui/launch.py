"""The commands that open the app in this terminal (`thousand`'s is `tui.run`): `thousand
open` and `thousand join` (a seat at a shared table), `thousand lobby`, `thousand daily`. Each
checks what it was given, then `launch`es the one app (`create_app`) in the mode it asks for.
The shared tables' and the daily deals' code is imported by their commands alone: `thousand`'s
solo game, launched from here too, never holds it."""

from __future__ import annotations

import contextlib
import sys

from ..engine.record import RecordError
from ..options import TableFlags
from ..settings import (
    LANGUAGES,
    JoinSetup,
    LobbySetup,
    OpenSetup,
    SetupError,
    host_language,
)
from ..store.catalog import LOG_NAME, error_words
from .app import ThousandApp, create_app
from .i18n import Translator

PROG = "thousand"


def launch(app: ThousandApp) -> int:
    """Run `app` in this terminal until it ends (a hang-up or a kill ends it too), then close
    what it left open and say where a game left unfinished waits. The process's exit status:
    the app's, or 128 + the signal (the process then ends at once)."""
    app.handle_signals = True
    app.log_file = app.setup.host.data_dir / LOG_NAME
    try:
        app.run()
    finally:
        app.let_go()
        app.closed()
    with contextlib.suppress(OSError, ValueError):  # the terminal is gone (SIGHUP)
        for line in app.parting_words():
            print(f"{PROG}: {line}")
    return app.finish(app.exit_status)


def run_open(setup: OpenSetup) -> int:
    """`thousand open [PRESET]`: open a shared table here and wait for friends at it."""
    from .shared.sit import opened

    _check_terminal(setup.table.lang)
    table, shared = opened(setup)
    return launch(create_app(table, seat=shared))


def run_join(setup: JoinSetup) -> int:
    """`thousand join CODE`: sit at a friend's shared table (again, for your own seat)."""
    from .shared.sit import joined

    _check_terminal(setup.table.lang)
    return launch(create_app(setup.table, seat=joined(setup)))


def run_watch(setup: JoinSetup) -> int:
    """`thousand watch CODE`: watch a shared table at no seat (what every player may see)."""
    from .shared.sit import watching

    _check_terminal(setup.table.lang)
    return launch(create_app(setup.table, seat=watching(setup)))


def _check_terminal(lang: str) -> None:
    from . import check_terminal

    problem = check_terminal(lang=lang)
    if problem is not None:
        raise SetupError(problem)


def run_lobby(setup: LobbySetup) -> int:
    """`thousand lobby`: the lobby, and the tables chosen in it, each back to the lobby when
    its game ends or the player leaves it, until he leaves the lobby."""
    from .shared.lobby_client import lobby_of

    lobby = lobby_of(setup)
    return launch(create_app(lobby.setup.table, lobby=lobby))


def run_daily(options: TableFlags) -> int:
    """`thousand daily`: play the day's deals (or take them up where you stopped); with
    `--board`, print the day's board."""
    from ..daily import Daily, today
    from ..store.index import open_club, player_id
    from . import check_terminal
    from .daily_table import DailyRun, board_lines, daily_setup, open_next, played_words

    try:
        setup = daily_setup(options)
    except (SetupError, ValueError) as error:
        lang = options.lang if options.lang in LANGUAGES else host_language(options.host)
        print(f"{PROG}: {error_words(lang, error, options.host)}", file=sys.stderr)
        return 2
    assert setup.preset is not None
    t = Translator(setup.lang)
    day = Daily(today(), setup.preset, setup.host.club_dir, setup.host.database)
    player = player_id(setup.host)
    if options.board:
        with open_club(setup.host) as index:
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
        print(played_words(day, t, setup.host))
        with open_club(setup.host) as index:
            print("\n".join(board_lines(day, index, t, setup.ascii, player, setup.host)))
        return 0
    opened, events = found
    return launch(create_app(setup, daily=DailyRun(day, player, setup, opened, events)))


__all__ = ["launch", "run_daily", "run_join", "run_lobby", "run_open", "run_watch"]
