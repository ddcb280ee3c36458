"""What the start screen offers and remembers, without Textual.

`StartOffer` is what may be chosen: the presets (the shipped ones, or a host's whitelist), the
opponents' levels (or the host's fixed ones). `Choices` is what was chosen; it is kept in a
small JSON file (`choices_path`) so the next start shows the same table, and turned into the
`TableSetup` of a new game by `StartOffer.setup`. A file that cannot be read is ignored: the
start screen then shows the defaults.
"""

from __future__ import annotations

import contextlib
import json
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path
from typing import Final

from ..engine.dealing import first_dealer_of
from ..options import WATCHERS
from ..plaintext import fault
from ..presets import Preset, load_preset, shipped_names
from ..priority import LOCAL, Host
from ..private import private_dir, write_private
from ..settings import (
    CHOICES_FILE,
    DEFAULT_SUIT_ORDER,
    LANGUAGES,
    LEVELS,
    MAX_NAME,
    SetupError,
    TableSetup,
    check_name,
    check_suit_order,
    table_levels,
)
from ..store.catalog import SavedGame, list_games

PLAYER_COUNTS: Final = (2, 3, 4)
DEFAULT_LEVEL: Final = "easy"
PACES: Final = (0.0, 0.4, 0.8, 1.5, 3.0)
OPEN_CLOCKS: Final = (0, 30, 60)  # a table opened for friends: seconds for each move
"""The opponents' paces the start screen offers, in seconds a move (`--pace` takes any)."""


def choices_path(host: Host = LOCAL) -> Path:
    """`$XDG_CONFIG_HOME/thousand_tui/start.json` (by default under ~/.config: the host's
    `config_dir`). On a hosted account every player has a folder of their own for games, and
    the choices are kept there: one player's name is not offered to the next."""
    if host.hosted:
        return host.data_dir / CHOICES_FILE
    return host.config_dir / CHOICES_FILE


def own_choices_path(host: Host = LOCAL, who: str | None = None) -> Path:
    """The choices of the person `who` as his own start screen keeps them: over SSH, a shared
    table and the lobby run in the account's folder, and the player's choices are in his own
    folder under it (`players/WHO`, as `thousand ssh-session` makes it); elsewhere
    `choices_path`."""
    if host.hosted and who and who not in (".", "..") and Path(who).name == who:
        return host.data_dir / "players" / who / CHOICES_FILE
    return choices_path(host)


@dataclass
class Choices:
    """The start screen's choices: a preset (by the name offered; "" for the first offered),
    the number of players (None: the preset's own), a level per opponent, the player's name
    ("" for the default), the language, and whether the hint key is offered."""

    preset: str = ""
    players: int | None = None
    levels: list[str] = field(default_factory=lambda: [DEFAULT_LEVEL] * 3)
    name: str = ""
    lang: str = "en"
    hints: bool = True
    # The opponents' pace in seconds and the reduced motion; None: as the flags say.
    pace: float | None = None
    reduced_motion: bool | None = None
    suit_order: str = DEFAULT_SUIT_ORDER
    auto_play: bool = False
    auto_next: bool = False
    take_back: bool = False
    auto_analysis: bool = True  # each finished deal analysed by itself
    open_hints: bool = False  # a table opened for friends allows hints (`open --hints`)
    open_clock: int = 0  # its seconds for each move (`open --clock`; 0: no limit)
    open_watchers: str = "read"  # who may watch it (`open --watchers`, `options.WATCHERS`)
    plain: bool = False  # `thousand --plain`: the line mode, until `--no-plain`
    # at a shared table: the others may see your hands once the game is over (`store/seal.py`)
    open_hands: bool = False

    @classmethod
    def read(cls, path: Path) -> Choices | None:
        """The choices kept in `path`, each checked; None if there are none to read."""
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return None
        if not isinstance(data, dict):
            return None
        choices = cls()
        if isinstance(data.get("preset"), str):
            choices.preset = data["preset"]
        if data.get("players") in PLAYER_COUNTS:
            choices.players = data["players"]
        levels = data.get("levels")
        if isinstance(levels, list):
            kept = [level if level in LEVELS else DEFAULT_LEVEL for level in levels[:3]]
            choices.levels = kept + [DEFAULT_LEVEL] * (3 - len(kept))
        name = data.get("name")
        if isinstance(name, str) and fault(name, MAX_NAME) is None:
            choices.name = name
        if data.get("lang") in LANGUAGES:
            choices.lang = data["lang"]
        if isinstance(data.get("hints"), bool):
            choices.hints = data["hints"]
        if data.get("pace") in PACES:
            choices.pace = data["pace"]
        if isinstance(data.get("reduced_motion"), bool):
            choices.reduced_motion = data["reduced_motion"]
        with contextlib.suppress(SetupError, AttributeError):
            choices.suit_order = check_suit_order(data.get("suit_order"))
        for key in ("auto_play", "auto_next", "take_back", "auto_analysis"):
            if isinstance(data.get(key), bool):
                setattr(choices, key, data[key])
        if isinstance(data.get("open_hints"), bool):
            choices.open_hints = data["open_hints"]
        if data.get("open_clock") in OPEN_CLOCKS and not isinstance(data["open_clock"], bool):
            choices.open_clock = data["open_clock"]
        if data.get("open_watchers") in WATCHERS:
            choices.open_watchers = data["open_watchers"]
        if isinstance(data.get("plain"), bool):
            choices.plain = data["plain"]
        if isinstance(data.get("open_hands"), bool):
            choices.open_hands = data["open_hands"]
        return choices

    def write(self, path: Path) -> bool:
        """Keep the choices in `path`; False if it cannot be written (nothing else is lost)."""
        try:
            private_dir(path.parent)
            write_private(path, json.dumps(asdict(self), ensure_ascii=False))
        except OSError:
            return False
        return True


