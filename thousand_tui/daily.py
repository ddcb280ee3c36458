"""The daily deal (docs/daily.md): the same deals of the day for everyone of a club, each scored
in duplicate against how `hard` played the same cards from the same seat.

- The day's cards come from a seed made (HMAC-SHA256) of a secret the host keeps in the club's
  folder (`daily.key`, 0600, made on first use), the date and the preset: nobody who does not
  hold the secret can compute them, and the seed itself is never written anywhere.
- Deal k of the day (1 to `DEALS`) is a game of its own from 0:0:0, dealt by seat (k - 1) mod
  the players, with the day's cards stacked as its deal 1: every deal is the same situation
  for everyone, whatever happened in the deals before.
- The reference of deal k is what `hard` (deterministic budgets, every seat) makes from seat 0
  with those cards, computed once per day and preset and kept in the club's folder. A person's
  opponents are the reference's own players of their seats (`opponent`).
- A person's try is kept in the club's folder (`daily/DATE/PRESET/PLAYER/deal-K.jsonl`), never
  in his own: the record of the deal being played lets him come back to it where he stopped,
  and each deal's result goes to the club index as it is settled (one try: a deal once
  settled is never dealt again).
"""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import json
import secrets
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from .ai import HardPlayer, seat_seed
from .engine.dealing import Dealt, deal
from .engine.events import Event
from .engine.game import Game, PlayerInfo
from .presets import Preset
from .private import open_private, private_dir, write_private
from .said import Spoken, msg
from .store.catalog import resume
from .store.index import ClubIndex, DailyResult, club_dir, index_path, open_index
from .store.records import RecordWriter

DEALS = 6  # deals of a day
LEVEL = "hard"  # the opponents' level, and the reference's
KEY_NAME = "daily.key"  # the host's secret, in the club's folder
SECRET_NAME = "daily"  # the club's secret in a club database
DAILY_DIR = "daily"
REFERENCE_NAME = "reference.json"
GAME_SEED = 0  # the seed a daily game's record names: every deal it plays is stacked
# The reference's budgets: samples and nodes only, so the same cards give the same play.
REFERENCE_SAMPLES = 6
REFERENCE_NODES = 60_000
REFERENCE_SEED = 1  # the reference players' seeds are seat_seed(REFERENCE_SEED, seat)


def today() -> str:
    """The date of the daily: the UTC day, the same for everyone of a host."""
    return datetime.now(UTC).date().isoformat()


def check_date(text: str) -> str:
    try:
        return datetime.strptime(text, "%Y-%m-%d").date().isoformat()
    except ValueError as error:
        raise ValueError(
            f"{text!r} is not a date; give it as YYYY-MM-DD, e.g. 2026-12-05"
        ) from error


# ---------------------------------------------------------------------- the day's cards


def secret(base: Path | None = None, database: str | None = None) -> bytes:
    """The club's secret, made (32 random bytes) on first use: in the club folder (`daily.key`,
    0600), or with a club `database` (PostgreSQL, shared by the club's hosts) in its
    `secrets`, where every host finds the same one (the first host's `daily.key` if it had
    one, so that moving a club to the database keeps its days' cards)."""
    folder = club_dir(base)
    path = folder / KEY_NAME
    if database:
        offered = _kept_secret(path) if path.is_file() else secrets.token_hex(32)
        with open_index(index_path(folder), database=database) as index:
            return bytes.fromhex(index.club_secret(SECRET_NAME, offered))
    private_dir(folder)
    with contextlib.suppress(FileExistsError), open_private(path, "x") as handle:
        handle.write(secrets.token_hex(32) + "\n")
    return bytes.fromhex(_kept_secret(path))


def _kept_secret(path: Path) -> str:
    text = path.read_text(encoding="ascii").strip()
    if len(text) < 32:
        raise ValueError(f"{path}: the daily deal's secret is damaged; delete it to make a new one")
    return text


def day_seed(key: bytes, date: str, preset: str) -> int:
    """The seed of a day's deals of a preset: HMAC-SHA256 of the date and preset by the
    host's secret. Never shown nor written."""
    digest = hmac.new(key, f"daily|{date}|{preset}".encode(), hashlib.sha256).digest()
    return int.from_bytes(digest[:8], "big")


def dealer_of(number: int, players: int) -> int:
    """Deal k is dealt by seat (k - 1) mod the players: seat 0 sits in each place in turn."""
    return (number - 1) % players


def day_deals(key: bytes, date: str, preset: Preset) -> list[Dealt]:
    """The cards of the day's deals, in order."""
    rules = preset.rules
    seed = day_seed(key, date, preset.name)
    return [
        deal(
            seed,
            number,
            dealer_of(number, rules.players),
            rules.players,
            rules.deal.cut_ritual,
            rules.talon_size,
        )
        for number in range(1, DEALS + 1)
    ]


