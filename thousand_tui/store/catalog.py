"""Saved games: every game is a record file under the user's data directory (docs/record.md).

The record is appended and flushed line by line as the game goes, so it is the autosave.
`thousand games` lists the saved games, `thousand --resume [FILE]` continues one.
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import re
import shutil
import sys
import textwrap
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Final

from .. import plaintext
from ..engine.events import Event
from ..engine.game import Game
from ..engine.record import (
    CUT_OFF,
    TAKEBACK,
    RecordedGame,
    RecordError,
    RecordFile,
    decode_record,
    rebuild,
    table_of_header,
)
from ..priority import APP_DIR as APP_DIR
from ..priority import DATA_DIR_ENV as DATA_DIR_ENV
from ..priority import LOCAL, Host
from ..priority import LOGIN_ENV as LOGIN_ENV
from ..priority import LOGIN_UNKNOWN as LOGIN_UNKNOWN
from ..priority import SESSION_MARK as SESSION_MARK
from ..private import open_private, private_dir
from ..translations import Msg, Said, Spoken, counted, error_text, msg, nmsg, say, tell
from .database import DatabaseDown, DatabaseError
from .records import RecordWriter, is_locked, read_record

RECORD_SUFFIX = ".jsonl"
LOG_NAME = "thousand.log"  # in the data folder: what went wrong while playing
MAX_NAME = 16


def data_dir(host: Host = LOCAL) -> Path:
    """The data folder of `host` (`THOUSAND_DATA_DIR`, else `$XDG_DATA_HOME/thousand_tui`, by
    default `~/.local/share/thousand_tui`, as its entry point read them: `Host.of`)."""
    return host.data_dir


def typed(words: str, host: Host, hosted_words: str | None = None) -> str:
    """A command of the game as its player types it: `thousand WORDS` at a terminal of his
    own; in a hosted session, his login with the words of the SSH request, e.g.
    `ssh -t thousand@cards.example.org join K7QM2P` (`hosted_words` where they differ)."""
    if not host.hosted:
        return f"thousand {words}".rstrip()
    request = words if hosted_words is None else hosted_words
    return f"ssh -t {host.login} {request}".rstrip()


SERVER_PATH = re.compile(r"(?<![\w.~])/[^\s:;,'\"`()]+")


def public_text(text: str, host: Host) -> str:
    """`text` as a player may read it: no control or bidi character of a name or a file it
    quotes (`plaintext.shown`), and in a hosted session no path of the server, a file named by
    its name alone (`/srv/…/games/2026-…-classic.jsonl: …` → `2026-…-classic.jsonl: …`)."""
    text = plaintext.shown(text, lines=True)
    if not host.hosted:
        return text
    return SERVER_PATH.sub(lambda found: found.group(0).rstrip("/").rsplit("/", 1)[-1], text)


# Why a file or folder cannot be used, by its errno (any other in the system's words).
FILE_REASONS: Final[dict[int, Msg]] = {
    errno.EROFS: msg("file_read_only", "the file system is read-only"),
    errno.EACCES: msg("file_denied", "permission denied"),
    errno.EPERM: msg("file_denied", "permission denied"),
    errno.ENOTDIR: msg("file_not_folder", "it, or a folder on its path, is not a folder"),
    errno.EISDIR: msg("file_is_folder", "it is a folder"),
    errno.ENOENT: msg("file_missing", "it does not exist"),
    errno.ENOSPC: msg("file_disk_full", "the disk is full"),
    errno.EDQUOT: msg("file_quota", "the disk quota is used up"),
    errno.EMFILE: msg("file_too_many", "too many files are open"),
    errno.ENFILE: msg("file_too_many", "too many files are open"),
    errno.ENAMETOOLONG: msg("file_name_long", "its name is too long"),
}
FILE_PROBLEM = msg("file_problem", "{path} cannot be used: {why}")
FILE_PROBLEM_DATA = msg(
    "file_problem_data",
    "{path} cannot be used: {why}; the game needs a data folder it can write: make {folder} "
    "one, or choose another with {variable}",
)
FILE_PROBLEM_HOSTED = msg("file_problem_hosted", "{path} cannot be used: {why}; tell the host")
FILE_PROBLEM_BARE = msg("file_problem_bare", "a file cannot be used: {why}")


def file_problem(error: OSError, host: Host, path: Path | str | None = None) -> Said:
    """What an OSError of a file or folder (`path`, else the error's own) says to the player,
    in his language when said: which, why, and, when it is the data folder or in it, what to
    do about it (a hosted player, who cannot, is told to tell the host)."""
    reason = FILE_REASONS.get(error.errno or 0)
    why: object = Said(reason, {}) if reason is not None else (error.strerror or str(error))
    where = path if path is not None else error.filename
    if where is None or isinstance(where, int):
        return Said(FILE_PROBLEM_BARE, {"why": why})
    place = Path(os.fsdecode(where))
    shown = str(place) if str(place).isprintable() else ascii(str(place))
    if host.hosted:
        return Said(FILE_PROBLEM_HOSTED, {"path": shown, "why": why})
    folder = host.data_dir
    if place.is_absolute() and (place.is_relative_to(folder) or folder.is_relative_to(place)):
        text = str(folder) if str(folder).isprintable() else ascii(str(folder))
        values = {"path": shown, "why": why, "folder": text, "variable": DATA_DIR_ENV}
        return Said(FILE_PROBLEM_DATA, values)
    return Said(FILE_PROBLEM, {"path": shown, "why": why})


CLUB_DOWN: Final = msg(
    "club_down",
    "the club database cannot be reached now; what you played is kept in its records and "
    "counted once it is back",
)


def error_words(lang: str, error: BaseException, host: Host) -> str:
    """What `error` says to the player in one line of `lang`, with no path of the server in a
    hosted session: a file or folder that cannot be used as `file_problem` says, the club's
    database out of reach as CLUB_DOWN (never its address), one set up wrong to a hosted player
    as the host's fault (never its address), any other as `error_text` does.
    Every command that stops on an error prints this."""
    if isinstance(error, OSError):
        return public_text(say(lang, file_problem(error, host)), host)
    if isinstance(error, DatabaseDown):
        return tell(lang, CLUB_DOWN)
    if isinstance(error, DatabaseError) and host.hosted:
        return error.hosted(lang)
    return public_text(error_text(lang, error), host)


def games_dir(base: Path | None = None) -> Path:
    """The games folder of the data folder `base` (None: that of a host that did not say)."""
    return (base or LOCAL.data_dir) / "games"


def ensure_games_dir(base: Path | None = None) -> Path:
    """The games folder, made if it does not exist yet; it and the data folder are readable
    by their owner only."""
    private_dir(base or LOCAL.data_dir)
    return private_dir(games_dir(base))


def new_record_path(preset: str, now: datetime | None = None, base: Path | None = None) -> Path:
    """A fresh file name that sorts by date: `games/2026-11-29T180000-classic.jsonl`."""
    stamp = (now or datetime.now(UTC)).strftime("%Y-%m-%dT%H%M%S")
    safe = "".join(ch if ch.isascii() and (ch.isalnum() or ch in "-_") else "_" for ch in preset)
    safe = safe[:40] or "game"
    folder = games_dir(base)
    path = folder / f"{stamp}-{safe}{RECORD_SUFFIX}"
    counter = 1
    while path.exists():
        counter += 1
        path = folder / f"{stamp}-{safe}-{counter}{RECORD_SUFFIX}"
    return path


def open_new_record(
    preset: str, now: datetime | None = None, base: Path | None = None
) -> RecordWriter:
    """A writer on a new, empty record file of its own in the data folder `base`, locked
    while the game is open.

    Unlike `new_record_path` alone, two games started in the same second (two SSH
    connections of one account) never get the same file."""
    ensure_games_dir(base)
    while True:
        path = new_record_path(preset, now, base)
        try:
            os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
        except FileExistsError:
            continue
        return RecordWriter(path, exclusive=True)


# ---------------------------------------------------------------------- listing


@dataclass(frozen=True)
class SavedGame:
    path: Path
    created: str
    preset: str
    players: list[str]
    scores: list[int]
    deals: int
    finished: bool
    winner: int | None
    error: str | None = None
    in_use: bool = False  # open in another window or session right now
    truncated: bool = False  # the last line was cut off; resuming drops it
    lang: str | None = None  # the language it was played in, if the record says
    yours: int = 0  # decisions made by the human player (not the automatic ones)
    shared: bool = False  # played at a shared table: it goes on only there, never alone
    table: str = ""  # that table's code, where the record or the table's own file says it
    levels: tuple[str, ...] = ()  # each seat's AI level ("" for a person), as the record says
    taken_back: int = 0  # cards taken back in it: it is not rated
    damaged: int | None = None  # the first unreadable line, where the lines before it resume
    # why the file could not be read, to be said in the reader's language (`error` is English)
    problem: RecordError | None = field(default=None, repr=False, compare=False)

    def problem_in(self, lang: str) -> str:
        """Why the file could not be read, in `lang`, without its path."""
        text = error_text(lang, self.problem) if self.problem is not None else self.error or ""
        return text.removeprefix(str(self.path)).lstrip(",: ").split(";")[0]

    @property
    def resumable(self) -> bool:
        """Whether `--resume` may continue it here, as a game of one's own."""
        return self.error is None and not self.finished and not self.in_use and not self.shared

    @property
    def repairable(self) -> bool:
        """Unreadable at line `damaged`, and `--resume` may go on from the lines before it."""
        return (
            self.damaged is not None and not self.finished and not self.in_use and not self.shared
        )

    @property
    def untouched(self) -> bool:
        """Unfinished, and without a decision of yours: a table opened and left at once."""
        return self.error is None and not self.finished and not self.yours


def describe_save(path: Path) -> SavedGame:
    """A summary of a record file's last game, without replaying it; unreadable files are
    listed with the reason. Never raises for what the file holds."""
    try:
        record = read_record(path)
    except RecordError as error:
        problem = error.with_traceback(None)
        found = damage(path)
        if found is not None:
            return replace(
                _described(path, found.record),
                error=str(error),
                problem=problem,
                damaged=found.line,
            )
        return SavedGame(path, "", "", [], [], 0, False, None, str(error), problem=problem)
    return _described(path, record)


def _described(path: Path, record: RecordFile) -> SavedGame:
    lines = record.games[-1].lines
    header = lines[0]
    names = [_player_name(p, seat) for seat, p in enumerate(header.get("players") or [])]
    start = header.get("start")
    scores = _scores(start.get("state") if isinstance(start, dict) else None, len(names))
    humans = {
        seat
        for seat, p in enumerate(header.get("players") or [])
        if isinstance(p, dict) and p.get("kind") == "human"
    }
    table = table_of_header(header) or _table_files(path.parent.parent / TABLES_DIR).get(path.name)
    deals = yours = taken_back = 0
    winner: int | None = None
    for line in lines:
        kind = line.get("type")
        if kind == "deal":
            deals += 1
        elif kind == TAKEBACK:
            taken_back += 1
        elif kind == "action" and not line.get("auto"):
            seat = line.get("seat")
            yours += _is_int(seat) and seat in humans
        elif kind == "result":
            scores = _scores(line.get("state"), len(names)) or scores
        elif kind == "end":
            found = line.get("winner")
            winner = found if _is_int(found) else -1
    return SavedGame(
        path=path,
        created=_text(header.get("created"), 40),
        preset=_text(header.get("preset"), 40),
        players=names,
        scores=scores or [0] * len(names),
        deals=deals,
        finished=winner is not None,
        winner=winner if winner is not None and 0 <= winner < len(names) else None,
        in_use=is_locked(path),
        truncated=record.truncated,
        lang=_text(header.get("lang"), 16) or None,
        yours=yours,
        shared=table is not None or len(humans) > 1,
        table=table or "",
        levels=tuple(_player_level(p) for p in header.get("players") or []),
        taken_back=taken_back,
    )


TABLES_DIR = "tables"  # where the table service keeps a file per shared table (docs/tables.md)


def _table_files(folder: Path) -> dict[str, str]:
    """The record file name of each shared table's game, from the table service's own files
    (`tables/CODE.json`), for records written before their header named the table."""
    found: dict[str, str] = {}
    with contextlib.suppress(OSError):
        for path in folder.glob("*.json"):
            with contextlib.suppress(OSError, ValueError):
                meta = json.loads(path.read_text(encoding="utf-8"))
                if not isinstance(meta, dict):
                    continue
                name, code = meta.get("record"), meta.get("code")
                if isinstance(name, str) and isinstance(code, str) and code.isalnum():
                    found[name] = code[:16]
    return found


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _scores(state: Any, players: int) -> list[int]:
    scores = state.get("scores") if isinstance(state, dict) else None
    if isinstance(scores, list) and len(scores) == players and all(map(_is_int, scores)):
        return list(scores)
    return []


def _player_level(player: Any) -> str:
    """An AI seat's level as the record names it ("" for a person or a level unknown)."""
    if not isinstance(player, dict) or player.get("kind") != "ai":
        return ""
    return _text(player.get("level"), 16)


def _player_name(player: Any, seat: int) -> str:
    name = player.get("name") if isinstance(player, dict) else None
    return _text(name, MAX_NAME) or f"Player {seat + 1}"


def _text(value: Any, limit: int) -> str:
    """A string from a record, safe to print (`plaintext.shown`): one line, no control or
    bidi character, at most `limit` characters."""
    if not isinstance(value, str):
        return ""
    return plaintext.shown(value, most=limit)


def record_files(directory: Path | None = None) -> list[Path]:
    """The record files of a folder, most recently played first; empty files (a game that
    never wrote its first line) are left out."""
    folder = directory or games_dir()
    found: list[tuple[float, Path]] = []
    with contextlib.suppress(OSError):
        for path in folder.glob(f"*{RECORD_SUFFIX}"):
            try:
                info = path.stat()
            except OSError:
                continue
            if path.is_file() and info.st_size > 0 and DAMAGED not in path.name:
                found.append((info.st_mtime, path))
    found.sort(key=lambda item: (item[0], item[1].name), reverse=True)
    return [path for _, path in found]


def list_games(directory: Path | None = None, *, untouched: bool = False) -> list[SavedGame]:
    """Saved games, newest first; those without a decision of yours only if `untouched`,
    but for the one `thousand --resume` would continue (a game left before one's first
    decision is told it can be continued: it is listed too)."""
    found = [describe_save(path) for path in record_files(directory)]
    if untouched:
        return found
    hidden = {id(save) for save in _hidden(found)}
    return [save for save in found if id(save) not in hidden]


def _hidden(found: list[SavedGame]) -> list[SavedGame]:
    """The games of `found` (newest first) that `list_games` leaves out: unfinished, without
    a decision of yours, and not the one `thousand --resume` would continue."""
    latest = next((save for save in found if save.resumable), None)
    return [save for save in found if save.untouched and save is not latest]


def latest_unfinished(directory: Path | None = None) -> Path | None:
    """The most recently played game that is not over and not open elsewhere (a table just
    left, before a decision of yours, too: its cards were seen)."""
    for path in record_files(directory):
        save = describe_save(path)
        if save.resumable or save.repairable:
            return path
    return None


_DELETED: Final = msg("games_deleted", "deleted {file}")
_W_GAME: Final = nmsg("w_games_game", "game", "games")
_W_PLAYER: Final = nmsg("w_games_player", "player", "players")


def delete_games(numbers: list[int], directory: Path | None = None, lang: str = "en") -> list[str]:
    """`thousand games --delete N...`: delete the games listed under those numbers (as
    `thousand games` lists them). Returns a line per game; raises ValueError, deleting
    nothing, for a number not in the list or a game open elsewhere."""
    saves = list_games(directory)
    chosen: list[SavedGame] = []
    for number in numbers:
        if not 1 <= number <= len(saves):
            raise GamesError(
                msg(
                    "games_no_number",
                    "there is no game {number}: `thousand games` lists {count}, numbered 1 to "
                    "{count}",
                ),
                number=number,
                count=len(saves),
            )
        save = saves[number - 1]
        if save.in_use:
            raise GamesError(
                msg("games_in_use", "game {number} ({file}) is being played; close it first"),
                number=number,
                file=save.path.name,
            )
        if save not in chosen:
            chosen.append(save)
    for save in chosen:
        save.path.unlink(missing_ok=True)
    return [tell(lang, _DELETED, file=save.path.name) for save in chosen]


def delete_untouched(directory: Path | None = None, lang: str = "en") -> list[str]:
    """`thousand games --clean`: delete the unfinished games without a decision of yours
    (tables opened and left at once), unless open elsewhere."""
    gone = []
    for save in _hidden(list_games(directory, untouched=True)):
        if not save.in_use:
            save.path.unlink(missing_ok=True)
            gone.append(tell(lang, _DELETED, file=save.path.name))
    return gone


def untouched_count(directory: Path | None = None) -> int:
    """How many games `thousand games` leaves out (and `--clean` deletes)."""
    return len(_hidden(list_games(directory, untouched=True)))


def format_games(
    saves: list[SavedGame],
    folder: Path,
    lang: str = "en",
    width: int | None = None,
    host: Host | None = None,
) -> str:
    """The `thousand games` table, its players and states wrapped to fit `width` columns
    (`terminal_width()`; None: as wide as they are). For a hosted player (`host`), no path
    of the server and only what he can type (`ssh ... resume`)."""
    hosted = host is not None and host.hosted
    if not saves:
        if hosted:
            return tell(lang, msg("games_none_hosted", "No saved games yet."))
        none = msg("games_none", "No saved games yet; they will be kept in {folder}.")
        return tell(lang, none, folder=folder)
    lines = [games_title(folder, lang, host), ""]
    lines += _table(saves, lang, width)
    if hosted:
        assert host is not None
        how = tell(
            lang,
            msg("games_how_hosted", "Continue the latest unfinished game with `{resume}`."),
            resume=typed("--resume", host, "resume"),
        )
    else:
        how = tell(
            lang,
            msg(
                "games_how",
                "Continue the latest unfinished game with `{resume}`, another one with "
                "`{resume_file}`; delete one with `{delete}`.",
            ),
            resume="thousand --resume",
            resume_file="thousand --resume FILE",
            delete="thousand games --delete NUMBER",
        )
    lines += ["", how]
    if width is not None:  # the title and the last line too
        lines[0] = textwrap.fill(lines[0], width)
        lines[-1] = textwrap.fill(lines[-1], width)
    return "\n".join(lines)


_HEADS: Final[tuple[Msg, ...]] = (
    msg("games_col_started", "started"),
    msg("games_col_preset", "preset"),
    msg("games_col_players", "players and scores"),
    msg("games_col_deals", "deals"),
    msg("games_col_state", "state"),
    msg("games_col_file", "file"),
)


def games_cells(saves: list[SavedGame], lang: str = "en") -> list[tuple[str, ...]]:
    """The `thousand games` table unwrapped: its heads, then a row per game (as `_table`
    writes them, for a screen that lays them out itself)."""
    heads: tuple[str, ...] = ("#", *(tell(lang, head) for head in _HEADS))
    return [heads, *(_row(number, save, lang) for number, save in enumerate(saves, start=1))]


def games_title(folder: Path, lang: str = "en", host: Host | None = None) -> str:
    """The first line of the `thousand games` table (no path of the server for a hosted
    player)."""
    if host is not None and host.hosted:
        return tell(lang, _TITLE_HOSTED)
    return tell(lang, _TITLE, folder=folder)


_TITLE_HOSTED: Final = msg("games_title_hosted", "Your saved games, most recently played first:")
_TITLE: Final = msg("games_title", "Saved games in {folder}, most recently played first:")


_WRAPPED: Final = (3, 5)  # the players and the state: wrapped to fit the terminal
_NARROWEST: Final = 14


def terminal_width() -> int | None:
    """The columns of the terminal `thousand games` writes to (COLUMNS first); None when it
    writes to a file or a pipe."""
    if not _is_terminal(sys.stdout):
        return None
    columns = shutil.get_terminal_size((0, 0)).columns
    return columns if columns > 0 else None


def _is_terminal(stream: Any) -> bool:
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError):
        return False


