"""The `thousand` command: play (default), simulate, replay, presets, games, and hosting.

Each command imports what it needs when it runs, so starting the table loads neither the
replay checks nor the hosting code (nor the AI, which the table loads at its first move).
"""

from __future__ import annotations

import argparse
import contextlib
import os
import re
import sys
from collections.abc import Sequence
from dataclasses import fields
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

from .allocator import one_arena
from .options import CheckFlags, SessionFlags, TableFlags
from .plaintext import shown
from .priority import LOCAL, Host
from .translations import LANGS, Spoken, counted, msg, nmsg, say, tell

if TYPE_CHECKING:
    from .settings import JoinSetup, LobbySetup, OpenSetup, TableSetup
    from .store.database import DatabaseError

PROG = "thousand"
COMMANDS = (
    "play",
    "open",
    "join",
    "watch",
    "lobby",
    "simulate",
    "replay",
    "analyze",
    "stats",
    "ratings",
    "daily",
    "tournaments",
    "club",
    "presets",
    "games",
    "view",
    "ssh-session",
    "ssh-check",
    "serve",
)
PRIVATE_NOTICE = msg("cli_made_private", "Made {path} private (it was readable by other users).")


class CliError(Spoken):
    """A bad flag or input: printed as one line in the player's language, exit status 2."""


class Parser(argparse.ArgumentParser):
    """A parser whose every complaint is one line, saying what is wrong and where the flags
    are listed, with exit status 2 (argparse's own prints its whole usage first)."""

    lang = "en"  # the language of the command line being parsed (`main` sets it)

    def error(self, message: str) -> NoReturn:
        lang = self.lang
        said = tell(
            lang,
            msg("cli_bad_flag", "{problem}; `{command}` lists the flags"),
            problem=one_line(message, lang),
            command=f"{self.prog} --help",
        )
        self.exit(2, f"{self.prog}: {said}\n")


def one_line(message: str, lang: str = "en") -> str:
    """argparse's complaint in the words of the game's other messages (argparse's own words
    stay English)."""
    text = " ".join(message.split())
    if text.startswith("unrecognized arguments: "):
        return tell(
            lang,
            msg("cli_unknown_flag", "unknown flag or argument: {given}"),
            given=text.removeprefix("unrecognized arguments: "),
        )
    return text.removeprefix("argument ")


def argv_lang(args: Sequence[str]) -> str:
    """The language of the command line's messages before its flags are parsed: a valid
    `--lang X` among `args`, else the locale's."""
    for number, arg in enumerate(args):
        value = arg.removeprefix("--lang=") if arg.startswith("--lang=") else None
        if arg == "--lang" and number + 1 < len(args):
            value = args[number + 1]
        if value in LANGS:
            return value
    return locale_lang()


def locale_lang() -> str:
    """The locale's language, before the host is decided (the parser's messages)."""
    from .settings import language_from_locale

    return language_from_locale(os.environ)


def options_lang(options: argparse.Namespace) -> str:
    """The language a command speaks: its `--lang`, else the locale's (its host's, once
    `main` decided it)."""
    lang = getattr(options, "lang", None)
    if lang in LANGS:
        return str(lang)
    host = getattr(options, "runs_as", None)
    if isinstance(host, Host):
        from .settings import host_language

        return host_language(host)
    return locale_lang()


def main(argv: Sequence[str] | None = None, host: Host | None = None) -> int:
    """The `thousand` command. `host`: what it runs as and where its files are, when the
    caller decided it (a hosted login's session); else read from the environment, here."""
    one_arena()  # before any thread: a long game's size stays flat (allocator.py)
    args = list(sys.argv[1:] if argv is None else argv)
    plain_commands = ("open", "join", "watch", "lobby", "daily", "tournaments")
    if len(args) > 1 and args[0] in ("--plain", "--no-plain") and args[1] in plain_commands:
        args = [args[1], args[0], *args[2:]]  # `thousand --plain join CODE`
    if not args or (args[0] not in COMMANDS and args[0] not in ("-h", "--help")):
        args = ["play", *args]
    Parser.lang = argv_lang(args)
    parser = build_parser(args[0] if args[0] in COMMANDS else None)
    options, extra = parser.parse_known_args(args)
    if extra:  # said by the command's own parser, which names its own --help
        command_parser(parser, options.command).error(f"unrecognized arguments: {' '.join(extra)}")
    lang = options_lang(options)
    # What this program runs as and where its files are, read once here and passed down from
    # here on: the options carry it (`runs_as`), and the AI's workers and search follow it.
    host = options.runs_as = Host.of() if host is None else host
    keep_private(host, options.command == "ssh-session" or host.hosted, lang)
    if host.database and options.command != "ssh-session":
        refused = check_database(host, lang)
        if refused is not None:
            print(f"{PROG}: {refused}", file=sys.stderr)
            return 2
    try:
        with contextlib.ExitStack() as hosting:
            if host.hosted or host.search is not None:
                from .ai.pool import running_as  # the AI's workers and search follow it

                hosting.enter_context(running_as(host))
            status = int(options.handler(options))
        sys.stdout.flush()  # here, so that a reader that stopped is met inside the try
        return status
    except BrokenPipeError:  # e.g. `thousand games | head -1`: the reader has what it wanted
        quiet_stdout()
        return 1
    except (CliError, ValueError, OSError) as error:  # RulesError, RecordError: ValueErrors
        # An OSError: a folder or file that cannot be made, read or written (a data folder on
        # a read-only disk), said in one line as any other error, never as a traceback.
        from .store.catalog import error_words

        print(f"{PROG}: {error_words(lang, error, host)}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130


DATABASE_DOWN = msg(
    "cli_database_down",
    "the club database cannot be reached ({error}); the game goes on and its record is kept: "
    "the ratings and boards catch up with it when the database is back",
)


NODE_REFUSED = msg(
    "cli_node_refused",
    "THOUSAND_NODE '{node}' cannot name this host in the club: use letters, digits, '.', '_' "
    "and '-' only, at most 63, beginning with a letter or a digit",
)
# A host's name in the club's ids (`local:NODE`, `name:NODE:NAME`) and its directory: no ':' in
# it, so that two hosts' ids can never be the same text.
NODE_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,62}")


def check_database(host: Host, lang: str) -> str | None:
    """The club's database server, opened once at start (its schema brought up to date):
    why it is refused (a driver missing, a wrong URL, login or schema, a host's name that
    cannot be one), in one line; one that cannot be reached is only said, and the program
    goes on (its records are files)."""
    from .store.index import ClubIndexDown, ClubIndexError, open_club
    from .tournament import claim_local

    if host.node is not None and not NODE_NAME.fullmatch(host.node):
        return tell(lang, NODE_REFUSED, node=shown(host.node))
    try:
        open_club(host).close()
        claim_local(host)  # this host's own player's results of before he was told apart
    except ClubIndexDown as error:
        if host.hosted:  # a hosted player is told no address of the host's
            from .store.catalog import CLUB_DOWN

            print(f"{PROG}: {tell(lang, CLUB_DOWN)}", file=sys.stderr)
        else:
            print(f"{PROG}: {tell(lang, DATABASE_DOWN, error=error)}", file=sys.stderr)
    except ClubIndexError as error:
        # A hosted player is told that the host's database is wrong, never its address; the
        # host's own command says what is wrong with it and how to fix it.
        return error.hosted(lang) if host.hosted else error.in_language(lang)
    return None


