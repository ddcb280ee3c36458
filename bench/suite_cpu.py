"""Where the test suite's processor time goes: each test's, and the whole machine's.

As a pytest plugin it writes one line per test (its process's processor time, and that of
the child processes it waited for, and its wall time) into `OUT/tests-WORKER.jsonl`, and the
machine's processor time from `/proc/stat` at the start and end of the run into
`OUT/machine.json`: all of it, the programs that no test waits for included (the game in
tmux, the table and search services, the background analysis), and how long the cores idled.
Run as a script it prints the summary of a folder it wrote.

    PYTHONPATH=bench pytest -n auto -p suite_cpu      # into /tmp/suite-cpu (SUITE_CPU_OUT)
    python bench/suite_cpu.py /tmp/suite-cpu

The summary: the machine's user, nice, system and idle seconds and how busy the cores were;
the tests' own seconds by folder and in bands (under 0.2 s, 0.2–1 s, 1 s and more); the
longest tests; the seconds that the variants of a parametrized test cost beyond its
cheapest one; and the tests of the default run that took more than `LONG_SECONDS`, to be
marked `long` (tests/helpers/tiers.py).
"""

from __future__ import annotations

import json
import os
import resource
import sys
import time
from collections import Counter, defaultdict
from collections.abc import Generator
from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest

# The tests' own tiers (imported when used: as a plugin this module is loaded before the
# tests' conftest, which registers them).
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

OUT = Path(os.environ.get("SUITE_CPU_OUT", "/tmp/suite-cpu"))
BANDS = (0.2, 1.0)  # seconds of a test's processor time


def processor_seconds() -> tuple[float, float]:
    """This process's processor time, and its waited-for children's."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime, children.ru_utime + children.ru_stime


def machine_seconds() -> dict[str, float]:
    """The whole machine's processor time so far, by kind (the first line of /proc/stat)."""
    names = ("user", "nice", "system", "idle", "iowait", "irq", "softirq", "steal")
    ticks = os.sysconf("SC_CLK_TCK")
    fields = Path("/proc/stat").read_text().splitlines()[0].split()[1:]
    return {name: int(value) / ticks for name, value in zip(names, fields, strict=False)}


def worker(config: Any) -> str:
    """The xdist worker running in this process ("gw0"...), or "main" for the controller or a
    run without workers."""
    workerinput = getattr(config, "workerinput", None)
    return str(workerinput["workerid"]) if workerinput is not None else "main"


# ---------------------------------------------------------------------- the plugin


def pytest_sessionstart(session: Any) -> None:
    if worker(session.config) == "main":
        OUT.mkdir(parents=True, exist_ok=True)
        for old in OUT.glob("*.json*"):
            old.unlink()
        session.config._suite_cpu = (machine_seconds(), time.monotonic())


def pytest_sessionfinish(session: Any) -> None:
    started = getattr(session.config, "_suite_cpu", None)
    if started is None:
        return
    before, at = started
    after = machine_seconds()
    spent = {name: round(after[name] - before[name], 2) for name in after}
    spent["wall"] = round(time.monotonic() - at, 2)
    spent["cores"] = os.cpu_count() or 1
    (OUT / "machine.json").write_text(json.dumps(spent))


@pytest.hookimpl(wrapper=True)
def pytest_runtest_protocol(item: Any, nextitem: Any) -> Generator[None, object, object]:
    """A test's seconds, from its setup to its teardown, in the process that ran it."""
    from tests.helpers.tiers import run_of

    own, children = processor_seconds()
    at = time.monotonic()
    try:
        return (yield)
    finally:
        own_now, children_now = processor_seconds()
        line = {
            "id": item.nodeid,
            "self": round(own_now - own, 4),
            "children": round(children_now - children, 4),
            "wall": round(time.monotonic() - at, 4),
            "run": run_of(item),
        }
        with (OUT / f"tests-{worker(item.config)}.jsonl").open("a") as out:
            out.write(json.dumps(line) + "\n")


# ---------------------------------------------------------------------- the summary


def folder_of(nodeid: str) -> str:
    parts = nodeid.split("::")[0].split("/")
    return "/".join(parts[:2]) if len(parts) > 2 else parts[0]


def summary(out: Path, longest: int = 15) -> str:
    from tests.helpers.tiers import LONG_SECONDS

    lines: list[str] = []
    machine = out / "machine.json"
    if machine.exists():
        spent = json.loads(machine.read_text())
        busy = spent["user"] + spent["nice"] + spent["system"] + spent["irq"] + spent["softirq"]
        share = busy / (spent["wall"] * spent["cores"])
        lines.append(
            f"the machine: {spent['wall']:.0f} s of wall time on {spent['cores']} cores; "
            f"{busy:.0f} s of processor time (user {spent['user']:.0f}, nice "
            f"{spent['nice']:.0f}, system {spent['system']:.0f}), idle {spent['idle']:.0f} s: "
            f"the cores {share:.0%} busy"
        )
    tests = [json.loads(line) for path in out.glob("tests-*.jsonl") for line in path.open()]
    if not tests:
        return "\n".join([*lines, f"no tests measured in {out}"])
    for test in tests:
        test["cpu"] = test["self"] + test["children"]
    total = sum(test["cpu"] for test in tests)
    lines.append(f"the tests: {len(tests)}, {total:.0f} s of their processes' processor time")
    by_folder: Counter[str] = Counter()
    count: Counter[str] = Counter()
    for test in tests:
        folder = folder_of(test["id"])
        by_folder[folder] += test["cpu"]
        count[folder] += 1
    lines.append("\nby folder (seconds, tests)")
    lines += [f"{s:8.1f} {count[name]:6d}  {name}" for name, s in by_folder.most_common()]
    lines.append("\nin bands (seconds, tests)")
    edges = (0.0, *BANDS, float("inf"))
    for low, high in pairwise(edges):
        band = [test["cpu"] for test in tests if low <= test["cpu"] < high]
        words = f"{low:g} s and more" if high == float("inf") else f"{low:g} s to {high:g} s"
        lines.append(f"{sum(band):8.1f} {len(band):6d}  {words}")
    lines.append(f"\nthe {longest} longest (seconds of processor time, wall)")
    for test in sorted(tests, key=lambda test: -test["cpu"])[:longest]:
        lines.append(f"{test['cpu']:8.1f} {test['wall']:6.1f}  {test['id'][:110]}")
    families: defaultdict[str, list[float]] = defaultdict(list)
    for test in tests:
        families[test["id"].split("[")[0]].append(test["cpu"])
    beyond = {name: sum(s) - min(s) for name, s in families.items() if len(s) > 1}
    lines.append(
        f"\nparametrized tests: {len(beyond)}, {sum(beyond.values()):.0f} s beyond the "
        "cheapest variant of each"
    )
    over = [t for t in tests if t.get("run") == "default" and t["cpu"] > LONG_SECONDS]
    lines.append(
        f"\ntests of the default run over {LONG_SECONDS:g} s, to be marked long (unless the "
        f"developer's loop needs them): {len(over)}"
    )
    for test in sorted(over, key=lambda test: -test["cpu"])[:longest]:
        lines.append(f"{test['cpu']:8.1f} {test['wall']:6.1f}  {test['id'][:110]}")
    return "\n".join(lines)


if __name__ == "__main__":
    print(summary(Path(sys.argv[1]) if len(sys.argv) > 1 else OUT))
