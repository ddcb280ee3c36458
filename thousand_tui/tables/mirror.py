"""What one seat knows of a shared table, kept from the service's messages: its view, the
deals' results, who sits where and who is connected. No screen here: the table screen and the
tests read the same `SeatMirror`.
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from ..engine.actions import Action
from ..engine.events import Event
from ..engine.game import PlayerInfo
from ..engine.match import MatchState
from ..engine.phases import Trick
from ..engine.rules import Rules, RulesError
from ..engine.scoring import Settlement
from ..engine.view import SeatView
from .wire import Closed, Message, Refused, StateUpdate, TableStatus, Welcome, WireError


@dataclass
class SeatStatus:
    name: str
    kind: str  # "human" or "ai"
    taken: bool
    connected: bool
    ai_in: float | None  # a person away: seconds until an AI plays for him (0: it does)
    since: float = field(default_factory=time.monotonic)  # when this was told

    def ai_wait(self) -> float | None:
        """A person away: the seconds left before an AI plays for him."""
        if self.ai_in is None:
            return None
        return max(0.0, self.ai_in - (time.monotonic() - self.since))

    @property
    def ai_playing(self) -> bool:
        return self.kind == "ai" or self.ai_wait() == 0


@dataclass
class Update:
    """One `update` message, read: the events this seat may see, and the closed tricks'
    plays (for showing the last trick)."""

    events: list[Event]
    tricks: dict[int, Trick]
    # On coming back to the seat: what an AI played for this seat meanwhile (the last ones
    # of `away_count`).
    away: list[Action] = field(default_factory=list)
    away_count: int = 0
    # On sitting at the seat again: the current deal so far, as this seat may see it.
    deal: list[Event] = field(default_factory=list)
    # When a deal ended: this seat's view of it as it ended, with the scores its result
    # gives (the view above is of the next deal already).
    ended: SeatView | None = None
    again: bool = False  # the first update of a new game at the same table


@dataclass
class SeatMirror:
    welcome: Welcome
    rules: Rules = field(init=False)
    seat: int = field(init=False)
    code: str = field(init=False)
    view: SeatView | None = None
    players: list[PlayerInfo] = field(default_factory=list)
    results: list[Settlement] = field(default_factory=list)
    seats: list[SeatStatus] = field(default_factory=list)
    started: bool = False
    turn: int = 0
    refused: list[str] = field(default_factory=list)
    closed: bool = False
    hints: bool = False  # the opener allows hints: each asks at his own decisions
    fill_at: float | None = None  # before the game: when AI takes the free seats (monotonic)
    # What this seat calls the table's AI players: the opener named them in his language
    # ("Anna"), a seat reading another calls them in its own ("Анна").
    ai_name: Callable[[str], str] | None = None
    clock: float = 0.0  # the table's move clock: seconds for each decision of a person (0: none)
    clock_at: float | None = None  # when the time of the one to move runs out (monotonic)
    again: tuple[int, ...] = ()  # game over: the seats whose people asked to play again
    watcher: bool = False  # a watcher's: at no seat, he never decides
    watching: int = 0  # how many watch the table
    watchers: str = "read"  # what the table lets watchers do (`options.WATCHERS`)

    def __post_init__(self) -> None:
        try:
            self.rules = Rules.from_mapping(dict(self.welcome.rules), source="table")
        except (RulesError, TypeError, ValueError) as error:
            raise WireError(f"a welcome that cannot be read: {error}") from error
        self.seat = self.welcome.seat
        self.code = self.welcome.code
        self.hints = self.welcome.hints
        self.clock = self.welcome.clock
        self.watcher = self.welcome.watcher
        self.watchers = self.welcome.watchers

    # ------------------------------------------------------------------ reading

    def take(self, message: Message | Closed) -> Update | None:
        """Take in one message; an `update` gives its events."""
        if isinstance(message, TableStatus):
            self.started = message.started
            fill = message.fill_in
            self.fill_at = None if fill is None or fill < 0 else time.monotonic() + fill
            self.seats = [SeatStatus(**dataclasses.asdict(s)) for s in message.seats]
            self.again = message.again
            self.watching = message.watching
            taken = {s.name for s in self.seats}
            for status in self.seats:
                if status.kind == "ai":
                    status.name = self._own_name(status.name, taken)
        elif isinstance(message, StateUpdate):
            return self._update(message)
        elif isinstance(message, Refused):
            self.refused.append(message.error)
        elif isinstance(message, Closed):
            self.closed = True
        return None

    def _update(self, message: StateUpdate) -> Update:
        if not message.view.seat == self.seat:
            raise WireError("the view is not this seat's")
        if self.watcher and (message.view.hand is not None or message.view.legal or message.away):
            raise WireError("a watcher's view holds a seat's own cards or decisions")
        if not all(isinstance(a, Action) and a.seat == self.seat for a in message.away):
            raise WireError("the moves played for this seat are not its actions")
        if message.away_count < len(message.away):
            raise WireError("the count of the moves played for this seat is wrong")
        ended = message.ended
        if ended is not None and ended.seat != self.seat:
            raise WireError("the ended deal's view is not this seat's")
        self.started = True
        self.turn = message.turn
        clock = message.clock
        self.clock_at = None if clock is None or clock < 0 else time.monotonic() + clock
        if message.again:  # a new game at the same table: its results begin afresh
            self.results = []
            self.again = ()
        self.players = self._own_names(message.players)
        names = tuple(p.name for p in self.players)
        self.view = message.view
        if len(names) == len(message.view.names):
            self.view = message.view._replace(names=names)
            if ended is not None:
                ended = ended._replace(names=names)
        if message.results is not None:
            self.results = list(message.results)
        for event in message.events:
            result = getattr(event, "result", None)
            if isinstance(result, Settlement):
                self.results.append(result)
        tricks = dict(message.tricks)
        away = list(message.away)
        deal = list(message.deal or ())
        return Update(
            list(message.events), tricks, away, message.away_count, deal, ended, message.again
        )

    def _own_names(self, players: tuple[PlayerInfo, ...]) -> list[PlayerInfo]:
        taken = {p.name for p in players}
        return [
            dataclasses.replace(p, name=self._own_name(p.name, taken)) if p.kind == "ai" else p
            for p in players
        ]

    def _own_name(self, name: str, taken: set[str]) -> str:
        """An AI player's name in this seat's words, unless another player has that name."""
        own = self.ai_name(name) if self.ai_name is not None else name
        return name if own != name and own in taken else own

    # ------------------------------------------------------------------ asking

    @property
    def names(self) -> tuple[str, ...]:
        if self.players:
            return tuple(p.name for p in self.players)
        return tuple(s.name for s in self.seats)

    def clock_left(self) -> float | None:
        """The seconds left to the one to move before an AI decides for him (None: no
        clock runs)."""
        if self.clock_at is None or self.over:
            return None
        return max(0.0, self.clock_at - time.monotonic())

    @property
    def may_chat(self) -> bool:
        """Whether this connection may write in the table's chat: a seat's always, a
        watcher's where the opener lets watchers write."""
        return not self.watcher or self.watchers == "chat"

    @property
    def my_turn(self) -> bool:
        return (
            self.view is not None
            and self.view.to_move == self.seat
            and not (self.over or self.watcher)
        )

    @property
    def over(self) -> bool:
        return self.view is not None and self.view.winner is not None

    @property
    def legal(self) -> tuple[Action, ...]:
        return self.view.legal if self.view is not None else ()

    @property
    def match(self) -> MatchState | None:
        return self.view.match if self.view is not None else None
