"""The table's narrator for the line mode: the same lines, with what only looks right on a
screen said in words (an arrow for a card given, a tick for a contract made)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from ..engine.cards import Card
from ..engine.events import CardGiven, CardPlayed, Event, Samosval, SheetEvent
from ..engine.scoring import Settlement
from ..tui.narrate import Narrator
from .texts import say

ENDS = (".", "!", "?")


@dataclass
class LineNarrator(Narrator):
    """Lines for a screen reader: cards listed with commas, no arrows, no ticks, and each a
    sentence."""

    def cards(self, cards: Iterable[Card]) -> str:
        return ", ".join(self.card(card) for card in cards)

    def s(self, key: str, **values: object) -> str:
        return say(self.t.lang, key, **values)

    def event(self, event: Event) -> str | list[str] | None:
        if isinstance(event, CardGiven):
            name, to = self.name(event.seat), self.name(event.to)
            super().event(event)  # what the seat did, as the table keeps it
            if not event.visible_to(self.seat):
                return self.s("line_give_hidden", name=name, to=to)
            if event.to == self.seat:
                return self.s("line_give_me", name=name, card=self.card(event.card))
            if event.seat == self.seat:
                return self.s("line_give_you", to=to, card=self.card(event.card))
            return self.s("line_give_seen", name=name, to=to, card=self.card(event.card))
        said = super().event(event)
        if isinstance(event, CardPlayed) and isinstance(said, str) and not said.endswith(ENDS):
            return said + "."  # a sentence, as every other line: "Boris: ace of diamonds."
        return said

    def result(self, result: Settlement) -> list[str]:
        out = super().result(result)
        baptism_or_concession = result.baptism or result.conceded
        if result.redeal is None and not baptism_or_concession and out:
            key = "line_made" if result.made else "line_failed"
            out[0] = self.s(key, name=self.name(result.declarer), value=result.contract)
        # Each a sentence ("Anna: on the barrel."): the score sheet's notes end with none.
        return [line if line.endswith(ENDS) else line + "." for line in out]

    def settlement_event(self, event: SheetEvent) -> str:
        if isinstance(event, Samosval):
            return self.s("line_samosval", name=self.name(event.seat), source=event.score)
        return super().settlement_event(event)
