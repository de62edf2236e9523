"""How a battle is scored (RULES §3.12): what objectives are worth, the most a
side can score, and the setup sheet's scoring lines."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from engines.battlefield.features import Feature, ObjectiveMark
from engines.battlefield.numbers import (
    CARRY_VP,
    CHARACTER_VP,
    GENERATED_LENGTH,
    HOLD_VP,
)
from engines.battlefield.table import Battlefield
from engines.enums import ObjectiveKind

LENGTH_LINE = (
    f"The battle lasts {GENERATED_LENGTH} rounds, or ends earlier when a side routs "
    "or loses its last character: that side loses."
)
LOST_LINE = (
    f"{CHARACTER_VP} VP for each enemy character lost (fallen or off the table)."
)
RESULT_LINE = (
    f"At the end of round {GENERATED_LENGTH} more VP wins; equal VP is a draw."
)


def objective_points(battlefield: Battlefield) -> int:
    """§3.12: what all the battle's objectives are worth together, the pieces
    and features it scores (the most VP objectives can give one side)."""
    return sum(o.victory_points for o in battlefield.objectives) + sum(
        f.victory_points for f in battlefield.features if f.objective
    )


def most_victory_points(*, objectives: int, characters: int) -> int:
    """§3.12: the most VP one side can score in a generated battle whose
    objectives are worth ``objectives`` together, with ``characters`` taking
    part on both sides: every objective, and one point per character (an enemy
    lost, or one of its own off the opposing edge or beyond the river)."""
    return objectives + CHARACTER_VP * characters


def objective_worth(kind: ObjectiveKind, own: int = 0) -> int:
    """§3.12: what a scene's objective scores in a generated battle: the value
    the scene gives it, else 3 VP held (fixed) or 3 VP carried (carriable)."""
    if own:
        return own
    return CARRY_VP if kind is ObjectiveKind.CARRIABLE else HOLD_VP


def scored_feature(feature: Feature) -> Feature:
    """A scene's fixed-objective feature worth §3.12's points unless it has its own."""
    if not feature.objective:
        return feature
    worth = objective_worth(ObjectiveKind.FIXED, feature.victory_points)
    return replace(feature, victory_points=worth)


def scored_objective(mark: ObjectiveMark) -> ObjectiveMark:
    """A scene's objective worth §3.12's points unless it has its own."""
    return replace(mark, victory_points=objective_worth(mark.kind, mark.victory_points))


def the(name: str) -> str:
    """A piece's name with "the" before it, unless its name already has one."""
    return name if name.lower().startswith("the ") else f"the {name}"


def objective_line(mark: ObjectiveMark) -> str:
    """The setup sheet's scoring line for one objective of a generated battle."""
    if mark.kind is ObjectiveKind.CARRIABLE:
        return (
            f"{mark.victory_points} VP to the side that carried {the(mark.name)} "
            "off the table (any edge), or still carries it, at the end."
        )
    return f"{mark.victory_points} VP to the side holding {the(mark.name)} at the end."


def side_victory_points(
    *, objectives: Iterable[int], enemies_lost: int, scored: int = 0
) -> int:
    """§3.12: one side's VP at the end of a generated battle — the worth of
    each objective it holds or carried off (or still carries), ``CHARACTER_VP``
    for each enemy character lost, and ``CHARACTER_VP`` for each of its own
    characters that ``scored`` (off the opposing edge, beyond the river)."""
    return sum(objectives) + CHARACTER_VP * (enemies_lost + scored)
