"""The lobby as an app of its own (`thousand lobby`, `ssh -t HOST lobby`, the start screen's
line): `Lobby` is what the lobby screen asks of the table service (the tables waiting, a seat
at one of them, a table opened, a quick match), and `LobbyApp` shows the screen, then the
table chosen there over it, and the lobby again when its game ends or the player leaves it."""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from dataclasses import dataclass, field, replace

from textual.screen import Screen

from ...presets import Preset, PresetError, load_preset, shipped_names
from ...settings import LobbySetup, SetupError, TableSetup
from ...tables.client import TableError, list_tables
from ...tables.wire import OpenTable, TableOptions
from ...translations import error_text
from ..i18n import Translator
from .connection import SharedSession, join_shared, match_shared, open_shared, table_options
from .seat import SeatApp
from .waiting import shared_screen
from .words import said


@dataclass
class Lobby:
    """The lobby of this account's table service, for one person (`setup`); `chosen` is the
    seat he took there, once he took one."""

    setup: LobbySetup
    chosen: SharedSession | None = None
    to_table: Callable[[SharedSession], None] | None = None  # shows the seat taken
    _presets: dict[str, Preset] = field(default_factory=dict)
    _titles: dict[str, str | None] = field(default_factory=dict)

    @property
    def lang(self) -> str:
        return self.setup.table.lang

    @property
    def fill(self) -> float:
        return self.setup.fill

    def preset_titles(self) -> list[tuple[str, str]]:
        """The presets he may open or quick match: (the name offered, its title), those that
        cannot be loaded left out."""
        titles = []
        for name in self.setup.presets:
            preset = self.preset(name)
            if preset is not None:
                titles.append((name, preset.title_in(self.lang)))
        return titles

    def preset(self, name: str) -> Preset | None:
        if name not in self._presets:
            target = self.setup.presets.get(name)
            if target is None:
                return None
            try:
                self._presets[name] = load_preset(target)
            except (PresetError, OSError, ValueError):
                return None
        return self._presets[name]

    def title(self, table: OpenTable) -> str:
        """A table's game in this person's language when it is a shipped preset's (its
        opener named it in his own), else as its opener named it."""
        if table.preset not in self._titles:
            title = None
            if table.preset in shipped_names():
                with contextlib.suppress(PresetError, OSError, ValueError):
                    title = load_preset(table.preset).title_in(self.lang)
            self._titles[table.preset] = title
        return self._titles[table.preset] or table.title

    # In a worker thread: each raises TableError (or SetupError) saying why it cannot be done.

    def tables(self) -> tuple[OpenTable, ...]:
        return list_tables(host=self.setup.table.host)

    def join(self, code: str) -> SharedSession:
        table = self.setup.table
        return join_shared(
            code, name=table.name, lang=table.lang, who=self.setup.who, host=table.host
        )

    def open(self, name: str) -> SharedSession:
        return open_shared(self.options(name), host=self.setup.table.host)

    def match(self, name: str) -> SharedSession:
        return match_shared(self.options(name), host=self.setup.table.host)

    def options(self, name: str) -> TableOptions:
        """What opening a table of the preset offered as `name` sets, or quick matching it."""
        setup = self.setup
        return table_options(
            self.table_of(name),
            level=setup.level,
            timeout=setup.timeout,
            who=setup.who,
            fill=setup.fill,
        )

    def table_of(self, name: str) -> TableSetup:
        preset = self.preset(name)
        if preset is None:
            raise SetupError(Translator(self.lang)("lobby_preset_unloadable", name=name))
        return replace(self.setup.table, preset=preset)

    def said(self, error: Exception) -> str:
        if isinstance(error, TableError):
            return said(error, self.lang, self.setup.table.host)
        return error_text(self.lang, error)

    def sat(self, shared: SharedSession) -> None:
        """A seat taken from the lobby: the table is shown."""
        self.chosen = shared
        if self.to_table is not None:
            self.to_table(shared)


class LobbyApp(SeatApp):
    """`thousand lobby`: the lobby screen, a table chosen there over it, and the lobby again
    once that game ends or the player leaves the table; `q` in the lobby ends the app."""

    def __init__(self, lobby: Lobby, *, handle_signals: bool = False) -> None:
        super().__init__(lobby.setup.table, None, handle_signals=handle_signals)
        self.lobby = lobby
        lobby.to_table = self.to_table

    def first_screen(self) -> Screen[None]:
        from ..screens.lobby import LobbyScreen

        return LobbyScreen(self.lobby)

    def to_table(self, shared: SharedSession) -> None:
        """The seat taken, over the lobby: its waiting room, or the game under way."""
        self.shared = shared
        shared.back = self.back_to_lobby
        self.push_screen(shared_screen(shared))

    def back_to_lobby(self) -> None:
        """The player left the table, or its game ended: the seat let go (a game under way
        keeps it for him: the lobby says how to come back), and the lobby read again."""
        from ..screens.lobby import LobbyScreen

        shared, self.shared, self.lobby.chosen = self.shared, None, None
        if shared is None:
            return
        waits = not shared.mirror.over
        shared.close()
        # The table's sizes set classes of the app's own (where notes sit): not the lobby's.
        self.remove_class("-wide-table", "-tall-table")
        while len(self.screen_stack) > 1 and not isinstance(self.screen, LobbyScreen):
            self.pop_screen()
        lobby = self.screen
        if isinstance(lobby, LobbyScreen):
            lobby.back()
        if waits:
            self.notify(self.t("lobby_seat_waits", code=shared.code), markup=False)