@dataclass(frozen=True)
class StartOffer:
    """What the start screen lets the player choose: `presets` maps the name shown to the
    preset name or file to load; `levels` is the host's `--ai` (None: each opponent's level
    is chosen); `lang` is `--lang` when given (the screen opens in it, not in the remembered
    language), `pace` and `reduced_motion` likewise `--pace` and `--reduced-motion`."""

    presets: dict[str, str]
    levels: str | None = None
    lang: str | None = None
    pace: float | None = None
    reduced_motion: bool | None = None
    _loaded: dict[tuple[str, int | None], Preset] = field(
        default_factory=dict, compare=False, repr=False
    )

    @classmethod
    def shipped(cls, lang: str | None = None) -> StartOffer:
        return cls({name: name for name in shipped_names()}, lang=lang)

    @classmethod
    def parse(cls, text: str, levels: str | None = None, lang: str | None = None) -> StartOffer:
        """`NAME[=FILE],...`: the presets of a host's whitelist, as `thousand ssh-session`
        passes them."""
        presets: dict[str, str] = {}
        for entry in text.split(","):
            name, _, target = entry.strip().partition("=")
            if name.strip():
                presets[name.strip()] = target.strip() or name.strip()
        if not presets:
            raise SetupError("--offer needs at least one preset")
        return cls(presets, levels, lang)

    @property
    def names(self) -> list[str]:
        return list(self.presets)

    def preset(self, name: str, players: int | None = None) -> Preset:
        """The preset offered as `name`, for `players` (None: its own number), loaded once."""
        key = (name, players)
        if key not in self._loaded:
            self._loaded[key] = load_preset(self.presets[name], players)
        return self._loaded[key]

    def fixed_levels(self, players: int) -> tuple[str, ...] | None:
        """The host's levels for a table of `players`; None when the player chooses."""
        if self.levels is None:
            return None
        return table_levels(self.levels, players)

    def player_counts(self) -> tuple[int, ...]:
        """The numbers of players the host's levels allow (every one when the player chooses)."""
        counts = []
        for players in PLAYER_COUNTS:
            with contextlib.suppress(SetupError):
                self.fixed_levels(players)
                counts.append(players)
        return tuple(counts)

    def fit(self, choices: Choices) -> Choices:
        """`choices` made to fit the offer: a preset it offers, levels it allows."""
        fitted = replace(choices, levels=list(choices.levels))
        if fitted.preset not in self.presets:
            fitted.preset = self.names[0]
        if fitted.players not in self.player_counts():
            fitted.players = None
        if self.lang is not None:
            fitted.lang = self.lang
        if self.pace is not None:
            fitted.pace = self.pace
        if self.reduced_motion is not None:
            fitted.reduced_motion = self.reduced_motion
        return fitted

    def players_of(self, choices: Choices) -> int:
        """The number of players chosen, else the preset's own, if the offer allows it."""
        players = choices.players or self.preset(choices.preset).rules.players
        counts = self.player_counts()
        return players if players in counts else counts[0]

    def levels_of(self, choices: Choices) -> tuple[str, ...]:
        players = self.players_of(choices)
        fixed = self.fixed_levels(players)
        return fixed if fixed is not None else tuple(choices.levels[: players - 1])

    def setup(self, base: TableSetup, choices: Choices, seed: int) -> TableSetup:
        """The setup of a new game: `base`'s display (ascii, motion, pace, think, save) with
        the chosen table, from the first deal."""
        players = self.players_of(choices)
        setup = TableSetup(
            preset=self.preset(choices.preset, players),
            levels=self.levels_of(choices),
            seed=seed,
            first_dealer=first_dealer_of(seed, players),
            name=choices.name or None,
            lang=choices.lang,
            hints=base.hints,
            ascii=base.ascii,
            reduced_motion=base.reduced_motion,
            pace=base.pace,
            think=base.think,
            save=base.save,
            host=base.host,
        )
        return with_comforts(setup, choices)


