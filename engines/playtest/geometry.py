"""Plane geometry for the abstract table (RULES §7): convex areas and segments.

Coordinates are inches from the table's north-west corner, ``x`` east and
``y`` south, as on the battlefield (:mod:`engines.battlefield`). Every area is a
convex polygon: a rectangle as itself, a circle as a regular polygon
(:data:`CIRCLE_SIDES` sides), a line (a wall, a hedge) as a thin rectangle
along it. One shape keeps one set of tests fast: whether a point is inside,
and which stretch of a segment runs through the inside (Cyrus–Beck clipping
against the polygon's half-planes).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

Point = tuple[float, ...]
"""An (x, y) pair of inches. Typed as a tuple of floats of any length, not
``tuple[float, float]``: the compiled engine (``make engine``) keeps a
fixed-length tuple as bare C numbers and makes a new tuple of two new floats
each time one is read from a piece, put in a dictionary key or handed to
:func:`math.dist` — about a seventh of a battle's time. Every point is made as
a pair."""

EPS = 1e-7
"""Inches treated as nothing: a segment grazing an edge or a corner is outside."""
CIRCLE_SIDES = 16
"""A circle is drawn as a regular polygon of this many sides."""


@dataclass(frozen=True, slots=True)
class Convex:
    """A convex polygon: its corners and its edges as half-planes.

    A point ``p`` is inside when ``nx * x + ny * y < c`` for every plane
    ``(nx, ny, c)`` (normals point out, unit length, so ``c - n·p`` is the
    distance inside that edge).
    """

    corners: tuple[Point, ...]
    planes: tuple[tuple[float, float, float], ...]
    box: tuple[float, float, float, float]
    """West, north, east, south bounds: a quick test before the planes."""

    def contains(self, p: Point, margin: float = EPS) -> bool:
        """Strictly inside (more than ``margin`` from every edge)."""
        x, y = p
        west, north, east, south = self.box
        if x <= west or x >= east or y <= north or y >= south:
            return False
        for nx, ny, c in self.planes:
            if nx * x + ny * y >= c - margin:
                return False
        return True

    def touches(self, p: Point) -> bool:
        """Inside or on the outline."""
        x, y = p
        west, north, east, south = self.box
        if x < west - EPS or x > east + EPS or y < north - EPS or y > south + EPS:
            return False
        for nx, ny, c in self.planes:
            if nx * x + ny * y > c + EPS:
                return False
        return True

    def clip(self, a: Point, b: Point) -> tuple[float, float] | None:
        """The part of segment ``a``→``b`` strictly inside, as fractions (t0, t1)
        of its length; None when it only grazes or misses (Cyrus–Beck)."""
        ax, ay = a
        bx, by = b
        west, north, east, south = self.box
        if (ax <= west and bx <= west) or (ax >= east and bx >= east):
            return None
        if (ay <= north and by <= north) or (ay >= south and by >= south):
            return None
        dx, dy = bx - ax, by - ay
        t0, t1 = 0.0, 1.0
        for nx, ny, c in self.planes:
            room = c - (nx * ax + ny * ay)
            rate = nx * dx + ny * dy
            if -EPS < rate < EPS:
                if room <= EPS:
                    return None
                continue
            t = room / rate
            if rate > 0:
                if t < t1:
                    t1 = t
            elif t > t0:
                t0 = t
            if t0 >= t1:
                return None
        length = math.hypot(dx, dy)
        if (t1 - t0) * length <= EPS * 10:
            return None
        return (t0, t1)

    def crossed(self, a: Point, b: Point) -> float:
        """Inches of segment ``a``→``b`` inside."""
        part = self.clip(a, b)
        if part is None:
            return 0.0
        return (part[1] - part[0]) * math.dist(a, b)

    def distance(self, p: Point) -> float:
        """Inches from ``p`` to the area (0 inside)."""
        if self.touches(p):
            return 0.0
        corners = self.corners
        return min(
            segment_distance(p, corners[i - 1], corners[i]) for i in range(len(corners))
        )

    def nearest(self, p: Point) -> Point:
        """The point of the area nearest ``p`` (``p`` itself inside)."""
        if self.touches(p):
            return p
        corners = self.corners
        best = min(
            (
                closest_on_segment(p, corners[i - 1], corners[i])
                for i in range(len(corners))
            ),
            key=lambda q: math.dist(p, q),
        )
        return best


def convex(points: Sequence[Point]) -> Convex:
    """A convex polygon from its corners, in either turning order."""
    corners = list(points)
    area = sum(
        corners[i - 1][0] * corners[i][1] - corners[i][0] * corners[i - 1][1]
        for i in range(len(corners))
    )
    if area < 0:
        corners.reverse()
    planes = []
    for i in range(len(corners)):
        (ax, ay), (bx, by) = corners[i - 1], corners[i]
        nx, ny = by - ay, -(bx - ax)
        size = math.hypot(nx, ny)
        if size <= EPS:
            continue
        nx, ny = nx / size, ny / size
        planes.append((nx, ny, nx * ax + ny * ay))
    xs = [x for x, _ in corners]
    ys = [y for _, y in corners]
    return Convex(
        corners=tuple(corners),
        planes=tuple(planes),
        box=(min(xs), min(ys), max(xs), max(ys)),
    )


def rectangle(
    x: float, y: float, width: float, depth: float, grow: float = 0
) -> Convex:
    """A rectangle from its north-west corner, grown by ``grow`` on every side."""
    west, north = x - grow, y - grow
    east, south = x + width + grow, y + depth + grow
    return convex(((west, north), (east, north), (east, south), (west, south)))


def circle(
    x: float, y: float, radius: float, grow: float = 0, *, outside: bool = False
) -> Convex:
    """A circle as a regular polygon; ``outside``: one that holds the whole circle
    (what stops movement), else one through the circle's outline."""
    reach = radius + grow
    if outside:
        reach /= math.cos(math.pi / CIRCLE_SIDES)
    step = 2 * math.pi / CIRCLE_SIDES
    return convex(
        [
            (x + reach * math.cos(i * step), y + reach * math.sin(i * step))
            for i in range(CIRCLE_SIDES)
        ]
    )


