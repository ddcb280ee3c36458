"""`thousand ssh-session`: the game as the login of a hosted SSH account (docs/ssh-hosting.md).

OpenSSH runs the account's `ForceCommand` through the login shell and puts what the client
asked for (`ssh -t thousand@host family ru`) in `SSH_ORIGINAL_COMMAND`. That text is data,
never a command: it is split on whitespace only, and each word must be a preset name of the
host's whitelist, a language (`en`, `ru`), `resume`, `open` (a shared table, docs/tables.md)
or `join` followed by a table's code. Anything else is refused with one line and exit
status 2. A request that passes starts the table in this very process: no shell and
no other program is ever run. A request without a preset opens the start screen, which offers
the whitelist only.

The options of `ssh-session` itself come from the host's `ForceCommand` line (trusted); the
client cannot reach them.
"""

from __future__ import annotations

import argparse
import hashlib
import re
import shlex
import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Final

from .options import SessionFlags
from .presets import LANGUAGES, load_preset, shipped_names
from .priority import LOCAL, SEARCH_ENV, SEARCH_FOLDER, Host, Locale, give_way
from .private import private_dir
from .settings import (
    LEVELS,
    MAX_NAME,
    SetupError,
    keep_plain_preference,
    keep_player_name,
    language_from_locale,
    plain_preferred,
    player_name,
    read_player_name,
)
from .store.catalog import LOGIN_UNKNOWN
from .tables.service import normalize_code
from .translations import Msg, Spoken, msg, tell, translate

ORIGINAL_COMMAND = "SSH_ORIGINAL_COMMAND"
USER_AUTH = "SSH_USER_AUTH"  # set by sshd with `ExposeAuthInfo yes`
RESUME_WORDS = ("resume", "--resume")
OPEN_WORD = "open"
JOIN_WORD = "join"
WATCH_WORD = "watch"  # `watch CODE`: a shared table, at no seat
VIEW_WORD = "view"  # `view N`: game N of the player's saved games, stepped through
MAX_VIEW = 99999  # the highest number `view` takes
LOBBY_WORD = "lobby"
RATINGS_WORD = "ratings"  # the club's leaderboard
DAILY_WORD = "daily"  # the day's deals, the same for everyone (`daily board`: the board)
REVIEW_WORD = "review"  # `daily review`: the duplicate review of the day's deals played
TOURNAMENTS_WORD = "tournaments"  # `tournaments [play|show|review|open NAME]`
TOURNAMENT_ACTIONS = ("play", "show", "review", "open")
TOURNAMENT_FLAGS = ("--preset", "--deals", "--opens", "--closes")  # with `open`, each once
BOARD_WORD = "board"
PRIVATE_WORD = "private"  # with `open`: a table kept out of the lobby
NAME_WORD = "name"
PLAIN_WORD = "plain"  # the line mode, for screen readers and braille displays
PLAIN_SETTINGS = ("on", "off")  # `plain on`, `plain off`: the player's setting
CLUB_WORDS = (LOBBY_WORD, WATCH_WORD, DAILY_WORD, TOURNAMENTS_WORD)  # `plain` goes with them too
HELP_WORDS = ("help", "--help", "-h")
MAX_COMMAND = 200
EXIT_REFUSED = 2
NAME = re.compile(r"[a-z0-9][a-z0-9_-]{0,31}")
HOST_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9.-]{0,252}")
PROG = "thousand"

# The `thousand` command's entry point, given the arguments and what the session runs as.
Launch = Callable[[list[str], Host], int]


class Refused(Spoken):
    """A request or a host setting the session does not accept; the message is one line, in
    the player's language when it is a catalog text (a host setting's stays English: the
    host reads it)."""


@dataclass(frozen=True)
class HostConfig:
    """What the host allows, from the `ForceCommand` line."""

    presets: dict[str, str]  # name the player types → preset name or file for `--preset`
    default: str
    ai: str | None = None
    player: str | None = None
    keys: Path | None = None  # authorized_keys, where a key's comment is its default name
    host: str = LOGIN_UNKNOWN  # the name players connect to, for the messages
    # The account the session runs in (its entry point decided it): its data folder holds
    # the players' folders, the club index, the shared tables and the search service.
    account: Host = LOCAL

    def login(self, user: str) -> str:
        """`USER@HOST`, as the player types it after `ssh -t`."""
        return f"{user}@{self.host}"


@dataclass(frozen=True)
class Request:
    """What the player asked for, once checked against the host's whitelist."""

    preset: str | None = None
    lang: str | None = None
    resume: bool = False
    help: bool = False
    open: bool = False  # open a shared table
    join: str | None = None  # the code of a shared table to join
    watch: str | None = None  # the code of a shared table to watch
    view: int | None = None  # `view N`: a saved game of his to step through (0: the list)
    name: str | None = None  # `name NEW NAME`: the player's name from now on ("": say it)
    lobby: bool = False  # the tables of the host waiting for players
    private: bool = False  # `open private`: the table is kept out of the lobby
    ratings: bool = False  # the leaderboard of the host's players and AI levels
    daily: bool = False  # the day's deals of `preset` (the host's default)
    board: bool = False  # with `daily`: the day's board, printed
    review: bool = False  # with `daily`: the duplicate review of the day's deals he played
    # `tournaments`: the action ("list", "play", "show", "review", "open"), the tournament's
    # name and, with `open`, its flags as `thousand tournaments open` takes them
    tournament: tuple[str, str, tuple[str, ...]] | None = None
    plain: bool = False  # the line mode (`thousand --plain`)
    # `plain on` / `plain off`: the player's setting, the line mode or the full table whenever
    # nothing is said of it (kept in his own folder with the start screen's choices)
    plain_setting: bool | None = None


