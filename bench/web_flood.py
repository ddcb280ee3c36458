"""`thousand serve` under a stranger's connections: what the server holds and how long a player
waits for a game.

Starts `thousand serve` on 127.0.0.1 with `--limit` descriptors (soft and hard: 1,024 is the
usual soft limit, and with the hard one the same the server cannot raise it), then:

1. five games started one after the other by a websocket with a new cookie each, as a page
   does: the time to the start screen, and from Enter to the first deal on the table;
2. `--idle` connections (1,500) opened and held from a thread, each one the server closes
   opened again at once, a third of them sending half a request and a header line a second
   (slowloris); while they are held, the same five game starts and five loads of the page;
3. `--refused` websockets without a cookie (1,100) asked for at once: how long until the last
   is answered and closed (each was held open a minute before).

It prints the connections held, the server's descriptors in use (most and last), its memory and
CPU, and the times, with and without the crowd; and whether the server stayed up.

    python bench/web_flood.py                       # about 40 s
    python bench/web_flood.py --limit 0             # the host's own limit (raised to the hard)
    python bench/web_flood.py --idle 3000 --seconds 30

Needs the web extra (pip install -e '.[web]').
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import errno
import json
import os
import resource
import secrets
import selectors
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path

from web import cpu, rss  # bench/web.py: the same readings of a process


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def limited(limit: int) -> Callable[[], None]:
    def set_limit() -> None:
        resource.setrlimit(resource.RLIMIT_NOFILE, (limit, limit))

    return set_limit


def descriptors(pid: int) -> tuple[int, int]:
    """The descriptors `pid` has open, and how many of them are sockets."""
    total = sockets = 0
    with contextlib.suppress(OSError):
        for entry in os.scandir(f"/proc/{pid}/fd"):
            total += 1
            with contextlib.suppress(OSError):
                sockets += os.readlink(entry.path).startswith("socket:")
    return total, sockets


class Crowd(threading.Thread):
    """`count` idle connections held open; each one the server closes is opened again."""

    def __init__(self, port: int, count: int) -> None:
        super().__init__(daemon=True)
        self.port, self.count = port, count
        self.opened = self.closed_by_server = self.steady = 0
        self.stopping = threading.Event()

    def run(self) -> None:
        selector = selectors.DefaultSelector()
        sockets: dict[socket.socket, int] = {}

        def open_one(slow: int) -> None:
            sock = socket.socket()
            sock.setblocking(False)
            if sock.connect_ex(("127.0.0.1", self.port)) not in (0, errno.EINPROGRESS):
                sock.close()
                return
            selector.register(sock, selectors.EVENT_READ)
            sockets[sock] = slow
            self.opened += 1

        trickled = time.monotonic()
        try:
            while not self.stopping.is_set():
                for _ in range(self.count - len(sockets)):
                    open_one(int(len(sockets) % 3 == 0))
                self.steady = len(sockets)
                for key, _events in selector.select(0.25):
                    sock = key.fileobj
                    assert isinstance(sock, socket.socket)
                    try:
                        if sock.recv(4096):
                            continue
                    except BlockingIOError:
                        continue
                    except OSError:
                        pass
                    slow = sockets.pop(sock)
                    selector.unregister(sock)
                    sock.close()
                    self.closed_by_server += 1
                if time.monotonic() - trickled >= 1:
                    trickled = time.monotonic()
                    for sock, slow in sockets.items():
                        if slow:
                            with contextlib.suppress(OSError):
                                sock.send(b"X-Slow: 1\r\n" if slow == 2 else b"GET / HTTP/1.1\r\n")
                                sockets[sock] = 2
        finally:
            for sock in sockets:
                sock.close()
            selector.close()


class Watch(threading.Thread):
    """The server's descriptors, sampled every 0.2 s."""

    def __init__(self, pid: int) -> None:
        super().__init__(daemon=True)
        self.pid = pid
        self.most = self.most_sockets = 0
        self.last = (0, 0)
        self.stopping = threading.Event()

    def run(self) -> None:
        while not self.stopping.wait(0.2):
            self.last = descriptors(self.pid)
            self.most = max(self.most, self.last[0])
            self.most_sockets = max(self.most_sockets, self.last[1])


