"""The table's settings, checked before the screen opens (`thousand`, `thousand --resume`).

Everything a bad flag can break is found here, so the command prints one clear line and
exits with status 2 instead of opening a screen it cannot fill.
"""

from __future__ import annotations

import argparse
import os
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path

from ..ai import levels as ai_levels
from ..engine.dealing import Dealt
from ..engine.game import Start
from ..engine.rules import with_overrides
from ..presets import Preset, load_preset
from ..saves import describe_save, games_dir, latest_unfinished

LANGUAGES = ("en", "ru")
DEFAULT_PACE = 0.8
MAX_NAME = 16


class SetupError(ValueError):
    """A flag or file the table cannot use; the message is printed as it is."""


@dataclass(frozen=True)
class TableSetup:
    """What a new game at the table needs (or, with `resume`, which record to continue)."""

    preset: Preset | None = None
    levels: tuple[str, ...] = ("easy", "easy")
    seed: int | None = None
    name: str | None = None
    lang: str = "en"
    ascii: bool = False
    reduced_motion: bool = False
    pace: float = DEFAULT_PACE
    think: float | None = None  # `hard`'s seconds per card (None: its default)
    resume: Path | None = None
    first_dealer: int = 0
    start: Start | None = None
    deals: Mapping[int, Dealt] = field(default_factory=dict)
    save: bool = True


def locale_name(environ: Mapping[str, str] | None = None) -> str:
    """The locale in force for messages: LC_ALL, then LC_MESSAGES, then LANG."""
    env = os.environ if environ is None else environ
    for key in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(key, "")
        if value:
            return value
    return ""


def language_from_locale(environ: Mapping[str, str] | None = None) -> str:
    """`ru` for a Russian locale (ru_RU.UTF-8, ru), English otherwise."""
    name = locale_name(environ).lower()
    return "ru" if name.startswith("ru") else "en"


def locale_is_utf8(environ: Mapping[str, str] | None = None) -> bool:
    """Whether the character set of the locale (LC_ALL, LC_CTYPE, LANG) is UTF-8.

    No locale at all is the C locale: plain ASCII."""
    env = os.environ if environ is None else environ
    for key in ("LC_ALL", "LC_CTYPE", "LANG"):
        value = env.get(key, "")
        if value:
            return "utf-8" in value.lower() or "utf8" in value.lower()
    return False


def table_levels(text: str | None, players: int) -> tuple[str, ...]:
    """`--ai` for the table: one level for every opponent or one per opponent (seat 0 is you)."""
    opponents = players - 1
    parts = [part.strip() for part in (text or "easy").split(",") if part.strip()]
    if len(parts) == 1:
        parts *= opponents
    if len(parts) != opponents:
        raise SetupError(
            f"--ai needs one level for all opponents or {opponents} levels, one per opponent "
            f"(you play seat 0), got {text!r}"
        )
    known = ai_levels()
    for level in parts:
        if level not in known:
            raise SetupError(f"unknown AI level {level!r}; choose one of: {', '.join(known)}")
    return tuple(parts)


def check_name(name: str | None) -> str | None:
    if name is None:
        return None
    clean = " ".join(name.split())
    if not clean or not clean.isprintable():
        raise SetupError("--name must be a printable name, e.g. --name Olga")
    if len(clean) > MAX_NAME:
        raise SetupError(f"--name may have at most {MAX_NAME} characters")
    return clean


def resume_path(value: str) -> Path:
    """`--resume` alone continues the latest unfinished game; `--resume FILE` that file."""
    if value == "latest":
        path = latest_unfinished()
        if path is None:
            raise SetupError(
                f"there is no unfinished game to resume (saved games live in {games_dir()}); "
                "start one with `thousand`"
            )
        return path
    path = Path(value).expanduser()
    if not path.is_file():
        raise SetupError(f"--resume {value}: no such file")
    return path


def saved_language(path: Path) -> str | None:
    """The language a saved game was played in, if its record says and the table has it."""
    lang = describe_save(path).lang
    return lang if lang in LANGUAGES else None


def setup_from_options(
    options: argparse.Namespace, environ: Mapping[str, str] | None = None
) -> TableSetup:
    """Check the table flags and turn them into a `TableSetup`; raises SetupError or the
    preset's own RulesError with a message that names the flag or the file."""
    if options.lang is not None and options.lang not in LANGUAGES:
        raise SetupError(f"--lang must be one of {', '.join(LANGUAGES)}")
    ascii_only = bool(options.ascii) or not locale_is_utf8(environ)
    reduced_motion = bool(options.reduced_motion)
    pace = check_pace(getattr(options, "pace", None))
    think = check_think(getattr(options, "think", None))
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
                f"--resume continues a game with its own settings; leave out {', '.join(given)}"
            )
        path = resume_path(options.resume)
        return TableSetup(
            resume=path,
            lang=options.lang or saved_language(path) or language_from_locale(environ),
            ascii=ascii_only,
            reduced_motion=reduced_motion,
            pace=pace,
            think=think,
        )
    preset = load_preset(options.preset or "classic", options.players)
    levels = table_levels(options.ai, preset.rules.players)
    seed = options.seed if options.seed is not None else random.randrange(1, 1_000_000)
    return TableSetup(
        preset=preset,
        levels=levels,
        seed=seed,
        name=check_name(options.name),
        lang=options.lang or language_from_locale(environ),
        ascii=ascii_only,
        reduced_motion=reduced_motion,
        pace=pace,
        think=think,
    )


def check_think(value: float | None) -> float | None:
    """`--think SECONDS`: how long `hard` searches each card, 0.05 to 10 seconds."""
    if value is not None and not 0.05 <= value <= 10:
        raise SetupError(f"--think must be between 0.05 and 10 seconds, not {value:g}")
    return value


def check_pace(value: float | None) -> float:
    """`--pace SECONDS`: 0 (instant) to 10 seconds per opponent move."""
    if value is None:
        return DEFAULT_PACE
    if not 0 <= value <= 10:
        raise SetupError(f"--pace must be between 0 and 10 seconds, not {value:g}")
    return value


def make_setup(
    preset: str | Preset = "classic",
    *,
    players: int | None = None,
    ai: str | Sequence[str] = "easy",
    seed: int = 1,
    name: str | None = None,
    lang: str = "en",
    ascii: bool = False,
    reduced_motion: bool = False,
    pace: float = DEFAULT_PACE,
    first_dealer: int = 0,
    start: Start | None = None,
    deals: Mapping[int, Dealt] | None = None,
    resume: Path | str | None = None,
    save: bool = True,
) -> TableSetup:
    """A `TableSetup` from Python values (the app factory, tests, the screenshot script)."""
    if resume is not None:
        return TableSetup(
            resume=Path(resume),
            lang=lang,
            ascii=ascii,
            reduced_motion=reduced_motion,
            pace=pace,
            save=save,
        )
    if isinstance(preset, Preset):
        loaded = preset
        if players is not None and players != preset.rules.players:
            loaded = replace(preset, rules=with_overrides(preset.rules, {"players": players}))
    else:
        loaded = load_preset(preset, players)
    text = ai if isinstance(ai, str) else ",".join(ai)
    return TableSetup(
        preset=loaded,
        levels=table_levels(text, loaded.rules.players),
        seed=seed,
        name=check_name(name),
        lang=lang,
        ascii=ascii,
        reduced_motion=reduced_motion,
        pace=pace,
        first_dealer=first_dealer,
        start=start,
        deals=dict(deals or {}),
        save=save,
    )
