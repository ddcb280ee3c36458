"""An exact open-card solver of the tricks left in a deal.

The position is compact: a 24-bit mask of cards per active seat (card index = suit * 6 + rank,
as `engine.cards.Card.index`), the trick under way, trump and its owner. Every play rule of
docs/rules.md#play is followed: follow suit, must trump, `play.must_beat`, `play.trump_lead:
owner_only`, marriages declared on lead (points, trump change, "по масти", the ace marriage,
`marriage.on_first_lead`, `marriage.card_must_win`, `barrel.marriages_count`) and, with two
players, the other talon going to the winner of the last trick.

The value of a position is what the declarer still gains: his card points plus his marriage
points, minus `defender_weight` × the defenders' marriage points. Declarer maximises, the
defenders (a team) minimise. `Solver.value` is fail-soft alpha-beta; `Solver.reaches` is a
null-window test ("can the declarer still gain at least `need`?"), the question a contract asks.

The search goes a trick at a time: a node is a trick boundary, whose bounds are kept in a
transposition table (`Table`, keyed by the hands and one small integer for the rest, valid for
every position under the same rules and objective, so it may serve many sampled deals); the
three (or two) cards of a trick are tried in nested loops, and the last trick is counted, not
searched. Leads are ordered: declarations (a defender's after his sure aces and tens), leads
that win whatever the others play, masters, then low cards; the first is found without
ordering the others, which are ordered only when it does not cut the search off. The second
hand wins with a ten or an ace first, else as cheaply as it can, and smears points on a
partner's lead; the third wins first, then smears on a partner's trick or plays low.

Equivalent cards. Two cards of one suit in one hand with no card of another hand (nor of the
trick on the table) between them form a run: the two lines that play one now and the other
later match play for play, and every trick is won by the same seat in both. They are not worth
the same points (9 J Q K 10 A score 0 2 3 4 10 11), so they are not interchangeable: the card
played now goes to the winner of this trick, the other to the winner of a later one, and the
lines differ by nothing else. Hence:
- when the side that wins the trick under way does not depend on which card of the run is
  played, nor on anything played after it, the higher card is worth at least as much to that
  side (the lines differ by nothing, or by the difference of the two cards' points in its
  favour). Only one card of the run is searched: the highest when it is the player's side,
  else the lowest. This covers the last hand of every trick, the second of three when the
  third cannot change the side that wins, and a leader's run that no other hand can beat, or
  that another hand beats with every card it may play, or (a defender's) that the declarer
  cannot beat;
- otherwise the values of two cards of a run differ by at most the difference of their points,
  so the first one searched bounds the others, which are skipped when the bound already falls
  outside the window.
A king and queen held together are kept apart from the cards around them (playing the jack
keeps the marriage, the queen does not), as is an ace that completes four aces when the ace
marriage is played. `Solver.reaches_each` uses the same relations between the moves at the
root: one search often answers for a whole run.

Quick bounds cut a search off at a trick boundary, checked before the boundary is entered:
the declarer cannot gain more than the card points left, the last-trick bonus and the
marriages in his hand; nor less than minus the weighted marriages in the defenders' hands.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from ..engine.cards import Card, Rank, Suit
from ..engine.rules import Rules

SUIT_ORDER: tuple[Suit, ...] = (Suit.SPADES, Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS)
POINTS: tuple[int, ...] = tuple((0, 2, 3, 4, 10, 11)[i % 6] for i in range(24))
SUIT_OF: tuple[int, ...] = tuple(i // 6 for i in range(24))
RANK_OF: tuple[int, ...] = tuple(i % 6 for i in range(24))
SUIT_MASK: tuple[int, ...] = tuple(0b111111 << (6 * s) for s in range(4))
KING, QUEEN, ACE = int(Rank.KING), int(Rank.QUEEN), int(Rank.ACE)
ACES_MASK = sum(1 << (s * 6 + ACE) for s in range(4))
QUEENS_MASK = sum(1 << (s * 6 + QUEEN) for s in range(4))
# Cards above a given card in its suit.
ABOVE: tuple[int, ...] = tuple(SUIT_MASK[i // 6] & ~((1 << (i + 1)) - 1) for i in range(24))
# BEATS[trump + 1][c]: the cards that beat `c` when it leads the trick so far.
BEATS: tuple[tuple[int, ...], ...] = tuple(
    tuple(ABOVE[c] | (SUIT_MASK[t] if t >= 0 and SUIT_OF[c] != t else 0) for c in range(24))
    for t in range(-1, 4)
)


def _per_suit(f: Callable[[int], int], combine: Callable[[int, int], int]) -> tuple[int, ...]:
    """A table over 12 bits (two suits) of `f` of each suit's 6 bits, combined."""
    six = [f(m) for m in range(64)]
    return tuple(combine(six[m & 63], six[m >> 6]) for m in range(1 << 12))


def _side_by_side(low: int, high: int) -> int:
    return low | high << 6


# Card points of a 12-bit half of a mask (two suits).
POINTS12 = _per_suit(lambda m: sum(POINTS[r] for r in range(6) if m >> r & 1), int.__add__)
# Per suit: the cards below the highest / the lowest card held (none when none is held);
# VOID: all six cards of each suit of which none is held.
UNDER_TOP = _per_suit(lambda m: (1 << (m.bit_length() - 1)) - 1 if m else 0, _side_by_side)
UNDER_LOW = _per_suit(lambda m: (m & -m) - 1 if m else 0, _side_by_side)
VOID = _per_suit(lambda m: 0 if m else 63, _side_by_side)


def _halves(table: tuple[int, ...], m: int) -> int:
    return table[m & 4095] | table[m >> 12] << 12


# The cards of each rank, high to low and low to high.
RANKS_DOWN = tuple(sum(1 << (s * 6 + r) for s in range(4)) for r in range(5, -1, -1))
RANKS_UP = RANKS_DOWN[::-1]
TENS_UP = RANKS_DOWN[0] | RANKS_DOWN[1]

PLAIN, MARRIAGE, KEEP_TRUMP, ACE_MARRIAGE = 0, 1, 2, 3
INF = 10_000
NEXT3 = (1, 2, 0)


