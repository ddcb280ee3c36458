"""The table's settings, checked before the screen opens: one `TableSetup` made from the
command line (`setup_from_options`) or from Python values (`TableSetup.of`), and passed as it
is to the session and the app.

Everything a bad flag can break is found here, so the command prints one clear line and
exits with status 2 instead of opening a screen it cannot fill. `--ai` is read here for every
command (`parse_levels`).
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Final

from .engine.dealing import Dealt, first_dealer_of
from .engine.game import Start
from .engine.rules import with_overrides
from .options import TableFlags
from .plaintext import Fault, fault, one_line
from .presets import Preset, load_preset
from .priority import LOCAL, Host, Locale
from .private import private_dir, write_private
from .store.catalog import describe_save, games_dir, latest_unfinished, list_games, typed
from .translations import LANGS, Count, Said, Spoken, language_of, msg, nmsg

LANGUAGES: Final = LANGS
"""The languages the table speaks: English and every catalog shipped (`translations`)."""
LEVELS: Final = ("random", "easy", "normal", "hard")
BAD_LANG: Final = msg("flag_lang", "--lang must be one of {langs}")
"""The AI levels by name (`thousand_tui.ai.levels()`, without importing the players)."""
DEFAULT_PACE: Final = 0.8
DEFAULT_SUIT_ORDER: Final = "SCDH"
SUIT_ORDERS: Final = ("SCDH", "SDCH", "HDCS", "HCDS")
"""The orders of suits in a hand the start screen offers, by their record letters: ♠ ♣ ♦ ♥
(the marriages from the smallest to the largest), ♠ ♦ ♣ ♥ (black and red in turn), and the
same two from hearts. `--suit-order` takes any order of the four letters."""
MAX_NAME: Final = 16


class SetupError(Spoken, ValueError):
    """A flag or file the table cannot use; the message is printed in the player's language
    when it is a catalog text (`Spoken`), else as it is."""


@dataclass(frozen=True)
class TableSetup:
    """What a new game at the table needs (or, with `resume`, which record to continue).

    `deals` stacks the cards of given deal numbers (tests, scenarios); `start` begins from a
    match state; `pace` is the least time in seconds an opponent's move stays on screen;
    `think` is `hard`'s seconds per card (None: its default); `first_dealer` is the seat
    that deals first (a game from the flags or the start screen draws it from the seed);
    `save` writes the game record under $XDG_DATA_HOME/thousand_tui/games; `hints` lets the
    player ask what `hard` would do (the key `h`)."""

    preset: Preset | None = None
    levels: tuple[str, ...] = ("easy", "easy")
    seed: int | None = None
    name: str | None = None
    lang: str = "en"
    ascii: bool = False
    reduced_motion: bool = False
    pace: float = DEFAULT_PACE
    think: float | None = None
    resume: Path | None = None
    first_dealer: int = 0
    start: Start | None = None
    deals: Mapping[int, Dealt] = field(default_factory=dict)
    save: bool = True
    hints: bool = True
    suit_order: str = DEFAULT_SUIT_ORDER
    auto_play: bool = False  # your only legal card is played by itself
    auto_next: bool = False  # a deal's result closes by itself after a countdown
    take_back: bool = False  # your last card may be taken back (against the AI only)
    # Each finished deal analysed by itself in the background (`ai/scheduler.py`: paused
    # while an opponent moves or a hint is searched); off, a deal is analysed when asked (a).
    auto_analysis: bool = True
    # What the program runs as (decided at its entry point): a hosted player is never told to
    # type `thousand` or shown a path of the server, and his finished deals are not analysed.
    host: Host = LOCAL

    @classmethod
    def of(
        cls,
        preset: str | Preset = "classic",
        *,
        players: int | None = None,
        ai: str | Sequence[str] = "easy",
        seed: int = 1,
        name: str | None = None,
        resume: Path | str | None = None,
        **settings: Any,
    ) -> TableSetup:
        """A setup from Python values (tests, the screenshot script): a preset by name or as
        loaded, `players` to override it, the opponents' levels as for `--ai`; every other
        field (`lang`, `pace`, `deals`, ...) as the dataclass has it."""
        if resume is not None:
            return cls(resume=Path(resume), **settings)
        if isinstance(preset, Preset):
            loaded = preset
            if players is not None and players != preset.rules.players:
                rules = with_overrides(preset.rules, {"players": players})
                loaded = replace(preset, rules=rules)
        else:
            loaded = load_preset(preset, players)
        text = ai if isinstance(ai, str) else ",".join(ai)
        return cls(
            preset=loaded,
            levels=table_levels(text, loaded.rules.players),
            seed=seed,
            name=check_name(name),
            **settings,
        )


# ---------------------------------------------------------------------- the flags, one by one


def parse_levels(text: str | None, count: int, who: str = "seat") -> tuple[str, ...]:
    """`--ai`: one level for all or a comma list of `count`, one per `who` (seat or opponent);
    raises SetupError naming the levels there are."""
    parts = [part.strip() for part in (text or "easy").split(",") if part.strip()]
    if len(parts) == 1:
        parts *= count
    levels = Count(nmsg("w_flag_level", "level", "levels"), count)
    if len(parts) != count and who == "opponent":
        raise SetupError(
            msg(
                "flag_ai_opponents",
                "--ai needs one level for all opponents or {levels}, one per opponent "
                "(you play seat 0), got {given}",
            ),
            levels=levels,
            given=repr(text),
        )
    if len(parts) != count:
        raise SetupError(
            msg(
                "flag_ai_seats",
                "--ai needs one level for all seats or {levels}, one per seat, got {given}",
            ),
            levels=levels,
            given=repr(text),
        )
    for level in parts:
        if level not in LEVELS:
            raise SetupError(
                msg("flag_ai_unknown", "unknown AI level {level}; choose one of: {levels}"),
                level=repr(level),
                levels=", ".join(LEVELS),
            )
    return tuple(parts)


def table_levels(text: str | None, players: int) -> tuple[str, ...]:
    """`--ai` for the table: one level for every opponent or one per opponent (seat 0 is you)."""
    return parse_levels(text, players - 1, "opponent")


def locale_name(environ: Mapping[str, str]) -> str:
    """The locale in force for messages in `environ`: LC_ALL, then LC_MESSAGES, then LANG."""
    return Locale.of(environ).messages


def language_from_locale(environ: Mapping[str, str]) -> str:
    """The language of the locale of `environ` when the game speaks it (`ru` for
    ru_RU.UTF-8 or ru), English otherwise. An entry point's: below it, `host_language`."""
    return language_of(locale_name(environ))