def _table(saves: list[SavedGame], lang: str = "en", width: int | None = None) -> list[str]:
    """The games' rows. Within `width`, the players and the state are wrapped; where even
    then the row is too wide, each game's file goes on a line of its own under it (the file
    is never cut: `--resume FILE` needs it)."""
    rows: list[tuple[str, ...]] = [("#", *(tell(lang, head) for head in _HEADS))]
    rows += [_row(number, save, lang) for number, save in enumerate(saves, start=1)]
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    file_below = width is not None and not _narrowed(widths, width)
    if file_below:
        widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]) - 1)]
        _narrowed(widths, width)
        rows = [row[:-1] for row in rows[:1]] + [(*row[:-1], "") for row in rows[1:]]
        widths.append(0)
    lines = []
    for index, row in enumerate(rows):
        parts = [
            textwrap.wrap(cell, widths[i], break_long_words=True) or [""]
            if i in _WRAPPED
            else [cell]
            for i, cell in enumerate(row)
        ]
        for depth in range(max(len(part) for part in parts)):
            cells = [part[depth] if depth < len(part) else "" for part in parts]
            padded = [
                cell.rjust(widths[i]) if i in (0, 4) else cell.ljust(widths[i])
                for i, cell in enumerate(cells[:-1])
            ]
            lines.append("  ".join([*padded, cells[-1]]).rstrip())
        if file_below and index:
            lines.append(" " * (widths[0] + 2) + _text(saves[index - 1].path.name, 60))
    return lines


