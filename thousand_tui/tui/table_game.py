"""What the table's screens need of a game: `TableGame`. The engine's `Game` is one (a game
played here); a shared table's `RemoteGame` is another (what one seat knows of a game the
table service plays). Deciding is not part of it: a local table applies decisions to its
`Game`, a shared one sends them to the service (see `table_driver.py`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from ..engine.actions import Action
    from ..engine.game import PlayerInfo, Start
    from ..engine.match import MatchState
    from ..engine.phases import Trick
    from ..engine.rules import Rules
    from ..engine.scoring import Settlement
    from ..engine.view import SeatView


class PlayedTricks(Protocol):
    """The tricks of the deal being played, as far as the table knows them."""

    @property
    def tricks(self) -> Sequence[Trick]: ...


class TableGame(Protocol):
    """A game as the table shows it: its players, scores and results, whose turn it is, and
    each seat's view with the moves the engine allows."""

    @property
    def rules(self) -> Rules: ...

    @property
    def names(self) -> tuple[str, ...]: ...

    @property
    def players(self) -> Sequence[PlayerInfo]: ...

    @property
    def results(self) -> Sequence[Settlement]: ...

    @property
    def match(self) -> MatchState: ...

    @property
    def start(self) -> Start | None: ...

    @property
    def winner(self) -> int | None: ...

    @property
    def over(self) -> bool: ...

    @property
    def to_move(self) -> int | None: ...

    @property
    def deal(self) -> PlayedTricks: ...

    def view(self, seat: int) -> SeatView: ...

    def legal_actions(self, seat: int) -> list[Action]: ...


class HasGame(Protocol):
    """Whatever holds the game a table plays (a `Session`, a table's driver): asked each time,
    as the game may be replaced (a card taken back rebuilds it)."""

    @property
    def game(self) -> TableGame: ...


__all__ = ["HasGame", "PlayedTricks", "TableGame"]
