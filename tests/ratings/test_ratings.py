"""Glicko-2 ratings: the paper's worked example, hand-derived figures, the deviation's growth
with time away, the pairwise split of 3 and 4 seats, abandoned games, the order of games, the AI
levels as players, and the leaderboard in English, Russian and JSON."""

from __future__ import annotations

import json
import math
import random
from datetime import UTC, datetime, timedelta

import pytest

from thousand_tui.ratings import (
    INITIAL_DEVIATION,
    MIN_DEALS,
    PROVISIONAL_DEVIATION,
    SCALE,
    FinishedGame,
    Outcome,
    Rating,
    ai_id,
    ai_level,
    leaderboard_json,
    leaderboard_rows,
    rate_game,
    ratings_of,
    update,
)
from thousand_tui.tui.i18n import Translator
from thousand_tui.tui.leaderboard import ratings_lines

START = datetime(2026, 11, 2, 18, 0, tzinfo=UTC)


def game(
    seats: tuple[str, ...],
    scores: tuple[int, ...],
    winners: tuple[int, ...] = (0,),
    *,
    at: timedelta = timedelta(0),
    left: tuple[int, ...] = (),
    deals: int = 20,
    name: str = "",
) -> FinishedGame:
    return FinishedGame(
        finished=START + at,
        seats=seats,
        scores=scores,
        winners=winners,
        left=left,
        deals=deals,
        preset="classic",
        game=name,
    )


# ---------------------------------------------------------------------------- the update


def test_glickmans_worked_example() -> None:
    """The example of Glickman's paper: 1500/200/0.06 against 1400/30 (won), 1550/100 (lost)
    and 1700/300 (lost), tau 0.5, gives 1464.06 / 151.52 / 0.05999 (the paper rounds its
    intermediate figures: exactly, 1464.0507)."""
    player = Rating(1500, 200, 0.06)
    outcomes = [Outcome(1400, 30, 1.0), Outcome(1550, 100, 0.0), Outcome(1700, 300, 0.0)]
    after = update(player, outcomes, tau=0.5)
    assert after.rating == pytest.approx(1464.06, abs=0.01)
    assert after.deviation == pytest.approx(151.52, abs=0.01)
    assert after.volatility == pytest.approx(0.05999, abs=0.00001)
    # On the Glicko-2 scale, as the paper gives them: mu' = -0.2069, phi' = 0.8722.
    assert (after.rating - 1500) / SCALE == pytest.approx(-0.2069, abs=0.0001)
    assert after.deviation / SCALE == pytest.approx(0.8722, abs=0.0001)
    # The counters are not the update's business.
    assert (after.games, after.last_played) == (0, None)


def test_two_newcomers_one_game_by_hand() -> None:
    """Two newcomers (1500/350/0.06), one beats the other. By hand: phi = 350/173.7178 = 2.0148,
    g(phi) = 1/sqrt(1 + 3 phi²/pi²) = 0.6691, E = 0.5, v = 1/(g² E (1 − E)) = 8.9355; the
    volatility stays 0.06 (to 1e-5), so phi* = sqrt(phi² + 0.06²), phi' = 1/sqrt(1/phi*² + 1/v)
    = 1.6712 and mu' = phi'² g (1 − E) = 0.9343: 1662.31 / 290.32; the loser mirrors it."""
    phi = 350 / 173.7178
    g = 1 / math.sqrt(1 + 3 * phi * phi / math.pi**2)
    v = 1 / (g * g * 0.25)
    phi_star = math.sqrt(phi * phi + 0.06 * 0.06)
    phi_new = 1 / math.sqrt(1 / phi_star**2 + 1 / v)
    mu_new = phi_new**2 * g * 0.5
    assert (g, v, phi_new, mu_new) == pytest.approx((0.6691, 8.9355, 1.6712, 0.9343), abs=1e-4)

    winner = update(Rating(), [Outcome(1500, 350, 1.0)])
    loser = update(Rating(), [Outcome(1500, 350, 0.0)])
    assert winner.rating == pytest.approx(1500 + mu_new * 173.7178, abs=0.01)
    assert winner.rating == pytest.approx(1662.31, abs=0.01)
    assert winner.deviation == pytest.approx(290.32, abs=0.01)
    assert winner.volatility == pytest.approx(0.06, abs=0.00001)
    assert loser.rating == pytest.approx(1337.69, abs=0.01)
    assert loser.deviation == pytest.approx(winner.deviation)
    # A tie between equals moves nobody's rating, only the deviation.
    tie = update(Rating(), [Outcome(1500, 350, 0.5)])
    assert tie.rating == pytest.approx(1500)
    assert tie.deviation == pytest.approx(290.32, abs=0.01)