def _narrowed(widths: list[int], width: int | None) -> bool:
    """Narrow the wrapped columns of `widths` (in place) until the row fits `width`; whether
    it does."""
    if width is None:
        return True
    over = sum(widths) + 2 * (len(widths) - 1) - width
    while over > 0:
        column = max(_WRAPPED, key=lambda i: widths[i])
        if widths[column] <= _NARROWEST:
            return False
        widths[column] -= 1
        over -= 1
    return True


# ---------------------------------------------------------------------- every player's games


PLAYERS_DIR = "players"  # a hosted account keeps each player's games under players/NAME/


def player_folders(base: Path | None = None) -> list[tuple[str, Path]]:
    """The games folders of a hosted account's players (`players/NAME/games`), by name."""
    root = (base or LOCAL.data_dir) / PLAYERS_DIR
    found: list[tuple[str, Path]] = []
    with contextlib.suppress(OSError):
        for entry in sorted(root.iterdir()):
            games = entry / "games"
            if not entry.is_symlink() and games.is_dir() and not games.is_symlink():
                found.append((entry.name, games))
    return found


def format_all_players(base: Path, lang: str = "en", width: int | None = None) -> str:
    """`thousand games --all-players`: the shared folder's games, then each player's."""
    sections = [(tell(lang, msg("games_shared_folder", "the shared folder")), base / "games")]
    sections += [
        (tell(lang, msg("games_player", "player {name}"), name=_text(name, 40)), folder)
        for name, folder in player_folders(base)
    ]
    lines = [
        tell(
            lang,
            msg(
                "games_all_title",
                "Saved games of every player under {base}, most recently played first:",
            ),
            base=base,
        )
    ]
    total = players = 0
    for title, folder in sections:
        saves = list_games(folder)
        if not saves:
            continue
        total += len(saves)
        players += folder.parent != base
        lines += ["", f"{title[0].upper()}{title[1:]} ({folder.relative_to(base)}):", ""]
        inner = None if width is None else width - 2
        lines += [("  " + line).rstrip() for line in _table(saves, lang, inner)]
    if not total:
        return tell(lang, msg("games_all_none", "No saved games yet under {base}."), base=base)
    lines += [
        "",
        tell(
            lang,
            msg(
                "games_all_count",
                "{games} of {players} with a folder of their own. A player continues the "
                "latest unfinished one by logging in with `resume`.",
            ),
            games=counted(lang, _W_GAME, total),
            players=counted(lang, _W_PLAYER, players),
        ),
    ]
    return "\n".join(lines)


