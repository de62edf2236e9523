"""A generated battle's victory points on the abstract table (RULES §3.12, §7).

The same scoring the result form and the table page use
(:func:`engines.battlefield.scoring.side_victory_points`), its counts read off
the abstract table: the objectives held this round, carried or carried off;
the enemy characters lost; and each of a side's characters that scored by
where it went — beyond the river (a River Crossing's attacker, at the end) or
off the opposing side's entry edge (a Skirmish).

A Skirmish's leaving, as the playtest reads it **(adaptation: the card moves a
character with no enemy in sight toward the players' entry edge; the scoring
line says leaving by it scores)**: a character that is not routing and ends a
move touching the edge its side scores at leaves by it. It has *left the
battle*: it scores for its side, gives the other side nothing, and is no exit
the victory judge counts as lost; a side with nobody left on the table or to
come because its characters left that way ends the battle, and the VP decide.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engines.battlefield.exits import stands_beyond
from engines.battlefield.generated import RIVER
from engines.battlefield.scoring import side_victory_points
from engines.enums import Edge, Side
from engines.playtest.terrain import RADIUS
from engines.victory.judge import Exit

if TYPE_CHECKING:
    from engines.playtest.fight import Fight

OTHER = {Side.PLAYER: Side.AI, Side.AI: Side.PLAYER}
TOUCHING = 0.05
"""Inches from a base to the table edge that count as touching it (a move
toward the edge stops its base at the edge)."""


def points(state: Fight, side: Side) -> int:
    """§3.12: the VP ``side`` has scored now (a generated battle)."""
    worth = {o.name: o.victory_points for o in state.spec.battlefield.objectives}
    worth |= {
        f.name: f.victory_points for f in state.spec.battlefield.features if f.objective
    }
    held = [
        worth.get(h.objective, 0)
        for h in state.holdings
        if h.round == state.round and h.side is side
    ]
    carried = [
        worth.get(p.carrying, 0)
        for p in state.table.of_side(side)
        if p.carrying is not None
    ]
    carried_off = [
        worth.get(name, 0)
        for e in state.exits
        if state.character(e.character).side is side
        for name in e.carrying
    ]
    lost = (*state.fallen, *(e.character for e in lost_exits(state)))
    enemies_lost = sum(1 for k in lost if state.character(k).side is not side)
    left = sum(
        1
        for e in state.exits
        if left_to_score(state, e) and state.character(e.character).side is side
    )
    return side_victory_points(
        objectives=(*held, *carried, *carried_off),
        enemies_lost=enemies_lost,
        scored=left + beyond_the_river(state, side),
    )


def beyond_the_river(state: Fight, side: Side) -> int:
    """§3.12: how many of ``side``'s characters stand beyond the river now (a
    River Crossing's attacker; 0 for any other side or battle)."""
    field = state.spec.battlefield
    river = next((f for f in field.features if f.name == RIVER), None)
    forces = field.forces_of(side)
    if field.beyond is not side or river is None or not forces:
        return 0
    entry = forces[0].entry_edge
    return sum(
        stands_beyond(p.at, river=river, entry=entry) for p in state.table.of_side(side)
    )


def scoring_edge(state: Fight, side: Side) -> Edge | None:
    """§3.12: the edge ``side``'s characters score by leaving at — the
    opposing side's entry edge in a Skirmish; None in any other battle."""
    field = state.spec.battlefield
    others = field.forces_of(OTHER[side])
    if not field.exits_score or not others:
        return None
    return others[0].entry_edge


def left_to_score(state: Fight, exit: Exit) -> bool:
    """Whether this exit is a character that left the battle by the edge its
    side scores at (not routing: a routing character that leaves is lost)."""
    me = state.character(exit.character)
    return (
        exit.edge is not None
        and not exit.feature
        and exit.edge is scoring_edge(state, me.side)
        and me.company not in state.routed
    )


def lost_exits(state: Fight) -> tuple[Exit, ...]:
    """The exits that are losses: every one but those that left to score."""
    if not state.spec.battlefield.exits_score:
        return tuple(state.exits)
    return tuple(e for e in state.exits if not left_to_score(state, e))


def leaves_to_score(state: Fight, key: str) -> Edge | None:
    """A Skirmish: the edge the character leaves by to score — it is not
    routing and touches the edge its side scores at after its move (see the
    module); None when it does not leave."""
    edge = scoring_edge(state, state.character(key).side)
    if edge is None or state.character(key).company in state.routed:
        return None
    x, y = state.table.piece(key).at
    width, depth = state.table.ground.width, state.table.ground.depth
    gaps = {Edge.NORTH: y, Edge.SOUTH: depth - y, Edge.WEST: x, Edge.EAST: width - x}
    return edge if gaps[edge] - RADIUS <= TOUCHING else None


def all_left(state: Fight) -> bool:
    """§3.12: a side has nobody on the table or still to come, and some of
    its characters left by the edge it scores at: the battle ends, the VP
    decide."""
    for side in Side:
        if state.table.of_side(side) or _to_come(state, side):
            continue
        if any(
            left_to_score(state, e) and state.character(e.character).side is side
            for e in state.exits
        ):
            return True
    return False


def _to_come(state: Fight, side: Side) -> bool:
    came = set(state.came)
    return any(c.side is side and c.name not in came for c in state.spec.characters)
