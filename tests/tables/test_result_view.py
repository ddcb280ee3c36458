"""Behind a deal's result at a shared table: the deal the result describes (its header, this
seat's hand as it ended and the scores the result gives), told by the table from this seat's
own view, until the result is closed; then the next deal."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from tests.helpers.screen import screen_text
from thousand_tui.engine.deal import Deal
from thousand_tui.engine.record import decisions
from thousand_tui.engine.view import seat_view
from thousand_tui.settings import TableSetup
from thousand_tui.store.records import read_record
from thousand_tui.tables.service import Service
from thousand_tui.tables.wire import StateUpdate, WireError
from thousand_tui.tui import create_app
from thousand_tui.tui.screens.result import DealResultScreen
from thousand_tui.tui.shared import join_shared
from thousand_tui.tui.widgets.log import GameLog
from thousand_tui.tui.widgets.status import InfoBar

from .helpers import at_table, bob_plays_until, joined, opened, play_until, pump
from .test_faults import SEAT_0_DEALS, service  # noqa: F401 (a fixture)


def ended_deal(base: Path, number: int) -> Deal:
    """Deal `number` as it ended, replayed from the table's record."""
    (path,) = (base / "games").glob("*.jsonl")
    ended = None
    for game, _ in decisions(read_record(path).games[0]):
        if game.deal.number > number:
            break
        ended = game.deal
    assert ended is not None and ended.number == number
    return ended


@pytest.mark.long
@pytest.mark.parametrize(("size", "lang"), [((80, 24), "en"), ((120, 40), "ru")])
async def test_behind_a_result_the_shared_table_shows_the_deal_it_describes(
    base: Path,
    service: Service,  # noqa: F811
    size: tuple[int, int],
    lang: str,
) -> None:
    ann = opened(base, "Ann")
    code = ann.mirror.code
    # Ann deals first: in the next deal Cat is on 100 and Ann speaks before Bob, so the next
    # deal goes on while Bob reads the result.
    service.tables[code].seed = SEAT_0_DEALS
    shared = join_shared(code, name="Bob", base=base, lang=lang)
    cat = joined(base, code, "Cat")
    app = create_app(TableSetup.of(lang=lang, pace=0.0), seat=shared)
    async with app.run_test(size=size) as pilot:
        await pump(pilot, [ann, cat], lambda: at_table(app))
        await bob_plays_until(
            pilot, app, [ann, cat], lambda: isinstance(app.screen, DealResultScreen)
        )
        screen = app.screen
        assert isinstance(screen, DealResultScreen)
        result = screen.result
        mirror = shared.mirror
        # The table has moved on to the next deal; Ann and Cat go on while Bob reads.
        assert mirror.view is not None and mirror.view.deal_number == result.number + 1
        table = app.table
        log = table.query_one(GameLog)
        written = list(log.lines_written)
        turn = mirror.turn

        def ann_and_cat_go_on() -> bool:
            for seat in (ann, cat):
                seat.pump()
            return mirror.turn > turn

        await pump(pilot, [], ann_and_cat_go_on)
        await pilot.pause(0.2)
        # The log ends with the deal described; the next deal's lines wait for the result.
        assert log.lines_written == written, log.lines_written[len(written) :]
        shown = table.controller.shown_view()
        assert shown.seat == 1 and shown.deal_number == result.number
        assert shown.match == result.state
        # Bob's own hand as that deal ended (empty once every card is played; a deal
        # conceded or dealt again ends with cards in hand), not the next deal's.
        ended = ended_deal(base, result.number)
        assert shown.hand == tuple(ended.hands[1]) != mirror.view.hand
        assert shown == seat_view(ended, 1, mirror.names, None)._replace(match=result.state)
        text = screen_text(app)
        top = text.splitlines()[0]
        assert f"{app.t('header_deal', number=result.number)} ·" in top, top
        bar_region = table.query_one("#scores", InfoBar).region
        bar = text.splitlines()[bar_region.y][bar_region.x : bar_region.right]
        for seat, score in enumerate(result.state.scores):
            assert f"{mirror.names[seat]} {score}" in bar, bar
        # Closed: the next deal, as the table is now.
        await pilot.press("enter")
        await pump(pilot, [ann, cat], lambda: not isinstance(app.screen, DealResultScreen))
        assert table.controller.shown_view() == table.view()
        next_deal = app.t("n_deal", number=result.number + 1, dealer="").split(",")[0]
        await pump(pilot, [], lambda: any(next_deal in line for line in log.lines_written))
        await pump(
            pilot,
            [ann, cat],
            lambda: f"{app.t('header_deal', number=result.number + 1)} ·" in screen_text(app),
        )
    ann.close()
    cat.close()


@pytest.mark.long
def test_each_seat_is_told_its_own_view_of_the_deal_that_ended(base: Path) -> None:
    ann = opened(base, "Ann")
    bob = joined(base, ann.mirror.code, "Bob")
    cat = joined(base, ann.mirror.code, "Cat")
    seats = [ann, bob, cat]
    told: dict[int, list[StateUpdate]] = {0: [], 1: [], 2: []}

    def read() -> bool:  # each seat plays its turns; its messages are kept
        for number, seat in enumerate(seats):
            while not seat.client.messages.empty():
                message = seat.client.messages.get_nowait()
                if isinstance(message, StateUpdate):
                    told[number].append(message)
                seat.mirror.take(message)
            if seat.mirror.my_turn and seat.asked != seat.mirror.turn:
                seat.asked = seat.mirror.turn
                seat.client.act(seat.rng.choice(seat.mirror.legal))
        return all(s.mirror.results for s in seats)

    play_until([], read)
    ended = ended_deal(base, 1)
    result = ann.mirror.results[0]
    for number, seat in enumerate(seats):
        (message,) = [m for m in told[number] if m.ended is not None]
        view = seat.mirror.take(message)
        assert view is not None and view.ended is not None
        expected = seat_view(ended, number, seat.mirror.names, None)
        assert view.ended == expected._replace(match=result.state)
        # Only its own cards: another seat's view of the deal is refused.
        other = told[(number + 1) % 3]
        (stolen,) = [m for m in other if m.ended is not None]
        with pytest.raises(WireError, match="not this seat's"):
            seat.mirror.take(dataclasses.replace(message, ended=stolen.ended))
    for seat in seats:
        seat.close()
