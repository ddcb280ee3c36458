"""Statistics from a set of hand-made records equal the figures counted by hand."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from thousand_tui.cli import main
from thousand_tui.engine.events import BarrelAttempt, BarrelWin, Concession, Palka, SheetEvent
from thousand_tui.stats import collect, game_key, write_cache
from thousand_tui.tui.coach import stats_lines
from thousand_tui.tui.i18n import Translator

YOU = {"name": "You", "kind": "human"}


def header(created: str, levels: tuple[str, str], human: bool = True) -> dict[str, Any]:
    first = YOU if human else {"name": "Vera", "kind": "ai", "level": "easy"}
    return {
        "type": "game",
        "format": "thousand-record",
        "version": 1,
        "preset": "classic",
        "seed": 7,
        "created": created,
        "players": [
            first,
            {"name": "Anna", "kind": "ai", "level": levels[0]},
            {"name": "Boris", "kind": "ai", "level": levels[1]},
        ],
    }


def deal(number: int) -> dict[str, Any]:
    return {"type": "deal", "number": number, "dealer": 0}


def action(seat: int, act: str, **more: Any) -> dict[str, Any]:
    return {"type": "action", "seat": seat, "act": act, **more}


def result(number: int, declarer: int | None, contract: int | None, made: bool | None,
           deltas: list[int], events: list[SheetEvent] | None = None,
           redeal: str | None = None) -> dict[str, Any]:  # fmt: skip
    """A `result` line; its notes written by the engine's own event classes."""
    return {
        "type": "result",
        "number": number,
        "redeal": redeal,
        "declarer": declarer,
        "contract": contract,
        "made": made,
        "deltas": deltas,
        "events": [event.to_record() for event in events or []],
    }


# Game A: finished and won; a made 120 after a hint, a redeal, a palka while defending, a
# failed 165 on a barrel attempt, a conceded 130.
GAME_A = [
    header("2026-01-01T10:00:00Z", ("easy", "hard")),
    deal(1),
    action(0, "bid", value=120, hinted=True),
    result(1, 0, 120, True, [120, 20, 30]),
    deal(2),
    result(2, None, None, None, [0, 0, 0], redeal="hand_nines"),
    deal(3),
    action(0, "pass"),
    result(3, 1, 100, False, [40, -100, 15], [Palka(0, 1)]),
    deal(4),
    result(4, 0, 165, False, [-165, 30, 30], [BarrelAttempt(0, 1)]),
    deal(5),
    result(5, 0, 130, None, [0, 60, 60], [Concession(0)]),
    {"type": "end", "winner": 0, "scores": [1000, 10, 35], "deals": 5},
]
# Game B: unfinished; a made 100 with a card played after a hint, a made 140 winning the
# barrel; an automatic bid is not a decision.
GAME_B = [
    header("2026-01-02T10:00:00Z", ("normal", "normal")),
    deal(1),
    action(0, "bid", value=100, auto=True),
    action(0, "play", card="AS", hinted=True),
    result(1, 0, 100, True, [100, 10, 5]),
    deal(2),
    result(2, 0, 140, True, [140, 0, 0], [BarrelWin(0)]),
]
# Game C: no human seat (a simulation): left out.
GAME_C = [header("2026-01-03T10:00:00Z", ("easy", "easy"), human=False), deal(1),
          result(1, 0, 100, True, [100, 0, 0])]  # fmt: skip


def write(folder: Path, name: str, lines: list[dict[str, Any]]) -> Path:
    path = folder / name
    path.write_text("".join(json.dumps(line) + "\n" for line in lines))
    return path


@pytest.fixture
def saved(tmp_path: Path) -> tuple[list[Path], Path]:
    games = tmp_path / "games"
    games.mkdir()
    a = write(games, "a.jsonl", GAME_A)
    b = write(games, "b.jsonl", GAME_B)
    c = write(games, "c.jsonl", GAME_C)
    cache = tmp_path / "analysis.jsonl"
    key = game_key(a, GAME_A[0])
    # Two analysed deals of game A (12.5 and 3.5 points lost), one of another seat.
    write_cache(cache, [(key, 1, 0, 12.5), (key, 3, 0, 3.5), (key, 4, 1, 99.0)])
    with cache.open("a") as handle:
        handle.write("not json\n")
    return [b, a, c], cache


