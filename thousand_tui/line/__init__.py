"""The line mode (`thousand --plain`): the game for screen readers and braille displays.

The same game as the table (the engine, the presets, the AI levels, the languages, the
records, the autosave and resume), played by lines of text on the standard streams: each event
one line written once, cards and suits in words, a prompt that says what is to be decided and
which answers are legal, and commands a screen reader reads back (`play.py`). No cursor
movement, colour, box drawing or escape sequence is ever written.

It is a front end beside the table (`tui/`), built on the table's parts that have no screen:
the controller, the session, the narrator and the descriptions.
"""

from __future__ import annotations

import random
import sys
from dataclasses import replace
from typing import TextIO

from ..engine.record import RecordError
from ..engine.rules import RulesError
from ..options import TableFlags
from ..priority import LOCAL, Host
from ..settings import (
    JoinSetup,
    LobbySetup,
    OpenSetup,
    SetupError,
    TableSetup,
    host_language,
)
from ..store.catalog import error_words
from ..tui.startup import Choices, SharedChoice, choices_path
from .play import THINK_NOTICE, LineTable

PROG = "thousand"


def remembered(host: Host = LOCAL) -> bool:
    """Whether the line mode was the player's last choice (`--plain`, kept with the start
    screen's choices until `--no-plain`)."""
    choices = Choices.read(choices_path(host))
    return choices is not None and choices.plain


def remember(plain: bool, host: Host = LOCAL) -> None:
    """Keep `plain` with the start screen's choices (nothing else of them changes)."""
    path = choices_path(host)
    choices = Choices.read(path)
    if choices is None:
        if not plain:
            return
        choices = Choices(lang=host_language(host))
    if choices.plain != plain:
        choices.plain = plain
        choices.write(path)


def run(
    options: TableFlags,
    stdin: TextIO | None = None,
    stdout: TextIO | None = None,
    think_notice: float = THINK_NOTICE,
) -> int:
    """Check every flag, then play a game by lines. Without the flags of a game, the game of
    the start screen's last choices. Exit status 2 for a bad flag or file."""
    from ..tui import table_setup
    from ..tui.session import new_session

    stdin = stdin or sys.stdin
    stdout = stdout or sys.stdout
    try:
        setup, offer = table_setup(options)
        if offer is not None:
            kept = Choices.read(choices_path(setup.host)) or Choices(lang=setup.lang)
            chosen = offer.fit(kept)
            if setup.name is not None:  # `--name`, as the start screen opens with it
                chosen.name = setup.name
            seed = setup.seed if setup.seed is not None else random.randrange(1, 1_000_000)
            base = setup
            setup = offer.setup(base, chosen, seed)
            setup = replace(
                setup,
                take_back=setup.take_back or base.take_back,
                auto_play=setup.auto_play or base.auto_play,
                hints=setup.hints and base.hints,
            )
        session = new_session(setup)
    except (SetupError, RulesError, RecordError, ValueError, OSError) as error:
        lang = options.lang or host_language(options.host)
        print(f"{PROG}: {error_words(lang, error, options.host)}", file=sys.stderr)
        return 2
    if options.plain:
        remember(True, setup.host)
    return LineTable(setup, session, stdin, stdout, think_notice).run()


def play_chosen(
    chosen: TableSetup | SharedChoice, stdin: TextIO | None = None, stdout: TextIO | None = None
) -> int:
    """Play by lines what the start screen chose with its line mode on (a new game, one
    continued, a shared table opened or joined, the lobby), once the app has ended. Exit
    status 2 if it cannot begin."""
    from ..tui.session import new_session

    stdin = stdin or sys.stdin
    stdout = stdout or sys.stdout
    setup = chosen.setup if isinstance(chosen, SharedChoice) else chosen
    if isinstance(chosen, SharedChoice) and chosen.kind == "lobby":
        from ..presets import shipped_names

        presets = {name: name for name in shipped_names()}
        return run_lobby(LobbySetup(setup, presets, level=chosen.level), stdin, stdout)
    try:
        if isinstance(chosen, SharedChoice) and chosen.kind == "open":
            opening = OpenSetup(
                setup,
                level=chosen.level,
                hints=chosen.hints,
                clock=float(chosen.clock),
                watchers=chosen.watchers,
            )
            return run_open(opening, stdin, stdout)
        if isinstance(chosen, SharedChoice):
            return run_join(JoinSetup(setup, chosen.code, None, None), stdin, stdout)
        session = new_session(setup)
    except (SetupError, RulesError, RecordError, ValueError, OSError) as error:
        print(f"{PROG}: {error_words(setup.lang, error, setup.host)}", file=sys.stderr)
        return 2
    return LineTable(setup, session, stdin, stdout).run()


def run_open(setup: OpenSetup, stdin: TextIO | None = None, stdout: TextIO | None = None) -> int:
    """`thousand open --plain`: open a shared table and play its seat 0 by lines."""
    from ..tui.shared.sit import opened
    from .shared import LineSeat

    table, shared = opened(setup)
    return LineSeat(table, shared, stdin or sys.stdin, stdout or sys.stdout, opened=True).run()


def run_join(setup: JoinSetup, stdin: TextIO | None = None, stdout: TextIO | None = None) -> int:
    """`thousand join CODE --plain`: sit at a shared table and play the seat by lines."""
    from ..tui.shared.sit import joined
    from .shared import LineSeat

    shared = joined(setup)
    return LineSeat(setup.table, shared, stdin or sys.stdin, stdout or sys.stdout).run()


def run_watch(setup: JoinSetup, stdin: TextIO | None = None, stdout: TextIO | None = None) -> int:
    """`thousand watch CODE --plain`: watch a shared table by lines, at no seat."""
    from ..tui.shared.sit import watching
    from .watch import LineWatcher

    shared = watching(setup)
    return LineWatcher(setup.table, shared, stdin or sys.stdin, stdout or sys.stdout).run()


def run_lobby(setup: LobbySetup, stdin: TextIO | None = None, stdout: TextIO | None = None) -> int:
    """`thousand lobby --plain`: the lobby by typed commands, and the tables taken there."""
    from .club import lobby_by_lines

    return lobby_by_lines(setup, stdin or sys.stdin, stdout or sys.stdout)


def run_daily(
    options: TableFlags, stdin: TextIO | None = None, stdout: TextIO | None = None
) -> int:
    """`thousand daily --plain`: the day's deals by lines (`--board`: the day's board)."""
    from .club import daily_by_lines

    return daily_by_lines(options, stdin or sys.stdin, stdout or sys.stdout)


def run_tournament(
    name: str, options: TableFlags, stdin: TextIO | None = None, stdout: TextIO | None = None
) -> int:
    """`thousand tournaments play NAME --plain`: a tournament's deals by lines."""
    from .club import tournament_by_lines

    return tournament_by_lines(name, options, stdin or sys.stdin, stdout or sys.stdout)


__all__ = [
    "LineTable",
    "play_chosen",
    "remember",
    "remembered",
    "run",
    "run_daily",
    "run_join",
    "run_lobby",
    "run_open",
    "run_tournament",
    "run_watch",
]
