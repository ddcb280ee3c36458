"""What happened, in words: engine events → lines for the log and labels for the players.

Only what seat 0 may know is told: a card given face down is "a card" unless the event is
visible to seat 0, and a talon taken without showing it stays unnamed.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..engine.cards import parse_card
from ..engine.events import Event
from ..engine.rules import Rules
from ..engine.scoring import Settlement
from .i18n import Translator
from .render import Palette

HUMAN = 0


@dataclass
class Narrator:
    t: Translator
    palette: Palette
    names: Sequence[str]
    rules: Rules
    # The short "what they just did" label of each seat, for the player panels.
    last: dict[int, str] = field(default_factory=dict)
    dark_declarer: int | None = None
    redeal_seat: int | None = None
    _marriage: dict[str, Any] | None = None

    def name(self, seat: int | None) -> str:
        if seat is None or not 0 <= seat < len(self.names):
            return "?"
        return self.names[seat]

    def card(self, code: str) -> str:
        return self.palette.card_label(parse_card(code))

    def cards(self, codes: Iterable[str]) -> str:
        return " ".join(self.card(code) for code in codes)

    def suit(self, letter: str | None) -> str:
        return self.palette.suit_label(letter)

    def tell(self, events: Iterable[Event]) -> list[str]:
        lines: list[str] = []
        for event in events:
            line = self.event(event)
            if line:
                lines.extend(line if isinstance(line, list) else [line])
        return lines

    def event(self, event: Event) -> str | list[str] | None:
        if not event.visible_to(HUMAN):
            return self.hidden(event)
        t = self.t
        kind, seat, data = event.kind, event.seat, event.data
        name = self.name(seat)
        if kind == "deal":
            self.last = {}
            self.dark_declarer = None
            out = [
                t(
                    "n_deal_sitter" if data.get("sitting_out") is not None else "n_deal",
                    number=data["number"],
                    dealer=self.name(data["dealer"]),
                )
            ]
            if data.get("cut"):
                out.append(t("n_cut", cards=self.cards(data["cut"])))
            if data.get("golden"):
                out.append(t("n_golden", m=self.rules.golden.multiplier))
            return out
        if kind == "bid":
            value = data["value"]
            self.last[seat or 0] = t("act_bid_auto" if data.get("auto") else "act_bid", value=value)
            return t("n_bid_auto" if data.get("auto") else "n_bid", name=name, value=value)
        if kind == "pass":
            self.last[seat or 0] = t("act_pass")
            return t("n_pass", name=name)
        if kind == "dark":
            self.dark_declarer = seat
            self.last[seat or 0] = t("act_dark")
            return t("n_dark", name=name)
        if kind == "dark_decline":
            return t("n_dark_decline", name=name)
        if kind == "dark_cancel":
            self.last[seat or 0] = t("act_dark_cancel")
            return t("n_dark_cancel", name=name)
        if kind == "dark_cancel_decline":
            return t("n_dark_cancel_decline", name=name)
        if kind == "dark_off":
            self.dark_declarer = None
            return t("n_dark_off")
        if kind == "redeal":
            self.last[seat or 0] = t("act_redeal")
            self.redeal_seat = seat
            return t("n_redeal", name=name, reason=t.reason(data.get("reason")))
        if kind == "redeal_decline":
            return t("n_redeal_decline", name=name, reason=t.reason(data.get("reason")))
        if kind == "contract":
            self.last[seat or 0] = t("act_contract", value=data["value"])
            if data.get("dark"):
                return t("n_contract_dark", name=name, value=data["value"])
            return t("n_contract", name=name, value=data["value"])
        if kind == "talon":
            self.last[seat or 0] = t("act_talon")
            out = []
            if data.get("talon") is not None:
                out.append(t("n_talon_number", name=name, number=data["talon"] + 1))
            if data.get("shown"):
                out.append(t("n_talon_shown", name=name, cards=self.cards(data["cards"])))
            elif seat == HUMAN and self.dark_declarer != HUMAN:
                out.append(t("n_talon_mine", cards=self.cards(data["cards"])))
            else:
                out.append(t("n_talon_hidden", name=name))
            return out
        if kind == "give":
            self.last[seat or 0] = t("act_give")
            to = data.get("to")
            if to == HUMAN:
                return t("n_give_me", name=name, card=self.card(data["card"]))
            return t("n_give_seen", name=name, to=self.name(to), card=self.card(data["card"]))
        if kind == "discard":
            self.last[seat or 0] = t("act_discard")
            if seat == HUMAN:
                return t("n_discard_mine", card=self.card(data["card"]))
            return t("n_discard", name=name)
        if kind == "raise":
            self.last[seat or 0] = t("act_raise", value=data["value"])
            return t("n_raise", name=name, value=data["value"])
        if kind == "concede":
            mark = t("mark_concession")
            self.last[seat or 0] = t("act_concede", mark=mark)
            return None  # told with the deal's result, which knows the contract
        if kind == "baptism":
            self.last[seat or 0] = t("act_baptism")
            return t("n_baptism", name=name)
        if kind == "marriage":
            self._marriage = dict(data)
            return None
        if kind == "play":
            return self._play(seat, name, data)
        if kind == "trick":
            self.last[seat or 0] = self.last.get(seat or 0, "")
            return t("n_trick", name=name, points=data["points"], number=data["number"])
        if kind == "marriage_withheld":
            return t("n_withheld", name=name, suit=self.suit(data["suit"]))
        if kind == "other_talon":
            return t(
                "n_other_talon", name=name, cards=self.cards(data["cards"]), points=data["points"]
            )
        if kind == "deal_result":
            result = data["result"]
            # A redeal was told by its own event; a played deal is told with its outcome.
            return self.result(result) if result.redeal is None else None
        if kind == "game_over":
            scores = data.get("scores") or ()
            score = scores[seat] if seat is not None and seat < len(scores) else ""
            return t("n_game_over", name=name, score=score)
        return None

    def hidden(self, event: Event) -> str | list[str] | None:
        """An event seat 0 may not see into: only that it happened, where the table shows it
        (a card given face down, a talon taken unseen); nothing at all otherwise (a redeal
        declined, which would tell that the seat had a reason to ask)."""
        t = self.t
        seat = event.seat
        name = self.name(seat)
        if event.kind == "give":
            self.last[seat or 0] = t("act_give")
            return t("n_give_hidden", name=name, to=self.name(event.data.get("to")))
        if event.kind == "discard":
            self.last[seat or 0] = t("act_discard")
            return t("n_discard", name=name)
        if event.kind == "talon":
            self.last[seat or 0] = t("act_talon")
            out = []
            if event.data.get("talon") is not None:
                out.append(t("n_talon_number", name=name, number=event.data["talon"] + 1))
            out.append(t("n_talon_hidden", name=name))
            return out
        return None

    def _play(self, seat: int | None, name: str, data: dict[str, Any]) -> str:
        t = self.t
        card = self.card(data["card"])
        marriage = data.get("marriage")
        declared = self._marriage
        self._marriage = None
        if marriage and declared is not None:
            points = declared.get("points", 0)
            if marriage == "A":
                self.last[seat or 0] = t("act_ace_marriage", card=card, points=points)
                return t("n_play_ace_marriage", name=name, card=card, points=points)
            suit = self.suit(marriage)
            if data.get("keep_trump"):
                held = declared.get("trump")
                trump = self.suit(held) if held else t("no_trump")
                self.last[seat or 0] = t("act_marriage_keep", card=card, suit=suit, points=points)
                return t(
                    "n_play_marriage_keep",
                    name=name,
                    card=card,
                    suit=suit,
                    points=points,
                    trump=trump,
                )
            self.last[seat or 0] = t("act_marriage", card=card, suit=suit, points=points)
            return t("n_play_marriage", name=name, card=card, suit=suit, points=points)
        self.last[seat or 0] = t("act_play", card=card)
        return t("n_play", name=name, card=card)

    def result(self, result: Settlement) -> list[str]:
        t = self.t
        if result.redeal is not None:
            return [t("n_redealt", reason=t.reason(result.redeal), name=self.redealer(result))]
        out: list[str] = []
        name = self.name(result.declarer)
        value = result.contract
        if result.baptism:
            out.append(t("n_baptised", name=name, value=value))
        elif result.conceded:
            out.append(t("n_conceded", name=name, value=value, mark=t("mark_concession")))
        elif result.made:
            out.append(t("n_made", name=name, value=value))
        else:
            out.append(t("n_failed", name=name, value=value))
        out.extend(self.settlement_event(e) for e in result.events)
        return [line for line in out if line]

    def redealer(self, result: Settlement) -> str:
        return self.name(self.redeal_seat)

    def settlement_event(self, event: dict[str, Any]) -> str:
        t = self.t
        kind = event.get("kind", "")
        name = self.name(event.get("seat"))
        if kind == "palka":
            return t("ev_palka_two" if event.get("count", 1) > 1 else "ev_palka", name=name)
        if kind == "concession":
            return t("ev_concession", name=name, mark=t("mark_concession"))
        if kind == "samosval":
            return t("ev_samosval", name=name, source=event.get("from", ""))
        if kind == "barrel_attempt":
            return t(
                "ev_barrel_attempt",
                name=name,
                used=event.get("used", 0),
                attempts=self.rules.barrel.attempts,
            )
        if kind == "barrel_fall":
            why = t(f"why_{event.get('why', 'attempts')}")
            return t("ev_barrel_fall", name=name, points=event.get("points", 0), why=why)
        if kind == "marriage_withheld":
            return t("ev_marriage_withheld", name=name, suit=self.suit(event.get("suit")))
        if kind == "frozen":
            return t("ev_frozen")
        key = f"ev_{kind}"
        try:
            return t(key, name=name, points=event.get("points", 0))
        except KeyError:
            return ""
