"""The table service with clients driven by a script: three people play a deal, come and go,
an AI stands in for the one away, and the record replays."""

from __future__ import annotations

import os
import signal
import time
from pathlib import Path

import pytest

from thousand_tui.cli import main
from thousand_tui.engine.events import CardGiven, TalonTaken
from thousand_tui.store.records import read_record
from thousand_tui.tables.client import TableError, join_table
from thousand_tui.tables.mirror import SeatMirror
from thousand_tui.tables.wire import StartRequest
from thousand_tui.tui.session import ai_name_in

from .helpers import Seat, joined, leaves, opened, play_until, service_pid, wait_gone


def table_of_three(base: Path, **options: object) -> list[Seat]:
    ann = opened(base, "Ann", **options)
    code = ann.mirror.code
    bob = joined(base, code, "Bob")
    cat = joined(base, code.lower(), "Cat")  # codes are read in any case
    return [ann, bob, cat]


def record_of(base: Path) -> Path:
    (path,) = (base / "games").glob("*.jsonl")
    return path


@pytest.mark.long
def test_three_clients_play_a_whole_deal_each_seeing_only_their_seat(base: Path) -> None:
    seats = table_of_three(base)
    play_until(seats, lambda: all(len(s.mirror.results) >= 1 for s in seats))
    for number, seat in enumerate(seats):
        mirror = seat.mirror
        assert mirror.seat == number
        assert mirror.names == ("Ann", "Bob", "Cat")
        assert seat.moves > 0
        assert mirror.view is not None and mirror.view.seat == number
        # Cards given face down to someone else reach this seat without the card.
        for event in seat.events:
            if isinstance(event, CardGiven) and not event.visible_to(number):
                assert event.card is None
            if isinstance(event, TalonTaken) and not event.visible_to(number):
                assert event.cards == ()
    # Everyone saw the same result, and the record, written as the game went, replays.
    assert seats[0].mirror.results[0] == seats[1].mirror.results[0] == seats[2].mirror.results[0]
    path = record_of(base)
    (game,) = read_record(path).games
    assert [p["name"] for p in game.header["players"]] == ["Ann", "Bob", "Cat"]
    assert main(["replay", str(path)]) == 0


@pytest.mark.long
def test_a_killed_client_rejoins_its_seat_with_its_cards(base: Path) -> None:
    ann, bob, cat = table_of_three(base, timeout=30.0)
    play_until([ann, bob, cat], lambda: bob.mirror.view is not None)
    hand = bob.mirror.view.hand if bob.mirror.view else None
    bob.close()
    play_until(
        [ann, cat],
        lambda: bool(ann.mirror.seats) and not ann.mirror.seats[1].connected,
        play=False,
    )
    assert ann.mirror.seats[1].taken
    # Someone else with the code cannot take Bob's seat: the table is full.
    with pytest.raises(TableError, match="every seat"):
        join_table(ann.mirror.code, name="Eve", base=base)
    again = joined(base, ann.mirror.code, "Bob")
    assert again.mirror.seat == 1
    play_until([again], lambda: again.mirror.view is not None, play=False)
    assert again.mirror.view is not None and again.mirror.view.hand == hand
    play_until([ann, again, cat], lambda: len(ann.mirror.results) >= 1)


