"""A pursuer's move in numbers and words (RULES §5.4): the Movement and
Control dice, the drift they give, where the move ends beside the quarry's line,
and the decision's detail. :func:`engines.doctrines.pursuit.pursuit_decide`
walks the steps with them."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engines.dice import Dice, LogEntry, RandomSource
from engines.doctrines.rules import share_word
from engines.doctrines.situation import inches
from engines.enums import Drift

if TYPE_CHECKING:
    from engines.doctrines.pursuit import Pursuer, PursuitDecision

INCHES_PER_PIP = 2
"""M × 2 inches forward, |M − C| × 2 inches of drift (adaptation: track spaces)."""
BALANCED_BONUS = 2
"""Equal dice: no drift and +2 inches (adaptation: the source's movement bonus)."""


def lateral_offset(offset: float, side: Drift, drift: float) -> float:
    """How far off the quarry's line its move ends: the drift wide adds to the
    offset, the drift in takes from it (never past the line)."""
    if side == Drift.WIDE:
        return offset + drift
    if side == Drift.IN:
        return max(0.0, offset - drift)
    return offset


def movement_and_control(
    pursuer: Pursuer, dice: Dice, rng: RandomSource, position: int, share: float
) -> tuple[int, int, int]:
    """The Movement die (raised to the pursuer's position) and the Control die,
    each logged: (M rolled, M after the position, C)."""
    movement = rng.randint(1, 6)
    speed = max(movement, position)
    dice.record(
        LogEntry(
            purpose=f"{pursuer.id}: Movement die",
            dice=(movement,),
            modifiers=((f"position {position}", speed - movement),)
            if speed > movement
            else (),
            total=speed,
            outcome=f"{inches(speed * INCHES_PER_PIP * share)} along the route",
        )
    )
    control = dice.d6(f"{pursuer.id}: Control die").total
    assert control is not None
    return movement, speed, control


def drift_of(
    pursuer: Pursuer,
    *,
    speed: int,
    control: int,
    gap: float,
    share: float,
    path: list[str],
    parts: list[str],
) -> tuple[Drift, float, float, float]:
    """The Control die against M: balanced (a bonus forward) or a drift wide or
    in, as far as the table's room allows (the rest turned forward at the
    edge). (side, drift, drift turned forward, inches added forward)."""
    added = 0.0
    if control == speed:
        side, room = Drift.BALANCED, 0.0
        path.append("balanced")
        added += BALANCED_BONUS * share
        parts.append(f"{inches(BALANCED_BONUS * share)} balanced")
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
        added += converted
        parts.append(f"{inches(converted)} of drift turned forward at the edge")
    return side, drift, converted, added


def pursuit_detail(
    d: PursuitDecision,
    pursuer: Pursuer,
    *,
    share: float,
    gap: float,
    parts: list[str],
    reached: bool,
) -> str:
    """The decision's detail: the dice and what the move adds up to."""
    side, speed, movement, moves = d.drift_side, d.speed, d.movement, d.inches
    assert side is not None and speed is not None and movement is not None
    assert moves is not None
    pip = inches(INCHES_PER_PIP * share)
    detail = f"M {movement}" + (
        f" (position {d.position} raises M to {speed})" if speed > movement else ""
    )
    detail += f": {speed} × {pip} = {parts[0]}"
    if share != 1:
        detail += f" ({share_word(share)} in a follow-up)"
    detail += f"; C {d.control}"
    if side == Drift.BALANCED:
        detail += " equals M: no drift"
    else:
        detail += f": |{speed} − {d.control}| × {pip} = {inches(gap)} {side.value}" + (
            f", {inches(d.drift)} of it on the table" if d.drift != gap else ""
        )
    if len(parts) > 1:
        detail += f"; forward {' + '.join(parts)} = {inches(d.forward)}"
    else:
        detail += f"; {inches(d.forward)} forward"
    if reached and d.target == pursuer.quarry:
        detail += f"; reaches the quarry at {inches(moves)}: melee"
    elif reached:
        detail += f"; reaches {d.target} at {inches(moves)}: melee"
    elif d.forward >= pursuer.distance:
        detail += f"; passes the quarry {inches(d.lateral)} off its line"
    return detail
