"""One priority for everything hosted: a solo game and a shared-table session started by
`thousand ssh-session`, the table service a hosted session starts and the AI's worker
processes all run at nice 5; `give_way` never lowers a process twice nor raises one."""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.helpers.folders import short_folder
from tests.helpers.tmux import Tmux, descendants
from tests.tables.helpers import service_pid
from thousand_tui.ai.pool import SearchPool
from thousand_tui.priority import HOSTED, HOSTED_NICENESS
from thousand_tui.tables.client import start_service

from .terminal import PER_KEY, games, wait_for


def niceness(pid: int) -> int:
    """A process's nice value, as /proc shows it (field 19 of its stat line)."""
    stat = Path(f"/proc/{pid}/stat").read_text()
    return int(stat.rsplit(")", 1)[1].split()[16])


@pytest.fixture(autouse=True)
def not_hosted() -> None:
    if os.getpriority(os.PRIO_PROCESS, 0) >= HOSTED_NICENESS:
        pytest.skip("the tests run at nice 5 or lower already: nothing to tell apart")


def test_give_way_lowers_once_and_never_raises() -> None:
    script = (
        "import os\n"
        "from thousand_tui.priority import give_way\n"
        "give_way(); a = os.getpriority(os.PRIO_PROCESS, 0)\n"
        "give_way(); b = os.getpriority(os.PRIO_PROCESS, 0)\n"
        "os.setpriority(os.PRIO_PROCESS, 0, 9); give_way()\n"
        "print(a, b, os.getpriority(os.PRIO_PROCESS, 0))\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert done.stdout.split() == ["5", "5", "9"], done.stderr


def test_a_hosted_programs_ai_workers_run_at_its_priority() -> None:
    pool = SearchPool(1, hosted=True)
    try:
        assert pool.call(os.nice, 0) == HOSTED_NICENESS  # the worker's own nice value
        assert niceness(os.getpid()) < HOSTED_NICENESS  # the test itself was left alone
    finally:
        pool.shutdown()


def test_the_table_service_started_by_a_hosted_session_runs_at_its_priority() -> None:
    with short_folder("tn-") as base:
        start_service(base, HOSTED)  # the mark a hosted session gives what it starts
        wait_for("the service", lambda: service_pid(base) is not None)
        pid = service_pid(base)
        assert pid is not None
        assert niceness(pid) == HOSTED_NICENESS


@pytest.fixture
def host(tmp_path: Path) -> Iterator[Tmux]:
    if shutil.which("tmux") is None:
        pytest.skip("needs tmux")
    with short_folder("th-") as root:
        server = Tmux(root)
        try:
            yield server
        finally:
            server.close()


def login(tmux: Tmux, request: str) -> int:
    """`ssh -t thousand@host REQUEST` as sshd runs it (ForceCommand `thousand ssh-session
    --ai hard`, one key); returns the game's process."""
    auth = tmux.root / "auth"
    auth.write_text("publickey ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOlgaKey\n")
    tmux.shell()
    session = shlex.join([sys.executable, "-m", "thousand_tui", "ssh-session", "--ai", "hard"])
    tmux.type(
        f"SSH_USER_AUTH={shlex.quote(str(auth))} SSH_ORIGINAL_COMMAND={shlex.quote(request)}"
        f" {session}"
    )
    pid: list[int] = []

    def started() -> bool:
        try:
            pid[:] = [tmux.game_pid()]
        except (AssertionError, OSError, ValueError):
            return False
        return True

    wait_for("the game's process", started, tmux)
    return pid[0]


@pytest.mark.long
def test_a_hosted_solo_game_and_its_workers_run_at_the_hosted_priority(host: Tmux) -> None:
    game = login(host, "classic")
    wait_for("the record", lambda: games(host, PER_KEY), host)
    wait_for("the table", lambda: "Deal 1" in host.screen(), host)
    wait_for("the AI's workers", lambda: len(descendants(game)) >= 1, host)
    processes = [game, *descendants(game)]
    assert {pid: niceness(pid) for pid in processes} == dict.fromkeys(processes, HOSTED_NICENESS)


@pytest.mark.long
def test_a_hosted_shared_table_and_its_service_run_at_the_hosted_priority(host: Tmux) -> None:
    game = login(host, "open classic")
    base = host.root / "data" / "thousand_tui"
    wait_for("the table service", lambda: service_pid(base) is not None, host)
    service = service_pid(base)
    assert service is not None
    wait_for("a code on screen", lambda: "join" in host.screen(), host)
    assert niceness(game) == HOSTED_NICENESS
    assert niceness(service) == HOSTED_NICENESS


def test_the_search_service_a_hosted_game_starts_runs_at_the_hosted_priority(
    host: Tmux,
) -> None:
    login(host, "classic")
    folder = host.root / "data" / "thousand_tui" / "search"  # the account's, not the key's
    lock = folder / "search.lock"
    wait_for("the search service", lambda: lock.exists() and lock.read_text().strip(), host)
    service = int(lock.read_text().split()[0])
    # Told by its arguments that it runs for a hosted account, and nothing of the player that
    # started it (another user's `ps` reads a process's arguments).
    arguments = Path(f"/proc/{service}/cmdline").read_bytes().split(b"\0")
    assert b"--hosted" in arguments and not any(b"players" in a for a in arguments)
    wait_for("its workers", lambda: len(descendants(service)) >= 2, host)
    processes = [service, *descendants(service)]
    assert {pid: niceness(pid) for pid in processes} == dict.fromkeys(processes, HOSTED_NICENESS)
