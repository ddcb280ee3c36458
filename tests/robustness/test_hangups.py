"""Losing the terminal at any moment ends the game: the process exits, the record is let go
and replays, and no decision already made is lost.

Every way of losing it is tried: the terminal program killed (its pty closes and the kernel
hangs up), killed with SIGKILL, a pty that closes with no signal reaching the game (it runs in a
session of its own), a terminal that stops reading while the opponents move and then vanishes
(the case that deadlocked Textual's shutdown), and SIGHUP or SIGTERM sent to the game. Through
a real sshd on 127.0.0.1 (`sshd.py`), the player's `ssh` client is killed with SIGKILL, at once
or after it stopped reading while the opponents moved. The default run tries each once (the
plain SSH kill is the end-to-end test's, `test_sshd.py`); the slow run repeats them at random
moments, presets, player counts and levels (`hard` thinking included). Every one must end
through the clean shutdown (the account's log says which way each game ended); the watchdog
is only the net."""

from __future__ import annotations

import os
import random
import shlex
import shutil
import signal
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from tests.helpers import waiting
from tests.helpers.tmux import Tmux, descendants, running
from thousand_tui.engine.record import rebuild
from thousand_tui.store import catalog as saves
from thousand_tui.store.records import read_record
from thousand_tui.tui.hangup import CLEAN, ENDING, WATCHDOG

from .sshd import Sshd, started
from .terminal import human_passed, record_lines, start_game, wait_for

pytestmark = pytest.mark.skipif(shutil.which("tmux") is None, reason="needs tmux")

KINDS = ("terminal-closed", "terminal-killed", "no-signal", "frozen-then-killed", "hup", "term")
SSH_KINDS = ("ssh-client-killed", "ssh-client-frozen-then-killed")
# Far above the guard's own bound (about 2.3 s): this checks that the game ends at all, not
# how fast; `python bench/hangup.py` measures the time.
EXIT_WAIT = 15.0
STRESS_TRIALS = 60
SSH_TRIALS = 20
TIMES_ENV = "THOUSAND_HANGUP_TIMES"


@dataclass(frozen=True)
class Trial:
    kind: str
    preset: str = "classic"
    players: int = 3
    ai: str = "easy"
    pass_first: bool = True  # pass in the auction first, so that the opponents move
    delay: float = 0.3  # seconds between the last key and the hang-up
    frozen: float = 2.0  # seconds the terminal stops reading (frozen-then-killed)

    @classmethod
    def drawn(cls, number: int, kinds: tuple[str, ...] = KINDS) -> Trial:
        rng = random.Random(f"hang-up {number}")
        return cls(
            kind=kinds[number % len(kinds)],
            preset=rng.choice(("classic", "family", "online-site")),
            players=rng.choice((3, 3, 4)),
            ai=rng.choice(("easy", "normal", "hard")),
            pass_first=rng.random() < 0.7,
            delay=rng.uniform(0.0, 1.5),
            frozen=rng.uniform(0.5, 4.0),
        )


def hang_up(tmux: Tmux, trial: Trial) -> list[int]:
    """Start a game, play up to the chosen moment and lose the terminal the chosen way; check
    that the process ends, lets go of its record, and that the record replays."""
    prefix = "setsid -w " if trial.kind == "no-signal" else ""
    flags = ["--preset", trial.preset, "--players", str(trial.players), "--ai", trial.ai]
    flags += ["--pace", "0.05", "--lang", "en"]
    path = start_game(tmux, *flags, prefix=prefix, ready="Deal 1", size=(120, 40))
    pid = tmux.game_pid()
    try:
        if trial.pass_first and "Pass" in tmux.screen():
            tmux.keys("p")
            wait_for("your pass in the record", lambda: human_passed(path), tmux)
        kept = record_lines(path)
        time.sleep(trial.delay)  # the trial's moment: real time passes while the AI moves
        workers = descendants(pid)
        lost = lose_terminal(tmux, trial, pid)
        ended_cleanly(trial, pid, path, kept, lost, tmux.root / "data")
        no_workers_left(trial, workers)
        return workers
    finally:
        if running(pid):
            os.kill(pid, signal.SIGKILL)


def ended_cleanly(
    trial: Trial, pid: int, path: Path, kept: list[dict[str, Any]], lost: float, data: Path
) -> None:
    """The game ended after losing its terminal at `lost`, let go of its record, and the
    record replays with every line it had (`kept`); and it ended through the clean shutdown,
    not the watchdog, as the account's log (under `data`) says."""
    waiting.wait_for(
        f"{trial}: the game to end after the hang-up",
        lambda: not running(pid),
        timeout=EXIT_WAIT,
        every=0.02,
    )
    seconds = time.monotonic() - lost
    way, closed, log = ending(data, pid)
    note_time(trial, way, closed, seconds)
    assert way == CLEAN, f"{trial}: the game ended {way!r}, not cleanly; its log:\n{log}"
    assert not saves.describe_save(path).in_use, f"{trial}: the record is still locked"
    loaded = read_record(path)
    assert not loaded.truncated, f"{trial}: a line of the record was cut off"
    game, mismatch = rebuild(loaded.games[-1])
    assert mismatch is None, f"{trial}: the record does not replay: {mismatch}"
    assert loaded.games[-1].lines[: len(kept)] == kept, f"{trial}: a decision was lost"
    assert saves.describe_save(path).resumable or game.over


def no_workers_left(trial: Trial, workers: list[int]) -> None:
    """The search's worker processes end with the game: they notice it is gone."""
    waiting.wait_for(
        f"{trial}: the game's processes to end",
        lambda: not any(running(w) for w in workers),
        timeout=EXIT_WAIT,
        every=0.05,
        shown=lambda: f"left behind: {[w for w in workers if running(w)]}",
    )


