"""The daily deal at the table (`thousand daily`): the person's next deal of the day at the
usual table, each deal's result kept in the club index as it is settled, the next deal once
its result is closed, and the day's board after the last one (docs/daily.md)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..daily import DEALS, Daily, DealtElsewhere, OpenDeal, board, opponent
from ..engine.events import DealStarted, Event
from ..engine.game import PlayerInfo
from ..options import TableFlags
from ..presets import load_preset
from ..priority import LOCAL, Host
from ..settings import (
    BAD_LANG,
    LANGUAGES,
    SetupError,
    TableSetup,
    check_name,
    check_pace,
    host_language,
    host_utf8,
)
from ..store.catalog import error_words, typed
from ..store.database import DatabaseDown
from ..store.index import ClubIndex, is_local, open_club
from .i18n import Translator
from .leaderboard import daily_lines
from .local_driver import LocalDriver
from .session import Session, ai_names
from .startup import preset_title, remembered_name

if TYPE_CHECKING:
    from ..engine.actions import Action

PROG = "thousand"
COMMAND = "daily"


def players_of(setup: TableSetup) -> list[PlayerInfo]:
    t = Translator(setup.lang)
    you = setup.name or t("you_name")
    names = [name for name in ai_names(setup.lang) if name != you]
    return [PlayerInfo(you, "human")] + [
        PlayerInfo(names[i], "ai", level) for i, level in enumerate(setup.levels)
    ]


def session_of(opened: OpenDeal, setup: TableSetup, events: list[Event]) -> Session:
    assert setup.preset is not None
    levels = dict(enumerate(setup.levels, start=1))
    session = Session(
        opened.game,
        setup.preset,
        levels,
        opened.writer,
        opened.path,
        resumed=opened.resumed,
        think=setup.think,
        make_ai=opponent,  # the same for everyone, on any machine
    )
    session.deal_events = events
    return session


class Events(list[Event]):
    """The events of a deal taken up again, for its log (the current deal's only)."""

    def __call__(self, events: list[Event]) -> None:
        for event in events:
            if isinstance(event, DealStarted):
                self.clear()
            self.append(event)


def open_next(day: Daily, player: str, setup: TableSetup) -> tuple[OpenDeal, Events] | None:
    events = Events()
    with open_club(setup.host) as index:
        opened = day.open_deal(index, player, players_of(setup), setup.lang, events)
    return None if opened is None else (opened, events)


def review_command(day: Daily, host: Host = LOCAL) -> str:
    """The command that opens the duplicate review of `day`'s deals, as its player types it:
    `thousand view --daily` (with `--preset` for another preset's daily than classic); over
    SSH, `daily review` and the preset."""
    preset = "" if day.name == "classic" else f" --preset {day.name}"
    return typed(f"view --daily{preset}", host, f"{COMMAND} review {day.name}")


def played_fields(day: Daily, t: Translator, host: Host = LOCAL) -> dict[str, str]:
    """The values of the words said once the day's deals are all played (the table's
    `daily_played`, the line mode's own): how many, of which preset, and the command of
    their review."""
    return {
        "deals": t.count("w_deal", day.count),
        "preset": day.name,
        "command": review_command(day, host),
    }


def played_words(day: Daily, t: Translator, host: Host = LOCAL) -> str:
    """What is said once the day's deals are all played: none till tomorrow, and the command
    of their review."""
    return t("daily_played", **played_fields(day, t, host))


def board_lines(
    day: Daily,
    index: ClubIndex,
    t: Translator,
    ascii_only: bool,
    you: str | None,
    host: Host = LOCAL,
) -> list[str]:
    names = dict(index.players())
    if you is not None and is_local(you) and not names.get(you):
        names[you] = t("you_name")
    rows = board(day.results(index), names)
    command = typed(COMMAND, host)
    return daily_lines(rows, t, day.date, day.name, command, ascii_only, you)


@dataclass
class DailyRun:
    """A person's daily deals played in this terminal (the app's `daily` mode): the day, who
    plays it, the deal on the table, and whether the day's last deal is played."""

    day: Daily
    player: str
    setup: TableSetup
    opened: OpenDeal
    events: list[Event] = field(default_factory=list)
    finished: bool = False
    # why no next deal could be dealt (the club's database out of reach), said at the end
    stopped: str | None = None

    @property
    def number(self) -> int:
        return self.opened.number

    def session(self) -> Session:
        """The deal on the table, as a game played here."""
        return session_of(self.opened, self.setup, self.events)

    def keep(self, session: Session, number: int) -> str | None:
        """Keep deal `number`'s result in the club index; what went wrong if it could not be
        (the record keeps the deal: the next start keeps it)."""
        try:
            with open_club(self.setup.host) as index:
                self.day.settle(index, self.player, number, session.game)
        except DatabaseDown:
            return Translator(self.setup.lang)("daily_kept_later")
        except Exception as error:
            return str(error)
        return None

    def next_session(self) -> Session | None:
        """The person's next deal of the day, or None: `finished` after the last one, else
        `stopped` (the club's database, which deals it, out of reach: the deals played are
        kept in their records)."""
        try:
            found = open_next(self.day, self.player, self.setup)
        except DatabaseDown:
            self.stopped = Translator(self.setup.lang)("daily_club_down", command=self.command())
            return None
        except DealtElsewhere as error:  # left in the middle on another host of the club
            self.stopped = error_words(self.setup.lang, error, self.setup.host)
            return None
        if found is None:
            self.finished = True
            return None
        self.opened, self.events = found
        return self.session()

    def board(self, t: Translator, ascii_only: bool) -> list[str]:
        with open_club(self.setup.host) as index:
            return board_lines(self.day, index, t, ascii_only, self.player, self.setup.host)

    def title(self, t: Translator) -> str:
        """The day's title, as its board's first line says it (with no need of the index)."""
        return t("daily_title", date=self.day.date, preset=preset_title(self.day.name, t.lang))

    def top(self, t: Translator) -> str:
        """The table's top line's start: which deal of how many."""
        return t("daily_top", number=self.number, count=self.day.count)

    def command(self) -> str:
        """The command that takes the person's deals up again, as he types it."""
        return typed(COMMAND, self.setup.host)

    def saved_words(self, t: Translator) -> str:
        """What the command says when the person leaves before the last deal."""
        return t("daily_saved", command=self.command())

    def done_words(self, t: Translator) -> str:
        """What is said after the last deal: the day played, and how to review it."""
        return played_words(self.day, t, self.setup.host)


class DailyDriver(LocalDriver):
    """A daily deal played here: its result is kept as the deal is settled, and once the
    result is closed the table goes on to the person's next deal (never to the game's)."""

    def __init__(self, session: Session, number: int, top: str = "") -> None:
        super().__init__(session)
        self.number = number
        self.top = top  # which deal of how many (DailyRun.top)
        self.kept = bool(session.game.results)
        self.moved_on = False

    def act(self, action: Action) -> list[str] | None:
        told = super().act(action)
        if told is not None and self.game.results and not self.kept:
            self.kept = True
            self.link.app.keep_daily(self.session, self.number)
        return told

    def ready(self) -> bool:
        if not super().ready():
            return False
        if self.game.results and not self.controller.results:
            if not self.moved_on:  # the deal's result was closed
                self.moved_on = True
                app = self.link.app
                app.call_later(app.next_deal)
            return False
        return True

    def top_line(self, line: str, width: int) -> str:
        top = self.top or self.link.t("daily_top", number=self.number, count=DEALS)
        return f"{top} · {line}"

    def hints_on(self) -> bool:
        return False  # a hint would be the reference's own play

    def no_take_back(self) -> str | None:
        return "takeback_off_daily"


def daily_setup(options: TableFlags) -> TableSetup:
    """The flags of `thousand daily`, checked; raises SetupError."""
    if options.lang is not None and options.lang not in LANGUAGES:
        raise SetupError(BAD_LANG, langs=", ".join(LANGUAGES))
    preset = load_preset(options.preset or "classic")
    players = preset.rules.players
    return TableSetup(
        preset=preset,
        levels=("hard",) * (players - 1),
        seed=0,
        name=check_name(options.name) or remembered_name(host=options.host),
        lang=options.lang or host_language(options.host),
        ascii=bool(options.ascii) or not host_utf8(options.host),
        pace=check_pace(options.pace),
        save=False,
        hints=False,
        host=options.host,
    )
