"""Chat at a shared table, through the real service: a line reaches everyone seated, the
writer too; it is cleaned, limited in length and in pace, refused to anyone not seated; the
record keeps it apart from the game, which still replays; a table opened again from its record
tells its last lines again; and no more than a few lines are ever kept in memory."""

from __future__ import annotations

import json
import os
import signal
from pathlib import Path

import pytest

from thousand_tui.cli import main as thousand
from thousand_tui.engine.record import CHAT
from thousand_tui.presets import load_preset
from thousand_tui.store.catalog import resume
from thousand_tui.store.records import read_record
from thousand_tui.tables import chat_rules
from thousand_tui.tables.client import TableClient
from thousand_tui.tables.service import Table, kept_chat
from thousand_tui.tables.wire import ChatLine, ChatRequest, Failure, PingRequest, Pong

from .helpers import Seat, joined, opened, play_until, service_pid, wait_gone


def two_at_a_table(base: Path) -> tuple[Seat, Seat]:
    """Ann and Bob at a table of two people and an AI, the game begun; neither plays."""
    ann = opened(base, "Ann", people=[0, 1])
    bob = joined(base, ann.mirror.code, "Bob")
    ann.hold = bob.hold = True
    play_until([ann, bob], lambda: ann.mirror.started and bob.mirror.view is not None)
    return ann, bob


def lines(seat: Seat) -> list[ChatLine]:
    return [m for m in seat.told if isinstance(m, ChatLine)]


def chat_errors(seat: Seat) -> list[str]:
    return [m.error for m in seat.told if isinstance(m, Failure) and m.about == "chat"]


@pytest.mark.long
def test_a_line_reaches_everyone_at_the_table_the_writer_too(base: Path) -> None:
    ann, bob = two_at_a_table(base)
    ann.client.chat("good luck, Bob")
    play_until([ann, bob], lambda: bool(lines(ann)) and bool(lines(bob)))
    assert lines(ann) == lines(bob) == [ChatLine(0, "Ann", "good luck, Bob")]
    bob.client.chat("  and to you  ")
    play_until([ann, bob], lambda: len(lines(ann)) == 2 and len(lines(bob)) == 2)
    assert lines(ann)[1] == lines(bob)[1] == ChatLine(1, "Bob", "and to you")
    assert not ann.errors and not bob.errors
    ann.close()
    bob.close()


@pytest.mark.long
def test_control_characters_escapes_and_bidi_overrides_are_removed(base: Path) -> None:
    ann, bob = two_at_a_table(base)
    ann.client.chat("\x1b[31mred\x1b[0m \u202eevil\u202c\nnext\tline\x07\x1b]0;title\x07!\u200b")
    play_until([ann, bob], lambda: bool(lines(bob)))
    assert lines(bob)[0].text == "red evil next line!"
    ann.close()
    bob.close()


@pytest.mark.long
def test_an_empty_or_too_long_line_is_refused_and_nothing_is_told(base: Path) -> None:
    ann, bob = two_at_a_table(base)
    ann.client.chat("\x1b[2J \u200b\n\u202e ")  # nothing once cleaned
    ann.client.chat("x" * (chat_rules.MAX_CHAT + 1))
    ann.client.chat("y" * chat_rules.MAX_CHAT)  # just short enough
    play_until([ann, bob], lambda: bool(lines(bob)) and len(chat_errors(ann)) == 2)
    empty, long = chat_errors(ann)
    assert "needs some text" in empty
    most = chat_rules.MAX_CHAT
    assert f"at most {most} characters; this one has {most + 1}" in long
    assert [line.text for line in lines(bob)] == ["y" * chat_rules.MAX_CHAT]
    assert not chat_errors(bob)
    ann.close()
    bob.close()


@pytest.mark.long
def test_a_seat_writes_at_most_five_lines_in_ten_seconds_and_is_told_when_again(
    base: Path,
) -> None:
    ann, bob = two_at_a_table(base)
    for number in range(chat_rules.RATE_COUNT + 2):
        ann.client.chat(f"line {number}")
    play_until([ann, bob], lambda: len(chat_errors(ann)) == 2)
    assert all("at most 5 in 10 seconds; you may write again in" in e for e in chat_errors(ann))
    # Bob's own pace is his: he still writes.
    bob.client.chat("my turn")
    # (each seat's messages come in its own order: Ann may read Bob's line before Bob has
    # read all of hers)
    play_until(
        [ann, bob],
        lambda: (
            any(line.seat == 1 for line in lines(ann))
            and len([line for line in lines(bob) if line.seat == 0]) >= chat_rules.RATE_COUNT
        ),
    )
    assert [line.text for line in lines(bob) if line.seat == 0] == [
        f"line {n}" for n in range(chat_rules.RATE_COUNT)
    ]
    # A refused line is not a bad request: the connection goes on, and the seat is its own.
    ann.client.send(PingRequest())
    play_until([ann], lambda: any(isinstance(m, Pong) for m in ann.told))
    assert not ann.client.closed and ann.mirror.seats[0].connected
    ann.close()
    bob.close()


@pytest.mark.long
def test_only_a_seated_person_writes(base: Path) -> None:
    ann, bob = two_at_a_table(base)
    stranger = TableClient.connect(base)  # at no table
    stranger.send(ChatRequest("hello from nowhere"))
    answer = stranger.recv(10)
    assert isinstance(answer, Failure) and "join a table first" in answer.error
    stranger.close()
    play_until([ann, bob], lambda: True)
    assert not lines(ann) and not lines(bob)
    ann.close()
    bob.close()


