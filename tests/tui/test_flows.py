"""The table driven by keys, one flow at a time: every test presses keys in the real app and
checks both the engine (the state changed as the keys said) and the screen (it shows it)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.helpers.screen import screen_text
from tests.helpers.waiting import until
from thousand_tui.engine.cards import parse_cards
from thousand_tui.engine.deal import Phase
from thousand_tui.engine.dealing import Dealt
from thousand_tui.engine.game import Start
from thousand_tui.engine.match import BarrelSeat, MatchState
from thousand_tui.priority import Host
from thousand_tui.settings import TableSetup
from thousand_tui.tui import app as app_module
from thousand_tui.tui import create_app
from thousand_tui.tui.screens.auction import AuctionScreen
from thousand_tui.tui.screens.common import KEY_HOLD, HeldModal
from thousand_tui.tui.screens.contract import ContractScreen
from thousand_tui.tui.screens.decision import DecisionScreen
from thousand_tui.tui.screens.end import GameOverScreen
from thousand_tui.tui.screens.exchange import ExchangeScreen
from thousand_tui.tui.screens.info import SheetScreen
from thousand_tui.tui.screens.marriage import MarriageScreen
from thousand_tui.tui.screens.result import DealResultScreen
from thousand_tui.tui.screens.table import TableScreen
from thousand_tui.tui.widgets.hand import Hand

from .apps import strong_app
from .helpers import (
    STRONG,
    about_to_win,
    dealt,
    give_two,
    play_out_deal,
    press_card,
    settle,
    win_the_game,
)

SIZE = (80, 24)


async def win_auction(pilot) -> None:  # type: ignore[no-untyped-def]
    await settle(pilot)
    assert isinstance(pilot.app.screen, AuctionScreen)
    await pilot.press("2")  # the next bid: 105
    await settle(pilot)


async def test_bid_and_win_the_auction(host: Host) -> None:
    app = strong_app(host=host)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        text = screen_text(app)
        assert isinstance(app.screen, AuctionScreen)
        assert "Current bid: 100 (Anna)" in text
        assert "1  Pass" in text and "2  Bid 105" in text
        assert "Boris 100" not in text and "Boris pass" in text
        await pilot.press("2")
        await settle(pilot)
        deal = app.session.game.deal
        assert (deal.declarer, deal.contract) == (0, 105)
        assert deal.bids[-2:] == ((0, 105), (1, None))
        assert isinstance(app.screen, ExchangeScreen)
        text = screen_text(app)
        assert "Talon, shown to all: K♠ Q♣ K♦" in text
        assert "To Anna: —" in text and "To Boris: —" in text


@pytest.mark.long
async def test_the_auction_dialog_moves_through_bids_and_explains_the_marriage_rule(
    host: Host,
) -> None:
    # Boris has no marriage: he passes; here you hold none either, so 120 is your limit.
    weak = dealt(
        ["AH TH KH AS TS AC JH", "9H QH 9D JD 9C JC JS", "9S QS KC TC QD TD AD"], "KS QC KD"
    )
    app = create_app(TableSetup.of(seed=11, pace=0, deals={1: weak}, host=host))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, AuctionScreen)
        assert "need a marriage" in screen_text(app)
        assert screen.choice_list.current is not None
        assert screen.choice_list.current.id == "pass"
        await pilot.press("right")  # from Pass, ← → go to the adjustable bid
        assert screen.choice_list.current.values
        await pilot.press("up", "up")  # back on Pass
        await pilot.press("down", "down")  # the adjustable bid, 110
        await pilot.press("right", "right")  # 120, the highest without a marriage
        await pilot.press("right")  # refused: the note says why
        assert "Bids above 120 need a marriage" in screen_text(app)
        await pilot.press("enter")
        await settle(pilot)
        assert app.session.game.deal.bids[2] == (0, 120)
        assert app.session.game.deal.declarer == 0  # Anna passes
        await pilot.press("enter", "enter", "enter")  # the two leftmost cards given
        await settle(pilot)
        assert isinstance(app.screen, ContractScreen)
        text = screen_text(app)
        assert "In hand: " in text and "marriage" not in text  # none to count


@pytest.mark.long
async def test_give_cards_and_take_one_back(host: Host) -> None:
    app = strong_app(host=host)
    async with app.run_test(size=SIZE) as pilot:
        await win_auction(pilot)
        await pilot.press("3", "enter")  # K♠ to Anna …
        assert "To Anna: K♠" in screen_text(app)
        await pilot.press("backspace")  # … taken back
        assert "To Anna: —" in screen_text(app)
        assert app.session.game.deal.phase is Phase.GIVE
        await give_two(pilot)
        deal = app.session.game.deal
        assert [code.code for _, code in deal.given] == ["KS", "QC"]
        assert [to for to, _ in deal.given] == [1, 2]
        assert len(deal.hands[0]) == 8
        assert isinstance(app.screen, ContractScreen)
        log = app.table.query_one("#log").lines_written
        assert "You → Anna: K♠." in log and "You → Boris: Q♣." in log


@pytest.mark.long
async def test_a_card_given_keeps_the_keys_on_their_cards(host: Host) -> None:
    app = strong_app(host=host)
    async with app.run_test(size=SIZE) as pilot:
        await win_auction(pilot)
        # A♠ 10♠ K♠ A♣ Q♣ K♦ A♥ 10♥ K♥ Q♥: 6 is K♦, 0 is Q♥ before and after K♦ is chosen.
        await pilot.press("6", "enter")
        assert "To Anna: K♦" in screen_text(app)
        await pilot.press("0", "enter")
        assert "To Boris: Q♥" in screen_text(app)
        await pilot.press("backspace", "6", "enter")  # K♦ is chosen already: said, not given
        assert "K♦ is chosen already" in app.notices[-1]
        assert "To Boris: —" in screen_text(app)
        await pilot.press("1", "enter", "enter")  # A♠ to Boris, and confirm
        await settle(pilot)
        assert [c.code for _, c in app.session.game.deal.given] == ["KD", "AS"]


@pytest.mark.long
async def test_a_number_key_past_the_last_card_is_said(host: Host) -> None:
    app = strong_app(host=host)
    async with app.run_test(size=SIZE) as pilot:
        await win_auction(pilot)
        await give_two(pilot)
        await pilot.press("1")  # play 105
        await settle(pilot)
        assert len(app.session.game.deal.hands[0]) == 8
        await pilot.press("9")
        assert app.notices[-1] == "No card under 9: you hold 8 cards."
        assert app.session.game.deal.hands[0]  # nothing played


@pytest.mark.long
async def test_baptism_asks_to_be_confirmed(host: Host) -> None:
    deal = dealt(
        ["AH TH KH QH AS TS AC", "9H JH TD JD KS QS JS", "9S JC QC TC AD QD 9C"], "KC 9D KD"
    )
    app = create_app(TableSetup.of("family", seed=5, pace=0, deals={1: deal}, host=host))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("2")
        await settle(pilot)
        await pilot.press("enter", "enter", "enter")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, ContractScreen)
        key = str(next(i for i, c in enumerate(screen.choices, 1) if c.id == "baptism"))
        await pilot.press(key)
        await settle(pilot)
        assert app.screen is screen and not app.session.game.results
        assert f"Press {key} again or Enter to be baptised" in screen_text(app)
        await pilot.press("enter")
        await settle(pilot)
        assert app.session.game.results[0].deltas[0] == 0


@pytest.mark.long
async def test_two_players_choose_a_talon_and_put_aside_with_every_card_on_a_key(
    host: Host,
) -> None:
    hands = ("AH TH KH QH AS TS AC TC KC QC", "9H JH 9D JD 9C JC JS 9S QS KS")
    two = Dealt(
        hands=tuple(tuple(parse_cards(h.split())) for h in hands),
        talons=(tuple(parse_cards(["QD", "KD"])), tuple(parse_cards(["TD", "AD"]))),
    )
    setup = TableSetup.of("two-player", seed=5, pace=0, deals={1: two}, first_dealer=1, host=host)
    app = create_app(setup)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)  # you are on 100, Anna passes
        screen = app.screen
        assert isinstance(screen, DecisionScreen) and screen.kind == "talon"
        text = screen_text(app)
        assert "1  Take talon 1 (2 cards, unseen)" in text
        assert "other one goes, with its points, to whoever takes the last trick." in text
        await pilot.press("2")
        await settle(pilot)
        assert isinstance(app.screen, ExchangeScreen)
        text = screen_text(app)
        assert "Aside, card 1 of 2: —" in text and "Aside, card 2 of 2: —" in text
        # Twelve cards: the eleventh and twelfth are on - and =.
        await pilot.press("minus", "enter", "equals_sign", "enter", "enter")
        await settle(pilot)
        log = app.table.query_one("#log").lines_written
        assert "Aside: K♥." in log and "Aside: Q♥." in log


@pytest.mark.long
async def test_raise_the_contract(host: Host) -> None:
    app = strong_app(host=host)
    async with app.run_test(size=SIZE) as pilot:
        await win_auction(pilot)
        await give_two(pilot)
        assert "1  Play 105" in screen_text(app)
        await pilot.press("down", "right", "right", "enter")  # raise 110 → 120
        await settle(pilot)
        deal = app.session.game.deal
        assert deal.contract == 120 and deal.raised
        assert deal.phase is Phase.PLAY
        assert "Contract: 120 (You)" in screen_text(app)


@pytest.mark.long
async def test_concede(host: Host) -> None:
    app = strong_app(host=host)
    async with app.run_test(size=SIZE) as pilot:
        await win_auction(pilot)
        await give_two(pilot)
        screen = app.screen
        assert isinstance(screen, ContractScreen)
        text = screen_text(app)
        assert "Concede «R»: you lose 105, each opponent gets 60" in text
        assert "In hand: 164 points with the marriages (♥100)" in text
        await pilot.press("3")  # only highlighted: conceding cannot be undone
        await settle(pilot)
        assert app.screen is screen and not app.session.game.results
        assert "Press 3 again or Enter to concede" in screen_text(app)
        await pilot.press("up")  # moving away takes the choice back
        assert "Press 3 again" not in screen_text(app)
        await pilot.press("3")
        await pilot.press("3")
        await settle(pilot)
        result = app.session.game.results[0]
        assert result.conceded and result.deltas == [-105, 60, 60]
        assert isinstance(app.screen, DealResultScreen)
        text = screen_text(app)
        assert "You: 105 conceded «R»" in text and "Enter: next deal" in text
        # The next deal waits for you to close this one: nobody is thinking, nothing to decide.
        assert "thinking" not in text
        assert "The deal is over: press Enter to go on." in str(
            app.table.query_one("#prompt").render()
        )
        await pilot.press("enter")
        await settle(pilot)
        assert app.session.game.deal.number == 2


async def enter_closes_the_result(pilot) -> bool:  # type: ignore[no-untyped-def]
    await pilot.press("enter")
    await settle(pilot)
    app = pilot.app
    return not isinstance(app.screen, DealResultScreen) and not app.table.controller.results


async def concede_at_the_default_pace(pilot) -> DealResultScreen:  # type: ignore[no-untyped-def]
    """Win deal 1's auction, give two cards and concede, at the default pace: its result."""
    await win_auction(pilot)
    await give_two(pilot)
    pilot.app.pace = 0.8
    await pilot.press("3", "3")
    result = pilot.app.screen
    assert isinstance(result, DealResultScreen)
    return result


