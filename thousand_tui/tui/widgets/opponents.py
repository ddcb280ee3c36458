"""The AI opponents of a game played here, deciding beside the table: `Opponents`, a widget
that shows nothing. Asked for a seat's decision, it has the seat's player decide from the
seat's view in a worker thread, with the turn it was asked about; the answer (`AiDecided`,
posted to the table, which hands it back through its driver: `decided`) is applied only if
the game is still at that turn, once the last move has been on screen for the table's pace (a
timer, not a sleep), and the table goes on (`LocalDriver.move`). The table's state is its
controller's, changed only through its methods. A player
that fails to decide is logged and told, and this one decision is made at random among the
moves the engine allows (`workers.py`): the game goes on.
"""

from __future__ import annotations

import random
import time
from dataclasses import replace
from functools import partial
from typing import TYPE_CHECKING

from textual import work
from textual.widget import Widget
from textual.worker import Worker, get_current_worker

from ..messages import AiDecided
from .workers import Failure, KeepsPlaying

if TYPE_CHECKING:
    from textual.timer import Timer

    from ...ai import Player
    from ...engine.view import SeatView
    from ..local_driver import LocalDriver


class Opponents(KeepsPlaying, Widget):
    """The AI players of the game `driver` plays, each deciding in its turn."""

    DEFAULT_CSS = "Opponents { display: none; }"

    def __init__(self, driver: LocalDriver, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.driver = driver
        self.deciding: int | None = None  # the seat whose decision a worker is computing
        self.asked: tuple[Worker[None], int, int] | None = None  # the worker, turn, seat
        self.paced: tuple[Timer, AiDecided] | None = None  # a move waiting for the pace

    def running(self) -> bool:
        return any(w.group == "ai" and w.is_running for w in self.workers)

    def ask(self, seat: int) -> None:
        """`seat` is to move: its player decides in a worker thread."""
        controller, session = self.driver.controller, self.driver.session
        if controller.thinking == seat and (self.running() or self.deciding is None):
            return  # asked already: still thinking, or waiting for the pace to apply it
        if self.deciding is not None and self.running():
            # The running decision is abandoned (the next worker cancels it), but its thread
            # may still be computing with its player: the seat gets a fresh one.
            session.renew_player(self.deciding)
        controller.ask_ai(seat)
        self.deciding = seat
        player = session.player(seat)
        worker = self.think(controller.turn, seat, session.game.view(seat), player)
        self.asked = (worker, controller.turn, seat)

    @work(thread=True, exclusive=True, group="ai", exit_on_error=False)
    def think(self, turn: int, seat: int, view: SeatView, player: Player) -> None:
        """An opponent's decision; if it fails, `failure` says so and plays on."""
        from ...ai.scheduler import decide

        worker = get_current_worker()
        started = time.monotonic()
        action = decide(player, view)  # the analysis of deals waits meanwhile
        think_ms = (time.monotonic() - started) * 1000
        if not worker.is_cancelled:
            # To the table: handled in its turn with what else waits there (a result, a key).
            self.driver.post(AiDecided(turn, seat, action, think_ms))

    def decided(self, message: AiDecided, pace: float) -> None:
        """An answer came: applied once the last move has been on the screen for `pace`
        seconds, if the game is still at its turn."""
        controller = self.driver.controller
        if not controller.ai_fits(message.turn, message.seat):
            controller.too_late()
            return
        self.deciding = None
        wait = pace - (time.monotonic() - controller.shown_at)
        if wait > 0:
            self.paced = (self.set_timer(wait, partial(self.apply, message)), message)
        else:
            self.apply(message)

    def apply(self, message: AiDecided) -> None:
        self.paced = None
        controller = self.driver.controller
        if not controller.ai_fits(message.turn, message.seat):
            controller.too_late()
            return
        controller.ai_answered()
        self.driver.move(replace(message.action, think_ms=message.think_ms))

    def hurry(self) -> None:
        """A move waiting for the pace is made now (the player skips ahead)."""
        if self.paced is not None:
            timer, message = self.paced
            timer.stop()
            self.apply(message)

    def forget(self) -> None:
        """The game was rebuilt (a card taken back): a move waiting for the pace, or being
        decided, was for the old one."""
        if self.paced is not None:
            self.paced[0].stop()
            self.paced = None
        self.deciding = None

    def decide_at_random(self, turn: int, seat: int) -> None:
        """An opponent failed to decide: this one decision is made at random (among the moves
        the engine allows) so the game goes on, and the seat's next one by a fresh player."""
        controller, session = self.driver.controller, self.driver.session
        if not controller.ai_fits(turn, seat):
            return
        self.deciding = None
        controller.ai_answered()
        session.renew_player(seat)
        legal = session.game.legal_actions(seat)
        if legal:
            self.driver.move(random.Random(controller.turn).choice(legal))

    def failure(self, worker: Worker[object], error: str) -> Failure | None:
        """A failed decision is made at random (see `widgets/workers.py`)."""
        if self.asked is None or self.asked[0] is not worker:
            return None
        _, turn, seat = self.asked
        if not self.driver.controller.ai_fits(turn, seat):
            return None  # the game moved on meanwhile: the answer is not wanted
        name = self.driver.game.names[seat]
        return Failure(
            f"{name} (seat {seat}) failed to decide:",
            "ai_failed",
            {"name": name},
            partial(self.decide_at_random, turn, seat),
        )


__all__ = ["Opponents"]
