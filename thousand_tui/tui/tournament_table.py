"""Tournaments at the table and as text (`thousand tournaments`): a tournament's deals are
played in the daily's table mode (`DailyRun`, `DailyDriver`), its standings said in the
reader's language, with the scores only after the close
(docs/club.md#tournaments-on-the-same-deals)."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from fractions import Fraction
from pathlib import Path

from rich.cells import cell_len

from ..engine.record import RecordError
from ..options import TableFlags
from ..plaintext import shown
from ..priority import LOCAL, Host
from ..settings import LANGUAGES, SetupError, language_from_locale, locale_is_utf8
from ..store.catalog import error_words, games_dir, typed
from ..store.index import LOCAL_PLAYER, ClubIndex, index_path, open_index, player_of
from ..tournament import (
    Spec,
    Standing,
    Tournament,
    TournamentError,
    find,
    specs,
    standings,
    time_words,
)
from .daily_table import DailyRun, daily_setup, open_next
from .i18n import Translator
from .leaderboard import NAME_CELLS, _cut, _pad
from .startup import preset_title

PROG = "thousand"


def quoted(name: str) -> str:
    """A tournament's name as a command line takes it: quoted where it has a space."""
    name = shown(name)
    return repr(name) if " " in name else name


def play_words(spec: Spec) -> str:
    """The words that play a tournament."""
    return f"tournaments play {quoted(spec.name)}"


def state_line(spec: Spec, t: Translator, now: datetime) -> str:
    """«Winter» · classic · 12 deals · open until 2026-12-06 18:00 UTC"""
    state = spec.state(now)
    when = t(f"tour_state_{state}", opens=time_words(spec.opens), closes=time_words(spec.closes))
    deals = t.count("w_deal", spec.deals)
    return f"«{shown(spec.name)}» · {preset_title(spec.preset, t.lang)} · {deals} · {when}"


def score_words(score: Fraction, t: Translator, ascii_only: bool) -> str:
    """+12.5, −3.3, 0.0: the duplicate score to a tenth."""
    tenths = round(score * 10)
    text = f"{abs(tenths) // 10}.{abs(tenths) % 10}"
    sign = "+" if tenths > 0 else ("-" if ascii_only else "−") if tenths < 0 else ""
    return sign + t.decimal(text)


def standings_lines(
    spec: Spec,
    rows: Sequence[Standing],
    t: Translator,
    now: datetime,
    you: str | None = None,
    ascii_only: bool = False,
    host: Host = LOCAL,
) -> list[str]:
    """`thousand tournaments show`: the tournament's line, then each entrant: rank, name,
    duplicate score and deals played, best first; before the close, the entrants and the
    deals they played only (nobody's points before everyone has played)."""
    lines = [state_line(spec, t, now)]
    if not rows:
        return [*lines, t("tour_no_entrants")]
    closed = spec.state(now) == "closed"
    header = ["#", t("daily_player"), t("tour_score"), t("tour_played")]
    table = [header]
    ordered = rows if closed else sorted(rows, key=lambda r: (r.name.casefold(), r.player))
    mark = "*" if ascii_only else "•"
    for rank, row in enumerate(ordered, start=1):
        name = row.name
        if row.player == LOCAL_PLAYER == you and name == row.player:
            name = t("you_name")  # the data folder's own player, with no name of his own
        table.append(
            [
                (mark if row.player == you else "") + (str(rank) if closed else ""),
                _cut(shown(name), NAME_CELLS, ascii_only),
                score_words(row.score, t, ascii_only) if closed else "?",
                f"{row.played}/{spec.deals}",
            ]
        )
    widths = [max(cell_len(line[i]) for line in table) for i in range(len(header))]
    for line in table:
        cells = [_pad(text, widths[i], i != 1) for i, text in enumerate(line)]
        lines.append("  ".join(cells).rstrip())
    lines.append("")
    lines.append(t("tour_note_closed") if closed else t("tour_note_open"))
    if closed:
        review = f"tournaments review {quoted(spec.name)}"
        lines.append(t("tour_review_hint", command=typed(review, host)))
    return lines


def show_lines(
    spec: Spec,
    index: ClubIndex,
    t: Translator,
    you: str | None,
    ascii_only: bool,
    base: Path,
    host: Host = LOCAL,
) -> list[str]:
    day = Tournament.of(spec, base)
    rows = standings(day.results(index), spec.deals, dict(index.players()))
    return standings_lines(spec, rows, t, datetime.now(UTC), you, ascii_only, host)


