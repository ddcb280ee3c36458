"""A shared game as one seat knows it: `RemoteGame`, the table's `TableGame` at a shared
table, answered from the seat's mirror of the service's messages."""

from __future__ import annotations

from dataclasses import dataclass, field

from ...engine.actions import Action
from ...engine.game import PlayerInfo
from ...engine.match import MatchState
from ...engine.phases import Trick
from ...engine.scoring import Settlement
from ...engine.view import SeatView
from ...tables.mirror import SeatMirror


@dataclass
class _ClosedTricks:
    """The tricks of the deal as far as the last update told them (for the last trick)."""

    tricks: list[Trick] = field(default_factory=list)


class RemoteGame:
    """A shared game as one seat knows it, answering what the table's screens ask of a game
    (`TableGame`): its view, the names, the results, whose turn. Decisions do not go through
    it (the table's driver sends them to the service)."""

    start = None

    def __init__(self, mirror: SeatMirror) -> None:
        self.mirror = mirror
        self.rules = mirror.rules
        self.deal = _ClosedTricks()

    @property
    def names(self) -> tuple[str, ...]:
        return self.mirror.names

    @property
    def players(self) -> list[PlayerInfo]:
        return self.mirror.players

    @property
    def results(self) -> list[Settlement]:
        return self.mirror.results

    @property
    def match(self) -> MatchState:
        match = self.mirror.match
        assert match is not None
        return match

    @property
    def winner(self) -> int | None:
        view = self.mirror.view
        return view.winner if view is not None else None

    @property
    def over(self) -> bool:
        return self.mirror.over

    @property
    def to_move(self) -> int | None:
        view = self.mirror.view
        if view is None or self.over:
            return None
        if self.mirror.watcher and view.to_move == self.mirror.seat:
            return None  # a watcher's place is nobody's decision here: the service tells it
        return view.to_move

    def view(self, seat: int) -> SeatView:
        view = self.mirror.view
        if seat != self.mirror.seat or view is None:
            raise LookupError(f"seat {seat}'s view is not this table's to see")
        return view

    def legal_actions(self, seat: int) -> list[Action]:
        return list(self.mirror.legal) if seat == self.mirror.seat else []

    def closed_tricks(self, tricks: dict[int, Trick]) -> None:
        if tricks:
            size = max(tricks)
            blank = Trick(-1, (), -1)
            self.deal.tricks = [tricks.get(n + 1, blank) for n in range(size)]
