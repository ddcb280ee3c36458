"""End to end: the real `thousand` in a tmux terminal, driven by keys, read from the screen.

Skipped (with the reason) where tmux is not installed; CI installs it. The test runs its own
tmux server (`-L`), so it never touches a tmux session of the person running the tests.
"""

from __future__ import annotations

import contextlib
import json
import shlex
import shutil
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.helpers.tmux import Tmux
from tests.helpers.waiting import wait_for
from thousand_tui.store.records import is_locked

pytestmark = pytest.mark.skipif(
    shutil.which("tmux") is None,
    reason="tmux is not installed; the end-to-end test drives `thousand` in tmux",
)


def quit_game(tmux: Tmux, pane: str) -> str:
    """Quit the game on the table with q, say yes, and wait for the command's end."""
    tmux.keys("q", pane=pane)
    tmux.wait_for("Quit the game?", pane)
    tmux.keys("y", pane=pane)
    return tmux.wait_for("EXITED 0", pane, history=True)


def decide_once(tmux: Tmux, pane: str, data: Path) -> None:
    """Take one decision, the first option of whatever the deal asks first (a redeal, the
    dark game, a bid), pressed again where it asks to be confirmed, and wait until the
    record holds it: a game left before any decision of yours is not one to continue.
    A deal the others redeal before you decide is passed with Enter."""
    # A decision's dialog shows its choices' keys (1–9); put away, the table says it waits.
    asked = ("1–9", ": press Enter.")
    while True:
        screen = tmux.wait_for_any(*asked, "press Enter to go on", pane=pane)
        if any(words in screen for words in asked):
            break
        tmux.keys("Enter", pane=pane)
    for _ in range(3):
        tmux.keys("1", pane=pane)
        with contextlib.suppress(AssertionError):  # not taken: pressed again
            wait_for(
                "a decision of yours in the record",
                lambda: any(yours(path) for path in data.glob("thousand_tui/games/*.jsonl")),
                timeout=5,
                every=0.05,
            )
            return
    raise AssertionError(f"no decision of yours reached the record:\n{tmux.screen(pane)}")


def yours(path: Path) -> bool:
    """Whether the record holds a decision of seat 0, you (not one the rules made)."""
    lines = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    return any(
        line.get("type") == "action" and line.get("seat") == 0 and not line.get("auto")
        for line in lines
    )


@pytest.fixture
def tmux(tmp_path: Path) -> Iterator[Tmux]:
    """A tmux server of the test's own; the game's data under `tmp_path / "data"`."""
    server = Tmux(tmp_path)
    try:
        yield server
    finally:
        server.close()


def thousand(args: str) -> str:
    """`thousand ARGS` as the console script if installed, else through this Python."""
    program = shutil.which("thousand")
    base = shlex.quote(program) if program else f"{shlex.quote(sys.executable)} -m thousand_tui"
    return f"{base} {args}"


def test_play_quit_resume_and_hang_up(tmux: Tmux, tmp_path: Path) -> None:
    data = tmp_path / "data"
    play = tmux.start(thousand("--seed 7 --ai easy --lang en"))
    screen = tmux.wait_for("Your hand:", play)  # the auction's dialog, painted
    assert "Thousand · Classic · Deal 1" in screen and "Auction" in screen
    tmux.keys("Escape", pane=play)  # put the auction away and look at the table
    tmux.wait_for("press Enter", play)
    screen = tmux.wait_for("⏎ Bid", play)  # the footer lists the keys, Enter the bid
    assert "Anna" in screen and "Boris" in screen and "Trump:" in screen
    assert "Scores:" in screen and "You 0" in screen
    assert "Sheet" in screen and "Quit" in screen
    tmux.keys("s", pane=play)
    tmux.wait_for("Score sheet", play)
    tmux.keys("Escape", "q", pane=play)
    tmux.wait_for("Quit the game?", play)
    tmux.keys("y", pane=play)
    screen = tmux.wait_for("EXITED 0", play, history=True)
    assert "game saved in" in screen
    games = list((data / "thousand_tui" / "games").glob("*.jsonl"))
    assert len(games) == 1
    lines = games[0].read_text(encoding="utf-8").splitlines()
    assert '"type":"game"' in lines[0] and any('"type":"deal"' in line for line in lines)

    # Resume it, then close the terminal under it: SIGHUP ends the app; nothing is lost.
    again = tmux.start(thousand("--resume --lang en"))
    screen = tmux.wait_for("Game resumed at deal 1.", again)
    before = games[0].read_bytes()
    assert is_locked(games[0])  # the resumed game holds its record
    tmux.kill_pane(again)
    # The game has ended once it lets go of its record (the lock goes with the process).
    wait_for("the game to let go of its record after the hang-up", lambda: not is_locked(games[0]))
    assert games[0].read_bytes().startswith(before)

    third = tmux.start(thousand("--resume --lang en"))
    screen = tmux.wait_for("Game resumed at deal 1.", third)
    tmux.keys("C-c", pane=third)  # Ctrl+C quits at once; the game stays resumable
    screen = tmux.wait_for("EXITED 0", third, history=True)
    assert "thousand --resume" in screen


