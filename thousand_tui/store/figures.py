"""The figures of one recorded game for one seat, as the statistics sum them and the club
index keeps them: games and wins, points per deal, contracts played and made by size,
concessions, palki, barrel attempts and wins, decisions taken after a hint, cards taken back.
No file is read here: the figures are made from a game already read."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..engine.events import BarrelAttempt, BarrelWin, Concession, Palka, sheet_events_of
from ..engine.record import RecordedGame, played_lines, takebacks

# Contract sizes: (first, last) of each band; the last band is open.
BANDS: tuple[tuple[int, int | None], ...] = ((100, 120), (125, 160), (165, None))
KEY_MARK = "g1:"  # what starts a game's name (older versions of the cache used its seed)


def band_of(contract: int) -> int:
    for i, (_, last) in enumerate(BANDS):
        if last is None or contract <= last:
            return i
    return len(BANDS) - 1


@dataclass
class Tally:
    """The figures of a set of games, for the player's seat in each."""

    games: int = 0  # finished games
    unfinished: int = 0
    wins: int = 0
    deals: int = 0  # deals settled (redeals left out)
    points: int = 0  # the player's score changes in those deals
    played: list[int] = field(default_factory=lambda: [0] * len(BANDS))  # contracts played
    made: list[int] = field(default_factory=lambda: [0] * len(BANDS))
    concessions: int = 0
    palki: int = 0
    barrel_attempts: int = 0
    barrel_wins: int = 0
    decisions: int = 0  # the player's own decisions
    hinted: int = 0  # of them, taken after a hint
    hinted_deals: int = 0  # deals with a decision taken after a hint
    hinted_points: int = 0  # the player's score changes in those deals
    analysed: int = 0  # deals with an analysis in the cache
    taken_back: int = 0  # cards the player took back (`--take-back`)
    taken_back_games: int = 0  # games with a card taken back, counted apart
    taken_back_wins: int = 0  # of them, won
    lost: float = 0.0  # the points the analysis says the player's decisions lost in them

    @property
    def per_deal(self) -> float | None:
        return self.points / self.deals if self.deals else None

    @property
    def lost_per_deal(self) -> float | None:
        return self.lost / self.analysed if self.analysed else None

    def add(self, other: Tally) -> None:
        for name, value in vars(other).items():
            mine = getattr(self, name)
            if isinstance(value, list):
                setattr(self, name, [a + b for a, b in zip(mine, value, strict=True)])
            else:
                setattr(self, name, mine + value)

    def to_dict(self) -> dict[str, Any]:
        return {name: list(value) if isinstance(value, list) else value
                for name, value in vars(self).items()}  # fmt: skip

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Tally:
        known = {name for name in vars(cls()) if name in data}
        return cls(**{name: data[name] for name in known})


def game_key(path: Path, header: dict[str, Any]) -> str:
    """What names a game in the analysis cache and the club index: a digest of its file's
    name and its start. Never its seed, from which anyone could work out every hand and talon
    of the game: the seed stays in the record alone."""
    named = f"{path.name}\0{header.get('created', '')}".encode()
    return KEY_MARK + hashlib.sha256(named).hexdigest()[:32]


def human_seat(header: dict[str, Any]) -> int | None:
    players = header.get("players") or []
    for seat, player in enumerate(players):
        if isinstance(player, dict) and player.get("kind") == "human":
            return seat
    return None


def opponents(header: dict[str, Any], seat: int) -> str:
    """The opponents' levels, as `--ai` gives them: "easy,hard"."""
    levels = [
        str(p.get("level") or "?")
        for s, p in enumerate(header.get("players") or [])
        if s != seat and isinstance(p, dict)
    ]
    return ",".join(levels)


def seat_tally(recorded: RecordedGame, seat: int) -> Tally:
    """One game's figures for `seat`, all but those of the analysis (`analysed`, `lost`)."""
    tally = Tally()
    if recorded.finished:
        tally.games = 1
    else:
        tally.unfinished = 1
    hinted_in: set[int] = set()
    deal: int | None = None
    # The decisions as played out: those taken back are not the player's decisions.
    for line in played_lines(recorded.lines):
        kind = line.get("type")
        if kind == "deal":
            deal = line.get("number") if isinstance(line.get("number"), int) else None
        elif kind == "action" and line.get("seat") == seat and not line.get("auto"):
            tally.decisions += 1
            if line.get("hinted") is True:
                tally.hinted += 1
                if deal is not None:
                    hinted_in.add(deal)
        elif kind == "result":
            count_result(tally, line, seat, hinted_in)
        elif kind == "end" and line.get("winner") == seat:
            tally.wins += 1
    tally.taken_back = takebacks(recorded.lines, seat)
    if tally.taken_back:
        tally.taken_back_games = 1
        tally.taken_back_wins = int(
            any(line.get("type") == "end" and line.get("winner") == seat for line in recorded.lines)
        )
    return tally


def analysable_deals(recorded: RecordedGame) -> list[int]:
    """The numbers of the deals played out (redeals left out), which the analysis names."""
    return [
        line["number"]
        for line in played_lines(recorded.lines)
        if line.get("type") == "result"
        and isinstance(line.get("number"), int)
        and line.get("redeal") is None
    ]


def count_result(tally: Tally, line: dict[str, Any], seat: int, hinted_in: set[int]) -> None:
    if line.get("redeal") is not None:
        return
    deltas = line.get("deltas") or []
    delta = deltas[seat] if seat < len(deltas) and isinstance(deltas[seat], int) else 0
    tally.deals += 1
    tally.points += delta
    if line.get("number") in hinted_in:
        tally.hinted_deals += 1
        tally.hinted_points += delta
    contract = line.get("contract")
    if line.get("declarer") == seat and isinstance(contract, int) and line.get("made") is not None:
        band = band_of(contract)
        tally.played[band] += 1
        tally.made[band] += bool(line.get("made"))
    for event in sheet_events_of(line.get("events")):
        match event:
            case Concession(seat=s) if s == seat:
                tally.concessions += 1
            case Palka(seat=s, count=count) if s == seat:
                tally.palki += count
            case BarrelAttempt(seat=s) if s == seat:
                tally.barrel_attempts += 1
            case BarrelWin(seat=s) if s == seat:
                tally.barrel_wins += 1


@dataclass(frozen=True)
class SeatFigures:
    """What the statistics need of one game: its key, the player's seat and figures, the
    deals the analysis may name, and what the figures are grouped and ordered by."""

    key: str
    seat: int
    preset: str
    opponents: str
    created: str
    tally: Tally
    deals: tuple[int, ...]


def seat_figures(path: Path, recorded: RecordedGame) -> SeatFigures | None:
    """The figures of the human seat of a recorded game; None if no seat is a person's."""
    header = recorded.header
    seat = human_seat(header)
    if seat is None:
        return None
    return SeatFigures(
        key=game_key(path, header),
        seat=seat,
        preset=str(header.get("preset", "custom")),
        opponents=opponents(header, seat),
        created=str(header.get("created", "")),
        tally=seat_tally(recorded, seat),
        deals=tuple(analysable_deals(recorded)),
    )