def with_comforts(setup: TableSetup, choices: Choices) -> TableSetup:
    """`setup` played as the start screen's choices of how the table plays (a continued game
    too): the pace, the motion, the suit order, the card and the deal that go by themselves,
    the take-back and the hints."""
    return replace(
        setup,
        hints=choices.hints and setup.hints,
        reduced_motion=motion_of(setup, choices),
        pace=pace_of(setup, choices),
        suit_order=choices.suit_order,
        auto_play=choices.auto_play,
        auto_next=choices.auto_next,
        take_back=choices.take_back,
        auto_analysis=choices.auto_analysis,
    )


def pace_of(base: TableSetup, choices: Choices) -> float:
    """The opponents' pace chosen on the start screen, else the one of the flags."""
    return base.pace if choices.pace is None else choices.pace


def motion_of(base: TableSetup, choices: Choices) -> bool:
    """Whether motion is reduced, as chosen on the start screen, else as the flags say."""
    return base.reduced_motion if choices.reduced_motion is None else choices.reduced_motion


def remembered_name(path: Path | None = None, host: Host = LOCAL) -> str | None:
    """The name last chosen on the start screen (None: none, or the default one)."""
    choices = Choices.read(path or choices_path(host))
    if choices is None or not choices.name:
        return None
    try:
        return check_name(choices.name)
    except SetupError:
        return None


def preset_title(name: str, lang: str) -> str:
    """A shipped preset's title (a saved game names its preset); any other name as it is."""
    if name not in shipped_names():
        return name
    try:
        return load_preset(name).title_in(lang)
    except (ValueError, OSError):
        return name


def unfinished_games(directory: Path | None = None) -> list[SavedGame]:
    """The games that can be continued, most recently played first (as `thousand games`)."""
    return [game for game in list_games(directory) if game.resumable]


__all__ = [
    "CHOICES_FILE",
    "PACES",
    "Choices",
    "StartOffer",
    "choices_path",
    "motion_of",
    "pace_of",
    "preset_title",
    "remembered_name",
    "unfinished_games",
]


@dataclass(frozen=True)
class SharedChoice:
    """A shared table chosen on the start screen (docs/tables.md): `open` one for the game as
    chosen (friends take the other seats, `level` plays those nobody takes), or `join` the
    table of `code`. The start screen closes, and the table opens in its place. `hints`: the
    table opened allows each person a hint at his own decisions."""

    kind: str  # "open", "join" or "lobby" (the tables waiting for players)
    setup: TableSetup
    level: str = "easy"
    code: str = ""
    hints: bool = False
    clock: int = 0  # the table opened: seconds for each move (0: no limit)
    watchers: str | None = None  # the table opened: who may watch it (None: the default)
