"""Every string of the table in English and Russian, with the game's own terms.

`Translator(lang)(key, **values)` formats one message. Each entry is `(english, russian)`;
`tests/tui/test_parts.py` checks that both exist and use the same placeholders.
"""

from __future__ import annotations

from typing import Final

from ..engine.cards import Card, Rank
from ..plural import counted, plural_form

LANGS: Final = ("en", "ru")

MESSAGES: Final[dict[str, tuple[str, str]]] = {
    # ---------------------------------------------------------------- names and words
    "app_title": ("Thousand", "Тысяча"),
    "you_name": ("You", "Вы"),
    # The opponents' names in seat order; the rest are spares for a person of the same name.
    "ai_names": ("Anna,Boris,Vera,Gleb,Dina,Egor", "Анна,Борис,Вера,Глеб,Дина,Егор"),
    "level_random": ("random", "случайный"),
    "level_easy": ("easy", "лёгкий"),
    "level_normal": ("normal", "средний"),
    "level_hard": ("hard", "сильный"),
    "no_trump": ("none", "нет"),
    "pass": ("pass", "пас"),
    "tricks_count": ("tricks {count}", "взяток {count}"),
    "dealer": ("dealer", "сдающий"),
    "sits_out": ("sits out", "на прикупе"),
    "declarer": ("declarer", "разыгрывает"),
    "declarer_short": ("plays {value}", "играет {value}"),
    "on_barrel": ("barrel {used}/{attempts}", "бочка {used}/{attempts}"),
    "thinking": ("thinking…", "думает…"),
    # ---------------------------------------------------------------- counted words
    # "one|other" in English, "one|few|many" in Russian (`Translator.count`).
    "w_card": ("card|cards", "карта|карты|карт"),
    "w_point": ("point|points", "очко|очка|очков"),
    # ---------------------------------------------------------------- the table
    "header_deal": ("Deal {number}", "Кон {number}"),
    "header_dealer": ("dealer: {name}", "сдающий: {name}"),
    "header_golden": ("golden deal ×{m}", "золотой кон ×{m}"),
    "header_dark": ("dark ×{m}", "втёмную ×{m}"),
    "status_trump": ("Trump: ", "Козырь: "),
    "status_contract": ("Contract: {value} ({name})", "Заказ: {value} ({name})"),
    "status_auction": ("Bid: {value} ({name})", "Ставка: {value} ({name})"),
    "status_talon": ("Talon: ", "Прикуп: "),
    "phase_dark": ("dark offer", "предложение сыграть втёмную"),
    "phase_redeal": ("redeal offer", "предложение пересдачи"),
    "phase_auction": ("auction", "торговля"),
    "phase_dark_cancel": ("cancelling the dark game", "растемнение"),
    "phase_talon": ("talon", "прикуп"),
    "phase_raise": ("raise", "повышение"),
    "phase_give": ("exchange", "снос"),
    "phase_contract": ("contract", "заказ"),
    "phase_play": ("play", "розыгрыш"),
    "phase_over": ("deal over", "кон окончен"),
    "ai_failed": (
        "{name} could not decide ({error}); a random move was played this once. {where}",
        "{name} не смог решить ({error}); на этот раз сыгран случайный ход. {where}",
    ),
    "ai_failed_log": ("Details: {path}", "Подробности: {path}"),
    "prompt_wait": ("{name}: thinking…", "{name}: думает…"),
    "prompt_play": (
        "Your turn: choose a card (←→ or 1–0) and press Enter.",
        "Ваш ход: выберите карту (←→ или 1–0) и нажмите Enter.",
    ),
    "prompt_lead": (
        "Your lead: choose a card (←→ or 1–0) and press Enter.",
        "Ваш заход: выберите карту (←→ или 1–0) и нажмите Enter.",
    ),
    "prompt_decide": (
        "Your decision ({phase}): press Enter.",
        "Ваше решение ({phase}): нажмите Enter.",
    ),
    "prompt_deciding": ("Your decision: {phase}.", "Ваше решение: {phase}."),
    "prompt_over": ("The game is over.", "Партия окончена."),
    "prompt_result": (
        "The deal is over: press Enter to go on.",
        "Кон окончен: нажмите Enter, чтобы продолжить.",
    ),
    "prompt_sit_out": (
        "You sit out this deal; f skips to your next decision.",
        "Вы сидите на прикупе в этом коне; f — сразу к вашему ходу.",
    ),
    "prompt_skipping": ("Skipping to your next decision…", "Сразу к вашему ходу…"),
    "hand_title": ("{name} · {score}", "{name} · {score}"),
    "hand_hidden": ("your cards are face down", "ваши карты закрыты"),
    "hand_sitting_out": (
        "You deal and sit out this deal: no cards for you, you watch it.",
        "Вы сдаёте и в этом кону на прикупе: карт у вас нет, вы смотрите игру.",
    ),
    "hand_new": ("new", "новые"),
    "trick_title": ("Trick {number}/{total}", "Взятка {number}/{total}"),
    "trick_leads": ("lead: {name}", "заход: {name}"),
    "trick_takes": ("→ {name} (+{points})", "→ {name} (+{points})"),
    "trick_last": ("Last trick {number}", "Последняя взятка {number}"),
    "trick_none": ("no tricks yet", "взяток ещё не было"),
    "scores_line": ("Scores: ", "Очки: "),
    "not_playable_follow": (
        "{card}: you must follow suit {suit}.",
        "{card}: нужно ходить в масть {suit}.",
    ),
    "not_playable_trump": (
        "{card}: you have no {suit}, so you must play a trump ({trump}).",
        "{card}: у вас нет масти {suit} — нужно бить козырем ({trump}).",
    ),
    "not_playable_lead_trump": (
        "{card}: only the trump's owner may lead trump.",
        "{card}: с козыря ходит только тот, кто его назначил.",
    ),
    "not_playable": ("{card} cannot be played now.", "{card} сейчас ходить нельзя."),
    # ---------------------------------------------------------------- what players did
    "act_bid": ("{value}", "{value}"),
    "act_bid_auto": ("on {value}", "на {value}"),
    "act_pass": ("pass", "пас"),
    "act_dark": ("in the dark!", "втёмную!"),
    "act_dark_cancel": ("cancels the dark game", "растемняет"),
    "act_redeal": ("redeal!", "пересдача!"),
    "act_contract": ("plays {value}", "играет {value}"),
    "act_talon": ("takes the talon", "берёт прикуп"),
    "act_give": ("gives a card", "отдаёт карту"),
    "act_discard": ("puts a card aside", "сносит"),
    "act_raise": ("raises to {value}", "повышает до {value}"),
    "act_concede": ("concedes «{mark}»", "расписывает «{mark}»"),
    "act_baptism": ("baptism (a cross)", "крещусь"),
    "act_play": ("{card}", "{card}"),
    "act_marriage": ("{card} marriage {suit} {points}", "{card} хвалю {suit} {points}"),
    "act_marriage_keep": ("{card} {suit} {points}, trump stays", "{card} {suit} {points} по масти"),
    "act_ace_marriage": ("{card} ace marriage {points}", "{card} тузовый марьяж {points}"),
    # ---------------------------------------------------------------- narration
    # "Name: what" lines, so that "You" and a name read alike in both languages.
    "n_deal": ("Deal {number}, dealer {dealer}.", "Кон {number}, сдающий: {dealer}."),
    "n_deal_sitter": (
        "Deal {number}, dealer {dealer} (sits out).",
        "Кон {number}, сдающий: {dealer} (на прикупе).",
    ),
    "n_golden": (
        "Golden deal: every score ×{m}, no auction.",
        "Золотой кон: все очки ×{m}, без торговли.",
    ),
    "n_cut": ("Cut: {cards}.", "Съём: {cards}."),
    "n_bid": ("{name}: {value}.", "{name}: {value}."),
    "n_bid_auto": ("{name}: on {value}.", "{name}: на {value}."),
    "n_pass": ("{name}: pass.", "{name}: пас."),
    "n_dark": ("{name}: in the dark!", "{name}: втёмную!"),
    "n_dark_decline": ("{name}: not in the dark.", "{name}: не втёмную."),
    "n_dark_cancel": (
        "{name}: holds a marriage, the dark game is cancelled.",
        "{name}: марьяж на руках — растемняет.",
    ),
    "n_dark_cancel_decline": ("{name}: the dark game stands.", "{name}: не растемняет."),
    "n_dark_off": (
        "The dark game is off: a normal auction.",
        "Игра втёмную отменена: обычная торговля.",
    ),
    "n_redeal": ("{name}: redeal ({reason}).", "{name}: пересдача ({reason})."),
    "n_redeal_decline": ("{name}: plays on ({reason}).", "{name}: играем ({reason})."),
    "n_contract": ("Contract: {name}, {value}.", "Заказ: {name}, {value}."),
    "n_contract_dark": (
        "Contract: {name}, {value} in the dark.",
        "Заказ: {name}, {value} втёмную.",
    ),
    "n_talon_shown": ("Talon ({name}): {cards}.", "Прикуп ({name}): {cards}."),
    "n_talon_mine": (
        "Talon (only you see it): {cards}.",
        "Прикуп (видите только вы): {cards}.",
    ),
    "n_talon_hidden": ("Talon ({name}): not shown.", "Прикуп ({name}): не показан."),
    "n_talon_sitter": (
        "Talon ({name}): {cards}, seen by you sitting out; not shown to the others.",
        "Прикуп ({name}): {cards} — вы видите его на прикупе, остальным не показан.",
    ),
    "n_talon_number": ("Talon {number} ({name}).", "Прикуп {number} ({name})."),
    "n_give_me": ("{name} → you: {card}.", "{name} → вам: {card}."),
    "n_give_seen": ("{name} → {to}: {card}.", "{name} → {to}: {card}."),
    "n_give_hidden": ("{name} → {to}: a card.", "{name} → {to}: карта."),
    "n_discard_mine": ("Aside: {card}.", "В снос: {card}."),
    "n_discard": ("{name}: a card aside.", "{name}: карта в снос."),
    "n_raise": ("{name}: raise to {value}.", "{name}: повышение до {value}."),
    "n_baptism": (
        "{name}: «крещусь» — a cross; a palka for each opponent.",
        "{name}: «крещусь» — крест, противникам по палке.",
    ),
    "n_play": ("{name}: {card}", "{name}: {card}"),
    "n_play_marriage": (
        "{name}: {card} — marriage {suit} {points}, trump {suit}!",
        "{name}: {card} — хвалю {suit} {points}, козырь {suit}!",
    ),
    "n_play_marriage_keep": (
        "{name}: {card} — marriage {suit} {points} «по масти», trump stays {trump}.",
        "{name}: {card} — {suit} {points} по масти, козырь остаётся {trump}.",
    ),
    "n_play_ace_marriage": (
        "{name}: {card} — ace marriage {points}!",
        "{name}: {card} — тузовый марьяж {points}!",
    ),
    "n_trick": ("Trick {number}: {name} (+{points}).", "Взятка {number}: {name} (+{points})."),
    "n_withheld": (
        "{name}: marriage {suit} does not count, its card lost the trick.",
        "{name}: марьяж {suit} не засчитан — карта не взяла.",
    ),
    "n_other_talon": (
        "{name}: the other talon {cards} (+{points}).",
        "{name}: второй прикуп {cards} (+{points}).",
    ),
    "n_made": ("{name}: {value} made ✓", "{name}: {value} сыграно ✓"),
    "n_failed": ("{name}: {value} down ✗", "{name}: {value} не сыграно ✗"),
    "n_conceded": ("{name}: {value} conceded «{mark}»", "{name}: {value} расписано «{mark}»"),
    "n_baptised": ("{name}: «крещусь» on {value}", "{name}: «крещусь» на {value}"),
    "n_redealt": ("Redeal: {reason} ({name}).", "Пересдача: {reason} ({name})."),
    "n_game_over": ("Winner: {name}, {score}!", "Победитель: {name}, {score}!"),
    "n_resumed": ("Game resumed at deal {number}.", "Партия продолжена: кон {number}."),
    "reason_hand_nines": ("nines in hand", "девятки на руках"),
    "reason_hand_nines_on_hundred": ("nines in hand, on 100", "девятки на сотне"),
    "reason_hand_jacks": ("jacks in hand", "вальты на руках"),
    "reason_hand_points": ("a weak hand", "мало очков на руках"),
    "reason_talon_points": ("a poor talon", "пустой прикуп"),
    "reason_talon_nines": ("nines in the talon", "девятки в прикупе"),
    "reason_talon_jacks": ("jacks in the talon", "вальты в прикупе"),
    # ---------------------------------------------------------------- deal results
    "ev_palka": ("{name}: palka", "{name}: палка"),
    "ev_palka_two": ("{name}: two palki", "{name}: две палки"),
    "ev_palka_two_golden": (
        " (no trick in a golden deal counts twice)",
        " (без взятки в золотом кону — две палки)",
    ),
    "ev_palka_two_dark": (
        " (no trick when playing in the dark counts twice)",
        " (без взятки при игре втёмную — две палки)",
    ),
    "ev_palka_penalty": ("{name}: palki, −{points}", "{name}: палки, −{points}"),
    "ev_concession": ("{name}: concession «{mark}»", "{name}: роспись «{mark}»"),
    "ev_concession_penalty": (
        "{name}: third concession, −{points}",
        "{name}: третья роспись, −{points}",
    ),
    "ev_cross": ("{name}: a cross", "{name}: крест"),
    "ev_cross_penalty": ("{name}: second cross, −{points}", "{name}: второй крест, −{points}"),
    "ev_sitter_score": ("{name} (sitting out): +{points}", "{name} (на прикупе): +{points}"),
    "ev_marriage_withheld": (
        "{name}: marriage {suit} withheld",
        "{name}: марьяж {suit} не засчитан",
    ),
    "ev_cut_penalty": (
        "{name}: third nine at the cut, −{points}",
        "{name}: третья девятка при съёме, −{points}",
    ),
    "ev_samosval": ("{name}: samosval! {source} → 0", "{name}: самосвал! {source} → 0"),
    "ev_barrel_on": ("{name}: on the barrel", "{name}: на бочке"),
    "ev_barrel_attempt": (
        "{name}: barrel, attempt {used} of {attempts}",
        "{name}: бочка, попытка {used} из {attempts}",
    ),
    "ev_barrel_fall": (
        "{name}: off the barrel ({why}), −{points}",
        "{name}: падение с бочки ({why}), −{points}",
    ),
    "ev_barrel_third_fall": (
        "{name}: third fall, the score goes to 0",
        "{name}: третье падение, очки обнулены",
    ),
    "ev_barrel_win": ("{name}: wins from the barrel!", "{name}: победа с бочки!"),
    "ev_golden_reset": (
        "No golden deal was made: every score back to 0",
        "Золотой кон никто не сыграл: все очки обнулены",
    ),
    "ev_golden_replay": (
        "No golden deal was made: the golden round is played again",
        "Золотой кон никто не сыграл: золотой круг переигрывается",
    ),
    "ev_frozen": (
        "The barrel player is declarer: the others score nothing",
        "Игра на бочке: остальные не записывают",
    ),
    "why_attempts": ("attempts used up", "попытки кончились"),
    "why_bump": ("knocked off", "сбит"),
    "why_simultaneous": ("two at once", "двое сразу"),
    "why_contract": ("contract lost", "не сыграл заказ"),
    # ---------------------------------------------------------------- score sheet marks
    "mark_concession": ("R", "Р"),
    "mark_barrel": ("B", "Б"),
    "mark_samosval": ("S", "С"),
    "mark_dark": ("dark", "тёмн."),
    "mark_redeal": ("redeal", "пересдача"),
    "mark_baptism": ("bapt.", "крещ."),
    "sheet_title": ("Score sheet", "Запись"),
    "sheet_deal": ("#", "№"),
    "sheet_contract": ("Contract", "Заказ"),
    "sheet_start": ("start", "начало"),
    "sheet_empty": ("No deals played yet.", "Ещё не сыграно ни одного кона."),
    "sheet_legend": (
        "{palka} palka · {r} concession · {cross} cross · {b}2 on the barrel, 2 tries used · "
        "{fall} fell off · {s} samosval · {gold} golden deal · ✓ made · ✗ down",
        "{palka} палка · {r} роспись · {cross} крест · {b}2 на бочке, использованы 2 попытки · "
        "{fall} упал · {s} самосвал · {gold} золотой кон · ✓ сыграл · ✗ не сыграл",
    ),
    "sheet_totals": (
        "palki {palki} · falls {falls} · «{r}» {concessions} · crosses {crosses}",
        "палки {palki} · падения {falls} · «{r}» {concessions} · кресты {crosses}",
    ),
    # ---------------------------------------------------------------- dialogs
    "your_hand": ("Your hand: ", "Ваши карты: "),
    "auction_title": ("Auction", "Торговля"),
    "auction_high": ("Current bid: {value} ({name})", "Ставка: {value} ({name})"),
    "auction_bids": ("Bids so far: ", "Торговались: "),
    "auction_pass": ("Pass", "Пас"),
    "auction_next": ("Bid {value}", "Сказать {value}"),
    "auction_any": ("Bid {value}   ← → change", "Сказать {value}   ← → изменить"),
    "auction_marriage_rule": (
        "Bids above {limit} need a marriage (K+Q of one suit) in hand: you hold none.",
        "Выше {limit} можно торговаться только с марьяжем (К+Д одной масти): у вас его нет.",
    ),
    "auction_marriage_cap": (
        "Bids are limited to 120 plus the marriages you hold: at most {limit}.",
        "Ставка не больше 120 плюс ваши марьяжи: не выше {limit}.",
    ),
    "auction_barrel_cap": (
        "On the barrel you may not bid above {limit}.",
        "На бочке нельзя торговаться выше {limit}.",
    ),
    "auction_max": ("The highest bid is {limit}.", "Больше {limit} заказать нельзя."),
    "auction_no_jumps": (
        "At this table the bid goes up by exactly {step}.",
        "За этим столом торгуются только по {step}.",
    ),
    "auction_only_pass": ("You can only pass.", "Вам остаётся только пас."),
    "auction_outbid": (
        "{name} plays in the dark; you may outbid it with {value}.",
        "{name} играет втёмную; перебить можно ставкой {value}.",
    ),
    "contract_title": ("Your contract: {value}", "Ваш заказ: {value}"),
    "contract_title_before": (
        "Raise before giving cards? Contract {value}",
        "Повысить до сноса? Заказ {value}",
    ),
    "contract_play": ("Play {value}", "Играть {value}"),
    "contract_give": ("Keep {value} and give the cards", "Оставить {value} и сносить"),
    "contract_raise": ("Raise to {value}   ← → change", "Повысить до {value}   ← → изменить"),
    "contract_concede": (
        "Concede («{mark}» on the score sheet): you {loss}, each opponent +{share}",
        "Расписать «{mark}»: вам {loss}, противникам по +{share}",
    ),
    "contract_baptism": (
        "Baptism («крещусь»): no score, a cross for you, a palka for each opponent",
        "Крещусь: без очков, вам крест, противникам по палке",
    ),
    # A choice that cannot be undone asks to be confirmed.
    "confirm_choice": (
        "Press {digit} again or Enter to {what}: it cannot be undone.",
        "Нажмите {digit} ещё раз или Enter, чтобы {what}: отменить будет нельзя.",
    ),
    "confirm_concede": ("concede", "расписать"),
    "confirm_baptism": ("be baptised", "креститься"),
    "confirm_dark": ("play in the dark", "играть втёмную"),
    "contract_free": ("nothing", "ничего"),
    "contract_palka": ("a palka", "палка"),
    "contract_points": ("In hand: {points}", "На руках: {points}"),
    "contract_points_marriages": (
        "In hand: {points} with the marriages",
        "На руках: {points} вместе с марьяжами",
    ),
    "exchange_title": (
        "Talon: give a card to each opponent",
        "Прикуп: снесите по карте противникам",
    ),
    "exchange_title_two": ("Talon: put cards aside", "Прикуп: снос"),
    "talon_shown": ("Talon, shown to all: ", "Прикуп, открыт всем: "),
    "talon_private": ("Talon, seen only by you: ", "Прикуп, видели только вы: "),
    "exchange_to": ("To {name}: ", "{name} получит: "),
    "exchange_aside": ("Aside: ", "В снос: "),
    "exchange_aside_n": (
        "Aside, card {number} of {count}: ",
        "В снос, карта {number} из {count}: ",
    ),
    "exchange_help": (
        "←→ or 1–0 choose · Enter give · Backspace take back",
        "←→ или 1–0 выбор · Enter отдать · Backspace вернуть",
    ),
    "exchange_help_two": (
        "←→ or 1–0 choose · Enter put aside · Backspace take back",
        "←→ или 1–0 выбор · Enter в снос · Backspace вернуть",
    ),
    "exchange_done": (
        "Enter: confirm · Backspace: take back the last card",
        "Enter: подтвердить · Backspace: вернуть последнюю карту",
    ),
    "no_card_key": (
        "No card under {digit}: you hold {cards}.",
        "Под клавишей {digit} карты нет: у вас {cards}.",
    ),
    "exchange_already": (
        "{card} is chosen already; Backspace takes the last card back.",
        "{card} уже выбрана; Backspace возвращает последнюю карту.",
    ),
    "exchange_marriage_warn": (
        "{card} breaks your marriage {suit}.",
        "{card} разбивает ваш марьяж {suit}.",
    ),
    "dark_title": ("Play in the dark?", "Играть втёмную?"),
    "dark_body": (
        "You are on {value}. Before seeing your cards you may play {contract} in the dark: "
        "every score of the deal ×{m}.",
        "Вы на {value}. Не глядя в карты, можно играть {contract} втёмную: все очки кона ×{m}.",
    ),
    "dark_yes": ("Play {contract} in the dark", "Играть {contract} втёмную"),
    "dark_no": ("Look at my cards", "Посмотреть карты"),
    "dark_cancel_title": ("{name} plays in the dark", "{name} играет втёмную"),
    "dark_cancel_body": (
        "You hold a marriage: you may cancel the dark game, and the deal has a normal auction.",
        "У вас марьяж: можно растемнить, тогда будет обычная торговля.",
    ),
    "dark_cancel_yes": ("Cancel the dark game", "Растемнить"),
    "dark_cancel_no": ("Let it stand", "Не растемнять"),
    "redeal_title": ("Redeal?", "Пересдача?"),
    "redeal_body": ("You may ask for a redeal: {reason}.", "Можно попросить пересдачу: {reason}."),
    "redeal_yes": ("Ask for a redeal", "Пересдать"),
    "redeal_no": ("Play on", "Играть дальше"),
    "talon_choice_title": ("Choose a talon", "Выберите прикуп"),
    "talon_choice_option": (
        "Take talon {number} ({cards}, unseen)",
        "Взять прикуп {number} ({cards}, вслепую)",
    ),
    "talon_choice_body": (
        "The talon you take comes to your hand, and you then put cards aside; the other one "
        "goes, with its points, to whoever takes the last trick.",
        "Выбранный прикуп идёт вам в руку, потом вы сносите карты; второй вместе с его очками "
        "достаётся взявшему последнюю взятку.",
    ),
    "talon_choice_seen": ("Talon {number}: {cards}", "Прикуп {number}: {cards}"),
    "marriage_title": ("Marriage {suit}", "Марьяж {suit}"),
    "marriage_body": ("You lead {card} holding its pair.", "Вы ходите {card}, держа пару."),
    "marriage_declare": (
        "Declare {suit} {points}: trump {suit}",
        "Хвалю {suit} {points}: козырь {suit}",
    ),
    "marriage_keep": (
        "Declare {suit} {points} «по масти»: trump stays {trump}",
        "{suit} {points} по масти: козырь остаётся {trump}",
    ),
    "marriage_ace": ("Declare the ace marriage: {points}", "Тузовый марьяж: {points}"),
    "marriage_plain": ("Just play {card}", "Просто сыграть {card}"),
    "result_title": ("Deal {number}", "Кон {number}"),
    "result_points": ("Points", "Очки"),
    "result_change": ("Change", "Изменение"),
    "result_score": ("Score", "Счёт"),
    "result_last_trick": ("Last trick: ", "Последняя взятка: "),
    "result_next": ("Enter: next deal", "Enter: следующий кон"),
    "result_end": ("Enter: the end of the game", "Enter: итоги партии"),
    "quit_title": ("Quit the game?", "Выйти из игры?"),
    "quit_body": (
        "The game is saved: `{command}` continues it.",
        "Партия сохранена: `{command}` продолжит её.",
    ),
    "quit_body_unsaved": ("This game is not saved.", "Эта партия не сохраняется."),
    "quit_no": ("Stay", "Остаться"),
    # ---------------------------------------------------------------- the hand, by itself
    "start_suit_order": ("Suit order", "Порядок мастей"),
    "start_auto_play": ("Only legal card", "Ход без выбора"),
    "start_auto_play_on": ("plays itself", "делается сам"),
    "start_auto_play_off": ("you play it", "вручную"),
    "start_auto_next": ("Next deal", "Следующий кон"),
    "start_auto_next_on": ("after {seconds} s", "через {seconds} с"),
    "start_auto_next_off": ("on Enter", "по Enter"),
    "n_only_card": ("Your only card to play: {card}.", "Единственная карта для хода: {card}."),
    "result_next_in": (
        "Next deal in {seconds} s · Enter: now · p: wait",
        "Следующий кон через {seconds} с · Enter: сейчас · p: подождать",
    ),
    "key_wait": ("Wait", "Подождать"),
    "start_take_back": ("Take back", "Вернуть ход"),
    "start_take_back_on": ("allowed (u)", "можно (u)"),
    "start_take_back_off": ("off", "нет"),
    "key_take_back": ("Undo", "Назад"),
    "n_taken_back": (
        "You take back {card}: your move again.",
        "Ход {card} взят назад: снова ваш ход.",
    ),
    "takeback_none": (
        "Nothing to take back now: only your last card of this deal, once.",
        "Сейчас нечего вернуть: назад берётся только ваш последний ход в этом коне, один раз.",
    ),
    "stats_taken_back": (
        "Games with a card taken back: {games} (won {wins}); cards taken back: {cards}",
        "Партий с возвратом хода: {games} (выиграно {wins}); ходов взято назад: {cards}",
    ),
    "over_title": ("Game over", "Партия окончена"),
    "over_winner": ("{name} wins with {score}!", "{name} выигрывает: {score}!"),
    "over_you": ("You win with {score}!", "Вы выиграли: {score}!"),
    "too_small": (
        "The table needs a terminal of at least {width}×{height}.\n"
        "This one is {cols}×{rows}: please make the window larger.",
        "Для стола нужен терминал не меньше {width}×{height}.\n"
        "Сейчас {cols}×{rows}: увеличьте, пожалуйста, окно.",
    ),
    "conventions_title": ("Table conventions", "Правила стола"),
    "help_title": ("Help", "Помощь"),
    "help_rules": (
        "Thousand in short\n"
        "• 24 cards, 9 J Q K 10 A in four suits, worth 0 2 3 4 10 11: 120 in the deck.\n"
        "• Auction: the player left of the dealer is on 100; the others bid up or pass. "
        "Bids above 120 need a marriage in hand.\n"
        "• The highest bidder takes the talon (прикуп), gives one card to each opponent, may "
        "raise the contract, then must take at least the contract — or concede (роспись, «R» "
        "on the score sheet).\n"
        "• Follow suit; if you cannot, play a trump; otherwise anything. The highest trump "
        "wins the trick, else the highest card of the suit led.\n"
        "• Marriage (марьяж): K+Q of one suit. On lead after taking a trick, lead one of them "
        "to declare it: ♥100 ♦80 ♣60 ♠40, and that suit becomes trump.\n"
        "• The declarer wins or loses the contract; the others score their points, rounded "
        "to 5. At 880 you climb on the barrel (бочка) and must make 120 within three deals.\n"
        "• A deal without a trick is a palka (палка): three cost 120. Landing on 555 "
        "(самосвал) resets a score to 0. First to 1000 wins.\n"
        "This table's own conventions: press c.",
        "Тысяча вкратце\n"
        "• 24 карты: 9 В Д К 10 Т четырёх мастей, по 0 2 3 4 10 11 очков — 120 в колоде.\n"
        "• Торговля: игрок слева от сдающего сидит на сотне, остальные поднимают или пасуют. "
        "Выше 120 — только с марьяжем на руках.\n"
        "• Выигравший торговлю берёт прикуп, сносит по карте противникам, может повысить "
        "заказ и должен набрать не меньше заказа — или расписать («Р»).\n"
        "• Ходят в масть; нет масти — козырем; нет козыря — любой картой. Берёт старший "
        "козырь, иначе старшая карта масти хода.\n"
        "• Марьяж: К+Д одной масти. Получив ход после своей взятки, зайдите с одной из них "
        "и похвалите: ♥100 ♦80 ♣60 ♠40 — эта масть становится козырем.\n"
        "• Разыгрывающий записывает заказ или теряет его; остальные — свои очки, округлённые "
        "до 5. С 880 садятся на бочку: за три кона нужно сыграть 120.\n"
        "• Кон без взятки — палка: три палки стоят 120. Ровно 555 — самосвал, счёт "
        "обнуляется. Побеждает первый, набравший 1000.\n"
        "Правила этого стола: клавиша c.",
    ),
    "help_keys": (
        "Keys\n"
        "  ← → 1–0 - =  choose a card          Enter   play it / open your decision\n"
        "  l            last trick             s       score sheet\n"
        "  c            table conventions      ?  F1   this help\n"
        "  q            quit (asks first: y)   Ctrl+C  quit at once (the game is saved)\n"
        "  f            while you only watch: skip to your next decision\n"
        "  h            hint: what the strongest AI would do, and why\n"
        "  a            analysis of a deal (on its result and in the score sheet)\n"
        "  t            your statistics over the saved games\n"
        "  u            take back your last card (with that setting, against the AI)\n"
        "  p            on a deal's result counting down: wait for Enter\n"
        "In dialogs: ↑ ↓ choose, Enter confirm, ← → change a bid or raise, the letters "
        "shown in the footer, Esc back to the table (Enter reopens the dialog). Conceding, "
        "baptism and the dark game ask for their key again (or Enter). What comes at once after "
        "your own key (a deal's result, the raise after the exchange, the next auction, your "
        "lead after a trick you took last) takes keys after half a second, so a key pressed "
        "twice does not pass it unseen.\n"
        "The mouse: click a card to choose it and again to play it; click an option or a key "
        "in the footer.",
        "Клавиши\n"
        "  ← → 1–0 - =  выбор карты            Enter   сыграть / открыть решение\n"
        "  l            последняя взятка       s       запись\n"
        "  c            правила стола          ?  F1   эта справка\n"
        "  q            выход (с вопросом: y)  Ctrl+C  выход сразу (партия сохранена)\n"
        "  f            когда вы только смотрите: сразу к вашему решению\n"
        "  h            подсказка: как сыграл бы сильный ИИ и почему\n"
        "  a            разбор кона (в итогах кона и в записи)\n"
        "  t            ваша статистика по сохранённым партиям\n"
        "  u            вернуть свой последний ход (если разрешено, в игре с ИИ)\n"
        "  p            в итогах кона с отсчётом: ждать Enter\n"
        "В окнах: ↑ ↓ выбор, Enter подтвердить, ← → изменить ставку, буквы из нижней "
        "строки, Esc — к столу (Enter снова откроет окно). Роспись, «крещусь» и игра "
        "втёмную просят нажать клавишу ещё раз (или Enter). То, что наступает сразу "
        "после вашей клавиши (итоги кона, решение после прикупа, следующая торговля, ваш "
        "заход после взятки, взятой вашей картой последней), принимает клавиши через "
        "полсекунды, чтобы двойное нажатие не пропустило его.\n"
        "Мышь: щелчок по карте выбирает её, второй щелчок — ход; щелчок по строке окна или "
        "по клавише в нижней строке.",
    ),
    # ---------------------------------------------------------------- the start screen
    "start_title": ("Thousand · a new game or a saved one", "Тысяча · новая партия или начатая"),
    "start_rating": ("your rating {rating} ± {deviation}", "ваш рейтинг {rating} ± {deviation}"),
    "start_new": ("Start a new game", "Начать новую партию"),
    "start_preset": ("Table", "Правила"),
    "start_players": ("Players", "Игроков"),
    "start_level": ("{name} plays", "{name} играет"),
    "start_name": ("Your name", "Ваше имя"),
    "start_lang": ("Language", "Язык"),
    "start_rules": ("The conventions of {preset}", "Правила стола: {preset}"),
    "start_continue": ("Continue a game:", "Продолжить партию:"),
    "start_comforts": ("How the table plays (every game):", "Как играет стол (в каждой партии):"),
    "start_quit": ("Quit", "Выход"),
    # a saved game on the start screen: its first line, then each seat
    "start_saved_game": (
        "{date} · {preset} · deal {deal}",
        "{date} · {preset} · кон {deal}",
    ),
    "start_saved_ai": ("{name} ({level}) {score}", "{name} ({level}) {score}"),
    "start_saved_person": ("{name} {score}", "{name} {score}"),
    "start_name_title": ("Your name at the table", "Ваше имя за столом"),
    "start_name_help": (
        "Up to {max} characters; empty for «{default}». Enter: keep · Esc: back",
        "До {max} символов; пусто — «{default}». Enter — сохранить · Esc — назад",
    ),
    "start_name_bad": (
        "A name of letters, digits and spaces, at most {max} characters.",
        "Имя из букв, цифр и пробелов, не длиннее {max} символов.",
    ),
    "start_host_levels": ("set by the server", "задаёт сервер"),
    "start_hints": ("Hints (h)", "Подсказки (h)"),
    "start_open": (
        "Open a table for friends (they join with its code)",
        "Открыть стол для друзей (они садятся по коду)",
    ),
    "start_join": ("Join a friend's table", "Сесть за стол друга"),
    # whether the table opened for friends allows hints (`thousand open --hints`)
    "start_open_hints": ("  Hints there", "  Подсказки там"),
    "start_open_hints_on": ("allowed to all (h)", "разрешены всем (h)"),
    "start_code_title": ("The table's code", "Код стола"),
    "start_code_help": (
        "Six letters and digits, as the friend who opened the table got them. "
        "Enter: join · Esc: back",
        "Шесть букв и цифр, которые получил открывший стол. Enter — сесть · Esc — назад",
    ),
    "start_code_bad": (
        "Not a table's code: six letters and digits, e.g. K7QM2P.",
        "Это не код стола: шесть букв и цифр, например K7QM2P.",
    ),
    # the opponents' pace and the motion of the screen, chosen on the start screen
    "start_pace": ("Opponents' pace", "Темп соперников"),
    "start_pace_instant": ("instant", "без пауз"),
    "start_pace_seconds": ("{seconds} s a move", "{seconds} с на ход"),
    "start_motion": ("Animation", "Анимация"),
    "start_motion_on": ("on", "да"),
    "start_motion_off": ("off (reduced motion)", "нет (без движения)"),
    "start_hints_on": ("on", "да"),
    "start_hints_off": ("off", "нет"),
    "lang_en": ("English", "English"),
    "lang_ru": ("Русский", "Русский"),
    # ---------------------------------------------------------------- hints and analysis
    "points_forms": ("point|points", "очко|очка|очков"),
    "points_about_forms": ("point|points", "очка|очков|очков"),
    "c_bid": ("bid {value}", "ставка {value}"),
    "c_pass": ("pass", "пас"),
    "c_keep": ("play {value}", "играть {value}"),
    "c_raise": ("raise to {value}", "повысить до {value}"),
    "c_concede": ("concede", "расписать"),
    "c_baptism": ("«крещусь»", "«крещусь»"),
    "c_play": ("{card}", "{card}"),
    "c_play_marriage": ("{card} declaring {suit}", "{card} с марьяжем {suit}"),
    "c_give": ("{card} to {name}", "{card} → {name}"),
    "c_discard": ("{card} aside", "{card} в снос"),
    "c_other": ("{act}", "{act}"),
    "c_made": ("made in {pct}% of sampled deals", "сыграно в {pct}% проб"),
    "c_pass_why": (
        "{value} would be made in {pct}% of sampled deals; defending is worth more",
        "{value} сыграно лишь в {pct}% проб; выгоднее пасовать",
    ),
    "c_concede_why": (
        "{value} is made in {pct}% of sampled deals; conceding costs less",
        "{value} сыграно лишь в {pct}% проб; расписать дешевле",
    ),
    "c_baptism_why": (
        "{value} is made in {pct}% of sampled deals; a cross costs less",
        "{value} сыграно лишь в {pct}% проб; креститься дешевле",
    ),
    "c_makes": (
        "makes the contract in {pct}% of sampled deals",
        "заказ сыгран в {pct}% проб",
    ),
    "c_beats": (
        "the contract is made in {pct}% of sampled deals",
        "заказ сыгран в {pct}% проб",
    ),
    "c_takes": (
        "the declarer takes {points} more on average",
        "разыгрывающему ещё {points} в среднем",
    ),
    "c_worth": ("worth {worth} expected points", "оценка {worth}"),
    "c_alt_pct": ("{alt}: {pct}%", "{alt}: {pct}%"),
    "c_alt_points": ("{alt}: {points}", "{alt}: {points}"),
    "c_alt_worth": ("{alt}: {worth}", "{alt}: {worth}"),
    "c_hint": ("Hint: {action}: {why}.", "Подсказка: {action}: {why}."),
    "c_hint_bare": ("Hint: {action}.", "Подсказка: {action}."),
    "c_hint_card": ("Hint: play {action}: {why}.", "Подсказка: ход {action}: {why}."),
    "c_hint_give": ("Hint: give {action}: {why}.", "Подсказка: отдать {action}: {why}."),
    "c_alt_same": ("{alt} does as well", "{alt} не хуже"),
    "c_hint_thinking": ("Hint: thinking…", "Подсказка: думаю…"),
    "c_hints_off": ("Hints are off in this game.", "Подсказки в этой партии выключены."),
    "c_deal_head": ("Deal {number}", "Кон {number}"),
    # ---------------------------------------------------------------- hints before the auction
    "c_dark": ("play in the dark", "играть втёмную"),
    "c_dark_decline": ("no dark game", "не играть втёмную"),
    "c_dark_why": (
        "a hand and talon drawn blind make {value} in {pct}% of sampled deals",
        "вслепую {value} сыграно в {pct}% проб",
    ),
    "c_dark_decline_why": (
        "a hand and talon drawn blind make {value} in only {pct}% of sampled deals; "
        "an ordinary deal is worth more",
        "вслепую {value} сыграно лишь в {pct}% проб; обычный кон выгоднее",
    ),
    "c_dark_cancel": ("cancel the dark game", "растемнить"),
    "c_dark_stand": ("let the dark game stand", "не растемнять"),
    "c_dark_cancel_why": (
        "the dark {value} is made in {pct}% of sampled deals; an auction is worth more",
        "игра втёмную на {value} сыграна в {pct}% проб; выгоднее торговаться",
    ),
    "c_dark_stand_why": (
        "the dark {value} is made in only {pct}% of sampled deals; defending it is worth more",
        "игра втёмную на {value} сыграна лишь в {pct}% проб; выгоднее играть против неё",
    ),
    "c_redeal": ("redeal", "пересдать"),
    "c_play_on": ("play on", "играть дальше"),
    "c_redeal_why": (
        "{reason}, and {value} is made in only {pct}% of sampled deals",
        "{reason}, а {value} сыграно лишь в {pct}% проб",
    ),
    "c_redeal_bid_why": (
        "{reason}, and the best bid, {value}, is made in only {pct}% of sampled deals",
        "{reason}, а лучшая ставка, {value}, сыграна лишь в {pct}% проб",
    ),
    "c_play_on_why": (
        "{reason}, but {value} is made in {pct}% of sampled deals",
        "{reason}, но {value} сыграно в {pct}% проб",
    ),
    "c_play_on_bid_why": (
        "{reason}, but you can bid {value}: made in {pct}% of sampled deals",
        "{reason}, но можно заказать {value}: сыграно в {pct}% проб",
    ),
    "c_redeal_weak": (
        "{reason}, and no contract is worth playing with this hand",
        "{reason}, а играть с такими картами невыгодно",
    ),
    "c_take_talon": ("take talon {number}", "взять прикуп {number}"),
    "analysis_title": ("Analysis", "Разбор"),
    "stats_title": ("Your statistics", "Ваша статистика"),
    "stats_none": (
        "No games of yours are saved yet: play one, and come back.",
        "Сохранённых партий пока нет: сыграйте одну и загляните сюда.",
    ),
    "stats_loading": ("Reading your games…", "Читаю ваши партии…"),
    "stats_all": ("All games", "Все партии"),
    "stats_preset": ("Preset {name}", "Правила {name}"),
    "stats_games": (
        "Games {games} (unfinished {unfinished}), won {wins}",
        "Партий {games} (не окончено {unfinished}), побед {wins}",
    ),
    "stats_contracts": ("Contracts made, by size:", "Сыгранные заказы по размеру:"),
    "stats_band": ("{band}", "{band}"),
    "stats_marks": (
        "Concessions {concessions} · palki {palki} · barrel attempts {attempts}, won {wins}",
        "Роспись {concessions} · палки {palki} · бочка: попыток {attempts}, побед {wins}",
    ),
    "stats_not_analysed": (
        "No deal analysed yet (`thousand stats --analyze` analyses them all)",
        "Разборов пока нет (`thousand stats --analyze` разберёт все коны)",
    ),
    "stats_not_analysed_hosted": ("No deal analysed yet", "Разборов пока нет"),
    "stats_trend": (
        "Points per deal in your last games (oldest first):",
        "Очков за кон в последних партиях (сначала старые):",
    ),
    "c_analysing": (
        "Deal {number}: the search is still at work…",
        "Кон {number}: разбор ещё считается…",
    ),
    "c_analysis_failed": (
        "Deal {number}: this deal cannot be analysed.",
        "Кон {number}: этот кон разобрать не удалось.",
    ),
    "c_analysis_note": (
        "By the search from your seat's view, as the strongest AI would weigh each choice. "
        "Costs are in points of your standing (your score change less the others' mean).",
        "По поиску с вашего места, как сильный ИИ оценил бы каждый выбор. Цена — в очках "
        "вашего положения (ваше изменение счёта минус среднее у соперников).",
    ),
    "c_deal_played": (
        "{name} played {value} and took {taken}: {result}.",
        "{name}: заказ {value}, взято {taken} — {result}.",
    ),
    "c_deal_made": ("made", "сыграно"),
    "c_deal_down": ("down", "не сыграно"),
    "c_deal_conceded": ("{name} conceded {value}.", "{name}: заказ {value} расписан."),
    "c_deal_baptised": (
        "{name} gave up {value} by baptism («крещусь»).",
        "{name}: «крещусь» на {value}.",
    ),
    "c_deal_none": ("No contract was played in this deal.", "В этом коне заказ не играли."),
    "c_where_auction": ("auction", "торговля"),
    "c_where_exchange": ("exchange", "снос"),
    "c_where_contract": ("contract", "заказ"),
    "c_where_trick": ("trick {number}", "взятка {number}"),
    "c_cost": (
        "{where}: {chosen} cost about {cost} {points}; {best} was better.",
        "{where}: {chosen} — потеря около {cost} {points}; лучше: {best}.",
    ),
    "c_hinted": (" (after a hint)", " (после подсказки)"),
    "c_no_cost": (
        "No decision of {name} cost about 10 points or more.",
        "Ни одно решение ({name}) не стоило 10 очков и больше.",
    ),
    "c_no_cost_you": (
        "None of your decisions cost about 10 points or more.",
        "Ни одно ваше решение не стоило 10 очков и больше.",
    ),
    "c_lost_you": (
        "Lost by your decisions in all: about {cost} {points}.",
        "Всего потеряно вашими решениями: около {cost} {points}.",
    ),
    "c_lost": (
        "Lost by {name}'s decisions in all: about {cost} {points}.",
        "Всего потеряно решениями ({name}): около {cost} {points}.",
    ),
    # ---------------------------------------------------------------- key names (footer)
    "key_card": ("Card", "Карта"),
    "key_play": ("Play", "Ход"),
    "key_decide": ("Decide", "Решить"),
    "key_last": ("Last trick", "Взятка"),
    "key_hint": ("Hint", "Подсказка"),
    "key_analysis": ("Analysis", "Разбор"),
    "key_stats": ("Stats", "Статистика"),
    "key_sheet": ("Sheet", "Запись"),
    "key_rules": ("Rules", "Правила"),
    "key_help": ("Help", "Помощь"),
    "key_quit": ("Quit", "Выход"),
    "key_close": ("Close", "Закрыть"),
    "key_choose": ("Choose", "Выбрать"),
    "key_table": ("Table", "Стол"),
    "key_change": ("Change", "Изменить"),
    "key_pass": ("Pass", "Пас"),
    "key_give": ("Give", "Отдать"),
    "key_back": ("Take back", "Вернуть"),
    "key_again": ("Again", "Ещё"),
    "key_next": ("Next", "Дальше"),
    "key_start": ("Start with AI", "Начать с ИИ"),
    "key_leave": ("Leave", "Уйти"),
    # ---------------------------------------------------------------- shared tables
    "shared_title": ("Table {code}", "Стол {code}"),
    # the opener allows hints (h) at a shared table: said in its header
    "shared_hints_on": ("hints on (h)", "с подсказками (h)"),
    "shared_waiting": (
        "Waiting for friends. They join with the code {code}:\n  {command}",
        "Ждём друзей. Они садятся за стол по коду {code}:\n  {command}",
    ),
    "shared_start_hint": (
        "The deal starts when every seat is taken; press s to start now with AI in the free seats.",
        "Сдача начнётся, когда все места будут заняты; s — начать сейчас, свободные места "
        "займёт ИИ.",
    ),
    "shared_wait_opener": (
        "The deal starts when every seat is taken or the one who opened the table starts it.",
        "Сдача начнётся, когда все места будут заняты или открывший стол начнёт игру.",
    ),
    "shared_seat_you": ("{name} (you)", "{name} (вы)"),
    "shared_seat_free": ("free: a friend's seat", "свободно: место для друга"),
    "shared_seat_ai": ("{name}: AI", "{name}: ИИ"),
    "shared_here": ("● here", "● за столом"),
    "shared_away": ("○ away, AI in {seconds} s", "○ отошёл, ИИ через {seconds} с"),
    "shared_away_ai": ("○ away, AI plays", "○ отошёл, играет ИИ"),
    "shared_wait_away": (
        "{name} is away: an AI plays for them in {seconds} s",
        "{name} отошёл: через {seconds} с за него сыграет ИИ",
    ),
    "shared_came": ("{name} is at the table.", "{name} за столом."),
    "shared_left": (
        "{name} left the table; the seat waits.",
        "{name} ушёл из-за стола; место ждёт.",
    ),
    "shared_lost": (
        "The table is gone. Join again with: {command}",
        "Связь со столом потеряна. Вернуться: {command}",
    ),
    "shared_leave_body": (
        "Your seat stays yours: join again with the code {code}. "
        "While you are away an AI plays it after {seconds} s.",
        "Место остаётся за вами: вернуться можно по коду {code}. "
        "Пока вас нет, через {seconds} с за вас сыграет ИИ.",
    ),
    "shared_away_played": (
        "While you were away, the AI played for you: {moves}.",
        "Пока вас не было, за вас играл ИИ: {moves}.",
    ),
    "shared_away_played_last": (
        "While you were away, the AI made {count} moves for you; the last {shown}: {moves}.",
        "Пока вас не было, ИИ сделал за вас ходов: {count}; последние {shown}: {moves}.",
    ),
    "shared_back": ("Back at the table.", "Снова за столом."),
    "shared_refused": ("The table refused: {error}", "Стол не принял ход: {error}"),
    "key_move": ("Move", "Выбор"),
    "key_skip": ("Skip to my turn", "К моему ходу"),
    "key_start_screen": ("Start screen", "К началу"),
    "key_ok": ("OK", "Да"),
    # ---------------------------------------------------------------- a deal's analysis
    "c_deal_played_you": (
        "You played {value} and took {taken}: {result}.",
        "Ваш заказ {value}, взято {taken} — {result}.",
    ),
    "c_deal_conceded_you": ("You conceded {value}.", "Вы расписали заказ {value}."),
    "c_deal_baptised_you": (
        "You gave up {value} by baptism («крещусь»).",
        "Вы сказали «крещусь» на {value}.",
    ),
    "c_open_card_best": (
        "With all cards open and best play on both sides, {name} would take {points}.",
        "С открытыми картами и лучшей игрой обеих сторон разыгрывающий ({name}) взял бы {points}.",
    ),
    "c_open_card_best_you": (
        "With all cards open and best play on both sides, you would take {points}.",
        "С открытыми картами и лучшей игрой обеих сторон вы взяли бы {points}.",
    ),
    "c_open_gift": (
        "The defence's mistakes gave {name} {points} more.",
        "Ошибки защиты принесли разыгрывающему ({name}) ещё {points}.",
    ),
    "c_open_gift_you": (
        "The defence's mistakes gave you {points} more.",
        "Ошибки защиты принесли вам ещё {points}.",
    ),
    "c_open_short": (
        "{name}'s play left {points} on the table.",
        "Разыгрывающий ({name}) недобрал {points}.",
    ),
    "c_open_short_you": (
        "Your play left {points} on the table.",
        "Вы недобрали {points}.",
    ),
    "c_dark_deal": (
        "{name} played {value} in the dark (×{m}): {change}. Played open, the same cards would "
        "have scored {light}.",
        "{name}: {value} втёмную (×{m}), итог {change}. В открытую те же карты дали бы {light}.",
    ),
    "c_dark_deal_you": (
        "You played {value} in the dark (×{m}): {change}. Played open, the same cards would "
        "have scored {light}.",
        "Вы играли {value} втёмную (×{m}), итог {change}. В открытую те же карты дали бы {light}.",
    ),
    "c_dark_odds": (
        "At the dark offer, a hand and talon drawn blind made {value} in {pct}% of sampled deals.",
        "При предложении играть втёмную вслепую {value} сыгрывалось в {pct}% проб.",
    ),
    "c_where_dark": ("dark offer", "игра втёмную"),
    "c_where_dark_cancel": ("the dark game", "растемнение"),
    "c_where_redeal": ("redeal", "пересдача"),
    # ---------------------------------------------------------------- counted words, statistics
    "w_deal": ("deal|deals", "кон|кона|конов"),
    "w_deal_in": ("deal|deals", "коне|конах|конах"),  # "в 1 коне", "в 5 конах"
    "w_decision_of": ("decision|decisions", "решения|решений|решений"),  # "из 21 решения"
    "w_decision": ("decision|decisions", "решение|решения|решений"),
    "stats_per_deal_n": (
        "Points per deal {value} over {deals}",
        "Очков за кон {value} (всего {deals})",
    ),
    "stats_hints_n": (
        "After a hint: {hinted} of {decisions}, in {deals} ({points} a deal)",
        "После подсказки: {hinted} из {decisions}, в {deals} ({points} за кон)",
    ),
    "stats_no_hints_n": (
        "No decision taken after a hint ({decisions} in all)",
        "Решений после подсказки нет (всего {decisions})",
    ),
    "stats_lost_n": (
        "Lost by your decisions: {value} {points} a deal ({deals} analysed)",
        "Потеряно вашими решениями: {value} {points} за кон (разобрано: {deals})",
    ),
    "stats_opponents": ("Opponents: {names}", "Соперники: {names}"),
    "stats_person": ("a person", "человек"),
    "stats_ai": ("{level} AI", "ИИ ({level})"),
    "marriage_keep_no_trump": (
        "Declare {suit} {points} «по масти»: still no trump",
        "{suit} {points} по масти: козыря по-прежнему нет",
    ),
    "n_play_marriage_no_trump": (
        "{name}: {card} — marriage {suit} {points} «по масти», still no trump.",
        "{name}: {card} — {suit} {points} по масти, козыря по-прежнему нет.",
    ),
    # ---------------------------------------------------------------- shared tables: who starts
    "shared_wait_opener_named": (
        "The deal starts when every seat is taken, or sooner if {name} starts it: only the one "
        "who opened the table can.",
        "Сдача начнётся, когда все места будут заняты, или раньше, если {name} начнёт игру: "
        "начать может только открывший стол.",
    ),
    # The points of the deal so far, the declarer's still needed, palki toward a fine, the
    # sitter on the score sheet.
    "deal_points": ("points {points}", "очков {points}"),
    "status_needed": ("needs {points} more", "не хватает {points}"),
    "status_reached": ("contract reached", "заказ набран"),
    "mark_sitting_out": ("○", "○"),
    "sheet_legend_sitter": ("{mark} sat the deal out", "{mark} сидел на прикупе"),
    # Looking back: the log scrolled by keys, the talon shown and the last trick.
    "key_look_back": ("Look back", "Прикуп и взятка"),
    "key_log_back": ("Log back", "Лог назад"),
    "key_log_forward": ("Log forward", "Лог вперёд"),
    "look_title": ("The talon and the last trick", "Прикуп и последняя взятка"),
    "look_talon": ("Talon: ", "Прикуп: "),
    "look_talon_taken": ("(taken by {name})", "(достался: {name})"),
    "look_talon_yours": ("(only you saw it)", "(видели только вы)"),
    "look_talon_hidden": ("not shown to the table", "не открывался"),
    "look_trick": ("Last trick: ", "Последняя взятка: "),
    "look_trick_number": ("Last trick (no. {number}): ", "Последняя взятка ({number}-я): "),
    "help_keys_look": (
        "  v            the talon you saw and the last trick\n"
        "  PgUp PgDn [ ]  scroll the log back and forward",
        "  v            прикуп, который вы видели, и последняя взятка\n"
        "  PgUp PgDn [ ]  листать лог назад и вперёд",
    ),
    # ---------------------------------------------------------------- shared tables: the service
    "shared_ai_retry": (
        "The table service failed while playing for {name}; it tries again.",
        "Служба столов дала сбой, играя за {name}; пробует ещё раз.",
    ),
    "shared_wire_older": (
        "The table service runs an older version of the game (protocol {theirs}; this one "
        "speaks {ours}). Leave every table of this account: the service ends a few seconds "
        "after the last one, and the next table you open or join starts the new one.",
        "Служба столов работает на старой версии игры (протокол {theirs}, у этой — {ours}). "
        "Выйдите из-за всех столов этой учётной записи: служба закроется через несколько "
        "секунд после последнего, и следующий открытый стол запустит новую.",
    ),
    "shared_unreadable": (
        "The table sent what this game cannot read ({why}); the connection is closed.",
        "Стол прислал то, что эта версия игры не может прочитать ({why}); связь закрыта.",
    ),
    "shared_wire_newer": (
        "The table service runs a newer version of the game (protocol {theirs}; this one "
        "speaks {ours}). Install the same version here, then open or join the table again.",
        "Служба столов работает на более новой версии игры (протокол {theirs}, у этой — "
        "{ours}). Установите здесь ту же версию и снова откройте стол или сядьте за него.",
    ),
    # ---------------------------------------------------------------- shared tables: chat
    "key_chat": ("Chat", "Чат"),
    "key_chat_send": ("Send", "Отправить"),
    "w_chat_line": ("line|lines", "сообщение|сообщения|сообщений"),
    "w_second": ("second|seconds", "секунду|секунды|секунд"),
    "chat_prompt": ("Say:", "Сказать:"),
    "chat_placeholder": (
        "a line for everyone at the table",
        "строка для всех за столом",
    ),
    "chat_empty": (
        "Nothing to send: type a line, or Esc to close.",
        "Нечего отправлять: напишите строку или нажмите Esc.",
    ),
    "chat_too_fast": (
        "At most {lines} in {window}: you may write again in {wait} s.",
        "Не больше {lines} за {window}: снова написать можно через {wait} с.",
    ),
    "chat_refused": ("Your line was not sent: {error}", "Сообщение не отправлено: {error}"),
    "help_keys_chat": (
        "  m            chat: a line for everyone at a shared table",
        "  m            чат: строка для всех за общим столом",
    ),
    # ---------------------------------------------------------------- work that failed
    "work_failed": (
        "Something went wrong beside the game ({error}); the game goes on. {where}",
        "Что-то пошло не так в стороне от игры ({error}); игра продолжается. {where}",
    ),
    "hint_failed": (
        "No hint this time: its search failed ({error}). {where}",
        "Подсказки не будет: поиск не удался ({error}). {where}",
    ),
    "analysis_failed": (
        "The analysis of deal {number} could not be made ({error}). {where}",
        "Разбор {number}-го кона не удался ({error}). {where}",
    ),
    "stats_failed": (
        "Your statistics could not be read ({error}). {where}",
        "Не удалось прочитать вашу статистику ({error}). {where}",
    ),
    # ---------------------------------------------------------------- the lobby
    "lobby_title": ("Lobby: the tables waiting for players", "Лобби: столы, где ждут игроков"),
    "lobby_about": (
        "A table you open or quick match waits {seconds} s for people; then AI takes the "
        "seats still free.",
        "Стол, открытый вами или быстрой игрой, ждёт людей {seconds} с; потом свободные места "
        "занимает ИИ.",
    ),
    "lobby_col_code": ("Code", "Код"),
    "lobby_col_game": ("Game", "Игра"),
    "lobby_col_seats": ("Seated", "За столом"),
    "lobby_col_free": ("Free", "Свободно"),
    "lobby_col_waited": ("Waiting", "Ждёт"),
    "lobby_col_fill": ("AI in", "ИИ через"),
    "lobby_seats": ("{people} of {players}", "{people} из {players}"),
    "lobby_seats_ai": ("+{ai} AI", "+{ai} ИИ"),
    "lobby_fill_in": ("{seconds} s", "{seconds} с"),
    "lobby_none": (
        "No table is waiting. o opens one; m finds you a table, or opens one.",
        "Свободных столов нет. o — открыть стол; m — найти стол или открыть новый.",
    ),
    "lobby_hint": (
        "⏎ sits at the table chosen; a friend's code: c.",
        "⏎ — сесть за выбранный стол; код от друга — c.",
    ),
    "lobby_busy": ("Taking a seat…", "Садимся за стол…"),
    "lobby_open_title": ("Open a table", "Открыть стол"),
    "lobby_match_title": ("Quick match", "Быстрая игра"),
    "key_to_lobby": ("Lobby", "В лобби"),
    "lobby_seat_waits": (
        "Your seat at table {code} waits for you: c and its code bring you back.",
        "Ваше место за столом {code} ждёт вас: нажмите c и введите код, чтобы вернуться.",
    ),
    "key_lobby_join": ("Sit", "Сесть"),
    "key_lobby_open": ("Open", "Открыть"),
    "key_lobby_match": ("Quick match", "Быстрая игра"),
    "key_lobby_code": ("Code", "Код"),
    "start_lobby": ("Lobby: tables waiting for players", "Лобби: столы, где ждут игроков"),
    "shared_fill_in": (
        "AI takes the free seats in {seconds} s.",
        "Через {seconds} с свободные места займёт ИИ.",
    ),
    # ---------------------------------------------------------------- the ratings
    "ratings_title": ("Ratings", "Рейтинг игроков"),
    "ratings_none": (
        "No rated games yet: every finished game rates its players.",
        "Рейтинговых партий пока нет: каждая доигранная партия даёт рейтинг её игрокам.",
    ),
    "ratings_player": ("Player", "Игрок"),
    "ratings_rating": ("Rating", "Рейтинг"),
    "ratings_deviation": ("±", "±"),
    "ratings_games": ("Games", "Партий"),
    "ratings_last": ("Last game", "Последняя партия"),
    "ratings_ai": ("{level} AI", "ИИ ({level})"),
    "ratings_provisional": (
        "? provisional: uncertain by more than ±{deviation}; a few more games settle it.",
        "? предварительный: точность хуже ±{deviation}; ещё несколько партий его уточнят.",
    ),
    # ---------------------------------------------------------------- the daily deal
    "daily_title": ("Daily deal {date}, {preset}", "Раздачи дня {date}, {preset}"),
    "daily_none": (
        "Nobody has played today's deals yet: `{command}` starts yours.",
        "Сегодняшние раздачи ещё никто не играл: `{command}` начинает вашу попытку.",
    ),
    "daily_player": ("Player", "Игрок"),
    "daily_total": ("Total", "Итого"),
    "daily_note": (
        "Each deal: your points minus what hard AI made with the same cards from the same "
        "seat; · not played yet.",
        "За каждый кон: ваши очки минус очки сильного ИИ с теми же картами на том же месте; "
        "· ещё не сыгран.",
    ),
    "daily_top": ("Daily deal {number} of {count}", "Кон дня {number} из {count}"),
    "daily_preparing": (
        "Preparing today's deals (once a day)…",
        "Готовим сегодняшние раздачи (раз в день)…",
    ),
    "daily_played": (
        "You have played today's {deals} of {preset}; the next ones come tomorrow.",
        "Вы уже сыграли сегодняшние {deals} в «{preset}»; новые будут завтра.",
    ),
    "daily_saved": (
        "Your daily deal is kept; `{command}` takes it up where you stopped.",
        "Ваша раздача дня сохранена; `{command}` продолжит её с того же места.",
    ),
    "daily_board_keys": ("q or Esc: leave", "q или Esc — выход"),
}


