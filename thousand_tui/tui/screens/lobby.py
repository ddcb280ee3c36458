"""The lobby: the public tables of this host waiting for players (docs/tables.md), read again
every two seconds by a worker that only posts what it read. Enter sits at the table chosen, `o`
opens a table of a preset chosen in a dialog, `m` quick-matches (the fullest table of that
preset waiting, else a new one that AI fills after a while), `c` takes a friend's code, `t`
opens a tournament in a dialog (the host, or any player where the host allows it), `q` or
Escape leaves. The table taken is shown over the lobby, which comes back when it is left.
`g` shows instead the club's shared games lately finished here (`club_games.py`), and
`v` steps through the one chosen in the viewer over the lobby (Escape comes back). `s`
shows the club's tournaments and their standings (`TournamentsScreen`): the one chosen is
played at the table over the lobby, which comes back after its standings, or its review is
shown over the lobby once it is closed."""

from __future__ import annotations

import contextlib
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.message import Message
from textual.screen import Screen
from textual.widgets import DataTable, OptionList, Static
from textual.widgets.option_list import Option

from ...plaintext import shown
from ...presets import PresetError
from ...settings import SetupError
from ...store.catalog import error_words, typed
from ...store.index import is_local, player_id
from ...tables.client import TableError
from ...tables.wire import OpenTable
from ...tournament import Spec, open_tournament, players_may_open
from ..club_games import ClubGame, club_games, looker, person_of
from ..i18n import Translator
from ..plain import plain, plain_words
from ..startup import preset_title
from ..tournament_words import lobby_line, quoted, state_line
from ..widgets.base import KeyFooter, table_app, translator
from .common import Dialog
from .tournament_open import TournamentOpenScreen

if TYPE_CHECKING:
    from ..daily_table import DailyRun
    from ..duplicate import DealReview
    from ..shared.connection import SharedSession
    from ..shared.lobby_client import Lobby
    from .tournaments import Chosen

REFRESH = 2.0  # seconds between two readings of the tables waiting
# With a club database: the other hosts' tables come from the directory that this process
# listens to (tables/directory.py), read from memory, so the list is read more often: a table
# opened on another host is shown within a second.
CLUB_REFRESH = 0.5


@dataclass
class Listed(Message):
    """The tables waiting, as a worker read them (or why they could not be read)."""

    tables: tuple[OpenTable, ...]
    error: str | None = None
    # the line on the club's tournaments (tournament_words.lobby_line); None: not read this
    # time (a file or the database briefly unreadable), the line shown stays
    tournaments: str | None = ""
    may_open: bool = False  # he may open a tournament (the host, or any player if he allows)


@dataclass
class GamesListed(Message):
    """The club's games lately finished, as a worker read them (or why they could not be)."""

    games: tuple[ClubGame, ...]
    error: str | None = None


@dataclass
class TournamentReady(Message):
    """A tournament's next deal opened for this person (`run`), or its review made
    (`reviews`, `title`), in a worker thread; or what was said instead (`said`: why not, or
    that every deal of it is played)."""

    run: DailyRun | None = None
    reviews: list[DealReview] | None = None
    title: str = ""
    said: str | None = None


@dataclass
class Seated(Message):
    """A seat taken at a table (or why it could not be)."""

    shared: SharedSession | None
    error: str | None = None


def waited_words(seconds: float) -> str:
    whole = int(seconds)
    return f"{whole // 60}:{whole % 60:02d}"