def _runs(mine: int, other: int, ace_apart: bool) -> tuple[int, ...]:
    """The runs of one suit's cards `mine` (6 bits): cards with no card of `other` between them.

    A king and queen held together stay apart from the cards around them (playing the jack
    keeps the marriage, playing the queen does not), and so does an ace that completes four
    aces when `ace_apart`."""
    runs = []
    cur = 0
    married = mine & 0b1100 == 0b1100
    for r in range(6):
        bit = 1 << r
        if mine & bit:
            if cur and (
                (married and (r == QUEEN or (r > KING and cur >> KING & 1)))
                or (ace_apart and r == ACE)
            ):
                runs.append(cur)
                cur = 0
            cur |= bit
        elif other & bit and cur:
            runs.append(cur)
            cur = 0
    if cur:
        runs.append(cur)
    return tuple(r for r in runs if r & (r - 1))


def _run_table() -> tuple[tuple[int, ...], ...]:
    table: list[tuple[int, ...]] = [()] * (1 << 13)
    for mine in range(64):
        if mine & (mine - 1):
            free = 63 ^ mine
            other = free
            while True:
                for ace in (0, 1):
                    table[mine | other << 6 | ace << 12] = _runs(mine, other, bool(ace))
                if not other:
                    break
                other = (other - 1) & free
    return tuple(table)


# RUNS[mine | other << 6 | ace_apart << 12]: the runs of two cards or more.
RUNS = _run_table()


class NodeLimit(Exception):
    """The search used up its node budget."""


@dataclass(frozen=True, slots=True)
class PlayRules:
    """The conventions that change trick play, in the solver's terms."""

    must_beat: bool = False
    owner_only: bool = False
    card_must_win: bool = False
    keep_trump_option: bool = False
    on_first_lead: bool = False
    marriage_values: tuple[int, int, int, int] = (40, 60, 80, 100)  # by suit index S C D H
    ace_enabled: bool = False
    ace_value: int = 200
    ace_trump: str = "keep"

    @classmethod
    def of(cls, rules: Rules) -> PlayRules:
        values = tuple(rules.marriage.value_of(s.value) for s in SUIT_ORDER)
        return cls(
            must_beat=rules.play.must_beat,
            owner_only=rules.play.trump_lead == "owner_only",
            card_must_win=rules.marriage.card_must_win,
            keep_trump_option=rules.marriage.keep_trump_option,
            on_first_lead=rules.marriage.on_first_lead,
            marriage_values=values,  # type: ignore[arg-type]
            ace_enabled=rules.ace_marriage.enabled,
            ace_value=rules.ace_marriage.value,
            ace_trump=rules.ace_marriage.trump,
        )


@dataclass(slots=True)
class Position:
    """The tricks left, open-card. Positions 0..k-1 are the active seats in play order.

    `trick` holds (position, card index) played so far in the current trick, led by `leader`.
    `pending` is a marriage declared on this trick's lead whose points `card_must_win` may
    withhold: (position, points)."""

    hands: list[int]
    declarer: int
    leader: int
    trump: int = -1
    owner: int = -1
    trick: list[tuple[int, int]] = field(default_factory=list)
    tricks_done: int = 0
    marriage_scores: tuple[bool, ...] = (True, True, True)
    last_bonus: int = 0
    pending: tuple[int, int] | None = None

    def copy(self) -> Position:
        return Position(
            list(self.hands),
            self.declarer,
            self.leader,
            self.trump,
            self.owner,
            list(self.trick),
            self.tricks_done,
            self.marriage_scores,
            self.last_bonus,
            self.pending,
        )

    @property
    def to_move(self) -> int:
        return (self.leader + len(self.trick)) % len(self.hands)


Move = tuple[int, int]  # (card index, PLAIN | MARRIAGE | KEEP_TRUMP | ACE_MARRIAGE)


