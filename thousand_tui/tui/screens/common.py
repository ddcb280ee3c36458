"""Bindings and small helpers shared by the table and its dialogs."""

from __future__ import annotations

from textual.binding import Binding, BindingType

# The keys that work everywhere. Modal screens do not inherit the app's bindings, so each
# screen lists them (with `app.` actions) to have them work and show in its footer.
GLOBAL_BINDINGS: list[BindingType] = [
    Binding("s", "app.sheet", "key_sheet", id="sheet"),
    Binding("c", "app.conventions", "key_rules", id="conventions"),
    Binding("question_mark,f1", "app.help", "key_help", key_display="?", id="help"),
    Binding("q", "app.request_quit", "key_quit", id="quit"),
]

# In dialogs the footer is busier: the global keys work but only some are shown.
DIALOG_GLOBAL_BINDINGS: list[BindingType] = [
    Binding("s", "app.sheet", "key_sheet", id="sheet"),
    Binding("c", "app.conventions", "key_rules", show=False, id="conventions"),
    Binding("question_mark,f1", "app.help", "key_help", key_display="?", id="help"),
    Binding("q", "app.request_quit", "key_quit", show=False, id="quit"),
]

# In the dialogs of a decision: what the strongest AI would do (the table's hint).
HINT_BINDING = Binding("h", "app.hint", "key_hint", id="hint")

DIGITS = "123456789"
