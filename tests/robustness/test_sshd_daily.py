"""The daily deal through the real OpenSSH server of the hosting tests (`sshd.py`): a person
logs in with `ssh -t HOST daily`, makes the day's first decision and plays the deal out; the
deal is kept in the host's folder, and another key's `daily board` shows his result."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.helpers.tmux import Tmux, decision_on_screen, play_together, result_on_screen
from thousand_tui.daily import today

from .sshd import Sshd
from .terminal import wait_for


def decisions(path: Path, seat: int) -> int:
    """The decisions of `seat` in a record file (none while it is not there)."""
    try:
        lines = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    except (OSError, ValueError):
        return 0
    return sum(1 for line in lines if line.get("type") == "action" and line.get("seat") == seat)


@pytest.mark.slow
def test_the_daily_over_ssh_then_the_board_shows_the_person(club: Sshd, tmux: Tmux) -> None:
    sshd = club
    date = today()
    one = sshd.log_in(tmux, "daily", 0)
    # The day's references first (once a day for the host), then the table of deal 1.
    wait_for("deal 1", lambda: "Daily deal 1 of 6" in tmux.screen(one), tmux)
    tries = sshd.data / "thousand_tui" / "daily" / date / "classic"
    (folder,) = wait_for("his try", lambda: [p for p in tries.glob("*") if p.is_dir()], tmux)
    record = folder / "deal-1.jsonl"  # in the host's folder, not in the person's own
    wait_for("his first decision", lambda: decision_on_screen(tmux.screen(one)), tmux)
    play_together(tmux, [one], lambda: decisions(record, 0) >= 1)
    assert decisions(record, 1) + decisions(record, 2) >= 1  # his opponents played too
    # The deal played out: its result is kept as the deal is settled.
    play_together(tmux, [one], lambda: result_on_screen(tmux.screen(one)), seconds=240)
    board = sshd.log_in(tmux, "daily board", 1)
    shown = tmux.wait_for("Total", pane=board)
    assert f"Daily deal {date}, Classic" in shown
    # One row: the person (his key's id, no name given), deal 1 played, the others not yet.
    (row,) = [line.split() for line in shown.splitlines() if folder.name in line]
    assert row[0] == "1" and row[2] == row[3], shown  # his total is his one deal's result
    assert row[4:] == ["·"] * 5, shown
