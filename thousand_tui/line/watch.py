"""Watching a shared table by lines (`thousand watch CODE --plain`, `watch` in the line mode's
lobby): `LineWatcher`.

The table's service tells a watcher only what every player may see (no hand, no decision:
`tables/watch.py`), and the seat's mirror refuses anything more. The events are said as a
seat's are, one line each; the commands are those that show the table (`table`, `score`,
`sheet`, `last`), `say` where the opener lets watchers write, `help` and `quit`. Anything
else gets one line saying that a watcher decides nothing, and what he may type.
"""

from __future__ import annotations

from typing import TextIO

from ..engine.view import SeatView
from ..settings import TableSetup
from ..tables.client import TableError
from ..tables.wire import WATCHER
from ..tui.shared.connection import SharedSession
from .play import LineWords, Quit
from .shared import LineSeat
from .texts import COMMANDS, command_words, normal

SHOWN = ("table", "score", "sheet", "last")
"""The commands of a seat that a watcher may type: what the table shows everyone."""


class LineWatcher(LineSeat):
    """A place at no seat, by lines: `run` until the game is over, the table is gone, or the
    watcher leaves (nothing waits for him)."""

    def __init__(
        self,
        setup: TableSetup,
        shared: SharedSession,
        stdin: TextIO,
        stdout: TextIO,
        lobby: bool = False,
    ) -> None:
        super().__init__(setup, shared, stdin, stdout, lobby=lobby)

    def run(self) -> int:
        self.say(self.s("line_watch_begins", code=self.shared.code))
        return super().run()

    def begin_game(self) -> None:
        """As a seat's, but told the game as no seat is (`WATCHER`): a card given face down
        at the place the view is drawn from is not the watcher's."""
        super().begin_game()
        self.narrator.seat = WATCHER
        self.words = LineWords(self.t, self.shared.game.names, you=WATCHER)

    def begins_words(self, names: str) -> str:
        """Who plays: a watcher may come in the middle of the game, not at its beginning."""
        return self.s("line_shared_seats", seats=names)

    def greet(self) -> None:
        """Said by `run` above: a watcher has no seat and nothing to start."""

    def left(self) -> None:
        self.say(self.s("line_watch_leaves", code=self.shared.code))

    def ask(self) -> None:
        if self.started:
            self.watch_away()
            self.watch_turn()

    def offer_again(self) -> None:
        self.say(self.s("line_watch_over"))
        self.done = True  # playing again is for those seated

    def help_words(self) -> str:
        may_say = self.shared.mirror.may_chat
        return self.s("line_watch_help", say=self.s("line_watch_say") if may_say else "")

    def answer_typed(self, text: str) -> None:
        wanted = normal(text)
        first, _, rest = text.partition(" ")
        if normal(first) in command_words(self.lang, "say"):
            if not self.shared.mirror.may_chat:
                self.say(self.s("line_watch_no_chat", legal=self.help_words()))
            elif not rest.strip():
                self.say(self.s("line_shared_chat_empty"))
            else:
                try:
                    self.shared.client.chat(rest.strip())
                except TableError as error:
                    self.say(self.t("chat_refused", error=str(error)))
            return
        if wanted in command_words(self.lang, "quit") or (
            self.lobby and wanted in command_words(self.lang, "lobby")
        ):
            raise Quit
        if not wanted or wanted in command_words(self.lang, "help"):
            self.say(self.help_words())
            return
        shown = next((c for c in SHOWN if wanted in command_words(self.lang, c)), None)
        if shown is not None and self.started:
            self.command(text, self.controller.view())
            return
        if shown is not None:  # before the game: nothing on the table yet
            self.say(self.t("shared_watch_waiting"))
            return
        played = self.cards.read(text) is not None or wanted.isdigit()
        if played or any(wanted in command_words(self.lang, c) for c in COMMANDS):
            self.say(self.s("line_watch_no", legal=self.help_words()))
        else:
            self.say(self.s("line_unknown", text=self.quoted(text), legal=self.help_words()))

    def help(self, view: SeatView) -> None:
        self.say(self.help_words())


__all__ = ["LineWatcher"]
