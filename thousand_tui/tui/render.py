"""Cards and suits as Rich text: glyphs or letters (`--ascii`), colour or shapes (NO_COLOR).

Red and black suits must stay apart in every terminal: in colour the red suits are red; without
colour they are underlined; in ASCII the suit is a letter (H D for the red suits, S C black).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from functools import cache

from rich.style import Style
from rich.text import Text

from ..engine.cards import Card, Rank, Suit
from ..translations import SOURCE_LANG
from . import i18n


@dataclass(frozen=True)
class CardColors:
    """The colours of the cards, from the theme's variables of the same names (`card-face`,
    `card-red`, ...; `ThousandApp.get_theme_variable_defaults` gives the defaults below)."""

    red: str = "#e03030"
    red_on_face: str = "#c00000"
    black_on_face: str = "#101010"
    face: str = "#ececec"
    dim_face: str = "#3c3c3c"
    dim_text: str = "#8a8a8a"
    selected: str = "#ffd23f"
    border: str = "#9a9a9a"
    dim_border: str = "#666666"

    def variables(self) -> dict[str, str]:
        """The theme variables: `card-red-on-face` for `red_on_face`, and so on."""
        return {"card-" + name.replace("_", "-"): value for name, value in vars(self).items()}

    @classmethod
    def of(cls, variables: Mapping[str, str]) -> CardColors:
        """The colours a theme's variables give, the defaults for those it does not."""
        default = cls()
        known = {
            name: variables.get("card-" + name.replace("_", "-"), value)
            for name, value in vars(default).items()
        }
        return cls(**known)


@cache
def _card_pattern(lang: str) -> re.Pattern[str]:
    """A card label or suit sign as `lang` writes it (10, 9, J Q K A or В Д К Т...), English's
    letters besides; one language's catalog read, not every one's."""
    labels = {
        i18n.rank_label(Card(rank, Suit.HEARTS), shown)
        for rank in Rank
        for shown in {lang, SOURCE_LANG}
    }
    ranks = "|".join(re.escape(label) for label in sorted(labels, key=lambda x: (-len(x), x)))
    return re.compile(rf"(?:{ranks})[♥♦♠♣]|[♥♦♠♣]")


_ASCII_CARD_RE = re.compile(r"\b(?:10|[9JQKA])[HDSC]\b")


class Look(Enum):
    """How a card of the hand is drawn."""

    NORMAL = "normal"
    DIM = "dim"  # not playable now
    SELECTED = "selected"
    SELECTED_DIM = "selected_dim"
    BACK = "back"


