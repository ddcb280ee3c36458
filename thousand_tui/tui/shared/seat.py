"""What an app showing a seat at a shared table answers, whether the seat is all it shows
(`thousand open`, `thousand join`) or it came from the lobby (`SeatApp`)."""

from __future__ import annotations

from ...presets import Preset
from ...settings import TableSetup
from ..app import ThousandApp
from ..table_game import TableGame
from .connection import SharedSession
from .remote_table import SharedDriver


class SeatApp(ThousandApp):
    """An app with a seat at a shared table on screen (`shared`), or none yet (the lobby)."""

    LOCAL_GAME = False  # the game is the table service's

    def __init__(
        self, setup: TableSetup, shared: SharedSession | None, *, handle_signals: bool = False
    ) -> None:
        super().__init__(setup, handle_signals=handle_signals)
        self.shared = shared

    @property
    def seat(self) -> SharedSession:
        """The seat on screen; LookupError where there is none (the lobby)."""
        if self.shared is None:
            raise LookupError("no seat taken")
        return self.shared

    @property
    def has_game(self) -> bool:
        return self.shared is not None

    def shown_game(self) -> TableGame:
        return self.seat.game

    def shown_preset(self) -> Preset | None:
        return self.shared.preset if self.shared is not None else None

    def action_request_quit(self) -> None:
        """Leaving the table asks first, from the table or from a dialog over it; where no
        table is shown, the app ends."""
        from ..screens.end import ConfirmQuitScreen

        if isinstance(self.screen, ConfirmQuitScreen):
            return
        try:
            driver = self.table.driver
        except LookupError:  # the waiting room, or the lobby
            driver = None
        if isinstance(driver, SharedDriver):
            driver.leave()
        else:
            self.exit()

    def on_unmount(self) -> None:
        if self.shared is not None:
            self.shared.close()  # then the app's own (the session, the hang-up guard)
