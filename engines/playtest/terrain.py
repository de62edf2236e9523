"""What each terrain feature does on the abstract table (RULES §7), as data.

A feature of the battlefield (:class:`engines.battlefield.Feature`: a
rectangle or a circle with its kind and cover) becomes, here, convex areas
with a part to play:

- it **stops movement** (:data:`STOPS`: building, wall, water) — grown by half
  a base, since a character's 1" base may not overlap it; water loses the
  stretch a road crosses it by (:data:`CROSSING`), so a ford or a bridge is
  the way over;
- it **slows** (:data:`DIFFICULT`: woods): half speed inside;
- it **blocks sight** (:data:`BLOCKS_SIGHT`: building, wall) whatever length of
  the line it covers; woods block a line running through more than
  :data:`WOODS_SIGHT` inches of them; a hill blocks a line across its crest
  (:data:`CREST_SHARE`), unless one of the two stands on the hill;
- it gives its **cover** to a character standing in it or touching it.

The battlefield's features are rectangles and circles today; a wall or a
hedge is a thin rectangle (§3.13's 6" × 1" line). A feature given by its two
ends would be a thin rectangle along it (:func:`engines.playtest.geometry.line`).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from engines.battlefield import Feature
from engines.enums import Cover, Shape, TerrainKind
from engines.playtest.geometry import (
    Convex,
    Point,
    circle,
    minus_box,
    rectangle,
    segment_distance,
    segments_cross,
)

BASE = 1.0
"""§7: a character is a point with a 1" base."""
RADIUS = BASE / 2
STOPS = frozenset({TerrainKind.BUILDING, TerrainKind.WALL, TerrainKind.WATER})
"""Kinds that stop movement (water only where no crossing runs over it)."""
CROSSING = frozenset({TerrainKind.ROAD})
"""Kinds that make a way over water where they cross it."""
DIFFICULT = frozenset({TerrainKind.WOODS})
"""Difficult ground: half speed inside."""
DIFFICULT_SPEED = 0.5
BLOCKS_SIGHT = frozenset({TerrainKind.BUILDING, TerrainKind.WALL})
WOODS_SIGHT = 2.0
"""More than this many inches of woods along a line of sight block it."""
SCREENS = frozenset({TerrainKind.WOODS})
TOUCH = 0.01
"""Inches of gap still read as touching a feature (measuring, rounding)."""
CRESTED = frozenset({TerrainKind.HILL})
CREST_SHARE = 0.5
"""A round hill's crest: the line of sight passes within this share of its
radius from its centre (a long hill: across the middle line of its length)
**(adaptation: §7 says only "a hill's crest")**."""


WALL, SCREEN, CREST = 1, 2, 3
"""What an area does to a line of sight: blocks it wherever it crosses, blocks
it past :data:`WOODS_SIGHT` inches, blocks it across the crest."""


@dataclass(frozen=True, slots=True)
class Area:
    """One feature as the abstract table reads it."""

    name: str
    kind: TerrainKind
    cover: Cover
    outline: Convex
    feature: Feature
    rank: int
    solid: Convex | None
    """Where no base may stand, for a feature that stops movement: touching
    it is standing against this (the outline grown by half a base)."""
    reach: tuple[float, float, float, float]
    """The box a touching base's centre stands in (a quick test first)."""
    """Its cover's rank (0 none, 1 soft, 2 hard), read once."""
    crest: tuple[Point, Point, float]
    """The crest as a segment and a reach: the line of sight crosses the crest
    when it passes within ``reach`` of the segment (a hill only)."""


@dataclass(frozen=True, slots=True)
class Sighting:
    """An area that can block sight: its part, its box (west, north, east, south)."""

    part: int
    west: float
    north: float
    east: float
    south: float
    area: Area


def touches(area: Area, p: Point) -> bool:
    """A base at ``p`` stands in the feature or touches it."""
    if area.solid is not None:
        return area.solid.distance(p) <= TOUCH
    return area.outline.distance(p) <= RADIUS + TOUCH


def touching_spot(area: Area, at: Point) -> Point:
    """The nearest place to ``at`` where a base touches the feature."""
    if touches(area, at):
        return at
    shape, keep = (
        (area.solid, TOUCH / 2) if area.solid is not None else (area.outline, RADIUS)
    )
    near = shape.nearest(at)
    gap = math.dist(at, near)
    t = (gap - keep) / gap
    return (at[0] + t * (near[0] - at[0]), at[1] + t * (near[1] - at[1]))


def outline_of(feature: Feature, grow: float = 0, *, outside: bool = False) -> Convex:
    """A feature's rectangle or circle as a convex area, grown by ``grow``."""
    if feature.shape is Shape.CIRCLE:
        return circle(feature.x, feature.y, feature.radius or 0, grow, outside=outside)
    return rectangle(feature.x, feature.y, feature.width or 0, feature.depth or 0, grow)


def _crest(feature: Feature) -> tuple[Point, Point, float]:
    if feature.shape is Shape.CIRCLE:
        centre = (feature.x, feature.y)
        return (centre, centre, (feature.radius or 0) * CREST_SHARE)
    width, depth = feature.width or 0, feature.depth or 0
    if width >= depth:
        middle = feature.y + depth / 2
        return ((feature.x, middle), (feature.x + width, middle), 0.0)
    middle = feature.x + width / 2
    return ((middle, feature.y), (middle, feature.y + depth), 0.0)


