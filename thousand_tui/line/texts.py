"""The line mode's own words: cards and suits in words, the prompts, the commands' answers and
the words a player may type, in every language of the catalogs (`msg`, extracted by
`pybabel extract`: `[[tool.babel.mappings]]` names this file)."""

from __future__ import annotations

from typing import Final

from ..engine.cards import Card, Rank, Suit
from ..translations import Msg, msg, translate

RANK_WORDS: Final[dict[Rank, Msg]] = {
    Rank.NINE: msg("line_rank_9", "nine"),
    Rank.TEN: msg("line_rank_10", "ten"),
    Rank.JACK: msg("line_rank_j", "jack"),
    Rank.QUEEN: msg("line_rank_q", "queen"),
    Rank.KING: msg("line_rank_k", "king"),
    Rank.ACE: msg("line_rank_a", "ace"),
}
"""A rank in words, as a card is named ("ten" of hearts)."""

SUIT_WORDS: Final[dict[Suit, Msg]] = {
    Suit.HEARTS: msg("line_suit_h", "hearts"),
    Suit.DIAMONDS: msg("line_suit_d", "diamonds"),
    Suit.CLUBS: msg("line_suit_c", "clubs"),
    Suit.SPADES: msg("line_suit_s", "spades"),
}
"""A suit alone ("trump hearts"), as a title of its cards in the hand."""

SUIT_OF: Final[dict[Suit, Msg]] = {
    Suit.HEARTS: msg("line_suit_of_h", "hearts"),
    Suit.DIAMONDS: msg("line_suit_of_d", "diamonds"),
    Suit.CLUBS: msg("line_suit_of_c", "clubs"),
    Suit.SPADES: msg("line_suit_of_s", "spades"),
}
"""A suit as a card's name holds it (in Russian the genitive: «десятка червей»)."""

SUIT_KEYS: Final[dict[Suit, Msg]] = {
    Suit.HEARTS: msg("line_suit_keys_h", "h"),
    Suit.DIAMONDS: msg("line_suit_keys_d", "d"),
    Suit.CLUBS: msg("line_suit_keys_c", "c"),
    Suit.SPADES: msg("line_suit_keys_s", "s"),
}
"""The short letters of a suit a player types after the rank (comma-separated)."""

CARD: Final = msg("line_card", "{rank} of {suit}")
ACE_MARRIAGE: Final = msg("line_ace_marriage", "four aces")

COMMANDS: Final[dict[str, Msg]] = {
    "hand": msg("line_cmd_hand", "hand"),
    "table": msg("line_cmd_table", "table"),
    "score": msg("line_cmd_score", "score"),
    "sheet": msg("line_cmd_sheet", "sheet"),
    "last": msg("line_cmd_last", "last"),
    "talon": msg("line_cmd_talon", "talon"),
    "hint": msg("line_cmd_hint", "hint"),
    "help": msg("line_cmd_help", "help,?"),
    "undo": msg("line_cmd_undo", "undo"),
    "quit": msg("line_cmd_quit", "quit"),
    "pass": msg("line_cmd_pass", "pass"),
    "play": msg("line_cmd_play", "play"),
    "concede": msg("line_cmd_concede", "concede"),
    "baptism": msg("line_cmd_baptism", "baptism"),
    "say": msg("line_cmd_say", "say"),
    "start": msg("line_cmd_start", "start"),
    "again": msg("line_cmd_again", "again"),
    "lobby": msg("line_cmd_lobby", "lobby"),
    "list": msg("line_cmd_list", "list"),
    "open": msg("line_cmd_open", "open"),
    "match": msg("line_cmd_match", "match"),
    "join": msg("line_cmd_join", "join"),
    "watch": msg("line_cmd_watch", "watch"),
    "daily": msg("line_cmd_daily", "daily"),
    "tournaments": msg("line_cmd_tournaments", "tournaments"),
    "standings": msg("line_cmd_standings", "standings"),
    "tournament": msg("line_cmd_tournament", "tournament"),
    # `settings`, and what follows it: `settings hands on`, `settings language ru`
    "settings": msg("line_cmd_settings", "settings"),
    "set_hands": msg("line_cmd_set_hands", "hands"),
    "set_plain": msg("line_cmd_set_plain", "plain"),
    "set_language": msg("line_cmd_set_language", "language"),
    "set_on": msg("line_cmd_set_on", "on"),
    "set_off": msg("line_cmd_set_off", "off"),
}
"""The words of each command in the player's language (comma-separated: any of them);
the English word is understood in every language."""