def _row(number: int, save: SavedGame, lang: str = "en") -> tuple[str, ...]:
    name = _text(save.path.name, 60)
    if save.error is not None and save.damaged is None:
        reason = _text(save.problem_in(lang), 50)
        unreadable = msg("games_unreadable", "unreadable: {reason}")
        return (str(number), "", "", "", "", tell(lang, unreadable, reason=reason), name)
    players = ", ".join(
        f"{player} {score}" for player, score in zip(save.players, save.scores, strict=False)
    )
    if save.finished and save.winner is not None:
        won = msg("games_won", "won by {name}")
        state = tell(lang, won, name=save.players[save.winner])
    elif save.finished:
        state = tell(lang, msg("games_finished", "finished"))
    elif save.in_use:
        state = tell(lang, msg("games_in_play", "being played"))
    elif save.shared and save.table:
        state = tell(lang, msg("games_at_table", "at table {code}"), code=save.table)
    elif save.shared:
        state = tell(lang, msg("games_at_shared", "at a shared table"))
    elif save.damaged is not None:
        damaged = msg(
            "games_damaged",
            "damaged at line {line}; `thousand --resume FILE` offers to go on before it",
        )
        state = tell(lang, damaged, line=save.damaged)
    elif save.truncated:
        state = tell(lang, msg("games_cut_off", "unfinished (last line cut off)"))
    elif save.untouched:
        state = tell(lang, msg("games_untouched", "unfinished, before your first decision"))
    else:
        state = tell(lang, msg("games_unfinished", "unfinished"))
    if save.taken_back:
        unrated = tell(lang, msg("games_not_rated", "not rated: a card was taken back"))
        state = f"{state}; {unrated}"
    return (
        str(number),
        local_date(save.created),
        save.preset,
        players,
        str(save.deals),
        state,
        name,
    )