async def hold_again(pilot, screen: HeldModal[Any]) -> None:  # type: ignore[no-untyped-def]
    """Check that `screen`'s keys are released when its hold runs out, then hold them again
    as at its first moment (the test itself may take longer than the hold under load)."""
    # The pace of 0.8 s is longer; a dialog opened by a key counts from that key.
    assert KEY_HOLD - 0.2 < screen.hold <= KEY_HOLD
    await until(pilot, "the keys released", lambda: screen.open_to_keys)
    screen.open_to_keys = False
    screen.refresh_bindings()
    await pilot.pause()


@pytest.mark.long
async def test_a_key_pressed_twice_does_not_decide_the_raise_unseen(host: Host) -> None:
    """The raise or concession opens at once after the exchange: Enter pressed twice to give
    the cards, or sent twice over a slow link, must not play the contract unseen. For a moment
    its choices are greyed and their keys dropped; then they work."""
    app = strong_app(host=host)
    async with app.run_test(size=SIZE) as pilot:
        await win_auction(pilot)
        app.pace = 0.8  # the default: the keys are held for min(pace, KEY_HOLD)
        await pilot.press("3", "enter", "5", "enter", "enter")
        screen = app.screen
        assert isinstance(screen, ContractScreen)
        await hold_again(pilot, screen)
        assert not screen.check_action("pick", (0,))
        await pilot.press("enter", "1")
        await pilot.pause()
        assert app.screen is screen and app.session.game.deal.phase is Phase.CONTRACT
        screen.release_keys()
        await pilot.press("enter")
        await settle(pilot)
        assert app.session.game.deal.phase is Phase.PLAY


