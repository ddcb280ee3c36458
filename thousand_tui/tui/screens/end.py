"""Leaving: the quit question, and the game-over screen with the final sheet and "again"."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.widgets import Static

from ...store.catalog import typed
from ..i18n import Translator
from ..plain import plain
from ..table_game import TableGame
from ..widgets.base import KeyFooter, table_app
from ..widgets.sheet import ScoreSheet
from .common import Dialog, HeldModal


class ConfirmQuitScreen(Dialog[bool]):
    """Leave the game? Only `y` (or a click on it in the footer) leaves: Enter, the key of the
    whole game, stays at the table with `n` and Esc, so a key pressed once too often never
    ends the game."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y", "answer(True)", "key_quit", id="yes"),
        Binding("n,escape,enter", "answer(False)", "quit_no", key_display="n", id="no"),
    ]

    def __init__(self, t: Translator, saved: bool, body: str | None = None) -> None:
        super().__init__(classes="-quit")
        self.t = t
        self.saved = saved
        self.body = body  # what leaving means, when not the usual

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog") as dialog:
            dialog.border_title = self.t("quit_title")
            host = table_app(self).setup.host
            saved = (
                self.t("quit_body_web")
                if host.browser
                else self.t("quit_body", command=typed("--resume", host, "resume"))
            )
            body = self.body or (saved if self.saved else self.t("quit_body_unsaved"))
            yield Static(plain(body))
        yield KeyFooter()

    def action_answer(self, answer: bool) -> None:
        self.dismiss(answer)


class GameOverScreen(HeldModal[str]):
    """The final sheet. It opens at once when the last deal's result is closed: `held`, its
    keys wait a moment, so Esc pressed twice (it closes a result, and quits here) does not
    leave the game unseen."""

    HELD = frozenset({"finish"})
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("a,enter", "finish('again')", "key_again", key_display="a", id="again"),
        Binding("n", "finish('start')", "key_start_screen", id="start-screen"),
        Binding("c", "app.conventions", "key_rules", id="conventions"),
        Binding("question_mark,f1", "app.help", "key_help", key_display="?", id="help"),
        Binding("q,escape", "finish('quit')", "key_quit", key_display="q", id="quit"),
        Binding("q,escape", "finish('lobby')", "key_to_lobby", key_display="q", id="to-lobby"),
    ]

    def __init__(
        self,
        game: TableGame,
        t: Translator,
        seat: int = 0,
        again: bool = True,
        *,
        start_screen: bool = False,
        lobby: bool = False,
    ) -> None:
        super().__init__(classes="-over")
        self.game = game
        self.t = t
        self.seat = seat  # the seat played from this terminal
        self.again = again  # whether "again" is offered
        self.start_screen = start_screen  # whether `n` goes back to the start screen
        self.lobby = lobby  # whether `q` goes back to the lobby the table was taken in

    def compose(self) -> ComposeResult:
        game, t = self.game, self.t
        winner = game.winner
        score = game.match.scores[winner] if winner is not None else 0
        if winner == self.seat:
            banner = t("over_you", score=score)
        else:
            banner = t("over_winner", name=game.names[winner or 0], score=score)
        title = plain(f"{t('over_title')}\n{banner}")
        title.justify = "center"
        yield Static(title, id="over-title")
        yield ScoreSheet(id="over-sheet")
        yield KeyFooter()

    def on_mount(self) -> None:
        found = self.query(ScoreSheet)
        if not found:
            return  # taken down while it was being built (a hang-up)
        sheet = found.first()
        sheet.show_game(self.game)
        sheet.table.focus()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        offered: bool | None = True
        if action == "finish" and parameters == ("again",) and not self.again:
            offered = None
        elif action == "finish" and parameters == ("start",):
            offered = self.start_screen
        elif action == "finish" and parameters in (("quit",), ("lobby",)):
            offered = self.lobby == (parameters == ("lobby",))  # the one `q` does, shown
        return offered and super().check_action(action, parameters)

    def action_finish(self, what: str) -> None:
        self.dismiss(what)
