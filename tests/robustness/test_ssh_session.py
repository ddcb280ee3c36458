"""`thousand ssh-session` run as OpenSSH's ForceCommand runs it: the client's request only in
SSH_ORIGINAL_COMMAND. Whatever that holds, the session starts the game or refuses; it runs no
program and touches no file outside the data directory."""

from __future__ import annotations

import hashlib
import os
import shlex
import stat
import subprocess
import sys
import unicodedata
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import pytest

from tests.helpers.ssh import flags
from thousand_tui import ssh
from thousand_tui.cli import build_parser, main, session_flags, table_flags
from thousand_tui.presets import shipped_names
from thousand_tui.priority import SEARCH_ENV, Host
from thousand_tui.store.catalog import DATA_DIR_ENV

from .helpers import tree
from .sshd import GUIDE, guide_block

HOSTILE = [
    "; rm -rf ~",
    "--preset ../../etc/passwd",
    "../../etc/passwd",
    "/etc/passwd",
    "classic.yaml",
    "$(touch PWNED)",
    "`touch PWNED`",
    "family; touch PWNED",
    "family && touch PWNED",
    "family | sh",
    "family > PWNED",
    "family\ntouch PWNED",
    "family\rtouch PWNED",
    "family\ttouch",
    "sh -c 'touch PWNED'",
    "bash",
    "/bin/sh",
    "python3 -c 'import os'",
    "play --resume /etc/passwd",
    "resume /etc/passwd",
    "--resume=../../x",
    "replay /etc/shadow",
    "simulate --games 1000000",
    "presets ../../etc/passwd",
    "ssh-session --presets ../../etc/passwd",
    "--dry-run",
    "--player root",
    "-h family",
    "family classic",
    "ru en",
    "resume resume",
    "resume family",
    "семья",
    "family\u200b",
    "ｆａｍｉｌｙ",
    "\x1b]0;owned\x07\x1b[2J",
    "x" * 5000,
    "family " * 40,
    "${HOME}",
    "~",
    "*",
    "family%00",
    "scp -t /tmp",
    "internal-sftp",
    "git-upload-pack '/repo'",
    "rsync --server -e.LsfxC . /tmp",
]


@pytest.fixture
def host(tmp_path: Path) -> Path:
    """A home, a data directory, a working directory, and a PATH of decoys that log any
    program the session would run."""
    for name in ("home", "data", "cwd", "bin"):
        (tmp_path / name).mkdir()
    (tmp_path / "home" / "precious.txt").write_text("keep me")
    log = tmp_path / "ran.log"
    for program in ("sh", "bash", "rm", "touch", "cat", "python3", "ls", "id", "scp", "sftp"):
        decoy = tmp_path / "bin" / program
        decoy.write_text(f'#!/bin/sh\necho "{program} $*" >> {shlex.quote(str(log))}\n')
        decoy.chmod(0o755)
    return tmp_path


def environment(host: Path, command: str | None, **extra: str) -> dict[str, str]:
    env = {
        "HOME": str(host / "home"),
        "XDG_DATA_HOME": str(host / "data"),
        "PATH": str(host / "bin"),
        "LANG": "C.UTF-8",
        "USER": "thousand",
        "COLORTERM": "truecolor",
        **extra,
    }
    if command is not None:
        env[ssh.ORIGINAL_COMMAND] = command
    return env


def session(
    host: Path, command: str | None, *options: str, **extra: str
) -> subprocess.CompletedProcess[str]:
    """The entry point as sshd starts it: a plain program with arguments, no shell."""
    return subprocess.run(
        [sys.executable, "-m", "thousand_tui", "ssh-session", *options],
        env=environment(host, command, **extra),
        cwd=host / "cwd",
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=60,
    )


Run = Callable[..., subprocess.CompletedProcess[str]]