@pytest.mark.long
async def test_a_key_pressed_twice_does_not_close_the_result_unseen(host: Host) -> None:
    """A concession (or the last card) shows the result at once: the same key pressed again
    at once is dropped while Enter is greyed; then it works."""
    app = strong_app(host=host)
    async with app.run_test(size=SIZE) as pilot:
        screen = await concede_at_the_default_pace(pilot)
        await hold_again(pilot, screen)
        assert not screen.check_action("next", ())
        await pilot.press("enter")
        await settle(pilot)
        assert app.screen is screen
        screen.release_keys()
        assert await enter_closes_the_result(pilot)


@pytest.mark.long
async def test_enter_pressed_twice_on_a_result_does_not_pass_unseen(host: Host) -> None:
    """In deal 2 Boris is on 100 and you speak at once when deal 1's result is closed: Enter
    pressed twice to close it must not pass in that auction unseen."""
    app = strong_app(host=host)
    async with app.run_test(size=SIZE) as pilot:
        result = await concede_at_the_default_pace(pilot)
        result.release_keys()
        await pilot.press("enter")
        screen = app.screen
        assert isinstance(screen, AuctionScreen) and app.session.game.deal.number == 2
        await hold_again(pilot, screen)
        assert not screen.check_action("choose_pass", ())
        await pilot.press("enter", "p", "1")
        await pilot.pause()
        assert app.screen is screen and app.session.game.to_move == 0
        screen.release_keys()
        await pilot.press("p")
        await settle(pilot)
        assert app.screen is not screen