@dataclass(frozen=True)
class Session:
    argv: list[str]  # arguments of `thousand`, e.g. ["play", "--preset", "family"]
    data: Path  # the data directory of the player's saved games


# ---------------------------------------------------------------------- the host's settings


def add_ssh_session_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--presets",
        help="comma-separated whitelist of preset names players may ask for; "
        "NAME=/path/to/file.yaml offers a preset file under a name (default: the shipped ones)",
    )
    parser.add_argument("--default", help="preset when the player names none (the first listed)")
    parser.add_argument("--ai", help="AI levels of the opponents (as `thousand --ai`)")
    parser.add_argument(
        "--player",
        help="keep this player's saved games apart (a name of a-z, 0-9, - and _), "
        "e.g. from a per-key command in authorized_keys",
    )
    parser.add_argument(
        "--host",
        help="the host name players connect to, e.g. cards.example.org: messages that tell "
        "a player what to type name it (default: the word HOST)",
    )
    parser.add_argument(
        "--authorized-keys",
        metavar="FILE",
        help="where the keys' comments are, the players' names until they choose one "
        "(default: ~/.ssh/authorized_keys of the account)",
    )
    parser.add_argument(
        "--dry-run",
        action="store_true",
        help="check the request and print the command the session would run, without starting it",
    )


def host_config(options: SessionFlags, account: Host = LOCAL) -> HostConfig:
    """Check the host's options; a bad setting is refused as firmly as a bad request.
    `account`: what the session's entry point runs as, and where."""
    presets: dict[str, str] = {}
    entries = options.presets.split(",") if options.presets else shipped_names()
    for entry in (part.strip() for part in entries):
        if not entry:
            continue
        name, _, target = entry.partition("=")
        name = name.strip()
        if not NAME.fullmatch(name):
            raise Refused(f"host setting --presets: {_show(name)} is not a plain preset name")
        presets[name] = _preset_target(name, target.strip())
    if not presets:
        raise Refused("host setting --presets: the whitelist is empty")
    default = options.default or next(iter(presets))
    if default not in presets:
        raise Refused(f"host setting --default: {_show(default)} is not in --presets")
    if options.ai is not None:
        _check_levels(options.ai)
    player = options.player
    if player is not None and not NAME.fullmatch(player):
        raise Refused("host setting --player: use a-z, 0-9, - and _ (at most 32)")
    host = options.server or LOGIN_UNKNOWN
    if not HOST_NAME.fullmatch(host):
        raise Refused(f"host setting --host: {_show(host)} is not a host name")
    keys = options.authorized_keys
    if keys is not None and not Path(keys).is_absolute():
        raise Refused("host setting --authorized-keys: give an absolute path")
    return HostConfig(
        presets, default, options.ai, player, Path(keys) if keys else None, host, account
    )


def _preset_target(name: str, target: str) -> str:
    """The value for `--preset`: a shipped name, or an absolute path to the host's file.
    Loaded once here, so a broken whitelist shows up at the first login, not mid-game."""
    if not target:
        if name not in shipped_names():
            raise Refused(
                f"host setting --presets: {name} is not a shipped preset; offer a file "
                f"of your own as {name}=/path/to/{name}.yaml"
            )
        return name
    if not Path(target).is_absolute():
        raise Refused(f"host setting --presets: {name}={_show(target)} needs an absolute path")
    try:
        load_preset(target)
    except (ValueError, OSError) as error:
        raise Refused(f"host setting --presets: {name}: {error}") from error
    return target


def _check_levels(text: str) -> None:
    for level in (part.strip() for part in text.split(",")):
        if level not in LEVELS:
            raise Refused(f"host setting --ai: {_show(level)} is not one of {', '.join(LEVELS)}")


# ---------------------------------------------------------------------- the player's request


