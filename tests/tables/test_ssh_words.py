"""`open` and `join CODE` as words of a hosted SSH login: checked like every other word, and
turned into `thousand open` / `thousand join` in the account's own data directory, the player
known at the table by their login key."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.helpers.ssh import config, olga
from thousand_tui import ssh
from thousand_tui.tables.client import TableError

from .helpers import joined, leaves, opened, play_until

ALLOWED = ["classic", "family"]


def test_the_words_open_and_join() -> None:
    assert ssh.parse_request("open", ALLOWED) == ssh.Request(open=True)
    assert ssh.parse_request("OPEN family ru", ALLOWED) == ssh.Request("family", "ru", open=True)
    assert ssh.parse_request("join k7qm-2p", ALLOWED) == ssh.Request(join="K7QM2P")
    assert ssh.parse_request("ru join K7QM2P", ALLOWED) == ssh.Request(lang="ru", join="K7QM2P")
    refused = {
        "join": "needs the table's code",
        "join ../../etc": "needs the table's code",
        "join $(id)": "needs the table's code",
        "join K7QM2P K7QM2P": "not something this server offers",
        "open join K7QM2P": "one of resume, open and join",
        "resume open": "one of resume, open and join",
        "family join K7QM2P": "its own preset",
        "open open": "not something this server offers",
    }
    for request, why in refused.items():
        with pytest.raises(ssh.Refused, match=why):
            ssh.parse_request(request, ALLOWED)


def test_a_shared_table_is_in_the_accounts_own_data_directory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("THOUSAND_DATA_DIR", str(tmp_path))
    env, key = olga(tmp_path)
    opening = ssh.plan(config("--ai", "normal,hard"), ssh.Request("family", "ru", open=True), env)
    assert opening.argv == ["open", "family", "--ai", "normal", "--lang", "ru", "--who", key]
    assert opening.data == tmp_path
    joining = ssh.plan(config("--player", "olga"), ssh.Request(join="K7QM2P"), env)
    assert joining.argv == ["join", "K7QM2P", "--name=olga", "--who", "olga"]
    assert joining.data == tmp_path


@pytest.mark.long
def test_a_seat_held_by_a_key_is_taken_back_only_by_that_key(base: Path) -> None:
    ann = opened(base, "Ann", who="key-aaaa")
    code = ann.mirror.code
    bob = joined(base, code, "Bob", who="key-bbbb")
    cat = joined(base, code, "Cat", who="key-cccc")
    play_until([ann, bob, cat], lambda: bob.mirror.view is not None, play=False)
    leaves(bob, [ann, cat])
    # Bob's name is not enough, nor the code: only his key gets his seat back.
    with pytest.raises(TableError, match="every seat"):
        joined(base, code, "Bob", who="key-eeee")
    back = joined(base, code, "Robert", who="key-bbbb")
    assert back.mirror.seat == 1
    play_until([ann, back, cat], lambda: ann.mirror.seats[1].connected, play=False)
    assert ann.mirror.seats[1].name == "Bob"


@pytest.mark.long
def test_a_name_at_the_table_is_not_taken_twice(base: Path) -> None:
    ann = opened(base, "Ann")
    with pytest.raises(TableError, match="Ann sits at this table already"):
        joined(base, ann.mirror.code, "Ann")


def test_the_word_lobby_opens_the_lobby_of_the_accounts_tables(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert ssh.parse_request("lobby", ALLOWED) == ssh.Request(lobby=True)
    assert ssh.parse_request("LOBBY ru", ALLOWED) == ssh.Request(lang="ru", lobby=True)
    for request, why in {
        "lobby family": "a language only",
        "lobby lobby": "once",
        "lobby join K7QM2P": "a language only",
    }.items():
        with pytest.raises(ssh.Refused, match=why):
            ssh.parse_request(request, ALLOWED)
    monkeypatch.setenv("THOUSAND_DATA_DIR", str(tmp_path))
    env, key = olga(tmp_path)
    host = config("--presets", "classic,family", "--ai", "hard")
    lobby = ssh.plan(host, ssh.Request(lang="ru", lobby=True), env)
    assert lobby.argv == [
        "lobby", "--offer", "classic,family", "--ai", "hard", "--lang", "ru", "--who", key,
    ]  # fmt: skip
    assert lobby.data == tmp_path
    # `ratings`: the host's leaderboard, in the player's language.
    assert ssh.parse_request("ratings ru", ALLOWED) == ssh.Request(lang="ru", ratings=True)
    ratings = ssh.plan(host, ssh.Request(lang="ru", ratings=True), env)
    assert (ratings.argv, ratings.data) == (["ratings", "--lang", "ru"], tmp_path)
    for request, why in {"ratings family": "a language only", "ratings ratings": "once"}.items():
        with pytest.raises(ssh.Refused, match=why):
            ssh.parse_request(request, ALLOWED)
    # `open private`: a table kept out of the lobby; `private` alone means nothing.
    private = ssh.parse_request("open private family", ALLOWED)
    assert private == ssh.Request("family", open=True, private=True)
    assert ssh.plan(host, private, env).argv == [
        "open", "family", "--ai", "hard", "--private", "--who", key,
    ]  # fmt: skip
    with pytest.raises(ssh.Refused, match="private goes with open"):
        ssh.parse_request("private family", ALLOWED)
    # Without a way to tell players apart, the lobby (its tables are shared) is refused.
    with pytest.raises(ssh.Refused, match="tell players apart"):
        ssh.check_identity(host, ssh.Request(lobby=True), {})