async def test_a_dialog_after_an_opponents_move_is_not_held(host: Host) -> None:
    app = strong_app(host=host)
    app.pace = 0.8  # Anna on 100, Boris passes after the pace: then you speak
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, AuctionScreen)
        assert app.screen.hold == 0 and app.screen.open_to_keys


# You hold every ace: whatever Anna leads to her 100, you take the first trick third in hand.
ACES = dealt(
    [
        "AH AS AC AD TH TS TC",
        "KH QH KS QS KC QC TD",
        "9H JH 9S JS JC JD KD",
    ],
    "9C 9D QD",
)


@pytest.mark.long
async def test_a_lead_that_comes_at_once_after_your_own_card_waits(
    monkeypatch: pytest.MonkeyPatch,
    host: Host,
) -> None:
    """Taking a trick with the last card of it, you lead at once: Enter pressed twice must not
    lead the card under the cursor unseen. (The hold is made longer here than the game's, so
    that a slow test machine cannot outlast it.)"""
    monkeypatch.setattr(app_module, "KEY_HOLD", 1.5)
    app = create_app(TableSetup.of(seed=11, pace=0, deals={1: ACES}, host=host))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, AuctionScreen)
        await pilot.press("1")  # pass: Anna plays her 100 and leads
        await settle(pilot)
        deal = app.session.game.deal
        assert deal.declarer == 1 and app.table.awaiting == "play"
        led = deal.trick[0][1]
        app.pace = 1.5
        await press_card(pilot, "A" + led.code[-1])
        assert len(deal.tricks) == 1 and deal.tricks[0].winner == 0
        assert app.table.cards_held and not app.table.query_one(Hand).choosing
        await pilot.pause()
        assert "⏎ Play" not in screen_text(app).splitlines()[-1]  # the footer
        await pilot.press("enter")
        await pilot.pause()
        assert not deal.trick and app.session.game.to_move == 0
        # the pace's 1.5 s pass in real time
        await until(pilot, "the cards let go", lambda: not app.table.cards_held)
        assert app.table.query_one(Hand).choosing
        await pilot.pause()
        assert "⏎ Play" in screen_text(app).splitlines()[-1]
        await pilot.press("enter")
        await pilot.pause()
        assert deal.trick and deal.trick[0][0] == 0


