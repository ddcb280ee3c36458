"""Make the README screenshots: the start screen, the table, the auction, the exchange and the
score sheet; the table in Russian and in Polish; a saved game stepped through (`thousand view`);
a tournament's standings (`thousand tournaments show`).

    python screenshots/make_screenshots.py [--out screenshots]

Every picture comes from fixed seeds and stacked deals, with the opponents at pace 0, so the
same code makes the same SVG files. Nothing is read from or saved under your own data and
configuration directories (the start screen's choices and saved games would show).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import tempfile
from collections.abc import Awaitable, Callable
from pathlib import Path

from textual.app import App
from textual.pilot import Pilot
from textual.worker import WorkerCancelled

from thousand_tui.ai import make_player
from thousand_tui.engine.cards import parse_cards, sort_hand
from thousand_tui.engine.dealing import Dealt
from thousand_tui.settings import TableSetup
from thousand_tui.tui import create_app
from thousand_tui.tui.app import ThousandApp
from thousand_tui.tui.startup import StartOffer

HERE = Path(__file__).resolve().parent

# You hold the heart marriage and three aces; Anna sits on 100, Boris passes.
STRONG = Dealt(
    hands=tuple(
        tuple(parse_cards(hand.split()))
        for hand in ("AH TH KH QH AS TS AC", "9H JH 9D JD 9C JC JS", "9S QS KC TC QD TD AD")
    ),
    talons=(tuple(parse_cards(["KS", "QC", "KD"])),),
)

Steps = Callable[[Pilot], Awaitable[None]]


async def settle(pilot: Pilot) -> None:
    """Wait until the opponents are done and the table waits for you."""
    app = pilot.app
    assert isinstance(app, ThousandApp)
    for _ in range(2000):
        with contextlib.suppress(WorkerCancelled):
            await app.workers.wait_for_complete()
        await asyncio.sleep(0.005)
        table = app.table
        game = app.session.game
        ready = table.dialog_open or game.over or (game.to_move == 0 and table.awaiting)
        if ready and not app.workers:
            await pilot.pause()
            return
    raise RuntimeError("the table did not settle")


async def press_card(pilot: Pilot, code: str) -> None:
    app = pilot.app
    assert isinstance(app, ThousandApp)
    view = app.session.game.view(0)
    hand = [c.code for c in sort_hand(view.hand or (), view.trump)]
    await pilot.press("1234567890"[hand.index(code)], "enter")


async def to_exchange(pilot: Pilot) -> None:
    await settle(pilot)
    await pilot.press("2")  # bid 105
    await settle(pilot)


async def exchange(pilot: Pilot) -> None:
    await to_exchange(pilot)
    await pilot.press("3", "enter", "right")  # K♠ to Anna, choosing Boris's card


async def table(pilot: Pilot) -> None:
    await to_exchange(pilot)
    await pilot.press("3", "enter", "5", "enter", "enter")  # K♠ to Anna, Q♣ to Boris
    await settle(pilot)
    await pilot.press("1")  # play 105
    await settle(pilot)
    await press_card(pilot, "AH")
    await settle(pilot)
    await press_card(pilot, "KH")
    await pilot.press("1")  # declare the marriage: hearts are trump
    await settle(pilot)
    await press_card(pilot, "TH")
    await settle(pilot)


async def midgame(pilot: Pilot) -> None:
    """Pass in the auction, then play until two tricks of the deal are taken."""
    from thousand_tui.engine.actions import Act
    from thousand_tui.tui.screens.decision import DecisionScreen
    from thousand_tui.tui.screens.exchange import ExchangeScreen
    from thousand_tui.tui.screens.result import DealResultScreen

    app = pilot.app
    assert isinstance(app, ThousandApp)
    for _ in range(200):
        await settle(pilot)
        screen = app.screen
        view = app.session.game.view(0)
        if isinstance(screen, DealResultScreen):
            await pilot.press("enter")
        elif isinstance(screen, ExchangeScreen):
            await pilot.press("enter", "enter", "enter")
        elif isinstance(screen, DecisionScreen):
            await pilot.press("2" if screen.kind in ("dark", "redeal") else "1")
        elif len(view.tricks) >= 2:
            return
        else:
            plain = {a.card for a in view.legal if a.act is Act.PLAY and a.marriage is None}
            hand = sort_hand(view.hand or (), view.trump)
            index = next(i for i, c in enumerate(hand) if c in plain)
            await pilot.press("1234567890"[index], "enter")
    raise RuntimeError("the deal did not get that far")


async def start(pilot: Pilot) -> None:
    await pilot.press("down", "right")  # the family preset
    await pilot.pause()


async def sheet(pilot: Pilot) -> None:
    await settle(pilot)
    await pilot.press("s")
    await pilot.pause()


def strong_deal(lang: str = "en") -> ThousandApp:
    """The table of seed 11 whose first deal gives the player a strong hand, in `lang`."""
    return create_app(TableSetup.of(seed=11, pace=0, deals={1: STRONG}, save=False, lang=lang))


def played(app: ThousandApp, deals: int) -> ThousandApp:
    """Play some deals with easy players in every seat before the screen opens."""
    game = app.session.game
    game.take_start_events()
    players = {seat: make_player("easy", 100 + seat) for seat in range(game.rules.players)}
    while not game.over:
        seat = game.to_move
        assert seat is not None
        if seat == 0 and len(game.results) >= deals:
            break
        game.apply(players[seat].decide(game.view(seat)))
    return app


def viewed_game() -> App[int]:
    """`thousand view` of a finished game of yours (easy players in every seat, seed 21)."""
    from thousand_tui.engine.game import Game, PlayerInfo
    from thousand_tui.presets import load_preset
    from thousand_tui.settings import TableSetup
    from thousand_tui.tui.app import create_app
    from thousand_tui.tui.i18n import Translator
    from thousand_tui.tui.render import Palette
    from thousand_tui.tui.screens.viewer import ViewerScreen
    from thousand_tui.tui.viewing import open_game

    lines: list[dict[str, object]] = []
    players = [PlayerInfo("You", "human"), PlayerInfo("Anna", "ai", "easy")]
    players.append(PlayerInfo("Boris", "ai", "easy"))
    game = Game(load_preset("classic").rules, 21, players, sink=lines.append)
    ai = {seat: make_player("easy", 100 + seat) for seat in range(3)}
    while not game.over:
        seat = game.to_move
        assert seat is not None
        game.apply(ai[seat].decide(game.view(seat)))
    path = Path(os.environ["XDG_DATA_HOME"]) / "viewed.jsonl"
    path.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    viewed = open_game(path, Translator("en"), Palette())
    return create_app(TableSetup(), view=lambda: ViewerScreen(viewed))


async def costliest_decision(pilot: Pilot) -> None:
    """Deal 2, at your decision that cost the most once `hard` has analysed the deal."""
    from thousand_tui.tui.screens.viewer import ViewerScreen

    await pilot.press("down")
    screen = pilot.app.screen
    assert isinstance(screen, ViewerScreen)
    for _ in range(6000):  # the analysis of a deal: about half a minute on two cores
        if 2 in screen.analyses:
            break
        await asyncio.sleep(0.05)
    analysis = screen.analyses[2]
    assert analysis is not None and analysis.decisions
    worst = max(analysis.decisions, key=lambda d: d.cost)
    for index, position in enumerate(screen.viewed.positions):
        if position.number == 2 and position.action in worst.chosen:
            screen.go(index)
            break
    await pilot.pause()


def tournament_standings() -> App[int]:
    """A closed tournament of 12 deals and five entrants (`thousand tournaments show`), its
    results made up: the standings as the end of the last deal shows them."""
    from datetime import UTC, datetime, timedelta

    from thousand_tui.settings import TableSetup
    from thousand_tui.store.index import DailyResult
    from thousand_tui.tournament import Spec, standings
    from thousand_tui.tui.app import create_app
    from thousand_tui.tui.i18n import Translator
    from thousand_tui.tui.screens.daily_board import DailyBoardScreen
    from thousand_tui.tui.tournament_words import standings_lines

    closes = datetime(2026, 12, 6, 18, 0, tzinfo=UTC)
    spec = Spec("Winter Cup", "classic", 12, closes - timedelta(days=2), closes, "local", closes)
    points = {
        "key-anna": (120, -60, 85, 0, 140, -40, 100, 65, -120, 70, 110, 0),
        "key-bogdan": (105, -60, 60, 10, 120, -40, 135, 60, -95, 0, 95, 25),
        "key-ewa": (95, 80, 60, -10, 120, -40, 90, 55, -120, 70, 80, 0),
        "local": (100, -60, 70, 0, 150, -130, 100, 65, -90, 60, 100, 0),
        "key-jiri": (70, -60, 60, 0, None, None, None, None, None, None, None, None),
    }
    names = {"key-anna": "Anna K.", "key-bogdan": "Bogdan", "key-ewa": "Ewa", "key-jiri": "Jiří"}
    results = [
        DailyResult("tournament:winter_cup", "classic", who, deal, value, 0)
        for who, values in points.items()
        for deal, value in enumerate(values, 1)
        if value is not None
    ]
    rows = standings(results, 12, names | {"local": "local"})
    t = Translator("en")
    lines = standings_lines(spec, rows, t, closes + timedelta(hours=1), "local")
    return create_app(TableSetup(), view=lambda: DailyBoardScreen(lines, t))


async def still(pilot: Pilot) -> None:
    await pilot.pause()


SHOTS: dict[str, tuple[Callable[[], App[int]], Steps, tuple[int, int]]] = {
    "start": (
        lambda: create_app(TableSetup(pace=0, save=False), start=StartOffer.shipped("en")),
        start,
        (100, 30),
    ),
    "table": (
        lambda: played(create_app(TableSetup.of(seed=21, pace=0, save=False)), 6),
        midgame,
        (120, 40),
    ),
    "auction": (
        strong_deal,
        settle,
        (100, 30),
    ),
    "exchange": (
        strong_deal,
        exchange,
        (100, 30),
    ),
    "score-sheet": (
        lambda: played(create_app(TableSetup.of(seed=21, pace=0, save=False)), 14),
        sheet,
        (100, 30),
    ),
    "table-ru": (
        lambda: strong_deal("ru"),
        table,
        (80, 24),
    ),
    # The table in Polish: during play and at the auction, on the smallest terminal and a large one.
    "table-pl": (
        lambda: strong_deal("pl"),
        table,
        (80, 24),
    ),
    "table-pl-120x40": (
        lambda: played(create_app(TableSetup.of(seed=21, pace=0, save=False, lang="pl")), 6),
        midgame,
        (120, 40),
    ),
    "auction-pl": (
        lambda: strong_deal("pl"),
        settle,
        (80, 24),
    ),
    "auction-pl-120x40": (
        lambda: strong_deal("pl"),
        settle,
        (120, 40),
    ),
    "viewer": (
        viewed_game,
        costliest_decision,
        (80, 24),
    ),
    "tournament": (
        tournament_standings,
        still,
        (80, 24),
    ),
}


async def shoot(name: str, out: Path) -> Path:
    factory, steps, size = SHOTS[name]
    app = factory()
    async with app.run_test(size=size) as pilot:
        await steps(pilot)
        await pilot.pause()
        svg = app.export_screenshot(title=f"thousand — {name}")
    path = out / f"{name}.svg"
    path.write_text(svg, encoding="utf-8")
    return path


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--out", type=Path, default=HERE, help="folder for the SVG files")
    parser.add_argument("names", nargs="*", help=f"only these pictures: {', '.join(SHOTS)}")
    options = parser.parse_args()
    unknown = [name for name in options.names if name not in SHOTS]
    if unknown:
        parser.error(f"no picture called {', '.join(unknown)}; choose from {', '.join(SHOTS)}")
    options.out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as home:
        os.environ["XDG_CONFIG_HOME"] = os.environ["XDG_DATA_HOME"] = home
        os.environ.pop("THOUSAND_DATA_DIR", None)
        for name in options.names or SHOTS:
            print(asyncio.run(shoot(name, options.out)))


if __name__ == "__main__":
    main()
