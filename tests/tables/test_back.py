"""One who sits again at a shared table finds the deal so far in the log (what his seat may
see of it, never a card hidden from it), and a person away is not shown "thinking"."""

from __future__ import annotations

from pathlib import Path

import pytest

from thousand_tui.engine.events import CardGiven, TalonTaken
from thousand_tui.settings import TableSetup
from thousand_tui.tui import create_app
from thousand_tui.tui.screens.table import TableScreen
from thousand_tui.tui.shared import join_shared
from thousand_tui.tui.widgets.log import GameLog

from .helpers import at_table, is_shared_table, joined, leaves, opened, play_until, pump
from .test_away import BOB, bob_away_while_the_ai_plays


@pytest.mark.long
@pytest.mark.parametrize(("size", "lang"), [((80, 24), "en"), ((120, 40), "ru")])
async def test_the_log_of_one_back_holds_the_deal_so_far(
    base: Path, size: tuple[int, int], lang: str
) -> None:
    ann, cat, code = bob_away_while_the_ai_plays(base, 3)
    back = joined(base, code, "Bob", who=BOB)
    updates = []

    def told_back() -> bool:
        while not back.client.messages.empty():
            update = back.mirror.take(back.client.messages.get_nowait())
            if update is not None:
                updates.append(update)
        return bool(updates)

    play_until([ann, cat], told_back, play=False)
    deal = updates[0].deal
    assert deal, "the deal so far is told to the one back"
    for event in deal:
        if isinstance(event, CardGiven) and 1 not in (event.to, event.seat):
            assert event.card is None  # a card given to another stays hidden
        if isinstance(event, TalonTaken) and not event.shown and event.seat != 1:
            assert event.cards == ()
    leaves(back, [ann, cat])
    shared = join_shared(code, name="Bob", base=base, lang=lang, who=BOB)
    app = create_app(TableSetup.of(lang=lang, pace=0.0), seat=shared)
    async with app.run_test(size=size) as pilot:
        await pump(pilot, [ann, cat], lambda: at_table(app))
        log = app.table.query_one(GameLog)
        await pump(pilot, [ann, cat], lambda: len(log.lines_written) > 3)
        lines = log.lines_written
        deal_word = "Deal " if lang == "en" else "Кон "
        assert any(line.startswith(deal_word) for line in lines), lines
        assert any(name in line for line in lines for name in ("Ann", "Cat")), lines
    ann.close()
    cat.close()


@pytest.mark.long
async def test_a_person_away_is_not_shown_thinking(base: Path) -> None:
    ann = opened(base, "Ann", timeout=60.0)
    code = ann.mirror.code
    shared = join_shared(code, name="Bob", base=base, who=BOB)
    cat = joined(base, code, "Cat")
    app = create_app(TableSetup.of(lang="en", pace=0.0), seat=shared)
    async with app.run_test(size=(120, 40)) as pilot:
        await pump(pilot, [ann, cat], lambda: at_table(app))
        table = app.table
        assert is_shared_table(table)
        # Cat leaves; whoever's turn it is, the table waits for her when hers comes.
        cat.close()
        await pump(pilot, [ann], lambda: not shared.mirror.seats[2].connected)

        def cats_turn() -> bool:
            view = shared.mirror.view
            if view is not None and view.to_move == 0 and ann.mirror.my_turn:
                ann.pump()  # Ann plays her turns
            return view is not None and view.to_move == 2

        if not cats_turn():
            # Bob's turns: the first legal decision, until Cat's turn comes.
            for _ in range(20):
                view = shared.mirror.view
                if view is not None and view.to_move == 1 and shared.mirror.legal:
                    table.act(shared.mirror.legal[0])
                await pump(pilot, [ann], lambda: cats_turn() or shared.mirror.my_turn)
                if cats_turn():
                    break
        assert shared.mirror.view is not None and shared.mirror.view.to_move == 2
        await pump(pilot, [], lambda: "away" in panel_text(table, 2))
        text = panel_text(table, 2)
        assert "thinking" not in text, text
    ann.close()


def panel_text(table: TableScreen, seat: int) -> str:
    from thousand_tui.tui.widgets.seat import SeatPanel

    panel = table.query_one(f"#seat-{seat}", SeatPanel)
    return f"{panel.render()} {panel.border_subtitle}"