def index_refused(error: DatabaseError) -> CliError:
    """The club index's refusal (made by a newer version, a migration that fails) as a
    command's error, in the reader's language like every other."""
    if error.said is None:
        return CliError(str(error))
    return CliError(error.said.text, **error.said.values)


def said(text: str) -> None:
    """A notice of a command (the club index rebuilt, ...) on the standard error."""
    print(f"{PROG}: {text}", file=sys.stderr)


def quiet_stdout() -> None:
    """Point the standard output at the null device: what is still buffered for a reader
    that has gone is dropped, and the interpreter's last flush at exit says nothing."""
    with contextlib.suppress(OSError, ValueError):
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)


def command_parser(parser: argparse.ArgumentParser, command: str) -> argparse.ArgumentParser:
    """The parser of one command of `parser` (the whole one if there is none)."""
    for action in parser._subparsers._group_actions if parser._subparsers else []:
        if isinstance(action, argparse._SubParsersAction) and command in action.choices:
            found: argparse.ArgumentParser = action.choices[command]
            return found
    return parser


def keep_private(host: Host, hosted: bool, lang: str) -> None:
    """Nothing the program writes can be read by other users: the umask says so for what it
    makes, and the data folder, if other users can open it or anything in it, is made private
    again, with one line saying so: on the standard error in the player's language, or in
    English in the account's log when the program runs as a hosted login (the standard error
    is then the player's screen, and the log is the host's)."""

    from .private import log_to, private_umask, set_notice, tighten_tree
    from .store.catalog import LOG_NAME

    private_umask()
    folder = host.data_dir
    if hosted:
        set_notice(log_to(folder / LOG_NAME))
    else:
        set_notice(None, lambda where: tell(lang, PRIVATE_NOTICE, path=where))
    if folder.is_dir():
        with contextlib.suppress(OSError):
            tighten_tree(folder)


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The parser of every command; given the `command` being run, the options of the hosting
    commands are only added (and their modules imported) for that command."""
    parser = Parser(
        prog=PROG,
        description="Thousand (Тысяча), the card game, in the terminal.",
        epilog="Without a command, `thousand` plays: its flags (--preset, --players, --ai, "
        "--lang, --name, --resume, ...) are listed by `thousand play --help`.",
    )
    sub = parser.add_subparsers(dest="command")

    play = sub.add_parser("play", help="play a game at the table (the default)")
    add_table_options(play)
    play.set_defaults(handler=run_play)

    shared = sub.add_parser("open", help="open a table friends join from their own terminals")
    shared.add_argument("preset", nargs="?", help="shipped preset name or YAML file (classic)")
    shared.add_argument("--players", type=int, choices=(2, 3, 4), help="override the preset")
    shared.add_argument(
        "--people",
        metavar="SEATS",
        help="the seats for people, 1 (yours) to the number of players, e.g. 1,2 (all); "
        "the others are AI seats",
    )
    shared.add_argument(
        "--ai",
        dest="level",
        default="easy",
        metavar="LEVEL",
        help="level of the AI seats, and of the AI playing for someone away (easy)",
    )
    shared.add_argument(
        "--timeout",
        type=float,
        default=60.0,
        metavar="SECONDS",
        help="how long a seat waits for its player who went away before an AI plays it (60)",
    )
    shared.add_argument(
        "--clock",
        type=int,
        choices=(0, 30, 60),
        default=0,
        metavar="SECONDS",
        help="the time each person has for a move: 0 (no limit), 30 or 60; when it runs out "
        "an AI plays that move for him (0)",
    )
    shared.add_argument(
        "--watchers",
        choices=("none", "quiet", "read", "chat"),
        default="read",
        help="who may watch the table (thousand watch CODE): nobody, watchers who do not read "
        "the chat, who read it, or who write in it too, their lines marked (read)",
    )
    shared.add_argument(
        "--hints",
        action="store_true",
        help="let everyone at the table ask for a hint at his own decisions (h; off by default)",
    )
    shared.add_argument(
        "--private",
        action="store_true",
        help="keep the table out of the lobby: only its code brings anyone to it "
        "(public by default)",
    )
    shared.add_argument(
        "--fill",
        type=float,
        metavar="SECONDS",
        help="after this many seconds AI takes the seats still free and the deal starts "
        "(by default the table waits for you to press s)",
    )
    add_shared_options(shared)
    add_plain_option(shared)
    # What the table's own flags would give, not asked here: a table of the preset's AI.
    shared.set_defaults(handler=run_open, ai=None, seed=None, think=None, resume=None)

    join = sub.add_parser("join", help="sit at a friend's table with its code")
    join.add_argument("code", help="the table's code, e.g. K7QM2P")
    join.add_argument("--seat", type=int, choices=(1, 2, 3, 4), help="the free seat you want")
    add_shared_options(join, pace=False)
    add_plain_option(join)
    # The table is the one who opened it's: its preset and pace are his.
    join.set_defaults(
        handler=run_join, preset=None, players=None, ai=None, seed=None, think=None, resume=None
    )

    watch = sub.add_parser("watch", help="watch a table with its code, at no seat")
    watch.add_argument("code", help="the table's code, e.g. K7QM2P")
    add_shared_options(watch, pace=False)
    add_plain_option(watch)
    watch.set_defaults(
        handler=run_watch, preset=None, players=None, ai=None, seed=None, think=None,
        resume=None, seat=None,
    )  # fmt: skip

    lobby = sub.add_parser(
        "lobby", help="the tables waiting for players: sit at one, open one, or quick match"
    )
    lobby.add_argument(
        "--ai",
        dest="level",
        default="easy",
        metavar="LEVEL",
        help="level of the AI at the tables you open (easy)",
    )
    lobby.add_argument(
        "--fill",
        type=float,
        default=60.0,
        metavar="SECONDS",
        help="how long a table you open or quick match waits for people before AI takes the "
        "seats still free (60)",
    )
    add_shared_options(lobby)
    add_plain_option(lobby)
    # The presets offered: the shipped ones, or a host's whitelist (`thousand ssh-session`).
    lobby.add_argument("--offer", metavar="NAME[=FILE],...", help=argparse.SUPPRESS)
    lobby.set_defaults(
        handler=run_lobby, preset=None, players=None, ai=None, seed=None, think=None, resume=None
    )

    daily = sub.add_parser(
        "daily",
        help="the day's deals, the same for everyone of the club, scored against hard AI",
    )
    daily.add_argument("--preset", metavar="NAME", help="the preset of the deals (classic)")
    daily.add_argument(
        "--board", action="store_true", help="print the day's board instead of playing"
    )
    daily.add_argument("--lang", choices=LANGS, help="language (default: from the locale)")
    daily.add_argument("--name", help="your name at the table")
    daily.add_argument("--ascii", action="store_true", help="plain ASCII: letters for suits")
    daily.add_argument(
        "--pace",
        type=float,
        metavar="SECONDS",
        help="how long each opponent's move stays on screen before the next (0.8; 0 = instant)",
    )
    add_plain_option(daily)
    daily.set_defaults(handler=run_daily)

    tours = sub.add_parser(
        "tournaments",
        help="tournaments on the same deals: list them, open, play, show the standings, review",
    )
    tours.add_argument(
        "action",
        nargs="?",
        default="list",
        choices=("list", "open", "play", "show", "review", "allow", "forbid"),
        help="list (default); open, play, show or review NAME; allow or forbid players to open",
    )
    tours.add_argument("tournament", nargs="?", metavar="NAME", help="the tournament's name")
    tours.add_argument("--preset", metavar="NAME", help="with open: the preset (classic)")
    tours.add_argument("--deals", type=int, default=12, help="with open: how many deals (12)")
    tours.add_argument("--opens", default="now", help="with open: YYYY-MM-DD HH:MM UTC (now)")
    tours.add_argument("--closes", help="with open: YYYY-MM-DD HH:MM UTC, or +2h, +1d")
    tours.add_argument("--lang", choices=LANGS, help="language (default: from the locale)")
    tours.add_argument("--name", help="with play: your name at the table")
    tours.add_argument("--ascii", action="store_true", help="plain ASCII: letters for suits")
    tours.add_argument(
        "--pace", type=float, metavar="SECONDS", help="with play: each opponent's move's time"
    )
    add_plain_option(tours)
    tours.set_defaults(handler=run_tournaments)

    simulate = sub.add_parser("simulate", help="play whole games between AI players, headless")
    simulate.add_argument("--preset", default="classic", help="preset name or YAML file")
    simulate.add_argument("--players", type=int, choices=(2, 3, 4), help="override the preset")
    simulate.add_argument("--games", type=int, default=10, help="number of games (10)")
    simulate.add_argument("--seed", type=int, default=1, help="seed of the first game (1)")
    simulate.add_argument(
        "--ai", default="easy", help="levels, one per seat or one for all: easy,normal,hard"
    )
    simulate.add_argument("--record", type=Path, help="write every game to this record file")
    simulate.add_argument(
        "--max-deals", type=int, default=1000, help="stop a game unfinished after this many deals"
    )
    simulate.add_argument(
        "--think", type=float, metavar="SECONDS", help="hard's search time per card (0.25)"
    )
    simulate.add_argument(
        "--jobs", type=int, default=1, help="games played side by side in worker processes (1)"
    )
    simulate.add_argument("--lang", choices=LANGS, help="language (default: from the locale)")
    simulate.set_defaults(handler=run_simulate)

    replay = sub.add_parser("replay", help="re-run a game record and check every result")
    replay.add_argument("file", type=Path)
    replay.add_argument("--lang", choices=LANGS, help="language (default: from the locale)")
    replay.set_defaults(handler=run_replay)

    analyze = sub.add_parser(
        "analyze", help="what the searching player makes of a saved game's deals and decisions"
    )
    analyze.add_argument("file", type=Path)
    analyze.add_argument("--deal", type=int, metavar="N", help="only deal N (every deal)")
    analyze.add_argument(
        "--seat", type=int, metavar="S", help="whose decisions, 0.. (the human seat, else 0)"
    )
    analyze.add_argument("--game", type=int, default=1, metavar="G", help="game G of the file (1)")
    analyze.add_argument("--json", action="store_true", help="JSON for tools instead of text")
    analyze.add_argument("--lang", choices=LANGS, help="language (default: from the locale)")
    analyze.add_argument(
        "--jobs", type=int, default=2, help="deals analysed side by side in processes (2)"
    )
    analyze.set_defaults(handler=run_analyze)

    stats = sub.add_parser("stats", help="your statistics, from the saved games")
    stats.add_argument(
        "--dir", type=Path, metavar="DIR", help="the folder of the records (the saved games)"
    )
    stats.add_argument(
        "--analyze",
        action="store_true",
        help="analyse the deals not analysed yet first, for the points lost per deal (slow)",
    )
    stats.add_argument("--json", action="store_true", help="JSON for tools instead of text")
    stats.add_argument("--lang", choices=LANGS, help="language (default: from the locale)")
    stats.add_argument("--ascii", action="store_true", help="letters and # instead of symbols")
    stats.add_argument(
        "--jobs", type=int, default=2, help="deals analysed side by side in processes (2)"
    )
    stats.set_defaults(handler=run_stats)

    ratings = sub.add_parser(
        "ratings", help="the leaderboard: the rating of every player and AI level (Glicko-2)"
    )
    ratings.add_argument("--json", action="store_true", help="JSON for tools instead of text")
    ratings.add_argument("--lang", choices=LANGS, help="language (default: from the locale)")
    ratings.add_argument("--ascii", action="store_true", help="letters and +/- instead of symbols")
    ratings.set_defaults(handler=run_ratings)

    club = sub.add_parser("club", help="the club index of the saved games (docs/club.md)")
    club_do = club.add_subparsers(dest="club_command", metavar="COMMAND", required=True)
    rebuild = club_do.add_parser("rebuild", help="make the index again from the game records")
    rebuild.set_defaults(handler=run_club)
    refresh = club_do.add_parser("refresh", help="read again only the records changed since")
    refresh.set_defaults(handler=run_club)

    presets = sub.add_parser("presets", help="list the shipped presets, or show one")
    presets.add_argument("name", nargs="?", help="a preset name or YAML file to show")
    presets.add_argument("--lang", choices=LANGS, help="language (default: from the locale)")
    presets.set_defaults(handler=run_presets)

    games = sub.add_parser("games", help="list the saved games, finished or not")
    games.add_argument(
        "--all-players",
        action="store_true",
        help="on a hosted account: every player's games (the folders under players/) too",
    )
    games.add_argument(
        "--delete",
        type=int,
        nargs="+",
        metavar="NUMBER",
        help="delete the games listed under these numbers",
    )
    games.add_argument(
        "--clean",
        action="store_true",
        help="delete the unfinished games without a decision of yours (tables opened and left)",
    )
    games.add_argument(
        "--text",
        "--plain",
        dest="text",
        action="store_true",
        help="print the list as text even in a terminal (as it is printed to a pipe or a file)",
    )
    games.add_argument("--lang", choices=LANGS, help="language (default: from the locale)")
    games.set_defaults(handler=run_games)

    view = sub.add_parser("view", help="step through a saved game, decision by decision")
    view.add_argument(
        "file", nargs="?", help="a game record, or a game's number in `thousand games`"
    )
    view.add_argument("--game", type=int, default=1, metavar="G", help="game G of the file (1)")
    view.add_argument("--lang", choices=LANGS, help="language (default: from the locale)")
    view.add_argument("--ascii", action="store_true", help="letters and # instead of symbols")
    view.add_argument(
        "--daily",
        action="store_true",
        help="the duplicate review of the daily deals you played: yours, hard's, the best's",
    )
    view.add_argument("--preset", help="with --daily: the daily of this preset (classic)")
    view.add_argument("--date", metavar="YYYY-MM-DD", help="with --daily: that day's (today)")
    view.set_defaults(handler=run_view)

    ssh_session = sub.add_parser(
        "ssh-session", help="the login of a hosted SSH account (ForceCommand; docs/ssh-hosting.md)"
    )
    if command in (None, "ssh-session"):
        from .ssh import add_ssh_session_options

        add_ssh_session_options(ssh_session)
    ssh_session.set_defaults(handler=run_hosted_session)

    ssh_check = sub.add_parser(
        "ssh-check",
        help="check a hosted account from a player's side: everything but the game is refused",
    )
    if command in (None, "ssh-check"):
        from .ssh_check import add_ssh_check_options

        add_ssh_check_options(ssh_check)
    ssh_check.set_defaults(handler=run_ssh_check)

    serve = sub.add_parser(
        "serve",
        help="the table in web browsers, each its own game (needs the web extra; docs/web.md)",
    )
    add_serve_options(serve)
    serve.set_defaults(handler=run_serve)
    return parser


# The flags of one game that `thousand serve` leaves to each browser's player (start screen).
SERVE_REFUSES = ("players", "seed", "name", "resume", "offer", "offer_ai")


def add_serve_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on (127.0.0.1)")
    parser.add_argument("--port", type=int, default=8000, help="port to listen on (8000)")
    parser.add_argument(
        "--public-url",
        metavar="URL",
        help="the address players open, behind a reverse proxy: https://cards.example.org",
    )
    parser.add_argument(
        "--max-games", type=int, default=16, metavar="N", help="games at once on the host (16)"
    )
    parser.add_argument(
        "--per-player", type=int, default=2, metavar="N", help="games at once per browser (2)"
    )
    add_table_options(parser)
    for action in parser._actions:  # each player chooses these on the start screen
        if action.dest in SERVE_REFUSES:
            action.help = argparse.SUPPRESS
        elif action.dest == "preset":
            action.metavar = "NAME[=FILE],..."
            action.help = "the presets the start screen offers (every shipped one)"
        elif action.dest == "ai":
            action.help = "the opponents' levels the start screen offers (as for play)"


def serve_argv(options: argparse.Namespace) -> list[str]:
    """The `thousand play` arguments of each browser's game: the start screen, offering the
    presets of `--preset` (comma-separated; all shipped ones without it), with the table's
    flags as given."""
    for flag in SERVE_REFUSES:
        if getattr(options, flag, None) not in (None, False):
            raise CliError(
                f"serve: --{flag.replace('_', '-')} is chosen by each player on the start "
                "screen; leave it out"
            )
    argv = ["play"]
    if options.preset is not None:
        argv += ["--offer", options.preset]
    if options.ai is not None:
        argv += ["--offer-ai", options.ai]
    if options.lang is not None:
        argv += ["--lang", options.lang]
    for flag in ("pace", "think", "suit_order"):
        value = getattr(options, flag)
        if value is not None:
            argv += [f"--{flag.replace('_', '-')}", str(value)]
    flags = ("ascii", "reduced_motion", "auto_play", "auto_next", "no_hints", "take_back")
    for flag in (*flags, "no_auto_analysis"):
        if getattr(options, flag):
            argv.append(f"--{flag.replace('_', '-')}")
    return argv


def run_serve(options: argparse.Namespace) -> int:
    """`thousand serve`: every flag checked as the game would, then the web server runs."""
    from .web import WebConfig, check_installed, serve

    missing = check_installed()
    if missing is not None:
        print(f"{PROG}: {missing}", file=sys.stderr)
        return 2
    if not 1 <= options.port <= 65535:
        raise CliError(f"serve: --port {options.port} is not a port (1 to 65535)")
    if options.max_games < 1 or options.per_player < 1:
        raise CliError("serve: --max-games and --per-player take 1 or more")
    public = options.public_url
    if public is not None and not public.startswith(("http://", "https://")):
        raise CliError(f"serve: --public-url {public} must begin with https:// (or http://)")
    if options.take_back:  # each browser's game is a club's: rated for everyone
        raise CliError(
            msg(
                "cli_serve_take_back",
                "serve: no take-back on a club's server, whose games are rated; leave out "
                "--take-back",
            )
        )
    argv = serve_argv(options)
    from .tui import table_setup

    flags = table_flags(build_parser("play").parse_args(argv))
    table_setup(flags)  # a bad preset or level, said now
    config = WebConfig(
        argv,
        host=options.host,
        port=options.port,
        public_url=public.rstrip("/") if public else None,
        max_games=options.max_games,
        per_player=options.per_player,
    )
    return serve(config, runs_as(options).data_dir)


def add_table_options(parser: argparse.ArgumentParser) -> None:
    """The flags of the table (`thousand`, `thousand play`); checked by `tui.run`."""
    parser.add_argument(
        "--preset", metavar="NAME|FILE", help="shipped preset name or YAML file (classic)"
    )
    parser.add_argument("--players", type=int, choices=(2, 3, 4), help="override the preset")
    parser.add_argument(
        "--ai",
        metavar="LEVELS",
        help="AI level of the opponents, one for all or one per opponent: easy,easy (easy)",
    )
    parser.add_argument("--seed", type=int, help="seed of the deal shuffles (random)")
    add_screen_options(parser)
    parser.add_argument(
        "--think",
        type=float,
        metavar="SECONDS",
        help="how long a hard opponent searches each card (0.25)",
    )
    parser.add_argument(
        "--no-hints",
        action="store_true",
        help="turn off the hint key (what the strongest AI would do; on by default)",
    )
    parser.add_argument(
        "--no-auto-analysis",
        action="store_true",
        help="analyse a finished deal only when you ask (a), not each one by itself in the "
        "background (on by default, but where hosted; it never delays a move)",
    )
    parser.add_argument(
        "--take-back",
        action="store_true",
        help="let u take back your last card in a game against the AI (marked in the record; "
        "the game is then not rated; off by default)",
    )
    parser.add_argument(
        "--resume",
        nargs="?",
        const="latest",
        metavar="FILE",
        help="continue the latest unfinished game, or the one in FILE",
    )
    parser.add_argument(
        "--plain",
        action=argparse.BooleanOptionalAction,
        help="line mode for screen readers and braille displays: one line per event, cards in "
        "words, typed commands (remembered until --no-plain; docs/accessibility.md)",
    )
    # The start screen of a hosted account: the host's whitelist (`thousand ssh-session`).
    parser.add_argument("--offer", metavar="NAME[=FILE],...", help=argparse.SUPPRESS)
    parser.add_argument("--offer-ai", metavar="LEVELS", help=argparse.SUPPRESS)


def add_screen_options(parser: argparse.ArgumentParser, pace: bool = True) -> None:
    """The flags of the player at a table, local or shared: name, language, look, pace."""
    parser.add_argument("--name", help="your name at the table (16 characters at most)")
    parser.add_argument("--lang", choices=LANGS, help="language (default: from the locale)")
    parser.add_argument(
        "--ascii", action="store_true", help="letters instead of suit symbols and box lines"
    )
    parser.add_argument("--reduced-motion", action="store_true", help="no animations")
    parser.add_argument(
        "--suit-order",
        metavar="ORDER",
        help="the suits of your hand from left to right, by their letters: SCDH (♠ ♣ ♦ ♥, the "
        "default), SDCH (black and red in turn), HDCS, HCDS or any other order",
    )
    parser.add_argument(
        "--auto-play",
        action="store_true",
        help="play your only legal card by itself (off by default)",
    )
    parser.add_argument(
        "--auto-next",
        action="store_true",
        help="go on to the next deal by itself, a few seconds after its result (off by default)",
    )
    if not pace:  # at a table joined, the one who opened it set the pace
        return
    parser.add_argument(
        "--pace",
        type=float,
        metavar="SECONDS",
        help="how long each opponent's move stays on screen before the next (0.8; 0 = instant)",
    )


def add_plain_option(parser: argparse.ArgumentParser) -> None:
    """`--plain` at a shared table opened, joined or watched, in the lobby, the daily deals
    and a tournament's: played by lines."""
    parser.add_argument(
        "--plain",
        action=argparse.BooleanOptionalAction,
        help="the line mode, for screen readers and braille displays: one line per event, "
        "typed commands, say TEXT to chat (as remembered by thousand --plain if not given)",
    )


