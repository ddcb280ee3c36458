"""The host's seal on a shared game's record: what makes its players' consent checkable.

At a shared table each person says whether the others may see his hands once the game is
over (`open_hands`, a setting of his). The table service writes what each said into the
record's `game` line, and seals that line: `seal` is HMAC-SHA256, by a secret of the data
folder's own (32 random bytes, made on first use, 0600), of the line's other fields as
canonical JSON. The viewer opens every hand only where the seal checks with the secret of
its own data folder: a record edited by hand to claim consent, one copied from another host,
or one of before the seal, keeps every hand but the viewer's closed. The game's own lines
need no seal: the viewer refuses a record whose lines do not replay from the sealed line.
"""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import json
import secrets
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Final

from ..private import open_private, private_dir

KEY_NAME: Final = "records.key"  # the data folder's secret, beside its games/
SEAL: Final = "seal"  # the `game` line's field that holds the seal
OPEN_HANDS: Final = "open_hands"  # each seat's consent: true, false, or null for an AI


def record_key(base: Path, *, make: bool = False) -> bytes | None:
    """The secret of the data folder `base`; made if `make` (the table service's), else None
    where there is none yet or it is damaged (nothing to check a seal with)."""
    path = base / KEY_NAME
    if make:
        private_dir(base)
        with contextlib.suppress(FileExistsError), open_private(path, "x") as handle:
            handle.write(secrets.token_hex(32) + "\n")
    try:
        text = path.read_text(encoding="ascii").strip()
        key = bytes.fromhex(text)
    except (OSError, ValueError):
        return None
    return key if len(key) == 32 else None


def _digest(line: Mapping[str, Any], key: bytes) -> str:
    fields = {k: v for k, v in line.items() if k != SEAL}
    text = json.dumps(fields, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hmac.new(key, b"record-seal|" + text.encode(), hashlib.sha256).hexdigest()


def sealed(line: Mapping[str, Any], key: bytes) -> dict[str, Any]:
    """The `game` line with its seal."""
    return {**line, SEAL: _digest(line, key)}


def seal_holds(line: Mapping[str, Any], key: bytes | None) -> bool:
    """Whether the line's seal is this secret's seal of it."""
    seal = line.get(SEAL)
    if key is None or not isinstance(seal, str):
        return False
    return hmac.compare_digest(seal, _digest(line, key))


def consent(line: Mapping[str, Any]) -> list[bool | None] | None:
    """The line's `open_hands`, one entry a seat (None where it is not that)."""
    given = line.get(OPEN_HANDS)
    players = line.get("players")
    if not isinstance(given, list) or not isinstance(players, list):
        return None
    if len(given) != len(players) or not all(v is None or isinstance(v, bool) for v in given):
        return None
    return list(given)


def everyone_allows(line: Mapping[str, Any], key: bytes | None) -> bool:
    """Whether every person of the game (each seat played by a human) allowed his hands to be
    shown, as the line says under a seal that holds."""
    if not seal_holds(line, key):
        return False
    given = consent(line)
    players = line.get("players")
    if given is None or not isinstance(players, list):
        return False
    people = [s for s, p in enumerate(players) if isinstance(p, dict) and p.get("kind") == "human"]
    return bool(people) and all(given[s] is True for s in people)


__all__ = [
    "KEY_NAME",
    "OPEN_HANDS",
    "SEAL",
    "consent",
    "everyone_allows",
    "record_key",
    "seal_holds",
    "sealed",
]
