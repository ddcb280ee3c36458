"""What a finished deal leaves for the score sheet: an immutable `DealOutcome`, read by
`scoring.settle`."""

from __future__ import annotations

from typing import NamedTuple

from .cards import Card
from .match import MatchState
from .phases import Declaration
from .rules import Rules


class DealOutcome(NamedTuple):
    """A deal as played (or redealt): who played what for how much, and the points taken.

    `before` is the match as the deal line records it, `match` the match the deal was played in
    (after the cut's fine, `cut_fined`, taken from `cutter`); `sitter_talon` is the talon as
    dealt, which the sitting-out dealer scores (four players). A named tuple: made in one step at
    the end of every deal."""

    rules: Rules
    number: int
    order: tuple[int, ...]
    sitting_out: int | None
    before: MatchState
    match: MatchState
    cutter: int
    cut_fined: bool
    sitter_talon: tuple[Card, ...]
    golden: bool
    dark: bool
    redeal_reason: str | None
    declarer: int | None
    contract: int | None
    multiplier: int
    conceded: bool
    baptized: bool
    declarations: tuple[Declaration, ...]
    card_points: tuple[int, ...]
    marriage_points: tuple[int, ...]
    tricks_won: tuple[int, ...]

    @property
    def players(self) -> int:
        return self.rules.players
