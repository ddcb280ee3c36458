"""How big the table service's log grows under a flood: a real service of a throwaway data
folder is sent `hello`s of another protocol version as fast as it answers, on a few
connections, first all of one version (each would be a line of the log), then each of a new
version (every line a different one). Prints the lines sent, the seconds, and the bytes of
`service.log` and its old files after each.

    python bench/service_log.py --seconds 10 --connections 4
"""

from __future__ import annotations

import argparse
import contextlib
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

from thousand_tui.tables.service import LOCK_NAME, LOG_NAME, socket_path, tables_dir
from thousand_tui.tables.wire import WIRE, HelloRequest, dump_request


def start(base: Path) -> subprocess.Popen[bytes]:
    """The service, its standard streams on its log as the client starts it."""
    env = dict(os.environ, THOUSAND_DATA_DIR=str(base))
    folder = tables_dir(base)
    folder.mkdir(mode=0o700, parents=True)
    with open(folder / LOG_NAME, "ab") as log:
        process = subprocess.Popen(
            [sys.executable, "-m", "thousand_tui.tables.service", "--idle", "600"],
            env=env,
            stdout=log,
            stderr=log,
        )
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        with contextlib.suppress(OSError), socket.socket(socket.AF_UNIX) as probe:
            probe.connect(str(socket_path(base)))
            return process
        time.sleep(0.05)
    process.kill()
    raise SystemExit("the table service did not start")


def flood(base: Path, seconds: float, connections: int, distinct: bool) -> int:
    """Hellos until `seconds` pass; how many were answered."""
    sent = [0] * connections
    stop = time.monotonic() + seconds

    def one(number: int) -> None:
        with socket.socket(socket.AF_UNIX) as sock:
            sock.connect(str(socket_path(base)))
            reader = sock.makefile("rb")
            version = WIRE + 1 + number * 10_000_000
            while time.monotonic() < stop:
                batch = []
                for _ in range(100):
                    version += 1 if distinct else 0
                    batch.append(dump_request(HelloRequest(version)))
                sock.sendall(b"".join(batch))
                for _ in batch:
                    if not reader.readline():
                        return
                sent[number] += len(batch)

    threads = [threading.Thread(target=one, args=(n,)) for n in range(connections)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return sum(sent)


def log_bytes(base: Path) -> str:
    files = sorted(tables_dir(base).glob(f"{LOG_NAME}*"))
    sizes = ", ".join(f"{p.name} {p.stat().st_size:,}" for p in files)
    total = sum(p.stat().st_size for p in files)
    return f"{total:,} bytes ({sizes})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10.0, help="of each flood (10)")
    parser.add_argument("--connections", type=int, default=4, help="sending at once (4)")
    options = parser.parse_args()
    base = Path(tempfile.mkdtemp(prefix="tt-", dir="/tmp"))
    process = start(base)
    try:
        for distinct, what in ((False, "one version"), (True, "a new version each")):
            began = time.monotonic()
            lines = flood(base, options.seconds, options.connections, distinct)
            took = time.monotonic() - began
            print(
                f"{lines:,} hellos of {what} in {took:.1f} s ({lines / took:,.0f}/s): "
                f"log {log_bytes(base)}"
            )
    finally:
        pid = int((tables_dir(base) / LOCK_NAME).read_text().strip() or process.pid)
        os.kill(pid, signal.SIGTERM)
        process.wait(10)
        shutil.rmtree(base, ignore_errors=True)


if __name__ == "__main__":
    main()
