"""The table's flags reach the table typed (`TableFlags`), read from argparse in one place
(`cli.table_flags`)."""

from __future__ import annotations

from dataclasses import fields

from thousand_tui.cli import build_parser, table_flags
from thousand_tui.options import TableFlags
from thousand_tui.priority import HOSTED, LOCAL


def test_every_table_flag_is_a_flag_of_play_or_daily() -> None:
    """A flag renamed in the parser and not here would silently read as not given."""
    given = set(vars(build_parser("play").parse_args(["play"])))
    given |= set(vars(build_parser("daily").parse_args(["daily"])))
    assert {field.name for field in fields(TableFlags)} - {"host"} <= given


def test_the_flags_given_are_read_with_their_types() -> None:
    argv = ["play", "--seed", "3", "--pace", "0.5", "--ascii", "--take-back", "--lang", "ru"]
    flags = table_flags(build_parser("play").parse_args(argv))
    assert flags == TableFlags(seed=3, pace=0.5, ascii=True, take_back=True, lang="ru")
    assert flags.host == LOCAL


def test_a_flag_the_command_lacks_reads_as_not_given() -> None:
    flags = table_flags(build_parser("daily").parse_args(["daily", "--board", "--pace", "0"]))
    assert flags == TableFlags(board=True, pace=0.0)


def test_what_the_program_runs_as_comes_with_the_flags() -> None:
    options = build_parser("play").parse_args(["play"])
    options.runs_as = HOSTED  # as `cli.main` decides it
    assert table_flags(options).host == HOSTED
