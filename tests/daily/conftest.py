from __future__ import annotations

from pathlib import Path

import pytest

from thousand_tui import daily
from thousand_tui.ai import HardPlayer, seat_seed
from thousand_tui.store.catalog import DATA_DIR_ENV
from thousand_tui.store.index import CLUB_DIR_ENV


@pytest.fixture
def host(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A host's data folder (the club's), one hosted player's folder in it."""
    folder = tmp_path / "host"
    folder.mkdir()
    monkeypatch.setenv(DATA_DIR_ENV, str(folder))
    monkeypatch.delenv(CLUB_DIR_ENV, raising=False)
    return folder


@pytest.fixture
def quick_reference(monkeypatch: pytest.MonkeyPatch) -> None:
    """A reference `hard` of small budgets (still deterministic), for tests of the rest."""

    def player(seat: int) -> HardPlayer:
        return HardPlayer(seat_seed(daily.REFERENCE_SEED, seat), samples=1, node_budget=500)

    monkeypatch.setattr(daily, "reference_player", player)
