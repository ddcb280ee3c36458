"""A real browser at `thousand serve`: headless Chromium (Debian's `chromium`) driven by
Playwright, the page's terminal read back with pyte from the very bytes the page receives."""

from __future__ import annotations

import contextlib
import errno
import json
import os
import re
import resource
import selectors
import shutil
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from tests.helpers.waiting import wait_for
from thousand_tui.tui.i18n import Translator
from thousand_tui.tui.text import DECISIONS

CHROMIUM = Path("/usr/bin/chromium")
# The status line when the table waits for the player: a card to play, or a decision (in the
# words of the table: "Your bid.", "Raise the contract or play it.", "Choose a talon: press
# Enter.").
_ASKED = "|".join(re.escape(Translator("en")(f"do_{kind}")) for kind in DECISIONS)
DECISION = re.compile(
    rf"^ (Your (turn|lead): .*|(?:{_ASKED})\.|[^\n:▏]+: press Enter\.)(?= |▏|$)",
    re.MULTILINE,
)
DEAL_OVER = "Enter: next deal"
PAGE_OPEN = "esc Close"  # the footer of a page opened over the table


class Changed:
    """Whether the page's text is no longer `before`."""

    def __init__(self, before: str) -> None:
        self.before = before

    def __call__(self, now: str) -> bool:
        return now != self.before


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


def descriptors(limit: int) -> Callable[[], None]:
    """What a child process runs before it starts: its descriptor limit, soft and hard, set to
    `limit` (1,024 is the usual soft limit, and the child cannot raise it past the hard)."""

    def set_limit() -> None:
        resource.setrlimit(resource.RLIMIT_NOFILE, (limit, limit))

    return set_limit


@contextlib.contextmanager
def server(data: Path, *flags: str) -> Iterator[str]:
    """`thousand serve` on a free port of 127.0.0.1, its games in `data`; yields its URL."""
    with serving(data, *flags) as served:
        yield served.url


class Served:
    def __init__(self, process: subprocess.Popen[bytes], port: int, log: Path) -> None:
        self.process = process
        self.port = port
        self.url = f"http://127.0.0.1:{port}/"
        self.log = log

    def descriptors(self) -> list[str]:
        """What each of the server's open descriptors is (`socket:[…]`, `pipe:[…]`, a path)."""
        found = []
        for entry in Path(f"/proc/{self.process.pid}/fd").iterdir():
            with contextlib.suppress(OSError):
                found.append(os.readlink(entry))
        return found


@contextlib.contextmanager
def serving(data: Path, *flags: str, limit: int | None = None) -> Iterator[Served]:
    """`thousand serve` on a free port of 127.0.0.1, its games in `data`, with at most `limit`
    descriptors (soft and hard) if given."""
    port = free_port()
    env = dict(os.environ, XDG_DATA_HOME=str(data))
    env.pop("THOUSAND_DATA_DIR", None)
    log = open(data / "serve.log", "w")  # noqa: SIM115
    process = subprocess.Popen(
        [sys.executable, "-m", "thousand_tui", "serve", "--port", str(port), *flags],
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
        preexec_fn=descriptors(limit) if limit else None,
    )
    try:

        def listening() -> bool:
            with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), 1):
                return True
            if process.poll() is not None:
                raise AssertionError((data / "serve.log").read_text())
            return False

        wait_for(
            "thousand serve to listen",
            listening,
            timeout=30,
            every=0.1,
            shown=lambda: (data / "serve.log").read_text(),
        )
        yield Served(process, port, data / "serve.log")
    finally:
        process.terminate()
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()
        log.close()