@pytest.mark.long
async def test_without_a_pace_nothing_is_held(host: Host) -> None:
    app = strong_app(host=host)
    async with app.run_test(size=SIZE) as pilot:
        await win_auction(pilot)
        await pilot.press("3", "enter", "5", "enter", "enter")
        assert isinstance(app.screen, ContractScreen) and app.screen.open_to_keys
        await pilot.press("3", "3")
        assert isinstance(app.screen, DealResultScreen) and app.screen.open_to_keys
        assert await enter_closes_the_result(pilot)


async def test_play_a_whole_deal_with_a_marriage(host: Host) -> None:
    app = strong_app(host=host)
    async with app.run_test(size=SIZE) as pilot:
        await win_auction(pilot)
        await give_two(pilot)
        await pilot.press("1")  # play 105
        await settle(pilot)
        assert app.table.awaiting == "play"
        assert "Your lead" in screen_text(app)
        await press_card(pilot, "AH")  # a first trick: no marriage on the first lead
        await settle(pilot)
        assert app.session.game.deal.tricks[0].winner == 0
        await press_card(pilot, "KH")
        assert isinstance(app.screen, MarriageScreen)
        assert "1  Declare ♥ 100: trump ♥" in screen_text(app)
        await pilot.press("1")
        await settle(pilot)
        deal = app.session.game.deal
        assert deal.trump is not None and deal.trump.value == "H"
        assert deal.marriage_points[0] == 100
        assert "Trump: ♥ (You)" in screen_text(app)
        assert "You: K♥ — marriage ♥ 100, trump ♥!" in app.table.query_one("#log").lines_written
        await play_out_deal(pilot)
        result = app.session.game.results[0]
        assert result.made and result.deltas[0] == 105
        assert "You: 105 made ✓" in screen_text(app)


@pytest.mark.long
async def test_an_unplayable_card_says_why(host: Host) -> None:
    app = strong_app(host=host)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await win_auction(pilot)
        await give_two(pilot)
        await pilot.press("1")  # play 105
        await settle(pilot)
        await press_card(pilot, "KD")  # Boris takes it with A♦ and leads
        await settle(pilot)
        view = app.session.game.view(0)
        assert view.trick and view.trick[0][0] == 2
        led = view.trick[0][1].suit
        hand = view.hand or ()
        assert any(c.suit is led for c in hand)
        wrong = next(c for c in hand if c.suit is not led)
        await press_card(pilot, wrong.code)
        assert app.session.game.view(0).hand == hand  # nothing was played
        messages = " ".join(app.notices)
        assert "you must follow suit" in messages
        await press_card(pilot, wrong.code)
        await press_card(pilot, wrong.code)
        await pilot.pause()
        assert screen_text(app).count("you must follow suit") == 1  # one at a time
        right = next(c for c in hand if c.suit is led)
        await press_card(pilot, right.code)
        await settle(pilot)
        await pilot.pause()
        assert "you must follow suit" not in screen_text(app)  # gone at the next action


async def test_redeal_offer(host: Host) -> None:
    three_nines = dealt(
        ["9S 9C 9D AH TH KH QH", "AS TS KS QS JS 9H JH", "AC TC KC QC JC AD TD"], "JD QD KD"
    )
    app = create_app(TableSetup.of("family", seed=5, pace=0, deals={1: three_nines}, host=host))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, DecisionScreen) and screen.kind == "redeal"
        assert "You may ask for a redeal: nines in hand." in screen_text(app)
        await pilot.press("1")
        await settle(pilot)
        game = app.session.game
        assert game.results[0].redeal == "hand_nines"
        assert game.deal.number == 2 and game.deal.dealer == 0
        assert isinstance(app.screen, DealResultScreen)
        assert "Redeal: nines in hand (You)." in screen_text(app)


