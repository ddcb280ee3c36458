"""Long games in a real terminal: the memory of the game, its search workers and the table
service, deal by deal.

Each run starts `thousand` in a tmux server of its own (100×30, a data folder of its own) and
plays it with Enter alone (the default of every dialog, the card under the cursor), one key
every `--key` seconds, until `--deals` deals are settled; a game that ends first is followed by
the next one in the same process (`a`, again) for a solo table, by a new table for a shared one.
After every settled deal it reads the resident memory (RSS, /proc/PID/status) of:

- the game: the `thousand` process in the terminal;
- its search workers: the worker processes of `hard`'s search under it, summed;
- its analysis worker: the low-priority worker that analyses finished deals (a new process
  every few deals, so its peak is shown rather than its growth);
- the service: the table service of a shared table (`python -m thousand_tui.tables.service`),
  with its own workers.

Any other child of the game (the statistics, `t`, are read in a short-lived process of their
own) is in none of those columns; the report names each such process with its most MB.

With `--keys random` it plays as a person hammering the keyboard would instead: random keys of
the table (Enter most often, arrows, digits, the sheet, the last trick, the help, Esc, …; never
`q`), one every `--key` seconds; `--size 120x40` sets the terminal. Besides the RSS of each
process it reads the proportional memory (PSS, /proc/PID/smaps_rollup) of the game's whole
process tree (the game, its search workers, its analysis process; for a shared table the
service's too) and says which of the game's helper processes are alive.

It prints each run's RSS every five deals (`--every N`: every N; the workers of a kind
summed) and the growth from deal 5 to the last of each process apart (one started later,
from its own fifth deal): the goal holds for every one of them.
The goals: at most 5 MB from deal 5 to deal 40 for each; a solo game's whole tree at most
80 MB (PSS) at deal 40.

    python bench/soak.py                                 # every level, solo and shared: ~25 min
    python bench/soak.py --levels easy --modes solo --deals 20
    python bench/soak.py --jobs 2                        # two runs at a time
    python bench/soak.py --levels easy --modes solo --keys random --size 120x40 --no-hints

`--trace N` says what grew inside the game's process: the game runs under this script, which
starts `tracemalloc` (N frames) at deal 4 and takes a snapshot at deal 5 and at the last deal,
each after a full collection, with the count of live objects by type. The report shows where
the memory traced grew most (by the N frames that allocated it) and which types grew; the
memory it does not trace (the allocator's free pages, C libraries' own) is the rest of the
RSS's growth. Tracing slows the game down several times: its own RSS is not the untraced
one's. `--trace 0` traces nothing and reads, besides the count of objects by type, Python's
allocator of small objects (its arenas, the bytes of its blocks in use and free): memory held
by a few live objects scattered over many arenas (fragmentation) shows there as arenas that
grow while the bytes in use do not.

    python bench/soak.py --levels easy --modes solo --keys random --size 120x40 --no-hints \
        --trace 8
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import os
import pickle
import random
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import tracemalloc
import uuid
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

# The processes under a game, as the tests read them from /proc.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from tests.helpers.tmux import command_line, descendants

GOAL_MB = 5.0
TREE_GOAL_MB = 80.0  # a solo game's whole process tree (PSS) at deal 40
FROM_DEAL = 5
LATE_DEALS = 40  # a long run (--deals 80 or more) also shows its last 40 deals' growth
PRESET = "family"  # its games are long (77 deals on average between `easy` players)
SIZE = (100, 30)
# The keys of `--keys random`, Enter the most often (a decision needs it); never q (quit).
RANDOM_KEYS = ["Enter"] * 8 + [
    "Left", "Right", "Up", "Down", "1", "2", "3", "4", "5", "6", "7", "8", "s", "l", "?",
    "Escape", "Escape", "c", "t", "a", "h", "Space", "Tab", "x", "F1",
]  # fmt: skip
MODES = ("solo", "shared")  # a game against the AI, and a seat at a shared table
STALL = 300.0  # seconds without a settled deal: the run is stuck
CLOSE_WAIT = 30.0  # seconds for the game and its helpers to end once the terminal is gone


@dataclass
class Run:
    level: str
    mode: str  # "solo" or "shared"
    # deal, then MB of the game, its search workers, its analysis worker, the service, and
    # the PSS of the game's whole process tree
    rows: list[tuple[int, float, float, float, float, float]] = field(default_factory=list)
    helpers: list[tuple[int, int]] = field(default_factory=list)  # deal, helpers alive
    # each process apart, but the analysis worker: pid -> its role, and (deal, MB) per deal
    processes: dict[int, tuple[str, list[tuple[int, float]]]] = field(default_factory=dict)
    games: int = 1
    problem: str | None = None
    trace: int | None = None  # frames tracemalloc keeps (0: counts only; None: neither)
    traced: list[Path] = field(default_factory=list)  # the snapshots' files, deal 5 and last
    traced_lines: list[str] = field(default_factory=list)  # what the report says of them
    others: dict[str, float] = field(default_factory=dict)  # other helpers: the most MB each

    @property
    def name(self) -> str:
        return f"{self.mode} {self.level}"

    def measure(self, deal: int, role: str, pids: list[int]) -> float:
        """Each process's RSS at this deal, kept by process; their sum."""
        total = 0.0
        for pid in pids:
            mb = rss_mb(pid)
            # A process is what it was seen as last: the analysis worker lowers its priority
            # only once started, and may be seen first as a search worker.
            _, seen = self.processes.get(pid, (role, []))
            seen.append((deal, mb))
            self.processes[pid] = (role, seen)
            total += mb
        return total

    def worst_growth(self, roles: tuple[str, ...], since: int = FROM_DEAL) -> float | None:
        """The most one process of these roles grew from deal `since` to the last deal it was
        measured. A process started later (a new game's, a worker started again) is judged
        the same way from its own deal FROM_DEAL: its first deals are its warm-up, as deals 1
        to FROM_DEAL - 1 are the first process's."""
        growths = []
        for role, seen in self.processes.values():
            if seen and seen[0][0] > 1:  # started later: its first readings are its warm-up
                seen = seen[FROM_DEAL - 1 :]
            measured = [mb for deal, mb in seen if deal >= since]
            if role in roles and len(measured) > 1:
                growths.append(measured[-1] - measured[0])
        return max(growths, default=None)

    def peak(self, column: int) -> float | None:
        """The most MB of a column from deal FROM_DEAL on: for the workers, which are replaced
        from time to time (the analysis worker every few deals), the growth from one deal to
        another says less than how high they go."""
        values = [row[column] for row in self.rows if row[0] >= FROM_DEAL]
        return max(values) if values else None


