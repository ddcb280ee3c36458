"""Many players at once: SSH sessions through a real sshd on 127.0.0.1 (`sshd.py`), each a
scripted player at the table against `normal` opponents for a minute.

Each player has a key of their own, so a folder of their own. They arrive one after another, as
friends do, while the earlier ones play; each plays by the scripted player's keys (`next_key`:
the first choice of a dialog, else Enter where Enter is offered) for `PLAY` seconds, then half
of them lose their client to `kill -9` and half quit with `q`, `y`. By default 20 players
play 60 s each: they arrive `ARRIVAL` seconds apart, over 30 s, so all 20 play at once for
about the last half minute of the first one's play. `python bench/ssh_load.py` plays 150 s
each, for its figures.

Checked: every session gets its table, every decision seen in a record stays there, every record
replays and is let go, every game process ends, and nothing is left under sshd. Measured and
printed (never asserted as a speed goal): the time from starting `ssh` to the table on screen,
each game process's memory and CPU while all play (RSS and PSS, its own children included), and
the time from a client's `kill -9` (or `q`) to the end of its game, with the machine's load.
`python bench/ssh_load.py` runs this test and prints the same figures;
THOUSAND_SSH_LOAD_SESSIONS and THOUSAND_SSH_LOAD_SECONDS change the number of players and how
long each plays, THOUSAND_SSH_LOAD_LEVEL the opponents' level and THOUSAND_SSH_LOAD_SEARCH
where `hard` searches (`shared`: the account's search service; `own`: each game's workers).
With `hard`, the figures also hold each AI decision's time (`think_ms` in the records) and the
memory of all the games and all the workers together.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import shlex
import signal
import statistics
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from tests.helpers import waiting
from tests.helpers.tmux import Tmux, descendants, exit_status, next_key, running
from thousand_tui.engine.record import rebuild
from thousand_tui.store import catalog as saves
from thousand_tui.store.records import read_record

from .sshd import Sshd, started
from .terminal import record_lines, wait_for, your_decisions

pytestmark = pytest.mark.slow

SESSIONS = int(os.environ.get("THOUSAND_SSH_LOAD_SESSIONS", "20"))
PLAY = float(os.environ.get("THOUSAND_SSH_LOAD_SECONDS", "60"))
FIGURES_ENV = "THOUSAND_SSH_LOAD_FIGURES"  # a file for bench/ssh_load.py
LEVEL = os.environ.get("THOUSAND_SSH_LOAD_LEVEL", "normal")  # the opponents' level
# "shared": hard searches on the account's search service (the default of a host);
# "own": each game starts workers of its own (THOUSAND_SEARCH_SERVICE=off).
SEARCH = os.environ.get("THOUSAND_SSH_LOAD_SEARCH", "shared")
ARRIVAL = 1.5  # seconds between two players' logins
KEY_GAP = 0.6  # seconds at least between two keys of one player (the screen catches up)
TABLE_WAIT = 60.0  # liveness: the table shows up at all
EXIT_WAIT = 15.0  # liveness: the game ends at all after its client is gone
MEMORY_EVERY = 10.0  # seconds between two looks at the games' memory
WATCH_EVERY = 0.05  # seconds between two looks at an arriving player's screen
SIZE = (100, 32)


@dataclass
class Player:
    number: int
    folder: Path  # the player's games folder on the host
    arrives: float  # seconds after the start
    pane: str = ""
    started: float = 0.0  # time.monotonic() when `ssh` was started
    table: float | None = None  # seconds from `ssh` to the table
    # set by the player's own watcher, which looks at the screen every WATCH_EVERY seconds
    # from `ssh` to the table, so that the time does not wait for the other players' turns
    seen_table: float | None = None
    path: Path | None = None
    pid: int | None = None  # the game's process on the host
    next_key_at: float = 0.0
    kept: list[dict] = field(default_factory=list)  # the record as last seen while playing
    rss: list[int] = field(default_factory=list)  # kB, one per look
    pss: list[int] = field(default_factory=list)
    cpu: list[tuple[float, float]] = field(default_factory=list)  # (when, CPU seconds used)
    ended: str = ""  # "killed" or "quit"
    exit_seconds: float | None = None


def key_folder(sshd: Sshd, number: int) -> Path:
    """The host's folder for a player's key, as `thousand ssh-session` names it."""
    kind, key = sshd.key(number).with_suffix(".pub").read_text().split()[:2]
    digest = hashlib.sha256(f"{kind} {key}".encode()).hexdigest()[:16]
    return sshd.data / "thousand_tui" / "players" / f"key-{digest}" / "games"


def holder(pids: list[int], path: Path) -> int | None:
    """The process that has the record file open."""
    for pid in pids:
        fds = Path(f"/proc/{pid}/fd")
        try:
            if any(os.readlink(fd) == str(path) for fd in fds.iterdir()):
                return pid
        except OSError:
            continue
    return None


def own_processes(pid: int, leave_out: set[int]) -> list[int]:
    """A game's process and its children (its own AI workers, if any), but `leave_out`: the
    account's search service, which the first game against `hard` starts, with its workers,
    is every game's and counted once, apart."""
    return [pid, *(each for each in descendants(pid) if each not in leave_out)]


