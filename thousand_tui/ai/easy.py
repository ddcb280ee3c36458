"""`easy`: sound table habits and no look-ahead.

Bids by hand value, gives away low cards, raises only with sure points, concedes hopeless
contracts, plays winners, declares the richest marriage when on lead.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..engine.actions import Act, Action
from ..engine.cards import Card, Rank, Suit, marriage_suits
from ..engine.rules import Rules
from ..engine.tricks import trick_winner
from ..engine.view import SeatView
from .base import Player


def hand_value(cards: Iterable[Card], rules: Rules) -> int:
    """A rough count of the points a hand takes as declarer, marriages included."""
    hand = list(cards)
    value = 40
    for suit in Suit:
        ranks = {c.rank for c in hand if c.suit is suit}
        if Rank.ACE in ranks:
            value += 14
            if Rank.TEN in ranks:
                value += 10
        elif Rank.TEN in ranks and len(ranks) >= 3:
            value += 4
    value += sum(rules.marriage.value_of(s.value) for s in marriage_suits(hand))
    return value


def round_down(value: int, step: int) -> int:
    return value // step * step


class EasyPlayer(Player):
    level = "easy"

    def decide(self, view: SeatView) -> Action:
        legal = list(view.legal)
        act = legal[0].act
        if len(legal) == 1:
            return legal[0]
        if act in (Act.PASS, Act.BID):
            return self._bid(view, legal)
        if act in (Act.GIVE, Act.DISCARD):
            return self._give(view, legal)
        if act in (Act.RAISE, Act.CONCEDE, Act.BAPTISM):
            return self._contract(view, legal)
        if act is Act.PLAY:
            return self._play(view, legal)
        if act is Act.DARK:
            return self._pick(legal, Act.DARK_DECLINE)
        if act is Act.DARK_CANCEL:
            return self._pick(legal, Act.DARK_CANCEL)
        if act is Act.REDEAL:
            return self._pick(legal, Act.REDEAL)
        return self.rng.choice(legal)

    @staticmethod
    def _pick(legal: list[Action], act: Act) -> Action:
        return next((a for a in legal if a.act is act), legal[0])

    def _bid(self, view: SeatView, legal: list[Action]) -> Action:
        assert view.hand is not None
        limit = round_down(hand_value(view.hand, view.rules), view.rules.bidding.step)
        bids = [a for a in legal if a.act is Act.BID and a.value is not None and a.value <= limit]
        if not bids:
            return self._pick(legal, Act.PASS)
        return min(bids, key=lambda a: a.value or 0)

    def _give(self, view: SeatView, legal: list[Action]) -> Action:
        assert view.hand is not None
        keep = set(marriage_suits(view.hand))

        def cost(action: Action) -> tuple[int, int, int]:
            card = action.card
            assert card is not None
            return (card.suit in keep and card.is_marriage_card, card.points, int(card.rank))

        return min(legal, key=cost)

    def _contract(self, view: SeatView, legal: list[Action]) -> Action:
        assert view.hand is not None and view.contract is not None
        value = hand_value(view.hand, view.rules)
        if value < view.contract - 40:
            for act in (Act.CONCEDE, Act.BAPTISM):
                choice = next((a for a in legal if a.act is act), None)
                if choice is not None:
                    return choice
        raises = [a for a in legal if a.act is Act.RAISE and a.value and a.value <= value - 30]
        if raises:
            return min(raises, key=lambda a: a.value or 0)
        return next(a for a in legal if a.act is Act.RAISE and a.value is None)

    def _play(self, view: SeatView, legal: list[Action]) -> Action:
        if not view.trick:
            declaring = [a for a in legal if a.marriage is not None and not a.keep_trump]
            if declaring:
                rules = view.rules

                def worth(action: Action) -> int:
                    if action.marriage == "A":
                        return rules.ace_marriage.value
                    return rules.marriage.value_of(action.marriage or "S")

                return max(declaring, key=worth)
            plain = [a for a in legal if a.marriage is None]
            aces = [a for a in plain if a.card is not None and a.card.rank is Rank.ACE]
            if aces:
                return aces[0]
            return min(plain, key=lambda a: (a.card.points, int(a.card.rank)) if a.card else (0, 0))
        played = [c for _, c in view.trick]
        winners = []
        for action in legal:
            assert action.card is not None
            if trick_winner([*played, action.card], view.trump) == len(played):
                winners.append(action)
        last = len(view.trick) == len([s for s in range(view.players) if s != view.sitting_out]) - 1
        worth_taking = sum(c.points for c in played) >= 10 or last
        if winners and worth_taking:
            return min(
                winners, key=lambda a: (a.card.points, int(a.card.rank)) if a.card else (0, 0)
            )
        return min(legal, key=lambda a: (a.card.points, int(a.card.rank)) if a.card else (0, 0))
