"""Play again at a shared table: at game over each person asks (`again`); everyone is told
who has; when every person has, a new game begins at the same table, of the same seats (AI
seats stay AI) with the next player dealing first, in a record of its own. Asked before the
game is over, it is refused and changes nothing."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.helpers.waiting import until
from thousand_tui.presets import load_preset
from thousand_tui.store.records import read_record
from thousand_tui.tables.wire import AgainRequest, Failure, StateUpdate, TableStatus
from thousand_tui.tui import create_app

from .helpers import Seat, joined, opened, play_until


def short_rules() -> dict[str, Any]:
    """The classic conventions, played to 50: a game of a deal or two."""
    rules = dict(load_preset("classic").rules.to_dict())
    rules["target"] = 50
    rules["barrel"] = {**rules["barrel"], "enabled": False}
    return rules


def games(base: Path) -> list[list[dict[str, Any]]]:
    paths = sorted((base / "games").glob("*.jsonl"), key=lambda p: p.stat().st_mtime_ns)
    return [read_record(p).games[-1].lines for p in paths]


def statuses(seat: Seat) -> list[TableStatus]:
    return [m for m in seat.told if isinstance(m, TableStatus)]


def ann_and_bob_at_game_over(base: Path) -> tuple[Seat, Seat]:
    """Ann and Bob with an AI seat, the short game played out by script."""
    ann = opened(base, "Ann", people=[0, 1], rules=short_rules())
    bob = joined(base, ann.mirror.code, "Bob")
    play_until([ann, bob], lambda: ann.mirror.over and bob.mirror.over, timeout=60)
    return ann, bob


@pytest.mark.long
def test_everyone_agreeing_begins_a_new_game_at_the_same_table(base: Path) -> None:
    ann, bob = ann_and_bob_at_game_over(base)
    (first,) = games(base)
    header = first[0]
    ann.client.send(AgainRequest())
    play_until([ann, bob], lambda: bob.mirror.again == (0,), play=False)
    # Bob is told who has asked; nothing begins before everyone has.
    assert ann.mirror.over and bob.mirror.over and len(games(base)) == 1
    told = len(ann.told)
    bob.client.send(AgainRequest())
    play_until([ann, bob], lambda: not ann.mirror.over and not bob.mirror.over, play=False)
    fresh = [m for m in ann.told[told:] if isinstance(m, StateUpdate) and m.again]
    assert len(fresh) == 1 and fresh[0].results == ()
    assert ann.mirror.results == [] and ann.mirror.again == ()
    assert ann.mirror.code == bob.mirror.code
    # A record of its own: the same people and AI in the same seats, the next dealer first.
    old, new = games(base)
    assert old[0] == header
    assert [p["kind"] for p in new[0]["players"]] == [p["kind"] for p in header["players"]]
    assert [p["name"] for p in new[0]["players"]] == [p["name"] for p in header["players"]]
    assert new[0]["first_dealer"] == (header["first_dealer"] + 1) % 3
    # And it is played, as the first was.
    play_until([ann, bob], lambda: len(ann.mirror.results) >= 1, timeout=60)


@pytest.mark.long
def test_play_again_before_the_game_is_over_is_refused(base: Path) -> None:
    ann = opened(base, "Ann", people=[0, 1], rules=short_rules())
    bob = joined(base, ann.mirror.code, "Bob")
    play_until([ann, bob], lambda: ann.mirror.view is not None, play=False)
    ann.client.send(AgainRequest())
    play_until([ann, bob], lambda: bool(ann.errors), play=False)
    assert ann.errors == ["the game is not over: playing again is asked for once it has ended"]
    (error,) = [m for m in ann.told if isinstance(m, Failure)]
    assert error.said == "table_not_over"
    # Nothing changed: nobody is told of anyone asking, and the game goes on.
    assert all(s.again == () for s in statuses(bob))
    play_until([ann, bob], lambda: len(ann.mirror.results) >= 1, timeout=60)


@pytest.mark.long
def test_asking_twice_is_asking_once(base: Path) -> None:
    ann, bob = ann_and_bob_at_game_over(base)
    ann.client.send(AgainRequest())
    ann.client.send(AgainRequest())
    play_until([ann, bob], lambda: bob.mirror.again == (0,), play=False)
    assert ann.errors == [] and len(games(base)) == 1 and bob.mirror.over


# ---------------------------------------------------------------------- on the screen

WORDS = {
    "en": (
        "a: play again with the same people (everyone must agree)",
        "Play again. Agreed: Ann. Waiting for: Bob (you).",
        "Everyone agreed: a new game at the same table.",
    ),
    "pl": (
        "a: zagraj jeszcze raz z tymi samymi osobami (wszyscy muszą się zgodzić)",
        "Jeszcze raz. Zgoda: Ann. Czekamy na: Bob (ty).",
        "Wszyscy się zgodzili: nowa partia przy tym samym stole.",
    ),
}


@pytest.mark.long
@pytest.mark.parametrize("lang", ["en", "pl"])
async def test_the_game_over_screen_shows_who_agreed_and_the_new_game_begins(
    base: Path, lang: str
) -> None:
    from textual.pilot import Pilot

    from thousand_tui.settings import TableSetup
    from thousand_tui.tui.controller import Awaiting
    from thousand_tui.tui.screens.result import DealResultScreen
    from thousand_tui.tui.shared import join_shared
    from thousand_tui.tui.shared.over import SharedGameOverScreen

    from .helpers import at_table, is_shared_table, pump

    offer, some, begins = WORDS[lang]
    ann = opened(base, "Ann", people=[0, 1], rules=short_rules())
    shared = join_shared(ann.mirror.code, name="Bob", base=base, lang=lang)
    app = create_app(TableSetup.of(lang=lang, pace=0.0), seat=shared)

    async def bob_plays_to_the_end(pilot: Pilot[None]) -> None:
        mirror = shared.mirror
        asked = -1

        def played() -> bool:
            nonlocal asked
            if isinstance(app.screen, SharedGameOverScreen):
                return True
            ann.pump()
            table = app.table
            assert is_shared_table(table)
            if isinstance(app.screen, DealResultScreen):
                app.screen.action_next()  # Enter (pressed here, it may time out under load)
                return False
            if not mirror.my_turn or asked == mirror.turn or table.driver.sent:
                return False
            if app.screen is not table:  # the decision's dialog
                asked = mirror.turn
                app.screen.dismiss(mirror.legal[0])
            elif table.awaiting is Awaiting.PLAY:
                asked = mirror.turn
                table.act(mirror.legal[0])
            return False

        await until(
            pilot,
            "the game's end",
            played,
            timeout=90,
            every=0.05,
            shown=lambda: f"{app.screen} {app.notices}",
        )

    async with app.run_test(size=(80, 24)) as pilot:
        await pump(pilot, [ann], lambda: at_table(app))
        await bob_plays_to_the_end(pilot)
        over = app.screen
        assert isinstance(over, SharedGameOverScreen)
        line = over.query_one("#over-again")
        assert str(line.render()) == offer
        ann.client.send(AgainRequest())
        await pump(pilot, [ann], lambda: shared.mirror.again == (0,))
        await until(pilot, "who agreed shown", lambda: str(line.render()) == some)
        old_table = app.table
        await pump(pilot, [ann], lambda: over.check_action("finish", ("again",)) is True)
        await pilot.press("a")  # the screen's keys are held a moment after it opens
        await pump(pilot, [ann], lambda: at_table(app) and app.table is not old_table)
        await pump(pilot, [ann], lambda: begins in app.notices)
        new_table = app.table
        # The new deal's hand shown.
        await pump(pilot, [ann], lambda: new_table.hand is not None and bool(new_table.hand.cards))
        await pilot.pause(0.3)
        assert app.table is new_table  # one new table screen, which stays
        assert not isinstance(app.screen, SharedGameOverScreen)
        assert not shared.mirror.over and shared.mirror.results == []
        assert len(games(base)) == 2
    ann.close()
