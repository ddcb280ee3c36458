"""A daily deal left in the middle on one host of a club is taken up there only: its record
is that host's, and another host never deals it again (the player would see its cards twice);
he is told where it waits, in his language. Once settled, the next deal is dealt anywhere."""

from __future__ import annotations

import io
import json
import random
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path

import pytest

from thousand_tui.daily import REFERENCE_NAME, Daily, DealtElsewhere, day_folder, today
from thousand_tui.engine.game import Game, PlayerInfo
from thousand_tui.line.club import daily_by_lines
from thousand_tui.options import TableFlags
from thousand_tui.presets import load_preset
from thousand_tui.priority import Host
from thousand_tui.private import private_dir
from thousand_tui.settings import TableSetup
from thousand_tui.store.index import DailyResult, open_club
from thousand_tui.tournament import Tournament, open_tournament
from thousand_tui.translations import error_text
from thousand_tui.tui.daily_table import DailyRun

PEOPLE = [PlayerInfo("Olga", "human"), PlayerInfo("Anna", "ai", "hard"), PlayerInfo("B", "ai")]
OLGA = "key-olga"


def some_moves(game: Game, moves: int) -> None:
    rng = random.Random(moves)
    for _ in range(moves):
        seat = game.to_move
        assert seat is not None
        game.apply(rng.choice(game.legal_actions(seat)))


def test_a_deal_left_on_a_is_taken_up_on_a_only(two: tuple[Host, Host]) -> None:
    a, b = two
    date = today()
    days = [Daily(date, load_preset("classic"), h.club_dir, h.database) for h in (a, b)]
    for host in (a, b):  # the references known: none to compute
        folder = day_folder(date, "classic", host.club_dir)
        private_dir(folder)
        (folder / REFERENCE_NAME).write_text(json.dumps([0] * 6))
    with open_club(a) as index:
        opened = days[0].open_deal(index, OLGA, PEOPLE)
        assert opened is not None and opened.number == 1
        some_moves(opened.game, 3)
        opened.writer.close()  # left in the middle, on A
    with open_club(b) as index, pytest.raises(DealtElsewhere) as refused:
        days[1].open_deal(index, OLGA, PEOPLE)
    assert not list(b.club_dir.glob("daily/*/*/key-olga/*.jsonl"))  # nothing dealt on B
    assert "deal 1" in str(refused.value) and "host-a" in str(refused.value)
    assert "host-a" in error_text("pl", refused.value) and "rozdanie 1" in error_text(
        "pl", refused.value
    )
    # By lines on B, in Czech: one line, the daily not started.
    out, errors = io.StringIO(), io.StringIO()
    olga_on_b = Host(data=b.data_dir / "players" / OLGA, club=b.club_dir, database=b.database)
    olga_on_b = replace(olga_on_b, node="host-b")
    flags = TableFlags(host=olga_on_b, lang="cs", preset="classic")
    assert daily_by_lines(flags, io.StringIO(), out, errors=errors) == 2
    assert errors.getvalue() == error_text("cs", refused.value) + "\n"

    with open_club(a) as index:  # A takes it up where it stopped
        again = days[0].open_deal(index, OLGA, PEOPLE)
        assert again is not None and again.resumed and again.number == 1
        again.writer.close()
        index.add_daily_results([DailyResult(date, "classic", OLGA, 1, 60, 0)])
    with open_club(b) as index:  # settled: deal 2 is dealt on B
        second = days[1].open_deal(index, OLGA, PEOPLE)
        assert second is not None and second.number == 2 and not second.resumed
        second.writer.close()
    with open_club(a) as index, pytest.raises(DealtElsewhere, match="host-b") as refused:
        days[0].open_deal(index, OLGA, PEOPLE)
    # At A's table, the deal after the one settled: the table ends saying where it waits.
    olga_on_a = replace(olga_on_b, data=a.data_dir / "players" / OLGA, club=a.club_dir)
    olga_on_a = replace(olga_on_a, node="host-a")
    setup = TableSetup(preset=load_preset("classic"), lang="uk", host=olga_on_a)
    run = DailyRun(days[0], OLGA, setup, again)
    assert run.next_session() is None and not run.finished
    assert run.stopped == error_text("uk", refused.value)


def test_a_tournament_deal_too(two: tuple[Host, Host]) -> None:
    a, b = two
    spec = open_tournament("Cup", "classic", 2, "now", "+2h", base=a.club_dir, database=a.database)
    assert spec.state(datetime.now(UTC)) == "open"
    on_a, on_b = (Tournament.of(spec, h.club_dir, h.database) for h in (a, b))
    with open_club(b) as index:
        opened = on_b.open_deal(index, OLGA, PEOPLE)
        assert opened is not None
        opened.writer.close()
    with open_club(a) as index, pytest.raises(DealtElsewhere, match="host-b"):
        on_a.open_deal(index, OLGA, PEOPLE)


def test_one_host_deals_as_before(data: Path) -> None:
    alone = Host(data=data)
    day = Daily("2026-12-06", load_preset("classic"), alone.club_dir)
    with open_club(alone) as index:
        opened = day.open_deal(index, OLGA, PEOPLE)
        assert opened is not None
        opened.writer.close()
        assert index.database.execute("SELECT count(*) FROM deals_dealt").fetchone()[0] == 0