def local_date(created: str) -> str:
    """`2026-11-29T18:00:00Z` in the local time zone: `2026-11-29 19:00`."""
    try:
        moment = datetime.fromisoformat(created)
    except ValueError:
        return created[:16]
    if moment.tzinfo is not None:
        moment = moment.astimezone()
    return moment.strftime("%Y-%m-%d %H:%M")


def other_players_note(lang: str = "en", base: Path | None = None) -> str | None:
    """On a hosted account (data folder `base`): how many players have games of their own,
    and how to list them."""
    others = sum(bool(record_files(games)) for _, games in player_folders(base))
    if not others:
        return None
    text = (
        msg(
            "games_others_one",
            "{players} of this hosted account has games of their own: `{command}` lists them.",
        )
        if others == 1
        else msg(
            "games_others",
            "{players} of this hosted account have games of their own: `{command}` lists them.",
        )
    )
    return tell(
        lang, text, players=counted(lang, _W_PLAYER, others), command="thousand games --all-players"
    )


class GamesError(Spoken, ValueError):
    """A game that cannot be deleted: its number is not listed, or it is being played."""


# ---------------------------------------------------------------------- resuming


@dataclass
class Resumed:
    game: Game
    writer: RecordWriter
    path: Path
    warnings: list[Said] = field(default_factory=list)
    chat: list[dict[str, Any]] = field(default_factory=list)  # its chat lines (a shared table's)


