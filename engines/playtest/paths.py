"""Shortest moves round what stops movement (RULES §7), by a visibility graph.

The method (a textbook one: Lozano-Pérez & Wesley, 1979): grow every area a
character may not enter by half its base (so the character is a point), take
the corners of the grown areas as the nodes of a graph, and join two nodes
whenever the straight segment between them runs through no grown area and
touches both corners' areas without cutting in (a *tangent*: a shortest way
bends only round a corner, so the other segments are never on it — the
*reduced* visibility graph). The
shortest way between two points round convex obstacles bends only at their
corners, so the shortest path in this graph — start and goal added as nodes,
searched with A* and the straight distance as its estimate — is the shortest
way on the table. A clear straight line, the common case, is tested first and
costs one segment test per obstacle.

The graph of a table and one set of limits (the terrain, plus a company's
keep-out areas) is built once, in O(n² · m) segment tests for n corners and m
areas, and reused by every move under the same limits. Corners inside another
area or off the table are left out. A start or goal inside an area (a
character touching a wall, a place in a building) leaves that area out of
the search (a graph without it, built once): the move leaves it, or goes as
near as the walk allows (:func:`walk` stops where the path would enter an
area).

Half speed in difficult ground (§7) does not bend the path: the path is the
shortest in inches, and :func:`walk` spends two inches of move for each inch
in difficult ground along it **(adaptation: §7 asks the shortest way round
what stops movement, and says nothing of going round woods)**.
"""

from __future__ import annotations

import heapq
import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Final

from engines.playtest.geometry import EPS, Convex, Point
from engines.playtest.terrain import DIFFICULT_SPEED

SLOW_RATE = 1 / DIFFICULT_SPEED
"""Inches of move spent per inch of difficult ground."""

NUDGE = 1e-4
"""Corners are moved this far out of their area, so a path may touch them."""
RECENT = 256
"""How many of the latest ways a graph keeps."""
ALONG = 0.01
"""The sine of an angle small enough to read a line as running along an edge."""


def _clear(a: Point, b: Point, areas: Sequence[Convex]) -> bool:
    return all(area.clip(a, b) is None for area in areas)


def _tangent(a: Point, v: Point, turn: tuple[Point, Point]) -> bool:
    """Whether the line from ``a`` through corner ``v`` leaves the corner's area
    on one side: a shortest way bends only at such corners. A line along an
    edge (within :data:`ALONG` of it, the corners being nudged) counts."""
    dx, dy = v[0] - a[0], v[1] - a[1]
    size = math.hypot(dx, dy)
    sides = []
    for px, py in turn:
        rx, ry = px - a[0], py - a[1]
        sine = (dx * ry - dy * rx) / ((size * math.hypot(rx, ry)) or 1.0)
        sides.append(0.0 if abs(sine) < ALONG else sine)
    return sides[0] * sides[1] >= 0


def _nudged(area: Convex) -> list[Point]:
    x = sum(p[0] for p in area.corners) / len(area.corners)
    y = sum(p[1] for p in area.corners) / len(area.corners)
    out: list[Point] = []
    for px, py in area.corners:
        gap = math.hypot(px - x, py - y) or 1.0
        out.append((px + (px - x) / gap * NUDGE, py + (py - y) / gap * NUDGE))
    return out