@pytest.mark.long
async def test_dark_game(host: Host) -> None:
    deal = dealt(
        ["AH TH KH QH AS TS AC", "9H JH TD JD KS QS JS", "9S 9C JC QC KC TC AD"], "9D QD KD"
    )
    # Boris deals, so you sit on 100 and are offered the dark game before seeing a card.
    app = create_app(
        TableSetup.of("family", seed=5, pace=0, deals={1: deal}, first_dealer=2, host=host)
    )
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, DecisionScreen) and screen.kind == "dark"
        assert app.session.game.view(0).hand is None
        text = screen_text(app)
        assert "Play in the dark?" in text and "░░░" in text and "A♥" not in text
        await pilot.press("1")
        await settle(pilot)
        assert app.screen is screen and not app.session.game.deal.dark
        assert "Press 1 again or Enter to play in the dark" in screen_text(app)
        await pilot.press("enter")
        await settle(pilot)
        game = app.session.game
        assert game.deal.dark and game.deal.declarer == 0 and game.deal.contract == 120
        assert isinstance(app.screen, ExchangeScreen)
        assert "Talon, seen only by you: 9♦ Q♦ K♦" in screen_text(app)
        await pilot.press("enter", "enter", "enter")  # the two leftmost cards
        await settle(pilot)
        assert "dark ×2" in screen_text(app)
        await play_out_deal(pilot)
        result = game.results[0]
        assert result.dark and result.multiplier == 2
        assert result.deltas[0] in (240, -240)


@pytest.mark.long
async def test_barrel_attempt_is_marked_on_the_sheet(host: Host) -> None:
    start = Start(
        MatchState(
            scores=(880, 300, 200),
            palki=(0, 0, 0),
            palki_streak=(0, 0, 0),
            barrel=(BarrelSeat(), None, None),
            falls=(0, 0, 0),
            concessions=(0, 0, 0),
            crosses=(0, 0, 0),
        )
    )
    app = create_app(TableSetup.of(seed=3, pace=0, deals={1: STRONG}, start=start, host=host))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        text = screen_text(app)
        assert "You 880 barrel 0/3" in text
        assert "2  Bid 120" in text  # on the barrel every bid is at least 120
        await pilot.press("1")  # pass
        await play_out_deal(pilot)
        assert app.session.game.match.barrel[0] == BarrelSeat(1, 0)
        assert "You: barrel, attempt 1 of 3" in screen_text(app)
        await pilot.press("s")
        await pilot.pause()
        assert isinstance(app.screen, SheetScreen)
        text = screen_text(app)
        assert "880 B1" in text and "880 B0" in text  # after the deal, and the start


@pytest.mark.long
async def test_game_over_from_the_barrel_and_again(host: Host) -> None:
    app = create_app(
        TableSetup.of(seed=3, pace=0, deals={1: STRONG}, start=about_to_win(), host=host)
    )
    async with app.run_test(size=SIZE) as pilot:
        await win_the_game(pilot)
        game = app.session.game
        assert game.over and game.winner == 0
        text = screen_text(app)
        assert "Enter: the end of the game" in text and "next deal" not in text
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, GameOverScreen)
        text = screen_text(app)
        assert "Game over" in text and "You win with 1000!" in text
        old_table = app.table
        await pilot.press("a")
        await settle(pilot)
        assert app.games_played == 2
        assert isinstance(app.table, TableScreen)
        new = app.session.game
        assert new is not game and not new.results and new.match.scores == (0, 0, 0)
        # The finished game's table is let go, not kept under the new one: a long evening of
        # games holds one table.
        tables = [s for s in app.screen_stack if isinstance(s, TableScreen)]
        assert tables == [app.table] and old_table not in app.screen_stack


@pytest.mark.long
async def test_esc_pressed_twice_on_the_last_result_does_not_quit_unseen(host: Host) -> None:
    """The final sheet opens at once when the last deal's result is closed: a second Esc
    (which closes a result, and quits from the final sheet) is dropped while its keys are
    held."""
    app = create_app(
        TableSetup.of(seed=3, pace=0, deals={1: STRONG}, start=about_to_win(), host=host)
    )
    async with app.run_test(size=SIZE) as pilot:
        await win_the_game(pilot)
        app.pace = 0.8
        await pilot.press("escape")
        screen = app.screen
        assert isinstance(screen, GameOverScreen)
        await hold_again(pilot, screen)
        assert not screen.check_action("finish", ("quit",))
        assert not screen.check_action("finish", ("start",))  # no start screen: hidden
        await pilot.press("escape", "a")
        await pilot.pause()
        assert app.is_running and app.screen is screen and app.games_played == 1
        screen.release_keys()
        assert screen.check_action("finish", ("again",))
        assert screen.check_action("finish", ("start",)) is False
        await pilot.press("a")
        await settle(pilot)
        assert app.games_played == 2


