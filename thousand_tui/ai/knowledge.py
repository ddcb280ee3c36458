"""What one seat knows about the cards, and deals sampled consistently with it.

Everything here reads a `SeatView` only. `knowledge_of(view)` gathers the seat's facts: its hand,
the cards played, the talon if it was shown (or taken by this seat), the cards it saw passed,
the hidden gives, the discards (two players), voids and "could not beat" shown in play, the
partners of declared marriages, the partners of the kings and queens a declarer gave away (he
would have kept the marriage), and the marriage a bid above `marriage_required_above` proves.
`sample_deal` then places every unseen card on a holder (another seat, the talon, or the
two-player pile of the other talon and the discards) so that all of those facts hold.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass, field

from ..engine.cards import DECK, Card
from ..engine.deal import ACE_MARRIAGE
from ..engine.rules import Rules
from ..engine.view import SeatView
from .evaluate import declarer_estimate
from .solver import (
    ABOVE,
    ACES_MASK,
    KING,
    QUEEN,
    SUIT_MASK,
    SUIT_OF,
    SUIT_ORDER,
    PlayRules,
    Position,
    cards_of,
    trick_winner_index,
)

TALON = -1  # the talon not yet taken (one holder; two players: both talons)
PILE = -2  # two players: the other talon plus the discards, won with the last trick

FULL = (1 << 24) - 1
PLAUSIBLE_TRIES = 12  # deals tried for one that fits the auction before taking any
PLAUSIBLE_MARGIN = 25  # a declarer's hand is sampled worth at least his contract minus this


def mask(cards: object) -> int:
    m = 0
    for c in cards:  # type: ignore[attr-defined]
        m |= 1 << c.index
    return m


def suit_index(card: Card) -> int:
    return card.index // 6


@dataclass
class Knowledge:
    """The unseen cards of a deal and where each of them may be.

    `counts[h]` is how many unseen cards holder `h` has; `excluded[h]` the cards it cannot hold
    (voids, "could not beat"); `known[h]` cards known to be in its hand already (not unseen);
    `marriage_holders` seats proven to have held a marriage (a bid of their own above 120,
    before the exchange: see `gave`);
    `talon_caps` (holder, talon mask, cap): a receiver of a hidden give holds at most one card
    of the shown talon, the two-player pile at most as many as were discarded;
    `inferred[h]` the part of `excluded[h]` only read from a player's choices (partners of the
    cards a declarer gave away, low cards lacked), which a player who erred may belie."""

    seat: int
    unseen: int
    counts: dict[int, int]
    excluded: dict[int, int] = field(default_factory=dict)
    known: dict[int, int] = field(default_factory=dict)
    played_by: dict[int, int] = field(default_factory=dict)
    marriage_holders: tuple[int, ...] = ()
    ace_marriage: bool = False
    talon_caps: tuple[tuple[int, int, int], ...] = ()
    # (declarer, least estimate): a declarer who bid is sampled with a hand worth about it.
    declarer_floor: tuple[int, float] | None = None
    rules: Rules | None = None
    inferred: dict[int, int] = field(default_factory=dict)
    # The declarer proved his marriage before the exchange, and may have given a card of it
    # away since: `gave[d]` the cards this seat saw him give (or discard), `gave_unseen[d]`
    # (holder, n) for the gives it did not see: up to n cards `holder` holds may be his.
    gave: dict[int, int] = field(default_factory=dict)
    gave_unseen: dict[int, tuple[tuple[int, int], ...]] = field(default_factory=dict)

    @property
    def holders(self) -> list[int]:
        return [h for h, n in self.counts.items() if n > 0]


def play_order(view: SeatView) -> tuple[int, ...]:
    """Active seats clockwise from forehand: positions of the solver."""
    n = view.players
    return tuple(s for s in ((view.forehand + k) % n for k in range(n)) if s != view.sitting_out)


def knowledge_of(view: SeatView, reads_play: bool = False) -> Knowledge:
    """The seat's facts; with `reads_play`, also the low cards a player's play says he lacks
    (`low_cards_lacked`)."""
    rules = view.rules
    me = view.seat
    order = play_order(view)
    hand = mask(view.hand or ())
    played = mask(view.played_cards)
    declarer = view.declarer
    known: dict[int, int] = {s: 0 for s in order if s != me}
    # Cards this seat saw go to a known place.
    passed_to: dict[int, int] = {}
    for _, to, card in view.passed_cards:
        passed_to[to] = passed_to.get(to, 0) | (1 << card.index)
    talon = mask(view.talon or ())
    taken = view.talon_size == 0
    hidden_receivers = [to for _, to in view.hidden_gives]
    talon_caps: list[tuple[int, int, int]] = []
    if declarer is not None and declarer != me and taken:
        for to, cards in passed_to.items():
            if to != me:
                known[to] = known.get(to, 0) | cards
        talon_left = talon & ~mask_of_passed(view)
        for to in hidden_receivers:
            if to != me:
                talon_caps.append((to, talon_left, 1))
        if view.players == 2 and view.discard_count:
            talon_caps.append((PILE, talon_left, view.discard_count))
        elif not hidden_receivers:
            known[declarer] |= talon_left
    if declarer == me:
        for to, cards in passed_to.items():
            known[to] = known.get(to, 0) | cards
    # Partners of declared marriages.
    played_by: dict[int, int] = {s: 0 for s in order}
    for trick in view.tricks:
        for s, c in trick.plays:
            played_by[s] |= 1 << c.index
    for s, c in view.trick:
        played_by[s] |= 1 << c.index
    for d in view.declarations:
        if d.seat == me or d.seat not in known:
            continue
        if d.suit == ACE_MARRIAGE:
            known[d.seat] |= ACES_MASK
        else:
            s = SUIT_ORDER.index(next(x for x in SUIT_ORDER if x.value == d.suit))
            known[d.seat] |= (1 << (s * 6 + KING)) | (1 << (s * 6 + QUEEN))
    for s in known:
        known[s] &= ~played & ~hand
    known_all = 0
    for m in known.values():
        known_all |= m
    unseen = FULL & ~hand & ~played & ~known_all
    if view.players == 2 and declarer == me:
        unseen &= ~mask(view.discarded)
    counts: dict[int, int] = {}
    for s in order:
        if s != me:
            counts[s] = view.hand_counts[s] - bin(known[s]).count("1")
    rest = bin(unseen).count("1") - sum(counts.values())
    if view.players == 2:
        if rest > 0:
            counts[PILE if taken else TALON] = rest
    elif rest > 0:
        counts[TALON] = rest
    excluded = _exclusions(view, order)
    inferred: dict[int, int] = {}
    if declarer is not None and declarer != me and declarer in excluded:
        inferred[declarer] = _partners_given_away(view, declarer)
    if reads_play and declarer is not None:
        for s, lacked in low_cards_lacked(view, declarer).items():
            if s in excluded:
                inferred[s] = inferred.get(s, 0) | lacked
    for s, m in inferred.items():
        inferred[s] = m = m & ~excluded[s] & ~known.get(s, 0)
        excluded[s] |= m
    required_above = rules.bidding.marriage_required_above
    holders: list[int] = []
    if required_above is not None:
        # The first bid is the automatic one (100, the barrel's or the golden contract): it
        # proves nothing.
        for s, value in view.bids[1:]:
            if value is not None and value > required_above and s != me and s not in holders:
                holders.append(s)
    gave: dict[int, int] = {}
    gave_unseen: dict[int, tuple[tuple[int, int], ...]] = {}
    if declarer in holders:
        gave[declarer] = mask(c for g, _, c in view.passed_cards if g == declarer)
        unseen_gives: dict[int, int] = {}
        for g, to in view.hidden_gives:
            if g == declarer:
                unseen_gives[to] = unseen_gives.get(to, 0) + 1
        if view.players == 2 and view.discard_count:
            unseen_gives[PILE] = view.discard_count
        gave_unseen[declarer] = tuple(unseen_gives.items())
    return Knowledge(
        seat=me,
        unseen=unseen,
        counts=counts,
        excluded=excluded,
        known=known,
        played_by=played_by,
        marriage_holders=tuple(holders),
        ace_marriage=rules.ace_marriage.enabled,
        talon_caps=tuple(talon_caps),
        declarer_floor=_declarer_floor(view),
        rules=rules,
        inferred={s: m for s, m in inferred.items() if m},
        gave={s: m for s, m in gave.items() if m},
        gave_unseen={s: g for s, g in gave_unseen.items() if g},
    )


def _declarer_floor(view: SeatView) -> tuple[int, float] | None:
    """In play, an opponent declarer who chose his contract is credited with most of it."""
    d = view.declarer
    if d is None or d == view.seat or view.contract is None or view.hand is None:
        return None
    if not view.tricks and not view.trick and view.phase.value != "play":
        return None
    bid_himself = any(s == d and v is not None for s, v in view.bids[1:]) or (
        view.contract > view.rules.bidding.min
    )
    if not bid_himself:
        return None
    return d, view.contract - PLAUSIBLE_MARGIN


def _partners_given_away(view: SeatView, declarer: int) -> int:
    """A declarer keeps his marriages: a king or queen he was seen to give away had its
    partner elsewhere (a soft fact, dropped when no deal fits all the facts)."""
    out = 0
    for giver, _, card in view.passed_cards:
        if giver == declarer and card.is_marriage_card:
            partner = QUEEN if card.index % 6 == KING else KING
            out |= 1 << (card.index - card.index % 6 + partner)
    return out


def mask_of_passed(view: SeatView) -> int:
    return mask(card for _, _, card in view.passed_cards)


def _exclusions(view: SeatView, order: tuple[int, ...]) -> dict[int, int]:
    """Cards each seat cannot hold, from how it followed (voids, must trump, must beat)."""
    must_beat = view.rules.play.must_beat
    out: dict[int, int] = {s: 0 for s in order}
    tricks = [(t.plays, t.winner) for t in view.tricks]
    if view.trick:
        tricks.append((view.trick, -1))
    for plays, _, trump in _under_trump(view, tricks):
        led = suit_index(plays[0][1])
        so_far = [plays[0][1].index]
        for s, card in plays[1:]:
            c = card.index
            cs = SUIT_OF[c]
            if cs != led:
                out[s] |= SUIT_MASK[led]
                if trump >= 0 and cs != trump:
                    out[s] |= SUIT_MASK[trump]
                elif must_beat and trump >= 0 and cs == trump:
                    trumps = [x for x in so_far if SUIT_OF[x] == trump]
                    if trumps and c < max(trumps):
                        out[s] |= ABOVE[max(trumps)]
            elif must_beat:
                trumped = trump >= 0 and led != trump and any(SUIT_OF[x] == trump for x in so_far)
                top = max(x for x in so_far if SUIT_OF[x] == led)
                if not trumped and c < top:
                    out[s] |= ABOVE[top]
            so_far.append(c)
    return out


# The cards below each rank a player losing a trick to his opponent would have played instead:
# the nine and the jack, and below a king its queen (below a ten or an ace a queen or king may
# be kept for its marriage).
_LOWER_LOSERS = {0: 0, 1: 0b1, 2: 0b11, 3: 0b111, 4: 0b11, 5: 0b11}


def low_cards_lacked(view: SeatView, declarer: int) -> dict[int, int]:
    """Cards each player is read not to hold from how he lost tricks: following suit to a
    trick his opponent already held and went on to take, or throwing off a side suit to it, a
    player gives up his lowest card of that suit (a soft fact, dropped when no deal fits all
    the facts)."""
    out: dict[int, int] = {}
    tricks = [(t.plays, t.winner) for t in view.tricks]
    for plays, winner, trump in _under_trump(view, tricks):
        led = suit_index(plays[0][1])
        so_far = [plays[0][1].index]
        for s, card in plays[1:]:
            c = card.index
            best_seat = plays[trick_winner_index(so_far, trump)][0]
            opponent = (best_seat == declarer) != (s == declarer)
            final_opponent = (winner == declarer) != (s == declarer)
            so_far.append(c)
            wins = trick_winner_index(so_far, trump) == len(so_far) - 1
            # Following suit, or throwing off a side suit (not trumps: a low trump may be
            # kept to ruff).
            losing = SUIT_OF[c] == led and not wins
            thrown = SUIT_OF[c] not in (led, trump)
            if opponent and final_opponent and (losing or thrown):
                out[s] = out.get(s, 0) | (_LOWER_LOSERS[c % 6] << (c - c % 6))
    return out


Plays = tuple[tuple[int, Card], ...]


def _under_trump(
    view: SeatView, tricks: list[tuple[Plays, int]]
) -> Iterator[tuple[Plays, int, int]]:
    """Each trick (plays, winner) with the trump it was played under (-1: none yet)."""
    trump = -1
    decl_by_trick = {d.trick: d for d in view.declarations}
    for index, (plays, winner) in enumerate(tricks):
        d = decl_by_trick.get(index)
        if d is not None:
            trump = _trump_after(view.rules, d, plays[0][1], trump)
        yield plays, winner, trump


def _trump_after(rules: Rules, d: object, card: Card, trump: int) -> int:
    suit = getattr(d, "suit", "")
    if suit == ACE_MARRIAGE:
        mode = rules.ace_marriage.trump
        if mode == "cancel":
            return -1
        if mode == "led_suit":
            return suit_index(card)
        return trump
    if getattr(d, "keep_trump", False):
        return trump
    return next(i for i, x in enumerate(SUIT_ORDER) if x.value == suit)


def sample_deal(knowledge: Knowledge, rng: random.Random, tries: int = 60) -> dict[int, int]:
    """One placement of every unseen card: holder → mask (known cards included).

    Every placement keeps the known cards and the exclusions; only when they contradict one
    another (a player who erred belies a fact read from his choices) are the `inferred` ones
    dropped. Deals are drawn until one also fits the marriages proven by the auction and the
    talon caps (built card by card when none is drawn), and preferably the auction's estimate
    of the declarer's hand (`_plausible`, the one fact given up when no deal fits it)."""
    cards = cards_of(knowledge.unseen)
    holders = knowledge.holders
    excluded = knowledge.excluded
    best: dict[int, int] | None = None
    fits = 0
    for _ in range(tries):
        placed = _place(knowledge, cards, holders, rng, excluded)
        if placed is None:
            if excluded is not knowledge.excluded:
                break
            excluded = _certain(knowledge)
            continue
        if not _satisfies(knowledge, placed):
            best = best or placed
            continue
        if fits == 0 or _plausible(knowledge, placed):
            best = placed
        fits += 1
        if _plausible(knowledge, placed) or fits >= PLAUSIBLE_TRIES:
            break
    if fits == 0:
        built = _build(knowledge, cards, holders, rng, excluded)
        if built is not None:
            best = built
    if best is None:
        # Only facts that contradict the rules themselves get here (never in a legal game).
        best = _place(knowledge, cards, holders, rng, {}) or {}
    for h, m in knowledge.known.items():
        best[h] = best.get(h, 0) | m
    return best


