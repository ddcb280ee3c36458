"""Every string of the table, with the game's own terms: English here, each other language in
its catalog (`thousand_tui/translations.py`, README: Translations).

`Translator(lang)(key, **values)` formats one message. Each entry is `msg(key, english)`, or
`nmsg(key, one, other)` for a counted word (`Translator.count`); the key is the catalogs'
context (msgctxt). `tests/tui/test_catalogs.py` checks that every catalog translates every entry
with the same placeholders.
"""

from __future__ import annotations

from typing import Final

from ..engine.cards import Card, Rank
from ..translations import LANGS, Msg, NMsg, catalog, msg, nmsg

__all__ = ["LANGS", "MESSAGES", "WORDS", "Translator", "card_label", "rank_label"]

_ENTRIES: Final[tuple[Msg | NMsg, ...]] = (
    # ---------------------------------------------------------------- names and words
    msg("app_title", "Thousand"),
    msg("you_name", "You"),
    # The opponents' names in seat order; the rest are spares for a person of the same name.
    msg("ai_names", "Anna,Boris,Vera,Gleb,Dina,Egor"),
    msg("level_random", "random"),
    msg("level_easy", "easy"),
    msg("level_normal", "normal"),
    msg("level_hard", "hard"),
    msg("no_trump", "none"),
    msg("pass", "pass"),
    msg("tricks_count", "tricks {count}"),
    msg("dealer", "dealer"),
    msg("sits_out", "sits out"),
    msg("declarer", "declarer"),
    msg("declarer_short", "plays {value}"),
    msg("on_barrel", "barrel {used}/{attempts}"),
    msg("score_palki", "palki {count}/{fine}"),
    msg("thinking", "thinking…"),
    # ---------------------------------------------------------------- counted words
    # The English forms for one and for any other number; each catalog has its language's forms
    # (Russian: one, few, many), chosen by its plural rule (`Translator.count`).
    nmsg("w_card", "card", "cards"),
    nmsg("w_point", "point", "points"),
    # ---------------------------------------------------------------- the table
    msg("header_deal", "Deal {number}"),
    msg("header_dealer", "dealer: {name}"),
    msg("header_golden", "golden deal ×{m}"),
    msg("header_dark", "dark ×{m}"),
    msg("status_trump", "Trump: "),
    msg("status_contract", "Contract: {value} ({name})"),
    msg("status_auction", "Bid: {value} ({name})"),
    msg("status_talon", "Talon: "),
    msg("phase_dark", "in the dark or not"),
    msg("phase_redeal", "redeal or not"),
    msg("phase_auction", "auction"),
    msg("phase_dark_cancel", "dark game: cancel or not"),
    msg("phase_talon", "talon"),
    msg("phase_raise", "raise or keep"),
    msg("phase_give", "exchange"),
    msg("phase_contract", "raise or play"),
    msg("phase_play", "play"),
    msg("phase_over", "deal over"),
    msg(
        "ai_failed",
        "{name} could not decide ({error}); a random move was played this once. {where}",
    ),
    msg("ai_failed_log", "Details: {path}"),
    msg("prompt_wait", "{name}: thinking…"),
    msg("prompt_play", "Your turn: choose a card (←→ or 1–0) and press Enter."),
    msg("prompt_lead", "Your lead: choose a card (←→ or 1–0) and press Enter."),
    msg("prompt_decide", "{what}: press Enter."),
    msg("prompt_deciding", "{what}."),
    # What you are to decide, as a player would say it (`text.decision`), and the same in a
    # word or two for Enter in the footer.
    msg("do_bid", "Your bid"),
    msg("do_dark", "Play in the dark or not"),
    msg("do_redeal", "Ask for a redeal or play on"),
    msg("do_dark_cancel", "Cancel the dark game or let it stand"),
    msg("do_talon", "Choose a talon"),
    msg("do_raise", "Raise the contract or keep it, then give the cards"),
    msg("do_give", "Give a card to each opponent"),
    msg("do_discard", "Put cards aside"),
    msg("do_contract", "Raise the contract or play it"),
    msg("do_contract_play", "Play the contract or give it up"),
    msg("do_contract_only", "Play your contract"),
    msg("key_do_bid", "Bid"),
    msg("key_do_dark", "Dark or not"),
    msg("key_do_redeal", "Redeal or not"),
    msg("key_do_dark_cancel", "Cancel or not"),
    msg("key_do_talon", "Talon"),
    msg("key_do_raise", "Raise or keep"),
    msg("key_do_give", "Give"),
    msg("key_do_discard", "Put aside"),
    msg("key_do_contract", "Raise or play"),
    msg("key_do_contract_play", "Play or give up"),
    msg("key_do_contract_only", "Play"),
    msg("prompt_over", "The game is over."),
    msg("prompt_result", "The deal is over: press Enter to go on."),
    msg("prompt_sit_out", "You sit out this deal; f skips to your next decision."),
    msg("prompt_skipping", "Skipping to your next decision…"),
    msg("hand_title", "{name} · {score}"),
    msg("hand_hidden", "your cards are face down"),
    msg("hand_sitting_out", "You deal and sit out this deal: no cards for you, you watch it."),
    msg("hand_new", "new"),
    msg("trick_title", "Trick {number}/{total}"),
    msg("trick_leads", "lead: {name}"),
    msg("trick_takes", "→ {name} (+{points})"),
    msg("trick_last", "Last trick {number}"),
    msg("trick_none", "no tricks yet"),
    msg("scores_line", "Scores: "),
    msg("not_playable_follow", "{card}: you must follow suit {suit}."),
    msg("not_playable_trump", "{card}: you have no {suit}, so you must play a trump ({trump})."),
    msg("not_playable_lead_trump", "{card}: only the trump's owner may lead trump."),
    msg("not_playable", "{card} cannot be played now."),
    # ---------------------------------------------------------------- what players did
    msg("act_bid", "{value}"),
    msg("act_bid_auto", "on {value}"),
    msg("act_pass", "pass"),
    msg("act_dark", "in the dark!"),
    msg("act_dark_cancel", "cancels the dark game"),
    msg("act_redeal", "redeal!"),
    msg("act_contract", "plays {value}"),
    msg("act_talon", "takes the talon"),
    msg("act_give", "gives a card"),
    msg("act_discard", "puts a card aside"),
    msg("act_raise", "raises to {value}"),
    msg("act_concede", "concedes «{mark}»"),
    msg("act_baptism", "baptism (a cross)"),
    msg("act_play", "{card}"),
    msg("act_marriage", "{card} marriage {suit} {points}"),
    msg("act_marriage_keep", "{card} {suit} {points}, trump stays"),
    msg("act_ace_marriage", "{card} ace marriage {points}"),
    # ---------------------------------------------------------------- narration
    # "Name: what" lines, so that "You" and a name read alike in both languages.
    msg("n_deal", "Deal {number}, dealer {dealer}."),
    msg("n_deal_sitter", "Deal {number}, dealer {dealer} (sits out)."),
    msg("n_golden", "Golden deal: every score ×{m}, no auction."),
    msg("n_cut", "Cut: {cards}."),
    msg("n_bid", "{name}: {value}."),
    msg("n_bid_auto", "{name}: on {value}."),
    msg("n_pass", "{name}: pass."),
    msg("n_dark", "{name}: in the dark!"),
    msg("n_dark_decline", "{name}: not in the dark."),
    msg("n_dark_cancel", "{name}: holds a marriage, the dark game is cancelled."),
    msg("n_dark_cancel_decline", "{name}: the dark game stands."),
    msg("n_dark_off", "The dark game is off: a normal auction."),
    msg("n_redeal", "{name}: redeal ({reason})."),
    msg("n_redeal_decline", "{name}: plays on ({reason})."),
    msg("n_contract", "Contract: {name}, {value}."),
    msg("n_contract_dark", "Contract: {name}, {value} in the dark."),
    msg("n_talon_shown", "Talon ({name}): {cards}."),
    msg("n_talon_mine", "Talon (only you see it): {cards}."),
    msg("n_talon_hidden", "Talon ({name}): not shown."),
    msg(
        "n_talon_sitter",
        "Talon ({name}): {cards}, seen by you sitting out; not shown to the others.",
    ),
    msg("n_talon_number", "Talon {number} ({name})."),
    msg("n_give_me", "{name} → you: {card}."),
    msg("n_give_seen", "{name} → {to}: {card}."),
    msg("n_give_hidden", "{name} → {to}: a card."),
    msg("n_discard_mine", "Aside: {card}."),
    msg("n_discard", "{name}: a card aside."),
    msg("n_raise", "{name}: raise to {value}."),
    msg("n_baptism", "{name}: «крещусь» — a cross; a palka for each opponent."),
    msg("n_play", "{name}: {card}"),
    msg("n_play_marriage", "{name}: {card} — marriage {suit} {points}, trump {suit}!"),
    msg(
        "n_play_marriage_keep",
        "{name}: {card} — marriage {suit} {points} «по масти», trump stays {trump}.",
    ),
    msg("n_play_ace_marriage", "{name}: {card} — ace marriage {points}!"),
    msg("n_trick", "Trick {number}: {name} (+{points})."),
    msg("n_withheld", "{name}: marriage {suit} does not count, its card lost the trick."),
    msg("n_other_talon", "{name}: the other talon {cards} (+{points})."),
    msg("n_made", "{name}: {value} made ✓"),
    msg("n_failed", "{name}: {value} down ✗"),
    msg("n_conceded", "{name}: {value} conceded «{mark}»"),
    msg("n_baptised", "{name}: «крещусь» on {value}"),
    msg("n_redealt", "Redeal: {reason} ({name})."),
    msg("n_game_over", "Winner: {name}, {score}!"),
    msg("n_resumed", "Game resumed at deal {number}."),
    msg("reason_hand_nines", "nines in hand"),
    msg("reason_hand_nines_on_hundred", "nines in hand, on 100"),
    msg("reason_hand_jacks", "jacks in hand"),
    msg("reason_hand_points", "a weak hand"),
    msg("reason_talon_points", "a poor talon"),
    msg("reason_talon_nines", "nines in the talon"),
    msg("reason_talon_jacks", "jacks in the talon"),
    # ---------------------------------------------------------------- deal results
    msg("ev_palka", "{name}: palka"),
    msg("ev_palka_two", "{name}: two palki"),
    msg("ev_palka_two_golden", " (no trick in a golden deal counts twice)"),
    msg("ev_palka_two_dark", " (no trick when playing in the dark counts twice)"),
    msg("ev_palka_penalty", "{name}: palki, −{points}"),
    # `scoring.only_contracts_above` (the Polish «na 800»)
    msg("ev_contracts_only", "Above {limit} only a contract scores: nothing written for {names}"),
    msg("ev_concession", "{name}: concession «{mark}»"),
    msg("ev_concession_penalty", "{name}: third concession, −{points}"),
    msg("ev_cross", "{name}: a cross"),
    msg("ev_cross_penalty", "{name}: second cross, −{points}"),
    msg("ev_sitter_score", "{name} (sitting out): +{points} for the talon"),
    msg("ev_marriage_withheld", "{name}: marriage {suit} withheld"),
    msg("ev_cut_penalty", "{name}: third nine at the cut, −{points}"),
    msg("ev_samosval", "{name}: samosval! {source} → 0"),
    msg("ev_barrel_on", "{name}: on the barrel"),
    msg("ev_barrel_attempt", "{name}: barrel, attempt {used} of {attempts}"),
    msg("ev_barrel_fall", "{name}: off the barrel ({why}), −{points}"),
    msg(
        "ev_barrel_fall_rounded",
        "{name}: off the barrel ({why}): {before} rounded down to {rounded}, −{fine} = {after}",
    ),
    msg("ev_barrel_third_fall", "{name}: third fall, the score goes to 0"),
    msg("ev_barrel_win", "{name}: wins from the barrel!"),
    msg("ev_golden_reset", "No golden deal was made: every score back to 0"),
    msg("ev_golden_replay", "No golden deal was made: the golden round is played again"),
    msg("ev_frozen", "The barrel player is declarer: the others score nothing"),
    msg("why_attempts", "attempts used up"),
    msg("why_bump", "knocked off"),
    msg("why_simultaneous", "two at once"),
    msg("why_contract", "contract lost"),
    # ---------------------------------------------------------------- score sheet marks
    msg("mark_concession", "R"),
    msg("mark_barrel", "B"),
    msg("mark_samosval", "S"),
    msg("mark_dark", "dark"),
    msg("mark_redeal", "redeal"),
    msg("mark_baptism", "bapt."),
    msg("sheet_title", "Score sheet"),
    msg("sheet_deal", "#"),
    msg("sheet_contract", "Contract"),
    msg("sheet_start", "start"),
    msg("sheet_empty", "No deals played yet."),
    # The legend says only the marks of the game's own conventions, an entry each.
    msg("sheet_legend_palka", "{mark} palka"),
    msg("sheet_legend_concession", "{mark} concession"),
    msg("sheet_legend_cross", "{mark} cross"),
    msg("sheet_legend_barrel", "{mark}2 on the barrel, 2 tries used"),
    msg("sheet_legend_fall", "{mark} fell off"),
    msg("sheet_legend_samosval", "{mark} samosval"),
    msg("sheet_legend_golden", "{mark} golden deal"),
    msg("sheet_legend_made", "{mark} made"),
    msg("sheet_legend_down", "{mark} down"),
    msg("sheet_total_palki", "palki {count}"),
    msg("sheet_total_falls", "falls {count}"),
    msg("sheet_total_concessions", "«{r}» {count}"),
    msg("sheet_total_crosses", "crosses {count}"),
    # ---------------------------------------------------------------- dialogs
    msg("your_hand", "Your hand: "),
    msg("auction_title", "Auction"),
    msg("auction_high", "Current bid: {value} ({name})"),
    msg("auction_bids", "Bids so far: "),
    msg("auction_pass", "Pass"),
    msg("auction_next", "Bid {value}"),
    msg("auction_any", "Bid {value}   ← → change"),
    msg(
        "auction_marriage_rule",
        "Bids above {limit} need a marriage (K+Q of one suit) in hand: you hold none.",
    ),
    msg(
        "auction_marriage_cap",
        "Bids are limited to 120 plus the marriages you hold: at most {limit}.",
    ),
    msg("auction_barrel_cap", "On the barrel you may not bid above {limit}."),
    msg("auction_max", "The highest bid is {limit}."),
    msg("auction_no_jumps", "At this table the bid goes up by exactly {step}."),
    msg("auction_only_pass", "You can only pass."),
    msg("auction_outbid", "{name} plays in the dark; you may outbid it with {value}."),
    msg("contract_title", "Your contract: {value}"),
    msg("contract_title_before", "Raise before giving cards? Contract {value}"),
    msg("contract_play", "Play {value}"),
    msg("contract_give", "Keep {value} and give the cards"),
    msg("contract_raise", "Raise to {value}   ← → change"),
    msg("contract_concede", "Concede «{mark}»: {loss}, {gain}"),
    msg("concede_loss_free", "you lose nothing"),
    msg("concede_loss_minus_bid", "you lose {points}"),
    msg("concede_loss_palka", "you lose no points but take a palka"),
    msg("concede_gain_each", "each opponent gets {share}"),
    msg("concede_gain_some", "{names} +{share}"),
    msg("concede_gain_none", "the opponents get nothing"),
    msg(
        "contract_baptism",
        "Baptism («крещусь»): no score, a cross for you, a palka for each opponent",
    ),
    # A choice that cannot be undone asks to be confirmed.
    msg("confirm_choice", "Press {digit} again or Enter to {what}: it cannot be undone."),
    msg("confirm_concede", "concede"),
    msg("confirm_baptism", "be baptised"),
    msg("confirm_dark", "play in the dark"),
    msg("contract_points", "In hand: {points}"),
    msg("contract_points_marriages", "In hand: {points} with the marriages"),
    msg("exchange_title", "Talon: give a card to each opponent"),
    msg("exchange_title_two", "Talon: put cards aside"),
    msg("talon_shown", "Talon, shown to all: "),
    msg("talon_private", "Talon, seen only by you: "),
    msg("exchange_to", "To {name}: "),
    msg("exchange_aside", "Aside: "),
    msg("exchange_aside_n", "Aside, card {number} of {count}: "),
    msg("exchange_help", "←→ or 1–0 choose · Enter give · Backspace take back"),
    msg("exchange_help_two", "←→ or 1–0 choose · Enter put aside · Backspace take back"),
    msg("exchange_done", "Enter: give · Backspace: take back the last card"),
    msg("exchange_done_two", "Enter: put aside · Backspace: take back the last card"),
    msg("no_card_key", "No card under {digit}: you hold {cards}."),
    msg("exchange_already", "{card} is chosen already; Backspace takes the last card back."),
    msg("exchange_marriage_warn", "{card} breaks your marriage {suit}."),
    msg("dark_title", "Play in the dark?"),
    msg(
        "dark_body",
        "You are on {value}. Before seeing your cards you may play {contract} in the dark: "
        "every score of the deal ×{m}.",
    ),
    msg("dark_yes", "Play {contract} in the dark"),
    msg("dark_no", "Look at my cards"),
    msg("dark_cancel_title", "{name} plays in the dark"),
    msg(
        "dark_cancel_body",
        "You hold a marriage: you may cancel the dark game, and the deal has a normal auction.",
    ),
    msg("dark_cancel_yes", "Cancel the dark game"),
    msg("dark_cancel_no", "Let it stand"),
    msg("redeal_title", "Redeal?"),
    msg("redeal_body", "You may ask for a redeal: {reason}."),
    msg("redeal_yes", "Ask for a redeal"),
    msg("redeal_no", "Play on"),
    msg("talon_choice_title", "Choose a talon"),
    msg("talon_choice_option", "Take talon {number} ({cards}, unseen)"),
    msg(
        "talon_choice_body",
        "The talon you take comes to your hand, and you then put cards aside; the other one "
        "goes, with its points, to whoever takes the last trick.",
    ),
    msg("talon_choice_seen", "Talon {number}: {cards}"),
    msg("marriage_title", "Marriage {suit}"),
    msg("marriage_body", "You lead {card} holding its pair."),
    msg("marriage_declare", "Declare {suit} {points}: trump {suit}"),
    msg("marriage_keep", "Declare {suit} {points} «по масти»: trump stays {trump}"),
    msg("marriage_ace", "Declare the ace marriage: {points}"),
    msg("marriage_plain", "Just play {card}"),
    msg("result_title", "Deal {number}"),
    msg("result_points", "Points"),
    msg("result_talon", "talon {points}"),
    msg("result_change", "Change"),
    msg("result_score", "Score"),
    msg("result_last_trick", "Last trick: "),
    msg("result_next", "Enter: next deal"),
    msg("result_end", "Enter: the end of the game"),
    msg("quit_title", "Quit the game?"),
    msg("quit_body", "The game is saved: `{command}` continues it."),
    msg("quit_body_unsaved", "This game is not saved."),
    msg(
        "quit_body_web",
        "The game is saved: reload the page and choose it under “Continue a game”.",
    ),
    msg("quit_no", "Stay"),
    # ---------------------------------------------------------------- the hand, by itself
    msg("start_suit_order", "Suit order"),
    msg("start_auto_play", "Only legal card"),
    msg("start_auto_play_on", "plays itself"),
    msg("start_auto_play_off", "you play it"),
    msg("start_auto_next", "Next deal"),
    msg("start_auto_next_on", "after {seconds} s"),
    msg("start_auto_next_off", "on Enter"),
    msg("n_only_card", "Your only card to play: {card}."),
    msg("result_next_in", "Next deal in {seconds} s · Enter: now · p: wait"),
    msg("key_wait", "Wait"),
    msg("start_take_back", "Take back"),
    msg("start_take_back_on", "allowed (u)"),
    msg("start_take_back_off", "off"),
    msg("key_take_back", "Undo"),
    msg("n_taken_back", "You take back {card}: your move again."),
    msg("takeback_none", "Nothing to take back now: only your last card of this deal, once."),
    msg(
        "n_taken_back_forced",
        "You take back {card} and {forced}, the only card you could play then: your move again.",
    ),
    msg(
        "takeback_forced",
        "Nothing to take back now: your cards of this deal were each the only one you could play.",
    ),
    msg(
        "takeback_off",
        "Take-back is off. Allow it for a game against the AI with --take-back or on the "
        "start screen; a game with a card taken back is not rated.",
    ),
    msg("takeback_off_shared", "No take-back at a shared table: a card played stays played."),
    msg("takeback_off_daily", "No take-back in the day's deals: a card played stays played."),
    msg("takeback_off_club", "No take-back on this server: its games are rated for the club."),
    msg("takeback_unrated", "A card was taken back: this game is no longer rated."),
    msg(
        "stats_taken_back",
        "Games with a card taken back (not rated): {games} (won {wins}); cards taken back: {cards}",
    ),
    msg("over_title", "Game over"),
    msg("over_winner", "{name} wins with {score}!"),
    msg("over_you", "You win with {score}!"),
    msg(
        "too_small",
        "The table needs a terminal of at least {width}×{height}.\n"
        "This one is {cols}×{rows}: please make the window larger.",
    ),
    msg("conventions_title", "Table conventions"),
    msg("help_title", "Help"),
    msg(
        "help_rules",
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
    ),
    msg(
        "help_scores",
        "The scores (at the bottom, and beside each name): «−325 palki 1/3 barrel 2/3» is a "
        "score of −325, one of the three palki that cost a fine, and on the barrel with two "
        "of its three tries used. The score sheet (s) has every deal, its marks explained "
        "below it.",
    ),
    msg(
        "help_keys",
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
    ),
    # ---------------------------------------------------------------- the start screen
    msg("start_title", "Thousand · a new game or a saved one"),
    msg("start_rating", "your rating {rating} ± {deviation}"),
    msg("start_new", "Start a new game"),
    msg("start_preset", "Table"),
    msg("start_players", "Players"),
    msg("start_level", "{name} plays"),
    msg("start_name", "Your name"),
    msg("start_lang", "Language"),
    msg("start_rules", "The conventions of {preset}"),
    msg("start_continue", "Continue a game:"),
    msg("start_comforts", "How the table plays (every game):"),
    msg("start_more_below", "↓ more below: {names}"),
    msg("start_quit", "Quit"),
    # a saved game on the start screen: its first line, then each seat
    msg("start_saved_game", "{date} · {preset} · deal {deal}"),
    msg("start_saved_ai", "{name} ({level}) {score}"),
    msg("start_saved_person", "{name} {score}"),
    msg("start_name_title", "Your name at the table"),
    msg(
        "start_name_help",
        "Up to {max} characters; empty for «{default}». The ratings and the daily deal's "
        "board show you by it too. Enter: keep · Esc: back",
    ),
    msg("start_name_bad", "A name of letters, digits and spaces, at most {max} characters."),
    msg("start_host_levels", "set by the server"),
    msg("start_hints", "Hints (h)"),
    msg("start_open", "Open a table for friends (they join with its code)"),
    msg("start_join", "Join a friend's table"),
    # whether the table opened for friends allows hints (`thousand open --hints`)
    msg("start_open_hints", "  Hints there"),
    msg("start_open_hints_on", "allowed to all (h)"),
    msg("start_open_clock", "  Time per move"),
    msg("start_open_clock_off", "no limit"),
    msg("start_open_clock_on", "{seconds} s, then an AI plays it"),
    msg("start_code_title", "The table's code"),
    msg(
        "start_code_help",
        "Six letters and digits, as the friend who opened the table got them. "
        "Enter: join · Esc: back",
    ),
    msg("start_code_bad", "Not a table's code: six letters and digits, e.g. K7QM2P."),
    # the opponents' pace and the motion of the screen, chosen on the start screen
    msg("start_pace", "Opponents' pace"),
    msg("start_pace_instant", "instant"),
    msg("start_pace_seconds", "{seconds} s a move"),
    msg("start_motion", "Animation"),
    msg("start_motion_on", "on"),
    msg("start_motion_off", "off (reduced motion)"),
    msg("start_auto_analysis", "Deal analysis"),
    msg("start_auto_analysis_on", "each deal, while you think"),
    msg("start_auto_analysis_off", "when asked (a)"),
    # the line mode (`thousand --plain`): the game by lines of text, for a screen reader
    # whether the others at a shared table may step through your hands once its game is over
    msg("start_open_hands", "Your hands"),
    msg("start_open_hands_on", "open to all after a shared game, if all agree"),
    msg("start_open_hands_off", "never shown to others"),
    msg("start_plain", "Line mode"),
    msg("start_plain_on", "on: games by lines of text, for screen readers"),
    msg("start_plain_off", "off (for screen readers: {command})"),
    msg("start_hints_on", "on"),
    msg("start_hints_off", "off"),
    # The language's own name in the language: the catalog of each language names it.
    msg("lang_name", "English"),
    # ---------------------------------------------------------------- hints and analysis
    nmsg("points_forms", "point", "points"),
    nmsg("points_about_forms", "point", "points"),
    msg("c_bid", "bid {value}"),
    msg("c_pass", "pass"),
    msg("c_keep", "play {value}"),
    msg("c_raise", "raise to {value}"),
    msg("c_concede", "concede"),
    msg("c_baptism", "«крещусь»"),
    msg("c_play", "{card}"),
    msg("c_play_marriage", "{card} declaring {suit}"),
    msg("c_give", "{card} to {name}"),
    msg("c_discard", "{card} aside"),
    msg("c_other", "{act}"),
    msg("c_made", "made in {pct} of sampled deals"),
    msg("c_pass_why", "{value} would be made in {pct} of sampled deals; defending is worth more"),
    msg("c_concede_why", "{value} is made in {pct} of sampled deals; conceding costs less"),
    msg("c_baptism_why", "{value} is made in {pct} of sampled deals; a cross costs less"),
    msg("c_makes", "makes the contract in {pct} of sampled deals"),
    msg("c_beats", "the contract is made in {pct} of sampled deals"),
    msg("c_takes", "the declarer takes {points} more on average"),
    msg("c_worth", "worth {worth} expected points"),
    msg("c_alt_pct", "{alt}: {pct}"),
    # A percentage in the coach's words: "{pct}" in the texts above is one.
    msg("percent", "{n}%"),
    msg("c_alt_points", "{alt}: {points}"),
    msg("c_alt_worth", "{alt}: {worth}"),
    msg("c_hint", "Hint: {action}: {why}."),
    msg("c_hint_bare", "Hint: {action}."),
    msg("c_hint_card", "Hint: play {action}: {why}."),
    msg("c_hint_give", "Hint: give {action}: {why}."),
    msg("c_alt_same", "{alt} does as well"),
    msg("c_hint_thinking", "Hint: thinking…"),
    msg("c_hints_off", "Hints are off in this game."),
    msg("c_deal_head", "Deal {number}"),
    # ---------------------------------------------------------------- hints before the auction
    msg("c_dark", "play in the dark"),
    msg("c_dark_decline", "no dark game"),
    msg("c_dark_why", "a hand and talon drawn blind make {value} in {pct} of sampled deals"),
    msg(
        "c_dark_decline_why",
        "a hand and talon drawn blind make {value} in only {pct} of sampled deals; "
        "an ordinary deal is worth more",
    ),
    msg("c_dark_cancel", "cancel the dark game"),
    msg("c_dark_stand", "let the dark game stand"),
    msg(
        "c_dark_cancel_why",
        "the dark {value} is made in {pct} of sampled deals; an auction is worth more",
    ),
    msg(
        "c_dark_stand_why",
        "the dark {value} is made in only {pct} of sampled deals; defending it is worth more",
    ),
    msg("c_redeal", "redeal"),
    msg("c_play_on", "play on"),
    msg("c_redeal_why", "{reason}, and {value} is made in only {pct} of sampled deals"),
    msg(
        "c_redeal_bid_why",
        "{reason}, and the best bid, {value}, is made in only {pct} of sampled deals",
    ),
    msg("c_play_on_why", "{reason}, but {value} is made in {pct} of sampled deals"),
    msg("c_play_on_bid_why", "{reason}, but you can bid {value}: made in {pct} of sampled deals"),
    msg("c_redeal_weak", "{reason}, and no contract is worth playing with this hand"),
    msg("c_take_talon", "take talon {number}"),
    msg("analysis_title", "Analysis"),
    msg("stats_title", "Your statistics"),
    msg("stats_none", "No games of yours are saved yet: play one, and come back."),
    msg("stats_loading", "Reading your games…"),
    msg("stats_all", "All games"),
    msg("stats_preset", "Preset {name}"),
    msg("stats_games", "Games {games} (unfinished {unfinished}), won {wins}"),
    msg("stats_contracts", "Contracts made, by size:"),
    msg("stats_band", "{band}"),
    msg(
        "stats_marks",
        "Concessions {concessions} · palki {palki} · barrel attempts {attempts}, won {wins}",
    ),
    msg(
        "stats_not_analysed", "No deal analysed yet (`thousand stats --analyze` analyses them all)"
    ),
    msg("stats_not_analysed_hosted", "No deal analysed yet"),
    msg("stats_trend", "Points per deal in your last games (oldest first):"),
    msg("c_analysing", "Deal {number}: the search is still at work…"),
    msg("c_analysis_failed", "Deal {number}: this deal cannot be analysed."),
    msg(
        "c_analysis_note",
        "By the search from your seat's view, as the strongest AI would weigh each choice. "
        "Costs are in points of your standing (your score change less the others' mean).",
    ),
    msg("c_deal_played", "{name} played {value} and took {taken}: {result}."),
    msg("c_deal_made", "made"),
    msg("c_deal_down", "down"),
    msg("c_deal_conceded", "{name} conceded {value}."),
    msg("c_deal_baptised", "{name} gave up {value} by baptism («крещусь»)."),
    msg("c_deal_none", "No contract was played in this deal."),
    msg("c_where_auction", "auction"),
    msg("c_where_exchange", "exchange"),
    msg("c_where_contract", "contract"),
    msg("c_where_trick", "trick {number}"),
    msg("c_cost", "{where}: {chosen} cost about {cost} {points}; {best} was better."),
    msg("c_hinted", " (after a hint)"),
    msg("c_no_cost", "No decision of {name} cost about 10 points or more."),
    msg("c_no_cost_you", "None of your decisions cost about 10 points or more."),
    msg("c_lost_you", "Lost by your decisions in all: about {cost} {points}."),
    msg("c_lost", "Lost by {name}'s decisions in all: about {cost} {points}."),
    msg("c_lost_small_you", "Your smaller decisions together: about {cost} {points}."),
    msg("c_lost_small", "{name}'s smaller decisions together: about {cost} {points}."),
    msg(
        "c_no_cost_rest_you",
        "None of your decisions cost about 10 points or more; together they cost about "
        "{cost} {points}.",
    ),
    msg(
        "c_no_cost_rest",
        "No decision of {name} cost about 10 points or more; together they cost about "
        "{cost} {points}.",
    ),
    msg("c_give_you", "{card} to you"),
    # ---------------------------------------------------------------- key names (footer)
    msg("key_card", "Card"),
    msg("key_play", "Play"),
    msg("key_decide", "Decide"),
    msg("key_last", "Last trick"),
    msg("key_hint", "Hint"),
    msg("key_analysis", "Analysis"),
    msg("key_stats", "Stats"),
    msg("key_sheet", "Sheet"),
    msg("key_rules", "Rules"),
    msg("key_help", "Help"),
    msg("key_quit", "Quit"),
    msg("key_close", "Close"),
    msg("key_choose", "Choose"),
    msg("key_table", "Table"),
    msg("key_change", "Change"),
    msg("key_pass", "Pass"),
    msg("key_give", "Give"),
    msg("key_back", "Take back"),
    msg("key_again", "Again"),
    msg("key_next", "Next"),
    msg("key_start", "Start with AI"),
    msg("key_leave", "Leave"),
    # ---------------------------------------------------------------- shared tables
    msg("shared_title", "Table {code}"),
    # Watching a table at no seat: how many watch (every player sees it), a watcher's own
    # lines, and a line of chat a watcher wrote.
    msg("shared_watchers", "watching: {count}"),
    msg("shared_you_watch", "You watch"),
    # a watcher's bottom panel, where a player's own cards would be
    msg("watch_hand", "you watch {names} play; watchers see no hand"),
    msg("shared_watch_waiting", "You watch this table: the game shows here when it begins."),
    msg("chat_watcher", "{name} (watching)"),
    # the opener allows hints (h) at a shared table: said in its header
    msg("shared_hints_on", "hints on (h)"),
    msg("shared_waiting", "Waiting for friends. They join with the code {code}:\n  {command}"),
    msg(
        "shared_start_hint",
        "The deal starts when every seat is taken; press s to start now with AI in the free seats.",
    ),
    msg(
        "shared_wait_opener",
        "The deal starts when every seat is taken or the one who opened the table starts it.",
    ),
    msg("shared_seat_you", "{name} (you)"),
    msg("shared_seat_free", "free: a friend's seat"),
    msg("shared_seat_ai", "{name}: AI"),
    msg("shared_here", "● here"),
    msg("shared_away", "○ away, AI in {seconds} s"),
    msg("shared_away_ai", "○ away, AI plays"),
    msg("shared_wait_away", "{name} is away: an AI plays for them in {seconds} s"),
    msg("shared_clock", "{seconds} s left"),
    msg(
        "shared_clock_table",
        "Time per move: {seconds} s; when it runs out an AI makes that move.",
    ),
    msg("shared_again_offer", "a: play again with the same people (everyone must agree)"),
    msg("shared_again_some", "Play again. Agreed: {agreed}. Waiting for: {waiting}."),
    msg("shared_again_all", "Play again. Agreed: {agreed}. The new game begins."),
    msg("shared_again_begins", "Everyone agreed: a new game at the same table."),
    msg("shared_clock_out", "{name} ran out of time: an AI plays this move for them."),
    msg("shared_clock_out_you", "Your time ran out: an AI plays this move for you."),
    msg("shared_came", "{name} is at the table."),
    msg("shared_left", "{name} left the table; the seat waits."),
    msg("shared_lost", "The table is gone. Join again with: {command}"),
    msg(
        "shared_leave_body",
        "Your seat stays yours: join again with the code {code}. "
        "While you are away an AI plays it after {seconds} s.",
    ),
    msg("shared_away_played", "While you were away, the AI played for you: {moves}."),
    msg(
        "shared_away_played_last",
        "While you were away, the AI made {count} moves for you; the last {shown}: {moves}.",
    ),
    msg("shared_back", "Back at the table."),
    msg("shared_refused", "The table refused: {error}"),
    msg("key_move", "Move"),
    msg("key_skip", "Skip to my turn"),
    msg("key_start_screen", "Start screen"),
    msg("key_ok", "OK"),
    # ---------------------------------------------------------------- a deal's analysis
    msg("c_deal_played_you", "You played {value} and took {taken}: {result}."),
    msg("c_deal_conceded_you", "You conceded {value}."),
    msg("c_deal_baptised_you", "You gave up {value} by baptism («крещусь»)."),
    msg(
        "c_open_card_best",
        "With all cards open and best play on both sides, {name} would take {points}.",
    ),
    msg(
        "c_open_card_best_you",
        "With all cards open and best play on both sides, you would take {points}.",
    ),
    msg("c_open_gift", "The defence's mistakes gave {name} {points} more."),
    msg("c_open_gift_you", "The defence's mistakes gave you {points} more."),
    msg("c_open_short", "{name}'s play left {points} on the table."),
    msg("c_open_short_you", "Your play left {points} on the table."),
    msg(
        "c_dark_deal",
        "{name} played {value} in the dark (×{m}): {change}. Played open, the same cards would "
        "have scored {light}.",
    ),
    msg(
        "c_dark_deal_you",
        "You played {value} in the dark (×{m}): {change}. Played open, the same cards would "
        "have scored {light}.",
    ),
    msg(
        "c_dark_odds",
        "At the dark offer, a hand and talon drawn blind made {value} in {pct} of sampled deals.",
    ),
    msg("c_where_dark", "dark offer"),
    msg("c_where_dark_cancel", "the dark game"),
    msg("c_where_redeal", "redeal"),
    # ---------------------------------------------------------------- counted words, statistics
    nmsg("w_deal", "deal", "deals"),
    nmsg("w_deal_in", "deal", "deals"),  # "в 1 коне", "в 5 конах"
    nmsg("w_decision_of", "decision", "decisions"),  # "из 21 решения"
    nmsg("w_decision", "decision", "decisions"),
    msg("stats_per_deal_n", "Points per deal {value} over {deals}"),
    msg("stats_hints_n", "After a hint: {hinted} of {decisions}, in {deals} ({points} a deal)"),
    msg("stats_no_hints_n", "No decision taken after a hint ({decisions} in all)"),
    msg("stats_lost_n", "Lost by your decisions: {value} {points} a deal ({deals} analysed)"),
    msg("stats_opponents", "Opponents: {names}"),
    msg("stats_person", "a person"),
    msg("stats_ai", "{level} AI"),
    msg("marriage_keep_no_trump", "Declare {suit} {points} «по масти»: still no trump"),
    msg(
        "n_play_marriage_no_trump",
        "{name}: {card} — marriage {suit} {points} «по масти», still no trump.",
    ),
    # ---------------------------------------------------------------- shared tables: who starts
    msg(
        "shared_wait_opener_named",
        "The deal starts when every seat is taken, or sooner if {name} starts it: only the one "
        "who opened the table can.",
    ),
    # The points of the deal so far, the declarer's still needed, palki toward a fine, the
    # sitter on the score sheet.
    msg("deal_points", "points {points}"),
    msg("status_needed", "needs {points} more"),
    msg("status_reached", "contract reached"),
    msg("mark_sitting_out", "○"),
    msg("sheet_legend_sitter", "{mark} sat the deal out"),
    # Looking back: the log scrolled by keys, the talon shown and the last trick.
    msg("key_look_back", "Look back"),
    msg("key_log_back", "Log back"),
    msg("key_log_forward", "Log forward"),
    msg("look_title", "The talon and the last trick"),
    msg("look_talon", "Talon: "),
    msg("look_talon_taken", "(taken by {name})"),
    msg("look_talon_yours", "(only you saw it)"),
    msg("look_talon_hidden", "not shown to the table"),
    msg("look_trick", "Last trick: "),
    msg("look_trick_number", "Last trick (no. {number}): "),
    msg(
        "help_keys_look",
        "  v            the talon you saw and the last trick\n"
        "  PgUp PgDn [ ]  scroll the log back and forward",
    ),
    # ---------------------------------------------------------------- shared tables: the service
    msg("shared_ai_retry", "The table service failed while playing for {name}; it tries again."),
    msg(
        "shared_club_down",
        "The club database cannot be reached: the game goes on and is kept in its record; it "
        "will be listed and rated once the database is back.",
    ),
    msg("shared_club_back", "The club database is back: this game will be listed and rated."),
    msg(
        "shared_wire_older",
        "The table service runs an older version of the game (protocol {theirs}; this one "
        "speaks {ours}). Leave every table of this account: the service ends a few seconds "
        "after the last one, and the next table you open or join starts the new one.",
    ),
    msg(
        "shared_unreadable",
        "The table sent what this game cannot read ({why}); the connection is closed.",
    ),
    msg(
        "shared_wire_newer",
        "The table service runs a newer version of the game (protocol {theirs}; this one "
        "speaks {ours}). Install the same version here, then open or join the table again.",
    ),
    # ---------------------------------------------------------------- shared tables: chat
    msg("key_chat", "Chat"),
    msg("key_chat_send", "Send"),
    nmsg("w_chat_line", "line", "lines"),
    nmsg("w_second", "second", "seconds"),
    msg("chat_prompt", "Say:"),
    msg("chat_placeholder", "a line for everyone at the table"),
    msg("chat_empty", "Nothing to send: type a line, or Esc to close."),
    msg("chat_too_fast", "At most {lines} in {window}: you may write again in {wait} s."),
    msg("chat_refused", "Your line was not sent: {error}"),
    msg("help_keys_chat", "  m            chat: a line for everyone at a shared table"),
    # ---------------------------------------------------------------- work that failed
    msg("work_failed", "Something went wrong beside the game ({error}); the game goes on. {where}"),
    msg("hint_failed", "No hint this time: its search failed ({error}). {where}"),
    msg("analysis_failed", "The analysis of deal {number} could not be made ({error}). {where}"),
    msg("stats_failed", "Your statistics could not be read ({error}). {where}"),
    # ---------------------------------------------------------------- the lobby
    msg("lobby_title", "Lobby: the tables waiting for players"),
    msg(
        "lobby_about",
        "A table you open or quick match waits {seconds} s for people; then AI takes the "
        "seats still free.",
    ),
    msg("lobby_col_code", "Code"),
    msg("lobby_col_game", "Game"),
    msg("lobby_col_seats", "Seated"),
    msg("lobby_col_free", "Free"),
    msg("lobby_col_waited", "Waiting"),
    msg("lobby_col_fill", "AI in"),
    msg("lobby_seats", "{people} of {players}"),
    msg("lobby_seats_ai", "+{ai} AI"),
    msg("lobby_fill_in", "{seconds} s"),
    msg("lobby_none", "No table is waiting. o opens one; m finds you a table, or opens one."),
    msg("lobby_hint", "⏎ sits at the table chosen; a friend's code: c."),
    msg(
        "lobby_club_down",
        "The club's other hosts cannot be reached now (its database does not answer): only "
        "this host's tables are listed.",
    ),
    msg("lobby_busy", "Taking a seat…"),
    msg("lobby_open_title", "Open a table"),
    msg("lobby_match_title", "Quick match"),
    msg("key_to_lobby", "Lobby"),
    msg(
        "lobby_seat_waits",
        "Your seat at table {code} waits for you: c and its code bring you back.",
    ),
    msg("key_lobby_join", "Sit"),
    msg("key_lobby_open", "Open"),
    msg("key_lobby_match", "Quick match"),
    msg("key_lobby_code", "Code"),
    msg("key_lobby_watch", "Watch"),
    msg("lobby_in_play", "in play"),
    # the lobby's list of the club's games lately finished (`g`), stepped through with `v`
    msg("key_lobby_games", "Games"),
    msg("lobby_games_offer", "g: the club's games lately finished, to step through with v."),
    msg("lobby_games_title", "Lobby: the club's games lately finished"),
    msg("lobby_games_about", "The shared games last finished at this host's tables, newest first."),
    msg("lobby_col_date", "Ended"),
    msg("lobby_col_players", "Players"),
    msg("lobby_col_result", "Result"),
    msg("lobby_game_won", "{name} won"),
    msg("lobby_games_reading", "Reading the club's games…"),
    msg("lobby_games_none", "No shared game has finished at this host's tables yet."),
    msg("lobby_games_hint", "v steps through the game chosen; g shows the tables."),
    msg("lobby_game_gone", "the record of this game is no longer kept here: nothing to show"),
    # The start screen's choice of who may watch a table opened for friends.
    msg("start_open_watchers", "  Watchers"),
    msg("start_watchers_none", "none"),
    msg("start_watchers_quiet", "watch, no chat"),
    msg("start_watchers_read", "watch, read the chat"),
    msg("start_watchers_chat", "watch and chat"),
    msg("start_lobby", "Lobby: tables waiting for players"),
    msg("shared_fill_in", "AI takes the free seats in {seconds} s."),
    # ---------------------------------------------------------------- the ratings
    msg("ratings_title", "Ratings"),
    msg("ratings_none", "No rated games yet: every finished game rates its players."),
    msg("ratings_player", "Player"),
    msg("ratings_rating", "Rating"),
    msg("ratings_deviation", "±"),
    msg("ratings_games", "Games"),
    msg("ratings_last", "Last game"),
    msg("ratings_ai", "{level} AI"),
    msg(
        "ratings_provisional",
        "? provisional: uncertain by more than ±{deviation}; a few more games settle it.",
    ),
    # ---------------------------------------------------------------- the daily deal
    msg("daily_title", "Daily deal {date}, {preset}"),
    msg("daily_none", "Nobody has played today's deals yet: `{command}` starts yours."),
    msg("daily_player", "Player"),
    msg("daily_total", "Total"),
    msg(
        "daily_note",
        "Each deal: your points minus what hard AI made with the same cards from the same "
        "seat; · not played yet.",
    ),
    msg("daily_top", "Daily deal {number} of {count}"),
    msg("daily_preparing", "Preparing today's deals (once a day)…"),
    msg(
        "daily_played",
        "You have played today's {deals} of {preset}; the next ones come tomorrow. `{command}` "
        "shows each beside hard AI's play and the day's best player's, with the same cards.",
    ),
    msg("daily_saved", "Your daily deal is kept; `{command}` takes it up where you stopped."),
    msg(
        "daily_kept_later",
        "The club database cannot be reached: this deal is kept in its record, and its result "
        "counts once the database is back.",
    ),
    msg(
        "daily_club_down",
        "The club database cannot be reached, and the next deal is dealt from it: your deals "
        "are kept; `{command}` goes on once it is back.",
    ),
    msg("daily_board_keys", "q or Esc: leave"),
    # ---------------------------------------------------------------- tournaments
    msg("tour_state_soon", "opens {opens}"),
    msg("tour_state_open", "open until {closes}"),
    msg("tour_state_closed", "closed {closes}"),
    msg("tour_none", "No tournament yet: `{command} NAME --closes +2d` opens one."),
    msg("tour_list_hint", "`{command} NAME`: the standings; `play NAME`: your deals."),
    msg("tour_no_entrants", "Nobody has played a deal yet."),
    msg("tour_score", "Score"),
    msg("tour_played", "Deals"),
    msg(
        "tour_note_open",
        "The scores are shown after the close, when everyone has played the same deals.",
    ),
    msg(
        "tour_note_closed",
        "Score: on each deal played, your points minus the mean of every entrant's; summed.",
    ),
    msg("tour_review_hint", "`{command}`: each of your deals beside hard's and the leader's."),
    msg("tour_lobby_open", "Tournament {tournament} · {command}"),
    msg("tour_lobby_closed", "Tournament «{name}» won by {winner} ({score})"),
    msg("tour_top", "Tournament deal {number} of {count}"),
    msg("tour_saved", "Your tournament deal is kept; `{command}` takes it up where you stopped."),
    msg("tour_not_yet", "the tournament opens at {when}; `{command}` shows it"),
    msg("tour_over", "the tournament closed at {when}; `{command}` shows the standings"),
    msg("tour_all_played", "You have played the tournament's {deals}."),
    msg("tour_review_later", "the review opens after the close, at {when}"),
    msg("tour_review_none", "you played no deal of «{name}»: there is nothing of yours to review"),
    msg("tour_review_title", "Duplicate review · «{name}» · {preset}"),
    msg("tour_allowed", "Any player of the club may now open a tournament."),
    msg("tour_forbidden", "Only the host may now open a tournament."),
    msg("tour_opened", "Opened: {tournament}"),
    # ---------------------------------------------------------------- numbers
    # What separates the whole from the tenths of a figure: "63.1" in English, "63,1" in
    # Russian (Translator.decimal).
    msg("decimal_point", "."),
    # ---------------------------------------------------------------- the command line
    # What `thousand` prints before or instead of opening a screen.
    msg(
        "term_not_interactive",
        "the table needs an interactive terminal (stdin and stdout a TTY); for games without "
        "a screen use `{command}`",
    ),
    msg("term_dumb", "TERM=dumb cannot show the table; use a terminal such as xterm-256color"),
    msg("shared_open_failed", "the table cannot be opened: {why}"),
    msg("shared_join_failed", "cannot join the table: {why}"),
    msg("shared_watch_failed", "cannot watch the table: {why}"),
    msg("shared_failed", "the shared table: {why}"),
    msg("shared_seat_waits", "your seat at table {code} waits; come back with `{command}`"),
    msg("saved_resume", "game saved; continue it with `{command}`"),
    msg("saved_in", "game saved in {path}"),
    msg("saved_continue", "continue it with `{command}`"),
    msg("lobby_preset_unloadable", "the preset {name} cannot be loaded"),
    # a tournament opened from the lobby (t): its dialog
    msg("key_lobby_tournament", "Tournament"),
    msg("tour_open_title", "Open a tournament"),
    msg("tour_open_name", "Name"),
    msg("tour_open_preset", "Preset"),
    msg("tour_open_deals", "Deals"),
    msg("tour_open_opens", "Opens"),
    msg("tour_open_closes", "Closes"),
    msg("tour_open_not_offered", "{name} is not offered here; choose one of {names}"),
    msg("tour_open_failed", "the tournament could not be written: {why}"),
    msg("tour_open_bad_deals", "the deals must be 1 to {most}, not {deals}"),
    msg(
        "tour_open_help",
        "Times: YYYY-MM-DD HH:MM (UTC), now, or +30m, +2h, +1d from now. Presets: {presets}. "
        "Enter: the next field; on the last, open it.",
    ),
    # the club's tournaments and their standings, from the lobby (s)
    msg("key_lobby_standings", "Tournaments"),
    msg("lobby_tours_offer", "s: the tournaments and their standings, to play one or review it."),
    msg("tours_title", "Tournaments"),
    msg("tour_col_state", "State"),
    msg("tour_col_closes", "Closes, UTC"),
    msg("tour_col_entrants", "Entrants"),
    msg("tour_is_soon", "soon"),
    msg("tour_is_open", "open"),
    msg("tour_is_closed", "closed"),
    msg("tours_none", "No tournament yet."),
    msg("tours_reading", "Reading the tournaments…"),
    msg("tours_opening", "Opening your tournament deal…"),
    msg("key_tour_play", "Play"),
    msg("key_tour_review", "Review"),
    msg("tour_review_preparing", "Playing the tournament's deals again as hard played them…"),
    # ---------------------------------------------------------------- a saved game viewed
    msg("key_view_back", "Back"),
    msg("key_view_next", "Next"),
    msg("key_view_deal_back", "Deal back"),
    msg("key_view_deal_next", "Next deal"),
    msg("key_view_first", "First"),
    msg("key_view_last", "Last"),
    msg("view_dealt", "As dealt · {steps} decisions"),
    msg("view_step", "Decision {step} of {steps}"),
    msg("view_open", "every hand open"),
    msg("view_closed", "what {name} saw"),
    # a shared game: every hand open because every person at it allowed it, or why not
    msg("view_open_allowed", "every hand open: all players allowed it"),
    msg("view_shut_playing", "the game is not over"),
    msg("view_shut_shared", "not all players allow it"),
    msg("view_shut_unsealed", "consent not checkable here"),
    msg("view_watching", "no hand shown: you were not at this table"),
    msg("view_analysing", "hard is analysing deal {number}…"),
    msg("view_analysis_failed", "the analysis of deal {number} could not be made"),
    msg("view_not_over", "deal {number} is not over: no analysis yet"),
    msg("view_deal_lost", "Deal {number}: {name}'s decisions cost about {lost} {points}"),
    msg("view_agrees", "{name}: {chosen}; hard agrees"),
    msg("view_cost", "{name}: {chosen}; hard: {best}, about {cost} {points} better"),
    # ---------------------------------------------------------------- the duplicate review
    msg("dup_title", "{title} · deal {number} ({count} played)"),
    msg("dup_col_where", "where"),
    msg("dup_col_cost", "cost"),
    msg("key_dup_yours", "Yours"),
    msg("key_dup_hard", "hard's"),
    msg("key_dup_best", "Best's"),
    msg("key_view_game", "View"),
)

