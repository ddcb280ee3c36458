"""What a program runs as (`Host`), and one priority for everything a hosted account runs:
the players' sessions, solo or at a shared table, the table service they start and the AI's
worker processes all run at nice 5, so that the host's own work (and sshd, which lets the next
player in) comes first.

What a process runs as, and where its files are (the data folder, the club's, the search
service's), is read from its environment once, at its entry point (`Host.of`: `cli.main`), or
from its arguments (`Host.from_args`: the daemons, the background analysis), and passed down as
a `Host` value from there; a process tells those it starts what it runs as by their arguments
(`Host.argv`).

`give_way()` lowers the calling process to that priority, never further and never back up:
calling it twice changes nothing, and a process already lower (a background worker) stays
where it is. The processes and threads it starts afterwards inherit it.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # what the analysis worker imports holds no parser of its own
    import argparse

HOSTED_NICENESS = 5
# Set by `thousand ssh-session`: the table runs as a hosted session (docs/ssh-hosting.md).
SESSION_MARK = "THOUSAND_SSH_SESSION"
# Set by `thousand serve` beside SESSION_MARK: the table is shown in a web browser (docs/web.md).
WEB_MARK = "THOUSAND_WEB_SESSION"
# The folder of the account's search service, shared by all its games (thousand_tui/ai/
# search_service.py); `off`: each game its own workers. A hosted session's is the account's.
SEARCH_ENV = "THOUSAND_SEARCH_SERVICE"
SEARCH_OFF = "off"
SEARCH_FOLDER = "search"  # a hosted account's search service, in its data folder
# An absolute path here replaces the whole data folder (a hosted session per player).
DATA_DIR_ENV = "THOUSAND_DATA_DIR"
# The folder of the club index (and of the daily deals), when it is not the data folder: a
# hosted player's is the host's.
CLUB_DIR_ENV = "THOUSAND_CLUB_DIR"
# The club's database when it is not the club folder's SQLite file: a PostgreSQL URL shared by
# the club's hosts (docs/scaling.md), here or in the club folder's `database.url` (0600).
DATABASE_ENV = "THOUSAND_DATABASE"
DATABASE_FILE = "database.url"
# With a club database: this host's name in the club's directory of open tables, and how the
# club's other hosts reach its tables (`ssh:USER@HOST[:PORT]`, or `local:FOLDER` on the same
# machine): docs/scaling.md.
NODE_ENV = "THOUSAND_NODE"
RELAY_ENV = "THOUSAND_RELAY"
APP_DIR = "thousand_tui"


# How a hosted SSH account's players log in (`thousand@cards.example.org`), set by
# `thousand ssh-session` too.
LOGIN_ENV = "THOUSAND_SSH_LOGIN"
LOGIN_UNKNOWN = "HOST"  # what a message names when the host did not say (`--host`)


def _absolute(value: str | None) -> Path | None:
    """A folder named in the environment: an absolute path, else none (as the XDG spec says
    of a relative one)."""
    return Path(value) if value and Path(value).is_absolute() else None


def data_folder(environ: Mapping[str, str]) -> Path:
    """The data folder `environ` names: `$THOUSAND_DATA_DIR` if set, else
    `$XDG_DATA_HOME/thousand_tui`, by default `~/.local/share/thousand_tui`."""
    own = _absolute(environ.get(DATA_DIR_ENV))
    if own is not None:
        return own
    base = _absolute(environ.get("XDG_DATA_HOME"))
    return (base or _home(environ) / ".local" / "share") / APP_DIR


def config_folder(environ: Mapping[str, str]) -> Path:
    """The settings folder `environ` names: `$XDG_CONFIG_HOME/thousand_tui`, by default
    `~/.config/thousand_tui` (the start screen's choices at a terminal of one's own)."""
    base = _absolute(environ.get("XDG_CONFIG_HOME"))
    return (base or _home(environ) / ".config") / APP_DIR


def database_of(environ: Mapping[str, str], club: Path) -> str | None:
    """The club's database URL: `$THOUSAND_DATABASE`, else the first line of the club
    folder's `database.url`; None for the club folder's SQLite file."""
    named = (environ.get(DATABASE_ENV) or "").strip()
    if named:
        return named
    try:
        with (club / DATABASE_FILE).open(encoding="utf-8") as handle:
            line = handle.readline(4096).strip()
    except (OSError, ValueError):
        return None
    return line or None


def _home(environ: Mapping[str, str]) -> Path:
    return Path(environ["HOME"]) if environ.get("HOME") else Path.home()


def _first(environ: Mapping[str, str], keys: tuple[str, ...]) -> str:
    return next((value for key in keys if (value := environ.get(key, ""))), "")


@dataclass(frozen=True)
class Locale:
    """The player's locale, as his terminal's environment says it at the entry point:
    `messages` (LC_ALL, else LC_MESSAGES, else LANG) names the language the game speaks by
    default, `ctype` (LC_ALL, else LC_CTYPE, else LANG) the character set. "" for none: the C
    locale, plain ASCII."""

    messages: str = ""
    ctype: str = ""

    @classmethod
    def of(cls, environ: Mapping[str, str]) -> Locale:
        return cls(
            messages=_first(environ, ("LC_ALL", "LC_MESSAGES", "LANG")),
            ctype=_first(environ, ("LC_ALL", "LC_CTYPE", "LANG")),
        )

    @property
    def utf8(self) -> bool:
        """Whether its character set is UTF-8."""
        ctype = self.ctype.lower()
        return "utf-8" in ctype or "utf8" in ctype


@dataclass(frozen=True)
class Host:
    """What a program runs as, and where its files are, decided once at its entry point and
    passed down.

    `hosted`: it runs for a hosted session or was started by one (docs/ssh-hosting.md): it
    gives way to the host's own work, and its player, who can type neither `thousand` nor a
    path of the server, is never told to. `browser`: its table is shown in a web browser
    (`thousand serve`), whose player reloads the page where a terminal's player would type a
    command. `login`: how the hosted account's players log in (`ssh -t LOGIN ...`).

    `data`: the data folder (games, logs, the table service); None in a value that did not
    say (a test's, a script's), which then takes the environment's (`data_dir`; the same
    of `config`, the settings folder, `config_dir`). `club`: the
    folder of the club index and the daily deals, None for the data folder (a hosted
    player's is the host's). `search`: the folder of the account's search service, None
    when each game searches with workers of its own. `database`: the URL of the club's
    PostgreSQL database (never on a command line: a process started with `argv` reads it
    from its environment or the club folder again), None for the club folder's SQLite
    file. `node`, `relay`: with a club database, this host's name in the club's directory
    of open tables and how the club's other hosts reach its tables (None: the defaults of
    `tables.directory`). `locale`: the player's terminal's (the language the game speaks
    when he chose none, whether it may draw more than ASCII); None in a value that did not
    say, which then takes the environment's (`player_locale`)."""

    hosted: bool = False
    browser: bool = False
    login: str = LOGIN_UNKNOWN
    data: Path | None = None
    club: Path | None = None
    search: Path | None = None
    config: Path | None = None
    database: str | None = field(default=None, repr=False)  # it may hold a password
    node: str | None = None
    relay: str | None = None
    locale: Locale | None = None

    @classmethod
    def of(cls, environ: Mapping[str, str] | None = None) -> Host:
        """What the program of `environ` (by default this one's) runs as, and where: the one
        place that reads the environment a player or a host sets (`THOUSAND_DATA_DIR`,
        `XDG_DATA_HOME`, `THOUSAND_CLUB_DIR`, `THOUSAND_SEARCH_SERVICE`, `THOUSAND_DATABASE`),
        the marks of a browser's game (`thousand serve`) and the locale (`LANG`, `LC_*`)."""
        env = os.environ if environ is None else environ
        hosted = bool(env.get(SESSION_MARK))
        data = data_folder(env)
        named = env.get(SEARCH_ENV) or ""
        search = None if named == SEARCH_OFF else _absolute(named)
        if not named and hosted:
            search = data / SEARCH_FOLDER
        club = _absolute(env.get(CLUB_DIR_ENV))
        return cls(
            hosted=hosted,
            browser=bool(env.get(WEB_MARK)),
            login=env.get(LOGIN_ENV) or LOGIN_UNKNOWN,
            data=data,
            club=club,
            search=search,
            config=config_folder(env),
            database=database_of(env, club or data),
            node=env.get(NODE_ENV) or None,
            relay=env.get(RELAY_ENV) or None,
            locale=Locale.of(env),
        )

    def resolved(self, environ: Mapping[str, str] | None = None) -> Host:
        """This value with its folders and locale said: those it did not say, the
        environment's as it is now (by default this process's). A program's own value (`of`)
        says them all; one made without them (`LOCAL`, a test's, a script's, a daemon's
        `from_args`, which has no locale) is resolved here, the one place besides `of` that
        reads the environment for them. What holds a host for
        long (the app, the lobby, a seat at a shared table and its threads) holds it resolved,
        so that nothing it does later finds its folders in an environment changed since (a
        later test's)."""
        if self.data is not None and self.config is not None and self.locale is not None:
            return self
        env = os.environ if environ is None else environ
        club = self.club
        if self.data is None and club is None:
            club = _absolute(env.get(CLUB_DIR_ENV))
        return replace(
            self,
            data=self.data if self.data is not None else data_folder(env),
            config=self.config if self.config is not None else config_folder(env),
            club=club,
            locale=self.locale if self.locale is not None else Locale.of(env),
        )

    @property
    def player_locale(self) -> Locale:
        """The locale of the player's terminal (`resolved()`'s, for a value that did not say)."""
        locale = self.locale if self.locale is not None else self.resolved().locale
        assert locale is not None
        return locale

    @property
    def data_dir(self) -> Path:
        """The data folder (`resolved()`'s, for a value that did not say)."""
        data = self.data if self.data is not None else self.resolved().data
        assert data is not None
        return data

    @property
    def config_dir(self) -> Path:
        """The settings folder (`resolved()`'s, for a value that did not say)."""
        config = self.config if self.config is not None else self.resolved().config
        assert config is not None
        return config

    @property
    def club_dir(self) -> Path:
        """The folder of the club index: the host's for a hosted player, else the data folder
        (`resolved()`'s, for a value that said neither)."""
        if self.club is not None:
            return self.club
        if self.data is None:
            return self.resolved().club_dir
        return self.data

    def argv(self) -> list[str]:
        """The arguments that tell a process this one starts (a daemon, the background
        analysis) what it runs as and where: `from_args` reads them back."""
        args = ["--data", str(self.data_dir)]
        if self.club is not None:
            args += ["--club", str(self.club)]
        if self.search is not None:
            args += ["--search", str(self.search)]
        args += ["--config", str(self.config_dir)]
        if self.node is not None:
            args += ["--node", self.node]
        if self.relay is not None:
            args += ["--relay", self.relay]
        if self.hosted:
            args += ["--hosted", "--login", self.login]
        if self.browser:
            args.append("--browser")
        return args

    @staticmethod
    def add_arguments(parser: argparse.ArgumentParser) -> None:
        """The arguments of `argv`, for the parser of a process started with them."""
        parser.add_argument("--data", type=Path)
        parser.add_argument("--club", type=Path)
        parser.add_argument("--search", type=Path)
        parser.add_argument("--config", type=Path)
        parser.add_argument("--hosted", action="store_true")
        parser.add_argument("--browser", action="store_true")
        parser.add_argument("--login", default=LOGIN_UNKNOWN)
        parser.add_argument("--node")
        parser.add_argument("--relay")

    @classmethod
    def from_args(cls, options: argparse.Namespace) -> Host:
        """The host that `argv` described, from the parsed arguments; a process started by
        hand, without them, reads its environment as any entry point (`of`)."""
        if options.data is None:
            return cls.of()
        return cls(
            hosted=bool(options.hosted),
            browser=bool(options.browser),
            login=str(options.login),
            data=Path(options.data),
            club=options.club,
            search=options.search,
            config=options.config,
            database=database_of(os.environ, Path(options.club or options.data)),
            node=options.node,
            relay=options.relay,
        )


# What a program runs as, for what it says: the data folder, unsaid, is the environment's.
LOCAL = Host()  # a player's own terminal
HOSTED = Host(hosted=True)  # a hosted SSH login


def give_way() -> None:
    """Run at nice `HOSTED_NICENESS` from now on, unless already at it or lower."""
    try:
        if os.getpriority(os.PRIO_PROCESS, 0) < HOSTED_NICENESS:
            os.setpriority(os.PRIO_PROCESS, 0, HOSTED_NICENESS)
    except OSError:
        pass  # a priority is a courtesy; the game plays on without it
