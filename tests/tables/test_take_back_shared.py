"""At a shared table no card is taken back: `u` says so, and the game goes on unchanged."""

from __future__ import annotations

from pathlib import Path

import pytest

from thousand_tui.settings import TableSetup
from thousand_tui.tui import create_app
from thousand_tui.tui.shared import join_shared

from .helpers import at_table, is_shared_table, joined, opened, pump

WORDS = {
    "en": "No take-back at a shared table: a card played stays played.",
    "ru": "За общим столом ход назад не берут: сыгранная карта остаётся сыгранной.",
}


@pytest.mark.long_variants
@pytest.mark.parametrize("lang", ["en", "ru"])
async def test_u_at_a_shared_table_says_there_is_no_take_back(base: Path, lang: str) -> None:
    ann = opened(base, "Ann")
    code = ann.mirror.code
    shared = join_shared(code, name="Bob", base=base)
    app = create_app(TableSetup.of(lang=lang, pace=0.0, take_back=True), seat=shared)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        ann.hold = True
        cat = joined(base, code, "Cat")
        cat.hold = True
        await pump(pilot, [ann, cat], lambda: at_table(app), play=True)
        table = app.table
        assert is_shared_table(table)
        turn = shared.mirror.turn
        for _ in range(20):  # Bob's auction may open over the table at any moment: put away
            if app.screen is not table:
                await pilot.press("escape")
                await pump(pilot, [], lambda: app.screen is table, play=True)
            await pilot.press("u")
            await pilot.pause(0.1)
            if app.notices:
                break
        assert app.notices == [WORDS[lang]]
        assert shared.mirror.turn == turn