async def game_start(url: str) -> tuple[float, float]:
    """A new browser's game: seconds to its start screen, and from Enter to the table."""
    import aiohttp

    headers = {"Cookie": f"thousand_player={secrets.token_urlsafe(24)}"}
    began = time.monotonic()
    async with (
        aiohttp.ClientSession() as session,
        session.ws_connect(f"{url}/ws?width=100&height=30", headers=headers) as websocket,
    ):

        async def until(words: bytes) -> None:
            seen = b""
            while words not in seen:
                message = await asyncio.wait_for(websocket.receive(), 60)
                if message.type != aiohttp.WSMsgType.BINARY:
                    raise RuntimeError(f"no game: {message.type} {message.data!r}")
                seen = seen[-200:] + message.data

        await until(b"Start a new game")
        shown = time.monotonic() - began
        began = time.monotonic()
        await websocket.send_str(json.dumps(["stdin", "\r"]))
        await until(b"Auction")
        return shown, time.monotonic() - began


async def page_load(url: str) -> float:
    import aiohttp

    began = time.monotonic()
    async with aiohttp.ClientSession() as session, session.get(url) as response:
        await response.read()
        assert response.status == 200
    return time.monotonic() - began


async def starts(url: str, count: int) -> list[tuple[float, float]]:
    found = []
    for _ in range(count):
        found.append(await game_start(url))
        await asyncio.sleep(1.0)  # the page gone, its game ends
    return found


async def refusals(url: str, count: int) -> tuple[float, int]:
    """`count` websockets without a cookie at once: seconds until every one is closed, and
    how many were told why."""
    import aiohttp

    told = 0

    async def one(session: aiohttp.ClientSession) -> None:
        nonlocal told
        with contextlib.suppress(aiohttp.ClientError, asyncio.TimeoutError):
            async with session.ws_connect(f"{url}/ws") as websocket:
                async for message in websocket:
                    if message.type == aiohttp.WSMsgType.BINARY and b"no cookie" in message.data:
                        told += 1

    began = time.monotonic()
    connector = aiohttp.TCPConnector(limit=0)
    async with aiohttp.ClientSession(connector=connector) as session:
        await asyncio.wait_for(asyncio.gather(*(one(session) for _ in range(count))), 120)
    return time.monotonic() - began, told


def seconds(values: list[float]) -> str:
    return f"median {statistics.median(values):.2f} s, most {max(values):.2f} s"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--limit", type=int, default=1024, help="the server's descriptors (1024)")
    parser.add_argument("--idle", type=int, default=1500, help="idle connections held (1500)")
    parser.add_argument("--refused", type=int, default=1100, help="websockets without a cookie")
    parser.add_argument("--seconds", type=float, default=10, help="the crowd alone first (10)")
    parser.add_argument("--starts", type=int, default=5, help="games started each time (5)")
    options = parser.parse_args()
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = options.idle + options.refused + 512
    if soft < wanted:
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, wanted), hard))
    with tempfile.TemporaryDirectory() as scratch:
        port = free_port()
        url = f"http://127.0.0.1:{port}"
        env = {**os.environ, "XDG_DATA_HOME": scratch}
        env.pop("THOUSAND_DATA_DIR", None)
        flags = ["--port", str(port), "--preset", "classic", "--ai", "random", "--pace", "0"]
        log = Path(scratch) / "serve.log"
        with log.open("w") as out:
            server = subprocess.Popen(
                [sys.executable, "-m", "thousand_tui", "serve", *flags],
                env=env,
                stdout=out,
                stderr=subprocess.STDOUT,
                preexec_fn=limited(options.limit) if options.limit else None,
            )
        try:
            deadline = time.monotonic() + 30
            while True:
                with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port)):
                    break
                if time.monotonic() > deadline or server.poll() is not None:
                    raise SystemExit("the server did not start:\n" + log.read_text())
                time.sleep(0.1)
            figures = run(url, server.pid, options)
            figures["up"] = server.poll() is None
        finally:
            server.terminate()
            server.wait(10)
        said = log.read_text()
    report(figures, said, options)
    return 0


