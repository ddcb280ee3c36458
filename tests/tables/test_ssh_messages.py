"""What a hosted (SSH) player reads names the command as he types it (`ssh -t USER@HOST
join CODE`) and never a path of the server; at a terminal of one's own, `thousand ...`."""

from __future__ import annotations

import argparse
import types
from dataclasses import replace
from pathlib import Path

import pytest
from textual.widgets import Static

from tests.helpers.screen import screen_text
from tests.helpers.ssh import flags
from thousand_tui import ssh
from thousand_tui.cli import main
from thousand_tui.priority import HOSTED, LOCAL, SEARCH_ENV, WEB_MARK, Host
from thousand_tui.settings import TableSetup
from thousand_tui.stats import Stats
from thousand_tui.store.catalog import (
    DATA_DIR_ENV,
    LOGIN_ENV,
    SESSION_MARK,
    ensure_games_dir,
    public_text,
    typed,
)
from thousand_tui.store.index import CLUB_DIR_ENV
from thousand_tui.tui.app import create_app
from thousand_tui.tui.coach import tally_lines
from thousand_tui.tui.i18n import LANGS, MESSAGES, Translator
from thousand_tui.tui.screens.end import ConfirmQuitScreen
from thousand_tui.tui.shared import WaitingScreen, join_command, join_shared

from .helpers import opened

LOGIN = "games@cards.example.org"
# What `thousand ssh-session` makes of the game it starts (`Host.of` its environment).
AT_HOST = Host(hosted=True, login=LOGIN)


def test_a_command_is_named_as_its_player_types_it() -> None:
    assert typed("join K7QM2P", LOCAL) == "thousand join K7QM2P"
    assert typed("--resume", LOCAL, "resume") == "thousand --resume"
    assert typed("join K7QM2P", AT_HOST) == f"ssh -t {LOGIN} join K7QM2P"
    assert typed("--resume", AT_HOST, "resume") == f"ssh -t {LOGIN} resume"
    assert typed("", AT_HOST) == f"ssh -t {LOGIN}"
    # A session started before the login was told: the word HOST, as the guide writes it.
    assert typed("join K7QM2P", HOSTED) == "ssh -t HOST join K7QM2P"


def test_what_a_program_runs_as_and_where_is_read_from_its_environment_at_its_entry() -> None:
    """`Host.of`, at the entry point: the marks of a hosted game, and the folders the player
    or the host named (a relative path names none, as the XDG spec says)."""
    home = Host.of({"HOME": "/h"})
    assert (home.hosted, home.browser, home.club, home.search) == (False, False, None, None)
    assert home.data == Path("/h/.local/share/thousand_tui")
    assert home.config == Path("/h/.config/thousand_tui")
    assert Host.of({"HOME": "/h", "XDG_DATA_HOME": "/x"}).data == Path("/x/thousand_tui")
    assert Host.of({"HOME": "/h", "XDG_DATA_HOME": "x", DATA_DIR_ENV: "d"}).data == home.data
    assert Host.of({"HOME": "/h", "XDG_CONFIG_HOME": "/c"}).config == Path("/c/thousand_tui")
    at = Host.of({"HOME": "/h", SESSION_MARK: "1", LOGIN_ENV: LOGIN, DATA_DIR_ENV: "/p"})
    assert (at.hosted, at.login, at.data) == (True, LOGIN, Path("/p"))
    assert at.search == Path("/p/search")  # a hosted account's games share one search service
    assert at.club_dir == Path("/p")
    assert Host.of({"HOME": "/h", SESSION_MARK: "1", SEARCH_ENV: "off"}).search is None
    assert Host.of({"HOME": "/h", SEARCH_ENV: "/s"}).search == Path("/s")
    assert Host.of({"HOME": "/h", SEARCH_ENV: "s"}).search is None
    assert Host.of({"HOME": "/h", CLUB_DIR_ENV: "/a"}).club_dir == Path("/a")
    assert Host.of({"HOME": "/h", SESSION_MARK: "1", WEB_MARK: "1"}).browser


def test_a_process_started_is_told_what_it_runs_as_by_its_arguments() -> None:
    """A daemon or the background analysis reads back, from its arguments, the `Host` of
    the program that started it (`Host.argv`, `Host.from_args`)."""
    parser = argparse.ArgumentParser()
    Host.add_arguments(parser)
    told = [
        Host(data=Path("/d"), config=Path("/c")),
        Host(hosted=True, login=LOGIN, data=Path("/p"), club=Path("/a"), search=Path("/a/s")),
        Host(hosted=True, browser=True, data=Path("/w p"), config=Path("/c")),
    ]
    for host in told:
        assert Host.from_args(parser.parse_args(host.argv())) == replace(
            host, config=host.config_dir
        )


def ssh_options(*given: str) -> ssh.SessionFlags:
    return flags(*given)


class Tty:
    def isatty(self) -> bool:
        return True


