"""The account's Unix sockets (the table service's, the search service's): the address to
reach one by however long its folder's path, connecting to one that may not be there, and who
is at the other end."""

from __future__ import annotations

import contextlib
import os
import socket
import struct
from collections.abc import Iterator
from pathlib import Path

SOCKET_PATH_MAX = 100  # a socket's address is at most 107 bytes on Linux


@contextlib.contextmanager
def socket_address(path: Path) -> Iterator[str]:
    """The address to bind or connect `path` by: itself, or where its folder's path is too
    long for a socket, the folder reached through an open descriptor (/proc/self/fd/N)."""
    if len(os.fsencode(path)) <= SOCKET_PATH_MAX or not Path("/proc/self/fd").is_dir():
        yield str(path)
        return
    folder = os.open(path.parent, os.O_RDONLY | os.O_DIRECTORY)
    try:
        yield f"/proc/self/fd/{folder}/{path.name}"
    finally:
        os.close(folder)


def connect(path: Path) -> socket.socket | None:
    """A connection to the service listening at `path`, or None when none listens there (no
    socket, or one left by a service that has ended). Any other failure is raised."""
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        with socket_address(path) as address:
            sock.connect(address)
    except (FileNotFoundError, ConnectionRefusedError):
        sock.close()
        return None
    except OSError:
        sock.close()
        raise
    return sock


def peer_uid(sock: socket.socket) -> int | None:
    """The user of the process at the other end of a Unix socket (None where unknown)."""
    option = getattr(socket, "SO_PEERCRED", None)
    if option is None:  # pragma: no cover - not on Linux
        return None
    data = sock.getsockopt(socket.SOL_SOCKET, option, struct.calcsize("3i"))
    return int(struct.unpack("3i", data)[1])
