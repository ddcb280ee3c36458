"""A data folder the game cannot write (on a read-only disk, or below a file): every command
that writes there says so in one line, in the player's language, and ends with status 2;
none ends in a traceback."""

from __future__ import annotations

import errno
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import thousand_tui.tui as tui
from thousand_tui.cli import main
from thousand_tui.presets import load_preset
from thousand_tui.priority import HOSTED, LOCAL
from thousand_tui.store.catalog import DATA_DIR_ENV, error_words, file_problem
from thousand_tui.store.index import CLUB_DIR_ENV
from thousand_tui.tables.client import TableError, join_table, open_table
from thousand_tui.tables.wire import TableOptions
from thousand_tui.translations import say

# The commands that write to the data folder, with what they need to get there.
WRITING = [
    ["join", "K7QM2P"],
    ["open"],
    ["play", "--seed", "1"],
    ["daily"],
    ["daily", "--board"],
    ["ratings"],
    ["club", "rebuild"],
    ["stats", "--analyze"],
]


@pytest.fixture
def below_a_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A data folder below a regular file (what a read-only disk is to root, who can write
    any folder of a writable one): nothing can be made there."""
    (tmp_path / "file").write_text("a file, not a folder")
    folder = tmp_path / "file" / "data"
    monkeypatch.setenv(DATA_DIR_ENV, str(folder))
    monkeypatch.delenv(CLUB_DIR_ENV, raising=False)
    monkeypatch.setattr(tui, "check_terminal", lambda **_: None)  # the table's checks pass
    return folder


@pytest.fixture
def read_only(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A data folder on a read-only file system: it exists, and making a folder or a file in
    it fails with EROFS, as it does there."""
    folder = tmp_path / "data"
    folder.mkdir(mode=0o700)
    monkeypatch.setenv(DATA_DIR_ENV, str(folder))
    monkeypatch.delenv(CLUB_DIR_ENV, raising=False)
    monkeypatch.setattr(tui, "check_terminal", lambda **_: None)

    def refused(real: Callable[..., Any], writes: Callable[..., bool]) -> Callable[..., Any]:
        def call(path: Any, *args: Any, **kwargs: Any) -> Any:
            if Path(os.fsdecode(path)).is_relative_to(folder) and writes(*args):
                raise OSError(errno.EROFS, os.strerror(errno.EROFS), os.fsdecode(path))
            return real(path, *args, **kwargs)

        return call

    write_flags = os.O_WRONLY | os.O_RDWR | os.O_CREAT
    monkeypatch.setattr(os, "mkdir", refused(os.mkdir, lambda *_: True))
    monkeypatch.setattr(os, "open", refused(os.open, lambda flags, *_: bool(flags & write_flags)))
    return folder


def said_once(capsys: pytest.CaptureFixture[str]) -> str:
    out, err = capsys.readouterr()
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("thousand: ")
    assert "Traceback" not in out + err and "Errno" not in err
    return lines[0]


@pytest.mark.parametrize("argv", WRITING, ids=" ".join)
def test_a_data_folder_below_a_file_is_said_in_one_line(
    below_a_file: Path, argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    status = main(argv)
    if argv[0] == "stats":  # it reads the records without the index, and says so
        assert status == 0
        assert "the records are read instead" in capsys.readouterr().err
        return
    said = said_once(capsys)
    assert status == 2
    assert "is not a folder" in said
    assert f"make {below_a_file} one, or choose another with {DATA_DIR_ENV}" in said


@pytest.mark.parametrize("argv", [a for a in WRITING if a[0] != "stats"], ids=" ".join)
def test_a_read_only_data_folder_is_said_in_one_line(
    read_only: Path, argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 2
    said = said_once(capsys)
    assert "cannot be used: the file system is read-only" in said
    assert f"make {read_only} one" in said
    assert not [p for p in read_only.iterdir() if p.name != ".thousand-lock"]


@pytest.mark.parametrize(
    "argv", [["join", "K7QM2P"], ["play", "--seed", "1"], ["daily", "--board"]], ids=" ".join
)
def test_it_is_said_in_the_players_language(
    read_only: Path, argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main([*argv, "--lang", "ru"]) == 2
    said = said_once(capsys)
    assert "файловая система только для чтения" in said
    assert "THOUSAND_DATA_DIR" in said and "cannot" not in said


def test_a_record_file_the_player_named_is_said_without_the_data_folder(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "file").write_text("")
    assert main(["simulate", "--games", "1", "--record", str(tmp_path / "file" / "r.jsonl")]) == 2
    said = said_once(capsys)
    why = "it, or a folder on its path, is not a folder"
    assert said == f"thousand: {tmp_path / 'file'} cannot be used: {why}"


def test_the_lobby_and_the_start_screen_get_the_tables_error(read_only: Path) -> None:
    """Opening or joining from a screen (the lobby, the start screen) gets the table's own
    error, which the screen shows in its language, not an OSError that ends it."""
    options = TableOptions.of(load_preset("classic"), "en")

    def opening() -> object:
        return open_table(options)

    def joining() -> object:
        return join_table("K7QM2P")

    for attempt in (opening, joining):
        with pytest.raises(TableError) as caught:
            attempt()
        assert "the file system is read-only" in str(caught.value)
        assert "файловая система только для чтения" in caught.value.in_language("ru")


def test_a_hosted_player_is_told_to_tell_the_host_without_the_servers_paths(
    read_only: Path,
) -> None:
    error = OSError(errno.EROFS, "Read-only file system", str(read_only / "games"))
    said = error_words("en", error, HOSTED)
    assert said == "games cannot be used: the file system is read-only; tell the host"
    assert str(read_only) not in said


def test_a_folder_with_control_characters_in_its_name_is_shown_escaped() -> None:
    error = OSError(errno.EACCES, "Permission denied", "/tmp/\x1b]52;c;x")
    said = say("en", file_problem(error, LOCAL))
    assert "\x1b" not in said and "\\x1b" in said


@pytest.mark.long
def test_a_real_process_ends_in_one_line_not_a_traceback(tmp_path: Path) -> None:
    (tmp_path / "file").write_text("")
    env = dict(os.environ, **{DATA_DIR_ENV: str(tmp_path / "file" / "data")})
    env.pop(CLUB_DIR_ENV, None)
    done = subprocess.run(
        [sys.executable, "-m", "thousand_tui", "daily", "--board"],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        stdin=subprocess.DEVNULL,
    )
    assert done.returncode == 2, done.stderr
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr
    assert "cannot be used" in done.stderr