def test_a_period_without_games_grows_only_the_deviation() -> None:
    """Step 6 of the paper for a player who did not compete: phi' = sqrt(phi² + sigma²)."""
    after = update(Rating(1500, 200, 0.06), [])
    assert after.rating == 1500
    assert after.volatility == 0.06
    assert after.deviation == pytest.approx(math.hypot(200, 0.06 * SCALE))
    assert after.deviation == pytest.approx(200.27, abs=0.01)


# ---------------------------------------------------------------------------- time away


def test_the_deviation_grows_with_whole_days_away() -> None:
    rated = Rating(1600, 50, 0.06, games=30, last_played=START)
    assert rated.at(START + timedelta(hours=23, minutes=59)) == rated  # not a whole day yet
    one_day = rated.at(START + timedelta(days=1))
    assert one_day.deviation == pytest.approx(math.hypot(50, 0.06 * SCALE))
    hundred = rated.at(START + timedelta(days=100, hours=5))
    assert hundred.deviation == pytest.approx(math.sqrt(50**2 + 100 * (0.06 * SCALE) ** 2))
    assert (hundred.rating, hundred.games, hundred.last_played) == (1600, 30, START)
    # Never more uncertain than a newcomer.
    assert rated.at(START + timedelta(days=20_000)).deviation == INITIAL_DEVIATION
    # A newcomer has no time away.
    assert Rating().at(START + timedelta(days=9)) == Rating()
    # Time before the last game changes nothing.
    assert rated.at(START - timedelta(days=3)) == rated


def test_a_player_back_after_a_month_moves_further() -> None:
    """Two players with the same history lose the same game, one of them a month later: the
    one who was away had the larger deviation, so the loss moves them more."""
    history = [game(("ann", "bob"), (1000, 500), at=timedelta(hours=h)) for h in range(6)]
    soon = ratings_of([*history, game(("bob", "ann"), (1000, 300), at=timedelta(days=1))])
    late = ratings_of([*history, game(("bob", "ann"), (1000, 300), at=timedelta(days=31))])
    before = ratings_of(history)["ann"]
    assert before.rating - late["ann"].rating > before.rating - soon["ann"].rating > 0
    assert late["ann"].last_played == START + timedelta(days=31)


# ---------------------------------------------------------------------------- the pairwise split


def test_three_seats_split_into_weighted_pairs() -> None:
    """The winner beats each other seat; the others by final score; each pair weighs 1/2."""
    finished = game(("ann", "bob", "cat"), (1000, 455, 310), winners=(0,))
    assert finished.outcomes() == {
        "ann": [("bob", 1.0, 0.5), ("cat", 1.0, 0.5)],
        "bob": [("ann", 0.0, 0.5), ("cat", 1.0, 0.5)],
        "cat": [("ann", 0.0, 0.5), ("bob", 0.0, 0.5)],
    }
    rated = ratings_of([finished])
    assert rated["ann"].rating > rated["bob"].rating > rated["cat"].rating
    assert rated["bob"].rating == pytest.approx(1500)  # one win, one loss against equals
    assert {r.games for r in rated.values()} == {1}


def test_the_winner_beats_a_higher_score_and_equal_scores_tie() -> None:
    """The winner is who the rules say (a barrel player may reach the target below another's
    score); equal final scores of the others tie; two winners tie."""
    won_lower = game(("ann", "bob", "cat"), (1000, 1010, 200), winners=(0,))
    assert won_lower.score(0, 1) == 1.0
    assert won_lower.score(1, 2) == 1.0
    tied = game(("ann", "bob", "cat"), (1000, 400, 400), winners=(0,))
    assert tied.score(1, 2) == tied.score(2, 1) == 0.5
    two = game(("ann", "bob", "cat", "dan"), (1000, 1000, 400, 300), winners=(0, 1))
    assert two.score(0, 1) == 0.5
    assert two.score(1, 2) == 1.0


