"""Looking back at the deal: the talon as this seat knows it (shown to everyone, or taken or
watched by this seat alone) and the last trick taken (never a card hidden from this seat)."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.widgets import Static

from ...engine.view import SeatView
from ..i18n import Translator
from ..plain import plain
from ..render import Palette
from ..widgets.base import KeyFooter
from .common import Dialog


def look_back_lines(view: SeatView, t: Translator, p: Palette) -> list[Text]:
    """The talon if this seat knows it, and the last trick with who took it."""
    lines: list[Text] = []
    talon = Text(t("look_talon"), style="bold")
    if view.talon:  # the talon this seat knows: shown to all, or taken or watched by it
        cards = " ".join(p.card_label(card) for card in view.talon)
        talon.append_text(p.styled(cards))
        if not view.talon_shown:
            talon.append(" " + t("look_talon_yours"))
        elif view.declarer is not None:
            talon.append(" " + t("look_talon_taken", name=view.names[view.declarer]))
    else:
        talon.append(t("look_talon_hidden"))
    lines.append(talon)
    last = view.last_trick
    if last is None:
        trick = Text(t("look_trick"), style="bold")
        trick.append(t("trick_none"))
    else:
        trick = Text(t("look_trick_number", number=len(view.tricks)), style="bold")
        plays = " · ".join(f"{view.names[s]} {p.card_label(c)}" for s, c in last.plays)
        trick.append_text(p.styled(plays))
        trick.append(" " + t("trick_takes", name=view.names[last.winner], points=last.points))
    lines.append(trick)
    return lines


class LookBackScreen(Dialog[None]):
    DEFAULT_CSS = """
    LookBackScreen {
        align: center middle;
        background: $background 60%;
    }
    LookBackScreen > #dialog {
        width: 76;
        max-width: 100%;
        height: auto;
        border: heavy $accent;
        border-title-style: bold;
        background: $panel;
        padding: 1 2;
    }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("v,escape,enter,space", "close", "key_close", key_display="v", id="close"),
    ]

    def __init__(self, view: SeatView, t: Translator, p: Palette) -> None:
        super().__init__()
        self.lines = look_back_lines(view, t, p)
        self.t = t

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog") as dialog:
            dialog.border_title = self.t("look_title")
            yield Static(plain(Text("\n").join(self.lines)), id="look-back-text")
        yield KeyFooter()

    def action_close(self) -> None:
        self.dismiss()