def list_lines(base: Path, t: Translator, now: datetime) -> list[str]:
    """`thousand tournaments`: every tournament of the club, one line each."""
    found = specs(base)
    if not found:
        return [t("tour_none")]
    return [state_line(spec, t, now) for spec in found] + ["", t("tour_list_hint")]


def lobby_line(base: Path, t: Translator, now: datetime, host: Host = LOCAL) -> str:
    """The lobby's line on tournaments: those open now (how to play the first), else the
    latest closed one's winner; "" when there is none."""
    found = specs(base)
    open_now = [spec for spec in found if spec.state(now) == "open"]
    if open_now:
        first = open_now[-1]  # the first to close
        return t(
            "tour_lobby_open",
            tournament=state_line(first, t, now),
            command=typed(play_words(first), host),
        )
    closed = [spec for spec in found if spec.state(now) == "closed"]
    if not closed:
        return ""
    last = closed[0]
    with open_index(index_path(base)) as index:
        day = Tournament.of(last, base)
        rows = standings(day.results(index), last.deals, dict(index.players()))
    if not rows:
        return ""
    best = rows[0]
    name = best.name if best.name != LOCAL_PLAYER else t("you_name")
    return t(
        "tour_lobby_closed",
        name=shown(last.name),
        winner=shown(name),
        score=score_words(best.score, t, False),
    )


@dataclass
class TournamentRun(DailyRun):
    """A person's tournament deals played in this terminal: the daily's table mode, with the
    tournament's count, words and standings."""

    def board(self, t: Translator, ascii_only: bool) -> list[str]:
        assert isinstance(self.day, Tournament)
        with open_index(index_path(self.setup.host.club_dir)) as index:
            host = self.setup.host
            return show_lines(self.day.spec, index, t, self.player, ascii_only, host.club_dir, host)

    def top(self, t: Translator) -> str:
        return t("tour_top", number=self.number, count=self.day.count)

    def saved_words(self, t: Translator) -> str:
        assert isinstance(self.day, Tournament)
        return t("tour_saved", command=typed(play_words(self.day.spec), self.setup.host))


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
    lang = options.lang if options.lang in LANGUAGES else language_from_locale()
    t = Translator(lang)
    try:
        spec = find(name, host.club_dir)
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
    day = Tournament.of(spec, host.club_dir)
    player = player_of(games_dir(host.data_dir).absolute())
    problem = check_terminal(lang=setup.lang, host=host)
    if problem is not None:
        return _fail(problem)
    try:
        found = open_next(day, player, setup)
    except (RecordError, ValueError, OSError) as error:  # e.g. open in another session
        return _fail(error_words(setup.lang, error, host))
    if found is None:
        print(t("tour_all_played", deals=t.count("w_deal", spec.deals)))
        with open_index(index_path(host.club_dir)) as index:
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
    from .viewer_app import ViewerApp

    lang = lang if lang in LANGUAGES else language_from_locale()
    assert lang is not None
    t = Translator(lang)
    try:
        spec = find(name, host.club_dir)
        if spec.state(datetime.now(UTC)) != "closed":
            return _fail(t("tour_review_later", when=time_words(spec.closes)))
        day = Tournament.of(spec, host.club_dir)
        player = player_of(games_dir(host.data_dir).absolute())
        with open_index(index_path(host.club_dir)) as index:
            if not played_deals(day, index, player):
                return _fail(t("tour_review_none", name=shown(spec.name)))
            problem = check_terminal(lang=lang, host=host)
            if problem is not None:
                return _fail(problem)
            reviews = review_day(day, index, player, t("you_name"), t.level("hard"))
    except (TournamentError, RecordError, ValueError, OSError) as error:
        return _fail(error_words(lang, error, host))
    title = t("tour_review_title", name=shown(spec.name), preset=preset_title(day.name, lang))
    app = ViewerApp(
        None,
        lang,
        ascii_only or not locale_is_utf8(),
        first=lambda: DuplicateScreen(reviews, title),
    )
    app.run()
    return app.return_code or 0


__all__ = [
    "TournamentRun",
    "list_lines",
    "lobby_line",
    "run_play",
    "run_review",
    "show_lines",
    "standings_lines",
]
