"""The table in the terminal (Textual): `thousand` opens it through `run(options)`."""

from __future__ import annotations

import argparse
import os
import sys
from typing import TextIO

from ..ai import pool as search_pool
from ..engine.record import RecordError
from ..engine.rules import RulesError
from ..ssh import SESSION_MARK
from .app import ThousandApp, create_app
from .options import SetupError, setup_from_options

PROG = "thousand"


def check_terminal(stdin: TextIO | None = None, stdout: TextIO | None = None) -> str | None:
    """Why the table cannot open in this terminal, or None if it can."""
    stdin = stdin or sys.stdin
    stdout = stdout or sys.stdout
    try:
        interactive = stdin.isatty() and stdout.isatty()
    except (AttributeError, ValueError):
        interactive = False
    if not interactive:
        return (
            "the table needs an interactive terminal (stdin and stdout a TTY); "
            f"for games without a screen use `{PROG} simulate`"
        )
    if os.environ.get("TERM", "") == "dumb":
        return "TERM=dumb cannot show the table; use a terminal such as xterm-256color"
    return None


def run(options: argparse.Namespace) -> int:
    """Check every flag, then open the table. Exit status 2 for a bad flag or file."""
    try:
        setup = setup_from_options(options)
    except (SetupError, RulesError, RecordError, ValueError) as error:
        print(f"{PROG}: {error}", file=sys.stderr)
        return 2
    problem = check_terminal()
    if problem is not None:
        print(f"{PROG}: {problem}", file=sys.stderr)
        return 2
    from .session import new_session

    try:
        session = new_session(setup)
    except (SetupError, RulesError, RecordError, ValueError, OSError) as error:
        print(f"{PROG}: {error}", file=sys.stderr)
        return 2
    if any(player.level == "hard" for player in session.ais.values()):
        # The search's workers start before the screen takes over the standard streams.
        search_pool.shared_pool(search_pool.default_jobs())
    app = ThousandApp(setup, session, handle_signals=True)
    try:
        app.run()
    finally:
        search_pool.shutdown()
    session = app.session
    session.close()
    try:
        if session.path is not None and not session.game.over:
            if os.environ.get(SESSION_MARK):
                # A hosted session: the player's next login continues it, not a command.
                print(f"{PROG}: game saved; log in again with the word `resume` to continue")
            else:
                print(f"{PROG}: game saved in {session.path}")
                print(f"{PROG}: continue it with `{PROG} --resume`")
    except (OSError, ValueError):
        pass  # the terminal is gone (SIGHUP); the record is complete anyway
    return app.return_code or 0


__all__ = ["ThousandApp", "check_terminal", "create_app", "run"]