def resume(path: Path, on_events: Callable[[list[Event]], None] | None = None) -> Resumed:
    """Rebuild the last game of a record and reopen the file for appending.

    A cut-off last line is dropped from the file (it never held a whole decision) and the
    game goes on from the last complete line. A file that is not a record, is of a newer
    version, does not replay, is finished or is open in another window is never written to.
    The file stays locked until the writer is closed. `on_events` is told the events of the
    replay, decision by decision."""
    path = Path(path)
    read_record(path)  # a file that is not a record is not even opened for writing
    writer = RecordWriter(path, exclusive=True)
    try:
        # Read again: nothing can change it now.
        record, recorded, game = _resumable(path, on_events)
        warnings = [_resume_warning(warning) for warning in record.warnings]
        _repair_tail(path, record.truncated)
        for line in game.lines[len(recorded.lines) :]:
            writer.write(line)  # lines the game made but the file did not get
    except BaseException:
        writer.close()
        raise
    game.sink = writer.write
    return Resumed(game, writer, path, warnings, recorded.chat)


def _resumable(
    path: Path, on_events: Callable[[list[Event]], None] | None = None
) -> tuple[RecordFile, RecordedGame, Game]:
    record = read_record(path)
    recorded = record.games[-1]
    if recorded.finished:
        raise RecordError(f"{path}: this game is over; start a new one")
    try:
        game, mismatch = rebuild(recorded, on_events=on_events)
    except RecordError as error:
        raise RecordError(f"{path}: {error}; the file is left as it is") from error
    if mismatch is not None:
        raise RecordError(f"{path}: the record does not replay ({mismatch}); it is left as it is")
    return record, recorded, game


