"""A seat at a shared table as an app of its own (`thousand open`, `thousand join`, or the
start screen's choice): `SharedTableApp`, `run_shared`."""

from __future__ import annotations

import contextlib
import sys

from textual.screen import Screen

from ...presets import Preset
from ...saves import LOG_NAME, data_dir
from ...settings import TableSetup
from ...tables.client import TableError
from ..app import ThousandApp
from ..startup import SharedChoice
from ..table_game import TableGame
from .connection import SharedSession, join_shared, open_shared
from .driver import SharedDriver
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
            print(
                f"thousand: your seat at table {code} waits; come back with `{join_command(code)}`"
            )
    return app.finish(app.return_code or 0)


def play_shared_choice(choice: SharedChoice) -> int:
    """The shared table chosen on the start screen: open it or join it, then play at it."""
    setup = choice.setup
    if choice.kind == "lobby":
        from ...presets import shipped_names
        from ...settings import LobbySetup
        from .lobby import run_lobby

        presets = {name: name for name in shipped_names()}
        return run_lobby(LobbySetup(setup, presets, level=choice.level))
    try:
        if choice.kind == "open":
            shared = open_shared(setup, level=choice.level, hints=choice.hints)
        else:
            shared = join_shared(choice.code, name=setup.name, lang=setup.lang)
    except TableError as error:
        print(f"thousand: the shared table: {said(error, setup.lang)}", file=sys.stderr)
        return 2
    return run_shared(setup, shared)
