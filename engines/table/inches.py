"""Inches as the players type them on the table page: ``8``, ``7.5``, ``7,5``,
``8"`` or ``8″``."""

from __future__ import annotations

import re

MAX_INCHES = 240
"""The longest distance a player may give."""


def parse_inches(text: str | None) -> float | None:
    """Inches from what a player types: ``8``, ``7.5``, ``7,5``, ``8"``; None if
    it is no distance from 0 to 240."""
    if text is None:
        return None
    cleaned = re.sub(r"(\"|″|in(ches)?)$", "", text.strip().lower()).strip()
    cleaned = cleaned.replace(",", ".")
    if not re.fullmatch(r"\d{1,3}(\.\d{1,2})?", cleaned):
        return None
    value = float(cleaned)
    return value if 0 <= value <= MAX_INCHES else None
