"""Games for the robustness tests: records made by a fixed, stateless policy, so a game cut
off and resumed goes on exactly as the same game played in one go."""

from __future__ import annotations

import random
from pathlib import Path

from thousand_tui.ai import make_player
from thousand_tui.engine.game import Game, PlayerInfo
from thousand_tui.presets import load_preset
from thousand_tui.store.records import RecordWriter

NAMES = ("Ольга", "Boris", "Vera", "Gleb")


def new_game(preset: str = "classic", seed: int = 7, writer: RecordWriter | None = None) -> Game:
    """A game as the table starts it: you at seat 0, AI opponents."""
    rules = load_preset(preset).rules
    players = [PlayerInfo(NAMES[0], "human")]
    players += [PlayerInfo(NAMES[s], "ai", "easy") for s in range(1, rules.players)]
    return Game(
        rules,
        seed,
        players,
        preset=preset,
        sink=writer.write if writer else None,
        created="2026-11-29T18:00:00Z",
    )


def choose(game: Game) -> None:
    """One decision of the seat to move, a function of the position only (no player state)."""
    seat = game.to_move
    assert seat is not None
    legal = game.legal_actions(seat)
    rng = random.Random(f"{game.seed}/{len(game.lines)}")
    game.apply(rng.choice(legal))


def advance(game: Game, decisions: int) -> Game:
    for _ in range(decisions):
        if game.over:
            break
        choose(game)
    return game


def play_to_end(game: Game, max_decisions: int = 20_000) -> Game:
    """Finish a game with easy AI players in every seat (random play rarely ends)."""
    players = [make_player("easy", game.seed * 31 + seat) for seat in range(game.rules.players)]
    for _ in range(max_decisions):
        if game.over:
            break
        seat = game.to_move
        assert seat is not None
        game.apply(players[seat].decide(game.view(seat)))
    assert game.over, "the game did not end"
    return game


def record(path: Path, preset: str = "classic", seed: int = 7, decisions: int = 40) -> Game:
    """A record file of a game stopped after `decisions` decisions; returns the game."""
    with RecordWriter(path) as writer:
        return advance(new_game(preset, seed, writer), decisions)


def finished_record(path: Path, preset: str = "classic", seed: int = 7) -> Game:
    with RecordWriter(path) as writer:
        return play_to_end(new_game(preset, seed, writer))


def tree(root: Path) -> dict[str, bytes | None]:
    """Every file (with its bytes) and folder under `root`, to see whether anything changed."""
    return {
        str(path.relative_to(root)): path.read_bytes() if path.is_file() else None
        for path in sorted(root.rglob("*"))
    }
