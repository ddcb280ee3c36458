"""The commands `thousand open` and `thousand join`: a shared table opened or joined from
the command line, then played in its own app."""

from __future__ import annotations

import argparse
from dataclasses import replace

from ...settings import LEVELS, SetupError, check_name
from ...tables.client import TableError
from ...tables.service import MAX_TIMEOUT, normalize_code
from ..startup import remembered_name
from .connection import join_shared, open_shared
from .run import run_shared


def run_open(options: argparse.Namespace) -> int:
    """`thousand open [PRESET]`: open a shared table here and wait for friends at it."""
    from ...settings import setup_from_options

    setup = setup_from_options(_table_options(options, options.preset, options.players))
    if setup.name is None and options.who is None:
        setup = replace(setup, name=remembered_name())
    if options.ai not in LEVELS:
        raise SetupError(f"--ai must be one of {', '.join(LEVELS)}")
    assert setup.preset is not None
    players = setup.preset.rules.players
    people = _people(options.people, players)
    timeout = _seconds(options.timeout, "--timeout")
    _check_terminal()
    try:
        shared = open_shared(
            setup,
            people=people,
            level=options.ai,
            timeout=timeout,
            who=options.who,
            hints=bool(getattr(options, "hints", False)),
        )
    except TableError as error:
        raise SetupError(f"the table cannot be opened: {error}") from error
    return run_shared(setup, shared)


def run_join(options: argparse.Namespace) -> int:
    """`thousand join CODE`: sit at a friend's shared table (again, for your own seat)."""
    from ...settings import setup_from_options

    setup = setup_from_options(_table_options(options, None, None))
    if normalize_code(options.code) is None:
        raise SetupError(
            f"{ascii(options.code)[:30]} is not a table code: six letters and digits, "
            "as the one who opened the table got it (e.g. K7QM2P)"
        )
    seat = options.seat - 1 if options.seat is not None else None
    _check_terminal()
    try:
        shared = join_shared(
            options.code,
            name=check_name(options.name) or (None if options.who else remembered_name()),
            lang=setup.lang,
            seat=seat,
            who=options.who,
        )
    except TableError as error:
        raise SetupError(f"cannot join the table: {error}") from error
    return run_shared(setup, shared)


def _table_options(
    options: argparse.Namespace, preset: str | None, players: int | None
) -> argparse.Namespace:
    return argparse.Namespace(
        preset=preset,
        players=players,
        ai=None,
        seed=None,
        name=getattr(options, "name", None),
        lang=options.lang,
        ascii=options.ascii,
        reduced_motion=options.reduced_motion,
        suit_order=getattr(options, "suit_order", None),
        pace=getattr(options, "pace", None),
        think=None,
        resume=None,
    )


def _people(text: str | None, players: int) -> list[int] | None:
    """`--people 1,2`: the seats (from 1, yours) for people; the others are AI seats."""
    if text is None:
        return None
    try:
        seats = sorted({int(part) - 1 for part in text.split(",") if part.strip()})
    except ValueError:
        seats = []
    if not seats or seats[0] != 0 or seats[-1] >= players:
        raise SetupError(
            f"--people lists the seats for people, 1 (yours) to {players}, e.g. --people 1,2"
        )
    return seats


def _seconds(value: float, flag: str) -> float:
    if not 0 <= value <= MAX_TIMEOUT:
        raise SetupError(f"{flag} must be from 0 to {MAX_TIMEOUT:g} seconds")
    return value


def _check_terminal() -> None:
    from .. import check_terminal

    problem = check_terminal()
    if problem is not None:
        raise SetupError(problem)
