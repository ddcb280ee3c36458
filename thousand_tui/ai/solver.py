"""An exact open-card solver of the tricks left in a deal.

The position is compact: a 24-bit mask of cards per active seat (card index = suit * 6 + rank,
as `engine.cards.Card.index`), the trick under way, trump and its owner. Every play rule of
RULES.md §2.6 is followed: follow suit, must trump, `play.must_beat`, `play.trump_lead:
owner_only`, marriages declared on lead (points, trump change, "по масти", the ace marriage,
`marriage.on_first_lead`, `marriage.card_must_win`, `barrel.marriages_count`) and, with two
players, the other talon going to the winner of the last trick.

The value of a position is what the declarer still gains: his card points plus his marriage
points, minus `defender_weight` × the defenders' marriage points. Declarer maximises, the
defenders (a team) minimise. `Solver.value` is fail-soft alpha-beta with a transposition table
at trick boundaries; `Solver.reaches` is a null-window test ("can the declarer still gain at
least `need`?"), the question a contract asks.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
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
# Cards above a given card in its suit.
ABOVE: tuple[int, ...] = tuple(SUIT_MASK[i // 6] & ~((1 << (i + 1)) - 1) for i in range(24))

PLAIN, MARRIAGE, KEEP_TRUMP, ACE_MARRIAGE = 0, 1, 2, 3
INF = 10_000


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


class Solver:
    """Alpha-beta over the tricks left. One instance per position family: its transposition
    table is valid for one objective (`defender_weight`) and one set of rules."""

    def __init__(
        self,
        rules: PlayRules,
        defender_weight: int = 0,
        node_limit: int | None = None,
        deadline: float | None = None,
    ) -> None:
        self.rules = rules
        self.w_def = defender_weight
        self.node_limit = node_limit
        self.deadline = deadline
        self.nodes = 0
        self._check_at = self._next_check()
        self.tt: dict[tuple[int, ...], tuple[int, int, Move | None]] = {}

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
        return self._search(alpha, beta)

    def reaches(self, pos: Position, need: int) -> bool:
        """Can the declarer still gain at least `need`?"""
        self._load(pos)
        return self._search(need - 1, need) >= need

    def move_values(self, pos: Position, moves: Sequence[Move] | None = None) -> dict[Move, int]:
        """Exact value of each move for the player to move."""
        out: dict[Move, int] = {}
        for move in moves if moves is not None else self.moves(pos):
            child = pos.copy()
            gain = apply_move(child, move, self.rules, self.w_def)
            out[move] = gain + self.value(child)
        return out

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
        self.h = list(pos.hands)
        self.k = len(pos.hands)
        self.decl = pos.declarer
        self.leader = pos.leader
        self.trump = pos.trump
        self.owner = pos.owner
        self.trick = list(pos.trick)
        self.done = pos.tricks_done
        self.mscore = pos.marriage_scores
        self.bonus = pos.last_bonus
        self.pending = pos.pending

    def _search(self, alpha: int, beta: int) -> int:
        self.nodes += 1
        if self.nodes >= self._check_at:
            self._check()
        trick = self.trick
        k = self.k
        n = len(trick)
        h = self.h
        if n == 0:
            leader = self.leader
            hand = h[leader]
            if not hand:
                return 0
            if not hand & (hand - 1):
                return self._last_trick()
            key = (*h, leader, self.trump, self.owner, self.done == 0)
            entry = self.tt.get(key)
            hint = None
            if entry is not None:
                lo, hi, hint = entry
                if lo >= beta:
                    return lo
                if hi <= alpha:
                    return hi
                if lo > alpha:
                    alpha = lo
                if hi < beta:
                    beta = hi
            a0, b0 = alpha, beta
            maxing = leader == self.decl
            moves = self._ordered_leads(leader, hint)
            best = -INF if maxing else INF
            best_move = None
            for move in moves:
                gain, undo = self._lead(leader, move)
                v = gain + self._search(alpha - gain, beta - gain)
                self._unlead(undo)
                if maxing:
                    if v > best:
                        best, best_move = v, move
                        if v > alpha:
                            alpha = v
                            if alpha >= beta:
                                break
                else:
                    if v < best:
                        best, best_move = v, move
                        if v < beta:
                            beta = v
                            if alpha >= beta:
                                break
            lo, hi = -INF, INF
            if entry is not None:
                lo, hi = entry[0], entry[1]
            if best <= a0:
                hi = min(hi, best)
            elif best >= b0:
                lo = max(lo, best)
            else:
                lo = hi = best
            self.tt[key] = (lo, hi, best_move)
            return best
        p = (self.leader + n) % k
        cards = [c for _, c in trick]
        allowed = follow_mask(h[p], cards, self.trump, self.rules.must_beat)
        maxing = p == self.decl
        order = (
            [allowed.bit_length() - 1]
            if not allowed & (allowed - 1)
            else self._ordered_follows(p, allowed, cards)
        )
        best = -INF if maxing else INF
        last = n == k - 1
        for c in order:
            h[p] ^= 1 << c
            trick.append((p, c))
            if last:
                gain, undo = self._close()
                v = gain + self._search(alpha - gain, beta - gain)
                self._unclose(undo)
            else:
                v = self._search(alpha, beta)
            trick.pop()
            h[p] |= 1 << c
            if maxing:
                if v > best:
                    best = v
                    if v > alpha:
                        alpha = v
                        if alpha >= beta:
                            break
            else:
                if v < best:
                    best = v
                    if v < beta:
                        beta = v
                        if alpha >= beta:
                            break
        return best

    def _last_trick(self) -> int:
        """Every hand holds one card: the trick plays itself."""
        k = self.k
        order = [(self.leader + i) % k for i in range(k)]
        cards = [self.h[p].bit_length() - 1 for p in order]
        w = order[trick_winner_index(cards, self.trump)]
        if w != self.decl:
            return 0
        return sum(POINTS[c] for c in cards) + self.bonus

    def _marriage_gain(self, p: int, points: int) -> int:
        if p == self.decl:
            return points
        return -self.w_def * points

    def _lead(self, p: int, move: Move) -> tuple[int, tuple]:
        c, kind = move
        undo = (self.trump, self.owner, self.pending)
        gain = 0
        self.pending = None
        if kind != PLAIN:
            rules = self.rules
            s = SUIT_OF[c]
            if kind == ACE_MARRIAGE:
                value = rules.ace_value
                if rules.ace_trump == "cancel":
                    self.trump, self.owner = -1, -1
                elif rules.ace_trump == "led_suit":
                    self.trump, self.owner = s, p
            else:
                value = rules.marriage_values[s]
                if kind == MARRIAGE:
                    self.trump, self.owner = s, p
            points = value if self.mscore[p] else 0
            gain = self._marriage_gain(p, points)
            if rules.card_must_win:
                self.pending = (p, points)
        self.h[p] ^= 1 << c
        self.trick.append((p, c))
        return gain, undo

    def _unlead(self, undo: tuple) -> None:
        p, c = self.trick.pop()
        self.h[p] |= 1 << c
        self.trump, self.owner, self.pending = undo

    def _close(self) -> tuple[int, tuple]:
        """The trick is complete: score it and hand the lead to its winner."""
        trick = self.trick
        cards = [c for _, c in trick]
        w = trick[trick_winner_index(cards, self.trump)][0]
        gain = 0
        if w == self.decl:
            gain = POINTS[cards[0]] + POINTS[cards[1]] + (POINTS[cards[2]] if len(cards) > 2 else 0)
            if not self.h[w]:
                gain += self.bonus
        pending = self.pending
        if pending is not None and pending[0] != w:
            gain -= self._marriage_gain(pending[0], pending[1])
        undo = (self.leader, trick, pending)
        self.trick = []
        self.leader = w
        self.pending = None
        self.done += 1
        return gain, undo

    def _unclose(self, undo: tuple) -> None:
        self.leader, self.trick, self.pending = undo
        self.done -= 1

    # -------------------------------------------------------------- move ordering

    def _ordered_leads(self, p: int, hint: Move | None) -> list[Move]:
        moves = self._lead_moves(p)
        maxing = p == self.decl

        def key(move: Move) -> int:
            c, kind = move
            if move == hint:
                return -1000
            if kind != PLAIN:
                return -500 if (maxing or self.w_def) else -200
            return -(RANK_OF[c] * 10) - POINTS[c] // 5

        moves.sort(key=key)
        return moves

    def _lead_moves(self, p: int) -> list[Move]:
        pos = Position(self.h, self.decl, p, self.trump, self.owner, [], self.done)
        return lead_moves(pos, self.rules)

    def _ordered_follows(self, p: int, allowed: int, cards: list[int]) -> list[int]:
        trick = self.trick
        trump = self.trump
        bi = trick_winner_index(cards, trump)
        best = cards[bi]
        winner_team = trick[bi][0] == self.decl
        my_team = p == self.decl
        bs = SUIT_OF[best]
        out = []
        m = allowed
        while m:
            low = m & -m
            c = low.bit_length() - 1
            m ^= low
            s = SUIT_OF[c]
            beats = (s == bs and c > best) or (s == trump and bs != trump)
            if beats:
                k = -100 + POINTS[c] - (50 if POINTS[c] >= 10 else 0)
            elif winner_team == my_team:
                k = -POINTS[c]  # smear points on a partner's (or own side's) trick
            else:
                k = POINTS[c]
            out.append((k, c))
        out.sort()
        return [c for _, c in out]


def apply_move(pos: Position, move: Move, rules: PlayRules, defender_weight: int = 0) -> int:
    """Play `move` in `pos` (changed in place); return the declarer's immediate gain."""
    solver = Solver(rules, defender_weight)
    solver._load(pos)
    p = pos.to_move
    if not pos.trick:
        gain, _ = solver._lead(p, move)
    else:
        c = move[0]
        solver.h[p] ^= 1 << c
        solver.trick.append((p, c))
        gain = 0
    if len(solver.trick) == solver.k:
        g, _ = solver._close()
        gain += g
    pos.hands = solver.h
    pos.leader = solver.leader
    pos.trump = solver.trump
    pos.owner = solver.owner
    pos.trick = solver.trick
    pos.tricks_done = solver.done
    pos.pending = solver.pending
    return gain
