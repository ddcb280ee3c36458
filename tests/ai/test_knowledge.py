"""What a seat knows is true, and sampled deals respect it."""

from __future__ import annotations

import random
from collections.abc import Iterator
from types import SimpleNamespace

import pytest

from thousand_tui.ai import make_player
from thousand_tui.ai.knowledge import (
    TALON,
    Knowledge,
    _satisfies,
    knowledge_of,
    low_cards_lacked,
    mask,
    sample_deal,
)
from thousand_tui.ai.solver import cards_of
from thousand_tui.engine.cards import DECK, parse_card
from thousand_tui.engine.game import Game, Start
from thousand_tui.engine.match import BarrelSeat, MatchState
from thousand_tui.engine.phases import Declaration, Trick
from thousand_tui.presets import load_preset

from .helpers import ALL_RULES, play_states, rules_named


@pytest.mark.long
@pytest.mark.parametrize("preset", ALL_RULES)
def test_knowledge_is_true_and_samples_fit(preset: str) -> None:
    rng = random.Random(7)
    checked = 0
    for seed in range(3):
        for game, view in play_states(preset, seed, level="normal", deals=2):
            if view.hand is None:
                continue
            deal = game.deal
            k = knowledge_of(view, reads_play=True)  # the levels' own play reads true
            for holder, cards in k.known.items():
                assert holder >= 0 and not cards & ~mask(deal.hands[holder])
            for holder, cards in k.excluded.items():
                assert not cards & mask(deal.hands[holder])
            for holder, n in k.counts.items():
                if holder >= 0:
                    assert bin(mask(deal.hands[holder]) & k.unseen).count("1") == n
            assert sum(k.counts.values()) == bin(k.unseen).count("1")
            placed = sample_deal(k, rng)
            for holder, cards in placed.items():
                assert not cards & mask(view.hand or ())
                if holder >= 0:
                    assert bin(cards).count("1") == view.hand_counts[holder]
                    assert not cards & k.excluded.get(holder, 0)
            checked += 1
    assert checked > 30


@pytest.mark.long
@pytest.mark.parametrize("level", ["normal", "random"])
def test_a_king_or_queen_given_away_leaves_its_partner_with_the_defenders(level: str) -> None:
    """A declarer keeps his marriages: the receiver of his king or queen samples its partner
    away from him (even where a random declarer kept a marriage hard to deal him again)."""
    rng = random.Random(3)
    found = 0
    for seed in range(40):
        for _, view in play_states("classic", seed, level=level, deals=1):
            if view.tricks:
                break  # the cards were given before the first trick: the rest is not looked at
            given = [
                card
                for giver, to, card in view.passed_cards
                if to == view.seat and giver == view.declarer and card.is_marriage_card
            ]
            if not given or view.hand is None:
                continue
            partner = next(
                c for c in DECK if c.suit is given[0].suit and c.is_marriage_card and c != given[0]
            )
            if partner in view.hand:
                continue
            k = knowledge_of(view)
            assert view.declarer is not None
            assert k.excluded[view.declarer] & partner.bit
            for _ in range(20):
                placed = sample_deal(k, rng)
                assert not placed.get(view.declarer, 0) & partner.bit
            found += 1
            break
    assert found >= 3


def reading(
    tricks: list[tuple[list[tuple[int, str]], int]], *declarations: Declaration
) -> dict[int, set[str]]:
    """The low cards each seat is read to lack from `tricks`, each (plays in order, winner);
    the declarer is seat 0, the rules classic."""
    view = SimpleNamespace(
        tricks=[
            Trick(plays[0][0], tuple((s, parse_card(c)) for s, c in plays), winner)
            for plays, winner in tricks
        ],
        declarations=declarations,
        rules=load_preset("classic").rules,
    )
    lacked = low_cards_lacked(view, 0)  # type: ignore[arg-type]
    return {s: {c.code for c in DECK if m & c.bit} for s, m in lacked.items()}


