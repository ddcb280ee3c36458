"""Watching a shared table at no seat: what a watcher is told (never a hidden card, checked
against the record at every move), who may watch, how many, the watchers' chat, and a
watcher that never reads."""

from __future__ import annotations

import json
import re
import socket
from pathlib import Path
from typing import Any

import pytest

from thousand_tui.engine.record import steps
from thousand_tui.engine.view import seat_view
from thousand_tui.store.records import read_record
from thousand_tui.tables.client import TableError, watch_table
from thousand_tui.tables.mirror import SeatMirror
from thousand_tui.tables.service import socket_path
from thousand_tui.tables.watch import MAX_WATCHERS
from thousand_tui.tables.wire import (
    EVENT,
    VIEW,
    WIRE,
    ChatLine,
    Failure,
    HelloRequest,
    StateUpdate,
    WatchRequest,
    dump_request,
    for_seat,
    message_data,
)

from .helpers import Seat, joined, opened, play_until, start_service

CARD = re.compile(r'"\$c": ?"(\w\w)"')


def watcher(base: Path, code: str, name: str = "Zoe") -> Seat:
    client, welcome = watch_table(code, name=name, base=base)
    assert welcome.watcher
    return Seat(client, SeatMirror(welcome), base=base)


def cards_of(data: Any) -> set[str]:
    return set(CARD.findall(json.dumps(data)))


def public_cards(record: Path) -> list[set[str]]:
    """For each turn of the record's game (0: as it began, then after each decision), the
    cards every seat has seen so far in the deal: what the record says is public then."""
    (recorded,) = read_record(record).games
    public: list[set[str]] = []
    number = -1
    for game, deal, _action, events in steps(recorded):
        seen = []
        for seat in range(len(game.players)):
            shown = [EVENT.dump(e) for e in (for_seat(e, seat) for e in events) if e is not None]
            views = [VIEW.dump(game.view(seat)), VIEW.dump(seat_view(deal, seat, game.names, None))]
            seen.append(cards_of([shown, views]))
        now = set.intersection(*seen)
        if game.deal.number != number:  # a new deal: its cards are new to everyone
            number, before = game.deal.number, set()
        else:
            before = public[-1]
        public.append(before | now)
    return public


@pytest.mark.long
def test_a_watcher_sees_whole_deals_and_never_a_hidden_card(base: Path) -> None:
    ann = opened(base, "Ann", people=(0, 1))
    code = ann.mirror.code
    zoe = watcher(base, code)  # in the waiting room already
    bob = joined(base, code, "Bob")
    seats = [ann, bob, zoe]
    play_until(seats, lambda: len(zoe.mirror.results) >= 2 and len(ann.mirror.results) >= 2)
    late = watcher(base, code, "Lev")  # mid-game: the deal so far, as anyone saw it
    seats.append(late)
    play_until(seats, lambda: len(late.mirror.results) >= 3)
    for seat in seats:
        seat.close()
    (record,) = (base / "games").glob("*.jsonl")
    public = public_cards(record)
    hidden_somewhere = False
    for watching in (zoe, late):
        updates = [m for m in watching.told if isinstance(m, StateUpdate)]
        assert updates and watching.moves == 0
        for update in updates:
            assert update.view.hand is None and update.view.legal == ()
            told = cards_of(message_data(update))
            assert told <= public[update.turn], (update.turn, told - public[update.turn])
            hidden_somewhere |= len(public[update.turn]) < 24
    assert hidden_somewhere  # the check had hidden cards to find
    assert zoe.mirror.results[:2] == ann.mirror.results[:2]  # the same deals, the same sheet
    assert not zoe.mirror.my_turn


@pytest.mark.long
def test_a_table_whose_opener_forbids_watchers_refuses_them(base: Path) -> None:
    ann = opened(base, "Ann", watchers="none")
    with pytest.raises(TableError, match="may not be watched: its opener allows no watchers"):
        watch_table(ann.mirror.code, base=base)
    with pytest.raises(TableError, match="no table has the code"):
        watch_table("ZZZZZZ", base=base)
    play_until([ann], lambda: ann.mirror.watching == 0)


