"""The protocol pinned: the golden fixtures of each version (tests/tables/golden/wire-N) hold a
line of every message both ways and of every engine value a message carries. The wire of
today must read each line of its version and write it back byte for byte, and the fixtures of
a version never change: a wire that writes other lines needs a new `WIRE` and new fixtures
(`python -m tests.tables.golden_messages`)."""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path

import pytest

from thousand_tui.engine.rules import Rules
from thousand_tui.tables.wire import (
    MESSAGES,
    REQUEST_KINDS,
    VALUES,
    WIRE,
    Welcome,
    dump,
    dump_request,
    load,
    parse_request,
    read_message,
    read_request,
)

from .golden_messages import CLIENT, GOLDEN, SERVICE, client_requests, folder, service_messages

# The digest of each version's fixtures: a protocol's lines, once made, are never rewritten.
DIGESTS = {
    5: "767b8f0d3c32e7970f50c8962c5c6e5ae3dc32ff3297732fc3be28bfb96d662b",
    6: "ed5b91b141e85557ef0c4d9dbd14593a89d28ea7eecc375011512f2e8c4c1d30",
    7: "52060a82f5684c486fe2e4cff1f26e926af7af50dcb97dbb55feb2b27c83889c",
    8: "52bf07a6be20aaebcd5be3830e4f3878b5de2b963551606eb12d7652d9ce443e",
}
NEW_VERSION = (
    "the wire no longer writes the lines of protocol {wire}: if the change is meant, raise "
    "WIRE in thousand_tui/tables/wire.py, say what it changed there, and make its fixtures "
    "with `python -m tests.tables.golden_messages`"
)


def digest(path: Path) -> str:
    sha = hashlib.sha256()
    for name in (SERVICE, CLIENT):
        sha.update(name.encode() + b"\0" + (path / name).read_bytes())
    return sha.hexdigest()


def lines(name: str) -> list[bytes]:
    return (folder() / name).read_bytes().splitlines(keepends=True)


def test_the_fixtures_of_every_version_are_as_they_were_made() -> None:
    versions = {int(p.name.removeprefix("wire-")) for p in GOLDEN.glob("wire-*")}
    assert WIRE in versions, f"no fixtures of protocol {WIRE}: " + NEW_VERSION.format(wire=WIRE)
    assert versions == set(DIGESTS), "a version's fixtures without their digest here"
    for wire, expected in DIGESTS.items():
        assert digest(folder(wire)) == expected, (
            f"the fixtures of protocol {wire} changed: they are never rewritten"
        )


def test_every_message_of_the_service_reads_back_as_its_line() -> None:
    rules: Rules | None = None
    for line in lines(SERVICE):
        message = read_message(load(line), rules)
        if isinstance(message, Welcome):  # the conventions the views after it name
            rules = Rules.from_mapping(dict(message.rules), source="table")
        assert dump(message) == line, NEW_VERSION.format(wire=WIRE)


def test_every_request_of_a_client_reads_back_as_its_line() -> None:
    for line in lines(CLIENT):
        assert dump_request(read_request(parse_request(line))) == line, NEW_VERSION.format(
            wire=WIRE
        )


def test_the_messages_made_today_are_written_as_the_fixtures_hold_them() -> None:
    """The same messages, made of the engine's values, give the same lines (those of a real
    game aside: the engine's play may change, its values on the wire may not)."""
    service = set(lines(SERVICE))
    for message in service_messages(real=False):
        assert dump(message) in service, NEW_VERSION.format(wire=WIRE)
    assert [dump_request(r) for r in client_requests()] == lines(CLIENT)


def test_the_fixtures_hold_every_message_and_every_value() -> None:
    service = [json.loads(line) for line in lines(SERVICE)]
    assert {m["type"] for m in service} == set(MESSAGES)
    assert {json.loads(line)["op"] for line in lines(CLIENT)} == set(REQUEST_KINDS)
    text = b"".join(lines(SERVICE)).decode()
    tags = set(re.findall(r'"\$e?":"(\w+)"', text))
    assert {r.tag for r in VALUES.values()} <= tags
    assert {"Suit", "Act", "Phase", "SeatInfo", "OpenTable", "rules"} <= tags


@pytest.mark.parametrize("name", [SERVICE, CLIENT])
def test_a_fixture_changed_by_one_byte_is_told(name: str, tmp_path: Path) -> None:
    for each in (SERVICE, CLIENT):
        (tmp_path / each).write_bytes((folder() / each).read_bytes())
    assert digest(tmp_path) == digest(folder())
    path = tmp_path / name
    path.write_bytes(
        path.read_bytes().replace(b'"seq":7', b'"seq":8', 1).replace(b'"seq":0', b'"seq":9', 1)
    )
    assert digest(tmp_path) != DIGESTS[WIRE]
