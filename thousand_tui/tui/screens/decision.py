"""Decision dialogs: the auction, the raise or concession, offers (dark game, redeal), the
marriage, the talon choice. Each is a modal screen that returns the chosen `Action`.

Esc puts the dialog away to look at the table (it returns None); Enter on the table opens it
again. The choices are numbered: a digit chooses at once, ↑↓ and Enter work too. A choice that
cannot be undone (conceding, baptism, the dark game) is only highlighted by its key or Enter,
with a note: the same key again, or Enter, decides.
"""

from __future__ import annotations

from typing import Any, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.widgets import Static

from ..i18n import Translator
from ..plain import plain
from ..widgets.base import KeyFooter
from ..widgets.choices import Choice, ChoiceList
from .common import DIALOG_GLOBAL_BINDINGS, DIGITS, HINT_BINDING, HeldModal


class DecisionScreen(HeldModal[Any]):
    """A title, a few lines saying what the decision is about, numbered choices, the hand.
    `held`, its choices wait a moment once it opens (Enter and the digits dropped)."""

    HELD = frozenset({"pick"})

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "put_away", "key_table", key_display="esc", id="put-away"),
        Binding("1", "pick(0)", "key_choose", key_display="1–9", id="pick"),
        *[Binding(d, f"pick({i})", show=False) for i, d in enumerate(DIGITS) if i],
        Binding("left", "adjust(-1)", "key_change", key_display="←→", id="adjust"),
        Binding("right", "adjust(1)", show=False, id="adjust-up"),
        HINT_BINDING,
        *DIALOG_GLOBAL_BINDINGS,
    ]

    def __init__(
        self,
        title: str,
        body: Text | str,
        choices: list[Choice],
        *,
        note: Text | str = "",
        hand: Text | None = None,
        kind: str = "decision",
        default: str | None = None,
    ) -> None:
        super().__init__(classes=f"-{kind}")
        self.title_text = title
        self.body = body
        self.choices = choices
        self.note = note
        self.hand = hand
        self.kind = kind
        self.default = default
        self.armed: str | None = None  # the choice that waits for its confirmation
        self.listed: ChoiceList | None = None  # the list of choices, once composed
        for i, choice in enumerate(choices):
            label = choice.label
            if i < len(DIGITS):
                choice.label = _numbered(DIGITS[i], label)

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog") as dialog:
            dialog.border_title = plain(self.title_text, lines=False)
            yield Static(plain(self.body), id="dialog-body", classes="" if self.body else "-empty")
            self.listed = ChoiceList(self.choices, id="choices")
            yield self.listed
            yield Static(plain(self.note), id="dialog-note", classes="" if self.note else "-empty")
            hand = plain(self.hand or "")
            yield Static(hand, id="dialog-hand", classes="" if self.hand else "-empty")
        yield KeyFooter()

    def on_mount(self) -> None:
        found = self.query(ChoiceList)
        if not found:
            return  # the app closed (a hang-up) while the dialog was being built
        choices = found.first()
        choices.focus()
        if self.default is not None:
            choices.highlight(self.default)

    def list_up(self) -> bool:
        """Whether the list of choices is in the screen: not while the dialog is being built
        or taken down. (Asked for every key of the footer, at every change of the bindings:
        the list is not looked for in the screen.)"""
        return self.listed is not None and self.listed.is_attached

    @property
    def choice_list(self) -> ChoiceList:
        return self.query_one(ChoiceList)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if not super().check_action(action, parameters):
            return None
        if action in ("pick", "adjust") and not self.list_up():
            # A key that comes while the dialog is still being built, or already taken down
            # (a digit typed fast after the one that closed it), is dropped.
            return False
        if action == "adjust":
            return any(c.values for c in self.choices)
        if action == "pick" and parameters:
            index = parameters[0]
            return isinstance(index, int) and (index == 0 or index < len(self.choices))
        return True

    def set_note(self, note: Text | str) -> None:
        widget = self.query_one("#dialog-note", Static)
        widget.update(plain(note))
        widget.set_class(not note, "-empty")

    # ------------------------------------------------------------------ choosing

    def on_option_list_option_selected(self, event: ChoiceList.OptionSelected) -> None:
        event.stop()
        if self.open_to_keys:  # Enter (or a click) while the keys are held is dropped
            self.choose(event.option_id or "")

    def on_option_list_option_highlighted(self, event: ChoiceList.OptionHighlighted) -> None:
        if self.armed is not None and event.option_id != self.armed:
            self.armed = None
            self.set_note(self.note)

    def on_choice_list_at_limit(self, event: ChoiceList.AtLimit) -> None:
        self.at_limit(event.choice, event.delta)

    def at_limit(self, choice: Choice, delta: int) -> None:
        """An adjustable value cannot go further: subclasses say why."""

    def result_of(self, choice: Choice) -> Any:
        result = choice.result
        return result(choice.value) if callable(result) else result

    def choose(self, choice_id: str) -> None:
        if not self.list_up():
            return  # being built or taken down (see `check_action`)
        choice = self.choice_list.choice(choice_id)
        if choice is None or choice.disabled:
            return
        if choice.confirm and self.armed != choice_id:
            self.choice_list.highlight(choice_id)
            self.armed = choice_id
            self.set_note(choice.confirm)
            return
        self.dismiss(self.result_of(choice))

    def action_pick(self, index: int) -> None:
        if 0 <= index < len(self.choices):
            self.choose(self.choices[index].id)

    def action_adjust(self, delta: int) -> None:
        """← →: change the highlighted value; from a choice without one (Pass), go to the
        choice that has one."""
        choices = self.choice_list
        current = choices.current
        if current is not None and current.values:
            choices.action_adjust(delta)
            return
        target = next((c for c in self.choices if c.values and not c.disabled), None)
        if target is not None:
            choices.highlight(target.id)

    def action_put_away(self) -> None:
        self.dismiss(None)


def confirm_words(t: Translator, index: int, what: str) -> str:
    """The note asking to confirm the choice at `index` (`what` says what it does)."""
    return t("confirm_choice", digit=DIGITS[index], what=t(what))


def _numbered(digit: str, label: Any) -> Any:
    if callable(label):
        return lambda value: _prefix(digit, label(value))
    return _prefix(digit, label)


def _prefix(digit: str, text: Text | str) -> Text:
    out = Text(f"{digit}  ", style="bold")
    out.append_text(text if isinstance(text, Text) else Text(text))
    return out
