"""`ssh HOST help` names every command a player may type, watching, tournaments and the daily's
review too, in the reader's language, and each command it names is one the server takes."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from tests.helpers.ssh import config, olga
from thousand_tui import ssh
from thousand_tui.presets import load_preset
from thousand_tui.priority import SESSION_MARK
from thousand_tui.simulate import play_game

COMMANDS = (
    "watch CODE",
    "tournaments play NAME",
    "tournaments show NAME",
    "tournaments review NAME",
    "tournaments open NAME --preset P --deals N --opens TIME --closes TIME",
    "view",
    "view N",
    "daily review",
)


@pytest.mark.parametrize("lang", ["en", "ru", "uk", "pl", "cs"])
def test_help_names_watching_and_the_tournaments(lang: str) -> None:
    host = config("--presets", "classic,family", "--default", "classic")
    text = ssh.usage(host, "cards", lang)
    quoted = re.findall(r"`([^`]+)`", text)
    for command in COMMANDS:
        assert command in quoted, (lang, command)
    assert "`tournaments`" in text


def test_each_command_help_names_is_taken() -> None:
    allowed = ["classic", "family"]
    assert ssh.parse_request("watch K7QM2P", allowed).watch == "K7QM2P"
    assert ssh.parse_request("tournaments", allowed).tournament == ("list", "", ())
    for action in ("play", "show", "review"):
        request = ssh.parse_request(f"tournaments {action} Winter Cup", allowed)
        assert request.tournament == (action, "Winter Cup", ())
    opened = ssh.parse_request(
        "tournaments open Cup --preset classic --deals 12 --opens now --closes +2h", allowed
    )
    assert opened.tournament == (
        "open",
        "Cup",
        ("--preset", "classic", "--deals", "12", "--opens", "now", "--closes", "+2h"),
    )
    assert ssh.parse_request("daily review", allowed).review


def test_view_steps_through_a_saved_game_of_ones_own_by_its_number(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    allowed = ["classic"]
    assert ssh.parse_request("view 3", allowed) == ssh.Request(view=3)
    assert ssh.parse_request("view 3 ru", allowed) == ssh.Request(lang="ru", view=3)
    assert ssh.parse_request("view", allowed) == ssh.Request(view=0)  # the list
    assert ssh.parse_request("VIEW uk", allowed) == ssh.Request(lang="uk", view=0)
    for bad in ("view /etc/passwd", "view ../x", "view 0", "view 3 ru en", "view -1", "view ٣"):
        with pytest.raises(ssh.Refused, match="view needs the number of one of your saved"):
            ssh.parse_request(bad, allowed)
    monkeypatch.setenv("THOUSAND_DATA_DIR", str(tmp_path))
    env, key = olga(tmp_path)
    host = config("--presets", "classic", "--default", "classic")
    one = ssh.plan(host, ssh.Request(lang="ru", view=3), env)
    assert one.argv == ["view", "3", "--lang", "ru"] and one.data == tmp_path / "players" / key
    listed = ssh.plan(host, ssh.Request(view=0), env)
    assert listed.argv == ["games"] and listed.data == one.data
    # The list a hosted player is shown names the command as he types it.
    from thousand_tui.cli import main

    monkeypatch.setenv(SESSION_MARK, "1")
    monkeypatch.setenv("THOUSAND_DATA_DIR", str(one.data))
    lines: list[dict[str, Any]] = []
    play_game(load_preset("classic").rules, 5, ["easy"] * 3, sink=lines.append, max_deals=1)
    record = one.data / "games" / "2026-12-06T100000-classic.jsonl"
    record.parent.mkdir(parents=True)
    record.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    capsys.readouterr()
    assert main(["games"]) == 0
    said = capsys.readouterr().out
    assert "view NUMBER`" in said and "`thousand " not in said
    assert str(tmp_path) not in said and "Your saved games" in said  # no path of the server
    assert "resume`" in said and "--delete" not in said
