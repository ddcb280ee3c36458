"""What happened, in words: engine events → lines for the log and labels for the players.

Only what seat 0 may know is told: a card given face down is "a card" unless the event is
visible to seat 0, and a talon taken without showing it stays unnamed.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from ..engine.cards import Card, Suit
from ..engine.deal import ACE_MARRIAGE
from ..engine.events import (
    Baptized,
    BarrelAttempt,
    BarrelFall,
    BarrelOn,
    BarrelThirdFall,
    BarrelWin,
    BidMade,
    CardDiscarded,
    CardGiven,
    CardPlayed,
    Conceded,
    Concession,
    ConcessionPenalty,
    ContractsOnly,
    ContractWon,
    Cross,
    CrossPenalty,
    CutPenalty,
    DarkCalledOff,
    DarkCancelDeclined,
    DarkCancelled,
    DarkDeclined,
    DarkTaken,
    DealSettled,
    DealStarted,
    Event,
    Frozen,
    GameOver,
    GoldenReplay,
    GoldenReset,
    MarriageDeclared,
    MarriageWithheld,
    OtherTalon,
    Palka,
    PalkaPenalty,
    Passed,
    Raised,
    RedealAsked,
    RedealDeclined,
    Samosval,
    SheetEvent,
    SitterScore,
    TalonTaken,
    TrickTaken,
    WithheldMarriage,
)
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
    sitter: int | None = None  # who sits out the deal (four players)
    redeal_seat: int | None = None
    seat: int = HUMAN  # the seat the table is told to, "you"
    _marriage: MarriageDeclared | None = None

    def name(self, seat: int | None) -> str:
        if seat is None or not 0 <= seat < len(self.names):
            return "?"
        return self.names[seat]

    def card(self, card: Card) -> str:
        return self.palette.card_label(card)

    def cards(self, cards: Iterable[Card]) -> str:
        return " ".join(self.card(card) for card in cards)

    def suit(self, letter: str | Suit | None) -> str:
        return self.palette.suit_label(letter)

    def tell(self, events: Iterable[Event]) -> list[str]:
        lines: list[str] = []
        for event in events:
            line = self.event(event)
            if line:
                lines.extend(line if isinstance(line, list) else [line])
        return lines

    def event(self, event: Event) -> str | list[str] | None:
        if not event.visible_to(self.seat):
            return self.hidden(event)
        t = self.t
        seat = event.seat
        name = self.name(seat)
        me = seat or 0
        match event:
            case DealStarted(number=number, dealer=dealer, golden=golden, sitting_out=sitter):
                self.last = {}
                self.dark_declarer = None
                self.sitter = sitter
                key = "n_deal_sitter" if sitter is not None else "n_deal"
                out = [t(key, number=number, dealer=self.name(dealer))]
                if event.cut:
                    out.append(t("n_cut", cards=self.cards(event.cut)))
                if golden:
                    out.append(t("n_golden", m=self.rules.golden.multiplier))
                return out
            case BidMade(value=value, auto=auto):
                self.last[me] = t("act_bid_auto" if auto else "act_bid", value=value)
                return t("n_bid_auto" if auto else "n_bid", name=name, value=value)
            case Passed():
                self.last[me] = t("act_pass")
                return t("n_pass", name=name)
            case DarkTaken():
                self.dark_declarer = seat
                self.last[me] = t("act_dark")
                return t("n_dark", name=name)
            case DarkDeclined():
                return t("n_dark_decline", name=name)
            case DarkCancelled():
                self.last[me] = t("act_dark_cancel")
                return t("n_dark_cancel", name=name)
            case DarkCancelDeclined():
                return t("n_dark_cancel_decline", name=name)
            case DarkCalledOff():
                self.dark_declarer = None
                return t("n_dark_off")
            case RedealAsked(reason=reason):
                self.last[me] = t("act_redeal")
                self.redeal_seat = seat
                return t("n_redeal", name=name, reason=t.reason(reason))
            case RedealDeclined(reason=reason):
                return t("n_redeal_decline", name=name, reason=t.reason(reason))
            case ContractWon(value=value, dark=dark):
                self.last[me] = t("act_contract", value=value)
                return t("n_contract_dark" if dark else "n_contract", name=name, value=value)
            case TalonTaken(cards=cards, shown=shown, talon=talon):
                self.last[me] = t("act_talon")
                out = []
                if talon is not None:
                    out.append(t("n_talon_number", name=name, number=talon + 1))
                if shown:
                    out.append(t("n_talon_shown", name=name, cards=self.cards(cards)))
                elif seat == self.seat and self.dark_declarer != self.seat:
                    out.append(t("n_talon_mine", cards=self.cards(cards)))
                elif self.sitter == self.seat:  # the dealer sitting out watches it
                    out.append(t("n_talon_sitter", name=name, cards=self.cards(cards)))
                else:
                    out.append(t("n_talon_hidden", name=name))
                return out
            case CardGiven(card=card, to=to):
                self.last[me] = t("act_give")
                if to == self.seat:
                    return t("n_give_me", name=name, card=self.card(card))
                return t("n_give_seen", name=name, to=self.name(to), card=self.card(card))
            case CardDiscarded(card=card):
                self.last[me] = t("act_discard")
                if seat == self.seat:
                    return t("n_discard_mine", card=self.card(card))
                return t("n_discard", name=name)
            case Raised(value=value):
                self.last[me] = t("act_raise", value=value)
                return t("n_raise", name=name, value=value)
            case Conceded():
                self.last[me] = t("act_concede", mark=t("mark_concession"))
                return None  # told with the deal's result, which knows the contract
            case Baptized():
                self.last[me] = t("act_baptism")
                return t("n_baptism", name=name)
            case MarriageDeclared():
                self._marriage = event
                return None
            case CardPlayed():
                return self._play(event, name)
            case TrickTaken(points=points, number=number):
                self.last[me] = self.last.get(me, "")
                return t("n_trick", name=name, points=points, number=number)
            case MarriageWithheld(suit=suit):
                return t("n_withheld", name=name, suit=self.suit(suit))
            case OtherTalon(cards=cards, points=points):
                return t("n_other_talon", name=name, cards=self.cards(cards), points=points)
            case DealSettled(result=result):
                # A redeal was told by its own event; a played deal is told with its outcome.
                return self.result(result) if result.redeal is None else None
            case GameOver(scores=scores):
                score = scores[seat] if seat is not None and seat < len(scores) else ""
                return t("n_game_over", name=name, score=score)
        raise TypeError(f"no words for the event {event!r}")

    def hidden(self, event: Event) -> str | list[str] | None:
        """An event seat 0 may not see into: only that it happened, where the table shows it
        (a card given face down, a talon taken unseen); nothing at all otherwise (a redeal
        declined, which would tell that the seat had a reason to ask)."""
        t = self.t
        seat = event.seat
        name = self.name(seat)
        match event:
            case CardGiven(to=to):
                self.last[seat or 0] = t("act_give")
                return t("n_give_hidden", name=name, to=self.name(to))
            case CardDiscarded():
                self.last[seat or 0] = t("act_discard")
                return t("n_discard", name=name)
            case TalonTaken(talon=talon):
                self.last[seat or 0] = t("act_talon")
                out = []
                if talon is not None:
                    out.append(t("n_talon_number", name=name, number=talon + 1))
                out.append(t("n_talon_hidden", name=name))
                return out
            case RedealDeclined():
                return None
        raise TypeError(f"no words for the private event {event!r}")

    def _play(self, event: CardPlayed, name: str) -> str:
        t = self.t
        seat = event.seat or 0
        card = self.card(event.card)
        marriage = event.marriage
        declared = self._marriage
        self._marriage = None
        if marriage and declared is not None:
            points = declared.points
            if marriage == ACE_MARRIAGE:
                self.last[seat] = t("act_ace_marriage", card=card, points=points)
                return t("n_play_ace_marriage", name=name, card=card, points=points)
            suit = self.suit(marriage)
            if event.keep_trump:
                held = declared.trump
                self.last[seat] = t("act_marriage_keep", card=card, suit=suit, points=points)
                if not held:
                    return t(
                        "n_play_marriage_no_trump", name=name, card=card, suit=suit, points=points
                    )
                trump = self.suit(held)
                return t(
                    "n_play_marriage_keep",
                    name=name,
                    card=card,
                    suit=suit,
                    points=points,
                    trump=trump,
                )
            self.last[seat] = t("act_marriage", card=card, suit=suit, points=points)
            return t("n_play_marriage", name=name, card=card, suit=suit, points=points)
        self.last[seat] = t("act_play", card=card)
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
        for event in result.events:
            if result.conceded and isinstance(event, Concession) and event.seat == result.declarer:
                continue  # said in the line above
            line = self.fall(event, result) if isinstance(event, BarrelFall) else ""
            line = line or self.settlement_event(event)
            if isinstance(event, Palka) and event.count > 1:
                # Why two: a trickless deal counts double when golden, or for a dark declarer.
                line += t("ev_palka_two_golden" if result.golden else "ev_palka_two_dark")
            out.append(line)
        return [line for line in out if line]

    def fall(self, event: BarrelFall, result: Settlement) -> str:
        """A fall whose score was rounded down first, as players write it: "992 rounded down
        to 990, −120: 870" rather than "−122"; "" where nothing was rounded or the deal
        changed his score again after the fall (then the fall's own note says it)."""
        seat = event.seat
        fine = result.contract if event.why == "contract" else self.rules.barrel.penalty
        after = result.state.scores[seat]
        before = after + event.points
        rounded = before // 10 * 10
        if fine is None or rounded == before or rounded - fine != after:
            return ""
        return self.t(
            "ev_barrel_fall_rounded",
            name=self.name(seat),
            why=self.t(f"why_{event.why}"),
            before=before,
            rounded=rounded,
            fine=fine,
            after=after,
        )

    def redealer(self, result: Settlement) -> str:
        return self.name(self.redeal_seat)

    def settlement_event(self, event: SheetEvent) -> str:
        t = self.t
        match event:
            case Palka(seat=seat, count=count):
                return t("ev_palka_two" if count > 1 else "ev_palka", name=self.name(seat))
            case Concession(seat=seat):
                return t("ev_concession", name=self.name(seat), mark=t("mark_concession"))
            case Samosval(seat=seat, score=score):
                return t("ev_samosval", name=self.name(seat), source=score)
            case BarrelAttempt(seat=seat, used=used):
                attempts = self.rules.barrel.attempts
                return t("ev_barrel_attempt", name=self.name(seat), used=used, attempts=attempts)
            case BarrelFall(seat=seat, points=points, why=why):
                return t("ev_barrel_fall", name=self.name(seat), points=points, why=t(f"why_{why}"))
            case WithheldMarriage(seat=seat, suit=suit):
                return t("ev_marriage_withheld", name=self.name(seat), suit=self.suit(suit))
            case Frozen():
                return t("ev_frozen")
            case ContractsOnly(seats=seats):
                names = ", ".join(self.name(seat) for seat in seats)
                limit = self.rules.scoring.only_contracts_above
                return t("ev_contracts_only", names=names, limit=limit)
            case (
                CutPenalty(seat=seat, points=points)
                | SitterScore(seat=seat, points=points)
                | PalkaPenalty(seat=seat, points=points)
                | CrossPenalty(seat=seat, points=points)
                | ConcessionPenalty(seat=seat, points=points)
            ):
                return t(f"ev_{event.kind}", name=self.name(seat), points=points)
            case Cross(seat=seat) | BarrelWin(seat=seat) | BarrelOn(seat=seat):
                return t(f"ev_{event.kind}", name=self.name(seat))
            case BarrelThirdFall(seat=seat):
                return t(f"ev_{event.kind}", name=self.name(seat))
            case GoldenReset() | GoldenReplay():
                return t(f"ev_{event.kind}")
        raise TypeError(f"no words for the score sheet's note {event!r}")
