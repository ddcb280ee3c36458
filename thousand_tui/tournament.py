"""Tournaments on the same deals (docs/club.md#tournaments-on-the-same-deals): a name, a
preset, a number of deals and the hours it is open; every entrant plays the same deals
against the daily's AI opponents, once, ranked by the duplicate score.

- The cards come, as the daily's do, from a seed made (HMAC-SHA256) of the club's secret
  (`daily.key`, or the club database's), the tournament's name and the time it was opened:
  nobody who does not hold the secret can compute them, and no deal is written before an
  entrant plays it.
- Where a tournament is kept: without a club database, in the club folder
  (`tournaments/NAME/tournament.json`); with one (PostgreSQL, shared by the club's hosts), in
  its `tournaments` table with the seed of its deals, so that a tournament opened on one host
  is listed, dealt the same and ranked on every host. A tournament a host kept as a file
  before its club had a database is given to the club when that host first lists them.
- A tournament is a `Daily` of its own deals: its records are kept in the club's folder
  (`tournaments/NAME/PLAYER/deal-K.jsonl`), its results in the club index under the key
  `tournament:NAME` (one try: a deal once settled is never dealt again).
- The duplicate score of an entrant: for each deal he played, his points minus the mean of
  every entrant's points on that deal, summed.
"""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import json
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime, timedelta
from fractions import Fraction
from pathlib import Path
from typing import Final

from .daily import (
    DAILY_DIR,
    KEY_NAME,
    Daily,
    OpenDeal,
    _safe,
    day_folder,
    deal_points,
    dealer_of,
    secret,
)
from .engine.dealing import Dealt, deal
from .engine.events import Event
from .engine.game import Game, PlayerInfo
from .plaintext import fault, shown
from .presets import Preset, PresetError, load_preset
from .priority import Host
from .private import private_dir, write_private
from .said import Spoken, msg
from .store.index import (
    LOCAL_PLAYER,
    ClubIndex,
    DailyResult,
    TournamentRow,
    club_dir,
    index_path,
    is_local,
    local_id,
    open_club,
    open_index,
)

TOURNAMENTS_DIR: Final = "tournaments"
SPEC_NAME: Final = "tournament.json"
SETTINGS_NAME: Final = "settings.json"  # the host's: whether players may open tournaments
PLAYERS_MAY_OPEN: Final = "tournaments.players_may_open"  # the same, a club database's setting
MAX_NAME: Final = 24
MAX_DEALS: Final = 40
MAX_RUNNING: Final = 3  # tournaments a player (not the host) may have open or to open
KEY_PREFIX: Final = "tournament:"  # a tournament's results' key in the index

BAD_NAME: Final = msg(
    "tour_bad_name",
    "«{name}» cannot name a tournament: give 1 to {most} printable characters on one line",
)
SAME_NAME: Final = msg(
    "tour_same_name", "a tournament named «{name}» exists already; choose another name"
)
BAD_PRESET: Final = msg("tour_bad_preset", "the preset cannot be loaded: {why}")
BAD_DEALS: Final = msg("tour_bad_deals", "--deals must be 1 to {most}, not {deals}")
BAD_TIME: Final = msg(
    "tour_bad_time",
    "«{given}» is not a time: give YYYY-MM-DD HH:MM (UTC), now, or +30m, +2h, +1d from now",
)
CLOSES_PAST: Final = msg(
    "tour_closes_past", "the closing time {closes} is in the past; give a later one"
)
CLOSES_EARLY: Final = msg(
    "tour_closes_early", "the closing time {closes} is not after the opening {opens}"
)
NOT_ALLOWED: Final = msg(
    "tour_not_allowed", "only the host opens tournaments here (the host's setting)"
)
TOO_MANY: Final = msg(
    "tour_too_many",
    "a player may have {most} tournaments not yet closed; open another after one closes",
)
NO_SUCH: Final = msg(
    "tour_no_such", "there is no tournament named «{name}»; `{command}` lists them"
)