MESSAGES: Final[dict[str, Msg]] = {
    text.context: text
    for text in (
        # ------------------------------------------------------------ the game begins and ends
        msg(
            "line_welcome",
            "Thousand, line mode. {players} players: {names}. Type help for the commands.",
        ),
        msg("line_resumed", "Game resumed at deal {number}."),
        msg("line_saved", "Saved. To go on later: thousand --plain --resume"),
        msg("line_saved_hosted", "Saved. To go on later, ask for resume plain."),
        msg("line_over", "Game over. Final scores: {scores}."),
        msg("line_goodbye", "Goodbye."),
        # ------------------------------------------------------------ what happens
        msg("line_thinking", "{name} is thinking."),
        msg("line_give_me", "{name} gives you {card}."),
        msg("line_give_you", "You give {to} {card}."),
        msg("line_give_seen", "{name} gives {to} {card}."),
        msg("line_give_hidden", "{name} gives {to} a card."),
        msg("line_made", "{name} made {value}."),
        msg("line_failed", "{name} went down on {value}."),
        msg("line_samosval", "{name}: samosval! Score {source} goes to 0."),
        msg("line_ai_failed", "{name} could not decide; a legal move was made at random."),
        msg("line_deal_points", "Deal {number}: {points}."),
        msg("line_scores", "Scores: {scores}."),
        msg("line_seat_score", "{name} {score}"),
        msg("line_only_card", "Your only card: {card}."),
        # ------------------------------------------------------------ prompts
        msg(
            "line_prompt_bid", "Your bid, {high}: a number from {low} to {top} by {step}, or pass."
        ),
        msg("line_prompt_bid_one", "Your bid, {high}: {value}, or pass."),
        msg("line_prompt_bid_pass", "Your bid, {high}: only pass."),
        msg("line_high_bid", "highest {value} by {name}"),
        msg("line_no_bid", "no bid yet"),
        msg(
            "line_prompt_contract",
            "Your contract {value}: play, raise from {low} to {top} by {step}{more}.",
        ),
        msg("line_prompt_contract_one", "Your contract {value}: play, raise to {top}{more}."),
        msg("line_prompt_contract_keep", "Your contract {value}: play{more}."),
        msg("line_or_concede", ", or concede"),
        msg("line_or_baptism", ", or baptism"),
        msg("line_prompt_choose", "{what}: {choices}. Type a number."),
        msg("line_choice", "{number} {text}"),
        msg("line_prompt_give", "Give {name} a card: any of your {count}."),
        msg("line_prompt_discard", "Put aside a card: any of your {count}."),
        msg("line_prompt_lead", "Your lead, trick {number}: any card."),
        msg("line_prompt_lead_some", "Your lead, trick {number}: {cards}."),
        msg("line_prompt_follow", "Your card, trick {number}, {trick}: {cards}."),
        msg("line_prompt_marriage", "{card}: declare the marriage or not?"),
        msg("line_what_dark", "Play in the dark"),
        msg("line_what_dark_cancel", "{name} plays in the dark"),
        msg("line_what_redeal", "Redeal ({reason})"),
        msg("line_what_talon", "Which talon"),
        msg("line_what_marriage", "Marriage"),
        msg("line_declare", "declare {suit} {points}, trump {suit}"),
        msg("line_declare_keep", "declare {suit} {points}, trump stays"),
        # the four aces declared where the rules make the suit of the ace led trump
        msg("line_declare_trump", "declare {suit} {points}, trump {trump}"),
        # the four aces declared where the rules take trump away
        msg("line_declare_no_trump", "declare {suit} {points}, no trump"),
        msg("line_no_declare", "play it without declaring"),
        # ------------------------------------------------------------ the commands' answers
        msg("line_hand", "Hand, {count}: {groups}. {points} points{marriages}."),
        msg("line_hand_none", "You have no cards now."),
        msg("line_hand_unseen", "Your cards are not seen yet (dark game)."),
        msg("line_marriages", ", marriages {list}"),
        msg("line_group", "{suit} {cards}"),
        msg("line_table", "Trick {number}: {plays}. {state}"),
        msg("line_table_empty", "Trick {number}: no card yet, {name} leads. {state}"),
        msg("line_table_before", "No trick yet. {state}"),
        msg("line_play", "{name} {card}"),
        msg("line_state", "Deal {number}, dealer {dealer}. {contract} Trump {trump}."),
        msg("line_contract", "Contract {value} by {name}."),
        msg("line_auction_state", "Highest bid {value} by {name}."),
        msg("line_no_contract", "No contract yet."),
        msg("line_score", "Scores: {scores}."),
        msg("line_score_barrel", "on the barrel {used} of {attempts}"),
        msg("line_score_palki", "palki {count}"),
        msg("line_sheet_empty", "No deal scored yet."),
        msg("line_sheet_row", "Deal {number}: {contract}; {scores}."),
        msg("line_sheet_redeal", "Deal {number}: redealt; {scores}."),
        msg("line_last", "Last trick ({number}), won by {name}, {points} points: {plays}."),
        msg("line_last_none", "No trick taken yet in this deal."),
        msg("line_talon", "Talon: {cards}."),
        msg("line_talon_unseen", "Talon: {count}, not seen."),
        msg("line_hint_thinking", "Thinking about a hint."),
        msg("line_hint_off", "Hints are off at this table."),
        msg("line_hint_not_now", "No decision of yours now: a hint comes at your turn."),
        msg("line_undo_off", "Take-back is off: start with --take-back to allow it."),
        msg("line_undo_none", "No card of yours to take back."),
        msg("line_undo_hosted", "Take-back is off on a club's server."),
        msg("line_undone", "Taken back: {cards}. Your turn again."),
        msg("line_not_now", "Not now: {what}."),
        # ------------------------------------------------------------ bad input
        msg("line_unknown", "Unknown: {text}. {legal} Type help for the commands."),
        msg("line_not_card", "{text} is not a card. {legal}"),
        msg("line_not_in_hand", "{card} is not in your hand. {legal}"),
        msg("line_refused", "{why} {legal}"),
        msg("line_bad_bid", "{value} is not a legal bid. {legal}"),
        msg("line_bad_choice", "Not a choice: {text}. {legal}"),
        msg("line_legal_cards", "Legal: {cards}."),
        msg("line_legal_any", "Legal: any card of your hand."),
        # ------------------------------------------------------------ a shared table
        msg(
            "line_shared_open",
            "Table {code} is open. Friends join it with: {command}. "
            "Type start to begin with AI in the free seats.",
        ),
        msg("line_shared_joined", "You sit at table {code}, seat {seat}."),
        msg(
            "line_shared_help",
            "At a shared table: say and your text, to chat; the others' lines are said as "
            "they come.",
        ),
        msg("line_shared_seats", "At the table: {seats}."),
        msg("line_shared_free", "a free seat"),
        msg("line_shared_waiting", "The game has not begun yet: {seats}."),
        msg("line_shared_begins", "The game begins. Players: {names}."),
        msg("line_shared_not_yours", "Not your turn: {name} is to move."),
        msg("line_shared_sent", "Sent; wait for the table."),
        msg("line_shared_chat", "{name} says: {text}"),
        msg("line_shared_chat_empty", "Type say and the text to send, e.g. say hello."),
        msg("line_shared_ai_plays", "An AI plays for {name} until they are back."),
        msg("line_shared_clock", "You have {seconds} seconds for this move."),
        msg("line_shared_clock_warn", "{seconds} seconds left, then an AI plays this move."),
        msg("line_shared_no_undo", "No take-back at a shared table: the others have seen it."),
        msg(
            "line_shared_rejoining",
            "The connection to the table was lost; trying to sit again for two minutes.",
        ),
        msg("line_shared_leaves", "You leave the table; your seat waits: {command}"),
        # ------------------------------------------------------------ a shared game's end
        msg(
            "line_again_prompt",
            "Type again to play again with the same people (everyone must agree), or quit "
            "to leave the table.",
        ),
        msg(
            "line_again_prompt_lobby",
            "Type again to play again with the same people (everyone must agree), or lobby "
            "to go back to the lobby.",
        ),
        # ------------------------------------------------------------ watching a table
        msg(
            "line_watch_begins",
            "You watch table {code}: you see what every player sees, never a hand. "
            "Type help for the commands.",
        ),
        msg("line_watch_help", "Watching: table, score, sheet, last, help, quit{say}."),
        msg("line_watch_say", ", say and your text to chat"),
        msg("line_watch_no", "You watch: no hand and no decision is yours. {legal}"),
        msg("line_watch_no_chat", "Watchers do not write in this table's chat. {legal}"),
        msg("line_watch_over", "The game is over; playing again is for those seated."),
        msg("line_watch_leaves", "You stop watching table {code}."),
        # ------------------------------------------------------------ the lobby
        msg(
            "line_lobby_welcome",
            "Lobby, line mode: the tables of this host. Type help for the commands.",
        ),
        msg(
            "line_lobby_prompt",
            "Lobby: list, open, match, join, watch, daily, tournaments, help, quit.",
        ),
        msg(
            "line_lobby_help",
            "list: the tables waiting for players and those in play. open and a preset: open "
            "a table, friends join it with its code. match and a preset: sit at the fullest "
            "table waiting, or open one. join and a number from the list or a code: sit at "
            "a table. watch and a number or a code: watch a game in play. daily: the day's "
            "deals. tournaments: the tournaments; standings and a name: one's standings; "
            "tournament and a name: play its deals. quit: leave.",
        ),
        msg("line_lobby_presets", "Presets: {presets}."),
        msg("line_lobby_none", "No table is waiting for players: open opens one, match finds one."),
        msg("line_lobby_nothing_in_play", "No game is in play."),
        msg(
            "line_lobby_table",
            "{number}: table {code}, {title}, seated {seats}, free {free}{fill}; join {number}.",
        ),
        msg("line_lobby_fill", ", AI sits down in {seconds} s"),
        msg("line_lobby_playing", "{number}: table {code}, {title}, in play; watch {number}."),
        msg("line_lobby_no_preset", "{name} is not offered here. {presets}"),
        msg(
            "line_lobby_code",
            "{command} needs a number from the list or a table's code, e.g. {command} K7QM2P.",
        ),
        msg(
            "line_lobby_no_table",
            "{text} is neither a number in the list nor a table's code: type list for the tables.",
        ),
        msg("line_lobby_back", "Back in the lobby."),
        msg(
            "line_lobby_tour_name",
            "{command} needs a tournament's name, e.g. {command} Winter Cup; tournaments "
            "lists them.",
        ),
        # ------------------------------------------------------------ the daily deals
        # leaving before the day's last deal, and the command that takes it up again
        msg(
            "line_daily_saved",
            "Your daily deal is kept. To take it up where you stopped: {command}",
        ),
        # the day's deals all played: none till tomorrow, and the command of their review
        msg(
            "line_daily_played",
            "You have played today's {deals} of {preset}; the next ones come tomorrow. To see "
            "each beside hard AI's play and the day's best player's, with the same cards: "
            "{command}",
        ),
        msg(
            "line_tour_saved",
            "Your tournament deal is kept. To take it up where you stopped: {command}",
        ),
        msg(
            "line_daily_welcome",
            "{title}, line mode: {deals} against hard AI, the same for everyone. Type help "
            "for the commands.",
        ),
        # ------------------------------------------------------------ help
        msg(
            "line_help",
            "A card: its name or code, as 10h, th, qs, ten of hearts. "
            "Bids and contracts: a number, pass, play, concede. Choices: their number. "
            "hand, table, score, sheet, last, talon, hint, undo, help, quit.",
        ),
        msg(
            "line_help_keys",
            "Ranks: {ranks}. Suits: {suits}. Or a card's name in words.",
        ),
        # ------------------------------------------------------------ settings
        msg(
            "line_help_settings",
            "settings: your settings; settings hands on or off, plain on or off, "
            "language and a language: change one.",
        ),
        # whether the others may see your hands after a shared game ({state}: the start
        # screen's words for it), and the words that change it
        msg("line_settings_hands", "Your hands: {state}. To change: {command}."),
        msg("line_settings_plain_on", "Line mode: on at each start. To change: {command}."),
        msg(
            "line_settings_plain_off",
            "Line mode: only when asked for, the full table at each start. To change: {command}.",
        ),
        msg("line_settings_language", "Language: {name}. To change: {command} and one of {langs}."),
        msg("line_settings_hands_kept", "Your hands: {state}. Kept for your next shared table."),
        msg("line_settings_plain_kept_on", "Line mode: on at each start from now on."),
        msg(
            "line_settings_plain_kept_off",
            "Line mode: off from your next start, the full table; this session stays by lines.",
        ),
        msg("line_settings_language_kept", "Language: {name}, from now on."),
        msg("line_settings_language_next", "Language: {name}, from your next game."),
        msg(
            "line_settings_not_kept",
            "Not kept: your settings cannot be written here. Nothing changed.",
        ),
        msg(
            "line_settings_unknown",
            "Not a setting: {text}. Legal: {hands}, {plain}, {language} and one of {langs}.",
        ),
    )
}
"""The line mode's messages by their key."""


