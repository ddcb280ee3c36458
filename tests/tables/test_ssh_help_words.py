"""`ssh HOST help` names every command a player may type, watching and tournaments too, in
the reader's language, and each command it names is one the server takes."""

from __future__ import annotations

import re

import pytest

from tests.helpers.ssh import config
from thousand_tui import ssh

COMMANDS = (
    "watch CODE",
    "tournaments play NAME",
    "tournaments show NAME",
    "tournaments review NAME",
    "tournaments open NAME --preset P --deals N --opens TIME --closes TIME",
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