def _certain(knowledge: Knowledge) -> dict[int, int]:
    """The exclusions less the ones read from a player's choices."""
    return {h: m & ~knowledge.inferred.get(h, 0) for h, m in knowledge.excluded.items()}


def _place(
    knowledge: Knowledge,
    cards: list[int],
    holders: list[int],
    rng: random.Random,
    excluded: dict[int, int],
    pinned: dict[int, int] | None = None,
) -> dict[int, int] | None:
    """A random placement of `cards` (less the `pinned` ones, already placed) that keeps
    `excluded`, or None when there is none: cards are dealt most constrained first, and a card
    left without a holder moves others along a chain of holders to one with room."""
    left = dict(knowledge.counts)
    out: dict[int, int] = {h: 0 for h in holders}
    fixed = 0
    for h, m in (pinned or {}).items():
        out[h] |= m
        left[h] -= bin(m).count("1")
        fixed |= m
    options = {
        c: [h for h in holders if not (excluded.get(h, 0) >> c) & 1]
        for c in cards
        if not (fixed >> c) & 1
    }
    ordered = sorted(options, key=lambda c: (len(options[c]), rng.random()))
    for c in ordered:
        choices = [h for h in options[c] if left[h] > 0]
        if not choices:
            made = _make_room(out, left, options, c, fixed)
            if made is None:
                return None
            h = made
        else:
            total = sum(left[h] for h in choices)
            r = rng.random() * total
            for h in choices:
                r -= left[h]
                if r < 0:
                    break
        out[h] |= 1 << c
        left[h] -= 1
    return out


