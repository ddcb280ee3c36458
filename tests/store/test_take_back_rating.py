"""A game with a card taken back (`--take-back`) is not rated: the club index keeps how many
cards were taken back in each game, the ratings leave such a game out (an index made before
it knew is read again), and `thousand games` says why it is not rated."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

import pytest

from thousand_tui.ai import make_player, seat_seed
from thousand_tui.cli import main as thousand
from thousand_tui.club import rate_club
from thousand_tui.engine.game import Game, Start
from thousand_tui.engine.match import MatchState
from thousand_tui.engine.record import TAKEBACK, take_back, takeback_count
from thousand_tui.presets import load_preset
from thousand_tui.store.index import INDEX_NAME, open_index

from .helpers import write_record
from .test_club_ratings import NOW, SOLO


def played(seed: int, taken_back: bool) -> list[dict[str, Any]]:
    """A game of Olga against two AI played out near the goal; with `taken_back`, Olga takes
    back her first card (and plays on)."""
    rules = load_preset("classic").rules
    state = MatchState.initial(3).evolve(scores=(940, 930, 920))
    game = Game(rules, seed, SOLO, start=Start(state, 30), created="2026-11-01T10:00:00Z")
    deciders = [make_player("easy", seat_seed(seed, seat)) for seat in range(3)]
    undo = taken_back
    while not game.over:
        if undo and takeback_count(game, 0) is not None:
            game, undo = take_back(game, 0), False
            continue
        seat = game.to_move
        assert seat is not None and len(game.results) < 200
        game.apply(deciders[seat].decide(game.view(seat)))
    assert not undo
    return list(game.lines)


@pytest.fixture
def games(data: Path) -> Path:
    folder = data / "games"
    write_record(folder, "2026-11-01T100000-classic.jsonl", played(1, taken_back=False))
    lines = played(2, taken_back=True)
    assert sum(line.get("type") == TAKEBACK for line in lines) == 1
    write_record(folder, "2026-11-02T100000-classic.jsonl", lines)
    return folder


def test_a_game_with_a_card_taken_back_is_not_rated(games: Path) -> None:
    with open_index() as index:
        board = rate_club(index, NOW)
        kept = {game.path.name: game.taken_back for game in index.games()}
    assert kept == {"2026-11-01T100000-classic.jsonl": 0, "2026-11-02T100000-classic.jsonl": 1}
    assert board.ratings["local"].games == 1  # of her two finished games, one is rated
    assert board.ratings["ai:easy"].games == 1 and board.ratings["ai:hard"].games == 1


def test_an_index_made_before_is_read_again_and_the_game_left_out(games: Path, data: Path) -> None:
    with open_index() as index:
        index.refresh()
    # The index as the version before made it: no count of cards taken back.
    db = sqlite3.connect(data / INDEX_NAME)
    db.execute("ALTER TABLE games DROP COLUMN taken_back")
    db.execute("UPDATE schema_version SET version = 3")
    db.commit()
    db.close()
    with open_index() as index:
        board = rate_club(index, NOW)
        assert [game.taken_back for game in index.games()] == [1, 0]
    assert board.ratings["local"].games == 1


@pytest.mark.parametrize(
    ("lang", "words"),
    [("en", "not rated: a card was taken back"), ("ru", "без рейтинга: ход брали назад")],
)
def test_thousand_games_says_which_game_is_not_rated_and_why(
    games: Path, lang: str, words: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert thousand(["games", "--lang", lang]) == 0
    rows = [line for line in capsys.readouterr().out.splitlines() if ".jsonl" in line]
    assert len(rows) == 2
    assert words in rows[0] and "2026-11-02T100000-classic.jsonl" in rows[0]
    assert words not in rows[1]
