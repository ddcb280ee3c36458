"""`ssh -t HOST daily`: checked like every other word, and turned into `thousand daily` for
the player's own folder, the day's deals and results kept in the host's."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.helpers.ssh import config, olga
from thousand_tui import ssh

ALLOWED = ["classic", "family"]


def test_the_word_daily() -> None:
    assert ssh.parse_request("daily", ALLOWED) == ssh.Request(daily=True)
    assert ssh.parse_request("DAILY ru", ALLOWED) == ssh.Request(lang="ru", daily=True)
    assert ssh.parse_request("daily family board", ALLOWED) == ssh.Request(
        "family", daily=True, board=True
    )
    for request in (
        "daily daily",
        "daily ru en",
        "daily classic family",
        "daily resume",
        "daily x",
    ):
        with pytest.raises(ssh.Refused, match="does not go with daily"):
            ssh.parse_request(request, ALLOWED)


def test_daily_plays_in_the_players_folder_for_the_host(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("THOUSAND_DATA_DIR", str(tmp_path))
    env, key = olga(tmp_path)
    host = config("--presets", "classic,family", "--default", "family", "--ai", "easy")
    played = ssh.plan(host, ssh.Request(lang="ru", daily=True), env)
    # the host's default preset; hard opponents whatever the host's --ai; no seed anywhere
    assert played.argv == ["daily", "--preset", "family", "--lang", "ru"]
    assert played.data == tmp_path / "players" / key
    board = ssh.plan(host, ssh.Request("classic", daily=True, board=True), env)
    assert board.argv == ["daily", "--preset", "classic", "--board"]
    # One try a person: a server that cannot tell people apart refuses the daily.
    with pytest.raises(ssh.Refused, match="tell players apart"):
        ssh.check_identity(host, ssh.Request(daily=True), {})
    ssh.check_identity(host, ssh.Request(daily=True), env)
    assert "`daily`" in ssh.usage(host)