class Crowd:
    """A stranger's idle connections to 127.0.0.1:`port`, `count` of them held open from a
    thread of their own: each one the server closes is opened again within `PASS` seconds;
    every third sends half a request and then a header line every second (slowloris). Stops by
    itself after `seconds`."""

    PASS = 0.5

    def __init__(self, port: int, count: int, seconds: float = 300) -> None:
        self.port = port
        self.count = count
        self.seconds = seconds
        self.opened = 0
        self.closed_by_server = 0
        self.steady = 0  # connections held after the last pass (each closed one opened again)
        # Each socket, and what it sends: nothing (0), half a request (1, then 2 once begun).
        self.sockets: dict[socket.socket, int] = {}
        self.stopping = threading.Event()
        self.thread = threading.Thread(target=self._hold, daemon=True)
        self.error: BaseException | None = None

    def __enter__(self) -> Crowd:
        soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        if soft < self.count + 512:
            resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, self.count + 1024), hard))
        self.thread.start()
        return self

    def __exit__(self, *_exc: object) -> None:
        self.stopping.set()
        self.thread.join(30)

    def _open(self, selector: selectors.BaseSelector, slow: int) -> None:
        sock = socket.socket()
        sock.setblocking(False)
        if sock.connect_ex(("127.0.0.1", self.port)) not in (0, errno.EINPROGRESS):
            sock.close()
            return
        selector.register(sock, selectors.EVENT_READ)
        self.sockets[sock] = min(slow, 1)
        self.opened += 1

    def _hold(self) -> None:
        selector = selectors.DefaultSelector()
        end = time.monotonic() + self.seconds
        try:
            for number in range(self.count):
                self._open(selector, int(number % 3 == 0))
            trickled = time.monotonic()
            while not self.stopping.is_set() and time.monotonic() < end:
                # Each closed one is opened again on the next pass, a pass every PASS seconds:
                # the churn the cap causes stays within what a shared 2-core CI runner can
                # give beside another browser test (bench/web_flood.py reopens at once).
                self.stopping.wait(self.PASS)
                for key, _events in selector.select(0):
                    sock = key.fileobj
                    assert isinstance(sock, socket.socket)
                    try:
                        data = sock.recv(4096)
                    except BlockingIOError:
                        continue
                    except OSError:
                        data = b""
                    if data:
                        continue
                    slow = self.sockets.pop(sock)
                    selector.unregister(sock)
                    sock.close()
                    self.closed_by_server += 1
                    self._open(selector, slow)
                for _ in range(self.count - len(self.sockets)):
                    self._open(selector, int(len(self.sockets) % 3 == 0))
                self.steady = len(self.sockets)
                if time.monotonic() - trickled >= 1:
                    trickled = time.monotonic()
                    for sock, slow in self.sockets.items():
                        if slow:
                            line = b"X-Slow: 1\r\n" if slow == 2 else b"GET / HTTP/1.1\r\n"
                            with contextlib.suppress(OSError):
                                sock.send(line)
                                self.sockets[sock] = 2
        except BaseException as error:
            self.error = error
        finally:
            for sock in self.sockets:
                sock.close()
            self.sockets.clear()
            selector.close()


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

        def shows() -> tuple[str] | None:
            text = self.text()
            return (text,) if seen(text) else None

        # The page's frames come in while it waits (`wait`), never in a plain sleep.
        (text,) = wait_for(
            f"the page to show {what}",
            shows,
            timeout=seconds,
            every=0.1,
            shown=lambda: f"it shows:\n{self.text()}",
            pause=lambda every: self.wait(round(every * 1000)),
        )
        return text

    def wait_text(self, words: str, seconds: float = 30) -> str:
        return self.wait_for(lambda text: words in text, repr(words), seconds)

    def settle(self, seconds: float = 1.0, most: float = 30) -> str:
        """Wait until the page has not changed for `seconds` (keys sent are answered); what it
        shows then."""
        deadline = time.monotonic() + most
        last, since = self.text(), time.monotonic()
        while time.monotonic() < deadline:
            self.wait(100)
            now = self.text()
            if now != last:
                last, since = now, time.monotonic()
            elif time.monotonic() - since >= seconds:
                break
        return last

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


def deal_of(shown: Page | str) -> int:
    """The deal the table's title names (0 where no table is shown)."""
    text = shown if isinstance(shown, str) else shown.text()
    title = re.search(r"· Deal (\d+) ·", text)
    return int(title.group(1)) if title else 0


def play_deal(page: Page) -> int:
    """Play the deal on the page to its end: a pass clicked with the mouse in the auction,
    cards and dialog options by their number keys and Enter (a card the rules refuse changes
    nothing, and the next number is tried). The deal played is returned.

    On a loaded machine the page may answer a key later than the next look: an Enter meant
    for a card may then land on the deal's end and begin the next deal, so a title that names
    a later deal ends the deal played too."""
    deal = deal_of(page)
    for step in range(200):
        text = page.text()
        if DEAL_OVER in text or deal_of(text) > deal:
            return deal
        if PAGE_OPEN in text and not DECISION.search(text):
            # A click meant for Pass that landed as the screen changed under it opened a page
            # of the footer (the rules, help): closed, as a player would.
            page.press("Escape")
        elif "Auction" in text and " Pass" in text:
            page.click_text(" Pass")
        elif DECISION.search(text):
            page.press(str(step % 8 + 1))
            page.wait(50)
            page.press("Enter")
        else:
            page.wait(250)
            continue
        # The page answers before the next look (a second at most: a refused card changes
        # nothing), so that an Enter meant for a card never lands on the next deal.
        with contextlib.suppress(AssertionError):
            page.wait_for(Changed(text), "an answer", seconds=1)
        page.wait(100)
    raise AssertionError(f"the deal did not end:\n{page.text()}")


def until(condition: Callable[[], bool], what: str, seconds: float = 30) -> None:
    """Wait, away from any page, until `condition()` holds."""
    wait_for(what, condition, timeout=seconds, every=0.05)