LATE: Final = msg(
    "tour_late", "the tournament closed at {closes}: a deal settled after it does not count"
)


class TournamentError(Spoken):
    """Bad input for a tournament: one line, in the reader's language; nothing changed."""


# ---------------------------------------------------------------------- times


def parse_time(text: str, now: datetime) -> datetime:
    """A time given on the command line: YYYY-MM-DD HH:MM (or with a T, UTC unless it says
    its offset), `now`, or +N m/h/d from now."""
    given = text.strip()
    if given == "now":
        return now
    found = re.fullmatch(r"\+(\d{1,5})([mhd])", given)
    if found:
        amount = int(found.group(1))
        unit = {"m": "minutes", "h": "hours", "d": "days"}[found.group(2)]
        return now + timedelta(**{unit: amount})
    try:
        when = datetime.fromisoformat(given.replace("Z", "+00:00"))
    except ValueError as error:
        raise TournamentError(BAD_TIME, given=shown(text, most=40)) from error
    return when if when.tzinfo is not None else when.replace(tzinfo=UTC)


def time_words(when: datetime) -> str:
    return when.astimezone(UTC).strftime("%Y-%m-%d %H:%M UTC")


# ---------------------------------------------------------------------- a tournament


@dataclass(frozen=True)
class Spec:
    """What the opener chose: kept in `tournaments/NAME/tournament.json`."""

    name: str
    preset: str
    deals: int
    opens: datetime
    closes: datetime
    by: str  # who opened it (a player's id; "local" for the host)
    created: datetime
    # the seed of its deals, as the club's database keeps it (a file's is made when dealt)
    seed: int | None = field(default=None, repr=False)

    @property
    def folder_name(self) -> str:
        return _safe(self.name.casefold())

    def state(self, now: datetime) -> str:
        """ "soon" before it opens, "open" while entrants play, "closed" after."""
        if now < self.opens:
            return "soon"
        return "open" if now < self.closes else "closed"

    def to_json(self) -> str:
        return json.dumps(
            {
                "name": self.name,
                "preset": self.preset,
                "deals": self.deals,
                "opens": self.opens.isoformat(),
                "closes": self.closes.isoformat(),
                "by": self.by,
                "created": self.created.isoformat(),
            },
            ensure_ascii=False,
        )

    @classmethod
    def from_json(cls, text: str) -> Spec:
        data = json.loads(text)
        spec = cls(
            str(data["name"]),
            str(data["preset"]),
            int(data["deals"]),
            datetime.fromisoformat(data["opens"]),
            datetime.fromisoformat(data["closes"]),
            str(data["by"]),
            datetime.fromisoformat(data["created"]),
        )
        if fault(spec.name, MAX_NAME) or not 1 <= spec.deals <= MAX_DEALS:
            raise ValueError("a damaged tournament file")
        return spec

    def row(self, seed: int) -> TournamentRow:
        return TournamentRow(
            self.folder_name,
            self.name,
            self.preset,
            self.deals,
            self.opens.isoformat(),
            self.closes.isoformat(),
            self.by,
            self.created.isoformat(),
            f"{seed:016x}",
        )

    @classmethod
    def from_row(cls, row: TournamentRow) -> Spec:
        """A tournament as the club's database keeps it (another host wrote it: checked as a
        file is, ValueError when it is not one)."""
        spec = cls(
            str(row.name),
            str(row.preset),
            int(row.deals),
            datetime.fromisoformat(str(row.opens)),
            datetime.fromisoformat(str(row.closes)),
            str(row.opener),
            datetime.fromisoformat(str(row.created)),
            int(str(row.seed), 16),
        )
        if fault(spec.name, MAX_NAME) or not 1 <= spec.deals <= MAX_DEALS:
            raise ValueError("a damaged tournament in the club database")
        if spec.folder_name != row.key or not 0 <= (spec.seed or 0) < 1 << 64:
            raise ValueError("a damaged tournament in the club database")
        return spec


