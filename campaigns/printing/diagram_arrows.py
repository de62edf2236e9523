"""The diagram's arrival markers: a wedge in the margin where the models come
on (the middle of the arrival stretch, else of the edge), with its key and
round on a light ground, labels moved off each other rather than the wedges."""

from __future__ import annotations

from dataclasses import dataclass, replace

from campaigns.printing.inches import svg_inches as _n
from engines.battlefield import Force
from engines.enums import Edge


@dataclass(frozen=True)
class Arrow:
    """An arrival marker at an edge: a wedge pointing in, the key and round."""

    key: int
    colour: str
    points: str
    text: str
    text_x: float
    text_y: float
    anchor: str = "start"
    step: float = 0
    """How far the label moves to clear another one (along y)."""
    box: tuple[float, float, float, float] = (0, 0, 0, 0)
    """A light ground under the label (x, y, width, height), so it reads on a
    dark feature too."""


def arrival_entries(force: Force) -> list[tuple[Edge, str]]:
    """(edge, "R<round>") for each edge the company comes on at, and for single
    characters arriving in another round than their company (Moria's troll)."""
    arrival = force.arrival
    entries: list[tuple[Edge, str]] = []
    if arrival is not None and arrival.dealt:
        edges: dict[Edge, int] = {}
        for card in arrival.cards:
            edges[card.edge] = edges.get(card.edge, 0) + 1
        entries = [(edge, f"R{arrival.round}×{n}") for edge, n in edges.items()]
    elif arrival is not None:
        entries = [(arrival.edge or force.entry_edge, f"R{arrival.round}")]
    for round_number in sorted({r for _name, r in force.late}):
        text = f"R{round_number}"
        if (force.entry_edge, text) not in entries:
            entries.append((force.entry_edge, text))
    return [(edge, text) for edge, text in entries if edge is not Edge.CENTRE]


def arrival_arrows(
    force: Force, key: int, colour: str, width: int, depth: int, font: float
) -> list[Arrow]:
    """One wedge per edge the company comes on at, in the margin, pointing in
    where the text places the models: the middle of the arrival stretch, else
    the middle of the edge (§1 "Arrival")."""
    arrows = []
    size = font * 0.9
    for edge, text in arrival_entries(force):
        cx, cy = {
            Edge.NORTH: (width / 2, 0),
            Edge.SOUTH: (width / 2, depth),
            Edge.WEST: (0, depth / 2),
            Edge.EAST: (width, depth / 2),
        }[edge]
        if force.stretch is not None and not (force.arrival and force.arrival.dealt):
            middle = force.stretch[0] + force.stretch[1] / 2
            if edge in (Edge.NORTH, Edge.SOUTH):
                cx = middle
            else:
                cy = middle
        cx, cy = min(max(cx, size), width - size), min(max(cy, size), depth - size)
        if edge in (Edge.NORTH, Edge.SOUTH):
            out = -1 if edge is Edge.NORTH else 1
            points = [
                (cx - size, cy + out * size * 1.6),
                (cx + size, cy + out * size * 1.6),
                (cx, cy + out * size * 0.2),
            ]
            # Inside the table beside the wedge's tip: clear of the edge line
            # and of the compass letters in the margin.
            tx = cx + size * 1.2
            ty = size * 1.5 if edge is Edge.NORTH else depth - size * 0.7
            anchor, step = "start", -out * size * 1.4
        else:
            out = -1 if edge is Edge.WEST else 1
            points = [
                (cx + out * size * 1.6, cy - size),
                (cx + out * size * 1.6, cy + size),
                (cx + out * size * 0.2, cy),
            ]
            # Beside the wedge inside the table, reading away from the edge.
            tx, ty = (size * 0.3, cy - size * 1.3)
            anchor, step = "start", -size * 1.4
            if edge is Edge.EAST:
                tx, anchor = width - size * 0.3, "end"
        arrows.append(
            Arrow(
                key=key,
                colour=colour,
                points=" ".join(f"{_n(px)},{_n(py)}" for px, py in points),
                text=f"{key}: {text}",
                text_x=_n(tx),
                text_y=_n(ty),
                anchor=anchor,
                step=_n(step),
            )
        )
    return arrows


def spread_labels(arrows: list[Arrow], font: float) -> list[Arrow]:
    """Wedges stay where the models come on; a label that would overprint an
    earlier one moves a line further, away from its edge (or up, at a side)."""
    placed: list[tuple[float, float, float]] = []
    spread = []
    for arrow in arrows:
        width = len(arrow.text) * font * 0.55
        left = arrow.text_x - (width if arrow.anchor == "end" else 0)
        y = arrow.text_y
        while any(
            abs(y - py) < font and left < px + pw and px < left + width
            for px, py, pw in placed
        ):
            y += arrow.step
        placed.append((left, y, width))
        box = (_n(left - font * 0.15), _n(y - font * 0.85), _n(width + font * 0.3))
        spread.append(replace(arrow, text_y=_n(y), box=(*box, _n(font * 1.1))))
    return spread
