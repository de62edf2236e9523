"""How the engine writes numbers for players: inches, signed modifiers, lists.

Every printed rule formats its numbers from the rule's constant with these
helpers, so a card and the code that decides cannot show different numbers.
"""

from __future__ import annotations

from collections.abc import Iterable

MINUS = "\u2212"
"""The minus sign a card prints (−1), not a hyphen."""


def inches(value: float) -> str:
    """A distance as a card prints it: 6", 3.5"."""
    return f'{value:g}"'


def signed(value: float) -> str:
    """A modifier as a card prints it: +1, −1, +0."""
    text = f"{abs(value):g}"
    return f"{MINUS}{text}" if value < 0 else f"+{text}"


def spaced(low: int, high: int) -> str:
    """A range of totals: 1–3 (or 6 when low and high are the same)."""
    return str(low) if low == high else f"{low}\u2013{high}"


NUMBER_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight")
ORDINALS = ("", "first", "second", "third", "fourth", "fifth", "sixth", "seventh")


def number_word(value: int) -> str:
    """A small count in words ("three"); larger ones as figures."""
    return NUMBER_WORDS[value] if 0 <= value < len(NUMBER_WORDS) else str(value)


def ordinal(value: int) -> str:
    """ "third" for 3; "12th" beyond the words."""
    if 0 < value < len(ORDINALS):
        return ORDINALS[value]
    return f"{value}th"


def words(items: Iterable[str], *, last: str = "and") -> str:
    """'a', 'a and b', 'a, b and c'."""
    items = [item for item in items if item]
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} {last} {items[-1]}"