@pytest.mark.long
def test_an_ai_plays_for_the_one_away_and_hands_the_seat_back(base: Path) -> None:
    ann, bob, cat = table_of_three(base, timeout=0.3)
    play_until([ann, bob, cat], lambda: bob.mirror.view is not None, play=False)
    leaves(bob, [ann, cat])
    assert ann.mirror.seats[1].taken
    # With Bob away the game goes on: after the timeout his seat's decisions are made for him.
    play_until([ann, cat], lambda: _bob_to_move(ann) or ann.mirror.turn >= 3)
    start = ann.mirror.turn
    play_until([ann, cat], lambda: ann.mirror.turn >= start + 12 or ann.mirror.over)
    assert ann.mirror.seats[1].ai_playing
    back = joined(base, ann.mirror.code, "Bob")
    assert back.mirror.seat == 1
    play_until([ann, cat, back], lambda: ann.mirror.seats[1].connected, play=False)
    assert not ann.mirror.seats[1].ai_playing
    # Back at the table: when it is his turn, the table waits for him, not for an AI.
    back.hold = True
    play_until([ann, cat, back], lambda: _bob_to_move(ann))
    waiting = ann.mirror.turn
    time.sleep(1.0)  # real time must pass: three times the 0.3 s an absent seat is given
    play_until([ann, cat, back], lambda: True)
    assert ann.mirror.turn == waiting and _bob_to_move(ann)
    back.hold = False
    play_until([ann, cat, back], lambda: ann.mirror.turn > waiting)
    assert back.moves >= 1


def _bob_to_move(seat: Seat) -> bool:
    view = seat.mirror.view
    return view is not None and view.to_move == 1


@pytest.mark.long
def test_the_opener_leaves_and_the_others_finish_the_deal(base: Path) -> None:
    ann, bob, cat = table_of_three(base, timeout=0.2)
    play_until([ann, bob, cat], lambda: ann.mirror.view is not None, play=False)
    ann.close()
    # Both, not just Bob: the service sends the result to each, and Cat's may come a moment later.
    play_until([bob, cat], lambda: bool(bob.mirror.results and cat.mirror.results))
    assert not bob.mirror.seats[0].connected
    assert cat.mirror.results == bob.mirror.results


@pytest.mark.long
def test_the_opener_starts_with_ai_in_the_free_seats(base: Path) -> None:
    ann = opened(base, "Ann", level="easy", ai_names=["Anna", "Boris"])
    ann.client.send(StartRequest())
    play_until([ann], lambda: len(ann.mirror.results) >= 1)
    assert ann.mirror.names == ("Ann", "Anna", "Boris")
    assert [s.kind for s in ann.mirror.seats] == ["human", "ai", "ai"]


@pytest.mark.long
def test_a_table_survives_its_service_being_killed(base: Path) -> None:
    ann, bob, cat = table_of_three(base)
    play_until([ann, bob, cat], lambda: ann.mirror.turn >= 5)
    code = ann.mirror.code
    pid = service_pid(base)
    assert pid is not None
    # Nobody plays now: the last decision each sent has been applied and told.
    play_until([ann, bob, cat], lambda: all(s.acknowledged for s in (ann, bob, cat)), play=False)
    view = bob.mirror.view
    os.kill(pid, signal.SIGKILL)
    play_until([ann, bob, cat], lambda: ann.mirror.closed and bob.mirror.closed, play=False)
    wait_gone(pid)
    # The next `join` starts a new service, which opens the table again from its record.
    again = [joined(base, code, name) for name in ("Ann", "Bob", "Cat")]
    assert [s.mirror.seat for s in again] == [0, 1, 2]
    play_until(again, lambda: again[1].mirror.view is not None, play=False)
    assert again[1].mirror.view is not None and view is not None
    assert again[1].mirror.view.hand == view.hand
    assert again[1].mirror.view.bids == view.bids
    play_until(again, lambda: len(again[0].mirror.results) >= 1)
    assert main(["replay", str(record_of(base))]) == 0


AI_NAMES = ["Anna", "Boris", "Vera", "Gleb", "Dina", "Egor"]


@pytest.mark.long
def test_an_ai_never_takes_the_name_of_a_person_at_the_table(base: Path) -> None:
    """`open --name Olga`, a friend joins as Boris, the opener starts: the free seat's AI is
    not a second Boris (nor Olga); it takes the next name of the list that nobody has."""
    olga = opened(base, "Olga", ai_names=AI_NAMES)
    boris = joined(base, olga.mirror.code, "Boris")
    olga.client.send(StartRequest())
    # Both told of the deal (each mirror's names are the dealt game's once it has a view).
    assert names_once_dealt([olga, boris]) == ("Olga", "Boris", "Anna")
    assert boris.mirror.names == olga.mirror.names
    header = read_record(record_of(base)).games[0].header
    assert [p["name"] for p in header["players"]] == ["Olga", "Boris", "Anna"]