def _resume_warning(warning: Said) -> Said:
    if warning.text == CUT_OFF:
        goes_on = msg(
            "record_cut_off_goes_on", "{warning}; the game goes on from the last complete line"
        )
        return Said(goes_on, {"warning": warning})
    return warning


DAMAGED: Final = ".damaged-"
"""In the name of a damaged record set aside (`set_aside`): `thousand games` leaves it out."""


@dataclass(frozen=True)
class Damage:
    """A record with a line that cannot be read after its game began: the game can go on from
    the lines before it (`set_aside`)."""

    line: int  # the first line that cannot be read, counted from 1
    record: RecordFile  # the lines before it, read

    @property
    def deals(self) -> int:
        return sum(line.get("type") == "deal" for line in self.record.games[-1].lines)


def damage(path: Path) -> Damage | None:
    """Where a record that `read_record` refuses is damaged, if the lines before the damage
    hold an unfinished game; None otherwise (a file that reads, or is no record at all)."""
    try:
        raw = path.read_bytes()
    except OSError:
        return None
    rows = raw.split(b"\n")
    bad = next((index for index, row in enumerate(rows) if not _readable(row)), None)
    if bad is None or bad == 0:
        return None
    try:
        record = decode_record(b"\n".join(rows[:bad]) + b"\n", path)
    except RecordError:
        return None
    if record.games[-1].finished:
        return None
    return Damage(bad + 1, record)


