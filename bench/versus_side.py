"""The other side of `bench/ai_versus.py`: players of an older revision, in their own process.

Run with that revision's tree first on the path (`ai_versus.py` starts it so); it keeps a
game of its own engine in step with the match's and decides for the seats it holds. One JSON
object a line on stdin, one answer a line on stdout:

    {"op": "deal", "preset": P, "seed": S, "level": L, "budget": {...}, "seats": {seat: seed}}
        → {"hands": [[card codes] per seat], "file": the package's path}
    {"op": "decide", "seat": s, "actions": [action records applied since the last message]}
        → {"action": record}

Only the standard library and that revision's package are imported here.
"""

from __future__ import annotations

import json
import sys
from typing import Any


def main() -> None:
    import thousand_tui
    from thousand_tui.ai import make_player
    from thousand_tui.ai.hard import HardPlayer
    from thousand_tui.engine.actions import Action
    from thousand_tui.engine.dealing import deal
    from thousand_tui.engine.game import Game
    from thousand_tui.presets import load_preset

    game: Any = None
    players: dict[int, Any] = {}
    for line in sys.stdin:
        message = json.loads(line)
        op = message["op"]
        if op == "deal":
            rules = load_preset(message["preset"]).rules
            seed = message["seed"]
            game = Game(rules, seed, deals={1: deal(seed, 1, 0, rules.players, False)})
            budget = message["budget"]
            players = {}
            for seat, player_seed in message["seats"].items():
                if message["level"] == "hard":
                    players[int(seat)] = HardPlayer(
                        player_seed,
                        samples=budget["samples"],
                        time_budget=budget["seconds"],
                        node_budget=budget["nodes"],
                        jobs=1,
                    )
                else:
                    players[int(seat)] = make_player(message["level"], player_seed)
            hands = [[c.code for c in hand] for hand in game.deal.hands]
            answer: dict[str, Any] = {"hands": hands, "file": thousand_tui.__file__}
        elif op == "decide":
            for record in message["actions"]:
                game.apply(Action.from_record(record))
            seat = message["seat"]
            if game.to_move != seat:
                raise SystemExit(f"out of step: seat {game.to_move} to move, asked {seat}")
            answer = {"action": players[seat].decide(game.view(seat)).to_record()}
        else:
            raise SystemExit(f"unknown op {op!r}")
        sys.stdout.write(json.dumps(answer) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
