"""bench/soak.py --trace: what it says grew inside the game's process, from two snapshots."""

from __future__ import annotations

import gc
import importlib.util
import pickle
import sys
import tracemalloc
from collections import Counter
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[2]


def soak() -> ModuleType:
    if "bench_soak" in sys.modules:
        return sys.modules["bench_soak"]
    spec = importlib.util.spec_from_file_location("bench_soak", ROOT / "bench" / "soak.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["bench_soak"] = module  # (its dataclasses look their module up)
    spec.loader.exec_module(module)
    return module


class Kept:
    """What the "game" keeps between the two snapshots."""

    def __init__(self, n: int) -> None:
        self.text = f"kept {n} " * 40


def taken(bench: ModuleType, path: Path, traced: bool) -> Path:
    """A snapshot as the traced game writes it (`traced_game`)."""
    gc.collect()
    counts = Counter(bench.type_name(type(thing)) for thing in gc.get_objects())
    first = tracemalloc.take_snapshot() if traced else bench.small_blocks()
    path.write_bytes(pickle.dumps((first, dict(counts), 60.0, bench.holders())))
    return path


@pytest.mark.long
def test_the_report_names_where_the_memory_grew_and_which_types(tmp_path: Path) -> None:
    bench = soak()
    tracemalloc.start(4)
    try:
        before = taken(bench, tmp_path / "deal-5.pickle", traced=True)
        kept = [Kept(n) for n in range(2_000)]  # the growth, on this line
        after = taken(bench, tmp_path / "deal-40.pickle", traced=True)
    finally:
        tracemalloc.stop()
    lines = bench.traced_report(before, after, 4)
    assert lines[0] == "from deal-5 to deal-40: RSS 60.0 -> 60.0 MB"
    top = lines.index(next(line for line in lines if "KiB" in line))
    assert "KiB" in lines[top] and int(lines[top].split("blocks")[0].split()[-1]) >= 2_000
    frames = [line.strip() for line in lines[top + 1 : top + 5]]  # the most recent first
    assert f"{Path(__file__)}:{kept_line()}" in frames, lines[top : top + 5]
    grown = lines[lines.index("  types whose live objects grew most") + 1 :]
    assert any(line.split() == ["+2000", f"{__name__}.Kept"] for line in grown), grown
    assert len(kept) == 2_000


def kept_line() -> int:
    source = Path(__file__).read_text().splitlines()
    return 1 + next(i for i, line in enumerate(source) if "# the growth, on this line" in line)


@pytest.mark.long
@pytest.mark.skipif(not hasattr(sys, "_debugmallocstats"), reason="CPython only")
def test_untraced_it_reads_pythons_allocator(tmp_path: Path) -> None:
    """`--trace 0`: no tracing, Python's small-object allocator read instead (its arenas and
    the bytes of its blocks in use), which tracemalloc would hide."""
    bench = soak()
    assert not tracemalloc.is_tracing()
    before = taken(bench, tmp_path / "deal-5.pickle", traced=False)
    kept = [Kept(n) for n in range(5_000)]
    after = taken(bench, tmp_path / "deal-40.pickle", traced=False)
    lines = bench.traced_report(before, after, 0)
    in_use = next(line for line in lines if "bytes in allocated blocks" in line)
    grown = int(in_use.rsplit("(", 1)[1].rstrip(")").replace(",", ""))
    assert grown > 5_000 * 400  # each Kept's text alone is over 400 bytes
    assert any("arenas allocated current" in line for line in lines)
    assert len(kept) == 5_000
