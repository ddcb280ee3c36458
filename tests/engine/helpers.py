"""Stacked deals and scripted play for the engine tests.

A test deals chosen cards (`stacked_game`), drives the decisions with short scripts
(`play_out`: `"1 bid 105"`, `"0 give 9S 2"`, `"1 play KH H"`) or whole tricks (`play_cards`),
and checks the exact `result` line of docs/record.md#result (`result_of`).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from tests.helpers.rules import PRESETS as PRESETS  # the engine tests import both from here
from tests.helpers.rules import rules_of
from thousand_tui.engine.actions import Act, Action, IllegalAction
from thousand_tui.engine.cards import DECK, Card, parse_card, parse_cards
from thousand_tui.engine.dealing import Dealt
from thousand_tui.engine.game import Game, Start
from thousand_tui.engine.match import BarrelSeat, MatchState
from thousand_tui.engine.rules import Rules
from thousand_tui.engine.scoring import Settlement

Hands = Sequence[Sequence[str] | str]
Talon = Sequence[str] | str | Sequence[Sequence[str] | str]


def cards_of(spec: Sequence[str] | str) -> tuple[Card, ...]:
    """`"AH TH 9S"` or `["AH", "TH", "9S"]` → cards."""
    codes = spec.split() if isinstance(spec, str) else list(spec)
    return tuple(parse_cards(codes))


def dealt(hands: Hands, talon: Talon, cut: Sequence[str] = (), cut_penalty: bool = False) -> Dealt:
    """The cards of one deal; checks that they are the 24 cards, each once."""
    hand_cards = tuple(cards_of(h) for h in hands)
    if isinstance(talon, str) or (talon and isinstance(talon[0], str) and len(talon[0]) == 2):
        talons: tuple[tuple[Card, ...], ...] = (cards_of(talon),)  # type: ignore[arg-type]
    else:
        talons = tuple(cards_of(t) for t in talon)  # type: ignore[arg-type]
    every = [c for h in hand_cards for c in h] + [c for t in talons for c in t]
    missing = sorted(set(DECK) - set(every))
    doubled = sorted({c for c in every if every.count(c) > 1})
    assert not missing and not doubled, f"not a deck: missing {missing}, twice {doubled}"
    return Dealt(hands=hand_cards, talons=talons, cut=cards_of(cut), cut_penalty=cut_penalty)


def complete(hands: Sequence[str | None], talon: str | None = None) -> tuple[list[str], str]:
    """Fill the hands given as None (and the talon, if None) with the cards not yet used, in
    deck order; each hand gets 7 cards (a sitting-out seat is written `""`)."""
    used = {c for h in hands if h for c in cards_of(h)}
    if talon:
        used |= set(cards_of(talon))
    rest = [c for c in DECK if c not in used]
    out: list[str] = []
    for hand in hands:
        if hand is None:
            out.append(" ".join(c.code for c in rest[:7]))
            rest = rest[7:]
        else:
            out.append(hand)
    if talon is None:
        talon = " ".join(c.code for c in rest[:3])
        rest = rest[3:]
    assert not rest, f"cards left over: {rest}"
    return out, talon


def state(
    players: int = 3,
    scores: Sequence[int] | None = None,
    palki: Sequence[int] | None = None,
    streak: Sequence[int] | None = None,
    barrel: Mapping[int, tuple[int, int] | int] | None = None,
    falls: Sequence[int] | None = None,
    concessions: Sequence[int] | None = None,
    crosses: Sequence[int] | None = None,
    golden_left: int = 0,
) -> MatchState:
    """A match state; `barrel={0: 1}` puts seat 0 on the barrel with one attempt used,
    `{0: (1, 40)}` also with a tally of 40."""
    zeros = (0,) * players
    seats: list[BarrelSeat | None] = [None] * players
    for seat, value in (barrel or {}).items():
        used, tally = value if isinstance(value, tuple) else (value, 0)
        seats[seat] = BarrelSeat(used, tally)
    return MatchState(
        scores=tuple(scores or zeros),
        palki=tuple(palki or zeros),
        palki_streak=tuple(streak or zeros),
        barrel=tuple(seats),
        falls=tuple(falls or zeros),
        concessions=tuple(concessions or zeros),
        crosses=tuple(crosses or zeros),
        golden_left=golden_left,
    )


def stacked_game(
    rules: Rules,
    hands: Hands,
    talon: Talon,
    dealer: int = 0,
    start_state: MatchState | None = None,
    deal_number: int = 1,
    seed: int = 7,
    cut: Sequence[str] = (),
    cut_penalty: bool = False,
    more: Mapping[int, tuple[Hands, Talon]] | None = None,
    preset: str = "classic",
) -> Game:
    """A game whose deal `deal_number` has these cards; `more` stacks later deals by number.
    Deals not stacked are shuffled from `seed`."""
    deals = {deal_number: dealt(hands, talon, cut, cut_penalty)}
    for number, (h, t) in (more or {}).items():
        deals[number] = dealt(h, t)
    start = None
    if start_state is not None or deal_number != 1:
        if start_state is None:
            golden = rules.players if rules.golden.enabled else 0
            start_state = MatchState.initial(rules.players, golden)
        start = Start(start_state, deal_number)
    return Game(rules, seed, first_dealer=dealer, preset=preset, start=start, deals=deals)


# ---------------------------------------------------------------------- scripted decisions

_WORDS = {
    "bid": Act.BID,
    "pass": Act.PASS,
    "dark": Act.DARK,
    "nodark": Act.DARK_DECLINE,
    "cancel": Act.DARK_CANCEL,
    "nocancel": Act.DARK_CANCEL_DECLINE,
    "redeal": Act.REDEAL,
    "decline": Act.REDEAL_DECLINE,
    "talon": Act.TAKE_TALON,
    "give": Act.GIVE,
    "discard": Act.DISCARD,
    "raise": Act.RAISE,
    "keep": Act.RAISE,
    "concede": Act.CONCEDE,
    "baptism": Act.BAPTISM,
    "play": Act.PLAY,
}


def action(game: Game, step: str) -> Action:
    """An action from a script step `"SEAT WORD [ARGS]"`:

    `1 bid 105`, `2 pass`, `0 give 9S 2` (card, receiver), `0 discard 9S`, `0 keep` (play the
    contract as it is), `0 raise 120`, `0 concede`, `0 baptism`, `0 talon 1`, `1 play KH`,
    `1 play KH H` (declare the marriage), `1 play KH H keep` (по масти), `1 play AS A` (four
    aces), `0 redeal` / `0 decline` (the reason offered now), `1 dark` / `1 nodark`,
    `2 cancel` / `2 nocancel`."""
    parts = step.split()
    seat, word, args = int(parts[0]), parts[1], parts[2:]
    act = _WORDS[word]
    if act in (Act.BID, Act.RAISE) and args:
        return Action(seat, act, value=int(args[0]))
    if act is Act.GIVE:
        return Action(seat, act, card=parse_card(args[0]), to=int(args[1]))
    if act is Act.DISCARD:
        return Action(seat, act, card=parse_card(args[0]))
    if act is Act.TAKE_TALON:
        return Action(seat, act, talon=int(args[0]))
    if act is Act.PLAY:
        marriage = args[1] if len(args) > 1 else None
        keep = len(args) > 2 and args[2] == "keep"
        return Action(seat, act, card=parse_card(args[0]), marriage=marriage, keep_trump=keep)
    if act in (Act.REDEAL, Act.REDEAL_DECLINE):
        offered = [a for a in game.legal_actions(seat) if a.act is act]
        reason = offered[0].reason if offered else (args[0] if args else None)
        return Action(seat, act, reason=reason)
    return Action(seat, act)


def play_out(game: Game, script: Iterable[str]) -> Game:
    """Apply each step of a script (see `action`); fails loudly naming the step."""
    for step in script:
        a = action(game, step)
        if game.to_move != a.seat:
            raise AssertionError(
                f"step {step!r}: seat {game.to_move} is to move "
                f"(phase {game.deal.phase.value if not game.over else 'over'})"
            )
        try:
            game.apply(a)
        except IllegalAction as error:
            raise AssertionError(f"step {step!r} is illegal: {error}") from error
    return game


def play_cards(game: Game, cards: str | Sequence[str]) -> Game:
    """Play cards in order, each by the seat to move. `KH+` declares the marriage of its suit,
    `KH+k` declares it "по масти", `AS+A` declares four aces. Tricks may be separated by `|`."""
    codes = cards.replace("|", " ").split() if isinstance(cards, str) else list(cards)
    for code in codes:
        seat = game.to_move
        assert seat is not None, f"{code}: nobody is to move"
        card_code, _, mark = code.partition("+")
        card = parse_card(card_code)
        marriage = None
        keep = False
        if _:
            marriage = "A" if mark == "A" else card.suit.value
            keep = mark == "k"
        try:
            game.apply(Action(seat, Act.PLAY, card=card, marriage=marriage, keep_trump=keep))
        except IllegalAction as error:
            raise AssertionError(f"seat {seat} playing {code}: {error}") from error
    return game


def play_rest(game: Game, rng: random.Random | None = None) -> Game:
    """Finish the current deal with the first legal action (or random ones)."""
    number = game.deal.number
    while not game.over and game.deal.number == number and game.to_move is not None:
        seat = game.to_move
        legal = game.legal_actions(seat)
        game.apply(rng.choice(legal) if rng else legal[0])
    return game


def concede(game: Game, declarer: int) -> Game:
    """The declarer, in the contract phase, concedes."""
    return play_out(game, [f"{declarer} concede"])


def last(game: Game) -> Settlement:
    return game.results[-1]


def result_of(game: Game) -> dict[str, Any]:
    """The last `result` line of the record."""
    return [line for line in game.lines if line["type"] == "result"][-1]


def actions_of(game: Game, number: int | None = None) -> list[dict[str, Any]]:
    """The `action` lines of a deal (the current one by default)."""
    want = game.deal.number if number is None else number
    lines: list[dict[str, Any]] = []
    current = None
    for line in game.lines:
        if line["type"] == "deal":
            current = line["number"]
        elif line["type"] == "action" and current == want:
            lines.append(line)
    return lines


def deal_lines(game: Game) -> list[dict[str, Any]]:
    return [line for line in game.lines if line["type"] == "deal"]


def legal_values(game: Game, seat: int, act: Act) -> list[int | None]:
    return [a.value for a in game.legal_actions(seat) if a.act is act]


def legal_cards(game: Game, seat: int) -> list[str]:
    """Codes of the cards the seat may play now (each once)."""
    seen: dict[str, None] = {}
    for a in game.legal_actions(seat):
        if a.act is Act.PLAY and a.card is not None:
            seen[a.card.code] = None
    return list(seen)


def acts(game: Game, seat: int) -> set[Act]:
    return {a.act for a in game.legal_actions(seat)}


def random_game(
    rules: Rules,
    seed: int,
    deals: int,
    game: Game | None = None,
    preset: str = "classic",
    first_dealer: int = 0,
) -> Game:
    """Random legal decisions (from `seed`) until `deals` more deals are settled or the end."""
    rng = random.Random(seed)
    if game is None:
        game = Game(rules, seed, preset=preset, first_dealer=first_dealer)
    target = len(game.results) + deals
    while not game.over and len(game.results) < target:
        seat = game.to_move
        assert seat is not None
        legal = game.legal_actions(seat)
        assert legal, f"seat {seat} is to move with nothing to do ({game.deal.phase})"
        game.apply(rng.choice(legal))
    return game


def exchange_game(
    rules: Rules,
    hands: Hands,
    talon: str,
    gives: Mapping[int, str],
    dealer: int = 0,
    declarer: int | None = None,
    bids: Sequence[str] | None = None,
    start_state: MatchState | None = None,
    contract_step: str | None = "keep",
) -> Game:
    """A deal set up by its hands after the exchange (three or four players): `hands` are the
    hands to play with (8 cards; a sitting-out seat `""`), `talon` what the declarer took and
    `gives` the card he gave to each opponent. Everybody passes (the forehand declares at
    100) unless `bids` say otherwise; then the declarer gives, and plays the contract as it is
    (`contract_step`, None to stop before deciding)."""
    n = len(hands)
    forehand = (dealer + 1) % n
    declarer = forehand if declarer is None else declarer
    final = [list(cards_of(h)) for h in hands]
    given = {seat: parse_card(code) for seat, code in gives.items()}
    dealt_hands: list[list[Card]] = []
    for seat, cards in enumerate(final):
        if seat == declarer:
            taken = set(cards_of(talon))
            cards = [c for c in [*cards, *given.values()] if c not in taken]
        elif seat in given:
            assert given[seat] in cards, f"seat {seat} should end with {given[seat].code}"
            cards = [c for c in cards if c is not given[seat]]
        dealt_hands.append(cards)
    game = stacked_game(
        rules,
        [[c.code for c in h] for h in dealt_hands],
        talon,
        dealer=dealer,
        start_state=start_state,
    )
    if bids is None:
        bids = []
        seat = game.to_move
        while game.deal.phase.value == "auction" and seat is not None:
            game.apply(Action(seat, Act.PASS))
            seat = game.to_move
    else:
        play_out(game, bids)
    assert game.deal.declarer == declarer, f"declarer is {game.deal.declarer}"
    play_out(game, [f"{declarer} give {code} {seat}" for seat, code in gives.items()])
    if contract_step is not None and game.deal.phase.value == "contract":
        play_out(game, [f"{declarer} {contract_step}"])
    return game


# ---------------------------------------------------------------------- a standard deal

# Dealer 0: forehand 1 sits on 100 and holds the heart marriage; seat 2 holds the spade and
# diamond marriages, seat 0 the club marriage. The talon is 9H AC 9S (11 points).
SWEEP_HANDS: tuple[str, ...] = (
    "9C JC QC KC TC JD 9D",  # seat 0: 21 points
    "AH TH KH QH JH AD TD",  # seat 1: 51 points
    "AS TS KS QS JS KD QD",  # seat 2: 37 points
)
SWEEP_TALON = "9H AC 9S"
# Seat 1, declarer, keeps AH TH KH QH 9H AD TD AC after giving 9S to seat 2 and JH to seat 0,
# and takes all eight tricks (120 card points) with the heart marriage (100) declared on the
# second lead. Seat 1 leads every trick; seat 2 plays second, seat 0 third.
SWEEP_GIVE = ("1 give 9S 2", "1 give JH 0")
SWEEP_TRICKS = (
    "AH 9S JH | KH+ JS 9C | QH QS 9D | TH KS JC | 9H KD JD | AD QD QC | TD TS KC | AC AS TC"
)


def sweep_game(rules: Rules | None = None, **kwargs: Any) -> Game:
    """The standard deal, dealt by seat 0."""
    return stacked_game(rules or rules_of(), SWEEP_HANDS, SWEEP_TALON, **kwargs)


# A deal with trumps, two marriages and defenders' points. Seat 1 declares at 100 after all
# pass, takes AS AC 9D and gives TS to seat 2 and JS to seat 0 (hands below are after that).
PLAY_HANDS: tuple[str, ...] = (
    "QS JS JH TC JC 9C AD TD",  # seat 0
    "AS AH KH QH AC KC QC 9D",  # seat 1, declarer
    "TS KS 9S TH 9H JD QD KD",  # seat 2
)
PLAY_TALON = "AS AC 9D"
PLAY_GIVES = {2: "TS", 0: "JS"}
# Hearts become trump on trick 2 (seat 1, +100); seat 2 trumps the clubs on trick 3 and
# declares diamonds (+80) on trick 4, which seat 0 wins with AD. Card points: seat 0 39
# (tricks 4 and 6), seat 1 19 (tricks 1 and 2), seat 2 62 (tricks 3, 5, 7 and 8).
PLAY_TRICKS = (
    "AS 9S JS | KH+ 9H JH | AC TH TC | KD+ AD 9D | QS QC KS | TS TD KC | JC QH JD | QD 9C AH"
)


def play_game(rules: Rules | None = None, **kwargs: Any) -> Game:
    """The PLAY deal at the first lead (seat 1 declarer at 100)."""
    return exchange_game(rules or rules_of(), PLAY_HANDS, PLAY_TALON, PLAY_GIVES, **kwargs)