def locale_is_utf8(environ: Mapping[str, str]) -> bool:
    """Whether the character set of the locale of `environ` (LC_ALL, LC_CTYPE, LANG) is
    UTF-8. No locale at all is the C locale: plain ASCII. Below the entry point: `host_utf8`."""
    return Locale.of(environ).utf8


def host_language(host: Host) -> str:
    """The language of the player's locale, as his program's entry point found it (its
    `Host`), when the game speaks it; English otherwise."""
    return language_of(host.player_locale.messages)


def host_utf8(host: Host) -> bool:
    """Whether the player's terminal takes UTF-8, as his program's entry point found it."""
    return host.player_locale.utf8


def check_name(name: str | None) -> str | None:
    if name is None:
        return None
    clean = one_line(name)
    wrong = fault(clean, MAX_NAME)
    if wrong in (Fault.EMPTY, Fault.UNPRINTABLE):
        raise SetupError(msg("flag_name", "--name must be a printable name, e.g. --name Olga"))
    if wrong is Fault.LONG:
        raise SetupError(
            msg("flag_name_long", "--name may have at most {most} characters"), most=MAX_NAME
        )
    return clean


# A hosted player's name, kept in their own folder (`players/KEY/name`): the word `name`.
PLAYER_NAME_FILE: Final = "name"


def player_name(text: str) -> str:
    """A name a player gave themselves: 1 to MAX_NAME printable characters (spaces between
    words kept single), no control or formatting characters; SetupError says what is wrong."""
    clean = one_line(text)
    wrong = fault(clean, MAX_NAME)
    if wrong is Fault.EMPTY:
        raise SetupError(msg("name_letter", "a name needs at least one letter, e.g. name Olga"))
    if wrong is Fault.UNPRINTABLE:
        raise SetupError(
            msg(
                "name_printable",
                "a name is printable characters only: no control or format characters",
            )
        )
    if wrong is Fault.LONG:
        raise SetupError(
            msg("name_long", "a name has at most {most} characters, not {length}"),
            most=MAX_NAME,
            length=len(clean),
        )
    return clean


def read_player_name(folder: Path) -> str | None:
    """The name kept in a player's folder, if there is a good one."""
    try:
        text = (folder / PLAYER_NAME_FILE).read_text(encoding="utf-8")[: MAX_NAME * 8]
        return player_name(text)
    except (OSError, ValueError):
        return None


def keep_player_name(folder: Path, name: str) -> None:
    """Keep a player's name in their folder (readable by the account only)."""
    private_dir(folder)
    write_private(folder / PLAYER_NAME_FILE, player_name(name) + "\n")


