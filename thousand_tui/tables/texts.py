"""What the table service tells a person, as catalog texts (README: Translations).

The service is one process for every player of the account, each reading his own language:
it sends a refusal's English (`Failure.error`) with the key of its text and the values of
its placeholders (`Failure.said`, `Failure.values`), and each client says it in its player's
language (`failure_text`). A text that is not among these (a request the schema refuses, a
detail of the engine's or of the system's) stays the service's English.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from ..translations import Msg, Said, msg, say
from .wire import Failure

SERVICE_ENDING: Final = msg("table_service_ending", "the table service is ending")
ONLY_ACCOUNT: Final = msg("table_only_account", "only the account of the tables may join them")
REOPEN_UNREADABLE: Final = msg(
    "table_reopen_unreadable",
    "the table {code} cannot be opened again: its record cannot be read ({reason}); the "
    "record stays in the games folder",
)
REOPEN_DAMAGED: Final = msg(
    "table_reopen_damaged",
    "the table {code} cannot be opened again: its file {file} is damaged ({reason}); the "
    "record stays in the games folder",
)
SEATED_ALREADY: Final = msg("table_seated_already", "this connection already sits at a table")
JOIN_FIRST: Final = msg("table_join_first", "join a table first")
RULES_INVALID: Final = msg("table_rules_invalid", "the conventions are not valid: {error}")
PRESET_NAME: Final = msg("table_preset_name", "a preset name is letters, digits, - _ and .")
AI_LEVEL: Final = msg("table_ai_level", "the AI level is one of {levels}")
PEOPLE_SEATS: Final = msg(
    "table_people_seats", "people's seats are numbers 0..{last}, with seat 0 the opener's"
)
AI_NAMES: Final = msg("table_ai_names", "AI names: one for each seat but the opener's")
NO_CODE: Final = msg(
    "table_no_code", "no table has the code {code}; check it with the one who opened"
)
NAME_SEATED: Final = msg(
    "table_name_seated", "{name} sits at this table already; join under another name"
)
RELAY_NOT_ITS_OWN: Final = msg(
    "table_relay_not_its_own",
    "the club's host {node} may seat here only its own players, not another host's",
)
RELAY_NO_HOST: Final = msg(
    "table_relay_no_host",
    "this host's relay.keys names no club host for the relay's key, so only a player with a "
    "key may sit here through it; the hosts' owners add node=NAME before that key",
)
SEAT_TAKEN: Final = msg("table_seat_taken", "seat {seat} is not free")
ALL_TAKEN: Final = msg("table_all_taken", "every seat at this table is taken")
TAKEN_OVER: Final = msg("table_taken_over", "this seat was taken over by a new connection")
ONLY_OPENER: Final = msg("table_only_opener", "only the one who opened the table starts it")
BEGUN: Final = msg("table_begun", "the game has begun already")
NOT_BEGUN: Final = msg("table_not_begun", "the game has not begun")
NOT_OVER: Final = msg(
    "table_not_over", "the game is not over: playing again is asked for once it has ended"
)
STOPPED: Final = msg(
    "table_stopped",
    "the table stopped: {why}. Join it again with its code {code} to go on from its last "
    "saved move",
)
SHORT_TEXT: Final = msg("table_short_text", "{what} must be a short text")
NAME_TEXT: Final = msg("table_name_text", "a name is a text")
NAME_PRINTABLE: Final = msg("table_name_printable", "a name is printable, 1 to {most} characters")
TITLE_PRINTABLE: Final = msg(
    "table_title_printable",
    "a table's title is one line of 1 to {most} printable characters (no control, format or "
    "bidi characters)",
)
SECONDS: Final = msg("table_seconds", "{what} must be a number of seconds from {low} to {high}")
CHAT_EMPTY: Final = msg(
    "table_chat_empty", "a chat line needs some text (what was sent was empty once cleaned)"
)
CHAT_LONG: Final = msg(
    "table_chat_long",
    "a chat line is at most {most} characters; this one has {length}: shorten it and send it again",
)
CHAT_FAST: Final = msg(
    "table_chat_fast",
    "too many chat lines: at most {count} in {window} seconds; you may write again in {seconds} s",
)
CHAT_SEATED: Final = msg(
    "table_chat_seated", "only a person seated at the table may write in its chat"
)
CHAT_UNSAVED: Final = msg(
    "table_chat_unsaved", "the chat line could not be saved with the game; try again"
)
WATCH_FORBIDDEN: Final = msg(
    "table_watch_forbidden", "the table {code} may not be watched: its opener allows no watchers"
)
WATCH_FULL: Final = msg(
    "table_watch_full", "the table {code} has {most} watchers already, its most; try again later"
)
WATCHER_PLAYS: Final = msg(
    "table_watcher_plays", "a watcher does not play: join the table to take a seat"
)
WATCH_NO_CHAT: Final = msg(
    "table_watch_no_chat", "watchers may not write in this table's chat (its opener says so)"
)
# A client of protocol 1 (before `hello`, keys and values) prints the text as it is: it is
# said in the language of the request when it names one, else in every language.
OLDER_CLIENT: Final = msg(
    "table_older_client",
    "this thousand is older than the table service (protocol {wire}): install the same "
    "version, then open or join again",
)
NEWER_CLIENT: Final = msg(
    "table_newer_client",
    "this thousand is newer than the table service (protocol {wire}): leave every table of "
    "this account so that the service ends, then open or join again",
)

TEXTS: Final[dict[str, Msg]] = {
    value.context: value for value in dict(globals()).values() if isinstance(value, Msg)
}
"""Every text of the service by its key (its msgctxt)."""


def failure(said: Said, about: str | None = None) -> Failure:
    """The message that tells a client `said`: its English, its key and its values."""
    values = {k: v if isinstance(v, (int, float, str)) else str(v) for k, v in said.values.items()}
    return Failure(say("en", said), about, said.text.context, values or None)


def said_of(message: Failure) -> Said | None:
    """What a Failure says as a catalog text, when it is one of the service's."""
    text = TEXTS.get(message.said or "")
    values: Mapping[str, Any] = message.values or {}
    if text is None:
        return None
    try:
        say("en", Said(text, dict(values)))  # the placeholders are all there
    except (KeyError, IndexError, ValueError):
        return None
    return Said(text, dict(values))


def failure_text(message: Failure, lang: str) -> str:
    """A Failure in `lang`: the service's English when it is not one of its texts."""
    said = said_of(message)
    return say(lang, said) if said is not None else message.error