def _make_room(
    out: dict[int, int],
    left: dict[int, int],
    options: dict[int, list[int]],
    card: int,
    fixed: int,
) -> int | None:
    """A holder of `options[card]` given room by moving placed cards, each to another holder
    allowed it, along the shortest chain that ends at a holder with room; None when there is
    no such chain (no placement of the cards so far and `card` keeps the exclusions)."""
    came: dict[int, tuple[int, int] | None] = {h: None for h in options[card]}
    queue = list(options[card])
    for h in queue:
        for c in cards_of(out[h] & ~fixed):
            for to in options[c]:
                if to in came:
                    continue
                came[to] = (h, c)
                if left[to] > 0:
                    while True:
                        step = came[to]
                        if step is None:
                            return to
                        frm, moved = step
                        out[frm] &= ~(1 << moved)
                        out[to] |= 1 << moved
                        left[to] -= 1
                        left[frm] += 1
                        to = frm
                queue.append(to)
    return None


def _build(
    knowledge: Knowledge,
    cards: list[int],
    holders: list[int],
    rng: random.Random,
    excluded: dict[int, int],
) -> dict[int, int] | None:
    """A placement built to fit the proven marriages and the talon caps, where random ones
    did not: each marriage holder is given a marriage he may hold, each capped holder kept
    off all but as many of the talon's cards as he may still hold."""
    pinned: dict[int, int] = {}
    taken = 0
    extra = dict(excluded)
    for seat in knowledge.marriage_holders:
        held = knowledge.known.get(seat, 0) | knowledge.played_by.get(seat, 0)
        held |= knowledge.gave.get(seat, 0)
        if _has_marriage(held, knowledge.ace_marriage):
            continue
        room = knowledge.counts.get(seat, 0) - bin(pinned.get(seat, 0)).count("1")
        free = knowledge.unseen & ~taken & ~excluded.get(seat, 0)
        wanted = [(1 << (s * 6 + KING)) | (1 << (s * 6 + QUEEN)) for s in range(4)]
        if knowledge.ace_marriage:
            wanted.append(ACES_MASK)
        fitting = [
            need
            for m in wanted
            if not (need := m & ~held & ~pinned.get(seat, 0)) & ~free
            and bin(need).count("1") <= room
        ]
        if not fitting:
            return None
        need = rng.choice(fitting)
        pinned[seat] = pinned.get(seat, 0) | need
        taken |= need
    for holder, talon, cap in knowledge.talon_caps:
        held = knowledge.played_by.get(holder, 0) | pinned.get(holder, 0)
        room = cap - bin(held & talon).count("1")
        if room < 0:
            return None
        open_ = cards_of(talon & knowledge.unseen & ~taken & ~extra.get(holder, 0))
        rng.shuffle(open_)
        for c in open_[room:]:
            extra[holder] = extra.get(holder, 0) | (1 << c)
    placed = _place(knowledge, cards, holders, rng, extra, pinned)
    if placed is None or not _satisfies(knowledge, placed):
        return None
    return placed


