"""Inches on paper: one inch mark in words (6″, never 6"), and short SVG
numbers of inches in drawings."""

from __future__ import annotations

import re
from typing import Any

INCH_MARK = re.compile(r'(?<=\d)"')


def inch_marks(value: Any) -> Any:
    """The data with every 6" written 6″, the one inch mark the pack prints."""
    if isinstance(value, str):
        return INCH_MARK.sub("\u2033", value)
    if isinstance(value, list | tuple):
        return [inch_marks(v) for v in value]
    if isinstance(value, dict):
        return {k: inch_marks(v) for k, v in value.items()}
    return value


def svg_inches(value: float) -> float:
    """A short SVG number of inches (hundredths of an inch)."""
    return round(value, 2)
