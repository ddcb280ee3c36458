"""`thousand view`: a saved game stepped through in the terminal, and `thousand view --daily`,
the duplicate review of the day's deals. The record is read, checked and played out before
the screen opens (a record that does not replay is refused there, in one line, changing
nothing); the app, in its `view` mode, shows only `ViewerScreen` (which the start screen
pushes as well) or the review."""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

from textual.screen import Screen

from ..engine.record import RecordError
from ..priority import LOCAL, Host
from ..settings import LANGUAGES, TableSetup, host_language, host_utf8
from ..store.catalog import SavedGame, error_words, games_dir, list_games, typed
from ..store.seal import record_key
from ..translations import msg
from .club_games import own_person
from .i18n import Translator
from .patches import apply as apply_patches
from .render import Palette
from .screens.viewer import ViewerScreen
from .viewing import open_game

apply_patches()

PROG = "thousand"
NO_NUMBER = msg(
    "view_no_number",
    "no file {given}, and no game {given} in `thousand games` (it lists {count})",
)


def show(screen: Callable[[], Screen[None]], lang: str, ascii_only: bool, host: Host) -> int:
    """The app in its `view` mode, showing what `screen` makes until it is closed."""
    from .app import create_app
    from .launch import launch

    return launch(create_app(TableSetup(lang=lang, ascii=ascii_only, host=host), view=screen))


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
    """`thousand view FILE|NUMBER`: the record checked and played out, then shown (a shared
    game from the seat of the data folder's own player where its record names him, else
    from no seat); exit status 2, with one line, for a file that is no record or does not
    replay."""
    from ..store.analyses import cache_path
    from . import check_terminal

    lang = lang if lang in LANGUAGES else host_language(host)
    assert lang is not None
    t = Translator(lang)
    ascii_only = ascii_only or not host_utf8(host)
    try:
        path = record_path(given, host)
        palette = Palette(ascii_only=ascii_only, lang=lang)
        key = record_key(host.data_dir)
        viewed = open_game(
            path, t, palette, game, cache_path(host.data_dir), key, person=own_person(host)
        )
    except (RecordError, ValueError, OSError) as error:
        print(f"{PROG}: {error_words(lang, error, host)}", file=sys.stderr)
        return 2
    problem = check_terminal(lang=lang, host=host)
    if problem is not None:
        print(f"{PROG}: {problem}", file=sys.stderr)
        return 2
    return show(lambda: ViewerScreen(viewed), lang, ascii_only, host)


def show_games(saves: list[SavedGame], folder: Path, lang: str, host: Host = LOCAL) -> int:
    """`thousand games` in a terminal: the saved games listed to choose one to step through
    (`GamesScreen`); leaving the list ends the app."""
    from .screens.games import GamesScreen

    return show(lambda: GamesScreen(saves, folder), lang, not host_utf8(host), host)


DUP_NONE = msg(
    "dup_none",
    "no deal of the daily {preset} of {date} played by you yet: `{command}` deals them",
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
    """`thousand view --daily` (over SSH `daily review`): the duplicate review of the day's
    deals you played."""
    from ..daily import Daily, check_date, today
    from ..presets import load_preset
    from ..store.index import open_club, player_id
    from ..translations import tell
    from . import check_terminal
    from .duplicate import played_deals, review_day
    from .screens.duplicate import DuplicateScreen

    lang = lang if lang in LANGUAGES else host_language(host)
    assert lang is not None
    t = Translator(lang)
    ascii_only = ascii_only or not host_utf8(host)
    try:
        preset = load_preset(preset_name or "classic")
        day = Daily(check_date(date) if date else today(), preset, host.club_dir, host.database)
        player = player_id(host)
        with open_club(host) as index:
            if not played_deals(day, index, player):
                other = "" if day.name == "classic" else f" --preset {day.name}"
                command = typed(f"daily{other}", host, f"daily {day.name}")
                none = tell(lang, DUP_NONE, preset=day.name, date=day.date, command=command)
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
    return show(lambda: DuplicateScreen(reviews, title), lang, ascii_only, host)


__all__ = ["record_path", "run_review", "run_view", "show", "show_games"]