@pytest.fixture
def in_process(
    host: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> Run:
    """`thousand ssh-session` through `cli.main` in this process, where starting any program
    at all fails the test."""

    def forbidden(*args: object, **kwargs: object) -> None:
        raise AssertionError(f"the session tried to run a program: {args!r}")

    for name in ("system", "popen", "execv", "execve", "execvp", "execvpe", "posix_spawn", "fork"):
        monkeypatch.setattr(os, name, forbidden, raising=False)
    monkeypatch.setattr(subprocess, "Popen", forbidden)
    monkeypatch.chdir(host / "cwd")

    def run(command: str | None, *options: str, **extra: str) -> subprocess.CompletedProcess[str]:
        with monkeypatch.context() as env:
            env.delenv(ssh.ORIGINAL_COMMAND, raising=False)
            env.delenv(ssh.USER_AUTH, raising=False)
            env.delenv(DATA_DIR_ENV, raising=False)
            for key, value in environment(host, command, **extra).items():
                env.setenv(key, value)
            capsys.readouterr()
            status = main(["ssh-session", *options])
            out, err = capsys.readouterr()
        return subprocess.CompletedProcess(["ssh-session", *options], status, out, err)

    return run


def assert_refused(done: subprocess.CompletedProcess[str], reason: str = "") -> None:
    assert done.returncode == ssh.EXIT_REFUSED, done
    assert done.stdout == ""
    lines = done.stderr.splitlines()
    assert len(lines) == 1, done.stderr
    assert lines[0].startswith(("thousand: refused: ", "thousand: отказано: ")), done.stderr
    # No escape or control character; what the player sent is shown in ASCII (`ssh._show`),
    # the words around it are the catalog's, in the language the request asked for.
    assert lines[0].isprintable()
    assert all(
        ch.isascii() or ch.isalpha() or unicodedata.category(ch)[0] == "P" for ch in lines[0]
    )
    assert reason in lines[0]


def would_run(done: subprocess.CompletedProcess[str]) -> tuple[list[str], Path]:
    assert done.returncode == 0, done
    ran, kept = done.stdout.splitlines()
    assert ran.startswith("would run: thousand ")
    return shlex.split(ran.removeprefix("would run: thousand ")), Path(
        kept.removeprefix("games kept in: ")
    )


# ---------------------------------------------------------------------- hostile requests


# The cases of the issue and one of each kind of shell syntax, run as sshd runs the program.
AS_SSHD = [
    "; rm -rf ~",
    "--preset ../../etc/passwd",
    "$(touch PWNED)",
    "`touch PWNED`",
    "family && touch PWNED",
    "family\ntouch PWNED",
    "resume /etc/passwd",
    "internal-sftp",
]


@pytest.mark.long
@pytest.mark.parametrize("command", AS_SSHD, ids=[ascii(c) for c in AS_SSHD])
def test_hostile_requests_are_refused_and_nothing_runs(host: Path, command: str) -> None:
    before = tree(host)
    done = session(host, command)
    assert_refused(done)
    assert tree(host) == before, "the session touched a file"
    assert not (host / "ran.log").exists(), (host / "ran.log").read_text()


@pytest.mark.parametrize("command", HOSTILE, ids=[ascii(c)[:40] for c in HOSTILE])
def test_every_hostile_request_is_refused_in_process(
    host: Path, in_process: Run, command: str
) -> None:
    before = tree(host)
    assert_refused(in_process(command))
    assert_refused(in_process(command, "--dry-run"))
    assert tree(host) == before, "the session touched a file"


@pytest.mark.long
@pytest.mark.parametrize("command", ["; rm -rf ~", "$(touch PWNED)", "family;id", "`id`"])
def test_through_the_login_shell_as_sshd_runs_it(host: Path, command: str) -> None:
    """sshd runs `$SHELL -c "<ForceCommand>"`: the shell reads only the host's line; the
    client's words stay in the environment and are never expanded."""
    force_command = f"{shlex.quote(sys.executable)} -m thousand_tui ssh-session"
    before = tree(host)
    done = subprocess.run(
        ["/bin/sh", "-c", force_command],
        env=environment(host, command),
        cwd=host / "cwd",
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert_refused(done, "is not something this server offers")
    assert tree(host) == before
    assert not (host / "ran.log").exists()


def test_a_dry_run_refuses_the_same_way(host: Path, in_process: Run) -> None:
    assert_refused(in_process("--preset ../../etc/passwd", "--dry-run"), "'--preset'")
    assert_refused(in_process("family en ru", "--dry-run"), "ask for one language, not en and ru")
    # refused in the first language asked for
    assert_refused(in_process("family ru en", "--dry-run"), "просите один язык, а не ru и en")


def test_the_refusal_shows_the_request_harmlessly(host: Path, in_process: Run) -> None:
    done = in_process("\x1b[2J\x1b]0;owned\x07")
    assert_refused(done, r"'\x1b[2J\x1b]0;owned\x07' is not something this server offers")
    assert "\x1b" not in done.stderr


# ---------------------------------------------------------------------- what starts the game


@pytest.mark.parametrize(
    ("command", "argv"),
    [
        (None, ["play", "--offer", ",".join(shipped_names())]),
        ("", ["play", "--offer", ",".join(shipped_names())]),
        ("ru", ["play", "--offer", ",".join(shipped_names()), "--lang", "ru"]),
        ("family ru", ["play", "--preset", "family", "--lang", "ru"]),
        ("  RU \t Family  ", ["play", "--preset", "family", "--lang", "ru"]),
        ("en two-player", ["play", "--preset", "two-player", "--lang", "en"]),
        ("four-player", ["play", "--preset", "four-player"]),
        ("resume", ["play", "--resume"]),
        ("--resume ru", ["play", "--resume", "--lang", "ru"]),
    ],
)
def test_a_good_request_starts_the_table(
    host: Path, in_process: Run, command: str | None, argv: list[str]
) -> None:
    before = tree(host)
    ran, kept = would_run(in_process(command, "--dry-run"))
    assert ran == argv
    assert kept == host / "data" / "thousand_tui"
    assert tree(host) == before


@pytest.mark.long
def test_a_good_request_as_sshd_runs_the_program(host: Path) -> None:
    ran, kept = would_run(session(host, "family ru", "--dry-run"))
    assert ran == ["play", "--preset", "family", "--lang", "ru"]
    assert kept == host / "data" / "thousand_tui"


def test_help_lists_what_may_be_asked(host: Path, in_process: Run) -> None:
    done = in_process("help", "--presets", "family,classic")
    assert done.returncode == 0
    assert "family, classic" in done.stdout and "resume" in done.stdout
    assert "ssh -t thousand@HOST family ru" in done.stdout


def test_help_says_what_the_server_forwarded_against_the_guide(host: Path, in_process: Run) -> None:
    assert "forwarded" not in in_process("help").stdout
    done = in_process("help", SSH_AUTH_SOCK="/tmp/ssh-x/agent.1", DISPLAY="localhost:10.0")
    assert done.returncode == 0
    notes = [line for line in done.stdout.splitlines() if "forwarded" in line]
    assert [note.split(";")[0] for note in notes] == [
        "warning: this server forwarded your SSH agent to the game's account",
        "warning: this server forwarded X11 to the game's account",
    ]
    assert all("DisableForwarding yes" in note for note in notes)


def test_the_host_whitelist_default_and_ai(host: Path, in_process: Run) -> None:
    options = ("--presets", "family,classic", "--default", "family", "--ai", "normal")
    ran, _ = would_run(in_process("", *options, "--dry-run"))
    assert ran == ["play", "--offer", "family,classic", "--offer-ai", "normal"]
    ran, _ = would_run(
        in_process("", "--presets", "classic,family", "--default", "family", "--dry-run")
    )
    assert ran == ["play", "--offer", "family,classic"]  # the default is offered first
    ran, _ = would_run(in_process("family", *options, "--dry-run"))
    assert ran == ["play", "--preset", "family", "--ai", "normal"]
    ran, _ = would_run(in_process("classic ru", *options, "--dry-run"))
    assert ran == ["play", "--preset", "classic", "--ai", "normal", "--lang", "ru"]
    assert_refused(in_process("two-player", *options), "'two-player'")


def test_a_preset_file_offered_under_a_name(host: Path, in_process: Run) -> None:
    house = host / "house.yaml"
    house.write_text("extends: family\ntitle: {en: House rules}\n")
    options = ("--presets", f"house={house},classic", "--dry-run")
    ran, _ = would_run(in_process("house", *options))
    assert ran == ["play", "--preset", str(house)]
    ran, _ = would_run(in_process("", *options))
    assert ran == ["play", "--offer", f"house={house},classic"]
    assert_refused(in_process(str(house), *options))


@pytest.mark.parametrize(
    ("options", "reason"),
    [
        (("--presets", "../../etc/passwd"), "not a plain preset name"),
        (("--presets", "chess"), "not a shipped preset"),
        (("--presets", "house=house.yaml"), "needs an absolute path"),
        (("--presets", "house=/nonexistent/house.yaml"), "house"),
        (("--presets", ","), "the whitelist is empty"),
        (("--presets", "family", "--default", "classic"), "not in --presets"),
        (("--ai", "godlike"), "--ai"),
        (("--player", "../root"), "--player"),
    ],
)
def test_a_bad_host_setting_refuses_every_login(
    host: Path, in_process: Run, options: tuple[str, ...], reason: str
) -> None:
    before = tree(host)
    assert_refused(in_process("family", *options), reason)
    assert tree(host) == before


@pytest.mark.long
def test_without_a_terminal_the_game_does_not_start(host: Path) -> None:
    before = tree(host)
    assert_refused(session(host, "family"), "the game needs a terminal: connect with ssh -t")
    assert_refused(session(host, "family ru"), "игре нужен терминал: подключайтесь через ssh -t")
    assert tree(host) == before


# ---------------------------------------------------------------------- whose games


def auth_file(host: Path, name: str, key: str) -> str:
    path = host / name
    path.write_text(f"password\npublickey ssh-ed25519 {key}\n")
    return str(path)


def test_players_keep_their_games_apart_by_login_key(host: Path, in_process: Run) -> None:
    key = "AAAAC3NzaC1lZDI1NTE5AAAAIOlga"
    one = auth_file(host, "auth1", key)
    two = auth_file(host, "auth2", "AAAAC3NzaC1lZDI1NTE5AAAAIBoris")
    _, first = would_run(in_process("", "--dry-run", SSH_USER_AUTH=one))
    _, again = would_run(in_process("resume", "--dry-run", SSH_USER_AUTH=one))
    _, other = would_run(in_process("", "--dry-run", SSH_USER_AUTH=two))
    digest = hashlib.sha256(f"ssh-ed25519 {key}".encode()).hexdigest()[:16]
    assert first == again == host / "data" / "thousand_tui" / "players" / f"key-{digest}"
    assert other != first and other.parent == first.parent
    _, shared = would_run(in_process("", "--dry-run", SSH_USER_AUTH="relative/file"))
    assert shared == host / "data" / "thousand_tui"


def test_a_named_player(host: Path, in_process: Run) -> None:
    _, kept = would_run(in_process("", "--player", "olga", "--dry-run"))
    assert kept == host / "data" / "thousand_tui" / "players" / "olga"


def test_the_session_starts_the_table_in_its_own_process(
    host: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With a terminal, the checked request goes to `thousand play` in this process, with
    the player's own data directory: the `Host` it is launched with says so, and nothing is
    written in the environment."""
    monkeypatch.setattr(sys.stdin, "isatty", lambda: True, raising=False)
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True, raising=False)
    started: list[tuple[list[str], Host | None]] = []
    env = environment(host, "family ru", SSH_USER_AUTH=auth_file(host, "auth", "AAAAkey"))
    before = dict(env)
    monkeypatch.setattr(ssh, "give_way", lambda: started.append((["give way"], None)))

    def launch(argv: list[str], runs_as: Host) -> int:
        started.append((argv, runs_as))
        return 0

    options = flags("--ai", "easy")
    assert ssh.run_ssh_session(options, Host.of(env), env, launch) == 0
    [(gives_way, _), (argv, runs_as)] = started  # at the hosted priority before the table
    assert gives_way == ["give way"]
    assert argv == ["play", "--preset", "family", "--ai", "easy", "--lang", "ru"]
    assert runs_as is not None and runs_as.hosted and runs_as.login == "thousand@HOST"
    account = host / "data" / "thousand_tui"
    assert runs_as.data_dir.parent == account / "players"
    assert runs_as.club_dir == account  # the club index is the host's, for every player
    assert stat.S_IMODE(runs_as.data_dir.stat().st_mode) == 0o700
    assert env == before


def test_parse_request_directly() -> None:
    allowed = ["classic", "family"]
    assert ssh.parse_request("Family RU", allowed) == ssh.Request("family", "ru")
    assert ssh.parse_request(None, allowed) == ssh.Request()
    assert ssh.parse_request("resume", allowed) == ssh.Request(resume=True)
    assert ssh.parse_request("--help", allowed) == ssh.Request(help=True)
    for bad in ("two-player", "family family", "help family", "resume classic"):
        with pytest.raises(ssh.Refused):
            ssh.parse_request(bad, allowed)


# ---------------------------------------------------------------------- the hosting guide


def test_the_guide_sshd_block_locks_the_account_down() -> None:
    block = guide_block("sshd_config")
    settings = {
        words[0]: " ".join(words[1:])
        for words in (line.split() for line in block.splitlines())
        if words
    }
    assert settings["Match"] == "User thousand"
    for key, value in {
        "PermitTTY": "yes",
        "AllowTcpForwarding": "no",
        "X11Forwarding": "no",
        "AllowAgentForwarding": "no",
        "PermitTunnel": "no",
        "DisableForwarding": "yes",
        "MaxSessions": "1",
    }.items():
        assert settings[key] == value, key
    assert "COLORTERM=truecolor" in settings["SetEnv"] and "UTF-8" in settings["SetEnv"]
    assert "PermitUserEnvironment" in GUIDE.read_text(encoding="utf-8")
    force = shlex.split(settings["ForceCommand"])
    assert force[0].endswith("/thousand") and force[1] == "ssh-session"
    assert "SSH_ORIGINAL_COMMAND" not in settings["ForceCommand"]
    config = ssh.host_config(session_flags(build_parser().parse_args(force[1:])))
    assert list(config.presets) == ["classic", "family", "online-site", "two-player", "four-player"]


def test_the_guide_examples_print_what_they_say(in_process: Run) -> None:
    block = guide_block("sh", "--dry-run").splitlines()
    ran, refused = block[2].removeprefix("# "), block[5].removeprefix("# ")
    options = ("--presets", "classic,family")
    assert in_process("family ru", *options, "--dry-run").stdout.splitlines()[0] == ran
    assert in_process("; id", *options).stderr.strip() == refused


def test_a_hosted_resume_keeps_the_language_of_the_game(
    host: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`ssh -t thousand@host family ru`, later `ssh -t thousand@host resume` with an English
    locale: the game goes on in Russian; `resume en` switches to English."""
    from thousand_tui.settings import setup_from_options
    from thousand_tui.tui.session import new_session

    monkeypatch.setattr(sys.stdin, "isatty", lambda: True, raising=False)
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True, raising=False)
    auth = auth_file(host, "auth", "AAAAC3NzaC1lZDI1NTE5AAAAIOlga")
    languages: list[str] = []

    def launch(argv: list[str], runs_as: Host) -> int:
        flags = replace(table_flags(build_parser().parse_args(argv)), host=runs_as)
        setup = setup_from_options(flags, env)
        if setup.resume is None:
            new_session(setup).close()  # the game starts and is saved, as at the table
        else:
            assert setup.resume.parent == runs_as.data_dir / "games"  # the player's folder
        languages.append(setup.lang)
        return 0

    options = flags()
    for command in ("family ru", "resume", "resume en"):
        env = environment(host, command, SSH_USER_AUTH=auth)
        assert ssh.run_ssh_session(options, Host.of(env), env, launch) == 0
    assert languages == ["ru", "ru", "en"]


def test_the_guide_snippet_names_each_keys_folder(tmp_path: Path) -> None:
    keys = ["AAAAC3NzaC1lZDI1NTE5AAAAIOlga", "AAAAB3NzaC1yc2EAAAADAQABAAABAQBoris"]
    lines = [f"ssh-ed25519 {keys[0]} olga@laptop", f"ssh-rsa {keys[1]} boris"]
    authorized = tmp_path / "authorized_keys"
    authorized.write_text("\n".join(lines) + "\n")
    snippet = guide_block("sh", "sha256sum").replace(
        "/home/thousand/.ssh/authorized_keys", shlex.quote(str(authorized))
    )
    done = subprocess.run(["sh", "-c", snippet], capture_output=True, text=True, timeout=30)
    assert done.returncode == 0, done.stderr
    config = ssh.HostConfig({"classic": "classic"}, "classic")
    expected = []
    for line, comment in zip(lines, ("olga@laptop", "boris"), strict=True):
        auth = tmp_path / f"auth-{comment}"
        auth.write_text("publickey " + " ".join(line.split()[:2]) + "\n")
        expected.append(f"{ssh.player_id(config, {ssh.USER_AUTH: str(auth)})}  {comment}")
    assert done.stdout.splitlines() == expected


def test_every_player_of_the_account_searches_on_one_service(
    host: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each player's games are kept in a folder of their own, but the search service is the
    account's: the same folder for every key."""
    monkeypatch.setattr(sys.stdin, "isatty", lambda: True, raising=False)
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True, raising=False)
    monkeypatch.setattr(ssh, "give_way", lambda: None)
    hosts: list[Host] = []

    def launch(argv: list[str], runs_as: Host) -> int:
        hosts.append(runs_as)
        return 0

    for key in ("AAAAone", "AAAAtwo"):
        env = environment(host, "classic", SSH_USER_AUTH=auth_file(host, key, key))
        assert ssh.run_ssh_session(flags(), Host.of(env), env, launch) == 0
    assert [runs_as.data_dir.parent.name for runs_as in hosts] == ["players", "players"]
    assert hosts[0].data_dir != hosts[1].data_dir
    assert hosts[0].search == hosts[1].search == host / "data" / "thousand_tui" / "search"
    # The host's own setting stands: `off`, each game its own workers.
    env = environment(host, "classic", SSH_USER_AUTH=auth_file(host, "AAAAone", "AAAAone"))
    env[SEARCH_ENV] = "off"
    assert ssh.run_ssh_session(flags(), Host.of(env), env, launch) == 0
    assert hosts[-1].search is None


# ---------------------------------------------------------------------- the player's language


def test_the_front_door_speaks_the_language_asked_for_else_the_locales(
    host: Path, in_process: Run
) -> None:
    done = in_process("help", "--presets", "family,classic", LANG="ru_RU.UTF-8")
    assert done.returncode == 0
    lines = done.stdout.splitlines()
    assert lines[0].startswith("Просите: пресет (family, classic; без него — начальный экран)")
    assert lines[1].startswith("предупреждение: этот сервер не различает игроков")
    assert "хозяину сервера следует добавить `ExposeAuthInfo yes`" in lines[1]
    english = in_process("help", "--presets", "family,classic")
    assert english.stdout.startswith("Ask for: a preset (family, classic; none for the start")
    assert_refused(
        in_process("family lobby", LANG="ru_RU.UTF-8"),
        "к лобби можно добавить только язык, например lobby ru; пресет выбирается в нём самом",
    )
    # the language word of the request before the locale
    assert_refused(
        in_process("lobby en family", LANG="ru_RU.UTF-8"),
        "the lobby takes a language only, e.g. lobby ru; presets are chosen in it",
    )
    assert_refused(in_process("ru open"), "общим столам нужно различать игроков")
    done = in_process("name", "--player", "olga", LANG="ru_RU.UTF-8")
    assert (done.returncode, done.stdout) == (0, "здесь вы играете как olga\n")


def test_ssh_check_reads_the_help_of_a_session_in_any_language(host: Path, in_process: Run) -> None:
    from thousand_tui import ssh_check

    for lang in ("C.UTF-8", "ru_RU.UTF-8"):
        answer = in_process("help", SSH_AUTH_SOCK="/tmp/ssh-x/agent.1", LANG=lang).stdout
        assert ssh_check._tells(answer, ssh.USAGE), lang
        assert ssh_check._tells(answer, ssh.IDENTITY_NOTE), lang
        assert not ssh_check._tells(answer, ssh.IDENTITY_KEY), lang
        forwarded = [
            line for line in answer.splitlines() if line.startswith(ssh.marks(ssh.FORWARDING_NOTE))
        ]
        assert len(forwarded) == 1, lang
