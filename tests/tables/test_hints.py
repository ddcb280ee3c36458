"""Hints at a shared table where the one who opened it allows them: said in the header to all,
and each person's hint is searched from his own seat's view only."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from thousand_tui.settings import TableSetup
from thousand_tui.tui import create_app
from thousand_tui.tui.app import ThousandApp
from thousand_tui.tui.shared import join_shared
from thousand_tui.tui.widgets.log import GameLog

from .helpers import Seat, at_table, joined, opened, pump


def top_text(app: ThousandApp) -> str:
    return str(app.table.query_one("#top").render())


async def bob_to_move(pilot: Any, app: ThousandApp, ann: Seat, cat: Seat) -> None:
    """Ann and Cat play (scripted) until it is Bob's turn."""
    mirror = app.shared.mirror

    def bobs_turn() -> bool:
        for seat in (ann, cat):
            seat.pump(play=True)
        return mirror.my_turn

    await pump(pilot, [], bobs_turn)


@pytest.mark.long
@pytest.mark.parametrize(("size", "lang"), [((80, 24), "en"), ((120, 40), "ru")])
async def test_hints_where_the_opener_allows_them(
    base: Path, size: tuple[int, int], lang: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    from thousand_tui.ai import analysis

    ann = opened(base, "Ann", timeout=30.0, hints=True)
    code = ann.mirror.code
    shared = join_shared(code, name="Bob", base=base, lang=lang, who="key-b0b")
    cat = joined(base, code, "Cat")
    assert ann.mirror.hints and cat.mirror.hints and shared.mirror.hints
    asked: list[Any] = []
    advise = analysis.advise

    def watched(view: Any, player: Any) -> Any:
        asked.append(view)
        return advise(view, player)

    monkeypatch.setattr(analysis, "advise", watched)
    app = create_app(TableSetup.of(lang=lang, pace=0.0), seat=shared)
    async with app.run_test(size=size) as pilot:
        await pump(pilot, [ann, cat], lambda: at_table(app))
        said = "hints on (h)" if lang == "en" else "с подсказками (h)"
        await pump(pilot, [], lambda: said in top_text(app))
        await bob_to_move(pilot, app, ann, cat)
        await pilot.press("escape")  # the decision's dialog put away: the table's keys
        await pilot.press("h")
        log = app.table.query_one(GameLog)
        word = "Hint: " if lang == "en" else "Подсказка: "
        await pump(pilot, [], lambda: any(line.startswith(word) for line in log.lines_written))
        # Searched from Bob's own view: his seat, his cards, nobody else's.
        (view,) = asked
        assert view.seat == 1 and view == shared.mirror.view
    ann.close()
    cat.close()


@pytest.mark.long
async def test_no_hints_at_a_table_opened_without_them(base: Path) -> None:
    ann = opened(base, "Ann", timeout=30.0)
    code = ann.mirror.code
    shared = join_shared(code, name="Bob", base=base, who="key-b0b")
    cat = joined(base, code, "Cat")
    assert not shared.mirror.hints
    app = create_app(TableSetup.of(lang="en", pace=0.0), seat=shared)
    async with app.run_test(size=(80, 24)) as pilot:
        await pump(pilot, [ann, cat], lambda: at_table(app))
        await bob_to_move(pilot, app, ann, cat)
        await pilot.press("escape")
        assert "hints on" not in top_text(app)
        assert not app.table.hints_on()
        assert app.check_action("hint", ()) is False
    ann.close()
    cat.close()


@pytest.mark.long
async def test_the_header_says_hints_only_where_it_fits(base: Path) -> None:
    """At 80 columns in Russian the header with the dealer's name and the table's code has no
    room for the hints' words: they are left out (the footer's h says it) rather than cut."""
    ann = opened(base, "Konstantinovna", timeout=30.0, hints=True)
    code = ann.mirror.code
    shared = join_shared(code, name="Bob", base=base, lang="ru", who="key-b0b")
    cat = joined(base, code, "Aleksandrovna")
    app = create_app(TableSetup.of(lang="ru", pace=0.0), seat=shared)
    async with app.run_test(size=(80, 24)) as pilot:
        await pump(pilot, [ann, cat], lambda: at_table(app))
        await pump(pilot, [], lambda: code in top_text(app))
        top = top_text(app)
        assert len(top) < 80, top
        assert top.endswith(code) or top.endswith("с подсказками (h)"), top
    ann.close()
    cat.close()