def word(lang: str, text: Msg, /, **values: object) -> str:
    """`text` in `lang`, its placeholders filled."""
    said = translate(lang, text)
    return said.format(**values) if values else said


def say(lang: str, key: str, /, **values: object) -> str:
    """The line mode's message `key` in `lang`."""
    return word(lang, MESSAGES[key], **values)


def card_words(card: Card, lang: str) -> str:
    """A card in words: "ten of hearts", «десятка червей», "dziesiątka kier"."""
    return word(
        lang, CARD, rank=word(lang, RANK_WORDS[card.rank]), suit=word(lang, SUIT_OF[card.suit])
    )


def suit_words(suit: Suit | str | None, lang: str, none: str = "—") -> str:
    """A suit in words; `A` is the aces' marriage."""
    if suit is None:
        return none
    if isinstance(suit, str):
        if suit == "A":
            return word(lang, ACE_MARRIAGE)
        suit = Suit(suit)
    return word(lang, SUIT_WORDS[suit])


def normal(text: str) -> str:
    """What the player typed, as the names are kept: lower case, one space between words."""
    return " ".join(text.casefold().replace("ё", "е").split())


def command_words(lang: str, command: str) -> list[str]:
    """The words that type `command`: the language's, then the English."""
    text = COMMANDS[command]
    words = [normal(w) for w in word(lang, text).split(",")]
    words += [normal(w) for w in text.text.split(",")]
    return [w for w in dict.fromkeys(words) if w]