def mask_of(cards: Sequence[Card]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c.index
    return m


def cards_of(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def trick_winner_index(cards: Sequence[int], trump: int) -> int:
    best = 0
    for i in range(1, len(cards)):
        c, b = cards[i], cards[best]
        if SUIT_OF[c] == SUIT_OF[b]:
            if c > b:
                best = i
        elif SUIT_OF[c] == trump:
            best = i
    return best


def follow_mask(hand: int, trick: Sequence[int], trump: int, must_beat: bool) -> int:
    """Cards of `hand` that may follow `trick` (mirrors `engine.tricks.legal_follows`)."""
    led = SUIT_OF[trick[0]]
    same = hand & SUIT_MASK[led]
    if same:
        if not must_beat:
            return same
        if trump >= 0 and led != trump and any(SUIT_OF[c] == trump for c in trick):
            return same
        top = max(c for c in trick if SUIT_OF[c] == led)
        higher = same & ABOVE[top]
        return higher or same
    if trump >= 0:
        trumps = hand & SUIT_MASK[trump]
        if trumps:
            if not must_beat:
                return trumps
            played = [c for c in trick if SUIT_OF[c] == trump]
            if not played:
                return trumps
            higher = trumps & ABOVE[max(played)]
            return higher or trumps
    return hand


def lead_moves(pos: Position, rules: PlayRules, seat: int | None = None) -> list[Move]:
    """Every lead open to `seat` (default: the leader), declarations included."""
    p = pos.leader if seat is None else seat
    hand = pos.hands[p]
    trump = pos.trump
    may_declare = pos.tricks_done > 0 or rules.on_first_lead
    free = not rules.owner_only or trump < 0 or pos.owner == p or (hand & ~SUIT_MASK[trump]) == 0
    four_aces = may_declare and rules.ace_enabled and (hand & ACES_MASK) == ACES_MASK
    moves: list[Move] = []
    m = hand
    while m:
        low = m & -m
        c = low.bit_length() - 1
        m ^= low
        s = SUIT_OF[c]
        r = RANK_OF[c]
        declares = (
            may_declare
            and r in (KING, QUEEN)
            and (hand >> (s * 6 + KING)) & 1
            and (hand >> (s * 6 + QUEEN)) & 1
        )
        if s == trump and not free and not declares:
            continue
        moves.append((c, PLAIN))
        if declares:
            moves.append((c, MARRIAGE))
            if rules.keep_trump_option and trump != s:
                moves.append((c, KEEP_TRUMP))
        elif four_aces and r == ACE:
            moves.append((c, ACE_MARRIAGE))
    return moves


def _last_hand_order(keep: int, wins: int, partner: bool) -> list[int]:
    """The last hand's cards `keep`, best first: those that win the trick (`wins`), high to
    low, then the others, high to low on a partner's trick, else low to high."""
    if not keep & (keep - 1):
        return [keep.bit_length() - 1]
    s = (keep.bit_length() - 1) // 6
    if keep & ~SUIT_MASK[s]:
        win_cards = cards_of(keep & wins)
        win_cards.sort(key=RANK_OF.__getitem__, reverse=True)
        lose_cards = cards_of(keep & ~wins)
        lose_cards.sort(key=RANK_OF.__getitem__, reverse=partner)
        return win_cards + lose_cards
    out = []
    m = keep & wins
    while m:
        b = m.bit_length() - 1
        out.append(b)
        m ^= 1 << b
    m = keep & ~wins
    if partner:
        while m:
            b = m.bit_length() - 1
            out.append(b)
            m ^= 1 << b
    else:
        while m:
            low = m & -m
            out.append(low.bit_length() - 1)
            m ^= low
    return out


def _one_per_run(allowed: int, runs: list[int], wins: int, partner: bool) -> int:
    """The cards of `allowed` worth searching for the last hand of a trick: of each of its
    `runs` the top card when it wins the trick (`wins`) or a partner does (`partner`: the
    trick so far is his side's), else the lowest."""
    for run in runs:
        if partner or run & wins:
            allowed ^= run ^ (1 << (run.bit_length() - 1))
        else:
            allowed ^= run ^ (run & -run)
    return allowed


def _bound_by_run(
    runs: list[int], seen: dict[int, tuple[int, int]], c: int, maxing: bool, alpha: int, beta: int
) -> tuple[int, int | None]:
    """The run of `runs` that holds `c` (0 if none), and, when the value found for an earlier
    card of it (`seen`: run → card, value) shows that `c` cannot end inside the window, the
    bound that stands for the value of `c` (the two differ by at most their points)."""
    for run in runs:
        if run >> c & 1:
            break
    else:
        return 0, None
    prev = seen.get(run)
    if prev is not None:
        d = abs(POINTS[c] - POINTS[prev[0]])
        if maxing and prev[1] + d <= alpha:
            return run, prev[1] + d
        if not maxing and prev[1] - d >= beta:
            return run, prev[1] - d
    return run, None


class Table:
    """Bounds of positions at trick boundaries, shared by the solvers that use it.

    Entries are keyed on the whole position (hands, leader, trump and its owner, whether a
    marriage may be declared, the declarer, the marriages that score and the last-trick bonus),
    so one table serves every position and every sampled deal under one set of rules and one
    objective. An entry takes about 300 bytes; when the table holds more than `max_entries` it
    is emptied before the next search."""

    def __init__(
        self, rules: PlayRules, defender_weight: int = 0, max_entries: int = 100_000
    ) -> None:
        self.rules = rules
        self.defender_weight = defender_weight
        self.max_entries = max_entries
        self.entries: dict[tuple[int, ...], tuple[int, int, int]] = {}

    def __len__(self) -> int:
        return len(self.entries)


class Solver:
    """Alpha-beta over the tricks left, for one set of rules and one objective
    (`defender_weight`); its transposition table (`table`, fresh by default) may be shared with
    other solvers of the same rules and objective. `nodes` counts the cards tried (and the
    trick boundaries entered); `node_limit` and `deadline` stop a search with `NodeLimit`."""

    def __init__(
        self,
        rules: PlayRules,
        defender_weight: int = 0,
        node_limit: int | None = None,
        deadline: float | None = None,
        table: Table | None = None,
    ) -> None:
        if table is None:
            table = Table(rules, defender_weight)
        elif table.rules != rules or table.defender_weight != defender_weight:
            raise ValueError("the table belongs to other rules or another objective")
        self.rules = rules
        self.w_def = defender_weight
        self.node_limit = node_limit
        self.deadline = deadline
        self.nodes = 0
        self._check_at = self._next_check()
        self.table = table
        self.tt = table.entries
        self.marriage_sum = tuple(
            sum(rules.marriage_values[s] for s in range(4) if i >> s & 1) for i in range(16)
        )

    def _next_check(self) -> int:
        at = self.nodes + 1024
        if self.node_limit is not None:
            at = min(at, self.node_limit + 1)
        return at

    def _check(self) -> None:
        """Called every 1024 nodes: stop when a budget is spent."""
        if self.node_limit is not None and self.nodes > self.node_limit:
            raise NodeLimit
        if self.deadline is not None and time.perf_counter() > self.deadline:
            raise NodeLimit
        self._check_at = self._next_check()

    # -------------------------------------------------------------- the questions

    def value(self, pos: Position, alpha: int = -INF, beta: int = INF) -> int:
        """The declarer's future gain with best play (fail-soft inside the window)."""
        self._load(pos)
        return self._root(alpha, beta)

    def reaches(self, pos: Position, need: int) -> bool:
        """Can the declarer still gain at least `need`?"""
        self._load(pos)
        return self._root(need - 1, need) >= need

    def move_values(self, pos: Position, moves: Sequence[Move] | None = None) -> dict[Move, int]:
        """Exact value of each move for the player to move."""
        out: dict[Move, int] = {}
        for move in moves if moves is not None else self.moves(pos):
            child = pos.copy()
            gain = apply_move(child, move, self.rules, self.w_def)
            out[move] = gain + self.value(child)
        return out

    def reaches_each(
        self, pos: Position, need: int, moves: Sequence[Move] | None = None
    ) -> dict[Move, bool]:
        """For each move of the player to move (default: every legal one), can the declarer
        still gain at least `need`, the move's own gain included, once it is played?

        A null-window search per move, except where the run of the move's card (see `_runs`)
        already decides: cards of a run differ in value by at most their difference in points,
        and when the side that wins the trick under way is settled, the higher card is worth
        at least as much to that side. The search's bound on one card then often answers for
        the others (a losing top card of a run the declarer's side wins: all of it loses)."""
        moves = list(moves) if moves is not None else self.moves(pos)
        relations = self._run_relations(pos, moves)
        # the card of each run searched first: the top if its winner is the declarer's side
        # (the best for him), the lowest if not
        order = sorted(
            moves,
            key=lambda m: (
                (1, -RANK_OF[m[0]] if relations[m[0]][1] >= 0 else RANK_OF[m[0]])
                if not m[1] and m[0] in relations
                else (0, 0)
            ),
        )
        lows: dict[Move, int] = {}
        highs: dict[Move, int] = {}
        out: dict[Move, bool] = {}
        for move in order:
            if move in lows and lows[move] >= need:
                out[move] = True
                continue
            if move in highs and highs[move] < need:
                out[move] = False
                continue
            child = pos.copy()
            gain = apply_move(child, move, self.rules, self.w_def)
            self._load(child)
            v = gain + self._root(need - gain - 1, need - gain)
            out[move] = v >= need
            relation = relations.get(move[0]) if not move[1] else None
            if relation is None:
                continue
            run, side = relation
            for mate in moves:
                if mate[1] or mate == move or relations.get(mate[0], (0,))[0] != run:
                    continue
                # v(mate) - v(move) lies in [low, high]
                d = POINTS[mate[0]] - POINTS[move[0]]
                if side == 0:
                    low, high = -abs(d), abs(d)
                else:
                    low, high = min(side * d, 0), max(side * d, 0)
                if v >= need:
                    lows[mate] = max(lows.get(mate, -INF), v + low)
                else:
                    highs[mate] = min(highs.get(mate, INF), v + high)
        return {m: out[m] for m in moves}

    def _run_relations(self, pos: Position, moves: Sequence[Move]) -> dict[int, tuple[int, int]]:
        """card → (its run, the side that wins the trick whatever is played after it: 1 the
        declarer's, -1 the defenders', 0 unsettled), for the plain moves in runs."""
        p = pos.to_move
        hand = pos.hands[p]
        others = 0
        for q, x in enumerate(pos.hands):
            if q != p:
                others |= x
        for _, c in pos.trick:
            others |= 1 << c
        cards = 0
        for c, kind in moves:
            if not kind:
                cards |= 1 << c
        ace_apart = 4096 if self.rules.ace_enabled and hand & ACES_MASK == ACES_MASK else 0
        out: dict[int, tuple[int, int]] = {}
        for s in range(4):
            sh = 6 * s
            for run in RUNS[hand >> sh & 63 | (others >> sh & 63) << 6 | ace_apart]:
                run = run << sh & cards
                if run & (run - 1):
                    side = self._trick_side(pos, (run & -run).bit_length() - 1)
                    for c in cards_of(run):
                        out[c] = (run, side)
        return out

    def _trick_side(self, pos: Position, card: int) -> int:
        """1 if the declarer's side wins the trick under way whatever is played after `card`
        (played plain by the player to move), -1 if the defenders' side does, else 0."""
        k = len(pos.hands)
        hands = list(pos.hands)
        hands[pos.to_move] ^= 1 << card
        sides = set()
        must_beat = self.rules.must_beat
        tricks = [[*(c for _, c in pos.trick), card]]  # the trick's ways to be completed
        while tricks:
            cards = tricks.pop()
            if len(cards) == k:
                w = (pos.leader + trick_winner_index(cards, pos.trump)) % k
                sides.add(w == pos.declarer)
                continue
            q = (pos.leader + len(cards)) % k
            for c in cards_of(follow_mask(hands[q], cards, pos.trump, must_beat)):
                tricks.append([*cards, c])
        if len(sides) == 2:
            return 0
        return 1 if True in sides else -1

    def moves(self, pos: Position) -> list[Move]:
        if pos.trick:
            p = pos.to_move
            cards = follow_mask(
                pos.hands[p], [c for _, c in pos.trick], pos.trump, self.rules.must_beat
            )
            return [(c, PLAIN) for c in cards_of(cards)]
        return lead_moves(pos, self.rules)

    # -------------------------------------------------------------- the search

    def _load(self, pos: Position) -> None:
        k = len(pos.hands)
        if k not in (2, 3):
            raise ValueError("the solver plays two or three hands")
        if len(self.tt) > self.table.max_entries:
            self.tt.clear()
        self.h = list(pos.hands)
        self.k = k
        self.decl = pos.declarer
        self.pos = pos
        self.mscore = pos.marriage_scores
        self.bonus = pos.last_bonus
        scores = sum(1 << i for i, s in enumerate(pos.marriage_scores) if s)
        self.salt = (pos.declarer | scores << 2 | pos.last_bonus << 5) << 9
        # Which trick search, as a flag: a bound method kept on the solver would be a cycle
        # that holds its table (often 100,000 entries) until the next full collection.
        self.three = k == 3

    def _root(self, alpha: int, beta: int) -> int:
        pos = self.pos
        if not pos.trick:
            md = int(pos.tricks_done > 0 or self.rules.on_first_lead)
            return self._node(pos.leader, pos.trump, pos.owner, md, alpha, beta)
        if len(pos.trick) == 1:
            # just led: the trick's search takes it from here
            h = self.h
            decl = self.decl
            c = pos.trick[0][1]
            rest = 1 << c
            lower = 0
            for p, x in enumerate(h):
                rest |= x
                if p != decl:
                    lower -= self.w_def * self._marriages_of(p, x)
            revoke = 0
            if pos.pending is not None and pos.pending[0] == pos.leader:
                revoke = self._marriage_gain(*pos.pending)
            trick = self._trick3 if self.three else self._trick2
            return trick(
                pos.leader,
                c,
                pos.trump,
                pos.owner,
                revoke,
                alpha,
                beta,
                POINTS12[rest & 4095] + POINTS12[rest >> 12],
                self.bonus + self._marriages_of(decl, h[decl]),
                lower,
            )
        if len(pos.trick) == 2 and self.k == 3:
            return self._last_play(alpha, beta)
        raise ValueError("a trick under way holds one card, or two of three")

    def _marriage_gain(self, p: int, points: int) -> int:
        if p == self.decl:
            return points
        return -self.w_def * points

    def _last_play(self, alpha: int, beta: int) -> int:
        """The last card of the trick under way at the root: one card of each run (as the
        last hand in `_trick3`)."""
        pos = self.pos
        h = self.h
        decl = self.decl
        trump = pos.trump
        p = pos.to_move
        cards = [c for _, c in pos.trick]
        allowed = follow_mask(h[p], cards, trump, self.rules.must_beat)
        i = trick_winner_index(cards, trump)
        w0 = pos.trick[i][0]
        wins = allowed & BEATS[trump + 1][cards[i]]
        others = sum(1 << c for c in cards)
        for q, x in enumerate(h):
            if q != p:
                others |= x
        runs = self._runs_within(h[p], allowed, others)
        keep = _one_per_run(allowed, runs, wins, (w0 == decl) == (p == decl))
        maxing = p == decl
        best = -INF if maxing else INF
        for c in cards_of(keep):
            w = p if wins >> c & 1 else w0
            gain = 0
            h[p] ^= 1 << c
            if w == decl:
                gain = sum(POINTS[x] for x in cards) + POINTS[c] + (0 if h[p] else self.bonus)
            if pos.pending is not None and pos.pending[0] != w:
                gain -= self._marriage_gain(*pos.pending)
            v = gain + self._node(w, trump, pos.owner, 1, alpha - gain, beta - gain)
            h[p] ^= 1 << c
            if maxing:
                if v > best:
                    best = v
                    if v > alpha:
                        alpha = v
                        if alpha >= beta:
                            break
            elif v < best:
                best = v
                if v < beta:
                    beta = v
                    if alpha >= beta:
                        break
        return best

    def _runs_within(self, hand: int, allowed: int, others: int) -> list[int]:
        """The runs (see `_runs`) of two cards or more of `hand` among the cards `allowed`,
        against the cards `others` (the other hands and the trick)."""
        out = []
        ace_apart = 4096 if self.rules.ace_enabled and hand & ACES_MASK == ACES_MASK else 0
        top = (allowed.bit_length() - 1) // 6
        for s in (top,) if not allowed & ~SUIT_MASK[top] else range(4):
            sh = 6 * s
            mine = hand >> sh & 63
            if allowed >> sh & 63 and mine & (mine - 1):
                for run in RUNS[mine | (others >> sh & 63) << 6 | ace_apart]:
                    run = run << sh & allowed
                    if run:
                        out.append(run)
        return out

    def _marriages_of(self, p: int, hand: int) -> int:
        """The marriage points `p` could still declare with `hand`."""
        if not self.mscore[p]:
            return 0
        q = hand & (hand >> 1) & QUEENS_MASK
        points = self.marriage_sum[(q >> 2 & 1) | (q >> 7 & 2) | (q >> 12 & 4) | (q >> 17 & 8)]
        if self.rules.ace_enabled and hand & ACES_MASK == ACES_MASK:
            points += self.rules.ace_value
        return points

    def _final(self, leader: int, trump: int) -> int:
        """Every hand holds one card: the trick plays itself."""
        h = self.h
        k = self.k
        best = h[leader].bit_length() - 1
        w = leader
        total = POINTS[best]
        p = leader
        for _ in range(k - 1):
            p = p + 1 if p + 1 < k else 0
            c = h[p].bit_length() - 1
            total += POINTS[c]
            if BEATS[trump + 1][best] >> c & 1:
                best, w = c, p
        if w != self.decl:
            return 0
        return total + self.bonus

    def _node(self, leader: int, trump: int, owner: int, md: int, alpha: int, beta: int) -> int:
        """The value of a trick boundary: `leader` to lead (`md`: a marriage may be declared)."""
        self.nodes += 1
        if self.nodes >= self._check_at:
            self._check()
        h = self.h
        hand = h[leader]
        if not hand & (hand - 1):
            return self._final(leader, trump) if hand else 0
        state = self.salt | leader | (trump + 1) << 2 | (owner + 1) << 5 | md << 8
        key: tuple[int, ...]
        if self.k == 3:
            rest = h[0] | h[1] | h[2]
            key = (h[0], h[1], h[2], state)
        else:
            rest = h[0] | h[1]
            key = (h[0], h[1], state)
        tt = self.tt
        entry = tt.get(key)
        hint = -1
        lo0, hi0 = -INF, INF
        if entry is not None:
            lo0, hi0, hint = entry
            if lo0 >= beta:
                return lo0
            if hi0 <= alpha:
                return hi0
            if lo0 > alpha:
                alpha = lo0
            if hi0 < beta:
                beta = hi0
        decl = self.decl
        left = POINTS12[rest & 4095] + POINTS12[rest >> 12]
        x = h[decl]
        q = x & (x >> 1) & QUEENS_MASK
        extra = self.bonus
        if (q or x & ACES_MASK == ACES_MASK) and self.mscore[decl]:
            extra += self._marriages_of(decl, x)
        if left + extra <= alpha:
            return left + extra
        lower = 0
        if self.w_def:
            for p, x in enumerate(h):
                if p != decl:
                    lower -= self.w_def * self._marriages_of(p, x)
        if lower >= beta:
            return lower
        a0, b0 = alpha, beta
        rules = self.rules
        maxing = leader == decl
        best = -INF if maxing else INF
        best_move = -1
        can_score = self.mscore[leader]
        trick = self._trick3 if self.three else self._trick2
        masks = self._lead_masks(leader, trump, owner, md, rest)
        declare = maxing or self.w_def > 0
        codes = [hint if hint >= 0 else self._first_lead(masks, declare)]
        runs = None
        seen: dict[int, tuple[int, int]] = {}
        for code in codes:
            self.nodes += 1
            code &= 127
            c = code & 31
            kind = code >> 5
            t, o = trump, owner
            gain = 0
            run = 0
            if kind:
                s = SUIT_OF[c]
                if kind == ACE_MARRIAGE:
                    points = rules.ace_value
                    if rules.ace_trump == "cancel":
                        t, o = -1, -1
                    elif rules.ace_trump == "led_suit":
                        t, o = s, leader
                else:
                    points = rules.marriage_values[s]
                    if kind == MARRIAGE:
                        t, o = s, leader
                if can_score:
                    gain = points if maxing else -self.w_def * points
            elif runs is not None:
                run, bound = _bound_by_run(runs, seen, c, maxing, alpha, beta)
                if bound is not None:
                    best = max(best, bound) if maxing else min(best, bound)
                    continue
            revoke = gain if rules.card_must_win else 0
            h[leader] = hand ^ (1 << c)
            v = gain + trick(leader, c, t, o, revoke, alpha - gain, beta - gain, left, extra, lower)
            h[leader] = hand
            if run and run not in seen:
                seen[run] = (c, v)
            if maxing:
                if v > best:
                    best, best_move = v, code
                    if v > alpha:
                        alpha = v
                        if alpha >= beta:
                            break
            elif v < best:
                best, best_move = v, code
                if v < beta:
                    beta = v
                    if alpha >= beta:
                        break
            if len(codes) == 1:
                more, runs = self._more_leads(leader, trump, masks, declare, code, rest)
                codes.extend(more)
                if runs is not None and not kind:
                    run, _ = _bound_by_run(runs, seen, c, maxing, alpha, beta)
                    if run:
                        seen[run] = (c, v)
        lo, hi = lo0, hi0
        if best <= a0:
            hi = min(hi, best)
        elif best >= b0:
            lo = max(lo, best)
        else:
            lo = hi = best
        tt[key] = (lo, hi, best_move)
        return best

    def _lead_masks(
        self, leader: int, trump: int, owner: int, md: int, rest: int
    ) -> tuple[int, int, int, int, int, int]:
        """What the search needs to know of the leads: the cards that may be led plain, the
        king and queen of each marriage that may be declared, the leads the leader's side wins
        whatever the others play, those it loses whatever they play, the masters (no card of
        another hand above), and whether four aces may be declared."""
        h = self.h
        k = self.k
        hand = h[leader]
        rules = self.rules
        decl = self.decl
        p2 = leader + 1 if leader + 1 < k else 0
        x2 = h[p2]
        x3 = h[p2 + 1 if p2 + 1 < k else 0] if k == 3 else 0
        free = not rules.owner_only or trump < 0 or owner == leader or not hand & ~SUIT_MASK[trump]
        queens = hand & (hand >> 1) & QUEENS_MASK if md else 0
        married = queens | queens << 1
        plain = hand if free else (hand & ~SUIT_MASK[trump]) | married
        aces = md and rules.ace_enabled and hand & ACES_MASK == ACES_MASK
        # the leads each follower can beat (b) or beats with every card he may play (a)
        trumps = SUIT_MASK[trump] if trump >= 0 else 0
        ruff = (_halves(VOID, x2) & ~trumps) if x2 & trumps else 0
        b2 = (_halves(UNDER_TOP, x2) | ruff) & plain
        a2 = b2 if rules.must_beat else (_halves(UNDER_LOW, x2) | ruff) & plain
        if k == 2:
            win = plain & ~b2
            lose = a2
        else:
            ruff = (_halves(VOID, x3) & ~trumps) if x3 & trumps else 0
            b3 = (_halves(UNDER_TOP, x3) | ruff) & plain
            if leader == decl:
                win = plain & ~(b2 | b3)
                lose = a2 | ((_halves(UNDER_LOW, x3) | ruff) & plain)
            else:
                win = plain & ~(b2 if p2 == decl else b3)
                lose = 0
        master = plain & ~_halves(UNDER_TOP, rest ^ hand)
        return plain, married, win, lose, master, aces

    def _first_lead(self, masks: tuple[int, int, int, int, int, int], declare: bool) -> int:
        """The lead searched first (as ordered by `_more_leads`), found without sorting."""
        plain, married, win, lose, master, aces = masks
        declaration = -1
        if married:
            declaration = (married & -married).bit_length() - 1 | MARRIAGE << 5
        elif aces:
            x = plain & ACES_MASK
            declaration = (x & -x).bit_length() - 1 | ACE_MARRIAGE << 5
        if declare and declaration >= 0:
            return declaration
        if win:
            for rank in RANKS_DOWN:
                x = win & rank
                if x:
                    if declaration >= 0 and rank & TENS_UP == 0:
                        return declaration
                    return (x & -x).bit_length() - 1
        if declaration >= 0:
            return declaration
        m = master & ~lose
        if m:
            for rank in RANKS_DOWN:
                x = m & rank
                if x:
                    return (x & -x).bit_length() - 1
        for rank in RANKS_UP:
            x = plain & rank
            if x:
                return (x & -x).bit_length() - 1
        return -1

    def _more_leads(
        self,
        leader: int,
        trump: int,
        masks: tuple[int, int, int, int, int, int],
        declare: bool,
        done: int,
        rest: int,
    ) -> tuple[list[int], list[int] | None]:
        """The leads worth searching but `done`, best first (codes: card | kind << 5, above the
        seven bits of each a score), and the runs whose cards bound each other.

        Of a run of the leader's cards (see `_runs`) that his side wins whatever the others
        play, only the top card is searched; of one it loses whatever they play, the lowest.
        First the declarations (the declarer's, or any when the defenders' count), the leads
        that surely win (high first; a defender's declarations come after his aces and tens
        among them), the masters (high first), then the other cards, low first."""
        plain, married, win, lose, master, aces = masks
        hand = self.h[leader]
        rules = self.rules
        others = rest ^ hand
        scored: list[int] = []  # score << 7 | code, best first once sorted
        first = 924 if declare else 974
        if married:
            m = married
            while m:
                low = m & -m
                c = low.bit_length() - 1
                m ^= low
                scored.append(first << 7 | c | MARRIAGE << 5)
                if rules.keep_trump_option and trump != SUIT_OF[c]:
                    scored.append(first << 7 | c | KEEP_TRUMP << 5)
        ace_apart = 0
        if rules.ace_enabled and hand & ACES_MASK == ACES_MASK:
            ace_apart = 4096
            if aces:
                m = plain & ACES_MASK
                while m:
                    low = m & -m
                    m ^= low
                    scored.append(first << 7 | (low.bit_length() - 1) | ACE_MARRIAGE << 5)
        runs = None
        skip = 0
        for s in range(4):
            sh = 6 * s
            mine = plain >> sh & 63
            if mine & (mine - 1):
                for run in RUNS[hand >> sh & 63 | (others >> sh & 63) << 6 | ace_apart]:
                    run = run << sh & plain
                    if not run & (run - 1):
                        continue
                    if run & win:
                        skip |= run ^ (1 << (run.bit_length() - 1))
                    elif run & lose:
                        skip |= run ^ (run & -run)
                    else:
                        if runs is None:
                            runs = []
                        runs.append(run)
        m = plain & ~skip
        while m:
            low = m & -m
            c = low.bit_length() - 1
            m ^= low
            if low & win:
                scored.append((984 - POINTS[c]) << 7 | c)
            elif low & master and not low & lose:
                scored.append((1004 - POINTS[c]) << 7 | c)
            else:
                scored.append((1024 + POINTS[c]) << 7 | c)
        scored = [x for x in scored if x & 127 != done]
        scored.sort()
        return scored, runs

    def _allowed3(self, hand: int, c: int, c2: int, trump: int) -> int:
        """The cards of the third hand that may follow `c`, `c2` (as `follow_mask`)."""
        ls = SUIT_OF[c]
        same = hand & SUIT_MASK[ls]
        if same:
            if self.rules.must_beat and not (trump >= 0 and ls != trump and SUIT_OF[c2] == trump):
                top = c2 if SUIT_OF[c2] == ls and c2 > c else c
                return same & ABOVE[top] or same
            return same
        if trump >= 0 and hand & SUIT_MASK[trump]:
            trumps = hand & SUIT_MASK[trump]
            if self.rules.must_beat and SUIT_OF[c2] == trump:
                return trumps & ABOVE[c2] or trumps
            return trumps
        return hand

    def _trick3(
        self,
        leader: int,
        c: int,
        trump: int,
        owner: int,
        revoke: int,
        alpha: int,
        beta: int,
        left: int,
        extra: int,
        lower: int,
    ) -> int:
        """Three hands: the rest of a trick led by `c` (out of the leader's hand), and beyond.

        `left` is the card points in the hands before the lead; the declarer gains at most
        `extra` more (bonus, marriages) and at least `lower` after this trick.

        The second and third hands search one card of a run (see `_runs`) when the side that
        wins the trick does not depend on which of them is played: the higher one if it is the
        player's side, else the lower one. Either way the cards of the run keep the same powers
        for the rest of the deal, so the points are all that differ: the card played now goes to
        this trick's winner, the other to the winner of a later trick; playing the higher card
        now is worth at least as much to the side that wins this trick. When that side depends
        on the third hand, the first card of the run searched bounds the others: they differ by
        at most the difference of their points."""
        h = self.h
        decl = self.decl
        rules = self.rules
        p2 = NEXT3[leader]
        p3 = NEXT3[p2]
        hand2 = h[p2]
        hand3 = h[p3]
        beats = BEATS[trump + 1]
        lsm = SUIT_MASK[SUIT_OF[c]]
        tm = SUIT_MASK[trump] if trump >= 0 else 0
        same = hand2 & lsm
        if same:
            allowed2 = same
            if rules.must_beat:
                allowed2 = same & ABOVE[c] or same
        elif hand2 & tm:
            allowed2 = hand2 & tm
        else:
            allowed2 = hand2
        wins2 = allowed2 & beats[c]
        side2 = p2 == decl
        side3 = p3 == decl
        runs2 = None
        if allowed2 & (allowed2 - 1):
            keep = allowed2
            for r in self._runs_within(hand2, allowed2, h[leader] | hand3 | 1 << c):
                rep = (r & -r).bit_length() - 1
                if wins2 >> rep & 1:
                    top, w = rep, p2
                else:
                    top, w = c, leader
                allowed3 = self._allowed3(hand3, c, rep, trump)
                w3 = allowed3 & beats[top]
                if w3:
                    if w3 != allowed3 and (w == decl) != side3:
                        if runs2 is None:
                            runs2 = []
                        runs2.append(r)
                        continue
                    w = p3
                if (w == decl) == side2:
                    keep ^= r ^ (1 << (r.bit_length() - 1))
                else:
                    keep ^= r ^ (r & -r)
            # winning with a ten or an ace first, else with the cheapest card; not winning,
            # the most points on a partner's lead, else the fewest
            order2 = []  # score << 5 | card, best first once sorted
            m = keep
            lead_side = (leader == decl) == side2
            while m:
                low = m & -m
                x = low.bit_length() - 1
                m ^= low
                pts = POINTS[x]
                if low & wins2:
                    order2.append((156 + pts - (50 if pts >= 10 else 0)) << 5 | x)
                elif lead_side:
                    order2.append((256 - pts) << 5 | x)
                else:
                    order2.append((256 + pts) << 5 | x)
            order2.sort()
        else:
            order2 = [allowed2.bit_length() - 1]
        after = hand3.bit_count() - 1
        bonus = self.bonus if after == 0 else 0
        node = self._node
        final = self._final
        must_beat = rules.must_beat
        same3 = hand3 & lsm
        trumps3 = hand3 & tm
        # without `must_beat` the third hand's cards do not depend on the second's
        if same3:
            allowed3 = same3
        elif trumps3:
            allowed3 = trumps3
        else:
            allowed3 = hand3
        others3 = h[leader] | hand2 | 1 << c
        runs3 = self._runs_within(hand3, allowed3, others3) if allowed3 & (allowed3 - 1) else []
        best2 = -INF if side2 else INF
        seen: dict[int, tuple[int, int]] = {}
        for c2 in order2:
            self.nodes += 1
            c2 &= 31
            run = 0
            if runs2 is not None:
                run, bound = _bound_by_run(runs2, seen, c2, side2, alpha, beta)
                if bound is not None:
                    best2 = max(best2, bound) if side2 else min(best2, bound)
                    continue
            bit2 = 1 << c2
            h[p2] = hand2 ^ bit2
            if wins2 & bit2:
                top, w2 = c2, p2
            else:
                top, w2 = c, leader
            if must_beat:
                allowed3 = self._allowed3(hand3, c, c2, trump)
                if allowed3 & (allowed3 - 1):
                    runs3 = self._runs_within(hand3, allowed3, others3)
            wins3 = allowed3 & beats[top]
            if allowed3 & (allowed3 - 1):
                partner = (w2 == decl) == side3
                order3 = _last_hand_order(
                    _one_per_run(allowed3, runs3, wins3, partner), wins3, partner
                )
            else:
                order3 = [allowed3.bit_length() - 1]
            base = POINTS[c] + POINTS[c2]
            best3 = -INF if side3 else INF
            a3, b3 = alpha, beta
            for c3 in order3:
                self.nodes += 1
                w = p3 if wins3 >> c3 & 1 else w2
                points = base + POINTS[c3]
                g = points + bonus if w == decl else 0
                if revoke and w != leader:
                    g -= revoke
                if after >= 2:
                    if g + left - points + extra <= a3:
                        v = g + left - points + extra
                    elif g + lower >= b3:
                        v = g + lower
                    else:
                        h[p3] = hand3 ^ (1 << c3)
                        v = g + node(w, trump, owner, 1, a3 - g, b3 - g)
                        h[p3] = hand3
                elif after:
                    h[p3] = hand3 ^ (1 << c3)
                    v = g + final(w, trump)
                    h[p3] = hand3
                else:
                    v = g
                if side3:
                    if v > best3:
                        best3 = v
                        if v > a3:
                            a3 = v
                            if a3 >= b3:
                                break
                elif v < best3:
                    best3 = v
                    if v < b3:
                        b3 = v
                        if a3 >= b3:
                            break
            h[p2] = hand2
            if run and run not in seen:
                seen[run] = (c2, best3)
            if side2:
                if best3 > best2:
                    best2 = best3
                    if best3 > alpha:
                        alpha = best3
                        if alpha >= beta:
                            break
            elif best3 < best2:
                best2 = best3
                if best3 < beta:
                    beta = best3
                    if alpha >= beta:
                        break
        return best2

    def _trick2(
        self,
        leader: int,
        c: int,
        trump: int,
        owner: int,
        revoke: int,
        alpha: int,
        beta: int,
        left: int,
        extra: int,
        lower: int,
    ) -> int:
        """Two hands: the answer to a lead `c` (out of the leader's hand), and beyond. Of a run
        of the follower's cards the top one is searched when it wins, the lowest when it
        loses (see `_trick3`)."""
        h = self.h
        decl = self.decl
        p2 = 1 - leader
        hand2 = h[p2]
        trump_mask = SUIT_MASK[trump] if trump >= 0 else 0
        lsm = SUIT_MASK[SUIT_OF[c]]
        same = hand2 & lsm
        if same:
            allowed = same
            if self.rules.must_beat:
                allowed = same & ABOVE[c] or same
        elif hand2 & trump_mask:
            allowed = hand2 & trump_mask
        else:
            allowed = hand2
        wins = allowed & BEATS[trump + 1][c]
        if allowed & (allowed - 1):
            runs = self._runs_within(hand2, allowed, h[leader] | 1 << c)
            keep = _one_per_run(allowed, runs, wins, False)
            order = _last_hand_order(keep, wins, False)
        else:
            order = [allowed.bit_length() - 1]
        after = hand2.bit_count() - 1
        bonus = self.bonus if after == 0 else 0
        maxing = p2 == decl
        best = -INF if maxing else INF
        for c2 in order:
            self.nodes += 1
            w = p2 if wins >> c2 & 1 else leader
            points = POINTS[c] + POINTS[c2]
            g = points + bonus if w == decl else 0
            if revoke and w != leader:
                g -= revoke
            if after >= 2:
                if g + left - points + extra <= alpha:
                    v = g + left - points + extra
                elif g + lower >= beta:
                    v = g + lower
                else:
                    h[p2] = hand2 ^ (1 << c2)
                    v = g + self._node(w, trump, owner, 1, alpha - g, beta - g)
                    h[p2] = hand2
            elif after:
                h[p2] = hand2 ^ (1 << c2)
                v = g + self._final(w, trump)
                h[p2] = hand2
            else:
                v = g
            if maxing:
                if v > best:
                    best = v
                    if v > alpha:
                        alpha = v
                        if alpha >= beta:
                            break
            elif v < best:
                best = v
                if v < beta:
                    beta = v
                    if alpha >= beta:
                        break
        return best


def apply_move(pos: Position, move: Move, rules: PlayRules, defender_weight: int = 0) -> int:
    """Play `move` in `pos` (changed in place); return the declarer's immediate gain."""
    k = len(pos.hands)
    p = pos.to_move
    c, kind = move
    gain = 0

    def marriage_gain(seat: int, points: int) -> int:
        return points if seat == pos.declarer else -defender_weight * points

    if not pos.trick:
        pos.pending = None
        if kind != PLAIN:
            s = SUIT_OF[c]
            if kind == ACE_MARRIAGE:
                value = rules.ace_value
                if rules.ace_trump == "cancel":
                    pos.trump, pos.owner = -1, -1
                elif rules.ace_trump == "led_suit":
                    pos.trump, pos.owner = s, p
            else:
                value = rules.marriage_values[s]
                if kind == MARRIAGE:
                    pos.trump, pos.owner = s, p
            points = value if pos.marriage_scores[p] else 0
            gain = marriage_gain(p, points)
            if rules.card_must_win:
                pos.pending = (p, points)
    pos.hands = list(pos.hands)
    pos.hands[p] ^= 1 << c
    pos.trick = [*pos.trick, (p, c)]
    if len(pos.trick) == k:
        cards = [x for _, x in pos.trick]
        w = pos.trick[trick_winner_index(cards, pos.trump)][0]
        if w == pos.declarer:
            gain += sum(POINTS[x] for x in cards)
            if not pos.hands[w]:
                gain += pos.last_bonus
        if pos.pending is not None and pos.pending[0] != w:
            gain -= marriage_gain(*pos.pending)
        pos.trick = []
        pos.leader = w
        pos.pending = None
        pos.tricks_done += 1
    return gain
