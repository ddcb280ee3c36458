"""The messages of the golden fixtures (tests/tables/golden/wire-N/): a sample of every message
both ways, and of every engine value a message carries, as lines of the protocol.

`python -m tests.tables.golden_messages` writes the fixtures of the current protocol (`WIRE`)
when they do not exist yet: made once for a new version of the protocol, never rewritten for
an old one (test_golden.py checks them against the wire and against their digest).
"""

from __future__ import annotations

import dataclasses
import random
import sys
import types
from collections.abc import Iterator
from pathlib import Path
from typing import Any, Literal, Union, get_args, get_origin, get_type_hints

from thousand_tui.engine import events as ev
from thousand_tui.engine.actions import Act, Action
from thousand_tui.engine.cards import Card, Rank, Suit, parse_card
from thousand_tui.engine.game import Game, PlayerInfo
from thousand_tui.engine.match import BarrelSeat, MatchState
from thousand_tui.engine.phases import Declaration, Phase, RedealStage, Trick
from thousand_tui.engine.rules import Rules
from thousand_tui.engine.scoring import Settlement
from thousand_tui.engine.view import SeatView
from thousand_tui.presets import load_preset
from thousand_tui.tables.wire import (
    WIRE,
    Acked,
    ActRequest,
    AgainRequest,
    ChatLine,
    ChatRequest,
    Failure,
    Hello,
    HelloRequest,
    JoinRequest,
    ListRequest,
    MatchRequest,
    Message,
    Notice,
    OpenRequest,
    OpenTable,
    PingRequest,
    Pong,
    Refused,
    RelayedRequest,
    Request,
    SeatInfo,
    StartRequest,
    StateUpdate,
    TableOptions,
    Tables,
    TableStatus,
    WatchRequest,
    Welcome,
    WireAction,
    dump,
    dump_request,
    for_seat,
)

GOLDEN = Path(__file__).parent / "golden"
SERVICE, CLIENT = "service.jsonl", "client.jsonl"
PRESET = "classic"


# the engine's names, for reading the types of its fields
NAMES = {
    **vars(ev), "Card": Card, "Suit": Suit, "Rank": Rank, "MatchState": MatchState,
    "BarrelSeat": BarrelSeat, "Settlement": Settlement, "Action": Action, "Act": Act,
}  # fmt: skip


PLAYERS = (
    PlayerInfo("Ann", "human"),
    PlayerInfo("Боб", "ai", "easy"),
    PlayerInfo("Cat", "ai", "hard"),
)


def folder(wire: int = WIRE) -> Path:
    return GOLDEN / f"wire-{wire}"


