"""The club by lines: the lobby (`thousand lobby --plain`), the daily deals (`thousand daily
--plain`) and a tournament's deals (`thousand tournaments play NAME --plain`).

`LineLobby` reads typed commands: `list` (the tables waiting, numbered, then those in play),
`open` and `match` a preset, `join` and `watch` a number of the list or a code, `daily`,
`tournaments`, `standings NAME`, `tournament NAME`, `settings` (`prefs.py`), `help`, `quit`. A
table taken there is played by lines (`LineSeat`, `LineWatcher`), and leaving it, or its game's
end, comes back to the lobby. `LineDaily` plays the person's next deals of the day (or of a
tournament) as the table's daily mode does (`tui/daily_table.py`): each deal's result kept in
the club index as it is settled, the next deal once its result is said, the board after the
last one.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from datetime import UTC, datetime
from typing import TextIO

from ..engine.record import RecordError
from ..engine.view import SeatView
from ..options import TableFlags
from ..plaintext import shown
from ..settings import LobbySetup, SetupError, TableSetup
from ..store.catalog import error_words
from ..store.index import open_club, player_id
from ..tables.client import TableError
from ..tables.service import normalize_code
from ..tables.wire import OpenTable
from ..tournament import TournamentError, find
from ..tui.controller import Step, TableController
from ..tui.daily_table import DailyRun, board_lines, daily_setup, open_next, played_fields
from ..tui.i18n import Translator
from ..tui.session import HUMAN
from ..tui.shared.connection import SharedSession
from ..tui.shared.lobby_client import Lobby, lobby_of
from ..tui.tournament_table import TournamentRun
from ..tui.tournament_words import list_lines, show_lines
from .narration import LineNarrator
from .play import THINK_NOTICE, Lines, LineTable, LineWords, Quit
from .prefs import LineSettings
from .shared import LineSeat
from .texts import command_words, normal, say
from .watch import LineWatcher

PROG = "thousand"
LOBBY_COMMANDS = (
    "list",
    "open",
    "match",
    "join",
    "watch",
    "daily",
    "tournaments",
    "standings",
    "tournament",
    "settings",
    "help",
    "quit",
)
"""The lobby's commands, each typed alone or with what it takes (a preset, a code, a name)."""


# ---------------------------------------------------------------------- the daily deals


class LineDaily(LineTable):
    """A person's daily deals (or a tournament's) played by lines: `run` until the last one
    is played (the board is said) or the player quits (the deal is kept where it stopped)."""

    def __init__(
        self,
        daily: DailyRun,
        stdin: TextIO,
        stdout: TextIO,
        think_notice: float = THINK_NOTICE,
    ) -> None:
        super().__init__(daily.setup, daily.session(), stdin, stdout, think_notice)
        self.daily = daily
        self.kept = bool(self.game.results)

    def run(self) -> int:
        daily = self.daily
        title = self.day_title()
        deals = self.t.count("w_deal", daily.day.count)
        self.say(self.s("line_daily_welcome", title=title, deals=deals))
        try:
            while True:
                self.begin()
                if not self.one_deal():
                    break
        except (Quit, KeyboardInterrupt):
            self.say(self.saved_words())
            return 0
        finally:
            self.session.close()
        if daily.stopped is not None:  # the club's database out of reach: nothing to deal
            self.say(daily.stopped)
            return 0
        self.tell([line for line in daily.board(self.t, True) if line.strip()])
        if not isinstance(daily, TournamentRun):  # a tournament's standings say the rest
            self.say(
                self.s("line_daily_played", **played_fields(daily.day, self.t, daily.setup.host))
            )
        return 0

    def saved_words(self) -> str:
        """The player leaves before the last deal: it is kept, and the command to go on."""
        key = "line_tour_saved" if isinstance(self.daily, TournamentRun) else "line_daily_saved"
        return self.s(key, command=self.daily.command())

    def day_title(self) -> str:
        return self.daily.title(self.t)

    def begin(self) -> None:
        self.say(self.daily.top(self.t) + ".")
        if self.session.resumed:
            self.tell(self.controller.take_events(self.session.deal_events, self.game.deal))
            self.say(self.s("line_resumed", number=self.daily.number))
        else:
            self.tell(self.controller.take_events(self.game.take_start_events()))

    def one_deal(self) -> bool:
        """Play the deal on the table to its result; True when another deal follows."""
        while True:
            step = self.controller.next_step(True, False)
            self.keep()
            if step is Step.SHOW_RESULT:
                self.show_result()
                return self.next_deal()
            if step is Step.GAME_OVER:
                return self.next_deal()
            if step is Step.HUMAN:
                self.human()
            elif step is Step.AI:
                seat = self.game.to_move
                assert seat is not None
                self.ai(seat)
            else:
                return self.next_deal()
            self.keep()

    def keep(self) -> None:
        """The deal settled: its result kept in the club index, once."""
        if self.game.results and not self.kept:
            self.kept = True
            problem = self.daily.keep(self.session, self.daily.number)
            if problem is not None:
                self.say(problem)

    def next_deal(self) -> bool:
        self.session.close()
        session = self.daily.next_session()
        if session is None:
            return False
        self.session = session
        game = session.game
        self.narrator = LineNarrator(self.t, self.p, game.names, game.rules, seat=HUMAN)
        self.controller = TableController(session, self.narrator, seat=HUMAN)
        self.words = LineWords(self.t, game.names)
        self.choices = None
        self.hand_told = (0, frozenset())
        self.kept = bool(game.results)
        return True

    def undo(self, view: SeatView) -> None:
        self.say(self.t("takeback_off_daily"))


