"""A seat at a shared table in the line mode (`thousand --plain open|join`): `LineSeat`.

The table's service plays the game; this seat hears what it tells (`SeatMirror`, as the
table screen's `SharedDriver` does) and says each event in a line through the table's
controller and the line mode's narrator. The prompts, answers and commands are the solo
line mode's (`LineTable`); a decision goes to the service, and what anyone did comes back in
its next update. Besides: `say TEXT` sends a line of chat, the others' lines are said as
they come (as data, never read as anything), who comes and goes, an AI playing for someone
away, the move clock's warnings, and the club database out of reach and back.
"""

from __future__ import annotations

import queue
import threading
import time
from typing import TextIO

from ..engine.cards import Card
from ..engine.view import SeatView
from ..settings import TableSetup
from ..tables.client import Received, TableClient, TableError
from ..tables.mirror import Update
from ..tables.texts import failure_text
from ..tables.wire import (
    Acked,
    AgainRequest,
    ChatLine,
    Closed,
    Failure,
    Notice,
    Refused,
    StartRequest,
    TableStatus,
)
from ..tui.controller import Step, TableController
from ..tui.i18n import Translator
from ..tui.shared.connection import SharedSession
from ..tui.shared.words import club_words, join_command
from .cards import CardNames, WordsPalette
from .narration import LineNarrator
from .play import THINK_NOTICE, LineTable, LineWords, Quit
from .prefs import LineSettings
from .texts import command_words, normal

POLL = 0.2  # seconds between looks at what the table said, while nothing is typed
WARN_AT = 10  # seconds left on the move clock when a line warns
REJOIN_EVERY = 1.0  # seconds between tries to sit again after the connection was lost
REJOIN_FOR = 120.0  # seconds of trying before a line says to join again by hand


