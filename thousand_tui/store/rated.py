"""The games the club's ratings are made of, as the index keeps them (`rated_games`).

Each indexed game that can be rated becomes a `FinishedGame` (`finished_game`): its seats
named (a person by the id the host tells him apart by, an AI by its level), finished, or
left unfinished for `ABANDONED_AFTER`. The index keeps each one, as JSON, beside the ratings
it was counted in: a game that ends after every game rated so far moves only its players'
ratings, in the transaction that indexes it; any other change (a game earlier than the last
one rated, a game read again different, a record gone) makes every rating again from the
games kept, in that same transaction (`ratings.ratings_of`: the same games in the same
order, the same numbers).
"""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING, Any

from ..ratings import FinishedGame, ai_id

if TYPE_CHECKING:
    from .index import IndexedGame

# An unfinished game whose record has not been written for this long was left by the people
# at it (docs/ratings.md#abandoned-games); one taken up again later is rated by its end.
ABANDONED_AFTER = timedelta(days=7)


def when(text: str | None) -> datetime | None:
    if not text:
        return None
    try:
        found = datetime.fromisoformat(text.replace("Z", "+00:00"))
    except ValueError:
        return None
    return found if found.tzinfo is not None else found.replace(tzinfo=UTC)


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
        ended = when(game.ended) or when(game.written)
        if ended is None:
            return None
        return FinishedGame(
            ended, seats, game.scores, (game.winner,), (), game.settled, game.preset, name
        )
    written = when(game.written)
    if game.finished or written is None or now - written < ABANDONED_AFTER:
        return None
    left = tuple(i for i, seat in enumerate(game.seats) if seat.get("kind") == "human")
    return FinishedGame(written, seats, game.scores, (), left, game.settled, game.preset, name)


def order(game: FinishedGame) -> tuple[datetime, str, tuple[str, ...]]:
    """The order the ratings take games in (`ratings.ratings_of`'s)."""
    return (game.finished, game.game, game.seats)


def to_json(game: FinishedGame) -> str:
    return json.dumps(
        {
            "finished": game.finished.isoformat(),
            "seats": list(game.seats),
            "scores": list(game.scores),
            "winners": list(game.winners),
            "left": list(game.left),
            "deals": game.deals,
            "preset": game.preset,
            "game": game.game,
        },
        ensure_ascii=False,
        sort_keys=True,
    )


def from_json(text: str) -> FinishedGame:
    """A game kept by `to_json` (ValueError where it is not one)."""
    found: Any = json.loads(text)
    finished = when(str(found["finished"]))
    if finished is None:
        raise ValueError(f"a rated game with no time it finished: {text[:80]}")
    return FinishedGame(
        finished,
        tuple(str(s) for s in found["seats"]),
        tuple(int(s) for s in found["scores"]),
        tuple(int(s) for s in found["winners"]),
        tuple(int(s) for s in found["left"]),
        int(found["deals"]),
        str(found["preset"]),
        str(found["game"]),
    )


__all__ = ["ABANDONED_AFTER", "finished_game", "from_json", "order", "seat_ids", "to_json", "when"]