def add_shared_options(parser: argparse.ArgumentParser, pace: bool = True) -> None:
    add_screen_options(parser, pace)
    # Set by `ssh-session`: the player's SSH key, which alone may take their seat back.
    parser.add_argument("--who", help=argparse.SUPPRESS)


def run_open(options: argparse.Namespace) -> int:
    setup = open_setup(options)  # every flag checked before the service is asked
    if plain_wanted(options):
        from .line import run_open as by_lines

        return by_lines(setup)
    from .tui.launch import run_open as run

    return run(setup)


def plain_wanted(options: argparse.Namespace) -> bool:
    """Whether a shared table is played by lines: `--plain`, or the line mode remembered."""
    from . import line

    plain = getattr(options, "plain", None)
    host = runs_as(options)
    if host.hosted:  # over SSH the hosting decided, from the player's own setting
        return bool(plain)
    if plain is not None:  # remembered, as `thousand --plain` and `--no-plain` are
        line.remember(plain, host)
    return bool(plain) or (plain is None and line.remembered(host))


def run_lobby(options: argparse.Namespace) -> int:
    setup = lobby_setup(options)
    if plain_wanted(options):
        from .line import run_lobby as by_lines

        return by_lines(setup)
    from .tui.launch import run_lobby as run

    return run(setup)