@dataclass(frozen=True, slots=True)
class Ground:
    """The table's terrain, compiled once per battlefield."""

    width: float
    depth: float
    areas: tuple[Area, ...]
    obstacles: tuple[Convex, ...]
    """Where no character's centre may go: what stops movement, grown by half a base."""
    lit: tuple[tuple[Convex, float], ...] = ()
    """Lit features and the inches within which a character is seen from any
    distance (§1)."""
    sight_limit: float | None = None
    sighting: tuple[Sighting, ...] = field(init=False, repr=False, compare=False)
    """The areas that can block a line of sight, in order, each with its part
    (:data:`WALL`, :data:`SCREEN` or :data:`CREST`) and its box."""

    def __post_init__(self) -> None:
        parts = []
        for area in self.areas:
            part = (
                WALL
                if area.kind in BLOCKS_SIGHT
                else SCREEN
                if area.kind in SCREENS
                else CREST
                if area.kind in CRESTED
                else 0
            )
            if part:
                parts.append(Sighting(part, *area.outline.box, area))
        object.__setattr__(self, "sighting", tuple(parts))

    @property
    def difficult(self) -> tuple[Convex, ...]:
        return tuple(a.outline for a in self.areas if a.kind in DIFFICULT)

    def blocks_sight(self, a: Point, b: Point) -> bool:
        """Whether the terrain blocks the line of sight between ``a`` and ``b``.

        Only the areas that can block it are asked, in the features' order;
        an area whose box the line's box does not reach is passed over
        unasked (each test would find nothing there: the same box test opens
        each of them)."""
        woods = 0.0
        (ax, ay), (bx, by) = a, b
        low_x, high_x = (ax, bx) if ax < bx else (bx, ax)
        low_y, high_y = (ay, by) if ay < by else (by, ay)
        for seen in self.sighting:
            part, area = seen.part, seen.area
            if part == CREST:
                if (
                    high_x < seen.west
                    or low_x > seen.east
                    or high_y < seen.north
                    or low_y > seen.south
                ):
                    continue
                if _over_crest(area, a, b):
                    return True
                continue
            if (
                high_x <= seen.west
                or low_x >= seen.east
                or high_y <= seen.north
                or low_y >= seen.south
            ):
                continue
            if part == WALL:
                if area.outline.clip(a, b) is not None:
                    return True
            else:
                woods += area.outline.crossed(a, b)
                if woods > WOODS_SIGHT:
                    return True
        return False

    def lit_near(self, p: Point) -> bool:
        """Within the lit distance of a lit feature: seen from any distance."""
        return any(area.distance(p) - RADIUS <= inches for area, inches in self.lit)

    def cover_at(self, p: Point) -> Cover:
        """The best cover of the features the character stands in or touches."""
        best, rank = Cover.NONE, 0
        x, y = p
        for area in self.areas:
            if area.rank <= rank:
                continue
            west, north, east, south = area.reach
            if x < west or x > east or y < north or y > south:
                continue
            if touches(area, p):
                best, rank = area.cover, area.rank
        return best

    def slowed(self, a: Point, b: Point) -> float:
        """Inches of the segment in difficult ground."""
        return sum(
            area.outline.crossed(a, b) for area in self.areas if area.kind in DIFFICULT
        )

    def inside_table(self, p: Point) -> bool:
        return 0 <= p[0] <= self.width and 0 <= p[1] <= self.depth


def _over_crest(area: Area, a: Point, b: Point) -> bool:
    """The line crosses the hill's crest, neither end on the hill (asked only
    of a line whose box reaches the hill's: :meth:`Ground.blocks_sight`)."""
    start, end, reach = area.crest
    if reach > 0:
        crossed = segment_distance(start, a, b) <= reach
    else:
        crossed = segments_cross(a, b, start, end)
    # one of them on the hill sees over it
    return crossed and not area.outline.touches(a) and not area.outline.touches(b)


def _area(feature: Feature) -> Area:
    solid = (
        outline_of(feature, RADIUS, outside=True) if feature.terrain in STOPS else None
    )
    shape, margin = (solid, TOUCH) if solid else (outline_of(feature), RADIUS + TOUCH)
    west, north, east, south = shape.box
    return Area(
        name=feature.name,
        kind=feature.terrain,
        cover=feature.cover,
        outline=outline_of(feature),
        feature=feature,
        rank=feature.cover.rank,
        solid=solid,
        reach=(west - margin, north - margin, east + margin, south + margin),
        crest=_crest(feature),
    )


def ground(
    features: Iterable[Feature],
    *,
    width: float,
    depth: float,
    lit: Mapping[str, float] | None = None,
    sight_limit: float | None = None,
) -> Ground:
    """The table's terrain from the battlefield's features.

    ``lit`` names the lit features and how near one must be to be seen from
    any distance; ``sight_limit`` is the battle's (None: no limit).
    """
    features = tuple(features)
    areas = tuple(_area(f) for f in features)
    crossings = [a.outline.box for a in areas if a.kind in CROSSING]
    obstacles: list[Convex] = []
    for area in areas:
        if area.solid is None:
            continue
        pieces = [area.solid]
        if area.kind is TerrainKind.WATER:
            for box in crossings:
                pieces = [part for piece in pieces for part in minus_box(piece, box)]
        obstacles.extend(pieces)
    shown = dict(lit or {})
    return Ground(
        width=width,
        depth=depth,
        areas=areas,
        obstacles=tuple(obstacles),
        lit=tuple((a.outline, shown[a.name]) for a in areas if a.name in shown),
        sight_limit=sight_limit,
    )


def edge_gap(p: Point, width: float, depth: float) -> float:
    """Inches from a character's base edge to the nearest table edge."""
    return max(0.0, min(p[0], p[1], width - p[0], depth - p[1]) - RADIUS)


def base_gap(a: Point, b: Point) -> float:
    """§0 *within X*: inches between the two characters' base edges."""
    gap = math.dist(a, b) - BASE
    return gap if gap > 0.0 else 0.0  # max(0.0, gap), without the call