def deals_seed(spec: Spec, base: Path | None = None, database: str | None = None) -> int:
    """The seed of a tournament's deals: HMAC-SHA256 by the club's secret of its name and
    the time it was opened (never shown; kept only in the club's database, with the secret)."""
    if spec.seed is not None:
        return spec.seed
    text = (
        f"tournament|{spec.folder_name}|{spec.created.isoformat()}|{KEY_PREFIX}{spec.folder_name}"
    )
    digest = hmac.new(secret(base, database), text.encode(), hashlib.sha256).digest()
    return int.from_bytes(digest[:8], "big")


def tournaments_dir(base: Path | None = None) -> Path:
    return club_dir(base) / TOURNAMENTS_DIR


def players_may_open(base: Path | None = None, database: str | None = None) -> bool:
    """The host's setting: whether any player may open a tournament (else the host only).
    With a club `database` it is the club's, kept there, so that every host agrees (not set,
    or the database out of reach: the host only)."""
    with contextlib.suppress(OSError, ValueError, TypeError):
        if database:
            with open_index(index_path(club_dir(base)), database=database) as index:
                return index.club_setting(PLAYERS_MAY_OPEN) == "true"
        data = json.loads((tournaments_dir(base) / SETTINGS_NAME).read_text(encoding="utf-8"))
        return data.get("players_may_open") is True
    return False


def allow_players(allowed: bool, base: Path | None = None, database: str | None = None) -> None:
    """Set whether any player may open a tournament: in the club `database` for every host
    of the club, else in this host's `tournaments/settings.json`."""
    if database:
        with open_index(index_path(club_dir(base)), database=database) as index:
            index.set_club_setting(PLAYERS_MAY_OPEN, "true" if allowed else "false")
        return
    folder = private_dir(tournaments_dir(base))
    write_private(folder / SETTINGS_NAME, json.dumps({"players_may_open": allowed}) + "\n")


def open_tournament(
    name: str,
    preset: str,
    deals: int,
    opens: str,
    closes: str,
    by: str = LOCAL_PLAYER,
    base: Path | None = None,
    now: datetime | None = None,
    database: str | None = None,
) -> Spec:
    """Open a tournament, every input checked first: raises TournamentError (nothing
    written) for a bad name, a name taken, a preset that does not load, a bad number of
    deals, a closing time past or not after the opening, or an opener the host does not
    allow. With a club `database`, it is kept there (the name taken club-wide)."""
    now = now or datetime.now(UTC)
    if not is_local(by):
        if not players_may_open(base, database):
            raise TournamentError(NOT_ALLOWED)
        running = [s for s in specs(base, database) if s.by == by and s.state(now) != "closed"]
        if len(running) >= MAX_RUNNING:  # a player does not fill the club's list
            raise TournamentError(TOO_MANY, most=MAX_RUNNING)
    if fault(name, MAX_NAME) is not None or name != name.strip():
        raise TournamentError(BAD_NAME, name=shown(name, most=40), most=MAX_NAME)
    try:
        load_preset(preset)
    except (PresetError, OSError, ValueError) as error:
        raise TournamentError(BAD_PRESET, why=str(error)) from error
    if not 1 <= deals <= MAX_DEALS:
        raise TournamentError(BAD_DEALS, most=MAX_DEALS, deals=deals)
    start = parse_time(opens, now)
    end = parse_time(closes, now)
    if end <= now:
        raise TournamentError(CLOSES_PAST, closes=time_words(end))
    if end <= start:
        raise TournamentError(CLOSES_EARLY, closes=time_words(end), opens=time_words(start))
    spec = Spec(name, preset, deals, start, end, by, now)
    if database:
        specs(base, database)  # this host's tournaments of before the database given first
        spec = replace(spec, seed=deals_seed(spec, base, database))
        with open_index(index_path(club_dir(base)), database=database) as index:
            if not index.add_tournament(spec.row(deals_seed(spec))):
                raise TournamentError(SAME_NAME, name=shown(name))
        return spec
    folder = private_dir(tournaments_dir(base)) / spec.folder_name
    try:
        folder.mkdir(mode=0o700)  # the name taken in one step: two openers, one wins
    except FileExistsError as error:
        raise TournamentError(SAME_NAME, name=shown(name)) from error
    write_private(folder / SPEC_NAME, spec.to_json() + "\n")
    return spec


