"""The `polish` and `czech` presets' own rules in a deal: the «bomba» (a free concession once a
game), the Czech free first concession, and whole games under each (docs/rules.md#presets)."""

from __future__ import annotations

from itertools import pairwise
from pathlib import Path

import pytest

from thousand_tui import cli
from thousand_tui.engine.actions import Act
from thousand_tui.store.records import read_record

from .helpers import (
    SWEEP_GIVE,
    play_out,
    random_game,
    result_of,
    rules_of,
    state,
    sweep_game,
)
from .test_records import replayed


def bombed(preset: str, concessions: list[int] | None = None) -> list[int]:
    game = sweep_game(rules_of(preset), start_state=state(concessions=concessions))
    play_out(game, ["2 pass", "0 pass", *SWEEP_GIVE, "1 concede"])
    res = result_of(game)
    assert res["conceded"] is True
    assert replayed(game.lines).lines == game.lines
    return list(res["deltas"])


def test_the_polish_bomba_costs_nothing_and_gives_60_each() -> None:
    assert bombed("polish") == [60, 0, 60]


def test_the_polish_bomba_is_offered_once_a_game() -> None:
    first = sweep_game(rules_of("polish"))
    play_out(first, ["2 pass", "0 pass", *SWEEP_GIVE])
    assert Act.CONCEDE in {a.act for a in first.legal_actions(1)}
    again = sweep_game(rules_of("polish"), start_state=state(concessions=[0, 1, 0]))
    play_out(again, ["2 pass", "0 pass", *SWEEP_GIVE])
    assert Act.CONCEDE not in {a.act for a in again.legal_actions(1)}


def test_no_bomba_where_the_table_does_not_play_it() -> None:
    game = sweep_game(rules_of("polish", rospis__max_per_game=0))
    play_out(game, ["2 pass", "0 pass", *SWEEP_GIVE])
    assert Act.CONCEDE not in {a.act for a in game.legal_actions(1)}


@pytest.mark.parametrize(("before", "deltas"), [(0, [60, 0, 60]), (1, [60, -100, 60])])
def test_the_czech_first_concession_is_free(before: int, deltas: list[int]) -> None:
    assert bombed("czech", [0, before, 0]) == deltas


@pytest.mark.parametrize("preset", ["polish", "czech"])
def test_random_decisions_replay(preset: str) -> None:
    game = random_game(rules_of(preset), seed=8, deals=40, preset=preset)
    assert replayed(game.lines).lines == game.lines


def test_a_whole_polish_game_is_won_without_a_barrel(tmp_path: Path) -> None:
    path = tmp_path / "polish.jsonl"
    assert (
        cli.main(
            ["simulate", "--preset", "polish", "--games", "1", "--seed", "4", "--record", str(path)]
        )
        == 0
    )
    lines = read_record(path).games[0].lines
    results = [line for line in lines if line["type"] == "result"]
    kinds = {e["kind"] for line in results for e in line["events"]}
    assert not kinds & {"barrel_on", "barrel_attempt", "barrel_fall", "samosval", "palka_penalty"}
    assert lines[-1]["type"] == "end" and max(lines[-1]["scores"]) >= 1000
    assert "contracts_only" in kinds  # the game went past 800
    for before, line in pairwise(results):
        # Above 800 a player's points come only from his own contracts.
        for seat, score in enumerate(before["state"]["scores"]):
            if score > 800 and seat != line["declarer"] and line["deltas"][seat] > 0:
                raise AssertionError(f"deal {line['number']}: seat {seat} above 800 scored")


@pytest.mark.parametrize(
    ("name", "lang", "words"),
    [
        ("polish", "en", ("Polish (Tysiąc)", "Bidding step: 10", "above 800 points")),
        ("polish", "ru", ("Польские правила", "Шаг торговли: 10", "при счёте выше 800 очков")),
        ("czech", "en", ("Czech rules", "Leading trumps:", "Free concessions per player")),
        ("czech", "ru", ("Чешские правила", "Бесплатных росписей за партию: первые 1", "Бочка")),
    ],
)
def test_thousand_presets_prints_them(
    name: str, lang: str, words: tuple[str, ...], capsys: pytest.CaptureFixture[str]
) -> None:
    assert cli.main(["presets", name, "--lang", lang]) == 0
    out = capsys.readouterr().out
    for word in words:
        assert word in out, word


def test_thousand_presets_lists_them(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["presets"]) == 0
    names = [line.split()[0] for line in capsys.readouterr().out.splitlines() if line.strip()]
    assert names[5:7] == ["polish", "czech"]