def _satisfies(knowledge: Knowledge, placed: dict[int, int]) -> bool:
    for seat in knowledge.marriage_holders:
        held = placed.get(seat, 0) | knowledge.known.get(seat, 0)
        held |= knowledge.played_by.get(seat, 0) | knowledge.gave.get(seat, 0)
        if not _has_marriage(held, knowledge.ace_marriage) and not _given_marriage(
            knowledge, placed, seat, held
        ):
            return False
    for seat, talon, cap in knowledge.talon_caps:
        held = placed.get(seat, 0) | knowledge.played_by.get(seat, 0)
        if bin(held & talon).count("1") > cap:
            return False
    return True


def _given_marriage(knowledge: Knowledge, placed: dict[int, int], seat: int, held: int) -> bool:
    """Whether the marriage `seat` proved may lack from `held` only cards he gave where this
    seat did not see: each receiver holds no more of them than he was given."""
    unseen = knowledge.gave_unseen.get(seat)
    if not unseen:
        return False
    marriages = [(1 << (s * 6 + KING)) | (1 << (s * 6 + QUEEN)) for s in range(4)]
    if knowledge.ace_marriage:
        marriages.append(ACES_MASK)
    theirs = [
        (
            placed.get(h, 0) | knowledge.known.get(h, 0) | knowledge.played_by.get(h, 0),
            n,
        )
        for h, n in unseen
    ]
    for missing in marriages:
        missing &= ~held
        for cards, n in theirs:
            if bin(missing & cards).count("1") <= n:
                missing &= ~cards
        if not missing:
            return True
    return False


