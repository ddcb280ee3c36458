"""`thousand ssh-check DESTINATION`: try, as a client would, what a hosted account must refuse.

Run it from any machine whose key the account accepts (docs/ssh-hosting.md, "Check your
setup"). It logs in with the `ssh` client as a player would, then asks for everything the
account must not give: a command, a shell, scp, sftp, port forwarding of every kind, the agent
and X11; last, it asks the game whether it tells players apart. Each check prints `ok` or
`FAILED` with what was seen; the exit status is 0 when all passed, 1 when any failed and 2
when the account could not be reached or does not run the game.

Every connection is bounded in time. Forwarding is aimed at the server's own SSH port on its
loopback address: if forwarding worked, the check would read sshd's greeting through it.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import socket
import subprocess
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import IO

from .options import CheckFlags
from .ssh import (
    FORWARDING_NOTE,
    IDENTITY_HOW,
    IDENTITY_KEY,
    IDENTITY_NOTE,
    IDENTITY_PLAYER,
    USAGE,
    marks,
)
from .translations import Msg

EXIT_FAILED = 1
EXIT_UNREACHABLE = 2
TIMEOUT = 20.0  # seconds for one connection
PARALLEL = 4  # connections at once, well under sshd's default MaxStartups (10)
OPEN_WAIT = 10.0  # seconds for a forwarding client to open its local port
REFUSED = "thousand: refused:"
PROHIBITED = "administratively prohibited"
# A shell would print 42-reached; the request itself holds no "42".
SHELL_PROBE = "echo $((6*7))-reached"
SHELL_MARK = "42-reached"


@dataclass(frozen=True)
class Outcome:
    ok: bool
    detail: str = ""


@dataclass(frozen=True)
class Client:
    """How to reach the account: the destination and the `ssh` options given for it."""

    destination: str
    options: tuple[str, ...] = ()
    sftp_options: tuple[str, ...] = ()
    timeout: float = TIMEOUT

    def command(self, *args: str) -> list[str]:
        """`ssh OPTIONS ARGS DESTINATION`: never asks for a password or a passphrase."""
        return ["ssh", "-o", "BatchMode=yes", *self.options, *args, self.destination]

    def run(
        self,
        *args: str,
        words: str | None = None,
        stdin: str = "",
        env: dict[str, str] | None = None,
    ) -> subprocess.CompletedProcess[str]:
        """`ssh OPTIONS ARGS DESTINATION [WORDS]`, bounded in time."""
        command = self.command(*args) + ([words] if words is not None else [])
        return _run(command, stdin, self.timeout, env)

    def server_port(self) -> int:
        """The port the client connects to, from the client's own resolved config."""
        done = _run(["ssh", *self.options, "-G", self.destination], "", self.timeout)
        for line in done.stdout.splitlines():
            key, _, value = line.partition(" ")
            if key == "port" and value.strip().isdigit():
                return int(value)
        return 22


