"""One game at the table: the engine's `Game`, its record file and the AI opponents.

No Textual here: the screens drive a `Session`, the tests may drive it directly. The players
are made when they first decide, so the table is on the screen before the AI is imported.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING

from ..engine.events import DealStarted, Event
from ..engine.game import Game, PlayerInfo
from ..engine.record import RecordError
from ..plaintext import shown
from ..presets import Preset, PresetError, load_preset
from ..priority import LOCAL, Host
from ..settings import LANGUAGES, LEVELS, MAX_NAME, SetupError, TableSetup, check_not_shared
from ..store.catalog import open_new_record, resume
from ..store.records import RecordWriter
from ..translations import Said
from .i18n import Translator

if TYPE_CHECKING:
    from ..ai import Player

HUMAN = 0


@dataclass
class Session:
    game: Game
    preset: Preset
    levels: dict[int, str]  # the level of each AI seat
    writer: RecordWriter | None = None
    path: Path | None = None
    warnings: list[str | Said] = field(default_factory=list)
    resumed: bool = False
    think: float | None = None  # `hard`'s seconds per card (None: its default)
    players: dict[int, Player] = field(default_factory=dict)
    deal_events: list[Event] = field(default_factory=list)  # a resumed deal's events so far
    closed: bool = False  # the record let go: the table is ending, no decision is taken now
    # The AI player of a seat, where the game makes its own (None: of the seat's level, its
    # seed the game's and the seat's).
    make_ai: Callable[[int], Player] | None = None

    def __post_init__(self) -> None:
        # The names as the table shows them: a record's may be anything a file can hold (a
        # name typed in was checked at the door, and stays as it was).
        self.game.names = tuple(shown(name, most=MAX_NAME) for name in self.game.names)

    @property
    def names(self) -> tuple[str, ...]:
        return self.game.names

    def player(self, seat: int) -> Player:
        """The AI player at `seat`, made when first asked."""
        player = self.players.get(seat)
        if player is None and self.make_ai is not None:
            player = self.players[seat] = self.make_ai(seat)
        if player is None:
            from ..ai import make_player, seat_seed
            from ..ai.pool import default_jobs

            seed = seat_seed(self.game.seed, seat)
            player = make_player(self.levels[seat], seed, self.think, default_jobs())
            self.players[seat] = player
        return player

    def renew_player(self, seat: int) -> None:
        """Leave the player at `seat` to whatever still holds it (a decision abandoned, or one
        that failed): the seat's next decision is made by a fresh one of the same level."""
        self.players.pop(seat, None)

    def close(self) -> None:
        self.closed = True
        if self.writer is not None:
            # The record is all a game leaves: the statistics and the ratings bring the club
            # index up to date from it when they are read (docs/club.md).
            self.writer.close()
            self.writer = None
        scheduler = sys.modules.get("thousand_tui.ai.scheduler")
        if scheduler is not None:
            scheduler.shutdown()  # the deals still waiting for their analysis
        pool = sys.modules.get("thousand_tui.ai.pool")
        if pool is not None:
            pool.shutdown()
        service = sys.modules.get("thousand_tui.ai.search_service")
        if service is not None:
            service.shutdown()


def ai_names(lang: str) -> tuple[str, ...]:
    return tuple(Translator(lang)("ai_names").split(","))


def opponent_names(lang: str, you: str) -> list[str]:
    """The AI players' names at a table where the person is `you`: never his own name, in
    whatever letter case he wrote it ("boris" plays against Anna and Vera, not Boris)."""
    return [name for name in ai_names(lang) if name.casefold() != you.strip().casefold()]


def ai_name_in(lang: str) -> Callable[[str], str]:
    """An AI player's name as a player reading `lang` calls it: the AI names of every
    language are the same players ("Anna" is "Анна"), with the number after one kept
    ("Anna 2" is "Анна 2"); any other name stays as it is."""
    own = ai_names(lang)
    known = [ai_names(other) for other in LANGUAGES]

    def name_in(name: str) -> str:
        base, space, number = name.rpartition(" ")
        if not (space and number.isdigit()):
            base, number = name, ""
        for names in known:
            if base in names and names.index(base) < len(own):
                return own[names.index(base)] + (f" {number}" if number else "")
        return name

    return name_in


