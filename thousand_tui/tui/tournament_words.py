"""Tournaments in words (`thousand tournaments`, the lobby's line): a tournament's state, its
standings in the reader's language, with the scores only after the close
(docs/club.md#tournaments-on-the-same-deals)."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime
from fractions import Fraction
from pathlib import Path

from rich.cells import cell_len

from ..plaintext import shown
from ..priority import LOCAL, Host
from ..store.catalog import typed
from ..store.index import ClubIndex, index_path, is_local, open_index, player_id
from ..tournament import (
    Spec,
    Standing,
    Tournament,
    specs,
    standings,
    time_words,
)
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
    *,
    review_command: bool = True,
) -> list[str]:
    """`thousand tournaments show`: the tournament's line, then each entrant: rank, name,
    duplicate score and deals played, best first; before the close, the entrants and the
    deals they played only (nobody's points before everyone has played). After the close,
    the command of the review last (`review_command`; the lobby's screen has a key for it)."""
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
        if row.player == you and is_local(row.player) and name == row.player:
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
    if closed and review_command:
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
    day = Tournament.of(spec, base, host.database)
    rows = standings(day.results(index), spec.deals, dict(index.players()))
    return standings_lines(spec, rows, t, datetime.now(UTC), you, ascii_only, host)


def club_standings(host: Host = LOCAL) -> list[tuple[Spec, list[Standing]]]:
    """Every tournament of `host`'s club with its standings (the lobby's `s`), those open
    first, then those to open, then those closed, the latest to close first in each; raises
    OSError or ValueError where the club cannot be read."""
    base = host.club_dir
    found = specs(base, host.database)
    now = datetime.now(UTC)
    order = {"open": 0, "soon": 1, "closed": 2}
    found.sort(key=lambda spec: order[spec.state(now)])  # stable: the latest first in each
    with open_index(index_path(base), database=host.database) as index:
        names = dict(index.players())
        return [
            (spec, standings(Tournament.of(spec, base, host.database).results(index), spec.deals,
                             names))
            for spec in found
        ]  # fmt: skip


def list_lines(base: Path, t: Translator, now: datetime, host: Host = LOCAL) -> list[str]:
    """`thousand tournaments`: every tournament of the club, one line each, and the commands
    as `host`'s player types them."""
    found = specs(base, host.database)
    if not found:
        return [t("tour_none", command=typed("tournaments open", host))]
    hint = t("tour_list_hint", command=typed("tournaments show", host))
    return [state_line(spec, t, now) for spec in found] + ["", hint]


def lobby_line(base: Path, t: Translator, now: datetime, host: Host = LOCAL) -> str:
    """The lobby's line on tournaments: those open now (how to play the first), else the
    latest closed one's winner; "" when there is none."""
    found = specs(base, host.database)
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
    with open_index(index_path(base), database=host.database) as index:
        day = Tournament.of(last, base, host.database)
        rows = standings(day.results(index), last.deals, dict(index.players()))
    if not rows:
        return ""
    best = rows[0]
    mine = best.name == best.player == player_id(host) and is_local(best.player)
    name = t("you_name") if mine else best.name  # the host's own player with no name
    return t(
        "tour_lobby_closed",
        name=shown(last.name),
        winner=shown(name),
        score=score_words(best.score, t, False),
    )
