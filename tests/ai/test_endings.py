"""Hand-made endings where the winning line is known: the search finds it.

Cards are written as in the records (`AS` = ace of spades); position 0 is the declarer."""

from __future__ import annotations

from types import SimpleNamespace

from thousand_tui.ai import worlds
from thousand_tui.ai.solver import MARRIAGE, PLAIN, PlayRules, Position, Solver, apply_move
from thousand_tui.ai.worlds import PLAY, Tally, Task, solve
from thousand_tui.engine.cards import parse_card

RULES = PlayRules()


def hand(*codes: str) -> int:
    m = 0
    for code in codes:
        m |= 1 << parse_card(code).index
    return m


def card(code: str) -> int:
    return parse_card(code).index


def best_moves(pos: Position) -> tuple[set[tuple[int, int]], dict[tuple[int, int], int]]:
    values = Solver(RULES).move_values(pos)
    maxing = pos.to_move == pos.declarer
    target = max(values.values()) if maxing else min(values.values())
    return {m for m, v in values.items() if v == target}, values


def test_draws_trumps_before_cashing_side_aces() -> None:
    # Hearts are trump (the declarer's marriage). Defender 1 holds one small trump and no
    # clubs: the declarer must draw it with the ace of trumps before cashing his clubs.
    pos = Position(
        hands=[
            hand("AH", "AC", "TC", "9S"),
            hand("9H", "JS", "9D", "JD"),
            hand("9C", "JC", "QS", "QD"),
        ],
        declarer=0,
        leader=0,
        trump=3,
        owner=0,
        tricks_done=4,
    )
    best, values = best_moves(pos)
    assert best == {(card("AH"), PLAIN)}
    assert values[(card("AH"), PLAIN)] > values[(card("AC"), PLAIN)]


def test_cashes_aces_before_declaring_a_marriage() -> None:
    # Declaring hearts at once lets the defender with A-10 of hearts take the lead and keep it
    # with trumps; cashing the black aces first (no trump yet) makes 120 more.
    pos = Position(
        hands=[
            hand("AS", "AC", "KH", "QH"),
            hand("AH", "TH", "9D", "JD"),
            hand("9S", "9C", "TS", "TC"),
        ],
        declarer=0,
        leader=0,
        tricks_done=4,
    )
    solver = Solver(RULES)
    need = 120
    assert solver.reaches(pos, need)
    declare_first = pos.copy()
    gain = apply_move(declare_first, (card("KH"), MARRIAGE), RULES)
    assert not Solver(RULES).reaches(declare_first, need - gain)
    best, _ = best_moves(pos)
    assert all(move[0] in (card("AS"), card("AC")) for move in best)


def test_defender_breaks_the_contract_by_declaring_his_marriage() -> None:
    # Defender 1 leads. Declaring clubs makes clubs trump: defender 2, void in hearts and
    # spades, then ruffs the declarer's aces and tens. Plain leads leave him 26 or more.
    pos = Position(
        hands=[
            hand("AS", "TS", "AH", "TH"),
            hand("KC", "QC", "9H", "JH"),
            hand("9C", "JC", "9D", "JD"),
        ],
        declarer=0,
        leader=1,
        tricks_done=4,
    )
    need = 20
    best, values = best_moves(pos)
    assert best and all(kind == MARRIAGE for _, kind in best)
    assert all(v < need for m, v in values.items() if m[1] == MARRIAGE)
    assert all(v >= need for m, v in values.items() if m[1] != MARRIAGE)


def test_squeezes_points_from_a_defender() -> None:
    # No trump. The declarer runs his spades; defender 1 holds the last diamond ace and ten
    # guarded plus the ten of clubs, and must throw points away on each spade.
    pos = Position(
        hands=[
            hand("AS", "TS", "KS", "9D"),
            hand("AD", "TD", "TC", "9H"),
            hand("9S", "JS", "QS", "JH"),
        ],
        declarer=0,
        leader=0,
        tricks_done=4,
    )
    best, values = best_moves(pos)
    spades = {card("AS"), card("TS"), card("KS")}
    assert all(move[0] in spades for move in best)
    assert max(values.values()) > values[(card("9D"), PLAIN)]


def test_a_defender_keeps_his_ten_off_his_partners_trick() -> None:
    # No trump. The partner (1) has led the ace of diamonds and the declarer (2), void, has
    # thrown a club. The last defender (0) holds the ten and nine of diamonds and both black
    # aces: whatever the partner leads next, an ace wins it, and then the ten of diamonds wins
    # a trick of its own. Smearing the ten gives its 10 points to the partner; the declarer
    # takes nothing either way, so only the defender's own points tell the two cards apart.
    pos = Position(
        hands=[
            hand("TD", "9D", "AS", "AC"),
            hand("QS", "9S", "KC"),
            hand("KS", "JS", "JC"),
        ],
        declarer=2,
        leader=1,
        trick=[(1, card("AD")), (2, card("9C"))],
        tricks_done=4,
    )
    ten, nine = (card("TD"), PLAIN), (card("9D"), PLAIN)
    team = Solver(RULES, 1).move_values(pos, [ten, nine])
    assert team[ten] == team[nine] == 0
    answer = solve(Task(RULES, PLAY, (pos,), (1,), (ten, nine), exact=True, own=0), {})
    (_, _, own_ten), (_, _, own_nine) = answer.results  # type: ignore[misc]
    assert own_nine == own_ten + 10
    rows: tuple[tuple[int, int, int], ...] = answer.results  # type: ignore[assignment]
    tallies = {m: Tally(*row, samples=1) for m, row in zip((ten, nine), rows, strict=True)}
    defender = SimpleNamespace(declarer=2, seat=0)
    assert worlds.best_moves(defender, tallies) == [nine]  # type: ignore[arg-type]
