"""The flags of a table as the command line gave them: typed, read once by `cli.py` from what
it parsed, and passed down to the table (`tui`) and to `settings.setup_from_options`, which
checks them."""

from __future__ import annotations

from dataclasses import dataclass

from .priority import LOCAL, Host


@dataclass(frozen=True)
class TableFlags:
    """The flags of `thousand` (`play`) and `thousand daily`, not yet checked: None (or False)
    where a flag was not given, or where the command has no such flag.

    `host` is what the program runs as, decided at its entry point."""

    host: Host = LOCAL
    preset: str | None = None
    players: int | None = None
    ai: str | None = None
    seed: int | None = None
    name: str | None = None
    lang: str | None = None
    ascii: bool = False
    reduced_motion: bool = False
    suit_order: str | None = None
    auto_play: bool = False
    auto_next: bool = False
    pace: float | None = None
    think: float | None = None
    no_hints: bool = False
    no_auto_analysis: bool = False
    take_back: bool = False
    resume: str | None = None
    # The start screen of a hosted account: the host's whitelist (`thousand ssh-session`).
    offer: str | None = None
    offer_ai: str | None = None
    # `thousand daily --board`: print the day's board instead of playing.
    board: bool = False
    # `--plain` (True), `--no-plain` (False): the line mode, or the table; None: as last chosen.
    plain: bool | None = None


__all__ = ["TableFlags"]
