"""The club's ratings, kept in its index (docs/ratings.md).

Each indexed game becomes a `FinishedGame` when it can be rated (`store/rated.py`: its seats
named, finished, or left unfinished for `ABANDONED_AFTER`). Each one moves its players'
ratings once, in the transaction that indexes it (`ClubIndex.refresh_folder`), so that the
ratings kept are always those of every such game taken in the order they ended
(`ratings.ratings_of`: the same games always give the same ratings), on whichever host of the
club it was played; `board_of` makes them again from the games, as `thousand club rebuild`
does. The leaderboard shows them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import UTC, datetime

from .priority import Host
from .ratings import LeaderboardRow, Rating, leaderboard_rows, ratings_of
from .store.index import ClubIndex, IndexedGame, open_club, player_id
from .store.rated import ABANDONED_AFTER as ABANDONED_AFTER
from .store.rated import finished_game as finished_game
from .store.rated import seat_ids as seat_ids


@dataclass(frozen=True)
class Board:
    """The ratings made from the club's games, and the names to show them by."""

    ratings: dict[str, Rating]
    names: dict[str, str]

    def rows(self, now: datetime) -> list[LeaderboardRow]:
        return leaderboard_rows(self.ratings, now, self.names)


def names_of(
    games: Iterable[IndexedGame], players: Iterable[tuple[str, str]], now: datetime
) -> dict[str, str]:
    """Each rated person's name: the one his folder's games go by, else the one he last sat
    down with."""
    names: dict[str, str] = {}
    for game in sorted(games, key=lambda g: g.written):
        finished = finished_game(game, now)
        if finished is None:
            continue
        for who, seat in zip(finished.seats, game.seats, strict=True):
            if seat.get("kind") == "human" and seat.get("name"):
                names[who] = seat["name"]
    names.update((who, name) for who, name in players if name != who)  # a name chosen
    return names


def board_of(
    games: Iterable[IndexedGame], players: Iterable[tuple[str, str]], now: datetime
) -> Board:
    """The ratings of every player after the club's games, made from them all, and each
    person's name (`names_of`)."""
    games = list(games)
    rated = [found for game in games if (found := finished_game(game, now)) is not None]
    return Board(ratings_of(rated), names_of(games, players, now))


def rate_club(index: ClubIndex, now: datetime | None = None) -> Board:
    """Bring the index up to date (each game ended since moves its players' ratings as it is
    indexed), rate the games left unfinished by `now`, and read the ratings kept."""
    now = now or datetime.now(UTC)
    index.refresh()
    index.rate_left(now)
    return Board(index.player_ratings(), names_of(index.games(), index.players(), now))


def my_rating(host: Host, notice: Callable[[str], None] | None = None) -> Rating | None:
    """The rating of the player of `host`'s data folder (a hosted player's own), in the
    club of its club folder, if he has one."""
    with open_club(host, notice=notice) as index:
        board = rate_club(index)
    return board.ratings.get(player_id(host))
