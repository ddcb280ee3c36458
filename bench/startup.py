"""Launch to first paint: seconds from starting `thousand` until its table (or, without game
flags, its start screen) is on the screen, against a minimal Textual app on the same machine.

Each program runs in a pseudo-terminal of its own (80×24); the time is taken when the text
that only its first painted frame holds has been written. The median of `--runs` launches is
shown for each, and their ratio. Run: `python bench/startup.py [--runs N]`.
"""

from __future__ import annotations

import argparse
import fcntl
import os
import pty
import select
import signal
import statistics
import struct
import sys
import tempfile
import termios
import time
from pathlib import Path

from thousand_tui.progress import progress

MINIMAL = """
from textual.app import App
from textual.widgets import Static


class Minimal(App[None]):
    def compose(self):
        yield Static("first-paint-marker")


Minimal().run()
"""


def first_paint(argv: list[str], marker: bytes, env: dict[str, str], limit: float = 30.0) -> float:
    """Seconds from the start of `argv` until `marker` appears on its terminal."""
    pid, fd = pty.fork()
    if pid == 0:  # the child: the program, on the pseudo-terminal
        os.execvpe(argv[0], argv, env)
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    started = time.perf_counter()
    seen = b""
    try:
        while time.perf_counter() - started < limit:
            ready, _, _ = select.select([fd], [], [], 0.05)
            if not ready:
                continue
            try:
                chunk = os.read(fd, 65536)
            except OSError:
                break
            if not chunk:
                break
            seen += chunk
            if marker in seen:
                return time.perf_counter() - started
        raise RuntimeError(f"{argv[-1]!r}: no first paint within {limit} s")
    finally:
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
        os.close(fd)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        env = {
            "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
            "HOME": folder,
            "XDG_DATA_HOME": str(Path(folder) / "data"),
            "TERM": "xterm-256color",
            "LANG": "C.UTF-8",
        }
        script = Path(folder) / "minimal.py"
        script.write_text(MINIMAL)
        programs = {
            "minimal Textual app": ([sys.executable, str(script)], b"first-paint-marker"),
            "thousand": (
                [sys.executable, "-m", "thousand_tui", "--seed", "1", "--pace", "0"],
                b"Deal 1",
            ),
            "thousand start screen": (
                [sys.executable, "-m", "thousand_tui"],
                b"Start a new game",
            ),
        }
        medians: dict[str, float] = {}
        for name, (argv, marker) in programs.items():
            with progress(name, args.runs + 1) as advance:
                first_paint(argv, marker, env)  # warm the file cache
                advance(1)
                times = []
                for _ in range(args.runs):
                    times.append(first_paint(argv, marker, env))
                    advance(1)
            medians[name] = statistics.median(times)
            print(
                f"{name:<22} median {medians[name]:.3f} s "
                f"(min {min(times):.3f}, max {max(times):.3f}, {args.runs} runs)"
            )
        ratio = medians["thousand"] / medians["minimal Textual app"]
        print(f"thousand / minimal: {ratio:.2f}×")


if __name__ == "__main__":
    main()
