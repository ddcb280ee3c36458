"""The leaderboard as text, in the player's language: what `thousand ratings` prints.

One line a player: rank, name (an AI level by its name in the language), rating, deviation,
games and the day of the last game. A provisional rating has no rank and a "?" after it,
explained under the table.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.cells import cell_len

from ..daily import BoardRow
from ..plaintext import shown
from ..ratings import PROVISIONAL_DEVIATION, LeaderboardRow
from .i18n import Translator
from .startup import preset_title

NAME_CELLS = 20  # a longer name is cut


def player_name(row: LeaderboardRow, t: Translator) -> str:
    """A person's name, or an AI level's: "hard AI", "ИИ (сильный)"; the data folder's own
    player without a name of his own is "you" ("" in the index)."""
    if row.level is not None:
        return t("ratings_ai", level=t.level(row.level))
    return shown(row.name) if row.name else t("you_name")


def _cut(text: str, cells: int, ascii_only: bool) -> str:
    if cell_len(text) <= cells:
        return text
    mark = "..." if ascii_only else "…"
    while text and cell_len(text) + cell_len(mark) > cells:
        text = text[:-1]
    return text + mark


def _pad(text: str, cells: int, right: bool) -> str:
    room = " " * max(0, cells - cell_len(text))
    return room + text if right else text + room


def ratings_lines(
    rows: Sequence[LeaderboardRow], t: Translator, ascii_only: bool = False
) -> list[str]:
    """Everything `thousand ratings` says."""
    if not rows:
        return [t("ratings_none")]
    deviation = t("ratings_deviation")
    if ascii_only:
        deviation = deviation.replace("±", "+/-")
    header = ["#", t("ratings_player"), t("ratings_rating"), deviation, t("ratings_games")]
    header.append(t("ratings_last"))
    table = [header]
    for row in rows:
        name = _cut(player_name(row, t), NAME_CELLS, ascii_only)
        rating = f"{round(row.rating)}" + ("?" if row.provisional else " ")
        day = row.last_played.date().isoformat() if row.last_played else "-"
        rank = "" if row.rank is None else str(row.rank)
        table.append([rank, name, rating, str(round(row.deviation)), str(row.games), day])
    widths = [max(cell_len(line[i]) for line in table) for i in range(len(header))]
    right = (True, False, True, True, True, False)
    lines = [t("ratings_title")]
    for line in table:
        cells = [_pad(text, widths[i], right[i]) for i, text in enumerate(line)]
        lines.append("  ".join(cells).rstrip())
    if any(row.provisional for row in rows):
        note = t("ratings_provisional", deviation=round(PROVISIONAL_DEVIATION))
        lines += ["", note.replace("±", "+/-") if ascii_only else note]
    return lines


# ---------------------------------------------------------------------- the daily deal


def _signed(value: int | None, ascii_only: bool) -> str:
    if value is None:
        return "." if ascii_only else "·"
    if value > 0:
        return f"+{value}"
    return str(value) if ascii_only or value == 0 else f"−{-value}"


def daily_lines(
    rows: Sequence[BoardRow],
    t: Translator,
    date: str,
    preset: str,
    command: str = "thousand daily",
    ascii_only: bool = False,
    you: str | None = None,
) -> list[str]:
    """The day's board: each person's total and per-deal results (his points minus the
    reference's), best first; `you` (a player's id) is marked."""
    lines = [t("daily_title", date=date, preset=preset_title(preset, t.lang))]
    if not rows:
        return [*lines, t("daily_none", command=command)]
    count = len(rows[0].deals)
    header = ["#", t("daily_player"), t("daily_total"), *(str(n) for n in range(1, count + 1))]
    table = [header]
    for rank, row in enumerate(rows, start=1):
        name = _cut(shown(row.name), NAME_CELLS, ascii_only)
        mark = "*" if ascii_only else "•"
        table.append(
            [
                (mark if row.player == you else "") + str(rank),
                name,
                _signed(row.total, ascii_only),
                *(_signed(value, ascii_only) for value in row.deals),
            ]
        )
    widths = [max(cell_len(line[i]) for line in table) for i in range(len(header))]
    for line in table:
        cells = [_pad(text, widths[i], i != 1) for i, text in enumerate(line)]
        lines.append("  ".join(cells).rstrip())
    note = t("daily_note")
    lines += ["", note.replace("·", ".") if ascii_only else note]
    return lines
