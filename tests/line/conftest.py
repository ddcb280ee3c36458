from __future__ import annotations

from pathlib import Path

import pytest

from tests.tui.conftest import ENGLISH
from thousand_tui.priority import Host


@pytest.fixture
def host(tmp_path: Path) -> Host:
    """A player at a terminal of his own: his games (`data`) and his choices (`config`) in
    folders of the test's, an English UTF-8 locale; nothing of the environment."""
    return Host(data=tmp_path / "data", config=tmp_path / "config", locale=ENGLISH)
