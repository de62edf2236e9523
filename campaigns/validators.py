"""Field validators shared by the campaign models and their forms."""

from __future__ import annotations

import unicodedata

from django.core.exceptions import ValidationError
from django.core.validators import (
    MaxValueValidator,
    MinValueValidator,
    RegexValidator,
)

RESERVED_SLUGS = frozenset({"import", "new"})
"""Slugs that would clash with a fixed URL under /campaigns/ (SITE.md)."""

HEX_COLOUR_PATTERN = r"^#[0-9a-fA-F]{6}$"

validate_hex_colour = RegexValidator(
    HEX_COLOUR_PATTERN,
    message='Enter a colour as "#" and six hex digits, e.g. "#2f5d8a".',
    code="invalid_colour",
)


def validate_not_reserved_slug(value: str) -> None:
    """Refuse a campaign slug that a site URL already uses."""
    if value in RESERVED_SLUGS:
        raise ValidationError(
            '"%(value)s" is reserved by the site; choose another slug.',
            code="reserved_slug",
            params={"value": value},
        )


def in_range(low: int, high: int) -> list[MinValueValidator | MaxValueValidator]:
    """The two validators for a closed range, matching a range CheckConstraint."""
    return [MinValueValidator(low), MaxValueValidator(high)]


def unprintable(value: str) -> list[str]:
    """The characters of ``value`` the battle pack's font cannot print (emoji,
    rare scripts), each once, in order. Spaces, line breaks and invisible
    formatting characters (such as direction marks) are not counted."""
    from campaigns.printing.fit import printable_code_points

    printable = printable_code_points()
    missing: list[str] = []
    for char in value:
        if char in missing or ord(char) in printable or char in "\n\r\t":
            continue
        if unicodedata.category(char) in ("Cf", "Zs", "Zl", "Zp"):
            continue
        missing.append(char)
    return missing


INVISIBLE_CATEGORIES = frozenset({"Cc", "Cf", "Zs", "Zl", "Zp", "Mn", "Me"})
"""Controls, formatting characters (zero-width spaces, direction marks),
spaces and combining marks: nothing a reader sees on their own."""
BLANK_LETTERS = frozenset("\u115f\u1160\u3164\uffa0\u2800\u180e")
"""Characters counted as letters or symbols that print as blank space (the
Hangul fillers, the blank Braille pattern, the Mongolian vowel separator)."""


def visible(value: str) -> bool:
    """Whether the text has at least one character a reader can see."""
    return any(
        char not in BLANK_LETTERS
        and unicodedata.category(char) not in INVISIBLE_CATEGORIES
        for char in value
    )


def validate_printable(value: str) -> None:
    """Refuse text the printed pack would show as empty boxes, or as nothing
    at all (only spaces, zero-width or direction characters)."""
    if value and not visible(value):
        raise ValidationError(
            "This has nothing visible in it (only spaces or invisible "
            "characters): write it in letters.",
            code="invisible",
        )
    missing = unprintable(value or "")
    if missing:
        raise ValidationError(
            "The printed pack cannot show %(chars)s: use letters, numbers and "
            "ordinary punctuation instead.",
            code="unprintable",
            params={"chars": " ".join(missing[:5])},
        )
