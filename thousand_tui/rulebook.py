"""The rule book: every convention of a table in words, in every language the game speaks,
grouped by section (docs/rules.md#conventions), for `thousand presets NAME` and the table's
conventions page.

Each key of the conventions has its label and the words for its values (`_WORDS`); texts are
format strings where `{v}` is the value, `{r}` the Rules and `{v:pts}` a number of points with
its noun in the right form.

The texts are English, marked for the catalogs (`thousand_tui/translations.py`) with these
contexts (msgctxt):

- `rules:KEY`: the label of the convention KEY (`rules:deal.cut_ritual`);
- `rules:KEY=VALUE`: the words for one value of KEY, VALUE as the preset files write it
  (`rules:deal.cut_ritual=true`, `rules:redeal.hand_nines=null`, `rules:players=2`);
- `rules:KEY=*`: the words for any other value of KEY;
- `rules:section:NAME`: a section's title (`rules:section:table`);
- `rules:allowed=true`, `rules:played=false`, `rules:yes_no=true`, `rules:no`,
  `rules:unlimited`, `rules:suit:H`, `rules:points`, `rules:changes`: words several keys share.
"""

from __future__ import annotations

import string
import textwrap
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Final

from .engine.rules import (
    AUCTION,
    CONCESSION,
    MATCH,
    PALKI,
    PLAY,
    REDEAL,
    SCHEMA,
    SCORING,
    SECTIONS,
    TABLE,
    TALON,
    TWO_PLAYERS,
    Rules,
    applies,
    show,
)
from .presets import Preset
from .translations import Msg, counted, language_of, msg, nmsg, translate

_SECTION_TITLES: Final[Mapping[str, Msg]] = {
    TABLE: msg("rules:section:table", "Table"),
    REDEAL: msg("rules:section:redeal", "Redeal"),
    AUCTION: msg("rules:section:auction", "Auction"),
    TALON: msg("rules:section:talon", "Talon and exchange"),
    CONCESSION: msg("rules:section:concession", "Conceding and baptism"),
    PLAY: msg("rules:section:play", "Play and marriages"),
    SCORING: msg("rules:section:scoring", "Scoring"),
    PALKI: msg("rules:section:palki", "Palki (deals without a trick)"),
    MATCH: msg(
        "rules:section:match", "Match: samosval, barrel, golden deal, dark game, four players"
    ),
    TWO_PLAYERS: msg("rules:section:two_players", "Two players"),
}

_SUIT_NAMES: Final = {
    "H": msg("rules:suit:H", "hearts"),
    "D": msg("rules:suit:D", "diamonds"),
    "C": msg("rules:suit:C", "clubs"),
    "S": msg("rules:suit:S", "spades"),
}

_YES_NO: Final = {True: msg("rules:yes_no=true", "yes"), False: msg("rules:yes_no=false", "no")}
_ALLOWED: Final = {
    True: msg("rules:allowed=true", "allowed"),
    False: msg("rules:allowed=false", "not allowed"),
}
_PLAYED: Final = {
    True: msg("rules:played=true", "played"),
    False: msg("rules:played=false", "not played"),
}
_NO: Final = msg("rules:no", "no")
_UNLIMITED: Final = msg("rules:unlimited", "no limit")


@dataclass(frozen=True)
class _Words:
    """How one key reads: its label and the words for its values.

    Texts are format strings: `{v}` is the value, `{r}` the Rules (`{r.bidding.step}`), and
    `{v:pts}` a number of points with its noun in the right form.
    """

    label: Msg
    values: Mapping[Any, Msg] = field(default_factory=dict)
    other: Msg | None = None  # the value itself


def _w(label: Msg, values: Mapping[Any, Msg] | None = None, other: Msg | None = None) -> _Words:
    return _Words(label, values or {}, other)