# ---------------------------------------------------------------------- processes


def proc_mb(pid: int, name: str = "status", field: str = "VmRSS:") -> float:
    """A field of /proc/PID/`name` in MB (0 once the process is gone)."""
    try:
        for line in Path(f"/proc/{pid}/{name}").read_text().splitlines():
            if line.startswith(field):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


def rss_mb(pid: int) -> float:
    return proc_mb(pid)


def pss_mb(pid: int) -> float:
    return proc_mb(pid, "smaps_rollup", "Pss:")


def nice(pid: int) -> int:
    try:
        return int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[16])
    except (OSError, ValueError, IndexError):
        return 0


BACKGROUND_NICE = 10  # how much lower the analysis worker's priority is (ai/pool.py)
BACKGROUND_MODULE = "thousand_tui.ai.background"  # the analysis worker's `-m` (ai/background.py)
SPAWNED = "--multiprocessing-fork"  # in the command line of a search worker (ai/pool.py: spawn)


def search_workers(pid: int, apart: int | None = None) -> tuple[list[int], list[int], list[int]]:
    """The search workers of a process, its analysis worker (told apart by its lower
    priority, or its module: one paused as it started has not lowered it yet), and its other
    helpers (the statistics' reader); never `apart` and its own (the table service, started by
    the first client, is its child until that client ends)."""
    skip = {apart, *descendants(apart)} if apart is not None else set()
    workers = [child for child in descendants(pid) if child not in skip]
    # (Its priority is capped at 19: under a game started with `nice -n 10` it is 9 lower.)
    lowest = min(19, nice(pid) + BACKGROUND_NICE)
    background = [w for w in workers if nice(w) >= lowest or BACKGROUND_MODULE in command_line(w)]
    rest = [w for w in workers if w not in background]
    search = [w for w in rest if SPAWNED in command_line(w)]
    return search, background, [w for w in rest if w not in search]


