"""End to end: three players in three tmux terminals of this machine at one shared table,
driven by keys and read from their screens; one of them is killed and comes back."""

from __future__ import annotations

import re
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.helpers.tmux import Tmux, past_deal, play_together
from tests.helpers.waiting import wait_for
from thousand_tui.cli import main
from thousand_tui.engine.dealing import first_dealer_of
from thousand_tui.store.records import read_record

pytestmark = pytest.mark.skipif(shutil.which("tmux") is None, reason="needs tmux")

WAIT = 90.0
CODE = re.compile(r"Table ([A-Z2-9]{6})")


@pytest.fixture
def tmux(base: Path) -> Iterator[Tmux]:
    server = Tmux(base)
    server.env["THOUSAND_DATA_DIR"] = str(base)
    try:
        yield server
    finally:
        server.close()


def start(tmux: Tmux, command: str, size: tuple[int, int] = (100, 32)) -> str:
    pace = " --pace 0" if command.startswith("thousand open") else ""
    return tmux.start(f"{command}{pace}", size)


def wait_any_screen(tmux: Tmux, texts: dict[str, str]) -> str:
    """The first screen of the panes `texts` names that shows its text."""

    def shown() -> str:
        for pane, text in texts.items():
            screen = tmux.screen(pane)
            if text in screen:
                return screen
        return ""

    return wait_for(
        f"{list(texts.values())}",
        shown,
        timeout=WAIT,
        every=0.1,
        shown=lambda: "the screens:\n" + "\n".join(tmux.screen(pane) for pane in texts),
    )


@pytest.mark.long
def test_three_players_in_tmux_play_a_deal_one_killed_and_back(base: Path, tmux: Tmux) -> None:
    ann = start(tmux, "thousand open --name Ann")
    code_screen = tmux.wait_for("Waiting for friends", ann, WAIT)
    found = CODE.search(code_screen)
    assert found is not None
    code = found.group(1)
    bob = start(tmux, f"thousand join {code.lower()} --name Bob", (80, 24))
    cat = start(tmux, f"thousand join {code} --name Cat --lang ru")
    screen = tmux.wait_for(f"· Table {code}", ann, WAIT)
    # The first dealer is drawn from the table's seed, as the record keeps it.
    (path,) = (base / "games").glob("*.jsonl")
    header = read_record(path).games[0].header
    assert header["first_dealer"] == first_dealer_of(header["seed"], 3)
    dealer = header["players"][header["first_dealer"]]["name"]  # seats as they were taken
    assert f"Deal 1 · dealer: {dealer} · Table {code}" in screen
    # Bob and Cat are at the table, on Ann's panels (if Ann speaks first, her auction is
    # put away to see them; the scripted keys open it again).

    def both_here() -> str:
        screen = tmux.screen(ann)
        if screen.count("● here") == 2:
            return screen
        if "━ Auction ━" in screen:
            tmux.keys("Escape", pane=ann)
        return ""

    if screen.count("● here") != 2:
        screen = wait_for(
            "Bob and Cat on Ann's panels",
            both_here,
            timeout=WAIT,
            every=0.2,
            shown=lambda: tmux.screen(ann),
        )
    tmux.wait_for("Кон 1", cat, WAIT)

    # A few decisions, then Bob's terminal is closed: Ann's screen shows him away.
    moves = {"n": 0}

    def some_moves() -> bool:
        path = next(iter((base / "games").glob("*.jsonl")), None)
        if path is None:
            return False
        moves["n"] = sum(1 for line in path.read_text().splitlines() if '"action"' in line)
        return moves["n"] >= 3

    play_together(tmux, [ann, bob, cat], some_moves)
    tmux.kill_pane(bob)
    # Shown on Bob's panel at Ann's and at Cat's; one of them may have a decision's dialog
    # over the panels (the one to move), never both.
    wait_any_screen(tmux, {ann: "○ away", cat: "○ отошёл"})
    bob = start(tmux, f"thousand join {code} --name Bob", (80, 24))
    tmux.wait_for("Bob is at the table", ann, WAIT)
    tmux.wait_for(f"Table {code}", bob, WAIT)

    # The deal is played to its end; every screen shows its result (or has gone past it).
    shown: set[str] = set()

    def all_saw_the_result() -> bool:
        for pane in (ann, bob, cat):
            if past_deal(tmux.screen(pane), 1):
                shown.add(pane)
        return len(shown) == 3

    play_together(tmux, [ann, bob, cat], all_saw_the_result)
    (path,) = (base / "games").glob("*.jsonl")
    (game,) = read_record(path).games
    assert any(line["type"] == "result" for line in game.lines)
    assert main(["replay", str(path)]) == 0