@dataclass(frozen=True)
class Navigator:
    """The visibility graph of one table under one set of limits."""

    width: float
    depth: float
    areas: tuple[Convex, ...]
    nodes: tuple[Point, ...] = field(init=False)
    turns: tuple[tuple[Point, Point], ...] = field(init=False)
    """Each node's neighbouring corners on its area (for the tangent test)."""
    links: tuple[tuple[tuple[int, float], ...], ...] = field(init=False)
    _fewer: dict[tuple[Convex, ...], Navigator] = field(
        default_factory=dict, init=False, compare=False, repr=False
    )
    _recent: dict[tuple[Point, Point], tuple[Point, ...] | None] = field(
        default_factory=dict, init=False, compare=False, repr=False
    )

    def __post_init__(self) -> None:
        nodes: list[Point] = []
        turns: list[tuple[Point, Point]] = []
        for area in self.areas:
            corners = area.corners
            for k, p in enumerate(_nudged(area)):
                if not (0 <= p[0] <= self.width and 0 <= p[1] <= self.depth):
                    continue
                if any(other.contains(p) for other in self.areas):
                    continue
                nodes.append(p)
                turns.append((corners[k - 1], corners[(k + 1) % len(corners)]))
        links: list[list[tuple[int, float]]] = [[] for _ in nodes]
        for i, a in enumerate(nodes):
            for j in range(i + 1, len(nodes)):
                b = nodes[j]
                if not (_tangent(b, a, turns[i]) and _tangent(a, b, turns[j])):
                    continue
                if _clear(a, b, self.areas):
                    gap = math.dist(a, b)
                    links[i].append((j, gap))
                    links[j].append((i, gap))
        object.__setattr__(self, "nodes", tuple(nodes))
        object.__setattr__(self, "turns", tuple(turns))
        object.__setattr__(self, "links", tuple(tuple(row) for row in links))

    def _without(self, areas: tuple[Convex, ...]) -> Navigator:
        """The graph of fewer areas (the start's or the goal's left out),
        built once for each such set."""
        found = self._fewer.get(areas)
        if found is None:
            found = Navigator(self.width, self.depth, areas)
            self._fewer[areas] = found
        return found

    def blocking(self, start: Point, goal: Point) -> tuple[Convex, ...]:
        """The areas a path between these two points must go round: all but
        those holding the start or the goal."""
        return tuple(
            a for a in self.areas if not a.contains(start) and not a.contains(goal)
        )

    def route(self, start: Point, goal: Point) -> tuple[Point, ...] | None:
        """The shortest way from ``start`` to ``goal`` as the points it passes
        (start and goal included); None when none exists. The latest ways
        asked are kept (a situation measures the way to a cover spot that the
        move then takes)."""
        key = (start, goal)
        if key in self._recent:
            return self._recent[key]
        found = self._route(start, goal)
        if len(self._recent) >= RECENT:
            self._recent.clear()
        self._recent[key] = found
        return found

    def _route(self, start: Point, goal: Point) -> tuple[Point, ...] | None:
        areas = self.blocking(start, goal)
        if _clear(start, goal, areas):
            return (start, goal)
        if len(areas) < len(self.areas):
            return self._without(areas).route(start, goal)
        nodes = self.nodes
        free = range(len(nodes))
        to_goal: dict[int, float] = {}

        def sees_goal(i: int) -> bool:
            if i not in to_goal:
                clear = _tangent(goal, nodes[i], turns[i]) and _clear(
                    nodes[i], goal, areas
                )
                to_goal[i] = math.dist(nodes[i], goal) if clear else math.inf
            return to_goal[i] < math.inf

        best: dict[int, float] = {}
        back: dict[int, int] = {}
        queue: list[tuple[float, float, int]] = []
        turns = self.turns
        for i in free:
            if _tangent(start, nodes[i], turns[i]) and _clear(start, nodes[i], areas):
                gap = math.dist(start, nodes[i])
                best[i] = gap
                back[i] = -1
                heapq.heappush(queue, (gap + math.dist(nodes[i], goal), gap, i))
        finish, finish_cost = -1, math.inf
        while queue:
            guess, cost, i = heapq.heappop(queue)
            if guess >= finish_cost:
                break
            if cost > best.get(i, math.inf) + EPS:
                continue
            if cost + math.dist(nodes[i], goal) < finish_cost and sees_goal(i):
                finish, finish_cost = i, cost + to_goal[i]
            for j, gap in self.links[i]:
                total = cost + gap
                if total < best.get(j, math.inf) - EPS:
                    best[j] = total
                    back[j] = i
                    heapq.heappush(queue, (total + math.dist(nodes[j], goal), total, j))
        if finish < 0:
            return None
        path = [goal]
        i = finish
        while i >= 0:
            path.append(nodes[i])
            i = back[i]
        path.append(start)
        return tuple(reversed(path))

    def length(self, start: Point, goal: Point) -> float:
        """Inches along the shortest way (infinite when there is none)."""
        path = self.route(start, goal)
        return math.inf if path is None else path_length(path)


def path_length(path: Sequence[Point]) -> float:
    return sum(math.dist(path[i - 1], path[i]) for i in range(1, len(path)))


class Walked:
    """Where a walk along a path ends, and the inches of table it covered (a
    read-only record, as :class:`~engines.playtest.apply.Moved`)."""

    __slots__ = ("end", "inches", "reached")

    def __init__(self, end: Point, inches: float, reached: bool) -> None:
        self.end: Final = end
        self.inches: Final = inches
        self.reached: Final = reached
        """It came to the path's end."""

    def __repr__(self) -> str:
        return f"Walked({self.end!r}, {self.inches!r}, {self.reached!r})"


def walk(
    path: Sequence[Point],
    move: float,
    *,
    slow: Sequence[Convex] = (),
    stop: Sequence[Convex] = (),
    slow_rate: float = SLOW_RATE,
) -> Walked:
    """Walk along ``path`` spending ``move`` inches of move, ``slow_rate`` per
    inch inside a ``slow`` area; the walk ends where it would enter a ``stop``
    area (the goal's own building, a limit it may not cross)."""
    here = path[0]
    spent = covered = 0.0
    for nxt in path[1:]:
        leg = math.dist(here, nxt)
        if leg <= EPS:
            continue
        cut = 1.0
        for area in stop:
            part = area.clip(here, nxt)
            if part is not None and part[0] < cut and not area.contains(here):
                cut = part[0]
        marks = sorted(
            {
                0.0,
                cut,
                *(t for a in slow if (c := a.clip(here, nxt)) for t in c if t < cut),
            }
        )
        for k in range(len(marks) - 1):
            t0, t1 = marks[k], marks[k + 1]
            mid = (t0 + t1) / 2
            point = (
                here[0] + mid * (nxt[0] - here[0]),
                here[1] + mid * (nxt[1] - here[1]),
            )
            rate = slow_rate if any(a.contains(point, 0.0) for a in slow) else 1.0
            cost = (t1 - t0) * leg * rate
            if spent + cost >= move - EPS:
                t = t0 + (move - spent) / (leg * rate)
                end = (
                    here[0] + t * (nxt[0] - here[0]),
                    here[1] + t * (nxt[1] - here[1]),
                )
                return Walked(end=end, inches=covered + (t - t0) * leg, reached=False)
            spent += cost
            covered += (t1 - t0) * leg
        if cut < 1.0:
            end = (
                here[0] + cut * (nxt[0] - here[0]),
                here[1] + cut * (nxt[1] - here[1]),
            )
            return Walked(end=end, inches=covered, reached=False)
        here = nxt
    return Walked(end=here, inches=covered, reached=True)


def move_cost(
    path: Sequence[Point], slow: Sequence[Convex], slow_rate: float = SLOW_RATE
) -> float:
    """Inches of move a path takes, ``slow_rate`` per inch in a ``slow`` area."""
    total = 0.0
    for i in range(1, len(path)):
        a, b = path[i - 1], path[i]
        leg = math.dist(a, b)
        inside = sum(area.crossed(a, b) for area in slow)
        total += leg + (slow_rate - 1) * min(inside, leg)
    return total
