"""The table protocol's messages: each one reads back as itself after a line on the wire (over
the states of real games), the engine's values are records written out field by field (a
renamed engine field fails here, not on the wire), and a message of the wrong shape is refused
saying what is wrong."""

from __future__ import annotations

import dataclasses
import json
import random
import socket
import threading
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from thousand_tui.engine import events as ev
from thousand_tui.engine.actions import Act, Action
from thousand_tui.engine.cards import parse_card
from thousand_tui.engine.deal import Deal
from thousand_tui.engine.events import DealSettled, Event, TrickTaken
from thousand_tui.engine.game import Game, PlayerInfo
from thousand_tui.engine.view import seat_view
from thousand_tui.presets import load_preset, shipped_names
from thousand_tui.priority import LOCAL
from thousand_tui.private import private_dir
from thousand_tui.tables.client import TableClient, WireMismatch, join_table
from thousand_tui.tables.schema import Field, Reading, Record, RequestError, Shape, shape_of
from thousand_tui.tables.service import tables_dir
from thousand_tui.tables.wire import (
    INT,
    MESSAGES,
    REQUEST_KINDS,
    VALUES,
    WIRE,
    Acked,
    ActRequest,
    ChatLine,
    ChatRequest,
    Closed,
    Failure,
    Hello,
    HelloRequest,
    JoinRequest,
    MatchRequest,
    Message,
    Notice,
    OpenRequest,
    PingRequest,
    Refused,
    SeatInfo,
    StartRequest,
    StateUpdate,
    TableOptions,
    TableStatus,
    Welcome,
    WireAction,
    WireError,
    dump,
    dump_request,
    for_seat,
    load,
    parse_request,
    read_message,
    read_request,
)
from thousand_tui.tui.shared import said


def again(message: Message, game: Game | None = None) -> Message:
    """`message` sent as a line and read back, as a client reads it."""
    return read_message(load(dump(message)), game.rules if game is not None else None)


def asked(request: Any) -> Any:
    """`request` sent as a line and read back, as the service reads it."""
    return read_request(parse_request(dump_request(request)))


def updates(game: Game, events: list[Event], deal: Deal, played: list[Action]) -> list[StateUpdate]:
    """What each seat is told of `events` (the service's own way of filling an update)."""
    tricks = tuple(
        (e.number, deal.tricks[e.number - 1])
        for e in events
        if isinstance(e, TrickTaken) and 0 < e.number <= len(deal.tricks)
    )
    settled = next((e.result for e in events if isinstance(e, DealSettled)), None)
    told = []
    for seat in range(game.rules.players):
        shown = tuple(e for e in (for_seat(event, seat) for event in events) if e is not None)
        ended = None
        if settled is not None:
            ended = seat_view(deal, seat, game.names, settled.winner)._replace(match=settled.state)
        told.append(
            StateUpdate(
                len(game.lines),
                shown,
                game.view(seat),
                tuple(game.players),
                tricks=tricks,
                ended=ended,
                results=tuple(game.results),
                deal=shown,
                away=tuple(a for a in played[-3:] if a.seat == seat),
                away_count=5,
            )
        )
    return told


@pytest.mark.long
@settings(max_examples=12, deadline=None, derandomize=True)
@given(
    preset=st.sampled_from(shipped_names()),
    seed=st.integers(min_value=1, max_value=2**31 - 1),
    moves=st.integers(min_value=1, max_value=250),
)
def test_every_message_of_a_real_game_reads_back_as_itself(
    preset: str, seed: int, moves: int
) -> None:
    rules = load_preset(preset).rules
    players = [PlayerInfo("Ann", "human")] + [
        PlayerInfo(name, "ai", "easy") for name in ("Bob", "Cat", "Dan")[: rules.players - 1]
    ]
    game = Game(rules, seed, players, preset=preset)
    welcome = Welcome("K7QM2P", 0, rules.to_dict(), preset, "Классика", "ru", 60.0, True)
    assert again(welcome) == welcome
    rng = random.Random(seed)
    events, deal = game.take_start_events(), game.deal
    played: list[Action] = []
    for _ in range(moves):
        for update in updates(game, events, deal, played):
            assert again(update, game) == update
        if game.over or game.to_move is None:
            break
        action = rng.choice(game.legal_actions(game.to_move))
        # What the client asks is what the service reads: the same decision, checked.
        act = ActRequest(WireAction.of(action), moves)
        assert asked(act) == act
        assert act.action.for_seat(action.seat) == action
        deal = game.deal
        events = game.apply(action)
        played.append(action)


