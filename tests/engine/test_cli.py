"""`thousand simulate` and `thousand replay` round trips (docs/record.md#replay)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from thousand_tui import cli
from thousand_tui.store.records import read_record

from .helpers import (
    PRESETS,
    SWEEP_GIVE,
    SWEEP_TRICKS,
    play_cards,
    play_out,
    rules_of,
    state,
    sweep_game,
)


def simulate(tmp_path: Path, *args: str) -> Path:
    path = tmp_path / "games.jsonl"
    assert cli.main(["simulate", "--record", str(path), *args]) == 0
    return path


@pytest.mark.long_variants
@pytest.mark.parametrize("preset", PRESETS)
def test_simulate_then_replay_each_preset(
    tmp_path: Path, preset: str, capsys: pytest.CaptureFixture[str]
) -> None:
    path = simulate(tmp_path, "--preset", preset, "--games", "1", "--seed", "11")
    out = capsys.readouterr().out
    assert f"preset {preset}" in out
    assert cli.main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert "every result agrees with the replay" in out
    record = read_record(path)
    assert len(record.games) == 1
    lines = record.games[0].lines
    assert lines[0]["preset"] == preset
    assert lines[-1]["type"] == "end"
    assert lines[-1]["deals"] == sum(1 for line in lines if line["type"] == "deal")


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_several_seeds_in_one_file(
    tmp_path: Path, seed: int, capsys: pytest.CaptureFixture[str]
) -> None:
    path = simulate(tmp_path, "--games", "2", "--seed", str(seed), "--max-deals", "12")
    assert cli.main(["replay", str(path)]) == 0
    assert "2 games" in capsys.readouterr().out
    assert [g.lines[0]["seed"] for g in read_record(path).games] == [seed, seed + 1]


@pytest.mark.parametrize("players", ["2", "4"])
def test_players_override(tmp_path: Path, players: str) -> None:
    path = simulate(tmp_path, "--players", players, "--games", "1", "--max-deals", "8")
    header = read_record(path).games[0].lines[0]
    assert header["rules"]["players"] == int(players)
    assert cli.main(["replay", str(path)]) == 0


def test_replay_names_the_first_difference(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = simulate(tmp_path, "--games", "1", "--seed", "5", "--max-deals", "6")
    lines = [json.loads(row) for row in path.read_text().splitlines()]
    index = next(i for i, line in enumerate(lines) if line["type"] == "result")
    deal = lines[index]["number"]
    lines[index]["deltas"][0] += 5
    path.write_text("".join(json.dumps(line) + "\n" for line in lines))
    capsys.readouterr()
    assert cli.main(["replay", str(path)]) == 1
    out = capsys.readouterr().out
    assert f"deal {deal}" in out
    assert "deltas" in out


def write_lines(path: Path, lines: list[dict]) -> Path:
    path.write_text("".join(json.dumps(line) + "\n" for line in lines))
    return path


def test_replay_names_a_broken_rule_of_the_score_sheet(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # An engine that forgets samosval makes a record that replays exactly: the rule catches it.
    monkeypatch.setattr("thousand_tui.engine.scoring._samosval", lambda *_: None)
    rules = rules_of(barrel__threshold=675)
    game = sweep_game(rules, start_state=state(scores=[675, 0, 0], barrel={0: 2}))
    play_out(game, ["2 pass", "0 pass", *SWEEP_GIVE, "1 keep"])
    play_cards(game, SWEEP_TRICKS)
    assert game.results[-1].state.scores[0] == 555
    path = write_lines(tmp_path / "game.jsonl", game.lines)
    assert cli.main(["replay", str(path)]) == 1
    assert capsys.readouterr().out == (
        f"{path}: game 1 breaks a rule of the score sheet at deal 1: samosval: "
        "seat 0 is left at 555 (samosval.mode: plus_minus)\n"
    )


def test_replay_names_a_start_position_off_the_rules(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game = sweep_game(start_state=state(scores=[870, 0, 0], barrel={0: 0}))
    path = write_lines(tmp_path / "scenario.jsonl", game.lines)
    assert cli.main(["replay", str(path)]) == 1
    out = capsys.readouterr().out
    assert "the start position: barrel: seat 0 is on the barrel with 870" in out


def test_replay_of_a_game_in_progress(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = simulate(tmp_path, "--games", "1", "--seed", "7", "--max-deals", "3")
    rows = path.read_text().splitlines()
    cut = max(i for i, row in enumerate(rows) if '"type":"action"' in row and '"auto"' not in row)
    path.write_text("\n".join(rows[: cut - 5]) + "\n")
    assert cli.main(["replay", str(path)]) == 0


def test_replay_of_a_missing_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["replay", str(tmp_path / "nothing.jsonl")]) == 2
    assert "no such file" in capsys.readouterr().err


def test_simulate_rejects_bad_arguments(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["simulate", "--games", "0"]) == 2
    assert "--games must be at least 1" in capsys.readouterr().err
    assert cli.main(["simulate", "--preset", "no-such-table"]) == 2
    assert "unknown preset" in capsys.readouterr().err


def test_no_progress_bar_when_the_output_is_not_a_terminal(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from thousand_tui.progress import on_terminal, progress

    assert not on_terminal()
    with progress("games", 3) as advance:
        advance(1)
    assert capsys.readouterr() == ("", "")


def test_the_help_points_to_the_tables_flags(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        cli.main(["--help"])
    assert "`thousand play --help`" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["--players", "5"], "thousand play: --players: invalid choice: 5"),
        (["--seed", "x"], "thousand play: --seed: invalid int value: 'x'"),
        (["--frobnicate"], "thousand play: unknown flag or argument: --frobnicate"),
        (["play", "--resume", "a", "b"], "thousand play: unknown flag or argument: b"),
        (["replay"], "thousand replay: the following arguments are required: file"),
        (["open", "--timeout", "soon"], "thousand open: --timeout: invalid float value"),
        (["join"], "thousand join: the following arguments are required: code"),
        (["simulate", "--games"], "thousand simulate: --games: expected one argument"),
    ],
)
def test_a_bad_flag_is_one_line_saying_what_and_where_the_flags_are(
    capsys: pytest.CaptureFixture[str], args: list[str], said: str
) -> None:
    with pytest.raises(SystemExit) as stop:
        cli.main(args)
    assert stop.value.code == 2
    out, err = capsys.readouterr()
    assert out == ""
    lines = err.splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith(said)
    command = said.split(":")[0]
    assert lines[0].endswith(f"`{command} --help` lists the flags")
