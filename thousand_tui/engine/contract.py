"""The contract after the exchange: play it, raise it, concede it («Р», `rospis.*`) or be
baptised («крещусь», `baptism.*`) (docs/rules.md#raise-concession-and-baptism).

What a concession costs and gives is data (`ConcessionTerms`), read by the scoring and by the
table alike.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from .actions import Act, Action, options, plain
from .events import Baptized, Conceded, Raised
from .exchange import raise_values
from .match import MatchState
from .phases import Phase
from .rules import Rules

if TYPE_CHECKING:
    from .deal import Deal

DeclarerLoss = Literal["free", "palka", "minus_bid"]


@dataclass(frozen=True, slots=True)
class ConcessionTerms:
    """What conceding a contract costs the declarer and gives each opponent.

    `loss` is `free` (a free concession), `palka`, or `minus_bid` (`points` less); `share` is
    what each opponent scores; both already multiplied."""

    loss: DeclarerLoss
    points: int
    share: int


def half_rounded_up_to_5(amount: int) -> int:
    """Half a contract, rounded up to a multiple of 5: 105 → 55, 120 → 60 (`rospis.opponents`)."""
    return -(-amount // 10) * 5


def concession_is_free(rules: Rules, before: MatchState, seat: int) -> bool:
    """`rospis.free_per_game`: the first concessions of a game cost nothing."""
    return before.concessions[seat] < rules.rospis.free_per_game


def concession_share(rules: Rules, contract: int) -> int:
    """What each opponent scores when a contract is conceded (`rospis.opponents`), unmultiplied."""
    mode = rules.rospis.opponents
    share = 60 if mode == "sixty" else half_rounded_up_to_5(contract)
    if mode == "half_bid_max_60":
        share = min(share, 60)
    return share


def concession_terms(
    rules: Rules, match: MatchState, declarer: int, contract: int, multiplier: int
) -> ConcessionTerms:
    free = concession_is_free(rules, match, declarer)
    loss: DeclarerLoss = "free"
    if not free and rules.rospis.declarer in ("palka", "minus_bid"):
        loss = "minus_bid" if rules.rospis.declarer == "minus_bid" else "palka"
    points = contract * multiplier if loss == "minus_bid" else 0
    return ConcessionTerms(loss, points, concession_share(rules, contract) * multiplier)


# ---------------------------------------------------------------------- the declarer's choice


def concession_allowed_by_barrel(d: Deal) -> bool:
    on_barrel = d.rules.rospis.on_barrel
    assert d.declarer is not None
    if on_barrel == "forbidden_for_all":
        # Anyone on the barrel, the sitting-out dealer included (`rospis.on_barrel`).
        return not any(d.match.on_barrel(s) for s in range(d.players))
    if on_barrel == "forbidden_for_barrel_player":
        return not d.match.on_barrel(d.declarer)
    return True


def may_concede(d: Deal) -> bool:
    rules = d.rules
    assert d.declarer is not None
    if not rules.rospis.enabled:
        return False
    limit = rules.rospis.max_per_game
    if limit is not None and d.match.concessions[d.declarer] >= limit:
        return False
    return concession_allowed_by_barrel(d)


def may_baptize(d: Deal) -> bool:
    rules = d.rules
    assert d.declarer is not None
    if not rules.baptism.enabled:
        return False
    limit = rules.baptism.max_per_game
    if limit is not None and d.match.crosses[d.declarer] >= limit:
        return False
    return concession_allowed_by_barrel(d)


def contract_actions(d: Deal, seat: int | None = None) -> tuple[Action, ...]:
    declarer = d.declarer
    assert declarer is not None
    raises = raise_values(d) if d.rules.talon.raise_ == "after_giving" else ()
    actions = options(declarer, Act.RAISE, Act.RAISE, raises)
    if may_concede(d):
        actions += (plain(declarer, Act.CONCEDE),)
    if may_baptize(d):
        actions += (plain(declarer, Act.BAPTISM),)
    return actions


def enter_contract(d: Deal) -> None:
    """The declarer's choice, skipped (recorded as an automatic "play it") when playing is all
    he may do."""
    declarer = d.declarer
    assert declarer is not None
    d.phase = Phase.CONTRACT
    d.to_move = declarer
    if len(d.legal(declarer)) == 1:
        d.record(plain(declarer, Act.RAISE, auto=True))
        d.start_play()


def apply_contract(d: Deal, action: Action) -> None:
    seat = action.seat
    if action.act is Act.RAISE:
        if action.value is not None:
            d.contract = action.value
            d.raised = True
            d.emit(Raised(seat, action.value))
        d.start_play()
    elif action.act is Act.CONCEDE:
        d.conceded = True
        d.emit(Conceded(seat))
        d.finish()
    elif action.act is Act.BAPTISM:
        d.baptized = True
        d.emit(Baptized(seat))
        d.finish()
