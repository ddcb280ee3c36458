"""Trick play: which cards may be played, marriages declared on lead, who wins a trick
(docs/rules.md#play, docs/rules.md#marriages)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from .actions import Act, Action, card_actions, declaring
from .cards import DECK, Card, Rank, Suit, card_points, has_four_aces, marriage_suits
from .events import (
    CardPlayed,
    MarriageDeclared,
    MarriageWithheld,
    OtherTalon,
    TrickTaken,
)
from .phases import ACE_MARRIAGE, Declaration, Trick

if TYPE_CHECKING:
    from .deal import Deal


def trick_winner(cards: Sequence[Card], trump: Suit | None) -> int:
    """Index in `cards` (play order) of the winner: highest trump, else highest of the led suit."""
    led = cards[0].suit
    best = 0
    for i in range(1, len(cards)):
        if beats(cards[i], cards[best], led, trump):
            best = i
    return best


def beats(card: Card, best: Card, led: Suit, trump: Suit | None) -> bool:
    if card.suit is best.suit:
        return card.rank > best.rank
    return bool(trump is not None and card.suit is trump)


def legal_follows(
    hand: Sequence[Card], trick: Sequence[Card], trump: Suit | None, must_beat: bool
) -> list[Card]:
    """Cards a player may add to a trick already led.

    Follow suit; void, play a trump when a trump is set and held; else anything.
    `play.must_beat`: head the trick when able — a higher card of the led suit while the trick
    is not trumped, or, when trumping, a higher trump than any already played."""
    led = trick[0].suit
    same = [c for c in hand if c.suit is led]
    if same:
        if not must_beat:
            return same
        trumped = trump is not None and led is not trump and any(c.suit is trump for c in trick)
        if trumped:
            return same
        top = max((c for c in trick if c.suit is led), key=lambda c: c.rank)
        higher = [c for c in same if c.rank > top.rank]
        return higher or same
    if trump is not None:
        trumps = [c for c in hand if c.suit is trump]
        if trumps:
            if not must_beat:
                return trumps
            played = [c for c in trick if c.suit is trump]
            if not played:
                return trumps
            top_trump = max(played, key=lambda c: c.rank)
            higher = [c for c in trumps if c.rank > top_trump.rank]
            return higher or trumps
    return list(hand)


# ---------------------------------------------------------------------- a deal's tricks


def legal_plays(d: Deal, seat: int) -> list[Action]:
    """The cards `seat` may play now; on lead, with the marriages he may declare with them
    (`marriage.*`, `ace_marriage.*`, `play.trump_lead`)."""
    hand = d.hands[seat]
    rules = d.rules
    if d.trick:
        cards = legal_follows(hand, [c for _, c in d.trick], d.trump, rules.play.must_beat)
        plays = _PLAYS[seat]
        return [plays[c.index] for c in cards]
    may_declare = bool(d.tricks) or rules.marriage.on_first_lead
    marriages = marriage_suits(hand) if may_declare else []
    four_aces = may_declare and rules.ace_marriage.enabled and has_four_aces(hand)
    leads_trump_freely = (
        rules.play.trump_lead == "free"
        or d.trump is None
        or d.trump_owner == seat
        or all(c.suit is d.trump for c in hand)
    )
    plays = _PLAYS[seat]
    if leads_trump_freely and not marriages and not four_aces:
        return [plays[c.index] for c in hand]  # any card, declaring nothing
    actions: list[Action] = []
    for card in hand:
        declares = card.suit in marriages and card.is_marriage_card
        if card.suit is d.trump and not leads_trump_freely and not declares:
            continue
        actions.append(play_action(seat, card))
        if declares:
            letter = card.suit.value
            actions.append(declaring(seat, card, letter))
            if rules.marriage.keep_trump_option and d.trump is not card.suit:
                actions.append(declaring(seat, card, letter, keep_trump=True))
        elif four_aces and card.rank is Rank.ACE:
            actions.append(declaring(seat, card, ACE_MARRIAGE))
    return actions


# Playing a card, declaring nothing: one action per seat and card, by the card's index.
_PLAYS = tuple(card_actions(seat, Act.PLAY) for seat in range(4))
# And the event of it: events are values, shared like the actions.
_PLAYED = tuple(tuple(CardPlayed(seat, card) for card in DECK) for seat in range(4))


def play_action(seat: int, card: Card) -> Action:
    """Playing `card`, declaring nothing."""
    return _PLAYS[seat][card.index]


def added(column: tuple[int, ...], seat: int, amount: int) -> tuple[int, ...]:
    """A column of the deal (tricks, points) with `amount` added to `seat`'s entry."""
    values = list(column)
    values[seat] += amount
    return tuple(values)


