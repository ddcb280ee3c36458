"""`thousand view`: a saved game stepped through in the terminal. The record is read, checked
and played out before the screen opens (a record that does not replay is refused there, in
one line, changing nothing); the app only shows `ViewerScreen`, which any table app may push
as well."""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from pathlib import Path, PurePath
from typing import ClassVar

from textual.app import App
from textual.binding import Binding, BindingType
from textual.filter import LineFilter
from textual.screen import Screen

from ..engine.record import RecordError
from ..priority import LOCAL, Host
from ..settings import LANGUAGES, language_from_locale, locale_is_utf8
from ..store.catalog import error_words, games_dir, list_games
from ..translations import msg
from .ascii import ASCII_KEYS, AsciiFilter
from .i18n import Translator
from .patches import apply as apply_patches
from .plain import PlainFilter
from .render import CardColors, Palette
from .screens.viewer import ViewerScreen
from .viewing import ViewedGame, open_game

apply_patches()

PROG = "thousand"
NO_NUMBER = msg(
    "view_no_number",
    "no file {given}, and no game {given} in `thousand games` (it lists {count})",
)


class ViewerApp(App[int]):
    """The viewer alone: the table's look (its styles, the cards' colours, --ascii), its
    translator and palette, one screen."""

    TITLE = "Thousand"
    ENABLE_COMMAND_PALETTE = False
    CSS_PATH: ClassVar[list[str | PurePath]] = [
        Path(__file__).parent / "styles" / name
        for name in ("table.tcss", "dialogs.tcss", "pages.tcss")
    ]
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+c", "quit", "key_quit", show=False, priority=True, id="quit-now"),
    ]

    def __init__(
        self,
        viewed: ViewedGame | None,
        lang: str,
        ascii_only: bool = False,
        *,
        first: Callable[[], Screen[None]] | None = None,
    ) -> None:
        """The viewer of `viewed`, or the screen `first` makes (the duplicate review)."""
        super().__init__()
        self.viewed = viewed
        self.first = first
        self.t = Translator(lang)
        self.palette = Palette(
            ascii_only=ascii_only,
            no_color=self.no_color,
            colors=CardColors.of(self.get_css_variables()),
            lang=lang,
        )
        self.title = self.t("app_title")
        self.plain_filter = PlainFilter()
        self.ascii_filter = AsciiFilter() if ascii_only else None
        if ascii_only:
            self.add_class("-ascii")

    def get_theme_variable_defaults(self) -> dict[str, str]:
        return {**super().get_theme_variable_defaults(), **CardColors().variables()}

    def get_line_filters(self) -> Sequence[LineFilter]:
        filters = [*super().get_line_filters()]
        if self.plain_filter.enabled:
            filters.append(self.plain_filter)
        if self.ascii_filter is not None:
            filters.append(self.ascii_filter)
        return filters

    def get_key_display(self, binding: Binding) -> str:
        shown = super().get_key_display(binding)
        if self.ascii_filter is not None:
            return ASCII_KEYS.get(shown, shown)
        return shown

    def on_mount(self) -> None:
        if self.first is not None:
            screen = self.first()
        else:
            assert self.viewed is not None
            screen = ViewerScreen(self.viewed)
        self.push_screen(screen, lambda _: self.exit(0))


def record_path(given: str, host: Host = LOCAL) -> Path:
    """The file `given` names, or the game numbered so in `thousand games` (of `host`'s data
    folder)."""
    path = Path(given).expanduser()
    if path.exists() or not given.isdigit():
        return path
    saves = list_games(games_dir(host.data_dir))
    number = int(given)
    if not 1 <= number <= len(saves):
        raise RecordError(NO_NUMBER, given=given, count=len(saves))
    return saves[number - 1].path


def run_view(
    given: str, game: int = 1, lang: str | None = None, ascii_only: bool = False, host: Host = LOCAL
) -> int:
    """`thousand view FILE|NUMBER`: the record checked and played out, then shown; exit
    status 2, with one line, for a file that is no record or does not replay."""
    from ..store.analyses import cache_path
    from . import check_terminal

    lang = lang if lang in LANGUAGES else language_from_locale()
    assert lang is not None
    t = Translator(lang)
    ascii_only = ascii_only or not locale_is_utf8()
    try:
        path = record_path(given, host)
        palette = Palette(ascii_only=ascii_only, lang=lang)
        viewed = open_game(path, t, palette, game, cache_path(host.data_dir))
    except (RecordError, ValueError, OSError) as error:
        print(f"{PROG}: {error_words(lang, error, host)}", file=sys.stderr)
        return 2
    problem = check_terminal(lang=lang, host=host)
    if problem is not None:
        print(f"{PROG}: {problem}", file=sys.stderr)
        return 2
    app = ViewerApp(viewed, lang, ascii_only)
    app.run()
    return app.return_code or 0


DUP_NONE = msg(
    "dup_none",
    "no deal of the daily {preset} of {date} played by you yet: `thousand daily` deals them",
)
DUP_PREPARING = msg("dup_preparing", "Playing the day's deals again as hard played them…")
DUP_TITLE = msg("dup_title_day", "Duplicate review · {preset} · {date}")


def run_review(
    preset_name: str | None,
    date: str | None,
    lang: str | None = None,
    ascii_only: bool = False,
    host: Host = LOCAL,
) -> int:
    """`thousand view --daily`: the duplicate review of the day's deals you played."""
    from ..daily import Daily, check_date, today
    from ..presets import load_preset
    from ..store.index import index_path, open_index, player_of
    from ..translations import tell
    from . import check_terminal
    from .duplicate import played_deals, review_day
    from .screens.duplicate import DuplicateScreen

    lang = lang if lang in LANGUAGES else language_from_locale()
    assert lang is not None
    t = Translator(lang)
    ascii_only = ascii_only or not locale_is_utf8()
    try:
        preset = load_preset(preset_name or "classic")
        day = Daily(check_date(date) if date else today(), preset, base=host.club_dir)
        player = player_of(games_dir(host.data_dir).absolute())
        with open_index(index_path(host.club_dir)) as index:
            if not played_deals(day, index, player):
                none = tell(lang, DUP_NONE, preset=day.name, date=day.date)
                print(f"{PROG}: {none}", file=sys.stderr)
                return 2
            problem = check_terminal(lang=lang, host=host)
            if problem is not None:
                print(f"{PROG}: {problem}", file=sys.stderr)
                return 2
            print(tell(lang, DUP_PREPARING), flush=True)
            reviews = review_day(day, index, player, t("you_name"), t.level("hard"))
    except (RecordError, ValueError, OSError) as error:
        print(f"{PROG}: {error_words(lang, error, host)}", file=sys.stderr)
        return 2
    title = tell(lang, DUP_TITLE, preset=day.name, date=day.date)
    app = ViewerApp(None, lang, ascii_only, first=lambda: DuplicateScreen(reviews, title))
    app.run()
    return app.return_code or 0


__all__ = ["ViewerApp", "record_path", "run_review", "run_view"]