def test_four_seats_rate_all_four() -> None:
    """With four players the one sitting out changes every deal, and all four play the game to
    its end: each seat meets the three others, each pair weighing 1/3."""
    finished = game(("ann", "bob", "cat", "dan"), (1005, 620, 455, -40), winners=(0,))
    outcomes = finished.outcomes()
    assert [score for _, score, _ in outcomes["ann"]] == [1.0, 1.0, 1.0]
    assert [score for _, score, _ in outcomes["cat"]] == [0.0, 0.0, 1.0]
    assert {weight for results in outcomes.values() for _, _, weight in results} == {1 / 3}
    rated = ratings_of([finished])
    order = sorted(rated, key=lambda p: -rated[p].rating)
    assert order == ["ann", "bob", "cat", "dan"]


def test_one_game_weighs_the_same_whatever_the_seats() -> None:
    """Winning a three-seat game against two newcomers moves a newcomer as much as winning a
    two-seat game against one."""
    two = ratings_of([game(("ann", "bob"), (1000, 300))])["ann"]
    three = ratings_of([game(("ann", "bob", "cat"), (1000, 300, 200))])["ann"]
    assert three.rating == pytest.approx(two.rating)
    assert three.deviation == pytest.approx(two.deviation)


def test_one_player_on_two_seats_never_plays_itself() -> None:
    """A person against two `hard` opponents: `ai:hard` meets the person from both seats and
    counts one game."""
    finished = game(("ann", "ai:hard", "ai:hard"), (1000, 620, 455), winners=(0,))
    assert finished.outcomes() == {
        "ann": [("ai:hard", 1.0, 0.5), ("ai:hard", 1.0, 0.5)],
        "ai:hard": [("ann", 0.0, 0.5), ("ann", 0.0, 0.5)],
    }
    rated = ratings_of([finished])
    assert rated["ai:hard"].games == 1
    # A level against itself alone is measured against nobody.
    assert ratings_of([game(("ai:hard", "ai:hard", "ai:hard"), (1000, 400, 300))]) == {}
    assert rated["ai:hard"].rating < 1500 < rated["ann"].rating


# ---------------------------------------------------------------------------- abandoned games


def test_who_leaves_loses_to_everyone_still_seated() -> None:
    """Even when ahead: whoever left loses to each one still seated; two who left tie; those
    still seated are compared as usual (here by score, as nobody won)."""
    left = game(("ann", "bob", "cat"), (700, 300, 450), winners=(), left=(0,), deals=9)
    assert left.abandoned and left.counts
    assert left.outcomes() == {
        "ann": [("bob", 0.0, 0.5), ("cat", 0.0, 0.5)],
        "bob": [("ann", 1.0, 0.5), ("cat", 0.0, 0.5)],
        "cat": [("ann", 1.0, 0.5), ("bob", 1.0, 0.5)],
    }
    rated = ratings_of([left])
    assert rated["ann"].rating < 1500
    both = game(("ann", "bob", "ai:easy"), (700, 300, 450), winners=(), left=(0, 1), deals=9)
    assert both.score(0, 1) == 0.5
    assert both.score(2, 0) == both.score(2, 1) == 1.0


def test_the_seat_of_who_left_winning_still_loses_for_them() -> None:
    """An AI took the seat of who left and won the game: the person who left still loses to
    each one still seated."""
    finished = game(("ann", "bob", "cat"), (1000, 300, 450), winners=(0,), left=(0,), deals=30)
    assert finished.score(0, 1) == finished.score(0, 2) == 0.0
    assert finished.score(2, 1) == 1.0