def test_a_player_losing_to_his_opponent_is_read_to_lack_lower_cards() -> None:
    # The declarer's ace takes the trick: the jack says defender 1 has no nine of spades.
    assert reading([([(0, "AS"), (1, "JS"), (2, "9S")], 0)]) == {1: {"9S"}, 2: set()}
    # A king given up to a defender's ace: the declarer has no nine, jack or queen of clubs.
    assert reading([([(1, "AC"), (0, "KC"), (2, "9C")], 1)]) == {0: {"9C", "JC", "QC"}}
    # Thrown off to the declarer's trick: no lower diamond either.
    assert reading([([(0, "AS"), (1, "JD"), (2, "9S")], 0)]) == {1: {"9D"}, 2: set()}
    # Last to play behind the declarer's ace, defender 1 gave up his king: no queen below it.
    assert reading([([(2, "9S"), (0, "AS"), (1, "KS")], 0)]) == {1: {"9S", "JS", "QS"}}
    # Below a ten a queen or king may be kept for its marriage: only the nine and jack.
    assert reading([([(0, "AD"), (1, "TD"), (2, "JD")], 0)]) == {1: {"9D", "JD"}, 2: {"9D"}}


def test_no_reading_where_the_card_could_win_or_the_partner_held_the_trick() -> None:
    # The declarer's queen beat the lead: he was not losing the trick.
    assert 0 not in reading([([(1, "9H"), (0, "QH"), (2, "AH")], 2)])
    # Defender 2 followed to his partner's winning ace: he may give him points.
    assert 2 not in reading([([(0, "9D"), (1, "AD"), (2, "KD")], 1)])
    # Defender 1 gave up his king before his partner's ace took the trick.
    assert 1 not in reading([([(0, "9C"), (1, "KC"), (2, "AC")], 2)])


def test_a_trick_ruffed_by_the_declarer_reads_the_defender_following_suit() -> None:
    # Hearts became trump at the first trick; the declarer ruffs the ace of spades.
    hearts = Declaration(seat=0, suit="H", points=100, keep_trump=False, trick=0)
    tricks = [
        ([(0, "KH"), (1, "9H"), (2, "JH")], 0),
        ([(1, "AS"), (0, "QH"), (2, "TS")], 0),
    ]
    # Defender 2 followed with the jack of trumps, then the ten of spades under the ruff.
    assert reading(tricks, hearts) == {1: set(), 2: {"9H", "9S", "JS"}}


def placeable(k: Knowledge, excluded: dict[int, int]) -> bool:
    """Whether every unseen card fits on a holder with room, keeping `excluded` (a matching of
    the cards to the holders' places, by augmenting paths)."""
    places = [h for h in k.holders for _ in range(k.counts[h])]
    card_at: list[int | None] = [None] * len(places)

    def seat(card: int, seen: set[int]) -> bool:
        for i, h in enumerate(places):
            if i in seen or excluded.get(h, 0) >> card & 1:
                continue
            seen.add(i)
            other = card_at[i]
            if other is None or seat(other, seen):
                card_at[i] = card
                return True
        return False

    return all(seat(c, set()) for c in cards_of(k.unseen))


def check_samples(presets: tuple[str, ...], seeds: range, samples: int) -> int:
    """Random players' positions: every sample keeps the known cards and every exclusion (only
    the certain ones where the reads of a player's choices contradict the rest)."""
    rng = random.Random(5)
    checked = 0
    for preset in presets:
        for seed in seeds:
            for _, view in play_states(preset, seed, level="random", deals=1):
                if view.hand is None:
                    continue
                k = knowledge_of(view, reads_play=True)
                excluded = k.excluded
                if not placeable(k, excluded):
                    excluded = {h: m & ~k.inferred.get(h, 0) for h, m in excluded.items()}
                    assert placeable(k, excluded)
                for _ in range(samples):
                    placed = sample_deal(k, rng)
                    for h, m in k.known.items():
                        assert placed[h] & m == m
                    for h, m in placed.items():
                        assert not m & ~k.known.get(h, 0) & ~k.unseen
                        assert bin(m & k.unseen).count("1") == k.counts[h]
                        assert not m & k.unseen & excluded.get(h, 0), (preset, seed, h)
                checked += 1
    return checked


EXCHANGES = ("classic", "must_beat", "ace_led_suit", "two_by_three")


@pytest.mark.long
def test_samples_keep_every_exclusion_of_random_players_positions() -> None:
    assert check_samples(EXCHANGES, range(8), 2) > 500


@pytest.mark.slow
def test_samples_keep_every_exclusion_of_many_random_players_positions() -> None:
    assert check_samples(ALL_RULES, range(40), 3) > 5000


