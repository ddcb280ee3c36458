"""Chat at a shared table: the line to write in, at the foot of the table, and how a line
heard is shown in the log."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar

from rich.style import Style
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.widgets import Input, Static

from ...tables.chat_rules import MAX_CHAT, RATE_COUNT, RATE_WINDOW, clean, refusal
from ...tables.client import TableError
from ...tables.wire import ChatLine
from ..i18n import Translator
from ..plain import plain
from ..render import Palette
from ..screens.common import Dialog
from ..widgets.base import KeyFooter
from .words import join_command

if TYPE_CHECKING:
    from textual.app import App

    from .connection import SharedSession


class ChatInput(Input):
    """The line itself. Its Enter (the input's own submit, shown in the footer) comes after
    the keys typed before it, however fast they come: a key of the screen's own would be
    handled before the characters still on their way to the input."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "submit", "key_chat_send", key_display="⏎", id="send"),
    ]


class ChatScreen(Dialog[str | None]):
    """One line typed at the foot of the table, over its scores line: Enter sends it (cleaned
    as the table will clean it), Esc leaves it unsent. The table stays in sight above it, the
    hand too. A line that cannot be sent yet stays, with what is wrong said in its place."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "back", "key_close", key_display="esc", id="back"),
    ]

    DEFAULT_CSS = """
    ChatScreen {
        align: center bottom;
        background: $background 0%;
    }
    ChatScreen #chat-bar { height: auto; width: 100%; background: $panel; }
    .-wide-table ChatScreen #chat-bar {
        margin-right: 46;  /* over the table alone, not the score sheet beside it (#side) */
    }
    ChatScreen #chat-line { height: 1; }
    ChatScreen #chat-prompt { width: auto; padding: 0 1; text-style: bold; }
    ChatScreen #chat-input {
        border: none;
        height: 1;
        padding: 0 1 0 0;
        width: 1fr;
        background: $panel;
    }
    ChatScreen #chat-help { display: none; height: auto; padding: 0 1; }
    ChatScreen #chat-help.-wrong { display: block; color: $text-error; text-style: bold; }
    """

    def __init__(self, t: Translator, wait: Callable[[], float]) -> None:
        super().__init__(classes="-chat")
        self.t = t
        self.wait = wait  # seconds before this seat may write again (0: now)

    def compose(self) -> ComposeResult:
        t = self.t
        with Vertical(id="chat-bar"):
            with Horizontal(id="chat-line"):
                yield Static(t("chat_prompt"), id="chat-prompt")
                yield Input(placeholder=t("chat_placeholder"), max_length=MAX_CHAT, id="chat-input")
            yield Static("", id="chat-help")
        yield KeyFooter()

    def on_mount(self) -> None:
        self.query_one("#chat-input", Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.send(event.value)

    def send(self, typed: str) -> None:
        text = clean(typed)
        wrong = self.wrong(text)
        if wrong is not None:
            help_line = self.query_one("#chat-help", Static)
            help_line.update(plain(wrong))
            help_line.add_class("-wrong")
            return
        self.dismiss(text)

    def wrong(self, text: str) -> str | None:
        """What keeps `text` from being sent now, in the player's words (None: nothing)."""
        t = self.t
        if refusal(text) is not None:  # only an empty line: the input holds no more
            return t("chat_empty")
        wait = self.wait()
        if wait > 0:
            return t(
                "chat_too_fast",
                lines=t.count("w_chat_line", RATE_COUNT),
                window=t.count("w_second", int(RATE_WINDOW)),
                wait=max(1, int(wait + 0.999)),
            )
        return None

    def action_back(self) -> None:
        self.dismiss(None)


def chat_text(line: ChatLine, p: Palette) -> Text:
    """A line of chat in the log, "Name: text", in a style of its own: the name bold, the
    words in italics, both in the chat's colour (no colour: the bold and the italics)."""
    color = None if p.no_color else "cyan"
    text = Text()
    name = line.name
    if line.watcher:  # a watcher's line, marked as his
        name = Translator(p.lang)("chat_watcher", name=name)
    text.append(f"{name}: ", style=Style(color=color, bold=True))
    text.append(line.text, style=Style(color=color, italic=True))
    return text


def write_chat(app: App[Any], shared: SharedSession, t: Translator) -> None:
    """The line to write in, over whatever is on screen (the table, a dialog over it, the
    waiting room); Enter sends it to everyone at the table."""

    def send(text: str | None) -> None:
        if not text:
            return
        if shared.mirror.closed:
            lost = t("shared_lost", command=join_command(shared.code, shared.host))
            app.notify(lost, severity="error")
            return
        try:
            shared.client.chat(text)
        except TableError as error:
            app.notify(str(error), severity="error", markup=False)
            return
        shared.chat_pace.wrote(time.monotonic())

    app.push_screen(ChatScreen(t, lambda: shared.chat_pace.wait(time.monotonic())), send)
