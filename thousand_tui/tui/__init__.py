"""The table in the terminal (Textual): `thousand` opens it through `run(options)`.

- `app` (the Textual app, one for every way of playing, each a mode of it: screens, global
  keys, theme, hang-ups through `hangup`), `launch` (the commands that open it), `session`
  (a game, its record and its opponents, made when first asked; no Textual), `startup` (what
  the start screen offers and remembers; no Textual), `shared` (a seat at a shared table: the
  same table screen, driven by the table service).
- `controller` (what the table does next and waits for; no Textual), `text` (what the bars,
  panels and trick say, as pure functions), `narrate` (events in words), `describe` (the
  engine's caps, refusals and terms in words), `sheet` (the score sheet's rows), `coach`
  (hints, deal analyses and statistics in words, for the table and the command line).
- `screens/` and `widgets/`; the look in `styles/*.tcss`; `i18n` (English and Russian),
  `render` (cards and suits as text, colours from the theme), `ascii` (plain ASCII output),
  `failures` (problems logged with their traceback).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from dataclasses import replace
from typing import TextIO

from ..engine.record import RecordError
from ..engine.rules import RulesError
from ..options import TableFlags
from ..priority import LOCAL, Host
from ..settings import (
    SetupError,
    TableSetup,
    check_pace,
    host_language,
    setup_from_options,
)
from ..store.catalog import error_words
from .app import ThousandApp, create_app
from .i18n import Translator
from .startup import SharedChoice, StartOffer, remembered_name

PROG = "thousand"


def check_terminal(
    stdin: TextIO | None = None,
    stdout: TextIO | None = None,
    lang: str = "en",
    host: Host = LOCAL,
) -> str | None:
    """Why the table cannot open in this terminal (in `lang`), or None if it can."""
    if host.browser:  # `thousand serve`: the standard streams carry Textual's web driver
        return None
    stdin = stdin or sys.stdin
    stdout = stdout or sys.stdout
    try:
        interactive = stdin.isatty() and stdout.isatty()
    except (AttributeError, ValueError):
        interactive = False
    if not interactive:
        return Translator(lang)("term_not_interactive", command=f"{PROG} simulate")
    if os.environ.get("TERM", "") == "dumb":
        return Translator(lang)("term_dumb")
    return None


def game_flags(options: TableFlags) -> dict[str, object]:
    """The flags that start a game at once; without any of them `thousand` opens the start
    screen."""
    return {
        "preset": options.preset,
        "players": options.players,
        "ai": options.ai,
        "seed": options.seed,
        "name": options.name,
        "resume": options.resume,
    }


def start_offer(options: TableFlags) -> StartOffer | None:
    """What the start screen offers, or None when the flags name a game to start at once."""
    text = options.offer
    # A host's start screen (`--offer`) opens with the player's `--name` (her key's, or the
    # one she chose): the name alone starts no game there.
    starting = [
        value
        for flag, value in game_flags(options).items()
        if not (flag == "name" and text is not None)
    ]
    if any(value is not None for value in starting):
        return None
    if text is None:
        offer = StartOffer.shipped(options.lang)
    else:
        offer = StartOffer.parse(text, options.offer_ai, options.lang)
    # --pace and --reduced-motion given: the start screen opens with them.
    pace = options.pace
    motion = True if options.reduced_motion else None
    offer = replace(offer, pace=None if pace is None else check_pace(pace), reduced_motion=motion)
    if text is None:
        return offer
    for name in offer.names:
        offer.preset(name)  # a broken preset file is reported before the screen opens
    if not offer.player_counts():
        raise SetupError(f"--offer-ai {offer.levels}: no number of players fits these levels")
    return offer


def table_setup(options: TableFlags) -> tuple[TableSetup, StartOffer | None]:
    """The flags checked: the setup of the table, and what the start screen offers (None when
    the flags start a game at once). A new game started by flags without `--name` is played
    under the name last chosen on the start screen."""
    setup = setup_from_options(options)
    offer = start_offer(options)
    if offer is None and setup.resume is None and setup.name is None:
        setup = replace(setup, name=remembered_name(host=setup.host))
    return setup, offer


def run(
    options: TableFlags, plain: Callable[[TableSetup | SharedChoice], int] | None = None
) -> int:
    """Check every flag, then open the start screen or the table. Exit status 2 for a bad flag
    or file. A game (or a shared table) the start screen chose to play by lines (its line
    mode on) is played by `plain` once the app has ended, in the same terminal."""
    try:
        setup, offer = table_setup(options)
    except (SetupError, RulesError, RecordError, ValueError) as error:
        lang = options.lang or host_language(options.host)
        print(f"{PROG}: {error_words(lang, error, options.host)}", file=sys.stderr)
        return 2
    problem = check_terminal(lang=setup.lang, host=setup.host)
    if problem is not None:
        print(f"{PROG}: {problem}", file=sys.stderr)
        return 2
    from .launch import launch
    from .session import Session, new_session

    session: Session | None = None
    notes: list[str] = []
    if setup.resume is not None and not setup.host.browser:
        from .repair import offer_repair

        if not offer_repair(setup.resume, setup.lang, notes=notes, host=setup.host):
            return 2
    if offer is None:
        try:
            session = new_session(setup)
        except (SetupError, RulesError, RecordError, ValueError, OSError) as error:
            print(f"{PROG}: {error_words(setup.lang, error, setup.host)}", file=sys.stderr)
            return 2
        session.warnings.extend(notes)
        if "hard" in session.levels.values():
            # The search's workers start before the screen takes over the standard streams.
            from ..ai import pool, search_service

            search_service.start_early(pool.default_jobs())
    app = create_app(setup, session, start=offer)
    status = launch(app)
    if app.plain_next is not None and plain is not None:
        return plain(app.plain_next)
    return status


__all__ = ["ThousandApp", "check_terminal", "create_app", "run", "table_setup"]