def test_the_figures_equal_those_counted_by_hand(saved: tuple[list[Path], Path]) -> None:
    paths, cache = saved
    stats = collect(paths, cache)
    total = stats.total
    assert (total.games, total.unfinished, total.wins) == (1, 1, 1)
    assert total.deals == 6  # the redeal is not a deal played
    assert total.points == 120 + 40 - 165 + 0 + 100 + 140
    assert total.per_deal == pytest.approx(235 / 6)
    assert total.played == [2, 1, 1] and total.made == [2, 1, 0]  # the conceded 130 is apart
    assert (total.concessions, total.palki) == (1, 1)
    assert (total.barrel_attempts, total.barrel_wins) == (1, 1)
    assert (total.decisions, total.hinted) == (3, 2)
    assert (total.hinted_deals, total.hinted_points) == (2, 220)
    assert (total.analysed, total.lost) == (2, 16.0)
    assert total.lost_per_deal == 8.0
    assert set(stats.by_preset) == {"classic"}
    assert set(stats.by_level) == {"easy,hard", "normal,normal"}
    assert stats.by_level["easy,hard"].points == -5
    assert stats.by_level["normal,normal"].wins == 0
    assert [round(g.per_deal, 2) for g in stats.trend] == [-1.25, 120.0]


def test_the_text_draws_bars(saved: tuple[list[Path], Path]) -> None:
    paths, cache = saved
    lines = stats_lines(collect(paths, cache), Translator("en"))
    assert "Games 1 (unfinished 1), won 1" in lines
    assert "Points per deal 39.2 over 6 deals" in lines
    assert "  100–120  " + "█" * 20 + "  2/2  100%" in lines
    assert "  165+     " + "░" * 20 + "  0/1  0%" in lines
    assert "Concessions 1 · palki 1 · barrel attempts 1, won 1" in lines
    assert "After a hint: 2 of 3 decisions, in 2 deals (110.0 a deal)" in lines
    assert "Lost by your decisions: 8.0 points a deal (2 deals analysed)" in lines
    assert "Opponents: easy AI, hard AI" in lines and "Opponents: normal AI, normal AI" in lines
    ru = stats_lines(collect(paths, cache), Translator("ru"), ascii_only=True)
    assert "  100-120  " + "#" * 20 + "  2/2  100%" in ru
    # Counted words agree with their numbers; a decimal comma in Russian.
    assert "Очков за кон 39,2 (всего 6 конов)" in ru
    assert "После подсказки: 2 из 3 решений, в 2 конах (110,0 за кон)" in ru
    assert "Потеряно вашими решениями: 8,0 очка за кон (разобрано: 2 кона)" in ru
    assert "Соперники: ИИ (лёгкий), ИИ (сильный)" in ru


def test_statistics_count_their_words_and_name_people_and_ai() -> None:
    """One deal, 21 decisions, a shared game: the words agree with each number."""
    from thousand_tui.stats import Tally
    from thousand_tui.tui.coach import opponents_words, tally_lines

    one = Tally(games=1, deals=1, points=45, decisions=21, hinted=2, hinted_deals=1)
    one.hinted_points, one.analysed, one.lost = 63, 1, 63.1
    en = tally_lines(one, Translator("en"))
    assert "Points per deal 45.0 over 1 deal" in en
    assert "After a hint: 2 of 21 decisions, in 1 deal (63.0 a deal)" in en
    assert "Lost by your decisions: 63.1 points a deal (1 deal analysed)" in en
    ru = tally_lines(one, Translator("ru"))
    assert "Очков за кон 45,0 (всего 1 кон)" in ru
    assert "После подсказки: 2 из 21 решения, в 1 коне (63,0 за кон)" in ru
    assert "Потеряно вашими решениями: 63,1 очка за кон (разобрано: 1 кон)" in ru
    assert opponents_words("?,easy", Translator("en")) == "Opponents: a person, easy AI"
    assert opponents_words("?,easy", Translator("ru")) == "Соперники: человек, ИИ (лёгкий)"