def helper_name(pid: int) -> str:
    """What a helper process runs: its `-m` module or `-c` code, else its command."""
    argv = [part for part in command_line(pid) if part]
    for flag in ("-m", "-c"):
        if flag in argv[:-1]:
            return argv[argv.index(flag) + 1][:70]
    return " ".join(argv)[:70]


def service_pid(data: Path) -> int | None:
    """The table service of the data folder (its pid is the first line of its lock file)."""
    try:
        pid = int((data / "thousand_tui" / "tables" / "service.lock").read_text().split()[0])
    except (OSError, ValueError, IndexError):
        return None
    return pid if Path(f"/proc/{pid}").exists() else None


# ---------------------------------------------------------------------- the terminal


class Terminal:
    size = SIZE

    def __init__(self, root: Path) -> None:
        self.root = root
        self.base = ["tmux", "-L", f"soak-{uuid.uuid4().hex[:8]}", "-f", "/dev/null"]
        self.data = root / "data"
        (root / "home").mkdir()
        self.env = {
            "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
            "HOME": str(root / "home"),
            "XDG_DATA_HOME": str(self.data),
            "XDG_CONFIG_HOME": str(root / "config"),
            "TERM": "xterm-256color",
            "LANG": "C.UTF-8",
        }
        # To compare allocators, or two checkouts of the game (PYTHONPATH=/path/to/checkout).
        for name in ("MALLOC_ARENA_MAX", "MALLOC_TRIM_THRESHOLD_", "PYTHONPATH"):
            if name in os.environ:
                self.env[name] = os.environ[name]

    def tmux(self, *args: str) -> str:
        done = subprocess.run([*self.base, *args], capture_output=True, text=True, timeout=30)
        return done.stdout

    def start(self, argv: list[str]) -> None:
        env = " ".join(f"{k}={shlex.quote(v)}" for k, v in self.env.items())
        command = f"env -i {env} {shlex.join(argv)}"
        width, height = (str(n) for n in self.size)
        self.tmux("new-session", "-d", "-x", width, "-y", height, "-s", "soak", command)

    def key(self, *keys: str) -> None:
        self.tmux("send-keys", "-t", "soak", *keys)

    def screen(self) -> str:
        return self.tmux("capture-pane", "-p", "-t", "soak")

    def game_pid(self) -> int | None:
        text = self.tmux("display-message", "-p", "-t", "soak", "#{pane_pid}").strip()
        return int(text) if text.isdigit() else None

    def close(self) -> None:
        """End the terminal, and wait for the game and its helpers to end: a game hung up
        saves itself, and its analysis process may write once more, into the folder that is
        removed next."""
        pid = self.game_pid()
        tree = [pid, *descendants(pid)] if pid is not None else []
        self.tmux("kill-server")
        deadline = time.monotonic() + CLOSE_WAIT
        while time.monotonic() < deadline and any(Path(f"/proc/{p}").exists() for p in tree):
            time.sleep(0.1)


def settled_deals(data: Path) -> int:
    """Deals settled in every record of the data folder (solo games and shared tables)."""
    total = 0
    for path in (data / "thousand_tui" / "games").glob("*.jsonl"):
        with path.open(encoding="utf-8", errors="replace") as handle:
            total += sum(1 for line in handle if line.startswith('{"type":"result"'))
    return total


# ---------------------------------------------------------------------- a run


def program() -> list[str]:
    found = shutil.which("thousand")
    return [found] if found else [sys.executable, "-m", "thousand_tui"]


