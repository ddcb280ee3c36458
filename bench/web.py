"""Browser games at once: memory and CPU of each game process and of the server, beside a game
in a terminal.

Starts `thousand serve` on 127.0.0.1 and connects N browsers to it the way the page does (a
websocket each, with a cookie of its own; the browser's own drawing is the player's machine's
work, not the host's), each a scripted player against `normal` opponents at the default pace:
it starts a game on the start screen, then passes in the auction and tries its cards by number,
about one key a second, for the whole run. Then one terminal game (`thousand play` in tmux,
played by the same keys) for comparison. It prints, at the look with all games playing:

- each game process's RSS (the Python interpreter, Textual and the game; nothing shared), and
  the server's RSS;
- the CPU each game took (user + system time over the run, as a share of one core), and the
  server's;
- how many such games a 2-core host holds: at most 70% of both cores in use by the games, and
  their memory within what the host keeps free (--memory, 4 GiB).

    python bench/web.py                       # 8 browsers, 60 s: about 80 s
    python bench/web.py --games 16 --seconds 120

Needs the web extra (pip install -e '.[web]') and, for the terminal game, tmux.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import secrets
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

TICK = os.sysconf("SC_CLK_TCK")
PAGE = os.sysconf("SC_PAGE_SIZE")
KEYS = ["p", "1", "\r", "p", "2", "\r", "p", "3", "\r", "4", "\r", "5", "\r", "6", "\r", "7", "\r"]


def children(pid: int) -> list[int]:
    """Every descendant of `pid`."""
    found: list[int] = []
    parents = {pid}
    for entry in sorted(Path("/proc").iterdir(), key=lambda path: path.name):
        if not entry.name.isdigit():
            continue
        with contextlib.suppress(OSError):
            stat = (entry / "stat").read_text()
            ppid = int(stat.rsplit(")", 1)[1].split()[1])
            if ppid in parents:
                parents.add(int(entry.name))
                found.append(int(entry.name))
    return found


def games_of(server: int) -> list[int]:
    """The game processes of the server (`python -m thousand_tui play`), not their shells."""
    games = []
    for pid in children(server):
        with contextlib.suppress(OSError):
            line = Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")
            if b"thousand_tui" in line and b"play" in line:
                games.append(pid)
    return games


def rss(pid: int) -> int:
    with contextlib.suppress(OSError):
        return int(Path(f"/proc/{pid}/statm").read_text().split()[1]) * PAGE
    return 0


def cpu(pid: int) -> float:
    """User + system seconds of `pid` so far."""
    with contextlib.suppress(OSError):
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / TICK
    return 0.0


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


async def player(url: str, seconds: float, seen: list[int]) -> None:
    """One browser: its own cookie, a game started, a key about every second."""
    import aiohttp

    token = secrets.token_urlsafe(24)
    headers = {"Cookie": f"thousand_player={token}"}
    async with (
        aiohttp.ClientSession() as session,
        session.ws_connect(f"{url}/ws?width=100&height=30", headers=headers) as websocket,
    ):
        received = 0

        async def read() -> None:
            nonlocal received
            async for message in websocket:
                if message.type == aiohttp.WSMsgType.BINARY:
                    received += len(message.data)

        reader = asyncio.create_task(read())
        while received < 4000:  # the start screen drawn
            await asyncio.sleep(0.2)
        await websocket.send_str(json.dumps(["stdin", "\r"]))  # Start a new game
        end = time.monotonic() + seconds
        step = 0
        while time.monotonic() < end:
            await asyncio.sleep(1.0)
            await websocket.send_str(json.dumps(["stdin", KEYS[step % len(KEYS)]]))
            step += 1
        seen.append(received)
        reader.cancel()


def terminal_game(data: Path, seconds: float) -> tuple[int, float] | None:
    """One game in tmux, played by the same keys: its RSS and its share of a core."""
    if shutil.which("tmux") is None:
        return None
    socket_name = f"bench-web-{os.getpid()}"
    env = {**os.environ, "XDG_DATA_HOME": str(data / "terminal")}
    command = [sys.executable, "-m", "thousand_tui", "play", "--offer", "classic"]
    command += ["--offer-ai", "normal"]
    tmux = ["tmux", "-L", socket_name]
    subprocess.run(
        [*tmux, "new", "-d", "-x", "100", "-y", "30", subprocess.list2cmdline(command)],
        env=env,
        check=True,
    )
    try:
        time.sleep(3)
        pane = subprocess.run(
            [*tmux, "list-panes", "-F", "#{pane_pid}"], capture_output=True, text=True, check=True
        ).stdout.split()[0]
        pids = [int(pane), *children(int(pane))]
        game = next(
            pid for pid in pids if b"thousand_tui" in Path(f"/proc/{pid}/cmdline").read_bytes()
        )
        subprocess.run([*tmux, "send-keys", "Enter"], check=True)
        start, began = cpu(game), time.monotonic()
        step = 0
        while time.monotonic() - began < seconds:
            time.sleep(1.0)
            key = {"\r": "Enter"}.get(KEYS[step % len(KEYS)], KEYS[step % len(KEYS)])
            subprocess.run([*tmux, "send-keys", key], check=True)
            step += 1
        return rss(game), (cpu(game) - start) / (time.monotonic() - began)
    finally:
        subprocess.run([*tmux, "kill-server"], check=False)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=8, help="browsers at once (8)")
    parser.add_argument("--seconds", type=float, default=60, help="each one's play (60)")
    parser.add_argument(
        "--memory", type=float, default=4.0, help="GiB the host keeps for the games (4)"
    )
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        data = Path(scratch)
        port = free_port()
        env = {**os.environ, "XDG_DATA_HOME": str(data / "web")}
        flags = ["--port", str(port), "--max-games", str(options.games), "--ai", "normal"]
        flags += ["--preset", "classic"]
        server = subprocess.Popen(
            [sys.executable, "-m", "thousand_tui", "serve", *flags],
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        try:
            deadline = time.monotonic() + 30
            while True:
                with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port)):
                    break
                if time.monotonic() > deadline:
                    raise SystemExit("the server did not start")
                time.sleep(0.1)
            figures = asyncio.run(run(f"http://127.0.0.1:{port}", server.pid, options))
        finally:
            server.terminate()
            server.wait(10)
        terminal = terminal_game(data, options.seconds)
    report(figures, terminal, options)
    return 0


async def run(url: str, server: int, options: argparse.Namespace) -> dict[str, float]:
    seen: list[int] = []
    tasks = [asyncio.create_task(player(url, options.seconds, seen)) for _ in range(options.games)]
    await asyncio.sleep(8)  # every game started and its first deal dealt
    games = games_of(server)
    start = {pid: cpu(pid) for pid in [server, *games]}
    began = time.monotonic()
    await asyncio.sleep(max(1.0, options.seconds - 10))
    elapsed = time.monotonic() - began
    game_rss = [rss(pid) for pid in games]
    game_cpu = [(cpu(pid) - start[pid]) / elapsed for pid in games]
    figures = {
        "games": len(games),
        "game_rss": sum(game_rss) / max(1, len(games)),
        "game_cpu": sum(game_cpu) / max(1, len(games)),
        "server_rss": rss(server),
        "server_cpu": (cpu(server) - start[server]) / elapsed,
        "load": os.getloadavg()[0],
    }
    await asyncio.gather(*tasks)
    return figures


def report(
    figures: dict[str, float], terminal: tuple[int, float] | None, options: argparse.Namespace
) -> None:
    mb = 1024 * 1024
    games = int(figures["games"])
    print(f"{games} browser games at once, {options.seconds:.0f} s each, normal opponents:")
    print(
        f"  each game process: {figures['game_rss'] / mb:.0f} MB RSS, "
        f"{100 * figures['game_cpu']:.1f}% of a core"
    )
    print(
        f"  the server (all {games} websockets): {figures['server_rss'] / mb:.0f} MB RSS, "
        f"{100 * figures['server_cpu']:.1f}% of a core"
    )
    print(f"  load average (1 min) at the end: {figures['load']:.1f}")
    if terminal is not None:
        print(
            f"a terminal game (tmux, the same keys): {terminal[0] / mb:.0f} MB RSS, "
            f"{100 * terminal[1]:.1f}% of a core"
        )
    per_game = figures["game_cpu"] + figures["server_cpu"] / max(1, games)
    by_cpu = int(2 * 0.7 / per_game) if per_game > 0 else 0
    by_memory = int(options.memory * 1024 * mb / max(1.0, figures["game_rss"]))
    print(
        f"a 2-core host holds about {min(by_cpu, by_memory)} browser games at this pace "
        f"(CPU: {by_cpu} at 70% of both cores; memory: {by_memory} in {options.memory:.0f} GiB)"
    )


if __name__ == "__main__":
    sys.exit(main())
