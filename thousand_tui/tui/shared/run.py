"""A seat at a shared table as an app of its own (`thousand open`, `thousand join`, or the
start screen's choice): `SharedTableApp`, `run_shared`."""

from __future__ import annotations

import contextlib
import sys
from dataclasses import replace

from textual.screen import Screen

from ...presets import Preset, shipped_names
from ...settings import LobbySetup, TableSetup, check_name
from ...store.catalog import LOG_NAME, data_dir
from ...tables.client import TableError
from ..app import ThousandApp
from ..i18n import Translator
from ..startup import SharedChoice, remembered_name
from ..table_game import TableGame
from .connection import SharedSession, join_shared, open_shared, table_options
from .driver import SharedDriver
from .lobby import Lobby, LobbyApp
from .waiting import shared_screen
from .words import join_command, said


class SharedTableApp(ThousandApp):
    """`thousand open` / `thousand join`: a seat at a shared table as an app of its own."""

    LOCAL_GAME = False  # the game is the table service's

    def __init__(
        self, setup: TableSetup, shared: SharedSession, *, handle_signals: bool = False
    ) -> None:
        super().__init__(setup, handle_signals=handle_signals)
        self.shared = shared

    @property
    def has_game(self) -> bool:
        return True

    def shown_game(self) -> TableGame:
        return self.shared.game

    def shown_preset(self) -> Preset:
        return self.shared.preset

    def first_screen(self) -> Screen[None]:
        return shared_screen(self.shared)

    def action_request_quit(self) -> None:
        """Leaving the table asks first, from the table or from a dialog over it."""
        from ..screens.end import ConfirmQuitScreen

        if isinstance(self.screen, ConfirmQuitScreen):
            return
        try:
            driver = self.table.driver
        except LookupError:  # the waiting room
            driver = None
        if isinstance(driver, SharedDriver):
            driver.leave()
        else:
            self.exit()

    def on_unmount(self) -> None:
        self.shared.close()  # then the app's own (the session, the hang-up guard)


def run_shared(setup: TableSetup, shared: SharedSession) -> int:
    """Show the seat at the shared table until the player leaves."""
    app = SharedTableApp(setup, shared, handle_signals=True)
    app.log_file = data_dir() / LOG_NAME
    try:
        app.run()
    finally:
        shared.close()
        app.closed()
    code = shared.code
    with contextlib.suppress(OSError, ValueError):
        if not shared.mirror.over:
            waits = Translator(setup.lang)(
                "shared_seat_waits", code=code, command=join_command(code)
            )
            print(f"thousand: {waits}")
    return app.finish(app.return_code or 0)


def play_shared_choice(choice: SharedChoice) -> int:
    """The shared table chosen on the start screen: open it or join it, then play at it."""
    setup = choice.setup
    if choice.kind == "lobby":
        presets = {name: name for name in shipped_names()}
        return run_lobby(LobbySetup(setup, presets, level=choice.level))
    try:
        if choice.kind == "open":
            options = table_options(setup, level=choice.level, hints=choice.hints)
            shared = open_shared(options)
        else:
            shared = join_shared(choice.code, name=setup.name, lang=setup.lang)
    except TableError as error:
        why = said(error, setup.lang)
        print(f"thousand: {Translator(setup.lang)('shared_failed', why=why)}", file=sys.stderr)
        return 2
    return run_shared(setup, shared)


def run_lobby(setup: LobbySetup) -> int:
    """The lobby (`thousand lobby`), then the table chosen in it, if one was."""
    table = setup.table
    if table.name is None and setup.who is None:
        setup = replace(setup, table=replace(table, name=check_name(remembered_name())))
    lobby = Lobby(setup)
    app = LobbyApp(lobby, handle_signals=True)
    app.log_file = data_dir() / LOG_NAME
    try:
        app.run()
    finally:
        app.closed()
    status = app.finish(app.return_code or 0)
    shared = lobby.chosen
    if shared is None or app.hung_up:
        if shared is not None:
            shared.close()
        return status
    return run_shared(setup.table, shared)
