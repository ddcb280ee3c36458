"""What every widget and screen of the table shares: the app's translator and palette."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, cast

from textual.binding import Binding
from textual.dom import DOMNode

from ..ascii import ASCII_KEYS
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


def localize_bindings(node: DOMNode, t: Translator, ascii_only: bool | None = None) -> None:
    """Bindings are written with catalogue keys as descriptions; put the words in (and, in
    ASCII mode, key names without arrows)."""
    if ascii_only is None:
        ascii_only = table_app(node).palette.ascii_only
    table = node._bindings.key_to_bindings
    for key, bindings in table.items():
        table[key] = [_localized(b, t, ascii_only) for b in bindings]


def _localized(binding: Binding, t: Translator, ascii_only: bool) -> Binding:
    if binding.description in MESSAGES:
        binding = replace(binding, description=t(binding.description))
    if ascii_only and binding.key_display in ASCII_KEYS:
        binding = replace(binding, key_display=ASCII_KEYS[binding.key_display])
    return binding
