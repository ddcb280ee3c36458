"""A saved game stepped through, decision by decision (`thousand view`); no Textual.

The record is checked as a save is (it must replay exactly: a record edited by hand or damaged
is refused, changing nothing), then played out once through the engine (`steps`), keeping at
each position what the table shows of it: each seat's view as the engine makes it, the lines
the log gained, what each player just did, the results settled so far. Nothing is worked out
again here: the engine says what every seat saw.

Who sees what: every hand of one's own finished game is open; a game still in play shows
only what the viewer's seat saw then, and so does the finished game of a shared table (several
people at it) unless every person at it allowed his hands to be shown, as its record says
under a seal that holds with this data folder's secret (`store/seal.py`): a record edited by
hand to claim that consent, or one from elsewhere, keeps the other hands closed.

A game of a shared table viewed by someone who may not have played it (the lobby's list of
the club's games, or `thousand view FILE` of a shared game: `person`, the id the table service
knew him by) is seen from his seat where the record names him, else from no seat: a
watcher's view (`tables/watch.py`), no hand at all, and no analysis of anyone's decisions
(hard's advice would tell the cards of the seat advised). Every position of every deal is
built one way (`_position`), from the viewer's seat or from none.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

from ..engine.actions import Action
from ..engine.cards import Card
from ..engine.deal import Deal
from ..engine.events import DealStarted
from ..engine.match import MatchState
from ..engine.record import (
    RecordedGame,
    RecordError,
    decode_record,
    people_of_header,
    rebuild,
    rules_of_header,
    steps,
    table_of_header,
)
from ..engine.rules import Rules
from ..engine.scoring import Settlement
from ..engine.view import SeatView, seat_view
from ..store.records import read_record
from ..store.seal import consent, everyone_allows
from ..tables.watch import PLACE, public_view
from ..tables.wire import WATCHER
from ..translations import msg
from .i18n import Translator
from .narrate import Narrator
from .render import Palette
from .startup import preset_title

NOT_REPLAYED: Final = msg(
    "view_not_replayed",
    "{path}: the record does not replay ({where}): it was edited by hand or is damaged; "
    "nothing is shown and the file is left as it is",
)
NO_GAME: Final = msg(
    "view_no_game", "{path} has {count} game(s); choose one of 1..{count} with --game"
)


@dataclass(frozen=True)
class Position:
    """The game at one step: as a deal was dealt (`action` None), or after a decision."""

    number: int  # the deal's number
    step: int  # 0 as dealt, then each decision of the deal
    views: tuple[SeatView | None, ...]  # each seat's view; None where it is not shown
    told: tuple[str, ...]  # what the log gained at this step
    last: tuple[tuple[int, str], ...]  # what each seat just did (its panel's line)
    results: int  # deals settled so far (the sheet's rows)
    match: MatchState  # the scores after this step
    action: Action | None  # the decision that led here
    talon: tuple[Card, ...]  # the talon as dealt (shown only where every hand is open)
    ended: bool  # the deal is over here (its last trick or its redeal shown)


@dataclass
class ViewedGame:
    """A record's game, played out and ready to step through from `seat`'s side."""

    path: Path
    lines: list[dict[str, Any]]  # the record's lines, for the analysis
    names: tuple[str, ...]
    rules: Rules
    preset: str
    seat: int  # the viewer's seat: his hand below, the others above
    open: bool  # every hand shown
    finished: bool
    positions: list[Position]
    results: list[Settlement]
    start: MatchState | None
    cache: Path | None = None  # the statistics' cache its deals' analyses go to, if any
    # Where every hand is not open, why: "playing" (the game is not over), "shared" (not
    # every person at the table allowed it), "unsealed" (the record says all allowed, but
    # its seal does not hold here); "" where it is open, or is one's own game in play.
    shut: str = ""
    allowed: bool = False  # open because every person at a shared table allowed it
    watching: bool = False  # seen from no seat: the viewer was not at the table

    @property
    def players(self) -> int:
        return len(self.names)

    def view(self, index: int, seat: int | None = None) -> SeatView:
        """The view of `seat` (the viewer's by default) at position `index`; the viewer's
        where that seat's is not shown."""
        views = self.positions[index].views
        shown = views[self.seat if seat is None else seat]
        if shown is None:
            shown = views[self.seat]
        assert shown is not None
        return shown

    def deal_starts(self) -> list[int]:
        """The index of each deal's first position."""
        return [i for i, p in enumerate(self.positions) if p.step == 0]

    def deal_start(self, index: int) -> int:
        """The first position of the deal of position `index`."""
        return max(i for i in self.deal_starts() if i <= index)

    def told(self, index: int) -> list[str]:
        """The log of the deal of position `index`, up to it."""
        return [line for p in self.positions[self.deal_start(index) : index + 1] for line in p.told]

    def settled(self, number: int) -> bool:
        """Whether deal `number` is over in the record (it can be analysed)."""
        return any(
            line.get("type") == "result" and line.get("number") == number for line in self.lines
        )


def viewer_seat(header: dict[str, Any]) -> tuple[int, bool]:
    """The seat of a game's person (else the first) and whether the game was played by
    several people (a shared table), whose looker's seat is `person_seat`'s."""
    players = [p for p in header.get("players") or [] if isinstance(p, dict)]
    people = [seat for seat, p in enumerate(players) if p.get("kind") == "human"]
    shared = len(people) > 1 or table_of_header(header) is not None
    return (people[0] if people else 0), shared


def person_seat(header: dict[str, Any], person: str | None) -> int | None:
    """The seat of `person` (the table service's id of him) in a shared game, if he sat."""
    players = header.get("players") or []
    people = people_of_header(header, len(players)) if isinstance(players, list) else None
    if person is None or people is None or person not in people:
        return None
    return people.index(person)


def open_game(
    path: Path,
    t: Translator,
    p: Palette,
    game: int = 1,
    cache: Path | None = None,
    key: bytes | None = None,
    *,
    club: bool = False,
    person: str | None = None,
    data: bytes | None = None,
) -> ViewedGame:
    """Read, check and play out game `game` of the record at `path` (its analyses to go to
    the statistics' `cache`; `key`: the data folder's secret, that a shared game's consent is
    checked with); raises RecordError (said in the reader's language) for a file that is not
    a record or does not replay. A game of a shared table (or, `club`, of the club's list)
    is seen from the seat of `person` (the looker, as its table service knew him: `looker`,
    `own_person`) where the record names him, else from no seat; one's own game from its
    person's seat. `data`: the record's bytes, where they were read elsewhere (another
    host's game, from the club's database; `path` names it)."""
    record = read_record(path) if data is None else decode_record(data, path)
    count = len(record.games)
    if not 1 <= game <= count:
        raise RecordError(NO_GAME, path=path, count=count)
    recorded = record.games[game - 1]
    try:
        _, mismatch = rebuild(recorded)
    except RecordError as error:
        raise RecordError(NOT_REPLAYED, path=path, where=str(error)) from error
    if mismatch is not None:
        raise RecordError(NOT_REPLAYED, path=path, where=str(mismatch))
    if club or viewer_seat(recorded.header)[1]:  # a shared game: the looker's seat, if any
        seat = person_seat(recorded.header, person)
        viewed = play_out(path, recorded, t, p, key=key, seat=WATCHER if seat is None else seat)
    else:
        viewed = play_out(path, recorded, t, p, key=key)
    viewed.cache = cache
    return viewed


def why_shut(header: dict[str, Any], finished: bool, shared: bool, key: bytes | None) -> str:
    """Why every hand of a game is not open (`ViewedGame.shut`), "" where it is."""
    if not finished:
        return "playing" if shared else ""
    if not shared or everyone_allows(header, key):
        return ""
    given = consent(header)
    players = header.get("players") or []
    people = [s for s, p in enumerate(players) if isinstance(p, dict) and p.get("kind") == "human"]
    claimed = given is not None and bool(people) and all(given[s] is True for s in people)
    return "unsealed" if claimed else "shared"


def play_out(
    path: Path,
    recorded: RecordedGame,
    t: Translator,
    p: Palette,
    *,
    open_hands: bool | None = None,
    last_deal: int | None = None,
    key: bytes | None = None,
    seat: int | None = None,
) -> ViewedGame:
    """Every position of a record that replays (`open_game` checks that first), up to deal
    `last_deal` if given; every hand open as `open_hands` says, else as `viewing` says (a
    shared game's consent checked with the data folder's secret `key`); from `seat` if
    given (WATCHER: from no seat), else from `viewer_seat`'s."""
    header = recorded.header
    rules = rules_of_header(header)
    own, shared = viewer_seat(header)
    seat = own if seat is None else seat
    finished = recorded.finished
    shut = why_shut(header, finished, shared, key) if open_hands is None else ""
    is_open = (finished and not shut) if open_hands is None else open_hands
    watching = seat == WATCHER and not is_open
    seat = PLACE if seat == WATCHER else seat  # a watcher's view is drawn from seat 0's place
    positions: list[Position] = []
    narrator: Narrator | None = None
    names: tuple[str, ...] = ()
    step = 0
    game_start: MatchState | None = None
    results: Sequence[Settlement] = []
    for played, deal, action, events in steps(recorded):
        if narrator is None:
            names = played.names
            narrator = Narrator(t, p, names, rules, seat=WATCHER if watching else seat)
            game_start = played.start.state if played.start is not None else None
        results = played.results
        winner = played.winner
        if action is None or played.deal is deal:  # the same deal goes on (or the game ended)
            step = 0 if action is None else step + 1
            told = tuple(narrator.tell(events))
            positions.append(
                _position(deal, seat, is_open, names, winner, played.match, step, told,
                          narrator, len(results), action, watching=watching, ended=deal.over)
            )  # fmt: skip
            continue
        # The decision ended its deal and the next was dealt: the deal's end, then the next.
        split = next((i for i, e in enumerate(events) if isinstance(e, DealStarted)), len(events))
        told = tuple(narrator.tell(events[:split]))
        positions.append(
            _position(deal, seat, is_open, names, winner, played.match, step + 1, told,
                      narrator, len(results), action, watching=watching, ended=True)
        )  # fmt: skip
        step = 0
        told = tuple(narrator.tell(events[split:]))
        positions.append(
            _position(played.deal, seat, is_open, names, winner, played.match, 0, told,
                      narrator, len(results), None, watching=watching, ended=False)
        )  # fmt: skip
    if last_deal is not None:
        positions = [position for position in positions if position.number <= last_deal]
    return ViewedGame(
        path=path,
        lines=recorded.lines,
        names=names,
        rules=rules,
        preset=preset_title(str(header.get("preset") or ""), t.lang),
        seat=seat,
        open=is_open,
        finished=finished,
        positions=positions,
        results=list(results),
        start=game_start,
        shut=shut,
        allowed=is_open and shared and open_hands is None,
        watching=watching,
    )


def _position(
    deal: Deal,
    seat: int,
    is_open: bool,
    names: tuple[str, ...],
    winner: int | None,
    match: MatchState,
    step: int,
    told: tuple[str, ...],
    narrator: Narrator,
    results: int,
    action: Action | None,
    *,
    watching: bool,
    ended: bool,
) -> Position:
    """One position of `deal`: the views of the seats shown (every seat where `is_open`,
    else `seat`'s alone; a watcher's, of no seat, where `watching`), never built otherwise,
    so that no position of any deal shows more than the viewer may see."""
    shown = range(len(names)) if is_open else (seat,)
    views: list[SeatView | None] = [None] * len(names)
    for s in shown:
        view = public_view(deal, names, winner) if watching else seat_view(deal, s, names, winner)
        # The scores after the step: a deal just ended shows its result in them.
        views[s] = view._replace(match=match) if ended or winner is not None else view
    return Position(
        number=deal.number,
        step=step,
        views=tuple(views),
        told=told,
        last=tuple(sorted(narrator.last.items())),
        results=results,
        match=match,
        action=action,
        talon=tuple(deal.dealt.talons[0]) if is_open else (),
        ended=ended,
    )


__all__ = [
    "Position",
    "ViewedGame",
    "open_game",
    "person_seat",
    "play_out",
    "viewer_seat",
    "why_shut",
]
