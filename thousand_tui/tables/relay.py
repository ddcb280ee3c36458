"""Joining a table of another host of the club (docs/scaling.md): the player's session on host
B reaches host A's table service through a relay, and speaks the table's wire to it as to its
own host's service. The relay is a pipe, not a second service: A's service decides everything
a seat or a watcher is told (a seat's own cards, never another's), and the relay carries its
lines unchanged.

The way to host A is its `relay` in the club's directory (`Host.relay`; `tables/transport.py`):

- `ssh:USER@HOST[:PORT]`: `ssh -T USER@HOST relay`, with the key this host's account holds;
  host A's `thousand ssh-session` lets in only the keys of its `relay.keys` (one public key a
  line, the club's hosts', each after `node=NAME`, the name of the host that holds it), and
  runs the relay there. SSH authenticates both hosts and encrypts the wire: nothing goes in
  the clear beyond the loopback.
- `local:FOLDER`: a host of the same account on this machine (a second data folder): the
  relay of that folder is run here, told the relaying host's name (`--from NODE`).

Who sits through a relay: host B states the id of each person it relays (its own id for him:
a key's, or `name:B:NAME` for one known by a name only); the far end's first line tells A's
service which host the connection comes from (`RelayedRequest`: the node its key is listed
for, never one that B says), and A's service seats only B's own people and keyed players
through it (`store.people.relayed_id`): B cannot seat a player of A or of a third host.

`python -m thousand_tui.tables.relay --data FOLDER --from NODE` is the relay's far end: it
connects its standard input and output to the table service of FOLDER (starting it, as a
`join` does: a table kept by a service that ended is opened again).
"""

from __future__ import annotations

import contextlib
import os
import socket
import sys
import threading
from dataclasses import dataclass
from pathlib import Path

from .. import daemon
from ..priority import LOCAL, Host
from ..store.people import NODE_NAME
from .wire import RelayedRequest, dump_request

KEYS_NAME = "relay.keys"  # the club's hosts' public keys, in the data folder
CHUNK = 65536


@dataclass(frozen=True)
class Relaying:
    """A club host let in to relay: `node`, its name as `relay.keys` gives it (None: none)."""

    node: str | None


def serve(
    host: Host = LOCAL, stdin: int = 0, stdout: int = 1, relaying: Relaying = Relaying(None)
) -> int:
    """The relay's far end: the standard input to the table service of `host`'s data folder,
    its answers to the standard output, until either ends. The service is told first which
    host the connection comes from (`relaying`), before anything that host sends."""
    from .client import START_WAIT, start_service
    from .service import place

    base = host.data_dir
    try:
        sock = daemon.reach(place(base), lambda: start_service(base, host), START_WAIT)
    except (OSError, daemon.NoAnswer) as error:
        print(f"no table service here ({error})", file=sys.stderr)
        return 1
    try:
        sock.sendall(dump_request(RelayedRequest(relaying.node)))
    except OSError as error:
        print(f"the table service went away ({error})", file=sys.stderr)
        sock.close()
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
    return relaying(folder, key) is not None


def relaying(folder: Path, key: str | None) -> Relaying | None:
    """The club host `key` (`ssh-ed25519 AAAA…`, the one a login used) is, as the data
    folder's `relay.keys` lists it (`node=NAME ssh-ed25519 AAAA… comment`; a line without
    `node=` lets the key relay keyed players only), or None if it is not listed. A line whose
    `node=` is no host's name lets nothing in (its owner sees the relay refused)."""
    if key is None:
        return None
    kind, _, blob = key.partition(" ")
    try:
        with open(folder / KEYS_NAME, encoding="utf-8", errors="replace") as handle:
            lines = handle.read(1024 * 1024).splitlines()
    except OSError:
        return None
    for line in lines:
        words = line.split()
        for at in range(len(words) - 1):
            if words[at] == kind and words[at + 1] == blob:
                named = [w[len("node=") :] for w in words[:at] if w.startswith("node=")]
                if not named:
                    return Relaying(None)
                if len(named) == 1 and NODE_NAME.fullmatch(named[0]):
                    return Relaying(named[0])
    return None


def main(argv: list[str] | None = None) -> int:
    """`python -m thousand_tui.tables.relay --data FOLDER --from NODE`: the relay's far end,
    for a host of this account on this machine (`local:FOLDER`), which says its own name."""
    import argparse

    parser = argparse.ArgumentParser(prog="python -m thousand_tui.tables.relay")
    Host.add_arguments(parser)
    parser.add_argument("--from", dest="relaying_for", metavar="NODE", default=None)
    options = parser.parse_args(argv)
    node = options.relaying_for
    if node is not None and not NODE_NAME.fullmatch(node):
        parser.error(f"--from {node!r}: a host's name is letters, digits, '.', '_' and '-'")
    return serve(Host.from_args(options), relaying=Relaying(node))


if __name__ == "__main__":
    sys.exit(main())
