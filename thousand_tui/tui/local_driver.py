"""A game played here: `LocalDriver`, the `TableDriver` (`table_driver.py`) of a table whose
game is a `Session` of this program. The engine applies each decision (through the table's
controller), the AI opponents decide in worker threads (`Opponents`, paced), and the player's
last card may be taken back (the game rebuilt from its record). `DailyDriver`
(`daily_table.py`) is one that keeps each daily deal's result.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from ..store.catalog import public_text
from ..translations import Said, say
from .messages import TableTold
from .table_driver import Linked, Opening, TakenBack
from .widgets.opponents import Opponents

if TYPE_CHECKING:
    from rich.text import Text
    from textual.widget import Widget

    from ..engine.actions import Action
    from ..engine.game import Game
    from ..engine.view import SeatView
    from ..presets import Preset
    from .messages import AiDecided
    from .session import Session


FIRST_MOVE = 0.05  # seconds after the table opens


class LocalDriver(Linked):
    """A game played here: the engine applies each decision, AI players in worker threads
    decide for the other seats (`Opponents`), and a card may be taken back."""

    def __init__(self, session: Session) -> None:
        self._session = session
        self.opponents = Opponents(self)  # the AI players, deciding in worker threads

    @property
    def game(self) -> Game:
        return self._session.game

    @property
    def preset(self) -> Preset:
        return self._session.preset

    @property
    def session(self) -> Session:
        return self._session

    @property
    def seed(self) -> int:
        return self._session.game.seed

    @property
    def think(self) -> float | None:
        return self._session.think

    def begin(self) -> Opening:
        """Tell how the game begins (or that it was resumed); the first opponent is asked
        once the table is on the screen (his level's player is made, and its modules loaded,
        then)."""
        session, game, controller = self._session, self.game, self.controller
        t = self.link.t
        start_events = game.take_start_events()
        lines: list[str | Text]
        if session.resumed:
            # The rebuilt game's start events are those of its first deal, long gone: the log
            # is the current deal's so far (what you may see of it), told again.
            lines = [*controller.take_events(session.deal_events, game.deal)]
            lines.append(t("n_resumed", number=game.deal.number))
        else:
            lines = [*controller.take_events(start_events)]
        for warning in session.warnings:
            text = say(t.lang, warning) if isinstance(warning, Said) else warning
            host = self.link.app.setup.host
            self.link.app.notify(public_text(text, host), severity="warning", markup=False)
        return Opening(lines, first_move=FIRST_MOVE)

    def ready(self) -> bool:
        return not self._session.closed  # closing: no one is asked now

    def act(self, action: Action) -> list[str] | None:
        """Apply one decision (the human's or an AI's): the lines it tells; None if the engine
        refused it, or if the table is closing (a hang-up let go of the record: the decision
        is taken again when the game is continued)."""
        if self._session.closed:
            return None
        told = self.controller.apply(self.game, action)
        if isinstance(told, str):
            self.link.app.notify(told, severity="error")
            return None
        return told

    def move(self, action: Action) -> bool:
        """An opponent's decision, made by `Opponents`: applied, and the table goes on."""
        told = self.act(action)
        if told is None:
            return False
        self.post(TableTold([*told], go_on=True))
        return True

    def compose(self) -> Iterable[Widget]:
        yield self.opponents

    def start_ai(self, seat: int) -> None:
        """An AI player decides for `seat` in a worker thread (`Opponents`)."""
        self.opponents.ask(seat)

    def decided(self, message: AiDecided, pace: float) -> None:
        self.opponents.decided(message, pace)

    def hurry(self) -> None:
        self.opponents.hurry()

    def game_over(self) -> None:
        self.link.app.game_over(self._session)

    def hints_on(self) -> bool:
        return self.link.app.setup.hints

    # ------------------------------------------------------------------ taking a card back

    def no_take_back(self) -> str | None:
        """Cards may be taken back where asked for (`--take-back`), in a game against the AI
        alone, and not on a club's server (a hosted session), whose games are rated for
        everyone's leaderboard."""
        if self.link.app.setup.host.hosted:
            return "takeback_off_club"
        seat = self.controller.seat
        if not all(p.kind == "ai" for s, p in enumerate(self.game.players) if s != seat):
            return "takeback_off_shared"  # a person at the table has seen the card
        if not self.link.app.setup.take_back:
            return "takeback_off"
        return None

    def can_take_back(self) -> bool:
        """Whether there is a card to take back now (the engine says which)."""
        from ..engine.record import takeback_count

        session = self._session
        if session.closed:
            return False
        return takeback_count(session.game, self.controller.seat) is not None

    def take_back(self) -> TakenBack | str:
        """The game is rebuilt from its record without the cards taken back, and the record
        says so."""
        from ..engine.cards import parse_card
        from ..engine.record import TAKEBACK, chosen_takeback_count, take_back, takeback_count

        session, controller = self._session, self.controller
        t, p, seat = self.link.t, self.link.p, controller.seat
        if not self.can_take_back():
            return "takeback_none"
        old = session.game
        if self.link.app.setup.auto_play:
            # A card that played itself (the only one) would play itself again at once:
            # back to the last card the player chose, or say why there is none.
            count = chosen_takeback_count(old, seat)
            if count is None:
                return "takeback_forced"
        else:
            count = takeback_count(old, seat)
        # The first card taken back in a game that is saved, so rated: it no longer is.
        unrated = session.path is not None and not any(
            line.get("type") == TAKEBACK for line in old.lines
        )
        gone = [
            parse_card(line["card"])
            for line in old.lines[-(count or 1) :]
            if line.get("seat") == seat and line.get("act") == "play"
        ]
        self.opponents.forget()  # an opponent's answer waiting or computed is for the old game
        session.game = take_back(old, seat, count)
        for other in list(session.players):  # none keeps what it saw of the cards gone
            session.renew_player(other)
        controller.taken_back()
        if len(gone) == 1:
            line = t("n_taken_back", card=p.card_label(gone[0]))
        else:
            line = t(
                "n_taken_back_forced",
                card=p.card_label(gone[0]),
                forced=", ".join(p.card_label(card) for card in gone[1:]),
            )
        return TakenBack([line], unrated)

    # ------------------------------------------------------------------ what a shared table adds

    def tick(self) -> bool:
        return False

    def seat_idle(self, seat: int) -> bool:
        return False

    def seat_subtitle(self, seat: int, subtitle: str) -> str:
        return subtitle

    def hand_hidden_words(self, view: SeatView) -> str | None:
        return None

    def top_line(self, line: str, width: int) -> str:
        return line

    def prompt_line(self, prompt: str) -> str:
        return prompt

    def pull(self) -> None:
        pass

    def chats(self) -> bool | None:
        return False

    def chat(self) -> None:
        pass


__all__ = ["FIRST_MOVE", "LocalDriver"]
