"""The corrections of Textual's private code (`patches.py`, `terminal_output.py`): each is
written for the code it replaces, and each bug it corrects is still in Textual.

When one of these tests fails after Textual was upgraded:
- `test_the_code_each_correction_replaces_is_unchanged`: read the new code; record the new
  digest (and `CHECKED`) if the correction still fits, change it if not;
- a `test_textual_*` test: upstream fixed the bug; drop the correction and its tests.
"""

from __future__ import annotations

import asyncio
import gc
import logging
import os
import sys
import threading
import weakref
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from rich.segment import Segment
from rich.style import Style
from textual._styles_cache import StylesCache
from textual.app import App, ComposeResult
from textual.color import Color
from textual.drivers._writer_thread import WriterThread
from textual.screen import Screen
from textual.strip import Strip
from textual.widgets import Static
from textual.widgets._toast import ToastHolder, ToastRack
from textual.worker import Worker, active_worker

from thousand_tui.tui import app as _app  # noqa: F401  (importing the app applies the corrections)
from thousand_tui.tui import upstream
from thousand_tui.tui.patches import (
    FRESH_CONTEXTS,
    INNER_OUTER,
    LAZY_STRIP_CACHES,
    SCREEN_CONTEXT,
    STALE_TOASTS,
    STRIP_CACHES,
    FreshContextExecutor,
    LazyCache,
    _textual_inner_outer,
    _textual_strip_init,
    _textual_toast_show,
    forget_caches,
)
from thousand_tui.tui.terminal_output import TERMINAL_OUTPUT
from thousand_tui.tui.upstream import CHECKED, UpstreamPatch

PATCHES = [
    INNER_OUTER,
    FRESH_CONTEXTS,
    SCREEN_CONTEXT,
    STALE_TOASTS,
    LAZY_STRIP_CACHES,
    TERMINAL_OUTPUT,
]
WAIT = 10.0  # seconds before a test gives up (a hang, not a slow machine)


@pytest.mark.parametrize("patch", PATCHES, ids=lambda patch: patch.name)
def test_the_code_each_correction_replaces_is_unchanged(patch: UpstreamPatch) -> None:
    assert patch.current_digest() == patch.digest, (
        f"Textual {upstream.textual_version()} changed the code that {patch.name} corrects "
        f"(read on {CHECKED}); upstream: {patch.upstream}"
    )
    assert patch.applies()


