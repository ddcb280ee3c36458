from __future__ import annotations

from pathlib import Path

import pytest

from thousand_tui.store.catalog import DATA_DIR_ENV
from thousand_tui.store.index import CLUB_DIR_ENV


@pytest.fixture
def data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A data folder of its own, the club index in it."""
    folder = tmp_path / "data"
    folder.mkdir()
    monkeypatch.setenv(DATA_DIR_ENV, str(folder))
    monkeypatch.delenv(CLUB_DIR_ENV, raising=False)
    return folder
