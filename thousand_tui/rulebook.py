"""The rule book: every convention of a table in words, English and Russian, grouped by
section (docs/rules.md#conventions), for `thousand presets NAME` and the table's conventions page.

Each key of the conventions has its label and the words for its values (`_WORDS`); texts are
format strings where `{v}` is the value, `{r}` the Rules and `{v:pts}` a number of points with
its noun in the right form.
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
from .plural import counted
from .presets import Preset

_SECTION_TITLES: Final[Mapping[str, tuple[str, str]]] = {
    TABLE: ("Table", "Стол"),
    REDEAL: ("Redeal", "Пересдача"),
    AUCTION: ("Auction", "Торговля"),
    TALON: ("Talon and exchange", "Прикуп"),
    CONCESSION: ("Conceding and baptism", "Роспись и «крещусь»"),
    PLAY: ("Play and marriages", "Игра и марьяжи"),
    SCORING: ("Scoring", "Подсчёт очков"),
    PALKI: ("Palki (deals without a trick)", "Палки"),
    MATCH: (
        "Match: samosval, barrel, golden deal, dark game, four players",
        "Партия: самосвал, бочка, золотой кон, игра втёмную, игра вчетвером",
    ),
    TWO_PLAYERS: ("Two players", "Игра вдвоём"),
}

_SUIT_NAMES: Final = {
    "H": ("hearts", "черви"),
    "D": ("diamonds", "бубны"),
    "C": ("clubs", "трефы"),
    "S": ("spades", "пики"),
}

_YES_NO: Final = {True: ("yes", "да"), False: ("no", "нет")}
_ALLOWED: Final = {True: ("allowed", "можно"), False: ("not allowed", "нельзя")}
_PLAYED: Final = {True: ("played", "играется"), False: ("not played", "не играется")}
_NO: Final = ("no", "нет")
_UNLIMITED: Final = ("no limit", "без ограничения")


@dataclass(frozen=True)
class _Words:
    """How one key reads: its label and the words for its values, English and Russian.

    Texts are format strings: `{v}` is the value, `{r}` the Rules (`{r.bidding.step}`), and
    `{v:pts}` a number of points with its noun in the right form.
    """

    label: tuple[str, str]
    values: Mapping[Any, tuple[str, str]] = field(default_factory=dict)
    other: tuple[str, str] = ("{v}", "{v}")


def _w(
    en: str,
    ru: str,
    values: Mapping[Any, tuple[str, str]] | None = None,
    other: tuple[str, str] = ("{v}", "{v}"),
) -> _Words:
    return _Words((en, ru), values or {}, other)


_WORDS: Final[Mapping[str, _Words]] = {
    "players": _w(
        "Players",
        "Игроков",
        {
            2: ("2 (each takes a talon of his own)", "2 (два прикупа)"),
            3: ("3", "3"),
            4: ("4 (the dealer sits out each deal)", "4 (сдающий не играет кон)"),
        },
    ),
    "target": _w("Game to", "Игра до", other=("{v:pts}", "{v:pts}")),
    "deal.cut_ritual": _w(
        "Cutting the deck",
        "Съём колоды",
        {
            True: (
                "the bottom card is shown: a nine → cut again, a jack → stop",
                "нижняя карта показывается: девятка — снимать снова, валет — хватит",
            ),
            False: ("a plain cut", "просто снять"),
        },
    ),
    "deal.cut_penalty": _w(
        "Fine for the third nine in a row at the cut",
        "Штраф за третью девятку подряд при съёме",
        {0: ("none", "нет")},
        (
            "{v:pts}, before the deal; fined on the barrel, he leaves it (not a fall)",
            "{v:pts}, до сдачи; оштрафованный на бочке уходит с неё (это не падение)",
        ),
    ),
    "redeal.enabled": _w("Redeal (misdeal)", "Пересдача", _ALLOWED),
    "redeal.when": _w(
        "Hands checked for a redeal",
        "Руки проверяются на пересдачу",
        {
            "before_auction": ("before the auction (7 cards)", "до торговли (по 7 карт)"),
            "after_exchange": (
                "after the talon cards are given (8 cards)",
                "после раздачи прикупа (по 8 карт)",
            ),
        },
    ),
    "redeal.hand_nines": _w(
        "Redeal for nines in a hand",
        "Пересдача по девяткам на руке",
        {
            None: _NO,
            3: ("three nines or more", "три девятки и больше"),
            4: ("all four nines", "все четыре девятки"),
        },
    ),
    "redeal.hand_nines_on_hundred": _w(
        "Redeal for nines, player on {r.bidding.min}",
        "Пересдача по девяткам у сидящего на {r.bidding.min}",
        {
            None: ("as for the others", "как у всех"),
            3: ("three nines or more", "три девятки и больше"),
        },
    ),
    "redeal.hand_jacks": _w(
        "Redeal for jacks in a hand",
        "Пересдача по валетам на руке",
        {
            None: _NO,
            3: ("three jacks or more", "три валета и больше"),
            4: ("all four jacks", "все четыре валета"),
        },
    ),
    "redeal.hand_points_below": _w(
        "Redeal for a weak hand",
        "Пересдача при слабой руке",
        {
            None: _NO,
            13: ("12 card points or less", "12 очков и меньше"),
            14: ("13 card points or less", "13 очков и меньше"),
            15: ("14 card points or less", "14 очков и меньше"),
        },
    ),
    "redeal.talon_points_below": _w(
        "Redeal for a poor talon",
        "Пересдача при бедном прикупе",
        {
            None: _NO,
            4: ("3 card points or less", "3 очка и меньше"),
            5: ("4 card points or less", "4 очка и меньше"),
        },
    ),
    "redeal.talon_nines": _w(
        "Redeal for nines in the talon",
        "Пересдача по девяткам в прикупе",
        {
            None: _NO,
            2: ("two nines or more", "две девятки и больше"),
            3: ("three nines", "три девятки"),
        },
    ),
    "redeal.talon_jacks": _w(
        "Redeal for jacks in the talon",
        "Пересдача по валетам в прикупе",
        {None: _NO, 3: ("three jacks", "три валета")},
    ),
    "redeal.mandatory": _w(
        "A redeal is",
        "Порядок пересдачи",
        {
            True: ("compulsory", "обязательна"),
            False: ("asked for by the player", "по желанию игрока"),
        },
    ),
    "bidding.obligated": _w(
        "Sits on {r.bidding.min} (obligated bid)",
        "Сидит на {r.bidding.min} (обязательная заявка)",
        {
            "forehand": ("the player left of the dealer", "игрок слева от сдающего"),
            "dealer": ("the dealer", "сдающий"),
        },
    ),
    "bidding.min": _w("Lowest contract", "Минимальная заявка"),
    "bidding.step": _w("Bidding step", "Шаг торговли"),
    "bidding.jumps": _w(
        "Raise in the auction",
        "Торговля",
        {
            True: (
                "by any multiple of {r.bidding.step}",
                "на любое число, кратное {r.bidding.step}",
            ),
            False: ("by exactly {r.bidding.step}", "только на {r.bidding.step}"),
        },
    ),
    "bidding.max": _w("Highest contract", "Максимальная заявка"),
    "bidding.marriage_required_above": _w(
        "Bidding without a marriage in hand",
        "Торговля без марьяжа на руках",
        {None: _UNLIMITED},
        ("up to {v}", "до {v}"),
    ),
    "bidding.cap_by_marriages": _w(
        "Bids limited by the marriages held",
        "Заявка ограничена марьяжами на руках",
        {
            True: ("yes: at most 120 + their value", "да: не больше 120 + их стоимость"),
            False: _NO,
        },
    ),
    "bidding.minus_threshold": _w(
        "Bidding in the minus",
        "Торговля в минусе",
        {None: ("allowed at any score", "при любом счёте")},
        ("not with a score below {v}", "нельзя при счёте ниже {v}"),
    ),
    "bidding.minus_mode": _w(
        "Below the minus limit (if there is one), a player",
        "Ниже порога в минусе (если он есть) игрок",
        {
            "self_passes": ("passes automatically", "пасует автоматически"),
            "others_pass": (
                "may bid, and then everybody else must pass",
                "может торговаться, и тогда остальные пасуют",
            ),
        },
    ),
    "talon.show": _w(
        "Talon shown to all",
        "Прикуп показывается",
        {
            "always": ("always", "всегда"),
            "not_at_100": (
                "except when taken at {r.bidding.min} without an auction",
                "кроме игры на {r.bidding.min} без торговли",
            ),
            "never": ("never", "никогда"),
        },
    ),
    "talon.raise": _w(
        "Raising the contract",
        "Повышение заявки",
        {
            "after_giving": (
                "after giving a card to each opponent",
                "после раздачи карт противникам",
            ),
            "before_giving": (
                "after taking the talon, before giving cards",
                "после прикупа, до раздачи карт",
            ),
            "never": ("not allowed", "нельзя"),
        },
    ),
    "talon.given_visible": _w(
        "Cards given to the opponents",
        "Отданные карты",
        {
            True: ("shown to everyone", "видят все"),
            False: ("seen only by the receiver", "видит только получивший"),
        },
    ),
    "rospis.enabled": _w("Conceding the deal (rospis)", "Роспись (расписать игру)", _ALLOWED),
    "rospis.declarer": _w(
        "A conceding declarer",
        "Расписавший игру",
        {
            "minus_bid": ("loses the contract", "теряет заявку"),
            "nothing": ("loses nothing", "ничего не теряет"),
            "palka": ("gets a palka instead", "получает палку вместо штрафа"),
        },
    ),
    "rospis.opponents": _w(
        "Each opponent of a concession gets",
        "Каждый противник при росписи получает",
        {
            "sixty": ("60", "60"),
            "half_bid": (
                "half the contract (rounded up to 5)",
                "половину заявки (с округлением вверх до 5)",
            ),
            "half_bid_max_60": (
                "half the contract, at most 60",
                "половину заявки, но не больше 60",
            ),
        },
    ),
    "rospis.free_per_game": _w(
        "Free concessions per player and game",
        "Бесплатных росписей за партию",
        {0: ("none", "нет")},
        ("the first {v}", "первые {v}"),
    ),
    "rospis.max_per_game": _w(
        "Concessions per player and game",
        "Росписей за партию",
        {None: _UNLIMITED},
        ("at most {v}", "не больше {v}"),
    ),
    "rospis.third_penalty": _w(
        "Extra fine on every third concession",
        "Штраф за каждую третью роспись",
        {0: ("none", "нет")},
        ("{v:pts}", "{v:pts}"),
    ),
    "rospis.on_barrel": _w(
        "Conceding and the barrel",
        "Роспись и бочка",
        {
            "forbidden_for_barrel_player": (
                "not for the player on the barrel",
                "нельзя тому, кто на бочке",
            ),
            "forbidden_for_all": (
                "nobody, while someone is on the barrel",
                "никому, пока кто-то на бочке",
            ),
            "allowed": ("allowed", "можно"),
        },
    ),
    "baptism.enabled": _w(
        "Baptism (“I cross myself”)",
        "«Крещусь»",
        {
            True: (
                "allowed: concede with no loss and take a cross; each opponent gets a palka",
                "можно: сдаться без потери очков и получить крест; противникам по палке",
            ),
            False: ("not played", "не играется"),
        },
    ),
    "baptism.crosses_penalty": _w(
        "Fine for every second cross",
        "Штраф за каждый второй крест",
        other=("{v:pts}", "{v:pts}"),
    ),
    "baptism.max_per_game": _w(
        "Baptisms per player and game",
        "«Крещусь» за партию",
        {None: _UNLIMITED},
        ("at most {v}", "не больше {v}"),
    ),
    "marriage.values": _w("Marriages", "Марьяжи"),
    "marriage.on_first_lead": _w(
        "Marriage on the first lead",
        "Марьяж с первого хода",
        {
            True: ("allowed", "можно («простой марьяж»)"),
            False: ("no: only after taking a trick", "нельзя: только после взятки"),
        },
    ),
    "marriage.card_must_win": _w(
        "Marriage points count",
        "Очки марьяжа засчитываются",
        {
            True: (
                "only if the led king or queen wins its trick",
                "только если вышедшая карта берёт взятку",
            ),
            False: ("at once", "сразу"),
        },
    ),
    "marriage.keep_trump_option": _w(
        "Marriage for points only (trump unchanged)",
        "Марьяж «по масти» (козырь не меняется)",
        {
            True: ("allowed", "можно"),
            False: ("no: a marriage always sets trump", "нет: марьяж всегда назначает козырь"),
        },
    ),
    "ace_marriage.enabled": _w("Ace marriage (four aces)", "Тузовый марьяж (четыре туза)", _PLAYED),
    "ace_marriage.value": _w(
        "Ace marriage is worth", "Тузовый марьяж стоит", other=("{v:pts}", "{v:pts}")
    ),
    "ace_marriage.trump": _w(
        "Trump after an ace marriage",
        "Козырь после тузового марьяжа",
        {
            "keep": ("unchanged", "не меняется"),
            "cancel": ("none any more", "снимается"),
            "led_suit": ("the suit of the led ace", "масть туза, с которого пошли"),
        },
    ),
    "play.trump_lead": _w(
        "Leading trumps",
        "Ход с козыря",
        {
            "free": ("anyone", "любому игроку"),
            "owner_only": (
                "only the player who declared trump, or one with nothing else",
                "только объявившему козырь или тому, у кого одни козыри",
            ),
        },
    ),
    "play.must_beat": _w(
        "Must beat the trick when able",
        "Обязательно перебивать взятку",
        {True: ("yes, overtrumping too", "да, и козырем тоже"), False: _NO},
    ),
    "scoring.defender_rounding": _w(
        "Defenders' points",
        "Очки противников",
        {
            "nearest_5": ("rounded to 5 (67 → 65, 68 → 70)", "округляются до 5 (67 → 65, 68 → 70)"),
            "none": ("not rounded", "не округляются"),
            "nearest_10": ("rounded to 10 (65 → 70)", "округляются до 10 (65 → 70)"),
        },
    ),
    "scoring.declarer_rounding": _w(
        "Declarer's points",
        "Очки заказчика",
        {
            "none": ("exact: the full contract is needed", "точно: нужна вся заявка"),
            "nearest_5": ("rounded to 5 (98 makes 100)", "округляются до 5 (98 — это 100)"),
        },
    ),
    "scoring.failed_defenders": _w(
        "Defenders when the contract fails",
        "Противники при провале заказчика",
        {
            "own_points": ("score their own points", "записывают свои очки"),
            "sixty": ("score 60 each", "записывают по 60"),
        },
    ),
    "scoring.only_contracts_above": _w(
        "Only one's own contract scores",
        "Записывается только своя игра",
        {None: ("no: everyone writes his points", "нет: все записывают свои очки")},
        (
            "above {v:pts} (nothing as a defender, from a concession or as the sitter)",
            "при счёте выше {v:pts} (очки противника, за роспись и за прикуп не пишутся)",
        ),
    ),
    "palki.trigger": _w(
        "A palka for",
        "Палка за",
        {
            "no_tricks": ("a deal without a trick", "кон без взятки"),
            "no_points": ("a deal without a point", "кон без очков"),
        },
    ),
    "palki.penalty": _w("Palka fine", "Штраф за палки", other=("{v:pts}", "{v:pts}")),
    "palki.rule": _w(
        "The fine is charged",
        "Штраф берётся",
        {
            "every_third": ("for every third palka", "за каждую третью палку"),
            "three_in_a_row": ("for three palki in a row", "за три палки подряд"),
        },
    ),
    "palki.declarer_counts": _w(
        "A declarer without a trick gets a palka too",
        "Заказчик без взятки тоже получает палку",
        _YES_NO,
    ),
    "samosval.mode": _w(
        "Samosval",
        "Самосвал",
        {
            "off": ("not played", "не играется"),
            "plus": (
                "a score of 555 → 0 (a player on the barrel at 555 leaves it)",
                "555 очков → 0 (игрок на бочке с 555 уходит с неё)",
            ),
            "plus_minus": (
                "a score of 555 or -555 → 0 (a player on the barrel at 555 leaves it)",
                "555 или -555 очков → 0 (игрок на бочке с 555 уходит с неё)",
            ),
        },
    ),
    "barrel.enabled": _w("Barrel", "Бочка", _PLAYED),
    "barrel.threshold": _w("On the barrel at", "На бочку при", other=("{v:pts}", "{v:pts}")),
    "barrel.entry": _w(
        "Jumping past the target from below the barrel",
        "Перескок через бочку к победе",
        {
            "cap": ("stops on the barrel", "останавливает на бочке"),
            "direct_win": ("wins at once", "сразу выигрывает"),
        },
    ),
    "barrel.attempts": _w("Deals on the barrel", "Попыток на бочке"),
    "barrel.attempt_counts": _w(
        "An attempt is",
        "Попыткой считается",
        {
            "every_deal": ("every deal", "каждый кон"),
            "own_contracts": ("each of his own contracts", "только своя игра"),
        },
    ),
    "barrel.goal": _w(
        "Winning from the barrel",
        "Выигрыш с бочки",
        {
            "contract": (
                "make a contract of {r.barrel.min_contract} or more",
                "сыграть заявку не меньше {r.barrel.min_contract}",
            ),
            "cumulative": (
                "collect {r.barrel.min_contract:pts} over the attempts",
                "набрать {r.barrel.min_contract:pts} за все попытки",
            ),
        },
    ),
    "barrel.min_contract": _w("Barrel contract or tally", "Заявка (или сумма) на бочке"),
    "barrel.bidding": _w(
        "Bidding on the barrel",
        "Торговля на бочке",
        {
            "normal": ("as usual", "как обычно"),
            "auto_talon": (
                "he takes the talon and plays {r.barrel.min_contract} without an auction",
                "берёт прикуп без торговли и играет {r.barrel.min_contract}",
            ),
            "auto_bid": (
                "he bids {r.barrel.min_contract} automatically; others may outbid",
                "автоматически заявляет {r.barrel.min_contract}; другие могут перебить",
            ),
        },
    ),
    "barrel.max_bid": _w(
        "The barrel player bids",
        "Заявка игрока на бочке",
        {None: _UNLIMITED},
        ("at most {v}", "не выше {v}"),
    ),
    "barrel.marriages_count": _w(
        "Marriages of the barrel player",
        "Марьяжи игрока на бочке",
        {
            True: ("count", "засчитываются"),
            False: ("do not count (they still set trump)", "не засчитываются (козырь назначают)"),
        },
    ),
    "barrel.opponents_freeze": _w(
        "While he plays his barrel contract, the others",
        "Пока он играет на бочке, остальные",
        {
            True: ("score nothing and get no palki", "ничего не записывают и палок не получают"),
            False: ("score as usual", "записывают как обычно"),
        },
    ),
    "barrel.penalty": _w(
        "Falling off the barrel costs", "Падение с бочки стоит", other=("{v:pts}", "{v:pts}")
    ),
    "barrel.fall_rounding": _w(
        "Score on falling off",
        "Счёт при падении с бочки",
        {
            "none": ("not rounded", "не округляется"),
            "down_to_tens": (
                "first rounded down to tens (993 → 990)",
                "сначала округляется вниз до десятков (993 → 990)",
            ),
        },
    ),
    "barrel.third_fall": _w(
        "The third fall of a game",
        "Третье падение с бочки за партию",
        {
            "none": ("like any other", "как обычно"),
            "reset_to_zero": ("sets his score to 0", "обнуляет счёт"),
        },
    ),
    "barrel.failed_contract": _w(
        "His own failed contract on the barrel",
        "Своя несыгранная игра на бочке",
        {
            "attempt": ("uses an attempt and costs nothing", "тратит попытку без штрафа"),
            "fall": (
                "throws him off at once: his barrel score (tally included), rounded as on "
                "a fall, less the contract",
                "сразу сбрасывает с бочки: счёт на бочке (с набранными очками), округлённый "
                "как при падении, минус заявка",
            ),
        },
    ),
    "barrel.bump": _w(
        "A newcomer on the barrel",
        "Новый игрок на бочке",
        {
            True: ("knocks off the one already there", "сбивает того, кто там сидит"),
            False: ("knocks nobody off", "никого не сбивает"),
        },
    ),
    "barrel.simultaneous": _w(
        "Several reaching the barrel in one deal",
        "Несколько игроков на бочку в одном кону",
        {
            "all_fall": ("all fall off", "все падают"),
            "all_stay": ("all stay on", "все остаются"),
        },
    ),
    "golden.enabled": _w(
        "Golden deal",
        "Золотой кон",
        {
            True: ("the first {r.players} deals of the game", "первые {r.players} кона партии"),
            False: ("not played", "не играется"),
        },
    ),
    "golden.multiplier": _w(
        "Scores in a golden deal", "Очки в золотом коне", other=("×{v}", "×{v}")
    ),
    "golden.forced_contract": _w(
        "Golden deal contract",
        "Заявка в золотом коне",
        other=("{v}, without an auction", "{v}, без торговли"),
    ),
    "golden.raise": _w("Raising in a golden deal", "Повышение в золотом коне", _ALLOWED),
    "golden.marriages_multiplied": _w(
        "Marriages in a golden deal",
        "Марьяжи в золотом коне",
        {True: ("multiplied too", "тоже умножаются"), False: ("not multiplied", "не умножаются")},
    ),
    "golden.on_failure": _w(
        "If nobody makes a golden contract",
        "Если золотой кон никто не сыграл",
        {
            "reset_scores": ("every score goes back to 0", "все счета обнуляются"),
            "replay": ("the golden deals are played again", "золотые коны переигрываются"),
            "none": ("the scores stay", "счёт остаётся"),
        },
    ),
    "dark.enabled": _w(
        "Playing in the dark",
        "Игра втёмную",
        {
            True: (
                "the player on {r.bidding.min} may bid before seeing his cards",
                "сидящий на {r.bidding.min} может играть, не глядя в карты",
            ),
            False: ("not played", "не играется"),
        },
    ),
    "dark.contract": _w("Dark contract", "Заявка втёмную"),
    "dark.multiplier": _w("Scores in a dark game", "Очки при игре втёмную", other=("×{v}", "×{v}")),
    "dark.talon_hidden": _w(
        "Talon in a dark game",
        "Прикуп при игре втёмную",
        {True: ("stays hidden", "не показывается"), False: ("shown as usual", "как обычно")},
    ),
    "dark.raise": _w("Raising a dark game", "Повышение при игре втёмную", _ALLOWED),
    "dark.cancel": _w(
        "Cancelling a dark game",
        "Растемнить игру",
        {
            "none": ("impossible", "нельзя"),
            "opponent_marriage": (
                "an opponent holding a marriage may cancel it",
                "может противник с марьяжем",
            ),
            "outbid": (
                "an opponent may outbid it with {r.dark.contract} + {r.bidding.step}",
                "противник может перебить: {r.dark.contract} + {r.bidding.step}",
            ),
        },
    ),
    "dark.min_score": _w(
        "Dark game needs a score of",
        "Втёмную можно при счёте",
        {None: ("any score", "любом")},
        ("at least {v}", "не ниже {v}"),
    ),
    "four_player.sitter_scores": _w(
        "With four players, the dealer sitting out scores",
        "Вчетвером сдающий, который не играет, получает",
        {
            "none": ("nothing", "ничего"),
            "talon_points": (
                "the talon's points, rounded like a defender's",
                "очки прикупа, округлённые как у противников",
            ),
            "talon_points_marriage": (
                "the talon's points and a marriage in it, rounded like a defender's",
                "очки прикупа и марьяж в нём, округлённые как у противников",
            ),
            "aces_50": (
                "50 per ace in the talon and a marriage in it, rounded like a defender's",
                "по 50 за туза в прикупе и марьяж в нём, округлённые как у противников",
            ),
        },
    ),
    "four_player.half_marriage": _w(
        "With four players, a lone king or queen in the talon",
        "Вчетвером одинокий король или дама в прикупе",
        {
            True: ("scores half its marriage", "даёт половину марьяжа"),
            False: ("scores nothing extra", "ничего не добавляет"),
        },
    ),
    "two_player.talons": _w(
        "Cards dealt",
        "Раздача",
        {
            "two_by_two": ("10 cards each and two talons of 2", "по 10 карт и два прикупа по 2"),
            "two_by_three": ("9 cards each and two talons of 3", "по 9 карт и два прикупа по 3"),
        },
    ),
    "two_player.talon_choice": _w(
        "Choosing a talon",
        "Выбор прикупа",
        {
            "blind": ("unseen", "вслепую"),
            "look": ("after looking at both", "посмотрев оба"),
        },
    ),
}


def _points(number: int, lang: int) -> str:
    return counted(number, ("point|points", "очко|очка|очков")[lang], ("en", "ru")[lang])


class _Formatter(string.Formatter):
    """`str.format` with a `pts` spec: `{v:pts}` → "120 points" / "120 очков"."""

    def __init__(self, lang: int) -> None:
        super().__init__()
        self.lang = lang

    def format_field(self, value: Any, format_spec: str) -> str:
        if format_spec == "pts":
            return _points(int(value), self.lang)
        return str(super().format_field(value, format_spec))


def _lang_index(lang: str) -> int:
    return 1 if lang.lower().startswith("ru") else 0


def _words_for(key: str) -> _Words:
    return _WORDS.get(key) or _Words((key, key))


def _value_words(rules: Rules, key: str, lang: int) -> str:
    value = rules.get(key)
    if SCHEMA[key].type == "map":
        return ", ".join(f"{_SUIT_NAMES[suit][lang]} {points}" for suit, points in value)
    words = _words_for(key)
    template = words.values.get(value)
    if template is None and SCHEMA[key].type == "bool":
        template = _YES_NO[value]
    text = (template or words.other)[lang]
    return _Formatter(lang).format(text, v=show(value) if value is None else value, r=rules)


def describe_rules(rules: Rules, lang: str = "en") -> list[tuple[str, list[tuple[str, str]]]]:
    """Every convention in words, grouped by the schema's sections: [(section, [(label, value)])].
    A setting of a rule that is off is left out (`rules.applies`), and so is a section left
    empty."""
    index = _lang_index(lang)
    formatter = _Formatter(index)
    groups: dict[str, list[tuple[str, str]]] = {section: [] for section in SECTIONS}
    for spec in SCHEMA.values():
        if not applies(rules, spec.key):
            continue
        label = formatter.format(_words_for(spec.key).label[index], r=rules)
        groups[spec.section].append((label, _value_words(rules, spec.key, index)))
    return [(_SECTION_TITLES[section][index], lines) for section, lines in groups.items() if lines]


def format_preset(preset: Preset, lang: str = "en") -> str:
    """The preset as plain text: title, description, then every convention by section."""
    out = [preset.title_in(lang)]
    description = preset.description_in(lang)
    if description:
        out.extend(textwrap.wrap(description, width=78))
    changes = describe_changes(preset, lang)
    if changes:
        out.append("")
        out.append(_CHANGES[_lang_index(lang)].format(base=preset.base_title_in(lang)))
        out.extend(f"  {label}: {old} → {new}" for label, old, new in changes)
    for title, lines in describe_rules(preset.rules, lang):
        out.append("")
        out.append(title)
        out.extend(f"  {label}: {value}" for label, value in lines)
    return "\n".join(out) + "\n"


_CHANGES: Final = ("Changes from “{base}”:", "Отличия от основы («{base}»):")


def describe_changes(preset: Preset, lang: str = "en") -> list[tuple[str, str, str]]:
    """The conventions a preset that extends another changes: [(label, base value, value)],
    in words, for the keys whose value differs from the base preset's."""
    base = preset.base
    if base is None:
        return []
    index = _lang_index(lang)
    formatter = _Formatter(index)
    out = []
    for spec in SCHEMA.values():
        if base.get(spec.key) == preset.rules.get(spec.key):
            continue
        if not (applies(base, spec.key) or applies(preset.rules, spec.key)):
            continue  # a setting of a rule off on both sides changes nothing
        label = formatter.format(_words_for(spec.key).label[index], r=preset.rules)
        before = _value_words(base, spec.key, index)
        after = _value_words(preset.rules, spec.key, index)
        out.append((label, before, after))
    return out