def _plausible(knowledge: Knowledge, placed: dict[int, int]) -> bool:
    """The auction's soft evidence: a declarer who bid holds a hand worth about his bid."""
    if knowledge.declarer_floor is None:
        return True
    seat, floor = knowledge.declarer_floor
    held = placed.get(seat, 0) | knowledge.known.get(seat, 0) | knowledge.played_by.get(seat, 0)
    cards = [DECK[i] for i in cards_of(held)]
    assert knowledge.rules is not None
    return declarer_estimate(cards, knowledge.rules) >= floor


def _has_marriage(m: int, aces: bool) -> bool:
    for s in range(4):
        if (m >> (s * 6 + KING)) & 1 and (m >> (s * 6 + QUEEN)) & 1:
            return True
    return aces and (m & ACES_MASK) == ACES_MASK


# ------------------------------------------------------------------ positions for the solver


def made_threshold(rules: Rules, contract: int) -> int:
    """The fewest points (cards + marriages) that make `contract`."""
    if rules.scoring.declarer_rounding == "nearest_5":
        for p in range(max(0, contract - 5), contract + 1):
            if p >= contract or (p + 2) // 5 * 5 >= contract:
                return p
    return contract


def declarer_points(view: SeatView) -> int:
    d = view.declarer
    assert d is not None
    return view.points_taken[d] + view.marriage_points[d]


