"""`thousand serve` under a stranger's connections: the cap below the descriptor limit, the
deadline for a request, refusals closed at once, the server going on when no descriptor is
left, and the Origin of a websocket checked against the served address, never its `Host`."""

from __future__ import annotations

import asyncio
import contextlib
import resource
import subprocess
import sys
import threading
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from tests.helpers.waiting import until
from thousand_tui import web

from .browser import free_port

needs_web = pytest.mark.skipif(
    web.check_installed() is not None, reason="the web extra: pip install -e '.[web]'"
)
PLAY = ["play", "--offer", "classic", "--offer-ai", "random", "--pace", "0"]
GOOD = "A" * 32
HERE = Path(__file__).resolve().parent


# ---------------------------------------------------------------------- the rules alone


def test_the_soft_descriptor_limit_is_raised_to_the_hard_one() -> None:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard != resource.RLIM_INFINITY and hard < 512:
        pytest.skip(f"the hard limit here is {hard}")
    try:
        resource.setrlimit(resource.RLIMIT_NOFILE, (256, hard))
        limit = web.raise_descriptor_limit()
        assert limit == resource.getrlimit(resource.RLIMIT_NOFILE)[0] > 256
        if hard != resource.RLIM_INFINITY:
            assert limit == hard
    finally:
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))


def test_the_cap_leaves_room_for_the_games_and_the_loop() -> None:
    cap = web.connection_cap(1024, max_games=16)
    assert 400 < cap < 1024 - 16 * web.RESERVE_PER_GAME - 3 * web.BACKLOG
    assert web.connection_cap(1 << 20, max_games=16) == web.MAX_CONNECTIONS
    assert web.connection_cap(64, max_games=4) >= 4  # each game's page still gets in


class Transport:
    def __init__(self) -> None:
        self.aborted = False

    def abort(self) -> None:
        self.aborted = True


def guard(cap: int) -> tuple[web.Guard, list[str]]:
    said: list[str] = []
    return web.Guard(cap, said.append), said


async def test_at_the_cap_the_longest_idle_makes_room_and_a_busy_one_never_does() -> None:
    watch, said = guard(3)
    first, second, third = object(), object(), object()
    transports = {c: Transport() for c in (first, second, third)}
    for connection in (first, second, third):
        assert watch.admit(connection, transports[connection])  # type: ignore[arg-type]
    watch.busy(first)  # a game's websocket, say
    watch.busy(second)
    watch.rested(second)  # a page served: idle again, the most recently
    fourth = object()
    assert watch.admit(fourth, Transport())  # type: ignore[arg-type]
    assert transports[third].aborted and not transports[second].aborted
    assert not transports[first].aborted
    assert len(watch.open) == 3 and watch.evicted == 1
    watch.busy(second)
    watch.busy(fourth)
    fifth = Transport()
    assert not watch.admit(object(), fifth)  # type: ignore[arg-type]
    assert watch.refused == 1 and len(watch.open) == 3
    assert said and "every one in a request" in said[0]
    watch.gone(first)
    assert watch.admit(object(), Transport())  # type: ignore[arg-type]


async def test_an_accept_without_descriptors_frees_idle_ones_and_is_said_once() -> None:
    import errno

    watch, said = guard(100)
    transports = [Transport() for _ in range(40)]
    for transport in transports:
        watch.admit(object(), transport)  # type: ignore[arg-type]
    loop = asyncio.get_running_loop()
    for _ in range(50):  # asyncio reports it once per accept it tries
        error = OSError(errno.EMFILE, "Too many open files")
        watch.loop_error(
            loop, {"message": "socket.accept() out of system resource", "exception": error}
        )
    assert all(transport.aborted for transport in transports)
    assert watch.accept_failures == 50
    assert len(said) == 1 and "EMFILE" in said[0]
    watch.loop_error(loop, {"message": "anything", "exception": None})  # never raises


