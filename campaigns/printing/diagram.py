"""The setup sheet's table diagram, drawn from the battle's battlefield data.

The SVG's user units are inches (its ``viewBox`` runs from minus the margin to
the table's size plus the margin), so every rectangle and circle carries the
data's own numbers: a 6" band along the north edge of a 36" table is
``<rect x="0" y="0" width="36" height="6">``, and a test can check the drawing
against the data. North is up; a clock direction reads 12 = north, 3 = east.

Inside the SVG there are only numbers, compass letters and keys; names go in
the legend beside it, where text can wrap. Nothing is drawn that the data does
not say: a company that deploys "anywhere" has no zone, a carried objective no
marker (the legend says who carries it).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace
from typing import Any

from campaigns.printing.diagram_arrows import Arrow, arrival_arrows, spread_labels
from campaigns.printing.diagram_text import (
    KIND_STYLE,
    feature_where,
    objective_line,
    terrain_kind,
)
from campaigns.printing.inches import svg_inches as _n
from engines.battlefield import Battlefield, Force
from engines.enums import Cover, Deployment, Shape

MAX_WIDTH_MM = 96.0
MAX_DEPTH_MM = 92.0
MARGIN_MM = 7.0
"""Room around the table for compass letters, arrival arrows and the scale."""
GRID_INCHES = 6
ZONE_INSET = 0.35
"""Inches inside a zone's edge where its outline is drawn over the terrain."""
FONT_MM = 2.4
SMALL_MM = 2.0
COVER_FILL = {Cover.HARD.value: "#7d7d7d", Cover.SOFT.value: "#9fbf8a", "none": "none"}
EXIT_DASH = "1.2 0.6"
COVER_OPACITY = {Cover.HARD.value: 0.55, Cover.SOFT.value: 0.5, "none": 0}


@dataclass(frozen=True)
class ZoneShape:
    key: int
    colour: str
    kind: str
    """"rect" or "circle"."""
    x: float = 0
    y: float = 0
    width: float = 0
    height: float = 0
    r: float = 0
    label: str = ""
    """The depth or radius, written on the zone: '6″', 'r 6″'."""
    label_x: float = 0
    label_y: float = 0
    key_x: float = 0
    key_y: float = 0

    # Its outline drawn again over the terrain, a little inside, so a zone
    # that coincides with a feature shows as both.
    @property
    def inner_r(self) -> float:
        return _n(max(self.r - ZONE_INSET, 0))

    @property
    def inner_x(self) -> float:
        return _n(self.x + ZONE_INSET)

    @property
    def inner_y(self) -> float:
        return _n(self.y + ZONE_INSET)

    @property
    def inner_width(self) -> float:
        return _n(max(self.width - 2 * ZONE_INSET, 0))

    @property
    def inner_height(self) -> float:
        return _n(max(self.height - 2 * ZONE_INSET, 0))


@dataclass(frozen=True)
class FeatureShape:
    letter: str
    kind: str
    x: float
    y: float
    width: float = 0
    height: float = 0
    r: float = 0
    fill: str = "none"
    opacity: float = 0
    objective: bool = False
    letter_x: float = 0
    letter_y: float = 0
    dash: str = ""
    """The outline's dashes ("" solid): a water's dotted bank, a road's edge."""
    exit: bool = False
    """A way out the scene's ways to win leave through (drawn open)."""


@dataclass(frozen=True)
class Marker:
    """An objective diamond at its position (a rolled one with its line)."""

    x: float
    y: float
    points: str
    line: tuple[float, float, float, float] | None = None
    clamped: bool = False


@dataclass(frozen=True)
class Diagram:
    width_mm: float
    height_mm: float
    view_box: str
    table_width: int
    table_depth: int
    margin: float
    grid: tuple[tuple[float, float, float, float], ...]
    zones: tuple[ZoneShape, ...]
    arrows: tuple[Arrow, ...]
    features: tuple[FeatureShape, ...]
    markers: tuple[Marker, ...]
    compass: tuple[tuple[float, float, str], ...]
    scale: dict[str, Any]
    font: float
    small: float
    stroke: float
    legend: tuple[dict[str, Any], ...] = field(default=())
    feature_legend: tuple[dict[str, Any], ...] = field(default=())
    objective_legend: tuple[str, ...] = field(default=())
    terrain_line: str = ""
    """A rolled table's word to the players (§3.13): stand their own pieces."""


TERRAIN_ROLLED = (
    "Terrain rolled for this battle: stand a piece of your own in each lettered "
    "place, treated as the key says."
)


