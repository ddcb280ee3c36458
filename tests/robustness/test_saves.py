"""Saved games: where they live, how they are listed, and resuming them after any stop."""

from __future__ import annotations

import io
import json
import os
import signal
import stat
import subprocess
import sys
import textwrap
from datetime import UTC, datetime
from pathlib import Path

import pytest

from thousand_tui.cli import main
from thousand_tui.engine.game import Game, PlayerInfo
from thousand_tui.engine.record import RecordError, rebuild
from thousand_tui.presets import load_preset
from thousand_tui.store import catalog as saves
from thousand_tui.store.records import RecordWriter, read_record
from thousand_tui.translations import say
from thousand_tui.tui.repair import offer_repair

from .helpers import advance, finished_record, new_game, record

NOW = datetime(2026, 11, 29, 18, 0, 0, tzinfo=UTC)


# ---------------------------------------------------------------------- where


def test_data_dir_follows_xdg_data_home(data_home: Path) -> None:
    assert saves.data_dir() == data_home / "thousand_tui"
    assert saves.games_dir() == data_home / "thousand_tui" / "games"


def test_data_dir_default_and_relative_xdg(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.delenv(saves.DATA_DIR_ENV, raising=False)
    for value in (None, "", "relative/data"):
        if value is None:
            monkeypatch.delenv("XDG_DATA_HOME", raising=False)
        else:
            monkeypatch.setenv("XDG_DATA_HOME", value)
        assert saves.data_dir() == tmp_path / ".local" / "share" / "thousand_tui"


def test_own_data_dir_overrides_xdg(data_home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    own = data_home.parent / "players" / "olga"
    monkeypatch.setenv(saves.DATA_DIR_ENV, str(own))
    assert saves.games_dir() == own / "games"
    monkeypatch.setenv(saves.DATA_DIR_ENV, "not/absolute")
    assert saves.data_dir() == data_home / "thousand_tui"


def test_new_record_path_sorts_by_date_and_keeps_to_the_games_dir(data_home: Path) -> None:
    path = saves.new_record_path("classic", NOW)
    assert path == saves.games_dir() / "2026-11-29T180000-classic.jsonl"
    for hostile in ("../../etc/passwd", "/etc/passwd", "a b\nc", "семья", "", "x" * 300):
        made = saves.new_record_path(hostile, NOW)
        assert made.parent == saves.games_dir()
        assert made.name.isascii() and len(made.name) < 80
        assert "/" not in made.name.removesuffix(".jsonl")


def test_new_record_path_does_not_reuse_a_name(data_home: Path) -> None:
    first = saves.new_record_path("classic", NOW)
    first.parent.mkdir(parents=True)
    first.write_text("x")
    second = saves.new_record_path("classic", NOW)
    assert second != first and second.name == "2026-11-29T180000-classic-2.jsonl"


def test_open_new_record_gives_each_game_its_own_private_locked_file(data_home: Path) -> None:
    one = saves.open_new_record("family", NOW)
    two = saves.open_new_record("family", NOW)
    try:
        assert one.path != two.path
        assert stat.S_IMODE(saves.games_dir().stat().st_mode) == 0o700
        assert stat.S_IMODE(one.path.stat().st_mode) & 0o077 == 0
        with pytest.raises(RecordError, match="open in another window"):
            RecordWriter(one.path, exclusive=True)
    finally:
        one.close()
        two.close()
    RecordWriter(one.path, exclusive=True).close()


# ---------------------------------------------------------------------- listing


def test_describe_an_unfinished_game(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    game = record(path, "classic", decisions=200)
    save = saves.describe_save(path)
    assert save.error is None and not save.finished and save.resumable
    assert save.players == ["Ольга", "Boris", "Vera"]
    assert save.preset == "classic"
    assert save.deals == sum(1 for line in game.lines if line["type"] == "deal")
    assert save.scores == list(game.match.scores)
    assert save.created == "2026-11-29T18:00:00Z"


def test_describe_a_finished_game(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    game = finished_record(path, "two-player")
    save = saves.describe_save(path)
    assert save.finished and not save.resumable
    assert save.winner == game.winner
    assert save.scores == list(game.match.scores)


def test_describe_never_raises_and_cleans_what_it_prints(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    header = new_game().lines[0] | {
        "players": [{"name": "\x1b[2J\x07evil" + "x" * 40, "kind": "human"}, {}, {"kind": "ai"}],
        "preset": "\ud800classic",
        "start": {"state": {"scores": "lots"}},
    }
    lines = [header, {"type": "result", "state": {"scores": [1, "two", 3]}}, {"type": "end"}]
    path.write_text("\n".join(json.dumps(line) for line in lines) + "\n")
    save = saves.describe_save(path)
    assert save.error is None and save.finished and save.winner is None
    assert all(name.isprintable() and len(name) <= saves.MAX_NAME for name in save.players)
    assert save.players[1:] == ["Player 2", "Player 3"]
    assert save.preset == "\ufffdclassic"  # shown as the replacement character
    assert save.scores == [0, 0, 0]
    saves.format_games([save], tmp_path).encode("utf-8")


@pytest.mark.parametrize(
    ("content", "reason"),
    [
        (b"hello\n", "not a game record"),
        (b"\xff\xfe\x00garbage\n", "not UTF-8"),
        (b'{"type": "game", "format": "thousand-record", "version": 99}\n', "newer"),
        (b'{"type": "game", "format": "chess-pgn", "version": 1}\n', "not a thousand-record"),
        (b"[1, 2, 3]\n", "each line must be an object"),
    ],
)
def test_unreadable_saves_are_listed_with_the_reason(
    tmp_path: Path, content: bytes, reason: str
) -> None:
    path = tmp_path / "bad.jsonl"
    path.write_bytes(content)
    save = saves.describe_save(path)
    assert save.error is not None and reason in save.error
    assert not save.resumable
    assert "unreadable" in saves.format_games([save], tmp_path)


def test_list_games_newest_first_and_latest_unfinished(data_home: Path) -> None:
    folder = saves.games_dir()
    folder.mkdir(parents=True)
    old = folder / "a-old.jsonl"
    done = folder / "b-done.jsonl"
    broken = folder / "c-broken.jsonl"
    record(old, "classic", decisions=30)
    finished_record(done, "classic")
    broken.write_text("not a record\n")
    (folder / "d-empty.jsonl").write_bytes(b"")  # a game that never wrote a line
    (folder / "notes.txt").write_text("not a save")
    for age, path in enumerate((broken, done, old)):
        os.utime(path, (1_000_000 - age, 1_000_000 - age))
    listed = saves.list_games()
    assert [save.path.name for save in listed] == ["c-broken.jsonl", "b-done.jsonl", "a-old.jsonl"]
    assert saves.latest_unfinished() == old
    newer = folder / "e-new.jsonl"
    record(newer, "family", decisions=10)
    assert saves.latest_unfinished() == newer


def test_latest_unfinished_skips_a_game_open_elsewhere(data_home: Path) -> None:
    folder = saves.games_dir()
    folder.mkdir(parents=True)
    older, newer = folder / "older.jsonl", folder / "newer.jsonl"
    record(older, decisions=20)
    record(newer, decisions=20)
    os.utime(older, (1_000_000, 1_000_000))
    resumed = saves.resume(newer)
    try:
        assert saves.describe_save(newer).in_use
        assert saves.latest_unfinished() == older
        assert "being played" in saves.format_games(saves.list_games(), folder)
    finally:
        resumed.writer.close()
    assert saves.latest_unfinished() == newer


def shared_record(path: Path, table: str | None, humans: int = 2) -> None:
    """A game of a shared table stopped mid-deal: people at the first `humans` seats, the
    table's code in its header unless `table` is None (a record made before it said so)."""
    rules = load_preset("classic").rules
    players = [
        PlayerInfo(name, "human") if seat < humans else PlayerInfo(name, "ai", "easy")
        for seat, name in enumerate(("Ann", "Bob", "Cat"))
    ]
    with RecordWriter(path) as writer:
        advance(Game(rules, 7, players, sink=writer.write, table=table), 20)


def test_a_shared_tables_game_is_never_resumed_as_ones_own(
    data_home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = saves.games_dir()
    folder.mkdir(parents=True)
    own, shared = folder / "a-own.jsonl", folder / "b-shared.jsonl"
    record(own, decisions=20)
    shared_record(shared, "K7QM2P", humans=1)  # one person and AIs: still the table's
    os.utime(own, (1_000_000, 1_000_000))  # the shared one is the latest played
    assert saves.latest_unfinished() == own
    save = saves.describe_save(shared)
    assert save.shared and save.table == "K7QM2P" and not save.resumable
    assert main(["--resume", str(shared)]) == 2
    said = capsys.readouterr().err
    assert "b-shared.jsonl is the game of table K7QM2P; it goes on only at its table" in said
    assert "`thousand join K7QM2P`" in said
    assert main(["games"]) == 0
    assert "at table K7QM2P" in capsys.readouterr().out
    own.unlink()
    assert main(["--resume"]) == 2
    said = capsys.readouterr().err
    assert "no unfinished game to resume" in said and "`thousand join K7QM2P`" in said


def test_an_older_shared_record_is_known_by_its_tables_file_or_its_people(data_home: Path) -> None:
    """Records made before the header named the table: the table service's own file names
    the record; without it, two people at one game say it is a shared one."""
    folder = saves.games_dir()
    folder.mkdir(parents=True)
    listed, orphan = folder / "listed.jsonl", folder / "orphan.jsonl"
    shared_record(listed, None, humans=1)
    shared_record(orphan, None, humans=2)
    tables = saves.data_dir() / "tables"
    tables.mkdir()
    (tables / "Q2VA7M.json").write_text(json.dumps({"code": "Q2VA7M", "record": "listed.jsonl"}))
    (tables / "broken.json").write_text("[1, 2]")
    assert saves.describe_save(listed).table == "Q2VA7M"
    assert saves.describe_save(orphan).shared and saves.describe_save(orphan).table == ""
    assert saves.latest_unfinished() is None


def test_all_players_lists_every_players_games(
    data_home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A hosted account: games in the shared folder and in each player's folder."""
    base = data_home / "thousand_tui"
    folders = {
        "shared": base / "games",
        "olga": base / "players" / "olga" / "games",
        "key": base / "players" / "key-0123456789abcdef" / "games",
    }
    for folder in folders.values():
        folder.mkdir(parents=True)
    record(folders["shared"] / "2026-11-01T100000-classic.jsonl", "classic", decisions=20)
    record(folders["olga"] / "2026-11-02T100000-family.jsonl", "family", decisions=20)
    finished_record(folders["olga"] / "2026-11-03T100000-classic.jsonl")
    record(folders["key"] / "2026-11-04T100000-two-player.jsonl", "two-player", decisions=20)
    (base / "players" / "empty" / "games").mkdir(parents=True)
    (base / "players" / "not-a-player.txt").write_text("a stray file")
    elsewhere = data_home / "elsewhere" / "games"  # a folder outside, linked in
    elsewhere.mkdir(parents=True)
    record(elsewhere / "2026-11-05T100000-classic.jsonl", decisions=20)
    (base / "players" / "linked").symlink_to(elsewhere.parent)

    assert main(["games"]) == 0
    plain = capsys.readouterr().out
    assert "2026-11-01T100000-classic.jsonl" in plain and "family" not in plain
    assert "2 players of this hosted account have games of their own" in plain

    assert main(["games", "--all-players"]) == 0
    out = capsys.readouterr().out
    for folder in folders.values():
        for path in folder.glob("*.jsonl"):
            assert path.name in out
    titles = [line for line in out.splitlines() if line.endswith("):")]
    assert titles == [
        "The shared folder (games):",
        "Player key-0123456789abcdef (players/key-0123456789abcdef/games):",
        "Player olga (players/olga/games):",
    ]
    rows = [line for line in out.splitlines() if line.endswith(".jsonl")]
    assert len(rows) == 4
    assert sum(" unfinished " in row for row in rows) == 3
    assert sum(" won by " in row for row in rows) == 1
    assert "2026-11-05" not in out  # a linked folder is not followed
    assert "4 games of 2 players" in out


def test_all_players_with_no_games(data_home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["games", "--all-players"]) == 0
    assert capsys.readouterr().out.startswith("No saved games yet under ")


def test_no_saves_at_all(data_home: Path) -> None:
    assert saves.list_games() == []
    assert saves.latest_unfinished() is None


def test_thousand_games_lists_every_save(data_home: Path, capsys: pytest.CaptureFixture) -> None:
    assert main(["games"]) == 0
    assert "No saved games yet" in capsys.readouterr().out
    folder = saves.games_dir()
    folder.mkdir(parents=True)
    record(folder / "2026-11-29T180000-family.jsonl", "family", decisions=100)
    game = finished_record(folder / "2026-11-28T100000-classic.jsonl", "classic")
    (folder / "2026-11-27T100000-x.jsonl").write_text("{oops\n")
    assert main(["games"]) == 0
    out = capsys.readouterr().out
    assert str(folder) in out
    rows = {line.split()[-1]: line for line in out.splitlines() if line.endswith(".jsonl")}
    assert "unfinished" in rows["2026-11-29T180000-family.jsonl"]
    assert "family" in rows["2026-11-29T180000-family.jsonl"]
    assert f"won by {game.names[game.winner]}" in rows["2026-11-28T100000-classic.jsonl"]
    scores = ", ".join(f"{n} {s}" for n, s in zip(game.names, game.match.scores, strict=True))
    assert scores in rows["2026-11-28T100000-classic.jsonl"]
    assert "unreadable: not a game record" in rows["2026-11-27T100000-x.jsonl"]
    assert "thousand --resume" in out


# ---------------------------------------------------------------------- resuming


def reference(tmp_path: Path, preset: str, decisions: int) -> bytes:
    """The record of the same game played in one go."""
    path = tmp_path / f"reference-{preset}.jsonl"
    record(path, preset, decisions=decisions)
    return path.read_bytes()


def resume_and_play(path: Path, decisions: int) -> saves.Resumed:
    resumed = saves.resume(path)
    try:
        advance(resumed.game, decisions)
    finally:
        resumed.writer.close()
    return resumed


@pytest.mark.parametrize("preset", ["classic", "two-player", "four-player"])
def test_a_resumed_game_goes_on_exactly_where_it_stopped(tmp_path: Path, preset: str) -> None:
    expected = reference(tmp_path, preset, 120)
    path = tmp_path / "g.jsonl"
    record(path, preset, decisions=50)
    resumed = resume_and_play(path, 70)
    assert resumed.warnings == []
    assert path.read_bytes() == expected


def test_resume_after_every_decision(tmp_path: Path) -> None:
    expected = reference(tmp_path, "family", 60)
    path = tmp_path / "g.jsonl"
    record(path, "family", decisions=1)
    for _ in range(59):
        resume_and_play(path, 1)
    assert path.read_bytes() == expected


def test_a_cut_off_last_line_is_dropped_and_the_game_goes_on(tmp_path: Path) -> None:
    expected = reference(tmp_path, "classic", 80)
    whole = tmp_path / "whole.jsonl"
    record(whole, "classic", decisions=40)
    data = whole.read_bytes()
    last = data.rstrip(b"\n").rfind(b"\n") + 1
    path = tmp_path / "g.jsonl"
    # anywhere in the last line but after its closing brace (that is only a lost newline)
    for cut in sorted({last + 1, last + 7, (last + len(data)) // 2, len(data) - 2}):
        path.write_bytes(data[:cut])
        rebuilt = read_record(path)
        assert rebuilt.truncated
        resumed = resume_and_play(path, 40)
        assert len(resumed.warnings) == 1
        assert "cut off" in say("en", resumed.warnings[0])
        assert "goes on from the last complete line" in say("en", resumed.warnings[0])
        assert "ostatni wiersz został ucięty" in say("pl", resumed.warnings[0])
        assert path.read_bytes() == expected


def test_a_last_line_cut_inside_a_letter_counts_as_cut_off(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    record(path, decisions=10)
    note = json.dumps({"type": "note", "text": "Ольга"}, ensure_ascii=False).encode()
    whole = path.read_bytes()
    path.write_bytes(whole + note[: note.index("Ольга".encode()) + 3])
    loaded = read_record(path)
    assert loaded.truncated and "cut off" in say("en", loaded.warnings[0])
    resume_and_play(path, 0)
    assert path.read_bytes() == whole


def test_a_last_line_without_its_newline_is_kept_and_ended(tmp_path: Path) -> None:
    expected = reference(tmp_path, "classic", 30)
    path = tmp_path / "g.jsonl"
    record(path, decisions=10)
    path.write_bytes(path.read_bytes().rstrip(b"\n"))
    resumed = resume_and_play(path, 20)
    assert resumed.warnings == []
    assert path.read_bytes() == expected


def test_lines_the_game_made_but_the_file_lost_are_written_back(tmp_path: Path) -> None:
    """A stop between two lines of one decision (an action, then the deal's result and the
    next deal) loses the later lines; resuming makes them again."""
    path = tmp_path / "g.jsonl"
    game = record(path, decisions=200)
    lines = path.read_bytes().splitlines(keepends=True)
    last_result = max(i for i, line in enumerate(game.lines) if line["type"] == "result")
    path.write_bytes(b"".join(lines[:last_result]))
    resume_and_play(path, 0)
    repaired = path.read_bytes().splitlines(keepends=True)
    assert len(repaired) > last_result + 1  # the result, the next deal and what follows it
    assert repaired == lines[: len(repaired)]
    assert rebuild(read_record(path).games[-1])[1] is None


def write_lines(path: Path, lines: list[dict]) -> None:
    path.write_text("".join(json.dumps(line) + "\n" for line in lines))


@pytest.mark.parametrize(
    ("damage", "message"),
    [
        (lambda lines: [{"not": "a record"}], "each line must be an object with a 'type'"),
        (lambda lines: [lines[0] | {"version": 2}, *lines[1:]], "newer than this program"),
        (lambda lines: [lines[0] | {"format": "x"}, *lines[1:]], "not a thousand-record file"),
        (lambda lines: [*lines[:-1], lines[-1] | {"act": "fly"}], "does not replay"),
        (lambda lines: [*lines[:3], {"type": "end", "winner": 0}], "this game is over"),
        (lambda lines: [lines[0] | {"rules": {"players": 7}}, *lines[1:]], "rules are not valid"),
    ],
)
def test_a_bad_record_is_refused_and_left_as_it_is(tmp_path: Path, damage, message: str) -> None:
    path = tmp_path / "g.jsonl"
    game = record(path, decisions=30)
    while game.lines[-1]["type"] != "action" or game.lines[-1].get("auto"):
        advance(game, 1)
    write_lines(path, damage(game.lines))
    before = path.read_bytes()
    os.utime(path, (1_000_000, 1_000_000))
    with pytest.raises(RecordError, match=message):
        saves.resume(path)
    assert path.read_bytes() == before
    assert path.stat().st_mtime == 1_000_000
    RecordWriter(path, exclusive=True).close()  # and it is not left locked


def test_resume_of_a_missing_file_creates_nothing(tmp_path: Path) -> None:
    with pytest.raises(RecordError, match="no such file"):
        saves.resume(tmp_path / "gone.jsonl")
    with pytest.raises(RecordError, match="not a regular file"):
        saves.resume(tmp_path)
    assert list(tmp_path.iterdir()) == []


def test_a_game_open_in_one_session_cannot_be_resumed_in_another(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    record(path, decisions=20)
    first = saves.resume(path)
    before = path.read_bytes()
    with pytest.raises(RecordError, match="open in another window or session"):
        saves.resume(path)
    assert path.read_bytes() == before
    first.writer.close()
    saves.resume(path).writer.close()


HOLDER = textwrap.dedent(
    """
    import signal, sys, time
    from pathlib import Path
    from thousand_tui.store import catalog as saves
    # A session under sshd dies of a hang-up; a runner started with nohup must not hide that.
    signal.signal(signal.SIGHUP, signal.SIG_DFL)
    resumed = saves.resume(Path(sys.argv[1]))
    print("open", flush=True)
    time.sleep(60)
    """
)


@pytest.mark.parametrize("signum", [signal.SIGKILL, signal.SIGHUP, signal.SIGTERM])
def test_a_session_killed_by_any_signal_leaves_its_game_resumable(
    tmp_path: Path, signum: int
) -> None:
    """The SSH link drops (SIGHUP), the host stops (SIGTERM) or the process is killed: the
    record keeps every line written so far and the lock goes with the process."""
    path = tmp_path / "g.jsonl"
    record(path, decisions=25)
    before = path.read_bytes()
    holder = subprocess.Popen(
        [sys.executable, "-c", HOLDER, str(path)], stdout=subprocess.PIPE, text=True
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "open"
        assert saves.describe_save(path).in_use
        holder.send_signal(signum)
        holder.wait(timeout=30)
    finally:
        holder.kill()
        holder.wait()
    assert path.read_bytes() == before
    assert saves.describe_save(path).resumable
    resume_and_play(path, 5)


def _left_at_once(path: Path) -> None:
    with RecordWriter(path) as writer:
        game = new_game("classic", 7, writer)
        while game.to_move != 0:  # the opponents' decisions only
            advance(game, 1)


def test_the_game_resume_continues_is_listed_even_before_your_first_decision(
    data_home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Quitting before one's first decision says `thousand --resume` continues the game:
    `thousand games` lists that game; older tables left at once stay out, and `--clean`
    deletes only those."""
    folder = saves.games_dir()
    folder.mkdir(parents=True)
    left, older = folder / "c-left.jsonl", folder / "b-older.jsonl"
    _left_at_once(left)
    _left_at_once(older)
    played = folder / "a-played.jsonl"
    record(played, "classic", decisions=30)
    os.utime(older, (2_000_000, 2_000_000))
    os.utime(played, (1_000_000, 1_000_000))
    assert saves.describe_save(left).untouched and not saves.describe_save(played).untouched
    assert saves.latest_unfinished() == left  # `--resume` goes back to it
    assert [save.path for save in saves.list_games()] == [left, played]
    assert main(["games"]) == 0
    out = capsys.readouterr().out
    assert "c-left.jsonl" in out and "a-played.jsonl" in out and "b-older.jsonl" not in out
    row = next(line for line in out.splitlines() if "c-left.jsonl" in line)
    assert "unfinished, before your first decision" in row
    assert "1 unfinished game without a decision of yours not listed" in out
    assert main(["games", "--clean"]) == 0
    assert capsys.readouterr().out == "deleted b-older.jsonl\n"
    assert left.exists() and not older.exists() and played.exists()
    assert main(["games", "--clean"]) == 0
    assert capsys.readouterr().out == "nothing to delete\n"


def test_thousand_games_deletes_by_number(
    data_home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = saves.games_dir()
    folder.mkdir(parents=True)
    first, second = folder / "a.jsonl", folder / "b.jsonl"
    record(first, "classic", decisions=30)
    record(second, "family", decisions=30)
    os.utime(first, (1_000_000, 1_000_000))  # older: listed second
    assert main(["games", "--delete", "3"]) == 2
    assert "there is no game 3: `thousand games` lists 2" in capsys.readouterr().err
    assert first.exists() and second.exists()
    assert main(["games", "--delete", "2"]) == 0
    assert capsys.readouterr().out == "deleted a.jsonl\n"
    assert not first.exists() and second.exists()
    with RecordWriter(second, exclusive=True):  # open in another window
        assert main(["games", "--delete", "1"]) == 2
        assert "is being played" in capsys.readouterr().err
    assert second.exists()


def _damaged(path: Path, line: int = 11) -> bytes:
    """A record of 40 decisions with its line `line` cut in the middle; its bytes before."""
    record(path, decisions=40)
    whole = path.read_bytes()
    rows = whole.split(b"\n")
    rows[line - 1] = rows[line - 1][:20]
    path.write_bytes(b"\n".join(rows))
    return whole


def test_a_damaged_line_in_the_middle_is_set_aside_and_the_game_goes_on(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    whole = _damaged(path)
    damaged = path.read_bytes()
    with pytest.raises(RecordError, match="line 11: not valid JSON"):
        read_record(path)
    save = saves.describe_save(path)
    assert save.damaged == 11 and save.repairable and not save.resumable
    assert saves.latest_unfinished(tmp_path) == path  # `thousand --resume` offers it
    aside = saves.set_aside(path, datetime(2026, 12, 5, 21, 30, tzinfo=UTC))
    assert aside == tmp_path / "g.damaged-20261205-213000.jsonl"
    assert aside.read_bytes() == damaged
    assert path.read_bytes() == b"\n".join(whole.split(b"\n")[:10]) + b"\n"
    assert [save.path for save in saves.list_games(tmp_path)] == [path]
    resume_and_play(path, 20)


def test_the_offer_for_a_damaged_save_is_in_the_players_language(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    _damaged(path)
    damaged = path.read_bytes()
    out = io.StringIO()
    asked: list[str] = []
    assert not offer_repair(path, "pl", ask=lambda q: asked.append(q) or "", out=out)
    assert path.read_bytes() == damaged and list(tmp_path.iterdir()) == [path]
    assert "wiersza 11" in out.getvalue() and "[t/N]" in asked[0]
    assert "Nic nie zmieniono" in out.getvalue()
    out = io.StringIO()
    assert offer_repair(path, "ru", ask=lambda q: "д", out=out)
    kept = [each for each in tmp_path.iterdir() if each != path]
    assert len(kept) == 1 and kept[0].read_bytes() == damaged
    assert kept[0].name in out.getvalue() and "Повреждённый файл сохранён" in out.getvalue()
    read_record(path)


def test_thousand_games_keeps_to_the_terminal_width(
    data_home: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = saves.games_dir()
    folder.mkdir(parents=True)
    record(folder / "2026-11-29T18-00-00-classic.jsonl", decisions=30)
    (folder / "2026-11-30T18-00-00-family.jsonl").write_text("hello\n")
    _damaged(folder / "2026-12-01T18-00-00-polish.jsonl")
    monkeypatch.setattr(saves, "terminal_width", lambda: 80)
    assert main(["games", "--lang", "ru"]) == 0
    out = capsys.readouterr().out
    assert max(len(line) for line in out.splitlines()) <= 80, out
    assert "2026-12-01T18-00-00-polish.jsonl" in out
    assert "2026-11-30T18-00-00-family.jsonl" in out
    assert "повреждена в строке" in out and "не читается: это не" in out