# The start screen's choices (`tui/startup.Choices`), in a hosted player's own folder too;
# among them `plain`, the line mode, which the hosting reads and sets (`ssh HOST plain on`).
CHOICES_FILE: Final = "start.json"


def plain_preferred(folder: Path) -> bool:
    """Whether the line mode is the setting kept in `folder`'s choices."""
    try:
        data = json.loads((folder / CHOICES_FILE).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return False
    return isinstance(data, dict) and data.get("plain") is True


def keep_plain_preference(folder: Path, plain: bool) -> None:
    """Keep the line mode on or off in `folder`'s choices; the other choices stay as they are
    (a file that cannot be read is begun afresh)."""
    path = folder / CHOICES_FILE
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        data = {}
    if not isinstance(data, dict):
        data = {}
    data["plain"] = plain
    private_dir(folder)
    write_private(path, json.dumps(data, ensure_ascii=False))


def check_think(value: float | None) -> float | None:
    """`--think SECONDS`: how long `hard` searches each card, 0.05 to 10 seconds."""
    if value is not None and not 0.05 <= value <= 10:
        raise SetupError(
            msg("flag_think", "--think must be between 0.05 and 10 seconds, not {seconds}"),
            seconds=f"{value:g}",
        )
    return value


def check_pace(value: float | None) -> float:
    """`--pace SECONDS`: 0 (instant) to 10 seconds per opponent move."""
    if value is None:
        return DEFAULT_PACE
    if not 0 <= value <= 10:
        raise SetupError(
            msg("flag_pace", "--pace must be between 0 and 10 seconds, not {seconds}"),
            seconds=f"{value:g}",
        )
    return value


def check_suit_order(value: str | None) -> str:
    """`--suit-order ORDER`: the four suits' letters (S C D H) in the order the hand shows
    them, e.g. SDCH for black and red in turn."""
    if value is None:
        return DEFAULT_SUIT_ORDER
    order = value.strip().upper()
    if len(order) != 4 or set(order) != set(DEFAULT_SUIT_ORDER):
        raise SetupError(
            msg(
                "flag_suit_order",
                "--suit-order needs the four suits' letters S C D H once each, e.g. SDCH, "
                "not {given}",
            ),
            given=repr(value),
        )
    return order


def resume_path(value: str, host: Host) -> Path:
    """`--resume` alone continues the latest unfinished game; `--resume FILE` that file."""
    if value == "latest":
        path = latest_unfinished(games_dir(host.data_dir))
        if path is None and host.hosted:
            raise SetupError(
                msg(
                    "resume_none_hosted", "no saved game to resume; start one with: {command}{note}"
                ),
                command=typed("", host),
                note=_shared_note(host),
            )
        if path is None:
            raise SetupError(
                msg(
                    "resume_none",
                    "there is no unfinished game to resume (saved games live in {folder}); "
                    "start one with `thousand`{note}",
                ),
                folder=games_dir(host.data_dir),
                note=_shared_note(host),
            )
        return path
    path = Path(value).expanduser()
    if not path.is_file():
        raise SetupError(msg("flag_resume_file", "--resume {file}: no such file"), file=value)
    check_not_shared(path, host)
    return path


def _shared_note(host: Host) -> Said | str:
    """What `--resume` leaves to the shared tables: their unfinished games, by code."""
    codes = [
        save.table
        for save in list_games(games_dir(host.data_dir))
        if save.shared and save.table and save.error is None and not save.finished
    ]
    if not codes:
        return ""
    note = msg(
        "resume_shared_note", "; the game of table {codes} goes on only at its table: `{command}`"
    )
    return Said(note, {"codes": ", ".join(codes[:3]), "command": typed(f"join {codes[0]}", host)})


def check_not_shared(path: Path, host: Host) -> None:
    """A game of a shared table goes on at its table, where each seat is its person's: never
    as a game of one's own, in the seat of the one who opened it."""
    save = describe_save(path)
    if not save.shared:
        return
    code = save.table or "CODE"
    back = f"`{typed(f'join {code}', host)}`"
    if save.table:
        raise SetupError(
            msg(
                "resume_shared_table",
                "{file} is the game of table {code}; it goes on only at its table, each seat "
                "with its own player: sit at it again with {command}",
            ),
            file=path.name,
            code=save.table,
            command=back,
        )
    raise SetupError(
        msg(
            "resume_shared",
            "{file} is the game of a shared table; it goes on only at its table, each seat "
            "with its own player: sit at it again with {command}",
        ),
        file=path.name,
        command=back,
    )


def saved_language(path: Path) -> str | None:
    """The language a saved game was played in, if its record says and the table has it."""
    lang = describe_save(path).lang
    return lang if lang in LANGUAGES else None


# ---------------------------------------------------------------------- the command line


def setup_from_options(options: TableFlags, environ: Mapping[str, str] | None = None) -> TableSetup:
    """Check the table flags and turn them into a `TableSetup` for a program that runs as
    `options.host` (its player's locale, or that of `environ` where given); raises SetupError
    or the preset's own RulesError with a message that names the flag or the file."""
    host = options.host
    if options.lang is not None and options.lang not in LANGUAGES:
        raise SetupError(BAD_LANG, langs=", ".join(LANGUAGES))
    locale = host.player_locale if environ is None else Locale.of(environ)
    ascii_only = bool(options.ascii) or not locale.utf8
    reduced_motion = bool(options.reduced_motion)
    pace = check_pace(options.pace)
    think = check_think(options.think)
    suit_order = check_suit_order(options.suit_order)
    if options.resume is not None:
        given = [
            flag
            for flag, value in (
                ("--preset", options.preset),
                ("--players", options.players),
                ("--ai", options.ai),
                ("--seed", options.seed),
                ("--name", options.name),
            )
            if value is not None
        ]
        if given:
            raise SetupError(
                msg(
                    "flag_resume_own",
                    "--resume continues a game with its own settings; leave out {flags}",
                ),
                flags=", ".join(given),
            )
        path = resume_path(options.resume, host)
        return TableSetup(
            resume=path,
            lang=options.lang or saved_language(path) or language_of(locale.messages),
            ascii=ascii_only,
            reduced_motion=reduced_motion,
            pace=pace,
            think=think,
            hints=not options.no_hints,
            suit_order=suit_order,
            auto_play=options.auto_play,
            auto_next=options.auto_next,
            take_back=options.take_back,
            auto_analysis=not options.no_auto_analysis,
            host=host,
        )
    preset = load_preset(options.preset or "classic", options.players)
    levels = table_levels(options.ai, preset.rules.players)
    seed = options.seed if options.seed is not None else random.randrange(1, 1_000_000)
    return TableSetup(
        preset=preset,
        levels=levels,
        seed=seed,
        first_dealer=first_dealer_of(seed, preset.rules.players),
        name=check_name(options.name),
        lang=options.lang or language_of(locale.messages),
        ascii=ascii_only,
        reduced_motion=reduced_motion,
        pace=pace,
        think=think,
        hints=not options.no_hints,
        suit_order=suit_order,
        auto_play=options.auto_play,
        auto_next=options.auto_next,
        take_back=options.take_back,
        auto_analysis=not options.no_auto_analysis,
        host=host,
    )


# ---------------------------------------------------------------------- shared tables


@dataclass(frozen=True)
class OpenSetup:
    """`thousand open`: the player's table (`table`: the preset, his name, language, look and
    pace) and how it is shared: the seats for people (from 0, his first; None: all), the AI's
    level, how long a seat waits for its player who went away, and whether hints are allowed.
    `who` is the player's SSH key when the table is opened over SSH."""

    table: TableSetup
    people: list[int] | None = None
    level: str = "easy"
    timeout: float = 60.0
    hints: bool = False
    who: str | None = None
    private: bool = False  # kept out of the lobby: only its code brings anyone to it
    fill: float | None = None  # seconds before AI takes the free seats (None: `s` starts it)
    clock: float = 0.0  # seconds each person has for a move, then an AI plays it (0: no limit)
    watchers: str | None = None  # who may watch (`options.WATCHERS`; None: the default)


@dataclass(frozen=True)
class JoinSetup:
    """`thousand join CODE`: the player's look at the table (`table`), the table's code, the
    free seat he asked for (from 0), and his SSH key when he joins over SSH."""

    table: TableSetup
    code: str
    seat: int | None = None
    who: str | None = None


DEFAULT_FILL = 60.0  # seconds a table opened from the lobby waits before AI fills it


@dataclass(frozen=True)
class LobbySetup:
    """`thousand lobby`: the player's look at the tables (`table`: his name, language, look and
    pace), the presets he may open or quick match (the name shown to the preset name or file:
    the shipped ones, or a host's whitelist), the AI's level, how long a table he opens waits
    for people before AI fills it (`fill`, seconds), and his SSH key over SSH."""

    table: TableSetup
    presets: Mapping[str, str]
    level: str = "easy"
    fill: float = DEFAULT_FILL
    timeout: float = 60.0
    who: str | None = None
