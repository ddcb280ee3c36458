"""The exchange: the talon (shown or not), choosing the card for each opponent (with two
players, the cards put aside). Nothing is given until every slot is filled and confirmed, so a
card can be taken back. A card chosen stays in its place, dimmed: the number keys keep naming
the same cards."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.widgets import Static

from ...engine.actions import Act, Action
from ...engine.cards import Card, marriage_suits
from ...engine.view import SeatView
from ..describe import sorted_hand
from ..i18n import Translator
from ..plain import plain
from ..render import Palette
from ..widgets.base import KeyFooter
from ..widgets.hand import Hand
from .common import DIALOG_GLOBAL_BINDINGS, HINT_BINDING, Dialog


def exchange_slots(view: SeatView) -> list[tuple[Act, int | None]]:
    """What the declarer still owes (the engine says): a card to each opponent, clockwise
    from his left, or cards put aside."""
    owed = view.cards_owed()
    if owed is None:
        return []
    slots: list[tuple[Act, int | None]] = [(Act.GIVE, to) for to in owed.receivers]
    return slots + [(Act.DISCARD, None)] * owed.aside


class CardsToGive(Hand):
    """The cards left to give: Enter gives the one under the cursor."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter,space", "choose", "key_give", key_display="⏎", id="give-card"),
    ]


class ExchangeScreen(Dialog[list[Action] | None]):
    AUTO_FOCUS = "#exchange-hand"

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter,space", "give", "key_give", key_display="⏎", id="give"),
        Binding("backspace,delete,u", "take_back", "key_back", key_display="⌫", id="take-back"),
        Binding("escape", "put_away", "key_table", key_display="esc", id="put-away"),
        HINT_BINDING,
        *DIALOG_GLOBAL_BINDINGS,
    ]

    def __init__(self, view: SeatView, t: Translator, p: Palette, *, shown: bool) -> None:
        super().__init__(classes="-exchange")
        self.view = view
        self.t = t
        self.p = p
        self.shown = shown
        self.hand: list[Card] = sorted_hand(view, p.suit_order)
        self.talon = set(view.talon or ())
        self.slots = exchange_slots(view)
        self.chosen: list[Card] = []

    # ------------------------------------------------------------------ layout

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog") as dialog:
            two = any(act is Act.DISCARD for act, _ in self.slots)
            dialog.border_title = self.t("exchange_title_two" if two else "exchange_title")
            yield Static(id="exchange-talon")
            yield CardsToGive(id="exchange-hand")
            yield Static(id="exchange-slots")
            yield Static(id="exchange-note")
            yield Static(id="exchange-help")
        yield KeyFooter()

    def on_mount(self) -> None:
        if not self.query(CardsToGive):
            return  # taken down while it was being built (its time ran out, a hang-up)
        self.refresh_dialog()

    @property
    def remaining(self) -> list[Card]:
        return [c for c in self.hand if c not in self.chosen]

    @property
    def complete(self) -> bool:
        return len(self.chosen) == len(self.slots)

    def refresh_dialog(self) -> None:
        t, p, view = self.t, self.p, self.view
        talon = Text(t("talon_shown" if self.shown else "talon_private"), style="bold")
        talon.append_text(p.cards(sorted(self.talon, key=lambda c: c.index)))
        contract = view.contract or 0
        talon.append(f"   {t('contract_title', value=contract)}")
        self.query_one("#exchange-talon", Static).update(plain(talon))
        hand = self.query_one(CardsToGive)
        hand.show_cursor = hand.cursor_keys = not self.complete
        remaining = set(self.remaining)
        hand.show(self.hand, playable=remaining, new=self.talon, choosing=not self.complete)
        lines = Text()
        aside = sum(act is Act.DISCARD for act, _ in self.slots)
        for i, (act, to) in enumerate(self.slots):
            if i:
                lines.append("\n")
            active = i == len(self.chosen)
            marker = "▸ " if active and not p.ascii_only else ("> " if active else "  ")
            lines.append(marker, style="bold")
            if act is Act.GIVE and to is not None:
                label = t("exchange_to", name=view.names[to])
            elif aside > 1:
                label = t("exchange_aside_n", number=i + 1 - (len(self.slots) - aside), count=aside)
            else:
                label = t("exchange_aside")
            lines.append(label, style="bold" if active else "")
            if i < len(self.chosen):
                lines.append_text(p.card(self.chosen[i]))
            else:
                lines.append("—", style="dim")
        self.query_one("#exchange-slots", Static).update(plain(lines))
        two = self.puts_aside
        if self.complete:
            help_key = "exchange_done_two" if two else "exchange_done"
        else:
            help_key = "exchange_help_two" if two else "exchange_help"
        self.query_one("#exchange-help", Static).update(t(help_key))
        self.refresh_bindings()

    def warn(self, card: Card | None) -> None:
        note = ""
        if card is not None and card.is_marriage_card:
            held = marriage_suits([*self.remaining, card])
            if card.suit in held:
                note = self.t(
                    "exchange_marriage_warn",
                    card=self.p.card_label(card),
                    suit=self.p.suit_label(card.suit),
                )
        self.query_one("#exchange-note", Static).update(plain(self.p.styled(note)))

    @property
    def puts_aside(self) -> bool:
        """Two players put their cards aside: they give none."""
        return all(act is Act.DISCARD for act, _ in self.slots)

    # ------------------------------------------------------------------ keys

    def key_words(self, action: str) -> str | None:
        """Enter says what it does, as the help line under the cards: give, or put aside."""
        if action in ("give", "choose"):
            return "key_do_discard" if self.puts_aside else "key_do_give"
        return None

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "give":
            # Until every slot is filled, Enter gives the card under the hand's cursor.
            return self.complete
        if action == "take_back":
            return bool(self.chosen) or None
        return True

    def on_hand_chosen(self, message: Hand.Chosen) -> None:
        """The card under the cursor goes to the next slot."""
        if self.complete:
            return
        if message.card not in self.remaining:
            words = self.t("exchange_already", card=self.p.card_label(message.card))
            self.notify(words, severity="warning", timeout=4)
            return
        self.chosen.append(message.card)
        self.warn(message.card)
        self.refresh_dialog()

    def action_give(self) -> None:
        if self.complete:
            self.dismiss(self.actions())

    def action_take_back(self) -> None:
        if self.chosen:
            card = self.chosen.pop()
            self.query_one("#exchange-note", Static).update("")
            self.refresh_dialog()
            self.query_one(CardsToGive).move_to(card)

    def action_put_away(self) -> None:
        self.dismiss(None)

    def actions(self) -> list[Action]:
        seat = self.view.seat
        out = []
        for (act, to), card in zip(self.slots, self.chosen, strict=True):
            if act is Act.GIVE:
                out.append(Action(seat, Act.GIVE, card=card, to=to))
            else:
                out.append(Action(seat, Act.DISCARD, card=card))
        return out
