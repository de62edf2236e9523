"""The AI reference card's layout: its blocks down two columns a page, at the
largest type that fits (estimated from the font's real glyph widths).

A card too long even at the smallest type goes on to further pages instead of
overflowing; the smallest type is still one a player reads at arm's length.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from campaigns.printing.fit import PT, Run, layout, text_width

# The card's two columns (mm) and the height they may fill, by paper.
COLUMN_WIDTH = 91.5
COLUMN_HEIGHT = {"a4": 251.0, "letter": 235.0}
"""The page's height less its margins and the card's heading, with room to spare."""


@dataclass(frozen=True)
class Face:
    """A type size for the card's columns: points, line height, CSS class."""

    pt: float
    leading: float
    css: str


FACES = (
    Face(8.5, 1.25, "ai85"),
    Face(8.0, 1.25, "ai80"),
    Face(8.0, 1.15, "ai80 tight"),
)
"""Largest first; the last sets the smallest type (8 pt, read at arm's length
across a table) closer before a card takes a second page."""
SIZES = tuple(dict.fromkeys(face.pt for face in FACES))
BOX = "\u2610"

# --- two columns a page, the largest type that fits ----------------------------------

HEADING_EM, HEADING_LINE, HEADING_EXTRA = 1.1, 1.15, 0.85
BLOCK_GAP = 2.2
PARA_GAP = 1.4
STEP_GAP = 0.5
STEP_LABEL_MIN = 9.0
"""The step numbers' column at its narrowest (mm), before its 1 mm gap."""
TABLE_GAP = 0.9
BULLET_INDENT = 2.5
NUMBER_INDENT = 4.0
TRACK_ROW = 5.2
"""A tracker row: the label and its boxes at 11 pt (mm)."""
SAFETY = 1.0
STATS_NAME_SHARE = 0.34
"""The character's name column of the company's stat table (print.css)."""


def columns(
    blocks: list[dict[str, Any]], paper: str
) -> tuple[Face, list[list[list[dict[str, Any]]]]]:
    """(type face, pages of two columns): at the largest type where the blocks
    fit two columns, else at the smallest type over as many pages as needed.

    The card's reading blocks keep their order down the two columns; the
    reference blocks (trackers, quick reference, rout check) may go at the foot
    of whichever column has room for them.
    """
    room = COLUMN_HEIGHT[paper]
    flow = [b for b in blocks if b["kind"] not in REFERENCE_KINDS]
    extras = [b for b in blocks if b["kind"] in REFERENCE_KINDS]
    for face in FACES:
        packed = _two_columns(flow, extras, face, room)
        if packed is not None:
            return face, [packed]
    face = FACES[-1]
    # Over several pages anyway: leave slack so an estimate a little short
    # never pushes a block on to a page of its own.
    columns = _pages(flow, extras, face, room * MULTI_PAGE_FILL)
    return face, [columns[i : i + 2] for i in range(0, len(columns), 2)]


REFERENCE_KINDS = ("track", "rows", "text-ref")
MULTI_PAGE_FILL = 0.92


def _two_columns(flow, extras, face, room) -> list[list[dict[str, Any]]] | None:
    """The flow split where the taller column is shortest, with every extra
    block in a column that still has room; None if no split fits."""
    flow_heights = [_block_height(b, face) for b in flow]
    extra_heights = [_block_height(b, face) for b in extras]
    best = None
    for k in range(1, len(flow) + 1):
        columns = [list(flow[:k]), list(flow[k:])]
        used = [sum(flow_heights[:k]), sum(flow_heights[k:])]
        if max(used) > room:
            continue
        for block, height in zip(extras, extra_heights, strict=True):
            target = max((0, 1), key=lambda c: room - used[c])
            if used[target] + height > room:
                break
            columns[target].append(block)
            used[target] += height
        else:
            if best is None or max(used) < best[0]:
                best = (max(used), columns)
    return None if best is None else best[1]