def _run(
    command: list[str], stdin: str, timeout: float, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    try:
        return subprocess.run(
            command, input=stdin, capture_output=True, text=True, timeout=timeout, env=env
        )
    except subprocess.TimeoutExpired as error:
        return subprocess.CompletedProcess(
            command, -1, _text(error.stdout), _text(error.stderr) + "(timed out)"
        )


def _text(data: str | bytes | None) -> str:
    if isinstance(data, bytes):
        return data.decode(errors="replace")
    return data or ""


def _tells(answer: str, text: Msg) -> bool:
    """Whether the game's answer says `text`, in whatever language the session speaks."""
    return any(mark in answer for mark in marks(text))


def _last_line(text: str) -> str:
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    return lines[-1] if lines else "(nothing)"


# ---------------------------------------------------------------------- the checks


def check_login(client: Client) -> Outcome:
    done = client.run("-T", words="help")
    if done.returncode == 0 and _tells(done.stdout, USAGE):
        return Outcome(True)
    seen = _last_line(done.stderr or done.stdout)
    return Outcome(
        False, f"`help` did not answer as the game does (status {done.returncode}): {seen}"
    )


def refused_request(words: str) -> Callable[[Client], Outcome]:
    def check(client: Client) -> Outcome:
        done = client.run("-T", words=words)
        return _refusal(done, forbidden=(SHELL_MARK, "uid="))

    return check


def check_no_login_shell(client: Client) -> Outcome:
    """`ssh` with no command and no terminal, the shell's commands on its input."""
    done = client.run("-T", stdin=f"{SHELL_PROBE}\nid\nexit\n")
    return _refusal(done, forbidden=(SHELL_MARK, "uid="))


def check_shell_with_terminal(client: Client) -> Outcome:
    done = client.run("-tt", words="sh", stdin=f"{SHELL_PROBE}\nexit\n")
    return _refusal(done, forbidden=(SHELL_MARK,))


def _refusal(done: subprocess.CompletedProcess[str], forbidden: Sequence[str]) -> Outcome:
    ran = [mark for mark in forbidden if mark in done.stdout]
    if ran:
        return Outcome(False, f"a command ran: the output holds {ran[0]!r}")
    if REFUSED in done.stderr or REFUSED in done.stdout:
        return Outcome(True)
    return Outcome(
        False,
        f"no refusal from the game (status {done.returncode}): "
        f"{_last_line(done.stderr or done.stdout)}",
    )


def check_sftp(client: Client) -> Outcome:
    command = ["sftp", "-o", "BatchMode=yes", *client.sftp_options, "-b", "-", client.destination]
    done = _run(command, "pwd\n", client.timeout)
    if "Remote working directory" in done.stdout or done.returncode == 0:
        return Outcome(False, f"sftp works: {_last_line(done.stdout)}")
    return Outcome(True)


def check_remote_forwarding(client: Client) -> Outcome:
    """`ssh -R 127.0.0.1:0:…`: the server either refuses or opens a port and says which."""
    target = f"127.0.0.1:0:127.0.0.1:{client.server_port()}"
    command = client.command("-N", "-o", "ExitOnForwardFailure=yes", "-R", target)
    stderr = _watch(command, "Allocated port", client.timeout)
    if "Allocated port" in stderr:
        return Outcome(False, f"the server opened a port: {_last_line(stderr)}")
    if "remote port forwarding failed" in stderr:
        return Outcome(True)
    return Outcome(False, f"unclear: {_last_line(stderr)}")


def _watch(command: list[str], mark: str, timeout: float) -> str:
    """Run a client until it exits, says `mark` or runs out of time; what it said."""
    with background(command) as ssh:
        deadline = time.monotonic() + timeout
        while ssh.process.poll() is None and time.monotonic() < deadline:
            if mark in ssh.said():
                break
            time.sleep(0.1)
    return ssh.stderr


@dataclass
class Running:
    """A client running in the background, and what it has written on stderr."""

    process: subprocess.Popen[bytes]
    errors: IO[bytes]
    stderr: str = ""  # all of it, once the client has ended

    def said(self) -> str:
        self.errors.seek(0)
        return self.errors.read().decode(errors="replace")


@contextlib.contextmanager
def background(command: list[str]) -> Iterator[Running]:
    """A client running while the check does something else; ended when the block is left."""
    with tempfile.TemporaryFile() as errors:
        process = subprocess.Popen(
            command, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=errors
        )
        running = Running(process, errors)
        try:
            yield running
        finally:
            _end(process)
            running.stderr = running.said()


def check_stdio_forwarding(client: Client) -> Outcome:
    done = client.run("-W", f"127.0.0.1:{client.server_port()}")
    if done.stdout.startswith("SSH-"):
        return Outcome(False, "forwarded: read the server's SSH greeting through it")
    return _prohibited(done.stderr)


def _prohibited(stderr: str) -> Outcome:
    """What the client said after the server answered a forwarding channel."""
    if PROHIBITED in stderr:
        return Outcome(True)
    if "connect failed" in stderr:
        return Outcome(False, "the server tried to connect for the client: forwarding is allowed")
    return Outcome(False, f"unclear: {_last_line(stderr)}")


def check_local_forwarding(client: Client) -> Outcome:
    target = f"127.0.0.1:{client.server_port()}"
    return _through_local_port(client, "-L", target, _read_greeting)


def check_dynamic_forwarding(client: Client) -> Outcome:
    port = client.server_port()
    return _through_local_port(client, "-D", None, lambda conn: _socks_greeting(conn, port))


def _through_local_port(
    client: Client, flag: str, target: str | None, probe: Callable[[socket.socket], bytes]
) -> Outcome:
    """Start `ssh -N -L/-D` on a free local port, connect through it and read what comes."""
    local = _free_port()
    spec = f"127.0.0.1:{local}" + (f":{target}" if target else "")
    with background(client.command("-N", "-o", "ExitOnForwardFailure=yes", flag, spec)) as ssh:
        conn = _connect(local, ssh.process)
        if conn is None:
            seen = _last_line(ssh.said())
            return Outcome(False, f"could not try: the client did not listen: {seen}")
        with conn:
            received = probe(conn)
    if received.startswith(b"SSH-"):
        return Outcome(False, "forwarded: read the server's SSH greeting through it")
    return _prohibited(ssh.stderr)


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _connect(port: int, process: subprocess.Popen[bytes]) -> socket.socket | None:
    deadline = time.monotonic() + OPEN_WAIT
    while time.monotonic() < deadline and process.poll() is None:
        with contextlib.suppress(OSError):
            conn = socket.create_connection(("127.0.0.1", port), timeout=1)
            conn.settimeout(5)
            return conn
        time.sleep(0.1)
    return None


def _end(process: subprocess.Popen[bytes]) -> None:
    """End a client of the check's own (ssh does not always heed SIGTERM while it connects)."""
    process.terminate()
    try:
        process.wait(1)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait(5)


def _read_greeting(conn: socket.socket) -> bytes:
    with contextlib.suppress(OSError):
        return conn.recv(64)
    return b""


def _socks_greeting(conn: socket.socket, port: int) -> bytes:
    """Ask the SOCKS5 proxy of `ssh -D` for 127.0.0.1:port and read what comes through."""
    with contextlib.suppress(OSError):
        conn.sendall(b"\x05\x01\x00")
        if conn.recv(2) != b"\x05\x00":
            return b""
        conn.sendall(b"\x05\x01\x00\x01" + socket.inet_aton("127.0.0.1") + port.to_bytes(2, "big"))
        reply = conn.recv(10)
        if len(reply) < 2 or reply[1] != 0:
            return b""
        return conn.recv(64)
    return b""


def check_agent_and_x11(client: Client) -> Outcome:
    """Log in with an agent (a throw-away one) and a display to forward: the game's `help`
    says what the server forwarded to its account."""
    with tempfile.TemporaryDirectory() as scratch:
        sock = str(Path(scratch) / "agent")
        try:
            agent = subprocess.Popen(
                ["ssh-agent", "-D", "-a", sock],
                stdin=subprocess.DEVNULL,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
            )
        except OSError:
            return Outcome(False, "could not try: no ssh-agent on this machine")
        try:
            deadline = time.monotonic() + OPEN_WAIT
            while not os.path.exists(sock) and time.monotonic() < deadline:
                time.sleep(0.05)
            env = {**os.environ, "SSH_AUTH_SOCK": sock, "DISPLAY": ":0"}
            done = client.run("-T", "-A", "-X", words="help", env=env)
        finally:
            _end(agent)
    notes = [line for line in done.stdout.splitlines() if line.startswith(marks(FORWARDING_NOTE))]
    if notes:
        return Outcome(False, notes[0])
    if not _tells(done.stdout, USAGE):
        return Outcome(
            False, f"could not try (status {done.returncode}): {_last_line(done.stderr)}"
        )
    return Outcome(True)


def check_identity(client: Client) -> Outcome:
    """The game's `help` says whether it tells players apart: by the key they log in with
    (`ExposeAuthInfo yes`) or by the host's `--player` on the key's line. Without either,
    shared tables are refused and every player's games share one folder."""
    done = client.run("-T", words="help")
    if _tells(done.stdout, IDENTITY_KEY) or _tells(done.stdout, IDENTITY_PLAYER):
        return Outcome(True)
    if _tells(done.stdout, IDENTITY_NOTE):
        return Outcome(
            False, f"every player is the same person to the game (no shared tables); {IDENTITY_HOW}"
        )
    return Outcome(
        False,
        f"could not tell (status {done.returncode}): {_last_line(done.stderr or done.stdout)}; "
        "is the game on the server older than this one?",
    )


CHECKS: list[tuple[str, Callable[[Client], Outcome]]] = [
    ("a command (`; id`) is refused", refused_request("; id")),
    (f"a shell command (`{SHELL_PROBE}`) is refused", refused_request(SHELL_PROBE)),
    ("no login shell (ssh with no command)", check_no_login_shell),
    ("no shell with a terminal (ssh -tt HOST sh)", check_shell_with_terminal),
    ("scp (scp -t) is refused", refused_request("scp -t /tmp")),
    ("sftp is refused", check_sftp),
    ("local port forwarding (-L) is refused", check_local_forwarding),
    ("remote port forwarding (-R) is refused", check_remote_forwarding),
    ("dynamic forwarding (-D, SOCKS) is refused", check_dynamic_forwarding),
    ("stdio forwarding (-W, ProxyJump) is refused", check_stdio_forwarding),
    ("agent (-A) and X11 (-X) forwarding are refused", check_agent_and_x11),
    ("players are told apart (each key is a person of its own)", check_identity),
]


# ---------------------------------------------------------------------- the command


def add_ssh_check_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "destination", help="the hosted account: [USER@]HOST or a Host of ssh_config"
    )
    parser.add_argument("-p", "--port", type=int, help="the server's SSH port")
    parser.add_argument("-i", "--identity", help="the private key to log in with")
    parser.add_argument("-F", "--config", help="the ssh client config file to use")
    parser.add_argument(
        "-o", "--option", action="append", default=[], help="an ssh option, as `ssh -o` (repeat)"
    )


