"""A list of choices for a decision: ↑↓ to move, Enter to choose, ←→ to change a value."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, ClassVar

from rich.text import Text
from textual.binding import Binding, BindingType
from textual.message import Message
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from ..plain import plain


@dataclass
class Choice:
    """One line of a decision. `values` makes it adjustable (a bid or a raise): `label`
    then formats the current value."""

    id: str
    label: Callable[[Any], Text | str] | Text | str
    result: Any = None
    values: list[Any] = field(default_factory=list)
    index: int = 0
    disabled: bool = False
    # A choice that cannot be undone: the note asking to confirm it (chosen once it is only
    # highlighted with this note, chosen again it is decided).
    confirm: str = ""

    @property
    def value(self) -> Any:
        return self.values[self.index] if self.values else None

    def text(self) -> Text | str:
        if callable(self.label):
            return self.label(self.value)
        return self.label


class ChoiceList(OptionList):
    # ← → are the dialog's keys (shown in its footer); - and + work here as well.
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("minus", "adjust(-1)", show=False),
        Binding("plus,equals", "adjust(1)", show=False),
    ]

    class AtLimit(Message):
        """The value of an adjustable choice cannot go further that way."""

        def __init__(self, choice: Choice, delta: int) -> None:
            super().__init__()
            self.choice = choice
            self.delta = delta

    def __init__(self, choices: list[Choice], *, id: str | None = None) -> None:
        self.choices = choices
        super().__init__(*self._choice_options(), id=id)

    def _choice_options(self) -> list[Option]:
        return [Option(plain(c.text()), id=c.id, disabled=c.disabled) for c in self.choices]

    def set_choices(self, choices: list[Choice]) -> None:
        """Show other choices in place of these."""
        self.choices = choices
        self.clear_options()
        self.add_options(self._choice_options())

    @property
    def current(self) -> Choice | None:
        index = self.highlighted
        if index is None or not 0 <= index < len(self.choices):
            return None
        return self.choices[index]

    def choice(self, choice_id: str) -> Choice | None:
        return next((c for c in self.choices if c.id == choice_id), None)

    def action_adjust(self, delta: int) -> None:
        choice = self.current
        if choice is None or not choice.values:
            return
        new = max(0, min(len(choice.values) - 1, choice.index + delta))
        if new == choice.index:
            self.post_message(self.AtLimit(choice, delta))
            return
        choice.index = new
        self.replace_option_prompt_at_index(self.highlighted or 0, plain(choice.text()))

    def highlight(self, choice_id: str) -> None:
        for i, c in enumerate(self.choices):
            if c.id == choice_id:
                self.highlighted = i
                return