def argv_for(run: Run, extra: list[str], traced_in: Path | None = None) -> list[str]:
    if run.mode == "solo":
        start = program()
        if traced_in is not None:  # the game under this script, which traces it when told
            start = [sys.executable, str(Path(__file__).resolve()), TRACED, str(traced_in)]
            start += [str(run.trace), "--"]
        return [*start, "--preset", PRESET, "--ai", run.level, "--pace", "0", *extra]
    return [*program(), "open", PRESET, "--people", "1", "--ai", run.level, "--pace", "0"]


def soak(
    run: Run, deals: int, key_every: float, keys: str = "enter", extra: list[str] | None = None
) -> Run:
    chance = random.Random(f"{run.name} {deals}")
    extra = extra or []
    with tempfile.TemporaryDirectory(prefix="soak-", ignore_cleanup_errors=True) as scratch:
        terminal = Terminal(Path(scratch))
        traced_in = Path(scratch) / "traced" if run.trace is not None else None
        if traced_in is not None:
            traced_in.mkdir()
        try:
            terminal.start(argv_for(run, extra, traced_in))
            seen, last_change = 0, time.monotonic()
            while seen < deals:
                key = "Enter" if keys == "enter" else chance.choice(RANDOM_KEYS)
                terminal.key(key)
                # A key right after Esc would reach the game as Alt+key (an escape sequence).
                time.sleep(key_every + (0.4 if key == "Escape" else 0.0))
                pid = terminal.game_pid()
                if pid is None:  # the game ended: again, a new table
                    if run.mode == "solo":
                        run.problem = "the game's process ended"
                        break
                    run.games += 1
                    terminal.close()
                    terminal.start(argv_for(run, extra))
                    continue
                now = settled_deals(terminal.data)
                if now > seen:
                    seen, last_change = now, time.monotonic()
                    service_at = service_pid(terminal.data)
                    searching, background, others = search_workers(pid, service_at)
                    for other in others:
                        name, mb = helper_name(other), rss_mb(other)
                        run.others[name] = max(mb, run.others.get(name, 0.0))
                    game = run.measure(now, "game", [pid])
                    search = run.measure(now, "search", searching)
                    analysis = run.measure(now, "analysis", background)
                    service = 0.0
                    if service_at is not None:
                        served, served_background, _ = search_workers(service_at)
                        service = run.measure(now, "service", [service_at])
                        service += run.measure(now, "search", served)
                        service += run.measure(now, "analysis", served_background)
                    tree = [pid, *descendants(pid)]
                    if service_at is not None:
                        tree += [service_at, *descendants(service_at)]
                    total = sum(pss_mb(each) for each in dict.fromkeys(tree))
                    run.rows.append((now, game, search, analysis, service, total))
                    run.helpers.append((now, len(dict.fromkeys(tree)) - 1))
                    if traced_in is not None:  # (a solo game's next game: the same process)
                        tell_traced(run, pid, now, deals, traced_in)
                elif time.monotonic() - last_change > STALL:
                    run.problem = "no deal settled for 5 minutes; the screen:\n" + terminal.screen()
                    break
                if "Game over" in terminal.screen() or "Конец игры" in terminal.screen():
                    run.games += 1
                    terminal.key("a" if run.mode == "solo" else "q")
        finally:
            terminal.close()
    return run


# ---------------------------------------------------------------------- tracing the game

TRACED = "--traced-game"  # this script runs the game, traced when told (SIGUSR1)
TRACE_SIGNAL = signal.SIGUSR1
TRACE_WAIT = 120.0  # seconds for a snapshot to be written
SMALL_BLOCKS = (
    "arenas allocated current",
    "bytes in allocated blocks",
    "bytes in available blocks",
    "bytes in unused pools",
)


def tell_traced(run: Run, pid: int, deal: int, deals: int, traced_in: Path) -> None:
    """From deal FROM_DEAL - 1 the game traces; at FROM_DEAL and at the last deal it writes a
    snapshot, waited for here."""
    started = traced_in / "started"
    if deal >= FROM_DEAL - 1 and not started.exists():
        os.kill(pid, TRACE_SIGNAL)  # tracing from now on
        wait_for(started)
    if (deal >= FROM_DEAL and not run.traced) or (deal >= deals and len(run.traced) == 1):
        os.kill(pid, TRACE_SIGNAL)
        if wait_for(traced_in / f"deal-{deal}.pickle"):
            run.traced.append(traced_in / f"deal-{deal}.pickle")
        if len(run.traced) == 2:
            run.traced_lines = traced_report(run.traced[0], run.traced[1], run.trace or 0)