def run(url: str, pid: int, options: argparse.Namespace) -> dict[str, object]:
    alone = asyncio.run(starts(url, options.starts))
    idle = descriptors(pid)
    watch = Watch(pid)
    watch.start()
    crowd = Crowd(int(url.rsplit(":", 1)[1]), options.idle)
    cpu_before, began = cpu(pid), time.monotonic()
    crowd.start()
    time.sleep(options.seconds)
    held_alone = watch.last
    loads = [asyncio.run(page_load(url)) for _ in range(options.starts)]
    crowded = asyncio.run(starts(url, options.starts))
    busy = (cpu(pid) - cpu_before) / (time.monotonic() - began)
    steady, opened, closed = crowd.steady, crowd.opened, crowd.closed_by_server
    memory = rss(pid)
    crowd.stopping.set()
    crowd.join(10)
    time.sleep(1)
    refused = asyncio.run(refusals(url, options.refused))
    time.sleep(1)
    watch.stopping.set()
    watch.join(5)
    return {
        "alone": alone,
        "crowded": crowded,
        "loads": loads,
        "idle_fds": idle,
        "held_alone": held_alone,
        "most": watch.most,
        "most_sockets": watch.most_sockets,
        "after": descriptors(pid),
        "steady": steady,
        "opened": opened,
        "closed": closed,
        "cpu": busy,
        "rss": memory,
        "refused": refused,
    }


def report(figures: dict[str, object], said: str, options: argparse.Namespace) -> None:
    limit = options.limit or "the host's own, raised to the hard limit"
    cap = next((line for line in said.splitlines() if "at most" in line), "?")
    print(f"thousand serve, descriptor limit {limit}: {cap.removeprefix('thousand: ')}")
    alone = figures["alone"]
    crowded = figures["crowded"]
    assert isinstance(alone, list) and isinstance(crowded, list)
    idle_fds = figures["idle_fds"]
    assert isinstance(idle_fds, tuple)
    print(f"  no crowd: {idle_fds[0]} descriptors in use ({idle_fds[1]} sockets)")
    print(f"    a game's start screen: {seconds([a for a, _ in alone])}")
    print(f"    Enter to the first deal: {seconds([b for _, b in alone])}")
    held_alone = figures["held_alone"]
    assert isinstance(held_alone, tuple)
    print(
        f"  {options.idle} idle connections held ({figures['steady']} at the end; "
        f"{figures['opened']} opened, {figures['closed']} closed by the server):"
    )
    print(
        f"    the server's descriptors: {held_alone[0]} in use ({held_alone[1]} sockets), "
        f"at most {figures['most']} ({figures['most_sockets']} sockets)"
    )
    loads = figures["loads"]
    assert isinstance(loads, list)
    print(f"    the page: {seconds(loads)}")
    print(f"    a game's start screen: {seconds([a for a, _ in crowded])}")
    print(f"    Enter to the first deal: {seconds([b for _, b in crowded])}")
    rss_mb = figures["rss"]
    assert isinstance(rss_mb, int)
    cpu_share = figures["cpu"]
    assert isinstance(cpu_share, float)
    print(f"    the server: {rss_mb / 2**20:.0f} MB RSS, {100 * cpu_share:.0f}% of a core")
    refused = figures["refused"]
    assert isinstance(refused, tuple)
    print(
        f"  {options.refused} websockets without a cookie at once: every one closed within "
        f"{refused[0]:.2f} s, {refused[1]} told why"
    )
    after = figures["after"]
    assert isinstance(after, tuple)
    print(f"  after it all: {after[0]} descriptors in use ({after[1]} sockets)")
    errors = said.count("no descriptor for a new connection")
    up = "stayed up" if figures["up"] else "WENT DOWN"
    print(f"  the server {up}; accept errors in its log: {errors}")


if __name__ == "__main__":
    sys.exit(main())
