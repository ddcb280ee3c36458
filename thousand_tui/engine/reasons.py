"""Why the rules refuse an action: a `Refusal` is data (a code and what it refers to), so a
table words it in its own language; `english()` is the engine's own message
(`IllegalAction`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from .actions import Act, Action, IllegalAction
from .auction import BidCap, cap_against
from .cards import Card, Suit
from .phases import Phase

if TYPE_CHECKING:
    from .deal import Deal

RefusalCode = Literal[
    "game_over",
    "deal_over",
    "not_your_turn",
    "not_now",
    "bid_cap",
    "bid_not_above",
    "bid_exact_step",
    "bid_step",
    "not_in_hand",
    "marriage_on_first_lead",
    "no_such_marriage",
    "follow_suit",
    "play_trump",
    "lead_trump",
    "raise_cap",
    "raise_impossible",
    "not_allowed",
]


@dataclass(frozen=True, slots=True)
class Refusal:
    """Why `action` is refused. Besides the code: `phase` and `to_move` (whose turn it is),
    `allowed` (the kinds of action open now), `cap` (the cap a bid or raise is over), `high`
    (the bid to beat), `step`, `bids` (the bids open now), `card` and `suit` (the led suit to
    follow, or the trump to play)."""

    code: RefusalCode
    action: Action | None = None
    phase: Phase | None = None
    to_move: int | None = None
    allowed: tuple[str, ...] = ()
    cap: BidCap | None = None
    high: int | None = None
    step: int | None = None
    bids: tuple[int, ...] = ()
    card: Card | None = None
    suit: Suit | None = None

    def english(self) -> str:
        a = self.action
        code = self.code
        phase = self.phase.value if self.phase is not None else ""
        allowed = ", ".join(self.allowed)
        card = self.card.code if self.card is not None else ""
        if code == "game_over":
            return "the game is over"
        if code == "deal_over":
            return "the deal is over"
        assert a is not None
        if code == "not_your_turn":
            return f"it is not seat {a.seat}'s turn: seat {self.to_move} decides now ({phase})"
        if code == "not_now":
            return f"{a.act.value} is not possible now ({phase}); allowed: {allowed}"
        if code == "bid_cap":
            assert self.cap is not None
            return f"bid {a.value}: {self.cap.english()}"
        if code == "bid_not_above":
            return f"bid {a.value}: a bid must be above {self.high}"
        if code == "bid_exact_step":
            return f"bid {a.value}: the bid goes up by exactly {self.step}, to {self.bids[0]}"
        if code == "bid_step":
            bids = self.bids
            tail = f"; allowed: {bids[0]}…{bids[-1]}" if bids else "; you can only pass"
            return f"bid {a.value}: bids go in steps of {self.step}{tail}"
        if code == "not_in_hand":
            return f"{card} is not in seat {a.seat}'s hand"
        if code == "marriage_on_first_lead":
            return "a marriage cannot be declared on the first lead"
        if code == "no_such_marriage":
            return f"no marriage {a.marriage} can be declared with {card}"
        if code == "follow_suit":
            assert self.suit is not None
            return f"{card}: you must follow suit {self.suit.value}"
        if code == "play_trump":
            return f"{card}: you must play a trump ({self.suit})"
        if code == "lead_trump":
            return f"{card}: only the trump's owner may lead trump"
        if code == "raise_cap":
            assert self.cap is not None
            return f"raise to {a.value}: {self.cap.english()}"
        if code == "raise_impossible":
            return f"raise to {a.value}: not a possible contract"
        return f"{a.describe()} is not allowed now; allowed: {allowed}"


class Refused(IllegalAction):
    """An action the rules refuse, with the reason as data (`refusal`)."""

    def __init__(self, refusal: Refusal) -> None:
        super().__init__(refusal.english())
        self.refusal = refusal


def why_illegal(d: Deal, action: Action, legal: list[Action]) -> Refusal:
    """The reason the rules refuse `action`, given the actions that are legal now."""
    seat = action.seat
    phase = d.phase
    if phase is Phase.OVER:
        return Refusal("deal_over", action, phase)
    if seat != d.to_move:
        return Refusal("not_your_turn", action, phase, d.to_move)
    acts = tuple(sorted({a.act.value for a in legal}))
    # A bid when none is possible still gets the reason (the cap that forbids it).
    bid_now = phase is Phase.AUCTION and action.act is Act.BID
    if action.act not in {a.act for a in legal} and not (bid_now and action.value):
        return Refusal("not_now", action, phase, allowed=acts)
    if phase is Phase.AUCTION and action.value is not None:
        return _why_not_bid(d, action, legal)
    if phase is Phase.PLAY and action.card is not None:
        return _why_not_play(d, action)
    if action.value is not None and phase in (Phase.RAISE, Phase.CONTRACT):
        cap = cap_against(d.rules, d.match, seat, d.hands[seat], action.value)
        if cap is not None:
            return Refusal("raise_cap", action, phase, cap=cap)
        return Refusal("raise_impossible", action, phase)
    return Refusal("not_allowed", action, phase, allowed=acts)


def _why_not_bid(d: Deal, action: Action, legal: list[Action]) -> Refusal:
    assert action.value is not None
    step = d.rules.bidding.step
    bids = tuple(a.value for a in legal if a.value is not None)
    cap = cap_against(d.rules, d.match, action.seat, d.hands[action.seat], action.value)
    if cap is not None:
        return Refusal("bid_cap", action, d.phase, cap=cap)
    if d.high is not None and action.value <= d.high:
        return Refusal("bid_not_above", action, d.phase, high=d.high)
    if not d.rules.bidding.jumps and bids:
        return Refusal("bid_exact_step", action, d.phase, step=step, bids=bids)
    return Refusal("bid_step", action, d.phase, step=step, bids=bids)


def _why_not_play(d: Deal, action: Action) -> Refusal:
    card = action.card
    assert card is not None
    hand = d.hands[action.seat]
    if card not in hand:
        return Refusal("not_in_hand", action, d.phase, card=card)
    if action.marriage is not None:
        if not d.tricks and not d.rules.marriage.on_first_lead:
            return Refusal("marriage_on_first_lead", action, d.phase, card=card)
        return Refusal("no_such_marriage", action, d.phase, card=card)
    return play_refusal(hand, d.trick, d.trump, action)


def play_refusal(
    hand: tuple[Card, ...] | list[Card],
    trick: tuple[tuple[int, Card], ...] | list[tuple[int, Card]],
    trump: Suit | None,
    action: Action,
) -> Refusal:
    """Why a card of `hand` that is not among the legal plays may not be played now: the led
    suit must be followed, else a trump played; on lead, only the trump's owner leads trump."""
    card = action.card
    if trick:
        led = trick[0][1].suit
        if any(c.suit is led for c in hand):
            return Refusal("follow_suit", action, Phase.PLAY, card=card, suit=led)
        return Refusal("play_trump", action, Phase.PLAY, card=card, suit=trump)
    return Refusal("lead_trump", action, Phase.PLAY, card=card, suit=trump)
