"""A doctrine's decision carried out on the abstract table (RULES §4, §5, §7).

A :class:`~engines.doctrines.Decision` says what to do and how far (its
``inches``, a horde's rolled distance, a clock direction, the cover to end
in, its target); :func:`apply` finds where the move ends, using the
decision's own data and nothing else of the rules, through
:func:`~engines.playtest.moves.reach` (the shortest way round what stops
movement, half speed in difficult ground, the scene orders' limits). A base
never ends on another: a move that would is cut short. A rout, a scatter, a
flight or a carrier heading for the edge that reaches it leaves the table
(:attr:`Moved.left`); a wander stops at the edge.

The action decides the goal: an enemy's base (move into melee, charge, move
toward the enemy — it stops in base contact), an objective marker, a table
edge (rout, scatter, carrying an objective), straight away from the nearest
enemy (move away, flee), a clock direction (wander), the scene order's place
(move toward: the caller gives its point, :func:`~engines.playtest.moves.place_point`),
or the cover spot the situation measured (a decision that ends in cover).
Shooting, holding, overwatch, bracing and continuing a melee move nobody.

A pursuer's move is placed by :func:`~engines.playtest.pursuit.pursued`:
forward along the quarry's line, its drift to the line's wide side.
"""

from __future__ import annotations

import math
from typing import Final

from engines.doctrines.pursuit import PursuitDecision
from engines.doctrines.rules import FOLLOW_UP_SHARE
from engines.doctrines.situation import Decision
from engines.enums import Action, Cover, Edge
from engines.playtest.geometry import Point
from engines.playtest.moves import (
    NO_LIMITS,
    Limits,
    Walk,
    edge_point,
    nearest_edge,
    point_along,
    reach,
)
from engines.playtest.pursuit import pursued
from engines.playtest.situation import CoverSpot, Reading, ray_to_edge
from engines.playtest.table import CONTACT, STEP, Piece, Table
from engines.playtest.terrain import BASE, RADIUS, touching_spot

TO_ENEMY = frozenset(
    {
        Action.MOVE_INTO_MELEE,
        Action.CHARGE,
        Action.MOVE_TOWARD_ENEMY,
        Action.PURSUE,
    }
)
TO_OBJECTIVE = frozenset({Action.MOVE_TO_OBJECTIVE, Action.MOVE_TOWARD_OBJECTIVE})
TO_EDGE = frozenset({Action.ROUT, Action.SCATTER, Action.MOVE_TO_EDGE})
AWAY = frozenset({Action.MOVE_AWAY, Action.FLEE})
REACHING = frozenset({Action.MOVE_INTO_MELEE, Action.MOVE_TO_OBJECTIVE})
"""Moves whose inches are the straight distance to what they reach."""
OVERLAP = BASE - CONTACT
"""Centres nearer than this: two bases overlap."""
SLACK = 1e-6
"""Inches kept in hand when passing over steps that cannot clear (rounding)."""
LEAVING = frozenset({Action.ROUT, Action.SCATTER, Action.MOVE_TO_EDGE, Action.FLEE})
"""Moves that leave the table at its edge (a carrier carries its objective off)."""


class Moved:
    """Where a decided move ended.

    A plain class with read-only (``Final``) fields, not a frozen dataclass:
    one is made at every move, and the compiled engine compiles a class's own
    ``__init__`` (a dataclass's is generated, and runs interpreted).
    """

    __slots__ = ("key", "start", "end", "inches", "contact", "left")

    def __init__(
        self,
        key: str,
        start: Point,
        end: Point,
        inches: float,
        contact: str | None = None,
        left: bool = False,
    ) -> None:
        self.key: Final = key
        self.start: Final = start
        self.end: Final = end
        self.inches: Final = inches
        self.contact: Final = contact
        """The enemy it reached base contact with (a charge that made it)."""
        self.left: Final = left
        """It reached the table edge on a move that leaves the table."""

    def __repr__(self) -> str:
        return (
            f"Moved({self.key!r}, {self.start!r} to {self.end!r}, {self.inches!r}, "
            f"contact={self.contact!r}, left={self.left!r})"
        )

    @property
    def moved(self) -> bool:
        return self.end != self.start


def budget(piece: Piece, decision: Decision) -> float:
    """The inches of move it may spend: a rolled distance as rolled (halved in
    a follow-up); a move into melee its move (the way round may be longer than
    the straight distance the doctrine measured); otherwise the decision's
    inches (a dive for cover's half move), else its move."""
    share = FOLLOW_UP_SHARE if decision.follow_up else 1
    if decision.rolled_inches is not None:
        return decision.rolled_inches * share
    if decision.action in REACHING or decision.inches is None:
        return piece.move * share
    return decision.inches


def apply(
    table: Table,
    key: str,
    decision: Decision,
    *,
    limits: Limits | None = None,
    reading: Reading | None = None,
    place: Point | None = None,
) -> Moved:
    """Where the character ``key`` ends the move ``decision`` makes."""
    limits = limits or NO_LIMITS
    me = table.piece(key)
    action = decision.action
    if isinstance(decision, PursuitDecision) and action is Action.PURSUE:
        if decision.target is None:
            return Moved(key=key, start=me.at, end=me.at, inches=0.0)
        end = pursued(
            table,
            key,
            quarry=decision.target,
            forward=decision.forward,
            lateral=decision.lateral,
        )
        return Moved(key=key, start=me.at, end=end, inches=math.dist(me.at, end))
    goal = _goal(table, me, decision, reading=reading, place=place)
    if goal is None or (action is Action.MOVE_AND_SHOOT and not decision.inches):
        return Moved(key=key, start=me.at, end=me.at, inches=0.0)
    inches = budget(me, decision)
    walked = reach(table, me, goal, limits=limits, budget=inches)
    end = _clear(table, me, walked)
    left = action in LEAVING and walked.reached and end == walked.end
    contact = None
    if action in TO_ENEMY and decision.target is not None:
        target = next((p for p in table.pieces if p.key == decision.target), None)
        if target is not None and math.dist(end, target.at) <= BASE + 1e-6:
            contact = target.key
    return Moved(
        key=key,
        start=me.at,
        end=end,
        inches=walked.inches,
        contact=contact,
        left=left,
    )


