"""A row of cards to choose from: the human's hand at the table, the cards left to give in the
exchange. The widget owns its cursor (← →, the number keys, or a click on a card) and, when
choosing is open, posts `Hand.Chosen` for the card under it (Enter, Space, or a click on the
card under the cursor); the screen decides what that means."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

from rich.style import Style
from rich.text import Text
from textual import events
from textual.binding import Binding, BindingType
from textual.message import Message
from textual.reactive import var
from textual.widget import Widget

from ...engine.cards import Card
from ..plain import plain
from ..render import Look
from .base import palette, translator

# The keys of the cards, left to right: 1–9, 0, then - and = for an eleventh and twelfth
# (the two-player exchange holds twelve).
KEY_LABELS = "1234567890-="
KEY_NAMES = {"-": "minus", "=": "equals_sign"}


def key_label(index: int) -> str:
    """The key of the card at `index`; cards past the twelfth are reached with ← →."""
    return KEY_LABELS[index] if index < len(KEY_LABELS) else "·"


@dataclass(frozen=True)
class HandShown:
    """What the table shows of the player's hand: its border's title and subtitle, whether it
    is his turn, and the cards as `Hand.show` takes them."""

    title: str
    subtitle: str
    my_turn: bool
    cards: tuple[Card, ...] = ()
    hidden: int = 0
    playable: frozenset[Card] | None = None
    new: frozenset[Card] = frozenset()
    choosing: bool = False
    show_cursor: bool = True
    empty: str = ""


class Hand(Widget, can_focus=True):
    """Cards in a row with a cursor; `playable` dims the others, `new` marks cards just come
    (`*`), `hidden` shows that many backs instead (a hand not seen yet)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "cursor(-1)", "key_card", key_display="←→", id="card-left"),
        Binding("right", "cursor(1)", show=False, id="card-right"),
        *[Binding(KEY_NAMES.get(k, k), f"pick({i})", show=False) for i, k in enumerate(KEY_LABELS)],
        Binding("enter,space", "choose", "key_play", key_display="⏎", id="play"),
    ]

    @dataclass
    class Chosen(Message):
        """The card under the cursor was chosen."""

        hand: Hand
        card: Card

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.cards: list[Card] = []
        self.hidden = 0
        self.playable: set[Card] | None = None
        self.new: set[Card] = set()
        self.cursor = 0
        self.choosing = False  # whether Enter chooses a card now
        self.show_cursor = True
        self.cursor_keys = True  # whether ← → and the number keys move the cursor
        self.empty = ""  # said when there are no cards

    # The hand the table shows (bound to it with `data_bind`), and what `check_action` weighs.
    shown: var[HandShown | None] = var(None, init=False)
    keys: var[tuple[bool, ...]] = var((), init=False)

    def watch_shown(self, shown: HandShown | None) -> None:
        if shown is None:
            return
        self.border_title = plain(shown.title, lines=False)
        self.border_subtitle = plain(shown.subtitle, lines=False)
        self.set_class(shown.my_turn, "-my-turn")
        self.show_cursor = shown.show_cursor
        playable = set(shown.playable) if shown.playable is not None else None
        self.show(
            shown.cards,
            hidden=shown.hidden,
            playable=playable,
            new=set(shown.new),
            choosing=shown.choosing,
            empty=shown.empty,
        )

    def watch_keys(self) -> None:
        self.refresh_bindings()  # the footer is rebuilt then: only when they change

    def show(
        self,
        cards: Sequence[Card],
        *,
        hidden: int = 0,
        playable: set[Card] | None = None,
        new: set[Card] | None = None,
        choosing: bool = False,
        empty: str = "",
    ) -> None:
        """Show `cards`; the cursor stays on the card it was on, if it is still there. `empty`
        is said in place of cards when there are none."""
        under = self.card
        self.empty = empty
        self.cards = list(cards)
        self.hidden = hidden
        self.playable = playable
        self.new = set(new or ())
        self.choosing = choosing
        if under is not None and under in self.cards:
            self.cursor = self.cards.index(under)
        self.cursor = max(0, min(self.cursor, len(self.cards) - 1))
        if playable is not None and self.card is not None and self.card not in playable:
            first = next((i for i, c in enumerate(self.cards) if c in playable), None)
            if first is not None:
                self.cursor = first
        self.refresh()
        self.keys = (bool(self.cards), self.choosing, self.cursor_keys)

    @property
    def card(self) -> Card | None:
        """The card under the cursor."""
        return self.cards[self.cursor] if 0 <= self.cursor < len(self.cards) else None

    def move_to(self, card: Card) -> None:
        if card in self.cards:
            self.cursor = self.cards.index(card)
            self.refresh()

    # ------------------------------------------------------------------ keys

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("cursor", "pick"):
            return bool(self.cards) and self.cursor_keys
        if action == "choose":
            # False, not None: while nothing is chosen here the key is the screen's.
            return self.choosing and bool(self.cards)
        return True

    def action_cursor(self, delta: int) -> None:
        if self.cards:
            self.cursor = (self.cursor + delta) % len(self.cards)
            self.refresh()

    def action_pick(self, index: int) -> None:
        if index < len(self.cards):
            self.cursor = index
            self.refresh()
            return
        # A key past the last card is said, not ignored: the next Enter would play another.
        t = translator(self)
        words = t("no_card_key", digit=key_label(index), cards=t.count("w_card", len(self.cards)))
        self.notify(words, severity="warning", timeout=4)

    def on_click(self, event: events.Click) -> None:
        """A click on a card: the first puts the cursor on it, the next one chooses it."""
        index = event.style.meta.get("card")
        if not isinstance(index, int) or not 0 <= index < len(self.cards):
            return
        event.stop()
        if index == self.cursor and self.show_cursor:
            self.action_choose()
        elif self.cursor_keys:
            self.cursor = index
            self.refresh()

    def action_choose(self) -> None:
        card = self.card
        if card is not None and self.choosing:
            self.post_message(self.Chosen(self, card))

    # ------------------------------------------------------------------ drawing

    def look(self, index: int, card: Card) -> Look:
        dim = self.playable is not None and card not in self.playable
        if index == self.cursor and self.show_cursor:
            return Look.SELECTED_DIM if dim else Look.SELECTED
        return Look.DIM if dim else Look.NORMAL

    def render(self) -> Text:
        p = palette(self)
        width, height = self.content_size
        if not self.cards:
            if self.hidden:
                backs = [Look.BACK] * self.hidden
                if height >= 6:
                    return p.big_row([None] * self.hidden, backs)
                return p.row([None] * self.hidden, backs)
            return Text(self.empty, style="italic", justify="center")
        looks = [self.look(i, c) for i, c in enumerate(self.cards)]
        labels = [key_label(i) + ("*" if c in self.new else "") for i, c in enumerate(self.cards)]
        count = len(self.cards)
        if height >= 6:  # room for big cards, if the row fits
            for gap in (1, 0):
                if count * 7 + (count - 1) * gap <= width:
                    row = p.big_row(self.cards, looks, labels, gap=gap)
                    return clickable(row, count, 7, gap)
        gap = 1 if count * 6 - 1 <= width or not width else 0
        return clickable(p.row(self.cards, looks, labels, gap=gap), count, 5, gap)


def clickable(row: Text, count: int, width: int, gap: int) -> Text:
    """Mark each card of a row (and its label) with its index, for the mouse (`on_click`).
    Every line of a row holds the cards side by side. (Not `@click`: Textual would draw the
    cards as links.)"""
    step = width + gap
    line_length = count * step - gap
    for line in range(len(row.plain.split("\n"))):
        start = line * (line_length + 1)
        for index in range(count):
            left = start + index * step
            row.stylize(Style(meta={"card": index}), left, left + width)
    return row
