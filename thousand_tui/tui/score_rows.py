"""The score sheet as on paper: a row per deal, a column per player, running totals and marks."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..engine.events import BarrelFall, Concession, Cross, Palka, Samosval
from ..engine.match import MatchState
from ..engine.rules import Rules
from ..engine.scoring import Settlement
from .i18n import Translator


@dataclass(frozen=True)
class Marks:
    palka: str
    cross: str
    fall: str
    golden: str
    made: str
    down: str
    concession: str
    barrel: str
    samosval: str
    sitter: str = "o"

    @classmethod
    def of(cls, t: Translator, ascii_only: bool) -> Marks:
        return cls(
            palka="|",
            cross="x" if ascii_only else "✕",
            fall="v" if ascii_only else "↓",
            golden="*" if ascii_only else "★",
            made="+" if ascii_only else "✓",
            down="-" if ascii_only else "✗",
            concession=t("mark_concession"),
            barrel=t("mark_barrel"),
            samosval=t("mark_samosval"),
            sitter="o" if ascii_only else t("mark_sitting_out"),
        )


@dataclass(frozen=True)
class SheetRow:
    number: int
    contract: str
    cells: tuple[str, ...]
    golden: bool = False
    redeal: bool = False
    made: bool | None = None


def short(name: str, width: int = 6) -> str:
    return name if len(name) <= width else name[: width - 1] + "."


def contract_cell(result: Settlement, names: Sequence[str], t: Translator, marks: Marks) -> str:
    if result.redeal is not None:
        return t("mark_redeal")
    name = short(names[result.declarer]) if result.declarer is not None else "?"
    text = f"{name} {result.contract}"
    if result.baptism:
        text += f" {t('mark_baptism')}"
    elif result.conceded:
        text += f" «{marks.concession}»"
    elif result.made:
        text += marks.made
    else:
        text += marks.down
    if result.dark:
        text += f" {t('mark_dark')}"
    if result.golden:
        text += f" {marks.golden}"
    if result.multiplier > 1:
        text += f"×{result.multiplier}"
    return text


def score_cell(result: Settlement, seat: int, marks: Marks) -> str:
    state = result.state
    out = [str(state.scores[seat])]
    suffix = ""
    for event in result.events:
        if getattr(event, "seat", None) != seat:
            continue
        match event:
            case Palka(count=count):
                suffix += marks.palka * count
            case Concession():
                suffix += marks.concession
            case Cross():
                suffix += marks.cross
            case BarrelFall():
                suffix += marks.fall
            case Samosval():
                suffix += marks.samosval
    place = state.barrel[seat]
    if place is not None:
        suffix += f"{marks.barrel}{place.attempts_used}"
    if seat == result.sitting_out:
        suffix = marks.sitter + suffix
    if suffix:
        out.append(suffix)
    return " ".join(out)


def sheet_rows(
    results: Sequence[Settlement], names: Sequence[str], t: Translator, marks: Marks
) -> list[SheetRow]:
    rows = []
    for result in results:
        rows.append(
            SheetRow(
                number=result.number,
                contract=contract_cell(result, names, t, marks),
                cells=tuple(score_cell(result, s, marks) for s in range(len(names))),
                golden=result.golden,
                redeal=result.redeal is not None,
                made=result.made,
            )
        )
    return rows


def start_row(state: MatchState, t: Translator, marks: Marks) -> SheetRow:
    """The position a game started from (a scenario), e.g. "880 B1" on the barrel."""
    cells = []
    for seat, score in enumerate(state.scores):
        place = state.barrel[seat]
        mark = f" {marks.barrel}{place.attempts_used}" if place is not None else ""
        cells.append(f"{score}{mark}")
    return SheetRow(number=0, contract=t("sheet_start"), cells=tuple(cells))


def totals_line(state: MatchState, seat: int, t: Translator, marks: Marks, rules: Rules) -> str:
    """A player's counts of the game: only those of the marks `rules` can give."""
    on = marked(rules)
    parts = [t("sheet_total_palki", count=state.palki[seat])]
    if "fall" in on:
        parts.append(t("sheet_total_falls", count=state.falls[seat]))
    if "concession" in on:
        parts.append(
            t("sheet_total_concessions", r=marks.concession, count=state.concessions[seat])
        )
    if "cross" in on:
        parts.append(t("sheet_total_crosses", count=state.crosses[seat]))
    return " · ".join(parts)


def marked(rules: Rules) -> frozenset[str]:
    """The marks a game under `rules` can write on the sheet: each convention's, if it is on."""
    on = {"palka", "made", "down"}  # a deal without a trick is marked in every game
    if rules.rospis.enabled:
        on.add("concession")
    if rules.baptism.enabled:
        on.add("cross")
    if rules.barrel.enabled:
        on |= {"barrel", "fall"}
    if rules.samosval.mode != "off":
        on.add("samosval")
    if rules.golden.enabled:
        on.add("golden")
    if rules.players == 4:
        on.add("sitter")
    return frozenset(on)


def legend_entries(t: Translator, marks: Marks, rules: Rules) -> list[str]:
    """What the marks of this game mean, one entry each, in the sheet's order; the marks of
    conventions that are off (the barrel where there is none) are left out."""
    on = marked(rules)
    entries = [
        ("palka", t("sheet_legend_palka", mark=marks.palka)),
        ("concession", t("sheet_legend_concession", mark=marks.concession)),
        ("cross", t("sheet_legend_cross", mark=marks.cross)),
        ("barrel", t("sheet_legend_barrel", mark=marks.barrel)),
        ("fall", t("sheet_legend_fall", mark=marks.fall)),
        ("samosval", t("sheet_legend_samosval", mark=marks.samosval)),
        ("golden", t("sheet_legend_golden", mark=marks.golden)),
        ("made", t("sheet_legend_made", mark=marks.made)),
        ("down", t("sheet_legend_down", mark=marks.down)),
        ("sitter", t("sheet_legend_sitter", mark=marks.sitter)),
    ]
    return [words for key, words in entries if key in on]
