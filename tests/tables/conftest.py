from __future__ import annotations

import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from thousand_tui.store.catalog import DATA_DIR_ENV

from .helpers import stop_service


@pytest.fixture
def base(monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A data directory of its own, with a path short enough for a socket; its table
    service is stopped afterwards."""
    folder = Path(tempfile.mkdtemp(prefix="tt-", dir="/tmp"))
    monkeypatch.setenv(DATA_DIR_ENV, str(folder))
    try:
        yield folder
    finally:
        stop_service(folder)
        shutil.rmtree(folder, ignore_errors=True)
