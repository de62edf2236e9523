"""A fixed scenario's table (RULES §1): the scene's own data, as the scene gives it."""

from __future__ import annotations

from collections.abc import Sequence

from engines.battlefield.forces import Force
from engines.battlefield.specs import ForceSpec, TableSpec
from engines.battlefield.table import Battlefield
from engines.battlefield.zones import Arrival
from engines.enums import ObjectiveKind


def _arrival(spec: ForceSpec) -> Arrival | None:
    if spec.arrives_in_round is None:
        return None
    return Arrival(
        round=spec.arrives_in_round,
        edge=None if spec.dealt else spec.entry_edge,
        dealt=spec.dealt,
    )


def scene_battlefield(
    *, table: TableSpec, forces: Sequence[ForceSpec], victory_conditions: str = ""
) -> Battlefield:
    """A fixed scenario's table: the scene's deployments, arrivals, terrain,
    objectives, sight, length and scoring, as the scene gives them."""
    scoring = [f"The battle lasts {table.length} rounds."]
    if table.scores_victory_points:
        for objective in table.objectives:
            if objective.victory_points:
                scoring.append(
                    f"{objective.victory_points} VP: the {objective.name} "
                    f"({_held_or_carried(objective.kind)})."
                )
        for feature in table.features:
            if feature.objective and feature.victory_points:
                scoring.append(
                    f"{feature.victory_points} VP: the {feature.name} (held at the "
                    "end)."
                )
    return Battlefield(
        width=table.width,
        depth=table.depth,
        forces=tuple(
            Force(
                key=spec.key,
                name=spec.name,
                side=spec.side,
                entry_edge=spec.entry_edge,
                zone=spec.zone,
                arrival=_arrival(spec),
                instructions=spec.instructions,
                orders=spec.orders,
                stretch=spec.stretch,
                late=spec.late,
            )
            for spec in forces
        ),
        features=table.features,
        objectives=table.objectives,
        sight_limit=table.sight_limit,
        length=table.length,
        scores_victory_points=table.scores_victory_points,
        scoring=tuple(scoring),
    )


def _held_or_carried(kind: ObjectiveKind) -> str:
    if kind is ObjectiveKind.CARRIABLE:
        return "carried off the table, or still carried, at the end"
    return "held at the end"
