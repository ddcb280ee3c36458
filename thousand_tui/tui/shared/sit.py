"""A seat at a shared table for a command (`thousand open`, `join`, `watch`, in the full table or
by lines): the table opened or found, or a refusal said in the player's language."""

from __future__ import annotations

from dataclasses import replace

from ...settings import JoinSetup, OpenSetup, SetupError, TableSetup, check_name
from ...tables.client import TableError
from ..i18n import Translator
from ..startup import remembered_name
from .connection import SharedSession, join_shared, open_shared, table_options, watch_shared
from .words import said


def _refused(table: TableSetup, key: str, error: TableError) -> SetupError:
    why = said(error, table.lang, table.host)
    return SetupError(Translator(table.lang)(key, why=why))


def opened(setup: OpenSetup) -> tuple[TableSetup, SharedSession]:
    """The table `setup` opens, with the setup of its opener's seat (named as last time)."""
    table = setup.table
    if table.name is None and setup.who is None:
        table = replace(table, name=remembered_name(host=table.host))
    try:
        options = table_options(
            table,
            level=setup.level,
            timeout=setup.timeout,
            who=setup.who,
            hints=setup.hints,
            private=setup.private,
            fill=setup.fill,
            people=setup.people,
            clock=setup.clock,
            watchers=setup.watchers,
        )
        return table, open_shared(options, host=table.host)
    except TableError as error:
        raise _refused(table, "shared_open_failed", error) from error


def joined(setup: JoinSetup) -> SharedSession:
    """The seat at the table of `setup`'s code."""
    table = setup.table
    try:
        return join_shared(
            setup.code,
            name=check_name(table.name)
            or (None if setup.who else remembered_name(host=table.host)),
            lang=table.lang,
            seat=setup.seat,
            who=setup.who,
            host=table.host,
        )
    except TableError as error:
        raise _refused(table, "shared_join_failed", error) from error


def watching(setup: JoinSetup) -> SharedSession:
    """A place at no seat at the table of `setup`'s code."""
    table = setup.table
    try:
        return watch_shared(
            setup.code,
            name=check_name(table.name) or remembered_name(host=table.host),
            lang=table.lang,
            host=table.host,
        )
    except TableError as error:
        raise _refused(table, "shared_watch_failed", error) from error


__all__ = ["joined", "opened", "watching"]