def cpu_seconds(pid: int, leave_out: set[int]) -> float:
    """User and system CPU time of a game's own processes so far."""
    ticks = 0
    for each in own_processes(pid, leave_out):
        try:
            fields = Path(f"/proc/{each}/stat").read_text().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue
        ticks += int(fields[11]) + int(fields[12])  # utime, stime
    return ticks / os.sysconf("SC_CLK_TCK")


def cpu_share(samples: list[tuple[float, float]]) -> float | None:
    """Percent of one core used between the first and the last look."""
    if len(samples) < 2 or samples[-1][0] <= samples[0][0]:
        return None
    (start, used), (end, total) = samples[0], samples[-1]
    return 100 * (total - used) / (end - start)


def memory_kb(pid: int, leave_out: set[int]) -> tuple[int, int]:
    """RSS and PSS in kB of a game's own processes."""
    rss = pss = 0
    for each in own_processes(pid, leave_out):
        try:
            rollup = Path(f"/proc/{each}/smaps_rollup").read_text()
        except OSError:
            continue
        for line in rollup.splitlines():
            name, _, value = line.partition(":")
            if name == "Rss":
                rss += int(value.split()[0])
            elif name == "Pss":
                pss += int(value.split()[0])
    return rss, pss


class Load:
    """The players, the host and the terminals; `run` plays them all to the end."""

    def __init__(self, sshd: Sshd, tmux: Tmux) -> None:
        self.sshd = sshd
        self.tmux = tmux
        self.players = [
            Player(n, key_folder(sshd, n), arrives=n * ARRIVAL) for n in range(SESSIONS)
        ]
        self.start = time.monotonic()
        self.load = 0.0  # the highest 1-minute load average seen
        self.rounds: list[float] = []  # seconds each round of all the players took
        # (games playing, RSS kB, PSS kB) of all the games and every AI worker, at each look
        self.totals: list[tuple[int, int, int]] = []

    def now(self) -> float:
        return time.monotonic() - self.start

    def run(self) -> None:
        last_look = 0.0
        while any(not p.ended for p in self.players):
            began = time.monotonic()
            for player in self.players:
                self.step(player)
            self.rounds.append(time.monotonic() - began)
            if time.monotonic() - last_look > MEMORY_EVERY:
                last_look = time.monotonic()
                self.look_at_memory()
            time.sleep(0.05)

    def step(self, player: Player) -> None:
        if player.ended:
            return
        if not player.pane:
            if self.now() >= player.arrives:
                self.arrive(player)
        elif player.table is None:
            self.wait_for_table(player)
        elif time.monotonic() - player.started - player.table >= PLAY:
            self.leave(player)
        elif time.monotonic() >= player.next_key_at:
            self.press(player)

    def arrive(self, player: Player) -> None:
        player.pane = self.tmux.shell(SIZE)
        login = self.sshd.ssh("-t", "classic en", player=player.number)
        player.started = time.monotonic()
        self.tmux.type(shlex.join(login) + "; echo EXITED $?", pane=player.pane)
        threading.Thread(target=self.watch_for_table, args=(player,), daemon=True).start()

    def watch_for_table(self, player: Player) -> None:
        """The arriving player's own eyes on the screen (a thread), until the table shows."""
        while time.monotonic() - player.started < TABLE_WAIT:
            if "Deal 1" in self.tmux.screen(player.pane):
                player.seen_table = time.monotonic() - player.started
                return
            time.sleep(WATCH_EVERY)

    def wait_for_table(self, player: Player) -> None:
        if player.seen_table is not None:
            player.table = player.seen_table
            [player.path] = sorted(player.folder.glob("*.jsonl"))
            player.pid = holder(self.sshd.games(), player.path)
            assert player.pid is not None, f"player {player.number}: no game holds the record"
        else:
            waited = time.monotonic() - player.started
            assert waited < TABLE_WAIT, f"player {player.number}: no table after {waited:.0f} s"

    def press(self, player: Player) -> None:
        assert player.path is not None
        seen = record_lines(player.path)
        assert seen[: len(player.kept)] == player.kept, f"player {player.number}: lines lost"
        player.kept = seen
        key = next_key(self.tmux.screen(player.pane))
        if key is not None:
            self.tmux.keys(key, pane=player.pane)
            player.next_key_at = time.monotonic() + KEY_GAP
        else:
            player.next_key_at = time.monotonic() + 0.3

    def leave(self, player: Player) -> None:
        assert player.path is not None
        player.kept = record_lines(player.path)
        self.look_at_memory(player)  # at least one look at each game, however short its play
        if player.number % 2 == 0:
            client = self.tmux.program_pid("ssh", pane=player.pane)
            assert client is not None
            os.kill(client, signal.SIGKILL)
            player.ended = "killed"
        else:
            self.tmux.keys("q", pane=player.pane)
            asked = f"the quit dialog of player {player.number}"
            wait_for(asked, lambda: "Quit the game?" in self.tmux.screen(player.pane))
            self.tmux.keys("y", pane=player.pane)
            player.ended = "quit"
        player.exit_seconds = self.exit_time(player)

    def exit_time(self, player: Player) -> float:
        assert player.pid is not None
        pid, since = player.pid, time.monotonic()
        waiting.wait_for(
            f"the game of player {player.number} to end",
            lambda: not running(pid),
            timeout=EXIT_WAIT,
            every=0.02,
        )
        return time.monotonic() - since

    def look_at_memory(self, *only: Player) -> None:
        if not only:
            self.look_at_total()
        service_pid = self.search_service()
        service = {service_pid, *descendants(service_pid)} if service_pid else set()
        for player in only or self.players:
            if player.pid is not None and not player.ended and running(player.pid):
                rss, pss = memory_kb(player.pid, service)
                if rss:
                    player.rss.append(rss)
                    player.pss.append(pss)
                    player.cpu.append((time.monotonic(), cpu_seconds(player.pid, service)))
        self.load = max(self.load, os.getloadavg()[0])

    def search_service(self) -> int | None:
        """The account's search service, if one runs."""
        lock = self.sshd.data / "thousand_tui" / "search" / "search.lock"
        try:
            pid = int(lock.read_text().split()[0])
        except (OSError, ValueError, IndexError):
            return None
        return pid if running(pid) else None

    def look_at_total(self) -> None:
        """The memory of every game playing and every worker searching for them: each
        game's own, and the account's search service with its workers."""
        playing = [p.pid for p in self.players if p.pid and not p.ended and running(p.pid)]
        pids: set[int] = set()
        service = self.search_service()
        for pid in [*playing, *([service] if service else [])]:
            pids |= {pid, *descendants(pid)}
        rss = pss = 0
        for pid in pids:
            one_rss, one_pss = memory_kb_of(pid)
            rss += one_rss
            pss += one_pss
        if playing:
            self.totals.append((len(playing), rss, pss))

    def end_search_service(self) -> None:
        """The search service outlives the games for a while (its idle exit): ended here."""
        pid = self.search_service()
        if pid is not None:
            workers = descendants(pid)
            os.kill(pid, signal.SIGTERM)
            wait_for("the search service to end", lambda: not running(pid))
            wait_for("its workers to end", lambda: not any(running(w) for w in workers))