def new_session(setup: TableSetup, seed: int | None = None) -> Session:
    """A new game from `setup` (a different `seed` for "again"), its record opened at once."""
    if setup.resume is not None:
        return resume_session(setup.resume, setup.think, setup.host)
    preset = setup.preset
    assert preset is not None
    rules = preset.rules
    t = Translator(setup.lang)
    game_seed = setup.seed if seed is None else seed
    assert game_seed is not None
    you = setup.name or t("you_name")
    names = opponent_names(setup.lang, you)  # never two of one name
    players = [PlayerInfo(you, "human")]
    players += [PlayerInfo(names[i], "ai", level) for i, level in enumerate(setup.levels, start=0)]
    writer = path = None
    if setup.save:
        writer = open_new_record(preset.name, base=setup.host.data_dir)
        path = writer.path
    levels = dict(enumerate(setup.levels, start=1))
    try:
        game = Game(
            rules,
            game_seed,
            players,
            first_dealer=setup.first_dealer,
            preset=preset.name,
            # "Again" is a fresh game: no scenario position, no stacked cards.
            start=setup.start if seed is None else None,
            deals=setup.deals if seed is None else None,
            sink=writer.write if writer else None,
            lang=setup.lang,
        )
    except Exception:
        if writer is not None:
            writer.close()
        raise
    return Session(game, preset, levels, writer, path, think=setup.think)


def same_table(setup: TableSetup, session: Session) -> TableSetup:
    """The setup of a new game at the table of `session` (for "play again"): a game continued
    from its record has no preset or levels in `setup`, they are the game's own."""
    if setup.resume is None:
        return setup
    game = session.game
    name = game.names[HUMAN]
    default_names = {Translator(lang)("you_name") for lang in LANGUAGES}
    return replace(
        setup,
        resume=None,
        preset=session.preset,
        levels=tuple(session.levels[seat] for seat in sorted(session.levels)),
        seed=game.seed,
        name=None if name in default_names else name,
    )


def resume_session(path: Path, think: float | None = None, host: Host = LOCAL) -> Session:
    """Continue the game in a record file at the decision where it stopped (`host`: what the
    program runs as, for what it says of a shared table's game)."""
    deal_events: list[Event] = []  # the current deal's, for its log

    def replayed(events: list[Event]) -> None:
        for event in events:
            if isinstance(event, DealStarted):
                deal_events.clear()
            deal_events.append(event)

    check_not_shared(path, host)
    try:
        resumed = resume(path, replayed)
    except RecordError as error:
        said = error.said  # said in the player's language
        raise (SetupError(said.text, **said.values) if said else SetupError(str(error))) from error
    game = resumed.game
    warnings: list[str | Said] = list(resumed.warnings)
    if not game.players or game.players[HUMAN].kind != "human":
        resumed.writer.close()
        raise SetupError(f"{path}: seat 0 of this game is not a human player; it cannot be resumed")
    levels: dict[int, str] = {}
    for seat, info in enumerate(game.players):
        if seat == HUMAN:
            continue
        level = info.level or "easy"
        if level not in LEVELS:
            warnings.append(f"{info.name}: level {level!r} is not available, playing easy")
            level = "easy"
        levels[seat] = level
    session = Session(
        game, preset_of(game), levels, resumed.writer, resumed.path, warnings, True, think
    )
    session.deal_events = deal_events
    return session


def preset_of(game: Game) -> Preset:
    """The preset a game was made with, if it is still the same; else its rules, unnamed."""
    try:
        preset = load_preset(game.preset)
    except (PresetError, OSError, ValueError):
        preset = None
    if preset is not None and preset.rules == game.rules:
        return preset
    if preset is not None:
        return replace(preset, rules=game.rules)
    return Preset(game.preset, Path(game.preset), {}, {}, game.rules)