def parse_request(command: str | None, allowed: Sequence[str]) -> Request:
    """Read `SSH_ORIGINAL_COMMAND`: whitespace-separated words, each a whitelisted preset
    name, a language or `resume`, each at most once. Raises Refused for anything else."""
    text = command or ""
    if len(text) > MAX_COMMAND:
        raise Refused(
            msg("ssh_too_long", "the request is too long (at most {most} characters)"),
            most=MAX_COMMAND,
        )
    words = text.split()
    if words and words[0].lower() == NAME_WORD:
        return _name_request(text)
    lowered = [w.lower() for w in words]
    if lowered[:1] == [PLAIN_WORD] and len(words) == 2 and lowered[1] in PLAIN_SETTINGS:
        return Request(plain_setting=lowered[1] == PLAIN_SETTINGS[0])
    others = [w for w in lowered if w != PLAIN_WORD]
    if PLAIN_WORD in lowered and others and others[0] in CLUB_WORDS:
        # `lobby plain`, `plain watch K7QM2P`: the club by lines (the word once, anywhere)
        words.pop(lowered.index(PLAIN_WORD))
        return replace(parse_request(" ".join(words), allowed), plain=True)
    preset = lang = join = None
    resume = opening = private = plain = False
    rest = iter(words)
    for raw in rest:
        word = raw.lower() if raw.isascii() else raw
        if word in HELP_WORDS and len(words) == 1:
            return Request(help=True)
        if word == LOBBY_WORD:
            return _lobby_request(words)
        if word == WATCH_WORD:
            return _watch_request(words)
        if word == VIEW_WORD:
            return _view_request(words)
        if word == RATINGS_WORD:
            return _ratings_request(words)
        if word == DAILY_WORD:
            return _daily_request(words, allowed)
        if word == TOURNAMENTS_WORD:
            return _tournaments_request(words, allowed)
        if word == OPEN_WORD and not opening:
            opening = True
        elif word == PRIVATE_WORD and not private:
            private = True
        elif word == PLAIN_WORD and not plain:
            plain = True
        elif word == JOIN_WORD and join is None:
            code = normalize_code(next(rest, ""))
            if code is None:
                raise Refused(msg("ssh_join_code", "join needs the table's code, e.g. join K7QM2P"))
            join = code
        elif word in allowed:
            if preset is not None:
                raise Refused(
                    msg("ssh_one_preset", "ask for one preset, not {first} and {second}"),
                    first=preset,
                    second=word,
                )
            preset = word
        elif word in LANGUAGES:
            if lang is not None:
                raise Refused(
                    msg("ssh_one_language", "ask for one language, not {first} and {second}"),
                    first=lang,
                    second=word,
                )
            lang = word
        elif word in RESUME_WORDS and not resume:
            resume = True
        else:
            raise Refused(
                msg("ssh_not_offered", "{word} is not something this server offers"),
                word=_show(raw),
            )
    if resume and preset is not None:
        raise Refused(
            msg(
                "ssh_resume_preset",
                "resume continues a game with its own preset; leave out {preset}",
            ),
            preset=preset,
        )
    if sum((resume, opening, join is not None)) > 1:
        raise Refused(msg("ssh_one_of", "ask for one of resume, open and join"))
    if join is not None and preset is not None:
        raise Refused(
            msg("ssh_join_preset", "a table you join has its own preset; leave out {preset}"),
            preset=preset,
        )
    if private and not opening:
        raise Refused(
            msg(
                "ssh_private",
                "private goes with open: open private keeps the table out of the lobby",
            )
        )
    return Request(preset, lang, resume, open=opening, join=join, private=private, plain=plain)


def _watch_request(words: list[str]) -> Request:
    """`watch CODE`, with a language or not."""
    code = normalize_code(words[1]) if len(words) > 1 else None
    rest = [w.lower() for w in words[2:]]
    if code is None or len(rest) > 1 or (rest and rest[0] not in LANGUAGES):
        raise Refused(
            msg(
                "ssh_watch_code",
                "watch needs the table's code, e.g. watch K7QM2P (or watch K7QM2P ru)",
            )
        )
    return Request(lang=rest[0] if rest else None, watch=code)


def _view_request(words: list[str]) -> Request:
    """`view N`, with a language or not: a number, never a path of the server; `view`
    alone (or with a language): the list of his saved games, numbered."""
    rest = [w.lower() for w in words[1:]]
    if len(rest) <= 1 and all(w in LANGUAGES for w in rest):
        return Request(lang=rest[0] if rest else None, view=0)
    number, rest = words[1], rest[1:]
    good = number.isascii() and number.isdigit() and 1 <= int(number) <= MAX_VIEW
    if not good or len(rest) > 1 or (rest and rest[0] not in LANGUAGES):
        raise Refused(
            msg(
                "ssh_view_number",
                "view needs the number of one of your saved games, e.g. view 1 (or view 1 ru)",
            )
        )
    return Request(lang=rest[0] if rest else None, view=int(number))


def _lobby_request(words: list[str]) -> Request:
    """`lobby`, alone or with a language: the lobby offers the whitelist itself."""
    once = msg("ssh_lobby_once", "ask for the lobby once")
    only = msg(
        "ssh_lobby_language",
        "the lobby takes a language only, e.g. {example}; presets are chosen in it",
    )
    return Request(lang=_language_only(words, LOBBY_WORD, once, only), lobby=True)


def _ratings_request(words: list[str]) -> Request:
    """`ratings`, alone or with a language: the leaderboard, printed."""
    once = msg("ssh_ratings_once", "ask for the leaderboard once")
    only = msg("ssh_ratings_language", "the leaderboard takes a language only, e.g. {example}")
    return Request(lang=_language_only(words, RATINGS_WORD, once, only), ratings=True)