def _fail(errors: TextIO | None, text: str) -> int:
    """A refusal in one line: on the standard error as the command's, or among the lobby's
    lines (`errors`)."""
    import sys

    if errors is None:
        print(f"{PROG}: {text}", file=sys.stderr)
    else:
        errors.write(shown(text) + "\n")
        errors.flush()
    return 2


def daily_by_lines(
    options: TableFlags,
    stdin: TextIO,
    stdout: TextIO,
    think_notice: float = THINK_NOTICE,
    errors: TextIO | None = None,
) -> int:
    """`thousand daily --plain`: the day's deals by lines (or `--board`, the board)."""
    from ..daily import Daily, today

    try:
        setup = daily_setup(options)
    except (SetupError, ValueError) as error:
        return _fail(errors, error_words(options.lang or "en", error, options.host))
    setup = daily_lines_setup(setup)
    assert setup.preset is not None
    t = Translator(setup.lang)
    day = Daily(today(), setup.preset, setup.host.club_dir, setup.host.database)
    player = player_id(setup.host)
    lines = Lines.of(stdin, stdout, setup.lang)
    if not options.board:
        if not day.references_kept():
            lines.say(t("daily_preparing"))
        try:
            day.references()
            found = open_next(day, player, setup)
        except (RecordError, ValueError, OSError) as error:
            return _fail(errors, error_words(setup.lang, error, setup.host))
        if found is not None:
            opened, events = found
            run = DailyRun(day, player, setup, opened, events)
            return LineDaily(run, stdin, stdout, think_notice).run()
        lines.say(say(setup.lang, "line_daily_played", **played_fields(day, t, setup.host)))
    with open_club(setup.host) as index:
        board = board_lines(day, index, t, True, player, setup.host)
    lines.tell([line for line in board if line.strip()])
    return 0


def daily_lines_setup(setup: TableSetup) -> TableSetup:
    """A daily's table as the line mode plays it: cards in words, nothing to wait for."""

    return replace(setup, ascii=True, pace=0.0)


def tournament_by_lines(
    name: str,
    options: TableFlags,
    stdin: TextIO,
    stdout: TextIO,
    think_notice: float = THINK_NOTICE,
    errors: TextIO | None = None,
) -> int:
    """`thousand tournaments play NAME --plain`: your next deals of the tournament by lines."""

    from ..store.catalog import typed
    from ..tournament import Tournament, time_words

    host = options.host
    lang = options.lang or "en"
    try:
        spec = find(name, host.club_dir, host.database)
        setup = daily_lines_setup(daily_setup(replace(options, preset=spec.preset)))
    except (TournamentError, SetupError, ValueError) as error:
        return _fail(errors, error_words(lang, error, host))
    t = Translator(setup.lang)
    state = spec.state(datetime.now(UTC))
    if state != "open":
        key = "tour_not_yet" if state == "soon" else "tour_over"
        when = time_words(spec.opens if state == "soon" else spec.closes)
        command = typed(f"tournaments show {shown(spec.name)}", host)
        return _fail(errors, t(key, when=when, command=command))
    day = Tournament.of(spec, host.club_dir, host.database)
    player = player_id(host)
    try:
        found = open_next(day, player, setup)
    except (RecordError, ValueError, OSError) as error:
        return _fail(errors, error_words(setup.lang, error, host))
    lines = Lines.of(stdin, stdout, setup.lang)
    if found is None:
        lines.say(t("tour_all_played", deals=t.count("w_deal", spec.deals)))
        with open_club(host) as index:
            shown_lines = show_lines(spec, index, t, player, True, host.club_dir, host)
        lines.tell([line for line in shown_lines if line.strip()])
        return 0
    opened, events = found
    run = TournamentRun(day, player, setup, opened, events)
    return LineDaily(run, stdin, stdout, think_notice).run()


