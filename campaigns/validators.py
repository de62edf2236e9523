"""Field validators shared by the campaign models and their forms."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.core.validators import (
    MaxValueValidator,
    MinValueValidator,
    RegexValidator,
)

RESERVED_SLUGS = frozenset({"import"})
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
