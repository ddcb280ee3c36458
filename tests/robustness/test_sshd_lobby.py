"""The lobby through the real OpenSSH server of the hosting tests (`sshd.py`), three people
each with a key of their own: one opens a table from his lobby, the second sees it in his
and sits at it with Enter, the third quick-matches into the same table, and the deal begins;
the third leaves the table and is back in his lobby, and q there ends his session."""

from __future__ import annotations

import re

import pytest

from tests.helpers.tmux import Tmux

from .sshd import Sshd
from .terminal import wait_for

CODE = re.compile(r"Table ([A-Z2-9]{6})")


# Slow: three logins through sshd, each a lobby and a table in a terminal (the default run
# drives the lobby in-process, tests/tables/test_lobby_screen.py, and logs keys in over sshd,
# test_sshd_identity.py).
@pytest.mark.slow
def test_open_from_the_lobby_then_a_stranger_sits_and_another_quick_matches(
    club: Sshd, tmux: Tmux
) -> None:
    sshd = club
    one = sshd.log_in(tmux, "lobby", 0)
    wait_for("the lobby", lambda: "No table is waiting" in tmux.screen(one), tmux)
    tmux.keys("o", pane=one)
    wait_for("the presets", lambda: "Open a table" in tmux.screen(one), tmux)
    tmux.keys("Enter", pane=one)  # the host's first: classic, three players
    wait_for("the waiting room", lambda: "AI takes the free seats" in tmux.screen(one), tmux)
    found = CODE.search(tmux.screen(one))
    assert found is not None
    code = found.group(1)
    # The second key's lobby, in Russian, shows the table; Enter sits at it.
    two = sshd.log_in(tmux, "lobby ru", 1)
    wait_for("the table listed", lambda: code in tmux.screen(two), tmux)
    assert "1 из 3" in tmux.screen(two)
    tmux.keys("Enter", pane=two)
    wait_for("the second seat", lambda: f"Стол {code}" in tmux.screen(two), tmux)
    wait_for("both in", lambda: "● here" in tmux.screen(one), tmux)
    # The third quick-matches: the fullest table of the preset is this one, and it begins.
    three = sshd.log_in(tmux, "lobby", 2)
    wait_for("the table listed", lambda: "2 of 3" in tmux.screen(three), tmux)
    tmux.keys("m", pane=three)
    wait_for("the presets", lambda: "Quick match" in tmux.screen(three), tmux)
    tmux.keys("Enter", pane=three)
    for pane in (one, two, three):
        wait_for(
            "the deal",
            lambda pane=pane: code in tmux.screen(pane).splitlines()[0],  # type: ignore[misc]
            tmux,
        )
    assert "Waiting for friends" not in tmux.screen(one)
    # Leaving the table comes back to the lobby, not out of the session; q there ends it.
    tmux.keys("q", pane=three)
    wait_for("asked", lambda: "Quit the game?" in tmux.screen(three), tmux)
    tmux.keys("y", pane=three)
    wait_for("the lobby again", lambda: "Lobby: the tables" in tmux.screen(three), tmux)
    wait_for(
        "the note of the seat kept",
        lambda: f"Your seat at table {code} waits" in " ".join(tmux.screen(three).split()),
        tmux,
    )
    tmux.keys("q", pane=three)
    wait_for("the session over", lambda: "Lobby: the tables" not in tmux.screen(three), tmux)