@dataclass(frozen=True)
class Palette:
    ascii_only: bool = False
    no_color: bool = False
    colors: CardColors = field(default_factory=CardColors)
    lang: str = "en"  # the ranks' letters: J Q K A, or in Russian В Д К Т
    suit_order: str = "SCDH"  # the suits of a hand, left to right (`--suit-order`)

    # -------------------------------------------------------------- inline text

    def suit_style(self, suit: Suit | None, on_face: bool = False) -> Style:
        if suit is None:
            return Style()
        if suit.is_red:
            if self.no_color:
                return Style(bold=True, underline=True)
            c = self.colors
            return Style(color=c.red_on_face if on_face else c.red, bold=True)
        if on_face and not self.no_color:
            return Style(color=self.colors.black_on_face, bold=True)
        return Style(bold=True)

    def rank_label(self, card: Card) -> str:
        return i18n.rank_label(card, self.lang, self.ascii_only)

    def card_label(self, card: Card) -> str:
        return i18n.card_label(card, self.lang, self.ascii_only)

    def suit_label(self, suit: Suit | str | None) -> str:
        if suit is None:
            return "—"
        if isinstance(suit, str):
            if suit == "A":
                return "A"  # the ace marriage
            suit = Suit(suit)
        return suit.value if self.ascii_only else suit.glyph

    def card(self, card: Card) -> Text:
        return Text(self.card_label(card), style=self.suit_style(card.suit))

    def suit(self, suit: Suit | str | None) -> Text:
        if isinstance(suit, str) and suit != "A":
            suit = Suit(suit)
        label = self.suit_label(suit)
        return Text(label, style=self.suit_style(suit if isinstance(suit, Suit) else None))

    def cards(self, cards: Sequence[Card], sep: str = " ") -> Text:
        out = Text()
        for i, card in enumerate(cards):
            if i:
                out.append(sep)
            out.append_text(self.card(card))
        return out

    def styled(self, text: str | Text) -> Text:
        """Text with every card label and suit sign in it styled by its suit."""
        out = Text(text) if isinstance(text, str) else text.copy()
        pattern = _ASCII_CARD_RE if self.ascii_only else _card_pattern(self.lang)
        for match in pattern.finditer(out.plain):
            piece = match.group(0)
            letter = piece[-1]
            suit = _suit_of(letter)
            if suit is not None:
                out.stylize(self.suit_style(suit), match.start(), match.end())
        return out

    # -------------------------------------------------------------- card faces

    @property
    def boxes(self) -> dict[Look, tuple[str, str, str, str, str, str]]:
        """(top-left, top, top-right, side, bottom-left, bottom-right) for each look."""
        if self.ascii_only:
            return {
                Look.NORMAL: ("+", "-", "+", "|", "+", "+"),
                Look.DIM: (".", ".", ".", ":", ".", "."),
                Look.SELECTED: ("#", "=", "#", "#", "#", "#"),
                Look.SELECTED_DIM: ("#", ".", "#", "#", "#", "#"),
                Look.BACK: ("+", "-", "+", "|", "+", "+"),
            }
        return {
            Look.NORMAL: ("┌", "─", "┐", "│", "└", "┘"),
            Look.DIM: ("┌", "╌", "┐", "╎", "└", "┘"),
            Look.SELECTED: ("╔", "═", "╗", "║", "╚", "╝"),
            Look.SELECTED_DIM: ("╔", "╌", "╗", "║", "╚", "╝"),
            Look.BACK: ("┌", "─", "┐", "│", "└", "┘"),
        }

    def face(self, card: Card | None, look: Look) -> tuple[str, Style]:
        if card is None or look is Look.BACK:
            return ("###" if self.ascii_only else "░░░"), Style(color=self.colors.border)
        label = self.card_label(card).ljust(3)
        if look in (Look.DIM, Look.SELECTED_DIM):
            if self.no_color:
                style = Style(dim=True, underline=card.suit.is_red)
            else:
                style = Style(color=self.colors.dim_text, bgcolor=self.colors.dim_face)
            return label, style
        if self.no_color:
            return label, Style(bold=True, underline=card.suit.is_red, reverse=True)
        style = self.suit_style(card.suit, on_face=True) + Style(bgcolor=self.colors.face)
        return label, style

    def border_style(self, look: Look) -> Style:
        if look in (Look.SELECTED, Look.SELECTED_DIM):
            return (
                Style(color=self.colors.selected, bold=True)
                if not self.no_color
                else Style(bold=True)
            )
        if look is Look.DIM:
            return Style(color=self.colors.dim_border) if not self.no_color else Style(dim=True)
        return Style(color=self.colors.border) if not self.no_color else Style()

    def row(
        self,
        cards: Sequence[Card | None],
        looks: Sequence[Look],
        labels: Sequence[str] | None = None,
        gap: int = 1,
    ) -> Text:
        """Cards side by side, three lines tall, with an optional line of labels below."""
        lines = [Text(), Text(), Text()]
        for i, (card, look) in enumerate(zip(cards, looks, strict=True)):
            if i:
                for line in lines:
                    line.append(" " * gap)
            tl, top, tr, side, bl, br = self.boxes[look]
            border = self.border_style(look)
            label, face_style = self.face(card, look)
            lines[0].append(tl + top * 3 + tr, border)
            lines[1].append(side, border)
            lines[1].append(label, face_style)
            lines[1].append(side, border)
            lines[2].append(bl + top * 3 + br, border)
        out = Text("\n").join(lines)
        if labels is not None:
            out.append("\n")
            out.append_text(self.labels(labels, looks, 5, gap))
        return out

    def big_row(
        self,
        cards: Sequence[Card | None],
        looks: Sequence[Look],
        labels: Sequence[str] | None = None,
        gap: int = 1,
    ) -> Text:
        """Cards five lines tall, rank in two corners and the suit in the middle."""
        lines = [Text() for _ in range(5)]
        for i, (card, look) in enumerate(zip(cards, looks, strict=True)):
            if i:
                for line in lines:
                    line.append(" " * gap)
            tl, top, tr, side, bl, br = self.boxes[look]
            border = self.border_style(look)
            _, face_style = self.face(card, look)
            if card is None or look is Look.BACK:
                back = "#####" if self.ascii_only else "░░░░░"
                faces = [back, back, back]
            else:
                rank = self.rank_label(card)
                suit = self.suit_label(card.suit)
                faces = [rank.ljust(5), suit.center(5), rank.rjust(5)]
            lines[0].append(tl + top * 5 + tr, border)
            for row, face in enumerate(faces, start=1):
                lines[row].append(side, border)
                lines[row].append(face, face_style)
                lines[row].append(side, border)
            lines[4].append(bl + top * 5 + br, border)
        out = Text("\n").join(lines)
        if labels is not None:
            out.append("\n")
            out.append_text(self.labels(labels, looks, 7, gap))
        return out

    def labels(self, labels: Sequence[str], looks: Sequence[Look], width: int, gap: int) -> Text:
        under = Text()
        for i, label in enumerate(labels):
            if i:
                under.append(" " * gap)
            selected = looks[i] in (Look.SELECTED, Look.SELECTED_DIM)
            c = self.colors
            style = Style(bold=True, color=c.selected) if selected else Style(color=c.dim_text)
            if self.no_color:
                style = Style(bold=True) if selected else Style(dim=True)
            under.append(label.center(width)[:width], style)
        return under

    def backs(self, count: int) -> Text:
        return Text(
            ("#" if self.ascii_only else "▮") * count, style=Style(color=self.colors.border)
        )


def _suit_of(letter: str) -> Suit | None:
    glyphs = {"♥": Suit.HEARTS, "♦": Suit.DIAMONDS, "♠": Suit.SPADES, "♣": Suit.CLUBS}
    if letter in glyphs:
        return glyphs[letter]
    try:
        return Suit(letter)
    except ValueError:
        return None
