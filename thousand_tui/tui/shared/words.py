"""What a shared table's screens say of it: how to join it, and whether a person is at the
table or away."""

from __future__ import annotations

from ...priority import Host
from ...store.catalog import public_text, typed
from ...tables.client import TableError, WireMismatch
from ...tables.wire import Notice
from ...translations import error_text
from ..i18n import Translator
from .connection import SharedSession


def join_command(code: str, host: Host) -> str:
    """How a player joins the table of `code`, as he types it here (over SSH, his login)."""
    return typed(f"join {code}", host)


def seat_status_words(shared: SharedSession, seat: int, t: Translator) -> str:
    """Whether a person is at the table, or away (and when an AI plays for them)."""
    seats = shared.mirror.seats
    if seat >= len(seats) or seats[seat].kind != "human":
        return ""
    status = seats[seat]
    if status.connected:
        return t("shared_here")
    wait = status.ai_wait()
    if wait is None:
        return ""
    if wait > 0:
        return t("shared_away", seconds=int(wait + 0.99))
    return t("shared_away_ai")


CLUB_NOTICE_SECONDS = 12.0  # how long the table shows what it says of the club database


def club_words(notice: Notice, t: Translator) -> str | None:
    """What the table says of the club database (a club of several hosts) out of reach, or
    back; None for any other notice."""
    if notice.notice == "club_down":
        return t("shared_club_down")
    if notice.notice == "club_back":
        return t("shared_club_back")
    return None


def said(error: TableError, lang: str, host: Host) -> str:
    """What a table's error says to a person, in the player's language: a protocol mismatch
    (it says what to do), one of the service's texts; any other as the service put it."""
    if isinstance(error, WireMismatch):
        return Translator(lang)(error.key, theirs=error.theirs, ours=error.ours)
    return public_text(error_text(lang, error), host)