def _language_only(words: list[str], word: str, once: Msg, only: Msg) -> str | None:
    """The language asked for beside `word`, which takes nothing else (and comes once)."""
    rest = [w.lower() if w.isascii() else w for w in words if w.lower() != word]
    if len(words) - len(rest) > 1:
        raise Refused(once)
    if any(w not in LANGUAGES for w in rest) or len(rest) > 1:
        raise Refused(only, example=f"{word} ru")
    return rest[0] if rest else None


def _tournaments_request(words: list[str], allowed: Sequence[str]) -> Request:
    """`tournaments` (and a language): the list; `tournaments ACTION NAME` (and a language
    last): play, show or review one; `open NAME` takes --preset of the whitelist, --deals,
    --opens and --closes (a time in one word: 2026-12-24T18:00, +2h, now), each once."""
    rest = words[1:]
    if not rest or (len(rest) == 1 and rest[0].lower() in LANGUAGES):
        return Request(lang=rest[0].lower() if rest else None, tournament=("list", "", ()))
    action = rest[0].lower()
    if action not in TOURNAMENT_ACTIONS:
        raise Refused(TOURNAMENT_WORDS)
    rest = rest[1:]
    flags: list[str] = []
    if action == "open":
        names: list[str] = []
        given = iter(rest)
        for word in given:
            flag = word.lower()
            if flag not in TOURNAMENT_FLAGS:
                names.append(word)
                continue
            value = next(given, None)
            if flag in flags or value is None or value.startswith("-"):
                raise Refused(TOURNAMENT_WORDS)
            if flag == "--preset" and value not in allowed:
                raise Refused(TOURNAMENT_WORDS)
            flags += [flag, value]
        rest = names
    lang = rest.pop().lower() if len(rest) > 1 and rest[-1].lower() in LANGUAGES else None
    if not rest:
        raise Refused(TOURNAMENT_WORDS)
    return Request(lang=lang, tournament=(action, " ".join(rest), tuple(flags)))


TOURNAMENT_WORDS = msg(
    "ssh_tournament_words",
    "tournaments takes play, show, review or open and a tournament's name, e.g. tournaments "
    "play Winter Cup; open takes --preset, --deals, --opens and --closes, each once",
)


def _daily_request(words: list[str], allowed: Sequence[str]) -> Request:
    """`daily`, with a preset of the whitelist, a language and `board` or `review`, each at
    most once."""
    preset = lang = None
    board = daily = review = False
    for raw in words:
        word = raw.lower() if raw.isascii() else raw
        if word == DAILY_WORD and not daily:
            daily = True
        elif word == BOARD_WORD and not board and not review:
            board = True
        elif word == REVIEW_WORD and not review and not board:
            review = True
        elif word in allowed and preset is None:
            preset = word
        elif word in LANGUAGES and lang is None:
            lang = word
        else:
            raise Refused(
                msg(
                    "ssh_daily_words",
                    "{word} does not go with daily: daily takes a preset, a language and "
                    "board or review, each once, e.g. daily ru, daily board or daily review",
                ),
                word=_show(raw),
            )
    return Request(preset, lang, daily=True, board=board, review=review)


def _name_request(text: str) -> Request:
    """`name`, to be told one's name, or `name NEW NAME`: everything after the word is the
    name (letters of any alphabet, spaces between words), checked as a name is."""
    rest = text.split(None, 1)[1] if len(text.split(None, 1)) > 1 else ""
    if not rest.strip():
        return Request(name="")
    try:
        return Request(name=player_name(rest))
    except SetupError as error:
        if error.said is not None:
            raise Refused(error.said.text, **error.said.values) from error
        raise Refused(str(error)) from error


def _show(text: str, limit: int = 40) -> str:
    """Untrusted text for a message: ASCII only (no terminal escapes), shortened."""
    shown = ascii(text)
    return shown if len(shown) <= limit else shown[: limit - 4] + "...'"


USAGE: Final = msg(  # `help`'s answer, whose first words `thousand ssh-check` looks for
    "ssh_usage",
    "Ask for: a preset ({presets}; none for the start screen), a language ({langs}) or "
    "resume, e.g. `{example}`; `open` (with a preset) opens a table friends join with `join "
    "CODE` (`open private`: kept out of the lobby); `lobby` lists the tables waiting for "
    "players, to sit at one or quick match; `ratings` shows the leaderboard; `daily` plays "
    "the day's deals, the same for everyone (`daily board`: the day's board); `name NEW NAME` "
    "sets your name at the tables",
)


USAGE_PLAIN: Final = msg(
    "ssh_usage_plain",
    "; `plain` plays by lines, for a screen reader or a braille display (no -t needed; "
    "`lobby plain`, `watch CODE plain`, `daily plain` too), `plain on` makes it your "
    "setting, `plain off` undoes it",
)


USAGE_MORE: Final = msg(
    "ssh_usage_more",
    "; `watch CODE` watches a table in play from no seat; `tournaments` lists the tournaments "
    "on the same deals (`tournaments play NAME`, `tournaments show NAME`: the standings, "
    "`tournaments review NAME`: each deal side by side after the close, `tournaments open "
    "NAME --preset P --deals N --opens TIME --closes TIME`); `view` lists your saved "
    "games, `view N` steps through game N decision by decision (v on a saved game of the "
    "start screen too)",
)


