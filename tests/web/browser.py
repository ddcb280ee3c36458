"""A real browser at `thousand serve`: headless Chromium (Debian's `chromium`) driven by
Playwright, the page's terminal read back with pyte from the very bytes the page receives."""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

CHROMIUM = Path("/usr/bin/chromium")


def why_not() -> str | None:
    """Why the browser test cannot run here, or None."""
    for module, extra in (("playwright", "test"), ("pyte", "test"), ("textual_serve", "web")):
        try:
            __import__(module)
        except ImportError:
            return f"{module} is not installed: pip install -e '.[{extra}]'"
    if not CHROMIUM.exists() and shutil.which("chromium") is None:
        return "no Chromium: apt-get install -y chromium (.ci/run does)"
    return None


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@contextlib.contextmanager
def server(data: Path, *flags: str) -> Iterator[str]:
    """`thousand serve` on a free port of 127.0.0.1, its games in `data`; yields its URL."""
    port = free_port()
    env = dict(os.environ, XDG_DATA_HOME=str(data))
    env.pop("THOUSAND_DATA_DIR", None)
    log = open(data / "serve.log", "w")  # noqa: SIM115
    process = subprocess.Popen(
        [sys.executable, "-m", "thousand_tui", "serve", "--port", str(port), *flags],
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    try:
        deadline = time.monotonic() + 30
        while True:
            with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), 1):
                break
            if process.poll() is not None or time.monotonic() > deadline:
                raise AssertionError((data / "serve.log").read_text())
            time.sleep(0.1)
        yield f"http://127.0.0.1:{port}/"
    finally:
        process.terminate()
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()
        log.close()


class Page:
    """One browser tab at the table: what its terminal shows, keys and clicks."""

    def __init__(self, page: Any) -> None:
        import pyte

        self.page = page
        self.screen = pyte.Screen(80, 24)
        self.stream = pyte.ByteStream(self.screen)
        self.closed = False
        page.on("websocket", self._socket)

    def _socket(self, websocket: Any) -> None:
        import pyte

        self.screen = pyte.Screen(80, 24)
        self.stream = pyte.ByteStream(self.screen)
        self.closed = False
        websocket.on("framereceived", self._received)
        websocket.on("framesent", self._sent)
        websocket.on("close", lambda _socket: setattr(self, "closed", True))

    def _received(self, payload: str | bytes) -> None:
        if isinstance(payload, bytes):
            self.stream.feed(payload)

    def _sent(self, payload: str | bytes) -> None:
        if isinstance(payload, str) and payload.startswith('["resize"'):
            size = json.loads(payload)[1]
            self.screen.resize(size["height"], size["width"])

    def text(self) -> str:
        return "\n".join(line.rstrip() for line in self.screen.display)

    def wait(self, ms: int = 100) -> None:
        self.page.wait_for_timeout(ms)

    def wait_for(self, seen: Callable[[str], bool], what: str, seconds: float = 30) -> str:
        deadline = time.monotonic() + seconds
        while True:
            text = self.text()
            if seen(text):
                return text
            if time.monotonic() > deadline:
                raise AssertionError(f"the page never showed {what}; it shows:\n{text}")
            self.wait(100)

    def wait_text(self, words: str, seconds: float = 30) -> str:
        return self.wait_for(lambda text: words in text, repr(words), seconds)

    def press(self, key: str) -> None:
        self.page.keyboard.press(key)

    def cell(self, row: int, column: int) -> tuple[float, float]:
        """The page's coordinates of the middle of a cell of the terminal."""
        box = self.page.locator(".xterm-screen").bounding_box()
        width = box["width"] / self.screen.columns
        height = box["height"] / self.screen.lines
        return box["x"] + (column + 0.5) * width, box["y"] + (row + 0.5) * height

    def find(self, words: str) -> tuple[int, int]:
        for row, line in enumerate(self.screen.display):
            if words in line:
                return row, line.index(words)
        raise AssertionError(f"{words!r} is not on the page:\n{self.text()}")

    def click_text(self, words: str) -> None:
        row, column = self.find(words)
        x, y = self.cell(row, column + len(words) // 2)
        self.page.mouse.click(x, y)


def until(condition: Callable[[], bool], what: str, seconds: float = 30) -> None:
    """Wait, away from any page, until `condition()` holds."""
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"never: {what}")
        time.sleep(0.05)