def test_from_the_start_screen_to_the_table_and_back(tmux: Tmux, tmp_path: Path) -> None:
    data = tmp_path / "data"
    start = tmux.start(thousand(""))
    tmux.wait_for("‹ Classic ›", start)
    screen = tmux.wait_for("↑↓ Move", start)  # the footer, painted last
    assert "Start a new game" in screen and "Continue a game" not in screen
    tmux.keys("Down", "Right", pane=start)  # the family preset
    tmux.wait_for("‹ Family home rules ›", start)
    tmux.keys("Up", "Enter", pane=start)
    tmux.wait_for("Thousand · Family home rules · Deal 1", start)
    decide_once(tmux, start, data)
    quit_game(tmux, start)

    # The next start remembers the table and offers the game to continue.
    again = tmux.start(thousand(""))
    tmux.wait_for("Continue a game", again)
    tmux.wait_for("‹ Family home rules ›", again)
    tmux.wait_for("Family home rules · deal ", again)
    # The start line, seven settings, the conventions; the heading is skipped.
    tmux.keys(*["Down"] * 9, pane=again)
    tmux.keys("Enter", pane=again)
    tmux.wait_for("Game resumed at deal ", again)  # the log behind the dialog at its end
    tmux.keys("C-c", pane=again)
    tmux.wait_for("EXITED 0", again, history=True)


@pytest.mark.long
def test_a_hosted_login_without_words_opens_the_start_screen_of_the_whitelist(
    tmux: Tmux,
) -> None:
    hosted = tmux.start(
        "SSH_ORIGINAL_COMMAND= " + thousand("ssh-session --presets family,two-player")
    )
    screen = tmux.wait_for("Start a new game", hosted)
    assert "‹ Family home rules ›" in screen
    tmux.keys("Down", "Right", pane=hosted)
    tmux.wait_for("‹ Two players ›", hosted)
    tmux.keys("Right", pane=hosted)  # round to the first again: nothing else is offered
    tmux.wait_for("‹ Family home rules ›", hosted)
    tmux.keys("Up", "Enter", pane=hosted)
    tmux.wait_for("Thousand · Family home rules · Deal 1", hosted)
    screen = quit_game(tmux, hosted)
    assert "game saved; continue it with `ssh -t " in screen and "@HOST resume`" in screen


def test_a_bad_flag_is_refused_before_the_screen_opens(tmux: Tmux) -> None:
    bad = tmux.start(thousand("--preset no-such-table"))
    screen = tmux.wait_for("EXITED 2", bad, history=True)
    assert "unknown preset 'no-such-table'" in screen


def test_leaving_a_game_says_where_it_is_saved_in_the_players_language(
    tmux: Tmux, tmp_path: Path
) -> None:
    play = tmux.start(thousand("--seed 7 --ai easy --lang ru"))
    tmux.wait_for("Торговля", play)
    tmux.keys("Escape", "q", pane=play)
    tmux.wait_for("y Выход", play)
    tmux.keys("y", pane=play)
    screen = tmux.wait_for("EXITED 0", play, history=True)
    assert "thousand: игра сохранена в " in screen
    assert "thousand: продолжить: `thousand --resume`" in screen