@pytest.mark.long
def test_a_table_takes_at_most_its_number_of_watchers(base: Path) -> None:
    ann = opened(base, "Ann")
    code = ann.mirror.code
    crowd = [watcher(base, code, f"W{i}") for i in range(MAX_WATCHERS)]
    with pytest.raises(TableError, match=f"has {MAX_WATCHERS} watchers already, its most"):
        watch_table(code, base=base)
    play_until([ann], lambda: ann.mirror.watching == MAX_WATCHERS)
    crowd.pop().close()
    play_until([ann], lambda: ann.mirror.watching == MAX_WATCHERS - 1)  # the players see it
    crowd.append(watcher(base, code, "Late"))  # room for one again
    for each in crowd:
        each.close()
    play_until([ann], lambda: ann.mirror.watching == 0)


def chat_lines(seat: Seat) -> list[ChatLine]:
    return [m for m in seat.told if isinstance(m, ChatLine)]


@pytest.mark.long
def test_a_watchers_line_is_marked_where_the_opener_lets_watchers_write(base: Path) -> None:
    ann = opened(base, "Ann", watchers="chat")
    zoe = watcher(base, ann.mirror.code)
    zoe.client.chat("good luck")
    ann.client.chat("thanks")
    play_until([ann, zoe], lambda: len(chat_lines(ann)) == 2 and len(chat_lines(zoe)) == 2)
    mark = ChatLine(-1, "Zoe", "good luck", watcher=True)
    assert chat_lines(ann) == chat_lines(zoe) == [mark, ChatLine(0, "Ann", "thanks")]


@pytest.mark.long
def test_watchers_read_but_may_not_write_where_the_opener_says_so(base: Path) -> None:
    ann = opened(base, "Ann", watchers="read")
    zoe = watcher(base, ann.mirror.code)
    zoe.client.chat("hello")
    ann.client.chat("hi all")
    play_until([ann, zoe], lambda: bool(chat_lines(ann) and chat_lines(zoe) and zoe.errors))
    assert zoe.errors == ["watchers may not write in this table's chat (its opener says so)"]
    assert [m.about for m in zoe.told if isinstance(m, Failure)] == ["chat"]
    assert chat_lines(ann) == chat_lines(zoe) == [ChatLine(0, "Ann", "hi all")]


@pytest.mark.long
def test_quiet_watchers_do_not_read_the_chat(base: Path) -> None:
    ann = opened(base, "Ann", watchers="quiet")
    zoe = watcher(base, ann.mirror.code)
    ann.client.chat("between us")
    play_until([ann, zoe], lambda: bool(chat_lines(ann)))
    lev = watcher(base, ann.mirror.code, "Lev")  # the status it brings comes after the line
    play_until([ann, zoe, lev], lambda: zoe.mirror.watching == 2)
    assert chat_lines(zoe) == chat_lines(lev) == []


@pytest.mark.long
def test_a_watcher_may_not_play_start_or_ask_again(base: Path) -> None:
    ann = opened(base, "Ann")
    zoe = watcher(base, ann.mirror.code)
    from thousand_tui.tables.wire import AgainRequest, StartRequest

    zoe.client.send(StartRequest())
    zoe.client.send(AgainRequest())
    play_until([ann, zoe], lambda: len(zoe.errors) == 2)
    assert set(zoe.errors) == {"a watcher does not play: join the table to take a seat"}
    assert not ann.mirror.started


@pytest.mark.long
def test_a_watcher_that_never_reads_is_dropped(base: Path) -> None:
    start_service(base, "--max-pending", "20000")
    ann = opened(base, "Ann", people=(0, 1))
    code = ann.mirror.code
    sleeper = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    sleeper.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    sleeper.settimeout(5)
    sleeper.connect(str(socket_path(base)))
    sleeper.sendall(dump_request(HelloRequest(WIRE)) + dump_request(WatchRequest(code, "Sid")))
    cat = joined(base, code, "Cat")
    seats = [ann, cat]
    play_until(seats, lambda: ann.mirror.started and ann.mirror.watching == 1, play=False)
    # Sid asks and asks but never reads: the service cuts him off once the answers pile up,
    # and the players see one watcher fewer; the table plays on.
    pings = b'{"op":"ping"}\n' * 1000
    for _ in range(200):
        try:
            sleeper.sendall(pings)
        except OSError:
            break
        play_until(seats, lambda: True, play=False)
        if ann.mirror.watching == 0:
            break
    play_until(seats, lambda: ann.mirror.watching == 0 and len(ann.mirror.results) >= 1)
    with pytest.raises((BrokenPipeError, ConnectionResetError)):
        for _ in range(200):
            sleeper.sendall(pings)
    sleeper.close()