def lobby_setup(options: argparse.Namespace) -> LobbySetup:
    """The flags of `thousand lobby`, checked; raises SetupError."""
    from .presets import shipped_names
    from .settings import LobbySetup

    table = shared_table_setup(options)
    presets: dict[str, str] = {name: name for name in shipped_names()}
    if options.offer:
        presets = {}
        for entry in options.offer.split(","):
            name, _, target = entry.strip().partition("=")
            if name.strip():
                presets[name.strip()] = target.strip() or name.strip()
    fill = fill_seconds(options.fill)
    assert fill is not None
    timeout = 60.0
    return LobbySetup(table, presets, options.level, fill, timeout, options.who)


def shared_table_setup(options: argparse.Namespace) -> TableSetup:
    """The player's table (`setup_from_options`) for opening a shared one, by `thousand open`
    or in the lobby, with its AI's one level (`--ai`) checked; raises SetupError."""
    from .settings import LEVELS, SetupError, setup_from_options

    table = setup_from_options(table_flags(options))
    if options.level not in LEVELS:
        raise SetupError(
            msg("cli_ai_level", "--ai must be one of {levels}"), levels=", ".join(LEVELS)
        )
    return table


def fill_seconds(value: float | None) -> float | None:
    from .settings import SetupError
    from .tables.service import MAX_FILL

    if value is not None and not 0 <= value <= MAX_FILL:
        raise SetupError(
            msg(
                "cli_fill",
                "--fill must be from 0 to {most} seconds: how long the table waits for "
                "people before AI takes the free seats",
            ),
            most=f"{MAX_FILL:g}",
        )
    return value


