"""Where a playtest puts each character on the abstract table (RULES §1, §7).

A company deploys in its force's zone (an edge band, a rectangle, the
centre's circle), its characters spread evenly along the zone's long side in
card order, at the zone's middle depth (then other rows); a character
arriving later comes on at its force's arrival edge (else its entry edge),
spread the same way along a band one base deep. A spot on another base is
passed over for the next free one along the row, and so is one inside what
stops movement unless the zone has room nowhere else. No die is rolled: the robot
deploys the same way each battle, and the battle's dice decide the rest.
"""

from __future__ import annotations

from collections.abc import Sequence

from engines.battlefield import Battlefield, Force
from engines.enums import Deployment, Edge
from engines.playtest.fight import Fight, Stuck
from engines.playtest.geometry import Point
from engines.playtest.spec import Character
from engines.playtest.table import Piece, Table
from engines.playtest.terrain import BASE

ARRIVAL_BAND = BASE
"""Arrivals come on within one base of their edge."""
ROWS = (0.5, 0.25, 0.75, 0.1, 0.9)
"""The rows of a zone tried, as shares of its depth (the middle first)."""


def _edge_box(edge: Edge, width: float, depth: float, band: float) -> tuple[float, ...]:
    match edge:
        case Edge.NORTH:
            return (0, 0, width, band)
        case Edge.SOUTH:
            return (0, depth - band, width, band)
        case Edge.WEST:
            return (0, 0, band, depth)
        case Edge.EAST:
            return (width - band, 0, band, depth)
    return (width / 2 - band, depth / 2 - band, 2 * band, 2 * band)


def zone_box(
    battlefield: Battlefield, force: Force, *, arriving: bool
) -> tuple[float, ...]:
    """(x, y, width, depth) of where ``force``'s characters are placed."""
    width, depth = battlefield.width, battlefield.depth
    if arriving:
        arrival = force.arrival
        edge = (
            arrival.edge if arrival is not None and arrival.edge else force.entry_edge
        )
        return _edge_box(Edge(edge), width, depth, ARRIVAL_BAND)
    zone = force.zone
    if zone.kind is Deployment.EDGE and zone.edge is None:
        return _edge_box(force.entry_edge, width, depth, zone.depth)
    box = zone.box(width, depth)
    if box is not None:
        return box
    radius = float(zone.radius or 6)
    if zone.kind is Deployment.CENTRE:
        return (width / 2 - radius, depth / 2 - radius / 2, 2 * radius, radius)
    return _edge_box(force.entry_edge, width, depth, 6)


def spots(table: Table, box: Sequence[float], count: int) -> list[Point]:
    """``count`` free spots in ``box``, spread along its long side: clear of
    what stops movement where the zone allows, else on it (a company the scene
    deploys on the river, on its rafts: its first move leaves the water)."""
    found = _spots(table, box, count, [], avoid=True)
    if len(found) < count:
        found = _spots(table, box, count, found, avoid=False)
    return found


def _spots(
    table: Table, box: Sequence[float], count: int, found: list[Point], *, avoid: bool
) -> list[Point]:
    x, y, w, d = (float(v) for v in box)
    along_x = w >= d
    length = w if along_x else d
    tries = max(count * 4, 8)
    for row in ROWS:
        for i in range(tries):
            t = (i + 0.5) / tries
            at = (
                (x + t * length, y + row * d)
                if along_x
                else (x + row * w, y + t * length)
            )
            at = (
                min(max(at[0], BASE / 2), table.ground.width - BASE / 2),
                min(max(at[1], BASE / 2), table.ground.depth - BASE / 2),
            )
            if _free(table, at, found, avoid=avoid):
                found.append(at)
            if len(found) == count:
                return found
    return found


def _free(table: Table, at: Point, taken: Sequence[Point], *, avoid: bool) -> bool:
    if avoid and any(area.contains(at) for area in table.ground.obstacles):
        return False
    if any(abs(at[0] - p[0]) < BASE and abs(at[1] - p[1]) < BASE for p in taken):
        return False
    return not table.crowded(at)


def arrive(state: Fight) -> None:
    """§4 (1): the characters arriving this round come on."""
    spec = state.spec
    for company in spec.companies:
        force = spec.battlefield.force(company.force) or next(
            iter(spec.battlefield.forces_of(company.side)), None
        )
        if force is None:
            raise Stuck(f"the company {company.name} has no place to deploy")
        coming = [
            c
            for c in spec.characters
            if c.company == company.name and arrives(c, force) == state.round
        ]
        if not coming:
            continue
        box = zone_box(spec.battlefield, force, arriving=state.round > 1)
        places = spots(state.table, box, len(coming))
        if len(places) < len(coming):
            raise Stuck(f"there is no room to place {company.name} on the table")
        state.table = state.table.with_pieces(
            piece_of(c, at) for c, at in zip(coming, places, strict=True)
        )
        state.came.extend(c.name for c in coming)


def arrives(character: Character, force: Force) -> int:
    """The round it comes on: its own late arrival, else its force's."""
    late = dict(force.late)
    if character.name in late:
        return max(late[character.name], character.arrives)
    if force.arrival is not None:
        return max(force.arrival.round, character.arrives)
    return character.arrives


def piece_of(c: Character, at: Point) -> Piece:
    """The character standing at ``at`` on the table."""
    return Piece(
        key=c.name,
        side=c.side,
        company=c.company,
        at=at,
        card_order=c.card_order,
        move=c.move,
        shooting_range=c.shooting_range,
        carrying=c.carrying,
    )