def test_each_person_reads_the_ai_players_names_in_his_own_language(base: Path) -> None:
    """Olga opens in English, Boris joins in Russian: Olga's AI is Anna, Boris's is Анна,
    in the names, in the view and in the list of seats; the record keeps the opener's."""
    olga = opened(base, "Olga", ai_names=AI_NAMES)
    boris = joined(base, olga.mirror.code, "Boris")
    boris.mirror.ai_name = ai_name_in("ru")
    olga.client.send(StartRequest())
    names_once_dealt([olga, boris])
    assert olga.mirror.names == ("Olga", "Boris", "Anna")
    assert boris.mirror.names == ("Olga", "Boris", "Анна")
    assert boris.mirror.view is not None and boris.mirror.view.names == boris.mirror.names
    play_until([boris], lambda: len(boris.mirror.seats) == 3, play=False)
    assert [s.name for s in boris.mirror.seats] == ["Olga", "Boris", "Анна"]
    header = read_record(record_of(base)).games[0].header
    assert [p["name"] for p in header["players"]] == ["Olga", "Boris", "Anna"]


def test_an_ai_name_in_another_language_keeps_its_number_and_gives_way_to_a_person() -> None:
    in_russian, in_english = ai_name_in("ru"), ai_name_in("en")
    assert [in_russian(n) for n in ("Anna", "Boris 2", "Olga", "Anna x")] == [
        "Анна",
        "Борис 2",
        "Olga",
        "Anna x",
    ]
    assert in_english("Вера") == "Vera"
    # A person called Анна at the table: the AI called Anna keeps its own name for her friend.
    mirror = SeatMirror.__new__(SeatMirror)
    mirror.ai_name = in_russian
    assert mirror._own_name("Anna", {"Анна", "Anna"}) == "Anna"
    assert mirror._own_name("Boris", {"Анна", "Boris"}) == "Борис"


def names_once_dealt(seats: list[Seat]) -> tuple[str, ...]:
    play_until(seats, lambda: all(s.mirror.view is not None for s in seats), play=False)
    return seats[0].mirror.names


@pytest.mark.long
def test_an_ai_seat_gives_up_its_name_to_a_person_who_has_it(base: Path) -> None:
    # AI seats from the start: the person keeps the name, the AI takes the next free one.
    anna = opened(base, "Anna", people=[0], ai_names=AI_NAMES)
    assert names_once_dealt([anna]) == ("Anna", "Vera", "Boris")
    # A friend who comes with the name of an AI seat keeps it too.
    olga = opened(base, "Olga", people=[0, 1], ai_names=AI_NAMES)
    boris = joined(base, olga.mirror.code, "Boris")
    assert names_once_dealt([olga, boris]) == ("Olga", "Boris", "Anna")
    # With every spare name taken, an AI is numbered rather than share a name.
    few = opened(base, "Anna", people=[0], ai_names=["Anna", "Boris"])
    assert names_once_dealt([few]) == ("Anna", "Anna 2", "Boris")


@pytest.mark.long
def test_the_service_never_runs_code_from_where_its_client_was_started(
    base: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`python -m` looks first in the working directory: a `thousand_tui` folder there (a
    checkout, or one planted in a shared folder) must not become the table service."""
    planted = tmp_path / "elsewhere"
    service = planted / "thousand_tui" / "tables"
    service.mkdir(parents=True)
    marker = tmp_path / "planted-code-ran"
    for folder in (planted / "thousand_tui", service):
        (folder / "__init__.py").write_text("")
    (service / "service.py").write_text(f"open({str(marker)!r}, 'w').close()\n")
    monkeypatch.chdir(planted)
    ann = opened(base, "Ann")
    assert ann.mirror.code  # the real service answered
    ann.close()
    assert not marker.exists()
