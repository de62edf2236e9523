"""How far and where a character may move on the abstract table (RULES §5, §7).

Scene orders limit every move a character makes (§5: *keep out*, *stay
within*, *ignore terrain*); :func:`limits_for` turns the orders binding a
character this round into geometry (:class:`Limits`): areas kept out of
(grown by half a base; an edge's band; less the feature it may pass
through), places to stay near, terrain ignored. :func:`reach` walks a
character toward a point by the shortest way those limits allow, half speed
in difficult ground, and stops where a stay-within limit would be broken.
:func:`place_point` finds where an order's place is now.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Final

from engines.enums import Edge
from engines.orders.kinds import (
    IgnoreTerrain,
    KeepOut,
    Order,
    Place,
    PlaceKind,
    StayWithin,
    active,
)
from engines.playtest.geometry import EPS, Convex, Point, minus_box, rectangle
from engines.playtest.paths import path_length, walk
from engines.playtest.table import Piece, Table
from engines.playtest.terrain import RADIUS, outline_of

STAY = 1e-3
"""Inches of slack when a move is cut short at a stay-within limit."""


@dataclass(frozen=True, slots=True)
class Near:
    """A stay-within limit: within ``inches`` of an area or a point."""

    inches: float
    area: Convex | None = None
    at: Point | None = None

    def holds(self, p: Point) -> bool:
        if self.area is not None:
            gap = self.area.distance(p)
        elif self.at is not None:
            gap = math.dist(self.at, p)
        else:
            return True
        return gap - RADIUS <= self.inches + EPS


@dataclass(frozen=True, slots=True)
class Limits:
    """The limits scene orders put on a character's moves, as geometry."""

    keep_out: tuple[Convex, ...] = ()
    stay_within: tuple[Near, ...] = ()
    ignore_terrain: bool = False

    def allows(self, p: Point) -> bool:
        return all(n.holds(p) for n in self.stay_within) and not any(
            a.contains(p) for a in self.keep_out
        )


NO_LIMITS = Limits()
"""No scene order limits the move (one value for all who have none)."""


def place_point(table: Table, place: Place) -> Point | None:
    """Where a place of a scene order is now (None: not on the table)."""
    match place.kind:
        case PlaceKind.POINT:
            return (place.x or 0.0, place.y or 0.0)
        case PlaceKind.CHARACTER:
            return next((p.at for p in table.pieces if p.key == place.name), None)
        case PlaceKind.OBJECTIVE:
            lying = next((m.at for m in table.markers if m.name == place.name), None)
            if lying is not None:
                return lying
            return next((p.at for p in table.pieces if p.carrying == place.name), None)
        case PlaceKind.FEATURE:
            area = _feature(table, place.name)
            return None if area is None else _centre(area)
        case PlaceKind.EDGE:
            return edge_point(table, Edge(place.name), None)
    return None


def _feature(table: Table, name: str) -> Convex | None:
    return next((a.outline for a in table.ground.areas if a.name == name), None)


def _centre(area: Convex) -> Point:
    xs = [p[0] for p in area.corners]
    ys = [p[1] for p in area.corners]
    return (sum(xs) / len(xs), sum(ys) / len(ys))


def edge_point(table: Table, edge: Edge, at: Point | None) -> Point:
    """The nearest place on ``edge`` where a base touches it (its middle when
    ``at`` is None)."""
    width, depth = table.ground.width, table.ground.depth
    x, y = at if at is not None else (width / 2, depth / 2)
    match edge:
        case Edge.NORTH:
            return (x, RADIUS)
        case Edge.SOUTH:
            return (x, depth - RADIUS)
        case Edge.EAST:
            return (width - RADIUS, y)
        case Edge.WEST:
            return (RADIUS, y)
    return (x, y)


def nearest_edge(table: Table, at: Point) -> Edge:
    width, depth = table.ground.width, table.ground.depth
    gaps = {
        Edge.NORTH: at[1],
        Edge.EAST: width - at[0],
        Edge.SOUTH: depth - at[1],
        Edge.WEST: at[0],
    }
    return min(gaps, key=lambda e: gaps[e])


