"""A pursuer's input read off the abstract table, and its move (RULES §5.4, §7).

The scene gives the pursuers' route in words, which the abstract table cannot
follow; it reads every chase as §5.4's case of a quarry off the route: the
pursuer moves straight toward its quarry. *The quarry's line* is then the
straight line from the pursuer to the nearest quarry character at the start
of its move; the pursuer stands on it (no offset). Drifting *wide* is to the
side of that line with more table (:func:`wide_side`); cutting *in* brings it
back to the line, so it never runs out of room. "Behind the rearmost model"
is being further from the quarry than every player character. Another player
character ahead is measured along the line and sideways of it (positive on
the wide side), so ``first_reached`` finds it as the doctrine does.

:func:`pursuer_for` builds the :class:`~engines.doctrines.Pursuer` the
doctrine's ``pursuit_decide`` takes; :func:`pursued` places the decided move:
forward along the line, sideways on the wide side, ignoring terrain (§5.4:
only other models stop a pursuer).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from engines.doctrines import Pursuer
from engines.doctrines.pursuit import Ahead
from engines.playtest.geometry import Point
from engines.playtest.situation import NOBODY, Standing, ray_to_edge
from engines.playtest.table import Piece, Table
from engines.playtest.terrain import BASE, RADIUS


def _quarry(table: Table, me: Piece, quarry: Sequence[str]) -> Piece | None:
    hunted = [p for p in table.enemies_of(me) if p.key in quarry]
    return min(hunted, key=lambda p: math.dist(me.at, p.at), default=None)


def _axes(me: Piece, target: Piece) -> tuple[Point, Point]:
    dx, dy = target.at[0] - me.at[0], target.at[1] - me.at[1]
    size = math.hypot(dx, dy) or 1.0
    return (dx / size, dy / size), (-dy / size, dx / size)


def wide_side(table: Table, me: Piece, target: Piece) -> Point:
    """The unit vector square to the quarry's line on the side with more table."""
    _, left = _axes(me, target)
    right = (-left[0], -left[1])
    if ray_to_edge(me.at, left, table) >= ray_to_edge(me.at, right, table):
        return left
    return right


def pursuer_for(
    table: Table,
    key: str,
    *,
    quarry: Sequence[str],
    standing: Standing = NOBODY,
) -> Pursuer | None:
    """The pursuer ``key`` as §5.4 reads it (None: no quarry on the table)."""
    me = table.piece(key)
    target = _quarry(table, me, quarry)
    if target is None:
        return None
    ahead, _ = _axes(me, target)
    wide = wide_side(table, me, target)
    others = []
    for other in table.enemies_of(me):
        if other.key == target.key:
            continue
        rx, ry = other.at[0] - me.at[0], other.at[1] - me.at[1]
        along = rx * ahead[0] + ry * ahead[1]
        if along <= 0:
            continue
        others.append(
            Ahead(
                id=other.key,
                along=max(0.0, along - BASE),
                offset=rx * wide[0] + ry * wide[1],
            )
        )
    gap = table.gap(me, target)
    return Pursuer(
        id=me.key,
        distance=gap,
        card_order=me.card_order,
        room_wide=max(0.0, ray_to_edge(me.at, wide, table) - RADIUS),
        behind_rearmost=all(
            math.dist(me.at, target.at) > math.dist(p.at, target.at)
            for p in table.enemies_of(me)
        ),
        quarry=target.key,
        others=tuple(sorted(others, key=lambda a: a.along)),
        in_melee=table.in_contact(me, target)
        or any(table.in_contact(me, p) for p in table.enemies_of(me)),
        routing=standing.routing,
        follow_up=standing.follow_up,
    )


def pursued(
    table: Table, key: str, *, quarry: str, forward: float, lateral: float
) -> Point:
    """Where a pursuer ends: ``forward`` inches along the quarry's line and
    ``lateral`` inches to its wide side, short of any base in the way."""
    me = table.piece(key)
    target = table.piece(quarry)
    ahead, _ = _axes(me, target)
    wide = wide_side(table, me, target)
    width, depth = table.ground.width, table.ground.depth
    end = (
        min(
            max(me.at[0] + ahead[0] * forward + wide[0] * lateral, RADIUS),
            width - RADIUS,
        ),
        min(
            max(me.at[1] + ahead[1] * forward + wide[1] * lateral, RADIUS),
            depth - RADIUS,
        ),
    )
    return table.clear_along(key, end)
