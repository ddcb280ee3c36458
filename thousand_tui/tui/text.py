"""What the table's bars, panels and captions say: pure functions of a seat's view, the words
(`Translator`) and the look (`Palette`), with no widget in sight. The table screen puts the
results on the screen; tests may read them directly."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rich.cells import cell_len
from rich.text import Text

from ..engine.actions import Act
from ..engine.cards import Card
from ..engine.deal import Phase
from ..engine.scoring import PALKI_PER_FINE, deal_points, palki_toward_fine, points_needed
from ..engine.view import SeatView
from .controller import FinishedTrick
from .i18n import Translator
from .render import Palette


def score_text(view: SeatView, seat: int, t: Translator, *, palki: bool = True) -> str:
    """A seat's score with its palki toward the fine (unless `palki` is False) and its place
    on the barrel, in words: "-325 palki 1/3 barrel 2/3"."""
    match = view.match
    text = str(match.scores[seat])
    if palki and palki_toward(view, seat) and view.rules.palki.penalty:  # no fine, no count
        text += " " + palki_text(view, seat, t)
    place = match.barrel[seat]
    if place is not None:
        text += " " + t("on_barrel", used=place.attempts_used, attempts=view.rules.barrel.attempts)
    return text


def palki_text(view: SeatView, seat: int, t: Translator) -> str:
    """A seat's palki toward the fine, as a count of the three that cost it: "palki 2/3"
    (the game's count is on the score sheet)."""
    return t("score_palki", count=palki_toward(view, seat), fine=PALKI_PER_FINE)


def palki_toward(view: SeatView, seat: int) -> int:
    """How many of the palki that cost the next fine a seat has (the engine counts them)."""
    match = view.match
    return palki_toward_fine(view.rules, match.palki[seat], match.palki_streak[seat])


def shows_points(view: SeatView) -> bool:
    """Whether the points of the deal count yet: once the cards are played."""
    return view.phase in (Phase.PLAY, Phase.OVER) or bool(view.tricks)


def top_line(view: SeatView, preset_title: str, t: Translator) -> str:
    parts = [
        t("app_title"),
        preset_title,
        t("header_deal", number=view.deal_number),
        t("header_dealer", name=view.names[view.dealer]),
    ]
    if view.golden:
        parts.append(t("header_golden", m=view.rules.golden.multiplier))
    if view.dark:
        parts.append(t("header_dark", m=view.rules.dark.multiplier))
    return " · ".join(parts)


@dataclass(frozen=True)
class SeatPanelText:
    """What an opponent's panel shows."""

    title: str
    lines: list[Text]
    subtitle: str
    turn: bool
    declarer: bool
    sitting_out: bool
    short_title: str = ""  # for a narrow panel (four players on 80 columns)
    points: str = ""  # the points of the deal taken so far, once the cards are played


def seat_panel(
    view: SeatView,
    seat: int,
    last_act: str,
    level: str | None,
    t: Translator,
    p: Palette,
    *,
    paused: bool = False,
) -> SeatPanelText:
    """An opponent's panel: name and badges, cards and tricks, what he just did (or that he is
    thinking, unless the table is `paused` on a deal's result), his declarations; his score
    and level below."""
    badges = []
    if seat == view.dealer:
        badges.append(t("dealer"))
    if seat == view.declarer and view.contract is not None:
        badges.append(f"{t('declarer')} {view.contract}")
    title = " · ".join([view.names[seat], *badges])
    short = [view.names[seat]]
    if seat == view.declarer and view.contract is not None:
        short.append(t("declarer_short", value=view.contract))
    elif seat == view.dealer:
        short.append(t("dealer"))
    sitting = seat == view.sitting_out
    first = Text()
    if sitting:
        first.append(t("sits_out"), style="italic")
    else:
        count = view.hand_counts[seat]
        first.append_text(p.backs(count))
        first.append(f" {count}  ")
        first.append(t("tricks_count", count=view.tricks_won[seat]))
    turn = view.to_move == seat
    if turn and view.phase is not Phase.OVER and not paused:
        second = Text(t("thinking"), style="italic")
    else:
        second = p.styled(last_act)
    subtitle = score_text(view, seat, t)
    if level:
        subtitle = f"{subtitle} · {t.level(level)}"
    third = Text()
    for declared in view.declarations:
        if declared.seat == seat:
            third.append_text(p.styled(f"{p.suit_label(declared.suit)}{declared.points} "))
    return SeatPanelText(
        title,
        [first, second, third],
        subtitle,
        turn,
        seat == view.declarer,
        sitting,
        " · ".join(short),
        t("deal_points", points=deal_points(view)[seat])
        if shows_points(view) and not sitting
        else "",
    )


@dataclass(frozen=True)
class TrickText:
    """The middle of the table: a caption and the cards under it (name, card or a back)."""

    caption: str | Text
    plays: list[tuple[str, Card | None]]
    last: bool = False
    # The bids of the auction so far ("Anna: 105"), each kept whole on a line; None but there.
    said: tuple[str, ...] | None = None


def trick_area(
    view: SeatView, show_last: bool, done: FinishedTrick | None, t: Translator
) -> TrickText:
    """The trick being played, the last one (`show_last`), a trick just taken and waiting for
    the deal's result (`done`), the talon during the exchange, or the bids of the auction."""
    names = view.names
    total = len(view.tricks) + max(view.hand_counts) if view.hand_counts else 0
    if show_last:
        last = view.last_trick
        if last is None:
            return TrickText(t("trick_none"), [], last=True)
        caption = f"{t('trick_last', number=len(view.tricks))} · " + t(
            "trick_takes", name=names[last.winner], points=last.points
        )
        return TrickText(caption, [(names[s], c) for s, c in last.plays], last=True)
    if done is not None:
        caption = t("trick_takes", name=names[done.winner], points=done.points)
        return TrickText(caption, [(names[s] if s >= 0 else "", c) for s, c in done.plays])
    if view.phase is Phase.PLAY:
        if view.trick:
            leader = view.trick[0][0]
            caption = f"{t('trick_title', number=len(view.tricks) + 1, total=total)} · " + t(
                "trick_leads", name=names[leader]
            )
            return TrickText(caption, [(names[s], c) for s, c in view.trick])
        if view.tricks:
            last = view.tricks[-1]
            caption = f"{t('trick_title', number=len(view.tricks), total=total)} " + t(
                "trick_takes", name=names[last.winner], points=last.points
            )
            return TrickText(caption, [(names[s], c) for s, c in last.plays])
        return TrickText(t("trick_title", number=1, total=total), [])
    if view.phase in (Phase.GIVE, Phase.RAISE, Phase.CONTRACT) and view.declarer is not None:
        caption = t("status_talon") + names[view.declarer]
        if view.talon:
            return TrickText(caption, [("", c) for c in view.talon])
        return TrickText(caption, [("", None)] * 3)
    if view.phase in (Phase.AUCTION, Phase.DARK_CANCEL) or view.bids:
        said = tuple(f"{names[s]}: {t('pass') if v is None else v}" for s, v in view.bids)
        return TrickText(Text(t("auction_title"), style="bold"), [], said=said)
    return TrickText("", [])


def lines_of(entries: Sequence[str], width: int, gap: str = "   ") -> list[str]:
    """`entries` side by side, `gap` between two, in lines of at most `width` columns: a line
    breaks between two entries, never inside one (one wider than `width` has a line of its
    own)."""
    lines: list[str] = []
    for entry in entries:
        if lines and cell_len(lines[-1]) + cell_len(gap) + cell_len(entry) <= width:
            lines[-1] += gap + entry
        else:
            lines.append(entry)
    return lines


def status_line(view: SeatView, t: Translator, p: Palette) -> Text:
    """Trump (and whose), the contract or the high bid, the phase."""
    out = Text()
    out.append(t("status_trump"), style="bold")
    if view.trump is not None:
        out.append_text(p.suit(view.trump))
        owner = view.trump_owner
        if owner is not None:
            out.append(f" ({view.names[owner]})")
    else:
        out.append(t("no_trump"))
    out.append("   ")
    if view.contract is not None and view.declarer is not None:
        out.append(
            t("status_contract", value=view.contract, name=view.names[view.declarer]),
            style="bold",
        )
        if view.multiplier > 1:
            out.append(f" ×{view.multiplier}")
        if shows_points(view):
            taken = deal_points(view)[view.declarer]
            needed = points_needed(view.rules, taken, view.contract)
            out.append(" · ")
            if needed:
                out.append(t("status_needed", points=needed))
            else:
                out.append(t("status_reached"), style="bold")
    elif view.high_bid is not None and view.high_bidder is not None:
        out.append(t("status_auction", value=view.high_bid, name=view.names[view.high_bidder]))
    out.append("   ")
    out.append(t(f"phase_{view.phase.value}"), style="italic")
    return out


def prompt_line(
    view: SeatView,
    over: bool,
    awaiting: str,
    dialog_open: bool,
    t: Translator,
    *,
    paused: bool = False,
) -> str:
    """What the table waits for, in words; `paused`: for you to close a deal's result."""
    if paused:
        return t("prompt_result")
    if over:
        return t("prompt_over")
    if awaiting == "play":
        return t("prompt_lead" if not view.trick else "prompt_play")
    if awaiting == "decide" and decision(view):
        key = "prompt_deciding" if dialog_open else "prompt_decide"
        return t(key, what=t(f"do_{decision(view)}"))
    if view.sitting_out == view.seat and view.phase is not Phase.OVER:
        return t("prompt_sit_out")
    if view.to_move is not None and view.to_move != view.seat:
        return t("prompt_wait", name=view.names[view.to_move])
    return ""


def decision(view: SeatView) -> str:
    """What this seat is to decide now, from the phase the engine reports and the actions it
    allows: `bid`, `dark`, `redeal`, `dark_cancel`, `talon`, `raise` (before giving the cards),
    `give`, `discard` (two players put cards aside), `contract`, `contract_play` (the
    contract that cannot be raised, but given up) or `contract_only`; "" when it is no
    decision of this seat's."""
    if view.to_move != view.seat or not view.legal:
        return ""
    phase = view.phase
    if phase is Phase.GIVE:
        owed = view.cards_owed()
        return "give" if owed is not None and owed.receivers else "discard"
    if phase is Phase.CONTRACT:
        acts = {a.act for a in view.legal}
        if any(a.act is Act.RAISE and a.value is not None for a in view.legal):
            return "contract"
        return "contract_play" if acts & {Act.CONCEDE, Act.BAPTISM} else "contract_only"
    return _DECISIONS.get(phase, "")


DECISIONS = (
    "bid", "dark", "redeal", "dark_cancel", "talon", "raise", "give", "discard",
    "contract", "contract_play", "contract_only",
)  # fmt: skip
"""Every name `decision` gives, each with its words (`do_NAME`) and its key's (`key_do_NAME`)."""

_DECISIONS = {
    Phase.AUCTION: "bid",
    Phase.DARK: "dark",
    Phase.REDEAL: "redeal",
    Phase.DARK_CANCEL: "dark_cancel",
    Phase.TALON: "talon",
    Phase.RAISE: "raise",
}


def hand_title(view: SeatView, t: Translator) -> str:
    """Your name and score, dealer and declarer badges, your tricks."""
    title = t("hand_title", name=view.names[view.seat], score=score_text(view, view.seat, t))
    badges = []
    if view.dealer == view.seat:
        badges.append(t("dealer"))
    if view.declarer == view.seat and view.contract is not None:
        badges.append(f"{t('declarer')} {view.contract}")
    badges.append(t("tricks_count", count=view.tricks_won[view.seat]))
    if shows_points(view) and view.sitting_out != view.seat:
        badges.append(t("deal_points", points=deal_points(view)[view.seat]))
    return " · ".join([title, *badges])


def scores_line(view: SeatView, t: Translator, width: int | None = None) -> Text:
    """Every seat's score, in `width` cells if given: where they do not fit, without the
    label, the target and the wide gaps, then without the palki (each panel and your hand's
    title still say them) rather than cut short."""
    full = _scores(view, t, tight=False, palki=True)
    if width is None or full.cell_len <= width:
        return full
    tight = _scores(view, t, tight=True, palki=True)
    if tight.cell_len <= width:
        return tight
    return _scores(view, t, tight=True, palki=False)


def _scores(view: SeatView, t: Translator, *, tight: bool, palki: bool) -> Text:
    out = Text() if tight else Text(t("scores_line"), style="bold")
    for seat, name in enumerate(view.names):
        if seat:
            out.append(" · " if tight else "  ·  ")
        out.append(f"{name} ", style="bold" if seat == view.seat else "")
        out.append(score_text(view, seat, t, palki=palki))
    if not tight:
        out.append(f"   → {view.rules.target}", style="dim")
    return out
