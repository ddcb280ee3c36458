"""What every widget and screen of the table shares: the app's translator and palette, and the
footer that shows the keys in the table's language."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from textual.app import ComposeResult
from textual.dom import DOMNode
from textual.widgets import Footer

from ..i18n import MESSAGES, Translator
from ..render import Palette

if TYPE_CHECKING:
    from ..app import ThousandApp


def table_app(node: DOMNode) -> ThousandApp:
    return cast("ThousandApp", node.app)


def translator(node: DOMNode) -> Translator:
    return table_app(node).t


def palette(node: DOMNode) -> Palette:
    return table_app(node).palette


class KeyFooter(Footer):
    """The footer, with the bindings' descriptions (catalogue keys such as `key_play`) in the
    table's language."""

    def compose(self) -> ComposeResult:
        t = translator(self)
        for widget in super().compose():
            description = getattr(widget, "description", None)
            if isinstance(description, str) and description in MESSAGES:
                widget.description = t(description)  # type: ignore[attr-defined]
            yield widget