def random_decisions(game: Game, seed: int) -> Iterator[int]:
    """Every decision of the game's first deal between random players: the seat to move,
    before it moves."""
    players = [make_player("random", seed * 7 + i) for i in range(game.rules.players)]
    while not game.over and not game.results:
        seat = game.to_move
        assert seat is not None
        yield seat
        game.apply(players[seat].decide(game.view(seat)))


def check_truth_possible(game: Game, seed: int) -> int:
    """At every decision, the real deal fits what every seat holding cards knows: the marriages
    the auction proves and the talon caps (`_satisfies`), as a sampled deal must."""
    checked = 0
    for _ in random_decisions(game, seed):
        deal = game.deal
        for seat in range(game.rules.players):
            view = game.view(seat)
            if view.hand is None:
                continue
            k = knowledge_of(view, reads_play=True)
            truth = {h: mask(deal.hands[h]) & k.unseen for h in k.counts if h >= 0}
            rest = k.unseen
            for m in truth.values():
                rest &= ~m
            truth.update({h: rest for h in k.counts if h < 0})
            assert _satisfies(k, truth), (game.rules.players, seed, seat, view.phase, view.bids)
            checked += 1
    return checked


# Hidden gives (classic), gives seen by all (polish), discards (two players), the ace marriage.
TRUTHS = ("classic", "polish", "two-player", "ace_led_suit")


def test_the_real_deal_fits_every_seats_knowledge() -> None:
    """A declarer proved his marriage at the auction and may have given or discarded a card of
    it since (random players do): the deal as it is stays possible from every seat."""
    checked = 0
    for preset in TRUTHS:
        for seed in range(5):
            checked += check_truth_possible(Game(rules_named(preset), seed), seed)
    assert checked > 500


@pytest.mark.slow
def test_the_real_deal_fits_every_seats_knowledge_in_many_games() -> None:
    checked = 0
    for preset in ALL_RULES:
        for seed in range(40):
            checked += check_truth_possible(Game(rules_named(preset), seed), seed)
    assert checked > 10000


@pytest.mark.parametrize("preset", ["online-site", "czech"])
def test_the_barrel_players_automatic_121_proves_no_marriage(preset: str) -> None:
    """On the barrel a player is bid (or takes the talon) at 121 without any marriage: the
    deal stays possible from every seat whatever he holds."""
    rules = rules_named(preset)
    checked = 0
    for seed in range(12):
        on = seed % rules.players
        state = MatchState.initial(rules.players).evolve(
            scores=tuple(rules.barrel.threshold if s == on else 0 for s in range(rules.players)),
            barrel=tuple(BarrelSeat() if s == on else None for s in range(rules.players)),
        )
        checked += check_truth_possible(Game(rules, seed, start=Start(state, 7)), seed)
    assert checked > 300


def test_a_card_with_no_place_left_moves_another_and_keeps_the_exclusions() -> None:
    """Dealt one by one, cards may fill the only places later cards may go (a spade on seat 2
    takes a heart's place): others are moved along to holders with room, never put where they
    are excluded. One deal only fits: spades on seat 1, hearts 2, diamonds 3, clubs the talon."""
    s, h, d, c = (0b111111 << 6 * i for i in range(4))
    k = Knowledge(
        seat=0,
        unseen=s | h | d | c,
        counts={1: 6, 2: 6, 3: 6, TALON: 6},
        excluded={1: h | d | c, 2: d | c, 3: c | s, TALON: s | h},
    )
    rng = random.Random(1)
    for _ in range(100):
        assert sample_deal(k, rng) == {1: s, 2: h, 3: d, TALON: c}


def test_reads_that_contradict_certain_facts_are_dropped_alone() -> None:
    """Seat 1 is read not to hold a card (a partner of one he gave away) that seat 2, void in
    its suit, cannot hold either: it goes to seat 1, and seat 2's void is kept."""
    a, b, c = 0, 1, 7
    k = Knowledge(
        seat=0,
        unseen=1 << a | 1 << b | 1 << c,
        counts={1: 2, 2: 1},
        excluded={1: 1 << a, 2: 0b111111},
        inferred={1: 1 << a},
    )
    rng = random.Random(1)
    for _ in range(50):
        placed = sample_deal(k, rng)
        assert placed == {1: 1 << a | 1 << b, 2: 1 << c}
