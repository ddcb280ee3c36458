"""The watcher's view is built from public fields, each named (an allow-list): a field the
engine's view gains is never told to a watcher by default."""

from __future__ import annotations

import ast
import inspect
from typing import Any

from thousand_tui.engine.record import RecordedGame, steps
from thousand_tui.engine.view import SeatView, seat_view
from thousand_tui.presets import load_preset
from thousand_tui.simulate import play_game
from thousand_tui.tables import watch
from thousand_tui.tables.watch import PLACE, public_view

# What is one seat's own (or its view of others' cards): never a watcher's as seat 0 has it.
PRIVATE = {
    "hand",
    "talon",
    "talons_seen",
    "passed_cards",
    "hidden_gives",
    "discarded",
    "redeal_reason",
    "legal",
}


def test_the_watchers_view_names_every_field_and_takes_nothing_from_a_seats_view() -> None:
    tree = ast.parse(inspect.getsource(watch.public_view))
    calls = [n for n in ast.walk(tree) if isinstance(n, ast.Call)]
    made = [c for c in calls if isinstance(c.func, ast.Name) and c.func.id == "SeatView"]
    assert len(made) == 1
    assert [k.arg for k in made[0].keywords] == list(SeatView._fields)
    names = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name)}
    attributes = {n.attr for n in ast.walk(tree) if isinstance(n, ast.Attribute)}
    assert "seat_view" not in names and "_replace" not in attributes  # not subtractive


def test_the_watchers_view_is_the_public_part_of_every_position() -> None:
    rules = load_preset("classic").rules
    lines: list[dict[str, Any]] = []
    play_game(rules, 11, ["easy"] * 3, sink=lines.append, max_deals=3)
    checked = 0
    for game, deal, _action, _events in steps(RecordedGame(lines)):
        mine = public_view(deal, game.names, None)
        seat = seat_view(deal, PLACE, game.names, None)
        for name in set(SeatView._fields) - PRIVATE:
            assert getattr(mine, name) == getattr(seat, name), name
        assert mine.hand is None and mine.legal == () and mine.discarded == ()
        assert mine.talons_seen is None and mine.redeal_reason is None
        assert mine.talon is None or deal.talon_shown
        checked += 1
    assert checked > 20
