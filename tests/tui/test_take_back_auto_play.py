"""`u` after a card that played itself (`--auto-play`, the only legal card): alone it would
only play itself again, so the take-back goes back to the last card the player chose and
withdraws both, and says so; where every card of the deal was the only one, a note says why
and nothing changes. The statistics count the cards taken back, as the notes named them."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from textual.pilot import Pilot

from thousand_tui.engine.game import Game
from thousand_tui.engine.record import (
    TAKEBACK,
    RecordedGame,
    chosen_takeback_count,
    played_lines,
    rebuild,
    takeback_counts,
    takebacks,
)
from thousand_tui.priority import Host
from thousand_tui.settings import TableSetup
from thousand_tui.tui import create_app
from thousand_tui.tui.app import ThousandApp
from thousand_tui.tui.screens.result import DealResultScreen
from thousand_tui.tui.widgets.log import GameLog

from .helpers import play_first_legal, settle


def my_cards(game: Game) -> int:
    lines = played_lines(game.lines)
    return sum(1 for line in lines if line.get("act") == "play" and line.get("seat") == 0)


async def pass_and_play_until(pilot: Pilot, done: Callable[[Game], bool]) -> None:
    """Pass in the auction and play the leftmost legal card until `done(game)`."""
    app = pilot.app
    assert isinstance(app, ThousandApp)
    for _ in range(30):
        await settle(pilot)
        assert not isinstance(app.screen, DealResultScreen), "the deal ended first"
        if app.screen is not app.table:
            await pilot.press("p")  # pass
            continue
        if done(app.session.game):
            return
        await play_first_legal(pilot)
    raise AssertionError("not reached")


def forced_after_a_choice(game: Game) -> bool:
    counts = takeback_counts(game, 0)
    return len(counts) >= 2 and chosen_takeback_count(game, 0) == counts[1]


WORDS = {
    "en": ("You take back ", ", the only card you could play then: your move again."),
    "ru": ("Ходы ", ": после {card} других карт для хода не было. Снова ваш ход."),
}


@pytest.mark.long
@pytest.mark.parametrize("lang", ["en", "ru"])
async def test_u_after_a_card_that_played_itself_takes_back_the_card_chosen_before_it(
    lang: str,
    host: Host,
) -> None:
    setup = TableSetup.of(
        seed=1, pace=0, lang=lang, auto_play=True, take_back=True, save=False, host=host
    )
    app = create_app(setup)
    async with app.run_test(size=(80, 24)) as pilot:
        await pass_and_play_until(pilot, forced_after_a_choice)
        game = app.session.game
        before = my_cards(game)
        withdrawn = takeback_counts(game, 0)[1]
        await pilot.press("u")
        await settle(pilot)
        # A card that plays itself is played after the next refresh: let one pass.
        await app.table.wait_for_refresh()
        await pilot.pause()
        game = app.session.game
        assert game.lines[-1] == {"type": TAKEBACK, "seat": 0, "actions": withdrawn}
        # Both cards are gone and stay gone: the choice is the player's again.
        assert my_cards(game) == before - 2
        assert app.table.awaiting == "play" and game.to_move == 0
        assert len([a for a in game.legal_actions(0) if a.card]) > 1
        start, end = WORDS[lang]
        log = app.table.query_one(GameLog).lines_written
        assert any(line.startswith(start) and line.endswith(end.split("}")[-1]) for line in log)
        # What the statistics count: the two cards the note named.
        assert takebacks(game.lines, 0) == 2
        # The record replays with the take-back in it.
        replayed, mismatch = rebuild(RecordedGame(list(game.lines)))
        assert mismatch is None and replayed.lines == game.lines


@pytest.mark.long
@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", "Nothing to take back now: your cards of this deal were each the only one"),
        ("ru", "Сейчас нечего вернуть: каждая ваша карта в этом коне была единственной"),
    ],
)
async def test_u_after_only_cards_that_played_themselves_says_why_and_changes_nothing(
    lang: str, words: str, host: Host
) -> None:
    setup = TableSetup.of(
        seed=6, pace=0, lang=lang, auto_play=True, take_back=True, save=False, host=host
    )
    app = create_app(setup)
    async with app.run_test(size=(80, 24)) as pilot:

        def only_forced(game: Game) -> bool:
            return bool(takeback_counts(game, 0)) and chosen_takeback_count(game, 0) is None

        await pass_and_play_until(pilot, only_forced)
        before = list(app.session.game.lines)
        await pilot.press("u")
        await settle(pilot)
        assert app.session.game.lines == before
        assert any(note.startswith(words) for note in app.notices), app.notices


def test_a_take_back_the_game_does_not_allow_is_refused_on_replay(host: Host) -> None:
    """A record's take-back must withdraw back to one of the seat's cards of the deal."""
    from thousand_tui.engine.record import take_back

    setup = TableSetup.of(seed=1, pace=0, save=False, host=host)
    app = create_app(setup)
    game = app.session.game
    game.take_start_events()
    from thousand_tui.ai import make_player

    players = {seat: make_player("easy", 100 + seat) for seat in range(3)}
    while len(takeback_counts(game, 0)) < 2:
        seat = game.to_move
        assert seat is not None
        game.apply(players[seat].decide(game.view(seat)))
    counts = takeback_counts(game, 0)
    good = take_back(game, 0, counts[1])
    assert rebuild(RecordedGame(list(good.lines)))[1] is None
    bad = [*game.lines, {"type": TAKEBACK, "seat": 0, "actions": counts[1] + 1}]
    assert rebuild(RecordedGame(bad))[1] is not None
