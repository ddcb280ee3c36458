"""The club's ratings from its index: games rated by who sat where (a hosted player by his
folder, a person at a shared table by the record's `people`, an AI by its level), abandoned
games after a week, the leaderboard of `thousand ratings`, and the rating kept in the index."""

from __future__ import annotations

import json
import os
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from thousand_tui.ai import make_player, seat_seed
from thousand_tui.cli import main as thousand
from thousand_tui.club import ABANDONED_AFTER, board_of, finished_game, rate_club, seat_ids
from thousand_tui.engine.game import Game, PlayerInfo, Start
from thousand_tui.engine.match import MatchState
from thousand_tui.engine.record import new_game_from_header, people_of_header
from thousand_tui.presets import load_preset
from thousand_tui.ratings import INITIAL_RATING
from thousand_tui.store.index import open_index

from .helpers import game_lines, write_record

NOW = datetime(2026, 12, 5, 12, 0, tzinfo=UTC)


def finished_lines(
    seed: int, players: list[PlayerInfo], people: list[str | None] | None = None
) -> list[dict[str, Any]]:
    """A game played out by `random` players that begins with every score near the goal, so
    it ends within a few deals."""
    rules = load_preset("classic").rules
    state = MatchState.initial(3).evolve(scores=(940, 930, 920))
    game = Game(
        rules, seed, players, start=Start(state, 30), created="2026-11-01T10:00:00Z", people=people
    )
    deciders = [make_player("easy", seat_seed(seed, seat)) for seat in range(3)]
    while not game.over:
        seat = game.to_move
        assert seat is not None and len(game.results) < 200
        game.apply(deciders[seat].decide(game.view(seat)))
    return list(game.lines)


SOLO = [
    PlayerInfo("Olga", "human"),
    PlayerInfo("Anna", "ai", "easy"),
    PlayerInfo("Boris", "ai", "hard"),
]


def test_a_club_rates_its_hosted_players_its_shared_tables_and_its_ai_levels(data: Path) -> None:
    for seed in range(3):
        write_record(
            data / "players" / "key-olga" / "games", f"o{seed}.jsonl", finished_lines(seed, SOLO)
        )
    ivan = [PlayerInfo("Ivan", "human"), *SOLO[1:]]
    write_record(data / "players" / "key-ivan" / "games", "i0.jsonl", finished_lines(7, ivan))
    # A shared table's record, in the host's own folder: its people told apart by the header.
    shared = [
        PlayerInfo("Olga", "human"),
        PlayerInfo("Ivan", "human"),
        PlayerInfo("Vera", "ai", "easy"),
    ]
    lines = finished_lines(11, shared, people=["key-olga", "key-ivan", None])
    assert lines[0]["people"] == ["key-olga", "key-ivan", None]
    write_record(data / "games", "table.jsonl", lines)
    (data / "players" / "key-olga" / "name").write_text("Olga K", encoding="utf-8")

    with open_index() as index:
        board = rate_club(index, NOW)
        kept = {r.player: r for r in index.ratings()}
    assert set(board.ratings) == {"key-olga", "key-ivan", "ai:easy", "ai:hard"}
    assert board.ratings["key-olga"].games == 4 and board.ratings["key-ivan"].games == 2
    assert board.names["key-olga"] == "Olga K"  # the name the player chose
    assert board.names["key-ivan"] == "Ivan"  # the name he sat down with
    # Kept in the index as made, in place of any before.
    assert set(kept) == set(board.ratings)
    assert kept["key-olga"].rating == pytest.approx(board.ratings["key-olga"].rating)
    # Each rating moved from where everyone begins.
    assert all(r.rating != INITIAL_RATING for r in board.ratings.values())


