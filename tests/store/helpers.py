"""Record files for the club index's tests, written by the engine itself."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from thousand_tui.engine.game import Game, PlayerInfo
from thousand_tui.presets import load_preset


def game_lines(seed: int, deals: int = 6, human: bool = True) -> list[dict[str, Any]]:
    """A game of random legal decisions, at most `deals` deals (finished if it gets there)."""
    rules = load_preset("classic").rules
    first = PlayerInfo("You", "human") if human else PlayerInfo("Vera", "ai", "easy")
    players = [first, PlayerInfo("Anna", "ai", "easy"), PlayerInfo("Boris", "ai", "hard")]
    game = Game(rules, seed, players, created=f"2026-01-{1 + seed % 28:02d}T10:00:{seed % 60:02d}Z")
    rng = random.Random(seed)
    while not game.over and len(game.results) < deals:
        seat = game.to_move
        assert seat is not None
        game.apply(rng.choice(game.legal_actions(seat)))
    return list(game.lines)


def write_record(folder: Path, name: str, lines: list[dict[str, Any]]) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    return path