def test_the_session_tells_the_game_how_its_player_logged_in(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(ssh, "sys", types.SimpleNamespace(stdin=Tty(), stdout=Tty()))
    seen: list[Host] = []
    env = {ssh.ORIGINAL_COMMAND: "resume", "USER": "cards"}
    options = ssh_options("--host", "play.example.org")
    account = Host(data=tmp_path)
    assert (
        ssh.run_ssh_session(options, account, env, lambda argv, host: seen.append(host) or 0) == 0
    )
    [host] = seen
    assert (host.hosted, host.login) == (True, "cards@play.example.org")
    assert (host.data, host.club, host.search) == (tmp_path, tmp_path, tmp_path / "search")
    assert env == {ssh.ORIGINAL_COMMAND: "resume", "USER": "cards"}  # nothing written there
    assert ssh.usage(ssh.host_config(options), "cards").count("ssh -t cards@play.example.org") == 1
    # Without --host: the word HOST, as before.
    assert ssh.host_config(ssh_options()).login("cards") == "cards@HOST"
    with pytest.raises(ssh.Refused, match=r"--host: .* is not a host name"):
        ssh.host_config(ssh_options("--host", "x;id"))


def test_resume_without_a_saved_game_says_how_to_start_one_and_no_path(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    env = {ssh.ORIGINAL_COMMAND: "resume", "USER": "thousand"}
    monkeypatch.setattr(ssh, "sys", types.SimpleNamespace(stdin=Tty(), stdout=Tty()))
    options = ssh_options("--host", "cards.example.org")
    assert ssh.run_ssh_session(options, Host(data=tmp_path), env, main) == 2
    error = capsys.readouterr().err
    assert "no saved game to resume; start one with: ssh -t thousand@cards.example.org" in error
    assert str(tmp_path) not in error and "/" not in error


def test_a_hosted_player_never_reads_a_path_of_the_server(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(DATA_DIR_ENV, str(tmp_path))
    record = ensure_games_dir() / "2026-01-02T030405-classic.jsonl"
    text = f"{record}: the record does not replay (deal 3); see {tmp_path}/tables/service.log"
    assert public_text(text, AT_HOST) == (
        "2026-01-02T030405-classic.jsonl: the record does not replay (deal 3); see service.log"
    )
    assert public_text(text, LOCAL) == text  # at a terminal of one's own, the file is one's own


@pytest.mark.parametrize("lang", ["en", "ru"])
async def test_the_table_words_over_ssh_name_the_ssh_command(lang: str) -> None:
    t = Translator(lang)
    app = create_app(TableSetup.of(lang=lang, seed=1, pace=0.0, host=AT_HOST))
    async with app.run_test(size=(160, 20)) as pilot:
        app.push_screen(ConfirmQuitScreen(t, saved=True))
        await pilot.pause()
        words = str(app.screen.query_one("#dialog Static", Static).render())
    assert f"ssh -t {LOGIN} resume" in words and "thousand" not in words
    lost = t("shared_lost", command=join_command("K7QM2P", AT_HOST))
    assert f"ssh -t {LOGIN} join K7QM2P" in lost
    lines = tally_lines(Stats().total, t, hosted=True)
    assert lines[-1] == t("stats_not_analysed_hosted") and "thousand" not in lines[-1]


def test_no_words_of_the_table_name_a_command_or_a_path_of_their_own() -> None:
    """The commands come from `typed` (what this player types); only the statistics of
    `thousand stats` at one's own terminal name it."""
    for key in MESSAGES:
        for text in (Translator(lang)(key) for lang in LANGS):
            if key != "stats_not_analysed":
                assert "thousand " not in text and "HOST" not in text, (key, text)
            assert "/." not in text and "~/" not in text, (key, text)


@pytest.mark.long
async def test_the_waiting_room_over_ssh_gives_the_ssh_command(base: Path) -> None:
    ann = opened(base, "Ann")
    code = ann.mirror.code
    shared = join_shared(code, name="Bob", base=base, host=AT_HOST)
    app = create_app(TableSetup.of(lang="en", pace=0.0, host=AT_HOST), seat=shared)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, WaitingScreen)
        waiting = screen_text(app)
        assert f"ssh -t {LOGIN} join {code}" in waiting
        assert "thousand join" not in waiting
    ann.close()


def test_the_line_left_after_a_shared_table_names_the_ssh_command(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from thousand_tui.tui.launch import launch

    class Mirror:
        over = False
        watcher = False

    fake = types.SimpleNamespace(code="K7QM2P", mirror=Mirror(), close=lambda: None, host=AT_HOST)
    app = create_app(TableSetup.of(host=AT_HOST), seat=fake)  # type: ignore[arg-type]
    monkeypatch.setattr(app, "run", lambda: None)  # the seat left at once
    assert launch(app) == 0
    out = capsys.readouterr().out
    assert f"come back with `ssh -t {LOGIN} join K7QM2P`" in out
