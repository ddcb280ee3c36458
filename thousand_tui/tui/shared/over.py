"""Game over at a shared table: the final sheet, and `a` to play again with the same people.
The line under the title says who has asked and whom the table waits for; when everyone has,
the service begins a new game at the table, and the seat's screen starts afresh."""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from textual.app import ComposeResult
from textual.widgets import Static

from ...tables.mirror import SeatMirror
from ..i18n import Translator
from ..plain import plain
from ..screens.end import GameOverScreen
from ..table_game import TableGame


class SharedGameOverScreen(GameOverScreen):
    """The game-over screen of a seat at a shared table: `a` asks the service to play again
    (`ask`); the line under the title follows the table's `again` as it is told."""

    DEFAULT_CSS: ClassVar[str] = """
    SharedGameOverScreen > #over-again {
        height: auto;
        padding: 0 1;
        text-align: center;
    }
    """

    def __init__(
        self,
        game: TableGame,
        t: Translator,
        mirror: SeatMirror,
        ask: Callable[[], None],
        *,
        seat: int = 0,
        lobby: bool = False,
    ) -> None:
        super().__init__(game, t, seat=seat, again=True, lobby=lobby)
        self.mirror = mirror
        self.ask = ask
        self.asked = False

    def compose(self) -> ComposeResult:
        for widget in super().compose():
            yield widget
            if widget.id == "over-title":
                yield Static(plain(self.again_words()), id="over-again")

    def again_words(self) -> str:
        """Who has asked to play again, and whom the table waits for."""
        t, mirror = self.t, self.mirror
        names = mirror.names
        seats = enumerate(mirror.seats)
        people = [seat for seat, status in seats if status.kind == "human" and status.taken]
        agreed = [seat for seat in people if seat in mirror.again]
        if self.asked and self.seat not in agreed:
            agreed.append(self.seat)  # asked: the service's word of it is on its way
        if not agreed:
            return t("shared_again_offer")
        waiting = [seat for seat in people if seat not in agreed]
        said = ", ".join(self.seat_name(seat, names) for seat in agreed)
        if not waiting:
            return t("shared_again_all", agreed=said)
        left = ", ".join(self.seat_name(seat, names) for seat in waiting)
        return t("shared_again_some", agreed=said, waiting=left)

    def seat_name(self, seat: int, names: tuple[str, ...]) -> str:
        name = names[seat] if seat < len(names) else str(seat + 1)
        return self.t("shared_seat_you", name=name) if seat == self.seat else name

    def show_again(self) -> None:
        """The table told who has asked: the line says so."""
        if self.is_mounted:
            self.query_one("#over-again", Static).update(plain(self.again_words()))

    def action_finish(self, what: str) -> None:
        if what != "again":
            super().action_finish(what)
            return
        if not self.asked:
            self.asked = True
            self.ask()
        self.show_again()
