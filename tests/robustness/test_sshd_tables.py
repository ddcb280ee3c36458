"""A shared table through the real OpenSSH server of the hosting tests (`sshd.py`): three
friends, each with a key of their own, `open` and `join CODE` as the login's words; one
client is killed with `kill -9` and its player logs in again to the same seat."""

from __future__ import annotations

import os
import re
import shlex
import signal

import pytest

from tests.helpers.tmux import Tmux, past_deal, play_together
from thousand_tui.cli import main

from .sshd import Sshd
from .terminal import wait_for

CODE = re.compile(r"Table ([A-Z2-9]{6})")


# Slow: four logins through sshd, each a game in a terminal, a whole deal played (the default
# run plays a shared table in tmux, tests/tables/test_tmux.py, and a key's seat over sshd,
# test_sshd_identity.py).
@pytest.mark.slow
def test_friends_at_one_table_over_ssh(club: Sshd, tmux: Tmux) -> None:
    sshd = club
    one = sshd.log_in(tmux, "open", 0, (100, 32))
    wait_for("the waiting room", lambda: "Waiting for friends" in tmux.screen(one), tmux)
    found = CODE.search(tmux.screen(one))
    assert found is not None
    code = found.group(1)
    two = sshd.log_in(tmux, f"join {code.lower()}", 1, (100, 32))
    three = sshd.log_in(tmux, f"join {code} ru", 2, (100, 32))
    wait_for("the deal", lambda: f"Table {code}" in tmux.screen(one).splitlines()[0], tmux)
    games = sshd.data / "thousand_tui" / "games"

    def decisions() -> int:
        return sum(p.read_text().count('"type":"action"') for p in games.glob("*.jsonl"))

    play_together(tmux, [one, two, three], lambda: decisions() >= 3)
    # The second friend's client dies; the seat waits for the same key, which gets it back.
    held = re.findall(r"[─━] (Player \d) ·", tmux.screen(two))
    assert held, tmux.screen(two)
    name = held[-1]  # the hand's title (heavy on his turn): the friends sit in the order they came
    client = tmux.program_pid("ssh", two)
    assert client is not None
    os.kill(client, signal.SIGKILL)
    # On either other screen: a dialog of one's own (the exchange) may cover the panels.
    wait_for(
        "the seat shown away",
        lambda: "○ away" in tmux.screen(one) or "○ отошёл" in tmux.screen(three),
        tmux,
    )
    two = sshd.log_in(tmux, f"join {code}", 1, (100, 32))
    wait_for("the friend back", lambda: f"{name} is at the table" in tmux.screen(one), tmux)
    # A stranger's key with the code gets no seat: every seat is held.
    stranger = tmux.shell((100, 32))
    tmux.type(shlex.join(sshd.ssh("-t", f"join {code}", player=3)) + "; echo EXITED $?", stranger)
    wait_for("the stranger refused", lambda: "EXITED 2" in tmux.screen(stranger), tmux)
    assert "every seat at this table is taken" in tmux.screen(stranger)
    shown: set[str] = set()

    def every_screen_saw_the_end() -> bool:
        shown.update(pane for pane in (one, two, three) if past_deal(tmux.screen(pane), 1))
        return len(shown) == 3

    play_together(tmux, [one, two, three], every_screen_saw_the_end)
    (path,) = games.glob("*.jsonl")
    assert main(["replay", str(path)]) == 0
