"""Every prompt of every decision of the line mode, in English and Russian, reached on purpose:
a deal stacked with chosen cards, under the rules that make the decision (a preset and a few
keys), the other seats and the player's own earlier decisions scripted. Each case asserts the
prompt's words as the game says them, the legal answers the engine gives there (what the prompt
lists), and that an answer typed in the language is taken.

The prompts of `LineTable.prompt` (thousand_tui/line/play.py), each reached below:
the auction (`line_prompt_bid`, `_bid_one`, `_bid_pass`, and the outbid of a dark game); the
contract (`line_prompt_contract`, `_contract_one`, `_contract_keep`, with `line_or_concede` and
`line_or_baptism`), and the raise before giving (Phase.RAISE); giving (`line_prompt_give`) and
putting aside (`line_prompt_discard`, two players); the choices (`line_what_dark`,
`line_what_dark_cancel`, `line_what_redeal`, `line_what_talon` blind and looked at); the play
(`line_prompt_lead`, `_lead_some`, `_follow`); a marriage's question (`line_prompt_marriage`,
`line_what_marriage` with `line_declare`, `line_declare_keep`, `line_declare_trump`,
`line_declare_no_trump`, `line_no_declare`); and auto-play's only card (`line_only_card`).
Two branches have no case because the engine never makes them: `line_no_bid` (an auction always
opens with a bid, the 100 or a dark contract) and the phase's own name (every phase with a
decision has its own words)."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

import pytest

from tests.engine.helpers import complete
from tests.helpers.rules import rules_of
from tests.line.stacked import Stacked, at_phase, stacked
from tests.line.test_line_mode import clean
from thousand_tui.engine.actions import Action
from thousand_tui.engine.deal import Phase
from thousand_tui.engine.view import SeatView
from thousand_tui.line.texts import MESSAGES
from thousand_tui.presets import load_preset
from thousand_tui.priority import Host


@dataclass(frozen=True)
class Case:
    """A decision of the player's, reached by a stacked deal and a script."""

    preset: str
    hands: Sequence[str]
    talon: Any
    dealer: int
    at: Callable[[SeatView], bool]  # the decision the case is about
    prompt: dict[str, str]  # its words, in en and ru
    legal: list[str]  # the engine's legal answers there, as `said` writes them
    typed: dict[str, list[str]]  # an answer typed in each language, taken
    steps: tuple[str, ...] = ()
    rules: dict[str, Any] = field(default_factory=dict)
    before: dict[str, str] = field(default_factory=dict)  # a line said before the prompt


def said(action: Action) -> str:
    """A legal action in a few words: `bid 105`, `play KH H`, `take_talon 1`."""
    words = [action.act.value]
    if action.value is not None:
        words.append(str(action.value))
    if action.card is not None:
        words.append(action.card.code)
    if action.to is not None:
        words.append(f"to {action.to}")
    if action.marriage is not None:
        words.append(action.marriage + (" keep" if action.keep_trump else ""))
    if action.talon is not None:
        words.append(str(action.talon + 1))
    return " ".join(words)


def table_for(case: Case, lang: str, host: Host, **settings: Any) -> Stacked:
    rules = {key.replace(".", "__"): value for key, value in case.rules.items()}
    preset = replace(load_preset(case.preset), rules=rules_of(case.preset, **rules))
    return stacked(preset, case.hands, case.talon, case.dealer, case.steps, lang, host, **settings)


