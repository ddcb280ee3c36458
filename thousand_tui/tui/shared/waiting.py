"""Before the deal at a shared table: the waiting room, with the code to give to friends
and who has come; and what the table's screens say of a seat (here, away)."""

from __future__ import annotations

import contextlib
import dataclasses
import time
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.widgets import Static

from ...tables.client import TableError
from ...tables.texts import failure_text
from ...tables.wire import ChatLine, Failure, Notice, StartRequest
from ..i18n import Translator
from ..plain import plain
from ..table_driver import Pull
from ..widgets.base import KeyFooter, palette, translator
from ..widgets.log import GameLog
from .chat import chat_text, write_chat
from .connection import SharedSession
from .remote_table import shared_table
from .words import CLUB_NOTICE_SECONDS, club_words, join_command, seat_status_words


class WaitingScreen(Screen[None]):
    """Before the deal: the code to give to friends, the seats, who has come, and what the
    people waiting say to one another (`m`)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("s", "start", "key_start", id="start"),
        Binding("m", "chat", "key_chat", id="chat"),
        Binding("q,escape", "leave", "key_leave", id="leave"),
    ]

    DEFAULT_CSS = """
    WaitingScreen #waiting-text { padding: 1 2 0 2; height: auto; }
    WaitingScreen #waiting-chat { padding: 0 2; height: 1fr; margin-top: 1; }
    """

    def __init__(self, shared: SharedSession) -> None:
        super().__init__(classes="-waiting")
        self.shared = shared
        self.t = Translator(shared.lang)

    def compose(self) -> ComposeResult:
        yield Static(id="waiting-text")
        yield GameLog(id="waiting-chat")
        yield KeyFooter()

    def on_mount(self) -> None:
        self.t = translator(self)
        self.shared.attach(self)
        self.show()
        self.set_interval(1.0, self.count_down)

    def count_down(self) -> None:
        """The seconds until AI takes the free seats, when the opener set them."""
        if self.shared.mirror.fill_at is not None and self.is_mounted:
            self.show()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        mirror = self.shared.mirror
        if action == "start":  # only the one who opened it starts it
            return mirror.seat == 0 and not mirror.watcher
        if action == "chat":
            return None if mirror.closed or not mirror.may_chat else True
        return True

    def show(self) -> None:
        t, mirror, host = self.t, self.shared.mirror, self.shared.host
        text = Text()
        text.append(t("shared_title", code=mirror.code) + "\n\n", style="bold")
        text.append(
            t("shared_waiting", code=mirror.code, command=join_command(mirror.code, host)) + "\n\n"
        )
        for number, status in enumerate(mirror.seats):
            if number == mirror.seat and not mirror.watcher:
                line = t("shared_seat_you", name=status.name)
            elif status.kind == "ai":
                line = t("shared_seat_ai", name=status.name)
            elif status.taken:
                line = f"{status.name} {seat_status_words(self.shared, number, t)}"
            else:
                line = t("shared_seat_free")
            text.append(f"  {number + 1}. {line}\n")
        if mirror.clock > 0:  # the move clock, said before the game begins
            text.append("\n" + t("shared_clock_table", seconds=f"{mirror.clock:g}"))
        if mirror.fill_at is not None:
            seconds = max(0, int(mirror.fill_at - time.monotonic() + 0.99))
            text.append("\n" + t("shared_fill_in", seconds=seconds))
        if mirror.watching:
            text.append("\n" + t("shared_watchers", count=mirror.watching))
        if mirror.watcher:
            text.append("\n" + t("shared_watch_waiting"))
        elif mirror.seat == 0:
            text.append("\n" + t("shared_start_hint"))
        else:
            opener = mirror.seats[0].name if mirror.seats else ""
            text.append("\n" + t("shared_wait_opener_named", name=opener))
        if mirror.closed:
            lost = t("shared_lost", command=join_command(mirror.code, host))
            text.append("\n\n" + lost, style="bold")
        self.query_one("#waiting-text", Static).update(plain(text))

    def on_pull(self, _: Pull) -> None:
        shared = self.shared
        while shared.inbox and shared.target is self:
            message = shared.inbox.popleft()
            update = shared.mirror.take(message)
            if update is not None:  # the deal began: the table tells it, and what follows
                shared.target = None
                shared.first = update
                self.app.switch_screen(shared_table(shared))
                return
            if isinstance(message, ChatLine):
                self.hear(message)
            elif isinstance(message, Failure) and message.about == "chat":
                error = self.t("chat_refused", error=failure_text(message, self.t.lang))
                self.notify(error, severity="error", markup=False)
            elif isinstance(message, Failure):
                self.notify(failure_text(message, self.t.lang), severity="error")
            elif isinstance(message, Notice) and (words := club_words(message, self.t)):
                self.notify(words, timeout=CLUB_NOTICE_SECONDS, markup=False)
        if self.is_mounted:
            self.show()
            if self.shared.mirror.closed:
                self.refresh_bindings()  # no chat now

    def hear(self, line: ChatLine) -> None:
        """A line of chat, under the seats; the table's log begins with these lines."""
        line = dataclasses.replace(line, earlier=False)  # told on sitting down, or now: shown
        self.shared.heard.append(line)
        self.query_one("#waiting-chat", GameLog).say(chat_text(line, palette(self)))

    def action_start(self) -> None:
        with contextlib.suppress(TableError):
            self.shared.client.send(StartRequest())

    def action_chat(self) -> None:
        if self.check_action("chat", ()):
            write_chat(self.app, self.shared, self.t)

    def action_leave(self) -> None:
        self.shared.leave(self.app)


def shared_screen(shared: SharedSession) -> Screen[None]:
    """The screen for a seat at a shared table: the waiting room, or the table."""
    if shared.mirror.started and shared.mirror.view is not None:
        return shared_table(shared)
    return WaitingScreen(shared)
