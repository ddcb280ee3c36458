"""The move clock of a shared table: the opener gives each person so many seconds for a
decision; when they run out an AI decides it for him (as for one away), everyone is told, and
each seat is told the seconds left once, with the view, to count down itself."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from tests.helpers.waiting import until
from thousand_tui.engine.actions import Action
from thousand_tui.engine.record import RecordError
from thousand_tui.store.records import read_record
from thousand_tui.tables.client import TableError
from thousand_tui.tables.wire import Notice, StateUpdate
from thousand_tui.tui import create_app

from .helpers import opened, play_until


def decisions_of(base: Path, seat: int) -> list[Action]:
    paths = list((base / "games").glob("*.jsonl"))
    if not paths:
        return []  # the game has not begun
    (path,) = paths
    try:
        lines = read_record(path).games[-1].lines
    except RecordError:  # the service has just made the file: nothing in it yet
        return []
    return [
        Action.from_record(line)
        for line in lines
        if line.get("type") == "action" and line.get("seat") == seat and not line.get("auto")
    ]


def test_an_ai_decides_for_a_person_whose_time_ran_out(base: Path) -> None:
    # Ann alone with two AI seats; she never decides: each time, her clock runs out.
    ann = opened(base, "Ann", people=[0], clock=0.3)
    ann.hold = True
    assert ann.mirror.clock == 0.3
    play_until([ann], lambda: len(decisions_of(base, 0)) >= 2)
    outs = [m for m in ann.told if isinstance(m, Notice) and m.notice == "clock_out"]
    assert outs and all(m.seat == 0 for m in outs)
    # Her turns were told with the seconds she had (once each, counted down by the client).
    hers = [m for m in ann.told if isinstance(m, StateUpdate) and m.view.to_move == 0]
    assert hers and all(m.clock is not None and 0 < m.clock <= 0.3 + 1e-6 for m in hers)
    others = [m for m in ann.told if isinstance(m, StateUpdate) and m.view.to_move not in (0,)]
    assert all(m.clock is None for m in others)  # an AI's decision: no clock


@pytest.mark.long
def test_without_a_clock_the_table_waits_for_the_person(base: Path) -> None:
    ann = opened(base, "Ann", people=[0])
    ann.hold = True
    assert ann.mirror.clock == 0
    play_until([ann], lambda: ann.mirror.my_turn, play=False)
    turn = ann.mirror.turn
    time.sleep(0.6)  # real time passes (twice a short clock's): nothing may be decided for her
    ann.pump(play=False)
    assert ann.mirror.turn == turn and ann.mirror.my_turn
    assert not [m for m in ann.told if isinstance(m, Notice) and m.notice == "clock_out"]
    assert all(m.clock is None for m in ann.told if isinstance(m, StateUpdate))


@pytest.mark.long
def test_a_decision_in_time_is_the_persons_own(base: Path) -> None:
    ann = opened(base, "Ann", people=[0], clock=30)
    play_until([ann], lambda: ann.moves >= 3)
    play_until([ann], lambda: ann.acknowledged)
    assert not [m for m in ann.told if isinstance(m, Notice) and m.notice == "clock_out"]


@pytest.mark.long
@pytest.mark.parametrize("clock", [-1, 601, 10**5])
def test_a_clock_out_of_bounds_is_refused(base: Path, clock: float) -> None:
    # Below 0 the request's schema refuses it; above 600 the service.
    with pytest.raises(TableError, match=r"clock must be a number (of seconds )?from 0 to"):
        opened(base, "Ann", people=[0], clock=clock)


# ---------------------------------------------------------------------- on the screen


@pytest.mark.long
@pytest.mark.parametrize(("lang", "left"), [("en", " s left"), ("pl", " s na ruch")])
async def test_the_countdown_shows_on_the_seat_whose_turn_it_is(
    base: Path, lang: str, left: str
) -> None:
    """Bob at the screen, Ann by script at a table with a clock of 30 s: Ann's panel counts
    her seconds down while she decides, and Bob's prompt his own."""
    from thousand_tui.settings import TableSetup
    from thousand_tui.tui.shared import join_shared

    from .helpers import at_table, bob_plays_until, pump

    ann = opened(base, "Ann", people=[0, 1], clock=30)
    ann.hold = True
    shared = join_shared(ann.mirror.code, name="Bob", base=base, lang=lang)
    app = create_app(TableSetup.of(lang=lang, pace=0.0), seat=shared)
    async with app.run_test(size=(80, 24)) as pilot:
        await pump(pilot, [ann], lambda: at_table(app) and app.seat.mirror.view is not None)
        mirror = app.seat.mirror
        # Where the deal opens on Bob, he decides (his clock would give it to an AI only after
        # 30 s) until it is Ann's turn.
        await bob_plays_until(
            pilot, app, [ann], lambda: mirror.view is not None and mirror.view.to_move == 0
        )
        table = app.table

        def counting() -> bool:
            shown = table.panels[0]
            return shown is not None and left in shown.subtitle

        await until(pilot, "Ann's seconds on her panel", counting)
        panel = table.panels[0]
        assert panel is not None
        (seconds,) = [
            int(part.split()[0]) for part in panel.subtitle.split(" · ") if part.endswith(left)
        ]
        assert 25 <= seconds <= 30
        others = [p for s, p in enumerate(table.panels) if s != 0 and p is not None]
        assert all(left not in p.subtitle for p in others)
        # It counts down by itself, without a message from the service.
        told = len(ann.told)

        def counted() -> bool:  # a second later, or a little more on a loaded machine
            later = table.panels[0]
            return later is not None and later.subtitle != panel.subtitle

        await until(pilot, "Ann's seconds to count down", counted, every=0.1)
        # Ann decides: now Bob's own decision shows his seconds, in his prompt.
        ann.hold = False
        await pump(pilot, [ann], lambda: mirror.my_turn, play=True)
        await until(pilot, "Bob's seconds in his prompt", lambda: left in table.prompt)
        assert len(ann.told) >= told
    ann.close()