def _pages(flow, extras, face, room) -> list[list[dict[str, Any]]]:
    """Columns over several pages: the reading blocks in order, each reference
    block at the foot of a column with room for it (a page of nothing but
    reference blocks only when none has room), and the last page's blocks
    shared between its two columns rather than all in the first."""
    columns = _fill(flow, [_block_height(b, face) for b in flow], room)
    used = [sum(_block_height(b, face) for b in column) for column in columns]
    for block in extras:
        height = _block_height(block, face)
        target = max(range(len(columns)), key=lambda c: room - used[c])
        if used[target] + height > room:
            columns.append([])
            used.append(0.0)
            target = len(columns) - 1
        columns[target].append(block)
        used[target] += height
    if len(columns) % 2 and len(columns[-1]) > 1:
        last = columns.pop()
        heights = [_block_height(b, face) for b in last]
        k = min(
            range(1, len(last)),
            key=lambda k: max(sum(heights[:k]), sum(heights[k:])),
        )
        columns += [last[:k], last[k:]]
    return columns


def _fill(blocks, heights, room) -> list[list[dict[str, Any]]]:
    columns: list[list[dict[str, Any]]] = [[]]
    used = 0.0
    for block, height in zip(blocks, heights, strict=True):
        if columns[-1] and used + height > room:
            columns.append([])
            used = 0.0
        columns[-1].append(block)
        used += height
    return columns


def _lines(text: str | Sequence[Run], width: float, size: float) -> int:
    return max(1, len(layout(text, width, size)))


def _term_width(terms: Iterable[str], size: float) -> float:
    return max((text_width(t, size, bold=True) for t in terms), default=0.0) + 1.2


def _block_height(block: dict[str, Any], face: Face) -> float:
    """An estimate (mm) of the block as ai_card.html draws it."""
    width = COLUMN_WIDTH
    size = face.pt
    line = size * face.leading * PT
    kind = block["kind"]
    mm = size * HEADING_EM * HEADING_LINE * PT + HEADING_EXTRA

    def rows_height(rows) -> float:
        term = _term_width((t for t, _ in rows), size)
        return sum(_lines(text, width - term, size) * line for _t, text in rows) + (
            0.4 * len(rows)
        )

    def bullets(lines) -> float:
        return sum(_lines(t, width - BULLET_INDENT, size) * line + 0.3 for t in lines)

    if kind == "section":
        section = block["section"]
        if section["intro"]:
            mm += _lines(section["intro"], width, size) * line + PARA_GAP
        body = width - section["label_mm"] - 1.0
        for step in section["steps"]:
            runs = [Run(step["when"], bold=True), Run(step["then"])]
            mm += _lines(runs, body, size) * line + STEP_GAP
            for table in step["tables"]:
                rows = [(r["roll"], r["result"]) for r in table["rows"]]
                rows.insert(0, (table["columns"][0], table["title"]))
                roll = _term_width((t for t, _ in rows), size) + 1.0
                mm += TABLE_GAP + sum(
                    _lines(text, body - roll, size) * line for _t, text in rows
                )
        mm += bullets(section["notes"])
    elif kind == "table":
        table = block["table"]
        rows = [(r["roll"], r["result"]) for r in table["rows"]]
        mm += rows_height([tuple(table["columns"]), *rows])
    elif kind == "battle":
        mm += bullets(block["lines"])
    elif kind == "round":
        mm += sum(
            _lines(t, width - NUMBER_INDENT, size) * line + 0.3 for t in block["steps"]
        )
        if block["where"]:
            mm += _lines(block["where"], width, size) * line + PARA_GAP
        order = [Run("AI activation order:", bold=True), Run(block["order"])]
        mm += _lines(order, width, size) * line + PARA_GAP
    elif kind == "lines":
        mm += bullets(block["lines"])
    elif kind in ("text", "text-ref"):
        mm += _lines(block["text"], width, size) * line + PARA_GAP
    elif kind == "rows":
        mm += rows_height(block["rows"])
    elif kind == "stats":
        name_width = width * STATS_NAME_SHARE
        mm += line + 0.6
        for row in block["rows"]:
            mm += _lines(row["name"], name_width, size) * line + 0.6
        mm += bullets(block["notes"])
    elif kind == "track":
        for row in block["rows"]:
            boxes = " ".join(f"{BOX} {b}" for b in row["boxes"])
            mm += max(1, _lines(f"{row['label']}: {boxes}", width, size)) * TRACK_ROW
    return mm * SAFETY + BLOCK_GAP