# The player's hand in the auction and the contract: no marriage (so no bid above 120).
PLAIN, PLAIN_TALON = complete(["AH TH JH 9D TD JS 9S", None, None], "9C TC JC")
# Two players: ten cards each, two talons of two.
TWO = ["AH TH JH 9D TD JS 9S AC TC JC", "QS KS TS AS QC KC JD QD KD AD"]
TWO_TALONS = [["9H", "QH"], ["KH", "9C"]]
# Two players with talons of three: nine cards each.
THREE = ["AH TH JH 9D TD JS 9S AC TC", "QS KS TS AS QC KC JD QD KD"]
THREE_TALONS = [["9H", "QH", "JC"], ["KH", "9C", "AD"]]
# The player holds the hearts' marriage and the ace of spades to take the first trick.
MARRIED, MARRIED_TALON = complete(["KH QH AS AD 9D TD 9S", None, None], "9C TC JC")
MARRIED_STEPS = ("0 give 9C 1", "0 give TC 2", "0 play AS")
# The player holds the four aces, and the ten of spades to take the first trick.
ACES, ACES_TALON = complete(["AH AS AD AC TS 9D TD", None, None], "9C TC JC")
ACES_STEPS = ("0 give 9C 1", "0 give TC 2", "0 play TS")
MARRIAGE_LEGAL = [f"play {c}" for c in ("KH", "QH", "AD", "9D", "TD", "9S", "JC")]
MARRIAGE_LEGAL += ["play KH H", "play QH H"]
ACES_LEGAL = [f"play {c}" for c in ("AH", "AS", "AD", "AC", "9D", "TD", "JC")]
ACES_LEGAL += [f"play {c} A" for c in ("AH", "AS", "AD", "AC")]
# Czech rules (`play.trump_lead: owner_only`): Anna makes hearts trump on trick 3, the player
# takes that trick with the ace of hearts and leads the fourth holding the ten of hearts.
CZECH = ["AS 9S AH TH AD 9D JD", "TS JS KH QH 9H KD QD", "QS KS JH TD AC KC QC"]
CZECH_STEPS = (
    "0 give 9C 1", "0 give TC 2",
    "0 play AS", "1 play JS", "2 play QS",
    "0 play 9S", "1 play TS", "2 play KS",
    "1 play KH H", "2 play JH", "0 play AH",
)  # fmt: skip
# Anna declares at 100 (nobody bids) and leads the ace of diamonds: the player follows.
FOLLOWED = ["AH TH JH 9D TD JS 9S", "AD QS KS TS AS QC KC", "AC JD QD KD 9H QH KH"]
FOLLOWED_STEPS = ("1 give 9C 0", "1 give TC 2", "1 play AD", "2 play JD")
# The player holds three nines: a redeal under the family rules.
NINES, NINES_TALON = complete(["9H 9D 9C TD JS QS AH", None, None], "TC JC QC")
# The player holds a marriage when Boris goes dark.
HELD, HELD_TALON = complete(["AH TH JH KS QS TD JS", None, None], "9H QH KH")

