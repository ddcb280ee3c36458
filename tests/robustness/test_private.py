"""Private by default: whatever a game writes (its record, the analysis cache, the start
screen's choices, the log, the tables folder with its socket, lock and log, the per-key
folders of a hosted account) is 0700 or 0600 even where the umask would allow more; a folder
other users could open is made private with one line saying so; and another Unix user is
refused each of them."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import socket
import stat
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.helpers.folders import short_folder
from tests.helpers.scheduler import small_analysis_budgets
from tests.tables.helpers import joined, opened, play_until
from tests.tui.helpers import STRONG, about_to_win, win_the_game
from thousand_tui import private, ssh
from thousand_tui.cli import build_parser, main, session_flags
from thousand_tui.priority import SESSION_MARK, Host
from thousand_tui.settings import TableSetup
from thousand_tui.stats import CACHE_NAME
from thousand_tui.store.catalog import DATA_DIR_ENV, LOG_NAME
from thousand_tui.tables.service import socket_path
from thousand_tui.tui import create_app
from thousand_tui.tui.failures import log_failure
from thousand_tui.tui.startup import Choices, choices_path

# Each finished deal analysed by itself, as the program does: its cache is among the files.
pytestmark = pytest.mark.auto_analysis

OTHER_UID = 65534  # nobody


@pytest.fixture(autouse=True)
def usual_umask(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The umask most accounts have (0022: new files readable by everyone), and the notice
    not yet given, whatever tests ran before in this process."""
    monkeypatch.setattr(private, "_told", False)
    monkeypatch.setattr(private, "_sink", None)
    monkeypatch.setattr(private, "_words", None)
    old = os.umask(0o022)
    try:
        yield
    finally:
        os.umask(old)


@pytest.fixture(autouse=True)
def small_analysis(monkeypatch: pytest.MonkeyPatch) -> None:
    """`thousand stats --analyze` fills the cache on small budgets: what it writes, and who
    may read it, is the same however deep it looks."""
    small_analysis_budgets(monkeypatch)


@pytest.fixture
def root() -> Iterator[Path]:
    """A folder every user can pass through, as a home folder usually is (and short enough
    for a socket's path): only the modes of what the program makes inside keep others out."""
    with short_folder("tp-") as folder:
        folder.chmod(0o755)
        yield folder


def modes(top: Path) -> dict[str, str]:
    """Every folder and file under `top` (and `top`) whose mode is not 0700 for a folder or
    0600 for anything else, with that mode."""
    wrong: dict[str, str] = {}
    for path in [top, *sorted(top.rglob("*"))]:
        info = path.lstat()
        want = 0o700 if stat.S_ISDIR(info.st_mode) else 0o600
        if stat.S_IMODE(info.st_mode) != want:
            wrong[str(path.relative_to(top.parent))] = oct(stat.S_IMODE(info.st_mode))
    return wrong


# ---------------------------------------------------------------------- what a game makes


@pytest.mark.long
async def test_a_solo_game_makes_everything_private(
    root: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    data, config = root / "data", root / "config"
    monkeypatch.setenv("XDG_DATA_HOME", str(data))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(config))
    monkeypatch.delenv(DATA_DIR_ENV, raising=False)
    app = create_app(TableSetup.of(seed=3, pace=0, deals={1: STRONG}, start=about_to_win()))
    async with app.run_test(size=(80, 24)) as pilot:
        await win_the_game(pilot)
        assert app.session.game.over
    assert Choices(name="Ann").write(choices_path())
    log_failure("an opponent failed", "Traceback: ...", data / "thousand_tui" / LOG_NAME)
    assert main(["stats", "--analyze", "--jobs", "1"]) == 0  # fills the analysis cache
    folder = data / "thousand_tui"
    made = {p.name for p in folder.rglob("*")}
    assert {"games", CACHE_NAME, LOG_NAME} <= made
    assert any(p.suffix == ".jsonl" for p in (folder / "games").iterdir())
    assert (config / "thousand_tui" / "start.json").is_file()
    assert modes(data) == {}
    assert modes(config) == {}


@contextlib.contextmanager
def a_deal_at_a_shared_table(base: Path) -> Iterator[None]:
    """Ann, Bob and Cat at a table of the data folder `base`, one deal played; they leave
    afterwards."""
    ann = opened(base, "Ann")
    seats = [ann, joined(base, ann.mirror.code, "Bob"), joined(base, ann.mirror.code, "Cat")]
    try:
        play_until(seats, lambda: all(len(s.mirror.results) >= 1 for s in seats))
        yield
    finally:
        for seat in seats:
            with contextlib.suppress(Exception):
                seat.close()


