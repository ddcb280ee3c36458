from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.helpers.folders import short_folder
from thousand_tui.store.catalog import DATA_DIR_ENV


@pytest.fixture
def base(monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A data directory of its own, with a path short enough for a socket; its table
    service is stopped afterwards."""
    with short_folder("tt-") as folder:
        monkeypatch.setenv(DATA_DIR_ENV, str(folder))
        yield folder