CASES: dict[str, Case] = {
    "bid": Case(
        "classic", PLAIN, PLAIN_TALON, 0, at_phase(Phase.AUCTION),
        {"en": "Your bid, highest 100 by Anna: a number from 105 to 120 by 5, or pass.",
         "ru": "Ваша ставка, старшая 100 у игрока Анна: число от 105 до 120 через 5, или пас."},
        ["pass", "bid 105", "bid 110", "bid 115", "bid 120"],
        {"en": ["110"], "ru": ["110"]},
    ),
    "bid one": Case(
        "classic", PLAIN, PLAIN_TALON, 0, at_phase(Phase.AUCTION),
        {"en": "Your bid, highest 115 by Boris: 120, or pass.",
         "ru": "Ваша ставка, старшая 115 у игрока Борис: 120, или пас."},
        ["pass", "bid 120"],
        {"en": ["120"], "ru": ["120"]},
        steps=("2 bid 115",),
    ),
    "bid pass only": Case(
        "classic", PLAIN, PLAIN_TALON, 0, at_phase(Phase.AUCTION),
        {"en": "Your bid, highest 120 by Boris: only pass.",
         "ru": "Ваша ставка, старшая 120 у игрока Борис: только пас."},
        ["pass"],
        {"en": ["pass"], "ru": ["пас"]},
        steps=("2 bid 120",),
    ),
    "outbid the dark game": Case(
        "family", HELD, HELD_TALON, 1, at_phase(Phase.AUCTION),
        {"en": "Your bid, highest 120 by Boris: 125, or pass.",
         "ru": "Ваша ставка, старшая 120 у игрока Борис: 125, или пас."},
        ["pass", "bid 125"],
        {"en": ["125"], "ru": ["125"]},
        steps=("2 dark",),
        rules={"dark.cancel": "outbid"},
    ),
    "contract": Case(
        "classic", PLAIN, PLAIN_TALON, 2, at_phase(Phase.CONTRACT),
        {"en": "Your contract 100: play, raise from 105 to 120 by 5, or concede.",
         "ru": "Ваш заказ 100: играю, или повысить от 105 до 120 через 5, или сдаюсь."},
        ["raise", "raise 105", "raise 110", "raise 115", "raise 120", "concede"],
        {"en": ["115"], "ru": ["115"]},
    ),
    "contract one raise": Case(
        "classic", PLAIN, PLAIN_TALON, 2, at_phase(Phase.CONTRACT),
        {"en": "Your contract 115: play, raise to 120, or concede.",
         "ru": "Ваш заказ 115: играю, или повысить до 120, или сдаюсь."},
        ["raise", "raise 120", "concede"],
        {"en": ["120"], "ru": ["120"]},
        steps=("1 bid 105", "0 bid 115"),
    ),
    "contract kept": Case(
        "classic", PLAIN, PLAIN_TALON, 2, at_phase(Phase.CONTRACT),
        {"en": "Your contract 120: play, or concede.",
         "ru": "Ваш заказ 120: играю, или сдаюсь."},
        ["raise", "concede"],
        {"en": ["concede"], "ru": ["сдаюсь"]},
        steps=("1 bid 105", "0 bid 120"),
    ),
    "contract with baptism": Case(
        "family", PLAIN, PLAIN_TALON, 2, at_phase(Phase.CONTRACT),
        {"en": "Your contract 100: play, raise from 105 to 120 by 5, or concede, or baptism.",
         "ru": "Ваш заказ 100: играю, или повысить от 105 до 120 через 5, или сдаюсь, "
               "или крещусь."},
        ["raise", "raise 105", "raise 110", "raise 115", "raise 120", "concede", "baptism"],
        {"en": ["baptism"], "ru": ["крещусь"]},
    ),
    "raise before giving": Case(
        "classic", PLAIN, PLAIN_TALON, 2, at_phase(Phase.RAISE),
        {"en": "Your contract 100: play, raise from 105 to 120 by 5.",
         "ru": "Ваш заказ 100: играю, или повысить от 105 до 120 через 5."},
        ["raise", "raise 105", "raise 110", "raise 115", "raise 120"],
        {"en": ["play"], "ru": ["играю"]},
        rules={"talon.raise": "before_giving"},
    ),
    "give": Case(
        "classic", PLAIN, PLAIN_TALON, 2, at_phase(Phase.GIVE, cards=10),
        {"en": "Give Anna a card: any of your 10.",
         "ru": "Отдайте карту игроку Анна: любую из ваших 10."},
        [  # to either opponent: the prompt names the first, the next prompt the other
            f"give {c} to {seat}"
            for c in ("9S", "JS", "9D", "TD", "JH", "TH", "AH", "9C", "TC", "JC")
            for seat in (1, 2)
        ],
        {"en": ["9s"], "ru": ["9п"]},
    ),
    "put aside": Case(
        "two-player", TWO, TWO_TALONS, 1, at_phase(Phase.GIVE, cards=12),
        {"en": "Put aside a card: any of your 12.",
         "ru": "Снесите карту: любую из ваших 12."},
        [f"discard {c}" for c in
         ("9S", "JS", "JC", "TC", "AC", "9D", "TD", "9H", "QH", "JH", "TH", "AH")],
        {"en": ["queen of hearts"], "ru": ["дама червей"]},
    ),
    "give, two players": Case(
        "two-player", THREE, THREE_TALONS, 1, at_phase(Phase.GIVE, cards=12),
        {"en": "Give Anna a card: any of your 12.",
         "ru": "Отдайте карту игроку Анна: любую из ваших 12."},
        [  # the engine takes either first: the line mode asks for the card given first
            f"give {c} to 1" if act == "give" else f"discard {c}"
            for c in ("9S", "JS", "JC", "TC", "AC", "9D", "TD", "9H", "QH", "JH", "TH", "AH")
            for act in ("give", "discard")
        ],
        {"en": ["jc"], "ru": ["вт"]},
        rules={"two_player.talons": "two_by_three"},
    ),
    "put aside after giving": Case(
        "two-player", THREE, THREE_TALONS, 1, at_phase(Phase.GIVE, cards=11),
        {"en": "Put aside a card: any of your 11.",
         "ru": "Снесите карту: любую из ваших 11."},
        [f"discard {c}" for c in
         ("JS", "JC", "TC", "AC", "9D", "TD", "9H", "QH", "JH", "TH", "AH")],
        {"en": ["9h"], "ru": ["9ч"]},
        steps=("0 give 9S 1",),
        rules={"two_player.talons": "two_by_three"},
    ),
    "which talon": Case(
        "two-player", TWO, TWO_TALONS, 1, at_phase(Phase.TALON),
        {"en": "Which talon: 1 take talon 1, 2 take talon 2. Type a number.",
         "ru": "Какой прикуп: 1 взять прикуп 1, 2 взять прикуп 2. Наберите номер."},
        ["take_talon 1", "take_talon 2"],
        {"en": ["2"], "ru": ["2"]},
    ),
    "which talon, seen": Case(
        "two-player", TWO, TWO_TALONS, 1, at_phase(Phase.TALON),
        {"en": "Which talon: 1 take talon 1: nine of hearts, queen of hearts; 2 take talon 2: "
               "king of hearts, nine of clubs. Type a number.",
         "ru": "Какой прикуп: 1 взять прикуп 1: девятка червей, дама червей; 2 взять прикуп 2: "
               "король червей, девятка треф. Наберите номер."},
        ["take_talon 1", "take_talon 2"],
        {"en": ["1"], "ru": ["1"]},
        rules={"two_player.talon_choice": "look"},
    ),
    "dark": Case(
        "family", HELD, HELD_TALON, 2, at_phase(Phase.DARK),
        {"en": "Play in the dark: 1 play in the dark, 2 no dark game. Type a number.",
         "ru": "Играть втёмную: 1 играть втёмную, 2 не играть втёмную. Наберите номер."},
        ["dark", "dark_decline"],
        {"en": ["1"], "ru": ["1"]},
    ),
    "cancel the dark game": Case(
        "family", HELD, HELD_TALON, 1, at_phase(Phase.DARK_CANCEL),
        {"en": "Boris plays in the dark: 1 cancel the dark game, 2 let the dark game stand. "
               "Type a number.",
         "ru": "Борис играет втёмную: 1 растемнить, 2 не растемнять. Наберите номер."},
        ["dark_cancel", "dark_cancel_decline"],
        {"en": ["1"], "ru": ["1"]},
        steps=("2 dark",),
        rules={"dark.cancel": "opponent_marriage"},
    ),
    "redeal": Case(
        "family", NINES, NINES_TALON, 0, at_phase(Phase.REDEAL),
        {"en": "Redeal (nines in hand): 1 redeal, 2 play on. Type a number.",
         "ru": "Пересдача (девятки на руках): 1 пересдать, 2 играть дальше. Наберите номер."},
        ["redeal", "redeal_decline"],
        {"en": ["2"], "ru": ["2"]},
    ),
    "lead": Case(
        "classic", PLAIN, PLAIN_TALON, 2, at_phase(Phase.PLAY),
        {"en": "Your lead, trick 1: any card.", "ru": "Ваш ход, взятка 1: любая карта."},
        [f"play {c}" for c in ("9D", "TD", "JH", "TH", "AH", "9C", "TC", "JC")],
        {"en": ["ah"], "ru": ["тч"]},
        steps=("0 give 9S 1", "0 give JS 2"),
    ),
    "lead, trump held back": Case(
        "czech", CZECH, "9C TC JC", 2, at_phase(Phase.PLAY, tricks=3),
        {"en": "Your lead, trick 4: jack of clubs, ace of diamonds, jack of diamonds, "
               "nine of diamonds.",
         "ru": "Ваш ход, взятка 4: валет треф, туз бубен, валет бубен, девятка бубен."},
        ["play AD", "play 9D", "play JD", "play JC"],
        {"en": ["jack of diamonds"], "ru": ["валет бубен"]},
        steps=CZECH_STEPS,
    ),
    "follow": Case(
        "classic", FOLLOWED, "9C TC JC", 0, at_phase(Phase.PLAY),
        {"en": "Your card, trick 1, Anna ace of diamonds, Boris jack of diamonds: ten of "
               "diamonds, nine of diamonds.",
         "ru": "Ваша карта, взятка 1, Анна туз бубен, Борис валет бубен: десятка бубен, "
               "девятка бубен."},
        ["play 9D", "play TD"],
        {"en": ["10d"], "ru": ["10б"]},
        steps=FOLLOWED_STEPS,
    ),
    "marriage": Case(
        "classic", MARRIED, MARRIED_TALON, 2, at_phase(Phase.PLAY, tricks=1),
        {"en": "Marriage: 1 play it without declaring; 2 declare hearts 100, trump hearts. "
               "Type a number.",
         "ru": "Марьяж: 1 сыграть без объявления; 2 объявить черви 100, козырь черви. "
               "Наберите номер."},
        MARRIAGE_LEGAL,
        {"en": ["kh", "2"], "ru": ["кч", "2"]},
        steps=MARRIED_STEPS,
        before={"en": "king of hearts: declare the marriage or not?",
                "ru": "король червей: объявить марьяж или нет?"},
    ),
    "marriage, trump kept": Case(
        "family", MARRIED, MARRIED_TALON, 2, at_phase(Phase.PLAY, tricks=1),
        {"en": "Marriage: 1 play it without declaring; 2 declare hearts 100, trump hearts; "
               "3 declare hearts 100, trump stays. Type a number.",
         "ru": "Марьяж: 1 сыграть без объявления; 2 объявить черви 100, козырь черви; "
               "3 объявить черви 100, козырь прежний. Наберите номер."},
        [*MARRIAGE_LEGAL, "play KH H keep", "play QH H keep"],
        {"en": ["queen of hearts", "3"], "ru": ["дама червей", "3"]},
        steps=MARRIED_STEPS,
        before={"en": "queen of hearts: declare the marriage or not?",
                "ru": "дама червей: объявить марьяж или нет?"},
    ),
    "four aces": Case(
        "online-site", ACES, ACES_TALON, 2, at_phase(Phase.PLAY, tricks=1),
        {"en": "Marriage: 1 play it without declaring; 2 declare four aces 200, trump stays. "
               "Type a number.",
         "ru": "Марьяж: 1 сыграть без объявления; 2 объявить четыре туза 200, козырь прежний. "
               "Наберите номер."},
        ACES_LEGAL,
        {"en": ["ah", "2"], "ru": ["тч", "2"]},
        steps=ACES_STEPS,
        before={"en": "ace of hearts: declare the marriage or not?",
                "ru": "туз червей: объявить марьяж или нет?"},
    ),
    "four aces, trump the suit led": Case(
        "online-site", ACES, ACES_TALON, 2, at_phase(Phase.PLAY, tricks=1),
        {"en": "Marriage: 1 play it without declaring; 2 declare four aces 200, trump "
               "diamonds. Type a number.",
         "ru": "Марьяж: 1 сыграть без объявления; 2 объявить четыре туза 200, козырь бубны. "
               "Наберите номер."},
        ACES_LEGAL,
        {"en": ["ad", "2"], "ru": ["тб", "2"]},
        steps=ACES_STEPS,
        rules={"ace_marriage.trump": "led_suit"},
        before={"en": "ace of diamonds: declare the marriage or not?",
                "ru": "туз бубен: объявить марьяж или нет?"},
    ),
    "four aces, no trump": Case(
        "online-site", ACES, ACES_TALON, 2, at_phase(Phase.PLAY, tricks=1),
        {"en": "Marriage: 1 play it without declaring; 2 declare four aces 200, no trump. "
               "Type a number.",
         "ru": "Марьяж: 1 сыграть без объявления; 2 объявить четыре туза 200, без козыря. "
               "Наберите номер."},
        ACES_LEGAL,
        {"en": ["ac", "2"], "ru": ["тт", "2"]},
        steps=ACES_STEPS,
        rules={"ace_marriage.trump": "cancel"},
        before={"en": "ace of clubs: declare the marriage or not?",
                "ru": "туз треф: объявить марьяж или нет?"},
    ),
}  # fmt: skip


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("name", list(CASES))
def test_each_prompt_says_what_is_decided_and_what_is_legal(
    name: str, lang: str, host: Host
) -> None:
    case = CASES[name]
    script = table_for(case, lang, host)
    table = script.table
    view = script.play_to(case.at)
    assert sorted(said(a) for a in view.legal) == sorted(case.legal)
    turn = table.controller.turn
    lines = script.asked(case.typed[lang])
    if lines and lines[0].startswith(("Hand, ", "Рука, ")):
        lines = lines[1:]  # the hand, at the first decision of a deal
    if case.before:  # a card that could declare a marriage: asked about, then the choices
        assert lines[:3] == [table.play_prompt(view), case.before[lang], case.prompt[lang]]
    else:
        assert lines[0] == case.prompt[lang]
        assert table.prompt(view) == case.prompt[lang]
    # The answer typed was taken (one refused would have left the player asked again, and
    # the end of what was typed would have ended the game): one decision more.
    assert table.controller.turn == turn + 1
    assert all(clean(text) for text in lines)


