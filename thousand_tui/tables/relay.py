"""Joining a table of another host of the club (docs/scaling.md): the player's session on host
B reaches host A's table service through a relay, and speaks the table's wire to it as to its
own host's service. The relay is a pipe, not a second service: A's service decides everything
a seat or a watcher is told (a seat's own cards, never another's), and the relay carries its
lines unchanged.

The way to host A is its `relay` in the club's directory (`Host.relay`; `tables/transport.py`):

- `ssh:USER@HOST[:PORT]`: `ssh -T USER@HOST relay`, with the key this host's account holds;
  host A's `thousand ssh-session` lets in only the keys of its `relay.keys` (one public key a
  line, the club's hosts'), and runs the relay there. SSH authenticates both hosts and
  encrypts the wire: nothing goes in the clear beyond the loopback.
- `local:FOLDER`: a host of the same account on this machine (a second data folder): the
  relay of that folder is run here.

`python -m thousand_tui.tables.relay --data FOLDER` is the relay's far end: it connects its
standard input and output to the table service of FOLDER (starting it, as a `join` does: a
table kept by a service that ended is opened again).
"""

from __future__ import annotations

import contextlib
import os
import socket
import sys
import threading
from pathlib import Path

from .. import daemon
from ..priority import LOCAL, Host

KEYS_NAME = "relay.keys"  # the club's hosts' public keys, in the data folder
CHUNK = 65536


def serve(host: Host = LOCAL, stdin: int = 0, stdout: int = 1) -> int:
    """The relay's far end: the standard input to the table service of `host`'s data folder,
    its answers to the standard output, until either ends."""
    from .client import START_WAIT, start_service
    from .service import place

    base = host.data_dir
    try:
        sock = daemon.reach(place(base), lambda: start_service(base, host), START_WAIT)
    except (OSError, daemon.NoAnswer) as error:
        print(f"no table service here ({error})", file=sys.stderr)
        return 1
    done = threading.Event()

    def inward() -> None:
        with contextlib.suppress(OSError):
            while chunk := os.read(stdin, CHUNK):
                sock.sendall(chunk)
        with contextlib.suppress(OSError):
            sock.shutdown(socket.SHUT_WR)
        done.set()

    threading.Thread(target=inward, daemon=True).start()
    with contextlib.suppress(OSError):
        while chunk := sock.recv(CHUNK):
            view = memoryview(chunk)
            while view:
                view = view[os.write(stdout, view) :]
    sock.close()
    return 0


def host_key_allowed(folder: Path, key: str | None) -> bool:
    """Whether `key` (`ssh-ed25519 AAAA…`, the one a login used) is a host of the club's, as
    the data folder's `relay.keys` lists them."""
    if key is None:
        return False
    kind, _, blob = key.partition(" ")
    try:
        with open(folder / KEYS_NAME, encoding="utf-8", errors="replace") as handle:
            lines = handle.read(1024 * 1024).splitlines()
    except OSError:
        return False
    for line in lines:
        words = line.split()
        for at in range(len(words) - 1):
            if words[at] == kind and words[at + 1] == blob:
                return True
    return False


def main(argv: list[str] | None = None) -> int:
    """`python -m thousand_tui.tables.relay --data FOLDER`: the relay's far end."""
    import argparse

    parser = argparse.ArgumentParser(prog="python -m thousand_tui.tables.relay")
    Host.add_arguments(parser)
    return serve(Host.from_args(parser.parse_args(argv)))


if __name__ == "__main__":
    sys.exit(main())
