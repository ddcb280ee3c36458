"""The lobby's list of the club's games: the shared games lately finished at this host's tables,
as the club index knows them, and who looks at them (the id its table service knew him by).

The records this host's table service keeps are listed (its data folder's `games/`), and on a
club database those of the other hosts' table services too, read from the copy the database
keeps of each (their files are on their hosts' disks). What the viewer then shows of one is
`viewing.py`'s: the looker's seat where he sat, else no hand unless every person at the table
allowed it (under a seal that holds only with the host's own secret, so another host's game
never opens a hand but the looker's).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..priority import Host
from ..store.catalog import games_dir
from ..store.index import IndexedGame, is_local, node_name, open_club, player_id
from ..store.people import guest_of
from .startup import remembered_name

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
    data: bytes | None = None  # another host's record, as the club's database keeps it

    @property
    def shown_path(self) -> Path:
        """The record as a message names it: another host's by its file's name only."""
        return self.path if self.data is None else Path(self.path.name)


def shared(game: IndexedGame) -> bool:
    """A game of a shared table: several people at it."""
    return sum(1 for seat in game.seats if seat.get("kind") == "human") > 1


def club_games(host: Host, most: int = SHOWN) -> tuple[ClubGame, ...]:
    """The shared games lately finished at `host`'s tables, and on a club database at the
    other hosts' (their records read from it), newest first (in a worker thread; raises
    OSError, ValueError or the database's error where the index cannot be read)."""
    folder = games_dir(host.data_dir).absolute()
    found: list[ClubGame] = []
    with open_club(host) as index:
        index.refresh_folder(folder)
        games, _ = index.shared_games(folder, most, others=True)  # the page, not the index
        for game in games:
            if len(found) >= most:
                break
            if not game.finished or not shared(game):
                continue
            data = None
            if game.path.parent != folder:
                # another host's table service's game (its own player's folder), if kept
                if (
                    index.kind == "sqlite"
                    or not is_local(game.player)
                    or game.player == index.local
                ):
                    continue
                data = index.kept_record(str(game.path))
                if data is None:
                    continue
            ended = (game.ended or game.written).replace("T", " ").removesuffix("Z")[:16]
            names = tuple(str(seat.get("name") or "") for seat in game.seats)
            found.append(
                ClubGame(
                    game.path,
                    game.number,
                    ended,
                    game.preset,
                    names,
                    game.scores,
                    game.winner,
                    data,
                )
            )
    return tuple(found)


def looker(game: ClubGame, person: str | None, host: Host) -> str | None:
    """Who looks at `game`, as its record names him (`person`: as this host's table service
    knows him): at another host's table he sat through the relay, as this host's person."""
    return person if game.data is None else guest_of(person, node_name(host))


def own_person(host: Host) -> str | None:
    """The player of `host`'s data folder as a shared table's record names him: a hosted
    player by his id (his folder's), the host's own by the name he sits down with at this
    terminal; None where neither is known (he then looks at a shared game from no seat)."""
    player = player_id(host)
    if not is_local(player):
        return player
    return person_of(None, remembered_name(host=host), host.hosted)


def person_of(who: str | None, name: str | None, hosted: bool) -> str | None:
    """Who looks at the list, as the table service's records name him: his SSH key's id, else
    (on the host's own terminal) the name he sits down with; None where neither is known."""
    if who is not None:
        return who
    if name and not hosted:
        return "name:" + name
    return None


__all__ = ["SHOWN", "ClubGame", "club_games", "looker", "own_person", "person_of", "shared"]
