"""Game records (docs/record.md): parsing their lines, rebuilding a game from them and finding the
first difference with a replay. Pure: the files themselves (writing, locking, reading from
disk) are `thousand_tui.store.records`'s."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final, TypeGuard

from ..said import Said, Spoken, msg
from .actions import Action, IllegalAction
from .cards import DECK, CardError, parse_cards
from .deal import Deal
from .dealing import Dealt, deal_cards
from .events import Event
from .game import RECORD_FORMAT, RECORD_VERSION, Game, PlayerInfo, Start
from .match import MatchState
from .rules import Rules, RulesError

# Fields that describe how a line was made, not what happened: never compared by `replay`.
IGNORED_FIELDS = frozenset({"think_ms", "created", "hinted"})

# Types of the `action` fields, checked before an action is read (docs/record.md#action).
_ACTION_FIELDS: dict[str, tuple[type, ...]] = {
    "value": (int,),
    "card": (str,),
    "to": (int,),
    "marriage": (str,),
    "keep_trump": (bool,),
    "talon": (int,),
    "reason": (str,),
    "shown": (bool,),
    "auto": (bool,),
    "think_ms": (int, float),
    "hinted": (bool,),
}


CHAT = "chat"
"""The record line of a line of chat at a shared table (docs/record.md#chat):
`{"type": "chat", "seat": 1, "name": "Bob", "text": "well played", "at": "..."}`. It is no
part of the game: reading a record, chat lines are kept apart (`RecordedGame.chat`), so that
replaying, resuming and every reader of a game's lines never see them."""


class RecordError(Spoken, ValueError):
    """A file that is not a readable game record; the message says where and why (in the
    reader's language when it is a catalog text, `Spoken`)."""


@dataclass
class RecordedGame:
    """One game of a record file: its lines, starting with the `game` line."""

    lines: list[dict[str, Any]]
    first_line: int = 1  # line number in the file, for messages
    chat: list[dict[str, Any]] = field(default_factory=list)  # its chat lines, in order

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
    warnings: list[Said] = field(default_factory=list)  # to be said in the reader's language


def decode_record(raw: bytes, path: Path | str = "<record>") -> RecordFile:
    """Parse the bytes of a record file into games. A cut-off last line (a power cut may stop
    a file inside a character) is dropped and reported; bad bytes anywhere else are not a
    record."""
    path = Path(path)
    cut_line: int | None = None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as error:
        start = raw.rfind(b"\n") + 1
        if start == 0 or error.start < start:
            raise RecordError(
                msg("record_not_utf8", "{path}: not a game record (not UTF-8 text)"), path=path
            ) from error
        text = raw[:start].decode("utf-8")
        cut_line = text.count("\n") + 1
    record = parse_record(text, path)
    if cut_line is not None:
        record.truncated = True
        record.warnings.append(_cut_off_warning(path, cut_line))
    return record


def _json_problem(error: Exception) -> str:
    if isinstance(error, json.JSONDecodeError):
        return error.msg
    if isinstance(error, RecursionError):
        return "nested too deeply"
    return "a number too long"


CUT_OFF: Final = msg(
    "record_cut_off", "{path} line {line}: the last line was cut off and is ignored"
)


def _cut_off_warning(path: Path, number: int) -> Said:
    return Said(CUT_OFF, {"path": path, "line": number})


def parse_record(text: str, path: Path | str = "<record>") -> RecordFile:
    path = Path(path)
    games: list[RecordedGame] = []
    truncated = False
    warnings: list[Said] = []
    rows = text.split("\n")
    ends_cleanly = text.endswith("\n") or not text
    for number, row in enumerate(rows, start=1):
        if not row.strip():
            continue
        try:
            line = json.loads(row)
        except (ValueError, RecursionError) as error:
            is_last = number == len(rows) or (number == len(rows) - 1 and ends_cleanly)
            if is_last and games and not ends_cleanly:
                truncated = True
                warnings.append(_cut_off_warning(path, number))
                break
            if not games:
                raise RecordError(
                    msg(
                        "record_not_jsonl",
                        "{path}: not a game record (line {line} is not JSON); a record is the "
                        ".jsonl file the game writes",
                    ),
                    path=path,
                    line=number,
                ) from error
            raise RecordError(
                msg("record_not_json", "{path} line {line}: not valid JSON ({problem})"),
                path=path,
                line=number,
                problem=_json_problem(error),
            ) from error
        if not isinstance(line, dict) or not isinstance(line.get("type"), str):
            raise RecordError(
                msg(
                    "record_no_type",
                    "{path} line {line}: each line must be an object with a 'type'",
                ),
                path=path,
                line=number,
            )
        if line["type"] == "game":
            _check_header(line, path, number)
            games.append(RecordedGame([line], number))
            continue
        if not games:
            raise RecordError(
                msg(
                    "record_first_line",
                    "{path} line {line}: not a game record (the first line must be a 'game' line)",
                ),
                path=path,
                line=number,
            )
        if line["type"] == CHAT:
            games[-1].chat.append(line)  # no part of the game: kept apart
            continue
        games[-1].lines.append(line)
    if not games:
        raise RecordError(
            msg("record_no_game", "{path}: not a game record (no 'game' line found)"), path=path
        )
    return RecordFile(path, games, truncated, warnings)


# Fields of the `game` line and the JSON types they may have (a missing field takes its default).
_HEADER_FIELDS: dict[str, tuple[tuple[type, ...], str]] = {
    "preset": ((str,), "a name"),
    "rules": ((dict,), "an object of conventions"),
    "seed": ((int,), "a whole number"),
    "first_dealer": ((int,), "a seat number"),
    "created": ((str,), "a date"),
    "players": ((list,), "a list of players"),
    "start": ((dict,), "an object with 'state' and 'deal_number'"),
}


def _check_header(line: dict[str, Any], path: Path, number: int) -> None:
    if line.get("format") != RECORD_FORMAT:
        raise RecordError(
            msg("record_format", "{path} line {line}: not a {format} file"),
            path=path,
            line=number,
            format=RECORD_FORMAT,
        )
    version = line.get("version")
    if not _is_int(version) or version < 1:
        raise RecordError(f"{path} line {number}: record version {_show(version)} is not valid")
    if version > RECORD_VERSION:
        raise RecordError(
            msg(
                "record_newer",
                "{path} line {line}: the record is of version {version}, newer than this "
                "program reads ({known}); update thousand_tui to open it",
            ),
            path=path,
            line=number,
            version=version,
            known=RECORD_VERSION,
        )
    for key, (types, what) in _HEADER_FIELDS.items():
        value = line.get(key)
        if value is not None and not _is_a(value, types):
            raise RecordError(
                f"{path} line {number}: '{key}' of the game line must be {what}, not {_show(value)}"
            )
    for seat, player in enumerate(line.get("players") or []):
        if not isinstance(player, dict) or not all(
            isinstance(player.get(k), str) for k in ("name", "kind") if k in player
        ):
            raise RecordError(
                f"{path} line {number}: player {seat + 1} must be an object with a 'name' "
                f"and a 'kind', not {_show(player)}"
            )
        level = player.get("level")
        if level is not None and not isinstance(level, str):
            raise RecordError(f"{path} line {number}: player {seat + 1}: 'level' must be a name")


def _is_int(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_a(value: Any, types: tuple[type, ...]) -> bool:
    if isinstance(value, bool) and bool not in types:
        return False
    return isinstance(value, types)


def _plain(text: str, limit: int = 300) -> str:
    """Text that may hold pieces of a record, for a message: printable ASCII, escapes for the
    rest (no terminal control sequences), and not too long."""
    plain = "".join(ch if " " <= ch <= "~" else ascii(ch)[1:-1] for ch in text)
    return plain if len(plain) <= limit else plain[: limit - 3] + "..."


def _show(value: Any, limit: int = 80) -> str:
    """A value from a record, for a message: ASCII, and short however large the value is."""
    try:
        text = ascii(value)
    except (ValueError, RecursionError):  # an integer too long to print, a deep nest
        text = f"<a {type(value).__name__}>"
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _dealt_of(line: dict[str, Any], rules: Rules) -> Dealt:
    players = rules.players
    number = line.get("number")
    where = f"deal {_show(number)}"
    hands_raw = line.get("hands")
    talon_raw = line.get("talon")
    if not isinstance(hands_raw, list) or len(hands_raw) != players:
        raise RecordError(f"{where}: 'hands' must list {players} hands")
    hands = tuple(_cards(h, f"{where}: hand {seat + 1}") for seat, h in enumerate(hands_raw))
    if players == 2:
        if not isinstance(talon_raw, list) or len(talon_raw) != 2:
            raise RecordError(f"{where}: two players need two talons")
        talons = tuple(_cards(t, f"{where}: talon {i + 1}") for i, t in enumerate(talon_raw))
    else:
        talons = (_cards(talon_raw, f"{where}: 'talon'"),)
    cut = _cards(line.get("cut") or [], f"{where}: 'cut'")
    dealt_cards = [c for h in hands for c in h] + [c for t in talons for c in t]
    if len(set(dealt_cards)) != 24 or len(dealt_cards) != 24:
        raise RecordError(f"{where}: the hands and talon must hold the 24 cards")
    dealer = line.get("dealer")
    if not _is_int(dealer) or not 0 <= dealer < players:
        raise RecordError(f"{where}: 'dealer' must be a seat 0..{players - 1}")
    usual_hands, usual_talons = deal_cards(list(DECK), dealer, players, rules.talon_size)
    if [len(h) for h in hands] != [len(h) for h in usual_hands] or [len(t) for t in talons] != [
        len(t) for t in usual_talons
    ]:
        raise RecordError(
            f"{where}: the hands must hold {', '.join(str(len(h)) for h in usual_hands)} "
            f"cards and the talon {' and '.join(str(len(t)) for t in usual_talons)}"
        )
    fined = len(cut) >= 3 and all(c.rank.letter == "9" for c in cut[-3:])
    return Dealt(hands=hands, talons=talons, cut=cut, cut_penalty=fined)


def _cards(value: Any, what: str) -> tuple[Any, ...]:
    if not isinstance(value, list) or not all(isinstance(code, str) for code in value):
        raise RecordError(f'{what} must be a list of cards such as "TH", not {_show(value)}')
    try:
        return tuple(parse_cards(value))
    except CardError as error:
        raise RecordError(f"{what}: {error}") from error


def rules_of_header(header: dict[str, Any]) -> Rules:
    """The conventions a record was played with (its `game` line's `rules`)."""
    raw = header.get("rules")
    if raw is not None and not isinstance(raw, dict):
        raise RecordError(f"the record's rules must be an object, not {_show(raw)}")
    try:
        return Rules.from_mapping(raw or {}, source="record rules")
    except RulesError as error:
        raise RecordError(f"the record's rules are not valid: {error}") from error


def new_game_from_header(header: dict[str, Any], deals: dict[int, Dealt] | None = None) -> Game:
    """A fresh `Game` with the header's rules, seed, players and start position."""
    rules = rules_of_header(header)
    players_raw = header.get("players") or []
    if not isinstance(players_raw, list):
        raise RecordError("'players' must be a list")
    players = [
        PlayerInfo(str(p.get("name", f"Player {i + 1}")), str(p.get("kind", "ai")), _level(p))
        for i, p in enumerate(players_raw)
        if isinstance(p, dict)
    ] or None
    seed = header.get("seed", 0)
    if not _is_int(seed):
        raise RecordError("'seed' must be a whole number")
    first_dealer = header.get("first_dealer", 0)
    if not _is_int(first_dealer):
        raise RecordError("'first_dealer' must be a seat number")
    start = _start_of(header.get("start"), rules)
    try:
        return Game(
            rules,
            seed,
            players,
            first_dealer=first_dealer,
            preset=str(header.get("preset", "custom")),
            start=start,
            deals=deals,
            created=header.get("created"),
            lang=_lang(header),
            table=table_of_header(header),
            people=people_of_header(header, len(players or ())),
        )
    except ValueError as error:
        raise RecordError(str(error)) from error


def table_of_header(header: dict[str, Any]) -> str | None:
    """The header's optional `table`: the code of the shared table the game is played at."""
    table = header.get("table")
    if isinstance(table, str) and 0 < len(table) <= 16 and table.isascii() and table.isalnum():
        return table
    return None


def people_of_header(header: dict[str, Any], seats: int) -> list[str | None] | None:
    """The header's optional `people`: at a shared table, the person at each seat as the host
    tells people apart (None for an AI's seat); None if absent or not one entry a seat."""
    people = header.get("people")
    if not isinstance(people, list) or len(people) != seats:
        return None
    return [_person(p) for p in people]


MAX_PERSON = 100  # a key's id, or a name of 16 after its host's of up to 63 (name@NODE:NAME)


def _person(who: object) -> str | None:
    # A name in any script ("name:Борис"), never a control or format character.
    if isinstance(who, str) and 0 < len(who) <= MAX_PERSON and who.isprintable():
        return who
    return None


def _lang(header: dict[str, Any]) -> str | None:
    """The header's optional `lang`, kept as written when it is a short plain word."""
    lang = header.get("lang")
    if isinstance(lang, str) and 0 < len(lang) <= 16 and lang.isascii() and lang.isalpha():
        return lang
    return None


def _level(player: dict[str, Any]) -> str | None:
    level = player.get("level")
    return level if isinstance(level, str) else None


def _start_of(raw: Any, rules: Rules) -> Start | None:
    if raw is None:
        return None
    if not isinstance(raw, dict):
        raise RecordError("'start' must be an object with 'state' and 'deal_number'")
    state_raw = raw.get("state")
    if state_raw is not None and not isinstance(state_raw, dict):
        raise RecordError(f"'start.state' must be an object, not {_show(state_raw)}")
    for entry in (state_raw or {}).get("barrel") or []:
        if isinstance(entry, dict) and not all(
            _is_int(entry.get(k, 0)) and entry.get(k, 0) >= 0 for k in ("attempts_used", "tally")
        ):
            raise RecordError("'start.state': barrel attempts and tally must be whole numbers ≥ 0")
    try:
        state = MatchState.from_dict(state_raw or {}, rules.players)
    except (ValueError, TypeError) as error:
        raise RecordError(f"'start.state': {error}") from error
    deal_number = raw.get("deal_number", 1)
    if not _is_int(deal_number) or deal_number < 1:
        raise RecordError("'start.deal_number' must be a whole number ≥ 1")
    return Start(state, deal_number)


@dataclass
class Mismatch:
    line: int  # index in the game's lines (0 = the game line)
    deal: int | None
    what: str

    def __str__(self) -> str:
        where = f"deal {_show(self.deal)}" if self.deal is not None else "before the first deal"
        return f"{where}, line {self.line + 1} of the game: {_plain(self.what)}"


def rebuild(
    recorded: RecordedGame,
    on_deal: Callable[[], None] | None = None,
    on_events: Callable[[list[Event]], None] | None = None,
) -> tuple[Game, Mismatch | None]:
    """Replay a game's decisions from its dealt cards (`on_deal` is told each deal reached,
    `on_events` the events of the start and of each decision).

    Returns the game at the last recorded decision and the first difference between the
    record and the replay (None when every line agrees). A record that cannot be replayed at
    all raises RecordError. The deal lines of a record may set up positions the game's own
    dealing never makes (a scenario); whatever in such a position the game cannot play is
    reported as a RecordError naming the line, never as another exception."""
    where = _Where()
    try:
        return _replay(recorded, where, on_deal, on_events)
    except RecordError:
        raise
    except (RecursionError, MemoryError):
        raise RecordError(f"{where}: the record is too large or too deeply nested") from None
    except Exception as error:
        raise RecordError(
            f"{where}: the game cannot go on from what the record says "
            f"({type(error).__name__}: {_show(str(error), 160)})"
        ) from error


@dataclass
class _Where:
    """The line a replay has reached, for messages."""

    line: int = 0
    deal: Any = None

    def __str__(self) -> str:
        deal = f"deal {_show(self.deal)}, " if self.deal is not None else ""
        return f"{deal}line {self.line + 1} of the game"


def _replay(
    recorded: RecordedGame,
    where: _Where,
    on_deal: Callable[[], None] | None,
    on_events: Callable[[list[Event]], None] | None,
) -> tuple[Game, Mismatch | None]:
    lines = recorded.lines
    header = lines[0]
    rules = rules_of_header(header)
    deals: dict[int, Dealt] = {}
    for index, line in enumerate(lines[1:], start=1):
        if line.get("type") == "deal":
            where.line, where.deal = index, line.get("number")
            number = line.get("number")
            if not _is_int(number):
                raise RecordError(f"{where}: a deal 'number' must be a whole number")
            deals[number] = _dealt_of(line, rules)
    where.line, where.deal = 0, None
    game = new_game_from_header(header, deals)
    if on_events is not None:
        on_events(game.take_start_events())
    deal_number: Any = None
    for index, line in enumerate(lines[1:], start=1):
        where.line = index
        kind = line.get("type")
        if kind == "deal":
            deal_number = where.deal = line.get("number")
            if on_deal is not None:
                on_deal()
        if kind == TAKEBACK:
            if len(game.lines) != index:
                break
            seat = line.get("seat")
            count = line.get("actions")
            if not (_is_int(seat) and _is_int(count)) or count not in takeback_counts(game, seat):
                what = f"take-back of {_show(count)} by seat {_show(seat)}"
                return game, Mismatch(index, deal_number, f"{what}: not what the game allows")
            game = take_back(game, seat, count)
            continue
        if kind != "action" or line.get("auto"):
            continue
        if game.over:
            return game, Mismatch(index, deal_number, "a decision after the end of the game")
        try:
            action = Action.from_record(_checked_action(line))
        except (ValueError, CardError) as error:
            return game, Mismatch(index, deal_number, f"unreadable action: {error}")
        produced = len(game.lines)
        if produced != index:
            break
        try:
            events = game.apply(action)
        except IllegalAction as error:
            return game, Mismatch(index, deal_number, f"{action.describe()}: {error}")
        if on_events is not None:
            on_events(events)
    return game, first_difference(lines, game.lines)


def decisions(recorded: RecordedGame) -> Iterator[tuple[Game, Action]]:
    """The game before each recorded decision (automatic ones included) and the decision,
    which is applied once the caller asks for the next; decisions taken back are left out.
    A record that cannot be replayed raises RecordError; one that stops agreeing with the
    game just ends (`replay` says where)."""
    game = _game_of(recorded)
    for action in _recorded_actions(recorded, game):
        if action not in game.legal_actions(action.seat):
            return
        yield game, action
        game.apply(action)


def steps(recorded: RecordedGame) -> Iterator[tuple[Game, Deal, Action | None, list[Event]]]:
    """The game as its record plays out: first as it starts (no decision yet, the start's
    events), then after each recorded decision, with the deal the decision was made in (over,
    when the decision ended it: the game has dealt the next one), the decision and the events
    it made (the automatic decisions after it included). The game is changed in place: read
    what is needed of it before asking for the next. Decisions taken back are left out; a
    record that stops agreeing with the game just ends (`rebuild` says where)."""
    game = _game_of(recorded)
    yield game, game.deal, None, game.take_start_events()
    for action in _recorded_actions(recorded, game):
        deal = game.deal
        try:
            events = game.apply(action)
        except IllegalAction:
            return
        yield game, deal, action, events


def _game_of(recorded: RecordedGame) -> Game:
    """The game a record starts: its header's, with the deals it recorded."""
    header = recorded.lines[0]
    rules = rules_of_header(header)
    deals: dict[int, Dealt] = {}
    for line in recorded.lines[1:]:
        if line.get("type") == "deal" and _is_int(line.get("number")):
            deals[line["number"]] = _dealt_of(line, rules)
    return new_game_from_header(header, deals)


def _recorded_actions(recorded: RecordedGame, game: Game) -> Iterator[Action]:
    """The decisions a record's player took (not the automatic ones, not those taken back),
    each asked for once `game` has taken the one before; they end with the game, or at a
    line that is not an action."""
    for line in played_lines(recorded.lines)[1:]:
        if line.get("type") != "action" or line.get("auto"):
            continue
        if game.over:
            return
        try:
            action = Action.from_record(_checked_action(line))
        except (ValueError, CardError):
            return
        yield action


def _checked_action(line: dict[str, Any]) -> dict[str, Any]:
    """The action line, once every field it has is of the right JSON type."""
    if not _is_int(line.get("seat")):
        raise ValueError(f"'seat' must be a seat number, not {_show(line.get('seat'))}")
    for key, types in _ACTION_FIELDS.items():
        value = line.get(key)
        if value is not None and not _is_a(value, types):
            raise ValueError(f"'{key}' cannot be {_show(value)}")
    if not isinstance(line.get("act"), str):
        raise ValueError(f"unknown act {_show(line.get('act'))}")
    return line


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
            f"the record goes on with a {_show(line.get('type'))} line the replay does not make",
        )
    return None


def _diff(a: dict[str, Any], b: dict[str, Any]) -> str | None:
    for key in sorted(set(a) | set(b)):
        if key in IGNORED_FIELDS:
            continue
        if a.get(key) != b.get(key):
            return f"{key}: recorded {_show(a.get(key))}, replayed {_show(b.get(key))}"
    return None


# ---------------------------------------------------------------------- taking a card back

TAKEBACK = "takeback"
"""The record line of a take-back (docs/record.md#takeback):
`{"type": "takeback", "seat": 0, "actions": 3}`
withdraws the `actions` action lines just before it, the first of them a card of `seat`;
the game goes on from the decision before that card."""


def takeback_counts(game: Game, seat: int) -> list[int]:
    """How many decisions a take-back by `seat` may withdraw now, nearest first: for each of
    its cards since the deal began or since the last take-back, that card and every decision
    after it. Empty when there is none to take back, or the game is over."""
    counts: list[int] = []
    if game.over:
        return counts
    for count, line in enumerate(reversed(game.lines), start=1):
        if line.get("type") != "action":
            break  # the deal's start, a result or a take-back: nothing before it
        if line.get("seat") == seat and line.get("act") == "play" and not line.get("auto"):
            counts.append(count)
    return counts


def takeback_count(game: Game, seat: int) -> int | None:
    """How many decisions a take-back by `seat` would withdraw now: its last card of this
    deal and every decision after it. None when there is none to take back: no card of its
    since the deal began or since the last take-back, or the game is over."""
    counts = takeback_counts(game, seat)
    return counts[0] if counts else None


def chosen_takeback_count(game: Game, seat: int) -> int | None:
    """Like `takeback_count`, but back to the last card `seat` chose: a card that was its
    only legal play (which `--auto-play` plays by itself) is withdrawn together with the
    card before it, since alone it would only be played again. None when every card of its
    that may be taken back was its only one."""
    for count in takeback_counts(game, seat):
        before, mismatch = rebuild(RecordedGame(played_lines(game.lines)[:-count]))
        if mismatch is not None:
            raise RecordError(f"the game cannot be rebuilt without the card taken back: {mismatch}")
        legal = before.legal_actions(seat)
        if not (len(legal) == 1 and legal[0].card is not None):
            return count
    return None


def take_back(game: Game, seat: int, count: int | None = None) -> Game:
    """The game as it was before `seat`'s last card (`takeback_count`), or `count` decisions
    ago (one of `takeback_counts`), rebuilt by replaying its record without the decisions
    withdrawn. The new game's record is the old one and the take-back line, which is written
    to the same sink; raises IllegalAction when there is nothing to take back."""
    counts = takeback_counts(game, seat)
    if count is None:
        count = counts[0] if counts else None
    if count is None or count not in counts:
        raise IllegalAction("there is no card of yours in this deal to take back")
    kept = played_lines(game.lines)[:-count]
    rebuilt, mismatch = rebuild(RecordedGame(kept))
    if mismatch is not None:
        raise RecordError(f"the game cannot be rebuilt without the card taken back: {mismatch}")
    line: dict[str, Any] = {"type": TAKEBACK, "seat": seat, "actions": count}
    rebuilt.lines = [*game.lines, line]
    rebuilt.sink = game.sink
    if rebuilt.sink is not None:
        rebuilt.sink(line)
    return rebuilt


def played_lines(lines: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """A game's record as it was played out: each take-back line and the decisions it
    withdrew left out."""
    out: list[dict[str, Any]] = []
    for line in lines:
        if line.get("type") == TAKEBACK:
            count = line.get("actions")
            if _is_int(count) and 0 < count <= len(out):
                del out[-count:]
            continue
        out.append(line)
    return out


def takebacks(lines: list[dict[str, Any]], seat: int) -> int:
    """How many of its cards `seat` took back in a game's record: a take-back past a card
    that was its only one withdraws that card too."""
    cards = 0
    out: list[dict[str, Any]] = []
    for line in lines:
        if line.get("type") == TAKEBACK:
            count = line.get("actions")
            if _is_int(count) and 0 < count <= len(out):
                if line.get("seat") == seat:
                    cards += sum(
                        1
                        for gone in out[-count:]
                        if gone.get("seat") == seat and gone.get("act") == "play"
                    )
                del out[-count:]
            continue
        out.append(line)
    return cards
