"""`normal`: table heuristics with card counting and hand-evaluation bidding.

Every decision reads the seat's view only. Bids come from `bidding.auction_limit` (the hand's
value with the talon's expected help, adjusted to the match: barrel, target, samosval),
the exchange keeps the cards that make the contract and gives away cards that cannot complete
an opponent's marriage, the raise follows the expected points, and the card play counts the
cards out: it leads masters, draws trumps before declaring a second marriage, declares on lead
once the lead can be kept, smears points on a partner's winning trick and wins cheaply.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..engine.actions import Act, Action
from ..engine.cards import DECK, Card, Rank, Suit, marriage_suits
from ..engine.deal import ACE_MARRIAGE
from ..engine.tricks import trick_winner
from ..engine.view import SeatView
from . import bidding
from .base import Player
from .evaluate import assign_gives, best_exchange, declarer_estimate


def pick(legal: Sequence[Action], act: Act) -> Action | None:
    return next((a for a in legal if a.act is act), None)


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


class NormalPlayer(Player):
    level = "normal"
    risk = 0.1  # added to the bid threshold (0.5): the chance a bid needs above even
    spread = bidding.SPREAD  # how far a hand's play strays from its estimate (one sigma)

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
            return pick(legal, Act.DARK_CANCEL_DECLINE) or legal[0]
        if act in (Act.REDEAL, Act.REDEAL_DECLINE):
            return self.redeal(view, legal)
        if act is Act.TAKE_TALON:
            return self.take_talon(view, legal)
        return legal[0]

    # ------------------------------------------------------------ before the play

    def dark(self, view: SeatView, legal: list[Action]) -> Action:
        choice = Act.DARK if bidding.wants_dark(view) else Act.DARK_DECLINE
        return pick(legal, choice) or legal[0]

    def redeal(self, view: SeatView, legal: list[Action]) -> Action:
        want = bidding.wants_redeal(view)
        return pick(legal, Act.REDEAL if want else Act.REDEAL_DECLINE) or legal[0]

    def bid(self, view: SeatView, legal: list[Action]) -> Action:
        limit = bidding.auction_limit(view, self.risk, spread=self.spread)
        bids = [a for a in legal if a.act is Act.BID and a.value is not None and a.value <= limit]
        if not bids:
            return pick(legal, Act.PASS) or legal[0]
        return min(bids, key=lambda a: a.value or 0)

    def take_talon(self, view: SeatView, legal: list[Action]) -> Action:
        if view.talons_seen and view.hand is not None:
            hand = list(view.hand)

            def worth(action: Action) -> float:
                assert action.talon is not None
                cards = hand + list(view.talons_seen[action.talon])  # type: ignore[index]
                give = best_exchange(cards, view.rules, len(cards) - len(hand))
                return declarer_estimate([c for c in cards if c not in give], view.rules)

            return max(legal, key=worth)
        return legal[self.rng.randrange(len(legal))]

    def give(self, view: SeatView, legal: list[Action]) -> Action:
        assert view.hand is not None
        hand = list(view.hand)
        owed = len({a.to for a in legal if a.act is Act.GIVE}) + (
            1 if any(a.act is Act.DISCARD for a in legal) else 0
        )
        cards = best_exchange(hand, view.rules, owed)
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
        assert view.hand is not None and view.contract is not None
        estimate = declarer_estimate(view.hand, view.rules)
        if view.phase.value == "raise":
            # Before giving: judge the hand as it will be after the exchange.
            give = best_exchange(list(view.hand), view.rules, len(view.hand) - 8)
            estimate = declarer_estimate([c for c in view.hand if c not in give], view.rules)
        choice = bidding.contract_choice(view, estimate, legal, spread=self.spread)
        return choice

    # ------------------------------------------------------------ card play

    def play(self, view: SeatView, legal: list[Action]) -> Action:
        count = CardCount(view)
        if not view.trick:
            return self.lead(view, legal, count)
        return self.follow(view, legal, count)

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

    def follow(self, view: SeatView, legal: list[Action], count: CardCount) -> Action:
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
        if partner_wins:
            secure = last or (
                count.is_master(played[best_i])
                and not (
                    trump is not None and played[best_i].suit is not trump and count.trumps_out()
                )
            )
            if secure:
                # Smear points on the partner's trick, but never break a marriage.
                return max(
                    legal,
                    key=lambda a: (
                        a.card.points
                        - (50 if a.card.suit in pairs and a.card.is_marriage_card else 0)
                    ),
                )  # type: ignore[union-attr]
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