class LobbyScreen(Screen[None]):
    """The tables waiting for players, and the keys to sit at one, open one or quick match."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("down", "move(1)", "key_move", key_display="↑↓", id="lobby-move"),
        Binding("up", "move(-1)", show=False, id="lobby-move-up"),
        Binding("enter", "join", "key_lobby_join", key_display="⏎", id="lobby-join"),
        Binding("w", "watch", "key_lobby_watch", id="lobby-watch"),
        Binding("o", "open", "key_lobby_open", id="lobby-open"),
        Binding("m", "match", "key_lobby_match", id="lobby-match"),
        Binding("c", "code", "key_lobby_code", id="lobby-code"),
        Binding("t", "tournament", "key_lobby_tournament", id="lobby-tournament"),
        # Not in the footer (no room at 80 columns): the lobby's head line offers it.
        Binding("g", "games", "key_lobby_games", show=False, id="lobby-games"),
        Binding("v", "view", "key_view_game", id="lobby-view"),
        # Not in the footer either: the head line offers it.
        Binding("s", "standings", "key_lobby_standings", show=False, id="lobby-standings"),
        Binding("q,escape", "leave", "key_leave", id="lobby-leave"),
    ]

    DEFAULT_CSS = """
    LobbyScreen #lobby-head { padding: 0 1; height: auto; }
    LobbyScreen #lobby-tables, LobbyScreen #lobby-games { height: 1fr; margin: 0 1; }
    LobbyScreen #lobby-games { display: none; }
    LobbyScreen.-games #lobby-tables { display: none; }
    LobbyScreen.-games #lobby-games { display: block; }
    LobbyScreen #lobby-note { padding: 0 1; height: auto; }
    """

    def __init__(self, lobby: Lobby) -> None:
        super().__init__()
        self.lobby = lobby
        self.t = Translator(lobby.lang)
        self.tables: tuple[OpenTable, ...] = ()
        self.read_once = False
        self.busy = False  # a seat is being taken: nothing else is asked meanwhile
        self.busy_note = "lobby_busy"  # what is being done meanwhile, said under the list
        self.problem: str | None = None
        self.tournaments = ""
        self.may_open = False  # a tournament (`t`): the host, or anyone if the host allows it
        self._keys: tuple[bool | None, ...] = ()  # what the footer offers, as it last did
        self.showing_games = False  # `g`: the club's games listed instead of the tables
        self.games: tuple[ClubGame, ...] | None = None  # None: not read yet
        self.games_problem: str | None = None

    def compose(self) -> ComposeResult:
        yield Static(id="lobby-head")
        table: DataTable[str] = DataTable(id="lobby-tables", cursor_type="row", zebra_stripes=True)
        table.can_focus = False  # the screen's keys move its cursor: the footer shows them all
        yield table
        games: DataTable[str] = DataTable(id="lobby-games", cursor_type="row", zebra_stripes=True)
        games.can_focus = False
        yield games
        yield Static(id="lobby-note")
        yield KeyFooter()

    def on_mount(self) -> None:
        self.t = translator(self)
        t = self.t
        table = self.query_one("#lobby-tables", DataTable)
        for key in ("code", "game", "seats", "free", "waited", "fill"):
            table.add_column(t(f"lobby_col_{key}"), key=key)
        games = self.query_one("#lobby-games", DataTable)
        for key in ("date", "game", "result", "players"):  # the names last: they may be long
            games.add_column(t(f"lobby_col_{key}"), key=key)
        self.show()
        self.read_tables()
        club = self.lobby.setup.table.host.database is not None
        self.set_interval(CLUB_REFRESH if club else REFRESH, self.read_tables)

    # ------------------------------------------------------------------ reading the tables

    def read_tables(self) -> None:
        if self.lobby.chosen is not None or self.lobby.away:  # read again when back
            return
        self.run_worker(self.fetch, thread=True, exclusive=True, group="lobby-list")

    def fetch(self) -> None:
        """In a worker thread: the tables waiting, posted to the screen."""
        tournaments: str | None = None
        host = self.lobby.setup.table.host
        with contextlib.suppress(OSError, ValueError, sqlite3.Error):
            tournaments = lobby_line(host.club_dir, self.t, datetime.now(UTC), host)
        may_open = is_local(self.opener_id()) or players_may_open(host.club_dir, host.database)
        try:
            tables = self.lobby.tables()
            down = None
            if host.database is not None:  # a club of several hosts: its directory read?
                from ...tables.directory import unreachable

                down = self.t("lobby_club_down") if unreachable(host) else None
            self.post_message(Listed(tables, down, tournaments, may_open))
        except TableError as error:
            self.post_message(Listed((), self.lobby.said(error), tournaments, may_open))

    def on_listed(self, message: Listed) -> None:
        self.tables, self.problem, self.read_once = message.tables, message.error, True
        if message.tournaments is not None:
            self.tournaments = message.tournaments
        self.may_open = message.may_open
        self.show()
        self.keys_changed()

    # ------------------------------------------------------------------ showing them

    def show(self) -> None:
        if self.showing_games:
            self.show_games()
            return
        t = self.t
        head = Text(t("lobby_title"), style="bold")
        head.append("\n" + t("lobby_about", seconds=int(self.lobby.fill)), style="")
        if self.tournaments:
            head.append("\n" + self.tournaments, style="")
        head.append("\n" + t("lobby_games_offer"), style="")
        head.append("\n" + t("lobby_tours_offer"), style="")
        self.query_one("#lobby-head", Static).update(head)
        table = self.query_one("#lobby-tables", DataTable)
        chosen = self.selected()
        table.clear()
        for entry in self.tables:
            seats = t("lobby_seats", people=entry.people, players=entry.players)
            if entry.ai:
                seats += " " + t("lobby_seats_ai", ai=entry.ai)
            fill = "" if entry.fill_in is None else t("lobby_fill_in", seconds=int(entry.fill_in))
            playing = entry.code in self.lobby.in_play
            table.add_row(
                plain(entry.code, lines=False),
                plain(self.lobby.title(entry), lines=False),
                seats,
                t("lobby_in_play") if playing else str(entry.free),
                waited_words(entry.waited),
                fill,
                key=entry.code,
            )
        codes = [entry.code for entry in self.tables]
        if chosen in codes:
            table.move_cursor(row=codes.index(chosen))
        note = self.query_one("#lobby-note", Static)
        if self.busy:
            note.update(t(self.busy_note))
        elif self.problem is not None:
            note.update(plain(self.problem, "bold"))
        elif self.read_once and not self.tables:
            note.update(t("lobby_none"))
        else:
            note.update(t("lobby_hint"))

    def show_games(self) -> None:
        """The club's games lately finished: when, the game, who won, who played and his
        score."""
        t = self.t
        head = Text(t("lobby_games_title"), style="bold")
        head.append("\n" + t("lobby_games_about"), style="")
        self.query_one("#lobby-head", Static).update(head)
        table = self.query_one("#lobby-games", DataTable)
        row = table.cursor_row
        table.clear()
        for number, game in enumerate(self.games or ()):
            result = ""
            if game.winner is not None and 0 <= game.winner < len(game.names):
                result = t("lobby_game_won", name=plain_words(game.names[game.winner]))
            scores = list(game.scores) + [None] * (len(game.names) - len(game.scores))
            players = ", ".join(
                name if score is None else f"{name} {score}"
                for name, score in zip(game.names, scores, strict=False)
            )
            table.add_row(
                game.ended,
                plain(preset_title(game.preset, self.t.lang), lines=False),
                plain(result, lines=False),
                plain(players, lines=False),
                key=str(number),
            )
        if self.games and 0 <= row < len(self.games):
            table.move_cursor(row=row)
        note = self.query_one("#lobby-note", Static)
        if self.games_problem is not None:
            note.update(plain(self.games_problem, "bold"))
        elif self.games is None:
            note.update(t("lobby_games_reading"))
        elif not self.games:
            note.update(t("lobby_games_none"))
        else:
            note.update(t("lobby_games_hint"))

    def chosen_game(self) -> ClubGame | None:
        """The club's game under the cursor, if the games are shown and there is one."""
        if not self.showing_games or not self.games:
            return None
        row = self.query_one("#lobby-games", DataTable).cursor_row
        return self.games[row] if 0 <= row < len(self.games) else None

    def selected(self) -> str | None:
        """The code of the table under the cursor, if any."""
        table = self.query_one("#lobby-tables", DataTable)
        row = table.cursor_row
        if not self.tables or not 0 <= row < len(self.tables):
            return None
        return self.tables[row].code

    def keys_changed(self) -> None:
        """The footer made again only when a key comes, goes or greys (every list read would
        otherwise rebuild it, blank for a moment)."""
        actions = (
            "join", "watch", "move", "open", "match", "code", "tournament", "view", "standings"
        )  # fmt: skip
        keys = tuple(self.check_action(a, ()) for a in actions)
        if keys != self._keys:
            self._keys = keys
            self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "view":  # only where the games are listed, greyed on none
            if not self.showing_games:
                return False
            return True if self.chosen_game() is not None else None
        if action in ("join", "watch") and self.showing_games:
            return False
        if action in ("join", "watch"):  # a seat at a table waiting; watching one in play
            code = self.selected()
            playing = code in self.lobby.in_play
            wanted = playing if action == "watch" else not playing
            return None if self.busy or code is None or not wanted else True
        if action == "move":
            listed = len(self.games or ()) if self.showing_games else len(self.tables)
            return True if listed > 1 else None
        if action in ("open", "match", "code"):
            return None if self.busy else True
        if action == "tournament":
            return None if self.busy or not self.may_open else True
        if action == "standings":
            return None if self.busy else True
        return True

    # ------------------------------------------------------------------ the keys

    def action_move(self, delta: int) -> None:
        if self.showing_games:
            games = self.query_one("#lobby-games", DataTable)
            if self.games:
                games.move_cursor(row=max(0, min(len(self.games) - 1, games.cursor_row + delta)))
            self.keys_changed()
            return
        table = self.query_one("#lobby-tables", DataTable)
        if self.tables:
            table.move_cursor(row=max(0, min(len(self.tables) - 1, table.cursor_row + delta)))
        self.keys_changed()

    def action_games(self) -> None:
        """The club's games lately finished, or the tables again."""
        self.showing_games = not self.showing_games
        self.set_class(self.showing_games, "-games")
        if self.showing_games:
            self.read_games()
        self.show()
        self.keys_changed()

    def read_games(self) -> None:
        self.run_worker(self.fetch_games, thread=True, exclusive=True, group="lobby-games")

    def fetch_games(self) -> None:
        """In a worker thread: the club's games lately finished here, posted to the screen."""
        host = self.lobby.setup.table.host
        try:
            self.post_message(GamesListed(club_games(host)))
        except (OSError, ValueError, sqlite3.Error) as error:  # the index's own: ValueError
            self.post_message(GamesListed((), error_words(self.t.lang, error, host)))

    def on_games_listed(self, message: GamesListed) -> None:
        self.games, self.games_problem = message.games, message.error
        self.show()
        self.keys_changed()

    def action_view(self) -> None:
        """The game chosen, stepped through over the lobby, as its looker may see it (his
        seat where he sat; else no hand, unless every person at the table allowed it); a
        record gone or that does not replay is said in one line, and nothing changes."""
        from ...engine.record import RecordError
        from ...store.seal import record_key
        from ..render import Palette
        from ..viewing import open_game
        from .viewer import ViewerScreen

        game = self.chosen_game()
        if game is None:
            return
        setup = self.lobby.setup
        host = setup.table.host
        person = looker(game, person_of(setup.who, setup.table.name, host.hosted), host)
        palette = Palette(ascii_only=setup.table.ascii, lang=self.t.lang)
        if game.data is None and not game.path.is_file():
            self.notify(self.t("lobby_game_gone"), severity="error", markup=False)
            return
        try:
            key = record_key(host.data_dir)
            viewed = open_game(
                game.shown_path,
                self.t,
                palette,
                game.number,
                key=key,
                club=True,
                person=person,
                data=game.data,
            )
        except (RecordError, ValueError, OSError) as error:
            self.notify(error_words(self.t.lang, error, host), severity="error", markup=False)
            return
        self.app.push_screen(ViewerScreen(viewed))

    def action_join(self) -> None:
        code = self.selected()
        if code is not None and not self.busy:
            self.sit(lambda: self.lobby.join(code))

    def action_watch(self) -> None:
        code = self.selected()
        if code is not None and not self.busy and code in self.lobby.in_play:
            self.sit(lambda: self.lobby.watch(code))

    def action_open(self) -> None:
        self.choose_preset("lobby_open_title", lambda name: self.lobby.open(name))

    def action_match(self) -> None:
        self.choose_preset("lobby_match_title", lambda name: self.lobby.match(name))

    def action_code(self) -> None:
        from .start import CodeScreen

        def answered(code: str | None) -> None:
            if code:
                self.sit(lambda: self.lobby.join(code))

        if not self.busy:
            self.app.push_screen(CodeScreen(self.t), answered)

    def opener_id(self) -> str:
        """Who opens a tournament from here, as the club tells players apart (a hosted
        player by his own id, never as the host whose folder the lobby runs in)."""
        return player_id(self.lobby.player_host())

    def action_tournament(self) -> None:
        """A tournament opened in a dialog (its refusals said there), then told and listed."""
        if self.busy or not self.may_open:
            return
        host = self.lobby.setup.table.host
        by = self.opener_id()

        def opener(name: str, preset: str, deals: int, opens: str, closes: str) -> Spec:
            return open_tournament(
                name, preset, deals, opens, closes, by, host.club_dir, database=host.database
            )

        def opened(spec: Spec | None) -> None:
            if spec is not None:
                line = state_line(spec, self.t, datetime.now(UTC))
                self.notify(self.t("tour_opened", tournament=line), markup=False)
                self.read_tables()

        presets = {name: self.lobby.setup.presets[name] for name, _ in self.lobby.preset_titles()}
        dialog = TournamentOpenScreen(self.t, presets, opener, only_offered=host.hosted)
        self.app.push_screen(dialog, opened)

    def action_standings(self) -> None:
        """The club's tournaments and their standings; the one chosen there played, or its
        review shown (`tournament_chosen`)."""
        from .tournaments import TournamentsScreen

        if self.busy:
            return
        host = self.lobby.player_host()
        dialog = TournamentsScreen(self.t, host, player_id(host), self.lobby.setup.table.ascii)
        self.app.push_screen(dialog, self.tournament_chosen)

    def tournament_chosen(self, chosen: Chosen | None) -> None:
        """Its next deal opened (or its review made) in a worker thread, the keys greyed
        meanwhile: the deal is then played at the table over the lobby (`TournamentReady`)."""
        from .tournaments import PLAY

        if chosen is None or self.busy:
            return
        action, spec = chosen
        self.busy = True
        self.busy_note = "tours_opening" if action == PLAY else "tour_review_preparing"
        self.show()
        self.keys_changed()
        how = self.open_tournament if action == PLAY else self.review_tournament
        self.run_worker(lambda: how(spec), thread=True, group="lobby-seat")

    def open_tournament(self, spec: Spec) -> None:
        """In a worker thread: this person's next deal of `spec` (or the one he left), as
        `thousand tournaments play` opens it; what was said instead where there is none."""
        from ...engine.record import RecordError
        from ...options import TableFlags
        from ...tournament import Tournament, time_words
        from ..daily_table import daily_setup, open_next
        from ..tournament_run import TournamentRun

        t = self.t
        table = self.lobby.setup.table
        host = self.lobby.player_host()
        flags = TableFlags(host=host, preset=spec.preset, name=table.name, lang=t.lang,
                           ascii=table.ascii, pace=table.pace)  # fmt: skip
        try:
            setup = daily_setup(flags)
            state = spec.state(datetime.now(UTC))
            if state != "open":
                key = "tour_not_yet" if state == "soon" else "tour_over"
                when = time_words(spec.opens if state == "soon" else spec.closes)
                command = typed(f"tournaments show {quoted(spec.name)}", host)
                self.post_message(TournamentReady(said=t(key, when=when, command=command)))
                return
            day = Tournament.of(spec, host.club_dir, host.database)
            player = player_id(host)
            found = open_next(day, player, setup)
        except (RecordError, SetupError, PresetError, ValueError, OSError) as error:
            self.post_message(TournamentReady(said=error_words(t.lang, error, host)))
            return
        if found is None:
            said = t("tour_all_played", deals=t.count("w_deal", spec.deals))
            self.post_message(TournamentReady(said=said))
            return
        opened, events = found
        self.post_message(TournamentReady(TournamentRun(day, player, setup, opened, events)))

    def review_tournament(self, spec: Spec) -> None:
        """In a worker thread: the duplicate review of each deal of `spec` this person
        played, as `thousand tournaments review` makes it; why not where it cannot be."""
        from ...engine.record import RecordError
        from ...store.index import open_club
        from ...tournament import Tournament, time_words
        from ..duplicate import played_deals, review_day

        t = self.t
        host = self.lobby.player_host()
        try:
            if spec.state(datetime.now(UTC)) != "closed":
                said = t("tour_review_later", when=time_words(spec.closes))
                self.post_message(TournamentReady(said=said))
                return
            day = Tournament.of(spec, host.club_dir, host.database)
            player = player_id(host)
            with open_club(host) as index:
                if not played_deals(day, index, player):
                    said = t("tour_review_none", name=shown(spec.name))
                    self.post_message(TournamentReady(said=said))
                    return
                reviews = review_day(day, index, player, t("you_name"), t.level("hard"))
        except (RecordError, ValueError, OSError) as error:
            self.post_message(TournamentReady(said=error_words(t.lang, error, host)))
            return
        title = t("tour_review_title", name=shown(spec.name), preset=preset_title(day.name, t.lang))
        self.post_message(TournamentReady(reviews=reviews, title=title))

    def on_tournament_ready(self, message: TournamentReady) -> None:
        from ..screens.duplicate import DuplicateScreen

        self.busy = False
        self.show()
        self.keys_changed()
        if message.said is not None:
            self.notify(message.said, markup=False)
        elif message.reviews is not None:
            self.app.push_screen(DuplicateScreen(message.reviews, message.title))
        elif message.run is not None:
            self.lobby.away = True
            table_app(self).play_tournament(message.run)

    def choose_preset(self, title: str, how: Callable[[str], SharedSession]) -> None:
        if self.busy:
            return

        def chosen(name: str | None) -> None:
            if name is not None:
                self.sit(lambda: how(name))

        dialog = PresetScreen(self.t(title), self.lobby.preset_titles(), self.t)
        self.app.push_screen(dialog, chosen)

    def sit(self, how: Callable[[], SharedSession]) -> None:
        self.busy = True
        self.busy_note = "lobby_busy"
        self.show()
        self.keys_changed()

        def take() -> None:  # in a worker thread
            try:
                self.post_message(Seated(how()))
            except (TableError, SetupError, PresetError) as error:
                self.post_message(Seated(None, self.lobby.said(error)))

        self.run_worker(take, thread=True, group="lobby-seat")

    def on_seated(self, message: Seated) -> None:
        self.busy = False
        if message.shared is not None:
            self.lobby.sat(message.shared)
            return
        self.notify(message.error or "", severity="error", markup=False)
        self.show()
        self.keys_changed()

    def back(self) -> None:
        """Back from a table: the tables waiting, read again at once."""
        self.lobby.away = False
        self.show()
        self.keys_changed()
        self.read_tables()

    def action_leave(self) -> None:
        self.app.exit()


class PresetScreen(Dialog[str | None]):
    """The presets one may open or quick match; Enter chooses, Escape goes back."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "back", "key_close", key_display="esc", id="back"),
    ]

    DEFAULT_CSS = """
    PresetScreen { align: center middle; }
    PresetScreen > #dialog {
        width: 50; max-width: 100%; height: auto; border: round $primary; padding: 0 1;
        background: $surface;
    }
    PresetScreen OptionList, PresetScreen OptionList:focus {
        height: auto; max-height: 12; border: none; padding: 0;
    }
    """

    def __init__(self, title: str, presets: list[tuple[str, str]], t: Translator) -> None:
        super().__init__()
        self.title_text = title
        self.presets = presets
        self.t = t

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog") as dialog:
            dialog.border_title = plain(self.title_text, lines=False)
            options = [Option(plain(title, lines=False), id=name) for name, title in self.presets]
            yield OptionList(*options)
        yield KeyFooter()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.dismiss(event.option.id)

    def action_back(self) -> None:
        self.dismiss(None)
