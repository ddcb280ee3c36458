"""What the table keeps does not grow with the game: the footer's keys of earlier rebuilds are
let go, the log holds a bounded number of lines, and deal after deal the table holds the same
widgets. `bench/soak.py` measures the memory of long games in a real terminal; these tests
catch the causes it found if they come back."""

from __future__ import annotations

import gc
import os
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest
from rich.text import Text
from textual._context import visible_screen_stack
from textual._styles_cache import StylesCache
from textual.dom import DOMNode
from textual.strip import Strip
from textual.widgets._footer import FooterKey

from tests.helpers.scheduler import in_thread_scheduler
from tests.helpers.screen import screen_text
from tests.helpers.waiting import until
from thousand_tui.priority import Host
from thousand_tui.settings import TableSetup
from thousand_tui.store.analyses import CACHE_NAME
from thousand_tui.store.catalog import DATA_DIR_ENV
from thousand_tui.tui import create_app
from thousand_tui.tui.app import NOTICES_KEPT
from thousand_tui.tui.messages import DealAnalysed
from thousand_tui.tui.widgets.analyst import DealAnalyst
from thousand_tui.tui.widgets.base import KeyFooter
from thousand_tui.tui.widgets.log import GameLog

from .helpers import STRONG, play_deals, settle

# Each finished deal analysed by itself, as the program does: what these tests are about.
pytestmark = pytest.mark.auto_analysis


def live(kind: type) -> list[object]:
    gc.collect()
    return [o for o in gc.get_objects() if isinstance(o, kind)]


def widgets_by_kind() -> Counter[str]:
    return Counter(type(node).__name__ for node in live(DOMNode))


@pytest.mark.long
async def test_the_footers_old_keys_are_let_go(host: Host) -> None:
    """Each rebuild of the footer (after nearly every move) makes new keys; the old ones go.
    Some stay reachable for a while from the layout last drawn, never more."""
    app = create_app(TableSetup.of("classic", seed=3, pace=0, ai="easy", host=host))
    async with app.run_test(size=(100, 30)) as pilot:
        await play_deals(app, pilot, 1)
        after_one = len(live(FooterKey))
        await play_deals(app, pilot, 3)
        assert len(live(FooterKey)) <= after_one + 20  # a leak keeps ~140 keys a deal
        footers = [footer for screen in app.screen_stack for footer in screen.query(KeyFooter)]
        assert footers
        for footer in footers:
            assert footer.query(FooterKey)
            assert not getattr(footer, "__watchers", {}).get("compact")


async def test_the_footers_keys_follow_its_compact_style(host: Host) -> None:
    app = create_app(TableSetup.of(seed=11, pace=0, deals={1: STRONG}, host=host))
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        footer = app.table.query_one(KeyFooter)
        footer.compact = not footer.compact
        await pilot.pause()
        assert {key.compact for key in footer.query(FooterKey)} == {footer.compact}


@pytest.mark.long
async def test_the_log_keeps_its_last_lines_only(host: Host) -> None:
    app = create_app(TableSetup.of(seed=11, pace=0, deals={1: STRONG}, host=host))
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        log = app.table.query_one(GameLog)
        for n in range(3 * GameLog.MAX_LINES):
            log.say(Text(f"line {n}: Anna 100 · Boris pass · You 105, a line long enough to wrap"))
            if n % 50 == 0:
                log.scroll_end(animate=False)
                await pilot.pause()
        await pilot.pause()
        assert len(log.lines) <= GameLog.MAX_LINES
        assert len(log._line_cache) <= GameLog.MAX_LINES
        assert len(log.lines_written) == GameLog.MAX_LINES
        assert log.lines_written[-1].startswith(f"line {3 * GameLog.MAX_LINES - 1}:")


@pytest.mark.long
async def test_a_page_closed_leaves_nothing_it_rendered_behind(host: Host) -> None:
    """Each widget's rendered lines live in its styles cache; once the widget is gone, so is
    the cache (Textual kept the last 1,024 of them in a cache of colours)."""
    app = create_app(TableSetup.of(seed=11, pace=0, deals={1: STRONG}, host=host))
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        for _ in range(2):  # the sheet once, so that what it loads for good is loaded
            await pilot.press("s")
            await pilot.pause()
        gc.collect()
        caches, strips = len(live(StylesCache)), len(live(Strip))
        for _ in range(20):
            await pilot.press("s")  # the sheet, drawn
            await pilot.pause()
            await pilot.press("s")  # and closed
            await pilot.pause()
        gc.collect()
        assert len(live(StylesCache)) <= caches + 30  # (20 sheets kept: over 200 more)
        assert len(live(Strip)) <= strips + 200


