"""The setup sheet's top-down table diagram, as numbers for an inline SVG.

Everything here is geometry in millimetres; the template draws it with
``<rect>``, ``<circle>`` and ``<text>`` elements, and the only words inside the
SVG are numbers and compass letters (company names go in the legend beside it,
where the text can wrap). North is up; a clock direction reads 12 = north,
3 = east (RULES §0).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from engines.enums import Edge

MAX_WIDTH_MM = 88.0
MAX_DEPTH_MM = 88.0
MARGIN_MM = 6.0
"""Room around the table for the compass letters and clock numbers."""
EDGE_ZONE_INCHES = 3.0
"""How deep an entry edge's band is drawn."""
CENTRE_ZONE_SHARE = 1 / 3
"""The centre zone's side, as a share of the table's smaller dimension."""
GRID_INCHES = 6
MARKER_HALF = 1.8
"""Half the side of the objective's diamond, in mm."""


def _mm(value: float) -> float:
    """Millimetres to a hundredth: short SVG numbers."""
    return round(value, 2)


@dataclass(frozen=True)
class Zone:
    key: int
    colour: str
    x: float
    y: float
    width: float
    height: float
    label_x: float
    label_y: float
    circle_y: float


@dataclass(frozen=True)
class Marker:
    x: float
    y: float
    line_x1: float
    line_y1: float
    box_x: float
    box_y: float
    label: str
    """Numbers only: "11 o'clock, 7\"" is built from the placement's numbers."""
    clamped: bool


@dataclass(frozen=True)
class Diagram:
    width: float
    height: float
    table_x: float
    table_y: float
    table_width: float
    table_depth: float
    inches_wide: int
    inches_deep: int
    grid: tuple[tuple[float, float, float, float], ...]
    zones: tuple[Zone, ...]
    compass: tuple[tuple[float, float, str], ...]
    font: float
    marker: Marker | None = None
    legend: tuple[dict[str, Any], ...] = field(default=())


def table_diagram(
    *,
    width_in: int,
    depth_in: int,
    companies: Sequence[dict[str, Any]],
    objective: dict[str, Any] | None,
) -> Diagram:
    """Lay out the table: each company's entry edge (or the centre zone) in its
    colour, keyed by number, and the placed objective if there is one."""
    scale = min(MAX_WIDTH_MM / width_in, MAX_DEPTH_MM / depth_in)
    tw, td = width_in * scale, depth_in * scale
    ox = oy = MARGIN_MM

    def at(x_in: float, y_in: float) -> tuple[float, float]:
        return ox + x_in * scale, oy + y_in * scale

    grid = tuple(
        tuple(_mm(v) for v in line)
        for line in [
            (*at(x, 0), *at(x, depth_in))
            for x in range(GRID_INCHES, width_in, GRID_INCHES)
        ]
        + [
            (*at(0, y), *at(width_in, y))
            for y in range(GRID_INCHES, depth_in, GRID_INCHES)
        ]
    )

    zones: list[Zone] = []
    legend: list[dict[str, Any]] = []
    by_edge: dict[str, list[tuple[int, dict[str, Any]]]] = {}
    for key, company in enumerate(companies, start=1):
        by_edge.setdefault(company["entry_edge"], []).append((key, company))
        legend.append({"key": key, **company})
    band = min(EDGE_ZONE_INCHES, depth_in / 4, width_in / 4) * scale
    for edge, group in by_edge.items():
        zones.extend(_zones(edge, group, ox, oy, tw, td, band, width_in, scale))

    font = 2.6
    compass = tuple(
        (_mm(x), _mm(y), letter)
        for x, y, letter in (
            (ox + tw / 2, oy - 1.6, "N (12)"),
            (ox + tw + MARGIN_MM / 2, oy + td / 2 + font / 3, "E"),
            (ox + tw / 2, oy + td + MARGIN_MM - 1.4, "S (6)"),
            (ox - MARGIN_MM / 2, oy + td / 2 + font / 3, "W"),
        )
    )
    marker = None
    if objective:
        marker = _marker(objective, width_in, depth_in, at)
    return Diagram(
        width=_mm(tw + 2 * MARGIN_MM),
        height=_mm(td + 2 * MARGIN_MM),
        table_x=ox,
        table_y=oy,
        table_width=_mm(tw),
        table_depth=_mm(td),
        inches_wide=width_in,
        inches_deep=depth_in,
        grid=grid,
        zones=tuple(zones),
        compass=compass,
        font=font,
        marker=marker,
        legend=tuple(legend),
    )


def _zones(edge, group, ox, oy, tw, td, band, width_in, scale) -> list[Zone]:
    n = len(group)
    zones = []
    for i, (key, company) in enumerate(group):
        if edge == Edge.NORTH:
            x, y, w, h = ox + tw * i / n, oy, tw / n, band
        elif edge == Edge.SOUTH:
            x, y, w, h = ox + tw * i / n, oy + td - band, tw / n, band
        elif edge == Edge.WEST:
            x, y, w, h = ox, oy + td * i / n, band, td / n
        elif edge == Edge.EAST:
            x, y, w, h = ox + tw - band, oy + td * i / n, band, td / n
        else:  # centre
            side = min(tw, td) * CENTRE_ZONE_SHARE
            x0, y0 = ox + (tw - side) / 2, oy + (td - side) / 2
            x, y, w, h = x0 + side * i / n, y0, side / n, side
        zones.append(
            Zone(
                key=key,
                colour=company["colour"],
                x=_mm(x),
                y=_mm(y),
                width=_mm(w),
                height=_mm(h),
                label_x=_mm(x + w / 2),
                label_y=_mm(y + h / 2 + 1.0),
                circle_y=_mm(y + h / 2),
            )
        )
    return zones


def _marker(objective, width_in, depth_in, at) -> Marker:
    clock, inches = int(objective["clock"]), int(objective["inches"])
    angle = math.radians((clock % 12) * 30)
    cx, cy = width_in / 2, depth_in / 2
    x_in = cx + inches * math.sin(angle)
    y_in = cy - inches * math.cos(angle)
    clamped_x = min(max(x_in, 0.5), width_in - 0.5)
    clamped_y = min(max(y_in, 0.5), depth_in - 0.5)
    x, y = at(clamped_x, clamped_y)
    x1, y1 = at(cx, cy)
    return Marker(
        x=_mm(x),
        y=_mm(y),
        line_x1=_mm(x1),
        line_y1=_mm(y1),
        box_x=_mm(x - MARKER_HALF),
        box_y=_mm(y - MARKER_HALF),
        label=f"{clock} o'clock, {inches}\u2033",
        clamped=(clamped_x, clamped_y) != (x_in, y_in),
    )