@pytest.mark.long
async def test_resume_continues_at_the_same_decision(host: Host) -> None:
    app = strong_app(host=host)
    async with app.run_test(size=SIZE) as pilot:
        await win_auction(pilot)
        await pilot.press("3", "enter")  # chosen, not yet given: nothing recorded
        await pilot.press("escape", "q")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
    path = app.session.path
    assert path is not None and path.exists()
    hand = sorted(app.session.game.deal.hands[0])

    again = create_app(TableSetup.of(resume=path, pace=0, host=host))
    async with again.run_test(size=SIZE) as pilot:
        await settle(pilot)
        game = again.session.game
        assert game.deal.phase is Phase.GIVE and game.deal.declarer == 0
        assert sorted(game.deal.hands[0]) == hand
        assert isinstance(again.screen, ExchangeScreen)
        log = again.table.query_one("#log").lines_written
        assert "Game resumed at deal 1." in log
        # The deal so far, told again: what you saw, nothing of the others' hands.
        assert log[:5] == [
            "Deal 1, dealer You.",
            "Anna: on 100.",
            "Boris: pass.",
            "You: 105.",
            "Anna: pass.",
        ]
        assert "Talon (You): K♠ Q♣ K♦." in log
        await give_two(pilot)
        assert [c.code for _, c in game.deal.given] == ["KS", "QC"]


@pytest.mark.long
async def test_quit_asks_first(host: Host) -> None:
    app = strong_app(host=host)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("escape")  # put the auction away
        await pilot.press("q")
        await pilot.pause()
        assert "Quit the game?" in screen_text(app)
        await pilot.press("n")
        await pilot.pause()
        assert app.is_running
        assert "Your bid: press Enter." in screen_text(app)
        await pilot.press("enter")  # the auction again
        await pilot.pause()
        assert isinstance(app.screen, AuctionScreen)
        await pilot.press("q")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
    assert app.return_code == 0


@pytest.mark.long
async def test_a_marriage_declared_po_masti_leaves_the_trump(host: Host) -> None:
    deal = dealt(
        ["AH TH KH QH AS TS AC", "9H JH TD JD KS QS JS", "9S JC QC TC AD QD 9C"], "KC 9D KD"
    )
    app = create_app(TableSetup.of("family", seed=5, pace=0, deals={1: deal}, host=host))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, AuctionScreen)
        assert "At this table the bid goes up by exactly 5." in screen_text(app)
        await pilot.press("2")  # 105, the only bid here
        await settle(pilot)
        await pilot.press("enter", "enter", "enter")  # give the two leftmost cards
        await settle(pilot)
        await pilot.press("1")  # play 105
        await settle(pilot)
        await press_card(pilot, "AH")
        await settle(pilot)
        await press_card(pilot, "KH")
        assert isinstance(app.screen, MarriageScreen)
        text = screen_text(app)
        assert "2  Declare ♥ 100 «по масти»: still no trump" in text
        await pilot.press("2")
        await settle(pilot)
        deal_now = app.session.game.deal
        assert deal_now.trump is None and deal_now.marriage_points[0] == 100
        assert deal_now.declarations[0].keep_trump
        log = app.table.query_one("#log").lines_written
        assert "You: K♥ — marriage ♥ 100 «по масти», still no trump." in log


@pytest.mark.long
async def test_again_after_a_resumed_game_starts_a_new_game_with_the_same_table(host: Host) -> None:

    setup = TableSetup.of(
        seed=3, pace=0, deals={1: STRONG}, start=about_to_win(), ai="easy,normal", host=host
    )
    first = create_app(setup)
    async with first.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("escape", "q")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
    path = first.session.path
    assert path is not None

    app = create_app(TableSetup.of(resume=path, pace=0, host=host))
    async with app.run_test(size=SIZE) as pilot:
        await win_the_game(pilot)
        game = app.session.game
        assert game.over
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, GameOverScreen)
        await pilot.press("a")
        await settle(pilot)
        assert app.is_running and app.games_played == 2
        new = app.session.game
        assert new is not game and not new.over and not new.results
        assert new.seed == game.seed + 1 and new.preset == game.preset
        assert [p.level for p in new.players] == [p.level for p in game.players]
        assert app.session.path is not None and app.session.path != path
