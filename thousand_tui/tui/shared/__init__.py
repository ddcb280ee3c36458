"""A shared table in this terminal (docs/tables.md): the usual table screen, driven by the
table service instead of a local game.

- `connection`: a seat at a shared table without Textual (`SharedSession`: the connection,
  the seat's mirror and its inbox); `open_shared(...)`, `match_shared(...)` (of
  `table_options(...)`) and `join_shared(...)` sit down.
- `remote`: the game as the seat knows it (`RemoteGame`, the table's `TableGame`).
- `waiting`: the waiting room before the deal, and `shared_screen` (the room or the table).
- `words`: what the screens say of the table (how to join it, who is away).
- `remote_table`: `SharedDriver`, the table screen's driver at a shared table (`shared_table`).
- `lobby_client`: the lobby's requests to the table service: the tables waiting for
  players, a seat at one, a table opened, a quick match (`Lobby`, `lobby_of`).

The app shows a seat in its `seat` mode and the lobby in its `lobby` mode (`tui/app.py`);
`thousand open`, `join` and `lobby` launch it so (`tui/launch.py`).
"""

from __future__ import annotations

from .connection import (
    SharedSession,
    default_name,
    join_shared,
    match_shared,
    open_shared,
    table_options,
)
from .remote import RemoteGame
from .remote_table import REJOIN_EVERY, REJOIN_FOR, SharedDriver, shared_table
from .waiting import WaitingScreen, shared_screen
from .words import join_command, said, seat_status_words

__all__ = [
    "REJOIN_EVERY",
    "REJOIN_FOR",
    "RemoteGame",
    "SharedDriver",
    "SharedSession",
    "WaitingScreen",
    "default_name",
    "join_command",
    "join_shared",
    "match_shared",
    "open_shared",
    "said",
    "seat_status_words",
    "shared_screen",
    "shared_table",
    "table_options",
]
