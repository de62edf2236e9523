"""A generated scenario's table (RULES §3.9 deployment, §3.12 length and
scoring); the scene's terrain features still stand on it."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace

from engines.battlefield.exits import (
    EXIT_LINE,
    EXITS_LENGTH_LINE,
    EXITS_LOST_LINE,
    beyond_side,
    scores_exits,
)
from engines.battlefield.features import Feature, ObjectiveMark
from engines.battlefield.forces import Force
from engines.battlefield.numbers import (
    AMBUSH_RADIUS,
    CARRY_VP,
    CHARACTER_VP,
    GENERATED_LENGTH,
    HOLD_VP,
    HOLD_WITHIN,
    LARGE_TOWN_SIDE,
    OPPOSITE,
    RIVER_WIDTH,
    STRONGHOLD_FROM_EDGE,
    STRONGHOLD_SIDE,
    TOWN_SIDE,
    TRAP_SHARE,
    inch,
)
from engines.battlefield.scoring import (
    LENGTH_LINE,
    LOST_LINE,
    RESULT_LINE,
    objective_line,
    scored_feature,
    scored_objective,
    the,
)
from engines.battlefield.specs import ForceSpec, TableSpec
from engines.battlefield.table import Battlefield
from engines.battlefield.zones import Arrival, Zone, edge_zone
from engines.enums import Cover, Deployment, Edge, ObjectiveKind, Scenario, Shape, Side
from engines.orders import merged, scenario_orders
from engines.roles import Role


def generated_battlefield(
    scenario: Scenario | str,
    *,
    roles: Mapping[Side, Role],
    table: TableSpec,
    forces: Sequence[ForceSpec],
    placement: tuple[str, ObjectiveKind, int, int] | None = None,
    deployed: Mapping[Side, int] | None = None,
) -> Battlefield:
    """§3.9 deployment and §3.12 length and scoring for a generated scenario.

    Every side deploys within 6" of its entry edge unless the scenario says
    otherwise. ``placement`` is the rolled objective (name, kind, clock,
    inches from the centre). ``deployed`` counts each side's characters on the
    table at the start (for the Trap's "up to a third"). The terrain of §3.13
    is rolled afterwards (:func:`engines.battlefield.terrain.with_rolled_terrain`).
    """
    scenario = Scenario(scenario)
    role_of = {Side(side): role for side, role in roles.items()}
    edges = {spec.side: spec.entry_edge for spec in forces}
    built = [
        _force(spec, scenario, role_of.get(spec.side), deployed or {})
        for spec in forces
    ]
    # §3.12: the scene's own objectives score like the scenario's pieces unless
    # the scene gives one another value (a value of 0 gives none).
    features = [scored_feature(f) for f in table.features]
    objectives = [scored_objective(o) for o in table.objectives]
    piece, piece_line = _scenario_piece(scenario, role_of, edges, table)
    if piece is not None:
        features.append(piece)
    scoring = [EXITS_LENGTH_LINE if scores_exits(scenario) else LENGTH_LINE]
    scoring += [piece_line] if piece_line else []
    if placement is not None:
        name, kind, clock, inches = placement
        objectives.append(
            ObjectiveMark(
                name=name,
                kind=kind,
                victory_points=HOLD_VP if kind is ObjectiveKind.FIXED else CARRY_VP,
                placement=(clock, inches),
            )
        )
        scoring.append(objective_line(objectives[-1]))
    scoring += [objective_line(mark) for mark in objectives[: len(table.objectives)]]
    scoring += [
        f"{feature.victory_points} VP to the side holding {the(feature.name)} at "
        "the end."
        for feature in features[: len(table.features)]
        if feature.objective
    ]
    scoring += [EXITS_LOST_LINE if scores_exits(scenario) else LOST_LINE]
    scoring += [RESULT_LINE]
    return Battlefield(
        width=table.width,
        depth=table.depth,
        forces=tuple(
            _with_scenario_orders(
                force, scenario, role_of.get(force.side), edges, placement
            )
            for force in built
        ),
        features=tuple(features),
        objectives=tuple(objectives),
        sight_limit=table.sight_limit,
        length=GENERATED_LENGTH,
        scores_victory_points=True,
        scoring=tuple(scoring),
        generated=True,
        exits_score=scores_exits(scenario),
        beyond=beyond_side(scenario, {s.value: r.value for s, r in role_of.items()}),
    )


def _force(
    spec: ForceSpec, scenario: Scenario, role: Role | None, deployed: Mapping[Side, int]
) -> Force:
    """§3.9: where a company deploys (or comes on) in the scenario, and its notes."""
    zone = edge_zone(spec.entry_edge)
    arrival = None
    notes: list[str] = []
    match scenario:
        case Scenario.AMBUSH if role is Role.SURPRISED:
            zone = Zone(kind=Deployment.CENTRE, radius=AMBUSH_RADIUS)
        case Scenario.SKIRMISH:
            arrival = Arrival(round=1, edge=spec.entry_edge)
        case Scenario.AMPHIBIOUS_LANDING if role is Role.ATTACKER:
            arrival = Arrival(round=1, edge=spec.entry_edge)
            notes.append("it lands by boat")
        case Scenario.TRAP if role is Role.TRAPPING:
            count = deployed.get(spec.side, 0) // TRAP_SHARE
            notes.append(
                f"up to {count} of the side's characters may instead deploy "
                "anywhere on the table"
            )
            notes.append("it may place field defences (hard cover) first")
        case Scenario.DISPUTED_BORDER:
            notes.append("in hard cover")
    return Force(
        key=spec.key,
        name=spec.name,
        side=spec.side,
        entry_edge=spec.entry_edge,
        zone=zone,
        arrival=arrival,
        notes=tuple(notes),
        instructions=spec.instructions,
        orders=spec.orders,
        stretch=spec.stretch,
        late=spec.late,
    )


def _scenario_piece(
    scenario: Scenario,
    role_of: Mapping[Side, Role],
    edges: Mapping[Side, Edge],
    table: TableSpec,
) -> tuple[Feature | None, str]:
    """§3.9: the scenario's own piece on the table (stronghold, town, river),
    and its scoring line (Skirmish: its exits; "" for none)."""
    side_of = {role: side for side, role in role_of.items()}
    attacker, defender = side_of.get(Role.ATTACKER), side_of.get(Role.DEFENDER)
    match scenario:
        case Scenario.ASSAULT | Scenario.SIEGE | Scenario.SURPRISE_ASSAULT:
            edge = edges.get(defender) if defender is not None else None
            name = "castle" if scenario is Scenario.SIEGE else "stronghold"
            return (
                None if edge is None else _stronghold(name, edge, table),
                f"{HOLD_VP} VP to the side holding the {name} at the end (standing "
                f"within {inch(HOLD_WITHIN)} with no enemy within "
                f"{inch(HOLD_WITHIN)}).",
            )
        case Scenario.DISPUTED_BORDER:
            return (
                _centre_square("town", TOWN_SIDE, table),
                f"{HOLD_VP} VP to the side holding the town at the end.",
            )
        case Scenario.URBAN_ASSAULT:
            return (
                _centre_square("large town", LARGE_TOWN_SIDE, table),
                f"{HOLD_VP} VP to the side holding the large town at the end.",
            )
        case Scenario.RIVER_CROSSING:
            axis_edge = (
                (edges.get(defender) if defender is not None else None)
                or (edges.get(attacker) if attacker is not None else None)
                or Edge.NORTH
            )
            return (
                _river(axis_edge, table),
                f"The attacker: {CHARACTER_VP} VP for each of its characters "
                "standing beyond the river at the end.",
            )
        case Scenario.SKIRMISH:
            return None, EXIT_LINE
    return None, ""


def _with_scenario_orders(
    force: Force,
    scenario: Scenario,
    role: Role | None,
    edges: Mapping[Side, Edge],
    placement: tuple[str, ObjectiveKind, int, int] | None,
) -> Force:
    """An AI force with its generated scenario's orders merged in (§5): a
    scene's own order of the same kind takes the place of the scenario's."""
    if force.side is not Side.AI:
        return force
    attacker_edge = edges.get(force.side)
    far = OPPOSITE.get(attacker_edge) if attacker_edge is not None else None
    given = scenario_orders(
        scenario,
        role=role,
        player_edge=edges.get(Side.PLAYER),
        piece=None if placement is None else placement[0],
        far_edge=far,
        piece_carriable=placement is None or placement[1] is ObjectiveKind.CARRIABLE,
    )
    return replace(force, orders=merged(force.orders, given))


def _centre_square(name: str, side: int, table: TableSpec) -> Feature:
    side = min(side, table.width, table.depth)
    return Feature(
        name=name,
        shape=Shape.RECTANGLE,
        x=(table.width - side) / 2,
        y=(table.depth - side) / 2,
        width=side,
        depth=side,
        cover=Cover.HARD,
        objective=True,
        victory_points=HOLD_VP,
    )


def _stronghold(name: str, edge: Edge, table: TableSpec) -> Feature:
    """A square of hard cover near the middle of the defender's entry edge."""
    side = STRONGHOLD_SIDE
    mid_x, mid_y = (table.width - side) / 2, (table.depth - side) / 2
    far_x, far_y = table.width - side, table.depth - side
    x, y = {
        Edge.NORTH: (mid_x, STRONGHOLD_FROM_EDGE),
        Edge.SOUTH: (mid_x, far_y - STRONGHOLD_FROM_EDGE),
        Edge.WEST: (STRONGHOLD_FROM_EDGE, mid_y),
        Edge.EAST: (far_x - STRONGHOLD_FROM_EDGE, mid_y),
    }.get(edge, (mid_x, mid_y))
    return Feature(
        name=name,
        shape=Shape.RECTANGLE,
        x=x,
        y=y,
        width=side,
        depth=side,
        cover=Cover.HARD,
        objective=True,
        victory_points=HOLD_VP,
    )


RIVER = "river"
"""The name of a River Crossing's river on the table."""


def _river(edge: Edge, table: TableSpec) -> Feature:
    """A river across the middle, parallel to the sides' entry edges."""
    if edge in (Edge.EAST, Edge.WEST):
        x = (table.width - RIVER_WIDTH) / 2
        return Feature(
            name=RIVER,
            shape=Shape.RECTANGLE,
            x=x,
            y=0,
            width=RIVER_WIDTH,
            depth=table.depth,
        )
    y = (table.depth - RIVER_WIDTH) / 2
    return Feature(
        name="river",
        shape=Shape.RECTANGLE,
        x=0,
        y=y,
        width=table.width,
        depth=RIVER_WIDTH,
    )