def test_a_game_left_early_does_not_count() -> None:
    early = game(("ann", "bob"), (120, -40), winners=(), left=(1,), deals=MIN_DEALS - 1)
    assert not early.counts
    assert ratings_of([early]) == {}
    assert rate_game({"ann": Rating(1700, 80)}, early) == {}
    enough = game(("ann", "bob"), (120, -40), winners=(), left=(1,), deals=MIN_DEALS)
    assert enough.counts
    assert ratings_of([enough])["bob"].rating < 1500


# ---------------------------------------------------------------------------- order and AI levels


def test_the_same_games_in_any_order_give_the_same_ratings() -> None:
    """Games are rated in the order they finished, games finished at the same moment by name:
    any order of the input gives the same ratings, equal to rating them one by one in time
    order; and the order matters (the index can be rebuilt, not shuffled)."""
    people = ["ann", "bob", "cat", ai_id("hard"), ai_id("easy")]
    chance = random.Random(33)
    games = []
    for number in range(40):
        seats = tuple(chance.sample(people, 3))
        scores = tuple(chance.randrange(-100, 1000, 5) for _ in seats)
        at = timedelta(hours=chance.randrange(0, 200))  # some games finish together
        games.append(game(seats, scores, winners=(0,), at=at, name=f"g{number:02}"))
    expected = ratings_of(games)
    for _ in range(5):
        chance.shuffle(games)
        assert ratings_of(games) == expected
    by_hand: dict[str, Rating] = {}
    for one in sorted(games, key=lambda g: (g.finished, g.game)):
        by_hand.update(rate_game(by_hand, one))
    assert by_hand == expected
    in_given_order: dict[str, Rating] = {}
    for one in games:
        in_given_order.update(rate_game(in_given_order, one))
    assert in_given_order != expected


def test_ai_levels_are_rated_players() -> None:
    """An AI level's rating moves with its games like a person's: `hard` winning two games of
    three against a person climbs above them and grows surer, `easy` losing every game falls."""
    assert ai_id("hard") == "ai:hard"
    assert (ai_level("ai:normal"), ai_level("ann")) == ("normal", None)
    games = [
        game(
            ("ann", "ai:hard", "ai:easy"),
            (1000, 700, 150) if h % 3 == 0 else (700, 1000, 150),
            winners=(0,) if h % 3 == 0 else (1,),
            at=timedelta(hours=h),
            name=f"g{h}",
        )
        for h in range(24)
    ]
    rated = ratings_of(games)
    hard, easy, ann = rated["ai:hard"], rated["ai:easy"], rated["ann"]
    assert hard.rating > ann.rating > 1500 > easy.rating
    assert hard.rating > ratings_of(games[:6])["ai:hard"].rating
    assert hard.games == easy.games == 24
    assert hard.deviation < PROVISIONAL_DEVIATION
    assert hard.last_played == START + timedelta(hours=23)


def test_bad_games_are_refused_with_what_is_wrong() -> None:
    with pytest.raises(ValueError, match="2 to 4 seats, not 5"):
        game(("a", "b", "c", "d", "e"), (0, 0, 0, 0, 0))
    with pytest.raises(ValueError, match="2 scores for 3 seats"):
        game(("a", "b", "c"), (0, 0))
    with pytest.raises(ValueError, match="winners names seat 3"):
        game(("a", "b", "c"), (0, 0, 0), winners=(3,))
    with pytest.raises(ValueError, match="no winner must say who left"):
        game(("a", "b"), (0, 0), winners=())
    with pytest.raises(ValueError, match="every seat needs a player id"):
        game(("a", ""), (0, 0))
    with pytest.raises(ValueError, match="time zone"):
        FinishedGame(datetime(2026, 1, 1), ("a", "b"), (1000, 0), winners=(0,))


# ---------------------------------------------------------------------------- the leaderboard


def board_ratings() -> dict[str, Rating]:
    return {
        "k1": Rating(1712.4, 64.0, 0.06, games=41, last_played=START),
        "ai:hard": Rating(1655.0, 48.0, 0.059, games=120, last_played=START + timedelta(days=2)),
        "k2": Rating(1801.0, 240.0, 0.06, games=2, last_played=START + timedelta(days=1)),
        "ai:easy": Rating(1290.6, 70.0, 0.06, games=60, last_played=START + timedelta(days=2)),
    }


