"""One deal (кон), from the dark offer to the last trick (RULES.md §5).

`Deal` is a state machine: `legal_actions(seat)` lists the decisions open to a seat, `apply`
takes one of them and runs every step the rules make without a choice (the obligated 100,
automatic passes, the talon taken, a mandatory redeal) as `auto` actions. Scoring the finished
deal is `scoring.settle`'s work; the match around it is `game.Game`.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from .actions import Act, Action, IllegalAction
from .cards import Card, Rank, Suit, card_points, count_rank, has_four_aces, marriage_suits
from .dealing import Dealt, fined_at_the_cut
from .events import Event
from .match import MatchState
from .rules import Rules
from .tricks import legal_follows, trick_winner

ACE_MARRIAGE = "A"


class Phase(StrEnum):
    DARK = "dark"
    REDEAL = "redeal"
    AUCTION = "auction"
    DARK_CANCEL = "dark_cancel"
    TALON = "talon"
    RAISE = "raise"
    GIVE = "give"
    CONTRACT = "contract"
    PLAY = "play"
    OVER = "over"


class RedealStage(StrEnum):
    BEFORE_AUCTION = "before_auction"
    TALON = "talon"
    AFTER_EXCHANGE = "after_exchange"


@dataclass(frozen=True, slots=True)
class Trick:
    leader: int
    plays: tuple[tuple[int, Card], ...]
    winner: int

    @property
    def cards(self) -> tuple[Card, ...]:
        return tuple(card for _, card in self.plays)

    @property
    def points(self) -> int:
        return card_points(self.cards)


@dataclass(frozen=True, slots=True)
class Declaration:
    """A marriage declared on lead: `suit` is a suit letter or `A` for the ace marriage."""

    seat: int
    suit: str
    points: int
    keep_trump: bool
    trick: int
    withheld: bool = False


def seats_from(first: int, players: int, sitting_out: int | None) -> tuple[int, ...]:
    """Active seats clockwise, starting at `first`."""
    return tuple(s for s in ((first + k) % players for k in range(players)) if s != sitting_out)


def next_multiple(value: int, step: int) -> int:
    """The smallest multiple of `step` above `value` (after 121 comes 125)."""
    return (value // step + 1) * step


def half_rounded_up_to_5(amount: int) -> int:
    """Half a contract, rounded up to a multiple of 5: 105 → 55, 120 → 60 (`rospis.opponents`)."""
    return -(-amount // 10) * 5


class Deal:
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
        self.forehand = forehand
        if n == 3 and rules.bidding.obligated == "dealer":
            self.obligated = dealer
        elif n == 2:
            self.obligated = (dealer + 1) % 2
        else:
            self.obligated = forehand
        self.on_hundred = self._seat_on_hundred()
        self.hands: list[list[Card]] = [list(h) for h in dealt.hands]
        self.talons: list[list[Card]] = [list(t) for t in dealt.talons]

        self.phase = Phase.DARK
        self.to_move: int | None = None
        self.log: list[Action] = []
        self.events: list[Event] = []
        self._moves = 0
        self._legal_cache: tuple[int, list[Action]] | None = None

        self.dark = False
        self.hand_hidden: set[int] = set(self.order)
        self.redeal_stage: RedealStage | None = None
        self.redeal_queue: list[tuple[int, str]] = []
        self.redeal_reason: str | None = None
        self.redeal_seat: int | None = None

        self.bids: list[tuple[int, int | None]] = []
        self.high: int | None = None
        self.high_seat: int | None = None
        self.passed: set[int] = set()
        self.turn: int | None = None
        self.low_bidder: int | None = None
        self.outbid_window = False
        self.dark_cancel_queue: list[int] = []

        self.declarer: int | None = None
        self.contract: int | None = None
        self.taken_talon: int | None = None
        self.talon_shown = False
        self.talon_cards: tuple[Card, ...] = ()
        self.given: list[tuple[int, Card]] = []
        self.discarded: list[Card] = []
        self.raised = False
        self.conceded = False
        self.baptized = False

        self.trump: Suit | None = None
        self.trump_owner: int | None = None
        self.leader: int | None = None
        self.trick: list[tuple[int, Card]] = []
        self.tricks: list[Trick] = []
        self.tricks_won = [0] * n
        self.card_points = [0] * n
        self.marriage_points = [0] * n
        self.declarations: list[Declaration] = []

    # ------------------------------------------------------------------ set-up

    def _seat_on_hundred(self) -> int:
        """The obligated player, unless "торговля в минусе" makes him pass (`self_passes`)."""
        if self.rules.bidding.minus_mode != "self_passes":
            return self.obligated
        start = self.order.index(self.obligated)
        ring = self.order[start:] + self.order[:start]
        for seat in ring:
            if not self.in_minus(seat):
                return seat
        return self.obligated

    def in_minus(self, seat: int) -> bool:
        threshold = self.rules.bidding.minus_threshold
        return threshold is not None and self.match.scores[seat] < threshold

    def barrel_seats(self) -> list[int]:
        """Active seats on the barrel, clockwise from forehand."""
        return [s for s in self.order if self.match.on_barrel(s)]

    def start(self) -> list[Event]:
        self.events = []
        self._emit(
            "deal",
            None,
            number=self.number,
            dealer=self.dealer,
            golden=self.golden,
            sitting_out=self.sitting_out,
            cut=[c.code for c in self.dealt.cut],
        )
        if self._dark_allowed():
            self.phase = Phase.DARK
            self.to_move = self.on_hundred
        else:
            self._reveal_hands()
            self._after_dark()
        return self._take_events()

    def _dark_allowed(self) -> bool:
        rules = self.rules
        seat = self.on_hundred
        if not rules.dark.enabled or self.golden or self.match.on_barrel(seat):
            return False
        if self.barrel_seats() and rules.barrel.bidding != "normal":
            return False
        return rules.dark.min_score is None or self.match.scores[seat] >= rules.dark.min_score

    def _reveal_hands(self, *seats: int) -> None:
        if seats:
            self.hand_hidden.difference_update(seats)
        else:
            self.hand_hidden.clear()

    def _after_dark(self) -> None:
        if self.rules.redeal.when == "before_auction":
            self._ask_redeal(RedealStage.BEFORE_AUCTION)
        else:
            self._start_auction()

    # ------------------------------------------------------------------ redeal

    def _hand_reason(self, seat: int, stage: RedealStage) -> str | None:
        r = self.rules.redeal
        hand = self.hands[seat]
        nines = count_rank(hand, Rank.NINE)
        # `redeal.hand_nines_on_hundred` (000:L173, L527): before the auction the player on 100;
        # after the exchange only while he still plays the 100 (outbid, he is not "on 100").
        on_hundred = seat == self.on_hundred and (
            stage is RedealStage.BEFORE_AUCTION
            or (self.declarer == seat and self.contract == self.rules.bidding.min)
        )
        if r.hand_nines is not None and nines >= r.hand_nines:
            return "hand_nines"
        if on_hundred and r.hand_nines_on_hundred is not None and nines >= r.hand_nines_on_hundred:
            return "hand_nines_on_hundred"
        if r.hand_jacks is not None and count_rank(hand, Rank.JACK) >= r.hand_jacks:
            return "hand_jacks"
        if r.hand_points_below is not None and card_points(hand) < r.hand_points_below:
            return "hand_points"
        return None

    def _talon_reason(self) -> str | None:
        r = self.rules.redeal
        talon = self.talon_cards
        if r.talon_points_below is not None and card_points(talon) < r.talon_points_below:
            return "talon_points"
        if r.talon_nines is not None and count_rank(talon, Rank.NINE) >= r.talon_nines:
            return "talon_nines"
        if r.talon_jacks is not None and count_rank(talon, Rank.JACK) >= r.talon_jacks:
            return "talon_jacks"
        return None

    def _ask_redeal(self, stage: RedealStage) -> None:
        queue: list[tuple[int, str]] = []
        if self.rules.redeal.enabled:
            if stage is RedealStage.TALON:
                reason = self._talon_reason()
                # A dark declarer took the talon unseen: he cannot ask on cards he has not
                # seen unless the talon was shown (`dark.talon_hidden: false`).
                sees = self.talon_shown or self.declarer not in self.hand_hidden
                if reason is not None and self.declarer is not None and sees:
                    queue.append((self.declarer, reason))
            else:
                for seat in self.order:
                    if seat in self.hand_hidden:
                        continue  # a dark declarer has not seen his cards
                    reason = self._hand_reason(seat, stage)
                    if reason is not None:
                        queue.append((seat, reason))
        self.redeal_stage = stage
        self.redeal_queue = queue
        if queue and self.rules.redeal.mandatory:
            seat, reason = queue[0]
            self._record(Action(seat, Act.REDEAL, reason=reason, auto=True))
            self._redeal(seat, reason)
            return
        self._next_redeal_question()

    def _next_redeal_question(self) -> None:
        if self.redeal_queue:
            self.phase = Phase.REDEAL
            self.to_move = self.redeal_queue[0][0]
            return
        stage = self.redeal_stage
        self.redeal_stage = None
        if stage is RedealStage.BEFORE_AUCTION:
            self._start_auction()
        elif stage is RedealStage.TALON:
            self._after_talon()
        else:
            self._enter_contract()

    def _redeal(self, seat: int, reason: str) -> None:
        self.redeal_reason = reason
        self.redeal_seat = seat
        self._emit("redeal", seat, reason=reason)
        self._finish()

    # ------------------------------------------------------------------ auction

    def _start_auction(self) -> None:
        rules = self.rules
        self._reveal_hands(*[s for s in self.order if not (self.dark and s == self.declarer)])
        if self.dark:
            cancel = rules.dark.cancel
            if cancel == "opponent_marriage":
                self.dark_cancel_queue = [
                    s for s in self._opponents_from_left(self.on_hundred) if self._holds_marriage(s)
                ]
                self._next_dark_cancel()
                return
            if cancel == "outbid":
                self.high, self.high_seat = rules.dark.contract, self.on_hundred
                self.outbid_window = True
                self.turn = self._next_bidder(self.on_hundred)
                self.phase = Phase.AUCTION
                self._advance_auction()
                return
            self._end_auction(self.on_hundred, rules.dark.contract)
            return
        if self.golden:
            # No auction, so `bidding.minus_threshold` passes nobody: the obligated plays it.
            self._auto_bid(self.obligated, rules.golden.forced_contract)
            self._end_auction(self.obligated, rules.golden.forced_contract)
            return
        on_barrel = self.barrel_seats()
        min_contract = rules.barrel.min_contract
        if on_barrel and rules.barrel.bidding == "auto_talon":
            self._auto_bid(on_barrel[0], min_contract)
            self._end_auction(on_barrel[0], min_contract)
            return
        if on_barrel and rules.barrel.bidding == "auto_bid":
            opener = on_barrel[0]
            self._auto_bid(opener, min_contract)
        else:
            opener = self.on_hundred
            self._auto_bid(opener, self._opening_bid(opener))
        self.phase = Phase.AUCTION
        self.turn = self._next_bidder(opener)
        self._advance_auction()

    def _opening_bid(self, seat: int) -> int:
        if self.match.on_barrel(seat) and self.rules.barrel.goal == "contract":
            return self.rules.barrel.min_contract
        return self.rules.bidding.min

    def _auto_bid(self, seat: int, value: int) -> None:
        self._record(Action(seat, Act.BID, value=value, auto=True))
        self.bids.append((seat, value))
        self.high, self.high_seat = value, seat
        self._emit("bid", seat, value=value, auto=True)

    def _next_bidder(self, after: int) -> int | None:
        i = self.order.index(after)
        for k in range(1, len(self.order) + 1):
            seat = self.order[(i + k) % len(self.order)]
            if seat not in self.passed:
                return seat
        return None

    def _must_pass(self, seat: int) -> bool:
        if self.rules.bidding.minus_mode == "self_passes":
            return self.in_minus(seat)
        # `minus_mode: others_pass`: only a bid he makes counts, not his automatic 100.
        return self.low_bidder is not None and seat != self.low_bidder

    def _advance_auction(self) -> None:
        while True:
            live = [s for s in self.order if s not in self.passed]
            if len(live) == 1 and self.high_seat == live[0]:
                self.outbid_window = False
                assert self.high is not None
                self._end_auction(live[0], self.high)
                return
            seat = self.turn
            assert seat is not None
            if self._must_pass(seat) and seat != self.high_seat:
                self._record(Action(seat, Act.PASS, auto=True))
                self._pass(seat)
                continue
            self.to_move = seat
            return

    def _pass(self, seat: int) -> None:
        self.passed.add(seat)
        self.bids.append((seat, None))
        self._emit("pass", seat)
        self.turn = self._next_bidder(seat)

    def _holds_marriage(self, seat: int) -> bool:
        hand = self.hands[seat]
        return bool(marriage_suits(hand)) or (
            self.rules.ace_marriage.enabled and has_four_aces(hand)
        )

    def _marriage_total(self, seat: int) -> int:
        hand = self.hands[seat]
        total = sum(self.rules.marriage.value_of(s.value) for s in marriage_suits(hand))
        if self.rules.ace_marriage.enabled and has_four_aces(hand):
            total += self.rules.ace_marriage.value
        return total

    def _bid_caps(self, seat: int) -> list[tuple[int, str]]:
        """The ceilings on what `seat` may bid or raise to with his current cards, each with
        the rule that sets it."""
        rules = self.rules
        caps = [(rules.bidding.max, f"the highest bid is {rules.bidding.max}")]
        above = rules.bidding.marriage_required_above
        if above is not None and not self._holds_marriage(seat):
            caps.append((above, f"a bid above {above} needs a marriage in hand"))
        if rules.bidding.cap_by_marriages:
            caps.append(
                (
                    120 + self._marriage_total(seat),
                    "a bid may not exceed 120 plus the marriages in hand",
                )
            )
        if self.match.on_barrel(seat) and rules.barrel.max_bid is not None:
            cap = rules.barrel.max_bid
            caps.append((cap, f"on the barrel a bid may not exceed {cap}"))
        return caps

    def _bid_ceiling(self, seat: int) -> int:
        return min(cap for cap, _ in self._bid_caps(seat))

    def _bid_allowed(self, seat: int, value: int) -> str | None:
        """None if `seat` may bid or raise to `value` holding his current cards, else why not."""
        for cap, reason in self._bid_caps(seat):
            if value > cap:
                return reason
        return None

    def legal_bids(self, seat: int) -> list[int]:
        rules = self.rules
        step = rules.bidding.step
        assert self.high is not None
        first = next_multiple(self.high, step)
        if self.outbid_window and self.dark:
            candidates = [rules.dark.contract + step]
        elif rules.bidding.jumps:
            candidates = list(range(first, rules.bidding.max + 1, step))
        else:
            candidates = [first]
        min_contract = rules.barrel.min_contract
        if self.match.on_barrel(seat) and rules.barrel.goal == "contract":
            if self.high < min_contract:
                above = [v for v in candidates if v > min_contract] if rules.bidding.jumps else []
                candidates = [min_contract, *above]
            else:
                candidates = [v for v in candidates if v >= min_contract]
        ceiling = self._bid_ceiling(seat)
        return [v for v in candidates if v <= ceiling]

    def _bid(self, seat: int, value: int) -> None:
        if self.outbid_window:
            self.outbid_window = False
            if self.dark:
                self._call_off_dark()
        self.bids.append((seat, value))
        self.high, self.high_seat = value, seat
        if (
            self.rules.bidding.minus_mode == "others_pass"
            and self.in_minus(seat)
            and self.low_bidder is None
        ):
            self.low_bidder = seat
        self._emit("bid", seat, value=value)
        self.turn = self._next_bidder(seat)

    def _call_off_dark(self) -> None:
        self.dark = False
        self._reveal_hands()
        self._emit("dark_off", None)

    def _next_dark_cancel(self) -> None:
        if self.dark_cancel_queue:
            self.phase = Phase.DARK_CANCEL
            self.to_move = self.dark_cancel_queue[0]
            return
        self._end_auction(self.on_hundred, self.rules.dark.contract)

    def _opponents_from_left(self, seat: int) -> list[int]:
        i = self.order.index(seat)
        return [self.order[(i + k) % len(self.order)] for k in range(1, len(self.order))]

    def _end_auction(self, seat: int, value: int) -> None:
        self.declarer = seat
        self.contract = value
        self.to_move = None
        self._emit("contract", seat, value=value, dark=self.dark)
        if self.players == 2:
            self.phase = Phase.TALON
            self.to_move = seat
            return
        self._take_talon(0)

    # ------------------------------------------------------------------ talon

    def _talon_is_shown(self) -> bool:
        show = self.rules.talon.show
        if self.dark and self.rules.dark.talon_hidden:
            return False
        if show == "always":
            return True
        if show == "never":
            return False
        unopposed_at_100 = (
            self.declarer == self.on_hundred
            and self.contract == self.rules.bidding.min
            and not self.golden
        )
        return not unopposed_at_100

    def _take_talon(self, index: int, chosen: bool = False) -> None:
        assert self.declarer is not None
        seat = self.declarer
        shown = self._talon_is_shown()
        self.taken_talon = index
        self.talon_cards = tuple(self.talons[index])
        self.talon_shown = shown
        action = Action(
            seat,
            Act.TAKE_TALON,
            talon=index if self.players == 2 else None,
            shown=shown,
            auto=not chosen,
        )
        self._record(action)
        self.hands[seat].extend(self.talon_cards)
        self.talons[index] = []
        # A hidden talon is seen by its taker (unless he plays dark) and the sitting-out dealer.
        private: tuple[int, ...] | None = None
        if not shown:
            seers = [] if seat in self.hand_hidden else [seat]
            if self.sitting_out is not None:
                seers.append(self.sitting_out)
            private = tuple(seers)
        self._emit(
            "talon",
            seat,
            private_to=private,
            cards=[c.code for c in self.talon_cards],
            shown=shown,
            talon=index if self.players == 2 else None,
        )
        self._ask_redeal(RedealStage.TALON)

    def _after_talon(self) -> None:
        if self.rules.talon.raise_ == "before_giving" and self._raise_values():
            self.phase = Phase.RAISE
            self.to_move = self.declarer
            return
        self._enter_give()

    def _raise_allowed(self) -> bool:
        if self.golden and not self.rules.golden.raise_:
            return False
        return not (self.dark and not self.rules.dark.raise_)

    def _raise_values(self) -> list[int]:
        if not self._raise_allowed() or self.declarer is None or self.contract is None:
            return []
        step = self.rules.bidding.step
        values = range(next_multiple(self.contract, step), self.rules.bidding.max + 1, step)
        ceiling = self._bid_ceiling(self.declarer)
        return [v for v in values if v <= ceiling]

    def _enter_give(self) -> None:
        assert self.declarer is not None
        self._reveal_hands(self.declarer)
        self.phase = Phase.GIVE
        self.to_move = self.declarer

    def _receivers(self) -> list[int]:
        """Opponents still owed a card (three or four players; two players `two_by_three`)."""
        assert self.declarer is not None
        if self.players == 2 and self.rules.two_player.talons == "two_by_two":
            return []
        done = {to for to, _ in self.given}
        return [s for s in self._opponents_from_left(self.declarer) if s not in done]

    def _discards_owed(self) -> int:
        if self.players != 2:
            return 0
        owed = 2 if self.rules.two_player.talons == "two_by_two" else 1
        return owed - len(self.discarded)

    def _after_give(self) -> None:
        if self._receivers() or self._discards_owed() > 0:
            return
        if self.rules.redeal.when == "after_exchange":
            self._ask_redeal(RedealStage.AFTER_EXCHANGE)
        else:
            self._enter_contract()

    # ------------------------------------------------------------------ contract

    def _may_concede(self) -> bool:
        rules = self.rules
        assert self.declarer is not None
        if not rules.rospis.enabled:
            return False
        limit = rules.rospis.max_per_game
        if limit is not None and self.match.concessions[self.declarer] >= limit:
            return False
        return self._concession_allowed_by_barrel()

    def _may_baptize(self) -> bool:
        rules = self.rules
        assert self.declarer is not None
        if not rules.baptism.enabled:
            return False
        limit = rules.baptism.max_per_game
        if limit is not None and self.match.crosses[self.declarer] >= limit:
            return False
        return self._concession_allowed_by_barrel()

    def _concession_allowed_by_barrel(self) -> bool:
        on_barrel = self.rules.rospis.on_barrel
        assert self.declarer is not None
        if on_barrel == "forbidden_for_all":
            # Anyone on the barrel, the sitting-out dealer included (000:L374).
            return not any(self.match.on_barrel(s) for s in range(self.players))
        if on_barrel == "forbidden_for_barrel_player":
            return not self.match.on_barrel(self.declarer)
        return True

    def _contract_actions(self) -> list[Action]:
        seat = self.declarer
        assert seat is not None
        actions = [Action(seat, Act.RAISE)]
        if self.rules.talon.raise_ == "after_giving":
            actions += [Action(seat, Act.RAISE, value=v) for v in self._raise_values()]
        if self._may_concede():
            actions.append(Action(seat, Act.CONCEDE))
        if self._may_baptize():
            actions.append(Action(seat, Act.BAPTISM))
        return actions

    def _enter_contract(self) -> None:
        self.phase = Phase.CONTRACT
        self.to_move = self.declarer
        actions = self._contract_actions()
        if len(actions) == 1:
            auto = Action(actions[0].seat, Act.RAISE, auto=True)
            self._record(auto)
            self._start_play()

    def _start_play(self) -> None:
        self.phase = Phase.PLAY
        self.leader = self.declarer
        self.to_move = self.declarer

    # ------------------------------------------------------------------ play

    def legal_plays(self, seat: int) -> list[Action]:
        hand = self.hands[seat]
        rules = self.rules
        if self.trick:
            cards = legal_follows(
                hand, [c for _, c in self.trick], self.trump, rules.play.must_beat
            )
            return [Action(seat, Act.PLAY, card=c) for c in cards]
        may_declare = bool(self.tricks) or rules.marriage.on_first_lead
        marriages = set(marriage_suits(hand)) if may_declare else set()
        four_aces = may_declare and rules.ace_marriage.enabled and has_four_aces(hand)
        leads_trump_freely = (
            rules.play.trump_lead == "free"
            or self.trump is None
            or self.trump_owner == seat
            or all(c.suit is self.trump for c in hand)
        )
        actions: list[Action] = []
        for card in hand:
            declares = card.suit in marriages and card.is_marriage_card
            if card.suit is self.trump and not leads_trump_freely and not declares:
                continue
            actions.append(Action(seat, Act.PLAY, card=card))
            if declares:
                letter = card.suit.value
                actions.append(Action(seat, Act.PLAY, card=card, marriage=letter))
                if rules.marriage.keep_trump_option and self.trump is not card.suit:
                    actions.append(
                        Action(seat, Act.PLAY, card=card, marriage=letter, keep_trump=True)
                    )
            elif four_aces and card.rank is Rank.ACE:
                actions.append(Action(seat, Act.PLAY, card=card, marriage=ACE_MARRIAGE))
        return actions

    def _marriage_scores(self, seat: int) -> bool:
        """A barrel player's marriages may not count (`barrel.marriages_count`)."""
        return self.rules.barrel.marriages_count or not self.match.on_barrel(seat)

    def _play(self, action: Action) -> None:
        seat, card = action.seat, action.card
        assert card is not None
        if action.marriage is not None:
            self._declare(seat, card, action.marriage, action.keep_trump)
        self.hands[seat].remove(card)
        self.trick.append((seat, card))
        self._emit(
            "play", seat, card=card.code, marriage=action.marriage, keep_trump=action.keep_trump
        )
        if len(self.trick) < len(self.order):
            self.to_move = self._next_player(seat)
            return
        self._close_trick()

    def _declare(self, seat: int, card: Card, marriage: str, keep_trump: bool) -> None:
        rules = self.rules
        if marriage == ACE_MARRIAGE:
            value = rules.ace_marriage.value
            mode = rules.ace_marriage.trump
            if mode == "cancel":
                self.trump, self.trump_owner = None, None
            elif mode == "led_suit":
                self.trump, self.trump_owner = card.suit, seat
        else:
            value = rules.marriage.value_of(marriage)
            if not keep_trump:
                self.trump, self.trump_owner = card.suit, seat
        points = value if self._marriage_scores(seat) else 0
        self.declarations.append(
            Declaration(seat, marriage, points, keep_trump, trick=len(self.tricks))
        )
        self.marriage_points[seat] += points
        self._emit(
            "marriage",
            seat,
            suit=marriage,
            points=points,
            keep_trump=keep_trump,
            trump=self.trump.value if self.trump else None,
        )

    def _next_player(self, seat: int) -> int:
        i = self.order.index(seat)
        return self.order[(i + 1) % len(self.order)]

    def _close_trick(self) -> None:
        assert self.leader is not None
        cards = [c for _, c in self.trick]
        winner = self.trick[trick_winner(cards, self.trump)][0]
        trick = Trick(self.leader, tuple(self.trick), winner)
        self.tricks.append(trick)
        self.tricks_won[winner] += 1
        self.card_points[winner] += trick.points
        self._withhold_marriage(trick)
        self.trick = []
        self._emit(
            "trick",
            winner,
            cards=[c.code for c in cards],
            points=trick.points,
            number=len(self.tricks),
        )
        if self.hands[winner]:
            self.leader = winner
            self.to_move = winner
            return
        if self.players == 2:
            other = self.talons[1 - (self.taken_talon or 0)] + self.discarded
            self.card_points[winner] += card_points(other)
            self._emit(
                "other_talon", winner, cards=[c.code for c in other], points=card_points(other)
            )
        self._finish()

    def _withhold_marriage(self, trick: Trick) -> None:
        """`marriage.card_must_win`: the points of a marriage whose led card lost are withheld;
        the declaration and its trump stand."""
        if not self.rules.marriage.card_must_win or not self.declarations:
            return
        last = self.declarations[-1]
        index = len(self.tricks) - 1
        if last.trick != index or last.withheld or trick.winner == last.seat:
            return
        self.declarations[-1] = Declaration(
            last.seat, last.suit, last.points, last.keep_trump, last.trick, withheld=True
        )
        self.marriage_points[last.seat] -= last.points
        self._emit("marriage_withheld", last.seat, suit=last.suit, points=last.points)

    def _finish(self) -> None:
        self.phase = Phase.OVER
        self.to_move = None

    # ------------------------------------------------------------------ the API

    @property
    def over(self) -> bool:
        return self.phase is Phase.OVER

    def legal_actions(self, seat: int) -> list[Action]:
        if seat != self.to_move:
            return []
        cached = self._legal_cache
        if cached is not None and cached[0] == self._moves:
            return list(cached[1])
        actions = self._legal_now(seat)
        self._legal_cache = (self._moves, actions)
        return list(actions)

    def _legal_now(self, seat: int) -> list[Action]:
        phase = self.phase
        if phase is Phase.PLAY:
            return self.legal_plays(seat)
        if phase is Phase.AUCTION:
            return [Action(seat, Act.PASS)] + [
                Action(seat, Act.BID, value=v) for v in self.legal_bids(seat)
            ]
        if phase is Phase.GIVE:
            hand = sorted(self.hands[seat])
            actions = [
                Action(seat, Act.GIVE, card=c, to=to) for to in self._receivers() for c in hand
            ]
            if self._discards_owed() > 0:
                actions += [Action(seat, Act.DISCARD, card=c) for c in hand]
            return actions
        if phase is Phase.CONTRACT:
            return self._contract_actions()
        if phase is Phase.RAISE:
            return [Action(seat, Act.RAISE)] + [
                Action(seat, Act.RAISE, value=v) for v in self._raise_values()
            ]
        if phase is Phase.REDEAL:
            reason = self.redeal_queue[0][1]
            return [
                Action(seat, Act.REDEAL, reason=reason),
                Action(seat, Act.REDEAL_DECLINE, reason=reason),
            ]
        if phase is Phase.DARK:
            return [Action(seat, Act.DARK), Action(seat, Act.DARK_DECLINE)]
        if phase is Phase.DARK_CANCEL:
            return [Action(seat, Act.DARK_CANCEL), Action(seat, Act.DARK_CANCEL_DECLINE)]
        if phase is Phase.TALON:
            return [Action(seat, Act.TAKE_TALON, talon=i) for i in (0, 1)]
        return []

    def apply(self, action: Action) -> list[Event]:
        """Take one decision; raises IllegalAction saying why when the rules forbid it."""
        self.events = []
        legal = self.legal_actions(action.seat)
        if action not in legal:
            raise IllegalAction(self._why_illegal(action, legal))
        self._record(action)
        self._moves += 1
        seat, act = action.seat, action.act
        phase = self.phase
        if phase is Phase.PLAY:
            self._play(action)
        elif phase is Phase.AUCTION:
            if act is Act.PASS:
                self._pass(seat)
            else:
                assert action.value is not None
                self._bid(seat, action.value)
            self._advance_auction()
        elif phase is Phase.GIVE:
            assert action.card is not None
            self.hands[seat].remove(action.card)
            if act is Act.GIVE:
                assert action.to is not None
                self.hands[action.to].append(action.card)
                self.given.append((action.to, action.card))
                private = None if self.rules.talon.given_visible else (seat, action.to)
                self._emit("give", seat, private_to=private, card=action.card.code, to=action.to)
            else:
                self.discarded.append(action.card)
                self._emit("discard", seat, private_to=(seat,), card=action.card.code)
            self._after_give()
        elif phase in (Phase.CONTRACT, Phase.RAISE):
            self._decide_contract(action)
        elif phase is Phase.REDEAL:
            self.redeal_queue.pop(0)
            if act is Act.REDEAL:
                assert action.reason is not None
                self._redeal(seat, action.reason)
            else:
                # Playing on tells nobody what he holds: the reason is his alone.
                self._emit("redeal_decline", seat, private_to=(seat,), reason=action.reason)
                self._next_redeal_question()
        elif phase is Phase.DARK:
            if act is Act.DARK:
                self.dark = True
                self.declarer = seat
                self._emit("dark", seat)
            else:
                self._emit("dark_decline", seat)
            self._reveal_hands(*[s for s in self.order if not (self.dark and s == seat)])
            self._after_dark()
        elif phase is Phase.DARK_CANCEL:
            self.dark_cancel_queue.pop(0)
            if act is Act.DARK_CANCEL:
                self._emit("dark_cancel", seat)
                self._call_off_dark()
                self.declarer = None
                self._start_auction()
            else:
                self._emit("dark_cancel_decline", seat)
                self._next_dark_cancel()
        elif phase is Phase.TALON:
            assert action.talon is not None
            self.log.pop()  # recorded by _take_talon with what was shown
            self._take_talon(action.talon, chosen=True)
        return self._take_events()

    def _decide_contract(self, action: Action) -> None:
        seat = action.seat
        if action.act is Act.RAISE:
            if action.value is not None:
                self.contract = action.value
                self.raised = True
                self._emit("raise", seat, value=action.value)
            if self.phase is Phase.RAISE:
                self._enter_give()
            else:
                self._start_play()
        elif action.act is Act.CONCEDE:
            self.conceded = True
            self._emit("concede", seat)
            self._finish()
        elif action.act is Act.BAPTISM:
            self.baptized = True
            self._emit("baptism", seat)
            self._finish()

    def _why_illegal(self, action: Action, legal: list[Action]) -> str:
        seat = action.seat
        if self.phase is Phase.OVER:
            return "the deal is over"
        if seat != self.to_move:
            return (
                f"it is not seat {seat}'s turn: seat {self.to_move} decides now "
                f"({self.phase.value})"
            )
        acts = sorted({a.act.value for a in legal})
        # A bid when none is possible still gets the reason (the cap that forbids it).
        bid_now = self.phase is Phase.AUCTION and action.act is Act.BID
        if action.act not in {a.act for a in legal} and not (bid_now and action.value):
            return f"{action.act.value} is not possible now ({self.phase.value}); allowed: " + (
                ", ".join(acts)
            )
        if self.phase is Phase.AUCTION and action.value is not None:
            step = self.rules.bidding.step
            bids = [a.value for a in legal if a.value is not None]
            reason = self._bid_allowed(seat, action.value)
            if reason:
                return f"bid {action.value}: {reason}"
            if self.high is not None and action.value <= self.high:
                return f"bid {action.value}: a bid must be above {self.high}"
            if not self.rules.bidding.jumps and bids:
                return f"bid {action.value}: the bid goes up by exactly {step}, to {bids[0]}"
            return f"bid {action.value}: bids go in steps of {step}" + (
                f"; allowed: {bids[0]}…{bids[-1]}" if bids else "; you can only pass"
            )
        if self.phase is Phase.PLAY and action.card is not None:
            if action.card not in self.hands[seat]:
                return f"{action.card.code} is not in seat {seat}'s hand"
            if action.marriage is not None:
                if not self.tricks and not self.rules.marriage.on_first_lead:
                    return "a marriage cannot be declared on the first lead"
                return f"no marriage {action.marriage} can be declared with {action.card.code}"
            if self.trick:
                led = self.trick[0][1].suit
                if any(c.suit is led for c in self.hands[seat]):
                    return f"{action.card.code}: you must follow suit {led.value}"
                return f"{action.card.code}: you must play a trump ({self.trump})"
            return f"{action.card.code}: only the trump's owner may lead trump"
        if action.value is not None and self.phase in (Phase.RAISE, Phase.CONTRACT):
            reason = self._bid_allowed(seat, action.value)
            return f"raise to {action.value}: " + (reason or "not a possible contract")
        return f"{action.describe()} is not allowed now; allowed: " + ", ".join(acts)

    # ------------------------------------------------------------------ bookkeeping

    def _record(self, action: Action) -> None:
        self.log.append(action)

    def _emit(
        self, kind: str, seat: int | None, private_to: tuple[int, ...] | None = None, **data: object
    ) -> None:
        self.events.append(Event(kind, seat, dict(data), private_to))

    def _take_events(self) -> list[Event]:
        events, self.events = self.events, []
        return events

    @property
    def multiplier(self) -> int:
        m = 1
        if self.golden:
            m *= self.rules.golden.multiplier
        if self.dark:
            m *= self.rules.dark.multiplier
        return m
