"""Reading, writing, rebuilding and verifying game records (RECORD.md)."""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from .actions import Action, IllegalAction
from .cards import CardError, parse_cards
from .dealing import Dealt
from .game import RECORD_FORMAT, RECORD_VERSION, Game, PlayerInfo, Start
from .match import MatchState
from .rules import Rules, RulesError

# Fields that describe how a line was made, not what happened: never compared by `replay`.
IGNORED_FIELDS = frozenset({"think_ms", "created"})


class RecordError(ValueError):
    """A file that is not a readable game record; the message says where and why."""


@dataclass
class RecordedGame:
    """One game of a record file: its lines, starting with the `game` line."""

    lines: list[dict[str, Any]]
    first_line: int = 1  # line number in the file, for messages

    @property
    def header(self) -> dict[str, Any]:
        return self.lines[0]

    @property
    def finished(self) -> bool:
        return any(line.get("type") == "end" for line in self.lines)


@dataclass
class RecordFile:
    path: Path
    games: list[RecordedGame]
    truncated: bool = False  # the last line was cut off (a crash or power cut) and dropped
    warnings: list[str] = field(default_factory=list)


class RecordWriter:
    """Appends lines and flushes each one at once, so a crash loses at most the line in writing."""

    def __init__(self, path: Path | str, fsync: bool = False) -> None:
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._file: IO[str] = self.path.open("a", encoding="utf-8")
        self._fsync = fsync

    def write(self, line: dict[str, Any]) -> None:
        self._file.write(json.dumps(line, ensure_ascii=False, separators=(",", ":")) + "\n")
        self._file.flush()
        if self._fsync:
            os.fsync(self._file.fileno())

    def close(self) -> None:
        self._file.close()

    def __enter__(self) -> RecordWriter:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()


def read_record(path: Path | str) -> RecordFile:
    """Parse a record file into games. A cut-off last line is dropped and reported."""
    path = Path(path)
    try:
        raw = path.read_bytes()
    except FileNotFoundError as error:
        raise RecordError(f"{path}: no such file") from error
    except OSError as error:
        raise RecordError(f"{path}: cannot be read ({error.strerror})") from error
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as error:
        raise RecordError(f"{path}: not a game record (not UTF-8 text)") from error
    return parse_record(text, path)


def parse_record(text: str, path: Path | str = "<record>") -> RecordFile:
    path = Path(path)
    games: list[RecordedGame] = []
    truncated = False
    warnings: list[str] = []
    rows = text.split("\n")
    ends_cleanly = text.endswith("\n") or not text
    for number, row in enumerate(rows, start=1):
        if not row.strip():
            continue
        try:
            line = json.loads(row)
        except json.JSONDecodeError as error:
            is_last = number == len(rows) or (number == len(rows) - 1 and ends_cleanly)
            if is_last and games and not ends_cleanly:
                truncated = True
                warnings.append(f"{path} line {number}: the last line was cut off and is ignored")
                break
            if not games:
                raise RecordError(
                    f"{path}: not a game record (line {number} is not JSON); "
                    "a record is the .jsonl file the game writes"
                ) from error
            raise RecordError(f"{path} line {number}: not valid JSON ({error.msg})") from error
        if not isinstance(line, dict) or not isinstance(line.get("type"), str):
            raise RecordError(f"{path} line {number}: each line must be an object with a 'type'")
        if line["type"] == "game":
            _check_header(line, path, number)
            games.append(RecordedGame([line], number))
            continue
        if not games:
            raise RecordError(
                f"{path} line {number}: not a game record (the first line must be a 'game' line)"
            )
        games[-1].lines.append(line)
    if not games:
        raise RecordError(f"{path}: not a game record (no 'game' line found)")
    return RecordFile(path, games, truncated, warnings)


def _check_header(line: dict[str, Any], path: Path, number: int) -> None:
    if line.get("format") != RECORD_FORMAT:
        raise RecordError(f"{path} line {number}: not a {RECORD_FORMAT} file")
    version = line.get("version")
    if not isinstance(version, int) or version < 1:
        raise RecordError(f"{path} line {number}: record version {version!r} is not valid")
    if version > RECORD_VERSION:
        raise RecordError(
            f"{path} line {number}: the record is of version {version}, newer than this "
            f"program reads ({RECORD_VERSION}); update thousand_tui to open it"
        )


def _dealt_of(line: dict[str, Any], players: int) -> Dealt:
    hands_raw = line.get("hands")
    talon_raw = line.get("talon")
    if not isinstance(hands_raw, list) or len(hands_raw) != players:
        raise RecordError(f"deal {line.get('number')}: 'hands' must list {players} hands")
    hands = tuple(tuple(parse_cards(h)) for h in hands_raw)
    if players == 2:
        if not isinstance(talon_raw, list) or len(talon_raw) != 2:
            raise RecordError(f"deal {line.get('number')}: two players need two talons")
        talons = tuple(tuple(parse_cards(t)) for t in talon_raw)
    else:
        if not isinstance(talon_raw, list):
            raise RecordError(f"deal {line.get('number')}: 'talon' must be a list of cards")
        talons = (tuple(parse_cards(talon_raw)),)
    cut = tuple(parse_cards(line.get("cut") or []))
    dealt_cards = [c for h in hands for c in h] + [c for t in talons for c in t]
    if len(set(dealt_cards)) != 24 or len(dealt_cards) != 24:
        raise RecordError(f"deal {line.get('number')}: the hands and talon must hold the 24 cards")
    fined = len(cut) >= 3 and all(c.rank.letter == "9" for c in cut[-3:])
    return Dealt(hands=hands, talons=talons, cut=cut, cut_penalty=fined)