# валет, дама, король, туз
RUSSIAN_RANKS: Final = {Rank.JACK: "В", Rank.QUEEN: "Д", Rank.KING: "К", Rank.ACE: "Т"}


def rank_label(card: Card, lang: str, ascii_only: bool = False) -> str:
    """`10`, `9`, and the pictures and ace by their letters in `lang` (in ASCII mode always
    the record's letters)."""
    if lang == "ru" and not ascii_only:
        return RUSSIAN_RANKS.get(card.rank, "10" if card.rank is Rank.TEN else "9")
    return "10" if card.rank is Rank.TEN else card.rank.letter


def card_label(card: Card, lang: str, ascii_only: bool = False) -> str:
    """A card as the table names it: `Q♥`, in Russian `Д♥`; `QH` in ASCII mode."""
    if ascii_only:
        return card.label(ascii_only)
    return rank_label(card, lang) + card.suit.glyph


class Translator:
    """Formats the messages of one language."""

    def __init__(self, lang: str = "en") -> None:
        if lang not in LANGS:
            raise ValueError(f"language must be one of {', '.join(LANGS)}, not {lang!r}")
        self.lang = lang
        self._index = LANGS.index(lang)

    def __call__(self, key: str, **values: object) -> str:
        text = MESSAGES[key][self._index]
        return text.format(**values) if values else text

    def count(self, key: str, number: int) -> str:
        """`number` with the word of `key` in its plural form: "1 card", "5 cards"; "1 карта",
        "3 карты", "5 карт". The word's entry lists its forms with "|": English one|other,
        Russian one|few|many."""
        return counted(number, self(key), self.lang)

    def plural(self, count: int, key: str) -> str:
        """The form of the word in `key` ("one|many", Russian "one|few|many") for `count`."""
        return self(key).split("|")[plural_form(self.lang, count)]

    def level(self, level: str | None) -> str:
        key = f"level_{level}"
        return self(key) if key in MESSAGES else (level or "")

    def reason(self, reason: str | None) -> str:
        key = f"reason_{reason}"
        return self(key) if key in MESSAGES else (reason or "")