def hang_up_over_ssh(tmux: Tmux, root: Path, trial: Trial) -> None:
    """The same through a real sshd: the game is the host's (`--ai` on its ForceCommand line,
    three players, the hosted pace); the player's `ssh` client is killed, or stops reading while
    the opponents move and is killed then."""
    server = started(Sshd(root / "sshd", host_options=f"--ai {trial.ai}"))
    try:
        tmux.shell((120, 40))
        tmux.type(shlex.join(server.ssh("-t", f"{trial.preset} en")) + "; echo EXITED $?")
        wait_for("the table", lambda: "Deal 1" in tmux.screen(), tmux)
        wait_for("the record", lambda: server.records())
        [path] = server.records()
        wait_for("the record to be locked", lambda: saves.describe_save(path).in_use)
        wait_for("the game's process", lambda: len(server.games()) == 1)
        [pid] = server.games()
        if trial.pass_first and "Pass" in tmux.screen():
            tmux.keys("p")
            wait_for("your pass in the record", lambda: human_passed(path), tmux)
        kept = record_lines(path)
        time.sleep(trial.delay)  # the trial's moment: real time passes while the AI moves
        client = tmux.program_pid("ssh")
        assert client is not None
        if trial.kind == "ssh-client-frozen-then-killed":
            os.kill(client, signal.SIGSTOP)  # the client stops reading; the game fills the link
            time.sleep(trial.frozen)  # for as long as the trial says, in real time
        os.kill(client, signal.SIGKILL)
        ended_cleanly(trial, pid, path, kept, time.monotonic(), server.data)
        wait_for("nothing left under sshd", lambda: not server.sessions())
    finally:
        server.stop()


def ending(data: Path, pid: int) -> tuple[str, float, str]:
    """How the game `pid` ended after its hang-up, as the last line about it in the account's
    log says (`CLEAN` or `WATCHDOG`; "no line" if there is none), the seconds from the hang-up
    to that line (-1 without one), and the log's end."""
    way, seconds, text = "no line", -1.0, ""
    for log in sorted(data.glob("**/thousand.log")):
        lines = log.read_text(encoding="utf-8", errors="replace").splitlines()
        for line in lines:
            found = ENDING.search(line)
            if found and int(found["pid"]) == pid:
                way, seconds = found["path"], float(found["seconds"])
                text = "\n".join(lines[-80:])
    return way, seconds, text


def note_time(trial: Trial, way: str, closed: float, seconds: float) -> None:
    """For `bench/hangup.py`, one line per trial: how the game ended after the hang-up
    (`CLEAN`, `WATCHDOG`), the seconds until the log said so and until the process ended."""
    times = os.environ.get(TIMES_ENV)
    if times:
        name = {CLEAN: "clean", WATCHDOG: "watchdog"}.get(way, way)
        with open(times, "a", encoding="utf-8") as out:
            out.write(f"{trial.kind}\t{name}\t{closed:.3f}\t{seconds:.3f}\t{trial}\n")


def lose_terminal(tmux: Tmux, trial: Trial, pid: int) -> float:
    """Lose the terminal the trial's way; the moment it was lost (`time.monotonic()`)."""
    if trial.kind in ("terminal-closed", "no-signal"):
        tmux.close()
    elif trial.kind == "terminal-killed":
        os.kill(tmux.server_pid(), signal.SIGKILL)
    elif trial.kind == "frozen-then-killed":
        server = tmux.server_pid()
        os.kill(server, signal.SIGSTOP)  # the terminal stops reading; the game fills it
        time.sleep(trial.frozen)  # for as long as the trial says, in real time
        os.kill(server, signal.SIGKILL)
    elif trial.kind == "hup":
        os.kill(pid, signal.SIGHUP)
    elif trial.kind == "term":
        os.kill(pid, signal.SIGTERM)
    else:  # pragma: no cover - a typo in KINDS
        raise AssertionError(trial.kind)
    return time.monotonic()


@pytest.mark.parametrize("kind", ["terminal-killed", "hup"])
def test_a_hang_up_while_hard_searches_in_worker_processes(tmux: Tmux, kind: str) -> None:
    """The opponents think with the search's worker processes running: they end too."""
    workers = hang_up(tmux, Trial(kind, ai="hard", delay=0.6))
    assert len(workers) >= 2  # the pool was running


@pytest.mark.parametrize("kind", KINDS)
def test_every_way_of_losing_the_terminal_ends_the_game(tmux: Tmux, kind: str) -> None:
    trial = Trial(kind, players=4 if kind == "frozen-then-killed" else 3, frozen=3.0)
    hang_up(tmux, trial)


@pytest.mark.slow
@pytest.mark.parametrize("number", range(STRESS_TRIALS))
def test_hang_ups_at_random_moments(tmux: Tmux, number: int) -> None:
    hang_up(tmux, Trial.drawn(number))


@pytest.mark.long
def test_an_ssh_client_that_stopped_reading_then_killed_ends_the_game(
    tmux: Tmux, tmp_path: Path
) -> None:
    hang_up_over_ssh(tmux, tmp_path, Trial("ssh-client-frozen-then-killed", frozen=3.0))


@pytest.mark.long
def test_an_ssh_client_killed_while_hard_searches_ends_the_game_cleanly(
    tmux: Tmux, tmp_path: Path
) -> None:
    hang_up_over_ssh(tmux, tmp_path, Trial("ssh-client-killed", ai="hard", delay=0.6))


@pytest.mark.slow
@pytest.mark.parametrize("number", range(SSH_TRIALS))
def test_ssh_clients_killed_at_random_moments(tmux: Tmux, tmp_path: Path, number: int) -> None:
    hang_up_over_ssh(tmux, tmp_path, Trial.drawn(number, SSH_KINDS))
