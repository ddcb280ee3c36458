"""The duplicate review of the daily deal (`thousand view --daily`); no Textual.

For each deal of the day the person has played, three plays of the same cards from the same
seat (seat 0): his own (his record of the deal), the reference's (`hard` at every seat, played
again here with the daily's own deterministic players, so the same play that set the
reference points), and the day's best other player's (his record, once he has played that
deal). Their decisions are laid side by side: the k-th bid of each, the exchange, the raise,
then the card of each trick; where they part, the points are won or lost.

Only deals the person has settled are reviewed: before that the deal is his to play.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

from .. import daily
from ..daily import LEVEL, Daily, deal_game, deal_record
from ..engine.actions import Act, Action
from ..engine.deal import Phase
from ..engine.game import PlayerInfo
from ..engine.record import RecordedGame, decisions
from ..store.index import ClubIndex
from ..store.records import read_record

# The order of the parts of a deal, for laying decisions side by side.
_PARTS: Final = {
    "dark": 0,
    "redeal": 0,
    "auction": 1,
    "dark_cancel": 1,
    "talon": 2,
    "raise": 3,
    "contract": 5,
}
EXCHANGE: Final = frozenset({Act.GIVE, Act.DISCARD})


@dataclass(frozen=True)
class Played:
    """One play of a day's deal from seat 0: whose, its record's lines (to the deal's result)
    and seat 0's points."""

    who: str  # "you", "hard" or the other player's id
    name: str  # as the review names the column
    lines: list[dict[str, Any]]
    points: int
    path: Path | None  # the record it was read from (the reference's is made here)


@dataclass(frozen=True)
class Slot:
    """Where a decision of seat 0 stands in the deal: its part, and its place in that part
    (the k-th bid, the trick's number)."""

    part: int
    place: int
    phase: str  # the engine's phase, for the words ("auction", "give", "play"...)


@dataclass(frozen=True)
class Row:
    slot: Slot
    chosen: tuple[tuple[Action, ...] | None, ...]  # each play's decision there, if any


@dataclass(frozen=True)
class DealReview:
    number: int
    plays: tuple[Played, ...]  # yours, hard's, and the best other player's if any

    def rows(self) -> list[Row]:
        """The decisions of seat 0 of each play, side by side."""
        found = [seat_decisions(play.lines) for play in self.plays]
        slots = sorted({slot for decided in found for slot in decided}, key=_order)
        return [Row(slot, tuple(decided.get(slot) for decided in found)) for slot in slots]


def _order(slot: Slot) -> tuple[int, int, str]:
    return slot.part, slot.place, slot.phase


def seat_decisions(lines: list[dict[str, Any]], seat: int = 0) -> dict[Slot, tuple[Action, ...]]:
    """`seat`'s decisions in the first deal of a record, by where they stand; the cards of the
    exchange are one decision."""
    out: dict[Slot, tuple[Action, ...]] = {}
    counts: dict[int, int] = {}
    last = 0  # the part of the decision before
    for game, action in decisions(RecordedGame(lines)):
        deal = game.deal
        if deal.number != 1:
            break
        if action.seat != seat:
            continue
        phase = deal.phase
        if action.act in EXCHANGE:
            slot = Slot(4, 0, "give")
        elif phase is Phase.PLAY:
            slot = Slot(6, len(deal.tricks) + 1, "play")
        else:
            # A redeal or a dark offer may come after the auction too: it keeps its place
            # in the order of the deal's parts, after the decision before it.
            part = max(last, _PARTS.get(phase.value, 5))
            counts[part] = counts.get(part, 0) + 1
            slot = Slot(part, counts[part], phase.value)
        last = slot.part
        out[slot] = (*out.get(slot, ()), action)
    return out


def first_deal(lines: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """A daily game's lines up to its deal's result (the game deals on; the review does not)."""
    for index, line in enumerate(lines):
        if line.get("type") == "result":
            return lines[: index + 1]
    return lines


def points_of(lines: list[dict[str, Any]], seat: int = 0) -> int | None:
    for line in lines:
        if line.get("type") == "result":
            deltas = line.get("deltas")
            if isinstance(deltas, list) and seat < len(deltas) and isinstance(deltas[seat], int):
                return int(deltas[seat])
    return None


def own_play(
    day: Daily,
    player: str,
    number: int,
    who: str,
    name: str,
    base: Path | None = None,
    index: ClubIndex | None = None,
) -> Played | None:
    """A person's record of deal `number`, if he has played it to its result: this host's
    file, else (played on another host of the club) the one the club's `index` keeps."""
    path: Path | None = (
        day.record(player, number)
        if base is None
        else deal_record(day.date, day.name, player, number, base)
    )
    if path is not None and path.is_file():
        record = read_record(path)
    else:
        kept = None if index is None else index.kept_deal(day.date, day.name, player, number)
        if kept is None or not kept.games:
            return None
        record, path = kept, None
    lines = first_deal(record.games[0].lines)
    points = points_of(lines)
    if points is None:
        return None
    return Played(who, name, lines, points, path)


def reference_play(day: Daily, number: int, names: list[str], hard: str) -> Played:
    """`hard` at every seat with the day's cards of deal `number`: the reference's play."""
    rules = day.preset.rules
    dealt = day.dealt(number)
    infos = [PlayerInfo(names[seat], "ai", LEVEL) for seat in range(rules.players)]
    infos[0] = PlayerInfo(hard, "ai", LEVEL)
    lines: list[dict[str, Any]] = []
    game = deal_game(day.preset, number, dealt, infos, lines.append)
    players = [daily.reference_player(seat) for seat in range(rules.players)]
    while not game.results:
        seat = game.to_move
        assert seat is not None
        game.apply(players[seat].decide(game.view(seat)))
    lines = first_deal(lines)
    points = points_of(lines)
    assert points is not None
    return Played("hard", hard, lines, points, None)


def played_deals(day: Daily, index: ClubIndex, player: str) -> list[int]:
    """The deals of the day `player` has settled."""
    return sorted({r.deal for r in day.results(index) if r.player == player})


def review_day(
    day: Daily, index: ClubIndex, player: str, you: str, hard: str, base: Path | None = None
) -> list[DealReview]:
    """The review of each deal of the day that `player` has settled, in order: his play,
    the reference's, and that of the day's best other player (first on the board) where he
    has played it too."""
    best = day.best_other(index, player)
    reviews: list[DealReview] = []
    for number in played_deals(day, index, player):
        yours = own_play(day, player, number, "you", you, base, index)
        if yours is None:
            continue
        header = yours.lines[0]
        seats = [str(p.get("name", "")) for p in header.get("players") or [] if isinstance(p, dict)]
        plays = [yours, reference_play(day, number, seats, hard)]
        if best is not None:
            other, name = best
            theirs = own_play(day, other, number, other, name or other, base, index)
            if theirs is not None:
                plays.append(theirs)
        reviews.append(DealReview(number, tuple(plays)))
    return reviews


__all__ = ["DealReview", "Played", "Row", "Slot", "played_deals", "review_day", "seat_decisions"]
