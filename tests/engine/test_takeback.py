"""Taking a card back (docs/record.md#takeback): the game rebuilt from its record without the
decisions withdrawn, the record marked, and replays and resumes that agree."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from thousand_tui.engine.actions import Act, IllegalAction
from thousand_tui.engine.deal import Phase
from thousand_tui.engine.game import Game
from thousand_tui.engine.record import (
    RecordedGame,
    decisions,
    parse_record,
    played_lines,
    rebuild,
    take_back,
    takeback_count,
)

from .helpers import random_game, rules_of


def text_of(lines: list[dict[str, Any]]) -> str:
    return "".join(json.dumps(line, ensure_ascii=False) + "\n" for line in lines)


def to_second_trick(preset: str, seed: int) -> tuple[Game, random.Random]:
    """A game past its first deals, in a deal where seat 0 has played a card and the others
    have answered it (random decisions)."""
    rng = random.Random(seed)
    game = random_game(rules_of(preset), seed=seed, deals=2, preset=preset)
    while True:
        seat = game.to_move
        assert seat is not None
        deal = game.deal
        if deal.phase is Phase.PLAY and len(deal.tricks) >= 1 and seat == 0:
            played = [a for a in deal.log if a.seat == 0 and a.act is Act.PLAY]
            if played:
                return game, rng
        game.apply(rng.choice(game.legal_actions(seat)))


@pytest.mark.parametrize("preset", ["classic", "family", "two-player", "four-player"])
def test_a_take_back_is_the_game_replayed_without_the_card(preset: str) -> None:
    game, rng = to_second_trick(preset, seed=5)
    # One more card of seat 0 and the answers to it, until seat 0 is to play again.
    mine = rng.choice([a for a in game.legal_actions(0) if a.marriage is None])
    before = len(game.lines)
    game.apply(mine)
    while game.to_move not in (0, None) and game.deal.phase is Phase.PLAY:
        seat = game.to_move
        game.apply(rng.choice(game.legal_actions(seat)))
    count = takeback_count(game, 0)
    assert count == len(game.lines) - before
    written: list[dict[str, Any]] = []
    game.sink = written.append
    back = take_back(game, 0)
    # The position before the card: seat 0 to move with the same choices.
    assert back.to_move == 0 and mine in back.legal_actions(0)
    assert back.deal.log == game.deal.log[: len(game.deal.log) - count]
    assert back.match == game.match and back.results == game.results
    mark = {"type": "takeback", "seat": 0, "actions": count}
    assert back.lines == [*game.lines, mark] and written == [mark]
    # Nothing more to take back until another card is played.
    assert takeback_count(back, 0) is None
    with pytest.raises(IllegalAction):
        take_back(back, 0)
    # Another card, and the game plays on to the end of the deal.
    other = [a for a in back.legal_actions(0) if a != mine]
    number = back.deal.number
    back.apply(rng.choice(other or [mine]))
    while not back.over and back.deal.number == number:
        seat = back.to_move
        assert seat is not None
        back.apply(rng.choice(back.legal_actions(seat)))
    # The record replays, take-back and all, and agrees line by line.
    record = parse_record(text_of(back.lines))
    again, mismatch = rebuild(record.games[0])
    assert mismatch is None, str(mismatch)
    assert again.lines == back.lines and again.match == back.match
    # As played out, the record holds no trace of the card taken back.
    played = played_lines(back.lines)
    assert len(played) == len(back.lines) - count - 1
    steps = list(decisions(RecordedGame(back.lines)))
    assert len(steps) == sum(
        1 for line in played if line["type"] == "action" and not line.get("auto")
    )


def test_a_take_back_mid_deal_resumes_from_its_record() -> None:
    game, rng = to_second_trick("classic", seed=8)
    game.apply(rng.choice(game.legal_actions(0)))
    back = take_back(game, 0)
    again, mismatch = rebuild(parse_record(text_of(back.lines)).games[0])
    assert mismatch is None
    assert again.to_move == 0 and again.legal_actions(0) == back.legal_actions(0)
    assert again.lines == back.lines


def test_a_take_back_the_game_does_not_allow_is_a_mismatch() -> None:
    game, rng = to_second_trick("classic", seed=9)
    game.apply(rng.choice(game.legal_actions(0)))
    back = take_back(game, 0)
    lines = [dict(line) for line in back.lines]
    lines[-1]["actions"] = 2  # more than the card and what followed it
    _, mismatch = rebuild(parse_record(text_of(lines)).games[0])
    assert mismatch is not None and "take-back of 2 by seat 0" in str(mismatch)
    lines[-1].update(actions=1, seat=1)  # not seat 1's card
    _, mismatch = rebuild(parse_record(text_of(lines)).games[0])
    assert mismatch is not None and "by seat 1" in str(mismatch)


def test_nothing_to_take_back_before_a_card_or_across_a_deal() -> None:
    game = random_game(rules_of("classic"), seed=4, deals=1)
    assert takeback_count(game, 0) is None  # a new deal has just begun
    while game.deal.phase is not Phase.PLAY:
        seat = game.to_move
        assert seat is not None
        game.apply(game.legal_actions(seat)[0])
    assert takeback_count(game, 0) is None  # no card of seat 0 in this deal yet