def wait_for(path: Path) -> bool:
    deadline = time.monotonic() + TRACE_WAIT
    while not path.exists():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.2)
    return True


def small_blocks() -> dict[str, int]:
    """Python's allocator of small objects: its arenas, the bytes of its blocks in use and of
    those free in its pools (`sys._debugmallocstats`, which writes to the standard error, the
    terminal of a game: to a file meanwhile)."""
    with tempfile.TemporaryFile("w+") as told:
        saved = os.dup(2)
        try:
            os.dup2(told.fileno(), 2)
            sys._debugmallocstats()
        finally:
            os.dup2(saved, 2)
            os.close(saved)
        told.seek(0)
        found: dict[str, int] = {}
        for line in told:
            name, _, value = line.partition("=")
            number = value.strip().replace(",", "")
            if number.isdigit() and name.startswith("#"):
                found[name.strip("# ")] = int(number)
            elif number.isdigit() and "unused pools" in name:
                found["bytes in unused pools"] = int(number)
    return found


def holders() -> dict[str, int]:
    """What holds the rendered lines (Textual's `Strip`s) of the game: every strip, those the
    terminal's output has turned into text (and that text's length), each kind of widget's
    cached lines, a log's lines and a data table's caches."""
    from textual.strip import Strip
    from textual.widget import Widget
    from textual.widgets import DataTable, RichLog

    found: Counter[str] = Counter()
    for thing in gc.get_objects():
        if type(thing) is Strip:
            found["strips"] += 1
            text = thing._render_cache
            if text is not None:
                found["strips rendered to text"] += 1
                found["their text, characters"] += len(text)
        elif isinstance(thing, Widget):
            name = type(thing).__name__
            found[f"{name}: cached lines"] += len(getattr(thing._styles_cache, "_cache", ()))
            if isinstance(thing, RichLog):
                found[f"{name}: lines"] += len(thing.lines)
                found[f"{name}: line cache"] += len(thing._line_cache)
            if isinstance(thing, DataTable):
                found[f"{name}: line cache"] += len(thing._line_cache)
                found[f"{name}: row cache"] += len(thing._row_render_cache)
                found[f"{name}: cell cache"] += len(thing._cell_render_cache)
    return dict(found)


def type_name(kind: type) -> str:
    module = kind.__dict__.get("__module__", "")
    return f"{module}.{kind.__qualname__}" if isinstance(module, str) else kind.__qualname__


def traced_game(folder: Path, frames: int, argv: list[str]) -> int:
    """The game, whose first SIGUSR1 starts tracemalloc and each next one writes a snapshot
    and the count of live objects by type (`deal-N.pickle`, N its settled deals) to
    `folder`."""
    told = 0

    def snapshot() -> None:
        nonlocal told
        told += 1
        if told == 1:
            if frames:
                tracemalloc.start(frames)
            (folder / "started").touch()
            return
        gc.collect()
        counts = Counter(type_name(type(o)) for o in gc.get_objects())
        # (Python's allocator's figures are there only while tracemalloc is not.)
        taken = tracemalloc.take_snapshot() if frames else small_blocks()
        deal = settled_deals(Path(os.environ["XDG_DATA_HOME"]))
        part = folder / f"deal-{deal}.part"
        with part.open("wb") as handle:
            pickle.dump((taken, dict(counts), rss_mb(os.getpid()), holders()), handle)
        part.rename(folder / f"deal-{deal}.pickle")

    def told_to(*_: object) -> None:
        # Not in the signal handler itself, which may have stopped the game anywhere (a lock
        # held, which what a full collection finalises may want): at the loop's next turn.
        try:
            asyncio.get_running_loop().call_soon_threadsafe(snapshot)
        except RuntimeError:
            snapshot()

    signal.signal(TRACE_SIGNAL, told_to)
    from thousand_tui.cli import main as thousand

    return thousand(argv)