class Samples:
    """Values of an engine class made from its fields' types, each number another, so that
    two fields swapped on the wire show."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.count = 0
        self.cards = iter(sorted(parse_card(r + s) for r in "9JQKTA" for s in "SCDH") * 50)

    def number(self) -> int:
        self.count += 1
        return self.count

    def of(self, hint: Any) -> Any:
        origin = get_origin(hint)
        if origin in (Union, types.UnionType):
            return self.of(next(a for a in get_args(hint) if a is not type(None)))
        if origin is Literal:
            return get_args(hint)[-1]
        if origin is tuple:
            args = get_args(hint)
            if len(args) == 2 and args[1] is Ellipsis:
                return (self.of(args[0]), self.of(args[0]))
            return tuple(self.of(a) for a in args)
        if origin is list:
            return [self.of(get_args(hint)[0]), self.of(get_args(hint)[0])]
        if origin is frozenset:
            return frozenset({self.of(get_args(hint)[0]), self.of(get_args(hint)[0])})
        if hint is bool:
            return self.count % 2 == 0 or bool(self.number())
        if hint is int:
            return self.number()
        if hint is float:
            return self.number() + 0.5
        if hint is str:
            return f"t{self.number()}"
        if hint is Card:
            return next(self.cards)
        if hint is Rules:
            return self.rules
        if hint is Suit:
            return list(Suit)[self.number() % 4]
        if hint in (Phase, Act, RedealStage, Rank):
            return list(hint)[self.number() % len(hint)]
        if hint is ev.SheetEvent:  # a note of the score sheet: one of them
            return self.make(ev.Cross)
        if isinstance(hint, type):
            return self.make(hint)
        raise TypeError(f"no sample of {hint}")

    def make(self, kind: type) -> Any:
        hints = get_type_hints(kind, NAMES | vars(sys.modules[kind.__module__]))
        if dataclasses.is_dataclass(kind):
            names = [f.name for f in dataclasses.fields(kind)]
            return kind(**{name: self.of(hints[name]) for name in names})
        names = list(kind._fields)  # type: ignore[attr-defined]
        return kind(**{name: self.of(hints[name]) for name in names})


def subclasses(base: type) -> list[type]:
    return sorted(base.__subclasses__(), key=lambda c: c.__name__)


def real_updates(seed: int = 7, moves: int = 40) -> Iterator[tuple[StateUpdate, Game]]:
    """The updates of seat 1 in the first moves of a real game (`seed`)."""
    rules = load_preset(PRESET).rules
    players = list(PLAYERS[: rules.players])
    game = Game(rules, seed, players, preset=PRESET)
    rng = random.Random(seed)
    events = game.take_start_events()
    played: list[Action] = []
    for turn in range(moves):
        shown = tuple(e for e in (for_seat(e, 1) for e in events) if e is not None)
        if turn % 10 == 0 or len(shown) > 1:
            yield (
                StateUpdate(
                    len(game.lines),
                    shown,
                    game.view(1),
                    tuple(game.players),
                    away=tuple(a for a in played[-2:] if a.seat == 1),
                    away_count=len(played),
                    clock=30.0 if turn % 3 else None,
                ),
                game,
            )
        if game.over or game.to_move is None:
            return
        action = rng.choice(game.legal_actions(game.to_move))
        events = game.apply(action)
        played.append(action)


def service_messages(real: bool = True) -> list[Message]:
    """A sample of every message of the service, in the order a client may read them (the
    welcome, which gives the conventions the views name, before the updates); without
    `real`, not those of a real game (which a change of the engine's play would change)."""
    rules = load_preset(PRESET).rules
    samples = Samples(rules)
    hard = Settlement(
        **{
            f.name: samples.of(get_type_hints(Settlement, NAMES)[f.name])
            for f in dataclasses.fields(Settlement)
        }
    )
    sheet = [samples.make(kind) for kind in subclasses(ev.SheetEvent)]
    every_event = tuple(samples.make(kind) for kind in subclasses(ev.Event))
    every_event += (
        ev.CardGiven(1, None, 2, private_to=(0, 1)),  # type: ignore[arg-type]
        ev.DealSettled(None, dataclasses.replace(hard, events=sheet)),
    )
    state = MatchState((10, 20, 30), (0, 1, 0), (0, 1, 0), (None, BarrelSeat(1, 2), None),
                       (0, 0, 1), (0, 0, 0), (1, 0, 0), 2, True)  # fmt: skip
    updates = [update for update, _ in real_updates()] if real else []
    view = samples.make(SeatView)
    declared = view._replace(
        declarations=(Declaration(1, "H", 100, True, 3), Declaration(2, "A", 200, False, 4, True)),
        tricks=(Trick(0, ((0, parse_card("AH")), (1, parse_card("TH"))), 0),),
        match=state,
        passed=frozenset({0, 2}),
    )
    every = StateUpdate(
        9,
        every_event,
        declared,
        PLAYERS,
        tricks=((1, declared.tricks[0]),),
        ended=declared,
        results=(hard, dataclasses.replace(hard, events=sheet)),
        deal=every_event[:3],
        away=(Action(0, Act.PLAY, card=parse_card("QS"), think_ms=12.5, auto=True),),
        away_count=4,
        clock=12.25,
        again=True,
    )
    seats = (
        SeatInfo("Ann", "human", True, True, None),
        SeatInfo("Борис", "human", True, False, 12.5),
        SeatInfo("Vera", "ai", True, True, 0.0),
    )
    return [
        Hello(WIRE),
        Welcome("K7QM2P", 1, rules.to_dict(), PRESET, "Классика", "ru", 60.0),
        Welcome("K7QM2P", 1, rules.to_dict(), PRESET, "Classic", "en", 60.0, True, 30.0),
        Welcome("K7QM2P", 0, rules.to_dict(), PRESET, "Classic", "en", 60.0, watcher=True),
        Welcome(
            "K7QM2P", 0, rules.to_dict(), PRESET, "Classic", "pl", 60.0, False, 0.0, True, "chat"
        ),
        TableStatus("K7QM2P", False, False, None, seats, fill_in=25.5),
        TableStatus("K7QM2P", True, True, 2, seats, again=(0, 1)),
        TableStatus("K7QM2P", True, False, 1, seats, watching=3),
        *updates,
        every,
        Acked(7),
        Refused("it is not your turn", 7),
        Refused("the table refused"),
        Failure("no table has the code 'AAAAAA'"),
        Failure("too many chat lines", about="chat", said="chat_many", values={"n": 3}),
        Failure("x", said="rules", values={"error": "bad", "nested": [1, {"a": None}], "f": 1.5}),
        Pong(),
        Notice("ai_retry", 1),
        Notice("clock_out"),
        ChatLine(1, "Борис", "хорошая взятка"),
        ChatLine(0, "Ann", "again", earlier=True),
        ChatLine(-1, "Zofia", "ładnie zagrane", watcher=True),
        Tables(()),
        Tables(
            (
                OpenTable("K7QM2P", PRESET, "Classic", 3, 1, 1, 1, 12.5, 30.0),
                OpenTable("ABCDEF", "duo", "Вдвоём", 2, 1, 0, 1, 3.0),
            )
        ),
    ]


def client_requests() -> list[Request]:
    """A sample of every request of a client, and of every decision an `act` carries."""
    rules = load_preset(PRESET).rules.to_dict()
    every = TableOptions(
        rules, PRESET, "Классика", "hard", 60.0, 0.8, "ru", True, (0, 1), ("Vera", "Boris"),
        "Olga", "key-1", True, 30.0, 20.0, "chat", True,
    )  # fmt: skip
    acts = [
        WireAction(Act.BID, value=120),
        WireAction(Act.PASS),
        WireAction(Act.GIVE, card=parse_card("9S"), to=2),
        WireAction(Act.PLAY, card=parse_card("QH"), marriage="H", keep_trump=True, hinted=True),
        WireAction(Act.TAKE_TALON, talon=1),
        WireAction(Act.REDEAL, reason="nines"),
    ]
    return [
        HelloRequest(),
        HelloRequest(WIRE + 1),
        OpenRequest(TableOptions(rules, PRESET)),
        OpenRequest(every),
        MatchRequest(TableOptions(rules, PRESET)),
        MatchRequest(dataclasses.replace(every, people=None, private=False)),
        JoinRequest("K7QM2P"),
        JoinRequest("k7qm-2p", 1, "Борис", "key-2", True),
        *(ActRequest(act, seq) for seq, act in enumerate(acts)),
        StartRequest(),
        PingRequest(),
        ChatRequest("well played, Борис"),
        AgainRequest(),
        ListRequest(),
        ListRequest(playing=True),
        WatchRequest("K7QM2P"),
        WatchRequest("k7qm-2p", "Зоя"),
        RelayedRequest(),
        RelayedRequest("cards-b"),
    ]


def lines() -> dict[str, bytes]:
    return {
        SERVICE: b"".join(dump(m) for m in service_messages()),
        CLIENT: b"".join(dump_request(r) for r in client_requests()),
    }


def main() -> int:
    target = folder()
    if target.exists():
        print(f"{target} exists: the fixtures of a protocol are never rewritten", file=sys.stderr)
        return 1
    made = lines()
    target.mkdir(parents=True)
    for name, data in made.items():
        (target / name).write_bytes(data)
    print(f"wrote {target}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