def client_of(options: CheckFlags) -> Client:
    ssh: list[str] = []
    sftp: list[str] = []
    if options.config:
        ssh += ["-F", options.config]
        sftp += ["-F", options.config]
    if options.port is not None:
        ssh += ["-p", str(options.port)]
        sftp += ["-P", str(options.port)]
    if options.identity:
        ssh += ["-i", options.identity]
        sftp += ["-i", options.identity]
    for option in options.options:
        ssh += ["-o", option]
        sftp += ["-o", option]
    return Client(options.destination, tuple(ssh), tuple(sftp))


def run_ssh_check(options: CheckFlags) -> int:
    """`thousand ssh-check`: print one line per check; see the module's docstring."""
    client = client_of(options)
    print(f"Checking {client.destination} as a player would (every check logs in anew)")
    login = check_login(client)
    _report("the account logs in and runs the game", login)
    if not login.ok:
        print("Cannot check the rest: log in works as a player's would first (key, user, port).")
        return EXIT_UNREACHABLE
    failed = 0
    with ThreadPoolExecutor(max_workers=PARALLEL) as pool:  # each check is a login of its own
        outcomes = pool.map(lambda check: check(client), [check for _, check in CHECKS])
        for (what, _), outcome in zip(CHECKS, outcomes, strict=True):
            _report(what, outcome)
            failed += not outcome.ok
    total = len(CHECKS) + 1
    if failed:
        print(f"{failed} of {total} checks FAILED: see the sshd block of docs/ssh-hosting.md.")
        return EXIT_FAILED
    print(f"All {total} checks passed.")
    return 0


def _report(what: str, outcome: Outcome) -> None:
    mark = "ok    " if outcome.ok else "FAILED"
    print(f"{mark}  {what}" + (f": {outcome.detail}" if outcome.detail else ""), flush=True)
