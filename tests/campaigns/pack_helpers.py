"""Reading a battle pack back, as a player would look at it."""

from __future__ import annotations

import io
import re
from dataclasses import dataclass

import pdfplumber
import pypdf

MM = 72 / 25.4
"""PDF points per millimetre."""


def squash(text: str) -> str:
    """Whitespace normalised: line breaks and runs of spaces become one space."""
    return re.sub(r"\s+", " ", text).strip()


def page_texts(pdf: bytes) -> list[str]:
    """Each page's text in drawing order (pypdf), whitespace normalised."""
    reader = pypdf.PdfReader(io.BytesIO(pdf))
    return [squash(page.extract_text() or "") for page in reader.pages]


def page_sizes(pdf: bytes) -> list[tuple[int, int]]:
    reader = pypdf.PdfReader(io.BytesIO(pdf))
    return [
        (round(float(page.mediabox.width)), round(float(page.mediabox.height)))
        for page in reader.pages
    ]


def pages_with(texts: list[str], needle: str) -> list[int]:
    return [i for i, text in enumerate(texts) if needle in text]


@dataclass(frozen=True)
class Cell:
    x0: float
    top: float
    x1: float
    bottom: float

    def holds(self, char: dict, slack: float = 0.3) -> bool:
        return (
            char["x0"] >= self.x0 - slack
            and char["x1"] <= self.x1 + slack
            and char["top"] >= self.top - slack
            and char["bottom"] <= self.bottom + slack
        )


CARD_MARGINS_MM = {"A4": (10.5, 16.5), "LETTER": (13.45, 7.7)}
"""Left and top margins of the card pages: the 3 × 3 grid starts there."""


def card_cells(paper: str) -> list[Cell]:
    left, top = CARD_MARGINS_MM[paper]
    return [
        Cell(
            (left + 63 * col) * MM,
            (top + 88 * row) * MM,
            (left + 63 * (col + 1)) * MM,
            (top + 88 * (row + 1)) * MM,
        )
        for row in range(3)
        for col in range(3)
    ]


def chars_outside_cards(pdf: bytes, page_numbers: list[int], paper: str) -> list[str]:
    """The characters on the card pages that are not wholly inside one card."""
    cells = card_cells(paper)
    stray = []
    with pdfplumber.open(io.BytesIO(pdf)) as document:
        for number in page_numbers:
            for char in document.pages[number].chars:
                middle_x = (char["x0"] + char["x1"]) / 2
                middle_y = (char["top"] + char["bottom"]) / 2
                cell = next(
                    (
                        c
                        for c in cells
                        if c.x0 <= middle_x <= c.x1 and c.top <= middle_y <= c.bottom
                    ),
                    None,
                )
                if cell is None or not cell.holds(char):
                    stray.append(f"p{number + 1} {char['text']!r} at {char['x0']:.1f}")
    return stray


def cell_texts(pdf: bytes, page_number: int, paper: str) -> list[str]:
    """The text inside each of the page's nine card cells."""
    with pdfplumber.open(io.BytesIO(pdf)) as document:
        page = document.pages[page_number]
        return [
            squash(page.within_bbox((c.x0, c.top, c.x1, c.bottom)).extract_text() or "")
            for c in card_cells(paper)
        ]


def cell_lines(
    pdf: bytes, page_number: int, paper: str, index: int
) -> list[tuple[float, float, str]]:
    """The lines of text in one card cell, top to bottom: (top, bottom, text)."""
    cell = card_cells(paper)[index]
    with pdfplumber.open(io.BytesIO(pdf)) as document:
        page = document.pages[page_number]
        lines: dict[float, list[dict]] = {}
        for char in page.chars:
            if (
                cell.x0 <= char["x0"] < cell.x1
                and cell.top <= char["top"] < cell.bottom
            ):
                lines.setdefault(round(char["top"], 1), []).append(char)
    return [
        (
            min(c["top"] for c in chars),
            max(c["bottom"] for c in chars),
            "".join(c["text"] for c in chars),
        )
        for _top, chars in sorted(lines.items())
    ]