_WORDS: Final[Mapping[str, _Words]] = {
    "players": _w(
        msg("rules:players", "Players"),
        {
            2: msg("rules:players=2", "2 (each takes a talon of his own)"),
            3: msg("rules:players=3", "3"),
            4: msg("rules:players=4", "4 (the dealer sits out each deal)"),
        },
    ),
    "target": _w(msg("rules:target", "Game to"), other=msg("rules:target=*", "{v:pts}")),
    "deal.cut_ritual": _w(
        msg("rules:deal.cut_ritual", "Cutting the deck"),
        {
            True: msg(
                "rules:deal.cut_ritual=true",
                "the bottom card is shown: a nine → cut again, a jack → stop",
            ),
            False: msg("rules:deal.cut_ritual=false", "a plain cut"),
        },
    ),
    "deal.cut_penalty": _w(
        msg("rules:deal.cut_penalty", "Fine for the third nine in a row at the cut"),
        {0: msg("rules:deal.cut_penalty=0", "none")},
        other=msg(
            "rules:deal.cut_penalty=*",
            "{v:pts}, before the deal; fined on the barrel, he leaves it (not a fall)",
        ),
    ),
    "redeal.enabled": _w(msg("rules:redeal.enabled", "Redeal (misdeal)"), _ALLOWED),
    "redeal.when": _w(
        msg("rules:redeal.when", "Hands checked for a redeal"),
        {
            "before_auction": msg(
                "rules:redeal.when=before_auction", "before the auction (7 cards)"
            ),
            "after_exchange": msg(
                "rules:redeal.when=after_exchange", "after the talon cards are given (8 cards)"
            ),
        },
    ),
    "redeal.hand_nines": _w(
        msg("rules:redeal.hand_nines", "Redeal for nines in a hand"),
        {
            None: _NO,
            3: msg("rules:redeal.hand_nines=3", "three nines or more"),
            4: msg("rules:redeal.hand_nines=4", "all four nines"),
        },
    ),
    "redeal.hand_nines_on_hundred": _w(
        msg("rules:redeal.hand_nines_on_hundred", "Redeal for nines, player on {r.bidding.min}"),
        {
            None: msg("rules:redeal.hand_nines_on_hundred=null", "as for the others"),
            3: msg("rules:redeal.hand_nines_on_hundred=3", "three nines or more"),
        },
    ),
    "redeal.hand_jacks": _w(
        msg("rules:redeal.hand_jacks", "Redeal for jacks in a hand"),
        {
            None: _NO,
            3: msg("rules:redeal.hand_jacks=3", "three jacks or more"),
            4: msg("rules:redeal.hand_jacks=4", "all four jacks"),
        },
    ),
    "redeal.hand_points_below": _w(
        msg("rules:redeal.hand_points_below", "Redeal for a weak hand"),
        {
            None: _NO,
            13: msg("rules:redeal.hand_points_below=13", "12 card points or less"),
            14: msg("rules:redeal.hand_points_below=14", "13 card points or less"),
            15: msg("rules:redeal.hand_points_below=15", "14 card points or less"),
        },
    ),
    "redeal.talon_points_below": _w(
        msg("rules:redeal.talon_points_below", "Redeal for a poor talon"),
        {
            None: _NO,
            4: msg("rules:redeal.talon_points_below=4", "3 card points or less"),
            5: msg("rules:redeal.talon_points_below=5", "4 card points or less"),
        },
    ),
    "redeal.talon_nines": _w(
        msg("rules:redeal.talon_nines", "Redeal for nines in the talon"),
        {
            None: _NO,
            2: msg("rules:redeal.talon_nines=2", "two nines or more"),
            3: msg("rules:redeal.talon_nines=3", "three nines"),
        },
    ),
    "redeal.talon_jacks": _w(
        msg("rules:redeal.talon_jacks", "Redeal for jacks in the talon"),
        {None: _NO, 3: msg("rules:redeal.talon_jacks=3", "three jacks")},
    ),
    "redeal.mandatory": _w(
        msg("rules:redeal.mandatory", "A redeal is"),
        {
            True: msg("rules:redeal.mandatory=true", "compulsory"),
            False: msg("rules:redeal.mandatory=false", "asked for by the player"),
        },
    ),
    "bidding.obligated": _w(
        msg("rules:bidding.obligated", "Sits on {r.bidding.min} (obligated bid)"),
        {
            "forehand": msg("rules:bidding.obligated=forehand", "the player left of the dealer"),
            "dealer": msg("rules:bidding.obligated=dealer", "the dealer"),
        },
    ),
    "bidding.min": _w(msg("rules:bidding.min", "Lowest contract")),
    "bidding.step": _w(msg("rules:bidding.step", "Bidding step")),
    "bidding.jumps": _w(
        msg("rules:bidding.jumps", "Raise in the auction"),
        {
            True: msg("rules:bidding.jumps=true", "by any multiple of {r.bidding.step}"),
            False: msg("rules:bidding.jumps=false", "by exactly {r.bidding.step}"),
        },
    ),
    "bidding.max": _w(msg("rules:bidding.max", "Highest contract")),
    "bidding.marriage_required_above": _w(
        msg("rules:bidding.marriage_required_above", "Bidding without a marriage in hand"),
        {None: _UNLIMITED},
        other=msg("rules:bidding.marriage_required_above=*", "up to {v}"),
    ),
    "bidding.cap_by_marriages": _w(
        msg("rules:bidding.cap_by_marriages", "Bids limited by the marriages held"),
        {
            True: msg("rules:bidding.cap_by_marriages=true", "yes: at most 120 + their value"),
            False: _NO,
        },
    ),
    "bidding.minus_threshold": _w(
        msg("rules:bidding.minus_threshold", "Bidding in the minus"),
        {None: msg("rules:bidding.minus_threshold=null", "allowed at any score")},
        other=msg("rules:bidding.minus_threshold=*", "not with a score below {v}"),
    ),
    "bidding.minus_mode": _w(
        msg("rules:bidding.minus_mode", "Below the minus limit (if there is one), a player"),
        {
            "self_passes": msg("rules:bidding.minus_mode=self_passes", "passes automatically"),
            "others_pass": msg(
                "rules:bidding.minus_mode=others_pass", "may bid, and then everybody else must pass"
            ),
        },
    ),
    "talon.show": _w(
        msg("rules:talon.show", "Talon shown to all"),
        {
            "always": msg("rules:talon.show=always", "always"),
            "not_at_100": msg(
                "rules:talon.show=not_at_100",
                "except when taken at {r.bidding.min} without an auction",
            ),
            "never": msg("rules:talon.show=never", "never"),
        },
    ),
    "talon.raise": _w(
        msg("rules:talon.raise", "Raising the contract"),
        {
            "after_giving": msg(
                "rules:talon.raise=after_giving", "after giving a card to each opponent"
            ),
            "before_giving": msg(
                "rules:talon.raise=before_giving", "after taking the talon, before giving cards"
            ),
            "never": msg("rules:talon.raise=never", "not allowed"),
        },
    ),
    "talon.given_visible": _w(
        msg("rules:talon.given_visible", "Cards given to the opponents"),
        {
            True: msg("rules:talon.given_visible=true", "shown to everyone"),
            False: msg("rules:talon.given_visible=false", "seen only by the receiver"),
        },
    ),
    "rospis.enabled": _w(msg("rules:rospis.enabled", "Conceding the deal (rospis)"), _ALLOWED),
    "rospis.declarer": _w(
        msg("rules:rospis.declarer", "A conceding declarer"),
        {
            "minus_bid": msg("rules:rospis.declarer=minus_bid", "loses the contract"),
            "nothing": msg("rules:rospis.declarer=nothing", "loses nothing"),
            "palka": msg("rules:rospis.declarer=palka", "gets a palka instead"),
        },
    ),
    "rospis.opponents": _w(
        msg("rules:rospis.opponents", "Each opponent of a concession gets"),
        {
            "sixty": msg("rules:rospis.opponents=sixty", "60"),
            "half_bid": msg(
                "rules:rospis.opponents=half_bid", "half the contract (rounded up to 5)"
            ),
            "half_bid_max_60": msg(
                "rules:rospis.opponents=half_bid_max_60", "half the contract, at most 60"
            ),
        },
    ),
    "rospis.free_per_game": _w(
        msg("rules:rospis.free_per_game", "Free concessions per player and game"),
        {0: msg("rules:rospis.free_per_game=0", "none")},
        other=msg("rules:rospis.free_per_game=*", "the first {v}"),
    ),
    "rospis.max_per_game": _w(
        msg("rules:rospis.max_per_game", "Concessions per player and game"),
        {None: _UNLIMITED},
        other=msg("rules:rospis.max_per_game=*", "at most {v}"),
    ),
    "rospis.third_penalty": _w(
        msg("rules:rospis.third_penalty", "Extra fine on every third concession"),
        {0: msg("rules:rospis.third_penalty=0", "none")},
        other=msg("rules:rospis.third_penalty=*", "{v:pts}"),
    ),
    "rospis.on_barrel": _w(
        msg("rules:rospis.on_barrel", "Conceding and the barrel"),
        {
            "forbidden_for_barrel_player": msg(
                "rules:rospis.on_barrel=forbidden_for_barrel_player",
                "not for the player on the barrel",
            ),
            "forbidden_for_all": msg(
                "rules:rospis.on_barrel=forbidden_for_all", "nobody, while someone is on the barrel"
            ),
            "allowed": msg("rules:rospis.on_barrel=allowed", "allowed"),
        },
    ),
    "baptism.enabled": _w(
        msg("rules:baptism.enabled", "Baptism (“I cross myself”)"),
        {
            True: msg(
                "rules:baptism.enabled=true",
                "allowed: concede with no loss and take a cross; each opponent gets a palka",
            ),
            False: msg("rules:baptism.enabled=false", "not played"),
        },
    ),
    "baptism.crosses_penalty": _w(
        msg("rules:baptism.crosses_penalty", "Fine for every second cross"),
        other=msg("rules:baptism.crosses_penalty=*", "{v:pts}"),
    ),
    "baptism.max_per_game": _w(
        msg("rules:baptism.max_per_game", "Baptisms per player and game"),
        {None: _UNLIMITED},
        other=msg("rules:baptism.max_per_game=*", "at most {v}"),
    ),
    "marriage.values": _w(msg("rules:marriage.values", "Marriages")),
    "marriage.on_first_lead": _w(
        msg("rules:marriage.on_first_lead", "Marriage on the first lead"),
        {
            True: msg("rules:marriage.on_first_lead=true", "allowed"),
            False: msg("rules:marriage.on_first_lead=false", "no: only after taking a trick"),
        },
    ),
    "marriage.card_must_win": _w(
        msg("rules:marriage.card_must_win", "Marriage points count"),
        {
            True: msg(
                "rules:marriage.card_must_win=true", "only if the led king or queen wins its trick"
            ),
            False: msg("rules:marriage.card_must_win=false", "at once"),
        },
    ),
    "marriage.keep_trump_option": _w(
        msg("rules:marriage.keep_trump_option", "Marriage for points only (trump unchanged)"),
        {
            True: msg("rules:marriage.keep_trump_option=true", "allowed"),
            False: msg(
                "rules:marriage.keep_trump_option=false", "no: a marriage always sets trump"
            ),
        },
    ),
    "ace_marriage.enabled": _w(
        msg("rules:ace_marriage.enabled", "Ace marriage (four aces)"), _PLAYED
    ),
    "ace_marriage.value": _w(
        msg("rules:ace_marriage.value", "Ace marriage is worth"),
        other=msg("rules:ace_marriage.value=*", "{v:pts}"),
    ),
    "ace_marriage.trump": _w(
        msg("rules:ace_marriage.trump", "Trump after an ace marriage"),
        {
            "keep": msg("rules:ace_marriage.trump=keep", "unchanged"),
            "cancel": msg("rules:ace_marriage.trump=cancel", "none any more"),
            "led_suit": msg("rules:ace_marriage.trump=led_suit", "the suit of the led ace"),
        },
    ),
    "play.trump_lead": _w(
        msg("rules:play.trump_lead", "Leading trumps"),
        {
            "free": msg("rules:play.trump_lead=free", "anyone"),
            "owner_only": msg(
                "rules:play.trump_lead=owner_only",
                "only the player who declared trump, or one with nothing else",
            ),
        },
    ),
    "play.must_beat": _w(
        msg("rules:play.must_beat", "Must beat the trick when able"),
        {True: msg("rules:play.must_beat=true", "yes, overtrumping too"), False: _NO},
    ),
    "scoring.defender_rounding": _w(
        msg("rules:scoring.defender_rounding", "Defenders' points"),
        {
            "nearest_5": msg(
                "rules:scoring.defender_rounding=nearest_5", "rounded to 5 (67 → 65, 68 → 70)"
            ),
            "none": msg("rules:scoring.defender_rounding=none", "not rounded"),
            "nearest_10": msg(
                "rules:scoring.defender_rounding=nearest_10", "rounded to 10 (65 → 70)"
            ),
        },
    ),
    "scoring.declarer_rounding": _w(
        msg("rules:scoring.declarer_rounding", "Declarer's points"),
        {
            "none": msg(
                "rules:scoring.declarer_rounding=none", "exact: the full contract is needed"
            ),
            "nearest_5": msg(
                "rules:scoring.declarer_rounding=nearest_5", "rounded to 5 (98 makes 100)"
            ),
        },
    ),
    "scoring.failed_defenders": _w(
        msg("rules:scoring.failed_defenders", "Defenders when the contract fails"),
        {
            "own_points": msg(
                "rules:scoring.failed_defenders=own_points", "score their own points"
            ),
            "sixty": msg("rules:scoring.failed_defenders=sixty", "score 60 each"),
        },
    ),
    "scoring.only_contracts_above": _w(
        msg("rules:scoring.only_contracts_above", "Only one's own contract scores"),
        {None: msg("rules:scoring.only_contracts_above=null", "no: everyone writes his points")},
        msg(
            "rules:scoring.only_contracts_above=*",
            "above {v:pts} (nothing as a defender, from a concession or as the sitter)",
        ),
    ),
    "palki.trigger": _w(
        msg("rules:palki.trigger", "A palka for"),
        {
            "no_tricks": msg("rules:palki.trigger=no_tricks", "a deal without a trick"),
            "no_points": msg("rules:palki.trigger=no_points", "a deal without a point"),
        },
    ),
    "palki.penalty": _w(
        msg("rules:palki.penalty", "Palka fine"), other=msg("rules:palki.penalty=*", "{v:pts}")
    ),
    "palki.rule": _w(
        msg("rules:palki.rule", "The fine is charged"),
        {
            "every_third": msg("rules:palki.rule=every_third", "for every third palka"),
            "three_in_a_row": msg("rules:palki.rule=three_in_a_row", "for three palki in a row"),
        },
    ),
    "palki.declarer_counts": _w(
        msg("rules:palki.declarer_counts", "A declarer without a trick gets a palka too"), _YES_NO
    ),
    "samosval.mode": _w(
        msg("rules:samosval.mode", "Samosval"),
        {
            "off": msg("rules:samosval.mode=off", "not played"),
            "plus": msg(
                "rules:samosval.mode=plus",
                "a score of 555 → 0 (a player on the barrel at 555 leaves it)",
            ),
            "plus_minus": msg(
                "rules:samosval.mode=plus_minus",
                "a score of 555 or -555 → 0 (a player on the barrel at 555 leaves it)",
            ),
        },
    ),
    "barrel.enabled": _w(msg("rules:barrel.enabled", "Barrel"), _PLAYED),
    "barrel.threshold": _w(
        msg("rules:barrel.threshold", "On the barrel at"),
        other=msg("rules:barrel.threshold=*", "{v:pts}"),
    ),
    "barrel.entry": _w(
        msg("rules:barrel.entry", "Jumping past the target from below the barrel"),
        {
            "cap": msg("rules:barrel.entry=cap", "stops on the barrel"),
            "direct_win": msg("rules:barrel.entry=direct_win", "wins at once"),
        },
    ),
    "barrel.attempts": _w(msg("rules:barrel.attempts", "Deals on the barrel")),
    "barrel.attempt_counts": _w(
        msg("rules:barrel.attempt_counts", "An attempt is"),
        {
            "every_deal": msg("rules:barrel.attempt_counts=every_deal", "every deal"),
            "own_contracts": msg(
                "rules:barrel.attempt_counts=own_contracts", "each of his own contracts"
            ),
        },
    ),
    "barrel.goal": _w(
        msg("rules:barrel.goal", "Winning from the barrel"),
        {
            "contract": msg(
                "rules:barrel.goal=contract", "make a contract of {r.barrel.min_contract} or more"
            ),
            "cumulative": msg(
                "rules:barrel.goal=cumulative",
                "collect {r.barrel.min_contract:pts} over the attempts",
            ),
        },
    ),
    "barrel.min_contract": _w(msg("rules:barrel.min_contract", "Barrel contract or tally")),
    "barrel.bidding": _w(
        msg("rules:barrel.bidding", "Bidding on the barrel"),
        {
            "normal": msg("rules:barrel.bidding=normal", "as usual"),
            "auto_talon": msg(
                "rules:barrel.bidding=auto_talon",
                "he takes the talon and plays {r.barrel.min_contract} without an auction",
            ),
            "auto_bid": msg(
                "rules:barrel.bidding=auto_bid",
                "he bids {r.barrel.min_contract} automatically; others may outbid",
            ),
        },
    ),
    "barrel.max_bid": _w(
        msg("rules:barrel.max_bid", "The barrel player bids"),
        {None: _UNLIMITED},
        other=msg("rules:barrel.max_bid=*", "at most {v}"),
    ),
    "barrel.marriages_count": _w(
        msg("rules:barrel.marriages_count", "Marriages of the barrel player"),
        {
            True: msg("rules:barrel.marriages_count=true", "count"),
            False: msg("rules:barrel.marriages_count=false", "do not count (they still set trump)"),
        },
    ),
    "barrel.opponents_freeze": _w(
        msg("rules:barrel.opponents_freeze", "While he plays his barrel contract, the others"),
        {
            True: msg("rules:barrel.opponents_freeze=true", "score nothing and get no palki"),
            False: msg("rules:barrel.opponents_freeze=false", "score as usual"),
        },
    ),
    "barrel.penalty": _w(
        msg("rules:barrel.penalty", "Falling off the barrel costs"),
        other=msg("rules:barrel.penalty=*", "{v:pts}"),
    ),
    "barrel.fall_rounding": _w(
        msg("rules:barrel.fall_rounding", "Score on falling off"),
        {
            "none": msg("rules:barrel.fall_rounding=none", "not rounded"),
            "down_to_tens": msg(
                "rules:barrel.fall_rounding=down_to_tens", "first rounded down to tens (993 → 990)"
            ),
        },
    ),
    "barrel.third_fall": _w(
        msg("rules:barrel.third_fall", "The third fall of a game"),
        {
            "none": msg("rules:barrel.third_fall=none", "like any other"),
            "reset_to_zero": msg("rules:barrel.third_fall=reset_to_zero", "sets his score to 0"),
        },
    ),
    "barrel.failed_contract": _w(
        msg("rules:barrel.failed_contract", "His own failed contract on the barrel"),
        {
            "attempt": msg(
                "rules:barrel.failed_contract=attempt", "uses an attempt and costs nothing"
            ),
            "fall": msg(
                "rules:barrel.failed_contract=fall",
                "throws him off at once: his barrel score (tally included), rounded as on "
                "a fall, less the contract",
            ),
        },
    ),
    "barrel.bump": _w(
        msg("rules:barrel.bump", "A newcomer on the barrel"),
        {
            True: msg("rules:barrel.bump=true", "knocks off the one already there"),
            False: msg("rules:barrel.bump=false", "knocks nobody off"),
        },
    ),
    "barrel.simultaneous": _w(
        msg("rules:barrel.simultaneous", "Several reaching the barrel in one deal"),
        {
            "all_fall": msg("rules:barrel.simultaneous=all_fall", "all fall off"),
            "all_stay": msg("rules:barrel.simultaneous=all_stay", "all stay on"),
        },
    ),
    "golden.enabled": _w(
        msg("rules:golden.enabled", "Golden deal"),
        {
            True: msg("rules:golden.enabled=true", "the first {r.players} deals of the game"),
            False: msg("rules:golden.enabled=false", "not played"),
        },
    ),
    "golden.multiplier": _w(
        msg("rules:golden.multiplier", "Scores in a golden deal"),
        other=msg("rules:golden.multiplier=*", "×{v}"),
    ),
    "golden.forced_contract": _w(
        msg("rules:golden.forced_contract", "Golden deal contract"),
        other=msg("rules:golden.forced_contract=*", "{v}, without an auction"),
    ),
    "golden.raise": _w(msg("rules:golden.raise", "Raising in a golden deal"), _ALLOWED),
    "golden.marriages_multiplied": _w(
        msg("rules:golden.marriages_multiplied", "Marriages in a golden deal"),
        {
            True: msg("rules:golden.marriages_multiplied=true", "multiplied too"),
            False: msg("rules:golden.marriages_multiplied=false", "not multiplied"),
        },
    ),
    "golden.on_failure": _w(
        msg("rules:golden.on_failure", "If nobody makes a golden contract"),
        {
            "reset_scores": msg(
                "rules:golden.on_failure=reset_scores", "every score goes back to 0"
            ),
            "replay": msg("rules:golden.on_failure=replay", "the golden deals are played again"),
            "none": msg("rules:golden.on_failure=none", "the scores stay"),
        },
    ),
    "dark.enabled": _w(
        msg("rules:dark.enabled", "Playing in the dark"),
        {
            True: msg(
                "rules:dark.enabled=true",
                "the player on {r.bidding.min} may bid before seeing his cards",
            ),
            False: msg("rules:dark.enabled=false", "not played"),
        },
    ),
    "dark.contract": _w(msg("rules:dark.contract", "Dark contract")),
    "dark.multiplier": _w(
        msg("rules:dark.multiplier", "Scores in a dark game"),
        other=msg("rules:dark.multiplier=*", "×{v}"),
    ),
    "dark.talon_hidden": _w(
        msg("rules:dark.talon_hidden", "Talon in a dark game"),
        {
            True: msg("rules:dark.talon_hidden=true", "stays hidden"),
            False: msg("rules:dark.talon_hidden=false", "shown as usual"),
        },
    ),
    "dark.raise": _w(msg("rules:dark.raise", "Raising a dark game"), _ALLOWED),
    "dark.cancel": _w(
        msg("rules:dark.cancel", "Cancelling a dark game"),
        {
            "none": msg("rules:dark.cancel=none", "impossible"),
            "opponent_marriage": msg(
                "rules:dark.cancel=opponent_marriage",
                "an opponent holding a marriage may cancel it",
            ),
            "outbid": msg(
                "rules:dark.cancel=outbid",
                "an opponent may outbid it with {r.dark.contract} + {r.bidding.step}",
            ),
        },
    ),
    "dark.min_score": _w(
        msg("rules:dark.min_score", "Dark game needs a score of"),
        {None: msg("rules:dark.min_score=null", "any score")},
        other=msg("rules:dark.min_score=*", "at least {v}"),
    ),
    "four_player.sitter_scores": _w(
        msg("rules:four_player.sitter_scores", "With four players, the dealer sitting out scores"),
        {
            "none": msg("rules:four_player.sitter_scores=none", "nothing"),
            "talon_points": msg(
                "rules:four_player.sitter_scores=talon_points",
                "the talon's points, rounded like a defender's",
            ),
            "talon_points_marriage": msg(
                "rules:four_player.sitter_scores=talon_points_marriage",
                "the talon's points and a marriage in it, rounded like a defender's",
            ),
            "aces_50": msg(
                "rules:four_player.sitter_scores=aces_50",
                "50 per ace in the talon and a marriage in it, rounded like a defender's",
            ),
        },
    ),
    "four_player.half_marriage": _w(
        msg(
            "rules:four_player.half_marriage",
            "With four players, a lone king or queen in the talon",
        ),
        {
            True: msg("rules:four_player.half_marriage=true", "scores half its marriage"),
            False: msg("rules:four_player.half_marriage=false", "scores nothing extra"),
        },
    ),
    "two_player.talons": _w(
        msg("rules:two_player.talons", "Cards dealt"),
        {
            "two_by_two": msg(
                "rules:two_player.talons=two_by_two", "10 cards each and two talons of 2"
            ),
            "two_by_three": msg(
                "rules:two_player.talons=two_by_three", "9 cards each and two talons of 3"
            ),
        },
    ),
    "two_player.talon_choice": _w(
        msg("rules:two_player.talon_choice", "Choosing a talon"),
        {
            "blind": msg("rules:two_player.talon_choice=blind", "unseen"),
            "look": msg("rules:two_player.talon_choice=look", "after looking at both"),
        },
    ),
}


