"""The start events of the first deal are handed out once, and never after play has begun."""

from __future__ import annotations

import json

from thousand_tui.ai import make_player
from thousand_tui.engine.events import DealStarted
from thousand_tui.engine.game import Game
from thousand_tui.engine.record import parse_record, rebuild
from thousand_tui.engine.rules import Rules


def test_first_deal_start_events_are_taken_once() -> None:
    game = Game(Rules(), 7)
    events = game.take_start_events()
    assert [e.number for e in events if isinstance(e, DealStarted)] == [1]
    assert game.take_start_events() == []


def test_a_rebuilt_game_has_no_stale_start_events() -> None:
    game = Game(Rules(), 7)
    player = make_player("easy", 1)
    while len(game.results) < 3:
        seat = game.to_move
        assert seat is not None
        game.apply(player.decide(game.view(seat)))
    text = "".join(json.dumps(line) + "\n" for line in game.lines)
    rebuilt, mismatch = rebuild(parse_record(text).games[-1])
    assert mismatch is None
    assert rebuilt.deal.number == 4
    assert rebuilt.take_start_events() == []
