"""The lobby (`thousand lobby`, `ssh -t HOST lobby`, the start screen's line): `Lobby` is what
the lobby screen asks of the table service (the tables waiting, a seat at one of them, a table
opened, a quick match). The app shows it in its `lobby` mode, a seat taken there in its `seat`
mode, and the lobby again when that game ends or the player leaves the table."""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from dataclasses import dataclass, field, replace

from ...presets import Preset, PresetError, load_preset, shipped_names
from ...priority import Host
from ...private import private_dir
from ...settings import LobbySetup, SetupError, TableSetup, check_name
from ...tables.client import TableError, list_tables
from ...tables.wire import OpenTable, TableOptions
from ...translations import error_text
from ..i18n import Translator
from ..startup import remembered_name
from .connection import (
    SharedSession,
    join_shared,
    match_shared,
    open_shared,
    table_options,
    watch_shared,
)
from .words import said


@dataclass
class Lobby:
    """The lobby of this account's table service, for one person (`setup`); `chosen` is the
    seat he took there, once he took one."""

    setup: LobbySetup
    chosen: SharedSession | None = None
    to_table: Callable[[SharedSession], None] | None = None  # shows the seat taken
    in_play: frozenset[str] = frozenset()  # the tables listed whose game is under way
    away: bool = False  # a tournament's deals played over the lobby: nothing read meanwhile
    _presets: dict[str, Preset] = field(default_factory=dict)
    _titles: dict[str, str | None] = field(default_factory=dict)

    def __post_init__(self) -> None:
        # Its folders decided now, for the workers that list, open and join tables later.
        table = self.setup.table
        self.setup = replace(self.setup, table=replace(table, host=table.host.resolved()))

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
        """The tables waiting for players, then those in play that may be watched
        (`in_play`: their codes)."""
        host = self.setup.table.host
        waiting = list_tables(host=host)
        playing = list_tables(host=host, playing=True)
        self.in_play = frozenset(t.code for t in playing)
        return waiting + playing

    def watch(self, code: str) -> SharedSession:
        table = self.setup.table
        return watch_shared(code, name=table.name, lang=table.lang, host=table.host)

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

    def player_host(self) -> Host:
        """What this person's own tries (a tournament's deals, the daily's) are kept by: a
        hosted lobby runs in the account's folder, where the tables are, and his tries are
        kept in his own folder, with the club the account's (as `ssh HOST tournaments` keeps
        them); elsewhere the lobby's own."""
        host = self.setup.table.host
        who = self.setup.who
        if host.hosted and who is not None:
            folder = private_dir(private_dir(host.data_dir / "players") / who)
            return replace(host, data=folder, club=host.club_dir)
        return host

    def said(self, error: Exception) -> str:
        if isinstance(error, TableError):
            return said(error, self.lang, self.setup.table.host)
        return error_text(self.lang, error)

    def sat(self, shared: SharedSession) -> None:
        """A seat taken from the lobby: the table is shown."""
        self.chosen = shared
        if self.to_table is not None:
            self.to_table(shared)


def lobby_of(setup: LobbySetup) -> Lobby:
    """The lobby for `setup`; a person who names himself nowhere sits down under the name last
    chosen on the start screen."""
    table = setup.table
    if table.name is None and setup.who is None:
        name = check_name(remembered_name(host=table.host))
        setup = replace(setup, table=replace(table, name=name))
    return Lobby(setup)