USAGE_REVIEW: Final = msg(
    "ssh_usage_review",
    "; `daily review` shows each of the day's deals you played beside hard AI's play and "
    "the day's best player's, with the same cards",
)


def usage(config: HostConfig, user: str = "thousand", lang: str = "en") -> str:
    return (
        tell(
            lang,
            USAGE,
            presets=", ".join(config.presets),
            langs=", ".join(LANGUAGES),
            # The reader's own language as the example (an English reader's: Russian).
            example=f"ssh -t {config.login(user)} {config.default} "
            f"{lang if lang != 'en' else 'ru'}",
        )
        + tell(lang, USAGE_PLAIN)
        + tell(lang, USAGE_MORE)
        + tell(lang, USAGE_REVIEW)
    )


def marks(text: Msg) -> tuple[str, ...]:
    """The words a text begins with in every language, up to its first placeholder: what
    `thousand ssh-check` looks for in an answer, whatever the language of the session."""
    return tuple(dict.fromkeys(translate(lang, text).split("{")[0] for lang in LANGUAGES))


def request_language(command: str | None, environ: Mapping[str, str]) -> str:
    """The language the front door answers in: the one the request asks for, else the
    locale's (an SSH client may send LANG), else English."""
    for word in (command or "")[:MAX_COMMAND].split():
        if word.lower() in LANGUAGES:
            return word.lower()
    return language_from_locale(environ)


# What sshd puts in the session's environment when it forwards something to the account.
FORWARDED = (("SSH_AUTH_SOCK", "your SSH agent"), ("DISPLAY", "X11"))
FORWARDING_NOTE: Final = msg(
    "ssh_forwarded",
    "warning: this server forwarded {what} to the game's account; its host should set "
    "DisableForwarding yes (docs/ssh-hosting.md)",
)
_FORWARDED_WHAT: Final = {
    "SSH_AUTH_SOCK": msg("ssh_forwarded_agent", "your SSH agent"),
    "DISPLAY": msg("ssh_forwarded_x11", "X11"),
}


def forwarding_notes(environ: Mapping[str, str], lang: str = "en") -> list[str]:
    """What the host's sshd forwarded although the guide's setup forbids it; `help` says so,
    and `thousand ssh-check` looks for it."""
    return [
        tell(lang, FORWARDING_NOTE, what=tell(lang, _FORWARDED_WHAT[variable]))
        for variable, _ in FORWARDED
        if environ.get(variable)
    ]


# ---------------------------------------------------------------------- the session


def player_id(config: HostConfig, environ: Mapping[str, str]) -> str | None:
    """Whose saved games these are: the host's `--player`, else the public key the client
    logged in with (sshd's `ExposeAuthInfo yes`), else nobody in particular."""
    if config.player is not None:
        return config.player
    key = _login_key(environ.get(USER_AUTH))
    if key is None:
        return None
    return "key-" + hashlib.sha256(key.encode("utf-8")).hexdigest()[:16]


def player_folder(config: HostConfig, environ: Mapping[str, str]) -> Path | None:
    """The player's own folder (games, name, start screen), if the player is known."""
    who = player_id(config, environ)
    return config.account.data_dir / "players" / who if who is not None else None


def person_name(config: HostConfig, environ: Mapping[str, str]) -> str | None:
    """The player's name: the one they chose with `name`, else the host's `--player`, else
    the comment of their key in authorized_keys (`olga@laptop` gives olga); None when the
    player is not known (then a shared table numbers its seats)."""
    folder = player_folder(config, environ)
    if folder is None:
        return None
    chosen = read_player_name(folder)
    if chosen is not None:
        return chosen
    known = club_person(config, environ)
    if known is not None:
        return known
    if config.player is not None:
        return config.player
    key = _login_key(environ.get(USER_AUTH))
    keys = config.keys or Path.home() / ".ssh" / "authorized_keys"
    return _key_comment(keys, key) if key is not None else None


def club_person(
    config: HostConfig, environ: Mapping[str, str], meet: bool = False, name: str | None = None
) -> str | None:
    """With a club database (the account's `Host.database`, shared by the club's hosts):
    keep the person there (`meet`: the key he logged in with; `name`: the one he chose), so
    that every host knows him, and say the name he chose on any host. None without one, or
    while it cannot be reached (his own folder's name still counts)."""
    account = config.account
    who = player_id(config, environ)
    if not account.database or who is None:
        return None
    from .store.index import ClubIndexError, open_club

    try:
        with open_club(account) as index:
            if meet or name is not None:
                index.meet(who, _login_key(environ.get(USER_AUTH)), name)
            found = index.person(who)
    except ClubIndexError:
        return None
    if found is None or found[1] is None:
        return None
    try:
        return player_name(found[1])
    except SetupError:
        return None


def _key_comment(keys: Path, key: str) -> str | None:
    """The comment after `key` on its line of an authorized_keys file, as a name."""
    try:
        with open(keys, encoding="utf-8", errors="replace") as handle:
            lines = handle.read(1024 * 1024).splitlines()
    except OSError:
        return None
    kind, _, blob = key.partition(" ")
    for line in lines:
        words = line.split()
        for at in range(len(words) - 1):
            if words[at] == kind and words[at + 1] == blob:
                comment = " ".join(" ".join(words[at + 2 :]).split("@")[0].split())
                try:
                    return player_name(comment[:MAX_NAME])
                except SetupError:
                    return None
    return None


