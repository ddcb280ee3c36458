"""The table: opponents, the trick, trump and contract, what just happened, your hand.

The table's state is its `TableController`'s (which knows, without Textual, whose turn it is
and what the table waits for); the screen draws what it says and hands the player's keys to it
and to the table's driver (`TableDriver`). When seat 0 is to move it opens the dialog the phase
needs or waits for a card from the hand (`Hand.Chosen`); when an opponent is to move it asks
its driver, which has him decide (a game played here: its `Opponents`, in worker threads, their
answers applied once the last move has been on screen for the pace) and posts back what
happened (`TableTold`), and the screen goes on.
What the table shows is held in the screen's reactive attributes, made by the pure functions
of `text.py`; its widgets are bound to them (`data_bind`) and draw themselves again when one
changes. Any change of the controller's state or of what the screen shows marks them stale
(`changed`): however many changes come in a row, they are made again once.
"""

from __future__ import annotations

import math
import time
from dataclasses import replace
from functools import partial
from typing import TYPE_CHECKING, Any, ClassVar

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.reactive import var
from textual.screen import Screen
from textual.widget import AwaitMount

from ...engine.actions import Action
from ...engine.deal import Phase
from ...engine.view import SeatView
from ..controller import Awaiting, PendingResult, Step, TableController
from ..describe import refusal_words, sorted_hand
from ..messages import AiDecided, HintReady, TableStale, TableTold
from ..narrate import Narrator
from ..session import HUMAN
from ..table_driver import Pull, TableDriver, TableLink
from ..text import (
    SeatPanelText,
    TrickText,
    decision,
    hand_title,
    prompt_line,
    scores_line,
    seat_panel,
    status_line,
    top_line,
    trick_area,
)
from ..widgets.analyst import DealAnalyst
from ..widgets.base import KeyFooter, table_app
from ..widgets.hand import Hand, HandShown
from ..widgets.hinter import Hinter
from ..widgets.log import GameLog
from ..widgets.seat import SeatPanel
from ..widgets.status import InfoBar
from ..widgets.trick import TrickView
from .common import GLOBAL_BINDINGS, WIDE

if TYPE_CHECKING:
    from ..app import ThousandApp
    from ..table_game import TableGame
    from ..widgets.sheet import ScoreSheet

TALL = 34


DYNAMIC_ACTIONS = ("decide", "last_trick", "skip", "hint", "take_back", "chat")
"""The actions `check_action` weighs."""


