from __future__ import annotations

from pathlib import Path

import pytest

from thousand_tui.saves import DATA_DIR_ENV


@pytest.fixture
def data_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An empty `XDG_DATA_HOME` of its own; saved games go to `<it>/thousand_tui/games`."""
    home = tmp_path / "xdg-data"
    monkeypatch.setenv("XDG_DATA_HOME", str(home))
    monkeypatch.delenv(DATA_DIR_ENV, raising=False)
    return home
