"""The table service's log stays small whatever its clients do: a client of another version
saying `hello` thousands of times makes one line and its count, not a line each."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from thousand_tui.tables.service import LOG_NAME, tables_dir
from thousand_tui.tables.wire import WIRE, HelloRequest, dump_request

from .helpers import start_service
from .test_hostile import raw

HELLOS = 3000


@pytest.mark.long
def test_a_flood_of_hellos_of_another_version_is_logged_once_and_counted(base: Path) -> None:
    # A connection at no table holds the service for its idle time from when it connected:
    # long enough for the answers to be read on a busy machine, short for the test to end.
    service = start_service(base, "--idle", "10")
    sock = raw(base)
    sock.sendall(dump_request(HelloRequest(WIRE + 1)) * HELLOS)
    data = b""
    while data.count(b"\n") < HELLOS:
        chunk = sock.recv(65536)
        assert chunk, "the service closed the connection"
        data += chunk
    assert all(json.loads(line)["type"] == "hello" for line in data.splitlines())
    sock.close()
    assert service.wait(60) == 0  # idle: it ends, and tells the count it still had
    log = (tables_dir(base) / LOG_NAME).read_text()
    line = f"a client of protocol {WIRE + 1} (this service: {WIRE})"
    assert log.count(line) == 2, log  # the line, and its count
    assert f"repeated {HELLOS - 1} times" in log
    assert len(log) < 1000
