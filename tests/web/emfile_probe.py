"""`thousand serve` run as a player would start it, beside a thread that takes every free
descriptor of the server's process at a moment the test chooses (run by
tests/web/test_hostile.py::test_no_descriptor_left_to_accept_imports_nothing_and_the_server_goes_on).

    python tests/web/emfile_probe.py PORT

Once the server has served its page, the thread watches every import (a finder first on
`sys.meta_path`, and `sys.modules`), opens /dev/null until the process has no descriptor left
and prints `FULL`. The test then connects: the server's accept fails with EMFILE. After
`HELD` seconds the thread prints `IMPORTED <names>` (whatever was imported meanwhile), closes its
descriptors and prints `FREED`; the test then expects the waiting connections served.
"""

from __future__ import annotations

import os
import resource
import socket
import sys
import threading
import time
from importlib.machinery import ModuleSpec
from types import ModuleType

HELD = 3.5  # seconds without a descriptor: accept is tried again every second


class Imports:
    """A finder that finds nothing and notes every name asked for."""

    def __init__(self) -> None:
        self.asked: list[str] = []

    def find_spec(
        self, name: str, path: object = None, target: ModuleType | None = None
    ) -> ModuleSpec | None:
        self.asked.append(name)
        return None


def say(line: str) -> None:
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


def page(port: int) -> bytes:
    with socket.create_connection(("127.0.0.1", port), 5) as connection:
        connection.sendall(b"GET / HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n")
        answer = b""
        while chunk := connection.recv(65536):
            answer += chunk
    return answer


def starve(port: int) -> None:
    try:
        take_every_descriptor(port)
    except BaseException as error:
        say(f"ERROR {error!r}")
        raise


def take_every_descriptor(port: int) -> None:
    while True:
        try:
            answer = page(port)  # whatever the first request loads is loaded now
            break
        except OSError:
            time.sleep(0.05)
    if b" 200 " not in answer.split(b"\r\n", 1)[0]:
        raise AssertionError(answer[:100])
    before = set(sys.modules)
    imports = Imports()
    sys.meta_path.insert(0, imports)
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (len(os.listdir("/proc/self/fd")) + 16, hard))
    taken: list[int] = []
    try:
        while True:
            taken.append(os.open(os.devnull, os.O_RDONLY))
    except OSError:
        pass
    say(f"FULL {len(taken)}")
    time.sleep(HELD)
    sys.meta_path.remove(imports)
    say("IMPORTED " + " ".join(sorted({*imports.asked, *(set(sys.modules) - before)})))
    for descriptor in taken:
        os.close(descriptor)
    resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))
    say("FREED")


if __name__ == "__main__":
    port = int(sys.argv[1])
    threading.Thread(target=starve, args=(port,), daemon=True).start()
    from thousand_tui.cli import main

    sys.exit(main(["serve", "--port", str(port)]))