_POINTS: Final = nmsg("rules:points", "point", "points")


class _Formatter(string.Formatter):
    """`str.format` with a `pts` spec: `{v:pts}` → "120 points" / "120 очков"."""

    def __init__(self, lang: str) -> None:
        super().__init__()
        self.lang = lang

    def format_field(self, value: Any, format_spec: str) -> str:
        if format_spec == "pts":
            return counted(self.lang, _POINTS, int(value))
        return str(super().format_field(value, format_spec))


def _words_for(key: str) -> _Words:
    return _WORDS.get(key) or _Words(Msg("", key))


def _value_words(rules: Rules, key: str, lang: str) -> str:
    value = rules.get(key)
    if SCHEMA[key].type == "map":
        return ", ".join(f"{translate(lang, _SUIT_NAMES[suit])} {points}" for suit, points in value)
    words = _words_for(key)
    template = words.values.get(value)
    if template is None and SCHEMA[key].type == "bool":
        template = _YES_NO[value]
    template = template or words.other
    text = "{v}" if template is None else translate(lang, template)
    return _Formatter(lang).format(text, v=show(value) if value is None else value, r=rules)


def _label(rules: Rules, key: str, lang: str) -> str:
    label = _words_for(key).label
    text = translate(lang, label) if label.context else label.text
    return _Formatter(lang).format(text, r=rules)


