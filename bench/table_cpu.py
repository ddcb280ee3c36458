"""Processor time of one game at the table: a scripted player in tmux, as the SSH load test
plays, against `normal` opponents.

Starts `thousand` in a tmux terminal of its own (hosted mode, so that no deal is analysed in
the background), waits for the table, then for `--seconds` presses what the screen asks for
(the first choice of a dialog, else Enter) at most every `--gap` seconds, and prints the
processor time the game used meanwhile, as a share of one core. `--code DIR` runs the code of
another checkout (a `git worktree` of an older commit) for a before-and-after comparison.

    python bench/table_cpu.py
    python bench/table_cpu.py --runs 2 --code /tmp/older
"""

from __future__ import annotations

import argparse
import os
import shlex
import shutil
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

# The scripted player of the SSH load test: the same keys for the same screens.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from tests.helpers.tmux import next_key


class Terminal:
    def __init__(self) -> None:
        self.base = ["tmux", "-L", f"table-cpu-{uuid.uuid4().hex[:8]}", "-f", "/dev/null"]

    def run(self, *args: str) -> str:
        return subprocess.run([*self.base, *args], capture_output=True, text=True).stdout

    def screen(self) -> str:
        return self.run("capture-pane", "-p", "-t", "game")

    def pane_pid(self) -> int:
        return int(self.run("display-message", "-p", "-t", "game", "#{pane_pid}").strip())


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def one_run(seconds: float, gap: float, code: str | None) -> tuple[int, float]:
    terminal = Terminal()
    with tempfile.TemporaryDirectory() as data:
        env = f"XDG_DATA_HOME={shlex.quote(data)} THOUSAND_SSH_SESSION=1"
        if code:
            env += f" PYTHONPATH={shlex.quote(code)}"
        game = f"{shlex.quote(sys.executable)} -m thousand_tui --seed 4 --ai normal --lang en"
        # Started outside any checkout: `python -m` puts the working folder first on the path.
        window = ("-x", "100", "-y", "32", "-c", data)
        terminal.run("new-session", "-d", "-s", "game", *window, f"exec env {env} {game}")
        try:
            deadline = time.monotonic() + 30
            while "Deal 1" not in terminal.screen():
                if time.monotonic() > deadline:
                    raise SystemExit("no table after 30 s:\n" + terminal.screen())
                time.sleep(0.1)
            pid = terminal.pane_pid()  # the pane runs the game itself (`exec`)
            used = cpu_seconds(pid)
            keys = 0
            end = time.monotonic() + seconds
            while time.monotonic() < end:
                key = next_key(terminal.screen())
                if key is None:
                    time.sleep(0.3)
                    continue
                terminal.run("send-keys", "-t", "game", key)
                keys += 1
                time.sleep(gap)
            return keys, cpu_seconds(pid) - used
        finally:
            terminal.run("kill-server")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=40.0, help="of play (40)")
    parser.add_argument("--gap", type=float, default=0.6, help="seconds after a key (0.6)")
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--code", help="a checkout whose code to run instead of this one")
    args = parser.parse_args()
    if shutil.which("tmux") is None:
        raise SystemExit("needs tmux")
    for _ in range(args.runs):
        keys, used = one_run(args.seconds, args.gap, args.code)
        share = 100 * used / args.seconds
        print(
            f"{keys} keys in {args.seconds:.0f} s: {used:.2f} s of processor time, "
            f"{share:.1f}% of one core"
        )


if __name__ == "__main__":
    main()