class TableScreen(Screen[None]):
    AUTO_FOCUS = "#hand"  # the hand owns the card keys

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter,space", "decide", "key_decide", key_display="⏎", id="decide"),
        Binding("l", "last_trick", "key_last", id="last-trick"),
        Binding("f", "skip", "key_skip", id="skip"),
        Binding("h", "hint", "key_hint", id="hint"),
        Binding("u", "take_back", "key_take_back", id="take-back"),
        # `u` where no card can be taken back: a note says why (never in the footer).
        Binding("u", "no_take_back", "key_take_back", show=False, id="no-take-back"),
        Binding("t", "stats", "key_stats", show=False, id="stats"),
        Binding("v", "look_back", "key_look_back", show=False, id="look-back"),
        Binding("m", "chat", "key_chat", id="chat"),
        Binding(
            "pageup,left_square_bracket", "log_back", "key_log_back", show=False, id="log-back"
        ),
        Binding(
            "pagedown,right_square_bracket",
            "log_forward",
            "key_log_forward",
            show=False,
            id="log-forward",
        ),
        *GLOBAL_BINDINGS,
    ]

    # What the screen shows besides the game: a dialog open, put away, the last trick.
    dialog_open = var(False)
    put_away = var(False)
    show_last = var(False)
    # Watching the opponents without waiting: their moves are applied at once until the
    # human's next decision (or a deal's result).
    skipping = var(False)
    # What the table shows, made again (`redraw`) once after any number of changes (`stale`).
    stale = var(False)
    top: var[str] = var("")
    panels: var[tuple[SeatPanelText | None, ...]] = var(())
    trick: var[TrickText] = var(TrickText("", []))
    status: var[Text | str] = var("")
    prompt: var[str] = var("")
    hand: var[HandShown | None] = var(None)
    scores: var[Text | str] = var("")
    # What `check_action` says of the keys that come and go: the footer is rebuilt on every
    # refresh of the bindings, so only when they change.
    live_keys: var[tuple[bool | None, ...]] = var((), init=False)

    def __init__(self, driver: TableDriver, seat: int = HUMAN) -> None:
        super().__init__()
        self.driver = driver  # a game played here, or a seat at a shared table
        app = self.table_app
        self.t = app.t
        self.p = app.palette
        game = driver.game
        narrator = Narrator(self.t, self.p, game.names, game.rules, seat=seat)
        self.controller = TableController(driver, narrator, seat=seat)
        driver.attach(TableLink(self.controller, self, app, self.t, self.p))
        self.seat = seat  # the seat played from this screen; the others are opponents
        self.side: ScoreSheet | None = None  # the score sheet beside the table, once wide
        self.own_key_at = -math.inf  # the player's last decision, card, closed result or dialog
        self.cards_held = False  # his lead came at once after his own key: Enter waits
        self.auto_turn = -1  # the turn whose only card is being played by itself
        # Each finished deal is analysed in the background (paused while an opponent moves or
        # a hint is searched), unless the player chose not to, and never in a hosted session:
        # there twenty players would keep twenty more processes busy, so a deal is analysed
        # only when its analysis is asked for.
        self.analyse_each_deal = app.setup.auto_analysis and not app.setup.host.hosted
        self.hinted = False  # a hint was shown for the human's decision now due

    # ------------------------------------------------------------------ properties

    @property
    def table_app(self) -> ThousandApp:
        return table_app(self)

    @property
    def game(self) -> TableGame:
        return self.driver.game

    @property
    def pace(self) -> float:
        return 0.0 if self.skipping else self.table_app.pace

    @property
    def awaiting(self) -> Awaiting:
        return self.controller.awaiting

    @property
    def turn(self) -> int:
        return self.controller.turn

    @property
    def dropped(self) -> int:
        return self.controller.dropped

    def view(self) -> SeatView:
        return self.controller.view()

    def opponents(self, players: int) -> list[int]:
        """The other seats, in the order of play from this one."""
        return [(self.seat + k) % players for k in range(1, players)]

    # ------------------------------------------------------------------ layout

    def compose(self) -> ComposeResult:
        players = self.game.rules.players
        yield InfoBar(id="top", classes="-top").data_bind(line=TableScreen.top)
        with Horizontal(id="main"):
            with Vertical(id="table-area"):
                with Horizontal(id="opponents"):
                    for seat in self.opponents(players):
                        panel = SeatPanel(seat, id=f"seat-{seat}")
                        yield panel.data_bind(TableScreen.panels)
                yield TrickView(id="trick").data_bind(TableScreen.trick)
                yield InfoBar(id="status").data_bind(line=TableScreen.status)
                yield InfoBar(id="prompt", classes="-prompt").data_bind(line=TableScreen.prompt)
                yield GameLog(id="log")
                yield Hand(id="hand").data_bind(shown=TableScreen.hand)
                yield InfoBar(id="scores", classes="-scores").data_bind(line=TableScreen.scores)
            with Vertical(id="side"):  # the score sheet, on a wide terminal (see side_sheet)
                yield InfoBar(self.t("sheet_title"), id="side-title")
        yield KeyFooter()
        yield DealAnalyst(self.driver, self.seat)
        yield Hinter(self.driver, self.seat)
        yield from self.driver.compose()

    def on_mount(self) -> None:
        self.update_size_classes()
        self.begin()

    def begin(self) -> None:
        """How the game begins is the driver's to tell."""
        opening = self.driver.begin()
        self.told(opening.lines)
        self.side_sheet()
        if opening.ticks:
            self.set_interval(1.0, self.tick)
        if opening.first_move is not None:
            self.redraw()
            self.set_timer(opening.first_move, self.advance)
        if opening.then is not None:
            self.call_after_refresh(opening.then)

    def tick(self) -> None:
        """Once a second where the driver counts down (a shared table's move clock)."""
        if self.driver.tick():
            self.changed()

    def on_resize(self, event: events.Resize) -> None:
        self.update_size_classes()
        self.call_after_refresh(self.fit_scores)

    def scores_width(self) -> int | None:
        """The cells the scores bar has for its words, once it is laid out."""
        found = self.query("#scores")
        width = found.first().content_size.width if found else 0
        return width or None

    def fit_scores(self) -> None:
        """The scores said again in the bar's new width."""
        if self.is_attached and not self.game.over:
            self.scores = scores_line(self.view(), self.t, self.scores_width())

    def on_screen_resume(self) -> None:
        """Back on the table (a sheet, help or size message closed): go on with what waited."""
        self.update_size_classes()
        if self.dialog_open:
            return
        if self.controller.results or (self.game.over and not self.controller.over_shown):
            self.call_after_refresh(self.advance)
        elif (self.awaiting is Awaiting.DECIDE and not self.put_away) or self.only_card():
            # (an only card waiting is played now that the table is in sight again)
            self.call_after_refresh(self.prompt_human)

    def update_size_classes(self) -> None:
        width, height = self.app.size
        app = self.app
        wide, tall = width >= WIDE, height >= TALL
        mine = {"-wide": wide, "-tall": tall}
        # the notes sit higher and stop at the score sheet (table.tcss)
        apps = {"-tall-table": tall, "-wide-table": wide}
        # Restyled once for all the classes that changed, not once for each.
        restyle_mine = any(self.has_class(name) != on for name, on in mine.items())
        restyle_app = any(app.has_class(name) != on for name, on in apps.items())
        self.update_classes(mine, update=False)
        app.update_classes(apps, update=False)
        if restyle_app:
            app.update_node_styles()  # the screens on top, this one among them when it is
        if restyle_mine and not (restyle_app and app.screen is self):
            self.update_node_styles()
        if wide:
            self.side_sheet()

    def say(self, line: str | Text) -> None:
        self.query_one(GameLog).say(self.p.styled(line) if isinstance(line, str) else line)

    def tell(self, lines: list[str] | list[str | Text]) -> None:
        for line in lines:
            self.say(line)

    def told(self, lines: list[str] | list[str | Text]) -> None:
        """What the controller was told, in the log; once a deal began, the last trick shown
        of the one before is put away."""
        if self.controller.began_deal():
            self.show_last = False
        self.tell(lines)

    def on_table_told(self, message: TableTold) -> None:
        """The driver's news: in the log, and the table goes on if it says so."""
        self.told(message.lines)
        self.changed()
        if message.go_on:
            self.advance()

    def on_table_stale(self, _: TableStale) -> None:
        self.changed()

    def side_sheet(self) -> None:
        """The score sheet beside the table, made the first time the terminal is wide."""
        if not self.has_class("-wide"):
            return
        from ..widgets.sheet import ScoreSheet

        if self.side is None:
            self.side = ScoreSheet(compact=True, takes_keys=False, id="side-sheet")
            self.call_next(self.side_mounted, self.query_one("#side").mount(self.side))
        elif self.side.is_mounted:
            self.side.show_game(self.game)
            # The whole screen laid out again, even behind a dialog (a layout asked of the
            # sheet alone could be lost there, and its legend cut to one line).
            self.refresh(layout=True)
        # (asked while the sheet is still mounting, it shows the game once it is mounted)

    async def side_mounted(self, mounting: AwaitMount) -> None:
        """The new sheet shows the game once mounted. Awaited, not polled: a screen that
        asked again after each refresh never let the sheet's own mount run."""
        await mounting
        self.side_sheet()

    # ------------------------------------------------------------------ the game loop

    def advance(self) -> None:
        """Show the game as it is and ask whoever is to move (no one, once the table is
        closing)."""
        if not self.is_mounted or not self.driver.ready():
            return
        step = self.controller.next_step(self.app.screen is self, self.dialog_open)
        if step in (Step.SHOW_RESULT, Step.GAME_OVER, Step.HUMAN):
            self.skipping = False
        if step is Step.SHOW_RESULT:
            self.show_result()
        elif step is Step.GAME_OVER:
            self.driver.game_over()
        elif step is Step.HUMAN:
            self.prompt_human()
        elif step is Step.AI:
            seat = self.game.to_move
            assert seat is not None
            self.start_ai(seat)
        self.changed()

    def act(self, action: Action) -> bool:
        """Carry out the player's decision as the driver does: applied here, or sent to the
        table's service; False if it was not taken."""
        told = self.driver.act(action)
        if told is None:
            return False
        self.told(told)
        self.changed()
        return True

    def changed(self) -> None:
        """The controller's state changed: what the table shows is stale, and made again
        once, however many changes come before."""
        if self.is_mounted:
            self.stale = True

    def watch_stale(self, stale: bool) -> None:
        if stale:
            self.call_later(self.redraw)

    def watch_dialog_open(self) -> None:
        self.changed()

    def watch_put_away(self) -> None:
        self.changed()

    def watch_show_last(self) -> None:
        self.changed()

    # ------------------------------------------------------------------ results

    def show_result(self) -> None:
        from .result import DealResultScreen

        # Once a deal, while the player reads the result (a few milliseconds): the drawing
        # caches keep one deal's lines, not the game's, and the memory the deal's screens
        # freed goes back to the system.
        self.set_timer(0.5, self.settle_drawing)

        pending: PendingResult = self.controller.results[0]
        trick = pending.last_trick.plays if pending.last_trick else None
        local = self.driver.session is not None  # the deal's record is here to analyse
        if pending.result.redeal is None and local and self.analyse_each_deal:
            self.analyst.analyse(pending.result.number, asked=False)
        self.dialog_open = True
        self.side_sheet()  # the finished deal's row beside its result
        narrator = self.controller.narrator
        last = self.game.over and len(self.controller.results) == 1
        self.app.push_screen(
            # Held however it came: after his last card, or an opponent's while he waits.
            DealResultScreen(
                pending.result,
                narrator,
                trick,
                self.t,
                self.p,
                last=last,
                auto_next=self.table_app.setup.auto_next,
                sitter_talon=pending.sitter_talon,
            ).held(self.table_app.key_hold),
            self.result_seen,
        )

    def settle_drawing(self) -> None:
        from ..render_caches import settle

        for log in self.query(GameLog):
            log.let_go_of_drawn()
        settle()

    def result_seen(self, _: None = None) -> None:
        self.own_key()
        self.dialog_open = False
        self.tell(self.controller.result_seen())
        self.side_sheet()
        self.advance()

    # ------------------------------------------------------------------ AI turns

    def start_ai(self, seat: int) -> None:
        """`seat` is an opponent's to move: the driver has it decided."""
        self.driver.start_ai(seat)

    def on_ai_decided(self, message: AiDecided) -> None:
        """An opponent's answer, for the driver that asked for it."""
        self.driver.decided(message, self.pace)

    # ------------------------------------------------------------------ the human's turn

    def prompt_human(self) -> None:
        controller = self.controller
        if self.dialog_open or self.game.to_move != self.seat or controller.results:
            return
        if controller.human_waits_for() is Awaiting.PLAY:
            self.put_away = False
            if self.only_card() is not None:
                self.auto_turn = controller.turn
                play = partial(self.play_only_card, controller.turn)
                if self.pace > 0:  # on screen for the pace, as an opponent's move is
                    self.set_timer(self.pace, play)
                else:
                    self.call_after_refresh(play)
                self.changed()
                return
            hold = self.key_hold_left()
            if hold > 0:  # he leads at once: he took the trick last, or chose to play
                self.cards_held = True
                self.set_timer(hold, self.release_cards)
            self.changed()
            return
        if self.app.screen is not self:
            self.changed()
            return  # opened when the table is shown again (see on_screen_resume)
        self.open_dialog(self.view())

    def open_dialog(self, view: SeatView) -> None:
        # The dialogs are loaded when first opened: the table is on screen sooner.
        from .auction import AuctionScreen
        from .contract import ContractScreen
        from .decision import DecisionScreen
        from .exchange import ExchangeScreen
        from .offers import offer_screen

        t, p = self.t, self.p
        screen: Any
        if view.phase is Phase.AUCTION:
            screen = AuctionScreen(view, t, p)
        elif view.phase in (Phase.CONTRACT, Phase.RAISE):
            screen = ContractScreen(view, t, p)
        elif view.phase is Phase.GIVE:
            screen = ExchangeScreen(view, t, p, shown=view.talon_shown)
        else:
            screen = offer_screen(view, t, p)
        if isinstance(screen, DecisionScreen):
            screen.held(self.key_hold_left())
        self.dialog_open = True
        self.put_away = False
        self.app.push_screen(screen, self.decided)

    def only_card(self) -> Action | None:
        """With `--auto-play`, the play to make by itself now: the one legal card, when there
        is nothing else to choose (not even whether to declare a marriage with it)."""
        if not self.table_app.setup.auto_play or self.awaiting is not Awaiting.PLAY:
            return None
        if self.auto_turn == self.controller.turn:
            return None  # asked for already
        legal = self.view().legal
        if len(legal) != 1 or legal[0].card is None or self.game.to_move != self.seat:
            return None
        return legal[0]

    def play_only_card(self, turn: int) -> None:
        if turn != self.controller.turn or self.awaiting is not Awaiting.PLAY or self.dialog_open:
            return
        if self.app.screen is not self:
            self.auto_turn = -1  # a page is open: played when the table is seen again
            return
        legal = self.view().legal
        if len(legal) != 1 or legal[0].card is None:
            return
        self.say(self.t("n_only_card", card=self.p.card_label(legal[0].card)))
        self.play(legal[0])

    def release_cards(self) -> None:
        self.cards_held = False
        self.changed()

    def own_key(self) -> None:
        """The player decided, played a card, closed a result or opened a dialog: whatever
        opens at once now is held (`key_hold_left`)."""
        self.own_key_at = time.monotonic()

    def key_hold_left(self) -> float:
        """How long a dialog opened now, or the player's lead, holds its keys: what is left of
        the app's hold since his own last key. What comes at once after it (the auction after
        a result he closed, the raise after his exchange, his lead after the trick he took
        last or the contract he chose to play) is held; what comes after an opponent's move,
        paced, is not."""
        since = time.monotonic() - self.own_key_at
        return max(0.0, self.table_app.key_hold - since)

    def decided(self, result: Action | list[Action] | None) -> None:
        self.dialog_open = False
        if result is None:
            self.put_away = True
            return
        self.own_key()
        self.table_app.forget_complaint()
        actions = self.marked(result if isinstance(result, list) else [result])
        self.controller.stop_waiting()
        for action in actions:
            if not self.act(action):
                break
        self.advance()

    # ------------------------------------------------------------------ keys

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "decide":
            return self.awaiting is Awaiting.DECIDE and not self.dialog_open
        if action == "last_trick":
            return bool(self.view().tricks) or self.show_last or None
        if action == "skip":
            return self.controller.watching() and not self.skipping  # hidden otherwise
        if action == "hint":
            if not self.hints_on():
                return False
            if self.view().sitting_out == self.seat:
                return False  # no decision of yours in this deal
            return (self.game.to_move == self.seat and not self.controller.results) or None
        if action == "chat":
            return self.driver.chats()  # only at a shared table: hidden elsewhere
        if action == "take_back":
            # Left out of the footer while there is no card to take back (the footer of 80
            # columns has no room to spare), and always where it is not offered: off, or not
            # a game against the AI alone.
            return self.takes_back() and self.can_take_back()
        if action == "no_take_back":
            return not (self.takes_back() and self.can_take_back())
        return True

    def key_words(self, action: str) -> str | None:
        """Enter in the footer says the decision at hand (`Bid`, `Give`, `Put aside`...), as
        the dialog it opens does."""
        if action != "decide" or self.awaiting is not Awaiting.DECIDE:
            return None
        what = decision(self.view())
        return f"key_do_{what}" if what else None

    def on_hand_chosen(self, message: Hand.Chosen) -> None:
        """A card chosen from the hand: play it, asking first about a marriage it declares."""
        if self.awaiting is not Awaiting.PLAY or self.game.to_move != self.seat:
            return
        view = self.view()
        card = message.card
        options = [a for a in view.legal if a.card is card]
        if not options:
            refusal = view.refusal(card)
            if refusal is not None:
                words = refusal_words(view, refusal, self.p, self.t)
                self.notify(words, severity="warning", timeout=4)
            return
        if any(a.marriage is not None for a in options):
            from .marriage import MarriageScreen

            self.dialog_open = True
            self.app.push_screen(MarriageScreen(view, card, self.t, self.p), self.marriage_chosen)
            return
        self.play(options[0])

    def marriage_chosen(self, action: Action | None) -> None:
        self.dialog_open = False
        if action is not None:
            self.play(action)

    def play(self, action: Action) -> None:
        self.own_key()
        self.controller.stop_waiting()
        self.show_last = False
        (action,) = self.marked([action])
        if self.act(action):
            self.table_app.forget_complaint()
            self.advance()
        else:
            self.controller.wait_for_card()
            self.changed()

    def action_decide(self) -> None:
        deciding = self.awaiting is Awaiting.DECIDE and not self.dialog_open
        if deciding and self.game.to_move == self.seat:
            self.own_key()  # Enter pressed twice to open it does not decide it unseen
            self.open_dialog(self.view())

    def action_last_trick(self) -> None:
        self.show_last = not self.show_last

    def action_look_back(self) -> None:
        """The talon shown to the table and the last trick, in a small dialog."""
        from .lookback import LookBackScreen

        view = self.controller.shown_view()
        self.app.push_screen(LookBackScreen(view, self.t, self.p))

    def action_chat(self) -> None:
        """A line for everyone at a shared table."""
        if self.driver.chats():
            self.driver.chat()

    def action_log_back(self) -> None:
        self.query_one(GameLog).page(-1)

    def action_log_forward(self) -> None:
        self.query_one(GameLog).page(1)

    # ------------------------------------------------------------------ taking a card back

    def takes_back(self) -> bool:
        """Whether cards may be taken back at this table (the driver says: only a game played
        here, against the AI alone, with `--take-back`)."""
        return self.driver.no_take_back() is None

    def action_no_take_back(self) -> None:
        """`u` where no card can be taken back now: the note says why."""
        why = self.driver.no_take_back() or "takeback_none"
        self.notify(self.t(why), severity="warning", timeout=5)

    def can_take_back(self) -> bool:
        """Whether there is a card to take back now: none while a dialog or a result is open."""
        if self.dialog_open or self.controller.results:
            return False
        return self.driver.can_take_back()

    def action_take_back(self) -> None:
        """Take back the player's last card of this deal, and the opponents' cards after it
        (the driver rebuilds the game without them)."""
        if not self.takes_back():
            return
        if not self.can_take_back():
            self.notify(self.t("takeback_none"), severity="warning", timeout=4)
            return
        taken = self.driver.take_back()
        if isinstance(taken, str):
            timeout = 4 if taken == "takeback_none" else 5
            self.notify(self.t(taken), severity="warning", timeout=timeout)
            return
        self.skipping = False
        self.show_last = False
        self.hinted = False
        self.own_key()
        self.tell(taken.lines)
        if taken.unrated:
            self.notify(self.t("takeback_unrated"), timeout=8)
        self.changed()
        self.advance()

    def action_skip(self) -> None:
        """Skip ahead to the human's next decision: the opponents' moves without the pace."""
        if not self.controller.watching():
            return
        self.skipping = True
        self.driver.hurry()

    def watch_skipping(self) -> None:
        self.changed()

    # ------------------------------------------------------------------ hints

    def hints_on(self) -> bool:
        """Whether the hint key works at this table."""
        return self.driver.hints_on()

    def action_hint(self) -> None:
        """What `hard` would do at the human's decision, searched in a worker."""
        if not self.hints_on():
            self.notify(self.t("c_hints_off"), timeout=3)
            return
        if self.game.to_move != self.seat or self.controller.results or self.game.over:
            return
        self.hinter.ask(self.controller.turn, self.game.view(self.seat))

    @property
    def hinter(self) -> Hinter:
        return self.query_one(Hinter)

    def on_hint_ready(self, message: HintReady) -> None:
        """The hinter found a hint: shown if its decision is still due."""
        if message.turn != self.controller.turn or self.game.to_move != self.seat:
            return
        text = self.hinter.words(message.turn, message.advice)
        self.hinted = True
        self.say(text)
        self.notify(text, timeout=12)

    # ------------------------------------------------------------------ deal analysis

    @property
    def analyst(self) -> DealAnalyst:
        return self.query_one(DealAnalyst)

    def on_deal_analyst_analysed(self, _: DealAnalyst.Analysed) -> None:
        """A deal's analysis is made: the analysis pages open show it."""
        from .info import AnalysisScreen

        for screen in self.app.screen_stack:
            if isinstance(screen, AnalysisScreen):
                screen.refresh_text()

    def show_analysis(self, number: int) -> None:
        from .info import AnalysisScreen

        analyst = self.analyst
        analyst.analyse(number)
        self.app.push_screen(AnalysisScreen([number], analyst.analysis_lines, self.t, self.p))

    def action_stats(self) -> None:
        from ...store.catalog import games_dir
        from .info import StatsScreen

        session = self.driver.session
        path = session.path if session is not None else None
        folder = path.parent if path is not None else games_dir(self.table_app.setup.host.data_dir)
        self.app.push_screen(StatsScreen(folder, self.t, self.p))

    def marked(self, actions: list[Action]) -> list[Action]:
        """The human's decision, marked in the record when a hint was shown for it."""
        if not self.hinted:
            return actions
        self.hinted = False
        self.app.clear_notifications()
        return [replace(a, hinted=True) for a in actions]

    # ------------------------------------------------------------------ drawing

    def redraw(self) -> None:
        """What the table shows, made of the game as it is: the widgets bound to it follow."""
        self.stale = False
        if not self.is_mounted:
            return
        t, p = self.t, self.p
        controller = self.controller
        view = controller.shown_view()  # the ended deal while its result waits
        line = top_line(view, self.driver.preset.title_in(t.lang), t)
        self.top = self.driver.top_line(line, self.size.width)
        paused = bool(controller.results)  # a deal's result waits for you
        panels: list[SeatPanelText | None] = [None] * view.players
        for seat in self.opponents(view.players):
            level = self.game.players[seat].level
            last_act = controller.narrator.last.get(seat, "")
            idle = paused or self.driver.seat_idle(seat)
            shown = seat_panel(view, seat, last_act, level, t, p, paused=idle)
            subtitle = self.driver.seat_subtitle(seat, shown.subtitle)
            panels[seat] = replace(shown, subtitle=subtitle)
        self.panels = tuple(panels)
        done = controller.results[0].last_trick if controller.results else None
        self.trick = trick_area(view, self.show_last, done, t)
        self.status = status_line(view, t, p)
        prompt = prompt_line(
            view, self.game.over, self.awaiting, self.dialog_open, t, paused=paused
        )
        if self.skipping:
            prompt = t("prompt_skipping")
        self.prompt = self.driver.prompt_line(prompt)
        self.hand = self.hand_shown(view)
        self.scores = scores_line(view, t, self.scores_width())
        self.live_keys = tuple(self.check_action(action, ()) for action in DYNAMIC_ACTIONS)

    def watch_live_keys(self) -> None:
        self.refresh_bindings()

    def on_pull(self, _: Pull) -> None:
        """Messages wait for the table (at a shared table, from its service)."""
        self.driver.pull()

    def hand_shown(self, view: SeatView) -> HandShown:
        """The player's hand as the table shows it."""
        t = self.t
        title = hand_title(view, t)
        my_turn = view.to_move == self.seat
        new = self.controller.new_cards
        if view.hand is None:
            hidden = view.hand_counts[self.seat]
            words = self.driver.hand_hidden_words(view) or t("hand_hidden")
            return HandShown(title, words, my_turn, hidden=hidden)
        subtitle = t("hand_new") + " *" if new & set(view.hand) else ""
        cards = sorted_hand(view, self.p.suit_order)
        playing = self.awaiting is Awaiting.PLAY
        playable = frozenset(a.card for a in view.legal if a.card is not None) if playing else None
        return HandShown(
            title,
            subtitle,
            my_turn,
            tuple(cards),
            playable=playable,
            new=frozenset(new & set(cards)),
            choosing=playing and not self.cards_held,
            show_cursor=playing,
            empty=t("hand_sitting_out") if view.sitting_out == self.seat else "",
        )
