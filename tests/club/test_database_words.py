"""A club database named wrong or refusing the login, said at start in one line of the
reader's language: on the host's own command with the database's address (never its
password) and how to fix it; to a hosted player (an SSH session) with no address at all."""

from __future__ import annotations

from pathlib import Path

import pytest

from thousand_tui.cli import NODE_REFUSED, main
from thousand_tui.plaintext import shown
from thousand_tui.priority import DATABASE_ENV, Host
from thousand_tui.store.database import (
    HOSTED,
    MIGRATION_FAILED,
    REFUSED,
    SCHEMA_NEWER,
    SCHEMA_NEWER_FILE,
    URL_FORM,
    URL_NOT_POSTGRES,
    connect,
)
from thousand_tui.store.database import shown as shown_url
from thousand_tui.store.index import INDEX_NAME, MIGRATIONS, SCHEMA_VERSION, open_index
from thousand_tui.translations import tell

from .test_database import at_version, with_password

WRONG = "mysql://u:secret@db.club.example/club"


def said_at_start(capsys: pytest.CaptureFixture[str], lang: str, host: Host | None = None) -> str:
    capsys.readouterr()
    assert main(["ratings", "--lang", lang], host=host) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    lines = captured.err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("thousand: ")
    return lines[0].removeprefix("thousand: ")


def hosted_player(data: Path, url: str) -> Host:
    player = data / "players" / "key-olga"
    player.mkdir(parents=True, mode=0o700)
    return Host(hosted=True, data=player, club=data, database=url)


@pytest.mark.parametrize("lang", ["en", "ru", "uk", "pl", "cs"])
def test_a_wrong_url_is_said_to_the_host_in_his_language_with_its_address(
    data: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], lang: str
) -> None:
    monkeypatch.setenv(DATABASE_ENV, WRONG)
    err = said_at_start(capsys, lang)
    where = repr("mysql://u:***@db.club.example/club")
    assert err == tell(lang, URL_NOT_POSTGRES, where=where, form=URL_FORM)
    assert "db.club.example" in err and URL_FORM in err and "secret" not in err
    if lang != "en":
        assert err != tell("en", URL_NOT_POSTGRES, where=where, form=URL_FORM)
    assert not (data / INDEX_NAME).exists()


@pytest.mark.parametrize("lang", ["en", "uk", "cs"])
def test_a_wrong_url_is_said_to_a_hosted_player_with_no_address(
    data: Path, capsys: pytest.CaptureFixture[str], lang: str
) -> None:
    err = said_at_start(capsys, lang, hosted_player(data, WRONG))
    assert err == tell(lang, HOSTED)
    assert "db.club.example" not in err and "mysql" not in err and "secret" not in err
    assert not (data / INDEX_NAME).exists()


def test_a_wrong_password_is_said_in_the_readers_language_the_address_to_the_host_only(
    data: Path, pg_url: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    wrong = with_password(pg_url, "wrong-horse")
    monkeypatch.setenv(DATABASE_ENV, wrong)
    own = said_at_start(capsys, "pl")
    english = REFUSED.text.split("{where}")[1].split("(")[0]  # " refused the connection "
    assert "odmówiła połączenia" in own and english not in own
    assert "127.0.0.1" in own and "THOUSAND_DATABASE" in own and "wrong-horse" not in own
    hosted = said_at_start(capsys, "ru", hosted_player(data, wrong))
    assert hosted == tell("ru", HOSTED)
    assert "127.0.0.1" not in hosted and "wrong-horse" not in hosted


@pytest.mark.parametrize("node", ["a:b", "", "-x", "x" * 64, "a\x1b[2Jb", "host one"])
def test_a_host_name_that_cannot_be_one_in_the_clubs_ids_is_refused_at_start(
    data: Path, capsys: pytest.CaptureFixture[str], node: str
) -> None:
    # `local:NODE` and `name:NODE:NAME` must never be the same text for two hosts.
    host = Host(data=data, club=data, database=WRONG, node=node)
    err = said_at_start(capsys, "ru", host)
    assert err == tell("ru", NODE_REFUSED, node=shown(node))
    assert "THOUSAND_NODE" in err and "\x1b" not in err and "db.club.example" not in err
    assert not (data / INDEX_NAME).exists()


def test_a_host_name_of_letters_digits_and_dots_is_taken(
    data: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    host = Host(data=data, club=data, database=WRONG, node="club-a.example_1")
    err = said_at_start(capsys, "en", host)
    assert err == tell(
        "en", URL_NOT_POSTGRES, where=repr("mysql://u:***@db.club.example/club"), form=URL_FORM
    )


def newer_schema(path: Path, backend: str | None) -> None:
    """The index as a newer version of thousand left it: one migration more, named."""
    with open_index(path, database=backend) as index, index.database.writing() as db:
        db.execute(
            "INSERT INTO schema_migrations VALUES (?, 'the seats of the moon', 'later')",
            (SCHEMA_VERSION + 1,),
        )
        db.execute("UPDATE schema_version SET version = ?", (SCHEMA_VERSION + 1,))


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_newer_schema_is_said_in_the_hosts_language_naming_the_migration(
    data: Path,
    backend: str | None,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    lang: str,
) -> None:
    path = data / INDEX_NAME
    newer_schema(path, backend)
    if backend is not None:
        monkeypatch.setenv(DATABASE_ENV, backend)
    err = said_at_start(capsys, lang)
    where = str(path) if backend is None else shown_url(backend)
    text = SCHEMA_NEWER_FILE if backend is None else SCHEMA_NEWER
    newest = f"{SCHEMA_VERSION + 1} (the seats of the moon)"
    known = f"{SCHEMA_VERSION} ({MIGRATIONS[-1].name})"
    assert err == tell(lang, text, where=where, newest=newest, known=known)
    assert newest in err and known in err
    assert ("made by a newer version" in err) == (lang == "en")
    if lang == "ru":
        assert "более новой версией" in err
    hosted = said_at_start(capsys, lang, hosted_player(data, backend) if backend else None)
    if backend is not None:  # a hosted player: no address, told to tell the host's owner
        assert hosted == tell(lang, HOSTED)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_migration_that_fails_is_said_in_the_hosts_language_naming_it(
    data: Path,
    backend: str | None,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    lang: str,
) -> None:
    path = data / INDEX_NAME
    at_version(backend, path, 2)
    db = connect(backend, path)
    db.execute("ALTER TABLE games ADD COLUMN settled INTEGER")  # what migration 3 adds
    db.close()
    if backend is not None:
        monkeypatch.setenv(DATABASE_ENV, backend)
    err = said_at_start(capsys, lang)
    assert f"3 ({MIGRATIONS[2].name})" in err and "thousand club rebuild" in err
    english = MIGRATION_FAILED.text.split("({detail})")[1].split(":")[0]  # "; nothing was changed"
    assert (english in err) == (lang == "en")
    if lang == "ru":
        assert "ничего не изменено" in err
    db = connect(backend, path)
    assert db.execute("SELECT version FROM schema_version").fetchone()[0] == 2  # unchanged
    db.close()