def deal_game(
    preset: Preset,
    number: int,
    dealt: Dealt,
    players: list[PlayerInfo] | None = None,
    sink: Any = None,
    lang: str | None = None,
) -> Game:
    """Daily deal `number` as a game of its own: from 0:0:0, its dealer's turn, its cards."""
    dealer = dealer_of(number, preset.rules.players)
    return Game(
        preset.rules,
        GAME_SEED,
        players,
        first_dealer=dealer,
        preset=preset.name,
        deals={1: dealt},
        sink=sink,
        lang=lang,
    )


# ---------------------------------------------------------------------- the reference


def reference_player(seat: int) -> HardPlayer:
    return HardPlayer(
        seat_seed(REFERENCE_SEED, seat), samples=REFERENCE_SAMPLES, node_budget=REFERENCE_NODES
    )


def opponent(seat: int) -> HardPlayer:
    """The AI at `seat` of a person's daily deal: the reference's own player of that seat
    (its seed the seat's, its budgets samples and nodes, never time). His opponents decide
    alike on every machine and for everyone: the same decisions of the person give the same
    decisions of theirs, and the reference's decisions at seat 0 give the reference's deal."""
    return reference_player(seat)


def reference_points(preset: Preset, number: int, dealt: Dealt) -> int:
    """What `hard` at every seat makes from seat 0 with these cards: seat 0's points of the
    deal (deterministic: the same cards give the same play)."""
    rules = preset.rules
    infos = [PlayerInfo(f"Player {seat + 1}", "ai", LEVEL) for seat in range(rules.players)]
    game = deal_game(preset, number, dealt, infos)
    players = [reference_player(seat) for seat in range(rules.players)]
    while not game.results:
        seat = game.to_move
        assert seat is not None
        game.apply(players[seat].decide(game.view(seat)))
    return deal_points(game)


def deal_points(game: Game) -> int:
    """Seat 0's points of the game's first deal (what the score sheet gave him)."""
    return int(game.results[0].deltas[0])


def day_folder(date: str, preset: str, base: Path | None = None) -> Path:
    return club_dir(base) / DAILY_DIR / date / _safe(preset)


def references(
    date: str,
    preset: Preset,
    base: Path | None = None,
    key: bytes | None = None,
    database: str | None = None,
) -> list[int]:
    """The reference points of the day's deals: computed once per day and preset, then read
    from the club's folder."""
    folder = private_dir(day_folder(date, preset.name, base))
    path = folder / REFERENCE_NAME
    with contextlib.suppress(OSError, ValueError):
        kept = json.loads(path.read_text(encoding="utf-8"))
        if isinstance(kept, list) and len(kept) == DEALS and all(type(p) is int for p in kept):
            return kept
    dealt = day_deals(key if key is not None else secret(base, database), date, preset)
    found = [reference_points(preset, number, cards) for number, cards in enumerate(dealt, 1)]
    write_private(path, json.dumps(found) + "\n")
    return found


# ---------------------------------------------------------------------- a person's try


def try_folder(date: str, preset: str, player: str, base: Path | None = None) -> Path:
    return day_folder(date, preset, base) / _safe(player)


def deal_record(date: str, preset: str, player: str, number: int, base: Path | None = None) -> Path:
    """Where the record of a person's daily deal is kept: the club's folder, not his own."""
    return try_folder(date, preset, player, base) / f"deal-{number}.jsonl"


def started(date: str, preset: str, player: str, base: Path | None = None) -> bool:
    """Whether the person has started the day's daily of this preset (his one try)."""
    return try_folder(date, preset, player, base).is_dir()


def next_deal(results: Iterable[DailyResult], player: str, count: int = DEALS) -> int | None:
    """The person's next deal of the day (1..count), or None when he has played them all."""
    done = {r.deal for r in results if r.player == player}
    return next((n for n in range(1, count + 1) if n not in done), None)


DEALT_ELSEWHERE = msg(
    "daily_dealt_elsewhere",
    "your deal {number} was dealt on the club's host {host} and is taken up there only "
    "(no deal is dealt twice)",
)


class DealtElsewhere(Spoken, ValueError):
    """A person's deal left in the middle on another host of the club: its record is there,
    and it is never dealt again here (he would see its cards twice)."""


@dataclass
class OpenDeal:
    """The person's daily deal being played: its game, the record it is written to (in the
    club's folder) and whether it was taken up where it stopped."""

    number: int
    game: Game
    writer: RecordWriter
    path: Path
    resumed: bool