def limits_for(
    table: Table,
    orders: Iterable[Order],
    *,
    character: str,
    round_number: int | None = None,
) -> Limits:
    """The limits the scene orders binding ``character`` this round put on
    its moves."""
    keep_out: list[Convex] = []
    stay: list[Near] = []
    ignore = False
    for order in active(tuple(orders), character=character, round_number=round_number):
        if isinstance(order, IgnoreTerrain):
            ignore = True
        elif isinstance(order, KeepOut):
            keep_out.extend(_kept_out(table, order))
        elif isinstance(order, StayWithin):
            area = (
                _feature(table, order.place.name)
                if order.place.kind is PlaceKind.FEATURE
                else None
            )
            at = None if area is not None else place_point(table, order.place)
            stay.append(Near(inches=order.distance, area=area, at=at))
    return Limits(
        keep_out=tuple(keep_out), stay_within=tuple(stay), ignore_terrain=ignore
    )


def _kept_out(table: Table, order: KeepOut) -> tuple[Convex, ...]:
    """The areas a keep-out order keeps out of, worked out once per board (the
    terrain alone decides them)."""
    kept = table.board.kept_out
    found = kept.get(order)
    if found is None:
        found = kept[order] = tuple(_keep_out_areas(table, order))
    return found


def _keep_out_areas(table: Table, order: KeepOut) -> list[Convex]:
    width, depth = table.ground.width, table.ground.depth
    grow = order.widen + RADIUS
    area: Convex | None
    if order.area.kind is PlaceKind.EDGE:
        band = {
            Edge.NORTH: (0.0, 0.0, width, grow),
            Edge.SOUTH: (0.0, depth - grow, width, grow),
            Edge.WEST: (0.0, 0.0, grow, depth),
            Edge.EAST: (width - grow, 0.0, grow, depth),
        }[Edge(order.area.name)]
        area = rectangle(*band)
    else:
        feature = next(
            (a.feature for a in table.ground.areas if a.name == order.area.name), None
        )
        area = None if feature is None else outline_of(feature, grow, outside=True)
    if area is None:
        return []
    pieces = [area]
    if order.except_through:
        gate = _feature(table, order.except_through)
        if gate is not None:
            pieces = [part for piece in pieces for part in minus_box(piece, gate.box)]
    return pieces


class Walk:
    """Where a move toward a point ends (a read-only record, as
    :class:`~engines.playtest.apply.Moved`)."""

    __slots__ = ("end", "inches", "reached", "path")

    def __init__(
        self, end: Point, inches: float, reached: bool, path: tuple[Point, ...] = ()
    ) -> None:
        self.end: Final = end
        self.inches: Final = inches
        self.reached: Final = reached
        self.path: Final = path

    def __repr__(self) -> str:
        return f"Walk({self.end!r}, {self.inches!r}, {self.reached!r}, {self.path!r})"


def reach(
    table: Table, me: Piece, goal: Point, *, limits: Limits, budget: float | None = None
) -> Walk:
    """Move ``me`` toward ``goal`` by the shortest way its limits allow,
    spending ``budget`` inches of move (its move by default)."""
    ground = table.ground
    navigator = table.board.navigator(
        keep_out=limits.keep_out, ignore_terrain=limits.ignore_terrain
    )
    path = navigator.route(me.at, goal)
    if path is None:
        return Walk(end=me.at, inches=0.0, reached=False)
    stop = tuple(
        a for a in navigator.areas if a.contains(goal) and not a.contains(me.at)
    )
    slow = () if limits.ignore_terrain else ground.difficult
    walked = walk(path, me.move if budget is None else budget, slow=slow, stop=stop)
    end, reached = walked.end, walked.reached
    if limits.stay_within and not limits.allows(end) and limits.allows(me.at):
        end = _last_allowed(path, walked.inches, limits)
        reached = False
    return Walk(end=end, inches=walked.inches, reached=reached, path=path)


def point_along(path: Sequence[Point], inches: float) -> Point:
    for i in range(1, len(path)):
        leg = math.dist(path[i - 1], path[i])
        if inches <= leg:
            t = inches / leg if leg else 0.0
            a, b = path[i - 1], path[i]
            return (a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1]))
        inches -= leg
    return path[-1]


def _last_allowed(path: Sequence[Point], walked: float, limits: Limits) -> Point:
    """The furthest point along the path, up to ``walked`` inches, before the
    first step out of a stay-within limit (found by halving)."""
    low, high = 0.0, min(walked, path_length(path))
    while high - low > STAY:
        mid = (low + high) / 2
        if limits.allows(point_along(path, mid)):
            low = mid
        else:
            high = mid
    return point_along(path, low)
