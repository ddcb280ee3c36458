"""Tournaments at the table and as text (`thousand tournaments`): a tournament's deals are
played in the daily's table mode (`TournamentRun`), its standings said in the reader's
language, with the scores only after the close (docs/club.md#tournaments-on-the-same-deals)."""

from __future__ import annotations

import sys
from dataclasses import replace
from datetime import UTC, datetime

from ..engine.record import RecordError
from ..options import TableFlags
from ..plaintext import shown
from ..priority import Host
from ..settings import LANGUAGES, SetupError, host_language, host_utf8
from ..store.catalog import error_words, typed
from ..store.index import open_club, player_id
from ..tournament import (
    Tournament,
    TournamentError,
    find,
    time_words,
)
from .daily_table import daily_setup, open_next
from .i18n import Translator
from .startup import preset_title
from .tournament_run import TournamentRun
from .tournament_words import PROG, show_lines

# ---------------------------------------------------------------------- the commands


def _fail(text: str) -> int:
    print(f"{PROG}: {text}", file=sys.stderr)
    return 2


def run_play(name: str, options: TableFlags) -> int:
    """`thousand tournaments play NAME`: your next deal of the tournament (or the one you
    left, where you stopped); one try, while it is open."""
    from . import check_terminal
    from .app import create_app
    from .launch import launch

    host = options.host
    lang = options.lang if options.lang in LANGUAGES else host_language(host)
    t = Translator(lang)
    try:
        spec = find(name, host.club_dir, host.database)
        setup = daily_setup(replace(options, preset=spec.preset))
    except (TournamentError, SetupError, ValueError) as error:
        return _fail(error_words(lang, error, host))
    t = Translator(setup.lang)
    now = datetime.now(UTC)
    state = spec.state(now)
    if state != "open":
        key = "tour_not_yet" if state == "soon" else "tour_over"
        when = time_words(spec.opens if state == "soon" else spec.closes)
        return _fail(t(key, when=when, command=typed(f"tournaments show {shown(spec.name)}", host)))
    day = Tournament.of(spec, host.club_dir, host.database)
    player = player_id(host)
    problem = check_terminal(lang=setup.lang, host=host)
    if problem is not None:
        return _fail(problem)
    try:
        found = open_next(day, player, setup)
    except (RecordError, ValueError, OSError) as error:  # e.g. open in another session
        return _fail(error_words(setup.lang, error, host))
    if found is None:
        print(t("tour_all_played", deals=t.count("w_deal", spec.deals)))
        with open_club(host) as index:
            print("\n".join(show_lines(spec, index, t, player, setup.ascii, host.club_dir, host)))
        return 0
    opened, events = found
    return launch(create_app(setup, daily=TournamentRun(day, player, setup, opened, events)))


def run_review(name: str, lang: str | None, ascii_only: bool, host: Host) -> int:
    """`thousand tournaments review NAME`: the duplicate review of each deal you played,
    beside hard's and the leader's, once the tournament is closed."""
    from . import check_terminal
    from .duplicate import played_deals, review_day
    from .screens.duplicate import DuplicateScreen
    from .view_commands import show

    lang = lang if lang in LANGUAGES else host_language(host)
    assert lang is not None
    t = Translator(lang)
    try:
        spec = find(name, host.club_dir, host.database)
        if spec.state(datetime.now(UTC)) != "closed":
            return _fail(t("tour_review_later", when=time_words(spec.closes)))
        day = Tournament.of(spec, host.club_dir, host.database)
        player = player_id(host)
        with open_club(host) as index:
            if not played_deals(day, index, player):
                return _fail(t("tour_review_none", name=shown(spec.name)))
            problem = check_terminal(lang=lang, host=host)
            if problem is not None:
                return _fail(problem)
            reviews = review_day(day, index, player, t("you_name"), t.level("hard"))
    except (TournamentError, RecordError, ValueError, OSError) as error:
        return _fail(error_words(lang, error, host))
    title = t("tour_review_title", name=shown(spec.name), preset=preset_title(day.name, lang))
    return show(
        lambda: DuplicateScreen(reviews, title), lang, ascii_only or not host_utf8(host), host
    )


__all__ = ["TournamentRun", "run_play", "run_review"]
