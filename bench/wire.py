"""How long the table protocol takes to write and read its lines: every line of the golden
fixtures of the current protocol (tests/tables/golden/wire-N: the service's messages, among
them whole views of real games, and the clients' requests), read and written `--rounds`
times. Prints the lines, their bytes and the seconds of CPU each direction took (the process's
own time: figures that other work on the machine changes little).

    python bench/wire.py --rounds 100
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from thousand_tui.engine.rules import Rules
from thousand_tui.tables.wire import (
    WIRE,
    Message,
    Welcome,
    dump,
    dump_request,
    load,
    parse_request,
    read_message,
    read_request,
)

FIXTURES = Path(__file__).parent.parent / "tests" / "tables" / "golden" / f"wire-{WIRE}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=100)
    rounds = parser.parse_args().rounds
    service = (FIXTURES / "service.jsonl").read_bytes().splitlines(keepends=True)
    client = (FIXTURES / "client.jsonl").read_bytes().splitlines(keepends=True)
    rules: Rules | None = None
    messages: list[Message] = []
    for line in service:
        messages.append(read_message(load(line), rules))
        if isinstance(messages[-1], Welcome):
            rules = Rules.from_mapping(dict(messages[-1].rules), source="table")
    requests = [read_request(parse_request(line)) for line in client]

    def timed(work: object) -> float:
        start = time.process_time()
        for _ in range(rounds):
            work()  # type: ignore[operator]
        return time.process_time() - start

    read = timed(lambda: [read_message(load(line), rules) for line in service])
    written = timed(lambda: [dump(message) for message in messages])
    asked = timed(lambda: [read_request(parse_request(line)) for line in client])
    sent = timed(lambda: [dump_request(request) for request in requests])
    size = sum(map(len, service))
    print(f"protocol {WIRE}, {rounds} rounds")
    print(
        f"service: {len(service)} lines, {size} bytes: read {read:.2f} s, written {written:.2f} s"
    )
    print(
        f"clients: {len(client)} lines, {sum(map(len, client))} bytes: read {asked:.2f} s, "
        f"written {sent:.2f} s"
    )


if __name__ == "__main__":
    main()
