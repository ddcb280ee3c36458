"""The lobby's list of the club's games: the shared games lately finished at this host's tables,
as the club index knows them, and who looks at them (the id its table service knew him by).

Only the records this host's table service keeps are listed (its data folder's `games/`): a
game of another host of a club database is on that host's disk. What the viewer then shows of
one is `viewing.py`'s: the looker's seat where he sat, else no hand unless every person at the
table allowed it.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..priority import Host
from ..store.catalog import games_dir
from ..store.index import IndexedGame, open_club

SHOWN = 20  # the games listed, at most


@dataclass(frozen=True)
class ClubGame:
    """One finished shared game as the list shows it (names as their people wrote them)."""

    path: Path
    number: int  # the game's place in its record file, from 1
    ended: str  # "2026-12-05 03:58" (UTC)
    preset: str  # the preset's name (a shipped one's title is the reader's to make)
    names: tuple[str, ...]
    scores: tuple[int, ...]
    winner: int | None


def shared(game: IndexedGame) -> bool:
    """A game of a shared table: several people at it."""
    return sum(1 for seat in game.seats if seat.get("kind") == "human") > 1


def club_games(host: Host, most: int = SHOWN) -> tuple[ClubGame, ...]:
    """The shared games lately finished at `host`'s tables, newest first (in a worker thread;
    raises OSError, ValueError or the database's error where the index cannot be read)."""
    folder = games_dir(host.data_dir).absolute()
    found: list[ClubGame] = []
    with open_club(host) as index:
        index.refresh_folder(folder)
        for game in index.games():
            if len(found) >= most:
                break
            if not game.finished or not shared(game) or game.path.parent != folder:
                continue
            ended = (game.ended or game.written).replace("T", " ").removesuffix("Z")[:16]
            names = tuple(str(seat.get("name") or "") for seat in game.seats)
            found.append(
                ClubGame(
                    game.path, game.number, ended, game.preset, names, game.scores, game.winner
                )
            )
    return tuple(found)


def person_of(who: str | None, name: str | None, hosted: bool) -> str | None:
    """Who looks at the list, as the table service's records name him: his SSH key's id, else
    (on the host's own terminal) the name he sits down with; None where neither is known."""
    if who is not None:
        return who
    if name and not hosted:
        return "name:" + name
    return None


__all__ = ["SHOWN", "ClubGame", "club_games", "person_of", "shared"]