def run_join(options: argparse.Namespace) -> int:
    setup = join_setup(options)
    if plain_wanted(options):
        from .line import run_join as by_lines

        return by_lines(setup)
    from .tui.launch import run_join as run

    return run(setup)


def run_watch(options: argparse.Namespace) -> int:
    setup = join_setup(options)
    if plain_wanted(options):
        from .line import run_watch as by_lines

        return by_lines(setup)
    from .tui.launch import run_watch as run

    return run(setup)


def open_setup(options: argparse.Namespace) -> OpenSetup:
    """The flags of `thousand open`, checked; raises SetupError."""
    from .settings import OpenSetup

    table = shared_table_setup(options)
    assert table.preset is not None
    people = people_seats(options.people, table.preset.rules.players)
    timeout = timeout_seconds(options.timeout, "--timeout")
    fill = fill_seconds(options.fill)
    return OpenSetup(
        table,
        people,
        options.level,
        timeout,
        bool(options.hints),
        options.who,
        bool(options.private),
        fill,
        float(options.clock),
        options.watchers,
    )


def join_setup(options: argparse.Namespace) -> JoinSetup:
    """The flags of `thousand join`, checked; raises SetupError."""
    from .settings import JoinSetup, SetupError, setup_from_options
    from .tables.service import normalize_code

    table = setup_from_options(table_flags(options))
    if normalize_code(options.code) is None:
        raise SetupError(
            msg(
                "cli_table_code",
                "{code} is not a table code: six letters and digits, "
                "as the one who opened the table got it (e.g. K7QM2P)",
            ),
            code=ascii(options.code)[:30],
        )
    seat = options.seat - 1 if options.seat is not None else None
    return JoinSetup(table, options.code, seat, options.who)


def people_seats(text: str | None, players: int) -> list[int] | None:
    """`--people 1,2`: the seats (from 1, yours) for people; the others are AI seats."""
    from .settings import SetupError

    if text is None:
        return None
    try:
        seats = sorted({int(part) - 1 for part in text.split(",") if part.strip()})
    except ValueError:
        seats = []
    if not seats or seats[0] != 0 or seats[-1] >= players:
        raise SetupError(
            msg(
                "cli_people",
                "--people lists the seats for people, 1 (yours) to {players}, e.g. --people 1,2",
            ),
            players=players,
        )
    return seats


def timeout_seconds(value: float, flag: str) -> float:
    from .settings import SetupError
    from .tables.service import MAX_TIMEOUT

    if not 0 <= value <= MAX_TIMEOUT:
        raise SetupError(
            msg("cli_seconds", "{flag} must be from 0 to {most} seconds"),
            flag=flag,
            most=f"{MAX_TIMEOUT:g}",
        )
    return value


def run_hosted_session(options: argparse.Namespace) -> int:
    """`thousand ssh-session`: a request that passes starts `thousand play` in this process,
    as the player's session (`main`, given the session's `Host`)."""
    from .ssh import run_ssh_session

    return run_ssh_session(session_flags(options), runs_as(options), os.environ, main)


def session_flags(options: argparse.Namespace) -> SessionFlags:
    """The host's settings of `thousand ssh-session`, typed: read from argparse here only."""
    return SessionFlags(
        presets=options.presets,
        default=options.default,
        ai=options.ai,
        player=options.player,
        server=options.host,
        authorized_keys=options.authorized_keys,
        dry_run=bool(options.dry_run),
    )


def run_ssh_check(options: argparse.Namespace) -> int:
    from .ssh_check import run_ssh_check as check

    return check(check_flags(options))


def check_flags(options: argparse.Namespace) -> CheckFlags:
    """The flags of `thousand ssh-check`, typed: read from argparse here only."""
    return CheckFlags(
        destination=options.destination,
        port=options.port,
        identity=options.identity,
        config=options.config,
        options=tuple(options.option),
    )


def run_view(options: argparse.Namespace) -> int:
    """`thousand view`: a saved game stepped through (tui/view_commands.py)."""
    from .tui.view_commands import run_review
    from .tui.view_commands import run_view as view

    host = options.runs_as if isinstance(options.runs_as, Host) else LOCAL
    if options.daily:
        return run_review(options.preset, options.date, options.lang, options.ascii, host)
    if options.file is None:
        raise CliError(
            msg("cli_view_what", "{command} needs a game record or a game's number"),
            command=f"{PROG} view",
        )
    return view(options.file, options.game, options.lang, options.ascii, host)


