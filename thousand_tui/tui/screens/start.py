"""The start screen: a new game (its table, players, levels, your name, the language), a saved
game to continue, the conventions of a preset, quit.

Every line is a `Choice` of one list, so ↑↓ and Enter, ← → and a click all work the same way.
A line is made by `settings()` (a value to change: Enter, a click or → takes the next one) or
by `entries()` (something to do); to offer something more, add a line to one of them. The
choices are kept (`startup.Choices`) when the screen is left, for a game or for good.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from functools import cached_property, partial
from typing import Any, ClassVar

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Center, Vertical
from textual.css.scalar import Scalar
from textual.screen import Screen
from textual.widgets import Input, Static

from ...options import WATCHERS
from ...presets import Preset
from ...settings import LANGUAGES, LEVELS, MAX_NAME, SUIT_ORDERS, SetupError, check_name
from ...store.catalog import SavedGame, error_words, games_dir, local_date, typed
from ..i18n import Translator
from ..messages import RatingRead
from ..plain import plain
from ..session import opponent_names
from ..startup import (
    OPEN_CLOCKS,
    PACES,
    Choices,
    SharedChoice,
    StartOffer,
    motion_of,
    pace_of,
    preset_title,
    unfinished_games,
)
from ..widgets.base import KeyFooter, table_app
from ..widgets.choices import Choice, ChoiceList
from .common import Dialog
from .result import AUTO_NEXT

LABEL_WIDTH = 16
LEVEL_ORDER = sorted(LEVELS, key=lambda level: (level == "random", LEVELS.index(level)))
"""The levels as the start screen offers them: weakest to strongest, then random."""


@dataclass
class Setting:
    """A line with a value: `values` to choose from, `shown` puts one in words, `keep` stores
    the chosen one in the choices; or, with `edit`, a value typed in a dialog that `edit`
    opens."""

    id: str
    label: str
    values: Sequence[Any]
    value: Any
    shown: Callable[[Any], str]
    keep: Callable[[Any], None]
    edit: Callable[[], None] | None = None

    @property
    def changeable(self) -> bool:
        return len(self.values) > 1 or self.edit is not None


@dataclass
class Entry:
    """A line that does something when chosen."""

    id: str
    label: str
    run: Callable[[], None]
    heading: bool = False  # a title over the lines below it, not a choice


Line = Setting | Entry


class StartScreen(Screen[None]):
    AUTO_FOCUS = "#start-list"

    # The list's own keys, as priority bindings: shown in the footer (a click there works too).
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("down", "move(1)", "key_move", key_display="↑↓", priority=True, id="move"),
        Binding("up", "move(-1)", show=False, priority=True, id="move-up"),
        Binding("left", "adjust(-1)", "key_change", key_display="←→", priority=True, id="adjust"),
        Binding("right", "adjust(1)", show=False, priority=True, id="adjust-up"),
        Binding("enter", "select", "key_ok", key_display="⏎", priority=True, id="ok"),
        Binding("v", "view_saved", "key_view_game", id="view-saved"),
        Binding("c", "conventions", "key_rules", id="conventions"),
        Binding("question_mark,f1", "app.help", "key_help", key_display="?", id="help"),
        Binding("q", "quit", "key_quit", id="quit"),
    ]

    def __init__(self, offer: StartOffer, choices: Choices) -> None:
        super().__init__()
        self.offer = offer
        self.choices = offer.fit(choices)
        self.lines: list[Line] = []

    @cached_property
    def saved(self) -> list[SavedGame]:
        """The player's games that can be continued (read once, from his data folder)."""
        return unfinished_games(games_dir(table_app(self).setup.host.data_dir))

    @property
    def t(self) -> Translator:
        return table_app(self).t

    @property
    def preset(self) -> Preset:
        """The preset of the new game, as chosen."""
        return self.offer.preset(self.choices.preset, self.offer.players_of(self.choices))

    # ------------------------------------------------------------------ the lines

    def settings(self) -> list[Setting]:
        t, choices, offer = self.t, self.choices, self.offer
        players = offer.players_of(choices)
        lines = [
            Setting(
                "preset",
                t("start_preset"),
                offer.names,
                choices.preset,
                lambda name: offer.preset(name).title_in(t.lang),
                self.keep_preset,
            ),
            Setting(
                "players",
                t("start_players"),
                offer.player_counts(),
                players,
                str,
                self.keep_players,
            ),
        ]
        fixed = offer.fixed_levels(players)
        names = opponent_names(t.lang, choices.name or t("you_name"))
        for seat in range(1, players):
            level = fixed[seat - 1] if fixed else choices.levels[seat - 1]
            lines.append(
                Setting(
                    f"level-{seat}",
                    t("start_level", name=names[seat - 1]),
                    [level] if fixed else LEVEL_ORDER,
                    level,
                    self.level_words if not fixed else self.host_level_words,
                    partial(self.keep_level, seat),
                )
            )
        lines.append(
            Setting(
                "name",
                t("start_name"),
                [],
                choices.name,
                self.name_words,
                self.keep_name,
                edit=self.edit_name,
            )
        )
        lines.append(
            Setting(
                "lang",
                t("start_lang"),
                LANGUAGES,
                choices.lang,
                lambda lang: Translator(lang)("lang_name"),
                self.keep_lang,
            )
        )
        lines.append(
            Setting(
                "hints",
                t("start_hints"),
                [True, False],
                choices.hints,
                lambda on: t("start_hints_on" if on else "start_hints_off"),
                self.keep_hints,
            )
        )
        return lines

    def motion_settings(self) -> list[Setting]:
        """How the opponents' moves are shown: their pace, and the motion of the screen."""
        t, base = self.t, table_app(self).setup
        pace = pace_of(base, self.choices)
        paces = sorted({*PACES, pace})
        reduced = motion_of(base, self.choices)
        return [
            Setting("pace", t("start_pace"), paces, pace, self.pace_words, self.keep_pace),
            Setting(
                "motion",
                t("start_motion"),
                [False, True],
                reduced,
                lambda off: t("start_motion_off" if off else "start_motion_on"),
                self.keep_motion,
            ),
        ]

    def pace_words(self, pace: float) -> str:
        if pace == 0:
            return self.t("start_pace_instant")
        seconds = f"{pace:g}" if self.t.lang == "en" else f"{pace:g}".replace(".", ",")
        return self.t("start_pace_seconds", seconds=seconds)

    def keep_pace(self, pace: float) -> None:
        self.choices.pace = pace

    def keep_motion(self, reduced: bool) -> None:
        self.choices.reduced_motion = reduced

    def hand_settings(self) -> list[Setting]:
        """How the hand is shown and played: the order of its suits, the only legal card
        played by itself, the next deal begun by itself, a card taken back (not on a club's
        server, whose games are rated for everyone), each finished deal analysed by itself (not
        where hosted: twenty players' analyses would take the host's cores)."""
        t, choices = self.t, self.choices
        orders = list(SUIT_ORDERS)
        if choices.suit_order not in orders:  # any other order, given with --suit-order
            orders.append(choices.suit_order)
        settings = [
            Setting(
                "suit-order",
                t("start_suit_order"),
                orders,
                choices.suit_order,
                self.suit_order_words,
                self.keep_suit_order,
            ),
            Setting(
                "auto-play",
                t("start_auto_play"),
                [False, True],
                choices.auto_play,
                lambda on: t("start_auto_play_on" if on else "start_auto_play_off"),
                partial(self.keep_flag, "auto_play"),
            ),
            Setting(
                "auto-next",
                t("start_auto_next"),
                [False, True],
                choices.auto_next,
                lambda on: (
                    t("start_auto_next_on", seconds=AUTO_NEXT) if on else t("start_auto_next_off")
                ),
                partial(self.keep_flag, "auto_next"),
            ),
        ]
        if not table_app(self).setup.host.hosted:
            settings.append(
                Setting(
                    "take-back",
                    t("start_take_back"),
                    [False, True],
                    choices.take_back,
                    lambda on: t("start_take_back_on" if on else "start_take_back_off"),
                    partial(self.keep_flag, "take_back"),
                )
            )
        if not table_app(self).setup.host.hosted:
            settings.append(
                Setting(
                    "auto-analysis",
                    t("start_auto_analysis"),
                    [True, False],
                    choices.auto_analysis,
                    lambda on: t("start_auto_analysis_on" if on else "start_auto_analysis_off"),
                    partial(self.keep_flag, "auto_analysis"),
                )
            )
        # At a shared table, over SSH too: whether the others may see your hands once the
        # game is over (every hand is opened only where every person allowed it).
        settings.append(
            Setting(
                "open-hands",
                t("start_open_hands"),
                [False, True],
                choices.open_hands,
                lambda on: t("start_open_hands_on" if on else "start_open_hands_off"),
                partial(self.keep_flag, "open_hands"),
            )
        )
        host = table_app(self).setup.host
        if not host.browser:  # the line mode needs the terminal itself
            settings.append(
                Setting(
                    "plain",
                    t("start_plain"),
                    [False, True],
                    choices.plain,
                    lambda on: (
                        t("start_plain_on")
                        if on
                        else t("start_plain_off", command=typed("--plain", host, "plain"))
                    ),
                    partial(self.keep_flag, "plain"),
                )
            )
        return settings

    def suit_order_words(self, order: str) -> str:
        return " ".join(table_app(self).palette.suit_label(letter) for letter in order)

    def keep_suit_order(self, order: str) -> None:
        self.choices.suit_order = order

    def keep_flag(self, name: str, on: bool) -> None:
        setattr(self.choices, name, on)

    def entries(self) -> list[Line]:
        t = self.t
        lines: list[Line] = [Entry("start", t("start_new"), self.start_game)]
        lines += self.settings()
        title = self.preset.title_in(t.lang)
        lines.append(Entry("rules", t("start_rules", preset=title), self.action_conventions))
        if self.saved:
            lines.append(Entry("saved-title", t("start_continue"), lambda: None, heading=True))
            for number, save in enumerate(self.saved):
                lines.append(Entry(f"saved-{number}", self.saved_words(save), self.continuer(save)))
        if not table_app(self).setup.host.hosted:  # over SSH: the words `open` and `join` do it
            lines.append(Entry("open-table", t("start_open"), self.open_shared))
            lines.append(
                Setting(
                    "open-hints",
                    t("start_open_hints"),
                    [False, True],
                    self.choices.open_hints,
                    lambda on: t("start_open_hints_on" if on else "start_hints_off"),
                    partial(self.keep_flag, "open_hints"),
                )
            )
            lines.append(
                Setting(
                    "open-clock",
                    t("start_open_clock"),
                    list(OPEN_CLOCKS),
                    self.choices.open_clock,
                    self.clock_words,
                    self.keep_open_clock,
                )
            )
            lines.append(
                Setting(
                    "open-watchers",
                    t("start_open_watchers"),
                    list(WATCHERS),
                    self.choices.open_watchers,
                    lambda rule: t(f"start_watchers_{rule}"),
                    partial(setattr, self.choices, "open_watchers"),
                )
            )
            lines.append(Entry("join-table", t("start_join"), self.ask_code))
            lines.append(Entry("lobby", t("start_lobby"), self.open_lobby))
        # How the table plays, in a new game and in one continued: below the saved games,
        # which a returning player looks for first.
        lines.append(Entry("comfort-title", t("start_comforts"), lambda: None, heading=True))
        lines += self.motion_settings()
        lines += self.hand_settings()
        lines.append(Entry("quit", t("start_quit"), self.action_quit))
        return lines

    def clock_words(self, seconds: int) -> str:
        if not seconds:
            return self.t("start_open_clock_off")
        return self.t("start_open_clock_on", seconds=seconds)

    def keep_open_clock(self, seconds: int) -> None:
        self.choices.open_clock = seconds

    def level_words(self, level: str) -> str:
        return self.t.level(level)

    def host_level_words(self, level: str) -> str:
        return f"{self.t.level(level)} ({self.t('start_host_levels')})"

    def name_words(self, name: str) -> str:
        return name or self.t("you_name")

    def saved_words(self, save: SavedGame) -> str:
        """Two lines: when, which table and which deal; then each seat's score, with the
        level of each AI opponent."""
        t = self.t
        seats = []
        for seat, (name, score) in enumerate(zip(save.players, save.scores, strict=False)):
            level = save.levels[seat] if seat < len(save.levels) else ""
            key = "start_saved_ai" if level else "start_saved_person"
            seats.append(t(key, name=name, level=t.level(level), score=score))
        head = t(
            "start_saved_game",
            date=local_date(save.created),
            preset=preset_title(save.preset, t.lang),
            deal=max(1, save.deals),
        )
        return f"{head}\n   {' · '.join(seats)}"

    # ------------------------------------------------------------------ layout

    def compose(self) -> ComposeResult:
        yield Static(self.t("start_title"), id="start-title")
        with Center(id="start-middle"), Vertical(id="start-box"):
            yield ChoiceList(self.make_choices(), id="start-list")
            yield Static("", id="start-more")
            yield Static(plain(self.about()), id="start-about")
        yield KeyFooter()

    def on_mount(self) -> None:
        if self.left:
            return
        self.call_after_refresh(self.fit_list)
        self.watch(self.query_one(ChoiceList), "scroll_y", self.show_more, init=False)
        self.read_rating()

    @property
    def left(self) -> bool:
        """Taken down already (a game chosen at once, the start screen replaced by the
        table): what was to follow its drawing, its fit to a new size, has nothing to fit.
        Its widgets go one by one, so any of them gone says so."""
        parts = ("#start-box", "#start-about", "#start-more")  # what fitting the list reads
        return not self.query(ChoiceList) or not all(self.query(part) for part in parts)

    @work(thread=True, exclusive=True, exit_on_error=False, group="rating")
    def read_rating(self) -> None:
        """In a worker: the player's rating, made from the club's games (the index brought up
        to date first, which may read records). The start screen never waits for it, and
        goes on without it if the index cannot be read."""
        import sqlite3

        from ...club import my_rating
        from ...store.index import ClubIndexError

        try:
            rating = my_rating(table_app(self).setup.host)
        except (ClubIndexError, sqlite3.Error, OSError, ValueError):
            rating = None
        self.post_message(RatingRead(rating))

    def on_rating_read(self, message: RatingRead) -> None:
        rating = message.rating
        if rating is None or rating.games == 0 or self.left:
            return
        now = rating.at(datetime.now(UTC))
        mark = "?" if now.provisional else ""
        said = self.t(
            "start_rating", rating=f"{round(now.rating)}{mark}", deviation=round(now.deviation)
        )
        title = f"{self.t('start_title')} · {said}"
        self.query_one("#start-title", Static).update(plain(title))

    def on_resize(self) -> None:
        self.call_after_refresh(self.fit_list)

    def fit_list(self) -> None:
        """The list takes the room the description below it leaves, and scrolls within it:
        the description stays on the screen however many lines (saved games) there are."""
        if self.left:
            return
        box = self.query_one("#start-box")
        about = self.query_one("#start-about", Static)
        listed = self.query_one(ChoiceList)
        used = about.outer_size.height + about.styles.margin.top + listed.styles.margin.top
        room = max(3, box.content_size.height - used - 1)  # a line for "more below"
        if listed.styles.max_height != Scalar.from_number(room):
            listed.styles.max_height = room
        self.call_after_refresh(self.show_more)

    def show_more(self) -> None:
        """Under the list, when it goes on below what the screen shows: the lines there, by
        name (a thin scrollbar alone is easily missed)."""
        if self.left:
            return
        listed = self.query_one(ChoiceList)
        more = self.query_one("#start-more", Static)
        names = list(dict.fromkeys(self.short_name(index) for index in self.below(listed)))
        text = self.t("start_more_below", names=", ".join(names)) if names else ""
        width = max(10, more.content_size.width or 78)
        if len(text) > width:
            text = text[: width - 1] + "…"
        more.update(plain(text))

    def short_name(self, index: int) -> str:
        """A line as "more below" names it: a saved game by the heading over them all."""
        line = self.lines[index]
        if line.id.startswith("saved-"):
            line = self.line("saved-title") or line
        return line.label.split("\n")[0].rstrip(":").strip()

    def below(self, listed: ChoiceList) -> list[int]:
        """The lines of the list (by index) that are wholly below its visible part."""
        bottom = round(listed.scroll_y) + listed.scrollable_content_region.height
        lines = listed._lines  # (option index, line of it) for each line of the list
        if bottom >= len(lines):
            return []
        shown = {index for index, _ in lines[:bottom]}
        return [
            index
            for index in dict.fromkeys(index for index, _ in lines[bottom:])
            if index not in shown and index < len(self.lines)
        ]

    def make_choices(self) -> list[Choice]:
        self.lines = self.entries()
        return [
            Choice(line.id, self.line_text(line), disabled=isinstance(line, Entry) and line.heading)
            for line in self.lines
        ]

    def line_text(self, line: Line) -> Text:
        if isinstance(line, Entry):
            style = "bold" if line.heading or line.id == "start" else ""
            return Text(line.label, style=style, no_wrap=True, overflow="ellipsis")
        out = Text(f"{line.label:<{LABEL_WIDTH}}")
        value = line.shown(line.value)
        out.append(f"‹ {value} ›" if line.changeable else f"  {value}", style="bold")
        return out

    def about(self) -> str:
        """The chosen preset in one paragraph: its first line of description."""
        description = self.preset.description_in(self.t.lang).strip()
        return description.split("\n\n")[0].replace("\n", " ")

    def redraw(self, keep: str | None = None) -> None:
        """Show the lines again after a change (a setting may add or remove others)."""
        listed = self.query_one(ChoiceList)
        highlighted = keep or (listed.current.id if listed.current else None)
        listed.set_choices(self.make_choices())
        if highlighted is not None:
            listed.highlight(highlighted)
        self.query_one("#start-about", Static).update(plain(self.about()))
        self.call_after_refresh(self.fit_list)

    # ------------------------------------------------------------------ choosing

    def line(self, line_id: str) -> Line | None:
        return next((line for line in self.lines if line.id == line_id), None)

    def on_option_list_option_selected(self, event: ChoiceList.OptionSelected) -> None:
        event.stop()
        line = self.line(event.option_id or "")
        if isinstance(line, Entry):
            line.run()
        elif isinstance(line, Setting):
            self.change(line, 1)

    def action_adjust(self, delta: int) -> None:
        current = self.query_one(ChoiceList).current
        line = self.line(current.id) if current else None
        if isinstance(line, Setting):
            self.change(line, delta)

    def change(self, setting: Setting, delta: int) -> None:
        if setting.edit is not None:
            setting.edit()
            return
        if len(setting.values) < 2:
            return
        values = list(setting.values)
        index = values.index(setting.value) if setting.value in values else 0
        lang = self.t.lang
        setting.keep(values[(index + delta) % len(values)])
        if self.t.lang == lang:
            self.redraw(setting.id)
            return
        # Another language: the whole screen again, the footer too.
        self.refresh(recompose=True)
        self.call_after_refresh(self.recomposed, setting.id)

    def recomposed(self, highlighted: str) -> None:
        """The screen made again in another language: the line highlighted as before, the
        footer's keys shown, and the new list fitted to the room the description leaves (as
        when first shown)."""
        self.query_one(ChoiceList).highlight(highlighted)
        self.refresh_bindings()  # the new footer's keys, in the new language
        self.call_after_refresh(self.fit_list)

    def keep_preset(self, name: str) -> None:
        self.choices.preset = name
        self.choices.players = None  # the preset's own number of players

    def keep_players(self, players: int) -> None:
        own = self.offer.preset(self.choices.preset).rules.players
        self.choices.players = None if players == own else players

    def keep_level(self, seat: int, level: str) -> None:
        self.choices.levels[seat - 1] = level

    def edit_name(self) -> None:
        self.app.push_screen(NameScreen(self.choices.name, self.t), self.keep_name)

    def keep_name(self, name: str | None) -> None:
        if name is not None:
            self.choices.name = name
            self.redraw("name")

    def keep_hints(self, on: bool) -> None:
        self.choices.hints = on

    def keep_lang(self, lang: str) -> None:
        self.choices.lang = lang
        table_app(self).set_language(lang)

    # ------------------------------------------------------------------ what the lines do

    def start_game(self) -> None:
        app = table_app(self)
        seed = random.randrange(1, 1_000_000)
        try:
            setup = self.offer.setup(app.setup, self.choices, seed)
        except (SetupError, ValueError, OSError) as error:
            self.notify(
                error_words(self.t.lang, error, app.setup.host), severity="error", markup=False
            )
            return
        app.keep_choices(self.choices)  # now, not only when the screen goes
        app.open_table(setup, plain=self.choices.plain)

    def open_shared(self) -> None:
        """Open a shared table of the game as chosen: friends join with its code, and the
        first opponent's level plays the seats nobody takes; hints if allowed below it."""
        self.leave_for_shared("open")

    def open_lobby(self) -> None:
        """The lobby: the tables waiting for players, to sit at one, open one or quick match
        (the first opponent's level plays the seats nobody takes at a table opened there)."""
        self.leave_for_shared("lobby")

    def ask_code(self) -> None:
        def answered(code: str | None) -> None:
            if code:
                self.leave_for_shared("join", code)

        self.app.push_screen(CodeScreen(self.t), answered)

    def leave_for_shared(self, kind: str, code: str = "") -> None:
        app = table_app(self)
        try:
            setup = self.offer.setup(app.setup, self.choices, random.randrange(1, 1_000_000))
        except (SetupError, ValueError, OSError) as error:
            self.notify(
                error_words(self.t.lang, error, app.setup.host), severity="error", markup=False
            )
            return
        app.keep_choices(self.choices)
        level = setup.levels[0] if setup.levels else "easy"
        hints = kind == "open" and self.choices.open_hints
        clock = self.choices.open_clock if kind == "open" else 0
        watchers = self.choices.open_watchers if kind == "open" else None
        choice = SharedChoice(kind, setup, level, code, hints, clock, watchers)
        app.to_shared(choice, plain=self.choices.plain)

    def continuer(self, save: SavedGame) -> Callable[[], None]:
        def run() -> None:
            app = table_app(self)
            app.keep_choices(self.choices)
            app.continue_game(save.path, save.lang, self.choices, plain=self.choices.plain)

        return run

    def action_conventions(self) -> None:
        from .info import ConventionsScreen

        app = table_app(self)
        self.app.push_screen(ConventionsScreen(self.preset, self.t, app.palette))

    def action_quit(self) -> None:
        self.app.exit()

    def on_unmount(self) -> None:
        """However the screen is left (a game, q, Ctrl+C, a hang-up), the choices are kept."""
        table_app(self).keep_choices(self.choices)

    def action_move(self, delta: int) -> None:
        listed = self.query_one(ChoiceList)
        if delta > 0:
            listed.action_cursor_down()
        else:
            listed.action_cursor_up()
        self.refresh_bindings()  # `v` is there on a saved game only

    def on_option_list_option_highlighted(self) -> None:
        self.refresh_bindings()  # a line highlighted by the mouse too

    def saved_here(self) -> SavedGame | None:
        """The saved game on the highlighted line, if it is one."""
        current = self.query_one(ChoiceList).current
        name = current.id if current is not None else ""
        number = name.removeprefix("saved-")
        if name.startswith("saved-") and number.isdigit() and int(number) < len(self.saved):
            return self.saved[int(number)]
        return None

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "view_saved":
            return self.is_mounted and self.saved_here() is not None
        return True

    def action_view_saved(self) -> None:
        """The saved game on the highlighted line, stepped through as it stands (only your
        cards: it is not over); a record that does not replay is said, and left as it is."""
        from ...store.analyses import cache_path
        from ...store.seal import record_key
        from ..club_games import own_person
        from ..viewing import open_game
        from .viewer import ViewerScreen

        save = self.saved_here()
        if save is None:
            return
        app = table_app(self)
        host = app.setup.host
        try:
            key = record_key(host.data_dir)
            viewed = open_game(
                save.path,
                self.t,
                app.palette,
                cache=cache_path(host.data_dir),
                key=key,
                person=own_person(host),
            )
        except (ValueError, OSError) as error:
            self.app.notify(error_words(self.t.lang, error, host), severity="error")
            return
        self.app.push_screen(ViewerScreen(viewed))

    def action_select(self) -> None:
        self.query_one(ChoiceList).action_select()


