"""The commands `thousand open` and `thousand join` (their flags parsed and checked by the
command line, `cli.py`): a shared table opened or joined, then played in its own app."""

from __future__ import annotations

from dataclasses import replace

from ...settings import JoinSetup, OpenSetup, SetupError, check_name
from ...tables.client import TableError
from ..i18n import Translator
from ..startup import remembered_name
from .connection import join_shared, open_shared, table_options
from .run import run_shared
from .words import said


def run_open(setup: OpenSetup) -> int:
    """`thousand open [PRESET]`: open a shared table here and wait for friends at it."""
    table = setup.table
    if table.name is None and setup.who is None:
        table = replace(table, name=remembered_name(host=table.host))
    _check_terminal(table.lang)
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
        )
        shared = open_shared(options, host=table.host)
    except TableError as error:
        why = said(error, table.lang, table.host)
        raise SetupError(Translator(table.lang)("shared_open_failed", why=why)) from error
    return run_shared(table, shared)


def run_join(setup: JoinSetup) -> int:
    """`thousand join CODE`: sit at a friend's shared table (again, for your own seat)."""
    table = setup.table
    _check_terminal(table.lang)
    try:
        shared = join_shared(
            setup.code,
            name=check_name(table.name)
            or (None if setup.who else remembered_name(host=table.host)),
            lang=table.lang,
            seat=setup.seat,
            who=setup.who,
            host=table.host,
        )
    except TableError as error:
        why = said(error, table.lang, table.host)
        raise SetupError(Translator(table.lang)("shared_join_failed", why=why)) from error
    return run_shared(table, shared)


def _check_terminal(lang: str) -> None:
    from .. import check_terminal

    problem = check_terminal(lang=lang)
    if problem is not None:
        raise SetupError(problem)
