"""What the table is doing, without Textual: whose turn it is, what it waits for, the results
still to show, and what the events of each decision mean for the screen.

`TableController` owns this state: it is changed only by its methods, and read by the table
screen (`screens/table.py`), which draws what it says, and by the table's driver, which tells it
the decisions taken (`apply` for a local game, `told` for what a shared table's service said).
A test can drive it just as well: `next_step()` says what comes next (show a result, ask the
human, ask an AI opponent), `apply(game, action)` applies a decision to a local game and tells
the events, `ai_fits(...)` says whether an opponent's answer still fits the game. The game is
asked of its `source` each time (a `Session`, a table's driver): a local `Game` or a shared
table's mirror.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from enum import Enum, StrEnum

from ..engine.actions import Action, IllegalAction
from ..engine.cards import Card
from ..engine.deal import Deal, Phase
from ..engine.events import (
    CardGiven,
    CardPlayed,
    DealSettled,
    DealStarted,
    Event,
    TalonTaken,
    TrickTaken,
)
from ..engine.game import Game
from ..engine.scoring import Settlement, sitter_points
from ..engine.view import SeatView, seat_view
from .narrate import Narrator
from .session import HUMAN
from .table_game import HasGame, PlayedTricks, TableGame


class Awaiting(StrEnum):
    """What the table waits for from the human: nothing, a card, or a decision (a dialog)."""

    NOTHING = ""
    PLAY = "play"
    DECIDE = "decide"


class Step(Enum):
    """What the table does next (`TableController.next_step`)."""

    WAIT = "wait"  # a dialog is open, or nobody is to move
    SHOW_RESULT = "show_result"
    GAME_OVER = "game_over"
    HUMAN = "human"
    AI = "ai"


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
    # The table as the deal ended, with the scores the result gives: shown behind the result
    # until it is closed (the game has moved on to the next deal meanwhile).
    view: SeatView | None = None
    # What the log tells of the next deal (its dealer, the cut...): told once the result is
    # closed, so that the log behind the result ends with the deal it describes.
    later: list[str] = field(default_factory=list)
    # The points of the talon the sitting-out dealer scores from (four players), as the rules
    # count them (card points or aces, and marriages); None where unknown or nobody sat out.
    sitter_talon: int | None = None


class TableController:
    """The state of one table, changed only by its methods."""

    def __init__(self, source: HasGame, narrator: Narrator, *, seat: int = HUMAN) -> None:
        self._source = source
        self._narrator = narrator
        self._seat = seat
        self._turn = 0  # decisions applied at this table
        self._awaiting = Awaiting.NOTHING
        self._thinking: int | None = None  # the AI seat asked for the current turn
        self._shown_at = 0.0  # when the last decision was shown
        self._new_cards: frozenset[Card] = frozenset()
        self._finished_trick: FinishedTrick | None = None
        self._results: list[PendingResult] = []
        self._over_shown = False
        self._dropped = 0  # AI answers that came too late (for tests and curiosity)
        self._new_deal = False  # a deal began since the screen last looked
        self._view: tuple[int, TableGame, SeatView] | None = None

    # ------------------------------------------------------------------ what it says

    @property
    def source(self) -> HasGame:
        """What holds the game (a `Session`, a table's driver), asked for it each time."""
        return self._source

    @property
    def narrator(self) -> Narrator:
        """Tells the events in the table's words, and keeps each seat's last act."""
        return self._narrator

    @property
    def seat(self) -> int:
        """The seat this table is played from."""
        return self._seat

    @property
    def turn(self) -> int:
        """The decisions taken at this table (a card taken back counts one more): an answer
        or a hint worked out for an earlier turn is for a game gone by."""
        return self._turn

    @property
    def awaiting(self) -> Awaiting:
        return self._awaiting

    @property
    def thinking(self) -> int | None:
        """The AI seat asked to decide the current turn."""
        return self._thinking

    @property
    def shown_at(self) -> float:
        """When the last decision was shown (`time.monotonic`)."""
        return self._shown_at

    @property
    def new_cards(self) -> frozenset[Card]:
        """The cards that came to this seat's hand last (the talon, a card given)."""
        return self._new_cards

    @property
    def results(self) -> tuple[PendingResult, ...]:
        """The deals' results still to show, the first one next."""
        return tuple(self._results)

    @property
    def over_shown(self) -> bool:
        return self._over_shown

    @property
    def dropped(self) -> int:
        """AI answers that came too late (for tests and curiosity)."""
        return self._dropped

    @property
    def game(self) -> TableGame:
        return self._source.game

    def view(self) -> SeatView:
        """This seat's view, made once per turn (the footer asks for it on every redraw)."""
        cached = self._view
        if cached is not None and cached[0] == self.turn and cached[1] is self.game:
            return cached[2]
        view = self.game.view(self.seat)
        self._view = (self.turn, self.game, view)
        return view

    def shown_view(self) -> SeatView:
        """What the table shows: the deal a result describes while it waits to be seen, else
        this seat's view now."""
        if self.results and self.results[0].view is not None:
            return self.results[0].view
        return self.view()

    # ------------------------------------------------------------------ what comes next

    def watching(self) -> bool:
        """Whether the human only watches the opponents for now: sitting out this deal,
        passed in the auction while it goes on, or another's talon, exchange and contract."""
        if self.game.over or self.results:
            return False
        view = self.view()
        if view.to_move is None or view.to_move == HUMAN:
            return False
        if view.sitting_out == HUMAN:
            return True
        if view.phase is Phase.AUCTION:
            return HUMAN in view.passed
        others = (Phase.TALON, Phase.RAISE, Phase.GIVE, Phase.CONTRACT)
        return view.phase in others and view.declarer != HUMAN

    def next_step(self, on_top: bool, dialog_open: bool) -> Step:
        """What to do now; `on_top` says whether the table is the screen shown (a result or
        the end of the game waits until it is), `dialog_open` whether a decision is being made
        in a dialog."""
        if dialog_open:
            return Step.WAIT
        if self._results:
            return Step.SHOW_RESULT if on_top else Step.WAIT
        if self.game.over:
            self._awaiting = Awaiting.NOTHING
            if self.over_shown or not on_top:
                return Step.WAIT
            self._over_shown = True
            return Step.GAME_OVER
        seat = self.game.to_move
        if seat is None:
            return Step.WAIT
        if seat == self.seat:
            self._thinking = None
            return Step.HUMAN
        self._awaiting = Awaiting.NOTHING
        return Step.AI

    def human_waits_for(self) -> Awaiting:
        """The human is to move: a card from the hand, or a decision in a dialog."""
        self._awaiting = Awaiting.PLAY if self.view().phase is Phase.PLAY else Awaiting.DECIDE
        return self.awaiting

    def stop_waiting(self) -> None:
        """The human's decision is on its way (or was refused by a shared table): nothing
        more is asked of him until the table goes on."""
        self._awaiting = Awaiting.NOTHING

    def wait_for_card(self) -> None:
        """The card played was not taken: the hand is the human's again."""
        self._awaiting = Awaiting.PLAY

    def ask_ai(self, seat: int) -> None:
        """The AI player of `seat` was asked for the current turn's decision."""
        self._thinking = seat

    def ai_answered(self) -> None:
        """The AI player asked answered (or failed to): nobody is thinking now."""
        self._thinking = None

    def too_late(self) -> None:
        """An AI's answer came after the game had moved on: dropped, and counted."""
        self._dropped += 1

    def began_deal(self) -> bool:
        """Whether a deal began since this was last asked (what the table showed of the
        last one, its last trick, is put away)."""
        began, self._new_deal = self._new_deal, False
        return began

    def taken_back(self) -> None:
        """The game was rebuilt without the cards taken back: an answer or hint still being
        worked out is for the old game, and nobody's last act is shown."""
        self._turn += 1
        self._thinking = None
        self._awaiting = Awaiting.NOTHING
        self._narrator.last.clear()

    # ------------------------------------------------------------------ decisions

    def apply(self, game: Game, action: Action) -> list[str] | str:
        """Apply one decision (the human's or an AI's) to the local `game`: the lines it
        tells, or the engine's reason for refusing it."""
        deal = game.deal
        try:
            events = game.apply(action)
        except IllegalAction as error:
            return str(error)
        self._turn += 1
        self._shown_at = time.monotonic()
        return self.take_events(events, deal)

    def told(
        self, events: list[Event], deal: PlayedTricks | None = None, ended: SeatView | None = None
    ) -> list[str]:
        """A shared table's service told a decision: its `events` (see `take_events`), and a
        new view of the game."""
        self._turn += 1
        return self.take_events(events, deal, ended)

    def ai_fits(self, turn: int, seat: int) -> bool:
        """Whether an AI's answer for `turn` still fits: the game is at that turn, his to move."""
        return turn == self.turn and self.game.to_move == seat

    def take_events(
        self, events: list[Event], deal: PlayedTricks | None = None, ended: SeatView | None = None
    ) -> list[str]:
        """Tell the events and note what the table shows besides the view (the trick that
        just closed, results to show, the cards that came to you). `deal` is the deal the
        events began in: when it ends, the game has already moved on to the next one. At a
        shared table, whose game holds no deal, `ended` is this seat's view of the deal as it
        ended, as the table told it."""
        lines: list[str] = []
        for event in events:
            match event:
                case DealStarted():
                    self._new_cards = frozenset()
                    self._new_deal = True
                case TalonTaken(cards=cards):
                    if event.seat == self.seat and self.narrator.dark_declarer != self.seat:
                        self._new_cards = frozenset(cards)
                case CardGiven(card=card, to=to) if to == self.seat and event.visible_to(self.seat):
                    self._new_cards = frozenset({card})
                case CardPlayed(seat=seat) if seat == self.seat:
                    self._new_cards = frozenset()
                case TrickTaken(number=number, points=points):
                    tricks = deal.tricks if deal is not None else ()
                    if 0 < number <= len(tricks):
                        plays = list(tricks[number - 1].plays)
                    else:
                        plays = [(-1, card) for card in event.cards]
                    self._finished_trick = FinishedTrick(
                        plays=plays, winner=event.seat or 0, points=points, number=number
                    )
                case DealSettled(result=result):
                    trick = self._finished_trick if result.redeal is None else None
                    shown, ended = ended, None  # the view told is of the first deal ended
                    if isinstance(deal, Deal):  # a shared table's game holds no deal
                        names = self.game.names
                        shown = seat_view(deal, self.seat, names, result.winner)
                        shown = shown._replace(match=result.state)
                    told = self.narrator.tell([event])
                    if self._results:  # after a result still shown: a redeal, say
                        self._results[-1].later += told
                    else:
                        lines += told
                    talon = sitter_talon(deal) if isinstance(deal, Deal) else None
                    self._results.append(PendingResult(result, trick, shown, sitter_talon=talon))
                    continue
            told = self.narrator.tell([event])
            if self._results:
                # After a result still shown (at a shared table the next deal goes on
                # meanwhile): the next deal's lines, told once it is closed.
                self._results[-1].later += told
            else:
                lines += told
        return lines

    def result_seen(self) -> list[str]:
        """The first pending result was shown and closed: the lines held back till then."""
        later: list[str] = []
        if self._results:
            later = self._results.pop(0).later
        self._finished_trick = None
        return later


def sitter_talon(deal: Deal) -> int | None:
    """What the sitting-out dealer's talon is worth by the rules (`four_player.sitter_scores`),
    before the rounding that the score sheet applies; None where nobody sat out or he scores
    nothing from it."""
    if deal.sitting_out is None or deal.rules.four_player.sitter_scores == "none":
        return None
    return sum(sitter_points(deal.rules, deal.dealt.talons[0]))
