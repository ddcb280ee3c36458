"""One deal (кон), from the dark offer to the last trick (docs/rules.md#the-order-of-a-deal).

`Deal` holds the state of a deal and its order: `legal_actions(seat)` lists the decisions open
to a seat, `apply` takes one of them and runs every step the rules make without a choice (the
obligated 100, automatic passes, the talon taken, a mandatory redeal) as `auto` actions. Each
phase's rules live in their own module — `auction` (and the dark game), `redeal`, `exchange`
(the talon and the cards given), `contract` (raise, concession, baptism), `tricks` — and
`reasons` says why an action is refused. Scoring the finished deal is `scoring.settle`'s work,
from the deal's `outcome()`; the match around it is `game.Game`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Final

from . import auction, contract, exchange, redeal, tricks
from .actions import Action
from .auction import BidCap
from .cards import Card, Suit
from .contract import half_rounded_up_to_5
from .dealing import Dealt, fined_at_the_cut
from .events import ContractWon, DealStarted, Event
from .match import MatchState
from .outcome import DealOutcome
from .phases import (
    ACE_MARRIAGE,
    Declaration,
    Phase,
    RedealStage,
    Trick,
    next_multiple,
    next_seats,
    seats_after,
    seats_from,
)
from .reasons import Refusal, Refused, why_illegal
from .rules import Rules

__all__ = [
    "ACE_MARRIAGE",
    "BidCap",
    "Deal",
    "Declaration",
    "Phase",
    "RedealStage",
    "Trick",
    "half_rounded_up_to_5",
    "next_multiple",
    "seats_from",
]

# What a seat saw of the exchange: the cards given it saw (giver, receiver, card), and the
# gives it did not see (giver, receiver).
ExchangeSeen = tuple[tuple[tuple[int, int, Card], ...], tuple[tuple[int, int], ...]]

# Python 3.11 looks up an enum's members by a slow path; `over` is asked at every step.
_OVER: Final = Phase.OVER

Rule = Callable[["Deal", Action], None]
Options = Callable[["Deal", int], Sequence[Action]]

# What a phase offers, and how a decision in it is taken.
LEGAL: dict[Phase, Options] = {
    Phase.DARK: auction.dark_actions,
    Phase.REDEAL: redeal.redeal_actions,
    Phase.AUCTION: auction.auction_actions,
    Phase.DARK_CANCEL: auction.dark_cancel_actions,
    Phase.TALON: exchange.talon_actions,
    Phase.RAISE: exchange.raise_actions,
    Phase.GIVE: exchange.give_actions,
    Phase.CONTRACT: contract.contract_actions,
    Phase.PLAY: tricks.legal_plays,
}
APPLY: dict[Phase, Rule] = {
    Phase.DARK: auction.apply_dark,
    Phase.REDEAL: redeal.apply_redeal,
    Phase.AUCTION: auction.apply_auction,
    Phase.DARK_CANCEL: auction.apply_dark_cancel,
    Phase.TALON: exchange.apply_talon_choice,
    Phase.RAISE: exchange.apply_raise,
    Phase.GIVE: exchange.apply_give,
    Phase.CONTRACT: contract.apply_contract,
    Phase.PLAY: tricks.apply_play,
}


class Deal:
    # The state of a deal, as slots: read and written at every step.
    __slots__ = (
        "_legal",
        "_legal_moves",
        "_legal_phase",
        "_seen_gives",
        "baptized",
        "before",
        "bids",
        "card_points",
        "ceilings",
        "conceded",
        "contract",
        "cutter",
        "dark",
        "dark_cancel_queue",
        "dealer",
        "dealt",
        "declarations",
        "declarer",
        "discarded",
        "events",
        "forehand",
        "given",
        "golden",
        "hand_hidden",
        "hands",
        "high",
        "high_seat",
        "leader",
        "log",
        "low_bidder",
        "marriage_points",
        "match",
        "moves",
        "next_seat",
        "number",
        "obligated",
        "on_hundred",
        "order",
        "outbid_window",
        "passed",
        "phase",
        "players",
        "raised",
        "redeal_queue",
        "redeal_reason",
        "redeal_seat",
        "redeal_stage",
        "rules",
        "sitting_out",
        "taken_talon",
        "talon_cards",
        "talon_shown",
        "talons",
        "to_move",
        "trick",
        "tricks",
        "tricks_won",
        "trump",
        "trump_owner",
        "turn",
    )

    def __init__(
        self,
        rules: Rules,
        number: int,
        dealer: int,
        match: MatchState,
        dealt: Dealt,
        golden: bool = False,
    ) -> None:
        self.rules = rules
        self.number = number
        self.dealer = dealer
        self.dealt = dealt
        self.golden = golden
        n = rules.players
        self.players = n
        # `before` is the match as the deal line records it; `match` the match this deal is
        # played in, once the cut has fined the cutter (the player right of the dealer).
        self.before = match
        self.cutter = (dealer - 1) % n
        self.match = fined_at_the_cut(rules, match, self.cutter) if dealt.cut_penalty else match
        self.sitting_out: int | None = dealer if n == 4 else None
        forehand = (dealer + 1) % n
        self.order = seats_from(forehand, n, self.sitting_out)
        self.next_seat = next_seats(self.order, n)
        self.forehand = forehand
        if n == 3 and rules.bidding.obligated == "dealer":
            self.obligated = dealer
        elif n == 2:
            self.obligated = (dealer + 1) % 2
        else:
            self.obligated = forehand
        self.on_hundred = auction.seat_on_hundred(self)
        self.hands: list[list[Card]] = [list(h) for h in dealt.hands]
        self.talons: list[list[Card]] = [list(t) for t in dealt.talons]

        self.phase = Phase.DARK
        self.to_move: int | None = None
        self.log: list[Action] = []
        self.events: list[Event] = []
        # Decisions taken so far: what is legal, and each seat's view, change only with it.
        self.moves = 0
        # The decision `_legal` was worked out for: the moves made, and the phase.
        self._legal_moves = -1
        self._legal_phase = Phase.OVER
        self._legal: tuple[Action, ...] = ()
        # What each seat saw of the exchange, by seat: (cards given then, what he saw).
        self._seen_gives: dict[int, tuple[int, ExchangeSeen]] = {}

        self.dark = False
        self.hand_hidden: set[int] = set(self.order)
        self.redeal_stage: RedealStage | None = None
        self.redeal_queue: list[tuple[int, str]] = []
        self.redeal_reason: str | None = None
        self.redeal_seat: int | None = None

        # What the deal has seen so far, kept as immutable values that a seat's view shares.
        self.bids: tuple[tuple[int, int | None], ...] = ()
        self.high: int | None = None
        self.high_seat: int | None = None
        self.passed: frozenset[int] = frozenset()
        self.turn: int | None = None
        self.low_bidder: int | None = None
        self.outbid_window = False
        self.dark_cancel_queue: list[int] = []
        # Each seat's ceiling on a bid in the auction (`auction.auction_ceiling`).
        self.ceilings: dict[int, int] = {}

        self.declarer: int | None = None
        self.contract: int | None = None
        self.taken_talon: int | None = None
        self.talon_shown = False
        self.talon_cards: tuple[Card, ...] = ()
        self.given: tuple[tuple[int, Card], ...] = ()
        self.discarded: tuple[Card, ...] = ()
        self.raised = False
        self.conceded = False
        self.baptized = False

        self.trump: Suit | None = None
        self.trump_owner: int | None = None
        self.leader: int | None = None
        self.trick: tuple[tuple[int, Card], ...] = ()
        self.tricks: tuple[Trick, ...] = ()
        self.tricks_won: tuple[int, ...] = (0,) * n
        self.card_points: tuple[int, ...] = (0,) * n
        self.marriage_points: tuple[int, ...] = (0,) * n
        self.declarations: tuple[Declaration, ...] = ()

    # ------------------------------------------------------------------ the order of a deal

    def start(self) -> list[Event]:
        self.events = []
        self.emit(
            DealStarted(
                None, self.number, self.dealer, self.golden, self.sitting_out, self.dealt.cut
            )
        )
        if auction.dark_allowed(self):
            self.phase = Phase.DARK
            self.to_move = self.on_hundred
        else:
            self.reveal_hands()
            self.after_dark()
        return self._take_events()

    def after_dark(self) -> None:
        if self.rules.redeal.when == "before_auction":
            redeal.ask_redeal(self, RedealStage.BEFORE_AUCTION)
        else:
            auction.start_auction(self)

    def after_redeal_questions(self, stage: RedealStage | None) -> None:
        """Nobody (more) asks for a redeal at `stage`: the deal goes on."""
        if stage is RedealStage.BEFORE_AUCTION:
            auction.start_auction(self)
        elif stage is RedealStage.TALON:
            exchange.after_talon(self)
        else:
            contract.enter_contract(self)

    def after_auction(self, seat: int, value: int) -> None:
        """The auction is won: with two players he chooses a talon, else he takes it."""
        self.declarer = seat
        self.contract = value
        self.to_move = None
        self.emit(ContractWon(seat, value, self.dark))
        if self.players == 2:
            self.phase = Phase.TALON
            self.to_move = seat
            return
        exchange.take_talon(self, 0)

    def after_exchange(self) -> None:
        if self.rules.redeal.when == "after_exchange":
            redeal.ask_redeal(self, RedealStage.AFTER_EXCHANGE)
        else:
            contract.enter_contract(self)

    def start_play(self) -> None:
        self.phase = Phase.PLAY
        self.leader = self.declarer
        self.to_move = self.declarer

    def finish(self) -> None:
        self.phase = Phase.OVER
        self.to_move = None

    # ------------------------------------------------------------------ seats

    def in_minus(self, seat: int) -> bool:
        return auction.in_minus(self.rules, self.match, seat)

    def barrel_seats(self) -> list[int]:
        """Active seats on the barrel, clockwise from forehand."""
        return [s for s in self.order if self.match.on_barrel(s)]

    def opponents_from_left(self, seat: int) -> list[int]:
        return list(seats_after(self.order, seat))

    def next_in_order(self, seat: int) -> int:
        after = self.next_seat[seat]
        assert after is not None, "a seat that sits out has no turn"
        return after

    def reveal_hands(self, *seats: int) -> None:
        if seats:
            self.hand_hidden.difference_update(seats)
        else:
            self.hand_hidden.clear()

    # ------------------------------------------------------------------ the API

    @property
    def over(self) -> bool:
        return self.phase is _OVER

    def legal_actions(self, seat: int) -> list[Action]:
        return list(self.legal(seat))

    def legal(self, seat: int) -> tuple[Action, ...]:
        """The decisions open to `seat` now, worked out once per decision."""
        if seat != self.to_move:
            return ()
        phase = self.phase
        if self._legal_moves == self.moves and self._legal_phase is phase:
            return self._legal
        options = LEGAL.get(phase)
        actions = tuple(options(self, seat)) if options is not None else ()
        self._legal_moves, self._legal_phase, self._legal = self.moves, phase, actions
        return actions

    def legal_plays(self, seat: int) -> list[Action]:
        return tricks.legal_plays(self, seat)

    def legal_bids(self, seat: int) -> list[int]:
        return auction.legal_bids(self, seat)

    def bid_caps(self, seat: int) -> list[BidCap]:
        """The ceilings on what `seat` may bid or raise to with his current cards."""
        return auction.bid_caps(self.rules, self.match, seat, self.hands[seat])

    def owed(self) -> exchange.Owed:
        """The cards the declarer still owes in the exchange."""
        return exchange.owed(self)

    def apply(self, action: Action) -> list[Event]:
        """Take one decision; raises IllegalAction saying why when the rules forbid it."""
        legal = self.legal(action.seat)
        for candidate in legal:
            if candidate is action:  # chosen from the list, the common case
                break
        else:
            if action not in legal:
                raise Refused(self.refusal(action, list(legal)))
        events = self.events = []
        self.log.append(action)
        self.moves += 1
        APPLY[self.phase](self, action)
        self.events = []
        return events

    def refusal(self, action: Action, legal: list[Action] | None = None) -> Refusal:
        """Why the rules refuse `action` now."""
        if legal is None:
            legal = self.legal_actions(action.seat)
        return why_illegal(self, action, legal)

    def outcome(self) -> DealOutcome:
        """The deal as played, for the score sheet."""
        return DealOutcome(
            rules=self.rules,
            number=self.number,
            order=self.order,
            sitting_out=self.sitting_out,
            before=self.before,
            match=self.match,
            cutter=self.cutter,
            cut_fined=self.dealt.cut_penalty,
            sitter_talon=self.dealt.talons[0],
            golden=self.golden,
            dark=self.dark,
            redeal_reason=self.redeal_reason,
            declarer=self.declarer,
            contract=self.contract,
            multiplier=self.multiplier,
            conceded=self.conceded,
            baptized=self.baptized,
            declarations=self.declarations,
            card_points=self.card_points,
            marriage_points=self.marriage_points,
            tricks_won=self.tricks_won,
        )

    @property
    def multiplier(self) -> int:
        m = 1
        if self.golden:
            m *= self.rules.golden.multiplier
        if self.dark:
            m *= self.rules.dark.multiplier
        return m

    # ------------------------------------------------------------------ bookkeeping

    def record(self, action: Action) -> None:
        """An action the rules took without a choice (`auto`), in the deal's log."""
        self.log.append(action)

    def emit(self, event: Event) -> None:
        self.events.append(event)

    def _take_events(self) -> list[Event]:
        events, self.events = self.events, []
        return events
