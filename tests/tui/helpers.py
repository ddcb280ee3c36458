"""Helpers for driving the table in tests: settle the app, read the screen as text, stack deals."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Sequence

from textual import events
from textual.app import App
from textual.pilot import Pilot
from textual.widgets._toast import Toast
from textual.worker import Worker, WorkerCancelled, WorkerFailed

from tests.helpers.screen import screen_text
from tests.helpers.waiting import until
from thousand_tui.engine.actions import Act
from thousand_tui.engine.cards import parse_cards
from thousand_tui.engine.dealing import Dealt
from thousand_tui.engine.game import Start
from thousand_tui.engine.match import BarrelSeat, MatchState
from thousand_tui.tui.app import ThousandApp
from thousand_tui.tui.describe import sorted_hand
from thousand_tui.tui.screens.decision import DecisionScreen
from thousand_tui.tui.screens.result import DealResultScreen


def waiting_for_human(app: ThousandApp) -> bool:
    table = app.table
    game = app.session.game
    return bool(table.dialog_open or game.over or (game.to_move == 0 and table.awaiting))


def game_workers(app: App) -> list[Worker]:
    """The workers the game waits for (not the analysis of finished deals, which runs in
    the background while the game goes on)."""
    return [w for w in app.workers if w.group != "analysis"]


async def settle(pilot: Pilot, timeout: float = 20.0) -> None:
    """Wait until the AI opponents have nothing left to do: the human is asked, a dialog is
    open, or the game is over; then let the screen catch up."""
    app = pilot.app
    assert isinstance(app, ThousandApp)
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while loop.time() < deadline:
        # A worker that already posted its decision may be marked cancelled when the next
        # opponent's worker starts (they are exclusive): that is not a failure. A worker that
        # failed is the table's to handle (it plays on): waited for like any other.
        with contextlib.suppress(WorkerCancelled, WorkerFailed):
            await app.workers.wait_for_complete(game_workers(app))
        await asyncio.sleep(0.002)
        if waiting_for_human(app) and not game_workers(app):
            await pilot.pause()
            if waiting_for_human(app) and dialog_up(app):
                return
    raise AssertionError("the table did not settle")


def dialog_up(app: ThousandApp) -> bool:
    """The dialog the table opened is on the screen, mounted, to take the keys a test presses
    next (unless it was put away): the table says a dialog is open before it is shown."""
    table = app.table
    if not table.dialog_open or table.put_away:
        return True
    return app.screen is not table and app.screen.is_mounted


def dealt(hands: Sequence[str], talon: str) -> Dealt:
    """`dealt(["AH KH ...", "...", "..."], "9S 9C 9D")`: a stacked deal."""
    return Dealt(
        hands=tuple(tuple(parse_cards(h.split())) for h in hands),
        talons=(tuple(parse_cards(talon.split())),),
    )


# Deal 1 of the classic tests, dealer seat 0: Anna (seat 1) is on 100, Boris (seat 2) opens.
# You hold the heart marriage and three aces; Anna and Boris are weak and pass.
STRONG = dealt(
    [
        "AH TH KH QH AS TS AC",
        "9H JH 9D JD 9C JC JS",
        "9S QS KC TC QD TD AD",
    ],
    "KS QC KD",
)


def keys_at_once(app: App[object], *keys: str) -> None:
    """The keys (digits, letters, `enter`) pressed one after another as a quick hand types
    them: the app takes each in turn, without a test's wait for an idle screen after each
    (Textual's `Pilot.press` waits so twice a key)."""
    for key in keys:
        event = events.Key(key, key if len(key) == 1 else None)
        event.set_sender(app)
        app.post_message(event)


async def card_keys(pilot: Pilot, index: int) -> None:
    """The number key of a legal card at `index` in the hand, then Enter; back once the card
    is played or the question of a marriage with it is open."""
    app = pilot.app
    assert isinstance(app, ThousandApp)
    lines = len(app.session.game.lines)

    def taken() -> bool:
        screen = app.screen
        asked = isinstance(screen, DecisionScreen) and screen.kind == "marriage"
        return asked or len(app.session.game.lines) > lines

    keys_at_once(app, "1234567890"[index], "enter")
    await until(pilot, "the card played", taken, shown=lambda: screen_text(app))


async def press_card(pilot: Pilot, card: str) -> None:
    """Choose `card` in the hand by its number key and play it with Enter."""
    app = pilot.app
    assert isinstance(app, ThousandApp)
    hand = [c.code for c in sorted_hand(app.session.game.view(0))]
    index = hand.index(card)
    await pilot.press("1234567890"[index], "enter")


async def play_first_legal(pilot: Pilot) -> str:
    """Play the leftmost playable card (declaring nothing); returns its code."""
    app = pilot.app
    assert isinstance(app, ThousandApp)
    view = app.session.game.view(0)
    plain = {a.card for a in view.legal if a.act is Act.PLAY and a.marriage is None}
    hand = sorted_hand(view)
    index = next(i for i, c in enumerate(hand) if c in plain)
    await card_keys(pilot, index)
    if isinstance(app.screen, DecisionScreen) and app.screen.kind == "marriage":
        await pilot.press(str(len(app.screen.choices)))  # "just play"
    return hand[index].code


async def play_out_deal(pilot: Pilot) -> None:
    """Play the leftmost playable card at every turn until the deal's result is shown."""
    app = pilot.app
    assert isinstance(app, ThousandApp)
    for _ in range(40):
        await settle(pilot)
        if isinstance(app.screen, DealResultScreen):
            return
        if isinstance(app.screen, DecisionScreen) and app.screen.kind == "contract":
            await pilot.press("1")
            continue
        assert app.table.awaiting == "play", screen_text(app)
        await play_first_legal(pilot)
    raise AssertionError("the deal did not end")


async def play_deals(app: ThousandApp, pilot: Pilot, deals: int) -> None:
    """Enter alone, until `deals` deals are settled (the default of every dialog, the card
    under the cursor)."""
    game = app.session.game
    for _ in range(2_000):
        await settle(pilot)  # a key once the game asks for one
        if len(game.results) >= deals:
            return
        assert not game.over, f"the game ended before {deals} deals"
        await pilot.press("enter")
    raise AssertionError(f"{deals} deals were not played")


async def pass_and_play_out(pilot: Pilot, turns: int = 60) -> None:
    """The first choice of every dialog (a pass in the auction), the leftmost playable card
    at every turn, until the deal's result is shown."""
    app = pilot.app
    assert isinstance(app, ThousandApp)
    for _ in range(turns):
        await settle(pilot)
        if isinstance(app.screen, DealResultScreen):
            return
        if isinstance(app.screen, DecisionScreen):
            await pilot.press("1")
        else:
            await play_first_legal(pilot)
    raise AssertionError("the deal did not end")


def play_headless(app: ThousandApp, deals: int) -> None:
    """Before the app runs: play `deals` deals with easy players in every seat (seat 0
    too), then stop at the next decision of seat 0. The record is written as usual."""
    from thousand_tui.ai import make_player

    game = app.session.game
    game.take_start_events()
    players = {seat: make_player("easy", 100 + seat) for seat in range(game.rules.players)}
    while not game.over:
        seat = game.to_move
        assert seat is not None
        if seat == 0 and len(game.results) >= deals:
            return
        game.apply(players[seat].decide(game.view(seat)))


def about_to_win() -> Start:
    """A match where you are on the barrel (880) at your last attempt: win the deal on STRONG
    (see `win_the_game`) and the game is yours."""
    return Start(
        MatchState(
            scores=(880, 300, 200),
            palki=(0, 0, 0),
            palki_streak=(0, 0, 0),
            barrel=(BarrelSeat(2, 0), None, None),
            falls=(0, 0, 0),
            concessions=(0, 0, 0),
            crosses=(0, 0, 0),
        )
    )


async def give_two(pilot: Pilot) -> None:
    """Give K♠ to Anna and Q♣ to Boris (the hand is A♠ 10♠ K♠ A♣ Q♣ K♦ A♥ 10♥ K♥ Q♥; a card
    given stays in its place, dimmed, so the keys keep their cards)."""
    await pilot.press("3", "enter")
    await pilot.press("5", "enter")
    await pilot.press("enter")
    await settle(pilot)


async def win_the_game(pilot: Pilot) -> None:
    """From `about_to_win()` on STRONG: bid 120, give K♠ and Q♣, declare ♥ and play it out."""
    await settle(pilot)
    await pilot.press("2")  # 120
    await settle(pilot)
    await give_two(pilot)
    await pilot.press("1")  # play 120
    await settle(pilot)
    await press_card(pilot, "AH")
    await settle(pilot)
    await press_card(pilot, "KH")
    await pilot.press("1")  # declare ♥ 100
    await play_out_deal(pilot)


async def shown_toasts(pilot: Pilot) -> list[Toast]:
    """The notes on screen once each has its place (they are laid out after a refresh)."""

    def placed() -> list[Toast]:
        toasts = list(pilot.app.screen.query(Toast))
        return toasts if toasts and all(t.region.height for t in toasts) else []

    return await until(pilot, "a note on screen", placed, timeout=5)