def marriage_scores(d: Deal, seat: int) -> bool:
    """A barrel player's marriages may not count (`barrel.marriages_count`)."""
    return d.rules.barrel.marriages_count or not d.match.on_barrel(seat)


def apply_play(d: Deal, action: Action) -> None:
    seat, card, marriage = action.seat, action.card, action.marriage
    assert card is not None
    if marriage is not None:
        declare(d, seat, card, marriage, action.keep_trump)
    d.hands[seat].remove(card)
    d.trick += ((seat, card),)
    if marriage is None:  # a legal play keeps the trump only when it declares a marriage
        d.emit(_PLAYED[seat][card.index])
    else:
        d.emit(CardPlayed(seat, card, marriage, action.keep_trump))
    if len(d.trick) < len(d.order):
        d.to_move = d.next_seat[seat]
        return
    close_trick(d)


def declare(d: Deal, seat: int, card: Card, marriage: str, keep_trump: bool) -> None:
    """A marriage declared on lead: its points, and the trump it sets (unless "по масти")."""
    rules = d.rules
    if marriage == ACE_MARRIAGE:
        value = rules.ace_marriage.value
        mode = rules.ace_marriage.trump
        if mode == "cancel":
            d.trump, d.trump_owner = None, None
        elif mode == "led_suit":
            d.trump, d.trump_owner = card.suit, seat
    else:
        value = rules.marriage.value_of(marriage)
        if not keep_trump:
            d.trump, d.trump_owner = card.suit, seat
    points = value if marriage_scores(d, seat) else 0
    d.declarations += (Declaration(seat, marriage, points, keep_trump, trick=len(d.tricks)),)
    d.marriage_points = added(d.marriage_points, seat, points)
    d.emit(MarriageDeclared(seat, marriage, points, keep_trump, d.trump))


def close_trick(d: Deal) -> None:
    assert d.leader is not None
    cards = tuple([c for _, c in d.trick])
    winner = d.trick[trick_winner(cards, d.trump)][0]
    points = card_points(cards)
    trick = Trick(d.leader, d.trick, winner)
    d.tricks += (trick,)
    d.tricks_won = added(d.tricks_won, winner, 1)
    d.card_points = added(d.card_points, winner, points)
    withhold_marriage(d, trick)
    d.trick = ()
    d.emit(TrickTaken(winner, cards, points, len(d.tricks)))
    if d.hands[winner]:
        d.leader = winner
        d.to_move = winner
        return
    if d.players == 2:
        other = (*d.talons[1 - (d.taken_talon or 0)], *d.discarded)
        d.card_points = added(d.card_points, winner, card_points(other))
        d.emit(OtherTalon(winner, other, card_points(other)))
    d.finish()


def withhold_marriage(d: Deal, trick: Trick) -> None:
    """`marriage.card_must_win`: the points of a marriage whose led card lost are withheld;
    the declaration and its trump stand."""
    if not d.rules.marriage.card_must_win or not d.declarations:
        return
    last = d.declarations[-1]
    index = len(d.tricks) - 1
    if last.trick != index or last.withheld or trick.winner == last.seat:
        return
    withheld = Declaration(
        last.seat, last.suit, last.points, last.keep_trump, last.trick, withheld=True
    )
    d.declarations = (*d.declarations[:-1], withheld)
    d.marriage_points = added(d.marriage_points, last.seat, -last.points)
    d.emit(MarriageWithheld(last.seat, last.suit, last.points))
