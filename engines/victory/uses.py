"""What a scene's features and objectives are for, read from its ways to win
(RULES §1 "Victory as data"): the setup sheet's key says it of each, so no
piece on the table is a puzzle.

- a feature a *leave* condition names is a way out (Bree's East Gate);
- an objective a *carry off* or a *leave … carrying* names is to be carried
  off; one a *hold* names is to be held; any other scores only its VP, or is
  the story's alone.
"""

from __future__ import annotations

from dataclasses import dataclass

from engines.enums import RuleEnum
from engines.victory.conditions import ConditionKind, Victory


class ObjectiveUse(RuleEnum):
    CARRY_OFF = "carry_off"
    HOLD = "hold"

    __labels__ = {
        "carry_off": "carrying it off decides the battle (see the victory conditions)",
        "hold": "holding it decides the battle (see the victory conditions)",
    }


STORY_ONLY = "the story's alone: it decides nothing by itself"
"""An objective no way to win names and that scores no VP."""


@dataclass(frozen=True)
class Uses:
    """The scene's ways out and what each named objective is for."""

    exits: frozenset[str] = frozenset()
    objectives: tuple[tuple[str, ObjectiveUse], ...] = ()

    def objective(self, name: str) -> ObjectiveUse | None:
        return dict(self.objectives).get(name)


def victory_uses(victory: Victory) -> Uses:
    """The features the ways to win leave through, and the objectives they
    have carried off or held (a negated condition names no purpose)."""
    exits: set[str] = set()
    objectives: dict[str, ObjectiveUse] = {}
    for way in victory.ways:
        for c in way.conditions:
            if c.negated:
                continue
            if c.kind is ConditionKind.LEAVE and c.feature:
                exits.add(c.feature)
            if c.objective and c.kind in (ConditionKind.LEAVE, ConditionKind.CARRY_OFF):
                objectives.setdefault(c.objective, ObjectiveUse.CARRY_OFF)
            elif c.objective and c.kind is ConditionKind.HOLD:
                objectives.setdefault(c.objective, ObjectiveUse.HOLD)
    return Uses(exits=frozenset(exits), objectives=tuple(sorted(objectives.items())))
