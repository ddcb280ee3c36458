"""A `Host` made without its folders (a test's, a script's) takes the environment's once it is
resolved, and keeps them whatever the environment says later; one that says its folders keeps
them."""

from __future__ import annotations

from pathlib import Path

import pytest

from thousand_tui.priority import CLUB_DIR_ENV, DATA_DIR_ENV, HOSTED, LOCAL, Host


def environment(root: Path, **extra: str) -> dict[str, str]:
    return {
        "HOME": str(root / "home"),
        "XDG_DATA_HOME": str(root / "data"),
        "XDG_CONFIG_HOME": str(root / "config"),
        **extra,
    }


def test_a_host_without_folders_takes_the_environments_when_resolved(tmp_path: Path) -> None:
    env = environment(tmp_path, **{CLUB_DIR_ENV: str(tmp_path / "club")})
    host = HOSTED.resolved(env)
    assert host.hosted
    assert host.data == tmp_path / "data" / "thousand_tui"
    assert host.config == tmp_path / "config" / "thousand_tui"
    assert host.club == tmp_path / "club"
    # Said once: a later environment changes nothing.
    later = environment(tmp_path / "later", **{DATA_DIR_ENV: str(tmp_path / "elsewhere")})
    assert host.resolved(later) is host
    assert host.data_dir == tmp_path / "data" / "thousand_tui"


def test_a_host_that_says_its_data_folder_keeps_it_and_its_club_is_there(
    tmp_path: Path,
) -> None:
    own = Host(data=tmp_path / "own")
    env = environment(tmp_path, **{CLUB_DIR_ENV: str(tmp_path / "club")})
    host = own.resolved(env)
    assert host.data == tmp_path / "own"
    assert host.config == tmp_path / "config" / "thousand_tui"
    assert host.club is None and host.club_dir == tmp_path / "own"


def test_a_resolved_host_does_not_follow_the_environment(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(DATA_DIR_ENV, str(tmp_path / "first"))
    monkeypatch.delenv(CLUB_DIR_ENV, raising=False)
    held = LOCAL.resolved()
    monkeypatch.setenv(DATA_DIR_ENV, str(tmp_path / "second"))
    assert held.data_dir == held.club_dir == tmp_path / "first"
    assert LOCAL.data_dir == LOCAL.club_dir == tmp_path / "second"  # unsaid: as it is now