MESSAGES: Final[dict[str, str]] = {
    entry.context: entry.text for entry in _ENTRIES if isinstance(entry, Msg)
}
"""The English text of every message by its key."""
WORDS: Final[dict[str, NMsg]] = {
    entry.context: entry for entry in _ENTRIES if isinstance(entry, NMsg)
}
"""The counted words by their key."""

# The letters of the pictures and the ace (the ten and the nine are written 10 and 9).
_RANK_LETTERS: Final = {
    Rank.JACK: msg("rank_jack", "J"),
    Rank.QUEEN: msg("rank_queen", "Q"),
    Rank.KING: msg("rank_king", "K"),
    Rank.ACE: msg("rank_ace", "A"),
}


def rank_label(card: Card, lang: str, ascii_only: bool = False) -> str:
    """`10`, `9`, and the pictures and ace by their letters in `lang` (in ASCII mode always
    the record's letters)."""
    if card.rank is Rank.TEN:
        return "10"
    letter = _RANK_LETTERS.get(card.rank)
    if letter is None or ascii_only:
        return card.rank.letter
    return catalog(lang).pgettext(letter.context, letter.text)


def card_label(card: Card, lang: str, ascii_only: bool = False) -> str:
    """A card as the table names it: `Q♥`, in Russian `Д♥`; `QH` in ASCII mode."""
    if ascii_only:
        return card.label(ascii_only)
    return rank_label(card, lang) + card.suit.glyph


class Translator:
    """Formats the messages of one language."""

    def __init__(self, lang: str = "en") -> None:
        self._catalog = catalog(lang)  # a ValueError names the languages for any other
        self.lang = lang

    def __call__(self, key: str, **values: object) -> str:
        text = self._catalog.pgettext(key, MESSAGES[key])
        return text.format(**values) if values else text

    def count(self, key: str, number: int) -> str:
        """`number` with the word of `key` in its plural form: "1 card", "5 cards"; "1 карта",
        "3 карты", "5 карт" (the catalog's plural rule)."""
        return f"{number} {self.plural(number, key)}"

    def plural(self, count: int, key: str) -> str:
        """The form of the word of `key` that `count` takes."""
        word = WORDS[key]
        return self._catalog.npgettext(key, word.one, word.other, abs(count))

    def decimal(self, figure: str) -> str:
        """A figure written with Python's decimal point ("63.1") in this language's way."""
        return figure.replace(".", self("decimal_point"))

    def level(self, level: str | None) -> str:
        key = f"level_{level}"
        return self(key) if key in MESSAGES else (level or "")

    def reason(self, reason: str | None) -> str:
        key = f"reason_{reason}"
        return self(key) if key in MESSAGES else (reason or "")