def position_of(view: SeatView, hands: dict[int, int], last_bonus: int = 0) -> Position:
    """The solver's position for the tricks left, given every active seat's hand as a mask."""
    order = play_order(view)
    pos_of = {s: i for i, s in enumerate(order)}
    rules = view.rules
    assert view.declarer is not None
    trump = SUIT_ORDER.index(view.trump) if view.trump is not None else -1
    owner = pos_of.get(view.trump_owner, -1) if view.trump_owner is not None else -1
    leader = view.leader if view.leader is not None else view.declarer
    pending = None
    if rules.marriage.card_must_win and view.trick and view.declarations:
        last = view.declarations[-1]
        if last.trick == len(view.tricks) and not last.withheld:
            pending = (pos_of[last.seat], last.points)
    scores = tuple(rules.barrel.marriages_count or not view.match.on_barrel(s) for s in order)
    return Position(
        hands=[hands[s] for s in order],
        declarer=pos_of[view.declarer],
        leader=pos_of[leader],
        trump=trump,
        owner=owner,
        trick=[(pos_of[s], c.index) for s, c in view.trick],
        tricks_done=len(view.tricks),
        marriage_scores=scores,
        last_bonus=last_bonus,
        pending=pending,
    )


def opening_position(view: SeatView, hands: dict[int, int], last_bonus: int = 0) -> Position:
    """The first lead of a deal this seat would declare, before any card is played."""
    order = play_order(view)
    me = order.index(view.seat)
    scores = tuple(view.rules.barrel.marriages_count or not view.match.on_barrel(s) for s in order)
    return Position(
        hands=[hands[s] for s in order],
        declarer=me,
        leader=me,
        marriage_scores=scores,
        last_bonus=last_bonus,
    )


def pile_points(view: SeatView, placed: dict[int, int]) -> int:
    """Two players: the points of the other talon and the discards (won with the last trick)."""
    if view.players != 2:
        return 0
    m = placed.get(PILE, 0)
    if view.declarer == view.seat:
        m |= mask(view.discarded)
    from .solver import POINTS

    return sum(POINTS[c] for c in cards_of(m))


def play_rules(rules: Rules) -> PlayRules:
    return PlayRules.of(rules)