def _files(base: Path | None) -> list[Spec]:
    """The tournaments kept as files in the club folder (damaged files skipped)."""
    found: list[Spec] = []
    with contextlib.suppress(OSError):
        for folder in tournaments_dir(base).iterdir():
            with contextlib.suppress(OSError, ValueError, KeyError, TypeError):
                found.append(Spec.from_json((folder / SPEC_NAME).read_text(encoding="utf-8")))
    return found


def _club_specs(base: Path | None, database: str) -> list[Spec]:
    """The tournaments of the club's database; this host's files of tournaments it does not
    know yet (kept before the club had a database) given to it first, each with the seed its
    deals were dealt with here. A database that cannot be used raises (a ValueError)."""
    with open_index(index_path(club_dir(base)), database=database) as index:
        known = {row.key for row in index.tournaments()}
        # dealt, before, by this host's own secret (the database's if it never had one)
        mine = None if (club_dir(base) / KEY_NAME).is_file() else database
        for spec in _files(base):
            if spec.folder_name not in known:
                index.add_tournament(spec.row(deals_seed(spec, base, mine)))
        found: list[Spec] = []
        for row in index.tournaments():
            with contextlib.suppress(ValueError, TypeError):
                found.append(Spec.from_row(row))
    return found


def specs(base: Path | None = None, database: str | None = None) -> list[Spec]:
    """Every tournament of the club (its database's, else the club folder's files), the
    latest to close first (damaged ones skipped)."""
    found = _club_specs(base, database) if database else _files(base)
    found.sort(key=lambda s: (s.closes, s.name), reverse=True)
    return found


def find(name: str, base: Path | None = None, database: str | None = None) -> Spec:
    key = _safe(name.casefold())
    if database:
        spec = next((s for s in _club_specs(base, database) if s.folder_name == key), None)
        if spec is not None:
            return spec
        raise TournamentError(NO_SUCH, name=shown(name, most=40), command="thousand tournaments")
    path = tournaments_dir(base) / key / SPEC_NAME
    try:
        return Spec.from_json(path.read_text(encoding="utf-8"))
    except (OSError, ValueError, KeyError, TypeError) as error:
        raise TournamentError(
            NO_SUCH, name=shown(name, most=40), command="thousand tournaments"
        ) from error


@dataclass
class Tournament(Daily):
    """A tournament's deals, played as the daily's are (`Daily.open_deal`, the daily's table
    mode): its own cards, count, records and results' key."""

    spec: Spec = field(kw_only=True)

    @classmethod
    def of(cls, spec: Spec, base: Path | None = None, database: str | None = None) -> Tournament:
        preset: Preset = load_preset(spec.preset)
        return cls(KEY_PREFIX + spec.folder_name, preset, base, database, spec=spec)

    @property
    def count(self) -> int:
        return self.spec.deals

    def seed(self) -> int:
        return deals_seed(self.spec, self.base, self.database)

    def dealt(self, number: int) -> Dealt:
        rules = self.preset.rules
        return deal(
            self.seed(),
            number,
            dealer_of(number, rules.players),
            rules.players,
            rules.deal.cut_ritual,
            rules.talon_size,
        )

    def folder(self) -> Path:
        return tournaments_dir(self.base) / self.spec.folder_name

    def record(self, player: str, number: int) -> Path:
        return self.folder() / _safe(player) / f"deal-{number}.jsonl"

    def references(self) -> list[int]:
        return []  # ranked against the field, not against a reference

    def references_kept(self) -> bool:
        return True

    def open_deal(
        self,
        index: ClubIndex,
        player: str,
        players: list[PlayerInfo],
        lang: str | None = None,
        on_events: Callable[[list[Event]], None] | None = None,
    ) -> OpenDeal | None:
        """As the daily's, while the tournament is open; None once it is closed."""
        if self.spec.state(datetime.now(UTC)) == "closed":
            return None
        return super().open_deal(index, player, players, lang, on_events)

    def settle(self, index: ClubIndex, player: str, number: int, game: Game) -> DailyResult:
        if self.spec.state(datetime.now(UTC)) == "closed":
            raise TournamentError(LATE, closes=time_words(self.spec.closes))
        result = DailyResult(self.date, self.name, player, number, deal_points(game), 0)
        index.add_daily_results([result], self.kept(result))
        return result

    def best_other(self, index: ClubIndex, player: str) -> tuple[str, str] | None:
        rows = standings(self.results(index), self.count, dict(index.players()))
        return next(((r.player, r.name) for r in rows if r.player != player), None)


