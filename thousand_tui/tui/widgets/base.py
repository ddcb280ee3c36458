"""What every widget and screen of the table shares: the app's translator and palette, and the
footer that shows the keys in the table's language."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from textual.app import ComposeResult
from textual.dom import DOMNode
from textual.reactive import Reactive
from textual.screen import Screen
from textual.widgets import Footer
from textual.widgets._footer import FooterKey

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
    table's language. It is rebuilt only when the keys it shows change: a rebuild makes a
    widget per key, and a screen asks for one after nearly every move. Each key starts in the
    footer's own style (compact or not), so that mounting it restyles nothing.

    Textual's footer binds each key to its `compact` with `data_bind`, a watcher on the footer
    that outlives the key: pruned only when `compact` changes, it kept every key of every
    rebuild (about 140 widgets a deal). Here the keys are not bound; the footer sets `compact`
    on the keys it holds when it changes."""

    _shown: tuple[object, ...] | None = None

    def bindings_changed(self, screen: Screen[object]) -> None:
        if screen.app.app_focus and self.is_attached and screen is self.screen:
            shown = (translator(self).lang, *shown_keys(screen))
            if shown == self._shown:
                return
            self._shown = shown
        super().bindings_changed(screen)

    def compose(self) -> ComposeResult:
        t = translator(self)
        for widget in super().compose():
            description = getattr(widget, "description", None)
            if isinstance(description, str) and description in MESSAGES:
                widget.description = t(description)  # type: ignore[attr-defined]
            # A key is made compact and then bound to the footer's style: restyled twice.
            compact = getattr(type(widget), "compact", None)
            if isinstance(compact, Reactive):
                widget.set_reactive(compact, self.compact)
            widget._reactive_connect = None  # no watcher on the footer (see above)
            yield widget

    def watch_compact(self, compact: bool) -> None:
        for key in self.query(FooterKey):
            key.compact = compact


def shown_keys(screen: Screen[object]) -> tuple[tuple[object, ...], ...]:
    """The keys a footer shows for `screen`: each with its action, words and whether enabled."""
    return tuple(
        (binding.key, binding.action, binding.description, enabled, tooltip)
        for _, binding, enabled, tooltip in screen.active_bindings.values()
        if binding.show
    )