@pytest.mark.slow
async def test_deal_after_deal_the_table_holds_the_same(host: Host) -> None:
    """Between deal 6 and deal 10 (the log full by then) the table holds the same widgets and
    no more rendered lines than before, give or take a screenful."""
    app = create_app(TableSetup.of("classic", seed=3, pace=0, ai="easy", host=host))
    async with app.run_test(size=(100, 30)) as pilot:
        await play_deals(app, pilot, 6)
        widgets, strips = widgets_by_kind(), len(live(Strip))
        await play_deals(app, pilot, 10)
        assert not app.session.game.over
        later = widgets_by_kind()
        grown = {kind: later[kind] - widgets[kind] for kind in later if later[kind] > widgets[kind]}
        assert sum(grown.values()) <= 10, grown
        assert len(live(Strip)) <= strips + 400


@pytest.mark.long
async def test_a_deals_end_empties_the_drawing_caches(host: Host) -> None:
    """Rich's and Textual's drawing caches (a text's width in cells, a style's ANSI codes)
    hold what about one deal drew, not the whole game's: filled with the lines and styles of
    earlier deals, they are emptied once a deal's result is on the screen."""
    from rich.cells import cached_cell_len
    from rich.color import ColorSystem
    from rich.style import Style

    app = create_app(TableSetup.of("classic", seed=3, pace=0, ai="easy", host=host))
    async with app.run_test(size=(100, 30)) as pilot:
        for n in range(3_000):  # what earlier deals drew: 3,000 lines, 2,000 styles
            cached_cell_len(f"an earlier deal's line {n}")
        for n in range(2_000):
            Strip.render_ansi(Style(color=f"#{n:06x}"), ColorSystem.TRUECOLOR)
        widths, codes = cached_cell_len.cache_info(), Strip.render_ansi.cache_info()
        assert widths.currsize >= 3_000 and codes.currsize >= 2_000
        await play_deals(app, pilot, 1)
        await until(
            pilot,
            "the drawing caches emptied",
            lambda: (
                cached_cell_len.cache_info().currsize < 1_000
                and Strip.render_ansi.cache_info().currsize < 1_000
            ),
        )


def drawn_from(log: GameLog) -> int:
    """The log's lines that hold what drawing made of them (cut, styled, as text)."""
    caches = [name for name in Strip.__slots__ if name.endswith("_cache")]
    return sum(1 for line in log.lines if any(getattr(line, name) for name in caches))


@pytest.mark.long
async def test_a_deals_end_lets_go_of_what_drawing_made_of_the_logs_lines(host: Host) -> None:
    """Each line of the log drawn once keeps the lines Textual made of it to draw it (cut to
    the log's width, styled, dimmed behind a dialog), long after it scrolled away: about
    twice the log's own memory. Once a deal only the lines in view keep them."""
    app = create_app(TableSetup.of("classic", seed=3, pace=0, ai="easy", host=host))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        log = app.table.query_one(GameLog)
        in_view = log.scrollable_content_region.height
        for n in range(3 * in_view):  # each drawn as it comes, as in a game played by hand
            log.say(Text(f"line {n}: Anna 100 · Boris pass · You 105"))
            await pilot.pause()
            screen_text(app)  # (a test's frames are drawn when it reads the screen)
        assert drawn_from(log) > 2 * in_view
        await play_deals(app, pilot, 1)
        await until(pilot, "only the lines in view drawn", lambda: drawn_from(log) <= in_view)
        assert len(log._line_cache) <= in_view


async def test_the_analyses_kept_are_the_last_few(
    monkeypatch: pytest.MonkeyPatch, host: Host
) -> None:
    """Each finished deal's analysis (a dozen kB) is kept for its page; a long game keeps the
    last few, and a deal asked for again after that is analysed again."""
    app = create_app(TableSetup.of(seed=11, pace=0, deals={1: STRONG}, host=host))
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        analyst = app.table.analyst
        asked: list[list[int]] = []
        scheduler = in_thread_scheduler(monkeypatch)
        monkeypatch.setattr(scheduler, "submit", lambda key, *_: asked.append([key[1]]))
        for number in range(1, 41):
            analyst.on_deal_analysed(DealAnalysed(number, None))
        assert list(analyst.analyses) == list(range(41 - DealAnalyst.KEPT, 41))
        analyst.analyse(41 - DealAnalyst.KEPT)  # looked at again: kept the longest now
        analyst.on_deal_analysed(DealAnalysed(41, None))
        assert 41 - DealAnalyst.KEPT in analyst.analyses
        assert 42 - DealAnalyst.KEPT not in analyst.analyses
        assert not asked
        analyst.analyse(1)
        assert asked == [[1]] and analyst.to_analyse == [1]
        assert analyst.analysis_lines(1) == [app.table.t("c_analysing", number=1)]


