"""Long runs: many whole games of every preset, each stopped once at a random decision (half
the time with its last line cut off, as by a power cut) and resumed from its record. No
exception, every record replays exactly, and memory does not grow with the number of games.

The default run plays a few short games per preset; `pytest -m slow` plays whole games in
two equal halves and compares the memory held after each."""

from __future__ import annotations

import gc
import random
import tracemalloc
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.helpers.rules import PRESETS
from thousand_tui.ai import Player, make_player
from thousand_tui.engine.game import Game
from thousand_tui.engine.record import rebuild
from thousand_tui.store import catalog as saves
from thousand_tui.store.records import RecordWriter, read_record

from .helpers import new_game

LEVELS = ("easy", "random")
# Per preset and per half: 2 × 4 × 5 whole games. The check fails when the memory held grows by
# more than 10% + MEMORY_SLACK over the second 20 games: a leak of about 14 kB a game or more
# (one game's record, kept by mistake, holds hundreds of kB).
SLOW_GAMES = 4
MEMORY_SLACK = 256 * 1024  # bytes: room for the interpreter's own small caches (file opens)


@dataclass
class Played:
    path: Path
    finished: bool
    scores: tuple[int, ...]
    deals: int
    resumed_with_warning: bool


def players_for(game: Game, seed: int) -> list[Player]:
    return [
        make_player(LEVELS[(seed + seat) % len(LEVELS)], seed * 31 + seat)
        for seat in range(game.rules.players)
    ]


def play(game: Game, players: list[Player], decisions: int, max_deals: int) -> None:
    for _ in range(decisions):
        if game.over or len(game.results) >= max_deals:
            return
        seat = game.to_move
        assert seat is not None
        action = players[seat].decide(game.view(seat))
        assert action in game.legal_actions(seat)
        game.apply(action)


def soak_game(folder: Path, preset: str, seed: int, max_deals: int) -> Played:
    """One game, stopped once and resumed from its file, played to its end or `max_deals`."""
    rng = random.Random(seed)
    path = folder / f"{preset}-{seed}.jsonl"
    writer = RecordWriter(path, exclusive=True)
    game = new_game(preset, seed, writer)
    play(game, players_for(game, seed), rng.randint(1, 300), max_deals)
    writer.close()
    if game.over:
        return Played(path, True, game.match.scores, len(game.results), False)
    if rng.random() < 0.5:  # the power went off while a line was being written
        data = path.read_bytes()
        last = data.rfind(b"\n", 0, len(data) - 1) + 1
        path.write_bytes(data + data[last : last + rng.randint(1, 30)])
    resumed = saves.resume(path)
    game = resumed.game
    try:
        play(game, players_for(game, seed + 1), 1_000_000, max_deals)
    finally:
        resumed.writer.close()
    return Played(path, game.over, game.match.scores, len(game.results), bool(resumed.warnings))


def check_replays(played: Played) -> None:
    record = read_record(played.path)
    assert not record.truncated
    assert len(record.games) == 1
    game, mismatch = rebuild(record.games[0])
    assert mismatch is None, f"{played.path.name}: {mismatch}"
    assert len(game.lines) == len(record.games[0].lines)
    assert game.over == played.finished
    assert game.match.scores == played.scores
    save = saves.describe_save(played.path)
    assert save.finished == played.finished
    assert save.scores == list(played.scores)


def run(folder: Path, seeds: range, max_deals: int) -> Counter[str]:
    """Play and check a game of every preset per seed; counts the games, those finished and
    those resumed after a cut-off line. Nothing of a game is kept once it is checked, so
    memory can be compared between runs."""
    counts: Counter[str] = Counter()
    for seed in seeds:
        for preset in PRESETS:
            played = soak_game(folder, preset, seed, max_deals)
            check_replays(played)
            counts.update(games=1, finished=played.finished, cut=played.resumed_with_warning)
    return counts


@pytest.mark.long
def test_short_games_of_every_preset(tmp_path: Path) -> None:
    counts = run(tmp_path, range(1, 6), max_deals=20)
    assert counts["games"] == len(list(tmp_path.glob("*.jsonl"))) == 5 * len(PRESETS)
    assert counts["cut"] > 0


@pytest.mark.slow
def test_soak_whole_games_memory_and_replay(tmp_path: Path) -> None:
    run(tmp_path / "warm-up", range(1000, 1001), max_deals=1000)  # imports, caches
    gc.collect()
    tracemalloc.start()
    try:
        counts = run(tmp_path, range(1, 1 + SLOW_GAMES), max_deals=1000)
        gc.collect()
        after_n = tracemalloc.get_traced_memory()[0]
        counts += run(tmp_path, range(1 + SLOW_GAMES, 1 + 2 * SLOW_GAMES), max_deals=1000)
        gc.collect()
        after_2n = tracemalloc.get_traced_memory()[0]
    finally:
        tracemalloc.stop()
    games = counts["games"]
    print(f"memory held after {games // 2} games: {after_n} B, after {games}: {after_2n} B")
    assert counts["finished"] >= games * 0.9 and counts["cut"] > 0
    assert after_2n <= after_n * 1.10 + MEMORY_SLACK, (
        f"memory held after {games} games: {after_2n} bytes, after {games // 2}: {after_n} bytes"
    )
