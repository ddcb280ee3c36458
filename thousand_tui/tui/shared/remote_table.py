"""The table at a shared table: the usual `TableScreen`, driven by `SharedDriver`. A decision
is sent to the table service; what anyone did comes back, as for everyone at the table, in
the service's next `update`, which the driver tells the table's controller and posts to the
screen (`TableTold`); the opponents' panels say who is at the table and who is away."""

from __future__ import annotations

import collections
import dataclasses
import threading
import time
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from rich.text import Text

from ...engine.actions import Action
from ...presets import Preset
from ...tables.chat_rules import Pace
from ...tables.client import Received, TableClient, TableError
from ...tables.mirror import Update
from ...tables.texts import failure_text
from ...tables.wire import (
    WATCHER,
    Acked,
    AgainRequest,
    ChatLine,
    Closed,
    Failure,
    Notice,
    Refused,
    TableStatus,
)
from ..coach import Words
from ..i18n import Translator
from ..messages import AiDecided, TableStale, TableTold
from ..render import Palette
from ..screens.table import TableScreen
from ..table_driver import Linked, Opening, TakenBack

if TYPE_CHECKING:
    from textual.widget import Widget

    from ...engine.view import SeatView
    from ..app import ThousandApp
    from ..session import Session
from .chat import chat_text, write_chat
from .connection import SharedSession
from .remote import RemoteGame
from .words import CLUB_NOTICE_SECONDS, club_words, join_command, seat_status_words

REJOIN_EVERY = 1.0  # seconds between tries to sit again after the connection was lost
REJOIN_FOR = 120.0  # seconds of trying before the screen says to join again by hand


def shared_table(shared: SharedSession) -> TableScreen:
    """The table screen for a seat at a shared table (a watcher's: drawn from its place, but
    told the game as no seat is, `WATCHER`: a card given face down there is not his)."""
    screen = TableScreen(SharedDriver(shared), seat=shared.mirror.seat)
    if shared.mirror.watcher:
        screen.controller.narrator.seat = WATCHER
    return screen