def test_the_other_messages_and_every_request_read_back_as_themselves() -> None:
    status = TableStatus("K7QM2P", True, False, 2, (SeatInfo("Ann", "human", True, False, 12.5),))
    for message in (
        Hello(WIRE),
        status,
        Acked(7),
        Refused("it is not your turn", 7),
        Refused("the table refused"),
        Failure("no table has the code 'AAAAAA'"),
        Notice("ai_retry", 1),
    ):
        assert again(message) == message
    rules = load_preset("classic").rules.to_dict()
    for request in (
        HelloRequest(),
        OpenRequest(
            TableOptions(rules, "classic", "Classic", "easy", 60.0, 0.8, "en", True, (0, 1), ("V",))
        ),
        OpenRequest(TableOptions(rules, "classic", name="Olga", who="key-1")),
        MatchRequest(TableOptions(rules, "classic", level="hard", ai_names=("Vera",), fill=5.0)),
        JoinRequest("K7QM2P", 1, "Boris"),
        JoinRequest("k7qm-2p"),
        StartRequest(),
        PingRequest(),
    ):
        assert asked(request) == request


def test_each_engine_value_is_a_record_of_every_field_of_its_class() -> None:
    """A field added to an engine class, or renamed, fails here until its record says what
    the wire calls it: the protocol never changes by itself."""
    for cls, record in VALUES.items():
        if dataclasses.is_dataclass(cls):
            names = {f.name for f in dataclasses.fields(cls)}
        else:
            names = set(cls._fields)
        assert {f.key for f in record.shape.fields} == names, cls.__name__
        assert record.positional == (not dataclasses.is_dataclass(cls)), cls.__name__
    events = set(ev.Event.__subclasses__()) | set(ev.SheetEvent.__subclasses__())
    assert events <= set(VALUES), "an event the wire cannot carry"


def test_a_renamed_engine_field_keeps_its_name_on_the_wire() -> None:
    @dataclasses.dataclass(frozen=True)
    class Bid:  # an engine event whose `value` was renamed `amount`
        seat: int
        amount: int

    bid = Record("BidMade", Bid, Shape((Field("seat", INT), Field("value", INT, "amount"))))
    assert bid.dump(Bid(1, 120)) == {"$": "BidMade", "f": {"seat": 1, "value": 120}}
    assert bid.load(bid.dump(Bid(1, 120)), "bid", Reading()) == Bid(1, 120)


def test_only_the_records_a_field_may_hold_are_built() -> None:
    # An engine class not listed, even a dataclass, is never built from a message, nor one
    # listed where the field holds another.
    for name in ("Start", "Game", "Deal", "Rules", "Path", "_Sheet", "SeatView"):
        with pytest.raises(WireError):
            read_message({"type": "ack", "seq": {"$": name, "f": {}}})
    update = {"type": "update", "turn": 1, "view": {"$": "rules"}, "players": {"$t": []}}
    for event in (
        {"$": "Settlement", "f": {}},
        {"$": "Action", "f": {}},
        {"$e": "Phase", "v": "play"},
    ):
        with pytest.raises(WireError, match=r"events\[0\]: .* is not a kind of value it may be"):
            read_message({**update, "events": {"$t": [event]}})


def request_data_names(kind: type) -> list[str]:
    """The fields of a message's or request's class, a table's options among a request's."""
    names = [f.name for f in dataclasses.fields(kind)]
    if kind in (OpenRequest, MatchRequest):
        names = [f.name for f in dataclasses.fields(TableOptions)]
    return names


def test_every_request_and_message_names_the_kind_of_each_field() -> None:
    for kind in (*REQUEST_KINDS.values(), *MESSAGES.values(), TableOptions, WireAction):
        shape = shape_of(kind)  # a field of no kind on the wire is a TypeError
        assert {f.name for f in shape.fields} <= {*request_data_names(kind)}, kind

    @dataclasses.dataclass(frozen=True)
    class Unnamed:
        seq: int

    with pytest.raises(TypeError, match=r"Unnamed\.seq names no kind on the wire"):
        shape_of(Unnamed)
    assert set(MESSAGES) == {
        "hello", "welcome", "table", "update", "ack", "refused", "error", "pong", "notice",
        "chat", "tables",
    }  # fmt: skip
    assert set(REQUEST_KINDS) == {
        "hello", "open", "join", "act", "start", "ping", "chat", "list", "match", "again",
        "watch", "relayed",
    }  # fmt: skip


def test_a_line_of_chat_and_its_refusal_read_back_as_themselves() -> None:
    for message in (
        ChatLine(1, "Борис", "хорошая взятка"),
        ChatLine(0, "Ann", "again", earlier=True),
        Failure("too many chat lines", about="chat"),
    ):
        assert again(message) == message
    assert asked(ChatRequest("well played")) == ChatRequest("well played")
    with pytest.raises(RequestError, match="text must be at most 1000 characters"):
        read_request({"op": "chat", "text": "x" * 1001})
    with pytest.raises(RequestError, match="text must be a text"):
        read_request({"op": "chat", "text": 7})