def traced_report(first: Path, last: Path, frames: int, shown: int = 20) -> list[str]:
    """Where the traced memory grew from the first snapshot to the last, and which types."""
    (before, counts_before, rss_before, held_before), (after, counts_after, rss_after, held) = (
        pickle.loads(path.read_bytes()) for path in (first, last)
    )
    lines = [f"from {first.stem} to {last.stem}: RSS {rss_before:.1f} -> {rss_after:.1f} MB"]
    if isinstance(before, dict) and isinstance(after, dict):  # not traced: the allocator's
        for name in SMALL_BLOCKS:
            was, now = before.get(name, 0), after.get(name, 0)
            lines.append(f"  small objects, {name}: {was:,} -> {now:,} ({now - was:+,})")
        growth = []
    else:
        growth = sorted(after.compare_to(before, "traceback"), key=lambda s: -s.size_diff)
        total = sum(stat.size_diff for stat in growth)
        count = sum(stat.count_diff for stat in growth)
        lines.append(f"  traced {total / 2**20:+.2f} MB in {count:+d} blocks")
    for stat in growth[:shown]:
        lines.append(f"  {stat.size_diff / 1024:+9.1f} KiB {stat.count_diff:+7d} blocks, from")
        for frame in list(stat.traceback)[-frames:][::-1]:
            lines.append(f"      {frame.filename}:{frame.lineno}")
    lines.append("  the rendered lines and what holds them (grown most)")
    changes = {name: held.get(name, 0) - held_before.get(name, 0) for name in {*held, *held_before}}
    for name in sorted(changes, key=lambda name: -abs(changes[name]))[:shown]:
        was, now = held_before.get(name, 0), held.get(name, 0)
        lines.append(f"  {name}: {was:,} -> {now:,} ({now - was:+,})")
    lines.append("  types whose live objects grew most")
    grown = {kind: counts_after[kind] - counts_before.get(kind, 0) for kind in counts_after}
    for kind, more in sorted(grown.items(), key=lambda item: -item[1])[:shown]:
        if more > 0:
            lines.append(f"  {more:+8d} {kind}")
    return lines


# ---------------------------------------------------------------------- the report


def report(runs: list[Run], every: int = 5) -> None:
    heads = ("game", "search", "analysis", "service", "tree PSS")
    for run in runs:
        print(f"\n{run.name}: {len(run.rows)} deals measured, {run.games} game(s)")
        if run.problem:
            print(f"  stopped: {run.problem}")
        print(f"  {'deal':>4} " + " ".join(f"{h + ' MB':>11}" for h in heads) + "  helpers")
        helpers = dict(run.helpers)
        for deal, *mbs in run.rows:
            if deal in (1, FROM_DEAL) or deal % every == 0 or deal == run.rows[-1][0]:
                cells = " ".join(f"{mb:>11.1f}" for mb in mbs)
                print(f"  {deal:>4} {cells}  {helpers.get(deal, 0):>7}")
    print(
        f"\ngrowth from deal {FROM_DEAL} to the last, of the one process that grew most (goal:"
        f" at most {GOAL_MB:g} MB each; search: any one search worker, the service's"
        " included; the analysis worker, a new process every few deals, by its peak below)"
    )
    print(f"{'run':<14} {'deals':>5} {'game':>7} {'search':>8} {'service':>8}  verdict")
    for run in runs:
        growths = [run.worst_growth((role,)) for role in ("game", "search", "service")]
        shown = ["     -" if g is None else f"{g:+6.1f}" for g in growths]
        last = run.rows[-1][0] if run.rows else 0
        worst = max((g for g in growths if g is not None), default=None)
        verdict = "?" if worst is None else ("ok" if worst <= GOAL_MB else "OVER")
        print(f"{run.name:<14} {last:>5} {shown[0]:>7} {shown[1]:>8} {shown[2]:>8}  {verdict}")
    print(f"\nthe most MB from deal {FROM_DEAL} on")
    print(f"{'run':<14} " + " ".join(f"{h:>8}" for h in heads))
    for run in runs:
        peaks = [run.peak(column) for column in (1, 2, 3, 4, 5)]
        shown = ["       -" if p is None else f"{p:8.1f}" for p in peaks]
        print(f"{run.name:<14} " + " ".join(shown))
    print(
        f"\nthe whole tree (PSS) at deal {LATE_DEALS} (goal for a solo game: at most"
        f" {TREE_GOAL_MB:g} MB), and its growth from deal {FROM_DEAL}"
    )
    for run in runs:
        at = {row[0]: row[5] for row in run.rows}
        if LATE_DEALS in at and FROM_DEAL in at:
            verdict = "ok" if at[LATE_DEALS] <= TREE_GOAL_MB or run.mode != "solo" else "OVER"
            growth = at[LATE_DEALS] - at[FROM_DEAL]
            print(f"{run.name:<14} {at[LATE_DEALS]:6.1f} MB  {growth:+6.1f} MB  {verdict}")
    for run in runs:
        if run.others:
            print(f"\n{run.name}: other helpers of the game seen (in the tree PSS only), most MB")
            for name, mb in sorted(run.others.items()):
                print(f"  {mb:6.1f}  {name}")
    long = [run for run in runs if run.rows and run.rows[-1][0] >= 2 * LATE_DEALS]
    if long:
        # Whether the game levels off: its growth over the last deals of a long run.
        print(f"\nthe game's growth over the last {LATE_DEALS} deals (a long run levels off?)")
        for run in long:
            since = run.rows[-1][0] - LATE_DEALS
            growth = run.worst_growth(("game",), since)
            late = "     -" if growth is None else f"{growth:+6.1f}"
            print(f"{run.name:<14} deals {since}-{run.rows[-1][0]}: {late} MB")
    for run in runs:
        if run.trace is not None:
            how = f"tracemalloc, {run.trace} frames" if run.trace else "not traced"
            print(f"\n{run.name}, inside the game's process ({how})")
            print("\n".join(run.traced_lines or ["  no snapshots were taken"]))