def _login_key(auth_file: str | None) -> str | None:
    """`publickey ssh-ed25519 AAAA…` from the file sshd names in SSH_USER_AUTH."""
    if not auth_file or not Path(auth_file).is_absolute():
        return None
    try:
        with open(auth_file, encoding="utf-8", errors="replace") as handle:
            text = handle.read(65536)
    except OSError:
        return None
    for line in text.splitlines():
        parts = line.split()
        if len(parts) >= 3 and parts[0] == "publickey":
            return f"{parts[1]} {parts[2]}"
    return None


# How a host lets the game tell its players apart (docs/ssh-hosting.md, "Telling players apart").
IDENTITY_HOW_TEXT: Final = msg(
    "ssh_identity_how",
    "add `ExposeAuthInfo yes` to the account's Match block in sshd_config, or start each "
    "key's line in authorized_keys with its own {command}",
)
_KEY_COMMAND: Final = (
    '`command="/opt/thousand/bin/thousand ssh-session --player NAME",restrict,pty`'
)


def identity_how(lang: str = "en") -> str:
    return tell(lang, IDENTITY_HOW_TEXT, command=_KEY_COMMAND)


IDENTITY_HOW: Final = identity_how()
IDENTITY_NOTE: Final = msg(
    "ssh_identity_none",
    "warning: this server cannot tell its players apart: shared tables are refused and every "
    "player's games are in one folder; its host should {how} (docs/ssh-hosting.md)",
)
IDENTITY_KEY: Final = msg("ssh_identity_key", "players are told apart by the key they log in with")
IDENTITY_PLAYER: Final = msg("ssh_identity_player", "players are told apart by the host's --player")


def identity_line(config: HostConfig, environ: Mapping[str, str], lang: str = "en") -> str:
    """What `help` says about telling players apart (`thousand ssh-check` reads it)."""
    if config.player is not None:
        return tell(lang, IDENTITY_PLAYER)
    if player_id(config, environ) is not None:
        return tell(lang, IDENTITY_KEY)
    return tell(lang, IDENTITY_NOTE, how=identity_how(lang))


def check_identity(
    config: HostConfig, request: Request, environ: Mapping[str, str], lang: str = "en"
) -> None:
    """A shared table keeps each seat for its person: without a way to tell people apart,
    anyone could sit in anyone's seat and see their hand, so `open` and `join` are refused."""
    shared = request.open or request.join is not None or request.lobby
    playing = request.tournament is not None and request.tournament[0] in ("play", "open")
    if playing and player_id(config, environ) is None:
        raise Refused(
            msg(
                "ssh_tournament_identity",
                "a tournament gives each player one try and this server cannot tell players "
                "apart: its host should {how} (docs/ssh-hosting.md)",
            ),
            how=identity_how(lang),
        )
    if request.daily and player_id(config, environ) is None:
        raise Refused(
            msg(
                "ssh_daily_identity",
                "the daily deal gives each player one try and this server cannot tell "
                "players apart: its host should {how} (docs/ssh-hosting.md)",
            ),
            how=identity_how(lang),
        )
    if shared and player_id(config, environ) is None:
        raise Refused(
            msg(
                "ssh_shared_identity",
                "shared tables need to tell players apart and this server cannot: its host "
                "should {how} (docs/ssh-hosting.md)",
            ),
            how=identity_how(lang),
        )


