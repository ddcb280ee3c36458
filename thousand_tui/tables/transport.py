"""The way from this host to another host's table service (tables/relay.py says why and how):
`transport` makes the command of a relay address, `reach` starts it and hands back one end of
a socket pair that speaks the table's wire to that host's service."""

from __future__ import annotations

import os
import re
import socket
import subprocess
import sys
from pathlib import Path

from ..priority import DATABASE_ENV

SSH = "ssh"
RELAY_WORD = "relay"  # what a host asks of another's ssh-session
_SSH_ADDRESS = re.compile(r"ssh:([A-Za-z0-9_.-]+@)?([A-Za-z0-9_.:-]+?)(?::(\d{1,5}))?")


class RelayError(ValueError):
    """A relay address that cannot be used."""


def transport(address: str, node: str | None = None) -> list[str]:
    """The command that reaches the table service of the host at `address`, for this host
    (`node`: its name, which a local relay is told; over SSH, the far host reads it from the
    key this host logs in with)."""
    if address.startswith("local:"):
        folder = address[len("local:") :]
        if not Path(folder).is_absolute():
            raise RelayError(f"relay {address!r}: a local relay names an absolute folder")
        argv = [sys.executable, "-m", "thousand_tui.tables.relay", "--data", folder]
        return argv + (["--from", node] if node else [])
    found = _SSH_ADDRESS.fullmatch(address)
    if found is None or found.group(2).startswith("-"):
        raise RelayError(
            f"relay {address!r} cannot be used: give it as ssh:USER@HOST[:PORT] or local:FOLDER"
        )
    user, where, port = found.group(1) or "", found.group(2), found.group(3)
    argv = [SSH, "-T", "-o", "BatchMode=yes", "-o", "ServerAliveInterval=15"]
    if port:
        argv += ["-p", port]
    return [*argv, "--", f"{user}{where}", RELAY_WORD]


def reach(
    address: str, database: str | None = None, node: str | None = None
) -> tuple[socket.socket, subprocess.Popen[bytes]]:
    """A connection to the table service of the host at `address`, through its relay: one
    end of a socket pair, the relay's standard input and output the other. A local relay is
    told the club `database` by its environment (a service it starts lists its tables), and
    this host's name `node`."""
    argv = transport(address, node)
    env = None
    if database and address.startswith("local:"):
        env = {**os.environ, DATABASE_ENV: database}
    ours, theirs = socket.socketpair()
    try:
        process = subprocess.Popen(
            argv,
            stdin=theirs.fileno(),
            stdout=theirs.fileno(),
            stderr=subprocess.DEVNULL,
            start_new_session=True,
            close_fds=True,
            env=env,
        )
    except OSError:
        ours.close()
        raise
    finally:
        theirs.close()
    return ours, process
