"""A real OpenSSH server on 127.0.0.1 that runs the game as docs/ssh-hosting.md says.

Everything it needs is thrown away with the test's temp dir: a host key, the players' keys, an
`authorized_keys`, the server's and the client's config, the saved games. The port is chosen
free when the server starts; it listens on 127.0.0.1 only. The `Match` block is the guide's, as
it stands (`ForceCommand` and all), with three changes: it matches the account that runs the
tests, its `ForceCommand` starts this checkout's `thousand`, and its `SetEnv` keeps the
account's saved games and settings in the temp dir.

Which account logs in: the one that runs the tests, root (CI runs them as root on a clean
machine). An account made for the test would have to read this checkout and its virtual
environment, which a clone under root's home does not allow, and would outlive a test that is
killed. So the test's own sshd_config lets root log in with the test's keys only
(`PermitRootLogin prohibit-password`, `UsePAM no`), and the guide's block applies to root on this
server alone: its `ForceCommand` makes every such login the game, as for the host's account. The
keys and `authorized_keys` live in the temp dir, so `StrictModes no`: sshd would otherwise
refuse a key file whose folders (`/tmp`) others may write to.

Where sshd is missing, cannot run or does not let the account in, or the tests do not run as
root, `Sshd.start` raises `Unavailable` with the reason, and the tests skip with it.
"""

from __future__ import annotations

import contextlib
import getpass
import os
import shlex
import shutil
import signal
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from tests.helpers import waiting
from tests.helpers.tmux import Tmux, command_line, descendants, environment

GUIDE = Path(__file__).resolve().parents[2] / "docs" / "ssh-hosting.md"
GUIDE_COMMAND = "/opt/thousand/bin/thousand"
SBIN = ("/usr/sbin", "/usr/local/sbin", "/sbin")
PRIVSEP_DIR = Path("/run/sshd")
HOST = "game"  # the client config's name for the server
START_WAIT = 10.0
STOP_WAIT = 5.0


class Unavailable(Exception):
    """sshd cannot be used here; the message says why."""


def started(server: Sshd) -> Sshd:
    """The server, started and letting its account in; else the test skips, saying why."""
    try:
        server.start()
        server.login_check()
    except Unavailable as why:
        server.stop()
        pytest.skip(f"no real sshd here: {why}")
    return server


def guide_block(language: str, holding: str = "") -> str:
    """The first fenced block of that language in the guide that holds `holding`."""
    text = GUIDE.read_text(encoding="utf-8")
    blocks = [part.split("```", 1)[0] for part in text.split(f"```{language}\n")[1:]]
    return next(block for block in blocks if holding in block)


def find_sshd() -> Path | None:
    """sshd's absolute path (it refuses to start otherwise); it lives in an sbin folder that
    is often not on a plain user's PATH."""
    search = os.pathsep.join([*SBIN, os.environ.get("PATH", "")])
    found = shutil.which("sshd", path=search)
    return Path(found).resolve() if found else None


