"""`normal`: the hand model's evaluation for every contract decision, card counting in play.

Every decision reads the seat's view only. The auction, the raise and the concession weigh what
each choice is worth (`bidding`): the chance of each contract comes from the hand model over a
dozen talons drawn from the unseen cards. The exchange keeps the cards the model values most and
gives away cards that cannot complete an opponent's marriage. The card play counts the cards
out: before each card it solves a few deals sampled from what it knows, open-card and with a
small node cap, for which cards take the contract (or beat it), and with three cards left for the
exact points; among the cards that do best it plays by habit: it leads masters, draws trumps
before declaring a second marriage, declares on lead once the lead can be kept, smears points on
a partner's winning trick and wins cheaply.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import NamedTuple

from ..engine.actions import Act, Action
from ..engine.cards import DECK, Card, Rank, Suit, marriage_suits
from ..engine.deal import ACE_MARRIAGE
from ..engine.tricks import trick_winner
from ..engine.view import SeatView
from . import bidding
from .base import Player
from .evaluate import assign_gives
from .handmodel import hand_model
from .worlds import Tables, best_moves, move_of, play_tasks, solve, tallies_of


def pick(legal: Sequence[Action], act: Act) -> Action | None:
    return next((a for a in legal if a.act is act), None)


class PlayingOn(NamedTuple):
    """A deal played on rather than redealt: its worth to the seat, and the contract it
    would play (`contract`, made with `chance`), if any: none for a defender or a hand that
    would not bid."""

    worth: float
    contract: int | None = None
    chance: float | None = None


class CardCount:
    """The cards a seat has not seen played or held: who may still beat what."""

    def __init__(self, view: SeatView) -> None:
        hand = set(view.hand or ())
        seen = set(view.played_cards) | hand
        self.hand = hand
        self.out = [c for c in DECK if c not in seen]
        self.trump = view.trump

    def out_in(self, suit: Suit) -> list[Card]:
        return [c for c in self.out if c.suit is suit]

    def is_master(self, card: Card) -> bool:
        return all(c.rank < card.rank for c in self.out_in(card.suit))

    def trumps_out(self) -> int:
        return len(self.out_in(self.trump)) if self.trump is not None else 0


SEARCH_DEALS = 6  # deals sampled to count the tricks out, open-card
SEARCH_NODES = 3000  # at most this many nodes per deal (a deal that needs more is left out)
EXACT_CARDS = 3  # with this many cards left, the points are counted exactly too


class NormalPlayer(Player):
    level = "normal"
    talon_samples = 12  # talons sampled to judge a hand in the auction
    margin = 0.0  # standing a contract must be worth above defending before it is bid
    # Whether a bid is worth what the declarer makes of each talon (keep, raise, baptise:
    # `bidding.option_worths`) rather than its contract at the mean chance. Off at every
    # level until `hard` measures better with it: `level@auction_options=True` in
    # bench/ai_strength.py and bench/ai_versus.py.
    auction_options = False

    def decide(self, view: SeatView) -> Action:
        legal = list(view.legal)
        if len(legal) == 1:
            return legal[0]
        act = legal[0].act
        if act in (Act.PASS, Act.BID):
            return self.bid(view, legal)
        if act in (Act.GIVE, Act.DISCARD):
            return self.give(view, legal)
        if act in (Act.RAISE, Act.CONCEDE, Act.BAPTISM):
            return self.contract(view, legal)
        if act is Act.PLAY:
            return self.play(view, legal)
        if act in (Act.DARK, Act.DARK_DECLINE):
            return self.dark(view, legal)
        if act in (Act.DARK_CANCEL, Act.DARK_CANCEL_DECLINE):
            return self.dark_cancel(view, legal)
        if act in (Act.REDEAL, Act.REDEAL_DECLINE):
            return self.redeal(view, legal)
        if act is Act.TAKE_TALON:
            return self.take_talon(view, legal)
        return legal[0]

    # ------------------------------------------------------------ before the play

    def talons(self, view: SeatView) -> list[tuple[Card, ...]]:
        return bidding.random_talons(view, self.view_rng(view, 3), self.talon_samples)

    def contract_odds(self, view: SeatView, values: Sequence[int]) -> dict[int, float]:
        """Before the talon: the chance of each contract over sampled talons."""
        looks = bidding.outlooks(view, self.talons(view))
        return bidding.odds(view, looks, values)

    def dark(self, view: SeatView, legal: list[Action]) -> Action:
        chance = self.dark_chance(view)
        worth = bidding.dark_chance_worth(view, chance)
        choice = Act.DARK if worth > bidding.defender_worth(view) + 20 else Act.DARK_DECLINE
        return pick(legal, choice) or legal[0]

    def dark_chance(self, view: SeatView) -> float:
        """The chance of a dark game declared now, as `dark` weighs it."""
        return bidding.blind_chance(view, DECK, self.view_rng(view, 5), 16)

    def dark_cancel(self, view: SeatView, legal: list[Action]) -> Action:
        """Call off an opponent's dark game (this seat holds a marriage, `dark.cancel`) when
        the auction that follows, the dark player on 100, is worth more than defending it."""
        stand = bidding.dark_defence_chance_worth(view, self.dark_defence_chance(view))
        cancel = self.auction_worth(view) > stand
        return pick(legal, Act.DARK_CANCEL if cancel else Act.DARK_CANCEL_DECLINE) or legal[0]

    def dark_defence_chance(self, view: SeatView) -> float:
        """The chance that the dark game this seat may call off is made, as `dark_cancel`
        weighs it."""
        return bidding.dark_defence_chance(view, self.view_rng(view, 6))

    def auction_worth(self, view: SeatView) -> float:
        """The auction ahead, for a seat that has not bid yet, once a dark game is called off
        (its multiplier gone): the best contract worth playing, else defending."""
        light = view._replace(multiplier=view.multiplier // view.rules.dark.multiplier)
        worth = self.bidding_worth(light)
        return bidding.defender_worth(light) if worth is None else worth

    def bidding_worth(self, view: SeatView) -> float | None:
        """The worth of the highest contract worth playing rather than defending (the
        auction's limit), or None when no contract is."""
        limit = self.bidding_limit(view)
        return bidding.play_worth(view, *limit) if limit else None

    def bidding_limit(self, view: SeatView) -> tuple[int, float] | None:
        """The highest contract worth playing rather than defending and its chance, or None."""
        chances = self.contract_odds(view, bidding.bid_values(view))
        limit = bidding.auction_limit(view, chances)
        return (limit, chances[limit]) if limit else None

    def redeal(self, view: SeatView, legal: list[Action]) -> Action:
        want = self.continuing_worth(view) < 0.0
        return pick(legal, Act.REDEAL if want else Act.REDEAL_DECLINE) or legal[0]

    def continuing_worth(self, view: SeatView) -> float:
        """What playing this deal on is worth to the seat, against a redeal (worth nothing)."""
        return self.playing_on(view).worth

    def playing_on(self, view: SeatView) -> PlayingOn:
        """What playing this deal on is worth to the seat, against a redeal (worth nothing),
        and the contract it rests on. A redeal is offered for a weak hand (or talon): a
        defender holding it expects the declarer to make his contract, and a hand that would
        not bid expects to defend weakly."""
        if view.hand is None:
            return PlayingOn(-1.0)
        if view.declarer == view.seat and view.contract is not None:
            kept = self.kept_cards(view)
            chance = bidding.hand_odds(view, kept, [view.contract])[view.contract]
            worth = bidding.play_worth(view, view.contract, chance)
            return PlayingOn(worth, view.contract, chance)
        if view.declarer is not None:
            return PlayingOn(-1.0)
        limit = self.bidding_limit(view)
        if limit is None:
            return PlayingOn(-1.0)
        return PlayingOn(bidding.play_worth(view, *limit), *limit)

    def kept_cards(self, view: SeatView) -> list[Card]:
        """The cards the declarer will play with: his hand less what he still owes."""
        assert view.hand is not None
        hand = list(view.hand)
        owed = len(hand) - bidding.kept_size(view)
        if owed <= 0:
            return hand
        counts = bidding.marriages_count(view)
        give = bidding.keep_best(hand, view.rules, owed, counts_marriages=counts)
        return [c for c in hand if c not in give]

    def bid(self, view: SeatView, legal: list[Action]) -> Action:
        values = sorted({a.value for a in legal if a.value is not None})
        if not values:
            return pick(legal, Act.PASS) or legal[0]
        worths, _ = self.bid_worths(view, values)
        limit = bidding.worth_limit(view, worths, self.margin)
        return bidding.choose_bid(view, legal, limit)

    def bid_worths(
        self, view: SeatView, values: Sequence[int]
    ) -> tuple[dict[int, float], dict[int, float]]:
        """What winning the auction at each value is worth, and its contract's mean chance:
        with `auction_options`, over the prospects of the talon (`bidding.option_worths`),
        else the contract played at that chance."""
        if not self.auction_options:
            chances = self.contract_odds(view, values)
            return {v: bidding.play_worth(view, v, c) for v, c in chances.items()}, chances
        ladder = sorted({*values, *(v for v in bidding.bid_values(view) if v >= values[0])})
        prospects = self.prospects(view, ladder)
        total = sum(p.weight for p in prospects) or 1.0
        chances = {v: sum(p.weight * p.chances[v] for p in prospects) / total for v in values}
        return bidding.option_worths(view, prospects, values), chances

    def prospects(self, view: SeatView, values: Sequence[int]) -> list[bidding.Prospect]:
        """One prospect per sampled talon, each contract's chance by the hand model."""
        looks = bidding.outlooks(view, self.talons(view))
        return bidding.look_prospects(view, looks, values, 1.0 / max(1, len(looks)))

    def take_talon(self, view: SeatView, legal: list[Action]) -> Action:
        if view.talons_seen and view.hand is not None:
            hand = list(view.hand)
            model = hand_model()
            counts = bidding.marriages_count(view)

            def worth(action: Action) -> float:
                assert action.talon is not None
                cards = hand + list(view.talons_seen[action.talon])  # type: ignore[index]
                owed = len(cards) - bidding.kept_size(view)
                give = bidding.keep_best(cards, view.rules, owed, model, counts)
                return model.mean([c for c in cards if c not in give], view.rules, counts)

            return max(legal, key=worth)
        return legal[self.rng.randrange(len(legal))]

    def give(self, view: SeatView, legal: list[Action]) -> Action:
        assert view.hand is not None
        hand = list(view.hand)
        owed = len({a.to for a in legal if a.act is Act.GIVE}) + (
            1 if any(a.act is Act.DISCARD for a in legal) else 0
        )
        counts = bidding.marriages_count(view)
        cards = bidding.keep_best(hand, view.rules, owed, counts_marriages=counts)
        return self.give_action(legal, cards)

    @staticmethod
    def give_action(legal: list[Action], cards: Sequence[Card]) -> Action:
        receivers = sorted({a.to for a in legal if a.act is Act.GIVE and a.to is not None})
        if receivers:
            plan = assign_gives(cards, receivers)
            for to, card in plan.items():
                for a in legal:
                    if a.act is Act.GIVE and a.to == to and a.card is card:
                        return a
        for card in cards:
            for a in legal:
                if a.act is Act.DISCARD and a.card is card:
                    return a
        return legal[0]

    def contract(self, view: SeatView, legal: list[Action]) -> Action:
        return bidding.contract_choice(view, legal, self.contract_chance(view, legal))

    def contract_chance(self, view: SeatView, legal: list[Action]) -> Callable[[int], float]:
        """The chance of each contract the declarer may choose now (keep, raise to), by the
        hand model of the cards he keeps."""
        assert view.hand is not None and view.contract is not None
        values = sorted({view.contract} | {a.value for a in legal if a.value is not None})
        chances = bidding.hand_odds(view, self.kept_cards(view), values)
        return lambda value: chances.get(value, 0.0)

    # ------------------------------------------------------------ card play

    def play(self, view: SeatView, legal: list[Action]) -> Action:
        hand = view.hand or ()
        if view.declarer is not None and view.contract:
            moves = {move_of(a): a for a in legal}
            if len(moves) > 1:
                exact = len(hand) <= EXACT_CARDS
                make = play_tasks(view, list(moves), self.view_rng(view), exact)
                tables: Tables = {}
                tried = [solve(make(SEARCH_NODES, None), tables) for _ in range(SEARCH_DEALS)]
                answers = [answer for answer in tried if answer.complete]
                if answers:
                    best = best_moves(view, tallies_of(list(moves), answers))
                    legal = [moves[m] for m in best]
        return self.habit(view, legal)

    def habit(self, view: SeatView, legal: list[Action], smear: bool = True) -> Action:
        """The table habits of card play, counting the cards out; without `smear`, a defender
        keeps his points off his partner's trick."""
        count = CardCount(view)
        if not view.trick:
            return self.lead(view, legal, count)
        return self.follow(view, legal, count, smear)

    def lead(self, view: SeatView, legal: list[Action], count: CardCount) -> Action:
        rules = view.rules
        hand = list(view.hand or ())
        declaring = [a for a in legal if a.marriage is not None]
        plain = [a for a in legal if a.marriage is None]
        masters = [a for a in plain if a.card is not None and count.is_master(a.card)]
        if declaring:
            best = max(declaring, key=lambda a: marriage_worth(a, view))
            # With masters to cash first and the marriage safe, keep the lead a while:
            # a K/Q pair cannot be taken from the hand, but trumps out may cut our aces.
            if marriage_worth(best, view) >= 60 or not masters:
                return best
        safe_masters = [
            a for a in masters if a.card is not None and not self._will_be_trumped(a.card, count)
        ]
        if safe_masters:
            return max(safe_masters, key=lambda a: (a.card.points, a.card.rank))  # type: ignore[union-attr]
        if declaring:
            return max(declaring, key=lambda a: marriage_worth(a, view))
        pairs = set(marriage_suits(hand))
        trump = view.trump

        def lead_cost(a: Action) -> tuple[float, int]:
            card = a.card
            assert card is not None
            cost = float(card.points)
            if card.suit in pairs and card.is_marriage_card:
                cost += 50
            if card.suit is trump:
                cost += 8
            if card.rank is Rank.TEN and not count.is_master(card):
                cost += 15
            same = sum(1 for c in hand if c.suit is card.suit)
            cost -= 0.5 * (6 - same) if same <= 2 else 0
            return cost, int(card.rank)

        del rules
        return min(plain, key=lead_cost)

    @staticmethod
    def _will_be_trumped(card: Card, count: CardCount) -> bool:
        if count.trump is None or card.suit is count.trump:
            return False
        # With few of the suit out, a follower is likely void and may trump.
        return len(count.out_in(card.suit)) <= 1 and count.trumps_out() > 0

    def follow(
        self, view: SeatView, legal: list[Action], count: CardCount, smear: bool = True
    ) -> Action:
        played = [c for _, c in view.trick]
        trump = view.trump
        seats = [s for s in range(view.players) if s != view.sitting_out]
        last = len(played) == len(seats) - 1
        best_i = trick_winner(played, trump)
        best_seat = view.trick[best_i][0]
        me = view.seat
        declarer = view.declarer
        partner_wins = (
            declarer is not None and me != declarer and best_seat != declarer and best_seat != me
        )
        hand = list(view.hand or ())
        pairs = set(marriage_suits(hand))

        def keeps(card: Card) -> float:
            """How much we want to keep this card (higher = keep)."""
            v = card.points + int(card.rank) * 0.1
            if card.suit in pairs and card.is_marriage_card:
                v += 40
            if card.suit is trump:
                v += 6
            return v

        winners = []
        for a in legal:
            assert a.card is not None
            if trick_winner([*played, a.card], trump) == len(played):
                winners.append(a)
        trick_points = sum(c.points for c in played)
        if partner_wins and smear:
            secure = last or (
                count.is_master(played[best_i])
                and not (
                    trump is not None and played[best_i].suit is not trump and count.trumps_out()
                )
            )
            if secure:
                # Smear points on the partner's trick, but never break a marriage.
                def smeared(a: Action) -> int:
                    card = a.card
                    assert card is not None
                    breaks = card.suit in pairs and card.is_marriage_card
                    return card.points - (50 if breaks else 0)

                return max(legal, key=smeared)
        if winners:
            if last:
                if trick_points + min(w.card.points for w in winners) > 0 or not partner_wins:  # type: ignore[union-attr]
                    return min(winners, key=lambda a: keeps(a.card))  # type: ignore[arg-type]
            else:
                sure = [w for w in winners if w.card is not None and count.is_master(w.card)]
                w_trump = [w for w in winners if w.card and w.card.suit is trump]
                if w_trump and not any(c.suit is trump for c in played):
                    sure = sure or w_trump
                if sure and (trick_points >= 3 or any(w.card.points >= 10 for w in sure)):  # type: ignore[union-attr]
                    return min(sure, key=lambda a: keeps(a.card))  # type: ignore[arg-type]
        return min(legal, key=lambda a: keeps(a.card))  # type: ignore[arg-type]


def marriage_worth(action: Action, view: SeatView) -> int:
    rules = view.rules
    if action.marriage == ACE_MARRIAGE:
        return rules.ace_marriage.value
    assert action.marriage is not None
    value = rules.marriage.value_of(action.marriage)
    # "По масти" keeps the trump we hold more of; otherwise the new trump is ours.
    hand = view.hand or ()
    trump = view.trump
    keep_better = trump is not None and sum(1 for c in hand if c.suit is trump) > sum(
        1 for c in hand if c.suit.value == action.marriage
    )
    return value + (1 if action.keep_trump == keep_better else 0)