@pytest.mark.parametrize(
    ("lang", "only"), [("en", "Your only card: "), ("ru", "Ваша единственная карта: ")]
)
def test_auto_play_says_the_only_card_in_each_language(lang: str, only: str, host: Host) -> None:
    case = CASES["follow"]
    script = table_for(case, lang, host, auto_play=True)
    table = script.table
    script.play_to(lambda view: view.phase is Phase.PLAY and len(view.hand or ()) == 1)
    turn = table.controller.turn
    lines = script.asked([])
    if lines[0].startswith(("Hand, ", "Рука, ")):
        lines = lines[1:]  # the hand, at the first decision of the deal this table asked
    (card,) = table.game.lines[-1:]  # the card played by itself
    assert lines[0].startswith(only) and lines[0].endswith(".")
    assert card["act"] == "play" and table.controller.turn == turn + 1
    name = {"en": "You", "ru": "Вы"}[lang]
    assert lines[1] == f"{name}: {lines[0].removeprefix(only)}"  # a sentence, as the others


def test_the_cases_cover_every_prompt_of_the_line_mode() -> None:
    """Each message a prompt is made of is in the English words of a case above, but the one
    the engine never reaches (the module's doc says why)."""
    keys = [
        key
        for key in MESSAGES
        if key.startswith(("line_prompt_", "line_what_", "line_or_", "line_declare"))
        or key in ("line_high_bid", "line_no_declare", "line_only_card")
    ]
    words = [c.prompt["en"] for c in CASES.values()]
    words += [c.before["en"] for c in CASES.values() if c.before]
    words.append("Your only card: ten of diamonds.")  # the auto-play test's
    missed = [
        key
        for key in keys
        if not any(
            all(part in text for part in re.split(r"\{\w+\}", MESSAGES[key].text) if part.strip())
            for text in words
        )
    ]
    assert missed == ["line_no_bid"] or (missed == [] and "line_no_bid" not in keys)
