"""The talon (прикуп) and the exchange: which talon, whether it is shown, the raise before
giving, and the cards the declarer owes — one to each opponent, or put aside with two players
(docs/rules.md#talon, docs/rules.md#giving-cards)."""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING

from .actions import Act, Action, card_actions, options, taking_talon
from .auction import bid_ceiling
from .cards import Card, by_index
from .events import CardDiscarded, CardGiven, Raised, TalonTaken
from .phases import Phase, RedealStage, next_multiple, seats_after
from .redeal import ask_redeal
from .rules import Rules

if TYPE_CHECKING:
    from .deal import Deal


@dataclass(frozen=True, slots=True)
class Owed:
    """What the declarer still owes in the exchange: a card to each of `receivers` (clockwise
    from his left), and `aside` cards put aside (two players)."""

    receivers: tuple[int, ...]
    aside: int

    @property
    def count(self) -> int:
        return len(self.receivers) + self.aside


def discards_due(rules: Rules) -> int:
    """How many cards the declarer puts aside: two players only (`two_player.talons`)."""
    if rules.players != 2:
        return 0
    return 2 if rules.two_player.talons == "two_by_two" else 1


def cards_owed(
    rules: Rules,
    order: tuple[int, ...],
    declarer: int,
    given_to: Collection[int],
    discarded: int,
) -> Owed:
    """The cards still owed, from who has received one and how many were put aside."""
    if rules.players == 2 and rules.two_player.talons == "two_by_two":
        receivers: tuple[int, ...] = ()
    else:
        receivers = tuple([s for s in seats_after(order, declarer) if s not in given_to])
    return Owed(receivers, max(0, discards_due(rules) - discarded))


def owed(d: Deal) -> Owed:
    assert d.declarer is not None
    return cards_owed(d.rules, d.order, d.declarer, [to for to, _ in d.given], len(d.discarded))


# ---------------------------------------------------------------------- the talon


def talon_is_shown(d: Deal) -> bool:
    """`talon.show`: always, never, or unless the player on 100 plays it unopposed."""
    show = d.rules.talon.show
    if d.dark and d.rules.dark.talon_hidden:
        return False
    if show == "always":
        return True
    if show == "never":
        return False
    unopposed_at_100 = (
        d.declarer == d.on_hundred and d.contract == d.rules.bidding.min and not d.golden
    )
    return not unopposed_at_100


def take_talon(d: Deal, index: int, chosen: bool = False) -> None:
    assert d.declarer is not None
    seat = d.declarer
    shown = talon_is_shown(d)
    d.taken_talon = index
    d.talon_cards = tuple(d.talons[index])
    d.talon_shown = shown
    d.record(taking_talon(seat, index if d.players == 2 else None, shown, auto=not chosen))
    d.hands[seat].extend(d.talon_cards)
    d.talons[index] = []
    # A hidden talon is seen by its taker (unless he plays dark) and the sitting-out dealer.
    private: tuple[int, ...] | None = None
    if not shown:
        seers = [] if seat in d.hand_hidden else [seat]
        if d.sitting_out is not None:
            seers.append(d.sitting_out)
        private = tuple(seers)
    talon = index if d.players == 2 else None
    d.emit(TalonTaken(seat, d.talon_cards, shown, talon, private_to=private))
    ask_redeal(d, RedealStage.TALON)


def talon_actions(d: Deal, seat: int) -> list[Action]:
    return [taking_talon(seat, i) for i in (0, 1)]


def apply_talon_choice(d: Deal, action: Action) -> None:
    assert action.talon is not None
    d.log.pop()  # recorded by take_talon with what was shown
    take_talon(d, action.talon, chosen=True)


# ---------------------------------------------------------------------- raising the contract


def raise_allowed(d: Deal) -> bool:
    if d.golden and not d.rules.golden.raise_:
        return False
    return not (d.dark and not d.rules.dark.raise_)


def raise_values(d: Deal) -> range:
    """The contracts the declarer may raise to, within the caps on a bid."""
    if not raise_allowed(d) or d.declarer is None or d.contract is None:
        return range(0)
    step = d.rules.bidding.step
    ceiling = bid_ceiling(d.rules, d.match, d.declarer, d.hands[d.declarer])
    top = min(d.rules.bidding.max, ceiling)
    return range(next_multiple(d.contract, step), top + 1, step)


def raise_actions(d: Deal, seat: int) -> tuple[Action, ...]:
    return options(seat, Act.RAISE, Act.RAISE, raise_values(d))


def apply_raise(d: Deal, action: Action) -> None:
    """`talon.raise: before_giving`: the raise is decided before the cards are given."""
    if action.value is not None:
        d.contract = action.value
        d.raised = True
        d.emit(Raised(action.seat, action.value))
    enter_give(d)


def after_talon(d: Deal) -> None:
    if d.rules.talon.raise_ == "before_giving" and raise_values(d):
        d.phase = Phase.RAISE
        d.to_move = d.declarer
        return
    enter_give(d)


# ---------------------------------------------------------------------- giving


def enter_give(d: Deal) -> None:
    assert d.declarer is not None
    d.reveal_hands(d.declarer)
    d.phase = Phase.GIVE
    d.to_move = d.declarer


def give_actions(d: Deal, seat: int) -> list[Action]:
    hand = sorted(d.hands[seat], key=by_index)
    due = owed(d)
    actions: list[Action] = []
    for to in due.receivers:
        gives = card_actions(seat, Act.GIVE, to)
        actions += [gives[c.index] for c in hand]
    if due.aside > 0:
        discards = card_actions(seat, Act.DISCARD)
        actions += [discards[c.index] for c in hand]
    return actions


@cache
def card_given(seat: int, card: Card, to: int, visible: bool) -> CardGiven:
    """The event of a card given: seen by the giver and the receiver only, unless given cards
    are shown (`talon.given_visible`); made once and shared like the action."""
    return CardGiven(seat, card, to, private_to=None if visible else (seat, to))


def apply_give(d: Deal, action: Action) -> None:
    seat, card = action.seat, action.card
    assert card is not None
    d.hands[seat].remove(card)
    if action.to is not None:  # given, not put aside
        d.hands[action.to].append(card)
        d.given += ((action.to, card),)
        d.emit(card_given(seat, card, action.to, d.rules.talon.given_visible))
    else:
        d.discarded += (card,)
        d.emit(CardDiscarded(seat, card, private_to=(seat,)))
    if owed(d).count == 0:
        d.after_exchange()