def test_a_correction_is_left_out_with_one_warning_where_textual_changed_its_code(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setattr(upstream, "textual_version", lambda: "99.0.0")
    stale = UpstreamPatch("a test's correction", "nowhere", (Worker._run_threaded,), "0" * 16)
    with caplog.at_level(logging.WARNING, logger="thousand_tui"):
        assert not stale.applies()
        assert not stale.applies()
    warnings = [r.getMessage() for r in caplog.records if "a test's correction" in r.getMessage()]
    assert len(warnings) == 1
    assert "99.0.0" in warnings[0] and CHECKED in warnings[0]


def test_a_correction_applies_on_another_textual_whose_code_is_the_same(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(upstream, "textual_version", lambda: "99.0.0")
    assert all(patch.applies() for patch in PATCHES)


def test_the_corrections_are_in_place() -> None:
    assert StylesCache.get_inner_outer is not _textual_inner_outer
    assert "_start_messages" in Screen.__dict__
    assert ToastRack.show is not _textual_toast_show
    assert Strip.__init__ is not _textual_strip_init


# ------------------------------------------------------------------ the colours' cache


def test_textual_caches_the_inner_and_outer_colours_on_the_styles_cache_itself() -> None:
    cache = StylesCache()
    gone = weakref.ref(cache)
    _textual_inner_outer(cache, Color(1, 2, 3), Color(4, 5, 6))
    del cache
    gc.collect()
    assert gone() is not None, "Textual's own cache lets go of the styles cache: drop INNER_OUTER"
    _textual_inner_outer.cache_clear()


def test_the_corrected_colours_cache_keeps_no_styles_cache() -> None:
    cache = StylesCache()
    gone = weakref.ref(cache)
    inner, outer = cache.get_inner_outer(Color(1, 2, 3), Color(4, 5, 6))
    assert (inner, outer) == _textual_inner_outer.__wrapped__(cache, Color(1, 2, 3), Color(4, 5, 6))
    del cache
    gc.collect()
    assert gone() is None


# ------------------------------------------------------------------ thread workers


class _Node:
    def post_message(self, message: object) -> bool:
        return True


def worker_left_in_thread(executor: ThreadPoolExecutor) -> bool:
    """Run a thread worker on `executor` as Textual does, then whether the executor's thread
    still holds the worker."""

    async def run() -> bool:
        loop = asyncio.get_running_loop()
        loop.set_default_executor(executor)
        worker: Worker[int] = Worker(_Node(), lambda: 1, thread=True)  # type: ignore[arg-type]
        assert await worker._run_threaded() == 1
        left = await loop.run_in_executor(None, lambda: active_worker.get(None))
        return left is worker

    return asyncio.run(run())


def test_textual_leaves_a_thread_worker_in_the_thread_that_ran_it() -> None:
    assert worker_left_in_thread(ThreadPoolExecutor(max_workers=1)), (
        "Textual's thread workers leave nothing in their thread: drop FRESH_CONTEXTS"
    )


def test_a_fresh_context_executor_leaves_no_worker_in_its_thread() -> None:
    assert not worker_left_in_thread(FreshContextExecutor(max_workers=1))


# ------------------------------------------------------------------ screens


class _Next(Screen[None]):
    def compose(self) -> ComposeResult:
        yield Static("next")


class _First(Screen[None]):
    def compose(self) -> ComposeResult:
        yield Static("first")

    def key_x(self) -> None:
        self.app.switch_screen(_Next())


class _Switching(App[None]):
    def on_mount(self) -> None:
        self.push_screen(_First())


def first_screen_kept() -> bool:
    """Open a screen from another's key handler, close the other: whether it is still held."""

    async def run() -> bool:
        app = _Switching()
        async with app.run_test() as pilot:
            await pilot.pause()
            first = weakref.ref(app.screen)
            await pilot.press("x")
            for _ in range(50):
                await pilot.pause()
                if isinstance(app.screen, _Next) and app.screen.is_mounted:
                    break
            assert isinstance(app.screen, _Next)
            gc.collect()
            return first() is not None

    return asyncio.run(run())


def test_textual_keeps_the_screen_a_screen_was_opened_from(
    monkeypatch: pytest.MonkeyPatch,
) -> None:

    monkeypatch.delattr(Screen, "_start_messages", raising=False)
    assert first_screen_kept(), "Textual lets go of the screen: drop SCREEN_CONTEXT"


def test_a_screen_opened_from_another_does_not_keep_it() -> None:

    assert not first_screen_kept()


# ------------------------------------------------------------------ toasts cleared early


def toast_holders_left(cleared: int) -> tuple[int, int]:
    """Show a warning and clear it (as the next move does) `cleared` times, then one more
    left shown: the toast holders in the screen's rack while it shows, and after all."""

    class Table(App[None]):
        def compose(self) -> ComposeResult:
            yield Static("table")

    async def run() -> tuple[int, int]:
        app = Table()
        async with app.run_test(notifications=True) as pilot:
            for n in range(cleared):
                app.notify(f"not that card ({n})", severity="warning")
                await pilot.pause()
                app.clear_notifications()
                await pilot.pause()
            app.notify("not that card either", severity="warning")
            await pilot.pause()
            shown = len(app.screen.query(ToastHolder))
            app.clear_notifications()
            await pilot.pause()
            return shown, len(app.screen.query(ToastHolder))

    return asyncio.run(run())


def test_textual_leaves_the_holder_of_a_toast_cleared_early(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(ToastRack, "show", _textual_toast_show)
    assert toast_holders_left(3) == (4, 4), "Textual removes the holder too: drop STALE_TOASTS"


def test_a_toast_cleared_early_leaves_no_holder() -> None:
    assert toast_holders_left(3) == (1, 0)


# ------------------------------------------------------------------ a strip's caches


def caches_made(strip: Strip) -> set[str]:
    """The caches `strip` has made (its slots set), whether or not they are made on demand."""
    made = set()
    for name in STRIP_CACHES:
        slot = Strip.__dict__[name]
        slot = slot.slot if isinstance(slot, LazyCache) else slot
        try:
            slot.__get__(strip, Strip)
        except AttributeError:
            continue
        made.add(name)
    return made


def test_textual_makes_every_new_strip_all_its_caches() -> None:
    strip = Strip.__new__(Strip)
    _textual_strip_init(strip, [Segment("Anna: 10♥")])
    assert caches_made(strip) == set(STRIP_CACHES), "Textual makes them on demand: drop it"


def test_a_new_strip_makes_a_cache_when_it_first_uses_it() -> None:
    strip = Strip([Segment("Anna: 10♥", Style(bold=True))])
    assert not caches_made(strip)
    cut = strip.crop(0, 4)
    assert cut.text == "Anna" and strip.crop(0, 4) is cut  # cached, as Textual does
    assert caches_made(strip) == {"_crop_cache"} and not caches_made(cut)
    styled = strip.apply_style(Style(italic=True))
    assert strip.apply_style(Style(italic=True)) is styled
    assert caches_made(strip) == {"_crop_cache", "_style_cache"}
    strip.render(App().console)
    assert strip._render_cache is not None
    forget_caches(strip)
    assert not caches_made(strip) and strip._render_cache is None
    assert strip.crop(0, 4).text == "Anna"  # made again when needed


# ------------------------------------------------------------------ the output thread


@pytest.mark.skipif(sys.platform == "win32", reason="a POSIX terminal")
def test_textual_output_thread_dies_when_the_terminal_vanishes(
    pty: tuple[int, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    master, slave = pty
    died: list[BaseException | None] = []

    def hook(args: Any) -> None:
        died.append(args.exc_value)

    monkeypatch.setattr(threading, "excepthook", hook)
    thread = WriterThread(os.fdopen(os.dup(slave), "w", encoding="utf-8"))
    thread.start()
    thread.write("x" * 4096)
    os.close(master)  # the terminal is gone
    for _ in range(100):  # the writes fail with it
        if not thread.is_alive():
            break
        thread.write("x" * 4096)
        thread.join(0.05)
    thread.join(WAIT)
    assert not thread.is_alive(), "Textual's output thread outlives the terminal: drop it"
    assert died and isinstance(died[0], OSError)