class SharedDriver(Linked):
    """A seat at a shared table: decisions go to the service, and what anyone did comes back
    from it; the opponents' panels say who is at the table and who is away. Nobody here
    decides for another seat, no card is taken back (the others have seen it), and the deal's
    record (to analyse) is the service's."""

    def __init__(self, shared: SharedSession) -> None:
        self.shared = shared
        self.sent = 0  # the sequence number of the decision sent, until it is acknowledged
        self.connected: dict[int, bool] = {}
        self.rejoining = False  # a thread tries to sit again after the connection was lost
        self.chat_pace: Pace = shared.chat_pace  # this seat's lines, kept to the table's pace
        self.heard: collections.deque[ChatLine] = shared.heard  # shown (the waiting room's too)
        self.earlier: list[ChatLine] = []  # the table's last lines, told again on sitting

    @property
    def game(self) -> RemoteGame:
        return self.shared.game

    @property
    def preset(self) -> Preset:
        return self.shared.preset

    @property
    def session(self) -> Session | None:
        return None  # the game and its record are the service's

    @property
    def seed(self) -> int:
        return 0

    @property
    def think(self) -> float | None:
        return None

    # The table's, given when its screen is made.

    @property
    def t(self) -> Translator:
        return self.link.t

    @property
    def p(self) -> Palette:
        return self.link.p

    @property
    def seat(self) -> int:
        return self.link.controller.seat

    @property
    def app(self) -> ThousandApp:
        return self.link.app

    def notify(self, message: str, **options: Any) -> None:
        self.app.notify(message, **options)

    def say(self, line: str | Text, *, go_on: bool = False) -> None:
        """A line for the table's log."""
        self.post(TableTold([line], go_on=go_on))

    def changed(self) -> None:
        self.post(TableStale())

    def advance(self) -> None:
        """The table goes on, once what was posted to it before is shown."""
        self.post(TableTold([], go_on=True))

    # ------------------------------------------------------------------ sitting down

    def begin(self) -> Opening:
        """Not a local game's start: the service tells what happens, from now on."""
        self.connected = {i: s.connected for i, s in enumerate(self.shared.mirror.seats)}
        lines: list[str | Text] = [self.t("shared_title", code=self.shared.code)]
        lines += [chat_text(line, self.p) for line in self.heard]  # said in the waiting room
        return Opening(lines, ticks=True, then=self.sit_down)

    def sit_down(self) -> None:
        """On the screen now: what began the game, then every message as it comes."""
        first, self.shared.first = self.shared.first, None
        if first is not None and first.deal:
            # Sitting again mid-deal: the log is the deal so far, as this seat saw it.
            self.post(TableTold([*self.controller.take_events(first.deal, self.game.deal)]))
        if first is not None:
            self.told(first)
        else:
            self.advance()
        self.shared.attach(self.link.target)

    def tick(self) -> bool:
        """Once a second, while someone is away or the move clock runs: the countdown to
        the AI standing in, counted here from what the service told once."""
        mirror = self.shared.mirror
        return mirror.clock_left() is not None or any(s.ai_in is not None for s in mirror.seats)

    # ------------------------------------------------------------------ messages

    def pull(self) -> None:
        shared = self.shared
        while shared.inbox and shared.target is self.link.target:
            self.take(shared.inbox.popleft())

    def take(self, message: Received) -> None:
        mirror, controller = self.shared.mirror, self.controller
        update = mirror.take(message)
        if update is not None:
            self.told(update)
        elif isinstance(message, Acked):
            if message.seq == self.sent:  # the service played the decision sent last
                self.sent = 0
                self.advance()
        elif isinstance(message, TableStatus):
            self.tell_comings()
            self.changed()
            from .over import SharedGameOverScreen

            for screen in self.app.screen_stack:
                if isinstance(screen, SharedGameOverScreen):
                    screen.show_again()
        elif isinstance(message, Notice) and message.notice == "ai_retry":
            seat, names = message.seat, self.game.names
            name = names[seat] if seat is not None and 0 <= seat < len(names) else "AI"
            self.notify(self.t("shared_ai_retry", name=name), markup=False)  # not cleared by a move
        elif isinstance(message, Notice) and message.notice == "clock_out":
            self.clock_out(message.seat)
        elif isinstance(message, Notice) and (words := club_words(message, self.t)):
            self.notify(words, timeout=CLUB_NOTICE_SECONDS, markup=False)
        elif isinstance(message, ChatLine):
            self.hear(message)
        elif isinstance(message, Failure) and message.about == "chat":
            error = self.t("chat_refused", error=failure_text(message, self.t.lang))
            self.notify(error, severity="error", markup=False)
        elif isinstance(message, Refused):
            self.sent = 0
            error = message.error
            self.notify(self.t("shared_refused", error=error), severity="error", markup=False)
            controller.stop_waiting()
            self.advance()
        elif isinstance(message, (Closed, Failure)):
            self.sent = 0
            if isinstance(message, Failure):
                self.notify(failure_text(message, self.t.lang), severity="error", markup=False)
            elif message.why is not None:  # the service said what this client cannot read
                error = self.t("shared_unreadable", why=message.why)
                self.notify(error, severity="error", markup=False)
            elif self.shared.may_rejoin and not self.rejoining:
                # A daemon thread of its own: a try still under way never holds up leaving.
                self.rejoining = True
                threading.Thread(target=self.rejoin, daemon=True, name="table-rejoin").start()
            self.changed()

    # ------------------------------------------------------------------ chat

    def chats(self) -> bool | None:
        mirror = self.shared.mirror
        return None if mirror.closed or not mirror.may_chat else True

    def chat(self) -> None:
        """The line to write in, at the foot of the table; Enter sends what was typed."""
        write_chat(self.app, self.shared, self.t)

    def hear(self, line: ChatLine) -> None:
        """A line of chat: in the log (and, when a dialog covers it, in a note as well). The
        table's last lines told again on sitting down are shown once the whole run of them
        has come, without those this screen has shown already (sitting again after the
        connection was lost)."""
        if line.earlier:
            self.earlier.append(dataclasses.replace(line, earlier=False))
            if len(self.earlier) == 1:
                self.app.call_later(self.hear_earlier)
            return
        self.show_chat(line)

    def hear_earlier(self) -> None:
        told, self.earlier = self.earlier, []
        shown = list(self.heard)
        same = next(
            (n for n in range(min(len(shown), len(told)), 0, -1) if shown[-n:] == told[:n]), 0
        )
        for line in told[same:]:
            self.show_chat(line)

    def show_chat(self, line: ChatLine) -> None:
        self.heard.append(line)
        self.say(chat_text(line, self.p))
        if self.app.screen is not self.link.target:  # a dialog over the log: said in a note too
            self.notify(chat_text(line, self.p).plain, markup=False)  # marked as in the log

    def rejoin(self) -> None:
        """In a worker thread, once the connection is lost: sit again at the seat, trying every
        REJOIN_EVERY seconds for REJOIN_FOR seconds (the service may be starting again)."""
        shared = self.shared
        deadline = time.monotonic() + REJOIN_FOR
        while time.monotonic() < deadline:
            shared.left.wait(REJOIN_EVERY)
            if not shared.may_rejoin:
                return
            seated = shared.try_rejoin()
            if seated is not None:
                try:
                    self.app.call_from_thread(self.rejoined, seated[0])
                except RuntimeError:  # the app has ended meanwhile
                    seated[0].close()
                return
        self.rejoining = False

    def rejoined(self, client: TableClient) -> None:
        self.rejoining = False
        if not self.shared.may_rejoin:
            client.close()
            return
        self.shared.rejoined(client)
        self.say(self.t("shared_back"))
        self.changed()

    def told(self, update: Update) -> None:
        """What the service told after a decision: the events, then a new view."""
        if update.again:
            self.start_again(update)
            return
        lines: list[str | Text] = []
        if update.away:
            lines.append(self.played_for_you(update))
        self.game.closed_tricks(update.tricks)
        deal = self.game.deal
        lines += self.controller.told(update.events, deal, update.ended)
        self.post(TableTold(lines, go_on=True))

    def played_for_you(self, update: Update) -> str:
        """What an AI played in this seat while its player was away, in a line of the log."""
        words = Words(self.t, self.game.names, self.p.ascii_only, you=self.seat)
        moves = "; ".join(
            words.action(a) or words.t("c_other", act=a.act.value) for a in update.away
        )
        if update.away_count > len(update.away):
            return self.t(
                "shared_away_played_last",
                count=update.away_count,
                shown=len(update.away),
                moves=moves,
            )
        return self.t("shared_away_played", moves=moves)

    def clock_out(self, seat: int | None) -> None:
        """The time of the one to move ran out: an AI decides for him, and the log says so
        (to him, in a note as well: a dialog of his may cover the log)."""
        names = self.game.names
        if seat is None or not 0 <= seat < len(names):
            return
        if seat == self.seat:
            line = self.t("shared_clock_out_you")
            self.notify(line, severity="warning", markup=False)
            self.close_decision()
        else:
            line = self.t("shared_clock_out", name=names[seat])
        self.say(line)
        self.shared.mirror.clock_at = None
        self.changed()

    def close_decision(self) -> None:
        """The decision's dialog, open still when the AI took the decision: closed unanswered
        (an answer now would be for a decision no longer asked)."""
        from ..screens.decision import DecisionScreen
        from ..screens.exchange import ExchangeScreen

        top = self.app.screen
        if isinstance(top, (DecisionScreen, ExchangeScreen)):
            top.dismiss(None)

    def tell_comings(self) -> None:
        for seat, status in enumerate(self.shared.mirror.seats):
            before = self.connected.get(seat)
            if status.kind == "human" and before is not None and before != status.connected:
                key = "shared_came" if status.connected else "shared_left"
                self.say(self.t(key, name=status.name))
            self.connected[seat] = status.connected

    # ------------------------------------------------------------------ the game loop

    def ready(self) -> bool:
        if self.shared.mirror.view is None:
            return False
        if self.sent:  # the service has not told the last decision back yet
            self.changed()
            return False
        return True  # another seat to move: someone decides, at the table or at the service

    def act(self, action: Action) -> list[str] | None:
        """Send the decision to the service; what it did comes back in its next update."""
        if self.shared.mirror.closed:
            self.notify(
                self.t("shared_lost", command=join_command(self.shared.code, self.shared.host)),
                severity="error",
            )
            return None
        try:
            self.sent = self.shared.client.act(action)
        except TableError as error:
            self.notify(str(error), severity="error", markup=False)
            return None
        self.controller.stop_waiting()
        return []

    # Nobody here decides for another seat, and no card is taken back (the others have seen
    # it).

    def compose(self) -> Iterable[Widget]:
        return ()

    def start_ai(self, seat: int) -> None:
        pass  # the service has it decided

    def decided(self, message: AiDecided, pace: float) -> None:
        pass

    def hurry(self) -> None:
        pass

    def no_take_back(self) -> str | None:
        return "takeback_off_shared"

    def can_take_back(self) -> bool:
        return False

    def take_back(self) -> TakenBack | str:
        return "takeback_off_shared"

    def game_over(self) -> None:
        from ..screens.end import GameOverScreen
        from .over import SharedGameOverScreen

        shared = self.shared
        lobby = shared.back is not None  # the table was taken in the lobby
        screen: GameOverScreen = SharedGameOverScreen(
            self.game, self.t, shared.mirror, self.ask_again, seat=self.seat, lobby=lobby
        )
        if shared.mirror.watcher:  # the final sheet; playing again is for those seated
            screen = GameOverScreen(self.game, self.t, self.seat, again=False, lobby=lobby)
        screen.held(self.app.key_hold)
        self.app.push_screen(screen, lambda _: shared.leave(self.app))

    def ask_again(self) -> None:
        """`a` at game over: this seat will play again with the same people."""
        try:
            self.shared.client.send(AgainRequest())
        except TableError as error:
            self.notify(str(error), severity="error", markup=False)

    def start_again(self, update: Update) -> None:
        """Everyone asked to play again: the service began a new game at the table. The
        game-over screen goes, and a fresh table screen shows the new game from its start."""
        shared, app = self.shared, self.app
        shared.target = None  # this screen reads no more: the new one takes what comes next
        shared.first = dataclasses.replace(update, again=False)  # the new screen's start
        shared.game = RemoteGame(shared.mirror)
        while len(app.screen_stack) > 1 and app.screen is not self.link.target:
            app.pop_screen()
        app.switch_screen(shared_table(shared))
        app.notify(self.t("shared_again_begins"), markup=False)

    def leave(self) -> None:
        """Leave the table, once asked whether to (the seat waits for its player)."""
        from ..screens.end import ConfirmQuitScreen

        if self.game.over or self.shared.mirror.closed or self.shared.mirror.watcher:
            self.shared.leave(self.app)  # nothing waits for one who only watched
            return
        body = self.t("shared_leave_body", code=self.shared.code, seconds=int(self.shared.timeout))

        def answered(leave: bool | None) -> None:
            if leave:
                self.shared.leave(self.app)

        self.app.push_screen(ConfirmQuitScreen(self.t, True, body), answered)

    # ------------------------------------------------------------------ drawing

    def hints_on(self) -> bool:
        """Where the opener allows them: a hint at one's own decision, searched from what this
        seat sees (its view), as at a game of one's own."""
        return self.shared.mirror.hints

    def seat_idle(self, seat: int) -> bool:
        """A person away whose seat no AI plays yet: nobody is thinking there."""
        seats = self.shared.mirror.seats
        if seat >= len(seats) or seats[seat].kind != "human" or seats[seat].connected:
            return False
        return not seats[seat].ai_playing

    def seat_subtitle(self, seat: int, subtitle: str) -> str:
        words = seat_status_words(self.shared, seat, self.t)
        shown = f"{subtitle} · {words}" if words else subtitle
        clock = self.clock_words(seat)
        return f"{shown} · {clock}" if clock else shown

    def clock_words(self, seat: int) -> str:
        """The move clock's countdown, for the seat whose decision it is."""
        mirror = self.shared.mirror
        left = mirror.clock_left()
        if left is None or mirror.view is None or mirror.view.to_move != seat:
            return ""
        return self.t("shared_clock", seconds=int(left + 0.99))

    def hand_hidden_words(self, view: SeatView) -> str | None:
        """A watcher's bottom panel: that he watches, who plays, and that no one's cards are
        shown to him (the seat below is only his place at the table)."""
        if not self.shared.mirror.watcher:
            return None
        return self.t("watch_hand", names=", ".join(view.names))

    def top_line(self, line: str, width: int) -> str:
        """The deal's line, the table's code, and that hints are on if the width has room."""
        mirror = self.shared.mirror
        if mirror.view is None:
            return line
        t = self.t
        top = f"{line} · {t('shared_title', code=mirror.code)}"
        if mirror.watching:  # how many watch, as every player (and watcher) sees
            top = f"{top} · {t('shared_watchers', count=mirror.watching)}"
        with_hints = f"{top} · {t('shared_hints_on')}"
        if mirror.hints and len(with_hints) < width:  # else the footer's h
            top = with_hints
        return top

    def prompt_line(self, prompt: str) -> str:
        """The table lost, or the countdown to the AI playing for a person away."""
        mirror = self.shared.mirror
        if mirror.view is None:
            return prompt
        t = self.t
        view = self.controller.view()
        if mirror.closed:
            return t("shared_lost", command=join_command(mirror.code, self.shared.host))
        if view.to_move is not None and view.to_move != self.seat and not mirror.over:
            status = mirror.seats[view.to_move] if view.to_move < len(mirror.seats) else None
            wait = status.ai_wait() if status is not None else None
            if status is not None and wait is not None and wait > 0:
                name = view.names[view.to_move]
                return t("shared_wait_away", name=name, seconds=int(wait + 0.99))
        if mirror.watcher:
            prompt = f"{t('shared_you_watch')} · {prompt}" if prompt else t("shared_you_watch")
        clock = self.clock_words(self.seat)
        return f"{prompt} · {clock}" if clock else prompt