def plan(config: HostConfig, request: Request, environ: Mapping[str, str]) -> Session:
    """The `thousand` arguments that start the table for this request, and where the
    player's games are kept."""
    who = player_id(config, environ)
    base = config.account.data_dir
    name = person_name(config, environ)
    if request.open or request.join is not None:
        return Session(shared_argv(config, request, who, name), base)
    plain = ["--plain"] if request.plain else []
    if request.watch is not None:  # the account's tables, at no seat: no hand to keep
        return Session(["watch", request.watch, *plain, *_seat_flags(request, who, name)], base)
    if request.lobby:
        return Session(lobby_argv(config, request, who, name) + plain, base)
    if request.view is not None:  # one of his own saved games, by its number in his list
        lang = ["--lang", request.lang] if request.lang is not None else []
        argv = ["view", str(request.view)] if request.view else ["games"]
        return Session([*argv, *lang], base / "players" / who if who else base)
    if request.ratings:  # the host's leaderboard, from the club index of the host's folder
        lang = ["--lang", request.lang] if request.lang is not None else []
        return Session(["ratings", *lang], base)
    if request.tournament is not None:  # the host's, as the daily's: the player's try his own
        action, title, flags = request.tournament
        argv = ["tournaments", action, *([title] if title else [])]
        given = list(flags)
        if "--preset" in given:  # a preset of the whitelist, as its entry names it
            at = given.index("--preset") + 1
            given[at] = config.presets[given[at]]
        argv += [f"{flag}={value}" for flag, value in zip(given[::2], given[1::2], strict=True)]
        if request.lang is not None:
            argv += ["--lang", request.lang]
        if name is not None and action == "play":
            argv.append(f"--name={name}")
        if action == "play":
            argv += plain
        return Session(argv, base / "players" / who if who is not None else base)
    if request.review:  # the review of his deals of the day, beside the host's references
        argv = ["view", "--daily", "--preset", config.presets[request.preset or config.default]]
        if request.lang is not None:
            argv += ["--lang", request.lang]
        return Session(argv, base / "players" / who if who is not None else base)
    if request.daily:  # the day's deals are the host's (club folder); the player's is his own
        argv = ["daily", "--preset", config.presets[request.preset or config.default]]
        if request.board:
            argv.append("--board")
        if request.lang is not None:
            argv += ["--lang", request.lang]
        if name is not None:
            argv.append(f"--name={name}")
        return Session(argv + plain, base / "players" / who if who is not None else base)
    argv = ["play", "--plain"] if request.plain else ["play"]
    if name is not None and not request.resume:  # a game resumed has its own names
        argv.append(f"--name={name}")  # one word: a name may begin with "-"
    if request.resume:
        argv.append("--resume")
    elif request.preset is None:
        # No preset asked for: the start screen, offering the whitelist only.
        argv += ["--offer", _offered(config)]
        if config.ai is not None:
            argv += ["--offer-ai", config.ai]
    else:
        argv += ["--preset", config.presets[request.preset or config.default]]
        if config.ai is not None:
            argv += ["--ai", config.ai]
    if request.lang is not None:
        argv += ["--lang", request.lang]
    data = base / "players" / who if who is not None else base
    return Session(argv, data)


def shared_argv(
    config: HostConfig, request: Request, who: str | None, name: str | None = None
) -> list[str]:
    """`thousand open PRESET` or `thousand join CODE` for a shared table (docs/tables.md): in
    the account's own data directory, where its table service lives; the player is known at
    the table by the key they logged in with (or the host's `--player`)."""
    if request.join is not None:
        argv = ["join", request.join]
    else:
        argv = ["open", config.presets[request.preset or config.default]]
        if config.ai is not None:
            argv += ["--ai", config.ai.split(",")[0].strip()]
        if request.private:
            argv.append("--private")
    if request.plain:
        argv.append("--plain")
    return argv + _seat_flags(request, who, name)


def lobby_argv(
    config: HostConfig, request: Request, who: str | None, name: str | None = None
) -> list[str]:
    """`thousand lobby` in the account's own data directory, where its table service holds
    every table of the host: the whitelist to open or quick match, the host's AI level."""
    argv = ["lobby", "--offer", _offered(config)]
    if config.ai is not None:
        argv += ["--ai", config.ai.split(",")[0].strip()]
    return argv + _seat_flags(request, who, name)


def _seat_flags(request: Request, who: str | None, name: str | None) -> list[str]:
    """What a session at the account's tables goes by: the player's language, his name (one
    word: a name may begin with "-") and the id the host knows him by."""
    flags = ["--lang", request.lang] if request.lang is not None else []
    if name is not None:
        flags.append(f"--name={name}")
    if who is not None:
        flags += ["--who", who]
    return flags


def _offered(config: HostConfig) -> str:
    """The whitelist as `--offer` takes it, the host's default first (NAME or NAME=FILE)."""
    return ",".join(
        entry if target == entry else f"{entry}={target}"
        for entry, target in _whitelist_default_first(config)
    )


def _whitelist_default_first(config: HostConfig) -> list[tuple[str, str]]:
    """The whitelist, the host's default first (what the start screen shows first)."""
    entries = list(config.presets.items())
    return sorted(entries, key=lambda entry: entry[0] != config.default)


RELAY_WORD: Final = "relay"
RELAY_REFUSED: Final = msg(
    "ssh_relay_hosts_only",
    "relay is for the club's other hosts only (their keys in this host's relay.keys)",
)


def relay_session(account: Host, environ: Mapping[str, str], lang: str = "en") -> int:
    """`relay`: another host of the club reaches this host's table service, for a player of
    its own who sits at a table played here (tables/relay.py); only a key listed in the data
    folder's `relay.keys` may, and the people it seats are those of the host that key is
    listed for (its `node=`)."""
    from .tables.relay import relaying, serve

    found = relaying(account.data_dir, _login_key(environ.get(USER_AUTH)))
    if found is None:
        return refuse(tell(lang, RELAY_REFUSED), lang)
    return serve(account, relaying=found)


