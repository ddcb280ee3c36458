"""A game (партия): deals until someone wins (docs/rules.md#the-order-of-a-deal), and its record
(docs/record.md).

The one API every front end uses: `to_move`, `legal_actions(seat)`, `apply(action)` → events,
`view(seat)`. Every decision and every result is appended to `lines` (the game record) and
passed to `sink` as it happens, so a writer can flush it at once.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from .actions import Action, IllegalAction, record_line
from .cards import codes
from .deal import Deal
from .dealing import Dealt, deal
from .events import DealSettled, Event, GameOver
from .match import MatchState
from .rules import Rules
from .scoring import Settlement, settle
from .view import SeatView, seat_view

RECORD_FORMAT = "thousand-record"
RECORD_VERSION = 1


@dataclass(frozen=True, slots=True)
class PlayerInfo:
    name: str
    kind: str = "ai"  # "human" or "ai"
    level: str | None = None

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"name": self.name, "kind": self.kind}
        if self.level is not None:
            data["level"] = self.level
        return data


@dataclass(frozen=True, slots=True)
class Start:
    """A position to begin from instead of zeros: a scenario ("on the barrel at 880")."""

    state: MatchState
    deal_number: int = 1

    def to_dict(self) -> dict[str, Any]:
        return {"state": self.state.to_dict(), "deal_number": self.deal_number}


Sink = Callable[[dict[str, Any]], None]


class Game:
    __slots__ = (
        "_logged",
        "_views",
        "_views_deal",
        "_views_moves",
        "deal",
        "deal_number",
        "dealer",
        "first_dealer",
        "first_state",
        "lang",
        "lines",
        "match",
        "names",
        "pending_events",
        "players",
        "preset",
        "results",
        "rules",
        "seed",
        "sink",
        "stacked",
        "start",
        "table",
        "winner",
    )

    def __init__(
        self,
        rules: Rules,
        seed: int,
        players: list[PlayerInfo] | None = None,
        first_dealer: int = 0,
        preset: str = "classic",
        start: Start | None = None,
        deals: Mapping[int, Dealt] | None = None,
        sink: Sink | None = None,
        created: str | None = None,
        lang: str | None = None,
        table: str | None = None,
        people: Sequence[str | None] | None = None,
    ) -> None:
        n = rules.players
        self.rules = rules
        self.seed = seed
        self.players = players or [PlayerInfo(f"Player {i + 1}") for i in range(n)]
        if len(self.players) != n:
            raise ValueError(f"{len(self.players)} players given for a {n}-player game")
        if not 0 <= first_dealer < n:
            raise ValueError(f"first dealer must be a seat 0..{n - 1}")
        self.names = tuple(p.name for p in self.players)
        self.first_dealer = first_dealer
        self.preset = preset
        self.lang = lang  # the language the game is played in, kept for a resume
        self.table = table  # the code of the shared table it is played at, if any
        self.start = start
        self.stacked: dict[int, Dealt] = dict(deals or {})
        self.sink = sink
        self.lines: list[dict[str, Any]] = []
        self.results: list[Settlement] = []
        self.winner: int | None = None
        golden_left = n if rules.golden.enabled else 0
        self.match = start.state if start else MatchState.initial(n, golden_left)
        self.first_state = self.match  # the match as the game began
        self.deal_number = start.deal_number if start else 1
        self.dealer = first_dealer
        header: dict[str, Any] = {
            "type": "game",
            "format": RECORD_FORMAT,
            "version": RECORD_VERSION,
            "preset": preset,
            "rules": rules.to_dict(),
            "seed": seed,
            "first_dealer": first_dealer,
            "created": created or datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ"),
            "players": [p.to_dict() for p in self.players],
        }
        if lang is not None:
            header["lang"] = lang
        if table is not None:
            header["table"] = table
        if people is not None and any(people):
            header["people"] = list(people)  # who sat at each seat of a shared table
        if start is not None:
            header["start"] = start.to_dict()
        self._write(header)
        self.deal: Deal
        # The views made at the current decision.
        self._views: dict[int, SeatView] = {}
        self._views_deal: Deal | None = None
        self._views_moves = -1
        self._logged = 0
        self.pending_events: list[Event] = self._start_deal()

    # ------------------------------------------------------------------ the API

    @property
    def over(self) -> bool:
        return self.winner is not None

    @property
    def to_move(self) -> int | None:
        return None if self.winner is not None else self.deal.to_move

    def legal_actions(self, seat: int) -> list[Action]:
        if self.winner is not None:
            return []
        return list(self.deal.legal(seat))

    def apply(self, action: Action) -> list[Event]:
        if self.winner is not None:
            raise IllegalAction("the game is over")
        if self.pending_events:
            self.pending_events = []  # the start events of the first deal are past now
        deal = self.deal
        events = deal.apply(action)
        self._flush_actions()
        if deal.over:
            events += self._close_deal()
        return events

    def view(self, seat: int) -> SeatView:
        """What `seat` may see now; made once per decision and seat."""
        deal = self.deal
        if deal is not self._views_deal or deal.moves != self._views_moves:
            self._views_deal, self._views_moves = deal, deal.moves
            self._views = {}
        view = self._views.get(seat)
        if view is None:
            view = seat_view(deal, seat, self.names, self.winner)
            if self.winner is not None:  # the game is over: the scores its last deal left
                view = view._replace(match=self.match)
            self._views[seat] = view
        return view

    def take_start_events(self) -> list[Event]:
        """Events of the very first deal's start (made in the constructor)."""
        events, self.pending_events = self.pending_events, []
        return events

    # ------------------------------------------------------------------ deals

    def dealt_cards(self, number: int, dealer: int) -> Dealt:
        stacked = self.stacked.get(number)
        if stacked is not None:
            return stacked
        rules = self.rules
        return deal(
            self.seed, number, dealer, rules.players, rules.deal.cut_ritual, rules.talon_size
        )

    def _start_deal(self) -> list[Event]:
        dealt = self.dealt_cards(self.deal_number, self.dealer)
        golden = self.match.golden_left > 0
        self.deal = Deal(self.rules, self.deal_number, self.dealer, self.match, dealt, golden)
        self._logged = 0
        line: dict[str, Any] = {
            "type": "deal",
            "number": self.deal_number,
            "dealer": self.dealer,
            "sitting_out": self.deal.sitting_out,
            "golden": golden,
            "state": self.match.to_dict(),
            "hands": [codes(h) for h in dealt.hands],
            "talon": codes(dealt.talons[0])
            if len(dealt.talons) == 1
            else [codes(t) for t in dealt.talons],
        }
        if self.rules.deal.cut_ritual:
            line["cut"] = codes(dealt.cut)
        self._write(line)
        events = self.deal.start()
        self._flush_actions()
        if self.deal.over:
            events += self._close_deal()
        return events

    def _close_deal(self) -> list[Event]:
        result = settle(self.deal.outcome())
        self.results.append(result)
        self._write(result.to_record())
        self.match = result.state
        events: list[Event] = [DealSettled(self.deal.declarer, result)]
        if result.winner is not None:
            self.winner = result.winner
            self._views_deal = None  # the views made before the end do not know the winner
            self._write(
                {
                    "type": "end",
                    "winner": result.winner,
                    "scores": list(result.state.scores),
                    "deals": sum(1 for line in self.lines if line["type"] == "deal"),
                }
            )
            events.append(GameOver(result.winner, result.state.scores))
            return events
        if result.redeal is None:
            self.dealer = (self.dealer + 1) % self.rules.players
        self.deal_number += 1
        return events + self._start_deal()

    # ------------------------------------------------------------------ the record

    def _flush_actions(self) -> None:
        log = self.deal.log
        logged = self._logged
        if logged < len(log):
            lines, sink = self.lines, self.sink
            for action in log[logged:]:
                line = record_line(action)  # as `_write` does, without a call per action
                lines.append(line)
                if sink is not None:
                    sink(line)
            self._logged = len(log)

    def _write(self, line: dict[str, Any]) -> None:
        self.lines.append(line)
        if self.sink is not None:
            self.sink(line)