@dataclass
class Daily:
    """The daily of one date and preset on this host."""

    date: str
    preset: Preset
    base: Path | None = None
    database: str | None = field(default=None, repr=False)  # the club's (Host.database)

    @property
    def name(self) -> str:
        return self.preset.name

    @property
    def count(self) -> int:
        """How many deals are played (a tournament says its own)."""
        return DEALS

    def dealt(self, number: int) -> Dealt:
        """The cards of deal `number`."""
        return day_deals(secret(self.base, self.database), self.date, self.preset)[number - 1]

    def record(self, player: str, number: int) -> Path:
        """Where the record of a person's deal `number` is kept."""
        return deal_record(self.date, self.name, player, number, self.base)

    def best_other(self, index: ClubIndex, player: str) -> tuple[str, str] | None:
        """The best player other than `player` on the board (his id and name), if any."""
        rows = board(self.results(index), dict(index.players()), self.count)
        return next(((r.player, r.name) for r in rows if r.player != player), None)

    def references(self) -> list[int]:
        return references(self.date, self.preset, self.base, database=self.database)

    def references_kept(self) -> bool:
        """Whether the day's references are computed already."""
        return (day_folder(self.date, self.name, self.base) / REFERENCE_NAME).is_file()

    def results(self, index: ClubIndex) -> list[DailyResult]:
        return index.daily_results(self.date, self.name)

    def settle(self, index: ClubIndex, player: str, number: int, game: Game) -> DailyResult:
        """Keep the result of the person's deal `number`, settled in `game` (kept once: a
        deal already kept stays as it was)."""
        reference = self.references()[number - 1]
        result = DailyResult(self.date, self.name, player, number, deal_points(game), reference)
        index.add_daily_results([result], self.kept(result))
        return result

    def kept(self, result: DailyResult) -> dict[DailyResult, bytes]:
        """The deal's record as its file holds it, kept with its result on a club database
        (so that the deal is reviewed on every host); nothing where it cannot be read."""
        try:
            return {result: self.record(result.player, result.deal).read_bytes()}
        except OSError:
            return {}

    def open_deal(
        self,
        index: ClubIndex,
        player: str,
        players: list[PlayerInfo],
        lang: str | None = None,
        on_events: Callable[[list[Event]], None] | None = None,
    ) -> OpenDeal | None:
        """The person's next deal: the one he left in the middle, taken up where it stopped,
        or the next one dealt; None when he has played them all. Starting is the try: his
        deals are kept from the first one dealt, and a deal once settled is never dealt
        again."""
        while True:
            number = next_deal(self.results(index), player, self.count)
            if number is None:
                return None
            path = self.record(player, number)
            if path.is_file() and path.stat().st_size > 0:
                resumed = resume(path, on_events)
                if resumed.game.results:  # settled, but its result was not kept: keep it
                    resumed.writer.close()
                    self.settle(index, player, number, resumed.game)
                    continue
                return OpenDeal(number, resumed.game, resumed.writer, path, True)
            if index.kind != "sqlite":  # a club of several hosts: dealt on one host only
                host = index.dealt_on(self.date, self.name, player, number)
                if host != index.node:
                    raise DealtElsewhere(DEALT_ELSEWHERE, number=number, host=host)
            dealt = self.dealt(number)
            private_dir(path.parent)
            writer = RecordWriter(path, exclusive=True)
            try:
                game = deal_game(self.preset, number, dealt, players, writer.write, lang)
            except BaseException:
                writer.close()
                raise
            return OpenDeal(number, game, writer, path, False)


# ---------------------------------------------------------------------- the board


@dataclass(frozen=True)
class BoardRow:
    player: str
    name: str
    total: int  # the sum of his results (points minus the reference's)
    deals: tuple[int | None, ...]  # each deal's result, None while not played

    @property
    def played(self) -> int:
        return sum(1 for d in self.deals if d is not None)


def board(
    results: Sequence[DailyResult], names: dict[str, str] | None = None, count: int = DEALS
) -> list[BoardRow]:
    """Each person's total and per-deal results, best first (then more deals played, then by
    name)."""
    names = names or {}
    by_player: dict[str, list[int | None]] = {}
    for r in results:
        row = by_player.setdefault(r.player, [None] * count)
        if 1 <= r.deal <= count:
            row[r.deal - 1] = r.points - r.reference
    rows = [
        BoardRow(
            player, names.get(player, player), sum(d for d in deals if d is not None), tuple(deals)
        )
        for player, deals in by_player.items()
    ]
    rows.sort(key=lambda row: (-row.total, -row.played, row.name.casefold(), row.player))
    return rows


def _safe(text: str) -> str:
    """A name fit for a file name (preset names and player ids already are)."""
    clean = "".join(ch if ch.isalnum() or ch in "-_." else "_" for ch in text)
    return clean.lstrip(".") or "_"


__all__ = [
    "DEALS",
    "BoardRow",
    "Daily",
    "DealtElsewhere",
    "OpenDeal",
    "board",
    "day_deals",
    "day_seed",
    "deal_game",
    "deal_record",
    "next_deal",
    "opponent",
    "references",
    "secret",
    "today",
]
