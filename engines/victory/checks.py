"""What is wrong with a scene's ways to win, in words a builder reads (the admin,
the import and the readiness panel say the same).

:func:`condition_problem` refuses a condition that lacks what its kind needs,
names what is not the scene's or counts a round past the battle's end;
:func:`way_problem` refuses an empty *and* and a way that would end the battle
before it starts; :func:`victory_notices` tells what the judge resolves by
itself (two ways that end the battle at once for opposite sides: the first
listed wins) and what readiness flags (a side with no way to win).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from engines.enums import Edge, Side
from engines.victory.conditions import (
    SIDE_WORDS,
    Condition,
    ConditionKind,
    HoldWhen,
    Victory,
    WayToWin,
)


@dataclass(frozen=True)
class SceneNames:
    """What a scene has to name: its characters (by company), its companies
    (with their side), its objectives (carriable or not) and its features."""

    characters: Mapping[str, str] = field(default_factory=dict)
    """Character name → its company's name."""
    companies: Mapping[str, Side] = field(default_factory=dict)
    objectives: Mapping[str, bool] = field(default_factory=dict)
    """Objective name → carriable."""
    features: frozenset[str] = frozenset()


def condition_problem(
    c: Condition, *, battle_length: int, scene: SceneNames | None = None
) -> tuple[str, str]:
    """The first thing wrong with the condition: (the field it is about, the
    message), or ("", "")."""
    missing = _missing(c)
    if missing[0]:
        return missing
    if c.kind == ConditionKind.HOLD and c.when == HoldWhen.ROUND:
        if c.round is None:
            return "round", "Say at the end of which round."
        if c.round > battle_length:
            return (
                "round",
                f"Round {c.round} is past the battle's end: it lasts "
                f"{battle_length} rounds.",
            )
    if c.edge == Edge.CENTRE:
        return "edge", "Name a table edge, not the centre."
    if scene is not None:
        return _outside(c, scene)
    return "", ""


def _missing(c: Condition) -> tuple[str, str]:
    match c.kind:
        case ConditionKind.LEAVE:
            if not c.character and not c.company:
                return "character", "Name the character, or the company, who leave."
            if c.character and c.company:
                return "company", "Name a character or a company, not both."
            if c.company and not c.half and not c.count:
                return "count", "Say how many of the company: at least N, or half."
            if c.edge and c.feature:
                return "feature", "Leave by an edge or through a feature, not both."
        case ConditionKind.CARRY_OFF:
            if not c.objective:
                return "objective", "Name the objective carried off."
        case ConditionKind.FELL:
            if not c.character and not c.company:
                return "character", "Name the character, or the company, that falls."
            if c.character and c.company:
                return "company", "Name a character or a company, not both."
        case ConditionKind.HOLD:
            if not c.objective:
                return "objective", "Name the objective held."
            if not c.character and c.side is None:
                return "side", "Name the side, or the character, that holds it."
        case ConditionKind.HOLD_OUT:
            if not c.character and c.side is None:
                return "side", "Name the side, or the character, that holds out."
        case ConditionKind.ROUT:
            if not c.company and c.side is None:
                return "side", "Name the side, or the company, that routs."
    return "", ""


def _outside(c: Condition, scene: SceneNames) -> tuple[str, str]:
    if c.character and c.character not in scene.characters:
        return "character", f"{c.character} is not in this scene's companies."
    if c.company and c.company not in scene.companies:
        return "company", f"{c.company} does not take part in this scene."
    if c.feature and c.feature not in scene.features:
        return "feature", f"{c.feature} is not one of this scene's features."
    if c.objective:
        if c.objective not in scene.objectives:
            return "objective", f"{c.objective} is not one of this scene's objectives."
        carriable = scene.objectives[c.objective]
        if c.kind == ConditionKind.HOLD and carriable:
            return "objective", f"{c.objective} is carried, not held: name a fixed one."
        if c.kind in (ConditionKind.LEAVE, ConditionKind.CARRY_OFF) and not carriable:
            return "objective", f"{c.objective} is fixed: it cannot be carried."
    return "", ""


def way_problem(way: WayToWin) -> str:
    """What is wrong with the way as a whole, or ''."""
    if not way.conditions:
        return "A way to win needs at least one condition (an empty “and”)."
    if way.at_once and all(c.negated for c in way.conditions):
        return (
            "A way made only of “not” conditions is met before anything happens: "
            "it cannot end the battle at once."
        )
    return ""


def victory_notices(victory: Victory) -> tuple[str, ...]:
    """What readiness tells a builder of the scene's ways as a whole."""
    notices = []
    for side in (Side.PLAYER, Side.AI):
        if not any(way.side == side for way in victory.ways):
            notices.append(f"No way to win for {SIDE_WORDS[side]}.")
    at_once = [(i, w) for i, w in enumerate(victory.ways) if w.at_once]
    for n, (i, first) in enumerate(at_once):
        for j, other in at_once[n + 1 :]:
            if other.side != first.side:
                notices.append(
                    f"Ways {i + 1} and {j + 1} both end the battle at once, for "
                    f"opposite sides: if one event meets both, the first listed "
                    f"(way {i + 1}, {SIDE_WORDS[first.side]}) wins."
                )
    return tuple(notices)