def new_game_from_header(header: dict[str, Any], deals: dict[int, Dealt] | None = None) -> Game:
    """A fresh `Game` with the header's rules, seed, players and start position."""
    try:
        rules = Rules.from_mapping(header.get("rules") or {}, source="record rules")
    except RulesError as error:
        raise RecordError(f"the record's rules are not valid: {error}") from error
    players_raw = header.get("players") or []
    if not isinstance(players_raw, list):
        raise RecordError("'players' must be a list")
    players = [
        PlayerInfo(str(p.get("name", f"Player {i + 1}")), str(p.get("kind", "ai")), p.get("level"))
        for i, p in enumerate(players_raw)
        if isinstance(p, dict)
    ] or None
    seed = header.get("seed", 0)
    if not isinstance(seed, int):
        raise RecordError("'seed' must be a whole number")
    start = None
    if isinstance(header.get("start"), dict):
        raw = header["start"]
        try:
            state = MatchState.from_dict(raw.get("state") or {}, rules.players)
        except (ValueError, TypeError) as error:
            raise RecordError(f"'start.state': {error}") from error
        start = Start(state, int(raw.get("deal_number", 1)))
    try:
        return Game(
            rules,
            seed,
            players,
            first_dealer=int(header.get("first_dealer", 0)),
            preset=str(header.get("preset", "custom")),
            start=start,
            deals=deals,
            created=header.get("created"),
        )
    except ValueError as error:
        raise RecordError(str(error)) from error


@dataclass
class Mismatch:
    line: int  # index in the game's lines (0 = the game line)
    deal: int | None
    what: str

    def __str__(self) -> str:
        where = f"deal {self.deal}" if self.deal is not None else "before the first deal"
        return f"{where}, line {self.line + 1} of the game: {self.what}"


def rebuild(recorded: RecordedGame) -> tuple[Game, Mismatch | None]:
    """Replay a game's decisions from its dealt cards.

    Returns the game at the last recorded decision and the first difference between the
    record and the replay (None when every line agrees)."""
    lines = recorded.lines
    header = lines[0]
    rules_players = (header.get("rules") or {}).get("players", 3)
    players = rules_players if isinstance(rules_players, int) else 3
    deals: dict[int, Dealt] = {}
    for line in lines[1:]:
        if line.get("type") == "deal":
            try:
                deals[int(line["number"])] = _dealt_of(line, players)
            except (CardError, KeyError, TypeError, ValueError) as error:
                raise RecordError(f"deal line {line.get('number')!r}: {error}") from error
    game = new_game_from_header(header, deals)
    deal_number: int | None = None
    for index, line in enumerate(lines[1:], start=1):
        kind = line.get("type")
        if kind == "deal":
            deal_number = line.get("number")
        if kind != "action" or line.get("auto"):
            continue
        if game.over:
            return game, Mismatch(index, deal_number, "a decision after the end of the game")
        try:
            action = Action.from_record(line)
        except (ValueError, CardError) as error:
            return game, Mismatch(index, deal_number, f"unreadable action: {error}")
        produced = len(game.lines)
        if produced != index:
            break
        try:
            game.apply(action)
        except IllegalAction as error:
            return game, Mismatch(index, deal_number, f"{action.describe()}: {error}")
    return game, first_difference(lines, game.lines)


def first_difference(
    recorded: list[dict[str, Any]], replayed: list[dict[str, Any]]
) -> Mismatch | None:
    deal_number: int | None = None
    for index, (a, b) in enumerate(zip(recorded, replayed, strict=False)):
        if a.get("type") == "deal":
            deal_number = a.get("number")
        if index == 0:
            continue
        diff = _diff(a, b)
        if diff:
            kind = a.get("type")
            return Mismatch(index, deal_number, f"{kind} line differs: {diff}")
    if len(replayed) < len(recorded):
        index = len(replayed)
        line = recorded[index]
        return Mismatch(
            index,
            deal_number,
            f"the record goes on with a {line.get('type')} line the replay does not make",
        )
    return None


def _diff(a: dict[str, Any], b: dict[str, Any]) -> str | None:
    for key in sorted(set(a) | set(b)):
        if key in IGNORED_FIELDS:
            continue
        if a.get(key) != b.get(key):
            return f"{key}: recorded {a.get(key)!r}, replayed {b.get(key)!r}"
    return None


def iter_games(path: Path | str) -> Iterator[RecordedGame]:
    yield from read_record(path).games
