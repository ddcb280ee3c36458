"""What every widget and screen of the table shares: the app's translator and palette, and the
footer that shows the keys in the table's language."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, cast

from rich.cells import cell_len
from textual.app import ComposeResult
from textual.compose import compose
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
    table's language. It is made again only when the keys it shows change (a screen asks
    after nearly every move), and then the key widgets shown take the new keys' words and
    state (`recompose`). Each key starts in the footer's own style (compact or not), so that
    mounting it restyles nothing.

    Textual's footer binds each key to its `compact` with `data_bind`, a watcher on the footer
    that outlives the key: pruned only when `compact` changes, it kept every key of every
    rebuild (about 140 widgets a deal). Here the keys are not bound; the footer sets `compact`
    on the keys it holds when it changes."""

    DEFAULT_CSS = """
    KeyFooter FooterKey.-squeezed {
        .footer-key--key {
            padding: 0 0 0 1;
        }
        .footer-key--description {
            padding: 0 0 0 1;
        }
    }
    """

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
        widgets = list(super().compose())
        for widget in widgets:
            description = getattr(widget, "description", None)
            own = key_words(self.screen, getattr(widget, "action", None))
            if own is not None:
                description = own
            if isinstance(description, str) and description in MESSAGES:
                widget.description = t(description)  # type: ignore[attr-defined]
        # Keys that do not fit the width in the footer's spacing are drawn closer together
        # (the Russian words are longer): the last key is never cut.
        self._squeezed = keys_width(widgets) > self.app.size.width
        for widget in widgets:
            # A key is made compact and then bound to the footer's style: restyled twice.
            style = getattr(type(widget), "compact", None)
            if isinstance(style, Reactive):
                widget.set_reactive(style, self.compact)
            widget.set_class(self._squeezed, "-squeezed", update=False)
            widget._reactive_connect = None  # no watcher on the footer (see above)
            yield widget

    _squeezed = False

    async def recompose(self) -> None:
        """The keys made again: the keys already shown take the new ones' key, words, state
        and classes in place, and keys are mounted or removed only where their number changed
        (a key mounted anew is styled, measured and drawn from nothing, and the footer is made
        again after nearly every move)."""
        if not self.is_attached or self._pruning:
            return
        keys = compose(self)
        held = list(self.query_children("*").exclude(".-textual-system"))
        if not all(type(widget) is FooterKey for widget in (*keys, *held)):
            await super().recompose()  # (a group of keys, a label: made again in full)
            return
        async with self.batch():
            for old, new in zip(held, keys, strict=False):
                take_over(cast(FooterKey, old), cast(FooterKey, new))
            if len(held) > len(keys):
                await self.remove_children(held[len(keys) :])
            elif len(keys) > len(held):
                await self.mount_all(keys[len(held) :])

    def on_resize(self) -> None:
        """Drawn again in the spacing that fits the new width, if that changed."""
        squeezed = keys_width(list(self.query(FooterKey))) > self.app.size.width
        if squeezed != self._squeezed:
            self._squeezed = squeezed
            for key in self.query(FooterKey):
                key.set_class(squeezed, "-squeezed")

    def watch_compact(self, compact: bool) -> None:
        for key in self.query(FooterKey):
            key.compact = compact


def take_over(key: FooterKey, new: FooterKey) -> None:
    """`key`, shown, made what `new` (made by the footer's compose, never mounted) would show."""
    same = (key.key, key.key_display, key.description, key.action, key._disabled) == (
        new.key,
        new.key_display,
        new.description,
        new.action,
        new._disabled,
    )
    key.key, key.key_display, key.description = new.key, new.key_display, new.description
    key.action, key._disabled = new.action, new._disabled
    # The classes the key was made with ("-compact" follows the footer's style, see above).
    changes = {name: name in new.classes for name in key.classes ^ new.classes}
    changes.pop("-compact", None)
    key.update_classes(changes)
    if key.tooltip != new.tooltip:
        key.tooltip = new.tooltip
    if not same or changes:
        key.refresh(layout=True)


def keys_width(widgets: Sequence[object]) -> int:
    """The columns the footer's keys take in its usual spacing: the key, a space, its words
    and a space each side."""
    width = 0
    for widget in widgets:
        if isinstance(widget, FooterKey):
            width += cell_len(widget.key_display) + cell_len(widget.description) + 3
    return width


def shown_keys(screen: Screen[object]) -> tuple[tuple[object, ...], ...]:
    """The keys a footer shows for `screen`: each with its action, words and whether enabled."""
    return tuple(
        (
            binding.key,
            binding.action,
            key_words(screen, binding.action) or binding.description,
            enabled,
            tooltip,
        )
        for _, binding, enabled, tooltip in screen.active_bindings.values()
        if binding.show
    )


def key_words(screen: Screen[object], action: object) -> str | None:
    """The words a screen gives a key of the decision at hand (its `key_words`: Enter names
    the bid, the cards given or put aside...), instead of its binding's; None if it has none."""
    words = getattr(screen, "key_words", None)
    if not callable(words) or not isinstance(action, str):
        return None
    own = words(action)
    return own if isinstance(own, str) else None