def run_ssh_session(
    options: SessionFlags, account: Host, environ: Mapping[str, str], launch: Launch
) -> int:
    """`thousand ssh-session`: check the request and start the table with `launch` (the
    `thousand` command's own entry point, given by it), or refuse. `account`: what the
    login's entry point runs as, and where (the account's data folder); `environ`: the
    environment sshd gave the login (the player's words, the key he logged in with). The
    table is told what it runs as by the `Host` it is launched with; nothing is written in
    the environment."""
    env = environ
    lang = request_language(env.get(ORIGINAL_COMMAND), env)
    if (env.get(ORIGINAL_COMMAND) or "").strip() == RELAY_WORD:
        return relay_session(account, env, lang)
    try:
        config = host_config(options, account)
        request = parse_request(env.get(ORIGINAL_COMMAND), list(config.presets))
        check_identity(config, request, env, lang)
    except Refused as error:
        return refuse(error.in_language(lang), lang)
    user = env.get("USER") or "thousand"
    if request.help:
        print(usage(config, user, lang))
        print(identity_line(config, env, lang))
        name = person_name(config, env)
        if name is not None:
            print(tell(lang, NAME_SAYS_CHANGE, name=name, command="name NEW NAME"))
        for note in forwarding_notes(env, lang):
            print(note)
        return 0
    if request.name is not None:
        return name_player(config, request.name, env, options.dry_run, lang)
    folder = player_folder(config, env) or config.account.data_dir
    if request.plain_setting is not None:
        return plain_setting(folder, request.plain_setting, options.dry_run, lang)
    if request.plain and not options.dry_run:
        keep_plain_preference(folder, True)  # remembered, as `thousand --plain` is
    elif plain_preferred(folder):
        request = replace(request, plain=True)
    session = plan(config, request, env)
    if not options.dry_run:
        club_person(config, env, meet=True)
    if options.dry_run:
        print("would run: " + shlex.join([PROG, *session.argv]))
        print(f"games kept in: {session.data}")
        return 0
    # The line mode reads and writes lines: it needs no terminal.
    if not request.plain and not (sys.stdin.isatty() and sys.stdout.isatty()):
        terminal = msg("ssh_no_terminal", "the game needs a terminal: connect with ssh -t. {usage}")
        return refuse(tell(lang, terminal, usage=usage(config, user, lang)), lang)
    folder = account.data_dir
    private_dir(folder)
    for part in session.data.relative_to(folder).parts:  # players/, then the key's folder
        folder = private_dir(folder / part)
    give_way()  # the table, the service it may start and their AI workers inherit it
    return launch(session.argv, session_host(config, session, user, env))


def session_host(
    config: HostConfig, session: Session, user: str, environ: Mapping[str, str]
) -> Host:
    """What a player's session runs as: hosted, his games in his own folder, the club index
    the account's (every player's), and one search service for all the account's players in
    its data folder, unless the host named another (`THOUSAND_SEARCH_SERVICE`; `off`: each
    game its own workers)."""
    account = config.account
    named = environ.get(SEARCH_ENV)
    return replace(
        account,
        hosted=True,
        login=config.login(user),
        data=session.data,
        club=account.data_dir,
        search=account.search if named else account.data_dir / SEARCH_FOLDER,
        locale=Locale.of(environ),  # the player's terminal's, as his SSH client sent it
    )


NAME_SAYS: Final = msg("ssh_name_is", "you play here as {name}")
NAME_SAYS_CHANGE: Final = msg(
    "ssh_name_is_change", "you play here as {name} (`{command}` changes it)"
)


def name_player(
    config: HostConfig,
    name: str,
    environ: Mapping[str, str],
    dry_run: bool = False,
    lang: str = "en",
) -> int:
    """`name`: say the player's name; `name NEW NAME`: keep it in the player's own folder,
    for the shared tables and the games they start from now on."""
    folder = player_folder(config, environ)
    if folder is None:
        names = msg(
            "ssh_name_identity",
            "names need the server to tell players apart and it cannot: its host should {how} "
            "(docs/ssh-hosting.md)",
        )
        return refuse(tell(lang, names, how=identity_how(lang)), lang)
    if not name:
        known = person_name(config, environ)
        nameless = msg("ssh_no_name", "you have no name here yet: {command}")
        print(
            tell(lang, NAME_SAYS, name=known)
            if known
            else tell(lang, nameless, command="name NEW NAME")
        )
        return 0
    if dry_run:
        print(f"would keep the name {name} in {folder}")
        return 0
    keep_player_name(folder, name)
    club_person(config, environ, name=player_name(name))
    named = msg(
        "ssh_name_kept", "you play here as {name} from now on, at shared tables and in new games"
    )
    print(tell(lang, named, name=name))
    return 0


def plain_setting(folder: Path, plain: bool, dry_run: bool = False, lang: str = "en") -> int:
    """`plain on`: the line mode whenever the player connects (`ssh HOST`, `ssh HOST lobby`,
    ...); `plain off`: the full table again. Kept in the player's own folder."""
    if dry_run:
        print(f"would keep plain {'on' if plain else 'off'} in {folder}")
        return 0
    keep_plain_preference(folder, plain)
    said = (
        msg(
            "ssh_plain_on",
            "the line mode is your setting from now on: ssh without words plays by lines, and "
            "so do lobby, watch, daily and tournaments play (plain off: the full table)",
        )
        if plain
        else msg(
            "ssh_plain_off",
            "the full table is your setting from now on; plain before your words plays by "
            "lines once, plain on always",
        )
    )
    print(tell(lang, said))
    return 0


REFUSED: Final = msg("ssh_refused", "refused: {why}")


def refuse(message: str, lang: str = "en") -> int:
    print(f"{PROG}: {tell(lang, REFUSED, why=message)}", file=sys.stderr)
    return EXIT_REFUSED