def memory_kb_of(pid: int) -> tuple[int, int]:
    """RSS and PSS in kB of one process."""
    rss = pss = 0
    with contextlib.suppress(OSError):
        for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
            name, _, value = line.partition(":")
            if name == "Rss":
                rss += int(value.split()[0])
            elif name == "Pss":
                pss += int(value.split()[0])
    return rss, pss


def think_ms(lines: list[dict[str, object]]) -> list[float]:
    """How long each AI decision of a record took (its `think_ms`)."""
    return [float(t) for line in lines if isinstance(t := line.get("think_ms"), int | float)]


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def check_player(player: Player, tmux: Tmux) -> None:
    """What one player left: a record let go, replaying, with every line seen while playing,
    and real play in it."""
    assert player.path is not None
    who = f"player {player.number}"
    assert not saves.describe_save(player.path).in_use, f"{who}: the record is still locked"
    loaded = read_record(player.path)
    assert not loaded.truncated, f"{who}: a line was cut off"
    lines = loaded.games[-1].lines
    assert lines[: len(player.kept)] == player.kept, f"{who}: a decision was lost"
    assert rebuild(loaded.games[-1])[1] is None, f"{who}: the record does not replay"
    mine = your_decisions(lines)
    assert mine >= 3, f"{who}: played {mine} decisions in {PLAY:.0f} s"
    if player.ended == "quit":
        wait_for(f"{who}'s ssh to end", lambda: exit_status(tmux.screen(player.pane)) == 0)