def table_diagram(
    *,
    battlefield: Battlefield,
    companies: list[dict[str, Any]],
    uses: dict[str, Any] | None = None,
) -> Diagram:
    """Lay out the table: zones in each company's colour keyed by number, arrival
    arrows, terrain keyed by letter, objectives, a grid and a scale. ``uses``:
    what the scene's ways to win make of its pieces (the pack data's), so a
    way out is drawn and keyed as one and each objective says what it is for."""
    exits = set((uses or {}).get("exits", ()))
    purposes = (uses or {}).get("objectives", {})
    width, depth = battlefield.width, battlefield.depth
    mm_per_inch = min(MAX_WIDTH_MM / width, MAX_DEPTH_MM / depth)
    margin = MARGIN_MM / mm_per_inch
    font, small = FONT_MM / mm_per_inch, SMALL_MM / mm_per_inch
    stroke = 0.3 / mm_per_inch

    colours = {str(c["id"]): (c["colour"], c) for c in companies}
    keys = {str(c["id"]): n for n, c in enumerate(companies, start=1)}
    zones, arrows, legend = [], [], []
    for force in battlefield.forces:
        key = keys.get(force.key, len(keys) + 1)
        colour, company = colours.get(force.key, ("#555555", {}))
        if force.arrival is None or force.zone.kind is not Deployment.EDGE:
            shape = _zone(force, key, colour, width, depth, font)
            if shape is not None:
                zones.append(shape)
        arrows.extend(arrival_arrows(force, key, colour, width, depth, font))
        legend.append(
            {"side_label": force.side.label}
            | {"key": key, "colour": colour, "force": force, **company}
        )

    zones = _spread_keys(zones, font)
    arrows = spread_labels(arrows, font * 0.9)
    features = tuple(
        _feature(f, chr(ord("A") + i), font, exit=f.name in exits)
        for i, f in enumerate(battlefield.features)
    )
    feature_legend = tuple(
        {
            "letter": shape.letter,
            "feature": f,
            "where": feature_where(f),
            "kind": terrain_kind(f) if terrain_kind(f) in KIND_STYLE else "",
            "exit": shape.exit,
        }
        for shape, f in zip(features, battlefield.features, strict=True)
    )
    markers = tuple(
        m
        for m in (_marker(o, width, depth, font) for o in battlefield.objectives)
        if m is not None
    )
    grid = tuple(
        [(x, 0, x, depth) for x in range(GRID_INCHES, width, GRID_INCHES)]
        + [(0, y, width, y) for y in range(GRID_INCHES, depth, GRID_INCHES)]
    )
    compass = (
        (_n(width / 2), _n(-margin * 0.3), "N (12)"),
        (_n(width + margin / 2), _n(depth / 2 + font / 3), "E"),
        (_n(width / 2), _n(depth + margin * 0.55), "S (6)"),
        (_n(-margin / 2), _n(depth / 2 + font / 3), "W"),
    )
    span = GRID_INCHES if width >= 2 * GRID_INCHES else max(1, width // 2)
    bar_y = depth + margin * 0.6
    scale = {
        "x1": 0,
        "x2": span,
        "y": _n(bar_y),
        "ticks": (0, span),
        "tick_top": _n(bar_y - font * 0.3),
        "tick_bottom": _n(bar_y + font * 0.3),
        "label": f"{span}\u2033",
        "label_x": _n(span + font * 0.3),
        "label_y": _n(bar_y + font * 0.35),
    }
    return Diagram(
        width_mm=round((width + 2 * margin) * mm_per_inch, 2),
        height_mm=round((depth + 2 * margin) * mm_per_inch, 2),
        view_box=f"{_n(-margin)} {_n(-margin)} {_n(width + 2 * margin)} "
        f"{_n(depth + 2 * margin)}",
        table_width=width,
        table_depth=depth,
        margin=_n(margin),
        grid=grid,
        zones=tuple(zones),
        arrows=tuple(arrows),
        features=features,
        markers=markers,
        compass=compass,
        scale=scale,
        font=_n(font),
        small=_n(small),
        stroke=_n(stroke),
        legend=tuple(legend),
        feature_legend=feature_legend,
        objective_legend=tuple(
            objective_line(o, purposes.get(o.name)) for o in battlefield.objectives
        ),
        terrain_line=TERRAIN_ROLLED if battlefield.terrain_rolled else "",
    )


def _zone(
    force: Force, key: int, colour: str, width: int, depth: int, font: float
) -> ZoneShape | None:
    zone = force.zone
    if zone.kind is Deployment.ANYWHERE:
        return None
    if zone.kind is Deployment.CENTRE:
        r = zone.radius or 0
        return ZoneShape(
            key=key,
            colour=colour,
            kind="circle",
            x=_n(width / 2),
            y=_n(depth / 2),
            r=r,
            label=f"r {r}\u2033",
            label_x=_n(width / 2),
            label_y=_n(depth / 2 + r - font * 0.4),
            key_x=_n(width / 2),
            key_y=_n(depth / 2),
        )
    box = zone.box(width, depth)
    if box is None:
        return None
    x, y, w, h = box
    if zone.kind is Deployment.EDGE:
        label = f"{zone.depth}\u2033"
        # The depth is written near the band's west or north end, the key at its
        # middle.
        along_x = w >= h
        label_x = x + (font * 1.6 if along_x else w / 2)
        label_y = y + (h / 2 + font * 0.35 if along_x else font * 1.4)
    else:
        # A rectangle's size goes at the middle of its foot, clear of the key at
        # its centre (below the zone when it is too shallow for both).
        label = f"{_n(w):g}\u2033 × {_n(h):g}\u2033"
        label_x = x + w / 2
        label_y = y + h - font * 0.4 if h >= font * 3 else y + h + font * 0.9
    return ZoneShape(
        key=key,
        colour=colour,
        kind="rect",
        x=_n(x),
        y=_n(y),
        width=_n(w),
        height=_n(h),
        label=label,
        label_x=_n(label_x),
        label_y=_n(label_y),
        key_x=_n(x + w / 2),
        key_y=_n(y + h / 2),
    )


def _spread_keys(zones: list[ZoneShape], font: float) -> list[ZoneShape]:
    """Keys of companies that deploy in the same place, side by side along the
    zone instead of on top of each other."""
    groups: dict[tuple, list[int]] = {}
    for index, zone in enumerate(zones):
        shape = (zone.kind, zone.x, zone.y, zone.width, zone.height, zone.r)
        groups.setdefault(shape, []).append(index)
    spread = list(zones)
    for indexes in groups.values():
        if len(indexes) < 2:
            continue
        step = font * 1.4
        for n, index in enumerate(indexes):
            zone = zones[index]
            offset = (n - (len(indexes) - 1) / 2) * step
            if zone.kind == "rect" and zone.height > zone.width:
                spread[index] = replace(zone, key_y=_n(zone.key_y + offset))
            else:
                spread[index] = replace(zone, key_x=_n(zone.key_x + offset))
    return spread


def _feature(feature, letter: str, font: float, *, exit: bool = False) -> FeatureShape:
    cover = feature.cover.value
    style = KIND_STYLE.get(terrain_kind(feature), {})
    common = {
        "letter": letter,
        "fill": style.get("fill", COVER_FILL.get(cover, "none")),
        "opacity": style.get("opacity", COVER_OPACITY.get(cover, 0)),
        "dash": style.get("dash", "0.5 0.35" if cover == "none" else ""),
        "objective": feature.objective,
        "exit": exit,
    }
    if exit:
        # A way out: an open outline with long dashes, never a solid wall.
        common |= {"opacity": min(common["opacity"], 0.3), "dash": EXIT_DASH}
    if feature.shape is Shape.CIRCLE:
        return FeatureShape(
            kind="circle",
            x=_n(feature.x),
            y=_n(feature.y),
            r=_n(feature.radius or 0),
            letter_x=_n(feature.x),
            letter_y=_n(feature.y - (feature.radius or 0) + font),
            **common,
        )
    return FeatureShape(
        kind="rect",
        x=_n(feature.x),
        y=_n(feature.y),
        width=_n(feature.width or 0),
        height=_n(feature.depth or 0),
        letter_x=_n(feature.x + font * 0.55),
        letter_y=_n(feature.y + font),
        **common,
    )


def objective_point(objective, width: int, depth: int) -> tuple[float, float] | None:
    """Where an objective stands, in inches, or None (carried, or not placed)."""
    if objective.placement is not None:
        clock, inches = objective.placement
        angle = math.radians((clock % 12) * 30)
        return (
            width / 2 + inches * math.sin(angle),
            depth / 2 - inches * math.cos(angle),
        )
    if objective.placed:
        return (float(objective.x), float(objective.y))
    return None


def _marker(objective, width: int, depth: int, font: float) -> Marker | None:
    point = objective_point(objective, width, depth)
    if point is None:
        return None
    x, y = point
    cx, cy = min(max(x, 0.5), width - 0.5), min(max(y, 0.5), depth - 0.5)
    half = font * 0.55
    corners = ((cx, cy - half), (cx + half, cy), (cx, cy + half), (cx - half, cy))
    points = " ".join(f"{_n(px)},{_n(py)}" for px, py in corners)
    line = None
    if objective.placement is not None:
        line = (_n(width / 2), _n(depth / 2), _n(cx), _n(cy))
    return Marker(
        x=_n(cx),
        y=_n(cy),
        points=points,
        line=line,
        clamped=(cx, cy) != (x, y),
    )
