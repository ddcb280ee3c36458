"""The one daemon both services use (thousand_tui/daemon.py): one per folder, its files private,
the socket of one that died replaced, the socket of a newer one never removed, a peer of
another account refused at either end, a start that fails said at once, idle means ended."""

from __future__ import annotations

import asyncio
import os
import socket
import stat
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.helpers.folders import short_folder
from thousand_tui import daemon
from thousand_tui.sockets import connect


@pytest.fixture
def place() -> Iterator[daemon.Place]:
    with short_folder("td-") as folder:
        yield daemon.Place(folder / "d", "test")


async def echo(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
    if not daemon.same_user(writer):
        writer.close()
        return
    writer.write(await reader.readline())
    await writer.drain()
    writer.close()


def ask(place: daemon.Place, text: bytes) -> bytes:
    sock = daemon.reach(place, None, 0)
    with sock:
        sock.sendall(text)
        return sock.recv(100)


def test_one_daemon_a_folder_its_files_private_and_its_socket_removed_at_its_end(
    place: daemon.Place,
) -> None:
    async def scenario() -> None:
        first = daemon.Daemon(place, idle_exit=60.0, tick=0.01)
        old = os.umask(0)  # a careless umask changes nothing
        try:
            async with first.listening(echo):
                assert place.lock.read_text() == f"{os.getpid()}\n"
                assert stat.S_IMODE(place.folder.stat().st_mode) == 0o700
                assert stat.S_IMODE(place.lock.stat().st_mode) == 0o600
                assert stat.S_IMODE(place.socket.stat().st_mode) == 0o600
                assert os.umask(0) == 0  # the process's umask put back
                second = daemon.Daemon(place, idle_exit=60.0, tick=0.01)
                with pytest.raises(daemon.AlreadyServing):
                    async with second.listening(echo):
                        pass
                assert place.socket.exists()  # the second touched nothing
                assert await asyncio.to_thread(ask, place, b"hi\n") == b"hi\n"
        finally:
            os.umask(old)
        assert not place.socket.exists()
        async with daemon.Daemon(place, 60.0, 0.01).listening(echo):  # the lock let go
            pass

    asyncio.run(scenario())


def test_the_socket_of_one_that_died_is_replaced_and_a_newer_ones_is_kept(
    place: daemon.Place,
) -> None:
    place.folder.mkdir(parents=True)
    dead = socket.socket(socket.AF_UNIX)
    dead.bind(str(place.socket))  # a socket nobody listens on any more
    dead.close()

    async def scenario() -> None:
        async with daemon.Daemon(place, 60.0, 0.01).listening(echo):
            assert await asyncio.to_thread(ask, place, b"new\n") == b"new\n"
            place.socket.unlink()  # a daemon started since has bound its own
            newer = socket.socket(socket.AF_UNIX)
            newer.bind(str(place.socket))
        assert place.socket.exists()  # not this daemon's to remove
        newer.close()

    asyncio.run(scenario())


def test_until_idle_ends_idle_exit_after_the_last_work_or_when_stopped(
    place: daemon.Place,
) -> None:
    clock = [0.0]  # a clock of the test's own: a quarter of a second a look
    looks = 0

    def tick() -> None:
        nonlocal looks
        looks += 1
        clock[0] += 0.25

    async def scenario() -> None:
        running = daemon.Daemon(place, idle_exit=1.0, tick=0, clock=lambda: clock[0])
        await running.until_idle(lambda: looks <= 5, tick)  # work for the first five looks
        assert looks == 9  # a second (four looks) after the last one busy
        touched = daemon.Daemon(place, idle_exit=1.0, tick=0, clock=lambda: clock[0])

        def touch_once() -> None:
            tick()
            if looks == 12:
                touched.touch()  # a task came

        await touched.until_idle(lambda: False, touch_once)
        assert looks == 16
        stopped = daemon.Daemon(place, idle_exit=60.0, tick=0, clock=lambda: clock[0])
        stopped.stop()
        await stopped.until_idle(lambda: True, tick)
        assert looks == 16  # not a look more

    asyncio.run(scenario())


def test_a_peer_of_another_account_is_refused_at_either_end(
    place: daemon.Place, monkeypatch: pytest.MonkeyPatch
) -> None:
    async def scenario() -> None:
        async with daemon.Daemon(place, 60.0, 0.01).listening(echo):
            monkeypatch.setattr(daemon, "peer_uid", lambda sock: os.getuid() + 1)
            with pytest.raises(daemon.NoAnswer, match="another user"):
                await asyncio.to_thread(daemon.reach, place, None, 0)
            # The daemon asks as it accepts: a peer of another user is let go unanswered.
            sock = await asyncio.to_thread(connect, place.socket)
            assert sock is not None
            with sock:
                try:
                    await asyncio.to_thread(sock.sendall, b"x\n")
                    answer = await asyncio.to_thread(sock.recv, 10)
                except (ConnectionResetError, BrokenPipeError):
                    answer = b""  # closed before the line came, or before it was read
                assert answer == b""

    asyncio.run(scenario())


def test_a_daemon_that_ends_at_its_start_is_said_at_once(place: daemon.Place) -> None:
    def start() -> subprocess.Popen[bytes]:
        return daemon.spawn(place, ["-c", "import sys; sys.exit(7)"])

    with pytest.raises(daemon.NoAnswer, match=r"ended at its start \(7\)"):
        daemon.reach(place, start, wait=60.0)
    with pytest.raises(daemon.NoAnswer, match="none is running"):
        daemon.reach(place, None, wait=60.0)


def test_spawn_runs_in_its_folder_in_a_session_of_its_own_its_output_in_its_log(
    place: daemon.Place,
) -> None:
    script = (
        "import os, sys; print(os.getcwd(), os.getsid(0) == os.getpid(), sys.stdin.read()); "
        "sys.exit(0)"
    )
    process = daemon.spawn(place, ["-c", script], dict(os.environ))
    assert process.wait(30) == 0
    cwd, own_session, stdin = place.log.read_text().split(" ", 2)
    assert Path(cwd) == place.folder and own_session == "True" and stdin.strip() == ""
    assert stat.S_IMODE(place.log.stat().st_mode) == 0o600