@pytest.mark.long
def test_the_waiting_room_chats_and_its_lines_go_into_the_record_when_the_game_begins(
    base: Path,
) -> None:
    ann = opened(base, "Ann", people=[0, 1])  # a seat for Bob: the game waits
    ann.hold = True
    ann.client.chat("anyone?")
    play_until([ann], lambda: bool(lines(ann)))
    assert lines(ann) == [ChatLine(0, "Ann", "anyone?")] and not chat_errors(ann)
    assert not list((base / "games").glob("*.jsonl"))  # no game, no record yet
    # Who sits down in the waiting room is told what was said there before he came.
    bob = joined(base, ann.mirror.code, "Bob")
    bob.hold = True
    play_until([ann, bob], lambda: bool(lines(bob)) and bob.mirror.started)
    assert [(line.text, line.earlier) for line in lines(bob)] == [("anyone?", True)]
    bob.client.chat("here")
    play_until([ann, bob], lambda: len(lines(ann)) == 2)
    ann.close()
    bob.close()
    stop = service_pid(base)
    assert stop is not None
    os.kill(stop, signal.SIGKILL)
    wait_gone(stop)
    (path,) = (base / "games").glob("*.jsonl")
    recorded = read_record(path).games[-1]
    assert [(row["seat"], row["name"], row["text"]) for row in recorded.chat] == [
        (0, "Ann", "anyone?"),
        (1, "Bob", "here"),
    ]


@pytest.mark.long
def test_the_record_keeps_the_chat_and_still_replays(base: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    ann, bob = two_at_a_table(base)
    ann.hold = bob.hold = False
    play_until([ann, bob], lambda: ann.moves >= 2)  # a few decisions of the game
    ann.client.chat("nice \x1b[1mbid\x1b[0m")
    play_until([ann, bob], lambda: bool(lines(bob)), play=False)
    play_until([ann, bob], lambda: ann.moves >= 4)
    ann.close()
    bob.close()
    # The service plays on for the AI and holds the record open: ended before it is read.
    stop = service_pid(base)
    if stop is not None:
        os.kill(stop, signal.SIGKILL)
        wait_gone(stop)
    (path,) = (base / "games").glob("*.jsonl")
    rows = [json.loads(row) for row in path.read_text(encoding="utf-8").splitlines()]
    said = [row for row in rows if row["type"] == CHAT]
    assert len(said) == 1
    assert {k: said[0][k] for k in ("seat", "name", "text")} == {
        "seat": 0,
        "name": "Ann",
        "text": "nice bid",
    }
    # Between the game's own lines, and kept apart from them when read.
    assert 0 < rows.index(said[0]) < len(rows) - 1
    recorded = read_record(path).games[-1]
    assert recorded.chat == said
    # The game's own lines are what they would be without the chat, in order.
    assert recorded.lines == [row for row in rows if row["type"] != CHAT]
    assert thousand(["replay", str(path)]) == 0, capsys.readouterr()
    resumed = resume(path)  # resuming reads past it as well
    assert resumed.chat == said
    resumed.writer.close()


@pytest.mark.long
def test_a_table_opened_again_from_its_record_tells_its_last_lines_again(base: Path) -> None:
    ann, bob = two_at_a_table(base)
    code = ann.mirror.code
    ann.client.chat("first")
    bob.client.chat("second")
    play_until([ann, bob], lambda: len(lines(ann)) == 2)
    pid = service_pid(base)
    assert pid is not None
    os.kill(pid, signal.SIGKILL)  # the service goes: the table is opened again from its record
    wait_gone(pid)
    ann.close()
    bob.close()
    again = joined(base, code, "Ann")
    again.hold = True
    play_until([again], lambda: len(lines(again)) == 2)
    assert [(line.seat, line.name, line.text, line.earlier) for line in lines(again)] == [
        (0, "Ann", "first", True),
        (1, "Bob", "second", True),
    ]
    again.close()


def test_a_long_evening_keeps_only_the_last_lines_in_memory() -> None:
    record = [
        {"type": CHAT, "seat": n % 3, "name": "Ann", "text": f"line {n}"} for n in range(1000)
    ]
    kept = kept_chat(record, 3)
    assert len(kept) == chat_rules.KEPT
    assert kept[-1].text == "line 999" and kept[0].text == f"line {1000 - chat_rules.KEPT}"
    rules = load_preset("classic").rules
    table = Table("ABCDEF", rules, "classic", "", "easy", 60.0, 0.0, "en", [], [])
    table.chat.extend(kept * 10)
    assert len(table.chat) == chat_rules.KEPT


@pytest.mark.parametrize(
    ("sent", "kept"),
    [
        ("plain words", "plain words"),
        ("line\nbreak\r\nand\u2028more", "line break and more"),
        ("\x1b[1;31mbold red\x1b[0m", "bold red"),
        ("\u202etxet\u202c \u2066iso\u2069", "txet iso"),
        ("tab\there\x00nul\x7fdel\x85next", "tab herenuldel next"),
        ("\u00a0nbsp\u3000ideographic ", "nbsp ideographic"),
        ("q\u0301\u0301\u0301\u0301uiet", "q\u0301\u0301uiet"),
        ("Пики козыри, взятка моя ♠", "Пики козыри, взятка моя ♠"),
    ],
)
def test_cleaning_a_line(sent: str, kept: str) -> None:
    assert chat_rules.clean(sent) == kept