@pytest.mark.parametrize(
    ("data", "said"),
    [
        ({"type": "ack"}, "the ack message lacks its field seq"),
        ({"type": "ack", "seq": "7"}, "the ack message's seq must be a whole number, not a text"),
        ({"type": "ack", "seq": True}, "seq must be a whole number, not true/false"),
        ({"type": "ack", "seq": 7, "extra": 1}, "has a field 'extra' it may not have"),
        ({"type": "welcome!", "seq": 7}, "an unknown message"),
        ({"seq": 7}, "an unknown message"),
        ({"type": "update", "turn": 1, "events": [], "view": 3, "players": []},
         "the update message's events must be a tuple, not a list"),
        ({"type": "update", "turn": 1, "events": {"$t": []}, "view": 3,
          "players": {"$t": []}}, "the update message's view must be a SeatView"),
        ({"type": "table", "code": "X", "started": 1, "over": False, "to_move": None,
          "seats": {"$t": []}}, "the table message's started must be true or false"),
        ({"type": "table", "code": "X", "started": True, "over": False, "to_move": None,
          "seats": {"$t": [{"$": "SeatInfo", "f": {"name": "A"}}]}},
         r"the table message's seats\[0\] lacks its field kind"),
        ({"type": "update", "turn": 1, "events": {"$t": [{"$": "CardPlayed", "f": {
            "seat": 0, "private_to": None, "card": {"$c": "ZZ"}, "marriage": None,
            "keep_trump": False}}]}, "view": 3, "players": {"$t": []}},
         r"events\[0\].card: 'ZZ' is not a card"),
    ],
)  # fmt: skip
def test_a_message_of_the_wrong_shape_is_refused_saying_what_is_wrong(
    data: dict[str, Any], said: str
) -> None:
    with pytest.raises(WireError, match=said):
        read_message(json.loads(json.dumps(data)))


# ------------------------------------------------------------ a service of another version


class OtherService:
    """A service listening at `base` that answers a `hello` with `answer` (one line)."""

    def __init__(self, base: Path, answer: bytes) -> None:
        folder = private_dir(tables_dir(base))
        self.server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.server.bind(str(folder / "service.sock"))
        self.server.listen()
        self.heard: list[bytes] = []
        self.thread = threading.Thread(target=self.serve, args=(answer,), daemon=True)
        self.thread.start()

    def serve(self, answer: bytes) -> None:
        conn, _ = self.server.accept()
        with conn:
            self.heard.append(conn.recv(4096))
            conn.sendall(answer)
            conn.recv(4096)  # until the client hangs up

    def close(self) -> None:
        self.thread.join(5)
        self.server.close()


OLD_ANSWER = (
    b'{"type": "error", "error": "unknown request \'hello\'; the requests are open, join, '
    b'act, start, ping"}\n'
)


@pytest.mark.parametrize(
    ("answer", "older", "theirs"),
    [(OLD_ANSWER, True, 1), (dump(Hello(WIRE + 1)), False, WIRE + 1)],
)
def test_a_service_of_another_version_is_refused_saying_which_is_older(
    base: Path, answer: bytes, older: bool, theirs: int
) -> None:
    other = OtherService(base, answer)
    try:
        with pytest.raises(WireMismatch) as caught:
            join_table("K7QM2P", name="Olga", base=base)
    finally:
        other.close()
    assert json.loads(other.heard[0]) == {"op": "hello", "wire": WIRE}  # before anything else
    error = caught.value
    assert (error.older, error.theirs, error.ours) == (older, theirs, WIRE)
    english, russian = said(error, "en", LOCAL), said(error, "ru", LOCAL)
    if older:
        assert f"runs an older version of the game (protocol {theirs}" in english
        assert "Leave every table" in english
        assert "на старой версии игры" in russian and "Выйдите из-за всех столов" in russian
    else:
        assert f"runs a newer version of the game (protocol {theirs}" in english
        assert "Install the same version here" in english
        assert "на более новой версии игры" in russian


def test_a_message_that_cannot_be_read_ends_the_connection_saying_why(base: Path) -> None:
    other = OtherService(base, dump(Hello(WIRE)) + b'{"type":"update","turn":"one"}\n')
    try:
        client = TableClient.connect(base, start=False)
        closed = client.recv()
        client.close()
    finally:
        other.close()
    assert isinstance(closed, Closed) and closed.why is not None
    assert closed.why.startswith("a message from the table service cannot be read")
    assert "the update message" in closed.why


# ------------------------------------------------------------ an act's decision, typed