def run_games(options: argparse.Namespace) -> int:
    """`thousand games`: list the saved games; `--all-players`, those of every player of a
    hosted account too."""
    from .store.catalog import (
        delete_games,
        delete_untouched,
        format_all_players,
        format_games,
        games_dir,
        list_games,
        other_players_note,
        terminal_width,
        typed,
        untouched_count,
    )

    lang = options_lang(options)
    host = runs_as(options)
    if options.all_players:
        print(format_all_players(host.data_dir, lang, terminal_width()))
        return 0
    folder = games_dir(host.data_dir)
    if options.delete or options.clean:
        done = delete_games(options.delete or [], folder, lang) if options.delete else []
        done += delete_untouched(folder, lang) if options.clean else []
        print(
            "\n".join(done) if done else tell(lang, msg("cli_nothing_deleted", "nothing to delete"))
        )
        return 0
    saves = list_games(folder)
    if saves and games_on_screen(options, host, lang):
        from .tui.view_commands import show_games

        return show_games(saves, folder, lang, host)
    print(format_games(saves, folder, lang, terminal_width(), host))
    if saves:
        print(
            tell(
                lang,
                msg("cli_games_view", "Step through one, decision by decision, with `{command}`."),
                command=typed("view NUMBER", host),
            )
        )
    hidden = untouched_count(folder)
    if hidden and not host.hosted:  # a hosted player deletes none of his files
        unfinished = nmsg("w_cli_unfinished", "unfinished game", "unfinished games")
        print(
            tell(
                lang,
                msg(
                    "cli_games_hidden",
                    "{games} without a decision of yours not listed; `{command}` deletes them.",
                ),
                games=counted(lang, unfinished, hidden),
                command=f"{PROG} games --clean",
            )
        )
    note = other_players_note(lang, host.data_dir)
    if note:
        print(note)
    return 0


def games_on_screen(options: argparse.Namespace, host: Host, lang: str) -> bool:
    """Whether `thousand games` shows its list on a screen to choose from: in a terminal (both
    ends), not asked for text (`--text`, `--plain`, or the line mode remembered), not in a
    browser. Piped or redirected, the list is printed as text, as scripts read it."""
    from . import line
    from .tui import check_terminal

    if options.text or host.browser or (not host.hosted and line.remembered(host)):
        return False
    return check_terminal(lang=lang, host=host) is None


def table_flags(options: argparse.Namespace) -> TableFlags:
    """The table's flags among `options` (those its command has; the others as not given),
    with what the program runs as (`main`): the one place that reads them from argparse."""
    given = {
        field.name: getattr(options, field.name)
        for field in fields(TableFlags)
        if field.name != "host" and hasattr(options, field.name)
    }
    return TableFlags(host=runs_as(options), **given)


def runs_as(options: argparse.Namespace) -> Host:
    """What the command runs as and where its files are (`main` decides it)."""
    host = getattr(options, "runs_as", None)
    return host if isinstance(host, Host) else LOCAL


def run_play(options: argparse.Namespace) -> int:
    """Open the table, or play by lines (`--plain`, or as last chosen); every flag is checked
    before the game begins (exit status 2)."""
    flags = table_flags(options)
    try:
        from . import line
        from .tui import run
    except ImportError as error:
        said = tell(
            options_lang(options),
            msg("cli_no_table", "the table cannot start ({error}); `{command}` works without it."),
            error=error,
            command=f"{PROG} simulate",
        )
        print(f"{PROG}: {said}")
        return 1
    if flags.plain or (flags.plain is None and line.remembered(flags.host)):
        return line.run(flags)
    if flags.plain is False:
        line.remember(False, flags.host)
    return run(flags, plain=line.play_chosen)


def run_simulate(options: argparse.Namespace) -> int:
    from .presets import load_preset
    from .progress import progress
    from .settings import parse_levels
    from .simulate import play_games
    from .store.records import RecordWriter

    if options.games < 1:
        raise CliError(msg("cli_at_least_one", "{flag} must be at least 1"), flag="--games")
    if options.jobs < 1:
        raise CliError(msg("cli_at_least_one", "{flag} must be at least 1"), flag="--jobs")
    if options.think is not None and not 0.05 <= options.think <= 10:
        raise CliError(
            msg("cli_think", "--think must be between 0.05 and 10 seconds, not {seconds}"),
            seconds=f"{options.think:g}",
        )
    preset = load_preset(options.preset, options.players)
    rules = preset.rules
    levels = list(parse_levels(options.ai, rules.players))
    writer = RecordWriter(options.record) if options.record else None
    n = rules.players
    wins = [0] * n
    totals = [0] * n
    deals = decisions = unfinished = 0
    seconds = 0.0
    seeds = range(options.seed, options.seed + options.games)
    games = play_games(
        rules, seeds, levels, preset.name, options.max_deals, options.think, options.jobs
    )
    try:
        with progress("games", options.games) as advance:
            for played in games:
                advance(1)
                if writer is not None:
                    for line in played.lines:
                        writer.write(line)
                stats = played.stats
                deals += stats.deals
                decisions += stats.decisions
                seconds += stats.seconds
                if stats.winner is not None:
                    wins[stats.winner] += 1
                else:
                    unfinished += 1
                for row in played.deltas:
                    for seat in range(n):
                        totals[seat] += row[seat]
    finally:
        if writer:
            writer.close()
    lang = options_lang(options)
    print(
        tell(
            lang,
            msg("cli_sim_what", "preset {preset}, {players} players, AI {levels}, seeds {seeds}"),
            preset=preset.name,
            players=n,
            levels=",".join(levels),
            seeds=f"{options.seed}..{options.seed + options.games - 1}",
        )
    )
    print(
        tell(
            lang,
            msg("cli_sim_games", "games {games} (unfinished {unfinished}), deals {deals}"),
            games=options.games,
            unfinished=unfinished,
            deals=deals,
        )
    )
    heads = [
        tell(lang, msg("cli_sim_seat", "seat")),
        tell(lang, msg("cli_sim_level", "level")),
        tell(lang, msg("cli_sim_wins", "wins")),
        tell(lang, msg("cli_sim_points", "points/deal")),
    ]
    widths = [max(len(heads[0]), 4), max(len(heads[1]), 8), max(len(heads[2]), 5)]
    widths.append(max(len(heads[3]), 11))
    print(f"{heads[0]:>{widths[0]}}  {heads[1]:<{widths[1]}} {heads[2]:>{widths[2]}}  {heads[3]}")
    from .tui.coach import one_decimal

    for seat in range(n):
        mean = one_decimal(totals[seat] / deals if deals else 0.0, lang)
        print(
            f"{seat:>{widths[0]}}  {levels[seat]:<{widths[1]}} {wins[seat]:>{widths[2]}}  "
            f"{mean:>{widths[3]}}"
        )
    rate = decisions / seconds if seconds else 0.0
    print(
        tell(
            lang,
            msg("cli_sim_rate", "decisions {decisions}, {rate} decisions/s (per process)"),
            decisions=decisions,
            rate=f"{rate:,.0f}".replace(",", tell(lang, msg("cli_thousands", ","))),
        )
    )
    if options.record:
        print(tell(lang, msg("cli_sim_record", "record written to {path}"), path=options.record))
    return 0