def _goal(
    table: Table,
    me: Piece,
    decision: Decision,
    *,
    reading: Reading | None,
    place: Point | None,
) -> Point | None:
    action = decision.action
    if decision.cover is not None and decision.cover is not Cover.NONE and reading:
        spot = reading.away if action in AWAY else reading.toward
        if action is Action.MOVE_AND_SHOOT and reading.away is not None:
            spot = _cover_spot(reading, decision.cover)
        if spot is not None:
            return spot.at
    if action in TO_ENEMY:
        return _contact_point(table, me, decision.target)
    if action in TO_OBJECTIVE:
        return next((m.at for m in table.markers if m.name == decision.target), None)
    if action in TO_EDGE:
        edge = _edge(decision.target) or nearest_edge(table, me.at)
        return edge_point(table, edge, me.at)
    if action in AWAY:
        return _away(table, me)
    if action is Action.WANDER and decision.direction is not None:
        angle = math.radians(decision.direction * 30)
        unit = (math.sin(angle), -math.cos(angle))
        far = max(0.0, ray_to_edge(me.at, unit, table) - RADIUS)
        return (me.at[0] + unit[0] * far, me.at[1] + unit[1] * far)
    if action is Action.MOVE_AND_SHOOT:
        return _into_range(table, me, decision)
    if action is Action.MOVE_TOWARD:
        return place
    if action is Action.DIVE_FOR_COVER:
        return _nearest_cover(table, me)
    return None


def _nearest_cover(table: Table, me: Piece) -> Point | None:
    """Where its base would touch the nearest feature that gives cover."""
    spots = [
        touching_spot(area, me.at)
        for area in table.ground.areas
        if area.cover is not Cover.NONE
    ]
    return min(spots, key=lambda at: math.dist(me.at, at), default=None)


def _cover_spot(reading: Reading, cover: Cover) -> CoverSpot | None:
    for spot in (reading.toward, reading.away):
        if spot is not None and spot.cover is cover:
            return spot
    return reading.toward or reading.away


def _edge(target: str | None) -> Edge | None:
    try:
        return None if target is None else Edge(target)
    except ValueError:
        return None


def _contact_point(table: Table, me: Piece, target: str | None) -> Point | None:
    """Where its base touches the target's, on the near side."""
    enemy = next((p for p in table.pieces if p.key == target), None)
    if enemy is None:
        return None
    gap = math.dist(me.at, enemy.at)
    if gap <= BASE:
        return me.at
    t = (gap - BASE) / gap
    return (
        me.at[0] + t * (enemy.at[0] - me.at[0]),
        me.at[1] + t * (enemy.at[1] - me.at[1]),
    )


def _away(table: Table, me: Piece) -> Point | None:
    enemies = table.enemies_of(me)
    if not enemies:
        return None
    nearest = min(enemies, key=lambda e: math.dist(me.at, e.at))
    dx, dy = me.at[0] - nearest.at[0], me.at[1] - nearest.at[1]
    size = math.hypot(dx, dy) or 1.0
    unit = (dx / size, dy / size)
    far = max(0.0, ray_to_edge(me.at, unit, table) - RADIUS)
    return (me.at[0] + unit[0] * far, me.at[1] + unit[1] * far)


def _into_range(table: Table, me: Piece, decision: Decision) -> Point | None:
    """Move and shoot: toward the target until it is within shooting range."""
    enemy = next((p for p in table.pieces if p.key == decision.target), None)
    if enemy is None or me.shooting_range is None:
        return None
    gap = table.gap(me, enemy)
    if gap <= me.shooting_range:
        return me.at
    centre = math.dist(me.at, enemy.at)
    t = (gap - me.shooting_range) / centre
    return (
        me.at[0] + t * (enemy.at[0] - me.at[0]),
        me.at[1] + t * (enemy.at[1] - me.at[1]),
    )


def _clear(table: Table, me: Piece, walked: Walk) -> Point:
    """The walk's end, cut back along the way until no base overlaps its own."""
    end = walked.end
    if not walked.path:
        return end if not table.crowded(end, but=me.key) else me.at
    near = table.crowding(walked.path, but=me.key)  # the end lies on the path
    ats = [p.at for p in near]
    if _closest(ats, end) >= OVERLAP:
        return end
    steps = int(walked.inches / STEP)
    k = 1
    while k <= steps:
        point = point_along(walked.path, walked.inches - k * STEP)
        closest = _closest(ats, point)
        if closest >= OVERLAP:
            return point
        # Along the way a point moves no further than the inches walked, so
        # the steps that could not yet clear the closest base are passed over.
        k += 1 + max(0, int((OVERLAP - closest - SLACK) / STEP))
    return me.at


def _closest(ats: list[Point], point: Point) -> float:
    """Inches from ``point`` to the nearest of ``ats`` (infinity: none); a
    plain loop, which the compiled engine runs without a call per base."""
    best = math.inf
    for at in ats:
        gap = math.dist(at, point)
        if gap < best:
            best = gap
    return best
