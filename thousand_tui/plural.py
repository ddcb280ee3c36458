"""The plural rule of each language the game speaks: which form a count takes.

English has two forms (one, other); Russian three (one: 1, 21; few: 2–4, 22–24; many: 0, 5–20,
11–14, 25...), chosen by the last two digits.
"""

from __future__ import annotations


def plural_form(lang: str, number: int) -> int:
    """The index of the form `number` takes: English one (0) or other (1); Russian one (0),
    few (1) or many (2)."""
    number = abs(number)
    if lang != "ru":
        return 0 if number == 1 else 1
    if number % 10 == 1 and number % 100 != 11:
        return 0
    if 2 <= number % 10 <= 4 and not 12 <= number % 100 <= 14:
        return 1
    return 2


def counted(number: int, forms: str, lang: str = "en") -> str:
    """`number` and its word: `counted(1, "deal|deals")` is "1 deal", `counted(5, "кон|кона|
    конов", "ru")` is "5 конов"."""
    return f"{number} {forms.split('|')[plural_form(lang, number)]}"