def run_replay(options: argparse.Namespace) -> int:
    from .engine.invariants import check_game
    from .engine.record import rebuild
    from .progress import progress
    from .store.records import read_record

    lang = options_lang(options)
    record = read_record(options.file)
    for warning in record.warnings:
        print(tell(lang, msg("cli_warning", "warning: {warning}"), warning=say(lang, warning)))
    deals = 0
    total = sum(1 for game in record.games for line in game.lines if line.get("type") == "deal")
    with progress("deals", total) as advance:
        for number, recorded in enumerate(record.games, start=1):
            game, mismatch = rebuild(recorded, on_deal=lambda: advance(1))
            if mismatch is not None:
                print(
                    tell(
                        lang,
                        msg("cli_replay_differs", "{file}: game {number} differs at {where}"),
                        file=options.file,
                        number=number,
                        where=mismatch,
                    )
                )
                return 1
            broken = check_game(game)
            if broken:
                print(
                    tell(
                        lang,
                        msg(
                            "cli_replay_broken",
                            "{file}: game {number} breaks a rule of the score sheet at {where}",
                        ),
                        file=options.file,
                        number=number,
                        where=broken[0],
                    )
                )
                return 1
            deals += len(game.results)
    count = len(record.games)
    print(
        tell(
            lang,
            msg(
                "cli_replay_done",
                "{file}: {games}, {deals}: every result agrees with the replay and keeps the "
                "rules of the score sheet",
            ),
            file=options.file,
            games=counted(lang, nmsg("w_cli_game", "game", "games"), count),
            deals=counted(lang, nmsg("w_cli_deal", "deal", "deals"), deals),
        )
    )
    return 0


def run_analyze(options: argparse.Namespace) -> int:
    """`thousand analyze`: each deal's open-card result and the decisions of one seat that
    cost points, by the search from that seat's view."""
    import json

    from .ai.analysis import analyze_game, deal_dict
    from .store.records import read_record
    from .tui.coach import Words
    from .tui.i18n import Translator

    if options.jobs < 1:
        raise CliError(msg("cli_at_least_one", "{flag} must be at least 1"), flag="--jobs")
    lang = options_lang(options)
    record = read_record(options.file)
    count = len(record.games)
    if not 1 <= options.game <= count:
        raise CliError(
            msg("cli_game_number", "--game must be between 1 and {count}: {file} has {count}"),
            count=count,
            file=options.file,
        )
    recorded = record.games[options.game - 1]
    players = [p for p in recorded.header.get("players") or [] if isinstance(p, dict)]
    seats = len(players) or recorded.header.get("rules", {}).get("players", 3)
    seat = options.seat
    if seat is None:
        seat = next((i for i, p in enumerate(players) if p.get("kind") == "human"), 0)
    if not 0 <= seat < seats:
        raise CliError(
            msg("cli_seat_number", "--seat must be a seat 0..{last}, not {seat}"),
            last=seats - 1,
            seat=seat,
        )
    numbers = [line.get("number") for line in recorded.lines if line.get("type") == "result"]
    if options.deal is not None and options.deal not in numbers:
        if numbers:
            raise CliError(
                msg("cli_deal_number", "--deal {deal}: no such finished deal (deals {have})"),
                deal=options.deal,
                have=f"{numbers[0]}..{numbers[-1]}",
            )
        raise CliError(
            msg("cli_deal_none", "--deal {deal}: no deal of this game is finished yet"),
            deal=options.deal,
        )
    deals = [options.deal] if options.deal is not None else None
    analyses = analyze_game(recorded, seat, deals, jobs=options.jobs)
    names = [str(p.get("name", f"Player {i + 1}")) for i, p in enumerate(players)]
    if options.json:
        out = {
            "file": str(options.file),
            "game": options.game,
            "seat": seat,
            "names": names,
            "deals": [deal_dict(a) for a in analyses],
        }
        print(json.dumps(out, ensure_ascii=False))
        return 0
    t = Translator(lang)
    # The record's names as a terminal may show them (a file's text: no escape of its own).
    # The player's own seat is "you" (the analysed one if it is a person's, else the first
    # person's); the others are named.
    humans = [i for i, p in enumerate(players) if p.get("kind") == "human"]
    you = seat if seat in humans else next(iter(humans), None)
    seat_names = [shown(n) for n in names] or [f"Player {i + 1}" for i in range(seats)]
    words = Words(t, seat_names, you=you)
    # The figures each deal says, added up: the total is their sum.
    lost = sum(sum(a.said_loss()) for a in analyses)
    print(
        tell(
            lang,
            msg("cli_analysis_of_you", "{file}: game {game}, your seat ({seat})")
            if seat == you
            else msg("cli_analysis_of", "{file}: game {game}, seat {seat} ({name})"),
            file=shown(str(options.file)),
            game=options.game,
            seat=seat,
            name=words.names[seat],
        )
    )
    if not analyses:
        print(tell(lang, msg("cli_analysis_none", "no finished deal to analyse yet")))
    for analysis in analyses:
        print()
        print("\n".join(words.deal(analysis)))
    if len(analyses) > 1:
        print()
        print(
            tell(
                lang,
                msg(
                    "cli_analysis_lost_you",
                    "{deals}: about {lost} points lost by your decisions, {mean} a deal",
                )
                if seat == you
                else msg(
                    "cli_analysis_lost",
                    "{deals}: about {lost} points lost by {name}'s decisions, {mean} a deal",
                ),
                deals=counted(lang, nmsg("w_cli_deal", "deal", "deals"), len(analyses)),
                lost=lost,
                name=words.names[seat],
                mean=t.decimal(f"{lost / len(analyses):.1f}"),
            )
        )
    return 0


def run_stats(options: argparse.Namespace) -> int:
    """`thousand stats`: the figures of the human seat over the saved games."""
    import json

    from .stats import cache_path, read_stats, stats_dict
    from .store.catalog import games_dir, record_files
    from .store.index import index_path, node_name
    from .store.records import read_record
    from .tui.coach import stats_lines
    from .tui.i18n import Translator

    if options.jobs < 1:
        raise CliError(msg("cli_at_least_one", "{flag} must be at least 1"), flag="--jobs")
    lang = options_lang(options)
    host = runs_as(options)
    folder = options.dir or games_dir(host.data_dir)
    if options.dir is not None and not folder.is_dir():
        raise CliError(msg("cli_no_dir", "--dir {folder}: no such folder"), folder=folder)
    paths = record_files(folder)
    cache = cache_path(host.data_dir)
    if options.analyze:
        analyze_missing(paths, cache, options.jobs, read_record)
    club = index_path(host.club_dir)
    stats = read_stats(folder, cache, said, club, host.database, node_name(host))
    if options.json:
        print(json.dumps(stats_dict(stats), ensure_ascii=False))
        return 0
    print("\n".join(stats_lines(stats, Translator(lang), options.ascii)))
    if stats.unreadable:
        files = nmsg("w_cli_file", "file", "files")
        print(
            tell(
                lang,
                msg("cli_unreadable", "({files} in {folder} could not be read as game records)"),
                files=counted(lang, files, stats.unreadable),
                folder=folder,
            )
        )
    return 0


