"""What the score sheet must show after every deal, whatever the conventions
(docs/rules.md#scoring-a-deal).

Pure checks of a settled deal against the match state before it: each returns the rules it
finds broken (an empty list when all hold). The engine's property tests run them on every deal
they play, and `thousand replay` on every deal of a record.

- scores: each deal's deltas are the change of the scores;
- barrel: a player is on the barrel if and only if his score is the threshold (plus his tally
  under `barrel.goal: cumulative`), with fewer attempts used than `barrel.attempts`;
- counts: palki, falls, concessions and crosses never go down, except when the golden round
  fails with `golden.on_failure: reset_scores`; nobody falls twice in one deal;
- samosval: no score of 555 (or −555 under `plus_minus`) is left after a deal;
- fives: every score stays a multiple of 5 while every amount that reaches the sheet is rounded
  to 5 or 10 or is a multiple of 5 (`scored_in_fives`);
- card points: a played deal holds the deck's 120 card points;
- contracts only: above `scoring.only_contracts_above` a player gains nothing from a deal he
  did not declare (while he is not on the barrel, which counts as its own rules say).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from .events import BarrelFall, GoldenReset
from .game import Game
from .match import MatchState
from .rules import Rules
from .scoring import Settlement, scores_only_contracts

COUNTS = ("palki", "falls", "concessions", "crosses")
"""The columns of the sheet that only grow (until a golden reset)."""


@dataclass(frozen=True)
class Violation:
    """A rule the sheet breaks: `deal` is the deal number (None for the start position)."""

    deal: int | None
    invariant: str
    detail: str

    def __str__(self) -> str:
        where = "the start position" if self.deal is None else f"deal {self.deal}"
        return f"{where}: {self.invariant}: {self.detail}"


def scored_in_fives(rules: Rules) -> bool:
    """Whether every score stays a multiple of 5 (from a start where each one is).

    Defenders' and the sitter's points are rounded unless `scoring.defender_rounding: none`;
    the declarer scores his contract, never his card points, so `declarer_rounding` does not
    matter. What else reaches the sheet unrounded: the bids (multiples of `bidding.step`, which
    is 5 or 10), the contracts the rules set (`barrel.min_contract`, as the online site's 121,
    `dark.contract`, `golden.forced_contract`), the barrel's threshold, every penalty, the exact
    points of a `cumulative` barrel tally, and marriage values where golden marriages are not
    multiplied (the multiplied rest of a rounded amount plus a single marriage), the sitter's
    half marriages among them.
    """
    if rules.scoring.defender_rounding == "none":
        return False
    amounts = [rules.palki.penalty]
    if rules.deal.cut_ritual:
        amounts.append(rules.deal.cut_penalty)
    if rules.rospis.enabled:
        amounts.append(rules.rospis.third_penalty)
    if rules.baptism.enabled:
        amounts.append(rules.baptism.crosses_penalty)
    barrel = rules.barrel
    if barrel.enabled:
        if barrel.goal == "cumulative":
            return False
        amounts += [barrel.threshold, barrel.min_contract, barrel.penalty]
    if rules.dark.enabled:
        amounts.append(rules.dark.contract)
    if rules.golden.enabled:
        amounts.append(rules.golden.forced_contract)
        if not rules.golden.marriages_multiplied:
            values = [value for _, value in rules.marriage.values]
            amounts += values
            if rules.players == 4 and rules.four_player.half_marriage:
                amounts += [value // 2 for value in values]
            if rules.ace_marriage.enabled:
                amounts.append(rules.ace_marriage.value)
    return all(amount % 5 == 0 for amount in amounts)


def check_state(rules: Rules, state: MatchState) -> list[str]:
    """The barrel places of a match state: each player on it holds the threshold (plus his
    tally) and has attempts left. Also the rules a start position must keep."""
    barrel = rules.barrel
    broken: list[str] = []
    for seat, place in enumerate(state.barrel):
        if place is None:
            continue
        if not barrel.enabled:
            broken.append(f"seat {seat} is on the barrel, but the barrel is not played")
            continue
        held = f"barrel.threshold ({barrel.threshold})"
        if barrel.goal == "cumulative" and place.tally:
            held += f" + tally ({place.tally})"
        elif place.tally:
            broken.append(f"seat {seat} has a tally of {place.tally} under barrel.goal: contract")
        tally = place.tally if barrel.goal == "cumulative" else 0
        if state.scores[seat] != barrel.threshold + tally:
            broken.append(f"seat {seat} is on the barrel with {state.scores[seat]}, not {held}")
        if not 0 <= place.attempts_used < barrel.attempts:
            broken.append(
                f"seat {seat} is on the barrel with {place.attempts_used} attempts used; "
                f"barrel.attempts is {barrel.attempts}"
            )
    return broken


def check_deal(rules: Rules, before: MatchState, result: Settlement) -> list[Violation]:
    """Every rule of the sheet for one settled deal, given the match state before it (the state
    its `deal` line records)."""
    found = [
        *(("scores", text) for text in _scores(before, result)),
        *(("barrel", text) for text in check_state(rules, result.state)),
        *(("barrel", text) for text in _off_the_barrel(rules, result)),
        *(("counts", text) for text in _counts(before, result)),
        *(("samosval", text) for text in _samosval(rules, result)),
        *(("fives", text) for text in _fives(rules, before, result.state)),
        *(("card points", text) for text in _card_points(result)),
        *(("contracts only", text) for text in _contracts_only(rules, before, result)),
    ]
    return [Violation(result.number, invariant, detail) for invariant, detail in found]


def check_game(game: Game) -> list[Violation]:
    """Every rule for the start position and for each deal settled so far."""
    found = [Violation(None, "barrel", text) for text in check_state(game.rules, game.first_state)]
    for before, result in deals_of(game):
        found += check_deal(game.rules, before, result)
    return found


def deals_of(game: Game) -> Iterator[tuple[MatchState, Settlement]]:
    """Each settled deal with the match state before it."""
    before = game.first_state
    for result in game.results:
        yield before, result
        before = result.state


def _scores(before: MatchState, result: Settlement) -> list[str]:
    expected = [a + b for a, b in zip(before.scores, result.deltas, strict=True)]
    if list(result.state.scores) == expected:
        return []
    return [
        f"scores {list(before.scores)} + deltas {result.deltas} make {expected}, "
        f"not {list(result.state.scores)}"
    ]


def _fell(result: Settlement) -> list[int]:
    """The seat of each fall in the deal."""
    return [e.seat for e in result.events if isinstance(e, BarrelFall)]


def _off_the_barrel(rules: Rules, result: Settlement) -> list[str]:
    """A player off the barrel is below the threshold once the deal is over, unless he fell in
    it (a fall may leave him there: a penalty or contract smaller than his tally), it was
    redealt (nobody climbs on in a redealt deal: he climbs after the next one) or the game
    ended with it."""
    barrel = rules.barrel
    if not barrel.enabled or result.winner is not None or result.redeal is not None:
        return []
    state, fell = result.state, _fell(result)
    return [
        f"seat {seat} is off the barrel with {state.scores[seat]}, at or above "
        f"barrel.threshold ({barrel.threshold}), without falling in this deal"
        for seat in range(state.players)
        if not state.on_barrel(seat) and state.scores[seat] >= barrel.threshold and seat not in fell
    ]


def _counts(before: MatchState, result: Settlement) -> list[str]:
    fell = _fell(result)
    broken = [
        f"seat {seat} fell {fell.count(seat)} times in one deal"
        for seat in sorted(set(fell))
        if fell.count(seat) > 1
    ]
    if any(isinstance(e, GoldenReset) for e in result.events):
        return broken
    for name in COUNTS:
        old, new = getattr(before, name), getattr(result.state, name)
        broken += [
            f"{name} of seat {seat} went down from {a} to {b}"
            for seat, (a, b) in enumerate(zip(old, new, strict=True))
            if b < a
        ]
    return broken


def _samosval(rules: Rules, result: Settlement) -> list[str]:
    """No score is left at 555 after a deal; a redealt deal changes no score but a cut fine,
    and leaves the others as they were."""
    mode = rules.samosval.mode
    banned = {"off": (), "plus": (555,), "plus_minus": (555, -555)}[mode]
    return [
        f"seat {seat} is left at {score} (samosval.mode: {mode})"
        for seat, score in enumerate(result.state.scores)
        if score in banned and (result.redeal is None or result.deltas[seat])
    ]


def _fives(rules: Rules, before: MatchState, after: MatchState) -> list[str]:
    if not scored_in_fives(rules):
        return []
    return [
        f"seat {seat} has {after.scores[seat]}, not a multiple of 5"
        for seat in range(after.players)
        if before.scores[seat] % 5 == 0 and after.scores[seat] % 5
    ]


def _card_points(result: Settlement) -> list[str]:
    points = result.card_points
    if points is None or sum(points) == 120:
        return []
    return [f"the card points {points} add up to {sum(points)}, not 120"]


def _contracts_only(rules: Rules, before: MatchState, result: Settlement) -> list[str]:
    return [
        f"seat {seat} above {rules.scoring.only_contracts_above} gained {delta} "
        "from a deal it did not declare"
        for seat, delta in enumerate(result.deltas)
        if delta > 0
        and seat != result.declarer
        and scores_only_contracts(rules, before.scores[seat])
        and not before.on_barrel(seat)
    ]