def game_command() -> str:
    """What the guide's `/opt/thousand/bin/thousand` is here: this environment's program."""
    script = Path(sys.executable).with_name("thousand")
    if script.is_file():
        return shlex.quote(str(script))
    return shlex.join([sys.executable, "-m", "thousand_tui"])


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class Sshd:
    """One sshd of the test's own, and a client config to reach it as any of `players` keys."""

    def __init__(
        self,
        root: Path,
        *,
        players: int = 1,
        host_options: str = "",
        environment: tuple[str, ...] = (),
    ) -> None:
        self.root = root
        self.environment = environment  # more NAME=VALUE for the sessions' SetEnv
        self.players = players
        self.host_options = host_options  # appended to the guide's ForceCommand
        self.user = getpass.getuser()
        self.data = root / "data"  # the account's XDG_DATA_HOME
        self.log = root / "sshd.log"
        self.config = root / "sshd_config"
        self.client_config = root / "ssh_config"
        self.port = 0
        self.process: subprocess.Popen[bytes] | None = None

    # ------------------------------------------------------------------ set-up

    def start(self, match_block: str | None = None) -> None:
        """Write the keys and configs and start sshd; raises Unavailable with the reason.
        `match_block` replaces the guide's block (a wrongly set-up host, for the checks)."""
        if os.geteuid() != 0:
            raise Unavailable("the tests run sshd as root, as a host does (run them as root)")
        sshd = find_sshd()
        if sshd is None:
            raise Unavailable("sshd is not installed (apt-get install openssh-server)")
        for client in ("ssh", "ssh-keygen"):
            if shutil.which(client) is None:
                raise Unavailable(f"{client} is not installed (apt-get install openssh-client)")
        if not PRIVSEP_DIR.is_dir():
            PRIVSEP_DIR.mkdir(mode=0o755, parents=True, exist_ok=True)
        self.root.mkdir(parents=True, exist_ok=True)
        self.data.mkdir(exist_ok=True)
        self._keys()
        block = self.match_block() if match_block is None else match_block
        for _ in range(3):  # another program may take the free port first
            self.port = free_port()
            self._write_configs(block)
            self._check_config(sshd)
            if self._launch(sshd):
                return
        raise Unavailable(f"sshd did not start: {self.log_text()}")

    def match_block(self) -> str:
        """The guide's `Match` block for this server (see the module's docstring)."""
        block = guide_block("sshd_config", "ForceCommand")
        lines = []
        for line in block.splitlines():
            words = line.split()
            if words[:1] == ["Match"]:
                line = f"Match User {self.user}"
            elif words[:1] == ["ForceCommand"]:
                assert GUIDE_COMMAND in line, line
                line = line.replace(GUIDE_COMMAND, game_command())
                line = f"{line} {self.host_options}".rstrip()
            elif words[:1] == ["SetEnv"]:  # sshd takes the first SetEnv line only
                own = [f"XDG_DATA_HOME={self.data}", f"XDG_CONFIG_HOME={self.root / 'config'}"]
                own += self.environment
                line = " ".join([line, *own])
            lines.append(line)
        return "\n".join(lines) + "\n"

    def _keys(self) -> None:
        keygen = ["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-C", "thousand-test"]
        host_key = self.root / "host_key"
        if not host_key.exists():
            subprocess.run([*keygen, "-f", str(host_key)], check=True, timeout=30)
        public = []
        for player in range(self.players):
            key = self.key(player)
            if not key.exists():
                subprocess.run([*keygen, "-f", str(key)], check=True, timeout=30)
            public.append(key.with_suffix(".pub").read_text().strip())
        (self.root / "authorized_keys").write_text("\n".join(public) + "\n")

    def key(self, player: int) -> Path:
        return self.root / f"player{player}"

    def _write_configs(self, block: str) -> None:
        root = self.root
        sftp = next(
            (
                p
                for p in ("/usr/lib/openssh/sftp-server", "/usr/libexec/sftp-server")
                if Path(p).exists()
            ),
            "internal-sftp",
        )
        self.config.write_text(
            f"Port {self.port}\n"
            "ListenAddress 127.0.0.1\n"
            f"HostKey {root / 'host_key'}\n"
            f"PidFile {root / 'sshd.pid'}\n"
            f"AuthorizedKeysFile {root / 'authorized_keys'}\n"
            "StrictModes no\n"
            "UsePAM no\n"
            "PermitRootLogin prohibit-password\n"
            "KbdInteractiveAuthentication no\n"
            "PrintMotd no\n"
            "PrintLastLog no\n"
            "LogLevel VERBOSE\n"
            # As Debian's sshd_config has it: the guide's ForceCommand must win over it.
            f"Subsystem sftp {sftp}\n"
            "\n" + block
        )
        host_key = (root / "host_key.pub").read_text().split()
        (root / "known_hosts").write_text(f"[127.0.0.1]:{self.port} {host_key[0]} {host_key[1]}\n")
        self.client_config.write_text(
            f"Host {HOST}\n"
            "    HostName 127.0.0.1\n"
            f"    Port {self.port}\n"
            f"    User {self.user}\n"
            f"    IdentityFile {self.key(0)}\n"
            "    IdentitiesOnly yes\n"
            f"    UserKnownHostsFile {root / 'known_hosts'}\n"
            "    GlobalKnownHostsFile /dev/null\n"
            "    StrictHostKeyChecking yes\n"
            "    BatchMode yes\n"
            "    ConnectTimeout 10\n"
            "    ControlMaster no\n"
            "    ControlPath none\n"
        )

    def _check_config(self, sshd: Path) -> None:
        done = subprocess.run(
            [str(sshd), "-t", "-f", str(self.config)], capture_output=True, text=True, timeout=30
        )
        if done.returncode != 0:
            raise Unavailable(f"sshd -t refuses the test's config: {done.stderr.strip()}")

    def _launch(self, sshd: Path) -> bool:
        """Start sshd; True once it answers on its port, False if the port was taken."""
        with self.log.open("ab") as log:
            self.process = subprocess.Popen(
                [str(sshd), "-D", "-e", "-f", str(self.config)],
                stdin=subprocess.DEVNULL,
                stdout=log,
                stderr=log,
                start_new_session=True,
            )
        process = self.process

        def up() -> str:
            if process.poll() is not None:
                return "exited"
            return "answers" if self._answers() else ""

        try:
            state = waiting.wait_for("sshd to answer", up, timeout=START_WAIT, every=0.05)
        except AssertionError:
            self.stop()
            raise Unavailable(
                f"sshd did not answer on 127.0.0.1:{self.port}: {self.log_text()}"
            ) from None
        if state == "answers":
            return True
        if "Address already in use" in self.log_text():
            return False
        raise Unavailable(f"sshd exited at once: {self.log_text()}")

    def _answers(self) -> bool:
        try:
            with socket.create_connection(("127.0.0.1", self.port), timeout=1) as conn:
                return conn.recv(64).startswith(b"SSH-")
        except OSError:
            return False

    def log_text(self) -> str:
        try:
            return self.log.read_text(errors="replace").strip()[-2000:]
        except OSError:
            return ""

    # ------------------------------------------------------------------ use

    def ssh(self, *args: str, player: int = 0) -> list[str]:
        """The client's command line: `ssh -F CONFIG -i KEY ARGS… game`, words after it."""
        options = [a for a in args if a.startswith("-")]
        words = [a for a in args if not a.startswith("-")]
        return [
            "ssh",
            "-F",
            str(self.client_config),
            "-i",
            str(self.key(player)),
            *options,
            HOST,
            *words,
        ]

    def login_check(self) -> None:
        """Raise Unavailable when the account cannot log in at all (so the tests would only
        test sshd's refusal); a game that fails after the login is the test's business."""
        done = subprocess.run(
            self.ssh("help"), capture_output=True, text=True, timeout=60, stdin=subprocess.DEVNULL
        )
        if done.returncode == 255 and "Permission denied" in done.stderr:
            raise Unavailable(
                f"sshd does not let {self.user} log in with a key: {done.stderr.strip()}; "
                f"{self.log_text()}"
            )

    def sessions(self) -> list[int]:
        """The processes sshd runs for connections (every one under the listener)."""
        return descendants(self.process.pid) if self.process is not None else []

    def records(self) -> list[Path]:
        """The players' record files (each key has a folder of its own)."""
        return sorted((self.data / "thousand_tui").glob("players/*/games/*.jsonl"))

    def games(self) -> list[int]:
        """The game processes: `thousand ssh-session` under sshd."""
        return [pid for pid in self.sessions() if "ssh-session" in command_line(pid)]

    def stop(self) -> list[int]:
        """Stop sshd; returns the processes that were still under it (all are ended)."""
        if self.process is None:
            return []
        left = self.sessions()
        # A session ended here cannot remove the file sshd wrote for it (`ExposeAuthInfo`).
        auth_files = {path for pid in left if (path := environment(pid).get("SSH_USER_AUTH"))}
        with contextlib.suppress(ProcessLookupError):
            os.kill(self.process.pid, signal.SIGTERM)
        try:
            self.process.wait(STOP_WAIT)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(STOP_WAIT)
        for pid in left:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
        for path in auth_files:
            Path(path).unlink(missing_ok=True)
        self.process = None
        self.end_search_service()
        self.end_table_service()
        return left

    def end_table_service(self) -> None:
        """The account's table service, if a shared table, the lobby or a quick match started
        one: what it did is printed (shown for a failing test), then it is ended."""
        tables = self.data / "thousand_tui" / "tables"
        with contextlib.suppress(OSError):
            print((tables / "service.log").read_text())
        with contextlib.suppress(OSError, ValueError):
            os.kill(int((tables / "service.lock").read_text().strip()), signal.SIGKILL)

    def log_in(
        self, tmux: Tmux, words: str, player: int = 0, size: tuple[int, int] = (80, 24)
    ) -> str:
        """A pane of `tmux` (of `size`) where `player` logs in with `ssh -t` and the login's
        `words` (`lobby ru`, `join CODE`...); the pane's id."""
        pane = tmux.shell(size)
        tmux.type(shlex.join(self.ssh("-t", words, player=player)), pane)
        return pane

    def end_search_service(self) -> None:
        """The account's search service, if a game against `hard` started one: it outlives the
        games (until none has used it for a while), so it is ended here; its workers follow."""
        lock = self.data / "thousand_tui" / "search" / "search.lock"
        with contextlib.suppress(OSError, ValueError, IndexError):
            os.kill(int(lock.read_text().split()[0]), signal.SIGTERM)