def test_an_act_carries_a_typed_decision() -> None:
    play = Action(1, Act.PLAY, card=parse_card("QH"), marriage="H", hinted=True, think_ms=8.0)
    request = asked(ActRequest(WireAction.of(play), 3))
    assert isinstance(request, ActRequest) and isinstance(request.action, WireAction)
    assert request.action.act is Act.PLAY and request.action.card == parse_card("QH")
    made = request.action.for_seat(2)  # the seat is the connection's, never the client's
    assert made.seat == 2 and made.card == play.card and made.marriage == "H" and made.hinted
    assert made.think_ms is None  # the record's own, not sent
    assert asked(ActRequest(WireAction(Act.BID, value=120), 4)) == ActRequest(
        WireAction(Act.BID, value=120), 4
    )


@pytest.mark.parametrize(
    ("action", "said"),
    [
        ({"act": "play", "card": "ZZ"}, "the action's card 'ZZ' is not a card: a rank of"),
        ({"act": "play", "card": "th "}, "the action's card 'th ' is not a card"),
        ({"act": "fly"}, "action.act must be one of bid, pass"),
        ({"act": "bid", "value": "120"}, "action.value must be a whole number, not a text"),
        ({"act": "bid", "value": 120, "seat": 1}, "action has a field 'seat' it may not have"),
        ({"act": "pass", "think_ms": 3.5}, "action has a field 'think_ms' it may not have"),
        ({"act": "give", "card": "9S", "to": 4}, "action.to must be from 0 to 3"),
    ],
)
def test_an_act_whose_decision_is_not_one_is_refused_saying_what_is_wrong(
    action: dict[str, Any], said: str
) -> None:
    line = json.dumps({"op": "act", "action": action, "seq": 1}).encode() + b"\n"
    with pytest.raises(WireError, match=said):
        read_request(parse_request(line))


# ---------------------------------------------------------------------- the table's options

RULES = {"players": 3}
ALL_SET = TableOptions(
    RULES, "classic", "Classic", "easy", 60.0, 0.8, "ru", True, (0, 1), ("Vera", "Boris"),
    "Olga", "key-1", True, 30.0,
)  # fmt: skip


def test_opening_and_quick_match_send_the_same_json_as_before_the_options_were_one_type() -> None:
    """The lines of protocol 3 as its clients sent them, each field at the top of the request:
    the options are one type at both ends, never a nested object on the wire."""
    assert dump_request(OpenRequest(ALL_SET)) == (
        b'{"op":"open","rules":{"players":3},"preset":"classic","title":"Classic",'
        b'"level":"easy","timeout":60.0,"pace":0.8,"lang":"ru","hints":true,"people":[0,1],'
        b'"ai_names":["Vera","Boris"],"name":"Olga","who":"key-1","private":true,"fill":30.0}\n'
    )
    assert dump_request(OpenRequest(TableOptions(RULES, "classic"))) == (
        b'{"op":"open","rules":{"players":3},"preset":"classic","hints":false,"private":false}\n'
    )
    match = dataclasses.replace(ALL_SET, people=None, private=False, title="Вдвоём")
    assert (
        dump_request(MatchRequest(match))
        == (
            '{"op":"match","rules":{"players":3},"preset":"classic","title":"Вдвоём",'
            '"level":"easy","timeout":60.0,"pace":0.8,"lang":"ru","hints":true,'
            '"ai_names":["Vera","Boris"],"name":"Olga","who":"key-1","fill":30.0}\n'
        ).encode()
    )
    assert dump_request(MatchRequest(TableOptions(RULES, "classic"))) == (
        b'{"op":"match","rules":{"players":3},"preset":"classic","hints":false}\n'
    )


def test_the_service_reads_the_options_of_open_and_of_match_as_the_client_made_them() -> None:
    for request in (
        OpenRequest(ALL_SET),
        MatchRequest(dataclasses.replace(ALL_SET, people=None, private=False)),
    ):
        read = read_request(json.loads(dump_request(request)))
        assert read == request
        assert isinstance(read, (OpenRequest, MatchRequest))
        assert read.options == request.options


def test_a_quick_match_with_seats_for_people_or_private_cannot_be_made() -> None:
    for options in (
        dataclasses.replace(ALL_SET, private=False),
        dataclasses.replace(ALL_SET, people=None),
    ):
        with pytest.raises(WireError, match="quick match names no seats for people"):
            MatchRequest(options)


def test_options_of_a_preset_carry_its_conventions_and_its_title_in_the_language() -> None:
    preset = load_preset("classic")
    options = TableOptions.of(preset, "ru")
    assert options.rules == preset.rules.to_dict()
    assert (options.preset, options.lang) == ("classic", "ru")
    assert options.title == preset.title_in("ru") != preset.title_in("en")