def test_the_leaderboard_of_thousand_ratings(
    data: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for seed in range(4):
        write_record(data / "games", f"g{seed}.jsonl", finished_lines(seed, SOLO))
    assert thousand(["ratings", "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    by_id = {row["id"]: row for row in rows}
    assert set(by_id) == {"local", "ai:easy", "ai:hard"}
    assert all(row["games"] == 4 for row in rows)
    assert by_id["ai:hard"]["ai_level"] == "hard" and by_id["local"]["ai_level"] is None
    assert thousand(["ratings", "--lang", "ru"]) == 0
    text = capsys.readouterr().out
    assert "Рейтинг игроков" in text and "ИИ (сильный)" in text
    # The same games always give the same board, however often it is made.
    assert thousand(["ratings", "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == rows


def test_an_unfinished_game_is_rated_as_left_only_after_a_week_untouched(data: Path) -> None:
    path = write_record(data / "games", "left.jsonl", game_lines(5, deals=4))
    with open_index() as index:
        index.refresh()
        (game,) = index.games()
    assert not game.finished and seat_ids(game) == ("local", "ai:easy", "ai:hard")
    written = datetime.fromisoformat(game.written.replace("Z", "+00:00"))
    assert finished_game(game, written + timedelta(days=6)) is None  # may still be played
    left = finished_game(game, written + ABANDONED_AFTER)
    assert left is not None and left.left == (0,) and left.winners == () and left.deals == 4
    # Rated then: the one who left loses to both AI (who are measured by their scores).
    board = board_of([game], [], written + ABANDONED_AFTER)
    assert board.ratings["local"].rating < INITIAL_RATING
    assert all(score == 0.0 for _, score, _ in left.outcomes()["local"])
    # Untouched for more than a week before the day it is rated on: rated as left then.
    old = NOW.timestamp() - 8 * 86400
    os.utime(path, (old, old))
    with open_index() as index:
        index.refresh()
        (game,) = index.games()
    assert finished_game(game, NOW) is not None


def test_a_shared_game_whose_people_are_not_told_apart_is_not_rated(data: Path) -> None:
    shared = [PlayerInfo("A", "human"), PlayerInfo("B", "human"), PlayerInfo("Vera", "ai", "easy")]
    write_record(data / "games", "t.jsonl", finished_lines(3, shared))
    with open_index() as index:
        board = rate_club(index, NOW)
    assert board.ratings == {}


def test_the_records_people_read_back_and_a_bad_entry_is_nobody() -> None:
    lines = finished_lines(1, SOLO, people=["key-olga", None, None])
    header = lines[0]
    assert people_of_header(header, 3) == ["key-olga", None, None]
    again = new_game_from_header(header)
    assert again.lines[0]["people"] == ["key-olga", None, None]
    assert people_of_header({**header, "people": ["key\x1b[2J", 5, None]}, 3) == [None, None, None]
    assert people_of_header({**header, "people": ["a"]}, 3) is None
    # A game with nobody known writes no `people` at all (records as before).
    assert "people" not in finished_lines(1, SOLO, people=[None, None, None])[0]


def test_the_ratings_show_the_name_chosen_at_the_table_not_the_login(
    data: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("USER", "root")
    monkeypatch.setenv("LOGNAME", "root")
    you = [PlayerInfo("Вы", "human"), *SOLO[1:]]  # the default name, in Russian
    write_record(data / "games", "a.jsonl", finished_lines(1, you))
    assert thousand(["ratings", "--json"]) == 0
    (row,) = [row for row in json.loads(capsys.readouterr().out) if row["id"] == "local"]
    assert row["name"] == ""  # no name of his own: "you" in the reader's language
    assert thousand(["ratings", "--lang", "en"]) == 0
    text = capsys.readouterr().out
    assert "root" not in text and " You " in text
    assert thousand(["ratings", "--lang", "ru"]) == 0
    assert " Вы " in capsys.readouterr().out
    # A name chosen at the table: the board goes by it from his next game on.
    later = write_record(data / "games", "b.jsonl", finished_lines(2, SOLO))
    os.utime(later, (time.time() + 60, time.time() + 60))
    assert thousand(["ratings", "--lang", "en"]) == 0
    text = capsys.readouterr().out
    assert "Olga" in text and "root" not in text and " You " not in text
