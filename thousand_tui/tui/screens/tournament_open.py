"""Opening a tournament from the lobby (`t`): its name, preset, number of deals, opening and
closing time, checked as `thousand tournaments open` checks them (`tournament.open_tournament`):
a refusal is said in the dialog, in one line, and nothing is written; the dialog stays open
to put it right. Enter goes to the next field, and on the last one opens the tournament."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.widgets import Input, Label, Static

from ...plaintext import shown
from ...tournament import MAX_DEALS, MAX_NAME, Spec, TournamentError
from ...translations import error_text
from ..i18n import Translator
from ..plain import plain
from ..widgets.base import KeyFooter
from .common import Dialog

FIELDS = ("name", "preset", "deals", "opens", "closes")

Opener = Callable[[str, str, int, str, str], Spec]  # name, preset, deals, opens, closes


class TournamentOpenScreen(Dialog[Spec | None]):
    """The tournament's name, preset, deals, opening and closing time; Enter on the last field
    opens it (`opener` checks and writes it, raising TournamentError), Esc goes back."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "back", "key_close", key_display="esc", id="back"),
        # Before the field's own Enter: the next field is focused at once, so that Enter
        # typed fast (or pasted) goes down the fields one by one, and what is typed after it
        # goes to the next field. The keys typed before it may still wait in their field's
        # queue: the fields are read once each has taken them (`open_it`).
        Binding("enter", "next_field", show=False, priority=True),
    ]

    DEFAULT_CSS = """
    TournamentOpenScreen { align: center middle; }
    TournamentOpenScreen > #dialog {
        width: 72; max-width: 100%; height: auto; border: round $primary; padding: 0 1;
        background: $surface;
    }
    TournamentOpenScreen .tour-row { height: 1; }
    TournamentOpenScreen .tour-label { width: 12; height: 1; }
    TournamentOpenScreen Input {
        width: 1fr; height: 1; border: none; padding: 0 1; background: $boost;
    }
    TournamentOpenScreen Input:focus { border: none; background: $primary 30%; }
    TournamentOpenScreen #tour-help { height: auto; color: $text-muted; margin: 1 0 0 0; }
    TournamentOpenScreen #tour-error { height: auto; color: $error; text-style: bold; }
    """

    def __init__(
        self,
        t: Translator,
        presets: Mapping[str, str],
        opener: Opener,
        *,
        only_offered: bool = False,
    ) -> None:
        """`presets`: the names offered to their preset names or files; `only_offered`: a
        name not among them is refused (a hosted player names no file of the server)."""
        super().__init__()
        self.t = t
        self.presets = dict(presets)
        self.opener = opener
        self.only_offered = only_offered

    def compose(self) -> ComposeResult:
        t = self.t
        first = next(iter(self.presets), "classic")
        values = {"name": "", "preset": first, "deals": "12", "opens": "now", "closes": "+1d"}
        most = {"name": MAX_NAME, "preset": 200, "deals": 3, "opens": 40, "closes": 40}
        with Vertical(id="dialog") as dialog:
            dialog.border_title = t("tour_open_title")
            for name in FIELDS:
                with Horizontal(classes="tour-row"):
                    yield Label(t(f"tour_open_{name}"), classes="tour-label")
                    yield Input(values[name], max_length=most[name], id=f"tour-{name}")
            offered = ", ".join(self.presets) or "classic"
            yield Static(plain(t("tour_open_help", presets=offered)), id="tour-help")
            yield Static("", id="tour-error")
        yield KeyFooter()

    def on_mount(self) -> None:
        super().on_mount()
        self.query_one("#tour-name", Input).focus()

    def on_input_changed(self, event: Input.Changed) -> None:
        """What is typed or pasted is shown as text: a control character (an escape
        sequence's) made inert, a bidi or zero-width character dropped."""
        clean = shown(event.value)
        if clean != event.value:
            event.input.value = clean

    def value(self, name: str) -> str:
        return self.query_one(f"#tour-{name}", Input).value

    def action_next_field(self) -> None:
        focused = self.focused
        field = (focused.id or "").removeprefix("tour-") if focused is not None else ""
        if field in FIELDS[:-1]:
            self.set_focus(self.query_one(f"#tour-{FIELDS[FIELDS.index(field) + 1]}", Input))
            return
        self.open_it()

    def open_it(self, waiting: tuple[str, ...] = FIELDS) -> None:
        """Once every field has taken the keys typed into it before this Enter (a key is
        queued at the field focused when it came, and Enter, a priority key, is not: typed
        fast, a name was read before its last letters), check and open it."""
        if waiting:
            field = self.query_one(f"#tour-{waiting[0]}", Input)
            field.call_later(self.open_it, waiting[1:])
            return
        self.open_now()

    def open_now(self) -> None:
        """Check and open it; a refusal said under the fields, the dialog left open."""
        lang = self.t.lang
        name, preset = self.value("name"), self.value("preset").strip()
        deals_text = self.value("deals").strip()
        if self.only_offered and preset not in self.presets:
            names = ", ".join(self.presets)
            self.refused(self.t("tour_open_not_offered", name=plain(preset).plain, names=names))
            return
        if not (
            deals_text.isascii() and deals_text.isdigit() and 1 <= int(deals_text) <= MAX_DEALS
        ):
            self.refused(self.t("tour_open_bad_deals", most=MAX_DEALS, deals=deals_text))
            return
        try:
            target = self.presets.get(preset, preset)
            deals = int(deals_text)
            spec = self.opener(name, target, deals, self.value("opens"), self.value("closes"))
        except TournamentError as error:
            self.refused(error_text(lang, error))
            return
        except (OSError, ValueError) as error:
            self.refused(self.t("tour_open_failed", why=error))
            return
        self.dismiss(spec)

    def refused(self, why: str) -> None:
        self.query_one("#tour-error", Static).update(plain(why))

    def action_back(self) -> None:
        self.dismiss(None)


__all__ = ["TournamentOpenScreen"]