# ---------------------------------------------------------------------- a host's own player


def claim_local(host: Host) -> int:
    """On a club database, this host's own player's daily and tournament results kept under
    the id every host's own player once shared (`local`) made his (`local_id`: local:NODE):
    those whose record is in this host's club folder, whose tries' folders are renamed
    first (a deal left in the middle is taken up under his id). How many were made his;
    nothing in a club of one host. Run at start; again after a failure, it ends the job."""
    mine = local_id(host)
    if mine == LOCAL_PLAYER:
        return 0
    base = host.club_dir
    old, new = _safe(LOCAL_PLAYER), _safe(mine)
    for folder in [*(base / DAILY_DIR).glob(f"*/*/{old}"), *tournaments_dir(base).glob(f"*/{old}")]:
        with contextlib.suppress(OSError):
            if folder.is_dir() and not folder.is_symlink() and not (folder.parent / new).exists():
                folder.rename(folder.parent / new)

    def played_here(result: DailyResult) -> bool:
        if result.date.startswith(KEY_PREFIX):
            folder = tournaments_dir(base) / _safe(result.date[len(KEY_PREFIX) :])
        else:
            folder = day_folder(result.date, result.preset, base)
        return (folder / new / f"deal-{result.deal}.jsonl").is_file()

    with open_club(host) as index:
        owned = [r for r in index.results_of(LOCAL_PLAYER) if played_here(r)]
        if owned:
            index.give_results(owned, mine)
    return len(owned)


# ---------------------------------------------------------------------- the standings


@dataclass(frozen=True)
class Standing:
    player: str
    name: str
    score: Fraction  # the duplicate score: points against the field, summed over his deals
    deals: tuple[int | None, ...]  # his points on each deal, None where not played

    @property
    def played(self) -> int:
        return sum(1 for d in self.deals if d is not None)


def standings(
    results: Sequence[DailyResult], count: int, names: dict[str, str] | None = None
) -> list[Standing]:
    """Each entrant's duplicate score: for each deal he played, his points minus the mean of
    every entrant's points on that deal; best first (then more deals played, then by name)."""
    names = names or {}
    by_player: dict[str, list[int | None]] = {}
    on_deal: dict[int, list[int]] = {}
    for r in results:
        if not 1 <= r.deal <= count:
            continue
        by_player.setdefault(r.player, [None] * count)[r.deal - 1] = r.points
        on_deal.setdefault(r.deal, []).append(r.points)
    means = {n: Fraction(sum(points), len(points)) for n, points in on_deal.items()}
    rows = [
        Standing(
            player,
            names.get(player) or player,
            sum((p - means[n] for n, p in enumerate(deals, 1) if p is not None), Fraction(0)),
            tuple(deals),
        )
        for player, deals in by_player.items()
    ]
    rows.sort(key=lambda r: (-r.score, -r.played, r.name.casefold(), r.player))
    return rows


__all__ = [
    "Spec",
    "Standing",
    "Tournament",
    "TournamentError",
    "allow_players",
    "claim_local",
    "find",
    "open_tournament",
    "parse_time",
    "players_may_open",
    "specs",
    "standings",
]