@pytest.mark.long
@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", "Your time ran out: an AI plays this move for you."),
        ("cs", "Váš čas vypršel: tento tah za vás hraje AI."),
    ],
)
async def test_the_one_whose_time_ran_out_is_told(base: Path, lang: str, words: str) -> None:
    from thousand_tui.settings import TableSetup
    from thousand_tui.tui.screens.decision import DecisionScreen
    from thousand_tui.tui.screens.exchange import ExchangeScreen
    from thousand_tui.tui.shared import join_shared
    from thousand_tui.tui.widgets.log import GameLog

    from .helpers import at_table, pump

    # Long enough for Bob's dialog to open first, on a loaded machine too.
    ann = opened(base, "Ann", people=[0, 1], clock=2.0)
    shared = join_shared(ann.mirror.code, name="Bob", base=base, lang=lang)
    app = create_app(TableSetup.of(lang=lang, pace=0.0), seat=shared)
    async with app.run_test(size=(80, 24)) as pilot:
        await pump(pilot, [ann], lambda: at_table(app))
        log = app.table.query_one(GameLog)
        # Ann plays by script; Bob never decides: his clock runs out, his dialog open.
        dialogs = []

        def told() -> bool:
            if isinstance(app.screen, (DecisionScreen, ExchangeScreen)):
                dialogs.append(app.screen)
            return words in log.lines_written

        await pump(pilot, [ann], told, play=True)
        assert words in app.notices
        # The dialog of the decision the AI took is closed, unanswered.
        assert dialogs
        await until(pilot, "his dialog to close", lambda: dialogs[-1] not in app.screen_stack)
    ann.close()


# ---------------------------------------------------------------------- the start screen

CLOCK_WORDS = {
    "en": ("Time per move", "‹ no limit ›", "‹ 30 s, then an AI plays it ›"),
    "uk": ("Час на хід", "‹ без обмеження ›", "‹ 30 с, потім ходить ШІ ›"),
}


@pytest.mark.long
@pytest.mark.parametrize("lang", ["en", "uk"])
async def test_the_start_screen_opens_a_table_with_the_clock_chosen(
    base: Path, monkeypatch: pytest.MonkeyPatch, tmp_path: Path, lang: str
) -> None:
    from tests.helpers.screen import screen_text
    from tests.tui.test_start import go_to, line_ids, start_app
    from thousand_tui.tui.startup import StartOffer

    from .test_open_hints import opened_table

    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "xdg-config"))
    label, off, on = CLOCK_WORDS[lang]
    app = start_app(StartOffer.shipped(lang))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert line_ids(app).index("open-clock") == line_ids(app).index("open-hints") + 1
        await go_to(pilot, "open-clock")
        row = next(line for line in screen_text(app).splitlines() if label in line)
        assert off in row, row  # no limit unless chosen
        await pilot.press("right")
        await pilot.pause()
        row = next(line for line in screen_text(app).splitlines() if label in line)
        assert on in row, row
        await go_to(pilot, "open-table")
        await pilot.press("enter")
        assert (await opened_table(pilot, app)).mirror.clock == 30
    choice = app.shared_choice
    assert choice is not None and choice.kind == "open" and choice.clock == 30


def test_the_clocks_label_leaves_room_for_its_value_in_every_language() -> None:
    from thousand_tui.settings import LANGUAGES
    from thousand_tui.tui.i18n import Translator
    from thousand_tui.tui.screens.start import LABEL_WIDTH

    for lang in LANGUAGES:
        assert len(Translator(lang)("start_open_clock")) < LABEL_WIDTH, lang


def test_thousand_open_takes_a_clock_of_none_30_or_60(capsys: pytest.CaptureFixture[str]) -> None:
    from thousand_tui.cli import build_parser, open_setup

    parser = build_parser()
    assert open_setup(parser.parse_args(["open", "--clock", "30"])).clock == 30
    assert open_setup(parser.parse_args(["open"])).clock == 0
    with pytest.raises(SystemExit):
        parser.parse_args(["open", "--clock", "45"])
    assert "invalid choice: 45 (choose from 0, 30, 60)" in capsys.readouterr().err


@pytest.mark.long
@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", "Time per move: 30 s; when it runs out an AI makes that move."),
        ("ru", "Время на ход: 30 с; когда оно выходит, этот ход делает ИИ."),
    ],
)
async def test_the_waiting_room_says_the_tables_clock(base: Path, lang: str, words: str) -> None:
    from tests.helpers.screen import screen_text
    from thousand_tui.settings import TableSetup
    from thousand_tui.tui.shared.connection import open_shared, table_options

    setup = TableSetup.of(lang=lang, pace=0.0, name="Ann")
    shared = open_shared(table_options(setup, clock=30), base=base)
    app = create_app(setup, seat=shared)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, "the table's clock said", lambda: words in screen_text(app))
    shared.close()
