"""Table conventions (docs/rules.md#conventions): the schema of every key and the frozen `Rules`
object.

Each convention is one field of a frozen dataclass; the field declaration carries the key's type,
allowed values and default, and `SCHEMA` is built from those declarations. Validation, `to_dict`,
`get` and the readable description all walk `SCHEMA`, so a new key is one new field.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field, fields
from typing import Any, ClassVar, Final, Literal

from ..said import Said, english, msg, say

TABLE: Final = "Table"
REDEAL: Final = "Redeal"
AUCTION: Final = "Auction"
TALON: Final = "Talon"
CONCESSION: Final = "Concession and baptism"
PLAY: Final = "Play and marriages"
SCORING: Final = "Scoring"
PALKI: Final = "Palki"
MATCH: Final = "Match"
TWO_PLAYERS: Final = "Two players"

SECTIONS: Final = (
    TABLE,
    REDEAL,
    AUCTION,
    TALON,
    CONCESSION,
    PLAY,
    SCORING,
    PALKI,
    MATCH,
    TWO_PLAYERS,
)
"""The groups of the conventions, in order (docs/rules.md#conventions)."""

SUIT_LETTERS: Final = ("H", "D", "C", "S")
"""The keys of `marriage.values`, from the most valuable marriage down."""


class RulesError(ValueError):
    """A convention that is unknown, of the wrong type, not allowed, or inconsistent with another.

    `key` is the dotted key the message is about (empty for the whole mapping), `related` the other
    keys involved in a constraint; `detail` is the message without its location, in English;
    `said`, when the detail was given as a catalog text, says it in any language
    (`in_language`).
    """

    def __init__(
        self,
        detail: str | Said,
        *,
        key: str = "",
        related: tuple[str, ...] = (),
        source: str = "<rules>",
        line: int | None = None,
    ) -> None:
        self.said = detail if isinstance(detail, Said) else None
        self.detail = english(detail) if isinstance(detail, Said) else detail
        self.key = key
        self.related = related
        self.source = source
        self.line = line
        super().__init__(self.in_language("en"))

    def in_language(self, lang: str) -> str:
        """The message in `lang`: its location, its key and its detail (English when the
        detail is not a catalog text)."""
        detail = say(lang, self.said) if self.said else self.detail
        return (
            _location(self.source, self.line, lang) + (f"{self.key}: " if self.key else "") + detail
        )

    @property
    def keys(self) -> tuple[str, ...]:
        """Every key the error concerns, the main one first."""
        return ((self.key,) if self.key else ()) + self.related

    def at(self, source: str, line: int | None) -> RulesError:
        """The same error located in `source` at `line`, as an instance of the same class."""
        return type(self)(
            self.said or self.detail, key=self.key, related=self.related, source=source, line=line
        )

    def located(self, source: str, lines: Mapping[str, int] | None) -> RulesError:
        """The same error in `source`, at the line of the first of its keys found in `lines`."""
        found = [lines[key] for key in self.keys if lines and key in lines]
        return self.at(source, found[0] if found else None)


_AT_LINE: Final = msg("rules_at_line", "{source} line {line}: ")


def _location(source: str, line: int | None, lang: str = "en") -> str:
    if not source:
        return ""
    if line is None:
        return f"{source}: "
    return say(lang, Said(_AT_LINE, {"source": source, "line": line}))


@dataclass(frozen=True)
class KeySpec:
    """One convention: its dotted key, type, allowed values, default and section.

    `type` is "bool", "int", "str" or "map". `values` lists the allowed values (None for a free
    int or the map); `nullable` allows null; `minimum` bounds a free int from below.
    `path` holds the attribute names that reach the value from a `Rules` object. `needs` is the
    rule the key belongs to, as (key, value): the key means nothing unless that key has that
    value (a section's keys need its `enabled` key on; `applies` follows the chain).
    """

    key: str
    type: str
    values: tuple[Any, ...] | None
    default: Any
    section: str
    path: tuple[str, ...]
    nullable: bool = False
    minimum: int | None = None
    needs: tuple[str, Any] | None = None

    def expected(self) -> str:
        """What the key accepts, in words, for error messages."""
        if self.type == "map":
            return "a mapping of each suit H, D, C, S to a whole number ≥ 0"
        if self.values is not None:
            if self.type == "bool":
                return "true or false"
            return "one of " + ", ".join(show(value) for value in self.values)
        text = "a whole number"
        if self.minimum is not None:
            text += f" ≥ {self.minimum}"
        return text + (" or null" if self.nullable else "")


def _spec(
    default: Any,
    type_: str,
    values: tuple[Any, ...] | None = None,
    *,
    nullable: bool = False,
    minimum: int | None = None,
    name: str | None = None,
    needs: tuple[str, Any] | None = None,
) -> Any:
    metadata = {
        "type": type_,
        "values": values,
        "nullable": nullable,
        "minimum": minimum,
        "name": name,
        "needs": needs,
    }
    return field(default=default, metadata=metadata)


def _flag(default: bool) -> Any:
    return _spec(default, "bool", (False, True))


def _int(default: int, *, minimum: int | None = None) -> Any:
    return _spec(default, "int", minimum=minimum)


def _int_or_null(default: int | None, *, minimum: int | None = None) -> Any:
    return _spec(default, "int", nullable=True, minimum=minimum)


def _one_of(*values: Any, default: Any, name: str | None = None) -> Any:
    kinds = {type(value) for value in values if value is not None}
    type_ = "int" if kinds == {int} else "str"
    return _spec(default, type_, values, nullable=None in values, name=name)


def _suit_values(**values: int) -> Any:
    return _spec(tuple(values.items()), "map")


@dataclass(frozen=True)
class Deal:
    SECTION: ClassVar[str] = TABLE
    cut_ritual: bool = _flag(False)
    cut_penalty: int = _spec(120, "int", minimum=0, needs=("deal.cut_ritual", True))


@dataclass(frozen=True)
class Redeal:
    SECTION: ClassVar[str] = REDEAL
    enabled: bool = _flag(True)
    when: Literal["before_auction", "after_exchange"] = _one_of(
        "before_auction", "after_exchange", default="after_exchange"
    )
    hand_nines: Literal[3, 4] | None = _one_of(None, 3, 4, default=4)
    hand_nines_on_hundred: Literal[3] | None = _one_of(None, 3, default=None)
    hand_jacks: Literal[3, 4] | None = _one_of(None, 3, 4, default=None)
    hand_points_below: Literal[13, 14, 15] | None = _one_of(None, 13, 14, 15, default=None)
    talon_points_below: Literal[4, 5] | None = _one_of(None, 4, 5, default=None)
    talon_nines: Literal[2, 3] | None = _one_of(None, 2, 3, default=None)
    talon_jacks: Literal[3] | None = _one_of(None, 3, default=None)
    mandatory: bool = _flag(False)


@dataclass(frozen=True)
class Bidding:
    SECTION: ClassVar[str] = AUCTION
    obligated: Literal["forehand", "dealer"] = _one_of("forehand", "dealer", default="forehand")
    min: int = _int(100, minimum=1)
    step: Literal[5, 10] = _one_of(5, 10, default=5)
    jumps: bool = _flag(True)
    max: int = _int(300, minimum=1)
    marriage_required_above: int | None = _int_or_null(120)
    cap_by_marriages: bool = _flag(False)
    minus_threshold: Literal[0, -100, -120, -200, -300, -1000] | None = _one_of(
        None, 0, -100, -120, -200, -300, -1000, default=None
    )
    minus_mode: Literal["self_passes", "others_pass"] = _one_of(
        "self_passes", "others_pass", default="self_passes"
    )


@dataclass(frozen=True)
class Talon:
    SECTION: ClassVar[str] = TALON
    show: Literal["always", "not_at_100", "never"] = _one_of(
        "always", "not_at_100", "never", default="not_at_100"
    )
    raise_: Literal["after_giving", "before_giving", "never"] = _one_of(
        "after_giving", "before_giving", "never", default="after_giving", name="raise"
    )
    given_visible: bool = _flag(False)


@dataclass(frozen=True)
class Rospis:
    SECTION: ClassVar[str] = CONCESSION
    enabled: bool = _flag(True)
    declarer: Literal["minus_bid", "nothing", "palka"] = _one_of(
        "minus_bid", "nothing", "palka", default="minus_bid"
    )
    opponents: Literal["sixty", "half_bid", "half_bid_max_60"] = _one_of(
        "sixty", "half_bid", "half_bid_max_60", default="sixty"
    )
    free_per_game: int = _int(0, minimum=0)
    max_per_game: int | None = _int_or_null(None, minimum=0)
    third_penalty: int = _int(0, minimum=0)
    on_barrel: Literal["forbidden_for_barrel_player", "forbidden_for_all", "allowed"] = _one_of(
        "forbidden_for_barrel_player",
        "forbidden_for_all",
        "allowed",
        default="forbidden_for_barrel_player",
    )


@dataclass(frozen=True)
class Baptism:
    SECTION: ClassVar[str] = CONCESSION
    enabled: bool = _flag(False)
    crosses_penalty: int = _int(120, minimum=0)
    max_per_game: int | None = _int_or_null(None, minimum=0)


@dataclass(frozen=True)
class Marriage:
    SECTION: ClassVar[str] = PLAY
    values: tuple[tuple[str, int], ...] = _suit_values(H=100, D=80, C=60, S=40)
    on_first_lead: bool = _flag(False)
    card_must_win: bool = _flag(False)
    keep_trump_option: bool = _flag(False)

    def __post_init__(self) -> None:
        try:
            given = dict(self.values)
        except (TypeError, ValueError):
            return
        if set(given) == set(SUIT_LETTERS):
            object.__setattr__(self, "values", _suit_pairs(given))

    def value_of(self, suit: str) -> int:
        """The marriage value of a suit given by its letter ("H") or a `Suit`."""
        letter = getattr(suit, "value", suit)
        for each, value in self.values:
            if each == letter:
                return value
        raise KeyError(f"no suit {suit!r}: the suits are {', '.join(SUIT_LETTERS)}")

    def as_dict(self) -> dict[str, int]:
        return dict(self.values)


@dataclass(frozen=True)
class AceMarriage:
    SECTION: ClassVar[str] = PLAY
    enabled: bool = _flag(False)
    value: int = _int(200, minimum=0)
    trump: Literal["keep", "cancel", "led_suit"] = _one_of(
        "keep", "cancel", "led_suit", default="keep"
    )


@dataclass(frozen=True)
class Play:
    SECTION: ClassVar[str] = PLAY
    trump_lead: Literal["free", "owner_only"] = _one_of("free", "owner_only", default="free")
    must_beat: bool = _flag(False)


@dataclass(frozen=True)
class Scoring:
    SECTION: ClassVar[str] = SCORING
    defender_rounding: Literal["nearest_5", "none", "nearest_10"] = _one_of(
        "nearest_5", "none", "nearest_10", default="nearest_5"
    )
    declarer_rounding: Literal["none", "nearest_5"] = _one_of("none", "nearest_5", default="none")
    failed_defenders: Literal["own_points", "sixty"] = _one_of(
        "own_points", "sixty", default="own_points"
    )
    only_contracts_above: int | None = _int_or_null(None, minimum=0)


@dataclass(frozen=True)
class Palki:
    SECTION: ClassVar[str] = PALKI
    trigger: Literal["no_tricks", "no_points"] = _one_of(
        "no_tricks", "no_points", default="no_tricks"
    )
    penalty: int = _int(120, minimum=0)
    rule: Literal["every_third", "three_in_a_row"] = _one_of(
        "every_third", "three_in_a_row", default="every_third"
    )
    declarer_counts: bool = _flag(True)


@dataclass(frozen=True)
class Samosval:
    SECTION: ClassVar[str] = MATCH
    mode: Literal["off", "plus", "plus_minus"] = _one_of(
        "off", "plus", "plus_minus", default="plus_minus"
    )


@dataclass(frozen=True)
class Barrel:
    SECTION: ClassVar[str] = MATCH
    enabled: bool = _flag(True)
    threshold: int = _int(880, minimum=1)
    entry: Literal["cap", "direct_win"] = _one_of("cap", "direct_win", default="cap")
    attempts: int = _int(3, minimum=1)
    attempt_counts: Literal["every_deal", "own_contracts"] = _one_of(
        "every_deal", "own_contracts", default="every_deal"
    )
    goal: Literal["contract", "cumulative"] = _one_of("contract", "cumulative", default="contract")
    min_contract: int = _int(120, minimum=1)
    bidding: Literal["normal", "auto_talon", "auto_bid"] = _one_of(
        "normal", "auto_talon", "auto_bid", default="normal"
    )
    max_bid: int | None = _int_or_null(None, minimum=1)
    marriages_count: bool = _flag(True)
    opponents_freeze: bool = _flag(False)
    penalty: int = _int(120, minimum=0)
    fall_rounding: Literal["none", "down_to_tens"] = _one_of("none", "down_to_tens", default="none")
    third_fall: Literal["none", "reset_to_zero"] = _one_of("none", "reset_to_zero", default="none")
    failed_contract: Literal["attempt", "fall"] = _one_of("attempt", "fall", default="attempt")
    bump: bool = _flag(True)
    simultaneous: Literal["all_fall", "all_stay"] = _one_of(
        "all_fall", "all_stay", default="all_fall"
    )


@dataclass(frozen=True)
class Golden:
    SECTION: ClassVar[str] = MATCH
    enabled: bool = _flag(False)
    multiplier: int = _int(2, minimum=1)
    forced_contract: int = _int(120, minimum=1)
    raise_: bool = _spec(False, "bool", (False, True), name="raise")
    marriages_multiplied: bool = _flag(True)
    on_failure: Literal["reset_scores", "replay", "none"] = _one_of(
        "reset_scores", "replay", "none", default="reset_scores"
    )


@dataclass(frozen=True)
class Dark:
    SECTION: ClassVar[str] = MATCH
    enabled: bool = _flag(False)
    contract: int = _int(120, minimum=1)
    multiplier: int = _int(2, minimum=1)
    talon_hidden: bool = _flag(True)
    raise_: bool = _spec(False, "bool", (False, True), name="raise")
    cancel: Literal["none", "opponent_marriage", "outbid"] = _one_of(
        "none", "opponent_marriage", "outbid", default="none"
    )
    min_score: int | None = _int_or_null(None)


@dataclass(frozen=True)
class FourPlayer:
    SECTION: ClassVar[str] = MATCH
    NEEDS: ClassVar[tuple[str, Any]] = ("players", 4)
    sitter_scores: Literal["none", "talon_points", "talon_points_marriage", "aces_50"] = _one_of(
        "none", "talon_points", "talon_points_marriage", "aces_50", default="talon_points_marriage"
    )
    half_marriage: bool = _flag(False)


@dataclass(frozen=True)
class TwoPlayer:
    SECTION: ClassVar[str] = TWO_PLAYERS
    NEEDS: ClassVar[tuple[str, Any]] = ("players", 2)
    talons: Literal["two_by_two", "two_by_three"] = _one_of(
        "two_by_two", "two_by_three", default="two_by_two"
    )
    talon_choice: Literal["blind", "look"] = _one_of("blind", "look", default="blind")


@dataclass(frozen=True)
class Rules:
    """Every convention of a table, validated. `Rules()` is the classic game."""

    players: Literal[2, 3, 4] = _one_of(2, 3, 4, default=3)
    target: int = _int(1000, minimum=1)
    deal: Deal = field(default_factory=Deal)
    redeal: Redeal = field(default_factory=Redeal)
    bidding: Bidding = field(default_factory=Bidding)
    talon: Talon = field(default_factory=Talon)
    rospis: Rospis = field(default_factory=Rospis)
    baptism: Baptism = field(default_factory=Baptism)
    marriage: Marriage = field(default_factory=Marriage)
    ace_marriage: AceMarriage = field(default_factory=AceMarriage)
    play: Play = field(default_factory=Play)
    scoring: Scoring = field(default_factory=Scoring)
    palki: Palki = field(default_factory=Palki)
    samosval: Samosval = field(default_factory=Samosval)
    barrel: Barrel = field(default_factory=Barrel)
    golden: Golden = field(default_factory=Golden)
    dark: Dark = field(default_factory=Dark)
    four_player: FourPlayer = field(default_factory=FourPlayer)
    two_player: TwoPlayer = field(default_factory=TwoPlayer)

    def __post_init__(self) -> None:
        for item in fields(self):
            kind = item.default_factory
            if isinstance(kind, type) and not isinstance(getattr(self, item.name), kind):
                raise RulesError(f"expected a {kind.__name__} section", key=item.name)
        values = _flat(self)
        for spec in SCHEMA.values():
            check_value(spec, values[spec.key])
        check_constraints(values)

    @classmethod
    def from_mapping(
        cls,
        data: Mapping[str, Any],
        source: str = "<rules>",
        lines: Mapping[str, int] | None = None,
    ) -> Rules:
        """Rules from a nested mapping as in YAML (`{"bidding": {"step": 5}}`); missing = default.

        Errors name `source`, the line of the key when `lines` (dotted key → line) has it, the key
        and what it accepts.
        """
        try:
            return _build(_read_mapping(data))
        except RulesError as error:
            raise error.located(source, lines) from None

    def to_dict(self) -> dict[str, Any]:
        """Every key, nested as in the presets and the `rules` block of a game record."""
        result: dict[str, Any] = {}
        for spec in SCHEMA.values():
            value = plain(self.get(spec.key))
            if len(spec.path) == 1:
                result[spec.key] = value
            else:
                result.setdefault(spec.path[0], {})[spec.key.split(".")[1]] = value
        return result

    def get(self, key: str) -> Any:
        """The value of a dotted key (`"talon.raise"`); `marriage.values` as suit/value pairs."""
        spec = SCHEMA.get(key)
        if spec is None:
            raise KeyError(f"{key}: unknown key{_suggestion(key, SCHEMA)}")
        value: Any = self
        for name in spec.path:
            value = getattr(value, name)
        return value

    @property
    def talon_size(self) -> int:
        """How many cards the talon holds: 3; with two players, who have two talons, 2 or 3
        in each (`two_player.talons`)."""
        if self.players == 2 and self.two_player.talons == "two_by_two":
            return 2
        return 3

    @property
    def hand_size(self) -> int:
        """How many cards each hand is dealt: 7; with two players, what their two talons
        leave of the 24 (10, or 9)."""
        if self.players == 2:
            return (24 - 2 * self.talon_size) // 2
        return 7


def _schema() -> dict[str, KeySpec]:
    specs: dict[str, KeySpec] = {}
    for top in fields(Rules):
        if "type" in top.metadata:
            specs[top.name] = _key_spec(top, TABLE, ())
            continue
        section = top.default_factory
        assert isinstance(section, type)
        names = {each.metadata["name"] or each.name for each in fields(section)}
        # A section with an `enabled` key is a rule that may be off: its other keys need it.
        enabled = (f"{top.name}.enabled", True) if "enabled" in names else None
        for each in fields(section):
            needs = getattr(section, "NEEDS", None) or enabled
            spec = _key_spec(each, section.SECTION, (top.name,), needs)
            specs[spec.key] = spec
    return specs


def _key_spec(
    item: Any, section: str, prefix: tuple[str, ...], needs: tuple[str, Any] | None = None
) -> KeySpec:
    meta = item.metadata
    name = meta["name"] or item.name
    key = ".".join((*prefix, name))
    if meta.get("needs") is not None:
        needs = meta["needs"]
    elif needs is not None and needs[0] == key:
        needs = None  # the `enabled` key itself
    return KeySpec(
        key=key,
        type=meta["type"],
        values=meta["values"],
        default=item.default,
        section=section,
        path=(*prefix, item.name),
        nullable=meta["nullable"],
        minimum=meta["minimum"],
        needs=needs,
    )


SCHEMA: Final[Mapping[str, KeySpec]] = _schema()
"""Every convention by dotted key, in the order of docs/rules.md#conventions."""


def applies(rules: Rules, key: str) -> bool:
    """Whether the convention `key` takes part in a game under `rules`: the rule it belongs to
    (`KeySpec.needs`, and that rule's own, and so on) is on."""
    needs = SCHEMA[key].needs
    while needs is not None:
        if rules.get(needs[0]) != needs[1]:
            return False
        needs = SCHEMA[needs[0]].needs
    return True


SECTION_KEYS: Final = tuple(dict.fromkeys(s.path[0] for s in SCHEMA.values() if len(s.path) > 1))
"""The top-level keys that hold a section of keys (`deal`, `redeal`, `bidding`, …)."""

_TOP_LEVEL: Final = tuple(dict.fromkeys(spec.key.split(".")[0] for spec in SCHEMA.values()))


def show(value: Any) -> str:
    """A value as it is written in YAML (`null`, `true`, `not_at_100`, `5`)."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


_ESCAPES: Final = {"\n": "\\n", "\t": "\\t", "\r": "\\r", '"': '\\"', "\\": "\\\\"}


def _escaped(text: str) -> str:
    """A text as YAML writes it between double quotes: a line break or any other character that
    is not printable as its escape, so that an error about it stays one line."""
    return "".join(_ESCAPES.get(ch, ch if ch.isprintable() else f"\\u{ord(ch):04x}") for ch in text)


def _show_given(value: Any) -> str:
    if isinstance(value, str):
        text = value if len(value) <= 40 else value[:37] + "..."
        return f'"{_escaped(text)}" (text)'
    if isinstance(value, Mapping):
        return "a mapping"
    if isinstance(value, list | tuple | set):
        return "a list"
    if isinstance(value, float):
        return f"{value} (a decimal number)"
    if value is None or isinstance(value, bool | int):
        return show(value)
    return f"a value of type {type(value).__name__}"


def plain(value: Any) -> Any:
    """The YAML/JSON form of a stored value: suit/value pairs become a mapping."""
    if isinstance(value, tuple):
        return dict(value)
    return value


def _closest(key: str, candidates: Iterable[str]) -> str | None:
    """The candidate a mistyped `key` most likely meant, if any is close."""
    import difflib  # only for a preset with a mistake (the game's processes need not hold it)

    close = difflib.get_close_matches(key, list(candidates), n=1, cutoff=0.6)
    return close[0] if close else None


def _suggestion(key: str, candidates: Iterable[str]) -> str:
    close = _closest(key, candidates)
    return f"; did you mean {close}?" if close else ""


def _suit_pairs(data: Mapping[Any, Any]) -> tuple[tuple[str, int], ...]:
    return tuple((letter, data[letter]) for letter in SUIT_LETTERS if letter in data)


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


_YAML_11_BOOLS: Final = {
    **dict.fromkeys(("yes", "Yes", "YES", "on", "On", "ON"), True),
    **dict.fromkeys(("no", "No", "NO", "off", "Off", "OFF"), False),
}
"""The YAML 1.1 words for true and false, taken as such by a bool key (docs/rules.md#presets)."""


def check_value(spec: KeySpec, value: Any) -> Any:
    """`value` if `spec` allows it (suit/value mappings become pairs); else a `RulesError`."""
    if spec.type == "map":
        return _check_suit_values(spec, value)
    if spec.type == "bool" and isinstance(value, str) and value in _YAML_11_BOOLS:
        return _YAML_11_BOOLS[value]
    if spec.values is not None:
        if any(type(value) is type(each) and value == each for each in spec.values):
            return value
        hint = " (write 'off' in quotes)" if value is False and "off" in spec.values else ""
        raise RulesError(
            f"expected {spec.expected()}; got {_show_given(value)}{hint}", key=spec.key
        )
    if value is None and spec.nullable:
        return value
    if not _is_int(value):
        raise RulesError(f"expected {spec.expected()}; got {_show_given(value)}", key=spec.key)
    if spec.minimum is not None and value < spec.minimum:
        raise RulesError(f"must be at least {spec.minimum}; got {value}", key=spec.key)
    return value


def _check_suit_values(spec: KeySpec, value: Any) -> tuple[tuple[str, int], ...]:
    if isinstance(value, tuple) and all(isinstance(pair, tuple) for pair in value):
        if any(len(pair) != 2 for pair in value):
            raise RulesError(f"expected {spec.expected()}", key=spec.key)
        value = dict(value)
    if not isinstance(value, Mapping):
        raise RulesError(f"expected {spec.expected()}; got {_show_given(value)}", key=spec.key)
    wrong = [_escaped(str(each)) for each in value if each not in SUIT_LETTERS]
    missing = [letter for letter in SUIT_LETTERS if letter not in value]
    if wrong or missing:
        problem = f"unknown suit {', '.join(wrong)}" if wrong else f"missing {', '.join(missing)}"
        raise RulesError(f"{problem}; expected {spec.expected()}", key=spec.key)
    for letter in SUIT_LETTERS:
        points = value[letter]
        if not _is_int(points) or points < 0:
            raise RulesError(
                f"{letter}: expected a whole number ≥ 0; got {_show_given(points)}", key=spec.key
            )
    return _suit_pairs(value)


def check_constraints(values: Mapping[str, Any]) -> None:
    """The cross-key checks of docs/rules.md#validation on a flat mapping of valid values."""
    low, high, step = values["bidding.min"], values["bidding.max"], values["bidding.step"]
    if low > high:
        raise RulesError(
            f"bidding.min ({low}) is above bidding.max ({high}); the lowest bid must not "
            "exceed the highest",
            related=("bidding.min", "bidding.max"),
        )
    for key in ("bidding.min", "bidding.max"):
        value = values[key]
        if value % step:
            below = value - value % step
            nearest = " or ".join(str(v) for v in (below, below + step) if v > 0)
            raise RulesError(
                f"{value} is not a multiple of bidding.step ({step}); it must be one "
                f"(the nearest: {nearest})",
                key=key,
                related=("bidding.step",),
            )
    bid_range = f"bidding.min..bidding.max ({low}..{high})"
    above = values["bidding.marriage_required_above"]
    if above is not None and not low <= above <= high:
        raise RulesError(
            f"{above} is outside {bid_range}; it must be in that range, or null for no "
            "marriage requirement",
            key="bidding.marriage_required_above",
            related=("bidding.min", "bidding.max"),
        )
    # A feature that is switched off has its keys checked for type and value (above), but not
    # against the other keys: those checks matter only while it is played
    # (docs/rules.md#validation).
    threshold, target = values["barrel.threshold"], values["target"]
    if values["barrel.enabled"] and threshold >= target:
        raise RulesError(
            f"{threshold} must be below target ({target}), or the barrel switched off "
            "(barrel.enabled: false)",
            key="barrel.threshold",
            related=("target",),
        )
    barrel_contract = values["barrel.min_contract"]
    if values["barrel.enabled"] and barrel_contract > high:
        raise RulesError(
            f"{barrel_contract} is above bidding.max ({high}); the barrel contract must be "
            "a possible bid",
            key="barrel.min_contract",
            related=("bidding.max",),
        )
    for key in ("dark.contract", "golden.forced_contract"):
        feature = key.split(".")[0]
        if values[f"{feature}.enabled"] and not low <= values[key] <= high:
            raise RulesError(
                f"{values[key]} is outside {bid_range}; it must be a bid in that range, or "
                f"{feature}.enabled: false",
                key=key,
                related=("bidding.min", "bidding.max"),
            )


def _flat(rules: Rules) -> dict[str, Any]:
    return {key: rules.get(key) for key in SCHEMA}


def _read_mapping(data: Any) -> dict[str, Any]:
    """Flat dotted key → checked value, from a nested mapping; unknown keys are errors."""
    if not isinstance(data, Mapping):
        raise RulesError(
            f"expected a mapping of convention keys (like players: 3); got {_show_given(data)}"
        )
    values: dict[str, Any] = {}
    for name, value in data.items():
        key = str(name)
        if key in SECTION_KEYS:
            values.update(_read_section(key, value))
        elif key in SCHEMA and len(SCHEMA[key].path) == 1:
            values[key] = check_value(SCHEMA[key], value)
        elif key in SCHEMA:
            section, sub = key.split(".", 1)
            raise RulesError(f"write it nested, as {section}: {{{sub}: ...}}", key=key)
        else:
            raise RulesError(_unknown(key, (*_TOP_LEVEL, *SCHEMA)), key=key)
    return values


def _read_section(section: str, data: Any) -> dict[str, Any]:
    names = [spec.key.split(".")[1] for spec in SCHEMA.values() if spec.path[0] == section]
    if data is None:
        return {}
    if not isinstance(data, Mapping):
        raise RulesError(
            f"expected a section of keys ({', '.join(names)}); got {_show_given(data)}",
            key=section,
        )
    values: dict[str, Any] = {}
    for name, value in data.items():
        key = f"{section}.{name}"
        spec = SCHEMA.get(key)
        if spec is None:
            raise RulesError(_unknown_in_section(section, str(name), names), key=key)
        values[key] = check_value(spec, value)
    return values


_UNKNOWN_CLOSE: Final = msg("rules_unknown_close", "unknown key; did you mean {key}?")
_UNKNOWN_SUIT: Final = msg(
    "rules_unknown_suit",
    "unknown key; did you mean {key}? Each suit is set in it, by its letter ({example})",
)
_UNKNOWN_IN: Final = msg("rules_unknown_in", "unknown key; the keys of {section} are: {keys}")
_UNKNOWN_TOP: Final = msg("rules_unknown_top", "unknown key; the top-level keys are: {keys}")


def _unknown(key: str, candidates: Iterable[str]) -> Said:
    close = _closest(key, candidates)
    if close:
        return Said(_UNKNOWN_CLOSE, {"key": close})
    return Said(_UNKNOWN_TOP, {"keys": ", ".join(_TOP_LEVEL)})


_SUIT_WORDS: Final = {
    "hearts": "H",
    "heart": "H",
    "diamonds": "D",
    "diamond": "D",
    "clubs": "C",
    "club": "C",
    "spades": "S",
    "spade": "S",
    **{letter.lower(): letter for letter in SUIT_LETTERS},
}


def _unknown_in_section(section: str, name: str, names: list[str]) -> Said:
    """The message for an unknown key in a known section: the closest key of that section
    first; a suit's name leads to the section's suit mapping; another section's key only
    when it has this very name (a key put in the wrong section)."""
    close = _closest(name, names)
    if close:
        return Said(_UNKNOWN_CLOSE, {"key": f"{section}.{close}"})
    suits = [spec for spec in SCHEMA.values() if spec.path[0] == section and spec.type == "map"]
    if name.lower() in _SUIT_WORDS and suits:
        spec = suits[0]
        pairs = ", ".join(f"{letter}: {points}" for letter, points in spec.default)
        return Said(_UNKNOWN_SUIT, {"key": spec.key, "example": f"{spec.path[-1]}: {{{pairs}}}"})
    elsewhere = [k for k in SCHEMA if not k.startswith(section + ".") and k.endswith("." + name)]
    if elsewhere:
        return Said(_UNKNOWN_CLOSE, {"key": elsewhere[0]})
    return Said(_UNKNOWN_IN, {"section": section, "keys": ", ".join(names)})


def _build(values: Mapping[str, Any]) -> Rules:
    top: dict[str, Any] = {}
    sections: dict[str, dict[str, Any]] = {}
    for key, value in values.items():
        path = SCHEMA[key].path
        if len(path) == 1:
            top[path[0]] = value
        else:
            sections.setdefault(path[0], {})[path[1]] = value
    for item in fields(Rules):
        if item.name in sections:
            assert isinstance(item.default_factory, type)
            top[item.name] = item.default_factory(**sections[item.name])
    return Rules(**top)


def with_overrides(rules: Rules, overrides: Mapping[str, Any]) -> Rules:
    """`rules` with some keys changed; keys may be dotted (`"bidding.step"`) or nested sections."""
    data = rules.to_dict()
    for name, value in overrides.items():
        key = str(name)
        section, _, sub = key.partition(".")
        if sub and section in SECTION_KEYS:
            data[section] = {**data[section], sub: value}
        elif key in SECTION_KEYS and isinstance(value, Mapping):
            data[key] = {**data[key], **value}
        else:
            data[key] = value
    return Rules.from_mapping(data, source="<overrides>")


def iter_conventions(rules: Rules) -> Iterator[tuple[str, str, Any]]:
    """(section, dotted key, value) for every key, in the order of docs/rules.md#conventions."""
    for spec in SCHEMA.values():
        yield spec.section, spec.key, plain(rules.get(spec.key))


DEFAULT_RULES: Final = Rules()
"""The classic game: every key at its default."""