def line(a: Point, b: Point, thickness: float, grow: float = 0) -> Convex:
    """A line feature (a wall, a hedge) as a thin rectangle along it."""
    (ax, ay), (bx, by) = a, b
    length = math.dist(a, b) or 1.0
    ux, uy = (bx - ax) / length, (by - ay) / length
    half = thickness / 2 + grow
    px, py = -uy * half, ux * half
    ax, ay, bx, by = ax - ux * grow, ay - uy * grow, bx + ux * grow, by + uy * grow
    return convex(
        ((ax + px, ay + py), (bx + px, by + py), (bx - px, by - py), (ax - px, ay - py))
    )


def half_plane_clip(
    points: Sequence[Point], nx: float, ny: float, c: float
) -> list[Point]:
    """The part of a convex polygon where ``nx * x + ny * y <= c``
    (Sutherland–Hodgman against one plane)."""
    kept: list[Point] = []
    for i in range(len(points)):
        p, q = points[i - 1], points[i]
        fp = nx * p[0] + ny * p[1] - c
        fq = nx * q[0] + ny * q[1] - c
        if fq <= 0:
            if fp > 0:
                kept.append(_cut(p, q, fp, fq))
            kept.append(q)
        elif fp <= 0:
            kept.append(_cut(p, q, fp, fq))
    return kept


def _cut(p: Point, q: Point, fp: float, fq: float) -> Point:
    t = fp / (fp - fq)
    return (p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1]))


def minus_box(area: Convex, box: tuple[float, float, float, float]) -> list[Convex]:
    """What is left of ``area`` outside an upright box (west, north, east,
    south): at most four convex pieces (a river less its ford)."""
    west, north, east, south = box
    pieces = []
    rest: list[Point] = list(area.corners)
    for nx, ny, c in (
        (1.0, 0.0, west),
        (-1.0, 0.0, -east),
        (0.0, 1.0, north),
        (0.0, -1.0, -south),
    ):
        piece = half_plane_clip(rest, nx, ny, c)
        rest = half_plane_clip(rest, -nx, -ny, -c)
        if len(piece) >= 3 and _area(piece) > EPS:
            pieces.append(convex(piece))
        if len(rest) < 3:
            break
    return pieces


def _area(points: Sequence[Point]) -> float:
    return (
        abs(
            sum(
                points[i - 1][0] * points[i][1] - points[i][0] * points[i - 1][1]
                for i in range(len(points))
            )
        )
        / 2
    )


def closest_on_segment(p: Point, a: Point, b: Point) -> Point:
    (px, py), (ax, ay), (bx, by) = p, a, b
    dx, dy = bx - ax, by - ay
    size = dx * dx + dy * dy
    if size <= EPS:
        return a
    t = max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / size))
    return (ax + t * dx, ay + t * dy)


def segment_distance(p: Point, a: Point, b: Point) -> float:
    """Inches from ``p`` to the segment ``a``–``b``."""
    return math.dist(p, closest_on_segment(p, a, b))


def segments_cross(a: Point, b: Point, c: Point, d: Point) -> bool:
    """Whether segments ``a``–``b`` and ``c``–``d`` meet."""

    (ax, ay), (bx, by), (cx, cy), (dx, dy) = a, b, c, d
    # which side of each segment's line the other's ends lie (cross products)
    d1 = (dx - cx) * (ay - cy) - (dy - cy) * (ax - cx)
    d2 = (dx - cx) * (by - cy) - (dy - cy) * (bx - cx)
    d3 = (bx - ax) * (cy - ay) - (by - ay) * (cx - ax)
    d4 = (bx - ax) * (dy - ay) - (by - ay) * (dx - ax)
    return d1 * d2 <= 0 and d3 * d4 <= 0 and not (d1 == d2 == 0)


def toward(a: Point, b: Point, inches: float) -> Point:
    """The point ``inches`` from ``a`` toward ``b`` (``b`` itself if nearer)."""
    gap = math.dist(a, b)
    if gap <= inches or gap <= EPS:
        return b
    t = inches / gap
    return (a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1]))