@pytest.mark.long
async def test_a_game_played_again_lets_the_last_game_go(host: Host) -> None:
    """After a game over, "again" starts a new table: the last game's table, its session and
    its widgets go, whatever ran its opponents' and its analyses' work."""
    from thousand_tui.tui.screens.end import GameOverScreen
    from thousand_tui.tui.screens.table import TableScreen
    from thousand_tui.tui.session import Session

    from .helpers import about_to_win, win_the_game

    app = create_app(
        TableSetup.of(seed=3, pace=0, deals={1: STRONG}, start=about_to_win(), host=host)
    )
    async with app.run_test(size=(80, 24)) as pilot:
        await win_the_game(pilot)
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, GameOverScreen)
        old = app.table
        await pilot.press("a")
        await settle(pilot)
        assert app.table is not old
        del old
        # Textual keeps the screen stack it last looked under the pointer through in a context
        # variable of whoever asked (`visible_screen_stack`, set by the compositor): here the
        # test's own task, where Pilot's calls run, which no later drawing replaces. In a
        # game, the next look replaces it. The test lets go of its own.
        visible_screen_stack.set([])
        assert live(TableScreen) == [app.table]
        assert live(Session) == [app.session]


@pytest.mark.long
def test_the_table_reads_textuals_version_without_importlib_metadata() -> None:
    """The corrections of Textual's code check its version (`tui/upstream.py`): read from its
    install record's name, not with `importlib.metadata` (`email`, `zipfile`, `csv`: about
    1.3 MB that a game would hold all its life)."""
    from importlib.metadata import version

    code = (
        "import sys\n"
        "import thousand_tui.tui.app\n"
        "from thousand_tui.tui.upstream import textual_version\n"
        "print(textual_version(), 'importlib.metadata' in sys.modules)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.split() == [version("textual"), "False"], done.stdout + done.stderr


SOLO_GAME = """
import asyncio, sys
from pathlib import Path
import thousand_tui.cli, thousand_tui.line, thousand_tui.tui, thousand_tui.tui.launch
from tests.tui.helpers import play_deals
from thousand_tui.priority import Host
from thousand_tui.settings import TableSetup
from thousand_tui.tui import create_app

async def main() -> None:
    folder = Path(sys.argv[1])
    host = Host(data=folder / "data", config=folder / "config")
    app = create_app(TableSetup.of("classic", seed=3, pace=0, ai="easy", host=host))
    async with app.run_test(size=(100, 30)) as pilot:
        await play_deals(app, pilot, 2)
    shared = ("thousand_tui.tables", "thousand_tui.tui.shared", "thousand_tui.line.shared",
              "thousand_tui.daily", "thousand_tui.tui.daily_table", "sqlite3")
    print(sorted(m for m in sys.modules if m.startswith(shared)))

asyncio.run(main())
"""


@pytest.mark.long
def test_a_solo_game_loads_no_shared_tables_or_daily_deals(tmp_path: Path) -> None:
    """A game against the AI, started as `thousand` starts it (the command's modules, the
    line mode's choice, `launch`), plays its deals without loading the shared tables' code
    (the wire, the client, the table's service), the lobby's or the daily deals' (with the
    club index, SQLite): about 4 MB that a solo game would hold all its life."""
    done = subprocess.run(
        [sys.executable, "-c", SOLO_GAME, str(tmp_path)],
        capture_output=True,
        text=True,
        cwd=Path(__file__).parents[2],
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    assert done.stdout.strip() == "[]", done.stdout + done.stderr[-3000:]


@pytest.mark.long
def test_the_table_its_hints_and_analyses_load_no_club_index(tmp_path: Path) -> None:
    """The club index (SQLite, about 2 MB of a game's memory) is read by the statistics page
    alone: the table, its hints, its analyses in words and the cache they are written to
    never load it, so a long game does not take it on at its first finished analysis."""
    code = (
        "import sys\n"
        "import thousand_tui.tui.app, thousand_tui.tui.screens.table\n"
        "import thousand_tui.tui.widgets.analyst, thousand_tui.tui.widgets.hinter\n"
        "import thousand_tui.tui.coach\n"
        "from thousand_tui.store.analyses import cache_path, write_cache\n"
        "write_cache(cache_path(), [('g:0', 1, 0, 2.5)])\n"
        "print(sorted(m for m in ('sqlite3', 'thousand_tui.stats') if m in sys.modules))\n"
    )
    environment = {**os.environ, DATA_DIR_ENV: str(tmp_path)}
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=environment, check=True
    )
    assert done.stdout.strip() == "[]", done.stdout + done.stderr
    assert (tmp_path / CACHE_NAME).exists()


@pytest.mark.long
async def test_each_deal_gives_the_freed_memory_back_while_its_result_is_read(
    monkeypatch: pytest.MonkeyPatch, host: Host
) -> None:
    """The pages the deal's screens freed go back to the system once a deal, while the
    player reads its result (glibc keeps them otherwise: `allocator.give_back`)."""
    import thousand_tui.allocator

    from .test_coach import coach_app, to_the_result

    given: list[int] = []
    monkeypatch.setattr(thousand_tui.allocator, "give_back", lambda: given.append(1))
    app = coach_app(auto_analysis=False, host=host)
    async with app.run_test(size=(100, 34)) as pilot:
        await to_the_result(pilot)
        await until(pilot, "the memory given back", lambda: given)
        await pilot.pause()
        assert given == [1]  # once


@pytest.mark.long
def test_the_analysis_process_loads_no_asyncio() -> None:
    """The process that analyses finished deals (`ai/background.py`) searches in itself: it
    loads neither the search service's client nor asyncio with it (about 8 MB of the game's
    process tree while it lives), nor `multiprocessing`, which only a pool of search workers
    needs (about 0.6 MB more); nor, with its hand model read, what the game's other processes
    use (an argument parser, `difflib` for a preset's mistakes, `tempfile` and the compressors
    that `importlib.resources` brings: about 2.5 MB)."""
    code = (
        "import sys\n"
        "import thousand_tui.ai.background, thousand_tui.ai.analysis\n"
        "from thousand_tui.ai.handmodel import hand_model\n"
        "hand_model()\n"
        "names = ('asyncio', 'thousand_tui.ai.search_service', 'multiprocessing', 'argparse',\n"
        "         'difflib', 'tempfile', 'shutil', 'lzma', 'importlib.metadata')\n"
        "print(sorted(m for m in names if m in sys.modules))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]", done.stdout + done.stderr


def test_the_app_keeps_its_last_notes_only(host: Host) -> None:
    app = create_app(TableSetup.of("classic", seed=3, pace=0, ai="easy", host=host))
    for n in range(NOTICES_KEPT + 10):
        app.notify(f"note {n}")
    assert app.notices == [f"note {n}" for n in range(10, NOTICES_KEPT + 10)]


@pytest.mark.long
async def test_the_lines_a_table_draws_hold_only_the_caches_they_used(host: Host) -> None:
    """Textual gives every rendered line seven caches of its own, used or not (about 900 of
    its 1,100 bytes); the lines of a table drawn deal after deal make them when first used."""
    from textual.cache import FIFOCache

    app = create_app(TableSetup.of("classic", seed=3, pace=0, ai="easy", host=host))
    async with app.run_test(size=(120, 40)) as pilot:
        for _ in range(40):  # drawn as a terminal draws each frame
            await pilot.press("enter")
            await pilot.pause()
            screen_text(app)
        strips, caches = len(live(Strip)), len(live(FIFOCache))
        assert strips > 500
        assert caches < 2 * strips  # seven for each line, without


@pytest.mark.long
async def test_the_statistics_are_read_in_a_process_of_their_own(
    monkeypatch: pytest.MonkeyPatch, host: Host
) -> None:
    """Reading the games for the statistics replays the game being played (its memory grows
    with the game, and the allocator keeps what a peak took): the table's process never does
    it, a child process does, and the page shows what it read."""
    import thousand_tui.stats

    def not_here(*args: object, **kwargs: object) -> object:
        raise AssertionError("the games read in the table's process")

    monkeypatch.setattr(thousand_tui.stats, "read_stats", not_here)
    app = create_app(TableSetup.of(seed=11, pace=0, deals={1: STRONG}, host=host))
    async with app.run_test(size=(100, 34)) as pilot:
        await settle(pilot)
        await pilot.press("escape")  # the auction put away: the table has the keys
        await pilot.press("t")
        await until(pilot, "the statistics", lambda: "Games 0 (unfinished 1)" in screen_text(app))


@pytest.mark.long
def test_a_table_reads_the_catalog_of_its_own_language_only() -> None:
    """A table in English reads no translation catalog and one in Russian reads Russian's
    alone (each catalog is about half a megabyte of the game's memory); the card labels of
    its lines are still styled in its own language."""
    code = (
        "import gettext, sys\n"
        "from thousand_tui.tui.app import ThousandApp\n"
        "from thousand_tui.tui.render import Palette\n"
        "Palette(lang=sys.argv[1]).styled('Anna: 10♥ K♥ Д♥ Q♥')\n"
        "print(sorted(key[-1].split('/')[-3] for key in gettext._translations))\n"
    )
    for lang, read in (("en", "[]"), ("ru", "['ru']")):
        done = subprocess.run(
            [sys.executable, "-c", code, lang], capture_output=True, text=True, check=True
        )
        assert done.stdout.strip() == read, done.stdout + done.stderr
