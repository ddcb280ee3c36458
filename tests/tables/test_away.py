"""A person back at his seat is told what an AI played for him while he was away, once, and
nobody else is told it."""

from __future__ import annotations

from pathlib import Path

import pytest

from thousand_tui.engine.actions import Act, Action, plain
from thousand_tui.settings import TableSetup
from thousand_tui.store.records import read_record
from thousand_tui.tables.service import MAX_AWAY, SeatState
from thousand_tui.tui import create_app
from thousand_tui.tui.shared import join_shared
from thousand_tui.tui.widgets.log import GameLog

from .helpers import Seat, at_table, is_shared_table, joined, leaves, opened, play_until, pump

BOB = "key-b0b"  # Bob's login key: it alone takes his seat back


def decisions_of(base: Path, seat: int) -> list[Action]:
    """The decisions of `seat` in the table's record, as written (the engine's forced moves
    aside)."""
    (path,) = (base / "games").glob("*.jsonl")
    lines = read_record(path).games[-1].lines
    return [
        Action.from_record(line)
        for line in lines
        if line.get("type") == "action" and line.get("seat") == seat and not line.get("auto")
    ]


def bob_away_while_the_ai_plays(base: Path, moves: int) -> tuple[Seat, Seat, str]:
    """Ann, Bob and Cat at a table; Bob, who has not decided anything yet, leaves, and an AI
    makes at least `moves` decisions in his seat."""
    ann = opened(base, "Ann", timeout=0.1)
    code = ann.mirror.code
    bob = joined(base, code, "Bob", who=BOB)
    cat = joined(base, code, "Cat")
    play_until([ann, bob, cat], lambda: bob.mirror.view is not None, play=False)
    leaves(bob, [ann, cat])
    play_until([ann, cat], lambda: len(decisions_of(base, 1)) >= moves or ann.mirror.over)
    return ann, cat, code


@pytest.mark.long
def test_the_one_back_is_told_exactly_what_the_ai_played_for_him(base: Path) -> None:
    ann, cat, code = bob_away_while_the_ai_plays(base, 3)
    back = joined(base, code, "Bob", who=BOB)
    play_until([back], lambda: back.mirror.view is not None, play=False)
    played = decisions_of(base, 1)  # every decision of Bob's seat, all the AI's
    assert len(played) >= 3
    assert back.away == played
    assert all(action.seat == 1 for action in back.away)
    # Nobody else learns what was played for Bob, beyond what the table showed them.
    play_until([ann, cat, back], lambda: ann.mirror.seats[1].connected, play=False)
    assert ann.away == [] and cat.away == []
    # Told once: back again from a new connection, nothing was played for him meanwhile.
    again = joined(base, code, "Bob", who=BOB)
    play_until([again], lambda: again.mirror.view is not None, play=False)
    assert again.away == []


def test_the_moves_kept_for_a_person_away_are_bounded() -> None:
    seat = SeatState("human", "Bob", "key-bob")
    bids = [plain(1, Act.BID, 100 + 5 * n) for n in range(MAX_AWAY + 7)]
    for bid in bids:
        seat.played_for(bid)
    assert seat.away == bids[-MAX_AWAY:] and seat.away_count == MAX_AWAY + 7
    ai = SeatState("ai", "Vera")
    ai.played_for(bids[0])
    assert ai.away == [] and ai.away_count == 0


@pytest.mark.long
async def test_the_log_says_what_was_played_for_you(base: Path) -> None:
    ann, cat, code = bob_away_while_the_ai_plays(base, 2)
    shared = join_shared(code, name="Bob", base=base, lang="ru", who=BOB)
    app = create_app(TableSetup.of(lang="ru", pace=0.0, ascii=True), seat=shared)
    async with app.run_test(size=(120, 36)) as pilot:
        await pump(pilot, [ann, cat], lambda: at_table(app))
        table = app.table
        assert is_shared_table(table)
        log = table.query_one(GameLog)
        await pump(pilot, [ann, cat], lambda: any("ИИ" in line for line in log.lines_written))
        played = decisions_of(base, 1)
        (line,) = [line for line in log.lines_written if "за вас играл ИИ" in line]
    words = [
        {"pass": "пас"}.get(a.act.value) or (f"ставка {a.value}" if a.act is Act.BID else "")
        for a in played
    ]
    assert line.startswith("Пока вас не было, за вас играл ИИ: ")
    assert line.count(";") == len(played) - 1
    for word in words:
        if word:
            assert word in line
    ann.close()
    cat.close()
