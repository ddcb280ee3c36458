"""The package and the test modules compiled once, before the workers start.

On a clean checkout no module is compiled yet, and every xdist worker, starting at the same
moment, compiles the package and rewrites the asserts of every test module for itself (3.5 s
of processor time each, against 1.7 s for a collection that finds them compiled). Compiled in
the process that starts the workers, each of them finds them done; where they are already
(the usual run), this only looks at the files' times."""

from __future__ import annotations

import compileall
import contextlib
import importlib
import importlib.util
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "thousand_tui"
TESTS = ROOT / "tests"


def stale_test_modules() -> list[Path]:
    """The test modules whose rewritten compiled form is missing or older than the source."""
    tag = f"{sys.implementation.cache_tag}-pytest-{pytest.__version__}"
    stale = []
    for source in sorted(TESTS.rglob("test_*.py")):
        compiled = source.parent / "__pycache__" / f"{source.stem}.{tag}.pyc"
        with contextlib.suppress(OSError):
            if compiled.stat().st_mtime >= source.stat().st_mtime:
                continue
        stale.append(source)
    return stale


def compile_before_workers() -> None:
    if sys.dont_write_bytecode:  # PYTHONDONTWRITEBYTECODE: nothing is written, by anyone
        return
    compileall.compile_dir(PACKAGE, quiet=1)
    for source in stale_test_modules():
        name = ".".join(source.relative_to(ROOT).with_suffix("").parts)
        # Imported here through pytest's assertion rewriter, which writes what it made; a
        # module that cannot be imported here (or skips itself) is left to the workers, which
        # say why. (Ctrl+C still stops the run.)
        with contextlib.suppress(Exception, pytest.skip.Exception, pytest.fail.Exception):
            if importlib.util.find_spec(name) is not None:
                importlib.import_module(name)
