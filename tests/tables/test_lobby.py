"""The lobby of the table service: the public tables waiting for players, what a stranger sees
of them, private tables kept out, quick match (and two people asking at once), and AI filling
the free seats after the time the opener set."""

from __future__ import annotations

import json
import threading
from pathlib import Path

import pytest

from thousand_tui.tables.client import TableClient, TableError, list_tables, quick_match
from thousand_tui.tables.mirror import SeatMirror
from thousand_tui.tables.wire import ListRequest, Tables, Welcome, message_data

from .helpers import Seat, joined, opened, play_until, table_options


def matched(base: Path, name: str, preset: str = "classic", **options: object) -> Seat:
    client, welcome = quick_match(table_options(preset, name=name, **options), base=base)
    return Seat(client, SeatMirror(welcome))


def test_no_service_running_means_an_empty_lobby_and_none_is_started(base: Path) -> None:
    assert list_tables(base) == ()
    assert not (base / "tables" / "service.sock").exists()


@pytest.mark.long
def test_the_lobby_lists_a_public_table_waiting_with_what_a_stranger_may_see(
    base: Path,
) -> None:
    ann = opened(base, "Ann", people=[0, 1], fill=300.0)
    (table,) = list_tables(base)
    assert table.code == ann.mirror.code
    assert table.preset == "classic"
    assert (table.players, table.people, table.ai, table.free) == (3, 1, 1, 1)
    assert table.waited >= 0
    assert table.fill_in is not None and 290 < table.fill_in <= 300
    # The answer as sent holds no name, no card, no seed: only the table's own words.
    client = TableClient.connect(base, start=False)
    client.send(ListRequest())
    sent = json.dumps(message_data(client.wait_for(Tables)))
    client.close()
    assert "Ann" not in sent and "seed" not in sent and "$c" not in sent
    assert ann.mirror.code in sent


@pytest.mark.long
def test_a_private_table_stays_out_of_the_lobby_but_its_code_still_seats(base: Path) -> None:
    ann = opened(base, "Ann", private=True)
    assert list_tables(base) == ()
    bob = joined(base, ann.mirror.code, "Bob")
    assert bob.mirror.seat == 1


@pytest.mark.long
def test_a_full_or_started_table_leaves_the_lobby(base: Path) -> None:
    ann = opened(base, "Ann")
    code = ann.mirror.code
    assert [t.code for t in list_tables(base)] == [code]
    joined(base, code, "Bob")
    assert [(t.people, t.free) for t in list_tables(base)] == [(2, 1)]
    cat = joined(base, code, "Cat")
    play_until([cat], lambda: cat.mirror.started)
    assert list_tables(base) == ()


@pytest.mark.long
def test_the_fullest_table_is_listed_first(base: Path) -> None:
    lone = opened(base, "Ann")
    pair = opened(base, "Bob")
    joined(base, pair.mirror.code, "Cat")
    assert [t.code for t in list_tables(base)] == [pair.mirror.code, lone.mirror.code]


@pytest.mark.long
def test_quick_match_opens_a_table_then_seats_the_next_person_at_it(base: Path) -> None:
    ann = matched(base, "Ann")
    assert ann.mirror.seat == 0
    (table,) = list_tables(base)
    assert table.code == ann.mirror.code
    assert table.fill_in is not None and 50 < table.fill_in <= 60  # the default: a minute
    bob = matched(base, "Bob")
    assert (bob.mirror.code, bob.mirror.seat) == (ann.mirror.code, 1)
    cat = matched(base, "Cat")
    assert cat.mirror.code == ann.mirror.code
    play_until([ann, bob, cat], lambda: cat.mirror.started)  # the last seat taken: it begins
    assert cat.mirror.names == ("Ann", "Bob", "Cat")


@pytest.mark.long
def test_quick_match_goes_to_the_fullest_table_of_the_preset_only(base: Path) -> None:
    lone = opened(base, "Ann")
    pair = opened(base, "Bob")
    joined(base, pair.mirror.code, "Cat")
    hidden = opened(base, "Eve", private=True)
    dan = matched(base, "Dan")
    assert dan.mirror.code == pair.mirror.code
    assert dan.mirror.code not in (lone.mirror.code, hidden.mirror.code)
    # Another preset's table is not one of them: quick match opens a table of its own.
    fay = matched(base, "Fay", preset="two-player")
    assert fay.mirror.code not in (lone.mirror.code, pair.mirror.code, hidden.mirror.code)
    assert fay.mirror.seat == 0


def race(base: Path) -> list[tuple[TableClient, Welcome]]:
    """Two people quick match at the same moment, each from his own connection."""
    seated: list[tuple[TableClient, Welcome]] = []
    go = threading.Barrier(2)

    def ask(name: str) -> None:
        go.wait()
        seated.append(quick_match(table_options("two-player", name=name), base=base))

    threads = [threading.Thread(target=ask, args=(name,)) for name in ("Ann", "Bob")]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    return seated


@pytest.mark.long
def test_two_people_quick_matching_at_once_meet_at_one_table(base: Path) -> None:
    TableClient.connect(base).close()  # the service running, so that neither starts one
    for _round in range(3):
        seated = race(base)
        assert len(seated) == 2
        (first, one), (second, other) = seated
        assert one.code == other.code
        assert sorted((one.seat, other.seat)) == [0, 1]
        first.close()
        second.close()


@pytest.mark.long
def test_ai_fills_the_free_seats_after_the_time_the_opener_set(base: Path) -> None:
    ann = opened(base, "Ann", fill=0.5, ai_names=["Anna", "Boris"])
    assert [t.code for t in list_tables(base)] == [ann.mirror.code]
    play_until([ann], lambda: len(ann.mirror.results) >= 1)
    assert [s.kind for s in ann.mirror.seats] == ["human", "ai", "ai"]
    assert list_tables(base) == ()


@pytest.mark.long
def test_ai_fills_only_the_seats_nobody_took(base: Path) -> None:
    ann = opened(base, "Ann", fill=1.0, ai_names=["Anna", "Boris"])
    bob = joined(base, ann.mirror.code, "Bob")
    play_until([ann, bob], lambda: ann.mirror.started)
    assert [s.kind for s in ann.mirror.seats] == ["human", "human", "ai"]
    assert ann.mirror.names[:2] == ("Ann", "Bob")


@pytest.mark.long
@pytest.mark.parametrize("fill", [-1.0, 10.0**5])
def test_a_bad_fill_time_is_refused_and_opens_nothing(base: Path, fill: float) -> None:
    with pytest.raises(TableError, match="fill"):
        opened(base, "Ann", fill=fill)
    assert list_tables(base) == ()
