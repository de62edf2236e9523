"""§5.4 Pursuit (003) — two dice for chases.

For scenes where the AI hunts a quarry along a route. Each pursuer rolls two
dice of different colours, Movement (M) and Control (C). Its position (1 =
closest to the quarry, capped at 6) is the least M can be; it moves M × 2 inches
along the route and drifts |M − C| × 2 inches sideways, wide when C is higher,
in when C is lower; equal dice are balanced. :data:`PROCEDURE` is the printed
card; :func:`pursuit_decide` applies its steps in order.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from engines.dice import Dice, LogEntry, RandomSource
from engines.doctrines.situation import MELEE_STEP, ROUT_STEP, Decision, inches
from engines.doctrines.steps import PRE_ACTIVATION, Procedure, Row, Section, Step, Table
from engines.enums import Action, Doctrine, Drift

POSITION_CAP = 6
"""Positions count 1 (closest to the quarry) to 6; further back is still 6."""
INCHES_PER_PIP = 2
"""M × 2 inches forward, |M − C| × 2 inches of drift (adaptation: track spaces)."""
BALANCED_BONUS = 2
"""Equal dice: no drift and +2 inches (adaptation: the source's movement bonus)."""
LEVERS = (0, 2, 4)
"""Difficulty lever: +2 or +4 inches to pursuers behind the player's rearmost model."""

DISTANCE_TABLE = Table(
    "Movement die (M, after raising)",
    tuple(
        Row(str(m), f"{inches(m * INCHES_PER_PIP)} along the route")
        for m in range(1, 7)
    ),
    columns=("M", "Distance"),
)
DRIFT_TABLE = Table(
    "Drift",
    (
        Row("0", f"balanced: no drift, +{inches(BALANCED_BONUS)}"),
        *(
            Row(str(gap), f"{inches(gap * INCHES_PER_PIP)} sideways")
            for gap in range(1, 6)
        ),
    ),
    columns=("|M − C|", "Drift"),
)
POSITION_TABLE = Table(
    "Position (by distance to the quarry)",
    tuple(
        Row(f"{p}+" if p == POSITION_CAP else str(p), f"M at least {p}")
        for p in range(1, POSITION_CAP + 1)
    ),
    columns=("Position", "Movement die"),
)


@dataclass(frozen=True, kw_only=True)
class Pursuer:
    """One AI pursuer at the start of its activation."""

    id: str
    distance: float
    """Inches to the nearest quarry character."""
    card_order: int = 0
    room_wide: float = math.inf
    """Inches it can drift wide before leaving the table."""
    room_in: float = math.inf
    """Inches it can cut in before leaving the table."""
    behind_rearmost: bool = False
    """It starts behind the player's rearmost model (difficulty lever)."""
    quarry: str | None = None
    """The quarry character it is nearest to (its target)."""
    in_melee: bool = False
    routing: bool = False


@dataclass(frozen=True, kw_only=True)
class PursuitDecision(Decision):
    """A pursuer's move: the dice, its position, how far forward and sideways.

    ``inches`` is the whole forward move: M × 2, the balanced bonus, drift
    turned forward at the table edge and the difficulty lever. A forward move
    at least as long as the distance to the quarry reaches it (only other
    models stop a pursuer): it ends in base contact and fights (step 6).
    """

    position: int | None = None
    movement: int | None = None
    """The Movement die as rolled."""
    control: int | None = None
    speed: int | None = None
    """M after raising to the position."""
    drift: float = 0
    """Inches sideways actually drifted."""
    drift_side: Drift | None = None
    converted: float = 0
    """Inches of drift that became forward movement at the table edge."""
    lever: int = 0


# --- the card -------------------------------------------------------------------------

PROCEDURE = Procedure(
    doctrine=Doctrine.PURSUIT,
    title="Pursuit",
    source="003",
    summary=(
        "The scene names the quarry (the player character(s) hunted; the nearest "
        "one counts) and the route in words. Each pursuer rolls two dice of "
        "different colours: Movement (M) and Control (C)."
    ),
    tables=(POSITION_TABLE, DISTANCE_TABLE, DRIFT_TABLE),
    notes=(
        "Pursuers ignore difficult terrain; only other models stop them (003).",
        "Difficulty lever (per scene): start the quarry further back (003).",
    ),
    sections=(
        Section(
            id=PRE_ACTIVATION,
            title="Pre-activation (no dice)",
            steps=(
                ROUT_STEP,
                MELEE_STEP,
            ),
        ),
        Section(
            id="steps",
            title="Then, in order",
            steps=(
                Step(
                    "position",
                    "1",
                    "Position: pursuers ranked by distance to the quarry, 1 = "
                    f"closest, capped at {POSITION_CAP}",
                    "M is raised to at least its position (stragglers catch up).",
                ),
                Step(
                    "distance",
                    "2",
                    "",
                    f"Move M × {INCHES_PER_PIP} inches toward the quarry along the "
                    "route (adaptation: the source moves track spaces).",
                ),
                Step(
                    "drift-wide",
                    "3",
                    "C > M",
                    f"Drift |M − C| × {INCHES_PER_PIP} inches wide, away from the "
                    "quarry's line, during the move (M after raising).",
                ),
                Step(
                    "drift-in",
                    "3",
                    "C < M",
                    f"Cut in |M − C| × {INCHES_PER_PIP} inches, toward the quarry's "
                    "line, during the move (M after raising).",
                ),
                Step(
                    "balanced",
                    "3",
                    "C = M",
                    f"Balanced: no drift and +{inches(BALANCED_BONUS)} (adaptation: "
                    "the source's “movement bonus”).",
                ),
                Step(
                    "edge",
                    "4",
                    "A drift that would leave the table",
                    "Becomes forward movement, inch for inch (003).",
                ),
                Step(
                    "lever",
                    "5",
                    "Difficulty lever (per scene): it starts behind the player's "
                    "rearmost model",
                    "+2 or +4 inches.",
                ),
                Step(
                    "contact",
                    "6",
                    "It ends in base contact with a player character",
                    "It fights it in melee.",
                ),
            ),
        ),
    ),
)


# --- deciding -------------------------------------------------------------------------


def pursuit_positions(pursuers: Iterable[Pursuer]) -> dict[str, int]:
    """Each pursuer's position: 1 = closest to the quarry (ties: card order), max 6."""
    ranked = sorted(pursuers, key=lambda p: (p.distance, p.card_order))
    return {p.id: min(rank, POSITION_CAP) for rank, p in enumerate(ranked, start=1)}


def _pre_activation(step: Step, action: Action) -> PursuitDecision:
    return PursuitDecision(
        action=action, step=step.id, steps=(step.id,), reason=step.text
    )


def pursuit_decide(
    pursuer: Pursuer, *, position: int, lever: int = 0, rng: RandomSource
) -> PursuitDecision:
    """One pursuer's activation: roll M and C, then apply the steps in order."""
    if lever not in LEVERS:
        raise ValueError(f"the difficulty lever is one of {LEVERS} inches")
    if pursuer.routing:
        return _pre_activation(ROUT_STEP, Action.ROUT)
    if pursuer.in_melee:
        return _pre_activation(MELEE_STEP, Action.CONTINUE_MELEE)
    position = min(max(position, 1), POSITION_CAP)
    dice = Dice(rng)
    path: list[str] = []

    movement = rng.randint(1, 6)
    speed = max(movement, position)
    if speed > movement:
        path.append("position")
    path.append("distance")
    forward: float = speed * INCHES_PER_PIP
    dice.record(
        LogEntry(
            purpose=f"{pursuer.id}: Movement die",
            dice=(movement,),
            modifiers=((f"position {position}", speed - movement),)
            if speed > movement
            else (),
            total=speed,
            outcome=f"{inches(forward)} along the route",
        )
    )
    control = dice.d6(f"{pursuer.id}: Control die").total
    assert control is not None

    gap = abs(speed - control) * INCHES_PER_PIP
    if control == speed:
        side, room = Drift.BALANCED, 0.0
        path.append("balanced")
        forward += BALANCED_BONUS
    elif control > speed:
        side, room = Drift.WIDE, pursuer.room_wide
        path.append("drift-wide")
    else:
        side, room = Drift.IN, pursuer.room_in
        path.append("drift-in")
    drift = min(gap, room)
    converted = gap - drift
    if converted:
        path.append("edge")
        forward += converted
    boost = lever if pursuer.behind_rearmost else 0
    if boost:
        path.append("lever")
        forward += boost
    action = Action.PURSUE
    if forward >= pursuer.distance:
        path.append("contact")
        action = Action.MOVE_INTO_MELEE

    detail = f"M {movement}" + (f" raised to {speed}" if speed > movement else "")
    detail += f", C {control}: {inches(forward)} forward"
    if side != Drift.BALANCED:
        detail += f", {inches(drift)} {side.value}"
    if converted:
        detail += f" ({inches(converted)} of drift turned forward at the edge)"
    if action == Action.MOVE_INTO_MELEE:
        detail += f"; reaches the quarry at {inches(pursuer.distance)}: melee"
    step = PROCEDURE.step(path[-1])
    return PursuitDecision(
        action=action,
        step=step.id,
        steps=tuple(path),
        reason=step.text,
        detail=detail,
        target=pursuer.quarry,
        inches=forward,
        position=position,
        movement=movement,
        control=control,
        speed=speed,
        drift=drift,
        drift_side=side,
        converted=converted,
        lever=boost,
        log=dice.entries(),
    )


def pursuit_round(
    pursuers: Sequence[Pursuer], *, lever: int = 0, rng: RandomSource
) -> tuple[PursuitDecision, ...]:
    """Every pursuer, closest to the quarry first, each with its position."""
    positions = pursuit_positions(pursuers)
    ordered = sorted(pursuers, key=lambda p: (p.distance, p.card_order))
    return tuple(
        pursuit_decide(p, position=positions[p.id], lever=lever, rng=rng)
        for p in ordered
    )
