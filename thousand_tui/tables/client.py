"""A client of the table service, without a screen: it connects (starting the service when
nobody listens), sends requests and reads the service's messages in a thread of its own.

`open_table(...)` and `join_table(code, ...)` are what a front end calls (the table screen,
a start screen, the tests); each returns a `TableClient` that has been welcomed at its seat.
"""

from __future__ import annotations

import contextlib
import os
import queue
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ..engine.actions import Action
from ..presets import Preset
from ..private import open_private, private_dir
from ..saves import data_dir
from .service import LOG_NAME, socket_address, socket_path, tables_dir
from .wire import MAX_SERVICE_LINE, WireError, dump, load

START_WAIT = 10.0  # seconds to wait for a service just started


class TableError(Exception):
    """The table cannot be reached or refused the request; the text says why."""


class TableClient:
    def __init__(self, sock: socket.socket) -> None:
        self.sock = sock
        self.messages: queue.Queue[dict[str, Any] | None] = queue.Queue()
        self.on_message: Callable[[dict[str, Any]], None] | None = None
        self.closed = False
        self._send_lock = threading.Lock()
        self._deliver_lock = threading.Lock()
        self._reader = threading.Thread(target=self._read, daemon=True, name="table-reader")
        self._reader.start()

    # ------------------------------------------------------------------ connecting

    @classmethod
    def connect(
        cls,
        base: Path | None = None,
        start: bool = True,
    ) -> TableClient:
        """Connect to the service of the data directory `base`, starting it if needed."""
        base = base or data_dir()
        path = socket_path(base)
        sock = _try_connect(path)
        if sock is None and start:
            start_service(base)
            deadline = time.monotonic() + START_WAIT
            while sock is None and time.monotonic() < deadline:
                time.sleep(0.02)
                sock = _try_connect(path)
        if sock is None:
            raise TableError(
                f"the table service does not answer (see {tables_dir(base)}/{LOG_NAME})"
            )
        return cls(sock)

    # ------------------------------------------------------------------ messages

    def send(self, message: dict[str, Any]) -> None:
        data = dump(message)
        try:
            with self._send_lock:
                self.sock.sendall(data)
        except OSError as error:
            raise TableError(f"the table is gone ({error.strerror or error})") from error

    def act(self, action: Action) -> None:
        line = action.to_record()
        for key in ("type", "seat", "think_ms", "auto", "shown"):  # not a person's to choose
            line.pop(key, None)
        self.send({"op": "act", "action": line})

    def recv(self, timeout: float = 5.0) -> dict[str, Any] | None:
        """The next message, or None when the connection ended; TableError after `timeout`."""
        try:
            return self.messages.get(timeout=timeout)
        except queue.Empty as error:
            raise TableError(f"no message from the table in {timeout:g} s") from error

    def wait_for(self, kind: str, timeout: float = 5.0) -> dict[str, Any]:
        """Read messages until one of type `kind` (an `error` first raises TableError)."""
        deadline = time.monotonic() + timeout
        while True:
            message = self.recv(max(0.0, deadline - time.monotonic()))
            if message is None:
                raise TableError("the table closed the connection")
            if message.get("type") == kind:
                return message
            if message.get("type") == "error":
                raise TableError(str(message.get("error")))

    def _read(self) -> None:
        buffer = b""
        try:
            while True:
                chunk = self.sock.recv(65536)
                if not chunk:
                    break
                buffer += chunk
                while b"\n" in buffer:
                    line, buffer = buffer.split(b"\n", 1)
                    self._deliver(load(line))
                if len(buffer) > MAX_SERVICE_LINE:
                    break
        except (OSError, WireError):
            pass
        self.closed = True
        self._deliver(None)

    def _deliver(self, message: dict[str, Any] | None) -> None:
        with self._deliver_lock:
            if self.on_message is not None:
                self.on_message(message or {"type": "closed"})
            else:
                self.messages.put(message)

    def listen(self, on_message: Callable[[dict[str, Any]], None]) -> None:
        """From now on, give every message to `on_message` (those waiting first, in order)."""
        with self._deliver_lock:
            while not self.messages.empty():
                message = self.messages.get_nowait()
                on_message(message or {"type": "closed"})
            self.on_message = on_message

    def close(self) -> None:
        self.closed = True
        with contextlib.suppress(OSError):
            self.sock.shutdown(socket.SHUT_RDWR)
        self.sock.close()


def _try_connect(path: Path) -> socket.socket | None:
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        with socket_address(path) as address:
            sock.connect(address)
    except (FileNotFoundError, ConnectionRefusedError):
        sock.close()
        return None
    except OSError as error:
        sock.close()
        raise TableError(f"cannot reach the table service: {error.strerror or error}") from error
    return sock


def start_service(base: Path) -> None:
    """Start the service of `base` in the background, in a session of its own (it outlives
    the terminal that started it). Two at once are harmless: the second finds the first's
    lock and ends."""
    private_dir(base)
    folder = private_dir(tables_dir(base))
    env = dict(os.environ, THOUSAND_DATA_DIR=str(base))
    with open_private(folder / LOG_NAME, "ab") as log:
        subprocess.Popen(
            [sys.executable, "-m", "thousand_tui.tables.service"],
            stdin=subprocess.DEVNULL,
            stdout=log,
            stderr=log,
            env=env,
            start_new_session=True,
            close_fds=True,
        )


# ---------------------------------------------------------------------- opening and joining


def open_table(
    preset: Preset,
    *,
    name: str | None = None,
    who: str | None = None,
    people: list[int] | None = None,
    level: str = "easy",
    timeout: float = 60.0,
    pace: float = 0.8,
    lang: str = "en",
    ai_names: list[str] | None = None,
    base: Path | None = None,
    on_message: Callable[[dict[str, Any]], None] | None = None,
    hints: bool = False,
) -> tuple[TableClient, dict[str, Any]]:
    """Open a table of `preset` and sit at seat 0: the client and the service's welcome
    (with the table's `code`). With `hints`, each person may ask for a hint at his own
    decisions (computed from what his seat sees)."""
    request: dict[str, Any] = {
        "op": "open",
        "rules": preset.rules.to_dict(),
        "preset": preset.name,
        "title": preset.title_in(lang),
        "level": level,
        "timeout": timeout,
        "pace": pace,
        "lang": lang,
    }
    if hints:
        request["hints"] = True
    if people is not None:
        request["people"] = people
    if ai_names is not None:
        request["ai_names"] = ai_names
    return _request(request, name, who, base, on_message)


def join_table(
    code: str,
    *,
    name: str | None = None,
    who: str | None = None,
    seat: int | None = None,
    base: Path | None = None,
    on_message: Callable[[dict[str, Any]], None] | None = None,
) -> tuple[TableClient, dict[str, Any]]:
    """Join the table of `code` (again, if this person sat there before)."""
    request: dict[str, Any] = {"op": "join", "code": code}
    if seat is not None:
        request["seat"] = seat
    return _request(request, name, who, base, on_message)


def _request(
    request: dict[str, Any],
    name: str | None,
    who: str | None,
    base: Path | None,
    on_message: Callable[[dict[str, Any]], None] | None,
) -> tuple[TableClient, dict[str, Any]]:
    if name is not None:
        request["name"] = name
    if who is not None:
        request["who"] = who
    client = TableClient.connect(base)
    try:
        client.send(request)
        welcome = client.wait_for("welcome")
    except TableError:
        client.close()
        raise
    if on_message is not None:
        client.listen(on_message)
    return client, welcome