def describe_rules(rules: Rules, lang: str = "en") -> list[tuple[str, list[tuple[str, str]]]]:
    """Every convention in words, grouped by the schema's sections: [(section, [(label, value)])].
    A setting of a rule that is off is left out (`rules.applies`), and so is a section left
    empty."""
    lang = language_of(lang)
    groups: dict[str, list[tuple[str, str]]] = {section: [] for section in SECTIONS}
    for spec in SCHEMA.values():
        if not applies(rules, spec.key):
            continue
        groups[spec.section].append(
            (_label(rules, spec.key, lang), _value_words(rules, spec.key, lang))
        )
    return [
        (translate(lang, _SECTION_TITLES[section]), lines)
        for section, lines in groups.items()
        if lines
    ]


def format_preset(preset: Preset, lang: str = "en") -> str:
    """The preset as plain text: title, description, then every convention by section."""
    out = [preset.title_in(lang)]
    description = preset.description_in(lang)
    if description:
        out.extend(textwrap.wrap(description, width=78))
    changes = describe_changes(preset, lang)
    if changes:
        out.append("")
        base = preset.base_title_in(lang)
        out.append(translate(language_of(lang), _CHANGES).format(base=base))
        out.extend(f"  {label}: {old} → {new}" for label, old, new in changes)
    for title, lines in describe_rules(preset.rules, lang):
        out.append("")
        out.append(title)
        out.extend(f"  {label}: {value}" for label, value in lines)
    return "\n".join(out) + "\n"


_CHANGES: Final = msg("rules:changes", "Changes from “{base}”:")


def describe_changes(preset: Preset, lang: str = "en") -> list[tuple[str, str, str]]:
    """The conventions a preset that extends another changes: [(label, base value, value)],
    in words, for the keys whose value differs from the base preset's."""
    base = preset.base
    if base is None:
        return []
    lang = language_of(lang)
    out = []
    for spec in SCHEMA.values():
        if base.get(spec.key) == preset.rules.get(spec.key):
            continue
        if not (applies(base, spec.key) or applies(preset.rules, spec.key)):
            continue  # a setting of a rule off on both sides changes nothing
        label = _label(preset.rules, spec.key, lang)
        before = _value_words(base, spec.key, lang)
        after = _value_words(preset.rules, spec.key, lang)
        out.append((label, before, after))
    return out