def run_ratings(options: argparse.Namespace) -> int:
    """`thousand ratings`: the leaderboard, made again from every game of the club."""
    import json
    import sqlite3
    from datetime import UTC, datetime

    from .club import rate_club
    from .ratings import leaderboard_json
    from .store.index import ClubIndexDown, ClubIndexError, open_club
    from .tui.i18n import Translator
    from .tui.leaderboard import ratings_lines

    now = datetime.now(UTC)
    try:
        with open_club(runs_as(options), notice=said) as index:
            rows = rate_club(index, now).rows(now)
    except ClubIndexDown:
        raise  # said by `main` in the reader's language
    except ClubIndexError as error:
        raise index_refused(error) from error
    except sqlite3.Error as error:  # an OSError (the data folder's) is said by `main`
        raise CliError(
            msg(
                "cli_index_unwritable",
                "the club index cannot be written ({error}); check the data folder",
            ),
            error=error,
        ) from error
    if options.json:
        print(json.dumps(leaderboard_json(rows), ensure_ascii=False))
        return 0
    print("\n".join(ratings_lines(rows, Translator(options_lang(options)), options.ascii)))
    return 0


def run_daily(options: argparse.Namespace) -> int:
    """`thousand daily`: the day's deals against hard AI, or with `--board` the day's board;
    by lines with `--plain` (or the line mode remembered)."""
    if plain_wanted(options):
        from .line import run_daily as by_lines

        return by_lines(table_flags(options))
    try:
        from .tui.launch import run_daily as run
    except ImportError as error:
        said = tell(
            options_lang(options),
            msg("cli_no_daily", "the table cannot start ({error})"),
            error=error,
        )
        print(f"{PROG}: {said}")
        return 1
    return run(table_flags(options))


def run_tournaments(options: argparse.Namespace) -> int:
    """`thousand tournaments`: list, open, play, show, review; allow or forbid players to
    open them (the host)."""
    from datetime import UTC, datetime

    from .store.index import is_local, open_club, player_id
    from .tournament import TournamentError, allow_players, find, open_tournament
    from .translations import error_text
    from .tui.i18n import Translator
    from .tui.tournament_table import run_play, run_review
    from .tui.tournament_words import list_lines, show_lines, state_line

    lang = options_lang(options)
    t = Translator(lang)
    host = runs_as(options)
    action, name = options.action, options.tournament
    player = player_id(host)
    if action in ("list", "allow", "forbid"):
        if action != "list":
            if not is_local(player):
                raise CliError(
                    msg("cli_tour_host_only", "only the host allows players to open tournaments")
                )
            allow_players(action == "allow", host.club_dir, host.database)
            print(t("tour_allowed" if action == "allow" else "tour_forbidden"))
            return 0
        print("\n".join(list_lines(host.club_dir, t, datetime.now(UTC), host)))
        return 0
    if name is None:
        raise CliError(
            msg("cli_tour_name", "{command} needs the tournament's name"),
            command=f"{PROG} tournaments {action}",
        )
    try:
        if action == "open":
            if options.closes is None:
                raise CliError(
                    msg("cli_tour_closes", "{command} needs --closes, e.g. --closes +2d"),
                    command=f"{PROG} tournaments open",
                )
            spec = open_tournament(
                name,
                options.preset or "classic",
                options.deals,
                options.opens,
                options.closes,
                player,
                host.club_dir,
                database=host.database,
            )
            print(t("tour_opened", tournament=state_line(spec, t, datetime.now(UTC))))
            return 0
        if action == "play" and plain_wanted(options):
            from .line import run_tournament

            return run_tournament(name, table_flags(options))
        if action == "play":
            return run_play(name, table_flags(options))
        if action == "review":
            return run_review(name, options.lang, options.ascii, host)
        spec = find(name, host.club_dir, host.database)
        with open_club(host) as index:
            lines = show_lines(spec, index, t, player, options.ascii, host.club_dir, host)
            print("\n".join(lines))
        return 0
    except TournamentError as error:
        print(f"{PROG}: {error_text(lang, error)}", file=sys.stderr)
        return 2


def run_club(options: argparse.Namespace) -> int:
    """`thousand club rebuild` / `refresh`: the club index made again from the records, or
    brought up to date with those changed since."""
    import sqlite3

    from .store.index import ClubIndexDown, ClubIndexError, open_club

    try:
        with open_club(runs_as(options), notice=said) as index:
            done = index.rebuild() if options.club_command == "rebuild" else index.refresh()
            games, players = len(index.games()), len(index.players())
            where = index.where
    except ClubIndexDown:
        raise  # said by `main` in the reader's language
    except ClubIndexError as error:
        raise index_refused(error) from error
    except sqlite3.Error as error:  # an OSError (the data folder's) is said by `main`
        raise CliError(
            msg(
                "cli_index_unwritable",
                "the club index cannot be written ({error}); check the data folder",
            ),
            error=error,
        ) from error
    lang = options_lang(options)
    files = counted(lang, nmsg("w_cli_record_file", "record file", "record files"), done.read)
    if done.dropped:
        files = tell(
            lang, msg("cli_club_gone", "{files} read, {gone} gone"), files=files, gone=done.dropped
        )
    else:
        files = tell(lang, msg("cli_club_read", "{files} read"), files=files)
    print(
        tell(
            lang,
            msg("cli_club_done", "{where}: {files}; {games} of {players} indexed"),
            where=where,
            files=files,
            games=counted(lang, nmsg("w_cli_game", "game", "games"), games),
            players=counted(lang, nmsg("w_cli_player", "player", "players"), players),
        )
    )
    return 0


def analyze_missing(paths: list[Path], cache: Path, jobs: int, read: Any) -> None:
    """Analyse the deals of the saved games that the analysis cache does not have yet."""
    from .ai.analysis import analyze_game
    from .engine.record import RecordError
    from .progress import progress
    from .stats import game_key, human_seat, read_cache, write_cache

    known = read_cache(cache)
    work = []
    for path in paths:
        try:
            record = read(path)
        except (RecordError, OSError):
            continue
        for recorded in record.games:
            seat = human_seat(recorded.header)
            if seat is None:
                continue
            key = game_key(path, recorded.header)
            missing = [
                line["number"]
                for line in recorded.lines
                if line.get("type") == "result"
                and line.get("redeal") is None
                and isinstance(line.get("number"), int)
                and (key, line["number"], seat) not in known
            ]
            if missing:
                work.append((recorded, seat, key, missing))
    with progress("deals", sum(len(w[3]) for w in work)) as advance:
        for recorded, seat, key, missing in work:
            found = analyze_game(recorded, seat, missing, jobs=jobs)
            write_cache(cache, [(key, a.number, seat, a.lost) for a in found])
            advance(len(missing))


def run_presets(options: argparse.Namespace) -> int:
    from .presets import load_preset, shipped_presets
    from .rulebook import format_preset

    lang = options_lang(options)
    if options.name:
        print(format_preset(load_preset(options.name), lang))
        return 0
    presets = shipped_presets()
    width = max(len(p.name) for p in presets)
    for preset in presets:
        print(
            f"{preset.name:<{width}}  {preset.title_in(lang)}: "
            f"{preset.description_in(lang).splitlines()[0]}"
        )
    print()
    print(
        tell(
            lang,
            msg(
                "cli_presets_show",
                "Show one with `{command}`; --lang {langs} chooses the language.",
            ),
            command=f"{PROG} presets NAME",
            langs="|".join(LANGS),
        )
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