def figures(load: Load) -> dict[str, object]:
    players = load.players
    tables = [p.table for p in players if p.table is not None]
    rss = [max(p.rss) for p in players if p.rss]
    pss = [max(p.pss) for p in players if p.pss]
    cpu = [share for p in players if (share := cpu_share(p.cpu)) is not None]
    killed = [p.exit_seconds for p in players if p.ended == "killed" and p.exit_seconds]
    quit = [p.exit_seconds for p in players if p.ended == "quit" and p.exit_seconds]
    decisions = [float(your_decisions(p.kept)) for p in players]
    thinking = [ms / 1000 for p in players for ms in think_ms(p.kept)]
    most = max(load.totals, key=lambda t: (t[0], t[1]), default=(0, 0, 0))
    return {
        "sessions": len(players),
        "play_seconds": PLAY,
        "table_seconds": summary(tables),
        "tables_over_2s": sum(t > 2.0 for t in tables),
        "tables_in_order": [round(t, 2) for t in tables],  # by arrival
        "rss_mb": summary([kb / 1024 for kb in rss]),
        "pss_mb": summary([kb / 1024 for kb in pss]),
        "cpu_percent": summary(cpu),
        "exit_after_kill_seconds": summary(killed),
        "exit_after_quit_seconds": summary(quit),
        "decisions_per_player": summary(decisions),
        "load_average_max": round(load.load, 1),
        "round_of_players_seconds": summary(load.rounds),
        "cores": os.cpu_count(),
        "level": LEVEL,
        "search": SEARCH,
        "ai_decision_seconds": summary(thinking),
        "ai_decision_p95_seconds": round(percentile(thinking, 0.95), 3) if thinking else None,
        "ai_decisions": len(thinking),
        # all the games and all the workers, at the look with the most games playing
        "total_games_at_most": most[0],
        "total_rss_mb": round(most[1] / 1024),
        "total_pss_mb": round(most[2] / 1024),
    }


def summary(values: list[float]) -> dict[str, float]:
    if not values:
        return {}
    return {
        "min": round(min(values), 2),
        "median": round(statistics.median(values), 2),
        "max": round(max(values), 2),
    }


def report(numbers: dict[str, object]) -> str:
    lines = [f"{SESSIONS} SSH sessions, {PLAY:.0f} s of play each:"]
    for name, value in numbers.items():
        if isinstance(value, dict):
            shown = "  ".join(f"{k} {v}" for k, v in value.items())
            lines.append(f"  {name:<26} {shown}")
        elif name not in ("sessions", "play_seconds", "tables_in_order"):
            lines.append(f"  {name:<26} {value}")
    return "\n".join(lines)


def test_many_players_at_once(
    tmux: Tmux, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    own = ("THOUSAND_SEARCH_SERVICE=off",) if SEARCH == "own" else ()
    sshd = Sshd(tmp_path / "sshd", players=SESSIONS, host_options=f"--ai {LEVEL}", environment=own)
    sshd = started(sshd)
    load = Load(sshd, tmux)
    try:
        load.run()
        for player in load.players:
            check_player(player, tmux)
        load.end_search_service()
        wait_for("nothing left under sshd", lambda: not sshd.sessions())
    finally:
        left = sshd.stop()
    assert not left, f"processes left under sshd: {left}"
    numbers = figures(load)
    with capsys.disabled():
        print("\n" + report(numbers))
    if os.environ.get(FIGURES_ENV):
        Path(os.environ[FIGURES_ENV]).write_text(json.dumps(numbers, indent=2))
    assert all(p.table is not None for p in load.players)
    assert all(p.rss for p in load.players), "a game's memory was never measured"