async def test_an_accept_tried_again_after_the_server_closed_is_not_an_error(
    caplog: pytest.LogCaptureFixture,
) -> None:
    """asyncio tries an accept that found no descriptor again a second later, once for each
    accept of that wake-up; the server stopped meanwhile (Ctrl+C), those tries find its socket
    closed. The log says nothing of them: they are not the server's errors."""
    import errno
    import socket

    class NoDescriptor(socket.socket):
        def accept(self) -> tuple[socket.socket, Any]:
            raise OSError(errno.EMFILE, "Too many open files")

    listening = NoDescriptor(socket.AF_INET, socket.SOCK_STREAM)
    listening.bind(("127.0.0.1", 0))
    listening.listen(8)
    listening.setblocking(False)
    loop = asyncio.get_running_loop()
    watch, said = guard(10)
    failed = asyncio.Event()  # the server stops at once, well within the second

    def loop_error(loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
        watch.loop_error(loop, context)
        if watch.accept_failures:
            failed.set()

    before = loop.get_exception_handler()
    loop.set_exception_handler(loop_error)
    client = None
    try:
        server = await loop.create_server(asyncio.Protocol, sock=listening, backlog=4)
        client = socket.create_connection(listening.getsockname()[:2], 5)
        await asyncio.wait_for(failed.wait(), 30)
        watch.closed = True  # as `Listening.close` does
        server.close()
        # the backlog's four tries, each accepting again a second after its failure
        await until(None, "the tries after the close", lambda: watch.late_retries == 4)
    finally:
        loop.set_exception_handler(before)
        if client is not None:
            client.close()
    assert watch.accept_failures == 4 and len(said) == 1
    assert not [r for r in caplog.records if r.name == "thousand_tui.web"], caplog.text


@pytest.mark.parametrize(
    ("origin", "host", "public_url", "arrived", "allowed"),
    [
        ("http://127.0.0.1:8000", "127.0.0.1", None, "127.0.0.1", True),
        ("http://localhost:8000", "127.0.0.1", None, "127.0.0.1", True),
        ("http://[::1]:8000", "127.0.0.1", None, "127.0.0.1", True),
        ("http://localhost:8000", "::1", None, "::1", True),
        # DNS rebinding: the attacker's name resolves here; the Host matches the Origin.
        ("http://rebind.example:8000", "127.0.0.1", None, "127.0.0.1", False),
        ("http://rebind.example:8000", "0.0.0.0", None, "192.168.1.5", False),
        ("http://127.0.0.1:8001", "127.0.0.1", None, "127.0.0.1", False),
        ("https://127.0.0.1:8000", "127.0.0.1", None, "127.0.0.1", False),
        ("http://127.0.0.1", "127.0.0.1", None, "127.0.0.1", False),
        ("null", "127.0.0.1", None, "127.0.0.1", False),
        ("http://127.0.0.1:99999", "127.0.0.1", None, "127.0.0.1", False),
        ("https://evil.example", "127.0.0.1", None, "127.0.0.1", False),
        # On every address: the one the connection came in on, and loopback's names.
        ("http://192.168.1.5:8000", "0.0.0.0", None, "192.168.1.5", True),
        ("http://192.168.1.6:8000", "0.0.0.0", None, "192.168.1.5", False),
        ("http://192.168.1.5:8000", "::", None, "::ffff:192.168.1.5", True),
        ("http://localhost:8000", "0.0.0.0", None, "127.0.0.1", True),
        ("http://cards.lan:8000", "cards.lan", None, "192.168.1.5", True),
        ("http://localhost:8000", "192.168.1.5", None, "192.168.1.5", False),
        # Behind a proxy: its public address (and the served one).
        ("https://cards.example.org", "127.0.0.1", "https://cards.example.org", None, True),
        ("https://cards.example.org:443", "127.0.0.1", "https://cards.example.org", None, True),
        ("http://cards.example.org", "127.0.0.1", "https://cards.example.org", None, False),
        ("https://evil.example", "127.0.0.1", "https://cards.example.org", None, False),
        ("http://127.0.0.1:8000", "127.0.0.1", "https://cards.example.org", "127.0.0.1", True),
        (None, "127.0.0.1", None, None, True),  # not a browser: the cookie decides
    ],
)
def test_the_origin_is_the_served_address_or_the_public_url(
    origin: str | None, host: str, public_url: str | None, arrived: str | None, allowed: bool
) -> None:
    assert (
        web.same_site(origin, host=host, port=8000, public_url=public_url, arrived=arrived)
        is allowed
    )


# ---------------------------------------------------------------------- a server in this loop


@contextlib.asynccontextmanager
async def listening(tmp_path: Path, **settings: Any) -> AsyncIterator[tuple[int, web.Listening]]:
    port = free_port()
    config = web.WebConfig(PLAY, port=port, **settings)
    served = await web.listen(config, tmp_path / "data")
    try:
        yield port, served
    finally:
        await served.close()


async def closed_by_server(reader: asyncio.StreamReader, seconds: float = 15) -> bool:
    """Whether the server closes the connection (reading everything it sends) within
    `seconds`; False if it is still open then."""
    with contextlib.suppress(ConnectionError):
        try:
            async with asyncio.timeout(seconds):
                while await reader.read(65536):
                    pass
        except TimeoutError:
            return False
    return True


@needs_web
async def test_a_connection_that_never_completes_a_request_is_closed(tmp_path: Path) -> None:
    async with listening(tmp_path, deadline=1.0) as (port, _served):
        silent = await asyncio.open_connection("127.0.0.1", port)
        slow = await asyncio.open_connection("127.0.0.1", port)
        kept = await asyncio.open_connection("127.0.0.1", port)
        # Slowloris: half a request, then a header line every 0.2 s for 10 s (ten deadlines).
        slow[1].write(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")

        async def trickle() -> None:
            for _ in range(50):
                await asyncio.sleep(0.2)
                with contextlib.suppress(ConnectionError):
                    slow[1].write(b"X-Slow: 1\r\n")

        dripping = asyncio.create_task(trickle())
        # A whole request, then idle on a kept-alive connection.
        kept[1].write(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        status = await kept[0].readline()
        assert status.startswith(b"HTTP/1.1 200")
        assert await closed_by_server(silent[0], seconds=10)
        assert await closed_by_server(kept[0], seconds=10)
        assert await closed_by_server(slow[0], seconds=9)
        assert not dripping.done()  # closed while it was still sending
        dripping.cancel()
        for _reader, writer in (silent, slow, kept):
            writer.close()


@needs_web
async def test_beyond_the_cap_an_idle_connection_makes_room_for_a_request(
    tmp_path: Path,
) -> None:
    async with listening(tmp_path, max_connections=20) as (port, served):
        idle = [await asyncio.open_connection("127.0.0.1", port) for _ in range(30)]
        await asyncio.sleep(0.3)  # time to take more than the cap, were it let: it may not
        assert len(served.guard.open) == 20
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        writer.write(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        assert (await reader.readline()).startswith(b"HTTP/1.1 200")
        assert served.guard.evicted >= 11
        assert await closed_by_server(idle[0][0], seconds=5)  # the longest idle went first
        assert len(served.guard.open) <= 20
        writer.close()
        for _reader, idle_writer in idle:
            idle_writer.close()


UPGRADE = (
    b"GET /ws HTTP/1.1\r\nHost: HOST\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
    b"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n"
)


async def refused_at_once(port: int, headers: bytes = b"") -> bytes:
    """A websocket asked for by hand, whose close is never answered: what the server sends
    before it closes the connection (it must close it within 10 s; before, a refusal was held
    open a minute)."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(UPGRADE.replace(b"HOST", f"127.0.0.1:{port}".encode()) + headers + b"\r\n")
    answer = b""
    try:
        async with asyncio.timeout(10):
            while chunk := await reader.read(65536):
                answer += chunk
    except ConnectionError:
        pass
    except TimeoutError:
        raise AssertionError(f"the refusal was held open: {answer!r}") from None
    finally:
        writer.close()
    return answer


@needs_web
async def test_a_refusal_is_answered_and_closed_at_once(tmp_path: Path) -> None:
    async with listening(tmp_path, max_games=1) as (port, served):
        answer = await refused_at_once(port)
        assert b"101 Switching Protocols" in answer and b"sent no cookie" in answer
        assert b"no_cookie" in answer  # the close frame's reason, for the page's dialog
        served.web_server.games.start("web-someone")  # the host's one game is running
        answer = await refused_at_once(port, f"Cookie: {web.COOKIE}={GOOD}\r\n".encode())
        assert b"as many games at once as its host allows (1)" in answer
        assert served.web_server.games.running == 1
        assert len(served.guard.open) == 0
        assert not (tmp_path / "data" / "players").exists()


@needs_web
async def test_a_rebinding_host_is_refused_and_the_served_address_accepted(
    tmp_path: Path,
) -> None:
    async with listening(tmp_path) as (port, _served):
        rebinding = f"rebind.example:{port}"
        text = await said_by(port, origin=f"http://{rebinding}", host=rebinding)
        assert "another site" in text
        for name in ("127.0.0.1", "localhost"):
            text = await said_by(port, origin=f"http://{name}:{port}", host=f"{name}:{port}")
            assert "sent no cookie" in text  # the Origin passed; the cookie decides
    async with listening(tmp_path, public_url="https://cards.example.org") as (port, _served):
        text = await said_by(port, origin="https://cards.example.org", host="cards.example.org")
        assert "sent no cookie" in text
        text = await said_by(port, origin=f"http://rebind.example:{port}", host="x")
        assert "another site" in text


async def said_by(port: int, *, origin: str, host: str) -> str:
    """What the server says to a websocket with these `Origin` and `Host` (and no cookie)."""
    from aiohttp import ClientSession, WSMsgType

    headers = {"Origin": origin, "Host": host}
    async with (
        ClientSession() as session,
        session.ws_connect(f"http://127.0.0.1:{port}/ws", headers=headers) as websocket,
    ):
        message = await asyncio.wait_for(websocket.receive(), 10)
        assert message.type == WSMsgType.BINARY
        close = await asyncio.wait_for(websocket.receive(), 10)
        assert close.type in (WSMsgType.CLOSE, WSMsgType.CLOSED, WSMsgType.CLOSING)
        return bytes(message.data).decode("utf-8")


# ---------------------------------------------------------------------- no descriptor left


@pytest.mark.long
@needs_web
def test_no_descriptor_left_to_accept_imports_nothing_and_the_server_goes_on(
    tmp_path: Path,
) -> None:
    import socket

    port = free_port()
    env = {"XDG_DATA_HOME": str(tmp_path), "PATH": "/usr/bin:/bin"}
    probe = subprocess.Popen(
        [sys.executable, str(HERE / "emfile_probe.py"), str(port)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
        cwd=HERE.parent.parent,
    )
    waiting: list[socket.socket] = []
    watchdog = threading.Timer(90, probe.kill)  # the test ends, whatever the probe does
    watchdog.start()
    try:
        assert probe.stdout is not None
        while not (line := probe.stdout.readline()).startswith("FULL"):
            assert line and not line.startswith("ERROR"), line
        for _ in range(5):  # accepted by the kernel; the server has no descriptor to take them
            connection = socket.create_connection(("127.0.0.1", port), 5)
            connection.sendall(b"GET / HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n")
            waiting.append(connection)
        imported = probe.stdout.readline()
        assert imported.startswith("IMPORTED")
        assert imported.split()[1:] == []  # nothing imported on the error path
        assert probe.stdout.readline().startswith("FREED")
        assert probe.poll() is None  # still serving
        for connection in waiting:
            connection.settimeout(15)
            answer = b""
            while chunk := connection.recv(65536):
                answer += chunk
            assert b" 200 " in answer.split(b"\r\n", 1)[0], answer[:200]
    finally:
        watchdog.cancel()
        for connection in waiting:
            connection.close()
        probe.terminate()
        try:
            _out, err = probe.communicate(timeout=15)
        except subprocess.TimeoutExpired:
            probe.kill()
            _out, err = probe.communicate()
    assert probe.returncode == 0, err
    said = [line for line in err.splitlines() if "no descriptor for a new connection" in line]
    assert len(said) == 1 and "EMFILE" in said[0], err  # once, not once per try
    # (Where one is found, the error output from it is shown: pytest's own comparison of a
    # long text with the word takes minutes.)
    at = err.find("Traceback")
    assert at < 0, err[at : at + 4000]