def test_leaderboard_rows_rank_established_ratings_first() -> None:
    now = START + timedelta(days=2, hours=1)
    rows = leaderboard_rows(board_ratings(), now, names={"k1": "Вера", "k2": "Gleb"})
    assert [(r.rank, r.player, r.provisional) for r in rows] == [
        (1, "k1", False),
        (2, "ai:hard", False),
        (3, "ai:easy", False),
        (None, "k2", True),  # the highest rating, but still provisional
    ]
    assert rows[0].name == "Вера"
    assert rows[1].level == "hard" and rows[0].level is None
    # Deviations are shown as they stand now: two days away for k1.
    assert rows[0].deviation == pytest.approx(math.sqrt(64**2 + 2 * (0.06 * SCALE) ** 2))
    assert rows[1].deviation == 48.0
    # Enough days away make an established rating provisional again.
    later = leaderboard_rows(board_ratings(), START + timedelta(days=400))
    assert all(r.provisional and r.rank is None for r in later)


def test_leaderboard_json() -> None:
    rows = leaderboard_rows(board_ratings(), START + timedelta(days=2), names={"k1": "Вера"})
    shape = leaderboard_json(rows)
    assert json.loads(json.dumps(shape)) == shape
    assert shape[0] == {
        "rank": 1,
        "id": "k1",
        "name": "Вера",
        "ai_level": None,
        "rating": 1712.4,
        "deviation": round(math.sqrt(64**2 + 2 * (0.06 * SCALE) ** 2), 1),
        "volatility": 0.06,
        "games": 41,
        "last_played": "2026-11-02T18:00:00+00:00",
        "provisional": False,
    }
    assert shape[1]["ai_level"] == "hard"
    assert shape[3]["rank"] is None and shape[3]["provisional"] is True


def test_leaderboard_text_in_english() -> None:
    rows = leaderboard_rows(board_ratings(), START + timedelta(days=2), names={"k1": "Vera"})
    assert ratings_lines(rows, Translator("en")) == [
        "Ratings",
        "#  Player   Rating    ±  Games  Last game",
        "1  Vera      1712    66     41  2026-11-02",
        "2  hard AI   1655    48    120  2026-11-04",
        "3  easy AI   1291    70     60  2026-11-04",
        "   k2        1801?  240      2  2026-11-03",
        "",
        "? provisional: uncertain by more than ±110; a few more games settle it.",
    ]
    ascii_lines = ratings_lines(rows, Translator("en"), ascii_only=True)
    assert ascii_lines[1] == "#  Player   Rating  +/-  Games  Last game"
    assert all(line.isascii() for line in ascii_lines)


def test_leaderboard_text_in_russian() -> None:
    rows = leaderboard_rows(board_ratings(), START + timedelta(days=2), names={"k1": "Вера"})
    assert ratings_lines(rows, Translator("ru")) == [
        "Рейтинг игроков",
        "#  Игрок         Рейтинг    ±  Партий  Последняя партия",
        "1  Вера            1712    66      41  2026-11-02",
        "2  ИИ (сильный)    1655    48     120  2026-11-04",
        "3  ИИ (лёгкий)     1291    70      60  2026-11-04",
        "   k2              1801?  240       2  2026-11-03",
        "",
        "? предварительный: точность хуже ±110; ещё несколько партий его уточнят.",
    ]


def test_leaderboard_text_cuts_long_names_and_says_when_empty() -> None:
    long = {"k9": Rating(1500, 90, 0.06, games=12, last_played=START)}
    rows = leaderboard_rows(long, START, names={"k9": "Aleksandra Konstantinovna"})
    line = ratings_lines(rows, Translator("en"))[2]
    assert line.startswith("1  Aleksandra Konstant…   1500")
    assert ratings_lines(rows, Translator("en"), ascii_only=True)[2].startswith(
        "1  Aleksandra Konsta...   1500"
    )
    assert ratings_lines([], Translator("en")) == [
        "No rated games yet: every finished game rates its players."
    ]
    assert ratings_lines([], Translator("ru")) == [
        "Рейтинговых партий пока нет: каждая доигранная партия даёт рейтинг её игрокам."
    ]
