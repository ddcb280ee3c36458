"""The club's ratings, made from its index (docs/ratings.md).

Each indexed game becomes a `FinishedGame` when it can be rated: its seats named (a person by
the id the host tells him apart by, an AI by its level), finished, or left unfinished for
`ABANDONED_AFTER`. The ratings are made again from every such game in the order they ended
(`ratings.ratings_of`: the same games always give the same ratings), kept in the index in
place of the ones before, and shown as the leaderboard.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from .priority import Host
from .ratings import FinishedGame, LeaderboardRow, Rating, ai_id, leaderboard_rows, ratings_of
from .store.index import ClubIndex, IndexedGame, open_club, player_id
from .store.index import Rating as KeptRating

# An unfinished game whose record has not been written for this long was left by the people
# at it (docs/ratings.md#abandoned-games); one taken up again later is rated by its end.
ABANDONED_AFTER = timedelta(days=7)


def _when(text: str | None) -> datetime | None:
    if not text:
        return None
    try:
        when = datetime.fromisoformat(text.replace("Z", "+00:00"))
    except ValueError:
        return None
    return when if when.tzinfo is not None else when.replace(tzinfo=UTC)


def seat_ids(game: IndexedGame) -> tuple[str, ...] | None:
    """Who sat at each seat: a person by the id his host knows him by (at a shared table, as
    its record says; in a game of one person, the owner of the folder it is saved in), an AI
    by its level ("ai:hard"). None when a seat cannot be told (a shared table where nobody
    was told apart, an AI of no level)."""
    people = [seat for seat in game.seats if seat.get("kind") == "human"]
    ids: list[str] = []
    for seat in game.seats:
        if seat.get("kind") == "human":
            who = seat.get("id") or (game.player if len(people) == 1 else None)
        else:
            level = seat.get("level")
            who = ai_id(level) if level else None
        if not who:
            return None
        ids.append(who)
    return tuple(ids)


def finished_game(game: IndexedGame, now: datetime) -> FinishedGame | None:
    """The game as the ratings take it, or None while it is played (or cannot be rated: a
    card was taken back in it, among others)."""
    if game.taken_back:
        return None
    seats = seat_ids(game)
    if seats is None or not 2 <= len(seats) <= 4 or len(game.scores) != len(seats):
        return None
    name = f"{game.key}#{game.number}"
    if game.finished and game.winner is not None:
        ended = _when(game.ended) or _when(game.written)
        if ended is None:
            return None
        return FinishedGame(
            ended, seats, game.scores, (game.winner,), (), game.settled, game.preset, name
        )
    written = _when(game.written)
    if game.finished or written is None or now - written < ABANDONED_AFTER:
        return None
    left = tuple(i for i, seat in enumerate(game.seats) if seat.get("kind") == "human")
    return FinishedGame(written, seats, game.scores, (), left, game.settled, game.preset, name)


@dataclass(frozen=True)
class Board:
    """The ratings made from the club's games, and the names to show them by."""

    ratings: dict[str, Rating]
    names: dict[str, str]

    def rows(self, now: datetime) -> list[LeaderboardRow]:
        return leaderboard_rows(self.ratings, now, self.names)


def board_of(
    games: Iterable[IndexedGame], players: Iterable[tuple[str, str]], now: datetime
) -> Board:
    """The ratings of every player after the club's games, and each person's name: the one
    his folder's games go by, else the one he last sat down with."""
    games = list(games)
    names: dict[str, str] = {}
    rated = []
    for game in sorted(games, key=lambda g: g.written):
        finished = finished_game(game, now)
        if finished is None:
            continue
        rated.append(finished)
        for who, seat in zip(finished.seats, game.seats, strict=True):
            if seat.get("kind") == "human" and seat.get("name"):
                names[who] = seat["name"]
    names.update((who, name) for who, name in players if name != who)  # a name chosen
    return Board(ratings_of(rated), names)


def rate_club(index: ClubIndex, now: datetime | None = None) -> Board:
    """Bring the index up to date, make every rating again from its games and keep them in
    the index (in place of the ones before)."""
    now = now or datetime.now(UTC)
    index.refresh()
    board = board_of(index.games(), index.players(), now)
    index.replace_ratings(
        KeptRating(
            player,
            r.rating,
            r.deviation,
            r.volatility,
            r.games,
            r.last_played.isoformat() if r.last_played else None,
        )
        for player, r in board.ratings.items()
    )
    return board


def my_rating(host: Host, notice: Callable[[str], None] | None = None) -> Rating | None:
    """The rating of the player of `host`'s data folder (a hosted player's own), in the
    club of its club folder, if he has one."""
    with open_club(host, notice=notice) as index:
        board = rate_club(index)
    return board.ratings.get(player_id(host))