class NameScreen(Dialog[str | None]):
    """Your name at the table, typed in; Enter keeps it, Esc leaves it as it was."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "back", "key_close", key_display="esc", id="back"),
    ]

    def __init__(self, name: str, t: Translator) -> None:
        super().__init__(classes="-name")
        self.name_now = name
        self.t = t

    def compose(self) -> ComposeResult:
        t = self.t
        with Vertical(id="dialog") as dialog:
            dialog.border_title = t("start_name_title")
            yield Input(self.name_now, max_length=MAX_NAME, id="name-input")
            yield Static(t("start_name_help", max=MAX_NAME, default=t("you_name")), id="name-help")
        yield KeyFooter()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        text = event.value.strip()
        if not text:
            self.dismiss("")
            return
        try:
            name = check_name(text)
        except SetupError:
            self.query_one("#name-help", Static).update(self.t("start_name_bad", max=MAX_NAME))
            return
        self.dismiss(name or "")

    def action_back(self) -> None:
        self.dismiss(None)


class CodeScreen(Dialog[str | None]):
    """The code of a friend's shared table, typed in; Enter joins, Esc goes back."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "back", "key_close", key_display="esc", id="back"),
    ]

    def __init__(self, t: Translator) -> None:
        super().__init__(classes="-name")
        self.t = t

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog") as dialog:
            dialog.border_title = self.t("start_code_title")
            yield Input(max_length=12, id="code-input")
            yield Static(self.t("start_code_help"), id="code-help")
        yield KeyFooter()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        from ...tables.service import normalize_code  # the shared tables' code: when it is used

        code = normalize_code(event.value)
        if code is None:
            self.query_one("#code-help", Static).update(self.t("start_code_bad"))
            return
        self.dismiss(code)

    def action_back(self) -> None:
        self.dismiss(None)
