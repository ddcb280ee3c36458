"""The table: opponents, the trick, trump and contract, what just happened, your hand.

The table screen drives the game. When seat 0 is to move it opens the dialog the phase needs
(or waits for a card from the hand); when an AI opponent is to move it asks it in a worker
thread, with the turn number, and applies the answer only if the game is still at that turn.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, ClassVar

from rich.text import Text
from textual import events, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Footer
from textual.worker import get_current_worker

from ...ai import Player, make_player
from ...engine.actions import Action, IllegalAction
from ...engine.cards import Card
from ...engine.deal import Deal, Phase
from ...engine.events import (
    CardGiven,
    CardPlayed,
    DealSettled,
    DealStarted,
    Event,
    TalonTaken,
    TrickTaken,
)
from ...engine.game import Game
from ...engine.scoring import Settlement
from ...engine.view import SeatView
from ..describe import refusal_words, sorted_hand
from ..messages import AiDecided, AiFailed
from ..narrate import Narrator
from ..session import HUMAN, Session
from ..widgets.base import localize_bindings, table_app
from ..widgets.hand import KEY_LABELS, HandView
from ..widgets.log import GameLog
from ..widgets.seat import SeatPanel
from ..widgets.sheet import ScoreSheet
from ..widgets.status import InfoBar
from ..widgets.trick import TrickView
from .auction import AuctionScreen
from .common import GLOBAL_BINDINGS
from .contract import ContractScreen
from .exchange import ExchangeScreen
from .marriage import MarriageScreen
from .offers import offer_screen
from .result import DealResultScreen

if TYPE_CHECKING:
    from ..app import ThousandApp

WIDE = 110


@dataclass
class FinishedTrick:
    plays: list[tuple[int, Card]]
    winner: int
    points: int
    number: int


@dataclass
class PendingResult:
    result: Settlement
    last_trick: FinishedTrick | None


class TableScreen(Screen[None]):
    AUTO_FOCUS = None  # the table's keys belong to the screen, not to a widget

    DEFAULT_CSS = """
    TableScreen {
        layout: vertical;
    }
    TableScreen #main {
        height: 1fr;
    }
    TableScreen #table-area {
        width: 1fr;
        height: 1fr;
    }
    TableScreen #opponents {
        height: 4;
    }
    TableScreen #side {
        display: none;
        width: 46;
        border-left: vkey $primary-darken-2;
    }
    TableScreen.-wide #side {
        display: block;
    }
    TableScreen #side-title {
        height: 1;
        padding: 0 1;
        text-style: bold;
        background: $primary-background;
    }
    TableScreen TrickView {
        height: 1fr;
        min-height: 5;
    }
    TableScreen GameLog {
        height: 4;
    }
    TableScreen.-tall GameLog {
        height: 9;
    }
    TableScreen.-tall HandView {
        height: 8;
    }
    TableScreen.-tall #opponents {
        height: 5;
    }
    TableScreen.-tall SeatPanel {
        height: 5;
    }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "cursor(-1)", "key_card", key_display="←→", id="card-left"),
        Binding("right", "cursor(1)", show=False, id="card-right"),
        *[Binding(k, f"pick({i})", show=False) for i, k in enumerate(KEY_LABELS)],
        Binding("enter,space", "play", "key_play", key_display="⏎", id="play"),
        Binding("enter,space", "decide", "key_decide", key_display="⏎", id="decide"),
        Binding("l", "last_trick", "key_last", id="last-trick"),
        *GLOBAL_BINDINGS,
    ]

    def __init__(self, session: Session) -> None:
        super().__init__()
        self.session = session
        app = self.table_app
        localize_bindings(self, app.t)
        self.t = app.t
        self.p = app.palette
        self.turn = 0
        self.cursor = 0
        self.show_last = False
        self.awaiting: str | None = None  # "play", "decide" or None
        self.dialog_open = False
        self.put_away = False
        self.thinking: int | None = None
        self.shown_at = 0.0
        self.new_cards: set[Card] = set()
        self.finished_trick: FinishedTrick | None = None
        self.results: list[PendingResult] = []
        self.over_shown = False
        self.narrator = Narrator(self.t, self.p, session.names, session.game.rules)
        self.dropped = 0  # stale AI results ignored (for tests and curiosity)
        self._view: tuple[int, Game, SeatView] | None = None
        self._bindings_key: tuple[object, ...] = ()

    # ------------------------------------------------------------------ properties

    @property
    def table_app(self) -> ThousandApp:
        return table_app(self)

    @property
    def game(self) -> Game:
        return self.session.game

    @property
    def pace(self) -> float:
        return self.table_app.pace

    def view(self) -> SeatView:
        """Seat 0's view, made once per turn (the footer asks for it on every redraw)."""
        cached = self._view
        if cached is not None and cached[0] == self.turn and cached[1] is self.game:
            return cached[2]
        view = self.game.view(HUMAN)
        self._view = (self.turn, self.game, view)
        return view

    # ------------------------------------------------------------------ layout

    def compose(self) -> ComposeResult:
        players = self.game.rules.players
        yield InfoBar(id="top", classes="-top")
        with Horizontal(id="main"):
            with Vertical(id="table-area"):
                with Horizontal(id="opponents"):
                    for seat in range(1, players):
                        yield SeatPanel(seat, id=f"seat-{seat}")
                yield TrickView(id="trick")
                yield InfoBar(id="status")
                yield InfoBar(id="prompt", classes="-prompt")
                yield GameLog(id="log")
                yield HandView(id="hand")
                yield InfoBar(id="scores", classes="-scores")
            with Vertical(id="side"):
                yield InfoBar(self.t("sheet_title"), id="side-title")
                yield ScoreSheet(compact=True, takes_keys=False, id="side-sheet")
        yield Footer()

    def on_mount(self) -> None:
        self.update_size_classes()
        game = self.game
        start_events = game.take_start_events()
        if self.session.resumed:
            # The rebuilt game's start events are those of its first deal, long gone.
            self.say(self.t("n_resumed", number=game.deal.number))
        else:
            for line in self.narrator.tell(start_events):
                self.say(line)
        for warning in self.session.warnings:
            self.notify(warning, severity="warning")
        self.side_sheet()
        self.call_after_refresh(self.advance)

    def on_resize(self, event: events.Resize) -> None:
        self.update_size_classes()

    def on_screen_resume(self) -> None:
        """Back on the table (a sheet, help or size message closed): go on with what waited."""
        self.update_size_classes()
        if self.dialog_open:
            return
        if self.results or (self.game.over and not self.over_shown):
            self.call_after_refresh(self.advance)
        elif self.awaiting == "decide" and not self.put_away:
            self.call_after_refresh(self.prompt_human)

    def update_size_classes(self) -> None:
        width, height = self.app.size
        self.set_class(width >= WIDE, "-wide")
        self.set_class(height >= 34, "-tall")

    def say(self, line: str) -> None:
        self.query_one(GameLog).say(self.p.styled(line))

    def side_sheet(self) -> None:
        self.query_one("#side-sheet", ScoreSheet).show_game(self.game)

    # ------------------------------------------------------------------ the game loop

    def advance(self) -> None:
        """Show the game as it is and ask whoever is to move."""
        self.refresh_table()
        if self.dialog_open or not self.is_mounted:
            return
        on_top = self.app.screen is self
        if self.results:
            if on_top:
                self.show_result()
            return
        game = self.game
        if game.over:
            self.awaiting = None
            if not self.over_shown and on_top:
                self.over_shown = True
                self.table_app.game_over(self.session)
            return
        seat = game.to_move
        if seat is None:
            return
        if seat == HUMAN:
            self.thinking = None
            self.prompt_human()
        else:
            self.awaiting = None
            self.start_ai(seat)
        self.refresh_table()

    def act(self, action: Action) -> bool:
        """Apply one decision (the human's or an AI's); False if the engine refused it."""
        deal = self.game.deal
        try:
            events = self.game.apply(action)
        except IllegalAction as error:
            self.notify(str(error), severity="error")
            return False
        self.turn += 1
        self.shown_at = time.monotonic()
        self.take_events(events, deal)
        return True

    def take_events(self, events: Sequence[Event], deal: Deal | None = None) -> None:
        """Narrate the events and note what the table shows besides the view (the trick that
        just closed, results to show, the cards that came to you). `deal` is the deal the
        events began in: when it ends, the game has already moved on to the next one."""
        for event in events:
            match event:
                case DealStarted():
                    self.new_cards = set()
                    self.show_last = False
                case TalonTaken(cards=cards):
                    if event.seat == HUMAN and self.narrator.dark_declarer != HUMAN:
                        self.new_cards = set(cards)
                case CardGiven(card=card, to=to) if to == HUMAN and event.visible_to(HUMAN):
                    self.new_cards = {card}
                case CardPlayed(seat=seat) if seat == HUMAN:
                    self.new_cards = set()
                case TrickTaken(number=number, points=points):
                    tricks = deal.tricks if deal is not None else ()
                    if 0 < number <= len(tricks):
                        plays = list(tricks[number - 1].plays)
                    else:
                        plays = [(-1, card) for card in event.cards]
                    self.finished_trick = FinishedTrick(
                        plays=plays, winner=event.seat or 0, points=points, number=number
                    )
                case DealSettled(result=result):
                    trick = self.finished_trick if result.redeal is None else None
                    self.results.append(PendingResult(result, trick))
            for line in self.narrator.tell([event]):
                self.say(line)

    # ------------------------------------------------------------------ results

    def show_result(self) -> None:
        pending = self.results[0]
        trick = pending.last_trick.plays if pending.last_trick else None
        self.dialog_open = True
        self.app.push_screen(
            DealResultScreen(pending.result, self.narrator, trick, self.t, self.p),
            self.result_seen,
        )

    def result_seen(self, _: None = None) -> None:
        self.dialog_open = False
        if self.results:
            self.results.pop(0)
        self.finished_trick = None
        self.side_sheet()
        self.advance()

    # ------------------------------------------------------------------ AI turns

    def start_ai(self, seat: int) -> None:
        if self.thinking == seat and self._ai_running():
            return
        self.thinking = seat
        player = self.session.ais.get(seat)
        if player is None:
            player = make_player("easy", seat)
            self.session.ais[seat] = player
        self.think(self.turn, seat, self.game.view(seat), player, self.pace, self.shown_at)

    def _ai_running(self) -> bool:
        return any(w.group == "ai" and w.is_running for w in self.workers)

    @work(thread=True, exclusive=True, group="ai")
    def think(
        self, turn: int, seat: int, view: SeatView, player: Player, pace: float, shown_at: float
    ) -> None:
        worker = get_current_worker()
        started = time.monotonic()
        try:
            action = player.decide(view)
        except Exception as error:  # an opponent that fails must not stop the game
            self.post_message(AiFailed(turn, seat, f"{type(error).__name__}: {error}"))
            return
        think_ms = (time.monotonic() - started) * 1000
        # Leave the last move on screen for at least `pace` seconds.
        while not worker.is_cancelled and time.monotonic() - shown_at < pace:
            time.sleep(min(0.05, max(0.0, pace - (time.monotonic() - shown_at))))
        if not worker.is_cancelled:
            self.post_message(AiDecided(turn, seat, action, think_ms))

    def on_ai_decided(self, message: AiDecided) -> None:
        if message.turn != self.turn or self.game.to_move != message.seat:
            self.dropped += 1
            return
        self.thinking = None
        if self.act(replace(message.action, think_ms=message.think_ms)):
            self.advance()

    def on_ai_failed(self, message: AiFailed) -> None:
        if message.turn != self.turn or self.game.to_move != message.seat:
            return
        self.notify(f"{self.game.names[message.seat]}: {message.error}", severity="error")
        self.session.ais[message.seat] = make_player("random", message.seat)
        self.thinking = None
        self.advance()

    # ------------------------------------------------------------------ the human's turn

    def prompt_human(self) -> None:
        if self.dialog_open or self.game.to_move != HUMAN or self.results:
            return
        view = self.view()
        if view.phase is Phase.PLAY:
            self.awaiting = "play"
            self.put_away = False
            self.place_cursor(view)
            self.refresh_table()
            return
        self.awaiting = "decide"
        if self.app.screen is not self:
            self.refresh_table()
            return  # opened when the table is shown again (see on_screen_resume)
        self.open_dialog(view)

    def open_dialog(self, view: SeatView) -> None:
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
        self.dialog_open = True
        self.put_away = False
        self.refresh_table()
        self.app.push_screen(screen, self.decided)

    def decided(self, result: Action | list[Action] | None) -> None:
        self.dialog_open = False
        if result is None:
            self.put_away = True
            self.refresh_table()
            return
        actions = result if isinstance(result, list) else [result]
        self.awaiting = None
        for action in actions:
            if not self.act(action):
                break
        self.advance()

    def place_cursor(self, view: SeatView) -> None:
        hand = sorted_hand(view)
        if not hand:
            self.cursor = 0
            return
        self.cursor = max(0, min(self.cursor, len(hand) - 1))
        playable = {a.card for a in view.legal if a.card is not None}
        if hand[self.cursor] not in playable:
            first = next((i for i, c in enumerate(hand) if c in playable), self.cursor)
            self.cursor = first

    # ------------------------------------------------------------------ keys

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("cursor", "pick"):
            return bool(self.view().hand)
        if action == "play":
            return self.awaiting == "play" and not self.dialog_open
        if action == "decide":
            return self.awaiting == "decide" and not self.dialog_open
        if action == "last_trick":
            view = self.view()
            return bool(view.tricks) or self.show_last or None
        return True

    def action_cursor(self, delta: int) -> None:
        hand = sorted_hand(self.view())
        if hand:
            self.cursor = (self.cursor + delta) % len(hand)
            self.refresh_hand()

    def action_pick(self, index: int) -> None:
        hand = sorted_hand(self.view())
        if index < len(hand):
            self.cursor = index
            self.refresh_hand()

    def action_play(self) -> None:
        if self.awaiting != "play" or self.game.to_move != HUMAN:
            return
        view = self.view()
        hand = sorted_hand(view)
        if not hand:
            return
        card = hand[min(self.cursor, len(hand) - 1)]
        options = [a for a in view.legal if a.card is card]
        if not options:
            self.notify(self.why_not(view, card), severity="warning", timeout=4)
            return
        if any(a.marriage is not None for a in options):
            self.dialog_open = True
            self.refresh_table()
            self.app.push_screen(MarriageScreen(view, card, self.t, self.p), self.marriage_chosen)
            return
        self.play(options[0])

    def marriage_chosen(self, action: Action | None) -> None:
        self.dialog_open = False
        if action is None:
            self.refresh_table()
            return
        self.play(action)

    def play(self, action: Action) -> None:
        self.awaiting = None
        self.show_last = False
        if self.act(action):
            self.advance()
        else:
            self.awaiting = "play"
            self.refresh_table()

    def action_decide(self) -> None:
        if self.awaiting == "decide" and not self.dialog_open and self.game.to_move == HUMAN:
            self.open_dialog(self.view())

    def action_last_trick(self) -> None:
        self.show_last = not self.show_last
        self.refresh_table()

    def why_not(self, view: SeatView, card: Card) -> str:
        """Why the engine refuses `card`, in words."""
        refusal = view.refusal(card)
        if refusal is None:
            return ""
        return refusal_words(view, refusal, self.p, self.t)

    # ------------------------------------------------------------------ drawing

    def refresh_table(self) -> None:
        if not self.is_mounted:
            return
        view = self.view()
        self.refresh_top(view)
        self.refresh_seats(view)
        self.refresh_trick(view)
        self.refresh_status(view)
        self.refresh_prompt(view)
        self.refresh_hand(view)
        self.refresh_scores(view)
        key = (self.awaiting, self.dialog_open, bool(view.tricks), self.show_last, bool(view.hand))
        if key != self._bindings_key:
            self._bindings_key = key
            self.refresh_bindings()

    def score_text(self, view: SeatView, seat: int) -> str:
        match = view.match
        text = str(match.scores[seat])
        if match.palki[seat]:
            text += " " + "|" * match.palki[seat]
        place = match.barrel[seat]
        if place is not None:
            text += " " + self.t(
                "on_barrel", used=place.attempts_used, attempts=view.rules.barrel.attempts
            )
        return text

    def refresh_top(self, view: SeatView) -> None:
        t = self.t
        parts = [
            t("app_title"),
            self.session.preset.title_in(t.lang),
            t("header_deal", number=view.deal_number),
            t("header_dealer", name=view.names[view.dealer]),
        ]
        if view.golden:
            parts.append(t("header_golden", m=view.rules.golden.multiplier))
        if view.dark:
            parts.append(t("header_dark", m=view.rules.dark.multiplier))
        self.query_one("#top", InfoBar).show(" · ".join(parts))

    def refresh_seats(self, view: SeatView) -> None:
        t, p = self.t, self.p
        for seat in range(1, view.players):
            panel = self.query_one(f"#seat-{seat}", SeatPanel)
            name = view.names[seat]
            badges = []
            if seat == view.dealer:
                badges.append(t("dealer"))
            if seat == view.declarer and view.contract is not None:
                badges.append(f"{t('declarer')} {view.contract}")
            title = " · ".join([name, *badges])
            sitting = seat == view.sitting_out
            first = Text()
            if sitting:
                first.append(t("sits_out"), style="italic")
            else:
                count = view.hand_counts[seat]
                first.append_text(p.backs(count))
                first.append(f" {count}  ")
                first.append(t("tricks_count", count=view.tricks_won[seat]))
            turn = view.to_move == seat
            if turn and view.phase is not Phase.OVER:
                second = Text(t("thinking"), style="italic")
            else:
                second = p.styled(self.narrator.last.get(seat, ""))
            level = self.session.game.players[seat].level
            subtitle = self.score_text(view, seat)
            if level:
                subtitle = f"{subtitle} · {t.level(level)}"
            third = Text()
            for declared in view.declarations:
                if declared.seat == seat:
                    third.append_text(p.styled(f"{p.suit_label(declared.suit)}{declared.points} "))
            panel.show(
                title,
                [first, second, third],
                subtitle=subtitle,
                turn=turn,
                declarer=seat == view.declarer,
                sitting_out=sitting,
            )

    def refresh_trick(self, view: SeatView) -> None:
        t = self.t
        widget = self.query_one(TrickView)
        names = view.names
        total = len(view.tricks) + max(view.hand_counts) if view.hand_counts else 0
        if self.show_last:
            last = view.last_trick
            if last is None:
                widget.show(t("trick_none"), [], last=True)
                return
            caption = f"{t('trick_last', number=len(view.tricks))} · " + t(
                "trick_takes", name=names[last.winner], points=last.points
            )
            widget.show(caption, [(names[s], c) for s, c in last.plays], last=True)
            return
        if self.results and self.results[0].last_trick is not None:
            done = self.results[0].last_trick
            caption = t("trick_takes", name=names[done.winner], points=done.points)
            widget.show(caption, [(names[s] if s >= 0 else "", c) for s, c in done.plays])
            return
        if view.phase is Phase.PLAY:
            if view.trick:
                leader = view.trick[0][0]
                caption = f"{t('trick_title', number=len(view.tricks) + 1, total=total)} · " + t(
                    "trick_leads", name=names[leader]
                )
                widget.show(caption, [(names[s], c) for s, c in view.trick])
                return
            if view.tricks:
                last = view.tricks[-1]
                caption = f"{t('trick_title', number=len(view.tricks), total=total)} " + t(
                    "trick_takes", name=names[last.winner], points=last.points
                )
                widget.show(caption, [(names[s], c) for s, c in last.plays])
                return
            widget.show(t("trick_title", number=1, total=total), [])
            return
        if view.phase in (Phase.GIVE, Phase.RAISE, Phase.CONTRACT) and view.declarer is not None:
            caption = t("status_talon") + names[view.declarer]
            if view.talon:
                widget.show(caption, [("", c) for c in view.talon])
            else:
                widget.show(caption, [("", None)] * 3)
            return
        if view.phase in (Phase.AUCTION, Phase.DARK_CANCEL) or view.bids:
            bids = Text(t("auction_title"), style="bold")
            bids.append("\n\n")
            said = [f"{names[s]}: {t('pass') if v is None else v}" for s, v in view.bids]
            bids.append("   ".join(said))
            widget.show(bids, [])
            return
        widget.show("", [])

    def refresh_status(self, view: SeatView) -> None:
        t, p = self.t, self.p
        out = Text()
        out.append(t("status_trump"), style="bold")
        if view.trump is not None:
            out.append_text(p.suit(view.trump))
            owner = view.trump_owner
            if owner is not None:
                out.append(f" ({view.names[owner]})")
        else:
            out.append(t("no_trump"))
        out.append("   ")
        if view.contract is not None and view.declarer is not None:
            out.append(
                t("status_contract", value=view.contract, name=view.names[view.declarer]),
                style="bold",
            )
            if view.multiplier > 1:
                out.append(f" ×{view.multiplier}")
        elif view.high_bid is not None and view.high_bidder is not None:
            out.append(t("status_auction", value=view.high_bid, name=view.names[view.high_bidder]))
        out.append("   ")
        out.append(t(f"phase_{view.phase.value}"), style="italic")
        self.query_one("#status", InfoBar).show(out)

    def refresh_prompt(self, view: SeatView) -> None:
        t = self.t
        if self.game.over:
            text = t("prompt_over")
        elif self.awaiting == "play":
            text = t("prompt_lead" if not view.trick else "prompt_play")
        elif self.awaiting == "decide" and self.dialog_open:
            text = t("prompt_deciding", phase=t(f"phase_{view.phase.value}"))
        elif self.awaiting == "decide":
            text = t("prompt_decide", phase=t(f"phase_{view.phase.value}"))
        elif view.to_move is not None and view.to_move != HUMAN:
            text = t("prompt_wait", name=view.names[view.to_move])
        else:
            text = ""
        self.query_one("#prompt", InfoBar).show(text)

    def refresh_hand(self, view: SeatView | None = None) -> None:
        view = view or self.view()
        widget = self.query_one(HandView)
        t = self.t
        title = t("hand_title", name=view.names[HUMAN], score=self.score_text(view, HUMAN))
        badges = []
        if view.dealer == HUMAN:
            badges.append(t("dealer"))
        if view.declarer == HUMAN and view.contract is not None:
            badges.append(f"{t('declarer')} {view.contract}")
        badges.append(t("tricks_count", count=view.tricks_won[HUMAN]))
        widget.border_title = " · ".join([title, *badges])
        widget.set_class(view.to_move == HUMAN, "-my-turn")
        if view.hand is None:
            widget.border_subtitle = t("hand_hidden")
            widget.show([], hidden=view.hand_counts[HUMAN])
            return
        widget.border_subtitle = t("hand_new") + " *" if self.new_cards & set(view.hand) else ""
        hand = sorted_hand(view)
        playable = None
        if self.awaiting == "play":
            playable = {a.card for a in view.legal if a.card is not None}
        cursor = self.cursor if hand and self.awaiting == "play" else None
        if cursor is not None:
            cursor = min(cursor, len(hand) - 1)
        widget.show(hand, playable=playable, cursor=cursor, new=self.new_cards & set(hand))

    def refresh_scores(self, view: SeatView) -> None:
        t = self.t
        out = Text(t("scores_line"), style="bold")
        for seat, name in enumerate(view.names):
            if seat:
                out.append("  ·  ")
            out.append(f"{name} ", style="bold" if seat == HUMAN else "")
            out.append(self.score_text(view, seat))
        out.append(f"   → {view.rules.target}", style="dim")
        self.query_one("#scores", InfoBar).show(out)