def main() -> int:
    if sys.argv[1:2] == [TRACED]:  # the game of a traced run
        folder, frames, _, *argv = sys.argv[2:]
        return traced_game(Path(folder), int(frames), argv)
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--levels", default="random,easy,normal,hard", help="AI levels (all four)")
    parser.add_argument(
        "--modes", default="both", help="solo, shared, or both (solo,shared: the default)"
    )
    parser.add_argument("--deals", type=int, default=40, help="deals per run (40)")
    parser.add_argument("--key", type=float, default=0.12, help="seconds between keys (0.12)")
    parser.add_argument("--jobs", type=int, default=1, help="runs at a time (1)")
    parser.add_argument("--every", type=int, default=5, help="print RSS every N deals (5)")
    parser.add_argument("--keys", choices=("enter", "random"), default="enter")
    parser.add_argument("--size", default="x".join(map(str, SIZE)), help="WxH (100x30)")
    parser.add_argument("--no-hints", action="store_true", help="play with --no-hints")
    parser.add_argument(
        "--trace",
        type=int,
        default=None,
        metavar="N",
        help="what grew inside a solo game: traced (N frames), or 0: object counts only",
    )
    options = parser.parse_args()
    width, _, height = options.size.partition("x")
    Terminal.size = (int(width), int(height))
    extra = ["--no-hints"] if options.no_hints else []
    if shutil.which("tmux") is None:
        print("soak: needs tmux", file=sys.stderr)
        return 2
    modes = [mode.strip() for mode in options.modes.replace("both", ",".join(MODES)).split(",")]
    if unknown := [mode for mode in modes if mode not in MODES]:
        parser.error(f"--modes: {unknown[0]!r} is not a mode: solo, shared or both")
    runs = [
        Run(level.strip(), mode, trace=options.trace if mode == "solo" else None)
        for mode in modes
        for level in options.levels.split(",")
    ]
    with ThreadPoolExecutor(options.jobs) as pool:
        done = list(
            pool.map(lambda run: soak(run, options.deals, options.key, options.keys, extra), runs)
        )
    report(done, max(1, options.every))
    return 0


if __name__ == "__main__":
    sys.exit(main())
