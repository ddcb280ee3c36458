"""A seat at a shared table as an app of its own (`thousand open`, `thousand join`, or the
start screen's choice): `SharedTableApp`, `run_shared`."""

from __future__ import annotations

import contextlib
import sys
from dataclasses import replace

from textual.screen import Screen

from ...presets import shipped_names
from ...settings import LobbySetup, TableSetup, check_name
from ...store.catalog import LOG_NAME, data_dir
from ...tables.client import TableError
from ..i18n import Translator
from ..startup import SharedChoice, remembered_name
from .connection import SharedSession, join_shared, open_shared, table_options
from .lobby_app import Lobby, LobbyApp
from .seat import SeatApp
from .waiting import shared_screen
from .words import join_command, said


class SharedTableApp(SeatApp):
    """`thousand open` / `thousand join`: a seat at a shared table as an app of its own."""

    def __init__(
        self, setup: TableSetup, shared: SharedSession, *, handle_signals: bool = False
    ) -> None:
        super().__init__(setup, shared, handle_signals=handle_signals)

    def first_screen(self) -> Screen[None]:
        return shared_screen(self.seat)


def run_shared(setup: TableSetup, shared: SharedSession) -> int:
    """Show the seat at the shared table until the player leaves."""
    app = SharedTableApp(setup, shared, handle_signals=True)
    app.log_file = data_dir() / LOG_NAME
    try:
        app.run()
    finally:
        shared.close()
        app.closed()
    tell_seat_waits(shared, setup.lang)
    return app.finish(app.return_code or 0)


def tell_seat_waits(shared: SharedSession, lang: str) -> None:
    """Once the app has ended: where a seat left mid-game waits, the command that comes back."""
    code = shared.code
    with contextlib.suppress(OSError, ValueError):
        if not shared.mirror.over:
            command = join_command(code, shared.host)
            waits = Translator(lang)("shared_seat_waits", code=code, command=command)
            print(f"thousand: {waits}")


def play_shared_choice(choice: SharedChoice) -> int:
    """The shared table chosen on the start screen: open it or join it, then play at it."""
    setup = choice.setup
    if choice.kind == "lobby":
        presets = {name: name for name in shipped_names()}
        return run_lobby(LobbySetup(setup, presets, level=choice.level))
    try:
        if choice.kind == "open":
            options = table_options(
                setup, level=choice.level, hints=choice.hints, clock=choice.clock
            )
            shared = open_shared(options, host=setup.host)
        else:
            shared = join_shared(choice.code, name=setup.name, lang=setup.lang, host=setup.host)
    except TableError as error:
        why = said(error, setup.lang, setup.host)
        print(f"thousand: {Translator(setup.lang)('shared_failed', why=why)}", file=sys.stderr)
        return 2
    return run_shared(setup, shared)


def run_lobby(setup: LobbySetup) -> int:
    """The lobby (`thousand lobby`), and the tables chosen in it, each back to the lobby when
    its game ends or the player leaves it, until he leaves the lobby."""
    table = setup.table
    if table.name is None and setup.who is None:
        name = check_name(remembered_name(host=table.host))
        setup = replace(setup, table=replace(table, name=name))
    lobby = Lobby(setup)
    app = LobbyApp(lobby, handle_signals=True)
    app.log_file = data_dir() / LOG_NAME
    try:
        app.run()
    finally:
        if app.shared is not None:
            app.shared.close()
        app.closed()
    if app.shared is not None and not app.hung_up:  # left at once (Ctrl+C) from a table
        tell_seat_waits(app.shared, lobby.lang)
    return app.finish(app.return_code or 0)
