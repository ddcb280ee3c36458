"""Every hand of a finished shared game opened in the viewer only where every person at the
table allowed it: each says so (a setting of his, off unless turned on), the table service
writes it in the record's `game` line under the data folder's seal, and the viewer trusts
only a seal that holds. A record edited by hand to claim consent, one without the seal, or a
game still in play keeps every hand but the viewer's closed."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from thousand_tui.priority import Host
from thousand_tui.store.records import read_record
from thousand_tui.store.seal import record_key, seal_holds, sealed
from thousand_tui.tui.i18n import Translator
from thousand_tui.tui.render import Palette
from thousand_tui.tui.shared import connection
from thousand_tui.tui.startup import Choices, choices_path
from thousand_tui.tui.viewing import ViewedGame, open_game

from .helpers import joined, opened, play_until
from .test_again import short_rules


def shared_game(base: Path, ann: bool, bob: bool) -> Path:
    """Ann and Bob, each allowing his hands shown or not, and an AI: a short game played out."""
    first = opened(base, "Ann", people=[0, 1], rules=short_rules(), open_hands=ann)
    second = joined(base, first.mirror.code, "Bob", open_hands=bob)
    play_until([first, second], lambda: first.mirror.over and second.mirror.over, timeout=60)
    first.close()
    second.close()
    (path,) = (base / "games").glob("*.jsonl")
    return path


def view(path: Path, key: bytes | None) -> ViewedGame:
    return open_game(path, Translator("en"), Palette(), key=key)


def header_of(path: Path) -> dict[str, Any]:
    return dict(read_record(path).games[0].header)


@pytest.mark.long
def test_every_hand_opens_when_every_person_allowed_it(base: Path) -> None:
    path = shared_game(base, True, True)
    header = header_of(path)
    assert header["open_hands"] == [True, True, None]  # the AI's seat says nothing
    key = record_key(base)
    assert key is not None and seal_holds(header, key)
    game = view(path, key)
    assert game.finished and game.open and game.allowed and game.shut == ""
    assert all(v is not None for p in game.positions for v in p.views)
    # Another host's secret (or none): the consent cannot be checked, every other hand closed.
    for other in (None, bytes(32)):
        elsewhere = view(path, other)
        assert not elsewhere.open and elsewhere.shut == "unsealed"
        assert all(v is None for p in elsewhere.positions for v in p.views[1:])


@pytest.mark.long
def test_one_person_who_did_not_allow_it_keeps_the_hands_closed(base: Path) -> None:
    path = shared_game(base, True, False)
    assert header_of(path)["open_hands"] == [True, False, None]
    game = view(path, record_key(base))
    assert game.finished and not game.open and game.shut == "shared"
    assert all(v is None for p in game.positions for v in p.views[1:])


def rewrite_header(path: Path, change: dict[str, Any], key: bytes | None = None) -> None:
    lines = path.read_text(encoding="utf-8").splitlines()
    header = {**json.loads(lines[0]), **change}
    if key is not None:
        header = sealed(header, key)
    lines[0] = json.dumps(header, ensure_ascii=False)
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


@pytest.mark.long
def test_a_record_edited_to_claim_consent_is_not_believed(base: Path) -> None:
    path = shared_game(base, True, False)
    key = record_key(base)
    rewrite_header(path, {"open_hands": [True, True, None]})  # the seal left as it was
    game = view(path, key)
    assert game.finished and not game.open and game.shut == "unsealed"
    rewrite_header(path, {"seal": "0" * 64})
    assert view(path, key).shut == "unsealed"
    rewrite_header(path, {}, key=bytes(range(32)))  # sealed again, by another secret
    assert view(path, key).shut == "unsealed"
    rewrite_header(path, {}, key=key)  # the host's own seal: what a careful host can undo
    assert view(path, key).open


@pytest.mark.long
def test_a_game_in_progress_never_opens(base: Path) -> None:
    path = shared_game(base, True, True)
    lines = path.read_text(encoding="utf-8").splitlines()
    cut = next(i for i, line in enumerate(lines) if json.loads(line)["type"] == "result")
    playing = base / "playing.jsonl"
    playing.write_text("\n".join(lines[:cut]) + "\n", encoding="utf-8")
    game = view(playing, record_key(base))
    assert not game.finished and not game.open and game.shut == "playing"
    assert all(v is None for p in game.positions for v in p.views[1:])


def test_the_setting_is_kept_and_sent_when_sitting(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    host = Host(data=tmp_path / "data", config=tmp_path / "config")
    assert not connection.hands_allowed(host)  # off unless turned on
    assert Choices().open_hands is False
    Choices(open_hands=True).write(choices_path(host))
    assert connection.hands_allowed(host)
    sent: dict[str, Any] = {}

    def join_table(code: str, **given: Any) -> Any:
        sent.update(given)
        raise connection.TableError("no table")

    monkeypatch.setattr(connection, "join_table", join_table)
    with pytest.raises(connection.TableError):
        connection.join_shared("K7QM2P", name="Bob", host=host)
    assert sent["open_hands"] is True
