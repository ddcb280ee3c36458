"""The running account of the deal: what each player did, newest at the bottom."""

from __future__ import annotations

from rich.text import Text
from textual.cache import LRUCache
from textual.widgets import RichLog

from ..patches import forget_caches
from ..plain import plain


class GameLog(RichLog):
    """The log keeps the last `MAX_LINES` lines on screen (about four deals at 100 columns),
    so that a long game holds no more than a short one: each line kept is a strip with caches
    of its own, and RichLog's cache of rendered lines (1,024 by default) would keep as many
    again, from lines long scrolled away."""

    MAX_LINES = 200

    def __init__(self, *, id: str | None = None) -> None:
        # Lines wrap at the log's own width: RichLog's default of at least 78 columns put a
        # long line past the edge of a narrower log (the table beside the score sheet), and a
        # stray bit of scroll bar under it.
        super().__init__(
            id=id,
            wrap=True,
            markup=False,
            highlight=False,
            max_lines=self.MAX_LINES,
            min_width=1,
        )
        self.can_focus = False
        self._line_cache = LRUCache(self.MAX_LINES)
        self.lines_written: list[str] = []
        # Whether new lines scroll into view: not while the player reads back (`page`). Kept
        # apart from the scroll position, which is not yet known for the lines written
        # before the log has its size (a game resumed: the deal so far, told at once).
        self.following = True

    def say(self, line: Text) -> None:
        """Add a line at the bottom and scroll to it at once, unless the player has scrolled
        back to read older lines (`page`). RichLog's own scroll waits for
        the next refresh of the screen on top: when a dialog opens in the same step (the
        auction after an opponent's pass, a deal's result after the last card), that is the
        dialog's, and the log behind it kept showing the rows before the line."""
        line = plain(line)
        self.lines_written.append(line.plain)
        if len(self.lines_written) > self.MAX_LINES:
            del self.lines_written[: -self.MAX_LINES]
        self.write(line, scroll_end=self.following)  # before its size is known: when it is
        if self.following:
            self.scroll_end(animate=False, immediate=True, x_axis=False)

    def let_go_of_drawn(self) -> None:
        """Forget what drawing the kept lines made of them (once a deal). Textual keeps, on
        each line drawn, the lines made from it (cut to the log's width, styled, dimmed
        behind a dialog), each with caches of its own: about twice a line's own memory
        again, for every line kept whether on screen or long scrolled away. The lines in
        view are made again at the next frame (a few, quickly)."""
        for line in self.lines:
            forget_caches(line)
        self._line_cache.clear()

    def page(self, direction: int) -> None:
        """Scroll a page back (-1) or forward (1), keeping a line of the last page in view;
        back at the bottom, the log follows new lines again."""
        step = max(1, self.scrollable_content_region.height - 1)
        target = min(self.max_scroll_y, max(0, round(self.scroll_y) + direction * step))
        self.following = target >= self.max_scroll_y
        self.scroll_to(y=target, animate=False, immediate=True)
