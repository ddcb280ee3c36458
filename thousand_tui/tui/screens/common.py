"""Bindings and small helpers shared by the table and its dialogs."""

from __future__ import annotations

from typing import ClassVar, Final, Self, TypeVar

from textual import events
from textual.await_complete import AwaitComplete
from textual.binding import Binding, BindingType
from textual.css.query import NoMatches
from textual.screen import ModalScreen

# The keys that work everywhere. Modal screens do not inherit the app's bindings, so each
# screen lists them (with `app.` actions) to have them work and show in its footer.
GLOBAL_BINDINGS: list[BindingType] = [
    Binding("s", "app.sheet", "key_sheet", id="sheet"),
    Binding("c", "app.conventions", "key_rules", id="conventions"),
    Binding("question_mark,f1", "app.help", "key_help", key_display="?", id="help"),
    Binding("q", "app.request_quit", "key_quit", id="quit"),
]

# In dialogs the footer is busier: the global keys work but only some are shown. At a shared
# table, `m` writes a line of chat over the dialog (elsewhere the app hides it).
DIALOG_GLOBAL_BINDINGS: list[BindingType] = [
    Binding("s", "app.sheet", "key_sheet", id="sheet"),
    Binding("c", "app.conventions", "key_rules", show=False, id="conventions"),
    Binding("question_mark,f1", "app.help", "key_help", key_display="?", id="help"),
    Binding("q", "app.request_quit", "key_quit", show=False, id="quit"),
    Binding("m", "app.chat", "key_chat", id="chat"),
]

# In the dialogs of a decision: what the strongest AI would do (the table's hint).
HINT_BINDING = Binding("h", "app.hint", "key_hint", id="hint")

DIGITS = "123456789"


# The longest a dialog that opens at once after the player's own key (his last card, his
# exchange, a result he closed) holds its keys: a key pressed twice, or sent twice over a slow
# link, must not decide it, or close it, unseen.
KEY_HOLD: Final = 0.5

ResultType = TypeVar("ResultType")

# From this width, the score sheet stands beside the table (table.tcss, `#side`: 46 columns
# with its border): a dialog stays over the table, as wide as it was made to be where there is
# room, never narrower than the exchange's ten cards need.
WIDE: Final = 110
SIDE_SHEET: Final = 46
NARROWEST_DIALOG: Final = 64


class Dialog(ModalScreen[ResultType]):
    """A modal screen that closes once, and only while it is on top. Textual's `dismiss` pops
    whatever screen is on top: a second key that reached the dialog before it had gone (Enter
    typed fast or held down, or sent twice over a slow link) would close the table under it
    and leave an empty screen."""

    closed = False

    def on_mount(self) -> None:
        self.stay_over_table()

    def on_resize(self, event: events.Resize) -> None:
        self.stay_over_table()

    def stay_over_table(self) -> None:
        """Over a table with its score sheet beside it, the dialog is centred over the table
        alone."""
        try:
            dialog = self.query_one("#dialog")
        except NoMatches:
            return
        beside_sheet = any(screen.query("#side") for screen in self.app.screen_stack[:-1])
        if self.app.size.width < WIDE or not beside_sheet:
            dialog.styles.clear_rule("max_width")
            dialog.styles.clear_rule("margin")
            self.styles.clear_rule("align_horizontal")
            return
        room = max(NARROWEST_DIALOG, self.app.size.width - SIDE_SHEET)
        width = min(dialog.styles.width.value if dialog.styles.width else room, room)
        self.styles.align_horizontal = "left"
        dialog.styles.max_width = room
        top = dialog.styles.margin.top
        dialog.styles.margin = (top, 0, 0, max(0, int(room - width) // 2))

    def dismiss(self, result: ResultType | None = None) -> AwaitComplete:
        if self.closed or self.app.screen is not self:
            done: AwaitComplete = AwaitComplete.nothing()  # type: ignore[no-untyped-call]
            return done
        self.closed = True
        return super().dismiss(result)


class HeldModal(Dialog[ResultType]):
    """A modal screen whose `HELD` actions can be greyed, and their keys dropped, for its first
    moments (see `held`)."""

    HELD: ClassVar[frozenset[str]] = frozenset()
    hold = 0.0
    open_to_keys = True

    def held(self, seconds: float) -> Self:
        """This screen, its `HELD` keys held for `seconds` once it opens (none: at once)."""
        self.hold = seconds
        self.open_to_keys = seconds <= 0
        return self

    def on_mount(self) -> None:
        if not self.open_to_keys:
            self.set_timer(self.hold, self.release_keys)

    def release_keys(self) -> None:
        self.open_to_keys = True
        self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in self.HELD and not self.open_to_keys:
            return None  # shown greyed; a key pressed now is dropped
        return True