def test_thousand_stats_json(
    saved: tuple[list[Path], Path],
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    paths, cache = saved
    monkeypatch.setenv("THOUSAND_DATA_DIR", str(cache.parent))
    assert main(["stats", "--dir", str(paths[0].parent), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["total"]["points"] == 235 and data["total"]["lost"] == 16.0
    assert [g["per_deal"] for g in data["trend"]] == [-1.25, 120.0]
    assert main(["stats", "--dir", str(cache.parent / "nowhere")]) == 2
    assert "--dir" in capsys.readouterr().err


def test_no_games_yet(tmp_path: Path) -> None:
    lines = stats_lines(collect([], None), Translator("en"))
    assert lines == ["No games of yours are saved yet: play one, and come back."]


# ---------------------------------------------------------------- the notes read by their classes


@pytest.mark.parametrize("renamed", [Concession, Palka, BarrelAttempt, BarrelWin])
def test_a_note_whose_kind_is_renamed_is_still_counted(
    renamed: type[SheetEvent], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The statistics know the notes by their classes, not by the words the record writes."""
    monkeypatch.setattr(renamed, "kind", f"{renamed.kind}_renamed")
    notes: list[SheetEvent] = [Concession(0), Palka(0, 2), BarrelAttempt(0, 1), BarrelWin(0)]
    lines = [header("2026-01-04T10:00:00Z", ("easy", "easy")), deal(1)]
    lines.append(result(1, 0, 120, None, [0, 60, 60], notes))
    assert any(event["kind"] == f"{renamed.kind}" for event in lines[-1]["events"])
    total = collect([write(tmp_path, "renamed.jsonl", lines)]).total
    assert (total.concessions, total.palki) == (1, 2)
    assert (total.barrel_attempts, total.barrel_wins) == (1, 1)


def test_the_figures_of_a_game_as_the_engine_writes_it(tmp_path: Path) -> None:
    """Random games written by the engine, the player on the barrel at the start (where every
    point he takes counts towards its goal): the statistics count the notes of the player's
    seat in the engine's own results."""
    from thousand_tui.engine.game import Game, PlayerInfo, Start
    from thousand_tui.engine.match import BarrelSeat, MatchState
    from thousand_tui.engine.rules import Rules
    from thousand_tui.presets import load_preset

    classic = load_preset("classic").rules.to_dict()
    rules = Rules.from_mapping({**classic, "barrel": {**classic["barrel"], "goal": "cumulative"}})
    players = [PlayerInfo("You", "human"), PlayerInfo("Anna"), PlayerInfo("Boris")]
    counted = {Concession: 0, Palka: 0, BarrelAttempt: 0, BarrelWin: 0}
    paths = []
    for seed in range(10):
        state = MatchState.initial(3).evolve(
            scores=(880, 400, 300), barrel=(BarrelSeat(), None, None)
        )
        game = Game(rules, seed, players, start=Start(state, 1), created="2026-01-05T10:00:00Z")
        rng = random.Random(seed)
        while not game.over and len(game.results) < 20:
            seat = game.to_move
            assert seat is not None
            game.apply(rng.choice(game.legal_actions(seat)))
        for settled in game.results:
            for event in settled.events:
                if type(event) in counted and getattr(event, "seat", None) == 0:
                    counted[type(event)] += event.count if isinstance(event, Palka) else 1
        paths.append(write(tmp_path, f"{seed}.jsonl", game.lines))
    total = collect(paths).total
    figures = {
        Concession: total.concessions,
        Palka: total.palki,
        BarrelAttempt: total.barrel_attempts,
        BarrelWin: total.barrel_wins,
    }
    assert figures == counted, counted
    assert all(counted.values()), counted  # the games hold what is counted