def _readable(row: bytes) -> bool:
    if not row.strip():
        return True
    try:
        line = json.loads(row.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        return False
    return isinstance(line, dict) and isinstance(line.get("type"), str)


# What `thousand --resume` says of a damaged record before the table opens (tui/repair.py).
DAMAGED_FOUND: Final = msg(
    "damaged_found",
    "{file}: line {line} cannot be read (the file is damaged); the game can go on from the "
    "last good decision before it, in deal {deal}.",
)
DAMAGED_ASK: Final = msg(
    "damaged_ask", "Go on from there, with the damaged file kept aside? [y/N] "
)
DAMAGED_YES: Final = msg("damaged_yes", "y, yes")
DAMAGED_LEFT: Final = msg("damaged_left", "Nothing was changed; the file is left as it is.")
DAMAGED_KEPT: Final = msg(
    "damaged_kept",
    "The damaged file is kept as {aside}; the game goes on from the decision before line {line}.",
)


def set_aside(path: Path, now: datetime | None = None) -> Path:
    """Keep a damaged record aside, as `NAME.damaged-TIME.jsonl` beside it, and leave in
    `path` the lines before the damage, once they are known to replay: the game goes on from
    the last good decision. Returns the damaged copy's path; raises RecordError, changing
    nothing, when the file is in use or the lines before the damage do not replay."""
    path = Path(path)
    found = damage(path)
    if found is None:
        raise RecordError(msg("record_not_damaged", "{path}: no damage to set aside"), path=path)
    if is_locked(path):
        raise RecordError(
            msg("record_in_use", "{path}: this game is open in another window or session"),
            path=path,
        )
    _, mismatch = rebuild(found.record.games[-1])
    if mismatch is not None:
        raise RecordError(
            f"{path}: the lines before line {found.line} do not replay ({mismatch}); "
            "it is left as it is"
        )
    raw = path.read_bytes()
    good = b"\n".join(raw.split(b"\n")[: found.line - 1]) + b"\n"
    stamp = (now or datetime.now(UTC)).strftime("%Y%m%d-%H%M%S")
    aside = path.with_name(f"{path.stem}{DAMAGED}{stamp}{RECORD_SUFFIX}")
    with open_private(aside, "xb") as handle:
        handle.write(raw)
    fresh = path.with_name(f".{path.name}.repair")
    with open_private(fresh, "wb") as handle:
        handle.write(good)
    os.replace(fresh, path)
    return aside


def _repair_tail(path: Path, truncated: bool) -> None:
    """Drop a cut-off last line; end a last line that lost only its newline with one, so
    the next line written starts on a line of its own."""
    data = path.read_bytes()
    if truncated:
        cut = data.rfind(b"\n")
        with path.open("r+b") as handle:
            handle.truncate(cut + 1 if cut >= 0 else 0)
    elif data and not data.endswith(b"\n"):
        with path.open("ab") as handle:
            handle.write(b"\n")