class LineSeat(LineTable):
    """One person's seat at a shared table, played by lines: `run` until the game is over,
    the table is gone, or the player leaves (the seat then waits for him)."""

    def __init__(
        self,
        setup: TableSetup,
        shared: SharedSession,
        stdin: TextIO,
        stdout: TextIO,
        opened: bool = False,
        lobby: bool = False,
        think_notice: float = THINK_NOTICE,
    ) -> None:
        # No local game: the parts of `LineTable` that play one are not made.
        self.setup = setup
        self.shared = shared
        self.stdin = stdin
        self.stdout = stdout
        self.think_notice = think_notice
        self.opened = opened
        self.lobby = lobby  # sat down in the line mode's lobby: leaving goes back there
        self.lang = lang = setup.lang
        self.t = Translator(lang)
        order = setup.suit_order
        self.p = WordsPalette(lang=lang, ascii_only=True, no_color=True, suit_order=order)
        self.cards = CardNames(lang)
        self.seat = shared.mirror.seat
        self.choices = None
        self.hand_told: tuple[int, frozenset[Card]] = (0, frozenset())
        self.sent = 0  # the decision sent, until the service says it was played
        self.asked = -1  # the turn whose prompt was said
        self.warned = -1  # the turn whose clock warning was said
        # Another seat's decision: (the table's turn, the seat), since when it is theirs, and
        # whether a line said they are thinking.
        self.waiting: tuple[int, int] | None = None
        self.waiting_since = 0.0
        self.thinking_told = False
        self.seats_told: tuple[tuple[str, str, bool, bool], ...] = ()
        self.connected: dict[int, bool] = {}
        self.ai_for: set[int] = set()
        self.over = False  # the game is over: playing again is offered
        self.done = False  # nothing more to hear: the table is left
        self.asked_again = False
        self.again_told: tuple[int, ...] = ()
        self.gone = False
        self.rejoining = False  # a thread tries to sit again after the connection was lost
        self.back: queue.Queue[TableClient | None] = queue.Queue()  # what it found

    def begin_game(self) -> None:
        """The first update: the players' names are known; the table's parts are made."""
        game = self.shared.game
        self.narrator = LineNarrator(self.t, self.p, game.names, game.rules, seat=self.seat)
        self.controller = TableController(self.shared, self.narrator, seat=self.seat)
        self.words = LineWords(self.t, game.names, you=self.seat)
        self.say(self.begins_words(", ".join(game.names)))

    def begins_words(self, names: str) -> str:
        return self.s("line_shared_begins", names=names)

    @property
    def started(self) -> bool:
        return hasattr(self, "controller")

    # ------------------------------------------------------------------ the loop

    def run(self) -> int:
        shared = self.shared
        self.greet()
        typed = self.reader()
        try:
            while not (self.done or self.gone):
                self.pull()
                if self.done or self.gone:
                    break
                self.ask()
                try:
                    text = typed.get(timeout=POLL)
                except queue.Empty:
                    continue
                if text is None:
                    typed.put(None)  # the end of the input, for whoever reads next
                    raise Quit
                self.answer_typed(text)
        except (Quit, KeyboardInterrupt):
            if not self.over and not self.gone:
                self.left()
        finally:
            shared.close()
        return 0 if not self.gone else 1

    def greet(self) -> None:
        shared = self.shared
        if self.opened:
            command = join_command(shared.code, shared.host)
            self.say(self.s("line_shared_open", code=shared.code, command=command))
        else:
            self.say(self.s("line_shared_joined", code=shared.code, seat=self.seat + 1))
        self.say(self.s("line_shared_help"))

    def left(self) -> None:
        """The player leaves before the game is over: his seat waits."""
        command = join_command(self.shared.code, self.shared.host)
        self.say(self.s("line_shared_leaves", command=command))

    # ------------------------------------------------------------------ what the table says

    def pull(self) -> None:
        shared = self.shared
        while not self.back.empty():
            self.sat_again(self.back.get_nowait())
        while shared.inbox:
            self.take_message(shared.inbox.popleft())

    def rejoin(self) -> None:
        """In a thread of its own, once the connection is lost: sit again at the seat, trying
        every REJOIN_EVERY seconds for REJOIN_FOR seconds (the service may be starting again)."""
        shared = self.shared
        deadline = time.monotonic() + REJOIN_FOR
        while time.monotonic() < deadline:
            shared.left.wait(REJOIN_EVERY)
            if not shared.may_rejoin:
                break
            seated = shared.try_rejoin()
            if seated is not None:
                self.back.put(seated[0])
                return
        self.back.put(None)

    def sat_again(self, client: TableClient | None) -> None:
        """The seat is had again (the service's catch-up follows), or it could not be."""
        shared = self.shared
        self.rejoining = False
        if client is None or not shared.may_rejoin:
            if client is not None:
                client.close()
            if shared.mirror.closed:
                self.say(self.t("shared_lost", command=join_command(shared.code, shared.host)))
                self.gone = True
            return
        shared.rejoined(client)
        self.asked = -1  # the prompt again, if it is this seat's turn
        self.say(self.t("shared_back"))

    def take_message(self, message: Received) -> None:
        shared, mirror, t = self.shared, self.shared.mirror, self.t
        update = mirror.take(message)
        if update is not None:
            self.told(update)
        elif isinstance(message, Acked):
            if message.seq == self.sent:
                self.sent = 0
        elif isinstance(message, TableStatus):
            self.seats_changed()
        elif isinstance(message, Notice) and message.notice == "ai_retry":
            self.say(t("shared_ai_retry", name=self.name_of(message.seat)))
        elif isinstance(message, Notice) and message.notice == "clock_out":
            if message.seat == self.seat:
                self.say(t("shared_clock_out_you"))
                self.choices = None
            elif message.seat is not None:
                self.say(t("shared_clock_out", name=self.name_of(message.seat)))
        elif isinstance(message, Notice) and (words := club_words(message, t)):
            self.say(words)
        elif isinstance(message, ChatLine):
            self.say(self.s("line_shared_chat", name=message.name, text=message.text))
        elif isinstance(message, Failure) and message.about == "chat":
            self.say(t("chat_refused", error=failure_text(message, self.lang)))
        elif isinstance(message, Refused):
            self.sent = 0
            self.asked = -1  # the prompt again
            self.say(t("shared_refused", error=message.error))
        elif isinstance(message, (Closed, Failure)):
            self.sent = 0
            if isinstance(message, Failure):
                self.say(failure_text(message, self.lang))
            elif message.why is not None:  # the service said what this client cannot read
                self.say(t("shared_unreadable", why=message.why))
            elif shared.may_rejoin and not self.rejoining:
                self.rejoining = True
                self.say(self.s("line_shared_rejoining"))
                threading.Thread(target=self.rejoin, daemon=True, name="line-rejoin").start()
                return
            if not self.rejoining:
                self.say(t("shared_lost", command=join_command(shared.code, shared.host)))
                self.gone = True

    def name_of(self, seat: int | None) -> str:
        names = self.shared.mirror.names
        return names[seat] if seat is not None and 0 <= seat < len(names) else "AI"

    def told(self, update: Update) -> None:
        """The events of a decision, a deal's result, and the end of the game."""
        if not self.started or update.again:
            if update.again and self.started:
                self.say(self.t("shared_again_begins"))
                self.over = self.asked_again = False
                self.asked = -1
                self.again_told = ()
                self.hand_told = (0, frozenset())
            self.begin_game()
        self.watch_away()  # before the moves an AI made for someone away
        game, controller = self.shared.game, self.controller
        if update.deal:  # sitting again mid-deal: the deal so far
            self.tell(controller.take_events(update.deal, game.deal))
        if update.away:
            moves = "; ".join(
                self.words.action(a) or self.words.t("c_other", act=a.act.value)
                for a in update.away
            )
            self.say(self.t("shared_away_played", moves=moves))
        game.closed_tricks(update.tricks)
        self.tell(controller.told(update.events, game.deal, update.ended))
        while True:
            step = controller.next_step(True, False)
            if step is Step.SHOW_RESULT:
                self.show_result()
            elif step is Step.GAME_OVER:
                self.game_over()
                self.over = True
                self.offer_again()
                return
            else:
                return

    def seats_changed(self) -> None:
        """Who sits where, who came and went, and an AI playing for someone away."""
        mirror, t = self.shared.mirror, self.t
        for seat, status in enumerate(mirror.seats):
            before = self.connected.get(seat)
            if status.kind == "human" and before is not None and before != status.connected:
                self.say(t("shared_came" if status.connected else "shared_left", name=status.name))
            self.connected[seat] = status.connected
        if self.over and mirror.again != self.again_told:
            self.again_told = mirror.again
            if mirror.again:
                self.say(self.again_words())
        if not mirror.started:
            seats = tuple((s.name, s.kind, s.taken, s.connected) for s in mirror.seats)
            if seats != self.seats_told:
                self.seats_told = seats
                self.say(self.s("line_shared_seats", seats=self.seats_words()))

    def seats_words(self) -> str:
        return ", ".join(
            s.name if s.taken or s.kind == "ai" else self.s("line_shared_free")
            for s in self.shared.mirror.seats
        )

    def watch_away(self) -> None:
        """An AI begins to play for a person away: said once, until they are back."""
        for seat, status in enumerate(self.shared.mirror.seats):
            if status.kind != "human" or seat == self.seat:
                continue
            playing = not status.connected and status.ai_playing
            if playing and seat not in self.ai_for:
                self.say(self.s("line_shared_ai_plays", name=status.name))
            if playing:
                self.ai_for.add(seat)
            else:
                self.ai_for.discard(seat)

    # ------------------------------------------------------------------ the player's turn

    def my_turn(self) -> bool:
        return self.started and self.shared.mirror.my_turn and not self.sent

    def watch_turn(self) -> None:
        """Another seat's decision (a person's or an AI's), said once it has been theirs for
        `think_notice` seconds: "Boris is thinking." (the table shows whose turn it is)."""
        mirror = self.shared.mirror
        view = mirror.view
        mover = None if view is None or self.over else view.to_move
        if mover is None or (mover == self.seat and not mirror.watcher):
            self.waiting = None
            return
        now = time.monotonic()
        if self.waiting != (mirror.turn, mover):
            self.waiting, self.waiting_since, self.thinking_told = (mirror.turn, mover), now, False
        elif not self.thinking_told and now - self.waiting_since >= self.think_notice:
            self.thinking_told = True
            self.say(self.s("line_thinking", name=self.name_of(mover)))

    def ask(self) -> None:
        """At the player's decision, once: the hand if it changed, the prompt, the clock;
        at another's, a line once they have been thinking a while."""
        if not self.started:
            return
        self.watch_away()
        self.watch_turn()
        if not self.my_turn():
            return
        controller = self.controller
        turn = controller.turn
        view = controller.view()
        if self.asked != turn:
            self.asked = turn
            self.choices = None
            controller.human_waits_for()
            if view.hand is not None:
                told = (view.deal_number, frozenset(view.hand))
                deal, known = self.hand_told
                if deal != view.deal_number or not told[1] <= known:
                    self.say(self.hand(view))
                self.hand_told = told
            self.say(self.prompt(view))
            left = self.shared.mirror.clock_left()
            if left is not None and left > WARN_AT:
                self.say(self.s("line_shared_clock", seconds=int(left + 0.99)))
        left = self.shared.mirror.clock_left()
        if left is not None and 0 < left <= WARN_AT and self.warned != turn:
            self.warned = turn
            self.say(self.s("line_shared_clock_warn", seconds=int(left + 0.99)))

    def answer_typed(self, text: str) -> None:
        shared = self.shared
        first, _, rest = text.partition(" ")
        if normal(first) in command_words(self.lang, "say"):
            if not rest.strip():
                self.say(self.s("line_shared_chat_empty"))
                return
            try:
                shared.client.chat(rest.strip())
            except TableError as error:
                self.say(self.t("chat_refused", error=str(error)))
            return
        if not self.started:
            self.before_game(text)
            return
        if self.over:
            self.after_game(text)
            return
        view = self.controller.view()
        if not text:
            if self.my_turn():
                self.say(self.prompt(view))
            return
        if self.command(text, view):
            return
        if not self.my_turn():
            if self.sent:
                self.say(self.s("line_shared_sent"))
            else:
                mover = view.to_move
                self.say(self.s("line_shared_not_yours", name=self.name_of(mover)))
            return
        actions = self.answer(text, view)
        if not actions:
            return
        self.choices = None
        try:
            self.sent = shared.client.act(actions[0])
        except TableError as error:
            self.say(self.t("shared_refused", error=str(error)))
            return
        self.controller.stop_waiting()

    def before_game(self, text: str) -> None:
        """Before the first deal: start (the one who opened it), help, quit."""
        wanted = normal(text)
        if wanted in command_words(self.lang, "quit"):
            raise Quit
        if wanted in command_words(self.lang, "start") and self.opened:
            try:
                self.shared.client.send(StartRequest())
            except TableError as error:
                self.say(self.t("shared_refused", error=str(error)))
            return
        if wanted in command_words(self.lang, "help"):
            self.tell(
                [self.s("line_help"), self.s("line_shared_help"), self.s("line_help_settings")]
            )
        first, _, rest = text.strip().partition(" ")
        if normal(first) in command_words(self.lang, "settings"):
            self.tell(self.own_settings().answer(rest, live_language=False).lines)
            return
        self.say(self.s("line_shared_waiting", seats=self.seats_words()))

    # ------------------------------------------------------------------ the game's end

    def offer_again(self) -> None:
        self.say(self.again_prompt())

    def again_prompt(self) -> str:
        return self.s("line_again_prompt_lobby" if self.lobby else "line_again_prompt")

    def after_game(self, text: str) -> None:
        """Game over: again (with the same people, once all agree), the sheet and the scores,
        or leave (back to the lobby where the table was taken there)."""
        wanted = normal(text)
        if wanted in command_words(self.lang, "again"):
            if not self.asked_again:
                self.asked_again = True
                try:
                    self.shared.client.send(AgainRequest())
                except TableError as error:
                    self.asked_again = False
                    self.say(self.t("shared_refused", error=str(error)))
                    return
            self.say(self.again_words())
            return
        leave = ("quit", "lobby") if self.lobby else ("quit",)
        if any(wanted in command_words(self.lang, word) for word in leave):
            raise Quit
        if wanted in command_words(self.lang, "help"):
            self.say(self.again_prompt())
            return
        view = self.controller.view()
        if text and self.command(text, view):
            return
        self.say(self.s("line_unknown", text=self.quoted(text), legal=self.again_prompt()))

    def again_words(self) -> str:
        """Who has asked to play again, and whom the table waits for."""
        mirror, t = self.shared.mirror, self.t
        people = [s for s, status in enumerate(mirror.seats) if status.kind == "human"]
        agreed = [s for s in people if s in mirror.again]
        if self.asked_again and self.seat not in agreed:
            agreed.append(self.seat)  # asked: the table's word of it is on its way
        if not agreed:
            return self.again_prompt()
        named = ", ".join(self.seat_name(s) for s in agreed)
        waiting = [s for s in people if s not in agreed]
        if not waiting:
            return t("shared_again_all", agreed=named)
        left = ", ".join(self.seat_name(s) for s in waiting)
        return t("shared_again_some", agreed=named, waiting=left)

    def seat_name(self, seat: int) -> str:
        name = self.name_of(seat)
        return self.t("shared_seat_you", name=name) if seat == self.seat else name

    # ------------------------------------------------------------------ commands

    def hint(self, view: SeatView) -> None:
        """Where the opener allows hints: what `hard` would do, from this seat's view."""
        if not self.shared.mirror.hints:
            self.say(self.s("line_hint_off"))
            return
        if not self.my_turn():
            self.say(self.s("line_hint_not_now"))
            return
        from ..ai.analysis import advise, hint_player
        from ..ai.pool import default_jobs
        from ..ai.scheduler import Priority, scheduler

        self.say(self.s("line_hint_thinking"))
        with scheduler().foreground(Priority.HINT):
            advice = advise(view, hint_player(self.seat + 1, None, default_jobs()))
        self.say(self.words.hint(advice))

    def undo(self, view: SeatView) -> None:
        self.say(self.s("line_shared_no_undo"))

    def own_settings(self) -> LineSettings:
        """The player's settings: over SSH, those in his own folder (the table runs in the
        account's)."""
        return LineSettings(self.shared.host, self.shared.who, self.lang)

    def help(self, view: SeatView) -> None:
        self.tell(
            [
                self.s("line_help"),
                self.s("line_shared_help"),
                self.keys_help(),
                self.s("line_help_settings"),
            ]
        )
        if self.my_turn():
            self.say(self.prompt(view))


__all__ = ["LineSeat"]
