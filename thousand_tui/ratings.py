"""The rating of every player and every AI level: Glicko-2 over the finished games.

Pure: no file is read or written here. `ratings_of(games)` rates a set of finished games,
taken in the order they finished, so that the same games always give the same ratings;
`leaderboard_rows` and `leaderboard_json` are what `thousand ratings` shows. The method, its
parameters and the reasons for them: docs/ratings.md.

- Glicko-2 as in Glickman's paper ("Example of the Glicko-2 system"): a rating, its deviation
  (how sure the rating is) and a volatility (how erratic the player's results are).
- Each game is one rating period for its players: their ratings move after every game.
- A player's deviation grows with each whole day away, as in a rating period without games.
- A game of 3 or 4 seats is split into pairwise outcomes, each weighted 1/(seats − 1), so that
  one game weighs as much as one game of two, whatever the number of seats.
- The one who left a game loses to everyone still seated; a game left before its
  `MIN_DEALS`-th deal does not count.
- An AI level ("ai:easy", "ai:normal", "ai:hard", "ai:random") is a rated player like a person.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any

INITIAL_RATING = 1500.0
INITIAL_DEVIATION = 350.0
INITIAL_VOLATILITY = 0.06
TAU = 0.5  # how much the volatility may change in one period (Glickman: 0.3 to 1.2)
SCALE = 173.7178  # Glicko-2's scale: 400 / ln 10
EPSILON = 0.000001  # the volatility iteration's tolerance
PERIOD_SECONDS = 86_400  # a day away: one rating period without games
PROVISIONAL_DEVIATION = 110.0  # above this, a rating is provisional
MIN_DEALS = 3  # a game left before this many deals were settled does not count
AI_PREFIX = "ai:"
AI_LEVELS = ("random", "easy", "normal", "hard")


@dataclass(frozen=True)
class Rating:
    """A player's rating on the usual scale (1500 for a newcomer), its deviation, its volatility,
    the games rated and when the last of them finished (None before any)."""

    rating: float = INITIAL_RATING
    deviation: float = INITIAL_DEVIATION
    volatility: float = INITIAL_VOLATILITY
    games: int = 0
    last_played: datetime | None = None

    def at(self, when: datetime) -> Rating:
        """The rating as it stands at `when`: its deviation grown by the whole days since the
        last game, each a rating period without games (never above the newcomer's)."""
        if self.last_played is None:
            return self
        days = periods_between(self.last_played, when)
        if days <= 0:
            return self
        phi = self.deviation / SCALE
        grown = math.sqrt(phi * phi + days * self.volatility * self.volatility) * SCALE
        return replace(self, deviation=min(grown, INITIAL_DEVIATION))

    @property
    def provisional(self) -> bool:
        return self.deviation > PROVISIONAL_DEVIATION


def periods_between(first: datetime, then: datetime) -> int:
    """The whole days (rating periods without games) from `first` to `then`."""
    return max(0, int((then - first).total_seconds() // PERIOD_SECONDS))


@dataclass(frozen=True)
class Outcome:
    """One pairwise result in a rating period: the opponent's rating and deviation before the
    period, the score (1 a win, 0.5 a tie, 0 a loss) and its weight (1 for a game of two)."""

    rating: float
    deviation: float
    score: float
    weight: float = 1.0


def _g(phi: float) -> float:
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / (math.pi * math.pi))


def _expected(mu: float, mu_j: float, phi_j: float) -> float:
    return 1.0 / (1.0 + math.exp(-_g(phi_j) * (mu - mu_j)))


def _volatility(phi: float, sigma: float, v: float, delta: float, tau: float) -> float:
    """Step 5 of the paper: the new volatility, by the Illinois algorithm."""
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        top = ex * (delta * delta - phi * phi - v - ex)
        bottom = 2.0 * (phi * phi + v + ex) ** 2
        return top / bottom - (x - a) / (tau * tau)

    big_a = a
    if delta * delta > phi * phi + v:
        big_b = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    f_a, f_b = f(big_a), f(big_b)
    while abs(big_b - big_a) > EPSILON:
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2.0
        big_b, f_b = big_c, f_c
    return math.exp(big_a / 2.0)


def update(player: Rating, outcomes: Sequence[Outcome], tau: float = TAU) -> Rating:
    """One rating period of Glicko-2 for `player` (steps 2 to 8 of the paper), with each
    outcome's terms weighted by its weight. Without outcomes only the deviation grows. The
    games count and the last game are left as they are."""
    mu = (player.rating - INITIAL_RATING) / SCALE
    phi = player.deviation / SCALE
    sigma = player.volatility
    if not outcomes:
        grown = min(math.sqrt(phi * phi + sigma * sigma) * SCALE, INITIAL_DEVIATION)
        return replace(player, deviation=grown)
    inverse_v = 0.0
    gained = 0.0
    for outcome in outcomes:
        mu_j = (outcome.rating - INITIAL_RATING) / SCALE
        phi_j = outcome.deviation / SCALE
        g = _g(phi_j)
        e = _expected(mu, mu_j, phi_j)
        inverse_v += outcome.weight * g * g * e * (1.0 - e)
        gained += outcome.weight * g * (outcome.score - e)
    v = 1.0 / inverse_v
    delta = v * gained
    new_sigma = _volatility(phi, sigma, v, delta, tau)
    phi_star = math.sqrt(phi * phi + new_sigma * new_sigma)
    new_phi = 1.0 / math.sqrt(1.0 / (phi_star * phi_star) + 1.0 / v)
    new_mu = mu + new_phi * new_phi * gained
    return replace(
        player,
        rating=new_mu * SCALE + INITIAL_RATING,
        deviation=min(new_phi * SCALE, INITIAL_DEVIATION),
        volatility=new_sigma,
    )


def ai_id(level: str) -> str:
    """The player id of an AI level: "ai:hard"."""
    return AI_PREFIX + level


def ai_level(player: str) -> str | None:
    """The AI level a player id names ("hard" for "ai:hard"), or None for a person."""
    return player[len(AI_PREFIX) :] if player.startswith(AI_PREFIX) else None


@dataclass(frozen=True)
class FinishedGame:
    """What the ratings need of one game.

    `seats`: the player id of each seat (a person's id, or "ai:LEVEL"; one id may hold several
    seats, as two `hard` opponents do); `scores`: the final score of each seat; `winners`: the
    seats that won (none when the game was left before its end); `left`: the seats whose player
    left the game; `deals`: the deals settled; `game`: the game's name, which orders games that
    finished at the same moment."""

    finished: datetime
    seats: tuple[str, ...]
    scores: tuple[int, ...]
    winners: tuple[int, ...] = ()
    left: tuple[int, ...] = ()
    deals: int = 0
    preset: str = ""
    game: str = ""

    def __post_init__(self) -> None:
        problem = self.problem()
        if problem:
            raise ValueError(f"game {self.game or self.finished.isoformat()}: {problem}")

    def problem(self) -> str | None:
        n = len(self.seats)
        if not 2 <= n <= 4:
            return f"a game has 2 to 4 seats, not {n}"
        if any(not seat for seat in self.seats):
            return "every seat needs a player id"
        if len(self.scores) != n:
            return f"{len(self.scores)} scores for {n} seats: give one score per seat"
        for name, seats in (("winners", self.winners), ("left", self.left)):
            wrong = [s for s in seats if not 0 <= s < n]
            if wrong:
                return f"{name} names seat {wrong[0]}, but the seats are 0 to {n - 1}"
        if not self.winners and not self.left:
            return "a game with no winner must say who left it"
        if self.finished.tzinfo is None:
            return "the time a game finished needs its time zone"
        if self.deals < 0:
            return f"deals cannot be negative ({self.deals})"
        return None

    @property
    def abandoned(self) -> bool:
        return bool(self.left)

    @property
    def counts(self) -> bool:
        """Whether the game is rated: a game left before its `MIN_DEALS`-th deal is not."""
        return not self.abandoned or self.deals >= MIN_DEALS

    def score(self, seat: int, other: int) -> float:
        """The pairwise result of `seat` against `other`: 1, 0.5 or 0.

        The one who left loses to each one still seated (two who left tie); else a winner beats
        each one who did not win (two winners tie); else the higher final score wins (equal
        scores tie)."""
        left_a, left_b = seat in self.left, other in self.left
        if left_a != left_b:
            return 0.0 if left_a else 1.0
        if left_a:
            return 0.5
        won_a, won_b = seat in self.winners, other in self.winners
        if won_a != won_b:
            return 1.0 if won_a else 0.0
        if won_a:
            return 0.5
        mine, theirs = self.scores[seat], self.scores[other]
        return 1.0 if mine > theirs else 0.0 if mine < theirs else 0.5

    def outcomes(self) -> dict[str, list[tuple[str, float, float]]]:
        """Each player's pairwise results in this game: (opponent, score, weight). Seats held by
        the same player never play each other; each pair weighs 1/(seats − 1)."""
        n = len(self.seats)
        weight = 1.0 / (n - 1)
        out: dict[str, list[tuple[str, float, float]]] = {}
        for seat, player in enumerate(self.seats):
            mine = out.setdefault(player, [])
            for other, opponent in enumerate(self.seats):
                if other != seat and opponent != player:
                    mine.append((opponent, self.score(seat, other), weight))
        return out


def _order(game: FinishedGame) -> tuple[datetime, str, tuple[str, ...]]:
    return (game.finished, game.game, game.seats)


def rate_game(
    ratings: Mapping[str, Rating], game: FinishedGame, tau: float = TAU
) -> dict[str, Rating]:
    """The new ratings of a game's players after it (only theirs): each player's deviation
    first grows by the days since their last game, then all are updated at once from the
    ratings they had before the game. A game that does not count, or whose seats are all one
    player's (`hard` against `hard`), changes nothing."""
    if not game.counts:
        return {}
    before = {p: ratings.get(p, Rating()).at(game.finished) for p in set(game.seats)}
    after: dict[str, Rating] = {}
    for player, results in game.outcomes().items():
        outcomes = [
            Outcome(before[o].rating, before[o].deviation, score, weight)
            for o, score, weight in results
        ]
        if not outcomes:  # every seat is this player's: nobody to be measured against
            continue
        rated = update(before[player], outcomes, tau)
        after[player] = replace(rated, games=rated.games + 1, last_played=game.finished)
    return after


def ratings_of(games: Iterable[FinishedGame], tau: float = TAU) -> dict[str, Rating]:
    """Every player's rating after `games`, taken in the order they finished (then by name),
    whatever order they are given in: the same games always give the same ratings."""
    ratings: dict[str, Rating] = {}
    for game in sorted(games, key=_order):
        ratings.update(rate_game(ratings, game, tau))
    return ratings


# ---------------------------------------------------------------------------- the leaderboard


@dataclass(frozen=True)
class LeaderboardRow:
    """One line of the leaderboard. `rank` counts established ratings only (None for a
    provisional one); `level` is the AI level, None for a person; `deviation` is grown to the
    moment the leaderboard is shown."""

    rank: int | None
    player: str
    name: str
    level: str | None
    rating: float
    deviation: float
    volatility: float
    games: int
    last_played: datetime | None
    provisional: bool


def leaderboard_rows(
    ratings: Mapping[str, Rating],
    now: datetime,
    names: Mapping[str, str] | None = None,
) -> list[LeaderboardRow]:
    """The leaderboard at `now`: established ratings first, highest first, then provisional
    ones (deviation above `PROVISIONAL_DEVIATION`), highest first; ties by name. `names` gives
    a person's name by id (the id stands for a name it lacks)."""
    names = names or {}
    rows: list[LeaderboardRow] = []
    for player, rating in ratings.items():
        shown = rating.at(now)
        rows.append(
            LeaderboardRow(
                rank=None,
                player=player,
                name=names.get(player, player),
                level=ai_level(player),
                rating=shown.rating,
                deviation=shown.deviation,
                volatility=shown.volatility,
                games=shown.games,
                last_played=shown.last_played,
                provisional=shown.provisional,
            )
        )
    rows.sort(key=lambda r: (r.provisional, -round(r.rating), r.name, r.player))
    ranked: list[LeaderboardRow] = []
    for row in rows:
        rank = None if row.provisional else len(ranked) + 1
        ranked.append(replace(row, rank=rank))
    return ranked


def leaderboard_json(rows: Iterable[LeaderboardRow]) -> list[dict[str, Any]]:
    """The leaderboard as plain JSON values (`thousand ratings --json`)."""
    return [
        {
            "rank": row.rank,
            "id": row.player,
            "name": row.name,
            "ai_level": row.level,
            "rating": round(row.rating, 1),
            "deviation": round(row.deviation, 1),
            "volatility": round(row.volatility, 6),
            "games": row.games,
            "last_played": row.last_played.isoformat() if row.last_played else None,
            "provisional": row.provisional,
        }
        for row in rows
    ]
