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


def test_daily_review_opens_the_players_review_of_the_day(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """`ssh -t HOST daily review`: the duplicate review of the deals of the day he played,
    `thousand view --daily` in his own folder; the words the game tells him at the end of
    the day are the ones the server takes."""
    from thousand_tui.cli import main
    from thousand_tui.daily import Daily, today
    from thousand_tui.presets import load_preset
    from thousand_tui.priority import SESSION_MARK, Host
    from thousand_tui.tui.daily_table import played_words, review_command
    from thousand_tui.tui.i18n import Translator

    review = ssh.Request(daily=True, review=True)
    assert ssh.parse_request("daily review", ALLOWED) == review
    assert ssh.parse_request("Daily REVIEW family ru", ALLOWED) == ssh.Request(
        "family", "ru", daily=True, review=True
    )
    for request in ("daily review review", "daily board review", "daily review board"):
        with pytest.raises(ssh.Refused, match=r"does not go with daily: .* board or review"):
            ssh.parse_request(request, ALLOWED)
    monkeypatch.setenv("THOUSAND_DATA_DIR", str(tmp_path))
    env, key = olga(tmp_path)
    host = config("--presets", "classic,family", "--default", "family")
    planned = ssh.plan(host, ssh.Request(lang="ru", daily=True, review=True), env)
    assert planned.argv == ["view", "--daily", "--preset", "family", "--lang", "ru"]
    assert planned.data == tmp_path / "players" / key  # his own deals, his own try
    with pytest.raises(ssh.Refused, match="tell players apart"):
        ssh.check_identity(host, review, {})
    # What the end of the day says over SSH is a request the server takes.
    hosted = Host(hosted=True, login="thousand@cards", data=planned.data, club=tmp_path)
    day = Daily(today(), load_preset("classic"), tmp_path)
    command = review_command(day, hosted)
    assert command == "ssh -t thousand@cards daily review classic"
    assert f"`{command}`" in played_words(day, Translator("en"), hosted)
    typed = command.removeprefix("ssh -t thousand@cards ")
    assert ssh.parse_request(typed, ALLOWED) == ssh.Request("classic", daily=True, review=True)
    assert review_command(day) == "thousand view --daily"
    assert review_command(Daily(today(), load_preset("family"), tmp_path)) == (
        "thousand view --daily --preset family"
    )
    # Nothing played yet: one line, with the words he types, no `thousand` and no path.
    monkeypatch.setenv(SESSION_MARK, "1")
    monkeypatch.setenv("THOUSAND_DATA_DIR", str(planned.data))
    capsys.readouterr()
    assert main(["view", "--daily", "--preset", "family"]) == 2
    err = capsys.readouterr().err.strip()
    assert "\n" not in err and "daily family` deals them" in err
    assert "`thousand" not in err and str(tmp_path) not in err