@pytest.mark.long
def test_a_shared_table_makes_everything_private(
    root: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    base = root / "d"
    monkeypatch.setenv(DATA_DIR_ENV, str(base))
    with a_deal_at_a_shared_table(base):
        made = {p.relative_to(base).as_posix() for p in base.rglob("*")}
        assert {"tables", "tables/service.sock", "games"} <= made
        assert any(name.startswith("tables/") and name.endswith(".json") for name in made)
        assert modes(base) == {}


def local_environment(root: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The player's own account, its data folder under `root`: the folder's path."""
    monkeypatch.setenv("XDG_DATA_HOME", str(root / "data"))
    monkeypatch.delenv(DATA_DIR_ENV, raising=False)
    monkeypatch.delenv(SESSION_MARK, raising=False)
    return root / "data" / "thousand_tui"


def host_environment(root: Path, monkeypatch: pytest.MonkeyPatch, request: str) -> None:
    auth = root / "auth"
    auth.write_text("publickey ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOlgaKey\n")
    local_environment(root, monkeypatch)
    monkeypatch.setenv(ssh.ORIGINAL_COMMAND, request)
    monkeypatch.setenv(ssh.USER_AUTH, str(auth))


def test_a_hosted_login_makes_the_players_folders_private(
    root: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    host_environment(root, monkeypatch, "family")
    monkeypatch.setattr(sys.stdin, "isatty", lambda: True, raising=False)
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True, raising=False)
    folders: list[Path] = []
    options = session_flags(build_parser("ssh-session").parse_args(["ssh-session"]))

    def launch(argv: list[str], host: Host) -> int:
        folders.append(host.data_dir)  # the player's own folder, in the account's
        return 0

    assert ssh.run_ssh_session(options, Host.of(), os.environ, launch) == 0
    [per_key] = folders
    assert per_key.parent.name == "players"
    assert modes(root / "data") == {}


SEED = 987_654_321


@pytest.mark.long
async def test_the_analysis_cache_holds_no_seed_and_drops_lines_that_did(
    root: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The seed tells every hand and talon of a game: the record alone holds it. A cache of
    an older version, which named games by their seed, loses those lines when read."""
    monkeypatch.setenv(DATA_DIR_ENV, str(root / "d"))
    setup = TableSetup.of(seed=SEED, pace=0, deals={1: STRONG}, start=about_to_win())
    app = create_app(setup)
    async with app.run_test(size=(80, 24)) as pilot:
        await win_the_game(pilot)
    [record] = (root / "d" / "games").glob("*.jsonl")
    header = json.loads(record.read_text().splitlines()[0])
    assert header["seed"] == SEED
    cache = root / "d" / CACHE_NAME
    old = {"game": f"{record.name}|{header['created']}|{SEED}", "deal": 1, "seat": 0, "lost": 7}
    cache.write_text(json.dumps(old) + "\n")
    assert main(["stats", "--analyze", "--jobs", "1", "--json"]) == 0
    text = cache.read_text()
    assert str(SEED) not in text
    lines = [json.loads(row) for row in text.splitlines()]
    assert [(line["deal"], line["seat"]) for line in lines] == [(1, 0)]  # analysed again
    assert main(["stats", "--json"]) == 0
    assert cache.read_text() == text


# ---------------------------------------------------------------------- folders made private


def test_an_open_data_folder_is_made_private_with_one_line(
    root: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = local_environment(root, monkeypatch)
    (folder / "games").mkdir(parents=True, mode=0o755)
    folder.chmod(0o755)
    (folder / "games").chmod(0o755)
    (folder / CACHE_NAME).write_text("")
    (folder / CACHE_NAME).chmod(0o644)
    assert main(["games"]) == 0
    lines = [line for line in capsys.readouterr().err.splitlines() if "private" in line]
    assert lines == [f"thousand: Made {folder} private (it was readable by other users)."]
    assert modes(folder) == {}
    assert main(["games"]) == 0  # nothing left to say
    assert "private" not in capsys.readouterr().err


@pytest.mark.parametrize(
    ("flags", "environ", "words"),
    [
        (["--lang", "ru"], {}, "Доступ к {folder} закрыт"),
        ([], {"LC_ALL": "cs_CZ.UTF-8"}, "Přístup k {folder} uzavřen"),
    ],
)
def test_the_line_is_in_the_players_language(
    root: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    flags: list[str],
    environ: dict[str, str],
    words: str,
) -> None:
    folder = local_environment(root, monkeypatch)
    for name, value in environ.items():
        monkeypatch.setenv(name, value)
    folder.mkdir(parents=True, mode=0o755)
    folder.chmod(0o755)
    assert main(["games", *flags]) == 0
    lines = [line for line in capsys.readouterr().err.splitlines() if str(folder) in line]
    assert len(lines) == 1 and lines[0].startswith(f"thousand: {words.format(folder=folder)}")
    assert modes(folder) == {}


def test_on_a_hosted_account_the_line_goes_to_the_accounts_log(
    root: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    host_environment(root, monkeypatch, "family")
    folder = root / "data" / "thousand_tui"
    (folder / "players").mkdir(parents=True)
    folder.chmod(0o755)
    (folder / "players").chmod(0o755)
    assert main(["ssh-session", "--dry-run"]) == 0
    assert "private" not in capsys.readouterr().err  # the player's screen
    log = (folder / LOG_NAME).read_text().splitlines()
    assert len(log) == 1 and log[0].endswith(
        f"Made {folder} private (it was readable by other users)."
    )
    assert modes(folder) == {}


def test_a_folder_the_user_chose_is_not_changed(root: Path) -> None:
    """Only what the program makes is tightened: `simulate --record` into an existing folder
    of the user's own leaves the folder as it was, the record private."""
    chosen = root / "mine"
    chosen.mkdir(mode=0o755)
    chosen.chmod(0o755)
    assert main(["simulate", "--games", "1", "--record", str(chosen / "games.jsonl")]) == 0
    assert stat.S_IMODE(chosen.stat().st_mode) == 0o755
    assert stat.S_IMODE((chosen / "games.jsonl").stat().st_mode) == 0o600


# ---------------------------------------------------------------------- another Unix user


def as_other_user(paths: dict[str, Path], sock: Path) -> dict[str, str]:
    """What uid 65534 gets trying to list or read each path and to connect to `sock`: "ok"
    or the error's name (a forked child drops to that user and reports through a pipe)."""
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:  # pragma: no cover - the child
        out: dict[str, str] = {}
        try:
            os.setgroups([])
            os.setgid(OTHER_UID)
            os.setuid(OTHER_UID)
            for name, path in paths.items():
                try:
                    if path.is_dir():
                        os.listdir(path)
                    else:
                        with open(path, "rb") as handle:
                            handle.read(1)
                    out[name] = "ok"
                except OSError as error:
                    out[name] = type(error).__name__
            try:
                with socket.socket(socket.AF_UNIX) as probe:
                    probe.connect(str(sock))
                out["socket"] = "ok"
            except OSError as error:
                out["socket"] = type(error).__name__
            os.write(write_end, json.dumps(out).encode())
        finally:
            os._exit(0)
    os.close(write_end)
    with os.fdopen(read_end, "rb") as pipe:
        answer = pipe.read()
    os.waitpid(pid, 0)
    result: dict[str, str] = json.loads(answer)
    return result


@pytest.mark.long
@pytest.mark.skipif(os.geteuid() != 0, reason="needs root to act as a second Unix user")
def test_another_user_is_refused_the_data_the_records_the_cache_and_the_socket(
    root: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    base = root / "d"
    monkeypatch.setenv(DATA_DIR_ENV, str(base))
    with a_deal_at_a_shared_table(base):
        assert main(["stats", "--analyze", "--jobs", "1"]) == 0
        [record] = (base / "games").glob("*.jsonl")
        control = root / "readme.txt"  # the other user can read what is meant for everyone
        control.write_text("hello")
        control.chmod(0o644)
        paths = {
            "control": control,
            "data folder": base,
            "games folder": base / "games",
            "record": record,
            "analysis cache": base / CACHE_NAME,
            "tables folder": base / "tables",
        }
        assert all(path.exists() for path in paths.values())
        got = as_other_user(paths, socket_path(base))
    assert got.pop("control") == "ok"
    assert got == dict.fromkeys([*list(paths)[1:], "socket"], "PermissionError")


@pytest.mark.long
@pytest.mark.skipif(os.geteuid() != 0, reason="needs root to act as a second Unix user")
def test_another_user_is_refused_the_search_service(root: Path) -> None:
    """The account's search service (its folder, its log, its socket) is the account's alone,
    whatever the umask of the game that started it."""
    from thousand_tui.ai import search_service

    folder = root / "d" / "search"
    pool = search_service.SharedPool(folder, 1, log_file=root / "d" / LOG_NAME)
    try:
        assert pool.call(search_service.worker_pid, 0) in pool.service_workers
        paths = {"search folder": folder, "search log": folder / search_service.SERVICE_LOG}
        got = as_other_user(paths, folder / search_service.SOCKET_NAME)
    finally:
        pool.shutdown()
        if pool.service_pid is not None:
            os.kill(pool.service_pid, signal.SIGTERM)
    assert got == dict.fromkeys([*paths, "socket"], "PermissionError")