# ---------------------------------------------------------------------- the lobby


class LineLobby(Lines):
    """The lobby by lines: `run` until the player quits (or the input ends)."""

    def __init__(self, lobby: Lobby, stdin: TextIO, stdout: TextIO) -> None:
        self.lobby = lobby
        self.stdin = stdin
        self.stdout = stdout
        self.lang = lobby.lang
        self.t = Translator(self.lang)
        self.listed: list[OpenTable] = []
        self.prompted = False

    @property
    def setup(self) -> TableSetup:
        return self.lobby.setup.table

    def run(self) -> int:
        self.say(self.s("line_lobby_welcome"))
        self.list()
        while True:
            if self.prompted:
                self.prompted = False  # the line that said why said what is legal too
            else:
                self.say(self.s("line_lobby_prompt"))
            try:
                text = self.read()
            except (Quit, KeyboardInterrupt):
                break
            try:
                if not self.answer(text):
                    break
            except KeyboardInterrupt:
                break
        self.say(self.s("line_goodbye"))
        return 0

    def answer(self, text: str) -> bool:
        """Do what `text` asks; False to leave the lobby."""
        word, _, rest = text.strip().partition(" ")
        rest = rest.strip()
        found = next(
            (c for c in LOBBY_COMMANDS if normal(word) in command_words(self.lang, c)), None
        )
        if not text.strip():
            return True
        if found is None:
            self.say(self.s("line_unknown", text=self.quoted(text), legal=self.prompt()))
            self.prompted = True
            return True
        if found == "quit":
            return False
        handlers: dict[str, Callable[[str], None]] = {
            "list": lambda _: self.list(),
            "help": lambda _: self.help(),
            "open": lambda name: self.open(name, match=False),
            "match": lambda name: self.open(name, match=True),
            "join": lambda code: self.sit(code, watch=False),
            "watch": lambda code: self.sit(code, watch=True),
            "daily": lambda _: self.daily(),
            "tournaments": lambda _: self.tournaments(),
            "standings": self.standings,
            "tournament": self.tournament,
            "settings": self.settings,
        }
        handlers[found](rest)
        return True

    def prompt(self) -> str:
        return self.s("line_lobby_prompt")

    def help(self) -> None:
        self.tell([self.s("line_lobby_help"), self.s("line_help_settings"), self.presets_words()])

    def settings(self, text: str) -> None:
        """`settings`: the player's settings said, or one changed (a language at once)."""
        setup = self.lobby.setup
        answer = LineSettings(setup.table.host, setup.who, self.lang).answer(text, True)
        if answer.lang is not None:
            self.lang = answer.lang
            self.t = Translator(answer.lang)
            self.lobby.setup = replace(setup, table=replace(setup.table, lang=answer.lang))
        self.tell(answer.lines)

    def presets_words(self) -> str:
        titles = self.lobby.preset_titles()
        listed = ", ".join(f"{name} ({title})" for name, title in titles)
        return self.s("line_lobby_presets", presets=listed)

    # ------------------------------------------------------------------ the tables

    def list(self) -> None:
        try:
            tables = self.lobby.tables()
        except (TableError, SetupError) as error:
            self.say(self.lobby.said(error))
            return
        t = self.t
        playing = [table for table in tables if table.code in self.lobby.in_play]
        waiting = [table for table in tables if table.code not in self.lobby.in_play]
        self.listed = waiting + playing
        if not waiting:
            self.say(self.s("line_lobby_none"))
        for number, table in enumerate(waiting, 1):
            seats = t("lobby_seats", people=table.people, players=table.players)
            if table.ai:
                seats += " " + t("lobby_seats_ai", ai=table.ai)
            fill = ""
            if table.fill_in is not None:
                fill = self.s("line_lobby_fill", seconds=int(table.fill_in))
            self.say(
                self.s(
                    "line_lobby_table",
                    number=number,
                    code=table.code,
                    title=self.quoted(self.lobby.title(table)),
                    seats=seats,
                    free=table.free,
                    fill=fill,
                )
            )
        if not playing:
            self.say(self.s("line_lobby_nothing_in_play"))
        for number, table in enumerate(playing, len(waiting) + 1):
            title = self.quoted(self.lobby.title(table))
            self.say(self.s("line_lobby_playing", number=number, code=table.code, title=title))

    def code_of(self, text: str, command: str) -> str | None:
        """The code typed, or that of the number typed in the list; None (a line says why)."""
        word = command_words(self.lang, command)[0]
        if not text:
            self.say(self.s("line_lobby_code", command=word))
            return None
        if text.isdigit() and 1 <= int(text) <= len(self.listed):
            return self.listed[int(text) - 1].code
        code = normalize_code(text)
        if code is None:
            self.say(self.s("line_lobby_no_table", text=self.quoted(text)))
        return code

    def sit(self, text: str, watch: bool) -> None:
        code = self.code_of(text, "watch" if watch else "join")
        if code is None:
            return
        key = "shared_watch_failed" if watch else "shared_join_failed"
        try:
            shared = self.lobby.watch(code) if watch else self.lobby.join(code)
        except (TableError, SetupError) as error:
            self.say(self.t(key, why=self.lobby.said(error)))
            return
        self.play(shared, watch=watch)

    def open(self, name: str, match: bool) -> None:
        titles = self.lobby.preset_titles()
        if not titles:
            self.say(self.t("lobby_preset_unloadable", name=self.quoted(name)))
            return
        chosen = titles[0][0] if not name else None
        for offered, title in titles:
            if normal(name) in (normal(offered), normal(title)):
                chosen = offered
        if chosen is None:
            self.say(
                self.s("line_lobby_no_preset", name=self.quoted(name), presets=self.presets_words())
            )
            return
        try:
            shared = self.lobby.match(chosen) if match else self.lobby.open(chosen)
        except (TableError, SetupError) as error:
            self.say(self.t("shared_open_failed", why=self.lobby.said(error)))
            return
        opened = shared.mirror.seat == 0 and not shared.mirror.started and not match
        self.play(shared, watch=False, opened=opened)

    def play(self, shared: SharedSession, watch: bool, opened: bool = False) -> None:
        """The table taken, played by lines; then back in the lobby."""
        setup = self.setup
        seat: LineSeat
        if watch:
            seat = LineWatcher(setup, shared, self.stdin, self.stdout, lobby=True)
        else:
            seat = LineSeat(setup, shared, self.stdin, self.stdout, opened=opened, lobby=True)
        seat.run()
        self.say(self.s("line_lobby_back"))
        self.list()

    # ------------------------------------------------------------------ the club

    def flags(self) -> TableFlags:
        """The daily's and a tournament's flags: this person's language and name, and his
        own folder for his tries (a hosted lobby runs in the account's folder, where the
        tables are; his tries are kept in his own, as `ssh HOST daily` keeps them)."""
        return TableFlags(host=self.lobby.player_host(), lang=self.lang, name=self.setup.name)

    def daily(self) -> None:
        daily_by_lines(self.flags(), self.stdin, self.stdout, errors=self.stdout)
        self.say(self.s("line_lobby_back"))

    def tournaments(self) -> None:
        host = self.flags().host
        found = list_lines(host.club_dir, self.t, datetime.now(UTC), host)
        self.tell([line for line in found if line.strip()])

    def tournament_name(self, name: str, command: str) -> bool:
        if not name:
            word = command_words(self.lang, command)[0]
            self.say(self.s("line_lobby_tour_name", command=word))
            return False
        return True

    def standings(self, name: str) -> None:
        if not self.tournament_name(name, "standings"):
            return
        host = self.flags().host
        try:
            spec = find(name, host.club_dir, host.database)
            player = player_id(host)
            with open_club(host) as index:
                found = show_lines(spec, index, self.t, player, True, host.club_dir, host)
        except (TournamentError, RecordError, ValueError, OSError) as error:
            self.say(error_words(self.lang, error, host))
            return
        self.tell([line for line in found if line.strip()])

    def tournament(self, name: str) -> None:
        if not self.tournament_name(name, "tournament"):
            return
        tournament_by_lines(name, self.flags(), self.stdin, self.stdout, errors=self.stdout)
        self.say(self.s("line_lobby_back"))


def lobby_by_lines(setup: LobbySetup, stdin: TextIO, stdout: TextIO) -> int:
    """`thousand lobby --plain`: the lobby by lines."""
    return LineLobby(lobby_of(setup), stdin, stdout).run()


__all__ = [
    "LineDaily",
    "LineLobby",
    "daily_by_lines",
    "lobby_by_lines",
    "tournament_by_lines",
]
