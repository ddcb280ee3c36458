"""Scoring a finished deal and the match rules after it (docs/rules.md#scoring-a-deal).

The order of adjustments is the rules' own: the cut fine, contract and points (with
multipliers), concession and baptism amounts, the sitter's points, palki and their penalties,
the barrel (climbs, attempts, falls, wins), samosval, and the end of the golden round.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .cards import Card, Rank, card_points, marriage_suits
from .contract import concession_is_free, concession_terms
from .events import (
    BarrelAttempt,
    BarrelFall,
    BarrelOn,
    BarrelThirdFall,
    BarrelWin,
    Concession,
    ConcessionPenalty,
    ContractsOnly,
    Cross,
    CrossPenalty,
    CutPenalty,
    FallReason,
    Frozen,
    GoldenReplay,
    GoldenReset,
    Palka,
    PalkaPenalty,
    Samosval,
    SheetEvent,
    SitterScore,
    WithheldMarriage,
)
from .match import BarrelSeat, MatchState
from .outcome import DealOutcome
from .phases import Declaration, seats_from
from .rules import Rules

if TYPE_CHECKING:
    from .view import SeatView


@dataclass
class Settlement:
    """The `result` line of a deal: everything the score sheet needs."""

    number: int
    redeal: str | None
    declarer: int | None
    contract: int | None
    multiplier: int
    conceded: bool
    baptism: bool
    dark: bool
    golden: bool
    card_points: list[int] | None
    marriage_points: list[int] | None
    tricks: list[int] | None
    made: bool | None
    deltas: list[int]
    events: list[SheetEvent]
    state: MatchState
    winner: int | None = None
    sitting_out: int | None = None  # the seat that sat this deal out (four players)

    def to_record(self) -> dict[str, Any]:
        line: dict[str, Any] = {
            "type": "result",
            "number": self.number,
            "redeal": self.redeal,
            "declarer": self.declarer,
            "contract": self.contract,
            "multiplier": self.multiplier,
            "conceded": self.conceded,
            "dark": self.dark,
            "card_points": self.card_points,
            "marriage_points": self.marriage_points,
            "tricks": self.tricks,
            "made": self.made,
            "deltas": self.deltas,
            "events": [event.to_record() for event in self.events],
            "state": self.state.to_dict(),
        }
        if self.baptism:
            line["baptism"] = True
        if self.golden:
            line["golden"] = True
        return line


def round_defender(points: int, mode: str) -> int:
    """`scoring.defender_rounding`: nearest_5 sends x0–x2 → x0, x3–x7 → x5, x8–x9 → next ten."""
    if mode == "none":
        return points
    if mode == "nearest_10":
        return (points + 5) // 10 * 10
    return (points + 2) // 5 * 5


def sitter_points(rules: Rules, talon: tuple[Card, ...]) -> tuple[int, int]:
    """What the sitting-out dealer scores from the talon as dealt (`four_player.*`): the
    points of its cards (or aces), and of the marriages (whole or half) in it."""
    mode = rules.four_player.sitter_scores
    if mode == "none":
        return 0, 0
    if mode == "aces_50":
        points = 50 * sum(1 for c in talon if c.rank is Rank.ACE)
    else:
        points = card_points(talon)
    marriages = 0
    if mode in ("talon_points_marriage", "aces_50"):
        marriages += sum(rules.marriage.value_of(s.value) for s in marriage_suits(talon))
    if rules.four_player.half_marriage:
        paired = set(marriage_suits(talon))
        for card in talon:
            if card.is_marriage_card and card.suit not in paired:
                marriages += rules.marriage.value_of(card.suit.value) // 2
    return points, marriages


@dataclass
class _Sheet:
    """Working copy of the match columns while a deal is settled."""

    scores: list[int]
    palki: list[int]
    streak: list[int]
    barrel: list[BarrelSeat | None]
    falls: list[int]
    concessions: list[int]
    crosses: list[int]
    events: list[SheetEvent] = field(default_factory=list)

    @classmethod
    def of(cls, state: MatchState) -> _Sheet:
        return cls(
            list(state.scores),
            list(state.palki),
            list(state.palki_streak),
            list(state.barrel),
            list(state.falls),
            list(state.concessions),
            list(state.crosses),
        )

    def note(self, event: SheetEvent) -> None:
        self.events.append(event)


def settle(deal: DealOutcome) -> Settlement:
    """The `result` of a finished deal: every score's change and the match after it."""
    rules = deal.rules
    # The cut's fine was taken before the deal (`Deal.match`); the deltas count it too.
    before = deal.match
    sheet = _Sheet.of(before)
    n = deal.players
    if deal.cut_fined:
        sheet.note(CutPenalty(deal.cutter, rules.deal.cut_penalty))

    if deal.redeal_reason is not None:
        # The cut came before the deal: its fine stands when the deal is redealt
        # (`deal.cut_penalty`), and a fine to 555 meets samosval like any score
        # after a deal; nothing else is scored.
        if deal.cut_fined:
            _samosval(rules, sheet, (deal.cutter,))
        state = _state(sheet, before.golden_left, before.golden_made)
        return Settlement(
            number=deal.number,
            redeal=deal.redeal_reason,
            declarer=None,
            contract=None,
            multiplier=1,
            conceded=False,
            baptism=False,
            dark=False,
            golden=deal.golden,
            card_points=None,
            marriage_points=None,
            tricks=None,
            made=None,
            deltas=_deltas(deal, state),
            events=sheet.events,
            state=state,
            sitting_out=deal.sitting_out,
        )

    declarer = deal.declarer
    contract = deal.contract
    assert declarer is not None and contract is not None
    m = deal.multiplier
    marriage_m = (
        m
        if not deal.golden or rules.golden.marriages_multiplied
        else (m // rules.golden.multiplier)
    )
    on_barrel = [before.on_barrel(s) for s in range(n)]
    frozen = rules.barrel.opponents_freeze and on_barrel[declarer]
    # `scoring.only_contracts_above`: points a seat did not bid for are not written for it.
    unbid = [scores_only_contracts(rules, before.scores[s]) for s in range(n)]
    withheld: list[int] = []
    palki_given = [0] * n
    # Seats whose palki streak this deal neither extends nor breaks (docs/rules.md#palki).
    takes_part = [s in deal.order for s in range(n)]
    barrel_gain: list[int] = [0] * n
    made: bool | None = None
    played = not (deal.conceded or deal.baptized)

    if played:
        # The result line lists the marriages whose points were withheld during play
        # (docs/record.md#events, `marriage_withheld`; `marriage.card_must_win`).
        for declaration in deal.declarations:
            if declaration.withheld:
                sheet.note(WithheldMarriage(declaration.seat, declaration.suit))
        points = [deal.card_points[s] + deal.marriage_points[s] for s in range(n)]
        made = _contract_made(rules, points[declarer], contract)
        for seat in deal.order:
            if seat == declarer:
                if on_barrel[seat]:
                    barrel_gain[seat] = points[seat] if made else 0
                    continue
                sheet.scores[seat] += (contract if made else -contract) * m
                continue
            if frozen:
                # "The others score nothing" (`barrel.opponents_freeze`): a second barrel
                # player's tally too.
                continue
            if on_barrel[seat]:
                # `goal: cumulative`: his exact points count as a defender too, even when the
                # automatic bid (`bidding: auto_bid`) was outbid.
                barrel_gain[seat] = points[seat]
                continue
            amount = _defender_amount(rules, deal, seat, made, m, marriage_m)
            if unbid[seat]:
                withheld += [seat] if amount else []
                continue
            sheet.scores[seat] += amount
    else:
        withheld += _concession(rules, deal, sheet, on_barrel, frozen, m, unbid)
        takes_part = [False] * n

    if deal.sitting_out is not None and not frozen:
        sitter = deal.sitting_out
        if not on_barrel[sitter]:
            # Like a defender's points (docs/rules.md#the-sitters-points).
            talon_points, marriages = sitter_points(rules, deal.sitter_talon)
            amount = _multiplied(rules, talon_points, marriages, m, marriage_m)
            if amount and unbid[sitter]:
                withheld.append(sitter)
            elif amount:
                sheet.scores[sitter] += amount
                sheet.note(SitterScore(sitter, amount))

    if played:
        for seat in deal.order:
            if on_barrel[seat] or (frozen and seat != declarer):
                takes_part[seat] = False
                continue
            if seat == declarer and not rules.palki.declarer_counts:
                takes_part[seat] = False
                continue
            if _trickless(rules, deal, seat):
                palki_given[seat] = 2 if deal.golden or (deal.dark and seat == declarer) else 1
    else:
        if deal.baptized:
            for seat in deal.order:
                if seat != declarer and not on_barrel[seat]:
                    palki_given[seat] = 1
                    takes_part[seat] = True
        elif (
            rules.rospis.declarer == "palka"
            and not on_barrel[declarer]  # no palki on the barrel (docs/rules.md#palki)
            and not concession_is_free(rules, before, declarer)
        ):
            palki_given[declarer] = 1
            takes_part[declarer] = True
    if frozen:
        sheet.note(Frozen(tuple(s for s in deal.order if s != declarer)))
    if withheld:
        sheet.note(ContractsOnly(tuple(sorted(withheld))))
    _palki(rules, sheet, palki_given, takes_part)

    winners = _barrel(rules, deal, sheet, on_barrel, barrel_gain, made, played)
    if not rules.barrel.enabled:
        # Every seat, the sitting-out dealer too (his talon points may take him there).
        winners = [s for s in range(n) if sheet.scores[s] >= rules.target]
    _samosval(rules, sheet)

    golden_left, golden_made = before.golden_left, before.golden_made
    if deal.golden:
        golden_left -= 1
        golden_made = golden_made or bool(made)
        if golden_left == 0 and not golden_made:
            golden_left, golden_made = _golden_failure(rules, sheet, n)

    state = _state(sheet, golden_left, golden_made)
    return Settlement(
        number=deal.number,
        redeal=None,
        declarer=declarer,
        contract=contract,
        multiplier=m,
        conceded=deal.conceded,
        baptism=deal.baptized,
        dark=deal.dark,
        golden=deal.golden,
        card_points=list(deal.card_points) if played else None,
        marriage_points=list(deal.marriage_points) if played else None,
        tricks=list(deal.tricks_won) if played else None,
        made=made,
        deltas=_deltas(deal, state),
        events=sheet.events,
        state=state,
        winner=_pick_winner(deal, state, winners),
        sitting_out=deal.sitting_out,
    )


def settle_given_up(view: SeatView, baptism: bool = False) -> Settlement:
    """What the declarer (the seat of `view`) giving his contract up now would score: the deal
    settled unplayed, conceded or baptised, for a player weighing it. A sitting-out dealer
    scores the talon this seat knows, if any."""
    assert view.contract is not None and view.declarer == view.seat
    nothing = (0,) * view.players
    unplayed = _weighed(view, view.seat, view.contract, view.talon or ())._replace(
        conceded=not baptism,
        baptized=baptism,
        card_points=nothing,
        marriage_points=nothing,
        tricks_won=nothing,
    )
    return settle(unplayed)


def settle_played(
    view: SeatView,
    declarer: int,
    contract: int,
    card_points: Sequence[int],
    marriage_points: Sequence[int],
    tricks_won: Sequence[int],
    sitter_talon: Sequence[Card] = (),
    declarations: Sequence[Declaration] = (),
) -> Settlement:
    """What the deal of `view` would score if `declarer` played `contract` out and each seat
    ended with these card points, marriage points and tricks (by seat): for a player weighing
    a contract before it is played. The match is the one the deal is played in (`view.match`,
    after a fine at the cut); a sitting-out dealer scores `sitter_talon`."""
    played = _weighed(view, declarer, contract, tuple(sitter_talon))._replace(
        declarations=tuple(declarations),
        card_points=tuple(card_points),
        marriage_points=tuple(marriage_points),
        tricks_won=tuple(tricks_won),
    )
    return settle(played)


def _weighed(
    view: SeatView, declarer: int, contract: int, sitter_talon: tuple[Card, ...]
) -> DealOutcome:
    """The deal of `view` as `declarer` would end it with `contract`: nothing taken yet."""
    n = view.players
    nothing = (0,) * n
    return DealOutcome(
        rules=view.rules,
        number=view.deal_number,
        order=seats_from(view.forehand, n, view.sitting_out),
        sitting_out=view.sitting_out,
        before=view.match,
        match=view.match,
        cutter=view.dealer,
        cut_fined=False,
        sitter_talon=sitter_talon,
        golden=view.golden,
        dark=view.dark,
        redeal_reason=None,
        declarer=declarer,
        contract=contract,
        multiplier=view.multiplier,
        conceded=False,
        baptized=False,
        declarations=(),
        card_points=nothing,
        marriage_points=nothing,
        tricks_won=nothing,
    )


def deal_points(view: SeatView) -> tuple[int, ...]:
    """The points each seat has taken in this deal so far: its cards in the tricks it took
    and its marriages declared (what the contract is counted in)."""
    return tuple(c + m for c, m in zip(view.points_taken, view.marriage_points, strict=True))


def points_needed(rules: Rules, points: int, contract: int) -> int:
    """How many more points a declarer with `points` needs to make `contract` (0 once he has
    made it; `scoring.declarer_rounding` may let a little less do)."""
    enough = contract
    while enough > 0 and _contract_made(rules, enough - 1, contract):
        enough -= 1
    return max(0, enough - points)


def _deltas(deal: DealOutcome, state: MatchState) -> list[int]:
    """Each score's change from the deal line's state, the cut's fine included."""
    return [a - b for a, b in zip(state.scores, deal.before.scores, strict=True)]


def scores_only_contracts(rules: Rules, score: int) -> bool:
    """`scoring.only_contracts_above`: a player whose score before the deal is above it
    writes only his own contracts, made or failed; points he did not bid for (as a defender,
    from a concession, as the sitter) are not written."""
    limit = rules.scoring.only_contracts_above
    return limit is not None and score > limit


def _contract_made(rules: Rules, points: int, contract: int) -> bool:
    """`scoring.declarer_rounding: nearest_5` — made if the exact or the rounded points reach it."""
    if points >= contract:
        return True
    if rules.scoring.declarer_rounding == "nearest_5":
        return round_defender(points, "nearest_5") >= contract
    return False


def _defender_amount(
    rules: Rules, deal: DealOutcome, seat: int, made: bool, m: int, marriage_m: int
) -> int:
    if not made and rules.scoring.failed_defenders == "sixty":
        return 60 * m
    return _multiplied(rules, deal.card_points[seat], deal.marriage_points[seat], m, marriage_m)


def _multiplied(rules: Rules, points: int, marriages: int, m: int, marriage_m: int) -> int:
    """A defender's (or the sitter's) points and marriages: rounded together
    (`scoring.defender_rounding`), then multiplied; golden marriages may stay single."""
    rounded = round_defender(points + marriages, rules.scoring.defender_rounding)
    return (rounded - marriages) * m + marriages * marriage_m


def _concession(
    rules: Rules,
    deal: DealOutcome,
    sheet: _Sheet,
    on_barrel: list[bool],
    frozen: bool,
    m: int,
    unbid: list[bool],
) -> list[int]:
    """The concession's or baptism's amounts; the seats whose share was not written
    (`scoring.only_contracts_above`)."""
    declarer = deal.declarer
    contract = deal.contract
    assert declarer is not None and contract is not None
    # `rospis.on_barrel: allowed`: a barrel player's score stays at the threshold while he is
    # on it; his concession or baptism counts as his failed contract (`barrel.failed_contract`).
    pinned = on_barrel[declarer]
    if deal.baptized:
        sheet.crosses[declarer] += 1
        sheet.note(Cross(declarer))
        if sheet.crosses[declarer] % 2 == 0 and rules.baptism.crosses_penalty and not pinned:
            sheet.scores[declarer] -= rules.baptism.crosses_penalty
            sheet.note(CrossPenalty(declarer, rules.baptism.crosses_penalty))
        return []
    terms = concession_terms(rules, deal.match, declarer, contract, m)
    sheet.concessions[declarer] += 1
    sheet.note(Concession(declarer))
    if terms.loss == "minus_bid" and not pinned:
        sheet.scores[declarer] -= terms.points
    third = rules.rospis.third_penalty
    if third and sheet.concessions[declarer] % 3 == 0 and not pinned:
        sheet.scores[declarer] -= third
        sheet.note(ConcessionPenalty(declarer, third))
    if frozen:
        return []
    scorers = concession_scorers(rules, deal.match, declarer, deal.order)
    for seat in scorers:
        sheet.scores[seat] += terms.share
    # Those whose share is not written (`scoring.only_contracts_above`) are listed as such.
    unwritten = [s for s in deal.order if s != declarer and not on_barrel[s] and unbid[s]]
    return unwritten if terms.share else []


def concession_scorers(
    rules: Rules, before: MatchState, declarer: int, order: Sequence[int]
) -> list[int]:
    """The opponents of `order` who score a concession's share, by the match `before` the
    deal: none while the others are frozen (`barrel.opponents_freeze`), nor one on the
    barrel, nor one whose points are not written (`scoring.only_contracts_above`)."""
    if rules.barrel.opponents_freeze and before.on_barrel(declarer):
        return []
    return [
        seat
        for seat in order
        if seat != declarer
        and not before.on_barrel(seat)
        and not scores_only_contracts(rules, before.scores[seat])
    ]


def _trickless(rules: Rules, deal: DealOutcome, seat: int) -> bool:
    if rules.palki.trigger == "no_points":
        return deal.card_points[seat] + deal.marriage_points[seat] == 0
    return deal.tricks_won[seat] == 0


def palka_fines(rules: Rules, palki: int, streak: int, count: int = 1) -> int:
    """How many times a player with `palki` in the game and `streak` deals in a row with one
    pays the penalty when he takes `count` more: at every third palka of the game, or when
    his streak reaches three (`palki.rule`)."""
    if rules.palki.rule == "every_third":
        return (palki + count) // 3 - palki // 3
    return (streak + count) // 3


PALKI_PER_FINE = 3  # the third palka (of the game, or in a row) costs the penalty


def palki_toward_fine(rules: Rules, palki: int, streak: int) -> int:
    """How many of the `PALKI_PER_FINE` palki that cost the next penalty a player with
    `palki` in the game and `streak` deals in a row with one has already (`palki.rule`)."""
    if rules.palki.rule == "every_third":
        return palki % PALKI_PER_FINE
    return streak % PALKI_PER_FINE


def _palki(rules: Rules, sheet: _Sheet, given: list[int], takes_part: list[bool]) -> None:
    """Every third palka of the game, or three deals in a row with one (`palki.rule`).

    Two palki at once (golden or dark deals) count as two marks in a streak too."""
    penalty = rules.palki.penalty
    for seat, count in enumerate(given):
        if not takes_part[seat]:
            continue
        if count == 0:
            sheet.streak[seat] = 0
            continue
        fines = palka_fines(rules, sheet.palki[seat], sheet.streak[seat], count)
        sheet.palki[seat] += count
        sheet.streak[seat] += count
        sheet.note(Palka(seat, count))
        if rules.palki.rule == "three_in_a_row":
            # The streak restarts when it reaches three; of two palki at once the one past
            # the third starts the new streak.
            sheet.streak[seat] %= 3
        for _ in range(fines if penalty else 0):  # a fine of 0 is none (`palki.penalty`)
            sheet.scores[seat] -= penalty
            sheet.note(PalkaPenalty(seat, penalty))


def _barrel(
    rules: Rules,
    deal: DealOutcome,
    sheet: _Sheet,
    on_barrel: list[bool],
    gain: list[int],
    made: bool | None,
    played: bool,
) -> list[int]:
    """Climbs, attempts, falls and wins (docs/rules.md#barrel).

    Returns the seats that won in this deal."""
    b = rules.barrel
    if not b.enabled:
        return []
    threshold = b.threshold
    declarer = deal.declarer
    winners: list[int] = []
    falling: dict[int, FallReason] = {}
    contract_fall: int | None = None

    for seat in deal.order:
        place = sheet.barrel[seat]
        if place is None or not on_barrel[seat]:
            continue
        attempts, tally = place.attempts_used, place.tally
        if seat == declarer and not made and b.failed_contract == "fall":
            # A failed contract, or (`rospis.on_barrel: allowed`) a conceded one, under either
            # `barrel.goal` (docs/rules.md#barrel, "Falling").
            falling[seat] = "contract"
            contract_fall = seat
            continue
        if b.goal == "cumulative":
            tally += gain[seat]
            if tally >= b.min_contract:
                sheet.scores[seat] = threshold + tally
                winners.append(seat)
                sheet.note(BarrelWin(seat))
                sheet.barrel[seat] = None
                continue
            sheet.scores[seat] = threshold + tally
        elif seat == declarer and played and made and (deal.contract or 0) >= b.min_contract:
            sheet.scores[seat] = threshold + (deal.contract or 0)
            winners.append(seat)
            sheet.note(BarrelWin(seat))
            sheet.barrel[seat] = None
            continue
        if b.attempt_counts == "every_deal" or seat == declarer:
            attempts += 1
            sheet.note(BarrelAttempt(seat, attempts))
        sheet.barrel[seat] = BarrelSeat(attempts, tally)
        if attempts >= b.attempts:
            falling[seat] = "attempts"

    # A deal that someone wins is settled in full for the others too: attempts run out, falls,
    # climbs (docs/rules.md#barrel), so the last line of the sheet keeps the rules.
    climbers: list[int] = []
    for seat in range(deal.players):
        if on_barrel[seat] or sheet.scores[seat] < threshold:
            continue
        if b.entry == "direct_win" and sheet.scores[seat] >= rules.target:
            winners.append(seat)
            continue
        climbers.append(seat)
    for seat in climbers:
        sheet.scores[seat] = threshold
        sheet.barrel[seat] = BarrelSeat()
        sheet.note(BarrelOn(seat))
    if climbers and b.bump:
        for seat in range(deal.players):
            if on_barrel[seat] and sheet.barrel[seat] is not None and seat not in falling:
                falling[seat] = "bump"
    if len(climbers) > 1 and b.simultaneous == "all_fall":
        for seat in climbers:
            falling[seat] = "simultaneous"

    for seat, why in falling.items():
        _fall(rules, sheet, seat, why, deal.contract if seat == contract_fall else None)
    return winners


def _fall(rules: Rules, sheet: _Sheet, seat: int, why: FallReason, contract: int | None) -> None:
    """He falls: his barrel score (threshold, plus the tally for `goal: cumulative`), rounded
    per `fall_rounding`, less the penalty, or less his contract when it failed."""
    b = rules.barrel
    sheet.falls[seat] += 1
    sheet.barrel[seat] = None
    before = sheet.scores[seat]
    if b.third_fall == "reset_to_zero" and sheet.falls[seat] == 3:
        sheet.scores[seat] = 0
        sheet.note(BarrelThirdFall(seat))
    else:
        score = before
        if b.fall_rounding == "down_to_tens":
            score = score // 10 * 10
        sheet.scores[seat] = score - (b.penalty if contract is None else contract)
    sheet.note(BarrelFall(seat, before - sheet.scores[seat], why))


def lands_on_samosval(rules: Rules, score: int) -> bool:
    """A score the samosval sends back to 0: 555, or −555 too (`samosval.mode`)."""
    mode = rules.samosval.mode
    return mode != "off" and (score == 555 or (mode == "plus_minus" and score == -555))


def _samosval(rules: Rules, sheet: _Sheet, seats: Iterable[int] | None = None) -> None:
    """A score of 555 (or −555) becomes 0: anyone's (of `seats`, every seat by default), that
    of a player on a barrel at 555 or below too, who is then off it (a barrel score is the
    threshold plus the tally), without a fall (`samosval.mode`)."""
    for seat in range(len(sheet.scores)) if seats is None else seats:
        score = sheet.scores[seat]
        if lands_on_samosval(rules, score):
            sheet.scores[seat] = 0
            sheet.barrel[seat] = None
            sheet.note(Samosval(seat, score))


def _golden_failure(rules: Rules, sheet: _Sheet, n: int) -> tuple[int, bool]:
    """No golden declarer made his contract (`golden.on_failure`)."""
    mode = rules.golden.on_failure
    if mode == "reset_scores":
        for column in (
            sheet.scores,
            sheet.palki,
            sheet.streak,
            sheet.concessions,
            sheet.crosses,
            sheet.falls,
        ):
            column[:] = [0] * n
        sheet.barrel[:] = [None] * n
        sheet.note(GoldenReset())
        return 0, False
    if mode == "replay":
        sheet.note(GoldenReplay())
        return n, False
    return 0, False


def _state(sheet: _Sheet, golden_left: int, golden_made: bool) -> MatchState:
    return MatchState(
        scores=tuple(sheet.scores),
        palki=tuple(sheet.palki),
        palki_streak=tuple(sheet.streak),
        barrel=tuple(sheet.barrel),
        falls=tuple(sheet.falls),
        concessions=tuple(sheet.concessions),
        crosses=tuple(sheet.crosses),
        golden_left=golden_left,
        golden_made=golden_made,
    )


def _pick_winner(deal: DealOutcome, state: MatchState, winners: list[int]) -> int | None:
    """Several winners in one deal: the declarer, else the highest score, then the first
    clockwise from forehand (docs/rules.md#end-of-game)."""
    if not winners:
        return None
    if deal.declarer in winners:
        return deal.declarer
    order = list(deal.order) + [s for s in range(deal.players) if s not in deal.order]
    return max(winners, key=lambda s: (state.scores[s], -order.index(s)))
