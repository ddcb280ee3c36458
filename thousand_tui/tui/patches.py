"""Corrections to the Textual this table runs on, applied once when the app is imported.

`StylesCache.get_inner_outer` (Textual 8.2) is an `lru_cache` on a method: its key holds the
`StylesCache` itself, so the cache keeps the last 1,024 of them alive, each widget's with every
line it last rendered, long after the widget is gone. A table opens and closes a dialog at
almost every decision, so a long game kept several MB of dead dialogs (about 570 rendered lines
a deal). The colours it computes depend on the two colours alone: cached on those, they keep
nothing else.

A thread worker runs in the event loop's default executor, whose threads outlive it, and it
sets `active_worker` in the thread's own context (Textual 8.2's `Worker._run_threaded`). That
context is the thread's for good, so each executor thread held on to the last worker it ran,
and through the worker its widget, its screen and the game: after "again", the last game's
whole table. `FreshContextExecutor` runs each call in a context of its own, dropped when the
call returns.

A screen's message loop sets `active_message_pump` to the screen and keeps the token, whose
old value is the pump that was active where the screen was opened, until the screen closes.
When "again" opens the next game's table from the last one's dialog, the new table held the
old one that way for its whole life. `Screen._start_messages` now starts every screen's loop
from the app's own context, as if the app had opened it.

A toast cleared before it expires (`App.clear_notifications`: the table clears each warning
at the next move) is removed by `ToastRack.show` (Textual 8.2), but the `ToastHolder` around
it stays in the screen's rack, empty, with the toast it was made with. A game of random keys
left about six a deal, each laid out again at every refresh: 154 by deal 23, and the game's
memory grew with them. The stale toast's holder is removed with it.

Every strip (a rendered line) Textual 8.2 makes starts with seven empty caches of its own (of
its cuts, its styled and dimmed copies, ...): about 900 bytes of a strip's 1,100, for each of
the thousands made at every frame and most never asked for any of them. The log's kept lines,
the widgets' cached lines and each frame's cut copies carried them all, and the churn left
the allocator's arenas scattered with them. A strip's cache is now made the first time it is
used (`LazyCache`), and a kept line can drop its caches entirely (`forget_caches`).

Each is an `UpstreamPatch` (`upstream.py`) that names where upstream tracks it and applies only
to the Textual code it was written for.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
from collections.abc import Callable, Iterable
from concurrent.futures import Future, ThreadPoolExecutor
from functools import lru_cache
from typing import Any, TypeVar

from rich.segment import Segment
from textual._context import active_message_pump
from textual._styles_cache import StylesCache
from textual.cache import FIFOCache
from textual.color import Color
from textual.css.query import NoMatches
from textual.message_pump import MessagePump
from textual.notifications import Notification, Notifications
from textual.screen import Screen
from textual.strip import Strip
from textual.style import Style
from textual.widgets._toast import Toast, ToastHolder, ToastRack
from textual.worker import Worker

from .upstream import UpstreamPatch

_textual_inner_outer = StylesCache.__dict__["get_inner_outer"]

INNER_OUTER = UpstreamPatch(
    "the cache of a widget's inner and outer colours",
    "https://github.com/Textualize/textual/issues/6665",
    (_textual_inner_outer,),
    "d2509f3e796680df",
)
FRESH_CONTEXTS = UpstreamPatch(
    "the context a thread worker leaves in its thread",
    "not reported upstream; https://github.com/Textualize/textual/pull/4964 fixed the others",
    (Worker._run_threaded,),
    "c73eb2e29bca5d3d",
)
SCREEN_CONTEXT = UpstreamPatch(
    "the context a screen's messages start from",
    "not reported upstream; https://github.com/Textualize/textual/pull/4964 fixed the others",
    (MessagePump._start_messages, MessagePump._context),
    "f7e154a70310f216",
)

_textual_toast_show = ToastRack.show

STALE_TOASTS = UpstreamPatch(
    "the holder of a toast cleared before it expired",
    "not reported upstream (Textual 8.2.8's ToastRack.show removes the toast, not its holder)",
    (_textual_toast_show,),
    "764c33fbdc911fd0",
)

_textual_strip_init = Strip.__init__

LAZY_STRIP_CACHES = UpstreamPatch(
    "the caches every new strip makes",
    "not reported upstream (Textual 8.2.8's Strip.__init__ makes seven caches for each strip)",
    (_textual_strip_init,),
    "ce1d8154dca8cfd7",
)
# A strip's caches, and the size Textual gives each (Strip.__init__, Textual 8.2.8).
STRIP_CACHES = {
    "_divide_cache": 4,
    "_crop_cache": 16,
    "_style_cache": 16,
    "_filter_cache": 4,
    "_line_length_cache": 4,
    "_crop_extend_cache": 4,
    "_offsets_cache": 4,
}


class LazyCache:
    """A strip's cache slot whose cache is made when first read (`Strip` reads each one as
    `self._crop_cache.get(...)`, then sets an entry)."""

    __slots__ = ("size", "slot")

    def __init__(self, slot: Any, size: int) -> None:
        self.slot = slot  # the slot's own descriptor
        self.size = size

    def __get__(self, strip: Strip | None, owner: type | None = None) -> Any:
        if strip is None:
            return self
        try:
            return self.slot.__get__(strip, owner)
        except AttributeError:
            cache: FIFOCache[Any, Any] = FIFOCache(self.size)
            self.slot.__set__(strip, cache)
            return cache

    def __set__(self, strip: Strip, value: Any) -> None:
        self.slot.__set__(strip, value)

    def __delete__(self, strip: Strip) -> None:
        with contextlib.suppress(AttributeError):
            self.slot.__delete__(strip)

    def made(self, strip: Strip) -> bool:
        """Whether `strip` has made this cache."""
        try:
            self.slot.__get__(strip, Strip)
        except AttributeError:
            return False
        return True


def _lazy_strip_init(
    self: Strip, segments: Iterable[Segment], cell_length: int | None = None
) -> None:
    """`Strip.__init__` (Textual 8.2.8) without its seven caches, made when first used."""
    self._segments = list(segments)
    self._cell_length = cell_length
    self._render_cache = None
    self._link_ids = None
    self._cell_count = None


def forget_caches(strip: Strip) -> None:
    """Let `strip` go of what drawing made of it: its text for the terminal and its caches
    (dropped where they are made on demand, emptied where Textual's own code runs)."""
    strip._render_cache = None
    for name in STRIP_CACHES:
        slot = Strip.__dict__.get(name)
        if isinstance(slot, LazyCache):
            slot.__delete__(strip)
        else:
            cache = getattr(strip, name, None)
            if cache is not None and hasattr(cache, "clear"):
                cache.clear()


def _lazy_strip_caches() -> None:
    for name, size in STRIP_CACHES.items():
        if not isinstance(Strip.__dict__[name], LazyCache):
            setattr(Strip, name, LazyCache(Strip.__dict__[name], size))
    Strip.__init__ = _lazy_strip_init  # type: ignore[method-assign]


@lru_cache(1024)
def inner_outer(base_background: Color, background: Color) -> tuple[Style, Style]:
    """The background inside a widget's border and outside it (Textual's own computation)."""
    return Style(background=base_background + background), Style(background=base_background)


def _get_inner_outer(
    self: StylesCache, base_background: Color, background: Color
) -> tuple[Style, Style]:
    return inner_outer(base_background, background)


T = TypeVar("T")


def _in_fresh_context(fn: Callable[..., T], /, *args: Any, **kwargs: Any) -> T:
    return contextvars.Context().run(fn, *args, **kwargs)


class FreshContextExecutor(ThreadPoolExecutor):
    """A thread pool whose every call starts from an empty context, as in a new thread, and
    leaves nothing in the thread when it returns."""

    def submit(self, fn: Callable[..., T], /, *args: Any, **kwargs: Any) -> Future[T]:
        return super().submit(_in_fresh_context, fn, *args, **kwargs)


def use_fresh_contexts(loop: asyncio.AbstractEventLoop) -> None:
    """Make `loop`'s default executor (where thread workers run) a `FreshContextExecutor`."""
    if FRESH_CONTEXTS.applies():
        loop.set_default_executor(FreshContextExecutor(thread_name_prefix="worker"))


_screen_start_messages = MessagePump._start_messages


def _start_from_app(screen: Screen[Any]) -> None:
    active_message_pump.set(screen.app)
    _screen_start_messages(screen)


def _start_screen_messages(self: Screen[Any]) -> None:
    contextvars.copy_context().run(_start_from_app, self)


def _show_toasts(self: ToastRack, notifications: Notifications) -> None:
    """`ToastRack.show` (Textual 8.2.8) with a stale toast removed in its holder."""
    self.display = bool(notifications)
    for toast in self.query(Toast):
        if toast._notification not in notifications:
            holder = toast.parent
            (holder if isinstance(holder, ToastHolder) else toast).remove()
    new_toasts: list[Notification] = []
    for notification in notifications:
        try:
            self.get_child_by_id(self._toast_id(notification))
        except NoMatches:
            if not notification.has_expired:
                new_toasts.append(notification)
    if new_toasts:
        self.mount_all(ToastHolder(Toast(toast), id=self._toast_id(toast)) for toast in new_toasts)
        self.call_later(self.scroll_end, animate=False, force=True)


def apply() -> None:
    """Cache the inner and outer colours on the colours alone; start each screen's messages
    from the app's context; make a strip's caches when it first uses them (idempotent). Each
    only on the Textual code it was written for."""
    if INNER_OUTER.applies() and StylesCache.get_inner_outer is _textual_inner_outer:
        _textual_inner_outer.cache_clear()
        StylesCache.get_inner_outer = _get_inner_outer  # type: ignore[method-assign,assignment]
    if STALE_TOASTS.applies():
        ToastRack.show = _show_toasts  # type: ignore[method-assign]
    if SCREEN_CONTEXT.applies():
        Screen._start_messages = _start_screen_messages  # type: ignore[method-assign,assignment]
    if LAZY_STRIP_CACHES.applies() and Strip.__init__ is _textual_strip_init:
        _lazy_strip_caches()
