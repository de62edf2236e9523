"""Measure text in the print font, so a card's type is sized to fit its box.

The character cards have a fixed size and their text fields have maximum
lengths: the type is chosen here, from the real glyph widths of the font the
PDF uses (the DejaVu Sans Condensed files shipped in ``static/fonts``), instead
of hiding whatever overflows. Lines are broken greedily at spaces only, and an
over-long word anywhere (the CSS says ``overflow-wrap: anywhere``); a browser
that may also break after hyphens never needs more lines than counted here.
Kerning is left out (it mostly narrows DejaVu's pairs); ``SAFETY_MM`` keeps a
little of every line free for it and for rounding.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from fontTools.ttLib import TTFont

from campaigns.printing.render import static_root

PT = 25.4 / 72
"""One point in millimetres."""

FONT_FILES = {
    False: "fonts/DejaVuSansCondensed.ttf",
    True: "fonts/DejaVuSansCondensed-Bold.ttf",
}
MISSING_GLYPH_EM = 1.0
"""A character the font lacks is drawn from a fallback font: count a full em."""
SAFETY_MM = 0.4
"""Width kept free on every line, for rounding in the layout engine."""


@functools.cache
def _advances(bold: bool) -> dict[int, float]:
    """Advance widths in em, by code point."""
    font = TTFont(static_root() / FONT_FILES[bold], lazy=True)
    try:
        metrics = font["hmtx"].metrics
        units = font["head"].unitsPerEm
        return {cp: metrics[name][0] / units for cp, name in font.getBestCmap().items()}
    finally:
        font.close()


@functools.cache
def printable_code_points() -> frozenset[int]:
    """Every character both pack fonts (regular and bold) can draw."""
    return frozenset(_advances(False)) & frozenset(_advances(True))


def text_width(text: str, size_pt: float, *, bold: bool = False) -> float:
    """Width of ``text`` on one line, in millimetres."""
    advances = _advances(bold)
    ems = sum(advances.get(ord(ch), MISSING_GLYPH_EM) for ch in text)
    return ems * size_pt * PT


@dataclass(frozen=True)
class Run:
    """A stretch of text in one weight (a bold label, then its text)."""

    text: str
    bold: bool = False


@dataclass(frozen=True)
class Piece:
    """A word, or part of a word cut to fit (``glued`` to the piece before it)."""

    text: str
    bold: bool = False
    glued: bool = False


Line = list[Piece]


def layout(runs: Sequence[Run] | str, width_mm: float, size_pt: float) -> list[Line]:
    """The lines the runs take in a box ``width_mm`` wide (whitespace collapsed)."""
    if isinstance(runs, str):
        runs = [Run(runs)]
    limit = width_mm - SAFETY_MM
    lines: list[Line] = []
    line: Line = []
    used = 0.0
    for run in runs:
        for word in run.text.split():
            space = text_width(" ", size_pt, bold=run.bold) if line else 0.0
            width = text_width(word, size_pt, bold=run.bold)
            if line and used + space + width <= limit:
                line.append(Piece(word, run.bold))
                used += space + width
                continue
            if line:
                lines.append(line)
                line, used = [], 0.0
            for n, piece in enumerate(_pieces(word, limit, size_pt, run.bold)):
                if line:
                    lines.append(line)
                line = [Piece(piece, run.bold, glued=n > 0)]
                used = text_width(piece, size_pt, bold=run.bold)
    if line:
        lines.append(line)
    return lines


def join(pieces: Iterable[Piece]) -> str:
    """The text of some pieces, words spaced, cut words put back together."""
    text = ""
    for piece in pieces:
        text += piece.text if (piece.glued or not text) else " " + piece.text
    return text


def wrap(runs: Sequence[Run] | str, width_mm: float, size_pt: float) -> list[str]:
    """Each line's text (see :func:`layout`)."""
    return [join(line) for line in layout(runs, width_mm, size_pt)]


def _pieces(word: str, limit: float, size_pt: float, bold: bool) -> Iterable[str]:
    """A word cut where it must be to fit the line (``overflow-wrap: anywhere``)."""
    piece, used = "", 0.0
    for ch in word:
        width = text_width(ch, size_pt, bold=bold)
        if piece and used + width > limit:
            yield piece
            piece, used = "", 0.0
        piece, used = piece + ch, used + width
    if piece:
        yield piece
